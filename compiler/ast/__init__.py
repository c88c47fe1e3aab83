"""The Spellcard syntax tree: every node class of compiler/ast/decls.py and the modules it gathers
is importable from here, as `A.Call` or `A.SkillDecl`. Read on first use, so that importing one part
(`ast.base`'s Span, as a cached run does) does not build every node class."""


def __getattr__(name: str):
    if name.startswith("__") or name in ("base", "exprs", "stmts", "tools", "decls"):
        raise AttributeError(name)          # a submodule not imported yet: the import system's to find
    from . import decls

    value = getattr(decls, name)
    globals()[name] = value
    return value
