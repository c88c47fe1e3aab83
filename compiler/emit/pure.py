"""Which rule code changes nothing: no state change, decision, random draw, log entry or event
change, so running it or leaving it unrun makes the same game. A card's target filter that changes
nothing lets `usable` stop at the first legal target (compiler/emit/targets.py's `tu_` functions) instead of
building the whole pool just to see whether it is empty.

Pure, here, is a greatest fixed point over the pack as one merged program (an extension's and a
designer's `--with` modifiers are part of it): a function or query is pure when every call its code
can make goes to a pure built-in or to a pure function or query, and its statements only bind local
names; a query also needs every modifier of it, in every skill, pure. Calls that only reach each
other (a modifier of `in_attack_range` asking `in_attack_range`) change nothing by themselves, so
they stay pure. Actions, hooks and the call-back built-ins are never pure.
"""
from __future__ import annotations

import attrs

from spellcard.compiler import ast as A
from .bounded import calls_in

PURE_BUILTINS = frozenset({
    "count", "first", "last", "sum", "max", "min", "min_of", "max_of", "take", "drop", "without", "reversed",
    "text", "players", "all_players", "others", "next_player", "seat_distance", "current_phase", "turn_number",
    "round_number", "cards", "top", "bottom", "zone_of", "owner_of", "card_value", "card_values", "has_skill",
    "kinds", "characters", "has_tag", "is_skipped", "virtual", "with_attr"})
"""The built-ins that only read the game (no change, no random draw, no question, no log entry): a
virtual card is a new object that no zone holds, and making one moves nothing."""

USABLE_BY = ("builtin", "usable_by")
"""`usable_by` runs pack code: every card kind's condition and target pools, and `card_allowed`. It is
pure when all of those are, and stands in the fixed point as one more piece of code."""

_PLAIN_STMTS = (A.Let, A.If, A.For, A.Repeat, A.While, A.Return, A.Break, A.Continue, A.ExprStmt, A.Block)


def _binds_locals_only(node, refs: dict) -> bool:
    """Every statement in `node` is control flow or binds a local name (no field, counter, event
    parameter or table value is written; no `stop` or `cancel`)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif isinstance(n, (A.Assign, A.AugAssign)):
            if refs.get(n.target, ("",))[0] != "set_local":
                return False
            stack.append(n.value)
        elif isinstance(n, (A.Stop, A.Cancel)):
            return False
        elif isinstance(n, _PLAIN_STMTS):
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))
    return True


class Purity:
    """The pack's pure functions and queries, found once; `expr` asks about one expression."""

    def __init__(self, syms, refs: dict):
        self.refs = refs
        code: dict = {}                 # ("func" | "query", name) -> the nodes its code is made of
        for name, d in syms.funcs.items():
            if _binds_locals_only(d.body, refs) if d.body is not None else True:
                code[("func", name)] = [d.body if d.body is not None else d.expr, d.params]
        for name, d in syms.queries.items():
            code[("query", name)] = [d.base, d.final, d.params]
        usable_by: list = []
        for d in syms.cards.values():
            usable_by.append(d.when.cond if d.when else None)
            usable_by.extend(t.pool for t in d.targets)
        code[USABLE_BY] = usable_by
        for d in syms.skills.values():
            for c in d.clauses:
                if isinstance(c, A.ModifyClause):
                    key = ("query", c.query)
                    if key in code:
                        code[key].extend((c.value, c.when))
        callees = {}
        for key, nodes in code.items():
            found = self._callees(nodes)
            if found is not None:
                callees[key] = found
        if USABLE_BY in callees and "card_allowed" in syms.queries:     # asked of every card (builtins_plays.allowed)
            callees[USABLE_BY].add(("query", "card_allowed"))
        self.pure: set = set(callees)
        shrunk = True
        while shrunk:
            shrunk = False
            for key, found in callees.items():
                if key in self.pure and not found <= self.pure:
                    self.pure.discard(key)
                    shrunk = True

    def _callees(self, node):
        """The functions and queries `node` calls, or None if it calls anything that is never pure."""
        found = set()
        for call in calls_in(node):
            kind, name = self.refs[call][:2]
            if kind == "builtin" and name == "usable_by":
                found.add(USABLE_BY)
            elif kind == "builtin":
                if name not in PURE_BUILTINS:
                    return None
            elif kind in ("func", "query"):
                found.add((kind, name))
            else:
                return None
        return found

    def expr(self, e) -> bool:
        """Does evaluating `e` change nothing?"""
        found = self._callees(e)
        return found is not None and found <= self.pure
