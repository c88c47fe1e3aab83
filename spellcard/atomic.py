"""Files written whole or not at all: each is written beside its place and renamed into it.

A command's output (a game log, a viewer page, a report, a compiled pack, a site, a wheel) that failed
half-way (a full disk, a quota, Ctrl-C) must leave the previous file as it was and no truncated one:
`replay` would read a cut log as a game that differs. A rename within one folder replaces a file in
one step (os.replace), and it needs no free space. Imports nothing of Spellcard: the compiler's
caches and every tool use it.
"""
from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator, Union

PathLike = Union[str, "os.PathLike[str]"]


def _in_place(path: Path) -> bool:
    """A path that exists and is not a regular file (/dev/null, /dev/stdout, a pipe) is written to
    as it is: renaming over it would replace the device, not write to it."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def part_of(path: Path) -> Path:
    """The file a write to `path` goes to first: hidden, beside it, named by the writing process."""
    return path.with_name(f".{path.name}.{os.getpid()}.part")


@contextmanager
def replacing(path: PathLike, mode: str = "w", encoding: str | None = "utf-8") -> Iterator[IO]:
    """`with replacing(p) as f: f.write(…)`: `p` holds the new text once the block ends without an
    exception, and its previous content (or nothing) if it raised; the part file is removed either way."""
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()           # the file it points to is replaced, not the link
    binary = "b" in mode
    if _in_place(path):
        with open(path, mode, encoding=None if binary else encoding) as f:
            yield f
        return
    part = part_of(path)
    try:
        with open(part, mode, encoding=None if binary else encoding) as f:
            yield f
        _keep_mode(path, part)
        os.replace(part, path)
    except BaseException:
        _remove(part)
        raise


def write_bytes(path: PathLike, data: bytes) -> None:
    with replacing(path, "wb") as f:
        f.write(data)


def write_text(path: PathLike, text: str) -> None:
    with replacing(path, "w") as f:
        f.write(text)


@contextmanager
def replacing_folder(folder: PathLike) -> Iterator[Path]:
    """`with replacing_folder(d) as staged: …write files into staged…`: the files appear in `d` only
    once every one of them is written (each renamed into place; files of `d` not written stay). A
    failure leaves `d` as it was. The staged folder is a hidden one inside `d` (so `-o .` needs no
    more than `d` writable), or, for a missing `d`, beside it, renamed to `d` once whole."""
    import shutil                   # (zlib, bz2, lzma): not for the caches' single files

    folder = Path(os.path.abspath(folder))
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(folder))
    existed = folder.is_dir()
    staged = folder / f".spellcard.{os.getpid()}.part" if existed else \
        folder.parent / f".{folder.name}.{os.getpid()}.part"
    shutil.rmtree(staged, ignore_errors=True)
    try:
        staged.mkdir(parents=True)
        yield staged
        if not existed:
            os.replace(staged, folder)
            return
        for src in sorted(staged.rglob("*")):
            dest = folder / src.relative_to(staged)
            if src.is_dir():
                dest.mkdir(exist_ok=True)
            else:
                os.replace(src, dest)
    finally:
        shutil.rmtree(staged, ignore_errors=True)


def _keep_mode(path: Path, part: Path) -> None:
    """The replaced file's permissions carry over to its new content."""
    try:
        os.chmod(part, stat.S_IMODE(os.stat(path).st_mode))
    except OSError:
        pass                    # no previous file: the new one has the usual permissions


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
