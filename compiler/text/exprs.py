"""Rules text of expressions and names: a rule's variables by their role, parameters and attributes by
their labels, calls by their `says` phrasing or the built-in's macro, and anything new plainly as its
source reads (so rendering never fails). RulesText (rules.py) reads declarations, clauses and
statements and leaves each expression to these methods."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.symbols import BUILTINS
from .conditions import emptiness
from .english import english_name
from .roles import noun_of, param_role, typeref

LANGS = ("zh", "en")
_ROLE_WORDS = {"owner": "Owner", "it": "It"}
_IMPLICIT = {"user": "User", "card": "ThisCard", "event": "TheEvent", "current": "Current"}
"""Names the checker binds in a card or skill (compiler/check/content.py), unless a rule's own shadow them."""


class ExprText:
    """The expression half of RulesText: it needs `s` (the symbols), `m` (the language's macros),
    `roles`, `params`, `event`, `_you`, `_responder` and `raw` (the pack's names shown as written),
    which RulesText sets."""

    # ── expressions ────────────────────────────────────────────────────────────
    def opt(self, e) -> str:
        return self.expr(e) if e is not None else ""

    def expr(self, e) -> str:
        if isinstance(e, A.Name):
            return self.name(e.id)
        if isinstance(e, A.Field):
            if isinstance(e.obj, A.Name) and e.obj.id == "event":
                p = self.event.get(e.name)          # the event's own parameter, by its label
                return self.param(p) if p is not None else self._call("EventField", None, name=e.name)
            enum = self.s.enums.get(e.obj.id) if isinstance(e.obj, A.Name) else None
            if enum is not None and e.name in ("members", "count") and e.name not in self.s.members:
                return str(len(enum.members)) if e.name == "count" else \
                    self._call("EnumMembers", e, members=[self.label(m.name) for m in enum.members])
            return self._call("Field", e, obj=self.expr(e.obj), name=self._field_name(e))
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Compare):
            empty = emptiness(e)
            if empty is not None:           # `count(xs) > 0`: "there is one of xs", not "the number of xs is more than 0"
                return self._call(empty[0], e, xs=self.expr(empty[1]))
            if isinstance(e.right, A.NoneLit) and e.op in ("==", "!="):     # "there is no card", not "card is none"
                return self._call("IsNone" if e.op == "==" else "NotNone", e, x=self.expr(e.left))
            return self._call("Compare", e, op=e.op, left=self.expr(e.left), right=self.expr(e.right))
        if isinstance(e, A.BoolOp):
            return self._call("BoolOp", e, op=e.op, left=self.expr(e.left), right=self.expr(e.right))
        if isinstance(e, A.Not):
            return self._call("Not", e, operand=self.expr(e.operand))
        if isinstance(e, A.Where):
            return self._call("Where", e, seq=self.expr(e.seq), pred=self.expr(e.pred))
        if isinstance(e, A.Map):
            return self._call("Map", e, seq=self.expr(e.seq), value=self.expr(e.value))
        return self.plain(e)

    def name(self, ident: str) -> str:
        """A name as read in rules: `owner` is "you"; a rule's own variable by its role; a parameter
        by its label; `value` in a modify clause is the value before it; anything else by `label`."""
        if ident == self._you:
            return self._call("Owner", None)
        if ident == "player" and self._responder:
            return self._call("Responder", None)
        if ident in _ROLE_WORDS:
            return self._call(_ROLE_WORDS[ident], None)
        alias = self.roles.aliases.get(ident) if self.roles is not None else None
        if alias is not None:
            return self.expr(alias)
        role = self.roles.get(ident) if self.roles is not None else None
        if role is not None:
            return self._call("Role", None, noun=role.noun, how=role.how, index=role.index)
        if ident in self.params:
            return self.param(self.params[ident])
        if ident == "value" and self.params:
            return self._call("Value", None)
        if ident in _IMPLICIT:
            return self._call(_IMPLICIT[ident], None)
        return self.label(ident)

    def param(self, p: A.Param, siblings=None) -> str:
        """A parameter as rules text calls it: its label; else in English its name, unless a letter or
        two (`a`, `p`); else by its role among its declaration's parameters (roles.param_role)."""
        siblings = siblings or (self.event if self.event.get(p.name) is p else self.params)
        role = param_role(p, list(siblings.values()) or [p])
        return self._call("Param", None, label=p.label, name=english_name(p.name) if len(p.name) > 2 else "",
                          role=self._call("Role", None, noun=role.noun, how=role.how, index=role.index))

    def label(self, ident: str) -> str:
        """A name as the pack labels it: 【彈幕】 / Danmaku for a card, a skill or a phase; an enum member's
        label; anything else (a local, a parameter) as written."""
        for table in (self.s.cards, self.s.skills, self.s.characters, self.s.modes, self.s.reactions):
            d = table.get(ident)
            if d is not None:
                return f"【{d.label}】" if self.lang == "zh" else english_name(ident)
        phase = self.s.phases.get(ident)
        if phase is not None:
            return phase.label if self.lang == "zh" else english_name(ident)
        data = self._data(ident)
        if data is not None and data.label and self.lang == "zh":    # a counter, attribute or zone
            return data.label
        deck = self.s.decks.get(ident)
        if deck is not None and deck.label and self.lang == "zh":
            return deck.label
        if self.lang == "zh" and ident in self.s.members:
            for enum in self.s.members[ident]:
                for m in self.s.enums[enum].members:
                    if m.name == ident and m.label:
                        return m.label
        return self.unlabelled(ident)

    def unlabelled(self, ident: str) -> str:
        """A name of the pack with no words in this language: in English, the name said as words
        (`item_ok` is "item ok"); in Chinese, as written, noted in `raw` as (what it is, name) for the
        lint `raw-name` (compiler/lint/raw_names.py), which tells the designer to give it words. A
        name the pack does not declare (a local), as written."""
        kind = raw_kind(self.s, ident)
        if not kind:
            return ident
        if self.lang == "en":
            return english_name(ident)
        self.raw.add((kind, ident))
        return ident

    def _data(self, ident: str):
        """The counter, attribute or zone named `ident` (a labelled one first), or None."""
        found = [d for d in (*(self.s.counters.get((o, ident)) for o in ("player", "table", "card")),
                             *(self.s.attrs_.get((o, ident)) for o in ("player", "card", "table", "character")),
                             self.s.zones.get(ident)) if d is not None]
        return next((d for d in found if d.label), found[0] if found else None)

    def _field_name(self, e: A.Field) -> str:
        """A field's name: an action's value (`judge(…).card`) has its parameters' labels."""
        t = T.strip(self.roles.type_of(e.obj)) if self.roles is not None else None
        decl = self.s.actions.get(t[1]) if isinstance(t, tuple) and t[0] == "event" else None
        p = next((p for p in decl.params if p.name == e.name), None) if decl is not None else None
        if p is not None:
            return self.param(p, {q.name: q for q in decl.params}) if self.lang == "zh" else english_name(p.name)
        if e.name == "result" and decl is not None:
            return self._call("Result", None)
        if e.name in _FIELD_WORDS and self._data(e.name) is None:      # a built-in field: the templates' words
            return self._call("BuiltinField", None, name=e.name)
        if decl is None and self._data(e.name) is None:
            # An event held in a variable or a field (`event.use.undodgeable`), its action untold: the
            # parameter's label when every action's parameter of that name carries the same one.
            same = [q for a in self.s.actions.values() for q in a.params if q.name == e.name]
            if same and len({q.label for q in same}) == 1 and same[0].label:
                return self.param(same[0], {q.name: q for q in same}) if self.lang == "zh" else english_name(e.name)
        return self.label(e.name)

    def call(self, e: A.Call) -> str:
        if not isinstance(e.func, A.Name):
            return self.plain(e)
        fname = e.func.id
        decl = self.s.actions.get(fname) or self.s.funcs.get(fname) or self.s.queries.get(fname)
        says = getattr(decl, "says", ("", ""))[LANGS.index(self.lang)] if decl is not None else ""
        if says:
            return says.format_map(_Filled(self._bind(decl.params, e.args)))
        if decl is not None:            # no `says` in this language: its name, as words or as written
            return self._call("Called", None, name=self.unlabelled(fname), args=[self.expr(a.value) for a in e.args])
        builtin = BUILTINS.get(fname)
        macro = getattr(self.m, "builtin_" + fname, None)
        if builtin is not None and macro is not None and len(e.args) <= len(builtin.params):
            args = self._bind([_Named(p[0]) for p in builtin.params], e.args)
            named = [a.value for i, a in enumerate(e.args) if (a.name or builtin.params[i][0]) == "name"]
            if named and isinstance(named[0], A.StrLit) and self.lang == "en":     # a card value's name, as words
                args["name"] = english_name(named[0].value)
            return str(macro(**args)).strip()
        return self.plain(e)

    def _bind(self, params, args) -> dict:
        """Argument text by parameter name: positional in order, then named."""
        out, by_name = {}, {p.name: p for p in params}
        for i, a in enumerate(args):
            key = a.name or (params[i].name if i < len(params) else str(i))
            p = by_name.get(key)
            out[key] = self.expr_as(a.value, typeref(p.type) if isinstance(p, A.Param) else None)
        return out

    def expr_as(self, e, t) -> str:
        """An expression where a value of type `t` is wanted: `none` by it ("no one", "no card")."""
        if isinstance(e, A.NoneLit) and t is not None:
            return self._call("Literal", None, value=None, noun=noun_of(t))
        return self.expr(e)

    # ── plainly, as the source reads ───────────────────────────────────────────
    def plain(self, node) -> str:
        if isinstance(node, A.IntLit):
            return str(node.value)
        if isinstance(node, A.StrLit):
            return f"“{node.value}”"
        if isinstance(node, (A.BoolLit, A.NoneLit)):
            return self._call("Literal", None, value=None if isinstance(node, A.NoneLit) else node.value)
        if isinstance(node, (A.Name, A.Field, A.Compare, A.BoolOp, A.Not, A.Where, A.Map)):
            return self.expr(node)
        if isinstance(node, A.Call):
            args = ", ".join((f"{a.name}: " if a.name else "") + self.expr(a.value) for a in node.args)
            return f"{self.plain(node.func)}({args})"
        if isinstance(node, A.Index):
            return f"{self.expr(node.obj)}[{self.expr(node.index)}]"
        if isinstance(node, A.ListLit) and len(node.items) == 1:
            return self.expr(node.items[0])
        if isinstance(node, A.ListLit):
            return "[" + ", ".join(self.expr(x) for x in node.items) + "]"
        if isinstance(node, A.Binary):
            return f"{self.expr(node.left)} {node.op} {self.expr(node.right)}"
        if isinstance(node, A.Neg):
            return f"-{self.expr(node.operand)}"
        if isinstance(node, A.IfExpr):
            return self._call("IfExpr", None, cond=self.expr(node.cond), then=self.expr(node.then),
                              else_=self.expr(node.else_))
        return f"‹{type(node).__name__}›"

    def _call(self, macro: str, node, **parts) -> str:
        fn = getattr(self.m, macro, None)
        if fn is None:
            return self.plain(node) if node is not None else macro
        return str(fn(**parts)).strip()


_FIELD_WORDS = ("virtual", "id", "name", "label", "targets", "skill", "cancelled", "seat", "character", "kind",
                "zone", "owner", "cards", "sources", "via")
"""The fields the language gives every card, player, play, zone and event (compiler/check/exprs.py):
the templates' `BuiltinField` says them."""


def raw_kind(syms, ident: str) -> str:
    """What a name of the pack is, for the lint's message ("function", "enum member" …); "" for a
    name the pack does not declare (a local, a built-in)."""
    for kind, table in (("action", syms.actions), ("function", syms.funcs), ("query", syms.queries),
                        ("deck", syms.decks), ("zone", syms.zones), ("enum member", syms.members)):
        if ident in table:
            return kind
    if any((o, ident) in syms.counters for o in ("player", "table", "card", "character")):
        return "counter"
    if any((o, ident) in syms.attrs_ for o in ("player", "table", "card", "character")):
        return "attribute"
    return ""


class _Named:
    """A built-in's parameter, named as its signature names it."""

    def __init__(self, name: str):
        self.name = name


class _Filled(dict):
    """A `says` phrase's slots: an argument the call leaves to its default is left out."""

    def __missing__(self, key):
        return ""
