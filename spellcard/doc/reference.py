"""What a designer can look up about a pack: every name it defines (and every built-in), with its
printed text, its generated rules text, where it is defined, its windows, fields or signature and the
tests about it. `spellcard explain` prints one entry; `spellcard doc` writes them all as a site."""
from __future__ import annotations

import re
from typing import Iterable, Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.pack.loader import front_end, read_sources, resolve, with_bases
from spellcard.compiler.text.rules import LANGS, RulesText, rules_text
from spellcard.compiler.symbols import STRUCTURAL_EVENTS, STRUCTURAL_WINDOWS, Symbols
from spellcard.runtime.builtins import FUNCTIONS, SIGNATURES

KINDS = ("card", "skill", "character", "mode", "reaction", "action", "function", "query", "builtin",
         "zone", "counter", "attribute", "enum", "phase")


@attrs.define
class TestRef:
    title: str
    where: str                         # file:line


@attrs.define
class Entry:
    kind: str                          # one of KINDS
    name: str
    label: str = ""
    printed: str = ""                  # the `text` clause
    generated: dict = attrs.Factory(dict)   # language -> rules text
    where: str = ""                    # file:line, "" for a built-in
    signature: str = ""                # `damage(target: player, amount: int, …)`
    doc: str = ""                      # a built-in's one-line doc
    windows: list = attrs.Factory(list)     # an action's windows, in order: (name, condition, meaning)
    listeners: dict = attrs.Factory(dict)   # an action's window -> the skills with a trigger on it
    fields: list = attrs.Factory(list)      # (name, type): an action's event fields, a character's stats
    skills: list = attrs.Factory(list)      # skill names: a character's, a card's, a mode's rules
    tags: list = attrs.Factory(list)
    tests: list = attrs.Factory(list)       # TestRef
    extra: dict = attrs.Factory(dict)       # per kind: a card's attributes, a mode's players …

    @property
    def anchor(self) -> str:
        return f"{self.kind}-{self.name}"


class PackError(Exception):
    """The pack does not compile: the diagnostics say why."""

    def __init__(self, rendered: str):
        super().__init__(rendered)
        self.rendered = rendered


@attrs.define
class Reference:
    pack: str
    title: str
    entries: list                      # Entry, grouped by kind in KINDS order
    syms: Symbols

    def find(self, name: str) -> list[Entry]:
        """Entries named `name` (or labelled so: 借走 finds Borrow), any kind."""
        return [e for e in self.entries if name in (e.name, e.label)]

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries if e.kind == kind]


def load_reference(pack: str, extra: Iterable[str] = ()) -> Reference:
    """Raises PackNotFound for an unknown pack, PackError when it does not compile."""
    from spellcard.spelltest.collect import collect, test_files
    from spellcard.spelltest.suite import only_tests

    extra = tuple(extra)
    files = resolve(pack)
    for e in extra:
        if not only_tests(e):
            files.extend(resolve(e))
    sources = with_bases(read_sources(files))
    syms, _, diags = front_end(sources)
    if diags.has_errors:
        lines = {s.path: s.lines for s in sources}
        raise PackError("\n".join(d.render(lines.get(d.span.file)) for d in diags.sorted() if d.is_error))
    tests = collect(test_files(pack, extra)).tests
    by_subject: dict = {}
    for t in tests:
        if t.subject:
            by_subject.setdefault(t.subject, []).append(TestRef(t.title, str(t.span)))
    entries = _entries(syms, {src.path: src.lines for src in sources})
    for e in entries:
        e.tests = by_subject.get(e.name, [])
    title = syms.pack.title if syms.pack else pack
    return Reference(syms.pack.name if syms.pack else pack, title, entries, syms)


