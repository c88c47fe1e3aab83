"""Issue 27, defect 3: sizes are checked before the work, wherever a file comes in. A 10 MB file was
parsed before the 256 KB limit was applied (150 s, 2.3 GB); `test --with` of a large file parsed it
whole; a test file cut at the limit was run as what was left of it; a compiled pack's files were read
whatever their size."""
from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spellcard.compiler.pack.manifest import ManifestProblem, load_compiled, write_compiled
from spellcard.compiler.pack.loader import compile_pack
from spellcard.compiler.parse.read import decode
from spellcard.runtime.limits import MAX_MANIFEST_BYTES, MAX_MODULE_BYTES, MAX_SOURCE_BYTES
from spellcard.spelltest import suite
from spellcard.spelltest.collect import collect

ROOT = Path(__file__).parent.parent
MINI = str(ROOT / "tests" / "data" / "mini")
LOVE_LETTER = ROOT / "examples" / "love_letter"
TEN_MB = 10 * 1024 * 1024
REFUSED = "error: the file is larger than 4.0 MB"


@pytest.fixture(scope="module")
def huge(tmp_path_factory) -> Path:
    """10 MB, nearly all of it one string."""
    path = tmp_path_factory.mktemp("huge") / "huge.spell"
    path.write_text('pack huge "h"\nfunc f() -> text { return "' + "x" * TEN_MB + '" }\n', "utf-8")
    return path


def spellcard(tmp_path: Path, cwd: Path, *args: str) -> tuple[subprocess.CompletedProcess, float]:
    """The command as a whole process, its memory bounded to 1 GB (main needed 1.4 GB and more)."""
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
            "sys.argv = ['spellcard', *sys.argv[1:]]; from spellcard.cli.main import main; main()")
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                          env={"SPELLCARD_CACHE": str(tmp_path / "cache"), "PATH": ""}, cwd=cwd)
    return done, time.monotonic() - start


@pytest.mark.parametrize("command", [["check", "{huge}"], ["check", MINI, "--with", "{huge}"],
                                     ["test", MINI, "--with", "{huge}"], ["compile", "{huge}", "-o", "out"],
                                     ["simulate", MINI, "--with", "{huge}", "--games", "1"]],
                         ids=lambda c: " ".join(c[:1] + c[2:3]))
def test_a_10_mb_file_is_refused_fast_at_its_first_line(tmp_path, huge, command):
    args = [a.format(huge=huge.name).replace("out", str(tmp_path / "out")) for a in command]
    done, seconds = spellcard(tmp_path, huge.parent, *args)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert f"{huge.name}:1:1: {REFUSED}" in out and "Traceback" not in out
    assert seconds < 30


def test_deciding_whether_a_with_file_holds_only_tests_does_not_parse_a_huge_one(huge, monkeypatch):
    monkeypatch.setattr(suite, "parse", lambda *a: pytest.fail("parsed a file past the limit"))
    assert not suite.only_tests(str(huge))


def test_a_test_file_past_the_limit_is_refused_not_run_as_far_as_it_was_read(tmp_path):
    """Cut at the limit, the file still held whole tests: they were run as if that were all of it."""
    tests = (LOVE_LETTER / "tests" / "cards.spell").read_text("utf-8")
    path = tmp_path / "big_tests.spell"
    path.write_text(tests + "# filler\n" * (MAX_SOURCE_BYTES // 9), "utf-8")
    found = collect([path])
    assert found.tests == []
    [problem] = found.diagnostics
    assert problem.render().startswith(f"{path.name}:1:1: {REFUSED}") or REFUSED in problem.render()


def test_decode_refuses_too_many_bytes_before_reading_them():
    """The language server's way in (it decodes an editor's text with decode())."""
    text, problem = decode("doc.spell", b"#" * (MAX_SOURCE_BYTES + 1))
    assert text is None and problem.message.startswith("the file is larger than 4.0 MB")


@pytest.fixture
def compiled(tmp_path) -> Path:
    result = compile_pack(str(LOVE_LETTER), use_cache=False)
    out = tmp_path / "compiled"
    write_compiled(out, result.pack, result.code)
    return out


def test_a_huge_manifest_is_refused_unread(compiled):
    manifest = json.loads((compiled / "manifest.json").read_text("utf-8"))
    manifest["description"] = "x" * MAX_MANIFEST_BYTES
    (compiled / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    with pytest.raises(ManifestProblem, match="larger than 64 KB"):
        load_compiled(compiled)


def test_a_huge_module_is_refused_unread(compiled):
    with open(compiled / "love_letter.py", "r+b") as f:
        f.truncate(MAX_MODULE_BYTES + 1024)             # sparse: nothing is written
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ManifestProblem, match="larger than 64.0 MB"):
        load_compiled(compiled)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 8 * 1024     # KB: nothing was read


@pytest.mark.parametrize("tail, message", [('" }\n', "this string is too long (200000 characters)"),
                                           ("\n }\n", "unclosed string"), ('\\" }\n', "unclosed string")])
def test_a_long_string_is_refused_before_either_parser_reads_it(monkeypatch, tail, message):
    """Unclosed, Lark's error path took 2.6 s and the bracket scan 40 MB to refuse it."""
    from spellcard.compiler.build import reader as build
    from spellcard.compiler.parse import read as parse

    def unread(*args):
        raise AssertionError("a parser read the file")
    monkeypatch.setattr(parse, "read_tree", unread)
    monkeypatch.setattr(parse, "parser", unread)
    monkeypatch.setattr(build, "read_direct", unread)
    text = 'pack p "p"\nfunc f() -> text { return "' + "x" * 200_000 + tail
    for problem in (parse.parse("s.spell", text)[1], build.read_module("s.spell", text)[1]):
        assert problem.message == message and (problem.span.line, problem.span.col) == (2, 27)


def test_a_long_run_in_a_comment_is_no_string():
    from spellcard.compiler.parse.read import parse

    tree, problem = parse("c.spell", 'pack p "p"\n# "' + "x" * 10_000 + '\nfunc f() -> text { return "a" }\n')
    assert problem is None and tree is not None
