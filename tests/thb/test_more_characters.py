"""A pack's characters that nobody plays change no game (issue 32): the same THB characters seated
(a simulation's --characters) play the same game, event for event, on THB and on THB with hundreds of
characters added, whose skills listen at the windows every game opens. That holds only while the
set-up deals nothing it need not (pick_characters shuffles no pool when every seat is preset: a
shuffle draws once per character, so a longer pool moves the game's generator) and a window asks
only the skills in play (the trigger index)."""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.simulate import Table, play

ADDED = 300
SKILLS = [
    "on damage.taken when event.target == owner and owner.alive { draw(owner, 1) }",
    "on prepare_phase.start when event.player == owner { draw(owner, 1) }",
    "modify hand_limit when p == owner = value + 1",
    "modify distance when a == owner and b != owner = value - 1",
]


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> tuple:
    """THB, and THB with ADDED characters, each with a skill of SKILLS (a `--with` file)."""
    path = tmp_path_factory.mktemp("more") / "added.spell"
    path.write_text("".join(f'character Added{i} "{i}" {{ hp = 4 skills Added{i}S }}\n'
                            f'skill Added{i}S "{i}" locked {{\n  {SKILLS[i % len(SKILLS)]}\n}}\n'
                            for i in range(ADDED)), encoding="utf-8")
    return load_pack("thb"), load_pack("thb", [str(path)])


@pytest.mark.parametrize("mode, seats", [("Duel", ("Reimu", "Marisa")),
                                         ("Identity5Mode", ("Reimu", "Marisa", "Youmu", "Patchouli", "Tenshi"))])
def test_the_same_seats_play_the_same_games_however_many_characters_the_pack_has(packs, mode, seats):
    thb, more = packs
    assert len(more.characters) == len(thb.characters) + ADDED
    for seed in range(4):
        (a, a_end), (b, b_end) = (play(Table(p, mode, len(seats), characters=seats), seed, log=True)
                                  for p in (thb, more))
        assert a.log.lines() == b.log.lines() and a.answers == b.answers, (mode, seed)
        assert (a_end.steps, a_end.turns, [p.seat for p in a_end.winners]) == \
               (b_end.steps, b_end.turns, [p.seat for p in b_end.winners])


def test_the_modes_own_picks_still_deal_from_every_character(packs):
    """Without presets the offer is dealt from the whole pool, the added characters included."""
    chosen = [line for seed in range(3) for line in play(Table(packs[1], "Duel", 2), seed, log=True)[0].log.lines()
              if '"選擇角色"' in line]
    assert len(chosen) == 6 and any('"Added' in line for line in chosen), chosen
