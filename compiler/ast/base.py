"""The tree's common ground: a source span, and the decorator every node class is made with."""
from __future__ import annotations

from functools import lru_cache
from types import CodeType, FunctionType

import attrs


@attrs.frozen
class Span:
    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def plain(self) -> tuple:
        """Its fields as plain data, for the caches' marshalled records."""
        return (self.file, self.line, self.col, self.end_line, self.end_col)


def _node_repr(self) -> str:
    fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)))
    return f"{type(self).__qualname__}({fields})"


def node(cls: type) -> type:
    """Every node class: frozen, slotted, compared by identity (the checker keys side tables on
    nodes), with one repr shared by all. Made here rather than by attrs: attrs generated and compiled
    five methods per class, and the tree's hundred classes were most of the time a one-edit check
    spent importing. The class answers attrs.fields, attrs.has and attrs.evolve as an attrs class does."""
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults = {n: cls.__dict__[n] for n in names if n in cls.__dict__}
    if any(n not in defaults for n in names[len(names) - len(defaults):]):     # as attrs and Python refuse
        raise TypeError(f"{cls.__qualname__}: a field without a default follows one with a default")
    body = {k: v for k, v in cls.__dict__.items() if k not in defaults and k not in ("__dict__", "__weakref__")}
    body["__slots__"] = names
    body.update(__init__=_init(cls.__qualname__, names, tuple(defaults.values())), __repr__=_node_repr,
                __setattr__=_frozen, __delattr__=_frozen, __reduce__=_reduce, __match_args__=names)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    # What attrs.fields reads, each field named by keyword: a later attrs that adds or moves a parameter
    # of Attribute leaves these as they are (measured: making the classes with attrs cost half of a
    # one-edit check's imports).
    made.__attrs_attrs__ = tuple(attrs.Attribute(name=n, default=defaults.get(n, attrs.NOTHING), validator=None,
                                                 repr=True, cmp=None, hash=None, init=True, inherited=False,
                                                 type=cls.__annotations__[n], alias=n) for n in names)
    return made


def _init(qualname: str, names: tuple[str, ...], defaults: tuple) -> FunctionType:
    """`def __init__(self, a, b=…): set a; set b`, made from the one compiled shape for that many
    fields with the names put in (compiling a function per class was most of the cost of making
    the tree's classes; the names are the template's only constants and locals besides `self`)."""
    template = _template(len(names))
    placed = dict(zip(template.co_varnames[1:], names))     # each placeholder: its field's name
    consts = tuple(map(placed.get, template.co_consts, template.co_consts))
    code = template.replace(co_varnames=("self", *names), co_consts=consts,
                            co_name="__init__", co_qualname=f"{qualname}.__init__")
    return FunctionType(code, _INIT_GLOBALS, "__init__", defaults or None)


@lru_cache(maxsize=None)
def _template(size: int) -> CodeType:
    params = [f"_p{i}" for i in range(size)]
    source = "\n".join([f"def __init__(self{''.join(f', {p}' for p in params)}):"]
                       + [f"    _set(self, {p!r}, {p})" for p in params] + ["    pass"])
    scope: dict = {}
    exec(compile(source, "<node>", "exec"), scope)
    return scope["__init__"].__code__


_INIT_GLOBALS = {"_set": object.__setattr__}


def _frozen(self, *args) -> None:
    raise attrs.exceptions.FrozenInstanceError()


def _reduce(self) -> tuple:
    return type(self), tuple(getattr(self, n) for n in self.__match_args__)
