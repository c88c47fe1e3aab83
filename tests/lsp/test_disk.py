"""The server reads a file it has not opened again only when the file changed on disk (guard.DiskTexts)."""
from __future__ import annotations

import os
from types import SimpleNamespace

from spellcard.lsp import guard as disk
from spellcard.lsp.guard import DiskTexts

AGO = 10_000_000_000        # ns: a write older than disk.RECENT


def _write(path, text: str, ago: int = AGO) -> None:
    path.write_text(text, "utf-8")
    when = os.stat(path).st_mtime_ns - ago
    os.utime(path, ns=(when, when))


def test_a_file_is_read_again_when_it_changed(tmp_path, monkeypatch):
    monkeypatch.setattr(disk, "RECENT", -AGO)    # (a file's change time is now, whatever utime says)
    f = tmp_path / "a.spell"
    _write(f, "one")
    texts = DiskTexts()
    assert texts.text(f) == "one"
    reads = []
    real = disk.read_capped
    monkeypatch.setattr(disk, "read_capped", lambda p: reads.append(p) or real(p))
    assert texts.text(f) == "one" and reads == []           # kept: its status is the same
    _write(f, "two", ago=AGO // 2)                          # same size, another time
    assert texts.text(f) == "two" and len(reads) == 1
    f.unlink()
    assert texts.text(f) is None


def test_a_file_written_just_now_is_not_kept(tmp_path, monkeypatch):
    """Two writes within one tick of the file system's clock may leave the same status: a file that
    changed within disk.RECENT is read each time."""
    f = tmp_path / "a.spell"
    f.write_text("one", "utf-8")
    texts = DiskTexts()
    assert texts.text(f) == "one"
    same = os.stat(f)
    monkeypatch.setattr(disk, "os", SimpleNamespace(stat=lambda path: same))   # the status the race left
    f.write_text("two", "utf-8")
    assert texts.text(f) == "two"
    monkeypatch.setattr(disk, "RECENT", -AGO)           # … what a status kept over such a race would read
    texts = DiskTexts()
    assert texts.text(f) == "two"
    f.write_text("one", "utf-8")
    assert texts.text(f) == "two"
