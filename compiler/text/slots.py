"""The slots of a `says` phrase (`"當{target}受到傷害後"`): the names it fills in, checked before rules
text fills them, so a slip reads as an error at the phrase and never as a fault while rendering."""
from __future__ import annotations

import string
from typing import Iterable, Optional


def slot_problem(phrase: str, names: Iterable[str]) -> Optional[str]:
    """What is wrong with `phrase` given the parameter `names` it may fill in, or None."""
    try:
        slots = [field for _, field, _, _ in string.Formatter().parse(phrase) if field is not None]
    except ValueError as e:
        return f"the phrase {phrase!r} is not well formed ({e}): write a slot as {{name}}, a brace as {{{{ or }}}}"
    known = list(names)
    for slot in slots:
        if slot not in known:
            listing = ", ".join(f"{{{n}}}" for n in known) or "none"
            return f"the phrase {phrase!r} has a slot {{{slot}}} that is no parameter (the parameters: {listing})"
    return None
