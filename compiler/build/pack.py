"""Parse tree → the pack line (`pack thb "東方符斗祭" extends … { version "1.0.0" … }`): its grammar rules,
one method each (mixed into the builder); each field gives a (name, value) pair for A.PackDecl."""
from __future__ import annotations

from spellcard.compiler import ast as A

from .code import unquote


class PackRules:
    """Methods for the pack line's rules; the host class provides span()."""

    def pack_decl(self, meta, c):
        name, title, base, fields = c
        return A.PackDecl(str(name), unquote(title), self.span(meta), base, **dict(fields or ()))

    def pack_body(self, meta, c):
        return c

    def pack_extends(self, meta, c):
        name, op, version = c
        return A.BaseRef(str(name), str(op) if op is not None else None,
                         unquote(version) if version is not None else None, self.span(meta))

    def pack_version(self, meta, c):
        return "version", unquote(c[0])

    def pack_description(self, meta, c):
        return "description", unquote(c[0])

    def pack_authors(self, meta, c):
        return "authors", tuple(unquote(x) for x in c)

    def pack_license(self, meta, c):
        return "license", unquote(c[0])

    def pack_script(self, meta, c):
        return "script", unquote(c[0])
