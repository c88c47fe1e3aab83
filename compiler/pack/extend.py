"""Packs that extend packs: the base's files join the extension's, then one layer is laid over the other.

An extension adds definitions; it takes the place of a base definition only where it writes
`replace`, and adds copies to a base deck with `extend deck`. Anything else that reuses a base name
is an accident and an error naming both places. The merged modules are then checked as one pack,
so the checker checks the extension against its base.
"""
from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.text.diagnostics import Diagnostics

def version_key(version: str) -> tuple:
    """"1.10.2" → (1, 10, 2): versions compare number by number, not as text."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"[.\-+]", version))


_OPS = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b,
        "<": lambda a, b: a < b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}


def satisfies(version: str, op: Optional[str], wanted: Optional[str]) -> bool:
    if op is None:
        return True
    try:
        return _OPS[op](version_key(version), version_key(wanted))
    except TypeError:               # "1.0" against "1.0rc": compare as text rather than fail
        return _OPS[op](version, wanted)


def _key(d) -> Optional[tuple]:
    """What a declaration's name clashes with: one namespace for named things, attributes per owner."""
    if isinstance(d, (A.AttrDecl, A.CounterDecl)):
        return ("value", d.owner, d.name)
    name = getattr(d, "name", None)
    if isinstance(d, (A.TurnDecl, A.SynonymsDecl)) or name is None:    # synonyms only suggest
        return None
    return ("name", name)


_WHAT = {A.EnumDecl: "enum", A.ZoneDecl: "zone", A.HookDecl: "hook", A.QueryDecl: "query",
         A.FuncDecl: "function", A.ActionDecl: "action", A.PhaseDecl: "phase", A.CardDecl: "card",
         A.SkillDecl: "skill", A.CharacterDecl: "character", A.DeckDecl: "deck", A.ModeDecl: "mode",
         A.AttrDecl: "attr", A.CounterDecl: "counter"}


def lay_over(layers: list[tuple[str, A.Module]], diags: Diagnostics) -> list[A.Module]:
    """Modules tagged with the base pack they come from ("" for the pack itself), deepest base first
    → the modules of one pack: replaced definitions gone, extended decks grown, one `pack` line."""
    order = list(dict.fromkeys(tag for tag, _ in layers))
    kept: list[tuple[str, list]] = []           # (path, decls) in file order
    where: dict = {}                            # clash key -> (layer tag, decl)
    packs: list[A.PackDecl] = []                # each layer's pack line, deepest first
    for depth, tag in enumerate(order):
        below = packs[-1] if packs else None
        for layer_tag, module in (lm for lm in layers if lm[0] == tag):
            decls: list = []
            for d in module.decls:
                if isinstance(d, A.PackDecl) and packs and packs[-1] is not below:
                    decls.append(d)             # a second pack line in one layer: the symbol table says so
                elif isinstance(d, A.PackDecl):
                    packs.append(d)
                    decls.append(d)
                elif isinstance(d, A.ReplaceDecl):
                    if _replace(d, depth, tag, below, kept, where, diags):
                        decls.append(d.decl)
                elif isinstance(d, A.DeckExtend):
                    _extend_deck(d, depth, below, kept, diags)
                else:
                    key = _key(d)
                    prev = where.get(key) if key else None
                    if prev is not None and prev[0] != tag:
                        _clash(d, prev, diags)
                        continue
                    if key:
                        where.setdefault(key, (tag, d))
                    decls.append(d)
            kept.append((module.path, decls))
    if len(order) > 1 and len(packs) >= 2:
        for base, top in zip(packs, packs[1:]):
            _check_base(top, base, diags)
        top, base = packs[-1], packs[-2]
        kept = [(p, [_with_base(x, base) if x is top else x for x in ds if x is top or x not in packs])
                for p, ds in kept]
    granted = {module.path: module.granted for _, module in layers}
    return [A.Module(path, tuple(decls), granted=granted.get(path, frozenset())) for path, decls in kept]


