"""What rules text calls a rule's own names: a variable by its role, never by its letter.

`let t = choose_player(owner, others(owner), "…")` reads "the chosen player" / 所選玩家, `for c in xs`
"that card" / 該牌, a random pick "the random card" / 隨機牌: the role is what the value is (its type:
a player, cards, a number…) and how it was bound (chosen by a player — a choice built in, or a pack
function that makes one —, drawn at random, or taken as it is). Two names of one declaration with the
same role are told apart by an ordinal ("the second chosen player" / 所選玩家乙). Parameters (an
event's, a hook's, a query's) are called by their labels (`target "目標": player`), else by the
English of their names. The words themselves are the templates' (`Role`), so no language lives here.
"""
from __future__ import annotations

from typing import Iterator, Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.symbols import BUILTINS, STRUCTURAL_EVENTS, Symbols, parse_type_name

ASKS = ("choose", "ask")
"""The built-ins that ask a player to choose: a value bound from one is "chosen"."""

NOUNS = {T.PLAYER: "player", T.CARD: "card", T.INT: "number", T.TEXT: "option", T.KIND: "kind",
         T.PHASE: "phase", T.SKILL: "skill", T.CHARACTER: "character", T.BOOL: "condition", T.ZONE: "zone"}
"""A type's noun for the templates' `Role` (a list of players is "players", of cards "cards")."""


@attrs.define(frozen=True)
class Role:
    noun: str           # player | players | card | cards | number | option | … | thing
    how: str            # chosen | random | each | ""
    index: int = 0      # 1, 2, … when several names of one declaration share noun and how


