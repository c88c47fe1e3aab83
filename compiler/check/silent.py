"""Warnings for code that checks and runs but can never do part of what it says: a branch no value
reaches, an option compared with a text no `choose_option` offers, a skill a character holds twice.
Each has a stable code (docs/language.md, "What the checker tells you"), silenced like every lint."""
from __future__ import annotations

import re
from typing import Optional

from spellcard.compiler import ast as A
from .loops import has_error, nodes_in
from .narrow import key

_FLIP = {"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
_FIXED = ("enum", "kind", "skill", "character", "phase", "zone")


class SilentLints:
    def __init__(self, syms, refs, diags):
        self.s, self.refs, self.d = syms, refs, diags

    def run(self, modules: list[A.Module], broken: set) -> None:
        for m in modules:
            for d in m.decls:
                if has_error(d, broken):
                    continue
                options: dict = {}
                for n in nodes_in(d):
                    if isinstance(n, A.If):
                        self._dead_branches(n)
                    elif isinstance(n, A.Let) and _offers(n.value) is not None:
                        options[n.name] = _offers(n.value)
                if options:
                    self._unknown_options(d, options)
        self._held_twice(modules)
        self._bounded_writes(modules, broken)
        for m in modules:
            for d in m.decls:
                if isinstance(d, A.SkillDecl) and not has_error(d, broken):
                    self._text_limit(d)
                    self._whose_turn(d)
                    self._use_or_play(d)
                    for c in d.clauses:
                        if isinstance(c, A.TriggerClause) and c.when is not None:
                            self._fresh_counter(d, c)
        endless_modes(modules, self.d)

    # ── an elif no value reaches ─────────────────────────────────────────────────
    def _dead_branches(self, st: A.If) -> None:
        seen: list = []
        for cond, _ in st.branches:
            mine = self._atoms(cond)
            if mine is not None:
                for prev_cond, prev in seen:
                    if _implies(mine, prev):
                        self.d.warning(cond.span, f"this branch is never taken: whenever this holds, the "
                                                  f"condition at line {prev_cond.span.line} already did",
                                       "the earlier branch takes every such value: put the narrower test first, "
                                       "or fix the compared value", code="dead-branch")
                        break
                seen.append((cond, mine))

    def _atoms(self, e) -> Optional[list]:
        if isinstance(e, A.BoolOp) and e.op == "and":
            left, right = self._atoms(e.left), self._atoms(e.right)
            return left + right if left is not None and right is not None else None
        if isinstance(e, A.Compare) and e.op in _FLIP:
            for side, other, op in ((e.left, e.right, e.op), (e.right, e.left, _FLIP[e.op])):
                const = self._constant(other)
                subject = key(side) if _settled(side) else None
                if const is not None and subject is not None and self._constant(side) is None:
                    return [(subject, op, const)]
            return None
        if isinstance(e, A.Not):
            inner = self._atoms(e.operand)
            if inner and len(inner) == 1 and inner[0][1:] == ("==", True):
                return [(inner[0][0], "==", False)]
            return None
        subject = key(e) if isinstance(e, (A.Name, A.Field, A.Call)) and _settled(e) else None
        return [(subject, "==", True)] if subject is not None else None

    def _constant(self, e):
        if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit)):
            return e.value
        if isinstance(e, A.Neg) and isinstance(e.operand, A.IntLit):
            return -e.operand.value
        if isinstance(e, A.NoneLit):
            return ("none",)
        ref = self.refs.get(e)
        if isinstance(e, (A.Name, A.Field)) and ref is not None and ref[0] in _FIXED:
            return ("name", ref[-1])
        return None

    # ── an option no choose_option offers ────────────────────────────────────────
    def _unknown_options(self, d, options: dict) -> None:
        assigned = {n.target.id for n in nodes_in(d) if isinstance(n, (A.Assign, A.AugAssign))
                    and isinstance(n.target, A.Name)}
        for n in nodes_in(d):
            if not (isinstance(n, A.Compare) and n.op in ("==", "!=")):
                continue
            for side, other in ((n.left, n.right), (n.right, n.left)):
                offered = options.get(side.id) if isinstance(side, A.Name) and side.id not in assigned \
                    else _offers(side)
                if offered and isinstance(other, A.StrLit) and other.value not in offered:
                    near = _nearest(other.value, offered)
                    self.d.warning(other.span, f"no `choose_option` here offers \"{other.value}\", so this "
                                               f"is {'never' if n.op == '==' else 'always'} true",
                                   f"its options: {', '.join(chr(34) + o + chr(34) for o in offered)}"
                                   + (f"; did you mean \"{near}\"?" if near else ""), code="unknown-option")

    # ── the printed text says once; the code does not ─────────────────────────────
    def _text_limit(self, d: A.SkillDecl) -> None:
        once = _ONCE.search(d.text)
        if once is None or d.kind in ("limited", "awakening"):
            return
        actives = [c for c in d.clauses if isinstance(c, A.ActiveClause)]
        if actives and all(c.limit is None for c in actives):
            scope = {"階段": "phase", "阶段": "phase", "回合": "turn", "輪": "round"}.get(once.group(1) or "", "turn")
            self.d.warning(actives[0].span, f"the text of `{d.name}` says {once.group(0)}, but this active skill "
                                            "has no `limit`: it can be used again and again",
                           f"write `active limit 1 per {scope} {{ … }}`", code="text-limit")

    # ── the text says "your turn"; the trigger fires on every turn (or the converse) ─
    def _whose_turn(self, d: A.SkillDecl) -> None:
        mine, anyone = _YOUR_TURN.search(d.text), _ANY_TURN.search(d.text)
        if bool(mine) == bool(anyone):
            return
        for c in d.clauses:
            if not isinstance(c, A.TriggerClause) or c.action not in ("turn", "phase"):
                continue
            looked = ([c.when] if c.when is not None else []) + [
                cond for st in c.body.stmts[:1] if isinstance(st, A.If) for cond, _ in st.branches]
            test = next((n for e in looked for n in nodes_in(e) if _is_turn_owner(n)), None)
            if mine and test is None:
                self.d.warning(c.span, f"the text of `{d.name}` says {mine.group(0)}, but this trigger fires "
                                       "on every player's turn",
                               "add `event.player == owner` to its condition", code="whose-turn")
            elif anyone and test is not None and test.op == "==":
                self.d.warning(test.span, f"the text of `{d.name}` says {anyone.group(0)}, but this trigger "
                                          "fires only on its owner's turn",
                               "drop `event.player == owner` (for another player's turn only: "
                               "`event.player != owner`)", code="whose-turn")

    # ── 使用 in the text, 打出 in the code (or the converse) ─────────────────────────
    def _use_or_play(self, d: A.SkillDecl) -> None:
        says = [w for w, word in (("use", "使用"), ("play", "打出")) if word in d.text]
        if len(says) != 1:
            return
        said, other = says[0], "play" if says[0] == "use" else "use"
        words = {"use": "使用", "play": "打出"}
        for c in d.clauses:
            if said == "play" and isinstance(c, A.TriggerClause) and c.action.startswith("use"):
                self.d.warning(c.event_span, f"the text of `{d.name}` says 打出, but `{c.action}` runs only when a "
                                             "card is used (使用)",
                               "a card played (打出) is not used: listen where it is played, e.g. a window whose "
                               "purpose or reason is \"play\"", code="use-or-play")
        for n in nodes_in(d):
            if isinstance(n, A.StrLit) and n.value == other:
                self.d.warning(n.span, f"the text of `{d.name}` says {words[said]}, but this is \"{other}\" "
                                       f"({words[other]})",
                               f"write \"{said}\": a card {'used' if said == 'use' else 'played'} is not "
                               f"{'played' if said == 'use' else 'used'}", code="use-or-play")

    # ── a condition on a counter its reset has just put back ──────────────────────
    _FRESH = {("turn", "start"): "turn", ("round", "start"): "round", ("phase", "start"): "phase",
              ("phase", "before"): "phase"}

    def _fresh_counter(self, d: A.SkillDecl, c: A.TriggerClause) -> None:
        action = "phase" if c.action in self.s.phases else c.action      # `draw_phase.start`
        scope = self._FRESH.get((action, c.window))
        if scope is None:
            return
        for part in _conjuncts(c.when):
            atoms = self._atoms(part)
            if not atoms or len(atoms) != 1:
                continue
            subject, op, const = atoms[0]
            name = subject.rsplit(".", 1)[-1]
            owner = "player" if "." in subject else "table"
            decl = self.s.counters.get((owner, name))
            if decl is None or decl.reset != scope or not isinstance(const, int) or isinstance(const, bool):
                continue
            init = decl.init.value if isinstance(decl.init, A.IntLit) else 0 if decl.init is None else None
            if init is not None and not _holds(op, init, const):
                self.d.warning(part.span, f"`{name}` is reset to {init} as each {scope} starts, so this never "
                                          f"holds in `{c.action}.{c.window}`",
                               f"check it before the reset (e.g. at `{scope}.end`), or reset it less often "
                               f"(`reset {_WIDER.get(scope, 'round')}`, or no `reset`)", code="reset-condition")

    # ── a bound lowered by hand where the pack has a function for it ───────────────
    def _bounded_writes(self, modules, broken: set) -> None:
        decls = [d for m in modules for d in m.decls]
        bounds = {}                  # a player counter another's `max` names -> that other counter
        for (owner, name), c in self.s.counters.items():
            for n in nodes_in(c.max) if owner == "player" and c.max is not None else ():
                if isinstance(n, A.Field) and isinstance(n.obj, A.Name) and n.obj.id == "self":
                    bounds.setdefault(n.name, name)
        helpers = {}                 # such a counter -> the first function or action of the pack lowering it
        for d in decls:
            if isinstance(d, (A.FuncDecl, A.ActionDecl)):
                for n in nodes_in(d):
                    if _lowers(n) in bounds:
                        helpers.setdefault(_lowers(n), d.name)
        for d in decls:
            if not isinstance(d, (A.SkillDecl, A.CardDecl)) or has_error(d, broken):
                continue
            for n in nodes_in(d):
                name = _lowers(n)
                if name in helpers:
                    self.d.warning(n.span, f"`{name}` bounds `{bounds[name]}`: lowered by hand, `{bounds[name]}` "
                                           f"may stay above it, and what `{helpers[name]}` does besides is skipped",
                                   f"call `{helpers[name]}(…)`, which the pack offers for it", code="bounded-write")

    # ── a skill a character lists and is granted too ─────────────────────────────
    def _held_twice(self, modules) -> None:
        skills = {d.name: d for m in modules for d in m.decls if isinstance(d, A.SkillDecl)}
        for m in modules:
            for ch in m.decls:
                if not isinstance(ch, A.CharacterDecl):
                    continue
                listed = {n: span for sc in ch.skills for n, span in sc.names}
                for name in listed:
                    sk = skills.get(name)
                    if sk is None:
                        continue
                    for n in nodes_in(sk):
                        if isinstance(n, A.SkillsClause):
                            again = [(g, sp) for g, sp in n.names if g in listed and g != name]
                        elif isinstance(n, A.Call) and isinstance(n.func, A.Name) and n.func.id == "grant" \
                                and len(n.args) == 2 and isinstance(n.args[0].value, A.Name) \
                                and n.args[0].value.id == "owner" and isinstance(n.args[1].value, A.Name) \
                                and n.args[1].value.id in listed:
                            again = [(n.args[1].value.id, n.args[1].value.span)]
                        else:
                            continue
                        for g, sp in again:
                            self.d.warning(sp, f"`{ch.name}` already lists `{g}`, and `{name}` grants it again",
                                           f"a skill a character starts with needs no grant: take `{g}` out of "
                                           f"`{ch.name}`'s `skills` if `{name}` is what gives it",
                                           code="granted-twice")


