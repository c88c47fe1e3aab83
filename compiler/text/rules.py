"""Rules text generated from the AST, in Chinese and English, to stand beside a card's printed text.

Each construct renders through the macro of its name in `templates/rules_<lang>.j2`; the pack supplies
the words: its labels (`【彈幕】`, enum member labels) and each action's or function's own phrasing
(`says "對{target}造成{amount}點傷害" / "deal {amount} damage to {target}"`). A construct without a
macro, and a call without a `says`, is written plainly as its source reads, so rendering never fails
on something new; it only reads less well.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Optional

import jinja2

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import _conjuncts, nodes_in
from spellcard.compiler.symbols import BUILTINS, Symbols
from .conditions import emptiness, fixes
from .english import english_grammar, english_name
from .moments import play_phase
from .roles import Roles, event_params, param_role

LANGS = ("zh", "en")
_ROLE_WORDS = {"owner": "Owner", "it": "It"}
_IMPLICIT = {"user": "User", "card": "ThisCard", "event": "TheEvent", "current": "Current"}
"""Names the checker binds in a card or skill (compiler/check/content.py), unless a rule's own shadow them."""


@lru_cache(maxsize=None)
def _macros(lang: str):
    env = jinja2.Environment(autoescape=False, undefined=jinja2.ChainableUndefined)
    source = resources.files("spellcard.compiler.text").joinpath("templates", f"rules_{lang}.j2").read_text("utf-8")
    return env.from_string(source).module


