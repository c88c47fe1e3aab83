"""Each file's built module on disk, keyed by the compiler, the file's path and its bytes: a check
after editing one file parses that file alone (parsing and building are most of a cold check).

An entry is the SHA-256 of its name (the key) and its payload, then the payload: plain data (tuples,
strings, numbers) from which only the tree's own classes are made. An entry that was changed, cut
short, or copied over another file's entry is a miss (the file is parsed again), and no entry,
whatever it holds, can run code.
"""
from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from operator import attrgetter
from pathlib import Path
from typing import Optional

import attrs

from spellcard.atomic import write_bytes
from spellcard.compiler import ast as A
from spellcard.compiler.ast import base as ast_base, decls as ast_decls, exprs as ast_exprs, stmts as ast_stmts, tools as ast_tools
from spellcard.compiler.ast.base import Span

FORMAT = b"modules 2"           # what an entry holds; a change of it is a change of key
_SCALARS = frozenset({str, int, bool, type(None)})


@lru_cache(maxsize=2)
def _classes(tests: bool = False) -> tuple:
    """Every node class of the tree, in a fixed order: an entry names a class by its place here.
    Those of `test` blocks (spellcard/spelltest/nodes.py) sort after all the tree's, so a file with
    no test block is read and written without them (`tests=False`: their classes are not built)."""
    parts = [ast_base, ast_exprs, ast_stmts, ast_tools, ast_decls]
    if tests:
        from spellcard.spelltest import nodes
        parts.append(nodes)
    found = {f"{c.__module__}.{c.__qualname__}": c
             for m in parts for c in vars(m).values() if isinstance(c, type) and attrs.has(c)}
    return tuple(found[k] for k in sorted(found))


@lru_cache(maxsize=2)
def _fields(tests: bool = False) -> dict:
    """Per class: its number in the entry, and a function giving its field values in order."""
    out = {}
    for i, cls in enumerate(_classes(tests)):
        names = [f.name for f in attrs.fields(cls)]
        get = attrgetter(*names)
        out[cls] = (i, get if len(names) > 1 else (lambda node, get=get: (get(node),)))
    return out


def entry(cdir: Path, compiler: bytes, path: str, data: bytes) -> Path:
    h = hashlib.sha256(compiler + FORMAT)
    h.update(path.encode("utf-8", "surrogatepass") + b"\0" + data)
    return cdir / "modules" / f"{h.hexdigest()[:32]}.bin"


def load(file: Path) -> Optional[A.Module]:
    """The module an entry holds, or None for a missing, changed, cut-short or foreign entry."""
    try:
        raw = read_sealed(file)
        module = None if raw is None else _decode(raw, _classes(_with_tests(raw)), _fields()[Span][0])
    except (ValueError, TypeError, IndexError, RecursionError):
        return None
    return module if isinstance(module, A.Module) else None


def store(file: Path, module: A.Module) -> None:
    try:
        write_sealed(file, _encode(module, _fields(bool(module.tests))))
    except (TypeError, ValueError, RecursionError):
        pass                    # a tree this format cannot hold only costs speed


def _with_tests(raw) -> bool:
    """An entry's module has test blocks (its `tests` field, as _encode writes a Module, is not empty)."""
    at = 1 + A.Module.__match_args__.index("tests")
    return type(raw) is not list or len(raw) <= at or raw[at] != ()


def read_sealed(file: Path) -> object:
    """The marshalled value a sealed cache entry holds; None for a missing, changed, cut-short or
    copied one (the compiled module cache and the incremental check's record share this form)."""
    try:
        raw = file.read_bytes()
        if _seal(file, raw[32:]) != raw[:32]:
            return None
        return marshal.loads(raw[32:])
    except (OSError, ValueError, EOFError, TypeError):
        return None


def write_sealed(file: Path, value: object) -> None:
    """`value` marshalled under its seal, written beside and renamed into place; a read-only cache
    only costs speed. ValueError when marshal cannot hold it."""
    payload = marshal.dumps(value)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(file, _seal(file, payload) + payload)
    except OSError:
        pass


def _seal(file: Path, payload: bytes) -> bytes:
    """An entry's header. Its name is the hash of the compiler, the file's path and its bytes: a
    header over the name as well as the payload holds only under that name, so an entry copied over
    another's (or a payload that was changed) does not pass for that file's tree."""
    return hashlib.sha256(file.name.encode() + b"\0" + payload).digest()


def encode_node(node) -> object:
    """A declaration as an entry holds it (no test block: those live in a module's `tests`), for the
    incremental check's record, which keeps the declarations of unchanged files this way."""
    return _encode(node, _fields())


def decode_node(x) -> object:
    """encode_node's inverse."""
    return _decode(x, _classes(), _fields()[Span][0])


def _encode(x, fields: dict):
    """A node as [its class's number, *its fields]; tuples stay tuples, and nothing else is kept.
    A span, every node's and half of all nodes, is written in place: one call fewer each."""
    c = type(x)
    known = fields.get(c)
    span_no, span_values = fields[Span]
    if known is not None:
        number, values = known
        return [number, *[v if type(v) in _SCALARS else [span_no, *span_values(v)] if type(v) is Span
                          else _encode(v, fields) for v in values(x)]]
    if c is tuple:
        return tuple([v if type(v) in _SCALARS else [span_no, *span_values(v)] if type(v) is Span
                      else _encode(v, fields) for v in x])
    if c in _SCALARS or (c is frozenset and all(type(v) is str for v in x)):
        return x
    raise TypeError(f"no entry holds a {c.__name__}")


def _decode(x, classes: tuple, span_no: int):
    """_encode's inverse. A span (half of all nodes, its fields all scalars) is made at once."""
    c = type(x)
    if c is list:
        if x[0] == span_no:
            return Span(*x[1:])
        return classes[x[0]](*[v if type(v) in _SCALARS else _decode(v, classes, span_no) for v in x[1:]])
    if c is tuple:
        return tuple([v if type(v) in _SCALARS else _decode(v, classes, span_no) for v in x])
    if c is frozenset and all(type(v) is str for v in x):
        return x
    raise TypeError(f"no entry holds a {c.__name__}")
