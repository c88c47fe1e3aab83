"""Win rates for the site's character pages (`spellcard doc --simulate N`): a quick seeded
simulation per mode, the same games `spellcard simulate` plays, added up per character."""
from __future__ import annotations

from typing import Callable, Sequence

import attrs

from spellcard.runtime.defs import PackDef
from spellcard.simulate import Table, game_seed, simulate


@attrs.frozen
class Rate:
    """A character's games in one mode (or, with mode "", in every mode simulated)."""
    mode: str
    label: str
    played: int
    won: int

    @property
    def rate(self) -> str:
        return f"{100 * self.won / self.played:.1f}%" if self.played else "—"


@attrs.define
class WinRates:
    games: int                              # per mode
    seed: int
    modes: list                             # (name, label, players)
    by_character: dict = attrs.Factory(dict)    # character name -> [Rate per mode where it played]
    errors: int = 0
    first_error: str = ""

    def total(self, character: str) -> Rate:
        rows = self.by_character.get(character, [])
        return Rate("", "", sum(r.played for r in rows), sum(r.won for r in rows))


def win_rates(pack: PackDef, modes: Sequence[str], games: int, seed: int,
              on_game: Callable[[], None] = lambda: None) -> WinRates:
    """`games` games of each mode (seeds seed, seed+1, …) at its smallest table, random agents."""
    out = WinRates(games, seed, [])
    for name in modes:
        m = pack.modes[name]
        batch = simulate(Table(pack, name, m.min_players), games, seed, on_game=on_game)
        out.modes.append((name, m.label, m.min_players))
        t = batch.tally
        for character, (played, won) in sorted(t.by_character.items()):
            out.by_character.setdefault(character, []).append(Rate(name, m.label, played, won))
        out.errors += t.errors
        if t.first_error and not out.first_error:
            out.first_error = f"{name}: {t.first_error}"
    return out


def seeds_text(r: WinRates) -> str:
    """How to play the same games again, for the page's caption."""
    last = game_seed(r.seed, r.games - 1)
    return f"seeds {r.seed}–{last}" if r.games > 1 else f"seed {r.seed}"
