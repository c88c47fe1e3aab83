"""The pack's symbol table: every declaration of every file, by name, with duplicates reported."""
from __future__ import annotations

import re
from typing import Optional

import attrs

from spellcard.runtime.builtins import SIGNATURES

from . import ast as A
from . import types as T
from .text.diagnostics import Diagnostics
from .text.script import SCRIPTS

STRUCTURAL_EVENTS = {
    # Windows the runtime itself opens around turns, rounds and phases.
    "turn": (("player", T.PLAYER),),
    "round": (("number", T.INT),),
    "phase": (("player", T.PLAYER), ("phase", T.PHASE)),
}
STRUCTURAL_WINDOWS = {"turn": ("start", "end"), "round": ("start", "end"), "phase": ("before", "start", "end")}


@attrs.define
class BuiltinSig:
    name: str
    params: list            # [(name, type, default_py or None)]
    returns: T.Type


_SIG = re.compile(r"^(\w+)\((.*)\)(?:\s*->\s*(.+))?$")


def parse_type_name(name: str, optional: bool = False) -> T.Type:
    """A type as written in a signature or a declaration; unknown names are enums."""
    if name.endswith("?"):
        return T.opt(parse_type_name(name[:-1]))
    if name in T.PLURALS:
        t = T.list_of(T.PLURALS[name])
    elif name in T.SIMPLE or name in ("list", "elem", "same"):
        t = name
    else:
        t = ("enum", name)
    return T.opt(t) if optional else t


def _builtin_sigs() -> dict[str, BuiltinSig]:
    out = {}
    for name, sig in SIGNATURES.items():
        m = _SIG.match(sig)
        params = []
        for part in filter(None, (p.strip() for p in m.group(2).split(","))):
            decl, _, default = part.partition("=")
            pname, _, ptype = decl.partition(":")
            py = {"false": "False", "true": "True", "none": "None", "[]": "[]"}.get(default.strip()) \
                if default else None
            params.append((pname.strip(), parse_type_name(ptype.strip()), py))
        out[name] = BuiltinSig(name, params, parse_type_name(m.group(3).strip()) if m.group(3) else T.VOID)
    return out


BUILTINS = _builtin_sigs()
RESERVED = {"owner", "event", "card", "user", "target", "value", "current", "self", "it", "player",
            "table", "none", "true", "false"}


