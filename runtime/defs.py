"""What a compiled pack is made of: plain definitions that the emitted module constructs.

Everything here is generic: an action is windows and steps run in order, a skill a bundle of triggers,
actives, conversions and modifiers. The pack gives each one its name and meaning.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from attrs import Factory, define, field

from .skill_kinds import ASKING_KINDS


@define(eq=False)
class ActionDef:
    name: str
    params: tuple[str, ...]
    body: Optional[Callable] = None           # (g, ev): its windows and steps in order (emitted; Game.act)
    defaults: dict = Factory(dict)            # param -> fn(g) giving its default value
    cards: tuple[str, ...] = ()               # the parameters that hold cards (a log shown to one seat hides them)
    result: bool = False                      # `-> T`: it gives `result` (not an argument), logged as it ends
    says: tuple[str, ...] = ()                # how a log for people words it: Chinese, English (`{param}` slots)


@define(eq=False)
class CounterDef:
    owner: str                                # player | table
    name: str
    init: Callable                            # (g, self) -> int
    min: Optional[Callable] = None            # (g, self) -> int
    max: Optional[Callable] = None
    reset: Optional[str] = None               # phase | turn | round


@define(eq=False)
class AttrDef:
    owner: str                                # card | player | table | character
    name: str
    default: Optional[Callable] = None        # (g, it) -> value
    value_names: dict = Factory(dict)   # symbolic names for values: A = 1, K = 13
    seen: str = "public"                      # a player's: public | owner (its player alone) | hidden (no one)
    until: Optional[str] = None               # a bool attribute of the same player: once true, all see it
    # How the default is made without its call, when the compiler proved it can be (compiler/emit/attr_defaults.py):
    fixed: str = ""                           # "value": it is `value`; "list": a fresh copy of the list `value`
    value: Any = None
    own: bool = False                         # a card's: reads only its own attributes that have no default
    cards: bool = False                       # it holds a card or cards (a log shown to one seat hides those it does not know)


@define(eq=False)
class ZoneDef:
    name: str
    owner: str                                # player | table
    visibility: str
    grants: bool = False


@define(eq=False)
class Limit:
    count: int
    scope: str                                # phase | turn | round | game


@define(eq=False)
class TriggerDef:
    skill: "SkillDef"
    index: int
    key: str
    body: Callable                            # (g, owner, ev, card)
    cond: Optional[Callable] = None           # (g, owner, ev, card) -> bool
    repeat: Optional[Callable] = None         # (g, owner, ev, card) -> int
    priority: int = 0
    limit: Optional[Limit] = None
    # The condition's leading test, checked inline by dispatch (compiler/emit/guard.py); `cond` is the
    # rest. (event parameter, True for `is` / False for `is not`, "owner" | "zone" | "table", zone name)
    guard: Optional[tuple] = None
    # Not asked before it fires, in an optional skill: `locked` (compulsory), or it asks where its
    # body says `may { … }` (Windows.may), the rest of it compulsory.
    forced: bool = False
    # Its firing is a use of its skill: logged (`fire`) and counted (balance's usage). Not so for a
    # trigger that only opens offers (a reaction's, runtime/engine/reactions.py): each offer taken is
    # a use, logged and counted where it is taken.
    fire_is_use: bool = True
    asks: bool = field(init=False)      # its owner is asked before it fires: read at every firing

    def __attrs_post_init__(self):
        self.asks = self.skill.optional and not self.forced

    @property
    def label(self) -> str:
        return f"{self.skill.name}#{self.index}"


@define(eq=False)
class ActiveDef:
    skill: "SkillDef"
    index: int
    body: Callable                            # (g, owner, card)
    cond: Optional[Callable] = None           # (g, owner, card) -> bool
    limit: Optional[Limit] = None
    anytime: bool = False                     # offered at the pack's any-time points too


@define(eq=False)
class ConvertDef:
    skill: "SkillDef"
    index: int
    count: int
    pool: Callable                            # (g, owner, card) -> list[Card]
    as_kind: str
    purposes: tuple[str, ...]
    cond: Optional[Callable] = None           # (g, owner, card) -> bool
    limit: Optional[Limit] = None


# A query's value is built in layers: its own base expression, then every `base` modifier (a rule that
# replaces the starting value), every `adjust` modifier (each sees the value so far), every `set`
# modifier (視為: each replaces the value; the last granted wins), then the query's `final` bounds.
# A modifier's layer, not the order it was granted in, decides which comes first.
MODIFY_LAYERS = ("base", "adjust", "set")


@define(eq=False)
class ModifierDef:
    skill: "SkillDef"
    query: str
    fn: Callable                              # (g, owner, card, value, *args) -> value
    cond: Optional[Callable] = None           # (g, owner, card, value, *args) -> bool
    layer: int = 1                            # an index into MODIFY_LAYERS (adjust)
    on: int = 0                               # the query argument (1-based) that must be the owner, else 0


@define(eq=False)
class SkillDef:
    name: str
    label: str
    kind: str                                 # normal | locked | awakening | limited
    triggers: list = Factory(list)
    actives: list = Factory(list)
    converts: list = Factory(list)
    modifiers: list = Factory(list)
    grants: list = Factory(list)        # names of skills that come with this one
    optional: bool = field(init=False)  # its owner is asked before it fires: read at every firing

    def __attrs_post_init__(self):
        self.optional = self.kind in ASKING_KINDS


@define(eq=False)
class TargetRule:
    kind: str                                 # self | exactly | up_to
    count: Optional[Callable] = None          # (g, user, card) -> int
    pool: Optional[Callable] = None           # (g, user, card) -> list[Player]


@define(eq=False)
class CardKind:
    name: str
    label: str
    attrs: dict = Factory(dict)
    targets: list = Factory(list)       # alternatives; the first whose pool is non-empty applies
    fits: Optional[Callable] = None           # (g, user, card) -> bool: its condition, then a legal target
                                              # (compiler/emit/targets.py); none: nothing to ask, or no targets
    skills: list = Factory(list)
    hooks: dict = Factory(dict)         # hook name -> fn(g, card, *args)
    anytime: bool = False                     # usable at the pack's any-time points (任意时机)
    kind_only: bool = False                   # usability reads only the card's kind and via (compiler/emit/kind_only.py)

    def __repr__(self) -> str:
        return f"<kind {self.name}>"


@define(eq=False)
class CharacterDef:
    name: str
    label: str
    attrs: dict = Factory(dict)
    skills: list = Factory(list)
    tags: tuple = ()

    def __repr__(self) -> str:
        return f"<character {self.name}>"


@define(eq=False)
class PhaseDef:
    name: str
    label: str
    body: Optional[Callable] = None           # (g, player)


@define(eq=False)
class ModeDef:
    name: str
    label: str
    min_players: int
    max_players: int
    deck: Optional[str]
    without: tuple = ()
    skills: list = Factory(list)              # granted to every player
    rules: list = Factory(list)               # held by the table: triggers owned by no player
    setup: Optional[Callable] = None          # (g)
    turn_limit: int = 500
    deck_builds: int = 1                      # how many times its setup builds the test harness's deck


@define(eq=False)
class AnytimeDef:
    """任意时机: windows where every player in turn may make a play usable at any time, and the pack's
    code that carries out the play chosen there (the runtime does not know how cards are used)."""
    keys: list                                # window keys, "<action>.<window>"
    carry_out: Callable                       # (g, player, play)


@define(eq=False)
class MustDef:
    """`must MOVE, … [in PHASE] when COND`: while `cond(g, player)` holds, `choose_play` offers that
    player only these moves (card kind or skill names), and no pass (runtime/engine/must.py)."""
    moves: frozenset = field(converter=frozenset)
    phase: Optional[str] = None
    cond: Callable = None                     # (g, player) -> bool


@define(eq=False)
class ReactionDef:
    """A reaction: at its window the players it asks, in order, are each offered to respond (a yes/no
    in the pack's words); `first`: the first who does closes the window (runtime/engine/reactions.py)."""
    name: str
    label: str
    key: str                                  # the window, "<action>.<window>"
    body: Callable                            # (g, player, ev): the response
    against: Optional[Callable] = None        # (g, ev) -> player?: whose move it answers, never asked
    ask: Optional[Callable] = None            # (g, ev) -> player? | players: who, in order
    first: bool = True                        # the first to respond closes the window; else each may
    prompt: Optional[Callable] = None         # (g, player, ev) -> text; none: the label and "?"
    cond: Optional[Callable] = None           # (g, player, ev) -> bool: is this player asked?
    priority: int = 0


@define(frozen=True)
class ScoreDef:
    """`score player tokens` / `score table fireworks` / `score player points lowest`: the counter or
    attribute whose value, when a game ends, is its score — each player's own, or one the whole table
    shares (a cooperative game) — and whether the lowest is the best (runtime/engine/outcome.py)."""
    owner: str                          # player | table
    name: str
    lowest: bool = False
    label: str = ""                     # the counter's or attribute's label: what the reports call the score


@define(eq=False)
class PackDef:
    """A compiled rule pack: everything the runtime needs to play its games."""
    name: str
    title: str
    source_hash: str = ""
    version: str = "0"
    base: Optional[str] = None          # the pack this one extends (and contains, compiled in)
    base_version: str = ""
    description: str = ""
    authors: tuple = ()
    license: str = ""
    enums: dict = Factory(dict)         # enum name -> {member: label}
    attrs_: dict = Factory(dict)        # (owner, name) -> AttrDef
    counters: dict = Factory(dict)      # (owner, name) -> CounterDef
    zones: dict = Factory(dict)         # name -> ZoneDef
    actions: dict = Factory(dict)
    phases: dict = Factory(dict)
    turn: list = Factory(list)          # phase names in order
    kinds: dict = Factory(dict)
    skills: dict = Factory(dict)
    characters: dict = Factory(dict)
    decks: dict = Factory(dict)         # name -> list of (kind name, {attr: value})
    modes: dict = Factory(dict)
    queries: dict = Factory(dict)       # name -> fn(g, *args)
    constants: dict = Factory(dict)     # query name -> its value while no modifier of it is in play (a literal, no final)
    funcs: dict = Factory(dict)               # the pack's own functions, for harnesses and tools
    hand_zone: Optional[str] = None           # the player zone whose cards a player holds and plays from
    anytime: list = Factory(list)             # AnytimeDef: where plays usable at any time are offered
    musts: list = Factory(list)               # MustDef: compulsory plays while a condition holds
    reactions: list = Factory(list)           # ReactionDef, in declaration order
    invariants: list = Factory(list)          # (text, fn(g) -> bool, "file:line:col"): checked only when asked
    shown: dict = Factory(dict)         # card | character | player -> attribute names the tools show
    harness_deck: Optional[str] = None        # the table zone scenario tests deal from
    harness_seat: Optional[Callable] = None   # (g, player, character): how a scenario test seats one
    search: dict = Factory(dict)              # the search agent's defaults ({"rollouts": 4, "policy": "greedy"})
    score: Optional[ScoreDef] = None          # what a game's outcome is measured in, beyond who won
    signatures: dict = Factory(dict)          # declared types, for tests: ("func"|"action"|"query", name) -> ((param, type), …); ("attr", owner, name) -> type
    emitted: list = Factory(list)       # the generated module's lines, to name places in errors
    places: dict = Factory(dict)        # line of the generated module -> (file index, line, column)
    place_files: tuple = ()             # the .spell files `places` names
    _by_owner: dict = Factory(dict)

    def place(self, line: int) -> str:
        """The .spell place (file:line:col) a line of the generated module came from, or ""."""
        p = self.places.get(line)
        return f"{self.place_files[p[0]]}:{p[1]}:{p[2]}" if p else ""

    def attrs_of(self, owner: str) -> list:
        """The attributes declared for `owner` (card, player, …), computed once: cards are made often."""
        cached = self._by_owner.get(owner)
        if cached is None:
            cached = self._by_owner[owner] = [a for (o, _), a in self.attrs_.items() if o == owner]
        return cached

    def secrets(self) -> tuple:
        """The player attributes some seats may not see (`owner`, `hidden`), computed once."""
        cached = self._by_owner.get(("secrets",))
        if cached is None:
            cached = self._by_owner[("secrets",)] = tuple(a for a in self.attrs_of("player") if a.seen != "public")
        return cached

    def counters_of(self, owner: str) -> list:
        return [c for (o, _), c in self.counters.items() if o == owner]

