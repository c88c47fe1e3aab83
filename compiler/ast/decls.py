"""The Spellcard syntax tree: one frozen attrs class per construct, each carrying its source span.

The tree is what the checker reads and the emitter walks; it never refers back to Lark objects,
so later stages can be tested on hand-built trees.
"""
from __future__ import annotations

from typing import Optional

# Spans, expressions, statements and the tools' declarations have files of their own (ast_base,
# ast_exprs, ast_stmts, ast_tools); the game's declarations are here, and every name of the tree is
# importable from here: `A.Call`, `A.SkillDecl`.
from .base import Span, node  # noqa: F401
from .exprs import (TypeRef, Param, IntLit, StrLit, BoolLit, NoneLit, Name, Field, Arg,  # noqa: F401
                        Call, Index, ListLit, Binary, Compare, BoolOp, Not, Neg, IfExpr, Where, Map, Expr,
                        callee, callees)
from .stmts import (Block, Let, Assign, AugAssign, If, For, Repeat, While, Return, Stop, Break, Continue,  # noqa: F401
                        Cancel, May, ExprStmt, Stmt)
from .tools import ShowDecl, HarnessItem, HarnessDecl, SearchItem, SearchDecl, ScoreDecl, InvariantDecl, WordingDecl  # noqa: F401


# ── declarations: data model ─────────────────────────────────────────────────
@node
class BaseRef:
    """`extends thb >= "1.0"`: the pack an extension is checked and played with."""
    name: str
    op: Optional[str]            # a comparison (`>=`, `==`, …) or None for any version
    version: Optional[str]
    span: Span
    found: str = ""              # the version of the base the pack was compiled with


@node
class PackDecl:
    name: str
    title: str
    span: Span
    base: Optional[BaseRef] = None
    version: str = "0"
    description: str = ""
    authors: tuple[str, ...] = ()
    license: str = ""
    script: str = ""                 # the script of its Chinese (compiler/text/script.py); "" is traditional


@node
class EnumMember:
    name: str
    label: Optional[str]
    span: Span


@node
class EnumDecl:
    name: str
    members: tuple[EnumMember, ...]
    span: Span


@node
class AttrDecl:
    owner: str                    # card | player | table | character
    name: str
    type: TypeRef
    value_names: tuple[tuple[str, int], ...]
    default: Optional[Expr]
    span: Span
    seen: str = "public"          # public | owner | hidden: who sees a player's value
    until: Optional[str] = None   # a bool attribute of the same player: once true, everyone sees it
    seen_span: Optional[Span] = None
    until_span: Optional[Span] = None
    label: str = ""               # what rules text calls it (`attr player drunk "醉酒": bool`)


@node
class CounterDecl:
    owner: str
    name: str
    init: Optional[Expr]
    min: Optional[Expr]
    max: Optional[Expr]
    reset: Optional[str]
    span: Span
    label: str = ""                # what rules text calls it (`counter player hp "體力"`)


@node
class ZoneDecl:
    name: str
    owner: str                    # player | table
    visibility: str               # public | owner | others (all but its owner) | hidden
    grants: bool                  # cards here lend their skills to the zone's owner
    span: Span
    label: str = ""               # what rules text calls it (`zone hand "手牌": player owner`)


# ── declarations: procedures ─────────────────────────────────────────────────
@node
class HookDecl:
    name: str
    params: tuple[Param, ...]
    span: Span


@node
class QueryDecl:
    name: str
    params: tuple[Param, ...]
    returns: TypeRef
    base: Expr
    final: Optional[Expr]
    span: Span
    says: tuple[str, str] = ("", "")   # how rules text phrases its value: Chinese, English


@node
class FuncDecl:
    name: str
    params: tuple[Param, ...]
    returns: Optional[TypeRef]
    body: Optional[Block]
    expr: Optional[Expr]
    span: Span
    says: tuple[str, str] = ("", "")   # how rules text phrases a call: Chinese, English


@node
class WindowStep:
    name: str
    cond: Optional[Expr]
    span: Span
    says: tuple[str, str] = ("", "")   # the moment in rules text, Chinese and English (compiler/text/moments.py)


@node
class DoStep:
    body: Block
    span: Span


@node
class ActionDecl:
    name: str
    params: tuple[Param, ...]
    steps: tuple[WindowStep | DoStep, ...]
    span: Span
    says: tuple[str, str] = ("", "")   # how rules text phrases a call: Chinese, English
    returns: Optional[TypeRef] = None  # `-> T`: its result (`event.result`), the value of a call of it


@node
class PhaseDecl:
    name: str
    label: str
    body: Optional[Block]
    span: Span


@node
class TurnDecl:
    phases: tuple[tuple[str, Span], ...]
    span: Span


@node
class SynonymsDecl:
    """`synonyms hp_loss: lose_hp, lose_life`: a misspelt `lose_hp` suggests `hp_loss`."""
    name: str
    words: tuple[tuple[str, Span], ...]
    span: Span


# ── declarations: content ────────────────────────────────────────────────────
@node
class AssignClause:
    name: str
    value: Expr
    span: Span


@node
class TargetClause:
    kind: str                      # self | exactly | up_to
    count: Optional[Expr]
    pool: Optional[Expr]
    span: Span


@node
class WhenClause:
    cond: Expr
    span: Span


@node
class SkillsClause:
    names: tuple[tuple[str, Span], ...]
    span: Span


