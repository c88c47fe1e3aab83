"""Issue 32: after an edit of bodies only, the server publishes the full check's diagnostics at once
(Analyzer.at_once: the check from the last one's record, with the last check's names for every
declaration not checked again, spellcard/lsp/units.py). Over a run of edits, each must say what a
cold `spellcard check` says, whether it was made at once or (when it cannot be) as the full check
after the pause; and a body edit must have been made at once."""
from __future__ import annotations


import pytest

from spellcard.lsp.units import Layered, replaced

from ..test_incremental import EDITS, swap
from .test_units import _cold, _said, published_as_cold

_DEATH = "on death.after when event.killer == owner and owner.alive { draw(owner, 1) }"
_LOOP = 'on move_cards.after when owner.alive { discard(owner.hand, owner, "discard") }'
# A trigger that loops through a function of the base pack (discard → move_cards): the loop is found
# only by following the function's body, which the edit did not check again (its names are the last
# check's); the loops are found again from the skills' parts (compiler/pack/facts.py), at once.
LOOPS = [
    ("a trigger that loops through a base function", "characters_000.spell", swap(_DEATH, _LOOP), True),
    ("the loop's condition changed (the loop stands)", "characters_000.spell",
     swap("when owner.alive { discard", "when owner.alive and owner.hp > 99 { discard"), None),
    ("the trigger back as it was", "characters_000.spell", swap(_LOOP.replace(
        "owner.alive", "owner.alive and owner.hp > 99"), _DEATH), True),
]


def test_each_edit_made_at_once_says_what_a_cold_check_says(small, editor):
    for what, name, edit, fast in LOOPS + EDITS:
        path = small / name
        changed = edit(editor.text_of(path))
        assert changed != editor.text_of(path), what
        editor.unsaved[path] = changed
        a = editor.analyzer.at_once(editor.pack, editor.text_of)
        if fast is not None:
            assert (a is not None) == fast, what
        a = a or editor.analyzer.analyze(editor.pack, editor.text_of)        # the full check after the pause
        path.write_text(changed, "utf-8")
        assert _said(a) == _cold(small), what


# A keystroke's diagnostics (quick.py) would keep the body's lint warnings as they were: these are not.
AT_ONCE = {"a character's hit points", "a branch no value reaches (a warning in the body)",
           "the warning silenced on its line"}


def test_a_body_edit_publishes_the_full_checks_diagnostics_first(small):
    """Over stdio: the first diagnostics after a body edit (no save, no pause) are a cold check's."""
    assert len([e for e in EDITS if e[0] in AT_ONCE]) == len(AT_ONCE)
    # A loop is told by the full check after the pause (a save here); a body edit's, at once.
    published_as_cold(small, LOOPS[:1] + [e for e in EDITS if e[0] in AT_ONCE], saved=lambda fast: not fast)


@pytest.mark.parametrize("size, steps, layered", [
    (2, [([], {"c": 3})], False),
    (2, [(["a"], {"c": 3}), (["b", "c"], {"a": 9})], False),
    (1000, [([1, 2], {1: "one", 2000: "new"}), ([3, 2000], {4: "four"}), ([], {3: "again"})], True),
    (64, [([1, 2], {1: "one"}), ([3], {}), (range(10, 20), {})], False),   # past a sixteenth: folded
])
def test_replaced_reads_as_the_dict_made_by_copying(size, steps, layered):
    base = {k: str(k) for k in range(size)} if size > 2 else {"a": 1, "b": 2}
    kept = dict(base)
    want, got = dict(base), base
    for gone, new in steps:
        gone = list(gone)
        got = replaced(got, gone, new)
        for k in gone:
            want.pop(k, None)
        want.update(new)
        assert dict(got.items()) == want and len(got) == len(want) and set(got) == set(want)
        assert all(got.get(k) == v and got[k] == v and k in got for k, v in want.items())
        assert all(got.get(k, "none") == "none" and k not in got for k in gone if k not in want)
    assert base == kept                         # never changed in place
    assert isinstance(got, Layered) == layered
