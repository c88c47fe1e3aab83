"""The declarations the tools read rather than the game: what `list` and `simulate` show, the
scenario harness's and the search agent's settings, and invariants that exploring checks. Part of
the syntax tree (compiler/ast/decls.py re-exports every name)."""
from __future__ import annotations

from .base import Span, node
from .exprs import Expr  # noqa: F401  (named in a field's annotation)


@node
class ShowDecl:
    """`show card category, subtype`: the attributes `spellcard list` prints (cards, characters) or
    `spellcard simulate` groups wins by (players)."""
    owner: str
    names: tuple[tuple[str, Span], ...]
    span: Span


@node
class HarnessItem:
    key: str                      # deck | seat
    value: str
    span: Span                    # the key's
    value_span: Span


@node
class HarnessDecl:
    """`harness deck = deck, seat = take_character`: what the scenario harness deals from and seats with."""
    items: tuple[HarnessItem, ...]
    span: Span


@node
class SearchItem:
    key: str                      # rollouts | policy
    value: object                 # an int (rollouts) or a name (policy)
    span: Span                    # the key's
    value_span: Span


@node
class SearchDecl:
    """`search rollouts = 4, policy = greedy`: the search agent's defaults for the pack's games,
    which a command line's --search-… options override."""
    items: tuple[SearchItem, ...]
    span: Span


@node
class WordingDecl:
    """`wording once phase: "出牌階段限一次", "階段限一次"`: phrases the pack's printed texts use, which the
    wording lints compare with the code (compiler/lint/phrasing.py); the tools know no game's words."""
    key: str                      # once | yours | anyones | outside | use | play
    scope: "str | None"           # `once`'s: turn | phase | round
    phrases: tuple[tuple[str, Span], ...]
    span: Span


@node
class ScoreDecl:
    """`score player tokens`, `score table fireworks`, `score player points lowest`: the counter or
    attribute a game's outcome is measured in, read when it ends (runtime/engine/outcome.py)."""
    owner: str
    name: str
    lowest: bool
    span: Span
    name_span: Span


@node
class InvariantDecl:
    """`invariant "text" = expr`: a condition every state of every game keeps; exploring and
    testing check it after every action, plain simulation never does."""
    title: str
    cond: "Expr"
    span: Span
