"""Each file's built module on disk, keyed by the compiler, the file's path and its bytes: a check
after editing one file parses that file alone (parsing and building are most of a cold check).

An entry is the SHA-256 of its name (the key) and its payload, then the payload: plain data (tuples,
strings, numbers) from which only the tree's own classes are made, each declaration marshalled alone
beside its span (`Kept`), so an edit decodes and writes only the declarations it touched. An entry
that was changed, cut short, or copied over another file's entry is a miss (the file is parsed
again), and no entry, whatever it holds, can run code.
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

from . import cache_trim

FORMAT = b"modules 3"           # what an entry holds; a change of it is a change of key
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


@attrs.define
class Kept:
    """A file's built module as its entry holds it: each declaration encoded alone, beside its span,
    so a check after an edit decodes and encodes only the declarations the edit touched."""
    path: str
    granted: frozenset
    spans: list                 # per declaration: (file, line, col, end_line, end_col)
    blobs: list                 # per declaration: its encoded tree, marshalled
    tests: object = ()          # the module's test blocks, encoded (with the test nodes' numbers)

    @classmethod
    def of(cls, module: A.Module) -> "Kept":
        encode = _encoder()
        return cls(module.path, module.granted, [d.span.plain() for d in module.decls],
                   [marshal.dumps(encode(d)) for d in module.decls], _encoder(True)(module.tests) if module.tests else ())

    def decl(self, i: int):
        """The i-th declaration's tree."""
        return decode_node(marshal.loads(self.blobs[i]))

    def module(self) -> A.Module:
        tests = _decoder(True)(self.tests) if self.tests else ()
        return A.Module(self.path, tuple(self.decl(i) for i in range(len(self.blobs))), tests, self.granted)

    def replaced(self, low: int, high: int, part: A.Module) -> "Kept":
        """This entry with the declarations on lines low..high replaced by `part`'s (same line count)."""
        keep = [i for i, s in enumerate(self.spans) if not low <= s[1] <= high]
        before = [i for i in keep if self.spans[i][1] < low]
        after = [i for i in keep if self.spans[i][1] > high]
        new = Kept.of(part)
        pick = lambda xs, ids: [xs[i] for i in ids]       # noqa: E731
        return Kept(self.path, self.granted, pick(self.spans, before) + new.spans + pick(self.spans, after),
                     pick(self.blobs, before) + new.blobs + pick(self.blobs, after), self.tests)


def load_kept(file: Path) -> Optional[Kept]:
    """An entry, no declaration decoded; None for a missing, changed, cut-short or foreign entry."""
    raw = read_sealed(file)
    try:
        path, granted, spans, blobs, tests = raw
        if not (type(path) is str and type(granted) is frozenset and all(type(g) is str for g in granted)
                and len(spans) == len(blobs) and all(type(b) is bytes for b in blobs)
                and all(len(s) == 5 and type(s[0]) is str and all(type(v) is int for v in s[1:]) for s in spans)):
            return None
    except (TypeError, ValueError):
        return None
    return Kept(path, granted, list(spans), list(blobs), tests)


def store_kept(file: Path, kept: Kept) -> None:
    try:
        write_sealed(file, (kept.path, kept.granted, kept.spans, kept.blobs, kept.tests))
    except ValueError:
        pass                    # a tree this format cannot hold only costs speed


def load(file: Path) -> Optional[A.Module]:
    """The module an entry holds, or None for a missing, changed, cut-short or foreign entry."""
    kept = load_kept(file)
    try:
        module = None if kept is None else kept.module()
    except (ValueError, TypeError, IndexError, EOFError, RecursionError):
        return None
    return module if module is not None and all(isinstance(d, A.Decl) for d in module.decls) else None


def store(file: Path, module: A.Module) -> None:
    try:
        kept = Kept.of(module)
    except (TypeError, ValueError, RecursionError):
        return                  # a tree this format cannot hold only costs speed
    store_kept(file, kept)


def read_sealed(file: Path) -> object:
    """The marshalled value a sealed cache entry holds; None for a missing, changed, cut-short or
    copied one (the compiled module cache and the incremental check's record share this form)."""
    try:
        raw = file.read_bytes()
        if _seal(file, raw[32:]) != raw[:32]:
            return None
        value = marshal.loads(raw[32:])
    except (OSError, ValueError, EOFError, TypeError):
        return None
    cache_trim.used(file)
    return value


def write_sealed(file: Path, value: object) -> None:
    """`value` marshalled under its seal, written beside and renamed into place; a read-only cache
    only costs speed. ValueError when marshal cannot hold it."""
    payload = marshal.dumps(value)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(file, _seal(file, payload) + payload)
        cache_trim.wrote(32 + len(payload))
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
    return _encoder()(node)


def decode_node(x) -> object:
    """encode_node's inverse."""
    return _decoder()(x)


@lru_cache(maxsize=2)
def _encoder(tests: bool = False):
    """The encoding of the tree's classes (`tests`: and the test blocks'): a node as [its class's
    number, *its fields]; tuples stay tuples, and nothing else is kept. A span, every node's and half
    of all values, is written in place. One function made once, its tables in reach (a cold check
    encodes every node it reads: the module cache's entries, the record's declarations)."""
    fields = _fields(tests)
    span_no, span_values = fields[Span]

    def encode(x):
        c = type(x)
        known = fields.get(c)
        if known is not None:
            number, values = known
            out = [number]
            for v in values(x):
                t = type(v)
                out.append(v if t in _SCALARS else [span_no, *span_values(v)] if t is Span else encode(v))
            return out
        if c is tuple:
            return tuple([v if type(v) in _SCALARS else [span_no, *span_values(v)] if type(v) is Span else encode(v)
                          for v in x])
        if c in _SCALARS or (c is frozenset and all(type(v) is str for v in x)):
            return x
        raise TypeError(f"no entry holds a {c.__name__}")
    return encode


@lru_cache(maxsize=2)
def _decoder(tests: bool = False):
    """_encoder's inverse. A span (its fields all scalars) is made at once."""
    classes, span_no = _classes(tests), _fields()[Span][0]

    def decode(x):
        c = type(x)
        if c is list:
            if x[0] == span_no:
                return Span(*x[1:])
            return classes[x[0]](*[v if type(v) in _SCALARS else decode(v) for v in x[1:]])
        if c is tuple:
            return tuple([v if type(v) in _SCALARS else decode(v) for v in x])
        if c is frozenset and all(type(v) is str for v in x):
            return x
        raise TypeError(f"no entry holds a {c.__name__}")
    return decode
