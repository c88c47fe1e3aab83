"""What a skill's printed text says against what its code does: 限一次 with no `limit`, 你的回合 with a
trigger on every turn (and the converse), 使用 in the text with "play" in the code (and the converse).
The text is the rulebook's; when the two disagree the code is likelier the mistake, so the help says
what to write in the code. Each has a stable code (docs/language.md, "What the checker tells you")."""
from __future__ import annotations

import re

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import nodes_in
from spellcard.compiler.check.narrow import key

_ONCE = re.compile(r"(?:出牌)?(階段|阶段|回合|輪)?限一次")
_PHASES = r"(?:回合|準備階段|准备阶段|判定階段|判定阶段|摸牌階段|摸牌阶段|出牌階段|出牌阶段|棄牌階段|弃牌阶段|結束階段|结束阶段)"
_YOUR_TURN = re.compile(r"你的" + _PHASES + r"(?!外)|\byour (?:turn|\w+ phase)\b", re.I)
_ANY_TURN = re.compile(r"(?:一名|每名|任意|其他|任一)角色的" + _PHASES + r"|\b(?:each|every|any|another) player's "
                       r"(?:turn|\w+ phase)\b", re.I)


def check_wording(d: A.SkillDecl, diags, phases=()) -> None:
    _text_limit(d, diags)
    _whose_turn(d, diags, phases)
    _use_or_play(d, diags)


# ── the printed text says once; the code does not ─────────────────────────────
def _text_limit(d: A.SkillDecl, diags) -> None:
    once = _ONCE.search(d.text)
    if once is None or d.kind in ("limited", "awakening"):
        return
    actives = [c for c in d.clauses if isinstance(c, A.ActiveClause)]
    if actives and all(c.limit is None for c in actives):
        scope = {"階段": "phase", "阶段": "phase", "回合": "turn", "輪": "round"}.get(once.group(1) or "", "turn")
        diags.warning(actives[0].span, f"the text of `{d.name}` says {once.group(0)}, but this active skill "
                                       "has no `limit`: it can be used again and again",
                      f"write `active limit 1 per {scope} {{ … }}`", code="text-limit")


# ── the text says "your turn"; the trigger fires on every turn (or the converse) ─
def _whose_turn(d: A.SkillDecl, diags, phases) -> None:
    mine, anyone = _YOUR_TURN.search(d.text), _ANY_TURN.search(d.text)
    if bool(mine) == bool(anyone):
        return
    for c in d.clauses:
        if not isinstance(c, A.TriggerClause) or c.action not in ("turn", "phase") and c.action not in phases:
            continue
        looked = ([c.when] if c.when is not None else []) + [
            cond for st in c.body.stmts[:1] if isinstance(st, A.If) for cond, _ in st.branches]
        test = next((n for e in looked for n in nodes_in(e) if _is_turn_owner(n)), None)
        if mine and test is None:
            diags.warning(c.span, f"the text of `{d.name}` says {mine.group(0)}, but this trigger fires "
                                  "on every player's turn",
                          "add `event.player == owner` to its condition", code="whose-turn")
        elif anyone and test is not None and test.op == "==":
            diags.warning(test.span, f"the text of `{d.name}` says {anyone.group(0)}, but this trigger "
                                     "fires only on its owner's turn",
                          "drop `event.player == owner` (for another player's turn only: "
                          "`event.player != owner`)", code="whose-turn")


# ── 使用 in the text, 打出 in the code (or the converse) ─────────────────────────
def _use_or_play(d: A.SkillDecl, diags) -> None:
    says = [w for w, word in (("use", "使用"), ("play", "打出")) if word in d.text]
    if len(says) != 1:
        return
    said, other = says[0], "play" if says[0] == "use" else "use"
    words = {"use": "使用", "play": "打出"}
    for c in d.clauses:
        if said == "play" and isinstance(c, A.TriggerClause) and c.action.startswith("use"):
            diags.warning(c.event_span, f"the text of `{d.name}` says 打出, but `{c.action}` runs only when a "
                                        "card is used (使用)",
                          "a card played (打出) is not used: listen where it is played, e.g. a window whose "
                          "purpose or reason is \"play\"", code="use-or-play")
    for n in nodes_in(d):
        if isinstance(n, A.StrLit) and n.value == other:
            diags.warning(n.span, f"the text of `{d.name}` says {words[said]}, but this is \"{other}\" "
                                  f"({words[other]})",
                          f"write \"{said}\": a card {'used' if said == 'use' else 'played'} is not "
                          f"{'played' if said == 'use' else 'used'}", code="use-or-play")


def _is_turn_owner(n) -> bool:
    """`event.player == owner` (or `!=`, or `current` for `event.player`), either way round."""
    if not (isinstance(n, A.Compare) and n.op in ("==", "!=")):
        return False
    sides = {key(n.left), key(n.right)}
    return "owner" in sides and bool(sides & {"event.player", "current"})
