"""Trigger loops found before any game runs: the graph "trigger → the windows its effect can open",
through the actions and functions it calls. A cycle is a warning naming the path at each trigger on it;
a trigger that re-opens its own window with nothing to stop it is an error. The runtime's guard stays
for what this cannot prove (a loop through a card's hook, a changed counter)."""
from __future__ import annotations

from typing import Iterable, Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from .narrow import key


@attrs.define
class Trigger:
    skill: A.SkillDecl
    clause: A.TriggerClause

    @property
    def name(self) -> str:
        return f"{self.skill.name}: {self.clause.action}.{self.clause.window}"


class _Children(dict):
    """Per class: the fields that can hold nodes (not names, numbers or spans), worked out once."""
    def __missing__(self, cls) -> tuple:
        names = self[cls] = tuple(f.name for f in attrs.fields(cls)
                                  if f.type not in ("str", "int", "bool", "Span", "Optional[str]"))
        return names


class _IsNode(dict):
    """Per class: is it a node class? (a dict look-up where attrs.has was a call per value)"""
    def __missing__(self, cls) -> bool:
        found = self[cls] = attrs.has(cls)
        return found


_CHILDREN = _Children()
_IS_NODE = _IsNode()


def nodes_in(node) -> Iterable:
    """Every AST node below `node`, itself included (depth first, without recursion)."""
    stack = [node]
    children, is_node = _CHILDREN, _IS_NODE
    while stack:
        n = stack.pop()
        yield n
        for name in children[type(n)]:
            v = getattr(n, name)
            if isinstance(v, tuple):
                for item in v:
                    if isinstance(item, tuple):
                        stack.extend(x for x in item if is_node[type(x)])
                    elif is_node[type(item)]:
                        stack.append(item)
            elif v is not None and is_node[type(v)]:
                stack.append(v)


class Walked(dict):
    """Each declaration's nodes, walked once for all the passes that read them (the silent lints, the
    counter lints, the modes' ends): the walks were most of the lint passes' time. A pass that asks
    after some kinds of node (the `let`s, the `if`s, the writes) reads those alone (`of`)."""

    def __missing__(self, decl) -> list:
        nodes = self[decl] = list(nodes_in(decl))
        return nodes

    def of(self, decl, *classes: type) -> list:
        """`decl`'s nodes of exactly these classes, in the walk's order (picked from the walk, not
        kept: an index of every declaration's nodes by class held 10% more memory on a big pack)."""
        return [n for n in self[decl] if type(n) in classes]


def error_lines(diags) -> set:
    return {(e.span.file, e.span.line) for e in diags.items if e.is_error}


def has_error(decl, lines: set) -> bool:
    return bool(lines) and any((decl.span.file, n) in lines for n in range(decl.span.line, decl.span.end_line + 1))