def walk(node) -> Iterator:
    """Every node of a piece of the tree, in source order."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(reversed(n))
        elif attrs.has(type(n)) and not isinstance(n, A.Span):
            yield n
            stack.extend(reversed([getattr(n, f.name) for f in attrs.fields(type(n))]))


class Roles:
    """The roles of the names one declaration binds (`let`, `for`), worked out once, in source order."""

    def __init__(self, syms: Symbols, decl, params: dict[str, T.Type] = None):
        self.s = syms
        self.types: dict[str, T.Type] = dict(params or {})
        self.roles: dict[str, Role] = {}
        self.aliases: dict[str, A.Expr] = {}    # `let who = event.by`: another name for what is named already
        self._asks: dict[str, bool] = {}
        found: list[tuple[str, Role]] = []
        assigned = {n.target.id for n in walk(decl)
                    if isinstance(n, (A.Assign, A.AugAssign)) and isinstance(n.target, A.Name)}
        for n in walk(decl):
            if isinstance(n, A.TriggerClause):
                self.types.update({"event." + p.name: typeref(p.type) for p in event_params(syms, n.action)})
            if isinstance(n, A.Let) and isinstance(n.value, (A.Name, A.Field)) and n.name not in assigned:
                self.aliases[n.name] = n.value
                self.types[n.name] = self.type_of(n.value)
                continue
            if isinstance(n, A.Let) and n.name not in self.roles:
                t = self.type_of(n.value)
                self.types[n.name] = t
                role = Role(noun_of(t), self._how(n.value))
            elif isinstance(n, (A.For, A.Where)) and _item(n) and _item(n) not in self.roles:
                t = T.elem(self.type_of(n.iter if isinstance(n, A.For) else n.seq))
                self.types[_item(n)] = t
                role = Role(noun_of(t), "each")
            else:
                continue
            self.roles[n.name if isinstance(n, A.Let) else _item(n)] = role
            found.append((n.name if isinstance(n, A.Let) else _item(n), role))
        shared: dict[tuple, list[str]] = {}
        for name, role in found:
            shared.setdefault((role.noun, role.how), []).append(name)
        for names in shared.values():
            if len(names) > 1:
                for i, name in enumerate(names, 1):
                    self.roles[name] = attrs.evolve(self.roles[name], index=i)

    def get(self, name: str) -> Optional[Role]:
        return self.roles.get(name)

    # ── how a value was bound ─────────────────────────────────────────────────
    def _how(self, e) -> str:
        if A.callee(e) == "random":
            return "random"
        return "chosen" if self.asks(e) else ""

    def asks(self, node) -> bool:
        """Does `node` ask a player to choose, itself or through a pack function it calls?"""
        for name in map(A.callee, walk(node)):         # in source order: the memo below is filled as met
            if name is None:
                continue
            if name.startswith(ASKS) and name in BUILTINS:
                return True
            decl = self.s.funcs.get(name)
            if decl is not None:
                if name not in self._asks:
                    self._asks[name] = False            # a recursive function ends the search
                    self._asks[name] = self.asks(decl.body if decl.body is not None else decl.expr)
                if self._asks[name]:
                    return True
        return False

    # ── what a value is ───────────────────────────────────────────────────────
    def type_of(self, e) -> T.Type:
        """The type of an expression as far as names, calls and fields tell it (ANY when they do not)."""
        if isinstance(e, A.Name):
            return self.types.get(e.id) or (T.PLAYER if e.id in ("owner", "it") else T.ANY)
        if isinstance(e, A.Field) and isinstance(e.obj, A.Name) and e.obj.id == "event":
            return self.types.get("event." + e.name, T.ANY)
        if isinstance(e, A.Field):
            return self._field_type(e)
        if isinstance(e, A.Call) and isinstance(e.func, A.Name):
            return self._call_type(e)
        if isinstance(e, (A.Where, A.ListLit)) or isinstance(e, A.Binary) and e.op in ("+", "-"):
            inner = e.seq if isinstance(e, A.Where) else e.items[0] if isinstance(e, A.ListLit) and e.items \
                else e.left if isinstance(e, A.Binary) else None
            t = self.type_of(inner) if inner is not None else T.ANY
            if isinstance(e, A.ListLit):
                return t if T.is_list(t) else T.list_of(t)
            return T.list_of(T.elem(t)) if T.is_list(t) else (T.INT if isinstance(e, A.Binary) else t)
        if isinstance(e, (A.IntLit, A.Neg)):
            return T.INT
        if isinstance(e, A.StrLit):
            return T.TEXT
        if isinstance(e, A.IfExpr):
            return self.type_of(e.then)
        return T.ANY

    def _field_type(self, e: A.Field) -> T.Type:
        for owner in ("player", "card", "table", "character"):
            if (owner, e.name) in self.s.counters:
                return T.INT
        for owner in ("player", "card", "table", "character"):
            a = self.s.attrs_.get((owner, e.name))
            if a is not None:
                return typeref(a.type)
        if e.name in self.s.zones:
            return T.list_of(T.CARD)
        return T.ANY

    def _call_type(self, e: A.Call) -> T.Type:
        name = e.func.id
        if name in self.s.actions:
            returns = self.s.actions[name].returns  # `-> T`: a call gives its result
            return typeref(returns) if returns is not None else ("event", name)     # else its event: its fields are its parameters
        decl = self.s.funcs.get(name)
        if decl is not None:
            return typeref(decl.returns) if decl.returns is not None else T.ANY
        sig = BUILTINS.get(name)
        if sig is None:
            return T.ANY
        t = sig.returns
        if "elem" in repr(t):                       # an item of the list it is given (`choose(p, pool, …)`)
            lists = [lt for lt in (self.type_of(a.value) for a in e.args) if T.is_list(lt)]
            elem = T.elem(lists[0]) if lists else T.ANY
            return T.opt(elem) if T.is_opt(t) else elem
        return t


def _item(n) -> Optional[str]:
    """The name a `for` or a named `where` (`xs where p: …`) gives each item."""
    return n.var if isinstance(n, A.For) else n.name


def event_params(syms: Symbols, action: str) -> tuple:
    """The fields of an action's event: its parameters, or those of a window the runtime opens itself
    (`phase`: player, phase), as parameters with no label."""
    decl = syms.actions.get(action)
    if decl is not None:
        return decl.params
    if action in syms.phases:
        action = "phase"
    span = A.Span("<runtime>", 0, 0, 0, 0)
    return tuple(A.Param(name, A.TypeRef(t, False, span), None, span)
                 for name, t in STRUCTURAL_EVENTS.get(action, ()))


def param_role(p: A.Param, params: list) -> Role:
    """A parameter's role: the noun of its type, told apart by an ordinal from the declaration's other
    parameters of that noun (`distance(a, b)`: "the first player", "the second player")."""
    noun = noun_of(typeref(p.type))
    same = [q.name for q in params if noun_of(typeref(q.type)) == noun]
    return Role(noun, "", same.index(p.name) + 1 if len(same) > 1 and p.name in same else 0)


def noun_of(t: T.Type) -> str:
    t = T.strip(t)
    if t == T.ZONE:
        return "zone"
    if T.is_list(t):
        inner = NOUNS.get(T.strip(T.elem(t)), "thing")
        return "players" if inner == "player" else "cards" if inner in ("card", "cards") else "things"
    if isinstance(t, tuple) and t[0] == "enum":
        return "option"
    if isinstance(t, tuple) and t[0] == "event":
        return "event"                  # an action's event: "the result" of calling it
    return NOUNS.get(t, "thing")


def typeref(ref: Optional[A.TypeRef]) -> T.Type:
    """A written type (`player?`, `[card]`) as the checker's type."""
    if ref is None:
        return T.ANY
    t = parse_type_name(ref.name)
    if ref.is_list:
        t = T.list_of(t)
    return T.opt(t) if ref.optional else t
