"""Win rates for the site's character pages (`spellcard doc --simulate N`): a quick seeded
simulation per mode, the same games `spellcard simulate` plays, added up per character; and what the
characters' skills did in them (how often each fired, and each part that never ran, with why)."""
from __future__ import annotations

from collections import Counter
from typing import Callable, Optional, Sequence

import attrs

from spellcard.runtime.defs import PackDef
from spellcard.balance.unfired import held_by, never_ran
from spellcard.simulate import Table, Tally, game_seed, seeded


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
    skills: Counter = attrs.Factory(Counter)     # skill name -> times fired or used, in every mode
    parts: Counter = attrs.Factory(Counter)      # "Skill#i" -> times that trigger, active or conversion ran
    declined: Counter = attrs.Factory(Counter)   # "Skill#i" -> times its owner was offered it and said no
    pack: Optional[PackDef] = None
    sources: dict = attrs.Factory(dict)          # the pack's source texts, to quote a condition

    def uses(self, character: str) -> list:
        """(skill, label, times fired or used) for each skill the character holds."""
        return [(s, self.pack.skills[s].label, self.skills[s]) for s in held_by(self.pack, [character])]

    def never(self, character: str) -> list[dict]:
        """The parts of the character's skills that never ran, with why (spellcard/balance/unfired.py)."""
        if character not in self.by_character:
            return []               # it never sat: nothing to say of its skills
        return never_ran(self.pack, held_by(self.pack, [character]), self.parts, self.declined, self.sources)

    def total(self, character: str) -> Rate:
        rows = self.by_character.get(character, [])
        return Rate("", "", sum(r.played for r in rows), sum(r.won for r in rows))


def win_rates(pack: PackDef, modes: Sequence[str], games: int, seed: int,
              on_game: Callable[[], None] = lambda: None, sources: Optional[dict] = None) -> WinRates:
    """`games` games of each mode (seeds seed, seed+1, …) at its smallest table, random agents,
    counting the skills used (`sources`, {path: text}, lets a part that never ran quote its condition)."""
    out = WinRates(games, seed, [], pack=pack, sources=sources or {})
    for name in modes:
        m = pack.modes[name]
        table = Table(pack, name, m.min_players)
        t = Tally(table, seed)
        for _, game, result in seeded(table, games, seed, usage=True):
            t.add(game, result)
            out.skills.update(game.usage.skills)
            out.parts.update(game.usage.parts)
            out.declined.update(game.usage.declined)
            on_game()
        out.modes.append((name, m.label, m.min_players))
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