class RulesText:
    """One pack's rules text in one language."""

    def __init__(self, syms: Symbols, lang: str):
        if lang not in LANGS:
            raise ValueError(f"no rules text in {lang!r}; there is {', '.join(LANGS)}")
        self.s = syms
        self.lang = lang
        self.m = _macros(lang)
        self._moment: Optional[str] = None
        self._you: Optional[str] = None         # a name that reads "you" besides `owner` (a `must`'s `player`)
        self._responder = False             # rendering a reaction: `player` is the one who responds
        self.roles: Optional[Roles] = None          # the declaration's own names, by role
        self.params: dict[str, A.Param] = {}        # the clause's parameters, read by bare name (a hook's, a query's)
        self.event: dict[str, A.Param] = {}         # the trigger's event fields (`event.target`)

    # ── declarations ───────────────────────────────────────────────────────────
    def of(self, decl) -> str:
        """The rules text of a skill, card or mode (any other declaration: its name)."""
        if isinstance(decl, A.SkillDecl):
            return self.skill(decl)
        if isinstance(decl, A.CardDecl):
            return self.card(decl)
        if isinstance(decl, A.ModeDecl):
            return self.mode(decl)
        if isinstance(decl, A.ReactionDecl):
            return self.reaction(decl)
        return self.label(getattr(decl, "name", "?"))

    def _finished(self, text: str) -> str:
        """What the templates cannot know, fixed on the whole text: English agreement, Chinese 其的 → 其."""
        return english_grammar(text) if self.lang == "en" else text.replace("其的", "其")

    def skill(self, d: A.SkillDecl) -> str:
        self.roles = Roles(self.s, d)
        optional = d.kind in ("normal", "limited")
        return self._finished(self._call("SkillDecl", d, kind=d.kind,
                                         clauses=[self.clause(c, optional) for c in d.clauses] + self.musts(d.name)))

    def card(self, d: A.CardDecl) -> str:
        self.roles = Roles(self.s, d)
        targets = ("；" if self.lang == "zh" else "; or ").join(self.target(t) for t in d.targets)
        return self._finished(self._call("CardDecl", d, targets=targets, when=self.expr(d.when.cond) if d.when else "",
                                         hooks=[self.hook(h) for h in d.hooks],
                                         asked=[self._purpose(p) for p in ("use", "play") if p in self.s.wording],
                                         skills=[self.label(n) for sc in d.skills for n, _ in sc.names])
                              + "".join(self._call("Sentence", None, text=m) for m in self.musts(d.name)))

    def musts(self, name: str) -> list[str]:
        """The compulsory plays (`must`) that name this move: "if …, you must choose it and nothing else"."""
        out = []
        for d in self.s.musts:
            if any(n == name for n, _ in d.moves):
                self._you = "player"            # the player choosing: "you", as `owner` reads
                try:
                    cond = self.expr(d.cond)
                finally:
                    self._you = None
                out.append(self._call("Must", d, cond=cond, phase=self.label(d.phase[0]) if d.phase else "",
                                      moves=[self.label(n) for n, _ in d.moves]))
        return out

    def hook(self, h) -> str:
        """A card's hook body, its parameters (`user`, `target`) called by their labels."""
        decl = self.s.hooks.get(h.name)
        self.params = {p.name: p for p in decl.params} if decl is not None else {}
        try:
            return self.block(h.body)
        finally:
            self.params = {}

    def mode(self, d: A.ModeDecl) -> str:
        self.roles = Roles(self.s, d)
        players = str(d.min_players) if d.min_players == d.max_players else f"{d.min_players}–{d.max_players}"
        deck = self.label(d.deck) if d.deck else ""
        if d.without:
            deck += (" 去掉" if self.lang == "zh" else " without ") + "、".join(self.label(k) for k in d.without)
        return self._finished(self._call("ModeDecl", d, players=players, deck=deck,
                                         rules=[self.label(n) for sc in d.rules for n, _ in sc.names],
                                         setup=self.block(d.setup) if d.setup else ""))

    def reaction(self, d: A.ReactionDecl) -> str:
        """Who may respond at the window, whether the first who does ends it, and what they do (the
        one who responds is "the responder": `player` in the reaction's code)."""
        phrase, when = self.event_phrase(d)
        against = self.opt(d.against)
        who = self._call("AskWho", None, ask=self.opt(d.ask), against=against)
        self._responder = True
        try:
            return self._finished(self._call(
                "ReactionDecl", d, event=self._call("Event", d, action=d.action, window=d.window, phrase=phrase),
                who=who, label=self.label(d.name), first=d.mode != "each", when=when, body=self.block(d.body)))
        finally:
            self._responder = False

    def play_moment(self) -> str:
        """The phase an active skill is used in, as the pack labels it ("" when plays are offered in
        several phases or none: the text then says "when you play", never a phase the pack lacks)."""
        if self._moment is None:
            phase = play_phase(self.s)
            self._moment = self.label(phase) if phase is not None else ""
        return self._moment

    def clause(self, c, optional: bool = True) -> str:
        if isinstance(c, A.TriggerClause):
            self.event = {p.name: p for p in event_params(self.s, c.action)}
            phrase, when = self.event_phrase(c)
            return self._call("TriggerClause", c, event=self._call("Event", c, action=self.label(c.action), window=c.window,
                                                                    phrase=phrase),
                              when=when, repeat=self.opt(c.repeat), limit=self.limit(c.limit),
                              body=self.block(c.body), optional=optional and not c.locked and not _asks_inside(c),
                              locked=optional and c.locked)
        if isinstance(c, A.ActiveClause):
            return self._call("ActiveClause", c, when=self.opt(c.when), limit=self.limit(c.limit),
                              body=self.block(c.body), anytime=c.anytime, scope=c.limit.scope if c.limit else "",
                              phase=self.play_moment())
        if isinstance(c, A.ConvertClause):
            return self._call("ConvertClause", c, count=c.count, pool=self.expr(c.pool), kind=self.label(c.as_kind),
                              purposes=[self._purpose(p) for p in c.purposes], when=self.opt(c.when),
                              limit=self.limit(c.limit))
        if isinstance(c, A.ModifyClause):
            q = self.s.queries.get(c.query)
            self.params = {p.name: p for p in q.params} if q is not None else {}
            try:
                query, when = self.phrase(q, c.when, bare=True) if q is not None else ("", self.opt(c.when))
                return self._call("ModifyClause", c, query=query or self.label(c.query), when=when,
                                  value=self.expr(c.value), layer=c.layer)
            finally:
                self.params = {}
        if isinstance(c, A.SkillsClause):
            return "、".join(self.label(n) for n, _ in c.names)
        return self.plain(c)

    def event_phrase(self, c: A.TriggerClause) -> tuple[str, str]:
        """A trigger's action as the pack phrases it (`says`), with the parameters its condition fixes
        (`event.target == owner`) filled in — "當對你造成amount點傷害" — and the rest of the condition."""
        return self.phrase(self.s.actions.get(c.action), c.when, bare=False)

    def phrase(self, decl, cond, bare: bool) -> tuple[str, str]:
        """An action's or query's `says`, with the parameters `cond` fixes (`event.target == owner`,
        or `user == owner` in a modify clause: `bare`) filled in and the others by their labels, and
        the rest of the condition; ("", the whole condition) when it has no `says`."""
        says = decl.says[LANGS.index(self.lang)] if decl is not None else ""
        if not says:
            return "", self.opt(cond)
        slots = {p.name: None for p in decl.params}
        rest = []
        for part in _conjuncts(cond):
            fixed = fixes(part, self.params if bare else None)
            if fixed is not None and "{" + fixed[0] + "}" in says and fixed[0] in slots and slots[fixed[0]] is None:
                slots[fixed[0]] = self.expr(fixed[1])
            else:
                rest.append(self.expr(part))
        slots = {p.name: slots[p.name] if slots[p.name] is not None else self.param(p, {q.name: q for q in decl.params})
                 for p in decl.params}
        when = rest[0] if rest else ""
        for more in rest[1:]:
            when = self._call("BoolOp", None, op="and", left=when, right=more)
        return says.format_map(_Filled(slots)), when

    def target(self, t: A.TargetClause) -> str:
        if t.kind == "self":
            return self._call("TargetSelf", t)
        if t.kind == "none":
            return self._call("TargetNone", t)
        name = "TargetUpTo" if t.kind == "up_to" else "TargetExactly"
        return self._call(name, t, count=self.expr(t.count), pool=self.expr(t.pool))

    def limit(self, lim: Optional[A.Limit]) -> str:
        return self._call("Limit", lim, count=lim.count, scope=lim.scope) if lim else ""

    def _purpose(self, p: str) -> str:
        """"use", "play" in the pack's own words (`wording use: "…"`): its texts' language, not the tools'."""
        worded = self.s.wording.get(p) if p in ("use", "play") and self.lang == "zh" else None
        return worded.phrases[0][0] if worded is not None else p

    # ── statements ─────────────────────────────────────────────────────────────
    def block(self, b: Optional[A.Block]) -> str:
        if b is None:
            return ""
        stmts, may = [], False
        for x in b.stmts:
            text = self.stmt(x)
            if text:            # what follows a `may { … }` happens in any case
                stmts.append(self._call("AnyCase", None, text=text) if may else text)
                may = isinstance(x, A.May)
        return self._call("Block", b, stmts=stmts)

    def stmt(self, s) -> str:
        if isinstance(s, A.ExprStmt):
            return self.expr(s.expr)
        if isinstance(s, A.If):
            return self._call("If", s, branches=[(self.expr(c), self.block(b)) for c, b in s.branches],
                              else_=self.block(s.else_) if s.else_ else "")
        if isinstance(s, A.For):
            role = self.roles.get(s.var) if self.roles else None
            return self._call("For", s, var=self.name(s.var), noun=role.noun if role else "thing",
                              index=role.index if role else 0, iter=self.expr(s.iter), body=self.block(s.body))
        if isinstance(s, (A.Repeat, A.While)):
            head = {"count": self.expr(s.count)} if isinstance(s, A.Repeat) else {"cond": self.expr(s.cond)}
            return self._call(type(s).__name__, s, body=self.block(s.body), **head)
        if isinstance(s, A.Let):
            if self.roles is not None and s.name in self.roles.aliases:
                return ""                           # another name for what the text names already
            return self._call("Let", s, name=self.name(s.name), value=self.expr(s.value))
        if isinstance(s, A.Assign):
            return self._call("Assign", s, target=self.expr(s.target), value=self.expr(s.value))
        if isinstance(s, A.AugAssign):
            return self._call("AugAssign", s, target=self.expr(s.target), op=s.op, value=self.expr(s.value))
        if isinstance(s, A.Return):
            return self._call("Return", s, value=self.expr(s.value))
        if isinstance(s, (A.Cancel, A.Stop)):
            return self._call(type(s).__name__, s)
        if isinstance(s, A.May):
            return self._call("May", s, body=self.block(s.body))
        return self.plain(s)

    # ── expressions ────────────────────────────────────────────────────────────
    def opt(self, e) -> str:
        return self.expr(e) if e is not None else ""

    def expr(self, e) -> str:
        if isinstance(e, A.Name):
            return self.name(e.id)
        if isinstance(e, A.Field):
            if isinstance(e.obj, A.Name) and e.obj.id == "event":
                p = self.event.get(e.name)          # the event's own parameter, by its label
                return self.param(p) if p is not None else e.name
            enum = self.s.enums.get(e.obj.id) if isinstance(e.obj, A.Name) else None
            if enum is not None and e.name in ("members", "count") and e.name not in self.s.members:
                return str(len(enum.members)) if e.name == "count" else \
                    self._call("EnumMembers", e, members=[self.label(m.name) for m in enum.members])
            return self._call("Field", e, obj=self.expr(e.obj), name=self._field_name(e))
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Compare):
            empty = emptiness(e)
            if empty is not None:           # `count(xs) > 0`: "there is one of xs", not "the number of xs is more than 0"
                return self._call(empty[0], e, xs=self.expr(empty[1]))
            if isinstance(e.right, A.NoneLit) and e.op in ("==", "!="):     # "there is no card", not "card is none"
                return self._call("IsNone" if e.op == "==" else "NotNone", e, x=self.expr(e.left))
            return self._call("Compare", e, op=e.op, left=self.expr(e.left), right=self.expr(e.right))
        if isinstance(e, A.BoolOp):
            return self._call("BoolOp", e, op=e.op, left=self.expr(e.left), right=self.expr(e.right))
        if isinstance(e, A.Not):
            return self._call("Not", e, operand=self.expr(e.operand))
        if isinstance(e, A.Where):
            return self._call("Where", e, seq=self.expr(e.seq), pred=self.expr(e.pred))
        if isinstance(e, A.Map):
            return self._call("Map", e, seq=self.expr(e.seq), value=self.expr(e.value))
        return self.plain(e)

    def name(self, ident: str) -> str:
        """A name as read in rules: `owner` is "you"; a rule's own variable by its role; a parameter
        by its label; `value` in a modify clause is the value before it; anything else by `label`."""
        if ident == self._you:
            return self._call("Owner", None)
        if ident == "player" and self._responder:
            return self._call("Responder", None)
        if ident in _ROLE_WORDS:
            return self._call(_ROLE_WORDS[ident], None)
        alias = self.roles.aliases.get(ident) if self.roles is not None else None
        if alias is not None:
            return self.expr(alias)
        role = self.roles.get(ident) if self.roles is not None else None
        if role is not None:
            return self._call("Role", None, noun=role.noun, how=role.how, index=role.index)
        if ident in self.params:
            return self.param(self.params[ident])
        if ident == "value" and self.params:
            return self._call("Value", None)
        if ident in _IMPLICIT:
            return self._call(_IMPLICIT[ident], None)
        return self.label(ident)

    def param(self, p: A.Param, siblings=None) -> str:
        """A parameter as rules text calls it: its label; else in English its name, unless a letter or
        two (`a`, `p`); else by its role among its declaration's parameters (roles.param_role)."""
        siblings = siblings or (self.event if self.event.get(p.name) is p else self.params)
        role = param_role(p, list(siblings.values()) or [p])
        return self._call("Param", None, label=p.label, name=english_name(p.name) if len(p.name) > 2 else "",
                          role=self._call("Role", None, noun=role.noun, how=role.how, index=role.index))

    def label(self, ident: str) -> str:
        """A name as the pack labels it: 【彈幕】 / Danmaku for a card, a skill or a phase; an enum member's
        label; anything else (a local, a parameter) as written."""
        for table in (self.s.cards, self.s.skills, self.s.characters, self.s.modes, self.s.reactions):
            d = table.get(ident)
            if d is not None:
                return f"【{d.label}】" if self.lang == "zh" else english_name(ident)
        phase = self.s.phases.get(ident)
        if phase is not None:
            return phase.label if self.lang == "zh" else english_name(ident)
        data = self._data(ident)
        if data is not None:            # a counter, attribute or zone: its label, in English its name
            return data.label if self.lang == "zh" and data.label else english_name(ident) if self.lang == "en" else ident
        if self.lang == "zh" and ident in self.s.members:
            for enum in self.s.members[ident]:
                for m in self.s.enums[enum].members:
                    if m.name == ident and m.label:
                        return m.label
        return english_name(ident) if self.lang == "en" and ident in self.s.queries else ident

    def _data(self, ident: str):
        """The counter, attribute or zone named `ident` (a labelled one first), or None."""
        found = [d for d in (*(self.s.counters.get((o, ident)) for o in ("player", "table", "card")),
                             *(self.s.attrs_.get((o, ident)) for o in ("player", "card", "table", "character")),
                             self.s.zones.get(ident)) if d is not None]
        return next((d for d in found if d.label), found[0] if found else None)

    def _field_name(self, e: A.Field) -> str:
        """A field's name: an action's value (`judge(…).card`) has its parameters' labels."""
        t = self.roles.type_of(e.obj) if self.roles is not None else None
        decl = self.s.actions.get(t[1]) if isinstance(t, tuple) and t[0] == "event" else None
        p = next((p for p in decl.params if p.name == e.name), None) if decl is not None else None
        if p is not None:
            return p.label if self.lang == "zh" and p.label else english_name(p.name)
        return self.label(e.name)

    def call(self, e: A.Call) -> str:
        if not isinstance(e.func, A.Name):
            return self.plain(e)
        fname = e.func.id
        decl = self.s.actions.get(fname) or self.s.funcs.get(fname)
        says = getattr(decl, "says", ("", ""))[LANGS.index(self.lang)] if decl is not None else ""
        if says:
            return says.format_map(_Filled(self._bind(decl.params, e.args)))
        builtin = BUILTINS.get(fname)
        macro = getattr(self.m, "builtin_" + fname, None)
        if builtin is not None and macro is not None and len(e.args) <= len(builtin.params):
            return str(macro(**self._bind([_Named(p[0]) for p in builtin.params], e.args))).strip()
        return self.plain(e)

    def _bind(self, params, args) -> dict:
        """Argument text by parameter name: positional in order, then named."""
        out = {}
        for i, a in enumerate(args):
            key = a.name or (params[i].name if i < len(params) else str(i))
            out[key] = self.expr(a.value)
        return out

    # ── plainly, as the source reads ───────────────────────────────────────────
    def plain(self, node) -> str:
        if isinstance(node, A.IntLit):
            return str(node.value)
        if isinstance(node, A.StrLit):
            return f"“{node.value}”"
        if isinstance(node, (A.BoolLit, A.NoneLit)):
            return self._call("Literal", None, value=None if isinstance(node, A.NoneLit) else node.value)
        if isinstance(node, (A.Name, A.Field, A.Compare, A.BoolOp, A.Not, A.Where, A.Map)):
            return self.expr(node)
        if isinstance(node, A.Call):
            args = ", ".join((f"{a.name}: " if a.name else "") + self.expr(a.value) for a in node.args)
            return f"{self.plain(node.func)}({args})"
        if isinstance(node, A.Index):
            return f"{self.expr(node.obj)}[{self.expr(node.index)}]"
        if isinstance(node, A.ListLit) and len(node.items) == 1:
            return self.expr(node.items[0])
        if isinstance(node, A.ListLit):
            return "[" + ", ".join(self.expr(x) for x in node.items) + "]"
        if isinstance(node, A.Binary):
            return f"{self.expr(node.left)} {node.op} {self.expr(node.right)}"
        if isinstance(node, A.Neg):
            return f"-{self.expr(node.operand)}"
        if isinstance(node, A.IfExpr):
            return self._call("IfExpr", None, cond=self.expr(node.cond), then=self.expr(node.then),
                              else_=self.expr(node.else_))
        return f"‹{type(node).__name__}›"

    def _call(self, macro: str, node, **parts) -> str:
        fn = getattr(self.m, macro, None)
        if fn is None:
            return self.plain(node) if node is not None else macro
        return str(fn(**parts)).strip()


class _Named:
    """A built-in's parameter, named as its signature names it."""

    def __init__(self, name: str):
        self.name = name


class _Filled(dict):
    """A `says` phrase's slots: an argument the call leaves to its default is left out."""

    def __missing__(self, key):
        return ""


def rules_text(syms: Symbols, decl) -> dict[str, str]:
    """A declaration's rules text in every language, by language code."""
    return {lang: RulesText(syms, lang).of(decl) for lang in LANGS}


def _asks_inside(c: A.TriggerClause) -> bool:
    """A trigger that asks where its body says `may { … }`: the rest of it reads as compulsory."""
    return any(isinstance(n, A.May) for n in nodes_in(c.body))
