"""English the templates cannot write alone: a pack's name as words, and agreement with "you"."""
from __future__ import annotations

import re
import unicodedata


def in_english(label: str) -> bool:
    """Whether a pack's label can stand in English text as it is: no Chinese (or other wide) character."""
    return not any(unicodedata.east_asian_width(ch) in "WF" for ch in label)


def english_name(name: str) -> str:
    """`LostFordSlash` → `Lost Ford Slash`: the English a pack has for a name it labels only in Chinese."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ")


_KEEP_S = {"as", "is", "was", "has", "does", "this", "plus", "less", "unless", "thus", "always", "its"}


def english_grammar(text: str) -> str:
    """The agreement the templates cannot know: phrases written for a third person ("{player} draws
    {amount} cards") said of "you", or of one thing: "you draw 1 card"."""
    def verb(m: re.Match) -> str:
        word = m.group(1)
        if word in ("has", "is"):
            return "you " + {"has": "have", "is": "are"}[word]
        if word in _KEEP_S or len(word) < 4 or word.endswith(("ss", "us")):
            return m.group(0)
        if word.endswith(("ches", "shes", "sses", "xes")):
            return "you " + word[:-2]
        if word.endswith("ies"):
            return "you " + word[:-3] + "y"
        return "you " + word[:-1]
    text = re.sub(r"\byou's\b", "your", re.sub(r"\bit's\b", "its", text))
    # "you" as a subject: not after a preposition ("the distance from P0 to you is 2")
    text = re.sub(r"(?<!\bto )(?<!\bof )(?<!\bon )(?<!\bfor )(?<!\bfrom )(?<!\bthan )(?<!\bwith )\byou ([a-z]+s)\b",
                  verb, text)
    return re.sub(r"\b(?<![.\d])1 ([a-z]{3,}[^su])s\b", r"1 \1", text)