@node
class HookImpl:
    name: str
    body: Block
    span: Span


@node
class CardDecl:
    name: str
    label: str
    assigns: tuple[AssignClause, ...]
    targets: tuple[TargetClause, ...]
    when: Optional[WhenClause]
    skills: tuple[SkillsClause, ...]
    hooks: tuple[HookImpl, ...]
    span: Span
    anytime: bool = False          # usable at the pack's any-time points, not only in its own turn
    text: str = ""                 # the printed text


@node
class Limit:
    count: int
    scope: str
    span: Span


@node
class TriggerClause:
    action: str
    window: str
    when: Optional[Expr]
    repeat: Optional[Expr]
    priority: int
    limit: Optional[Limit]
    body: Block
    span: Span
    event_span: Span
    locked: bool = False           # compulsory inside an optional skill: never asks its owner


@node
class ActiveClause:
    when: Optional[Expr]
    limit: Optional[Limit]
    body: Block
    span: Span
    anytime: bool = False          # offered at the pack's any-time points too


@node
class ConvertClause:
    count: int
    pool: Expr
    as_kind: str
    purposes: tuple[str, ...]
    when: Optional[Expr]
    limit: Optional[Limit]
    span: Span
    kind_span: Span


@node
class ModifyClause:
    query: str
    when: Optional[Expr]
    value: Expr
    span: Span
    query_span: Span
    layer: str = "adjust"                   # base | adjust | set: see MODIFY_LAYERS in runtime/defs.py


@node
class SkillDecl:
    name: str
    label: str
    kind: str                      # normal | locked | awakening | limited
    clauses: tuple[TriggerClause | ActiveClause | ConvertClause | ModifyClause | SkillsClause, ...]
    span: Span
    text: str = ""                 # the printed text


@node
class CharacterDecl:
    name: str
    label: str
    assigns: tuple[AssignClause, ...]
    skills: tuple[SkillsClause, ...]
    tags: tuple[str, ...]
    span: Span


@node
class DeckEntry:
    kind: str
    copies: str                         # the faces, one per copy; "" for a number of copies
    span: Span
    copies_span: Span
    count: Optional[int] = None         # `Guard 5`: a deck whose copies carry no attribute


@node
class DeckDecl:
    name: str
    attrs: tuple[str, ...]
    entries: tuple[DeckEntry, ...]
    span: Span
    label: str = ""                     # what rules text calls it (`deck classic "经典牌组"`)


@node
class ModeDecl:
    name: str
    label: str
    min_players: int
    max_players: int
    deck: Optional[str]
    without: tuple[str, ...]
    skills: tuple[SkillsClause, ...]
    rules: tuple[SkillsClause, ...]
    setup: Optional[Block]
    turn_limit: int
    span: Span
    text: str = ""                 # the printed text


@node
class AnytimeDecl:
    """任意时机: the windows where plays usable at any time are offered, and the block that carries one
    out (it sees `player`, who plays, and `play`, what they chose)."""
    points: tuple[tuple[str, str, Span], ...]
    body: Block
    span: Span


@node
class MustDecl:
    """`must Coup when player.coins >= 10`: while the condition holds for the player choosing a play
    (in `phase`, if named), only these moves — card kinds or active skills — are offered, and no pass."""
    moves: tuple[tuple[str, Span], ...]
    phase: Optional[tuple[str, Span]]
    cond: Expr
    span: Span


@node
class ReactionDecl:
    """A reaction: at its window, the players it asks (`ask`, else every other player in turn order
    from the one it is `against`, who is never asked) are offered in order to respond; `first`: the
    first who does closes it, `each`: every one may. Its `when`, `prompt` and `do` see `player` (the
    one asked) and `event` (the window's action)."""
    name: str
    label: str
    action: str
    window: str
    event_span: Span
    against: Optional[Expr]
    ask: Optional[Expr]
    mode: str                      # first | each | "" (not said: an error)
    prompt: Optional[Expr]
    when: Optional[Expr]
    priority: int
    body: Optional[Block]
    span: Span
    name_span: Optional[Span] = None
    text: str = ""                 # the printed text
    repeated: tuple = ()           # (word, span) of a clause said twice: an error


# ── extensions ────────────────────────────────────────────────────────────────
@node
class ReplaceDecl:
    """`replace skill X …`: an extension's definition that takes the place of its base's."""
    decl: object
    span: Span


@node
class DeckExtend:
    """`extend deck Standard { … }`: an extension's copies added to a deck of its base."""
    name: str
    entries: tuple[DeckEntry, ...]
    span: Span


Decl = (PackDecl | ReplaceDecl | DeckExtend | EnumDecl | AttrDecl | CounterDecl | ZoneDecl | HookDecl
        | QueryDecl | FuncDecl | ActionDecl | PhaseDecl | TurnDecl | SynonymsDecl | CardDecl | SkillDecl | CharacterDecl
        | DeckDecl | ModeDecl | AnytimeDecl | ReactionDecl | ShowDecl | HarnessDecl | SearchDecl | ScoreDecl | InvariantDecl
        | MustDecl | WordingDecl)


@node
class Module:
    """One .spell file."""
    path: str
    decls: tuple[Decl, ...]
    tests: tuple = ()            # its `test` blocks (spellcard/spelltest/nodes.py), for `spellcard test` only
    granted: frozenset = frozenset()   # the names its code passes to `grant(…)`
