"""Malformed input never crashes the compiler: it always ends in `path:line:col: error:` diagnostics.

Two parts: hand-picked hostile files (binary garbage, bad UTF-8, NUL bytes, 10,000 brackets, a 1 MB
line, …), and a mutation fuzzer that damages real rule files (tests/data/base and, when present,
rules/thb) token by token with a seeded RNG. Any Python exception is a failure that names the seed
and the mutations, so it can be replayed:

    .venv/bin/python -m pytest tests/test_fuzz_parser.py -k "mutation and 1234"

The long run (5000 mutations) is opt-in: `pytest -m slow tests/test_fuzz_parser.py`.
"""
from __future__ import annotations

import random
import re
import traceback
from pathlib import Path

import pytest

from spellcard.compiler.build import reader as build_module
from spellcard.compiler.pack.loader import Source, compile_sources

ROOT = Path(__file__).resolve().parent.parent
HEAD = re.compile(r"^\S.*:\d+:\d+: (error|warning)(\[[a-z-]+\])?: \S")
ERROR_HEAD = re.compile(r"^\S.*:\d+:\d+: error(\[[a-z-]+\])?: \S", re.M)

from click.testing import CliRunner

from spellcard.cli.main import cli as _CLI     # the command line is the real interface


# ── helpers ──────────────────────────────────────────────────────────────────────
def assert_well_formed(result, sources) -> None:
    """Every diagnostic renders, starts `path:line:col: severity:` and points inside its file."""
    lines = {s.path: s.data.decode("utf-8", "replace").split("\n") for s in sources}
    for d in result.diagnostics:
        text = d.render(result.lines_of(d.span.file))
        head = text.split("\n", 1)[0]
        assert HEAD.match(head), repr(head)
        assert d.span.file in lines, d.span.file
        assert 1 <= d.span.line <= len(lines[d.span.file]) + 1, head
        assert d.span.col >= 1, head
        assert len(head) < 500, "a diagnostic's first line should stay readable"
        assert head.isprintable(), repr(head)
        for shown in text.split("\n")[1:]:
            assert len(shown) < 400 and shown.isprintable(), repr(shown[:200])


def compile_alone(data: bytes, path: str = "hostile.spell"):
    sources = [Source(path, data)]
    try:
        result = compile_sources(sources, use_cache=False, load=True)
    except Exception:
        pytest.fail(f"the compiler raised on {path!r}:\n{traceback.format_exc()}")
    assert_well_formed(result, sources)
    return result


def assert_rejected(data: bytes, message: str | None = None) -> None:
    result = compile_alone(data)
    rendered = result.render()
    assert not result.ok, "a malformed file compiled"
    assert ERROR_HEAD.search(rendered), rendered[:500]
    if message is not None:
        assert message in rendered, rendered[:500]


def cli_check(tmp_path: Path, data: bytes) -> None:
    """Through `spellcard check`: exit 1 (the rules are at fault), never 3 (a crash)."""
    f = tmp_path / "hostile.spell"
    f.write_bytes(data)
    run = CliRunner().invoke(_CLI, ["check", "--no-cache", str(f)])
    assert run.exit_code == 1, f"exit {run.exit_code}: {run.output[-2000:]} {run.exception!r}"
    assert ERROR_HEAD.search(run.output), run.output[:1000]
    assert "Traceback" not in run.output and "internal error" not in run.output


