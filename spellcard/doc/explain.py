"""`spellcard explain PACK NAME`: one entry of the reference as plain text, printed text first, then the
rules text generated from the definition in each language, so a designer sees where they differ."""
from __future__ import annotations

from spellcard.compiler.text.safe import printable

from .reference import Entry, Reference

_NO_TEXT = '(none: add `text "…"`)'
_LANG_NAMES = {"zh": "rules text (zh)", "en": "rules text (en)"}


def explain(ref: Reference, entry: Entry) -> str:
    head = f"{entry.kind} {entry.name}" + (f" “{entry.label}”" if entry.label else "")
    lines = [head, f"  defined at   {entry.where}" if entry.where else "  built in"]
    if entry.signature:
        lines.append(f"  signature    {entry.signature}")
    if entry.doc:
        lines.append(f"  doc          {entry.doc}")
    if entry.kind in ("card", "skill", "mode", "reaction"):
        lines.append(f"  printed text {entry.printed or _NO_TEXT}")
        lines += [f"  {_LANG_NAMES[lang]:<12} {text}" for lang, text in entry.generated.items()]
    elif entry.generated:
        lines += [f"  says ({lang})    {phrase}" for lang, phrase in entry.generated.items()]
    if entry.windows:
        lines.append("  windows")
        lines += [f"    {entry.name}.{w}" + (f" (when {c})" if c else "") + (f"  # {m}" if m else "")
                  + (f"  ← {', '.join(entry.listeners[w])}" if entry.listeners.get(w) else "")
                  for w, c, m in entry.windows]
    if entry.fields:
        label = "event fields" if entry.kind == "action" else "stats"
        lines.append(f"  {label:<12} " + ", ".join(f"{n}: {t}" for n, t in entry.fields))
    for key, value in entry.extra.items():
        if value not in ("", [], {}, None):
            lines.append(f"  {key:<12} {_shown(value)}")
    if entry.tags:
        lines.append(f"  tags         {', '.join(entry.tags)}")
    for name in entry.skills:
        for skill in (e for e in ref.find(name) if e.kind == "skill"):
            lines.append(f"  skill {skill.name} “{skill.label}”")
            lines.append(f"      printed  {skill.printed or '(none)'}")
            lines += [f"      {lang}       {text}" for lang, text in skill.generated.items()]
    if entry.kind in ("card", "skill", "character", "mode"):
        lines.append(f"  tests        {len(entry.tests) or 'none'}")
        lines += [f"    {t.where}  {t.title}" for t in entry.tests]
    return "\n".join(printable(line) for line in lines)


def _shown(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} = {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(" ".join(x) if isinstance(x, tuple) else str(x) for x in value)
    return str(value)
