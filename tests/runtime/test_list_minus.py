"""`xs - ys` drops the items of `ys` by identity (as `is`), from a list or a zone's cards, into a new list;
one item to drop takes a path of its own (the usual case: the card just moved), which must agree, and so
does none."""
import pytest

from spellcard.runtime.model import Zone
from spellcard.runtime.engine.namespace import namespace

minus = namespace()["_minus"]


class Thing:
    """Equal to every other Thing: only identity can tell two apart."""
    def __eq__(self, other):
        return isinstance(other, Thing)

    __hash__ = object.__hash__


@pytest.mark.parametrize("drop", [1, 2, 3])
def test_items_are_dropped_by_identity_whether_one_or_many(drop):
    a, b, c, d = Thing(), Thing(), Thing(), Thing()
    xs = [a, b, c, a]
    gone = [a, b, c][:drop]
    assert [id(x) for x in minus(xs, gone)] == [id(x) for x in xs if all(x is not y for y in gone)]
    kept = minus(xs, [d] * drop)                        # an equal item that is not there drops nothing
    assert kept is not xs and [id(x) for x in kept] == [id(x) for x in xs]


def test_a_zone_or_none_on_either_side_reads_as_its_cards():
    a, b = Thing(), Thing()
    z = Zone("pile", None, "public")
    z.cards += [a, b]
    assert [id(x) for x in minus(z, [a])] == [id(b)]
    assert minus([a, b], z) == [] and minus(None, [a]) == []
    assert [id(x) for x in minus([a, b], None)] == [id(a), id(b)]


def test_nothing_to_drop_gives_a_new_list_of_the_same_items():
    """An empty `ys` (`pool - presets()` with no preset) copies without a loop: still a list of its own."""
    a, b = Thing(), Thing()
    xs = [a, b]
    z = Zone("pile", None, "public")
    z.cards += [a, b]
    for kept in (minus(xs, []), minus(xs, None), minus(z, []), minus(z, Zone("empty", None, "public"))):
        assert kept is not xs and kept is not z.cards and [id(x) for x in kept] == [id(a), id(b)]