# ── hostile files ────────────────────────────────────────────────────────────────
HOSTILE = {
    "binary": bytes(random.Random(1).randrange(256) for _ in range(4096)),
    "binary_ascii": bytes(random.Random(2).randrange(32, 127) for _ in range(4096)),
    "invalid_utf8": b'pack p "P"\ncard C "\xc3\x28" { }\n',
    "truncated_utf8": 'pack p "彈幕'.encode()[:-1],
    "nul_bytes": b'pack p "P"\n\x00\x00card C "c" { }\n',
    "nul_in_string": b'pack p "P\x00"\n',
    "unclosed_string": b'pack p "P\ncard C "c" { }\n',
    "string_with_newline_escape_unclosed": b'pack p "P\\"\n',
    "nested_parens": b'pack p "P"\nfunc f() -> int = ' + b"(" * 10_000 + b"1" + b")" * 10_000 + b"\n",
    "nested_brackets": b"[" * 10_000,
    "nested_braces": b'pack p "P"\nfunc f() ' + b"{" * 10_000 + b"}" * 10_000,
    "nested_ifs": b'pack p "P"\nfunc f() {' + b" if true {" * 150 + b"}" * 150 + b"}\n",
    "long_chain": b'pack p "P"\nfunc f() -> int = ' + b"1 + " * 20_000 + b"1\n",
    "long_not_chain": b'pack p "P"\nfunc f() -> bool = ' + b"not " * 10_000 + b"true\n",
    "long_minus_chain": b'pack p "P"\nfunc f() -> int = ' + b"-" * 10_000 + b"1\n",
    "long_field_chain": b'pack p "P"\nfunc f(p: player) -> int = p' + b".character" * 5_000 + b"\n",
    "long_call_chain": b'pack p "P"\nfunc f() { g' + b"()" * 5_000 + b" }\n",
    "long_elif_chain": b'pack p "P"\nfunc f() { if true { stop }' + b" elif true { stop }" * 3_000 + b" }\n",
    "huge_number": b'pack p "P"\nfunc f() -> int = ' + b"9" * 5_000 + b"\n",
    "megabyte_line": b'pack p "P"\n' + b"x" * 1_000_000 + b"\n",
    "megabyte_string": b'pack p "' + b"x" * 1_000_000 + b'"\ncard\n',
    "megabyte_comment_then_junk": b'pack p "P"\n#' + b"x" * 1_000_000 + b"\n@\n",
    "megabyte_of_junk_punctuation": b"@" * 1_000_000,
    "bom_then_junk": b"\xef\xbb\xbf@",
    "bom_in_the_middle": b'pack p "P"\n\xef\xbb\xbfcard C "c" { }\n',
    "line_separator": 'pack p "P"\u2028card C "c" { }\n'.encode(),
    "control_characters": b'pack p "P"\n\x1b[2Jcard\n',
    "escape_sequence_in_unexpected_string": b'pack p "P" "\x1b[2J\x1b]0;owned\x07"\n',
    "newline_in_file_name": None,
    "only_a_comment": b"# nothing here\n",
    "only_whitespace": b"  \n\t\n\r\n",
    "crlf_error": b'pack p "P"\r\ncard C "c" {\r\n',
    "keywords_only": b"pack card skill on window do if else for in where\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_gives_diagnostics(name):
    if name == "newline_in_file_name":
        result = compile_alone(b"@", path="evil\n\x1b[2Jname.spell")
        assert not result.ok and result.render().startswith("evil\\n\\x1b[2Jname.spell:1:1: error:")
        return
    assert_rejected(HOSTILE[name])


@pytest.mark.parametrize("name", ["binary", "invalid_utf8", "nul_bytes", "unclosed_string", "nested_parens",
                                  "megabyte_line", "long_chain", "huge_number"])
def test_hostile_file_through_the_cli(name, tmp_path):
    cli_check(tmp_path, HOSTILE[name])


def test_empty_file_alone_has_no_pack_line():
    assert_rejected(b"", "the pack has no `pack` line")


def test_empty_file_through_the_cli(tmp_path):
    cli_check(tmp_path, b"")


def test_bom_is_accepted():
    result = compile_alone(b'\xef\xbb\xbfpack p "P"\n')
    assert result.ok, result.render()


def test_bom_does_not_shift_columns():
    result = compile_alone(b'\xef\xbb\xbfpack p P\n')
    [d] = [d for d in result.diagnostics if d.is_error]
    assert (d.span.line, d.span.col) == (1, 8), d.render()
    assert d.render(result.lines_of(d.span.file)).split("\n")[1:3] == ["    1 | pack p P", " " * 15 + "^"]


def test_specific_messages():
    assert_rejected(HOSTILE["invalid_utf8"], "not valid UTF-8")
    assert_rejected(HOSTILE["nul_bytes"], "NUL byte")
    assert_rejected(HOSTILE["unclosed_string"], "unclosed string")
    assert_rejected(HOSTILE["nested_brackets"], "nested more than 200 deep")
    assert_rejected(HOSTILE["long_chain"], "nested more than 100 levels deep")
    assert_rejected(HOSTILE["huge_number"], "too large")
    assert_rejected(HOSTILE["long_elif_chain"], "`elif` branches")


def test_megabyte_line_is_shown_as_a_window():
    result = compile_alone(HOSTILE["megabyte_line"])
    rendered = result.render()
    assert len(rendered) < 2000, len(rendered)


def test_random_binary_files():
    rng = random.Random(20240601)
    for _ in range(40):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 600)))
        result = compile_alone(data)
        assert not result.ok or not data.strip(), data


