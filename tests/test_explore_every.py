"""Every character of the packs explored against the rest of its pack (opt-in and long:
`make explore-all`, or `make fuzz`): a bounded run each, which must break no property. Esper seats
no character per seat (its mode's setup deals each player a roster of character cards, drawn like
every other answer), so it is explored as a whole, over more games."""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.testing import explore

GAMES_EACH = 5
ESPER_GAMES = 40


def breaks(pack: str, focus: list, games: int) -> list[str]:
    found = explore(pack, focus=focus, examples=games, shrink_seconds=60)
    return [] if found.broken is None else [f"{pack} {', '.join(focus) or '(whole pack)'}: "
                                            f"{found.broken.prop}: {found.broken.message}\n{found.test}"]


@pytest.mark.slow
@pytest.mark.parametrize("pack", ["thb", "bots"])
def test_every_character_explores_clean(pack):
    found = [b for c in load_pack(pack).characters for b in breaks(pack, [c], GAMES_EACH)]
    assert not found, "\n\n".join(found)


@pytest.mark.slow
def test_esper_explores_clean():
    assert not breaks("esper", [], ESPER_GAMES)
