"""Shared helpers for the 东方幻想合战 (bots) scenario tests.

Every character of the pack is stat-only (4 体力上限, 4 灵力上限, no skills), so any names will do; the
tests use the ones the rulebook itself names.
"""
from spellcard.scenario import Scenario

TWO = ["Marisa", "Cirno"]
THREE = ["Marisa", "Cirno", "Youmu"]
FOUR = ["Marisa", "Cirno", "Youmu", "Kaguya"]
FIVE = ["Marisa", "Cirno", "Youmu", "Kaguya", "Mokou"]


def scenario(chars=THREE, **kw) -> Scenario:
    return Scenario("bots", chars, **kw)


def asked(s, seat, what=None, prompt=None):
    """The decisions that reached player `seat` (forced ones never do), optionally of one sort."""
    return [d for d in s.agents[seat].log
            if (what is None or d.what == what) and (prompt is None or prompt in d.prompt)]


def set_hp(s, seat, hp, max_hp=None):
    """Put a player at `hp` (and a maximum), keeping the HP ceiling consistent."""
    m = max_hp if max_hp is not None else max(hp, s.value(seat, "max_hp"))
    s.set(seat, max_hp=m, hp_ceiling=max(m, hp))
    s.set(seat, hp=hp)


def set_spirit(s, seat, spirit, max_spirit=None):
    m = max_spirit if max_spirit is not None else max(spirit, s.value(seat, "max_spirit"))
    s.set(seat, max_spirit=m, spirit_ceiling=max(m, spirit))
    s.set(seat, spirit=spirit)


def focus(s, seat):
    """Switch a player to 低速模式 the way the mode-switch phase does."""
    s.perform("switch_mode", player=s.p(seat), to="focus_mode")


def put(s, seat, zone, *specs):
    """Cards from the deck into a player's zone, one spec at a time, so that "Strike", "Strike" are two
    different copies (the harness resolves a whole call's specs before moving any)."""
    return [c for spec in specs for c in s.zone(seat, zone, spec)]


def hand(s, seat, *specs):
    return put(s, seat, "hand", *specs)


def danmaku(s, seat, *specs):
    """Give a player face-down danmaku cards straight from the deck."""
    return put(s, seat, "danmaku_zone", *specs)


def set_roles(s, roles):
    """One role per seat, in seat order (the Identity mode's rules read them)."""
    for seat, role in enumerate(roles):
        s.set(seat, role=role)
