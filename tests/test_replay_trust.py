"""Issue 8, item 4: `replay` does not trust the log. A tampered header or answers line is refused
with a message and exit 2 (never an internal error), and no file is read that the command line does
not name: a pack folder or `--with` file the log names is read only with `--trust-log`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from spellcard import recorded

from .test_cli import MINI, run


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))


def logged(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "game.jsonl"
    result = run("simulate", MINI, "--games", "1", "--seed", "5", "--log", str(path), "--json", *extra)
    assert result.exit_code == 0, result.output
    return path


def tampered(path: Path, header: dict = None, answers: str = None) -> Path:
    lines = path.read_text("utf-8").split("\n")
    if header is not None:
        data = json.loads(lines[0])
        data["header"].update(header)
        lines[0] = json.dumps(data)
    if answers is not None:
        lines[1] = answers
    out = path.with_name("tampered.jsonl")
    out.write_text("\n".join(lines), "utf-8")
    return out


def refused(*args: str) -> str:
    result = run("replay", *args)
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize("players", [0, -1, "two", None, True, 2.5, 50, 5000, 10 ** 15])
def test_a_header_with_impossible_players_is_refused(tmp_path, players):
    out = refused(str(tampered(logged(tmp_path), {"players": players})), "--pack", MINI)
    assert "players" in out


@pytest.mark.parametrize("change, words", [
    ({"mode": "Nope"}, "unknown mode 'Nope'"),
    ({"mode": 3}, "the header's mode is 3"),
    ({"characters": ["Nobody"]}, "unknown character 'Nobody'"),
    ({"characters": "A"}, "the header's characters is \"A\""),
    ({"characters": ["A", "B", "A"]}, "3 characters given for 2 players"),
    ({"characters": [None]}, "should hold only names"),
    ({"seed": "x"}, "the header's seed is \"x\""),
    ({"agent": "godlike"}, "unknown agent 'godlike'"),
    ({"source_hash": None}, "source_hash"),
])
def test_a_header_that_does_not_fit_the_pack_is_refused(tmp_path, change, words):
    assert words in refused(str(tampered(logged(tmp_path), change)), "--pack", MINI)


@pytest.mark.parametrize("answers, words", [
    ('{"answers":' + "[" * 100_000 + "]" * 100_000 + "}", "nested 100001 deep"),
    ('{"answers":[[[0],[1]]]}', "recorded answer 1 is [[0], [1]]"),
    ('{"answers":[0,{"a":1}]}', "recorded answer 2"),
    ('{"answers":[1.5]}', "recorded answer 1 is 1.5"),
    ('{"answers":7}', "answers are not a list"),
    ("not json", "line 2 is not JSON"),
])
def test_malformed_answers_in_a_log_are_refused(tmp_path, answers, words):
    assert words in refused(str(tampered(logged(tmp_path), answers=answers)), "--pack", MINI)


def test_a_log_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(recorded, "MAX_LOG_BYTES", 1000)
    assert "a game log is at most" in refused(str(logged(tmp_path)), "--pack", MINI)


def test_an_answer_the_game_refuses_ends_the_replay_naming_it(tmp_path):
    path = logged(tmp_path)
    answers = json.loads(path.read_text("utf-8").split("\n")[1])["answers"]
    wrong = tampered(path, answers=json.dumps({"answers": [99] * len(answers)}))
    result = run("replay", str(wrong), "--pack", MINI)
    assert result.exit_code == 1 and "recorded answer 1 (99) does not fit" in result.output


def test_a_with_file_named_only_by_the_log_is_not_read(tmp_path, monkeypatch):
    secret = tmp_path / "secret.txt"
    secret.write_text("the first line of a private file\n", "utf-8")
    opened = []
    real_open = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda p: opened.append(str(p)) or real_open(p))
    path = tampered(logged(tmp_path), {"with": [str(secret)]})
    out = refused(str(path), "--pack", MINI)
    assert "--with" in out and "--trust-log" in out
    assert "private file" not in out and str(secret) not in opened
    # Even when trusted, only .spell files and folders are read.
    out = refused(str(path), "--pack", MINI, "--trust-log")
    assert "not a .spell file" in out and "private file" not in out and str(secret) not in opened


def test_a_pack_path_named_only_by_the_log_needs_pack_or_trust_log(tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(MINI, pack)
    log = tmp_path / "game.jsonl"
    assert run("simulate", str(pack), "--games", "1", "--log", str(log), "--json").exit_code == 0
    out = refused(str(log))
    assert str(pack) in out and "--pack" in out and "--trust-log" in out
    for extra in (["--pack", str(pack)], ["--trust-log"]):
        result = run("replay", str(log), *extra)
        assert result.exit_code == 0 and "replay matches" in result.output, result.output


def test_a_with_file_replays_when_named_again(tmp_path):
    extra = tmp_path / "extra.spell"
    extra.write_text("func unused_helper() -> int { return 1 }\n", "utf-8")
    log = logged(tmp_path, "--with", str(extra))
    assert "--with" in refused(str(log), "--pack", MINI)
    for args in (["--with", str(extra)], ["--trust-log"]):
        result = run("replay", str(log), "--pack", MINI, *args)
        assert result.exit_code == 0 and "replay matches" in result.output, result.output


def test_a_built_in_pack_is_read_from_the_installation_not_a_folder_of_that_name(tmp_path, monkeypatch):
    log = tmp_path / "game.jsonl"
    assert run("simulate", "esper", "--games", "1", "--log", str(log), "--json").exit_code == 0
    monkeypatch.chdir(tmp_path)
    (tmp_path / "esper").mkdir()
    (tmp_path / "esper" / "evil.spell").write_text("this is not read\n", "utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 0 and "replay matches" in result.output, result.output


def test_even_a_trusted_log_never_makes_replay_read_a_file_that_is_not_a_spell_file(tmp_path):
    out = refused(str(tampered(logged(tmp_path), {"pack": "/etc/passwd"})), "--trust-log")
    assert "/etc/passwd, which is not a .spell file" in out and "root:" not in out
