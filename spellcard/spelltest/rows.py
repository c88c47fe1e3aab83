"""Table-driven tests: a test with an `examples:` table runs once per row, each column's name in its
body standing for that row's value (a seat, a card, an answer, a number…). Each row is a test of its
own, named with the row's values, so `-k`, pytest and the report tell the rows apart.

    test Guard "a guess names the card the other player holds" {
      seats P0, P1
      hand P0: Guard
      hand P1: held
      answer P0: Guard, guess
      run play_phase of P0
      expect P1.alive == survives
      examples:
        | held   | guess  | survives |
        | Priest | Priest | false    |
        | Priest | Baron  | true     |
    }
"""
from __future__ import annotations

import attrs

from spellcard.compiler.text.diagnostics import Diagnostic

from . import nodes as T


def expand_all(tests) -> tuple[list, list]:
    """Every test's rows (`expand`), and the diagnostics of every table that cannot be read."""
    rows: list = []
    problems: list = []
    for test in tests:
        mine, wrong = expand(test)
        rows += mine
        problems += wrong
    return rows, problems


def expand(test: T.SpellTestDecl) -> tuple[list, list]:
    """The test's rows as tests of their own (the test itself when it has no table), and the
    diagnostics of a table that cannot be read (a column that is no plain name, a row too short…)."""
    tables = [st for st in test.stmts if isinstance(st, T.Examples)]
    if not tables:
        return [test], []
    problems: list = []

    def error(span, msg, help=None):
        problems.append(Diagnostic("error", msg, span, help))

    if len(tables) > 1:
        error(tables[1].span, "a test has one `examples:` table", "put every case in its rows")
    table = tables[0]
    columns = []
    for c in table.columns:
        if not isinstance(c, T.Name) or c.id in ("true", "false", "none"):
            error(c.span, "a column is named by a plain name", "e.g. `| held | guess |`")
        else:
            columns.append(c.id)
    if len(set(columns)) < len(columns):
        error(table.span, "two columns have the same name")
    if not table.rows:
        error(table.span, "the `examples:` table has no rows", "add a row of values under its column names")
    body = tuple(st for st in test.stmts if not isinstance(st, T.Examples))
    used = _names_in(body)
    for c in table.columns:
        if isinstance(c, T.Name) and c.id not in used:
            error(c.span, f"the column `{c.id}` stands nowhere in the test",
                  "write its name where the row's value goes, or leave the column out")
    for row in table.rows:
        if len(row) != len(table.columns):
            error(row[0].span if row else table.span,
                  f"this row has {len(row)} values for {len(table.columns)} columns")
    if problems:
        return [], problems
    out = []
    for row in table.rows:
        values = dict(zip(columns, row))
        sub = _Substitute(values, error)
        stmts = tuple(sub.node(st) for st in body)
        shown = tuple((c, written(v)) for c, v in values.items())
        title = f"{test.title} ({', '.join(f'{c}: {w}' for c, w in shown)})"
        out.append(attrs.evolve(test, title=title, stmts=stmts, row=shown))
    return (out, []) if not problems else ([], problems)


def _names_in(node) -> set:
    """Every name written in the test body, wherever a column may stand."""
    out: set = set()
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, tuple):
            todo.extend(n)
        elif isinstance(n, (T.Name, T.Who)):
            out.add(n.id if isinstance(n, T.Name) else n.name)
        elif isinstance(n, T.CardRef):
            out.add(n.spec)
        elif isinstance(n, T.Ans) and n.kind == "name":
            out.add(n.value)
        elif attrs.has(type(n)):
            if isinstance(n, T.When) and n.about:
                out.add(n.about)
            if isinstance(n, T.Field):
                out.add(n.name)
            todo.extend(getattr(n, a.name) for a in attrs.fields(type(n)))
    return out


class _Substitute:
    """A copy of a statement with each column's name replaced by the row's value, at the value's
    own place in the table (so a misspelt value is reported in its row)."""

    def __init__(self, values: dict, error):
        self.values, self.error = values, error

    def node(self, n):
        if isinstance(n, tuple):
            return tuple(self.node(x) for x in n)
        if not attrs.has(type(n)) or isinstance(n, T.Span):
            return n
        v = self.values.get(_name_of(n))
        if v is not None:
            return self.put(n, v)
        changes = {a.name: self.node(getattr(n, a.name)) for a in attrs.fields(type(n))}
        if isinstance(n, T.When) and n.about in self.values:
            changes["about"] = self.word(self.values[n.about], "a skill or card")
        if isinstance(n, T.Field) and isinstance(self.values.get(n.name), (T.Name, T.Spec)):
            changes["name"] = self.word(self.values[n.name], "a name")     # `P0.who.hp`: the row's kind
        return attrs.evolve(n, **changes)

    def put(self, n, v):
        if isinstance(n, T.Name):
            return v
        if isinstance(n, T.Who):
            return T.Who(self.word(v, "a seat"), v.span)
        if isinstance(n, T.CardRef):
            return v if isinstance(v, T.Pattern) else T.CardRef(self.word(v, "a card"), v.span)
        return answer_of(v, self.error)

    def word(self, v, what: str) -> str:
        if isinstance(v, T.Name):
            return v.id
        if isinstance(v, T.Spec):
            return v.spec
        self.error(v.span, f"`{written(v)}` stands for {what} here: write a name")
        return written(v)


def _name_of(n):
    if isinstance(n, T.Name):
        return n.id
    if isinstance(n, T.Who):
        return n.name
    if isinstance(n, T.CardRef):
        return n.spec
    if isinstance(n, T.Ans) and n.kind == "name":
        return n.value
    return None


def answer_of(v, error) -> T.Ans:
    """A row's value where an answer stands: a name, a number, a text, yes/no, a list…"""
    if isinstance(v, T.Name):
        return T.Ans("pass", "pass", v.span) if v.id == "pass" else T.Ans("name", v.id, v.span)
    if isinstance(v, T.Spec):
        return T.Ans("name", v.spec, v.span)
    if isinstance(v, T.Pattern):
        return T.Ans("pattern", v, v.span)
    if isinstance(v, T.ListV):
        return T.Ans("list", tuple(answer_of(x, error) for x in v.items), v.span)
    if isinstance(v, T.Lit):
        if isinstance(v.value, bool):
            return T.Ans("yes" if v.value else "no", v.value, v.span)
        if isinstance(v.value, int):
            return T.Ans("int", v.value, v.span)
        if isinstance(v.value, str):
            return T.Ans("text", v.value, v.span)
    error(v.span, f"`{written(v)}` cannot be an answer")
    return T.Ans("pass", "pass", v.span)


def written(v) -> str:
    """A value as the table writes it."""
    if isinstance(v, T.Lit):
        if isinstance(v.value, bool):
            return "true" if v.value else "false"
        if v.value is None:
            return "none"
        return f'"{v.value}"' if isinstance(v.value, str) else str(v.value)
    if isinstance(v, T.Name):
        return v.id
    if isinstance(v, T.Spec):
        return v.spec
    if isinstance(v, T.ListV):
        return "[" + ", ".join(written(x) for x in v.items) + "]"
    if isinstance(v, T.Pattern):
        return f"{v.kind or 'card'}(" + ", ".join(f"{a}: {written(x)}" for a, x, _ in v.attrs) + ")"
    return "…"