_ONCE = re.compile(r"(?:出牌)?(階段|阶段|回合|輪)?限一次")
_PHASES = r"(?:回合|準備階段|准备阶段|判定階段|判定阶段|摸牌階段|摸牌阶段|出牌階段|出牌阶段|棄牌階段|弃牌阶段|結束階段|结束阶段)"
_YOUR_TURN = re.compile(r"你的" + _PHASES + r"(?!外)|\byour (?:turn|\w+ phase)\b", re.I)
_ANY_TURN = re.compile(r"(?:一名|每名|任意|其他|任一)角色的" + _PHASES + r"|\b(?:each|every|any|another) player's "
                       r"(?:turn|\w+ phase)\b", re.I)
_WIDER = {"phase": "turn", "turn": "round"}
_ASKS = ("ask", "choose", "random", "shuffled", "pick")


def _settled(e) -> bool:
    """Whether an expression gives the same value each time one `if … elif` reads it: no decision or
    draw of chance in it."""
    return not any(isinstance(n, A.Call) and isinstance(n.func, A.Name) and n.func.id.startswith(_ASKS)
                   for n in nodes_in(e))


def _lowers(n) -> Optional[str]:
    """The player counter a statement lowers or sets (`p.max_hp -= 1`, `p.max_hp = 2`), if any."""
    if isinstance(n, A.AugAssign) and n.op == "-=" or isinstance(n, A.Assign):
        if isinstance(n.target, A.Field):
            return n.target.name
    return None


