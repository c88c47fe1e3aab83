"""A broken game written as a `.spell` test: its table, every seat's answers in order, `run game`.

Each answer is written in the test's own words (a card spec, a skill, a character or seat, yes,
no, pass, an option's text) and only if the harness reads it back as the same answer. Answers
after a seat's last one that was not the quiet answer are left out: an unscripted decision gets
the quiet answer anyway. Running the test replays the game to the same break, so it fails until
the rule is fixed.
"""
from __future__ import annotations

import re
from spellcard.answers import TestAgent, spec_of
from spellcard.runtime.decisions import MANY, YES_NO, DeclineAgent, ScriptMismatch, label
from spellcard.runtime.model import Card, Play, Player
from spellcard.scenario import Scenario

from .strategies import TableSpec

PER_LINE = 10                 # answers on one `answer` line
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_QUIET = DeclineAgent()


def test_text(s: Scenario, spec: TableSpec, title: str, comment: str) -> str:
    seat_names = _seat_names(spec.seats)
    lines = [f"# {line}" for line in comment.splitlines()]
    lines.append(f"test {_quoted(title)} {{")
    lines.append(f"  mode {spec.mode}")
    lines.append(f"  seats {', '.join(spec.seats)}")
    lines.append("  setup")
    if spec.deck_top:
        lines.append(f"  deck top: {', '.join(spec.deck_top)}")
    for seat, tokens in enumerate(answers(s, seat_names)):
        for i in range(0, len(tokens), PER_LINE):
            lines.append(f"  answer {seat_names[seat]}: {', '.join(tokens[i:i + PER_LINE])}")
    lines.append("  run game")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _seat_names(seats) -> list[str]:
    """A seat by its character, or by its number when the character sits at an earlier seat too."""
    return [c if c not in seats[:i] else f"P{i}" for i, c in enumerate(seats)]


def answers(s: Scenario, seat_names: list[str]) -> list[list[str]]:
    """Per seat, the answers to write, in the order the seat was asked."""
    per_seat: list[list] = [[] for _ in s.agents]
    for d, answer, forced in s.decisions:
        per_seat[d.player.seat].append((d, answer, forced))
    out = []
    for seat, asked in enumerate(per_seat):
        agent = s.agents[seat]
        tokens: list[tuple[str, bool]] = []            # (token, quiet)
        for d, answer, forced in asked:
            if forced:
                continue
            tokens.append((token(agent, d, answer, s, seat_names), answer == _QUIET.answer(s.game, d)))
        while tokens and tokens[-1][1]:
            tokens.pop()
        out.append([t for t, _ in tokens])
    return out


def token(agent: TestAgent, d, answer, s: Scenario, seat_names: list[str]) -> str:
    """The first of the answer's names that the harness reads back as this very answer."""
    if d.kind == YES_NO:
        return "yes" if answer else "no"
    if d.kind == MANY:
        return "[" + ", ".join(_names(d.options[i], s, seat_names)[0] for i in answer) + "]"
    for name in _names(d.options[answer], s, seat_names):
        if _reads_back(agent, d, name, answer, s, seat_names):
            return name
    return _names(d.options[answer], s, seat_names)[0]


def _names(o, s: Scenario, seat_names: list[str]) -> list[str]:
    if o is None or (isinstance(o, Play) and o.card is None and o.skill is None and o.convert is None):
        return ["pass"]
    if isinstance(o, Player):
        return [seat_names[o.seat], f"P{o.seat}"]
    card = o.card if isinstance(o, Play) else o if isinstance(o, Card) else None
    names = []
    if isinstance(o, Play) and o.convert is not None:
        names.append(o.convert.skill.name)
    if isinstance(o, Play) and o.skill is not None and card is None:
        names.append(o.skill.name)
    if card is not None:
        names += [spec_of(s.pack, c) for c in (card.sources if card.virtual else (card,))]
        names.append(card.kind.name)
    text = label(o)
    names.append(text if _NAME.match(text) else _quoted(text))
    return names


def _reads_back(agent: TestAgent, d, name: str, answer, s: Scenario, seat_names: list[str]) -> bool:
    want = name[1:-1] if name.startswith('"') else name
    if want in seat_names or re.match(r"P\d+\Z", want):
        seat = seat_names.index(want) if want in seat_names else int(want[1:])
        want = s.p(seat)
    try:
        return agent.resolve(d, want) == answer
    except ScriptMismatch:
        return False
    finally:
        agent._source = None


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'