class LoopCheck:
    def __init__(self, syms, refs, diags, allowed=lambda span, code: False):
        self.s, self.refs, self.d = syms, refs, diags
        self.allowed = allowed      # `# allow trigger-loop: why` at a trigger: the designer says it ends
        self._opens: dict = {}
        self._state: dict = {}
        self._bounded: dict = {}    # per trigger clause (by id): the search and the record both ask
        self._effects: dict = {}

    _READS = {"player_value": "player", "table": "table"}
    _WRITES = {"set_player": "player", "set_table": "table"}

    def state(self, node, writes: bool) -> set[tuple[str, str]]:
        """The counters and attributes `node`'s code reads (or assigns), through what it calls."""
        out = set()
        table = self._WRITES if writes else self._READS
        for n in nodes_in(node):
            ref = self.refs.get(n)
            if ref is None:
                continue
            if ref[0] in table:
                out.add((table[ref[0]], ref[1]))
            elif isinstance(n, A.Call) and ref[0] in ("action", "func") and (writes or ref[0] == "func"):
                memo_key = (ref[0], ref[1], writes)
                if memo_key not in self._state:
                    self._state[memo_key] = set()          # a recursive function ends here
                    decl = (self.s.actions if ref[0] == "action" else self.s.funcs).get(ref[1])
                    if decl is not None:
                        self._state[memo_key] = self.state(decl, writes)
                out |= self._state[memo_key]
        return out

    def bounded(self, t: Trigger) -> bool:
        """A trigger that cannot carry a loop for ever: it has a limit, its skill works once a game,
        its condition reads a counter or attribute its own effect changes (`p.used == 0` … `p.used
        += 1`), or its line says `# allow trigger-loop: why` (it then ends every loop through it)."""
        c = t.clause
        found = self._bounded.get(id(c))
        if found is None:
            found = self._bounded[id(c)] = (
                c.limit is not None or t.skill.kind in ("awakening", "limited") or self.allowed(c.span, "trigger-loop")
                or c.when is not None and bool(self.state(c.when, False) & self.state(c.body, True)))
        return found

    def facts(self, skill: A.SkillDecl) -> tuple:
        """All the search reads of a skill's triggers, as plain data: its lines (a skill with an error
        is left out), and per trigger its name, action, window and place, whether it is bounded, the
        actions its effect opens (each with the name its body calls to reach it) and whether it
        re-opens its own window at once. The search runs over these alone (trigger_loops), so a check
        after an edit runs it again from the record's facts and the edited skills' (compiler/pack/facts.py)."""
        out = []
        for c in skill.clauses:
            if isinstance(c, A.TriggerClause):
                t = Trigger(skill, c)
                where = c.span.plain()
                out.append((t.name, c.action, c.window, where, True, (), False) if self.bounded(t) else
                           (t.name, c.action, c.window, where, False, tuple(sorted(self.effect(t).items())),
                            self._endless(t)))
        return (skill.span.file, skill.span.line, skill.span.end_line), tuple(out)

    def _called(self, node) -> set[tuple[str, str]]:
        """The actions and functions `node`'s code calls directly, as (kind, name)."""
        out = set()
        for n in nodes_in(node):
            if isinstance(n, A.Call):
                ref = self.refs.get(n)
                if ref is not None and ref[0] in ("action", "func"):
                    out.add((ref[0], ref[1]))
        return out

    def opens(self, kind: str, name: str) -> set[str]:
        """The actions a call of `name` can open (an action's own `do` steps call others)."""
        memo = self._opens.get((kind, name))
        if memo is not None:
            return memo
        self._opens[(kind, name)] = out = set()       # a recursive function ends here
        decl = (self.s.actions if kind == "action" else self.s.funcs).get(name)
        if decl is None:
            return out
        if kind == "action":
            out.add(name)
        for k, n in self._called(decl):
            out |= self.opens(k, n)
        return out

    def effect(self, t: Trigger) -> dict[str, str]:
        """Each action the trigger's effect can open, with the name its body calls to reach it."""
        out = self._effects.get(id(t.clause))
        if out is None:
            out = self._effects[id(t.clause)] = {}
            for k, n in sorted(self._called(t.clause.body)):
                for action in sorted(self.opens(k, n)):
                    out.setdefault(action, n)
        return out

    def run(self, modules: list[A.Module]) -> None:
        trigger_loops([self.facts(d) for m in modules for d in m.decls if isinstance(d, A.SkillDecl)],
                      error_lines(self.d), self.d)

    def _endless(self, t: Trigger) -> bool:
        """Its body calls its own action at the top, unconditionally, with no limit, the window
        has no condition of its own, and each part of its condition is `event.F == X` where the call
        passes the same X for F (so the new event meets it again)."""
        c = t.clause
        if c.limit is not None or c.action not in self.s.actions:
            return False
        decl = self.s.actions[c.action]
        if any(isinstance(st, A.WindowStep) and st.name == c.window and st.cond is not None for st in decl.steps):
            return False
        params = [p.name for p in decl.params]
        for st in c.body.stmts:
            if not (isinstance(st, A.ExprStmt) and isinstance(st.expr, A.Call)):
                continue
            ref = self.refs.get(st.expr)
            if ref is None or ref[:2] != ("action", c.action):
                continue
            passed = {p: key(a) for p, a in zip(params, ref[2]) if not isinstance(a, tuple)}
            if all(self._met_again(part, passed) for part in _conjuncts(c.when)):
                return True
        return False

    @staticmethod
    def _met_again(part, passed: dict) -> bool:
        if not (isinstance(part, A.Compare) and part.op == "=="):
            return False
        for side, other in ((part.left, part.right), (part.right, part.left)):
            if isinstance(side, A.Field) and isinstance(side.obj, A.Name) and side.obj.id == "event":
                fixed = key(other)
                if fixed is not None and (fixed == "owner" or not isinstance(other, (A.Name, A.Field))) \
                        and passed.get(side.name) == fixed:
                    return True
        return False


