"""How many raw identifiers the generated rules text still shows: the measure of issue 29 point 4.

    python bench/raw_identifiers.py [--pack P]… [--show N] [--json]

For every skill, card and mode of each pack, the rules text in both languages (compiler/text/rules.py)
is searched for source names a player should never read:
  - Chinese: any ASCII identifier (`t`, `graze_needed`, `none`, `sober(player)`), since Chinese
    text has no English words of its own;
  - English: a name with an underscore, `none` (not the English "none of"), a call written as
    source (`word(`), or a name the declaration binds itself (its `let` and `for` variables: `t`,
    `c`) unless the English has that word anyway (the text's role words, "the chosen card", and the
    words of the pack's names and `says` phrases, "front-row slot").
Prints per pack and language the count and the declarations that have any; `--show N` prints the N
most common identifiers. Not a test: a figure to compare before and after a change.
"""
from __future__ import annotations

import argparse
import json
import re
from importlib import resources
from collections import Counter

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.pack.loader import front_end, read_sources, resolve, with_bases
from spellcard.compiler.text.rules import LANGS, rules_text

PACKS = ("thb", "bots", "esper", "examples/love_letter", "examples/the_game", "examples/hearts",
         "examples/resistance")
ASCII_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
ORDINALS = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "chosen", "random"}
"""Words of the text's own roles ("the second chosen player"), not a name that happens to match."""
EN_RAW = re.compile(r"\b[A-Za-z0-9]*_[A-Za-z0-9_]*\b|\bnone\b(?! of)|\b[A-Za-z_]\w*(?=\()")


def bound_names(decl) -> set[str]:
    """The names a declaration binds itself: its `let` and `for` variables."""
    out, stack = set(), [decl]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif attrs.has(type(n)) and not isinstance(n, A.Span):
            if isinstance(n, A.Let):
                out.add(n.name)
            elif isinstance(n, A.For):
                out.add(n.var)
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))
    return out


def vocabulary(syms) -> set[str]:
    """The words the English text has anyway: the templates' own ("in reverse order"), and the pack's
    names said as words and its `says` phrases."""
    template = resources.files("spellcard.compiler.text").joinpath("templates", "rules_en.j2").read_text("utf-8")
    quoted = " ".join(re.findall(r'"([^"{}]*)"', template) + re.findall(r"[%}]}([^{]*){", template))
    names = [*syms.top, *(n for _, n in syms.attrs_), *(n for _, n in syms.counters), *syms.members]
    says = [d.says[1] for t in (syms.actions, syms.funcs, syms.queries) for d in t.values()]
    return {w for text in [*names, *says, quoted] for w in re.findall(r"[A-Za-z]+", text.replace("_", " ").lower())}


def raw_in(text: str, lang: str, bound: set[str], vocab: set[str] = frozenset()) -> list[str]:
    if lang == "zh":
        return ASCII_WORD.findall(text)
    found = EN_RAW.findall(text)
    return found + [w for w in re.findall(r"\b\w+\b", text)
                    if w in bound and w not in ("a", "I") and w not in ORDINALS and w.lower() not in vocab]


def measure(pack: str) -> dict:
    syms, _, diags = front_end(with_bases(read_sources(resolve(pack))))
    counts = {lang: Counter() for lang in LANGS}
    decls = {lang: 0 for lang in LANGS}
    vocab = vocabulary(syms)
    for decl in [*syms.skills.values(), *syms.cards.values(), *syms.modes.values()]:
        text, bound = rules_text(syms, decl), bound_names(decl)
        for lang in LANGS:
            raw = raw_in(text[lang], lang, bound, vocab)
            counts[lang].update(raw)
            decls[lang] += bool(raw)
    return {lang: {"raw": sum(counts[lang].values()), "declarations": decls[lang], "common": counts[lang]}
            for lang in LANGS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", action="append", help="a pack (default: the five packs)")
    ap.add_argument("--show", type=int, default=0, help="print the N most common raw identifiers")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = {p: measure(p) for p in args.pack or PACKS}
    if args.json:
        print(json.dumps({p: {lang: {k: v for k, v in r.items() if k != "common"} for lang, r in langs.items()}
                          for p, langs in results.items()}, indent=1))
        return
    total = Counter()
    for pack, langs in results.items():
        for lang, r in langs.items():
            total[lang] += r["raw"]
            print(f"{pack:24} {lang}: {r['raw']:5} raw identifiers in {r['declarations']} declarations")
            if args.show:
                print("    " + ", ".join(f"{w} {n}" for w, n in r["common"].most_common(args.show)))
    print(f"{'all':24} " + "; ".join(f"{lang}: {total[lang]}" for lang in LANGS))


if __name__ == "__main__":
    main()
