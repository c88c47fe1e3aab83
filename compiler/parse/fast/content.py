"""The fast parser's content rules: cards, skills, characters, decks, modes and what the tools read
(mixed into compiler/parse/fast/parser.py's parser; the grammar's rules of the same names)."""
from __future__ import annotations

from .lex import OWNER, SCOPE, GiveUp

_SKILL_KIND = frozenset({"locked", "awakening", "limited"})
_PURPOSE = frozenset({"use", "play"})
# The words that go on with an expression (or end it with `from`): after `target none`, any other
# word starts the next clause.
_GOES_ON = frozenset({"where", "map", "or", "and", "in", "not", "from"})


class ContentRules:
    """Declarations of content; the host class provides the primitives (node, tok, name, …) and the
    code rules (expr, block)."""

    def card_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string()]
        self.expect("{")
        while self.kind() != "}":
            a = self.i
            w = self.word()
            if w == "target":
                self.i += 1
                c.append(self.node("target_clause", [self.target_spec()], a))
            elif w == "when":
                self.i += 1
                c.append(self.node("when_clause", [self.expr()], a))
            elif w == "skills":
                c.append(self.skills_clause())
            elif w == "anytime":
                c.append(self.leaf("anytime_flag"))
            elif w == "text":
                c.append(self.text_clause())
            else:
                n = self.name()
                if self.kind() == "=":
                    self.i += 1
                    c.append(self.node("assign_clause", [n, self.expr()], a))
                elif self.kind() == "{":
                    c.append(self.node("hook_impl", [n, self.block()], a))
                else:
                    raise GiveUp
        self.i += 1
        return self.node("card_decl", c, s)

    def target_spec(self):
        s = self.i
        w = self.word()
        if w == "self":
            return self.leaf("target_self")
        if w == "up":
            self.i += 1
            self.keyword("to")
            count = self.expr()
            self.keyword("from")
            return self.node("target_up_to", [count, self.expr()], s)
        if w == "none":                       # `target none`, unless an expression goes on
            k, v = self.t[s + 1][:2]
            if k == "}" or k == "W" and v not in _GOES_ON:
                return self.leaf("target_none")
        count = self.expr()
        self.keyword("from")
        return self.node("target_from", [count, self.expr()], s)

    def skills_clause(self, data: str = "skills_clause"):
        s = self.i
        self.i += 1
        return self.node(data, self.names(), s)

    def text_clause(self):
        s = self.i
        self.i += 1
        return self.node("text_clause", [self.string()], s)

    def skill_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string(), self.tok("SKILL_KIND") if self.word() in _SKILL_KIND else None]
        self.expect("{")
        while self.kind() != "}":
            w = self.word()
            if w == "on":
                c.append(self.trigger_clause())
            elif w == "active":
                c.append(self.active_clause())
            elif w == "convert":
                c.append(self.convert_clause())
            elif w == "modify":
                c.append(self.modify_clause())
            elif w == "skills":
                c.append(self.skills_clause())
            elif w == "text":
                c.append(self.text_clause())
            else:
                raise GiveUp
        self.i += 1
        return self.node("skill_decl", c, s)

    def event_ref(self, data: str = "event_ref"):
        s = self.i
        n = self.name()
        self.expect(".")
        return self.node(data, [n, self.name()], s)

    def option(self, allowed: tuple):
        """One of a clause's options (`when …`, `limit 1 per turn`, …), or None when none starts here."""
        s = self.i
        w = self.word()
        if w not in allowed:
            return None
        if w == "when":
            self.i += 1
            return self.node("trig_when", [self.expr()], s)
        if w == "limit":
            self.i += 1
            n = self.int_()
            self.keyword("per")
            return self.node("limit_opt", [n, self.one_of(SCOPE, "SCOPE")], s)
        if w == "repeat":
            self.i += 1
            return self.node("trig_repeat", [self.expr()], s)
        if w == "priority":
            self.i += 1
            v = self.i
            if self.kind() == "-":
                self.i += 1
                value = self.node("negative_int", [self.int_()], v)
            else:
                value = self.node("signed_int", [self.int_()], v)
            return self.node("trig_priority", [value], s)
        if w == "anytime":
            return self.leaf("anytime_flag")
        if w == "locked":
            return self.leaf("trig_locked")
        self.i += 1                                        # `for use, play`
        c = [self.one_of(_PURPOSE, "PURPOSE")]
        while self.kind() == ",":
            self.i += 1
            c.append(self.one_of(_PURPOSE, "PURPOSE"))
        return self.node("convert_for", c, s)

    def trigger_clause(self):
        s = self.i
        self.i += 1
        c = [self.event_ref()]
        while (opt := self.option(("when", "repeat", "priority", "limit", "locked"))) is not None:
            c.append(opt)
        c.append(self.block())
        return self.node("trigger_clause", c, s)

    def active_clause(self):
        s = self.i
        self.i += 1
        c = []
        while (opt := self.option(("when", "limit", "anytime"))) is not None:
            c.append(opt)
        c.append(self.block())
        return self.node("active_clause", c, s)

    def convert_clause(self):
        s = self.i
        self.i += 1
        c = [self.int_()]
        self.keyword("from")
        c.append(self.expr())
        self.keyword("as")
        c.append(self.name())
        while (opt := self.option(("for", "when", "limit"))) is not None:
            c.append(opt)
        return self.node("convert_clause", c, s)

    def modify_clause(self):
        s = self.i
        self.i += 1
        c = [self.name(), None, None]
        if self.word() in ("base", "set"):
            c[1] = self.tok("MODIFY_LAYER")
        if self.at("when"):
            self.i += 1
            c[2] = self.expr()
        self.expect("=")
        c.append(self.expr())
        return self.node("modify_clause", c, s)

    def character_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string()]
        self.expect("{")
        while self.kind() != "}":
            w = self.word()
            if w == "skills":
                c.append(self.skills_clause())
            elif w == "tags":
                c.append(self.skills_clause("tags_clause"))
            else:
                a = self.i
                n = self.name()
                self.expect("=")
                c.append(self.node("assign_clause", [n, self.expr()], a))
        self.i += 1
        return self.node("character_decl", c, s)

    def deck_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.maybe_string()]
        if self.kind() == "(":
            a = self.i
            self.i += 1
            attrs = self.names()
            self.expect(")")
            c.append(self.node("deck_attrs", attrs, a))
        else:
            c.append(self.empty("deck_attrs", [None]))
        c += self.deck_entries()
        return self.node("deck_decl", c, s)

    def mode_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string()]
        self.expect("{")
        while self.kind() != "}":
            a = self.i
            w = self.word()
            if w == "players":
                self.i += 1
                lo = self.int_()
                hi = None
                if self.kind() == "..":
                    self.i += 1
                    hi = self.int_()
                c.append(self.node("mode_players", [lo, hi], a))
            elif w == "deck":
                self.i += 1
                d = [self.name()]
                if self.at("without"):
                    self.i += 1
                    d += self.names()
                c.append(self.node("mode_deck", d, a))
            elif w == "skills":
                c.append(self.skills_clause())
            elif w == "rules":
                c.append(self.skills_clause("mode_rules"))
            elif w == "setup":
                self.i += 1
                c.append(self.node("mode_setup", [self.block()], a))
            elif w == "turn_limit":
                self.i += 1
                c.append(self.node("mode_turn_limit", [self.int_()], a))
            elif w == "text":
                c.append(self.text_clause())
            else:
                raise GiveUp
        self.i += 1
        return self.node("mode_decl", c, s)

    def anytime_decl(self):
        s = self.i
        self.i += 1
        self.keyword("at")
        c = [self.event_ref("anytime_point")]
        while self.kind() == ",":
            self.i += 1
            c.append(self.event_ref("anytime_point"))
        c.append(self.block())
        return self.node("anytime_decl", c, s)

    def show_decl(self):
        s = self.i
        self.i += 1
        c = [self.one_of(OWNER, "OWNER")]
        c += self.names()
        return self.node("show_decl", c, s)

    def score_decl(self):
        s = self.i
        self.i += 1
        c = [self.one_of(OWNER, "OWNER"), self.name()]
        c.append(self.tok("LOWEST") if self.at("lowest") else None)
        return self.node("score_decl", c, s)

    def harness_decl(self):
        return self._settings("harness_decl", "harness_item", self.name)

    def search_decl(self):
        return self._settings("search_decl", "search_item",
                              lambda: self.int_() if self.kind() == "I" else self.name())

    def wording_decl(self):
        """`wording KEY [SCOPE]: "phrase", "phrase" …`"""
        s = self.i
        self.i += 1
        c = [self.name(), self.name() if self.kind() == "W" else None]
        self.expect(":")
        c.append(self.string())
        while self.kind() == ",":
            self.i += 1
            c.append(self.string())
        return self.node("wording_decl", c, s)

    def _settings(self, decl: str, item: str, value):
        """`word key = value, key = value …`: the harness's line and the search agent's."""
        s = self.i
        self.i += 1
        c = [self._setting(item, value)]
        while self.kind() == ",":
            self.i += 1
            c.append(self._setting(item, value))
        return self.node(decl, c, s)

    def _setting(self, item: str, value):
        s = self.i
        n = self.name()
        self.expect("=")
        return self.node(item, [n, value()], s)

    def must_decl(self):
        s = self.i
        self.i += 1
        c = self.names()
        if self.at("in"):
            m = self.i
            self.i += 1
            c.append(self.node("must_in", [self.name()], m))
        else:
            c.append(None)
        self.keyword("when")
        c.append(self.expr())
        return self.node("must_decl", c, s)

    def invariant_decl(self):
        s = self.i
        self.i += 1
        c = [self.string()]
        self.expect("=")
        c.append(self.expr())
        return self.node("invariant_decl", c, s)
