"""The built-ins for skills and characters, and for the course of the game (its end, players going
out and coming back, skipped and extra phases, listed turns)."""
from __future__ import annotations

from .registry import builtin
from spellcard.runtime.engine.cards import once_a_pack
from spellcard.runtime.errors import GameOver, RoundOver


# ── skills and characters ─────────────────────────────────────────────────────
@builtin("grant(p: player, s: skill)")
def b_grant(g, p, s):
    """Give `p` the skill `s` (as a character's own skill)."""
    g.grant(p, s)


@builtin("revoke(p: player, s: skill)")
def b_revoke(g, p, s):
    """Take skill `s` away from `p`."""
    for inst in [i for i in p.skills if i.skill is s]:
        g.revoke(p, inst)


@builtin("has_skill(p: player, s: skill) -> bool")
def b_has_skill(g, p, s):
    """Does `p` hold skill `s` now (their own, granted, or lent by a card)?"""
    return any(i.skill is s for i in p.skills)


@builtin("kinds() -> kinds")
def b_kinds(g):
    """Every card kind of the pack, in the order it declares them (`kinds() where it.value > 1`)."""
    return list(g.pack.kinds.values())


@builtin("characters(without: texts = []) -> characters")
def b_characters(g, without=()):
    """Every character of the pack, in the order it declares them, less those carrying any of the
    tags `without` (`characters(without: ["a_tag"])`): each list is made once per pack, so a
    game's set-up costs no more with thousands of characters than with forty."""
    return list(once_a_pack(g.pack, ("characters", *without),
                            lambda: [c for c in g.pack.characters.values() if not any(t in c.tags for t in without)]))


@builtin("preset_character(p: player) -> character?")
def b_preset_character(g, p):
    """The character fixed in advance for this seat, if any: choosing code should take it."""
    return g.presets.get(p.seat)


@builtin("has_tag(c: character, tag: text) -> bool")
def b_has_tag(g, c, tag):
    """Does character `c` carry `tag` (its `tags` line)?"""
    return tag in c.tags


@builtin("set_character(p: player, c: character)")
def b_set_character(g, p, c):
    """Seat character `c` with player `p` (their skills and stats come with it)."""
    if p.character is not None:
        for inst in [i for i in p.skills if i.card is None and i.skill.name in p.character.skills]:
            g.revoke(p, inst)
    p.character = c
    g.era += 1
    if g.log.enabled:
        g.log.add("character", f"P{p.seat}", c.name)
    for s in c.skills:
        g.grant(p, g.pack.skills[s])


# ── the course of the game ──────────────────────────────────────────────────
@builtin("end_game(winners: players, placings: players = [])")
def b_end_game(g, winners, placings=()):
    """End the game now with `winners` as the winners (all players: everyone wins together; none:
    everyone loses). `placings` lists players from first to last, for a game that ranks them; a
    player it leaves out shares the place after the last listed."""
    raise GameOver(list(winners), list(placings))


@builtin("eliminate(p: player)")
def b_eliminate(g, p):
    """Put `p` out of the game: they take no more turns and are not among `players()`."""
    g.set_alive(p, False)
    if g.log.enabled:
        g.log.add("out", f"P{p.seat}")


@builtin("revive(p: player)")
def b_revive(g, p):
    """A player who was out comes back into the game (their counters are the rules' to set)."""
    g.set_alive(p, True)
    if g.log.enabled:
        g.log.add("back", f"P{p.seat}")


@builtin("skip(ph: phase)")
def b_skip(g, ph):
    """Skip phase `ph` of the current turn."""
    g.skipped.add(ph)
    g.era += 1


@builtin("schedule_turn(p: player)")
def b_schedule_turn(g, p):
    """List a turn of this round (call it at round.start): a round whose turns are listed runs exactly
    those, in order; a round with none listed runs every living player in seat order."""
    g.schedule.append(p)
    g.era += 1


@builtin("end_round(next: player? = none)")
def b_end_round(g, next=None):
    """Stop everything now — the resolution under way, the turn, the round — and start a new round,
    from `next`'s turn (by default the player after the current one): a game made of deals that
    reset the table starts each deal from the player its rules name."""
    raise RoundOver(next)


@builtin("is_skipped(ph: phase) -> bool")
def b_is_skipped(g, ph):
    """Has this phase of the current turn been skipped already (skip)?"""
    return ph in g.skipped


@builtin("extra_phase(ph: phase)")
def b_extra_phase(g, ph):
    """Play phase `ph` once more for the current player, now."""
    g.run_phase(g.current, ph)


@builtin("say(message: text)")
def b_say(g, message):
    """Write `message` to the game's log."""
    g.era += 1
    if g.log.enabled:
        g.log.add("say", message)
