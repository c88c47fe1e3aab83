"""Parse tree → test nodes: the `t_*` rules of the grammar, one method each (mixed into the builder)."""
from __future__ import annotations

from spellcard.compiler.build.code import unquote

from spellcard.compiler.ast import Span

from . import nodes as T


class SpellTestRules:
    """Methods for the test rules; the host class provides span() and tspan()."""

    def test_decl(self, meta, c):
        subject, title, *stmts = c
        return T.SpellTestDecl(str(subject) if subject is not None else None, unquote(title), tuple(stmts),
                          self.span(meta), self.tspan(subject) if subject is not None else None)

    def _who(self, tok) -> T.Who:
        return T.Who(str(tok), self.tspan(tok))

    def t_seats(self, meta, c):
        return T.Seats(tuple(c), self.span(meta))

    def t_seat(self, meta, c):
        return tuple(self._who(t) for t in c if t.type == "NAME")

    def t_mode(self, meta, c):
        return T.Mode(str(c[0]), self.span(meta))

    def t_setup(self, meta, c):
        return T.Setup(self.span(meta))

    def t_seed(self, meta, c):
        return T.Seed(int(c[0]), self.span(meta))

    def t_current(self, meta, c):
        return T.Current(self._who(c[0]), self.span(meta))

    def t_hand(self, meta, c):
        return T.Put("hand", self._who(c[0]), None, c[1], self.span(meta))

    def t_equip(self, meta, c):
        return T.Put("equip", self._who(c[0]), None, c[1], self.span(meta))

    def t_put(self, meta, c):
        owner, zone = c[0]
        if zone is None:                       # `put discard_pile: …` — a table zone
            return T.Put("zone", None, str(owner), c[1], self.span(meta))
        return T.Put("zone", self._who(owner), str(zone), c[1], self.span(meta))

    def t_deck(self, meta, c):
        return T.Put("deck", None, None, c[0], self.span(meta))

    def t_cards(self, meta, c):
        return tuple(s if isinstance(s, T.Pattern) else T.CardRef(s.spec, s.span) for s in c)

    def t_spec(self, meta, c):
        return T.Spec(str(c[0]), self.tspan(c[0]))

    def t_place(self, meta, c):
        return (c[0], c[1])

    def t_set(self, meta, c):
        *names, value = c
        name, span = str(names[-1]), self.tspan(names[-1])
        if len(names) == 1:
            return T.SetValue(None, name, value, self.span(meta), span)
        if len(names) == 2:                     # a player's value, or a card's the test put on the table
            return T.SetValue(self._who(names[0]), name, value, self.span(meta), span)
        owner = T.Name(str(names[0]), self.tspan(names[0]))
        for n in names[1:-1]:                   # `P1.Anna.hp`: the card of that kind P1 has
            owner = T.Field(owner, str(n), Span(owner.span.file, owner.span.line, owner.span.col,
                                                  self.tspan(n).end_line, self.tspan(n).end_col))
        return T.SetValue(None, name, value, self.span(meta), span, owner)

    def t_answer(self, meta, c):
        return T.Answer(self._who(c[0]), tuple(c[1:]), self.span(meta))

    def t_when(self, meta, c):
        who, *rest = c
        always = bool(rest) and isinstance(rest[-1], str) and rest[-1].type == "T_ALWAYS"
        if rest and rest[-1] is None or always:
            rest = rest[:-1]
        *asks, answer = rest
        found = {"sort": None, "prompt": None, "about": None}
        for kind, value in asks:
            found[kind] = value
        return T.When(self._who(who), found["sort"], found["prompt"], found["about"], answer, always,
                      self.span(meta))

    def t_ask_sort(self, meta, c):
        return ("sort", str(c[0]))

    def t_ask_prompt(self, meta, c):
        return ("prompt", unquote(c[0]))

    def t_ask_about(self, meta, c):
        return ("about", str(c[0]))

    def t_yes(self, meta, c):
        return T.Ans("yes", True, self.span(meta))

    def t_no(self, meta, c):
        return T.Ans("no", False, self.span(meta))

    def t_pass(self, meta, c):
        return T.Ans("pass", "pass", self.span(meta))

    def t_ans_name(self, meta, c):
        return T.Ans("name", str(c[0]), self.tspan(c[0]))

    def t_ans_text(self, meta, c):
        return T.Ans("text", unquote(c[0]), self.tspan(c[0]))

    def t_ans_int(self, meta, c):
        return T.Ans("int", int(c[0]), self.tspan(c[0]))

    def t_ans_pattern(self, meta, c):
        return T.Ans("pattern", c[0], c[0].span)

    def t_ans_list(self, meta, c):
        return T.Ans("list", tuple(a for a in c if a is not None), self.span(meta))

    def t_run(self, meta, c):
        return T.Run(str(c[0]), self._who(c[1]) if c[1] is not None else None, self.span(meta),
                     self.tspan(c[0]))

    def t_perform(self, meta, c):
        return T.Perform(str(c[0]), tuple(a for a in c[1:] if a is not None), self.span(meta), self.tspan(c[0]))

    def t_arg(self, meta, c):
        return (str(c[0]), c[1], self.tspan(c[0]))

    def t_call(self, meta, c):
        return T.CallFunc(str(c[0]), tuple(a for a in c[1:] if a is not None), self.span(meta), self.tspan(c[0]))

    def t_expect(self, meta, c):
        return T.Expect(tuple(c), self.span(meta))

    def t_expect_error(self, meta, c):
        return T.ExpectError(str(c[0]), self.span(meta))

    # conditions and values ------------------------------------------------------
    def t_compare(self, meta, c):
        return T.Compare(str(c[1]), c[0], c[2], self.span(meta))

    def t_has(self, meta, c):
        return T.Has(c[0], c[1], False, self.span(meta))

    def t_has_no(self, meta, c):
        return T.Has(c[0], c[1], True, self.span(meta))

    def t_never_asked(self, meta, c):
        who, *asks = c
        found = {"sort": None, "prompt": None, "about": None}
        for kind, value in asks:
            found[kind] = value
        return T.NeverAsked(self._who(who), found["sort"], found["prompt"], found["about"], self.span(meta))

    def t_never_offered(self, meta, c):
        return T.NeverOffered(self._who(c[0]), c[1], self.span(meta))

    def t_not(self, meta, c):
        return T.Not(c[0], self.span(meta))

    def t_truthy(self, meta, c):
        return T.Truthy(c[0], self.span(meta))

    def t_int(self, meta, c):
        return T.Lit(int(c[0]), self.tspan(c[0]))

    def t_str(self, meta, c):
        return T.Lit(unquote(c[0]), self.tspan(c[0]))

    def t_true(self, meta, c):
        return T.Lit(True, self.span(meta))

    def t_false(self, meta, c):
        return T.Lit(False, self.span(meta))

    def t_none(self, meta, c):
        return T.Lit(None, self.span(meta))

    def t_name(self, meta, c):
        return T.Name(str(c[0]), self.tspan(c[0]))

    def t_field(self, meta, c):
        return T.Field(c[0], str(c[1]), self.span(meta))

    def t_fn(self, meta, c):
        return T.Fn(str(c[0]), tuple(a for a in c[1:] if a is not None), self.span(meta))

    def t_index(self, meta, c):
        return T.Index(c[0], int(c[1]), self.span(meta))

    def t_list(self, meta, c):
        return T.ListV(tuple(a for a in c if a is not None), self.span(meta))

    def t_pattern(self, meta, c):
        kind, *args = c
        return T.Pattern(None if str(kind) == "card" else str(kind), tuple(args), self.span(meta))

    def t_examples(self, meta, c):
        header, *rows = c
        return T.Examples(header, tuple(rows), self.span(meta))

    def t_row(self, meta, c):
        return tuple(c)
