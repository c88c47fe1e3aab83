"""docs/tutorial.md, run as a newcomer would follow it, so it cannot drift from what the tools do.

Its fenced blocks are the steps, in order:
- ```spellcard FILE    — save the block as FILE (in a fresh folder);
- ```spellcard FILE:N  — replace line N of FILE with the block (the fix after a mistake);
- ```spellcard from PATH — an excerpt of the repository's PATH: its lines appear there, in order;
- ```console           — `$ spellcard …` commands, each followed by the output it must print: every
  line shown appears in the output, in order; `…` in a line stands for anything, a line that is only
  `…` for any number of lines.
Links to the site the tutorial builds (`site/PAGE.html#anchor`) must find their page and anchor.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.S | re.M)


def blocks(text: str) -> list[tuple[str, str]]:
    return [(info.strip(), body) for info, body in FENCE.findall(text)]


def pattern(line: str) -> re.Pattern:
    return re.compile(".*".join(re.escape(part) for part in line.split("…")))


def shown_in(expected: list[str], actual: list[str]) -> str | None:
    """None if `expected` (with its `…` lines) is found in `actual` in order, else the first line not found."""
    at = 0
    for line in expected:
        if line.strip() == "…":
            continue
        want = pattern(line.rstrip())
        while at < len(actual) and not want.fullmatch(actual[at].rstrip()):
            at += 1
        if at == len(actual):
            return line
        at += 1
    return None


def commands(body: str) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def excerpt_found(excerpt: str, source: str) -> str | None:
    return shown_in(excerpt.splitlines(), source.splitlines())


def follow(folder: Path, monkeypatch) -> list[str]:
    """Every step of the tutorial in `folder`; returns the commands run."""
    monkeypatch.chdir(folder)
    (folder / "examples").symlink_to(ROOT / "examples")
    ran = []
    for info, body in blocks(TUTORIAL.read_text("utf-8")):
        words = info.split()
        if words[:1] == ["spellcard"] and len(words) == 3 and words[1] == "from":
            missing = excerpt_found(body, (ROOT / words[2]).read_text("utf-8"))
            assert missing is None, f"{words[2]} no longer holds the tutorial's line: {missing!r}"
        elif words[:1] == ["spellcard"] and len(words) == 2 and ":" in words[1]:
            name, n = words[1].rsplit(":", 1)
            lines = (folder / name).read_text("utf-8").splitlines(keepends=True)
            lines[int(n) - 1] = body
            (folder / name).write_text("".join(lines), "utf-8")
        elif words[:1] == ["spellcard"] and len(words) == 2:
            (folder / words[1]).write_text(body, "utf-8")
        elif words[:1] == ["console"]:
            for command, expected in commands(body):
                args = shlex.split(command)
                assert args[0] == "spellcard", f"the tutorial runs only spellcard: {command}"
                result = CliRunner().invoke(cli, args[1:])
                assert result.exception is None or isinstance(result.exception, SystemExit), \
                    f"{command}: {result.exception!r}"
                missing = shown_in(expected, result.output.splitlines())
                assert missing is None, f"`{command}` did not print {missing!r}; it printed:\n{result.output}"
                ran.append(command)
    return ran


def test_the_tutorial_runs_as_written(tmp_path, monkeypatch):
    ran = follow(tmp_path, monkeypatch)
    assert any(c.startswith("spellcard check") for c in ran) and any(c.startswith("spellcard new") for c in ran)
    text = TUTORIAL.read_text("utf-8")
    for page, anchor in re.findall(r"`site/(\w+\.html)#([\w-]+)`", text):
        assert f'id="{anchor}"' in (tmp_path / "site" / page).read_text("utf-8"), f"site/{page}#{anchor}"


@pytest.mark.parametrize("expected, actual, found", [
    (["a", "…", "c…"], ["a", "b", "cde"], True),
    (["… passed, 0 failed"], ["18 passed, 0 failed"], True),
    (["b", "a"], ["a", "b"], False),                 # in order
    (["thb: 0 errors, …"], ["thb: 1 error, 0 warnings"], False),
])
def test_output_is_matched_line_by_line_in_order(expected, actual, found):
    assert (shown_in(expected, actual) is None) == found