class Symbols:
    """The pack's tables, filled by `collect`. A plain class (copy.copy copies one): nothing compares
    or prints one, and as an attrs class its tables' __init__, __eq__ and __repr__ were generated and
    compiled at the start of every check (1.7% of a check after one edit, in instructions)."""

    def __init__(self) -> None:
        self.pack: Optional[A.PackDecl] = None
        self.enums: dict = {}
        self.members: dict = {}                      # member -> [enum names]
        self.attrs_: dict = {}                       # (owner, name) -> AttrDecl
        self.counters: dict = {}                     # (owner, name) -> CounterDecl
        self.zones: dict = {}
        self.hooks: dict = {}
        self.queries: dict = {}
        self.funcs: dict = {}
        self.actions: dict = {}
        self.phases: dict = {}
        self.turn: Optional[A.TurnDecl] = None
        self.anytime: list = []                      # AnytimeDecl, in file order
        self.reactions: dict = {}                    # ReactionDecl by name, in file order
        self.invariants: list = []                   # InvariantDecl, in file order
        self.musts: list = []                        # MustDecl: compulsory plays, in file order
        self.cards: dict = {}
        self.skills: dict = {}
        self.characters: dict = {}
        self.decks: dict = {}
        self.modes: dict = {}
        self.top: dict = {}                          # every top-level name -> (what, decl)
        self.granted: set = set()                    # every name code passes to `grant(…)`
        self.synonyms: dict = {}                     # a word designers reach for -> the pack's name for it
        self.shows: dict = {}                        # owner -> {attribute name: its span in a `show` line}
        self.harness: dict = {}                      # key -> HarnessItem
        self.search: dict = {}                       # key -> SearchItem: the search agent's defaults
        self.wording: dict = {}                      # "once turn", "yours", "use" … -> WordingDecl: the texts' phrases
        self.score: Optional[A.ScoreDecl] = None     # what a game's outcome is measured in, if declared

    # ── lookups the checker uses ──────────────────────────────────────────────
    def windows_of(self, action: str) -> Optional[tuple[str, ...]]:
        if action in self.actions:
            return tuple(s.name for s in self.actions[action].steps if isinstance(s, A.WindowStep))
        if action in STRUCTURAL_WINDOWS:
            return STRUCTURAL_WINDOWS[action]
        if action in self.phases:
            return STRUCTURAL_WINDOWS["phase"]
        return None

    def event_fields(self, action: str) -> dict:
        if action in self.actions:
            d = self.actions[action]
            fields = {p.name: self.type_of(p.type) for p in d.params}
            if d.returns is not None:       # its result: a field of its event, never an argument
                fields["result"] = T.opt(self.type_of(d.returns))
            return fields
        if action in STRUCTURAL_EVENTS:
            return dict(STRUCTURAL_EVENTS[action])
        if action in self.phases:
            return dict(STRUCTURAL_EVENTS["phase"])
        return {}

    def event_sources(self) -> list[str]:
        return sorted(set(self.actions) | set(STRUCTURAL_EVENTS) | set(self.phases))

    def type_of(self, ref: Optional[A.TypeRef]) -> T.Type:
        if ref is None:
            return T.VOID
        if ref.is_list:
            inner = self.type_of(A.TypeRef(ref.name, False, ref.span))
            return T.opt(T.list_of(inner)) if ref.optional else T.list_of(inner)
        if ref.name in self.actions:          # an action's name is the type of its events
            return T.opt(("event", ref.name)) if ref.optional else ("event", ref.name)
        return parse_type_name(ref.name, ref.optional)

    def known_type(self, ref: A.TypeRef) -> bool:
        return (ref.name in T.SIMPLE or ref.name in T.PLURALS or ref.name in self.enums
                or ref.name in self.actions)

    def attr(self, owner: str, name: str) -> Optional[A.AttrDecl]:
        return self.attrs_.get((owner, name))


_CATEGORY = {
    A.EnumDecl: ("enum", "enums"), A.ZoneDecl: ("zone", "zones"), A.HookDecl: ("hook", "hooks"),
    A.QueryDecl: ("query", "queries"), A.FuncDecl: ("function", "funcs"), A.ActionDecl: ("action", "actions"),
    A.PhaseDecl: ("phase", "phases"), A.CardDecl: ("card", "cards"), A.SkillDecl: ("skill", "skills"),
    A.CharacterDecl: ("character", "characters"), A.DeckDecl: ("deck", "decks"), A.ModeDecl: ("mode", "modes"),
    A.ReactionDecl: ("reaction", "reactions"),
}


