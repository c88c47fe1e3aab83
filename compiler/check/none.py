"""None-safety: where a value may be none, how the checker says so, and what proves it is there."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from .narrow import NONEMPTY, facts, key
from .scope import _shown


class NoneChecks:
    """Mixed into Checker: the messages for a `T?` where a `T` is needed, and the facts that make a
    value safe without a guard in the designer's code (a card-held skill's `card`, a window's own
    condition, a choice from a list known not to be empty)."""

    # Built-ins that give none only when their list is empty: `choose_card(p, pool, …)` after
    # `count(pool) > 0` finds a card.
    FINDS_ONE = {"first", "last", "random", "choose", "choose_card", "choose_player"}

    def _from_nonempty(self, args, sig, scope) -> bool:
        i = next((i for i, (_, t, _) in enumerate(sig.params) if t == "list" or T.is_list(t)), None)
        if i is None or i >= len(args) or isinstance(args[i], tuple):
            return False
        k = key(args[i])
        return k in self.NEVER_EMPTY or k is not None and scope.knows(NONEMPTY + k)

    # While a rule runs the game has at least two living players: it ends when one side is left.
    NEVER_EMPTY = {"Call(players)", "Call(all_players)", "Call(others, owner)"}

    def _maybe_none(self, e) -> str:
        what = _shown(e)
        if what is not None:
            return f"`{what}` may be none here"
        if isinstance(e, A.Call) and isinstance(e.func, A.Name):
            return f"`{e.func.id}(…)` may give none"
        return "this may be none"

    def _guard_help(self, e) -> str:
        what = _shown(e)
        if what is not None:
            return f"guard it first: `if {what} != none {{ … }}`, or leave early with `if {what} == none {{ stop }}`"
        if A.callee(e) in self.FINDS_ONE:
            at = 1 if e.func.id.startswith("choose") else 0
            pool = _shown(e.args[at].value) if len(e.args) > at else None
            return (f"it finds none when the list is empty: bind it (`let x = {e.func.id}(…)`) and guard "
                    f"`if x != none {{ … }}`" + (f", or check `if count({pool}) > 0 {{ … }}` first" if pool else ""))
        return "bind it with `let x = …` and guard it: `if x != none { … }`"

    def mismatch(self, e, got, want, what: str) -> None:
        """`got` cannot stand where `want` is needed: say so, and for a value that may be none, how
        to guard it."""
        if T.assignable(T.strip(got), want) and T.is_opt(got):
            self.err(e.span, f"{self._maybe_none(e)}, and {what} must be {T.show(want)}", self._guard_help(e),
                     code="maybe-none")
        elif T.is_list(got) and T.is_opt(T.elem(got)) and T.assignable(T.list_of(T.strip(T.elem(got))), want):
            self.err(e.span, f"this list may hold none, and {what} must be {T.show(want)}",
                     self._list_guard_help(e), code="maybe-none")
        else:
            self.err(e.span, f"{what} should be {T.show(want)}, but this is {T.show(got)}",
                     self._conversion_help(got, want, e))

    def _list_guard_help(self, e) -> str:
        if isinstance(e, A.ListLit) and len(e.items) == 1:
            return self._guard_help(e.items[0]).replace("guard it first", f"guard `{_shown(e.items[0]) or 'it'}` first") \
                if _shown(e.items[0]) else self._guard_help(e.items[0])
        return "keep the items that are there: `… where it != none`, or guard each one before making the list"

    def _card_only_skills(self, modules) -> set:
        """Skills that only cards hold (never a character, a mode, a grant by name)."""
        by_cards, elsewhere = set(), set()
        for m in modules:
            for d in m.decls:
                clauses = list(getattr(d, "skills", ())) + list(getattr(d, "rules", ())) + [
                    c for c in getattr(d, "clauses", ()) if isinstance(c, A.SkillsClause)]
                for sc in clauses:
                    (by_cards if isinstance(d, A.CardDecl) else elsewhere).update(n for n, _ in sc.names)
        return by_cards - elsewhere - self.s.granted

    def _window_facts(self, c: A.TriggerClause) -> set:
        action = self.s.actions.get(c.action)
        step = next((st for st in action.steps if isinstance(st, A.WindowStep) and st.name == c.window), None) \
            if action is not None else None
        if step is None or step.cond is None:
            return set()
        params = {p.name for p in action.params}
        out = set()
        for f in facts(step.cond):           # the window's condition names the fields bare
            mark, k = ("#", f[1:]) if f.startswith("#") else ("", f)
            if k.split(".")[0] in params:
                out.add(mark + "event." + k)
        return out
