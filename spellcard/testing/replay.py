"""Run a written `.spell` test the way `spellcard test PACK --with FILE` does, to prove it replays."""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional, Sequence

from spellcard.spelltest.suite import load_suite


def test_failure(pack: str, extra: Sequence[str], text: str) -> Optional[str]:
    """The failure message of the test in `text` (None when it passes; a problem when it does not check)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "explored.spell"
        path.write_text(text, encoding="utf-8")
        suite = load_suite(pack, tuple(extra) + (str(path),), files=[path])
        if suite.problems:
            return "; ".join(d.message for d in suite.problems)
        for test in suite.tests:
            outcome = suite.run(test)
            if not outcome.passed:
                return outcome.failure.message
    return None
