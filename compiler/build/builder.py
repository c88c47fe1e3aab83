"""Parse tree (Lark's or compiler/parse/fast/parser.py's, which are equal) → Spellcard AST. One method per grammar rule; every node gets its span."""
from __future__ import annotations

from spellcard.compiler import ast as A

from .code import CodeBuilder, unquote
from .pack import PackRules
from .reactions import ReactionRules


class _Builder(PackRules, ReactionRules, CodeBuilder):
    """One method per grammar rule (or alias), called with the rule's meta and its built children."""

    def __init__(self, path: str):
        self.path = path
        self.granted: set[str] = set()

    def __getattr__(self, name: str):
        """The rules of `test` blocks (spellcard/spelltest/builder.py's), found at a file's first test
        block: their node classes are built only then, never for a check of rules alone."""
        if name.startswith("__"):
            raise AttributeError(name)
        from spellcard.spelltest.builder import SpellTestRules
        try:
            return getattr(SpellTestRules, name).__get__(self)
        except AttributeError:
            raise AttributeError(name) from None

    # helpers ---------------------------------------------------------------
    def span(self, meta) -> A.Span:
        if getattr(meta, "empty", False) or not hasattr(meta, "line"):
            return A.Span(self.path, 1, 1, 1, 2)
        return A.Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def tspan(self, tok) -> A.Span:
        return A.Span(self.path, tok.line, tok.column, tok.end_line or tok.line,
                      tok.end_column or tok.column + len(tok))

    @staticmethod
    def present(items):
        return [i for i in items if i is not None]

    # top level ---------------------------------------------------------------
    def start(self, meta, items):
        return A.Module(self.path, tuple(i for i in items if isinstance(i, A.Decl)),
                        tuple(i for i in items if not isinstance(i, A.Decl)), granted=frozenset(self.granted))

    def replace_decl(self, meta, c):
        return A.ReplaceDecl(c[0], self.span(meta))

    def deck_extend(self, meta, c):
        name, *entries = c
        return A.DeckExtend(str(name), tuple(entries), self.span(meta))

    def synonyms_decl(self, meta, c):
        return A.SynonymsDecl(str(c[0]), tuple((str(t), self.tspan(t)) for t in c[1:]), self.span(meta))

    def enum_decl(self, meta, c):
        return A.EnumDecl(str(c[0]), tuple(c[1:]), self.span(meta))

    def enum_member(self, meta, c):
        return A.EnumMember(str(c[0]), unquote(c[1]) if c[1] is not None else None, self.tspan(c[0]))

    def type(self, meta, c):
        return A.TypeRef(str(c[0]), c[1] is not None, self.span(meta))

    def list_type(self, meta, c):
        return A.TypeRef(str(c[0]), c[1] is not None, self.span(meta), is_list=True)

    def attr_decl(self, meta, c):
        owner, name, label, typ, names, seen, default = c
        vis, until = seen or ("public", None)
        return A.AttrDecl(str(owner), str(name), typ, names or (), default, self.span(meta), str(vis),
                          str(until) if until is not None else None,
                          self.tspan(vis) if seen else None, self.tspan(until) if until is not None else None,
                          unquote(label) if label is not None else "")

    def attr_seen(self, meta, c):
        return tuple(c)

    def attr_names(self, meta, c):
        return tuple(c)

    def attr_name(self, meta, c):
        return (str(c[0]), int(c[1]))

    def counter_decl(self, meta, c):
        opts = {k: v for k, v in c[3:]}
        return A.CounterDecl(str(c[0]), str(c[1]), opts.get("init"), opts.get("min"), opts.get("max"),
                             opts.get("reset"), self.span(meta), unquote(c[2]) if c[2] is not None else "")

    def counter_init(self, meta, c):
        return ("init", c[0])

    def counter_min(self, meta, c):
        return ("min", c[0])

    def counter_max(self, meta, c):
        return ("max", c[0])

    def counter_reset(self, meta, c):
        return ("reset", str(c[0]))

    def zone_decl(self, meta, c):
        return A.ZoneDecl(str(c[0]), str(c[2]), str(c[3]), c[4] is not None, self.span(meta),
                          unquote(c[1]) if c[1] is not None else "")

    # procedures --------------------------------------------------------------
    def params(self, meta, c):
        return tuple(self.present(c))

    def param(self, meta, c):
        return A.Param(str(c[0]), c[2], c[3], self.span(meta), unquote(c[1]) if c[1] is not None else "")

    def returns(self, meta, c):
        return c[0]

    def hook_decl(self, meta, c):
        return A.HookDecl(str(c[0]), c[1], self.span(meta))

    def query_decl(self, meta, c):
        return A.QueryDecl(str(c[0]), c[1], c[2], c[4], c[5], self.span(meta), c[3] or ("", ""))

    def query_final(self, meta, c):
        return c[0]

    def func_decl(self, meta, c):
        name, params, returns, says, body = c
        says = says or ("", "")
        if isinstance(body, A.Block):
            return A.FuncDecl(str(name), params, returns, body, None, self.span(meta), says)
        return A.FuncDecl(str(name), params, returns, None, body, self.span(meta), says)

    def action_decl(self, meta, c):
        return A.ActionDecl(str(c[0]), c[1], tuple(c[4:]), self.span(meta), c[3] or ("", ""), c[2])

    def says(self, meta, c):
        return (unquote(c[0]), unquote(c[1]) if c[1] is not None else "")

    def text_clause(self, meta, c):
        return ("text", unquote(c[0]))

    def window_step(self, meta, c):
        return A.WindowStep(str(c[0]), c[2], self.span(meta), c[1] or ("", ""))

    def do_step(self, meta, c):
        return A.DoStep(c[0], self.span(meta))

    def phase_decl(self, meta, c):
        return A.PhaseDecl(str(c[0]), unquote(c[1]), c[2], self.span(meta))

    def turn_decl(self, meta, c):
        return A.TurnDecl(tuple((str(t), self.tspan(t)) for t in c), self.span(meta))

    # content -----------------------------------------------------------------
    def card_decl(self, meta, c):
        name, label, *clauses = c
        whens = [x for x in clauses if isinstance(x, A.WhenClause)]
        return A.CardDecl(
            str(name), unquote(label),
            tuple(x for x in clauses if isinstance(x, A.AssignClause)),
            tuple(x for x in clauses if isinstance(x, A.TargetClause)),
            whens[0] if whens else None,
            tuple(x for x in clauses if isinstance(x, A.SkillsClause)),
            tuple(x for x in clauses if isinstance(x, A.HookImpl)),
            self.span(meta), anytime=any(x == ("anytime", True) for x in clauses), text=_text(clauses))

    def assign_clause(self, meta, c):
        return A.AssignClause(str(c[0]), c[1], self.span(meta))

    def target_clause(self, meta, c):
        return c[0]

    def target_self(self, meta, c):
        return A.TargetClause("self", None, None, self.span(meta))

    def target_none(self, meta, c):
        return A.TargetClause("none", None, None, self.span(meta))

    def target_from(self, meta, c):
        return A.TargetClause("exactly", c[0], c[1], self.span(meta))

    def target_up_to(self, meta, c):
        return A.TargetClause("up_to", c[0], c[1], self.span(meta))

    def when_clause(self, meta, c):
        return A.WhenClause(c[0], self.span(meta))

    def skills_clause(self, meta, c):
        return A.SkillsClause(tuple((str(t), self.tspan(t)) for t in c), self.span(meta))

    def hook_impl(self, meta, c):
        return A.HookImpl(str(c[0]), c[1], self.span(meta))

    def skill_decl(self, meta, c):
        name, label, kind, *clauses = c
        return A.SkillDecl(str(name), unquote(label), str(kind) if kind is not None else "normal",
                           tuple(x for x in clauses if not _is_text(x)), self.span(meta), _text(clauses))

    def trigger_clause(self, meta, c):
        (action, window, ev_span), *opts, body = c
        o = dict(opts)
        return A.TriggerClause(action, window, o.get("when"), o.get("repeat"), o.get("priority", 0),
                               o.get("limit"), body, self.span(meta), ev_span, o.get("locked", False))

    def event_ref(self, meta, c):
        return (str(c[0]), str(c[1]), self.span(meta))

    def trig_when(self, meta, c):
        return ("when", c[0])

    def trig_locked(self, meta, c):
        return ("locked", True)

    def trig_repeat(self, meta, c):
        return ("repeat", c[0])

    def trig_priority(self, meta, c):
        return ("priority", c[0])

    def signed_int(self, meta, c):
        return int(c[0])

    def negative_int(self, meta, c):
        return -int(c[0])

    def limit_opt(self, meta, c):
        return ("limit", A.Limit(int(c[0]), str(c[1]), self.span(meta)))

    def active_clause(self, meta, c):
        *opts, body = c
        o = dict(opts)
        return A.ActiveClause(o.get("when"), o.get("limit"), body, self.span(meta), o.get("anytime", False))

    def anytime_flag(self, meta, c):
        return ("anytime", True)

    def anytime_point(self, meta, c):
        return self.event_ref(meta, c)

    def anytime_decl(self, meta, c):
        *points, body = c
        return A.AnytimeDecl(tuple(points), body, self.span(meta))

    def convert_clause(self, meta, c):
        count, pool, kind, *opts = c
        o = dict(opts)
        return A.ConvertClause(int(count), pool, str(kind), o.get("for", ("use", "play")), o.get("when"),
                               o.get("limit"), self.span(meta), self.tspan(kind))

    def convert_for(self, meta, c):
        return ("for", tuple(str(t) for t in c))

    def modify_clause(self, meta, c):
        name, layer, when, value = c
        return A.ModifyClause(str(name), when, value, self.span(meta), self.tspan(name),
                              str(layer) if layer is not None else "adjust")

    def character_decl(self, meta, c):
        name, label, *clauses = c
        tags = tuple(t for x in clauses if isinstance(x, tuple) for t in x)
        return A.CharacterDecl(str(name), unquote(label),
                               tuple(x for x in clauses if isinstance(x, A.AssignClause)),
                               tuple(x for x in clauses if isinstance(x, A.SkillsClause)),
                               tags, self.span(meta))

    def tags_clause(self, meta, c):
        return tuple(str(t) for t in c)

    def deck_decl(self, meta, c):
        name, label, attrs, *entries = c
        return A.DeckDecl(str(name), attrs, tuple(entries), self.span(meta), unquote(label) if label else "")

    def deck_attrs(self, meta, c):
        return tuple(str(a) for a in c if a is not None)

    def deck_entry(self, meta, c):
        return A.DeckEntry(str(c[0]), unquote(c[1]), self.span(meta), self.tspan(c[1]))

    def deck_count(self, meta, c):
        return A.DeckEntry(str(c[0]), "", self.span(meta), self.tspan(c[1]), int(c[1]))

    # the tools -------------------------------------------------------------------
    def show_decl(self, meta, c):
        owner, *names = c
        return A.ShowDecl(str(owner), tuple((str(t), self.tspan(t)) for t in names), self.span(meta))

    def harness_decl(self, meta, c):
        return A.HarnessDecl(tuple(c), self.span(meta))

    def score_decl(self, meta, c):
        owner, name, lowest = c
        return A.ScoreDecl(str(owner), str(name), lowest is not None, self.span(meta), self.tspan(name))

    def search_decl(self, meta, c):
        return A.SearchDecl(tuple(c), self.span(meta))

    def search_item(self, meta, c):
        key, value = c
        return A.SearchItem(str(key), int(value) if value.type == "INT" else str(value), self.tspan(key), self.tspan(value))

    def wording_decl(self, meta, c):
        key, scope, *phrases = c
        return A.WordingDecl(str(key), str(scope) if scope is not None else None,
                             tuple((unquote(t), self.tspan(t)) for t in phrases), self.span(meta))

    def must_decl(self, meta, c):
        *moves, phase, cond = c
        return A.MustDecl(tuple((str(t), self.tspan(t)) for t in moves), phase, cond, self.span(meta))

    def must_in(self, meta, c):
        return (str(c[0]), self.tspan(c[0]))

    def invariant_decl(self, meta, c):
        return A.InvariantDecl(unquote(c[0]), c[1], self.span(meta))

    def harness_item(self, meta, c):
        return A.HarnessItem(str(c[0]), str(c[1]), self.tspan(c[0]), self.tspan(c[1]))

    def mode_decl(self, meta, c):
        name, label, *clauses = c
        o: dict = {"skills": [], "rules": []}
        for clause in clauses:
            if isinstance(clause, A.SkillsClause):
                o["skills"].append(clause)
                continue
            kind, val = clause
            if kind == "rules":
                o["rules"].append(val)
            else:
                o[kind] = val
        lo, hi = o.get("players", (1, 1))
        deck, without = o.get("deck", (None, ()))
        return A.ModeDecl(str(name), unquote(label), lo, hi, deck, without, tuple(o["skills"]),
                          tuple(o["rules"]), o.get("setup"), o.get("turn_limit", 500), self.span(meta),
                          o.get("text", ""))

    def mode_players(self, meta, c):
        lo = int(c[0])
        return ("players", (lo, int(c[1]) if c[1] is not None else lo))

    def mode_deck(self, meta, c):
        return ("deck", (str(c[0]), tuple(str(t) for t in c[1:] if t is not None)))

    def mode_rules(self, meta, c):
        return ("rules", A.SkillsClause(tuple((str(t), self.tspan(t)) for t in c), self.span(meta)))

    def mode_setup(self, meta, c):
        return ("setup", c[0])

    def mode_turn_limit(self, meta, c):
        return ("turn_limit", int(c[0]))


def build(path: str, tree) -> A.Module:
    """Bottom-up over the tree without recursion: children are built before their parent (a child
    that is neither None nor a token, which is a str, is a node)."""
    b = _Builder(path)
    order, stack = [], [tree]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(c for c in node.children if c is not None and not isinstance(c, str))
    built: dict[int, object] = {}
    for sub in reversed(order):
        children = [c if c is None or isinstance(c, str) else built.pop(id(c)) for c in sub.children]
        built[id(sub)] = getattr(b, sub.data)(sub.meta, children)
    return built[id(tree)]


def _is_text(clause) -> bool:
    return isinstance(clause, tuple) and len(clause) == 2 and clause[0] == "text"


def _text(clauses) -> str:
    """A declaration's printed text (its `text` clause), or "" when it has none."""
    return next((x[1] for x in clauses if _is_text(x)), "")
