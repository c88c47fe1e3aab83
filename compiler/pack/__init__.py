"""Packs: found by name (registry), extended (extend), compiled and loaded (loader), cached per file
(module_cache), shipped compiled (manifest). `spellcard.compiler.pack.load_pack` and the loader's
other names stay importable from here, read on first use: the runtime alone loads a compiled pack
through `manifest` without importing the compiler."""


def __getattr__(name: str):
    if name.startswith("__") or name in ("extend", "loader", "manifest", "module_cache", "registry"):
        raise AttributeError(name)          # a submodule not imported yet: the import system's to find
    from . import loader

    value = getattr(loader, name)
    globals()[name] = value
    return value