# ── the mutation fuzzer ──────────────────────────────────────────────────────────
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|==|!=|<=|>=|\+=|-=|->|\.\.|\s+|.',
                   re.S)
KEYWORDS = ("pack enum attr counter zone hook query action func phase turn card skill character deck mode "
            "window do when repeat priority limit per convert from as for use play modify skills tags target "
            "up to self let if elif else in while return stop break continue cancel not and or where then "
            "true false none players setup without turn_limit rules locked awakening limited player table "
            "public owner hidden grants final min max reset event it value user current").split()
PUNCT = list("{}()[],.:=+-*/%<>?\"#;@\\") + ["==", "!=", "<=", ">=", "+=", "-=", "->", "..", "\n", " "]
RANDOM_TEXT = ["0", "-1", "999999999999", "x", "_", "__import__", "彈幕", '"\\q"', '"', "\x00", "\ufeff", "\u2028",
               "\\", "{{", "}}", "'", "`"]


def _sources_of(folder: Path) -> list[Source]:
    return [Source(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in sorted(folder.glob("*.spell"))]


def _packs() -> list[list[Source]]:
    packs = [_sources_of(ROOT / "tests" / "data" / "base")]
    thb = _sources_of(ROOT / "rules" / "thb")
    if thb:
        try:
            ok = compile_sources(thb, use_cache=False, load=False).ok
        except Exception:           # a half-written pack is the lead's business, not this test's
            ok = False
        if ok:
            packs.append(thb)
    return packs


_PACKS: list = []


def packs() -> list[list[Source]]:
    if not _PACKS:
        _PACKS.extend(_packs())
    return _PACKS


def mutate(text: str, rng: random.Random) -> tuple[str, list[str]]:
    """Apply 1–3 random token-level mutations; returns the new text and what was done."""
    tokens = TOKEN.findall(text)
    done = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        if not tokens:
            tokens = [""]
        i = rng.randrange(len(tokens))
        kind = rng.choice(("delete", "delete", "duplicate", "swap", "insert_punct", "insert_keyword",
                           "replace", "insert_text", "truncate", "delete_line", "duplicate_line"))
        if kind == "delete":
            done.append(f"delete token {i} {tokens[i]!r}")
            del tokens[i]
        elif kind == "duplicate":
            done.append(f"duplicate token {i} {tokens[i]!r}")
            tokens.insert(i, tokens[i])
        elif kind == "swap":
            j = rng.randrange(len(tokens))
            done.append(f"swap tokens {i} {tokens[i]!r} and {j} {tokens[j]!r}")
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == "insert_punct":
            p = rng.choice(PUNCT)
            done.append(f"insert {p!r} at token {i}")
            tokens.insert(i, p)
        elif kind == "insert_keyword":
            k = rng.choice(KEYWORDS)
            done.append(f"insert keyword {k!r} at token {i}")
            tokens.insert(i, f" {k} ")
        elif kind == "replace":
            k = rng.choice(KEYWORDS + PUNCT)
            done.append(f"replace token {i} {tokens[i]!r} with {k!r}")
            tokens[i] = k
        elif kind == "insert_text":
            t = rng.choice(RANDOM_TEXT)
            done.append(f"insert {t!r} at token {i}")
            tokens.insert(i, t)
        elif kind == "truncate":
            joined = "".join(tokens)
            cut = rng.randrange(len(joined) + 1)
            done.append(f"truncate at character {cut}")
            tokens = TOKEN.findall(joined[:cut])
        elif kind in ("delete_line", "duplicate_line"):
            lines = "".join(tokens).split("\n")
            n = rng.randrange(len(lines))
            done.append(f"{kind.replace('_', ' ')} {n + 1}")
            if kind == "delete_line":
                del lines[n]
            else:
                lines.insert(n, lines[n])
            tokens = TOKEN.findall("\n".join(lines))
    return "".join(tokens), done


def run_mutation(seed: int) -> str:
    """Mutate one file of one pack with `seed`, compile the pack, and check the outcome."""
    rng = random.Random(seed)
    all_packs = packs()     # the base pack compiles 5× faster than thb: mutate it two times in three
    pack = all_packs[0] if len(all_packs) == 1 or rng.random() < 0.67 else rng.choice(all_packs[1:])
    k = rng.randrange(len(pack))
    text, done = mutate(pack[k].data.decode("utf-8"), rng)
    sources = list(pack)
    sources[k] = Source(pack[k].path, text.encode("utf-8", "surrogatepass"))
    what = f"seed {seed}: {pack[k].path}: {'; '.join(done)}"
    try:
        result = compile_sources(sources, use_cache=False, load=True)
        assert_well_formed(result, sources)
        rendered = result.render()
    except Exception:
        pytest.fail(f"the compiler raised ({what}):\n{traceback.format_exc()}")
    if result.ok:
        assert result.pack is not None, what
        return "ok"
    assert ERROR_HEAD.search(rendered), f"{what}: no error line in\n{rendered[:1000]}"
    return "error"


_PARSED: dict = {}


@pytest.fixture
def reuse_unchanged_parses(monkeypatch):
    """Parsing dominates a compile; the files a mutation left alone read to the same (immutable)
    module every time, so read each of them once (the mutated file, new each time, is always read
    afresh)."""
    real = build_module.read_module

    def parse(path, text):
        key = (path, text)
        if key not in _PARSED:
            if len(_PARSED) > 64:
                _PARSED.clear()
            _PARSED[key] = real(path, text)
        return _PARSED[key]
    monkeypatch.setattr(build_module, "read_module", parse)     # compile_sources imports it when it runs


def test_fuzz_inputs_exist():
    assert packs() and all(packs()), "no rule files to mutate"


@pytest.mark.parametrize("block", range(3))
def test_mutation_fuzz(block, reuse_unchanged_parses):
    """150 mutations in CI (3 × 50, seeds 0–149)."""
    outcomes = [run_mutation(seed) for seed in range(block * 50, block * 50 + 50)]
    assert "error" in outcomes        # the mutations do damage things


# Seeds that once crashed the compiler (found by the long run), replayed on every CI run.
REGRESSIONS = [
    104518,     # a file starting with `=`: Lark's token_history held None
]


def test_mutation_regressions(reuse_unchanged_parses):
    for seed in REGRESSIONS:
        run_mutation(seed)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(50))
def test_mutation_fuzz_long(block, reuse_unchanged_parses):
    """5000 more mutations (seeds 100000–104999): `pytest -m slow`."""
    for seed in range(100_000 + block * 100, 100_000 + block * 100 + 100):
        run_mutation(seed)
