"""A table's value used on players (`counter table gate` … `owner.gate += 1`): the mistake is the
declaration, so it is told once, there, with every line that used it, instead of once per use as a
field players do not have."""
from __future__ import annotations

from typing import Optional


class MisplacedChecks:
    """Mixed into Checker: collects the uses while checking, reports them when the pack is checked."""

    def _table_value_on_player(self, name: str, span) -> Optional[object]:
        """The value's type if `name` is the table's counter or attribute (the use is noted), else None."""
        s = self.s
        decl = s.counters.get(("table", name)) or s.attrs_.get(("table", name))
        if decl is None:
            return None
        self.on_player.setdefault(name, []).append(span)
        return self._table_type(name)

    def report_table_values_on_players(self) -> None:
        for name, uses in self.on_player.items():
            s = self.s
            decl = s.counters.get(("table", name)) or s.attrs_.get(("table", name))
            what = "counter" if ("table", name) in s.counters else "attr"
            spots = sorted({(u.file != decl.span.file, u.file, u.line) for u in uses})
            lines = [f"{f}:{n}" if elsewhere else str(n) for elsewhere, f, n in spots]
            self.err(decl.span, f"{what} `{name}` is declared on the table, but used on players "
                                f"(line{'s' if len(lines) > 1 else ''} {', '.join(lines)})",
                     f"if each player has one, declare it `{what} player {name} …`; if the table has one, "
                     f"read and write it bare, `{name}`, not `owner.{name}`", code="table-value")
