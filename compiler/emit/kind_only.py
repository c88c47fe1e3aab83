"""Which card kinds' usability reads nothing of the card itself but its kind and `via`: their
condition and target pools change nothing (pure.py) and use the card only as `card.kind`,
`card.via`, `card == none` / `card != none`, or as an argument to a function or query that does the
same with it. Two cards of such a kind with the same `via`, asked of the same player in the same
state, are usable alike, so a listing of plays (runtime/builtins_plays.plays) asks the first one
only (a hand holds several 彈幕 more often than not).

Found as a greatest fixed point over the parameters of the pack's functions and queries (a query's
parameter as its base, final value and every modifier of it read it), like pure.py's.
"""
from __future__ import annotations

import attrs

from spellcard.compiler import ast as A
from .pure import Purity

_KIND_ONLY_FIELDS = (("py", "kind"), ("py", "via"))


def _reads_kind_only(node, ref, refs: dict, params: set) -> bool:
    """Does `node` use the name bound as `ref` only in the ways the module says? `params` are the
    (func | query, name, index) parameters believed to do the same."""
    def named(e) -> bool:
        return isinstance(e, A.Name) and refs.get(e) == ref

    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif not attrs.has(type(n)) or isinstance(n, A.Span):
            continue
        elif isinstance(n, A.Name):
            if named(n):
                return False            # the card itself: compared, kept, handed to a built-in, ...
        elif isinstance(n, A.Field) and named(n.obj):
            if refs.get(n) not in _KIND_ONLY_FIELDS:
                return False
        elif isinstance(n, A.Compare) and n.op in ("==", "!=") and (
                named(n.left) and isinstance(n.right, A.NoneLit) or named(n.right) and isinstance(n.left, A.NoneLit)):
            continue
        elif isinstance(n, A.Call) and refs.get(n, ("",))[0] in ("func", "query"):
            kind, name, args = refs[n][:3]
            for i, a in enumerate(args):
                if named(a):
                    if (kind, name, i) not in params:
                        return False
                elif not isinstance(a, tuple):      # ("default", expr): the callee's own default
                    stack.append(a)
        else:
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))
    return True


class KindOnly:
    """The pack's kind-only parameters, found once; `kind` asks about one card kind."""

    def __init__(self, syms, refs: dict, purity: Purity):
        self.refs = refs
        self.purity = purity
        self.allowed_changes = "card_allowed" in syms.queries and ("query", "card_allowed") not in purity.pure
        uses: dict = {}                 # (func | query, name, index) -> [(code, the parameter's ref)]
        for name, d in syms.funcs.items():
            for i, p in enumerate(d.params):
                uses[("func", name, i)] = [(d.body if d.body is not None else d.expr, ("local", p.name))]
        for name, d in syms.queries.items():
            for i, p in enumerate(d.params):
                uses[("query", name, i)] = [((d.base, d.final), ("local", p.name))]
        for d in syms.skills.values():
            for c in d.clauses:
                if isinstance(c, A.ModifyClause) and c.query in syms.queries:
                    for i, p in enumerate(syms.queries[c.query].params):
                        uses[("query", c.query, i)].append(((c.value, c.when), ("implicit", f"v_{p.name}")))
        self.params: set = set(uses)
        shrunk = True
        while shrunk:
            shrunk = False
            for key, found in uses.items():
                if key in self.params and not all(_reads_kind_only(code, ref, refs, self.params)
                                                  for code, ref in found):
                    self.params.discard(key)
                    shrunk = True

    def kind(self, d: A.CardDecl) -> bool:
        """Is the usability of cards of `d` (its condition, its target pools) the same for any two of
        the same `via`?"""
        code = [t.pool for t in d.targets if t.kind not in ("self", "none")]
        if d.when is not None:
            code.append(d.when.cond)
        card = ("implicit", "v_card")
        if self.allowed_changes:
            return False                # asked of each card before its rules: it must change nothing either
        return all(self.purity.expr(e) and _reads_kind_only(e, card, self.refs, self.params) for e in code)
