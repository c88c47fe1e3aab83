"""The skill kinds whose owner is asked, apart from the definitions that use them: the checker reads
this list, and a check should not build the runtime's classes (runtime/defs.py) to read it."""
from __future__ import annotations

ASKING_KINDS = ("normal", "limited")
"""The skill kinds whose owner is asked before a part fires (a `locked` or `awakening` skill never asks):
the checker, the rules text and the runtime read this one list."""