def _entries(s: Symbols, lines: dict) -> list[Entry]:
    out: list[Entry] = []
    _plain = RulesText(s, "en").plain         # an expression as the source reads
    heard = _listeners(s)
    for d in s.cards.values():
        assigns = {a.name: _plain(a.value) for a in d.assigns}
        out.append(Entry("card", d.name, d.label, d.text, rules_text(s, d), str(d.span),
                         skills=[n for sc in d.skills for n, _ in sc.names],
                         extra={"attributes": assigns, "copies": _copies(s, d.name)}))
    for d in s.skills.values():
        out.append(Entry("skill", d.name, d.label, d.text, rules_text(s, d), str(d.span),
                         extra={"kind": d.kind, "holders": _holders(s, d.name),
                                "listens": list(dict.fromkeys(f"{c.action}.{c.window}" for c in d.clauses
                                                              if isinstance(c, A.TriggerClause)))}))
    for d in s.characters.values():
        out.append(Entry("character", d.name, d.label, where=str(d.span),
                         fields=[(a.name, _plain(a.value)) for a in d.assigns],
                         skills=[n for sc in d.skills for n, _ in sc.names], tags=list(d.tags)))
    for d in s.modes.values():
        players = str(d.min_players) if d.min_players == d.max_players else f"{d.min_players}–{d.max_players}"
        out.append(Entry("mode", d.name, d.label, d.text, rules_text(s, d), str(d.span),
                         skills=[n for sc in d.rules for n, _ in sc.names],
                         extra={"players": players, "deck": d.deck or "", "without": list(d.without),
                                "granted": [n for sc in d.skills for n, _ in sc.names]}))
    for d in s.reactions.values():
        out.append(Entry("reaction", d.name, d.label, d.text, rules_text(s, d), str(d.span),
                         extra={"window": f"{d.action}.{d.window}", "closes": "at the first who responds"
                                if d.mode != "each" else "after each asked player"}))
    for d in s.actions.values():
        out.append(Entry("action", d.name, where=str(d.span), signature=_signature(d, _plain),
                         windows=[(w.name, _plain(w.cond) if w.cond else "",     # its meaning: its words, its comment
                                   " · ".join(filter(None, (w.says[0], _trailing_comment(lines, w.span)))))
                                  for w in d.steps if isinstance(w, A.WindowStep)],
                         fields=[(p.name, _type(p.type)) for p in d.params]
                         + ([("result", _type(d.returns))] if d.returns is not None else []), generated=_says(d),
                         listeners=heard.get(d.name, {})))
    for name, windows in STRUCTURAL_WINDOWS.items():
        out.append(Entry("action", name, doc="a window the runtime itself opens",
                         windows=[(w, "", "") for w in windows], listeners=heard.get(name, {}),
                         fields=[(n, T.show(t)) for n, t in STRUCTURAL_EVENTS[name]]))
    for d in s.funcs.values():
        out.append(Entry("function", d.name, where=str(d.span), signature=_signature(d, _plain), generated=_says(d)))
    for d in s.queries.values():
        out.append(Entry("query", d.name, where=str(d.span), signature=_signature(d, _plain), generated=_says(d)))
    for name in sorted(SIGNATURES):
        out.append(Entry("builtin", name, signature=SIGNATURES[name], doc=builtin_doc(name)))
    for d in s.zones.values():
        out.append(Entry("zone", d.name, d.label, where=str(d.span),
                         extra={"owner": d.owner, "visibility": d.visibility, "grants": d.grants}))
    for (owner, name), d in s.counters.items():
        out.append(Entry("counter", name, d.label, where=str(d.span),
                         extra={"owner": owner, "reset": d.reset or "", "init": _plain(d.init) if d.init else "0"}))
    for (owner, name), d in s.attrs_.items():
        out.append(Entry("attribute", name, d.label, where=str(d.span),
                         extra={"owner": owner, "type": _type(d.type), "visibility": _attr_seen(d)}))
    for d in s.enums.values():
        out.append(Entry("enum", d.name, where=str(d.span),
                         extra={"members": [(m.name, m.label or "") for m in d.members]}))
    for d in s.phases.values():
        out.append(Entry("phase", d.name, d.label, where=str(d.span),      # `on play_phase.start`
                         windows=[(w, "", "") for w in STRUCTURAL_WINDOWS["phase"]], listeners=heard.get(d.name, {})))
    return out


def _listeners(s: Symbols) -> dict:
    """action -> window -> the skills that trigger there (`on damage.taken`), then the reactions, in the pack's order."""
    out: dict = {}
    for d in s.skills.values():
        for c in d.clauses:
            if isinstance(c, A.TriggerClause):
                names = out.setdefault(c.action, {}).setdefault(c.window, [])
                if d.name not in names:
                    names.append(d.name)
    for d in s.reactions.values():
        out.setdefault(d.action, {}).setdefault(d.window, []).append(d.name)
    return out


def _attr_seen(d: A.AttrDecl) -> str:
    """Who sees a private player attribute, as declared (`owner until role_shown`); "" for a public one."""
    return "" if d.seen == "public" else f"{d.seen} until {d.until}" if d.until else d.seen


def _trailing_comment(lines: dict, span: A.Span) -> str:
    """What the pack says a window means: the comment ending its line (`window taken  # 受到傷害後`)."""
    src = lines.get(span.file)
    if not src or span.line > len(src):
        return ""
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', src[span.line - 1])
    return line.partition("#")[2].strip()


def builtin_doc(name: str) -> str:
    """A built-in's docstring, its first paragraph on one line."""
    doc = (getattr(FUNCTIONS.get(name), "__doc__", None) or "").strip()
    return " ".join(doc.split("\n\n")[0].split()) if doc else ""


def _says(d) -> dict:
    return {lang: phrase for lang, phrase in zip(LANGS, d.says) if phrase}


def _copies(s: Symbols, kind: str) -> list[str]:
    return [f"{deck.name}: {e.copies if e.count is None else f'{e.count} copies'}"
            for deck in s.decks.values() for e in deck.entries if e.kind == kind]


def _holders(s: Symbols, skill: str) -> list[str]:
    found = [c.name for table in (s.characters, s.cards) for c in table.values()
             for sc in c.skills for n, _ in sc.names if n == skill]
    return found + [m.name for m in s.modes.values() for sc in m.rules + m.skills for n, _ in sc.names if n == skill]


def _type(ref: Optional[A.TypeRef]) -> str:
    if ref is None:
        return ""
    name = f"[{ref.name}]" if ref.is_list else ref.name
    return name + ("?" if ref.optional else "")


def _signature(d, _plain) -> str:
    params = ", ".join(f"{p.name}: {_type(p.type)}" + (f" = {_plain(p.default)}" if p.default is not None else "")
                       for p in d.params)
    returns = getattr(d, "returns", None)
    return f"{d.name}({params})" + (f" -> {_type(returns)}" if returns is not None else "")

