"""Issue 27, defects 6 and 7: every file a command writes is written beside its place and renamed into
it. A write that fails (here: a file-size limit, as a full disk fails it) leaves the previous file as
it was and no partial file, with one line and exit 1 (`doc -o` gave an internal error, exit 3)."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from spellcard import atomic

ROOT = Path(__file__).parent.parent
MINI = str(ROOT / "tests" / "data" / "mini")
PREVIOUS = "the previous output\n"


def run(tmp_path: Path, *args: str, file_limit: int = 0) -> subprocess.CompletedProcess:
    """`spellcard ARGS` in tmp_path, each file it writes limited to `file_limit` bytes (0: no limit).
    Python ignores SIGXFSZ, so a write past the limit fails as a write to a full disk does."""
    def limit():
        if file_limit:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
    env = {**os.environ, "SPELLCARD_CACHE": str(tmp_path.parent / "cache")}
    return subprocess.run([sys.executable, "-m", "spellcard", *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env=env, preexec_fn=limit)


def leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if ".part" in p.name)


def assert_refused_and_kept(done, previous: Path, folder: Path) -> None:
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Error: cannot write" in done.stderr or "the build backend failed" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert previous.read_text("utf-8") == PREVIOUS
    assert leftovers(folder) == []


@pytest.fixture(scope="module")
def logged(tmp_path_factory) -> Path:
    """A logged game of the mini pack (and a warm compile cache beside it)."""
    folder = tmp_path_factory.mktemp("logged")
    done = run(folder, "simulate", MINI, "--games", "1", "--log", "game.jsonl", "--json")
    assert done.returncode == 0, done.stderr
    return folder / "game.jsonl"


def test_simulate_log(tmp_path, logged):
    (tmp_path / "game.jsonl").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "simulate", MINI, "--games", "3", "--log", "game.jsonl", "--json", file_limit=1024)
    assert_refused_and_kept(done, tmp_path / "game.jsonl", tmp_path)


def test_replay_html(tmp_path, logged):
    (tmp_path / "viewer.html").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "replay", str(logged), "--pack", MINI, "--html", "viewer.html", file_limit=8192)
    assert_refused_and_kept(done, tmp_path / "viewer.html", tmp_path)


def test_balance_report(tmp_path, logged):
    (tmp_path / "report.html").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "balance", MINI, "--games", "20", "-o", "report.html", "--json", file_limit=8192)
    assert_refused_and_kept(done, tmp_path / "report.html", tmp_path)


def test_compile(tmp_path, logged):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mini.py").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "compile", MINI, "-o", "out", file_limit=4096)
    assert_refused_and_kept(done, tmp_path / "out" / "mini.py", tmp_path)


def test_doc_site(tmp_path, logged):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "doc", MINI, "-o", "site", file_limit=8192)
    assert_refused_and_kept(done, tmp_path / "site" / "index.html", tmp_path)
    assert sorted(os.listdir(tmp_path / "site")) == ["index.html"]     # no page of the new site either


def test_build_wheel(tmp_path, monkeypatch):
    """The build backend writes the wheel itself: it writes into a folder beside, and a wheel it
    left half-written there never reaches the output folder."""
    from spellcard import wheel as wheel_module
    from spellcard.compiler.pack.loader import compile_pack

    def cut_short(self, distribution, out_dir, *args, **kwargs):
        Path(out_dir, "spellcard_pack_mini-0-py3-none-any.whl").write_bytes(b"PK\x03\x04 cut short")
        raise wheel_module.BuildBackendException(OSError(27, "File too large"))

    monkeypatch.setattr(wheel_module.ProjectBuilder, "build", cut_short)
    dist = tmp_path / "dist"
    dist.mkdir()
    previous = dist / "spellcard_pack_mini-0-py3-none-any.whl"
    previous.write_text(PREVIOUS, "utf-8")
    with pytest.raises(wheel_module.BuildProblem):
        wheel_module.build_wheel(compile_pack(MINI, use_cache=False), None, dist)
    assert previous.read_text("utf-8") == PREVIOUS and leftovers(tmp_path) == []


@pytest.mark.parametrize("out", ["/dev/full", "a_file/site"])
def test_doc_into_what_is_no_folder_is_one_line_and_exit_1(tmp_path, logged, out):
    (tmp_path / "a_file").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "doc", MINI, "-o", out)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"Error: cannot write {out}: Not a directory") and done.stderr.count("\n") == 1
    assert (tmp_path / "a_file").read_text("utf-8") == PREVIOUS and leftovers(tmp_path) == []


def test_doc_on_a_full_disk_is_one_line_and_exit_1(tmp_path, logged):
    done = run(tmp_path, "doc", MINI, "-o", "site", file_limit=8192)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("Error: cannot write site: File too large")
    assert not (tmp_path / "site").exists() and leftovers(tmp_path) == []


def test_whole_writes_replace_and_failed_ones_keep(tmp_path):
    path = tmp_path / "f.txt"
    atomic.write_text(path, "one")
    with pytest.raises(RuntimeError):
        with atomic.replacing(path) as f:
            f.write("two, cut short")
            raise RuntimeError("the disk filled")
    assert path.read_text() == "one" and leftovers(tmp_path) == []
    atomic.write_text(path, "three")
    assert path.read_text() == "three"


def test_a_device_is_written_to_not_replaced(tmp_path):
    atomic.write_text("/dev/null", "nothing")
    assert Path("/dev/null").is_char_device()


@pytest.mark.parametrize("out", ["/dev/full/pack", "a_file/pack"])
def test_new_into_what_is_no_folder_is_one_line_and_exit_1(tmp_path, out):
    (tmp_path / "a_file").write_text(PREVIOUS, "utf-8")
    done = run(tmp_path, "new", "my_game", out)
    assert done.returncode == 1 and done.stderr == f"Error: cannot write {out}: Not a directory\n", done.stderr
    assert leftovers(tmp_path) == []


def test_a_replaced_file_keeps_its_permissions_and_a_link_its_target(tmp_path):
    path = tmp_path / "log.jsonl"
    atomic.write_text(path, "one")
    path.chmod(0o600)
    atomic.write_text(path, "two")
    assert path.read_text() == "two" and (path.stat().st_mode & 0o777) == 0o600
    link = tmp_path / "latest.jsonl"
    link.symlink_to(path)
    atomic.write_text(link, "three")
    assert link.is_symlink() and path.read_text() == "three"
