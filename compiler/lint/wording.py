"""What a skill's printed text says against what its code does, in the phrases the pack declares
(`wording`, phrasing.py): "once per turn" with no `limit`, "your turn" with a trigger on every turn (and
the converse), "use" in the text with "play" in the code (and the converse).
The text is the rulebook's; when the two disagree the code is likelier the mistake, so the help says
what to write in the code. Each has a stable code (docs/language.md, "What the checker tells you")."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import nodes_in
from spellcard.compiler.check.narrow import key
from .phrasing import Phrasing


def check_wording(d: A.SkillDecl, diags, phrasing: Phrasing, phases, strings: list) -> None:
    """Each lint reads the phrases the pack declares (`wording`); one it does not declare is not linted.
    `strings`: the skill's text literals, in its walk's order (loops.Walked.of)."""
    _text_limit(d, diags, phrasing)
    _whose_turn(d, diags, phrasing, phases)
    _use_or_play(d, diags, phrasing, strings)


# ── the printed text says once; the code does not ─────────────────────────────
def _text_limit(d: A.SkillDecl, diags, phrasing: Phrasing) -> None:
    once = phrasing.once_in(d.text)
    if once is None or d.kind in ("limited", "awakening"):
        return
    actives = [c for c in d.clauses if isinstance(c, A.ActiveClause)]
    if actives and all(c.limit is None for c in actives):
        said, scope = once
        diags.warning(actives[0].span, f"the text of `{d.name}` says {said}, but this active skill "
                                       "has no `limit`: it can be used again and again",
                      f"write `active limit 1 per {scope} {{ … }}`", code="text-limit")


# ── the text says "your turn"; the trigger fires on every turn (or the converse) ─
def _whose_turn(d: A.SkillDecl, diags, phrasing: Phrasing, phases) -> None:
    mine, anyone = phrasing.turn_in(d.text, phrasing.yours), phrasing.turn_in(d.text, phrasing.anyones)
    if bool(mine) == bool(anyone):
        return
    for c in d.clauses:
        if not isinstance(c, A.TriggerClause) or c.action not in ("turn", "phase") and c.action not in phases:
            continue
        looked = ([c.when] if c.when is not None else []) + [
            cond for st in c.body.stmts[:1] if isinstance(st, A.If) for cond, _ in st.branches]
        test = next((n for e in looked for n in nodes_in(e) if _is_turn_owner(n)), None)
        if mine and test is None:
            diags.warning(c.span, f"the text of `{d.name}` says {mine}, but this trigger fires "
                                  "on every player's turn",
                          "add `event.player == owner` to its condition", code="whose-turn")
        elif anyone and test is not None and test.op == "==":
            diags.warning(test.span, f"the text of `{d.name}` says {anyone}, but this trigger "
                                     "fires only on its owner's turn",
                          "drop `event.player == owner` (for another player's turn only: "
                          "`event.player != owner`)", code="whose-turn")


# ── "use" in the text, "play" in the code (or the converse), in the words the pack declares ──
def _use_or_play(d: A.SkillDecl, diags, phrasing: Phrasing, strings: list) -> None:
    says = phrasing.purpose_said(d.text)
    if len(says) != 1:
        return
    said, other = says[0], "play" if says[0] == "use" else "use"
    words = {"use": phrasing.word("use"), "play": phrasing.word("play")}
    for c in d.clauses:
        if said == "play" and isinstance(c, A.TriggerClause) and c.action.startswith("use"):
            diags.warning(c.event_span, f"the text of `{d.name}` says {words['play']}, but `{c.action}` runs "
                                        f"only when a card is used ({words['use']})",
                          f"a card played ({words['play']}) is not used: listen where it is played, e.g. a "
                          "window whose purpose or reason is \"play\"", code="use-or-play")
    for n in strings:
        if n.value == other:
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
