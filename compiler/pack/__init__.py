"""Packs: found by name (registry), extended (extend), compiled and loaded (loader), cached per file
(module_cache), shipped compiled (manifest). `spellcard.compiler.pack.load_pack` stays importable
from here; the loader imports the tree, parser, checker and emitter only when it compiles."""
from .loader import load_pack  # noqa: F401