def _replace(d: A.ReplaceDecl, depth: int, tag: str, below, kept, where, diags: Diagnostics) -> bool:
    new = d.decl
    what = _WHAT.get(type(new), "definition")
    if not depth:
        diags.error(d.span, f"`replace` is for a pack that extends another; nothing here to replace",
                    'name the base in the pack line: `pack NAME "title" extends BASE`, or drop `replace`')
        return False
    key = _key(new)
    prev = where.get(key)
    if prev is None or not isinstance(prev[1], type(new)):
        diags.error(d.span, f"`replace {what} {new.name}`: the base pack `{below.name}` has no {what} `{new.name}`",
                    f"drop `replace` to add it as a new {what}")
        return False
    if prev[0] == tag:
        diags.error(d.span, f"`{new.name}` is defined by this pack itself, not by its base",
                    f"first defined at {prev[1].span}; keep one of the two")
        return False
    old = prev[1]
    for _, decls in kept:
        if old in decls:
            decls.remove(old)
    where[key] = (tag, new)
    return True


def _extend_deck(d: A.DeckExtend, depth: int, below, kept, diags: Diagnostics) -> None:
    if not depth:
        deck = next((x for _, ds in kept for x in ds if isinstance(x, A.DeckDecl) and x.name == d.name), None)
        if deck is not None and PurePosixPath(deck.span.file).parent != PurePosixPath(d.span.file).parent:
            pack = next((x.name for _, ds in kept for x in ds if isinstance(x, A.PackDecl)), "BASE")
            diags.error(d.span, "`extend deck` is for a pack that extends another, and a `--with` file "
                                "only joins the pack: it cannot grow the pack's decks",
                        f'make this file a pack of its own: add `pack mine "…" extends {pack}` at its top '
                        f"and give its folder as the PACK (`spellcard check FOLDER`), not with --with",
                        code="extend-deck")
        else:
            diags.error(d.span, "`extend deck` is for a pack that extends another",
                        f"add the entries to the deck `{d.name}` itself"
                        + (f" (at {deck.span.file}:{deck.span.line})" if deck is not None else ""),
                        code="extend-deck")
        return
    for _, decls in kept:
        for i, old in enumerate(decls):
            if isinstance(old, A.DeckDecl) and old.name == d.name:
                decls[i] = attrs.evolve(old, entries=old.entries + d.entries)
                return
    decks = sorted({x.name for _, ds in kept for x in ds if isinstance(x, A.DeckDecl)})
    diags.error(d.span, f"the base pack `{below.name}` has no deck `{d.name}`",
                f"its decks: {', '.join(decks) or 'none'}")


def _clash(d, prev: tuple, diags: Diagnostics) -> None:
    base_tag, old = prev
    what = _WHAT.get(type(d), "definition")
    diags.error(d.span, f"`{d.name}` is already defined by the base pack `{base_tag}`, at {old.span}",
                f"write `replace {what} {d.name} …` to replace it on purpose, or choose another name"
                if type(old) is type(d) and what not in ("attr", "counter") else "choose another name")


def _check_base(top: A.PackDecl, base: A.PackDecl, diags: Diagnostics) -> None:
    ref = top.base
    if ref is None or ref.name != base.name:
        return
    if not satisfies(base.version, ref.op, ref.version):
        diags.error(ref.span, f"pack `{top.name}` needs {ref.name} {ref.op} {ref.version}; "
                              f"the {ref.name} found is version {base.version}",
                    f"install a {ref.name} that matches, or change the constraint")


def _with_base(top: A.PackDecl, base: A.PackDecl) -> A.PackDecl:
    if top.base is None:        # a second pack line, which the symbol table reports
        return top
    return attrs.evolve(top, base=attrs.evolve(top.base, found=base.version),
                        script=top.script or base.script)   # an extension writes as its base unless it says
