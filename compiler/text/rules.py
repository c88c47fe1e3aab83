"""Rules text generated from the AST, in Chinese and English, to stand beside a card's printed text.

Each construct renders through the macro of its name in `templates/rules_<lang>.j2`; the pack supplies
the words: its labels (`【彈幕】`, enum member labels) and each action's or function's own phrasing
(`says "對{target}造成{amount}點傷害" / "deal {amount} damage to {target}"`). A construct without a
macro, and a call without a `says`, is written plainly as its source reads, so rendering never fails
on something new; it only reads less well.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Optional

import jinja2

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import _conjuncts, nodes_in
from spellcard.compiler.symbols import Symbols
from spellcard.runtime.skill_kinds import ASKING_KINDS
from .conditions import fixes
from .english import english_grammar
from .exprs import LANGS, ExprText, _Filled
from .moments import play_phase, window_kind, window_says
from .roles import Roles, event_params
from .script import in_script


@lru_cache(maxsize=None)
def _macros(lang: str, script: str = ""):
    """The language's macros, their Chinese words in the pack's script (script.py)."""
    env = jinja2.Environment(autoescape=False, undefined=jinja2.ChainableUndefined)
    source = resources.files("spellcard.compiler.text").joinpath("templates", f"rules_{lang}.j2").read_text("utf-8")
    return env.from_string(in_script(source, script)).module


class RulesText(ExprText):
    """One pack's rules text in one language."""

    def __init__(self, syms: Symbols, lang: str):
        if lang not in LANGS:
            raise ValueError(f"no rules text in {lang!r}; there is {', '.join(LANGS)}")
        self.s = syms
        self.lang = lang
        self.m = _macros(lang, syms.pack.script if syms.pack is not None and lang == "zh" else "")
        self._moment: Optional[str] = None
        self._you: Optional[str] = None         # a name that reads "you" besides `owner` (a `must`'s `player`)
        self._responder = False             # rendering a reaction: `player` is the one who responds
        self.roles: Optional[Roles] = None          # the declaration's own names, by role
        self.params: dict[str, A.Param] = {}        # the clause's parameters, read by bare name (a hook's, a query's)
        self.event: dict[str, A.Param] = {}         # the trigger's event fields (`event.target`)
        self.raw: set[tuple[str, str]] = set()       # the pack's names shown as written (ExprText.unlabelled)

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
        """What the templates cannot know, fixed on the whole text: English agreement, Chinese 其的 → 其,
        and "you may" before a body whose subject is "you" says it once ("you may draw", not "you may you draw")."""
        if self.lang == "en":
            return english_grammar(text).replace("you may you ", "you may ")
        return re.sub(r"你可以你(?!的)", "你可以", text.replace("其的", "其"))

    def skill(self, d: A.SkillDecl) -> str:
        self.roles = Roles(self.s, d)
        optional = d.kind in ASKING_KINDS and not _table_rule(self.s, d.name)
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
        self.roles = Roles(self.s, d)
        self.event = {p.name: p for p in event_params(self.s, d.action)}
        phrase, when, said = self.event_phrase(d)
        against = self.opt(d.against)
        who = self._call("AskWho", None, ask=self.opt(d.ask), against=against)
        self._responder = True
        try:
            return self._finished(self._call(
                "ReactionDecl", d, event=self._call("Event", d, action="" if phrase else self.label(d.action),
                                                window=window_kind(self.s, d.action, d.window), phrase=phrase, said=said),
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
            phrase, when, said = self.event_phrase(c)
            event = self._call("Event", c, action="" if phrase else self.label(c.action), window=window_kind(self.s, c.action, c.window),
                               phrase=phrase, said=said)
            asks = optional and not c.locked and not _asks_inside(c)
            when, body, asks = self.may_part(c.body, when) if asks else (when, self.block(c.body), False)
            return self._call("TriggerClause", c, event=event,
                              when=when, repeat=self.opt(c.repeat), limit=self.limit(c.limit),
                              body=body, optional=asks, locked=optional and c.locked)
        if isinstance(c, A.ActiveClause):
            when, body, asks = self.may_part(c.body, self.opt(c.when))
            return self._call("ActiveClause", c, when=when, limit=self.limit(c.limit),
                              body=body, anytime=c.anytime, scope=c.limit.scope if c.limit else "",
                              phase=self.play_moment(), asks=asks)
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

    def event_phrase(self, c: A.TriggerClause) -> tuple[str, str, bool]:
        """A trigger's action as the pack phrases it (`says`), with the parameters its condition fixes
        (`event.target == owner`) filled in — "當對你造成amount點傷害" — the rest of the condition, and
        whether the phrase is the window's own (`window taken says "當{target}受到傷害後"`): the whole
        moment, with no "before"/"after" to add."""
        decl = self.s.actions.get(c.action)
        own = window_says(self.s, c.action, c.window)[LANGS.index(self.lang)]
        phrase, when = self.phrase(decl, c.when, bare=False, says=own or None)
        return phrase, when, bool(own)

    def phrase(self, decl, cond, bare: bool, says: Optional[str] = None) -> tuple[str, str]:
        """An action's or query's `says` (or `says`, a window's of that action), with the parameters
        `cond` fixes (`event.target == owner`, or `user == owner` in a modify clause: `bare`) filled in
        and the others by their labels, and the rest of the condition; ("", the whole condition) when
        it has no `says`."""
        if says is None:
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
            wanted = self.roles.type_of(s.target) if self.roles is not None else None
            return self._call("Assign", s, target=self.expr(s.target), value=self.expr_as(s.value, wanted))
        if isinstance(s, A.AugAssign):
            return self._call("AugAssign", s, target=self.expr(s.target), op=s.op, value=self.expr(s.value))
        if isinstance(s, A.Return):
            return self._call("Return", s, value=self.expr(s.value))
        if isinstance(s, (A.Cancel, A.Stop)):
            return self._call(type(s).__name__, s)
        if isinstance(s, A.May):
            return self.may(s.body)
        return self.plain(s)

    def may(self, b: Optional[A.Block], when: str = "") -> str:
        """"(if C,) you may B" for a block the owner may do."""
        when, body, asks = self.may_part(b, when)
        return self._call("May", None, when=when, body=body, asks=asks)

    def may_part(self, b: Optional[A.Block], when: str = "") -> tuple[str, str, bool]:
        """What "you may" brings in, never "you may if C, B": the condition (the clause's own, `when`,
        and that of a body that is an `if` alone, said first: "if C, you may B"), the text, and whether
        "you may" is still to be said before it — not when an `if … else` alone says it in each branch
        ("if C, you may B; otherwise you may D"). A body that starts with an `if` and goes on is set off:
        "you may do the following: if C, B, D". A `let` that names again what the text names is no step."""
        while b is not None:
            stmts = [x for x in b.stmts
                     if not (isinstance(x, A.Let) and self.roles is not None and x.name in self.roles.aliases)]
            first = stmts[0] if stmts and isinstance(stmts[0], A.If) else None
            if first is None:
                break
            if len(stmts) > 1:
                return when, self._call("Following", None, body=self.block(b)), True
            if len(first.branches) > 1 or first.else_ is not None:
                return when, self._call("If", first, branches=[(self.expr(c), self.may(body)) for c, body in first.branches],
                                        else_=self.may(first.else_) if first.else_ else ""), False
            cond, b = first.branches[0]
            cond = self.expr(cond)
            when = self._call("BoolOp", None, op="and", left=when, right=cond) if when else cond
        return when, self.block(b), True

def rules_text(syms: Symbols, decl) -> dict[str, str]:
    """A declaration's rules text in every language, by language code."""
    return {lang: RulesText(syms, lang).of(decl) for lang in LANGS}


def _table_rule(syms: Symbols, name: str) -> bool:
    """Is the skill a mode's table rule and no player's? A table rule asks no one (runtime/engine/windows.py):
    its text says no "you may"."""
    def named(lists) -> bool:
        return any(n == name for sc in lists for n, _ in sc.names)
    return any(named(m.rules) for m in syms.modes.values()) and not any(
        named(d.skills) for table in (syms.characters, syms.cards, syms.modes) for d in table.values())


def _asks_inside(c: A.TriggerClause) -> bool:
    """A trigger that asks where its body says `may { … }`: the rest of it reads as compulsory."""
    return any(isinstance(n, A.May) for n in nodes_in(c.body))