def collect(modules: list[A.Module], diags: Diagnostics) -> Symbols:
    s = Symbols()
    for m in modules:
        s.granted |= m.granted
        for d in m.decls:
            if isinstance(d, A.PackDecl):
                if s.pack is not None:
                    diags.error(d.span, f"the pack is already named `{s.pack.name}`",
                                f"first named at {s.pack.span}; keep one `pack` line")
                else:
                    s.pack = d
                if d.script not in ("", *SCRIPTS):
                    diags.error(d.span, f"unknown script `{d.script}` for the pack's Chinese",
                                f"write `script \"{SCRIPTS[0]}\"` or `script \"{SCRIPTS[1]}\"`")
                continue
            if isinstance(d, A.SynonymsDecl):
                for word, span in d.words:
                    if word in s.synonyms:
                        diags.error(span, f"`{word}` is already a synonym of `{s.synonyms[word]}`")
                    s.synonyms[word] = d.name
                continue
            if isinstance(d, A.TurnDecl):
                _declared_once(s, "turn", d, "the turn order", diags)
                continue
            if isinstance(d, A.AnytimeDecl):
                s.anytime.append(d)
                continue
            if isinstance(d, A.InvariantDecl):
                s.invariants.append(d)
                continue
            if isinstance(d, A.MustDecl):
                s.musts.append(d)
                continue
            if isinstance(d, (A.ShowDecl, A.HarnessDecl, A.SearchDecl, A.WordingDecl)):
                _tool_decl(s, diags, d)
                continue
            if isinstance(d, A.ScoreDecl):
                _declared_once(s, "score", d, "the game's score", diags)
                continue
            if isinstance(d, (A.AttrDecl, A.CounterDecl)):
                key = (d.owner, d.name)
                prev = s.attrs_.get(key) or s.counters.get(key)
                if prev is not None:
                    diags.error(d.span, f"`{d.name}` is already declared for {d.owner}s",
                                f"first declared at {prev.span}")
                    continue
                (s.attrs_ if isinstance(d, A.AttrDecl) else s.counters)[key] = d
                if d.owner == "table":
                    _top(s, diags, d.name, "table value", d)
                continue
            what, table = _CATEGORY[type(d)]
            if d.name in RESERVED or d.name in BUILTINS:
                diags.error(d.span, f"`{d.name}` is a built-in name and cannot name {_a(what)}",
                            "choose another name")
                continue
            if _top(s, diags, d.name, what, d):
                getattr(s, table)[d.name] = d
    for name, e in s.enums.items():
        seen = set()
        for m in e.members:
            if m.name in seen:
                diags.error(m.span, f"`{m.name}` appears twice in enum `{name}`")
            seen.add(m.name)
            s.members.setdefault(m.name, []).append(name)
    for member, owners in s.members.items():
        if member in s.top:
            what, d = s.top[member]
            diags.error(d.span, f"`{member}` names both {_a(what)} and a member of enum `{owners[0]}`",
                        "rename one of them")
    if s.pack is None and modules:
        first = next((d for m in modules for d in m.decls), None)
        span = first.span if first is not None else A.Span(modules[0].path, 1, 1, 1, 2)
        diags.error(span, "the pack has no `pack` line", 'add `pack NAME "display name"` to one file')
    return s


def _declared_once(s, field: str, d, what: str, diags) -> None:
    """A declaration a pack makes once (its turn order, its score): a second is an error at its line."""
    first = getattr(s, field)
    if first is not None:
        diags.error(d.span, f"{what} is declared twice", f"first declared at {first.span}")
    else:
        setattr(s, field, d)


def _tool_decl(s: Symbols, diags: Diagnostics, d) -> None:
    """Each attribute shown once, each `harness` and `search` setting and each `wording` set once: the files
    of a pack (and a designer's `--with` file) may share them out, e.g. a mode's file shows the attribute it adds."""
    if isinstance(d, A.ShowDecl):
        shown = s.shows.setdefault(d.owner, {})
        for name, span in d.names:
            if name in shown:
                diags.error(span, f"`{name}` is already shown", f"first shown at {shown[name]}")
            else:
                shown[name] = span
        return
    if isinstance(d, A.WordingDecl):
        key = " ".join(filter(None, (d.key, d.scope)))
        if key in s.wording:
            diags.error(d.span, f"the wording `{key}` is declared twice", f"first declared at {s.wording[key].span}")
        else:
            s.wording[key] = d
        return
    settings, what = (s.search, "search") if isinstance(d, A.SearchDecl) else (s.harness, "harness")
    for item in d.items:
        prev = settings.get(item.key)
        if prev is not None:
            diags.error(item.span, f"the {what} `{item.key}` is set twice", f"first set at {prev.span}")
        else:
            settings[item.key] = item


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _top(s: Symbols, diags: Diagnostics, name: str, what: str, d) -> bool:
    if name in s.top:
        prev_what, prev = s.top[name]
        diags.error(d.span, f"`{name}` is already defined as {_a(prev_what)}", f"first defined at {prev.span}")
        return False
    s.top[name] = (what, d)
    return True
