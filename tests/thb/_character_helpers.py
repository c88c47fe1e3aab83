"""Small helpers shared by the THB character tests (test_characters*.py, test_interactions.py)."""
from __future__ import annotations

import json

# The rules and deck the scenarios use, whatever the number of seats: the plain table rules of the
# 1v1 mode and the standard 144-card deck (a mode picked by seat count could bring its own rules).
MODE = "Duel"


def asked(s, seat: int, what: str | None = None, prompt: str | None = None) -> list:
    """The decisions put to `seat` so far (forced ones are not asked), filtered by kind or prompt."""
    out = []
    for d in s.agents[seat].log:
        if what is not None and d.what != what:
            continue
        if prompt is not None and prompt not in d.prompt:
            continue
        out.append(d)
    return out


def offered_plays(s, seat: int) -> list[list[str]]:
    """For each action-phase decision of `seat`, the names of what was offered."""
    names = []
    for d in asked(s, seat, "play"):
        row = []
        for o in d.options:
            if o is None:
                row.append("pass")
            elif o.card is not None:
                row.append(o.card.kind.name)
            else:
                row.append(o.skill.name)
        names.append(row)
    return names


def events(s, action: str) -> list[dict]:
    """The parameters of every `action` that ran, from the scenario log."""
    out = []
    for line in s.log():
        e = json.loads(line)
        if e[0] == "act" and e[1] == action:
            out.append(e[2])
    return out


def fired(s, skill: str) -> int:
    return sum(1 for line in s.log() if json.loads(line)[:2] == ["fire", skill])


def zone_cards(s, seat: int, zone: str = "hand") -> list:
    return list(s.p(seat).z[zone].cards)


def discard_pile(s) -> list:
    return list(s.game.z["discard_pile"].cards)


def distance(s, a: int, b: int) -> int:
    return s.game.query("distance", s.p(a), s.p(b))


def has_skill(s, seat: int, skill: str) -> bool:
    return any(i.skill.name == skill for i in s.p(seat).skills)
