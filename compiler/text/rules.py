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
from spellcard.compiler.symbols import BUILTINS, Symbols
from .moments import play_phase

LANGS = ("zh", "en")
_ROLE_WORDS = {"owner": "Owner", "it": "It"}


@lru_cache(maxsize=None)
def _macros(lang: str):
    env = jinja2.Environment(autoescape=False, undefined=jinja2.ChainableUndefined)
    source = resources.files("spellcard.compiler.text").joinpath("templates", f"rules_{lang}.j2").read_text("utf-8")
    return env.from_string(source).module


def english_name(name: str) -> str:
    """`LostFordSlash` → `Lost Ford Slash`: the English a pack has for a name it labels only in Chinese."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ")


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
        optional = d.kind in ("normal", "limited")
        return self._finished(self._call("SkillDecl", d, kind=d.kind,
                                         clauses=[self.clause(c, optional) for c in d.clauses] + self.musts(d.name)))

    def card(self, d: A.CardDecl) -> str:
        targets = ("；" if self.lang == "zh" else "; or ").join(self.target(t) for t in d.targets)
        return self._finished(self._call("CardDecl", d, targets=targets, when=self.expr(d.when.cond) if d.when else "",
                                         hooks=[self.block(h.body) for h in d.hooks],
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

    def mode(self, d: A.ModeDecl) -> str:
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
            phrase, when = self.event_phrase(c)
            return self._call("TriggerClause", c, event=self._call("Event", c, action=c.action, window=c.window,
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
            return self._call("ModifyClause", c, query=self.label(c.query), when=self.opt(c.when),
                              value=self.expr(c.value), layer=c.layer)
        if isinstance(c, A.SkillsClause):
            return "、".join(self.label(n) for n, _ in c.names)
        return self.plain(c)

    def event_phrase(self, c: A.TriggerClause) -> tuple[str, str]:
        """A trigger's action as the pack phrases it (`says`), with the parameters its condition fixes
        (`event.target == owner`) filled in — "當對你造成amount點傷害" — and the rest of the condition."""
        decl = self.s.actions.get(c.action)
        says = decl.says[LANGS.index(self.lang)] if decl is not None else ""
        if not says:
            return "", self.opt(c.when)
        slots = {p.name: p.name for p in decl.params}
        rest = []
        for part in _conjuncts(c.when):
            fixed = _fixes(part)
            if fixed is not None and "{" + fixed[0] + "}" in says and slots.get(fixed[0]) == fixed[0]:
                slots[fixed[0]] = self.expr(fixed[1])
            else:
                rest.append(self.expr(part))
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
            return self._call("For", s, var=s.var, iter=self.expr(s.iter), body=self.block(s.body))
        if isinstance(s, (A.Repeat, A.While)):
            head = {"count": self.expr(s.count)} if isinstance(s, A.Repeat) else {"cond": self.expr(s.cond)}
            return self._call(type(s).__name__, s, body=self.block(s.body), **head)
        if isinstance(s, A.Let):
            return self._call("Let", s, name=s.name, value=self.expr(s.value))
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
                return e.name                       # the event's own parameter, read by its name
            return self._call("Field", e, obj=self.expr(e.obj), name=self.label(e.name))
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Compare):
            emptiness = _emptiness(e)
            if emptiness is not None:       # `count(xs) > 0`: "there is one of xs", not "the number of xs is more than 0"
                return self._call(emptiness[0], e, xs=self.expr(emptiness[1]))
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
        if ident in _ROLE_WORDS or ident == self._you:
            return self._call(_ROLE_WORDS.get(ident, "Owner"), None)
        if ident == "player" and self._responder:
            return self._call("Responder", None)
        if ident in _ROLE_WORDS:
            return self._call(_ROLE_WORDS[ident], None)
        return self.label(ident)

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
        counter = self._labelled_counter(ident)
        if counter is not None:
            return counter.label if self.lang == "zh" else english_name(ident)
        if self.lang == "zh" and ident in self.s.members:
            for enum in self.s.members[ident]:
                for m in self.s.enums[enum].members:
                    if m.name == ident and m.label:
                        return m.label
        return ident

    def _labelled_counter(self, ident: str):
        """The counter named `ident` that carries a label (a player's, else the table's), or None."""
        for owner in ("player", "table"):
            d = self.s.counters.get((owner, ident))
            if d is not None and d.label:
                return d
        return None

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
        if isinstance(node, A.BoolLit):
            return "true" if node.value else "false"
        if isinstance(node, A.NoneLit):
            return "none"
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
            return f"({self.expr(node.then)} if {self.expr(node.cond)} else {self.expr(node.else_)})"
        return f"‹{type(node).__name__}›"

    def _call(self, macro: str, node, **parts) -> str:
        fn = getattr(self.m, macro, None)
        if fn is None:
            return self.plain(node) if node is not None else macro
        return str(fn(**parts)).strip()


def _emptiness(e: A.Compare):
    """("Any", xs) for `count(xs) > 0` (or `>= 1`), ("NoneOf", xs) for `count(xs) == 0`, else None."""
    left, right = e.left, e.right
    if not (isinstance(left, A.Call) and isinstance(left.func, A.Name) and left.func.id == "count"
            and len(left.args) == 1 and left.args[0].name is None and isinstance(right, A.IntLit)):
        return None
    if (e.op, right.value) in ((">", 0), (">=", 1)):
        return "Any", left.args[0].value
    if (e.op, right.value) in (("==", 0), ("<", 1)):
        return "NoneOf", left.args[0].value
    return None


def _fixes(e):
    """(F, X) for a condition `event.F == X` (either way round, X not read from the event), else None."""
    if not isinstance(e, A.Compare) or e.op != "==":
        return None
    for ev, other in ((e.left, e.right), (e.right, e.left)):
        if isinstance(ev, A.Field) and isinstance(ev.obj, A.Name) and ev.obj.id == "event" and not _reads_event(other):
            return ev.name, other
    return None


def _reads_event(e) -> bool:
    if isinstance(e, A.Name):
        return e.id == "event"
    if isinstance(e, A.Field):
        return _reads_event(e.obj)
    return not isinstance(e, (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit))


_KEEP_S = {"as", "is", "was", "has", "does", "this", "plus", "less", "unless", "thus", "always", "its"}


def english_grammar(text: str) -> str:
    """The agreement the templates cannot know: phrases written for a third person ("{player} draws
    {amount} cards") said of "you", or of one thing: "you draw 1 card"."""
    def verb(m: re.Match) -> str:
        word = m.group(1)
        if word in ("has", "is"):
            return "you " + {"has": "have", "is": "are"}[word]
        if word in _KEEP_S or len(word) < 4 or word.endswith(("ss", "us")):
            return m.group(0)
        if word.endswith(("ches", "shes", "sses", "xes")):
            return "you " + word[:-2]
        if word.endswith("ies"):
            return "you " + word[:-3] + "y"
        return "you " + word[:-1]
    text = re.sub(r"\byou's\b", "your", re.sub(r"\bit's\b", "its", text))
    text = re.sub(r"\byou ([a-z]+s)\b", verb, text)
    return re.sub(r"\b(?<![.\d])1 ([a-z]{3,}[^su])s\b", r"1 \1", text)


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
