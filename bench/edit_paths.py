"""Which one-line edits `spellcard check` takes the short way (compiler/pack/incremental.py) and which
check the whole pack again, and what each costs (a script, never a timed assertion).

    python bench/edit_paths.py [--pack thb|big] [--characters N] [--runs R] [--python BIN] [--verify]

Each edit is a pair of texts of one file (before, after): the pack is checked with `before` (the cache
then holds its record), then with `after`, that second check timed as a whole process (CPU: user +
system of the child; the median of R runs, each from its own warm cache). Its row says `short` when the
check after the edit read again only what it touched, `WHOLE` when it fell back to checking the whole
pack. The edits are the kinds a designer makes, most common first. --pack big: the same edits on the
first generated file of bench/big_pack.py's pack (N characters over THB). --python: another
checkout's interpreter (its .venv/bin/python) for an A/B. --verify: each `after` also checked from
nothing, and the two diagnostics compared (`same` / `DIFFERENT`).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))
from big_pack import hp_edited  # noqa: E402  (a sibling script, not a package)
THB = HERE.parents[1] / "rules" / "thb"
TRIGGER = "event.card.category == spell { draw(owner, 1) }"      # a use_card.declare trigger's body (THB's 圖書)


def sub(pattern: str, repl: str):
    """An edit: the first match of `pattern` becomes `repl` (None when the file has none)."""
    def edit(text: str):
        return _changed(text, re.sub(pattern, repl, text, count=1, flags=re.M))
    return edit


def _changed(text: str, changed: str):
    return changed if changed != text else None


def chain(*edits):
    """Edits one after the other: `before` of a pair that undoes something."""
    def edit(text: str):
        for e in edits:
            text = e(text) if text is not None else None
        return text
    return edit


_ERROR = sub(re.escape(TRIGGER), TRIGGER.replace("1)", '"1")'))
_LOOP = sub(r"(on recover\.after when event\.target == owner[^{]*\{)", r"\1 recover(owner, 1) ")
_SAME = lambda text: text  # noqa: E731  (the pack as it is)
# (what, before, after): each a text -> text (None: the edit does not apply to this file)
EDITS = [
    ("a number in a skill's body", _SAME, sub(re.escape(TRIGGER), TRIGGER.replace("1)", "2)"))),
    ("a character's hit points", _SAME, lambda text: _changed(text, hp_edited(text))),
    ("a skill's printed text", _SAME, sub(r"text \"鎖定技，當你使用一張非延時符卡時，你摸一張牌。\"",
                                          'text "鎖定技，當你使用一張非延時符卡時，你摸兩張牌。"')),
    ("an error typed (a text for a number)", _SAME, _ERROR),
    ("the error mended", _ERROR, _SAME),
    ("a name mistyped (unknown function)", _SAME, sub(re.escape(TRIGGER), TRIGGER.replace("draw", "drwa"))),
    ("a line added in a skill's body", _SAME, sub(re.escape(TRIGGER), TRIGGER.replace("{ draw(owner, 1) }",
                                                                                     "{\n    draw(owner, 1)\n  }"))),
    ("a trigger's window changed", _SAME, sub(r"on use_card\.declare when event\.user == owner",
                                              "on use_card.finished when event.user == owner")),
    ("a trigger's action changed", _SAME, sub(r"on recover\.after when event\.target == owner",
                                              "on damage.taken when event.target == owner")),
    ("a call added that closes a trigger loop", _SAME, _LOOP),
    ("the loop's call taken out", _LOOP, _SAME),
    ("a skill's body grants a skill", _SAME, sub(re.escape(TRIGGER), TRIGGER.replace("draw(owner, 1)",
                                                                                     "grant(owner, Flight)"))),
    ("a function's body", _SAME, sub(r"if p\.hp > p\.max_hp", "if p.hp >= p.max_hp")),
    ("a skill renamed (its character still lists it)", _SAME, sub(r"^skill (\w+) ", r"skill \1X ")),
    ("a skill added at the end", _SAME, lambda t: t + '\nskill Added "加" locked {\n  text "鎖定技。"\n'
                                                      '  modify hand_limit when p == owner = value + 1\n}\n'),
]


def child(pack: str, verify: bool) -> None:
    """In the timed process: `spellcard check`'s work (compile_pack, no load), noting whether the whole
    pack was checked; with `verify`, a check from nothing after it (not part of what is timed: the
    parent reads the child's CPU time at its report, before this runs)."""
    from spellcard.compiler.pack import incremental
    from spellcard.compiler.pack.loader import compile_pack

    whole = []
    real = incremental.check_all
    incremental.check_all = lambda *a, **k: whole.append(1) or real(*a, **k)
    got = compile_pack(pack, load=False)
    cpu, fell_back = sum(os.times()[:2]), bool(whole)
    same = None
    if verify:
        plain = lambda r: [(d.severity, d.message, str(d.span), d.help, d.code) for d in r.diagnostics]  # noqa: E731
        same = plain(got) == plain(compile_pack(pack, use_cache=False, load=False))
    print(json.dumps({"whole": fell_back, "cpu": cpu, "same": same, "count": len(got.diagnostics)}))


def measure(python: str, pack: Path, file: Path, before: str, after: str, runs: int, verify: bool, tmp: Path):
    cpus, found = [], None
    for i in range(runs):
        env = dict(os.environ, SPELLCARD_CACHE=str(tmp / f"cache{i}"))
        file.write_text(before, "utf-8")
        subprocess.run([python, str(HERE), "--child", str(pack)], env=env, check=True, capture_output=True)
        file.write_text(after, "utf-8")
        cmd = [python, str(HERE), "--child", str(pack)] + (["--verify"] if verify and i == 0 else [])
        done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
        row = json.loads(done.stdout)
        found = found or row
        cpus.append(row["cpu"])
        shutil.rmtree(tmp / f"cache{i}", ignore_errors=True)
    return statistics.median(cpus), found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pack", choices=("thb", "big"), default="thb")
    ap.add_argument("--characters", type=int, default=2000, help="the big pack's characters (default 2000)")
    ap.add_argument("--runs", type=lambda s: max(1, int(s)), default=3)
    ap.add_argument("--python", default=sys.executable, help="the interpreter whose spellcard is measured")
    ap.add_argument("--verify", action="store_true", help="compare each edit's diagnostics with a cold check's")
    ap.add_argument("--only", default="", help="run only the edits whose description contains this")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args.child, args.verify)
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "pack"
        if args.pack == "thb":
            shutil.copytree(THB, pack, ignore=shutil.ignore_patterns("tests", "__pycache__"))
            file = pack / "characters.spell"
        else:
            from big_pack import write_pack
            write_pack(pack, args.characters, 1)
            file = pack / "characters_000.spell"
        original = file.read_text("utf-8")
        print(f"{args.python}: {args.pack}, {file.name}; CPU s (median of {args.runs})")
        for what, before, after in EDITS:
            if args.only not in what:
                continue
            a, b = before(original), after(original)
            if a is None or b is None or a == b:
                print(f"  {what:<50} (does not apply)")
                continue
            cpu, row = measure(args.python, pack, file, a, b, args.runs, args.verify, Path(tmp))
            same = "" if row["same"] is None else ("  same" if row["same"] else "  DIFFERENT")
            print(f"  {what:<50} {'WHOLE' if row['whole'] else 'short':<6} {cpu:5.2f} s  "
                  f"{row['count']} diagnostics{same}", flush=True)
        file.write_text(original, "utf-8")


if __name__ == "__main__":
    main()