def _conjuncts(e) -> list:
    if isinstance(e, A.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _is_turn_owner(n) -> bool:
    """`event.player == owner` (or `!=`, or `current` for `event.player`), either way round."""
    if not (isinstance(n, A.Compare) and n.op in ("==", "!=")):
        return False
    sides = {key(n.left), key(n.right)}
    return "owner" in sides and bool(sides & {"event.player", "current"})


def _offers(e) -> Optional[list]:
    """The texts a `choose_option(p, ["…", …], …)` (or an `if … then` of it and a text) can give."""
    if isinstance(e, A.IfExpr):
        a, b = _offers(e.then), _offers(e.else_)
        if a is not None or b is not None:
            one = a if a is not None else ([e.then.value] if isinstance(e.then, A.StrLit) else None)
            two = b if b is not None else ([e.else_.value] if isinstance(e.else_, A.StrLit) else None)
            return one + [x for x in two if x not in one] if one is not None and two is not None else None
        return None
    if isinstance(e, A.Call) and isinstance(e.func, A.Name) and e.func.id == "choose_option" and len(e.args) >= 2:
        items = e.args[1].value
        if isinstance(items, A.ListLit) and items.items and all(isinstance(x, A.StrLit) for x in items.items):
            return [x.value for x in items.items]
    return None


def _nearest(text: str, offered: list) -> Optional[str]:
    import difflib
    close = difflib.get_close_matches(text, offered, n=1, cutoff=0.4)
    return close[0] if close else None


def _holds(op: str, x, c) -> bool:
    if op in ("==", "!="):
        return (x == c) == (op == "==")
    if not (isinstance(x, int) and isinstance(c, int)) or isinstance(x, bool) or isinstance(c, bool):
        return True
    return {"<": x < c, "<=": x <= c, ">": x > c, ">=": x >= c}[op]


def _implies(mine: list, prev: list) -> bool:
    """Whether every value meeting `mine` meets `prev` too (each of `prev`'s subjects is one of `mine`'s)."""
    subjects = {s for s, _, _ in prev}
    if not subjects <= {s for s, _, _ in mine}:
        return False
    for subject in subjects:
        atoms = [a for a in mine if a[0] == subject]
        needed = [a for a in prev if a[0] == subject]
        values: set = {object()}
        for _, _, c in atoms + needed:
            values.add(c)
            if isinstance(c, int) and not isinstance(c, bool):
                values |= {c - 1, c + 1}
        if any(all(_holds(op, x, c) for _, op, c in atoms) and not all(_holds(op, x, c) for _, op, c in needed)
               for x in values):
            return False
    return True


def endless_modes(modules: list, diags) -> None:
    """A mode none of whose code (its setup and rules, and the pack's shared rules) can reach
    `end_game`: every game runs to the turn limit with no winner."""
    decls = [d for m in modules for d in m.decls]
    modes = [d for d in decls if isinstance(d, A.ModeDecl)]
    if not modes:
        return
    calls: dict = {}
    for d in decls:
        if isinstance(d, (A.FuncDecl, A.ActionDecl)):
            calls[d.name] = _called(d)
    ends = {"end_game"}
    grew = True
    while grew:
        grew = False
        for name, called in calls.items():
            if name not in ends and called & ends:
                ends.add(name)
                grew = True
    own = {mode.name: {n for sc in mode.rules + mode.skills for n, _ in sc.names} for mode in modes}
    for mode in modes:
        others = set().union(*(names for name, names in own.items() if name != mode.name)) - own[mode.name]
        shared = [d for d in decls if not isinstance(d, (A.ModeDecl, A.FuncDecl, A.ActionDecl))
                  and not (isinstance(d, A.SkillDecl) and d.name in others)]
        if any(_called(d) & ends for d in shared + [mode]):
            continue
        enders = [d.name for d in decls if isinstance(d, A.SkillDecl) and d.name in others and _called(d) & ends]
        how = (f"list a rule that ends it in `rules` (other modes use {', '.join(f'`{n}`' for n in enders[:3])})"
               if enders else "call `end_game(winners)` where the game is won")
        diags.warning(mode.span, f"nothing mode `{mode.name}` runs can end the game: its setup, its rules and the "
                                 "pack's shared rules never reach `end_game`",
                      f"its games all run to the turn limit ({mode.turn_limit}) with no winner: {how}",
                      code="endless-mode")


def _called(d) -> set:
    return {n.func.id for n in nodes_in(d) if isinstance(n, A.Call) and isinstance(n.func, A.Name)}
