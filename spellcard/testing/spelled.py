"""A broken game as the `.spell` test that plays it again: its table and every seat's answers up to
the break, written by writeout.py as explore writes its tests, the break said in a comment.

A break the test language can state (a rule fault, an invariant, a runaway rule) makes the test
fail by itself. A Python property's cannot be written in it: the test replays the game, and
`rerun` (rerun.py) runs it with the property to show the break again, at the same decision.
"""
from __future__ import annotations

from .writeout import script_of, test_text

HOW = "Found by a property test (hypothesis drew the game and shrank it)."


def spell_test(broken) -> str:
    """The `.spell` test of the game that broke (a testing.Broken raised by play())."""
    if broken.spec is None:
        raise ValueError("this break carries no game: only a Broken raised by play() can be written")
    script = script_of(broken.pack, broken.extra, broken.spec, broken.scenario) if broken.scenario is not None else []
    lines = [HOW, f"{broken.prop}: {broken.message}"]
    if broken.python:
        where = "" if broken.at is None else f" before decision {broken.at + 1} was answered"
        lines.append(f"A Python property broke{where}: this test replays the game; "
                     "spellcard.testing.rerun with the property shows the break again.")
    title = " ".join(f"property: {broken.prop}".split())[:70]
    return test_text(broken.spec, script, title, "\n".join(lines))


class SpellNote:
    """The test, written only when shown: hypothesis's `note` shows it for the smallest failing
    example alone, so the games it tries while shrinking are never written."""

    def __init__(self, broken):
        self.broken = broken

    def text(self) -> str:
        try:
            test = spell_test(self.broken)
        except Exception as err:             # the report still names the break
            return f"(the failing game could not be written as a .spell test: {type(err).__name__}: {err})"
        return f"The failing game as a .spell test (save it, run `spellcard test {self.broken.pack} " \
               f"--with FILE`):\n{test}"

    def __repr__(self) -> str:
        return self.text()

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.text())