class _Edge:
    """One trigger of the search (LoopCheck.facts), by identity."""
    __slots__ = ("name", "action", "window", "span", "effects", "endless")

    def __init__(self, fact: tuple) -> None:
        self.name, self.action, self.window, where, _, self.effects, self.endless = fact
        self.span = Span(*where)


def trigger_loops(skills: list, broken: set, diags) -> None:
    """The trigger loops of a pack from its skills' facts (LoopCheck.facts, in the pack's order): a
    trigger that re-opens its own window for ever is an error, a cycle a warning. A skill on a line
    of `broken` (it has an error) is left out: what it would call is not known yet."""
    triggers = [_Edge(f) for (file, line, end), facts in skills
                if not (broken and any((file, n) in broken for n in range(line, end + 1)))
                for f in facts if not f[4]]
    by_action: dict[str, list] = {}
    for t in triggers:
        by_action.setdefault(t.action, []).append(t)
    effects = {id(t): dict(t.effects) for t in triggers}
    looping = on_cycles(triggers, by_action, effects)
    reported: set = set()
    # Latest first: each loop is told once, at the trigger that closed it (a designer's new
    # file comes after the pack's own).
    for t in reversed(triggers):
        if t.endless:
            diags.error(t.span, f"this trigger re-opens its own window for ever: {t.name} → "
                                f"{t.action} → {t.action}.{t.window}",
                        "add a condition the effect makes false, or a `limit … per turn`", code="endless-trigger")
            continue
        group = looping.get(id(t))
        if group is None:               # on no cycle: nothing to search
            continue
        found = _cycle(t, by_action, effects, group)
        if found is None:
            continue
        path, members = found
        if members in reported:
            continue
        reported.add(members)
        diags.warning(t.span, "trigger loop: " + " → ".join(path),
                      "make sure a condition or a `limit` ends it; the runtime stops a game "
                      "after 120 nested actions", code="trigger-loop")


def _cycle(start: _Edge, by_action, effects, group: frozenset) -> Optional[tuple[list[str], frozenset]]:
    """The shortest path of triggers from `start` back to it, written out, and who is on it. The
    search stays in `group`, the triggers on a cycle with `start` (on_cycles): any path back to
    `start` runs through them alone, so leaving the others out finds the same first path."""
    frontier = [(start, [start.name], (id(start),))]
    seen = {id(start)}
    while frontier:
        nxt = []
        for t, path, members in frontier:
            for action, via in sorted(effects[id(t)].items()):
                step = path + ([via] if via and via != action else []) + [action]
                for u in by_action.get(action, ()):
                    if u is start:
                        return step + [start.name], frozenset(members)
                    if id(u) not in seen and id(u) in group:
                        seen.add(id(u))
                        nxt.append((u, step + [u.name], members + (id(u),)))
        frontier = nxt
    return None


def on_cycles(triggers: list, by_action: dict, effects: dict) -> dict:
    """id of each trigger on some cycle -> the ids of the triggers its cycles can pass through (its
    strongly connected component). The graph is bipartite, trigger → each action its effect opens →
    each trigger listening there, so it is as large as the effects and listeners, not their product;
    Tarjan's algorithm, iterative. Searching each trigger's shortest loop over the whole graph cost
    a time quadratic in the pack's triggers (most of a check of a 2,000-character pack)."""
    succ: dict = {("t", id(t)): [("a", a) for a in effects[id(t)]] for t in triggers}
    for action, listeners in by_action.items():
        succ[("a", action)] = [("t", id(u)) for u in listeners]
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    out: dict = {}
    for root in succ:
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, edges = work[-1]
            for w in edges:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:          # bipartite: a cycle has a trigger and an action at least
                        group = frozenset(x for kind, x in component if kind == "t")
                        out.update((x, group) for x in group)
    return out


def _conjuncts(e) -> list:
    if e is None:
        return []
    if isinstance(e, A.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]
