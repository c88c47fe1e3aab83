"""Chains of windows in a game's log, and who took part in each: what explore calls an interaction.

A chain is what one top-level step set going: a play (from the `play` decision to the next), a
trigger that fired outside any action (at a turn's or phase's window) with the actions its body
ran, or a phase's own actions. Everything nested inside (actions, their windows, the triggers that
fired there) belongs to it. Turn, phase and round entries and each top-level `play` decision close
the chain under way.

A seat *took part* in a chain when one of its skills fired or was activated there, or it was a
player argument of an action there (a user, source or target). Two seats *interacted* when both
took part in one chain and a skill of either fired or was activated in it: not merely a card
played at a seat, but a rule of one answering the other. A seat interacted with a card kind
when it took part in a chain where a skill the kind grants acted, or where a card of the kind
was used (an action's `card`) and a skill of the seat acted. Both *acted* when a skill of each
(or one the card kind grants) acted in one chain: the closest meeting, where rare bugs live.
"""
from __future__ import annotations

import re
from typing import Iterable, Iterator

import attrs

_SEAT = re.compile(r"P(\d+)\Z")
_CLOSE = frozenset(("turn", "phase", "round", "round_over", "over"))


@attrs.define
class Chain:
    seats: set = attrs.Factory(set)        # seats that took part
    skilled: set = attrs.Factory(set)      # seats whose skill fired or was activated
    cards: set = attrs.Factory(set)        # card ids and virtual cards' kinds an action ran with (`card`)
    skills: set = attrs.Factory(set)       # skills that fired or were activated


def chains(entries: Iterable[tuple]) -> Iterator[Chain]:
    """The log's chains, in order (each yielded once it closes)."""
    depth = 0
    chain = None
    for e in entries:
        kind = e[0]
        if kind == "act":
            if depth == 0 and chain is None:
                chain = Chain()
            depth += 1
            _arguments(chain, e[2])
        elif kind == "end":
            depth = max(depth - 1, 0)
        elif kind in ("fire", "activate"):
            if depth == 0:                   # a trigger at a turn's or phase's window, or an active skill
                if chain is not None:
                    yield chain
                chain = Chain()
            chain.skills.add(e[1])
            m = _SEAT.match(e[2])
            if m:
                seat = int(m.group(1))
                chain.seats.add(seat)
                chain.skilled.add(seat)
        elif depth == 0 and (kind in _CLOSE or kind == "ask" and e[2] == "play"):
            if chain is not None:
                yield chain
            chain = None
    if chain is not None:
        yield chain


def _arguments(chain: Chain, params: dict) -> None:
    """Seats among an action's arguments, and the card it ran with (a `card` argument: the card
    used, or the one a damage came from; not the cards merely moved)."""
    for key, v in params.items():
        for x in v if isinstance(v, list) else (v,):
            if isinstance(x, str):
                m = _SEAT.match(x)
                if m:
                    chain.seats.add(int(m.group(1)))
        if key == "card":
            if isinstance(v, int) and not isinstance(v, bool):
                chain.cards.add(v)
            elif isinstance(v, dict) and "as" in v:
                chain.cards.add(v["as"])


def interacted(chain: Chain, a: int, b: int) -> bool:
    """Whether seats `a` and `b` both took part in `chain`, a skill of either acting there."""
    return a in chain.seats and b in chain.seats and bool(chain.skilled & {a, b})


def both_acted(chain: Chain, a: int, b: int) -> bool:
    """Whether a skill of `a` and one of `b` both acted in `chain` (both fired in one damage, say)."""
    return a in chain.skilled and b in chain.skilled


def card_interacted(chain: Chain, seat: int, kind: str, kind_of: dict, skills_of_kind: dict) -> bool:
    """Whether `seat` took part in `chain` beside a card of `kind`: a skill the kind grants acted,
    or the card was used there while a skill of the seat acted."""
    if seat not in chain.seats:
        return False
    if chain.skills & skills_of_kind.get(kind, set()):
        return True
    return seat in chain.skilled and any(kind_of.get(c, c) == kind for c in chain.cards)
