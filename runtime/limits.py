"""How large a pack and a game may grow. Each limit sits far above what a real game needs (the
three packs' figures are in the comments) and far below what exhausts a machine: past it, the
checker reports a located error, or the game stops at the `.spell` line that outgrew it, instead of
running out of memory. docs/language.md lists them for designers."""
from __future__ import annotations

MAX_SOURCE_BYTES = 4 * 1024 * 1024
"""One .spell file (the largest in the three packs is 40 KB): a pack of several thousand characters
may be written as one file (2,000 of bench/big_pack.py's: 1.2 MB). The worst such a file can cost is
Lark reading it whole (docs/language.md, Limits: 463 MB for 3.8 MB)."""
MAX_PACK_BYTES = 16 * 1024 * 1024
"""All of a pack's files together, --with files included (THB is about 160 KB). A pack of 5,000
characters written as densely as THB's (1.7 KB each, comments included: 8.5 MB) fits, and again as
many; bench/big_pack.py's 28,000 characters (16.2 MB) peaked at 776 MB to check and 1.0 GB on the
first run that compiles it (its 2,000: 1.2 MB, 66 MB and 112 MB), so no pack under the limit
exhausts a machine (docs/language.md, Limits)."""
MAX_MODULE_BYTES = 64 * 1024 * 1024
"""A compiled pack's module (THB's is 400 KB; a pack at MAX_PACK_BYTES emits about 46 MB), checked
before it is read."""
MAX_MANIFEST_BYTES = 64 * 1024
"""A compiled pack's manifest.json (THB's is under 1 KB), checked before it is read."""
MAX_NAME = 64
"""Characters in a name (the longest in the packs has 27)."""
MAX_STRING = 4096
"""Characters in a string literal (the longest in the packs has 160)."""
MAX_DECK = 10_000
"""Cards in one deck (THB's has 144)."""
MAX_PLAYERS = 100
"""Seats a mode may allow (the packs' largest mode seats 8)."""
MAX_LIST = 100_000
"""Items in one list built while a game runs (a whole THB deck is 144 cards)."""
MAX_TEXT = 100_000
"""Characters in one text built while a game runs (the packs' longest prompt has under 200)."""


class SizeLimit(Exception):
    """A value built while a game runs outgrew its limit: a rule bug, reported at its .spell line."""


def kb(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1024 * 1024 else f"{n / (1024 * 1024):.1f} MB"
