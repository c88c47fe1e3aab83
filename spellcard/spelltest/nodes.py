"""The nodes of a `test` block: a game moment (seats, cards, answers), what runs, what must hold.

Tests are built with the rules but compiled only by `spellcard test`: a pack's `check` and
`simulate` never see them (Module.tests), so they cannot slow a pack down or change its games.
"""
from __future__ import annotations

from typing import Optional, Union

import attrs

from spellcard.compiler.ast import Span


@attrs.frozen
class Who:
    """A seat, named by one of its characters (`Reimu`) or its number (`P1`)."""
    name: str
    span: Span


@attrs.frozen
class CardRef:
    spec: str                    # `Danmaku` (any copy) or `Danmaku♠7` (kind and face)
    span: Span


# ── values and conditions of `expect` ───────────────────────────────────────────
@attrs.frozen
class Lit:
    value: object                # int, str, bool or None
    span: Span


@attrs.frozen
class Spec:
    spec: str
    span: Span


@attrs.frozen
class Name:
    id: str
    span: Span


@attrs.frozen
class Field:
    obj: "Val"
    name: str
    span: Span


@attrs.frozen
class Fn:
    name: str
    args: tuple
    span: Span


@attrs.frozen
class Index:
    obj: "Val"
    index: int
    span: Span


@attrs.frozen
class ListV:
    items: tuple
    span: Span


@attrs.frozen
class Pattern:
    """`card(colour: red, rank: 7)`: a card by its attributes (a deck that prints no name), or
    `Danmaku(suit: spade)`: a kind's card by some of them."""
    kind: Optional[str]          # none for `card(…)`: any kind
    attrs: tuple                 # (attribute name, Val, name span)
    span: Span


Val = Union[Lit, Spec, Name, Field, Fn, Index, ListV, Pattern]


@attrs.frozen
class Compare:
    op: str
    left: Val
    right: Val
    span: Span


@attrs.frozen
class Has:
    whole: Val
    part: Val
    negated: bool
    span: Span


@attrs.frozen
class Not:
    cond: "Cond"
    span: Span


@attrs.frozen
class Truthy:
    val: Val
    span: Span


@attrs.frozen
class NeverAsked:
    """`X is never asked yes_no about Masochist`: no decision of that sort/prompt/skill was put to X."""
    who: Who
    sort: Optional[str]
    prompt: Optional[str]
    about: Optional[str]
    span: Span


@attrs.frozen
class NeverOffered:
    """`X is never offered Borrow`: no decision put to X (nor settled alone) had that option."""
    who: Who
    option: "Ans"
    span: Span


Cond = Union[Compare, Has, Not, Truthy, NeverAsked, NeverOffered]


# ── answers ───────────────────────────────────────────────────────────────────
@attrs.frozen
class Ans:
    """`yes`, `no`, `pass`, a name (card spec, character, skill, option), a quoted option text,
    or a list of those for a decision that takes several."""
    kind: str                    # yes | no | pass | name | text | int | pattern | list
    value: object
    span: Span


# ── statements ────────────────────────────────────────────────────────────────
@attrs.frozen
class Seats:
    seats: tuple                 # per seat, a tuple of Who (the characters sharing it)
    span: Span


@attrs.frozen
class Mode:
    name: str
    span: Span


@attrs.frozen
class Setup:
    span: Span


@attrs.frozen
class Seed:
    """`seed N`: the game's random generator starts from N (default 0), as `simulate --seed` does."""
    value: int
    span: Span


@attrs.frozen
class Current:
    who: Who
    span: Span


@attrs.frozen
class Put:
    how: str                     # hand | equip | zone | deck
    who: Optional[Who]           # none for a table zone or the deck
    zone: Optional[str]
    cards: tuple
    span: Span


@attrs.frozen
class SetValue:
    who: Optional[Who]           # none for a table value
    name: str
    value: Val
    span: Span
    name_span: Span
    card: Optional[Val] = None   # `set P1.Anna.hp = 3`: the card whose value it is


@attrs.frozen
class Answer:
    who: Who
    answers: tuple
    span: Span


@attrs.frozen
class When:
    """An answer by what is asked: the chooser, and any of the decision's sort, prompt text, or
    the skill or card it is about (its display name in the prompt)."""
    who: Who
    sort: Optional[str]
    prompt: Optional[str]
    about: Optional[str]
    answer: Ans
    always: bool
    span: Span


@attrs.frozen
class Run:
    what: str                    # a phase name, turn, round, game
    who: Optional[Who]
    span: Span
    what_span: Span


@attrs.frozen
class Perform:
    action: str
    args: tuple                  # (name, Val, name span)
    span: Span
    name_span: Span


@attrs.frozen
class CallFunc:
    func: str
    args: tuple
    span: Span
    name_span: Span


@attrs.frozen
class Expect:
    conds: tuple
    span: Span


@attrs.frozen
class ExpectError:
    name: str
    span: Span


@attrs.frozen
class Examples:
    """`examples:` then a table, `| col | col |` and a row of values per case: the test runs once per
    row, each column's name in its body standing for the row's value (spellcard/spelltest/rows.py)."""
    columns: tuple               # Name nodes
    rows: tuple                  # per row, a tuple of Val
    span: Span


Stmt = Union[Seats, Mode, Setup, Seed, Current, Put, SetValue, Answer, When, Run, Perform, CallFunc, Expect,
             ExpectError, Examples]


@attrs.frozen
class SpellTestDecl:
    subject: Optional[str]       # the skill or card the test is about, if it names one
    title: str
    stmts: tuple
    span: Span
    subject_span: Optional[Span] = None
    row: tuple = ()              # a table-driven test's case: (column, value as written), in order
