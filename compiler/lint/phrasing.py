"""The phrases a pack's printed texts use, from its `wording` lines, ready for the wording lints
(wording.py) and the rules text. The tools know no game's words: a pack that declares none gets none
of those lints, so a text in any language (English included) is never misread. Phrases match
whatever their case ("Once per turn" is "once per turn")."""
from __future__ import annotations

import re
from typing import Optional

import attrs

SCOPES = ("turn", "phase", "round")      # what `active limit 1 per …` counts in
KEYS = ("once", "yours", "anyones", "outside", "use", "play")
PHASE = "{phase}"                        # in a turn phrase: any phase's label ("你的{phase}" → 你的出牌階段)
TURN_KEYS = ("yours", "anyones", "outside")


@attrs.frozen
class Phrasing:
    once: tuple = ()                     # (phrase, scope), longest first
    yours: Optional[re.Pattern] = None
    anyones: Optional[re.Pattern] = None
    outside: Optional[re.Pattern] = None
    use: tuple = ()
    play: tuple = ()

    @classmethod
    def of(cls, syms) -> "Phrasing":
        w = syms.wording
        labels = sorted((p.label for p in syms.phases.values()), key=len, reverse=True)
        once = [(phrase, d.scope) for key, d in w.items() if key.startswith("once ") for phrase, _ in d.phrases]
        return cls(once=tuple(sorted(once, key=lambda p: -len(p[0]))),
                   **{k: _pattern(w[k], labels) for k in TURN_KEYS if k in w},
                   **{k: tuple(p for p, _ in w[k].phrases) for k in ("use", "play") if k in w})

    def once_in(self, text: str) -> Optional[tuple[str, str]]:
        """The first "once per …" phrase in the text (the longest where several start there), as the text
        writes it, and its scope."""
        found = [(m.start(), -len(m.group(0)), m.group(0), scope)
                 for p, scope in self.once for m in [_find(p, text)] if m is not None]
        return min(found)[2:] if found else None

    def turn_in(self, text: str, pattern: Optional[re.Pattern]) -> Optional[str]:
        """The first phrase of `pattern` in the text that is not part of an `outside` phrase (你的回合外)."""
        if pattern is None:
            return None
        outside = [m.span() for m in self.outside.finditer(text)] if self.outside is not None else []
        return next((m.group(0) for m in pattern.finditer(text)
                     if not any(a <= m.start() and m.end() <= b for a, b in outside)), None)

    def purpose_said(self, text: str) -> list[str]:
        """Which of "use" and "play" the text says, when the pack declares both."""
        if not (self.use and self.play):
            return []
        return [p for p, words in (("use", self.use), ("play", self.play)) if any(_find(x, text) for x in words)]

    def word(self, purpose: str) -> str:
        return {"use": self.use, "play": self.play}[purpose][0]


def _find(phrase: str, text: str) -> Optional[re.Match]:
    return re.search(re.escape(phrase), text, re.I)


def _pattern(d, labels: list[str]) -> re.Pattern:
    phases = "(?:" + "|".join(map(re.escape, labels)) + ")" if labels else "(?!)"
    alts = sorted((p for p, _ in d.phrases), key=len, reverse=True)
    return re.compile("|".join(re.escape(p).replace(re.escape(PHASE), phases) for p in alts), re.I)
