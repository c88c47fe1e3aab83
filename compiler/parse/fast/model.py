"""The fast parser's data-model rules: enums, attributes, counters and zones (mixed into
compiler/parse/fast/parser.py's parser; the grammar's rules of the same names)."""
from __future__ import annotations

from .lex import OWNER, SCOPE, VISIBILITY


class ModelRules:
    """Declarations of the data model; the host class provides the primitives (node, tok, name, …)
    and the code rules (expr, type_)."""

    def enum_decl(self):
        s = self.i
        self.i += 1
        c = [self.name()]
        self.expect("{")
        c.append(self.enum_member())
        while self.kind() == ",":
            self.i += 1
            if self.kind() == "}":
                break
            c.append(self.enum_member())
        self.expect("}")
        return self.node("enum_decl", c, s)

    def enum_member(self):
        s = self.i
        return self.node("enum_member", [self.name(), self.maybe_string()], s)

    def attr_decl(self):
        s = self.i
        self.i += 1
        c = [self.one_of(OWNER, "OWNER"), self.name(), self.maybe_string()]
        self.expect(":")
        c += [self.type_(), None, None, None]
        if self.at("names"):
            n = self.i
            self.i += 1
            self.expect("{")
            names = [self.attr_name()]
            while self.kind() == ",":
                self.i += 1
                if self.kind() == "}":
                    break
                names.append(self.attr_name())
            self.expect("}")
            c[4] = self.node("attr_names", names, n)
        if self.word() in VISIBILITY:
            v = self.i
            seen = [self.tok("VISIBILITY"), None]
            if self.at("until"):
                self.i += 1
                seen[1] = self.name()
            c[5] = self.node("attr_seen", seen, v)
        if self.kind() == "=":
            self.i += 1
            c[6] = self.expr()
        return self.node("attr_decl", c, s)

    def attr_name(self):
        s = self.i
        n = self.name()
        self.expect("=")
        return self.node("attr_name", [n, self.int_()], s)

    def counter_decl(self):
        s = self.i
        self.i += 1
        c = [self.one_of(OWNER, "OWNER"), self.name(), self.maybe_string()]
        while True:
            o = self.i
            k = self.kind()
            if k == "=":
                self.i += 1
                c.append(self.node("counter_init", [self.expr()], o))
            elif self.at("min") or self.at("max"):
                data = "counter_" + self.word()
                self.i += 1
                c.append(self.node(data, [self.expr()], o))
            elif self.at("reset"):
                self.i += 1
                c.append(self.node("counter_reset", [self.one_of(SCOPE, "SCOPE")], o))
            else:
                return self.node("counter_decl", c, s)

    def zone_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.maybe_string()]
        self.expect(":")
        c += [self.one_of(OWNER, "OWNER"), self.one_of(VISIBILITY, "VISIBILITY")]
        c.append(self.tok("GRANTS") if self.at("grants") else None)
        return self.node("zone_decl", c, s)
