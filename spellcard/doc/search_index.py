"""What the doc site's search box reads, and how the skills page groups its entries: both made from
the pack alone (every word a page shows comes from the pack; the templates hold none of a game's).

The search finds an entry by its name or label first, then by any of its words: the printed text,
the rules text generated in each language, an action's phrasing, a window's meaning, a built-in's
doc. So a designer who remembers a card's wording, not its name, still finds it."""
from __future__ import annotations

from typing import Callable

from .reference import Entry, Reference

GROUPS = (("character", "角色技能 Characters' skills"), ("card", "卡牌技能 Cards' skills"),
          ("mode", "模式規則 Modes' rules"), ("internal", "其他規則 Rules granted in play"))
"""The skills page's sections: a skill is in the first whose kind holds it; "internal" holds the
skills nothing lists (granted in play by another rule), which a player never reads as a skill."""


def search_entries(ref: Reference, url_of: Callable[[Entry], str]) -> list[dict]:
    """One row per entry: name, label, kind, url and `text`, every word the entry's page shows of it."""
    rows = []
    for e in ref.entries:
        row = {"name": e.name, "label": e.label, "kind": e.kind, "url": url_of(e)}
        text = _text(ref, e)
        if text:
            row["text"] = text
        rows.append(row)
    return rows


def _text(ref: Reference, e: Entry) -> str:
    parts = [e.printed, *e.generated.values(), e.doc, e.signature]
    parts += [meaning for _, _, meaning in e.windows]
    if e.kind == "character":           # a character is found by its skills' words too
        for name in e.skills:
            for sk in (x for x in ref.find(name) if x.kind == "skill"):
                parts += [sk.label, sk.printed, *sk.generated.values()]
    return " · ".join(p for p in parts if p)


def search_hint(ref: Reference) -> str:
    """The search box's example: the label of the first character's first skill (or of the first
    card) and the pack's first action."""
    held = [sk for c in ref.of_kind("character") for name in c.skills for sk in ref.find(name) if sk.kind == "skill"]
    named = (held or ref.of_kind("card"))[:1]
    acted = [e for e in ref.of_kind("action") if e.where][:1]
    return ", ".join([*(e.label or e.name for e in named), *(e.name for e in acted)])


def skill_groups(ref: Reference) -> list[tuple[str, str, list[Entry]]]:
    """(key, title, skills) for each non-empty group of GROUPS, the pack's order kept within one."""
    kind_of = {e.name: e.kind for e in ref.entries if e.kind in ("character", "card", "mode")}
    grouped: dict = {key: [] for key, _ in GROUPS}
    for e in ref.of_kind("skill"):
        kinds = {kind_of.get(h) for h in e.extra.get("holders", [])}
        grouped[next((k for k, _ in GROUPS if k in kinds), "internal")].append(e)
    return [(key, title, grouped[key]) for key, title in GROUPS if grouped[key]]
