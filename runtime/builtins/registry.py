"""The table of built-ins: each family of built-ins (core, plays, course, card_state, show) registers
its functions here, with the typed signature the compiler reads, as it is imported. Imports none of
them, so that a family can register without importing the others; runtime/builtins/__init__.py
imports them all, so that importing the package gives the whole table."""
from __future__ import annotations

SIGNATURES: dict[str, str] = {}
FUNCTIONS: dict[str, object] = {}

RUNS_PACK_CODE = frozenset({"usable_by", "choose_targets", "choose_play", "activate", "ask_card", "build_deck"})
"""The built-ins that run pack code (a card's `when` and targets, a skill's active body or conversion
pool, a computed attribute default): a pack function calling one of them could reach itself again.
compiler/emit/pure.py names the built-ins that only read the game, so that a test calling nothing else may
stop at its first item: a built-in listed there must never change the game, draw or ask."""


def builtin(signature: str):
    def register(fn):
        name = signature.split("(", 1)[0]
        SIGNATURES[name] = signature
        FUNCTIONS[name] = fn
        return fn
    return register
