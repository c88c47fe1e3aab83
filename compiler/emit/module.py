"""What the pack's module is made of: each file's part (the code and data of the declarations
written in it), the pack's own tail and the module's opening, each rendered from its template.
parts.py joins them into one module, with the table from its lines to .spell places."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

import attrs
import jinja2

from spellcard.runtime.defs import MODIFY_LAYERS
from spellcard.runtime.faults import ACTION_BODY

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from .bounded import calls_in
from spellcard.compiler.check.checker import Checker
from .attr_defaults import how_made
from spellcard.compiler.check.forms.deck import parse_copies
from . import inline as inline
from .emitter import Emitter
from .guard import modifier_cond, modifier_subject, trigger_cond
from spellcard.compiler.check.loops import nodes_in
from .kind_only import KindOnly
from .pure import PURE_BUILTINS, Purity
from .reactions import reactions
from spellcard.compiler.symbols import Symbols
from .targets import kind_rules
from spellcard.compiler.check.forms.tools import harness_code, score_code, search_defaults, shown_attrs
from .test_types import deck_builds, signatures


_KEY_TYPES = {T.INT, T.BOOL, T.TEXT, T.PLAYER, T.KIND, T.SKILL, T.CHARACTER, T.PHASE}
_VALUE_TYPES = {T.INT, T.BOOL, T.TEXT}


def _memoizable(syms: Symbols, d: A.QueryDecl) -> bool:
    """Can a query's result be remembered while plays are listed (Game.memo)? Its arguments must be
    usable as a key (lists are not) and its value immutable (a list or a made card could be changed
    or told apart by whoever received it). A query about a card is not remembered: a listing asks
    about each card once (each card in hand, and a new virtual card per conversion), so its key
    never comes back (thb's card_allowed, in_attack_range: 5 hits in 11,000 asks) and keeping it is
    pure cost."""
    def plain(t, allowed):
        t = T.strip(t)
        return t in allowed or isinstance(t, tuple) and t[0] == "enum"
    return (all(plain(syms.type_of(p.type), _KEY_TYPES) for p in d.params)
            and plain(syms.type_of(d.returns), _VALUE_TYPES))


def _cheap(em: Emitter, d: A.QueryDecl) -> bool:
    """Is a query's own value (base and final) pure built-ins and operators only? Computing it again
    then spends no work and makes the same game, for less than remembering it costs."""
    nodes = [d.base] + ([d.final] if d.final is not None else [])
    if any(isinstance(n, (A.Where, A.Map)) for e in nodes for n in nodes_in(e)):
        return False
    return all(em.c.refs[c][0] == "builtin" and em.c.refs[c][1] in PURE_BUILTINS for c in calls_in(nodes))


def _memo_lookup(name: str, params: str) -> list[str]:
    """The start of a remembered query: the value kept for these arguments in this era, if any."""
    return ["_memo = g.memo",
            "if _memo is not None:",
            f"    _k = ({name!r}{params},)",
            "    if g.memo_era == g.era:",
            "        v_value = _memo.get(_k, _MISS)",
            "        if v_value is not _MISS:",
            "            return v_value",
            "    else:",
            "        _memo.clear()",
            "        g.memo_era = g.era",
            "    _era = g.era"]


def _action_body(em: Emitter, name: str, steps: list, result: bool = False) -> str:
    """An action's windows and steps as one function, in order (Game.act runs it): a window nobody
    listens to costs one look-up, its condition only gates the dispatch, and a cancel (in a step or a
    trigger) ends the action. A step's code is written in place (a call less per step) unless it can
    `stop` before the action's last step, where a `return` would end the whole action: that step stays
    a function of its own. The body's own lines have no .spell place, so a fault's trail passes over
    them to the step's line or the caller (runtime/faults.py knows its frames by the ACTION_BODY prefix)."""
    lines = ["_w = g.triggers"] if any(isinstance(st, tuple) for st in steps) else []
    if result:                              # its result: on the event, after the arguments were logged
        lines.append("v_event.p['result'] = None")
    if any(isinstance(st, list) for st in steps):
        lines.append("_p = v_event.p")      # never replaced (set_event writes into it)
    for i, st in enumerate(steps):
        if isinstance(st, tuple):
            key, cond = st
            lines.append(f"if {key!r} in _w:")      # only windows with listeners are keys
            lines += ([f"    if {cond}(g, v_event):", f"        g.dispatch({key!r}, v_event)"] if cond
                      else [f"    g.dispatch({key!r}, v_event)"])
            inner = "    "
        elif isinstance(st, list):          # its own `cancel` returns at once: nothing else cancels it
            lines += st
            continue
        else:
            lines.append(f"{st}(g, v_event)")
            inner = ""
        if i < len(steps) - 1:
            lines += [f"{inner}if v_event.cancelled:", f"{inner}    return"]
    fn = ACTION_BODY + name                 # unique: no other emitted name has this prefix
    em.def_names.add(fn)
    em.defs.append("\n".join([f"def {fn}(g, v_event):", f"    # action {name}: its windows and steps, in order"]
                             + ["    " + line for line in lines or ["pass"]]))
    return fn


def _action_step(em: Emitter, name: str, i: int, step: A.DoStep, last: bool):
    """A step's code to write in place in the action's body, or the name of its own function when a
    `stop` in it must end the step only (a `cancel` returns too, but ends the action anyway)."""
    em.params = "_p"
    body = em.block(step.body)
    em.params = "v_event.p"
    if last or not any(isinstance(n, (A.Stop, A.Return)) for n in nodes_in(step.body)):
        return [f"# step {i}"] + body
    return em.add_def(f"ad_{name}_{i}", "g, v_event", ["_p = v_event.p"] + body, step, f"action {name}, step {i}")


def _limit(lim) -> str:
    return f"Limit({lim.count}, {lim.scope!r})" if lim is not None else "None"


@attrs.frozen
class PackFacts:
    """What the whole pack tells the code of each declaration, found once per emit: the pure functions
    and queries, the kind-only parameters, the owner test each modifier starts with and the queries
    that make it. A file's emitted code is kept while these stay as they were (PackEmit.key)."""
    purity: Purity
    kind_only: KindOnly
    subjects: dict
    guarded: frozenset


def pack_facts(em: Emitter) -> PackFacts:
    s = em.s
    purity = Purity(s, em.c.refs)
    subjects = {(name, i): modifier_subject(em, s.queries.get(c.query), c.when)     # the owner test each
                for name, d in s.skills.items() for i, c in enumerate(d.clauses)     # modifier starts with
                if isinstance(c, A.ModifyClause)}
    guarded = frozenset(s.skills[name].clauses[i].query for (name, i), on in subjects.items() if on)
    return PackFacts(purity, KindOnly(s, em.c.refs, purity), subjects, guarded)


def emit_part(em: Emitter, facts: PackFacts, files: frozenset) -> str:
    """The code and data of the declarations written in `files` (the data model, functions, queries,
    actions, phases, cards, skills, characters), as Python source with place marks (parts.py)."""
    s = em.s
    em.purity = facts.purity
    out: dict = {"attrs": [], "counters": [], "zones": [], "actions": [], "queries": [], "phases": [], "kinds": [],
                 "skills": [], "characters": [], "constants": {}}
    for (owner, name), d in s.attrs_.items():
        if d.span.file not in files:
            continue
        default = em.add_value_fn(f"ad_{owner}_{name}", "g, v_self", d.default) if d.default is not None else None
        made = how_made(s, em.c.refs, owner, d)
        if d.type is not None and d.type.name in ("card", "cards"):
            made = {**made, "cards": True}      # its logged values are card ids (spellcard/seen_log.py)
        out["attrs"].append((owner, name, default, dict(d.value_names), d.seen, d.until, made))
    for (owner, name), d in s.counters.items():
        if d.span.file not in files:
            continue
        fns = []
        for part, e in (("init", d.init), ("min", d.min), ("max", d.max)):
            if e is None:
                fns.append("_zero" if part == "init" else None)
            else:
                fns.append(em.add_value_fn(f"cn_{owner}_{name}_{part}", "g, v_self", e))
        out["counters"].append((owner, name, *fns, d.reset))
    out["zones"] = [(name, d.owner, d.visibility, d.grants) for name, d in s.zones.items() if d.span.file in files]

    out["funcs"] = [name for name, d in s.funcs.items() if d.span.file in files]
    for name in out["funcs"]:
        d = s.funcs[name]
        params = "".join(f", v_{p.name}" for p in d.params)
        body = em.block(d.body) if d.body is not None else inline.evaluated(em, "return ", d.expr, em.at(d.expr))
        if name not in em.bounded:
            body = em.call_frame(d, body, em.work(d.body if d.body is not None else d.expr))
        em.add_def(f"f_{name}", "g" + params, body, d, f"func {name}")

    for name, d in s.queries.items():
        if d.span.file in files:
            _query(em, out, name, d, name in facts.guarded)

    for name, d in s.actions.items():
        if d.span.file not in files:
            continue
        steps = []
        for i, step in enumerate(d.steps):
            if isinstance(step, A.WindowStep):
                cond = em.add_value_fn(f"aw_{name}_{step.name}", "g, v_event", step.cond) if step.cond else None
                steps.append((f"{name}.{step.name}", cond))
            else:
                steps.append(_action_step(em, name, i, step, i == len(d.steps) - 1))
        body = _action_body(em, name, steps, d.returns is not None)
        defaults = {p.name: em.add_value_fn(f"dv_{name}_{p.name}", "g", p.default) for p in d.params
                    if p.default is not None}
        typed = [(p.name, p.type) for p in d.params] + ([("result", d.returns)] if d.returns is not None else [])
        cards = tuple(n for n, t in typed if t is not None and t.name in ("card", "cards"))
        out["actions"].append((name, tuple(p.name for p in d.params), body, defaults, cards, d.returns is not None,
                               tuple(d.says) if any(d.says) else ()))

    for name, d in s.phases.items():
        if d.span.file in files:
            body = em.add_def(f"ph_{name}", "g, v_player", em.block(d.body), d, f"phase {name}") if d.body else None
            out["phases"].append((name, d.label, body))

    for name, d in s.cards.items():
        if d.span.file not in files:
            continue
        attrs = _kind_attrs(em, "card", d.assigns)
        targets, fits = kind_rules(em, facts.purity, name, d)
        hooks = {}
        for h in d.hooks:
            hook = s.hooks[h.name]
            params = "".join(f", v_{p.name}" for p in hook.params)
            hooks[h.name] = em.add_def(f"h_{name}_{h.name}", "g, v_card" + params, em.block(h.body), h,
                                       f"card {name}: {h.name}")
        skills = [n for sc in d.skills for n, _ in sc.names]
        out["kinds"].append((name, d.label, attrs, targets, fits, skills, hooks, d.anytime, facts.kind_only.kind(d)))

    for name, d in s.skills.items():
        if d.span.file in files:
            out["skills"].append(_skill(em, facts, name, d))

    for name, d in s.characters.items():
        if d.span.file in files:
            attrs = _kind_attrs(em, "character", d.assigns)
            out["characters"].append((name, d.label, attrs, [n for sc in d.skills for n, _ in sc.names], d.tags))
    return _env().get_template("part.py.j2").render(defs=em.defs, **out)


def _query(em: Emitter, out: dict, name: str, d: A.QueryDecl, guarded: bool) -> None:
    params = "".join(f", v_{p.name}" for p in d.params)
    memo = _memoizable(em.s, d)
    # g.mods is a defaultdict(list) (runtime/engine/game.py): indexing it is a look-up without a method call
    body, mods = [], f"g.mods[{name!r}]"
    if memo and _cheap(em, d):      # with no modifier in play, its value costs less than the memo's look-up
        body += [f"_ms = g.mods[{name!r}]", "if not _ms:", f"    v_value = {em.expr(d.base)}"]
        body += [f"    v_value = {em.expr(d.final)}"] if d.final is not None else []
        body, mods = body + ["    return v_value"], "_ms"
    body += _memo_lookup(name, params) if memo else []
    body += [f"v_value = {em.expr(d.base)}", f"for _m in {mods}:", "    _d = _m.mdef"]
    if guarded:                     # its owner must be this argument (modifier_subject)
        body += [f"    if _d.on and ({params[2:]},)[_d.on - 1] is not _m.owner:", "        continue"]
    body += [f"    if (_m.owner is None or _m.owner.alive) and (_d.cond is None or _d.cond(g, _m.owner, _m.card, v_value{params})):",
             f"        v_value = _d.fn(g, _m.owner, _m.card, v_value{params})"]
    if d.final is not None:
        body.append(f"v_value = {em.expr(d.final)}")
    if memo:
        body += ["if _memo is not None and g.era == _era:", "    _memo[_k] = v_value"]
    body.append("return v_value")
    em.add_def(f"q_{name}", "g" + params, body, d, f"query {name}: base value, then every active modifier")
    out["queries"].append(name)
    if d.final is None and isinstance(d.base, (A.BoolLit, A.IntLit, A.StrLit)):
        out["constants"][name] = d.base.value


def _skill(em: Emitter, facts: PackFacts, name: str, d: A.SkillDecl) -> tuple:
    s = em.s
    trig, act, conv, mods, grants = [], [], [], [], []
    default_limit = A.Limit(1, "game", d.span) if d.kind in ("awakening", "limited") else None
    for i, c in enumerate(d.clauses):
        if isinstance(c, A.TriggerClause):
            params = "g, v_owner, v_event, v_card"
            em.asking = d.label                 # whose use a `may { … }` in the body asks about
            body = em.add_def(f"t_{name}_{i}", params, em.block(c.body), c,
                              f"skill {name}: on {c.action}.{c.window}")
            guard, cond = trigger_cond(em, f"tc_{name}_{i}", params, c.when)
            rep = em.add_value_fn(f"tr_{name}_{i}", params, c.repeat) if c.repeat else None
            forced = c.locked or any(isinstance(n, A.May) for n in nodes_in(c.body))
            own = c.limit or (None if c.locked else default_limit)   # a compulsory part is no use of it
            trig.append((i, f"{c.action}.{c.window}", body, cond, rep, c.priority, _limit(own), guard, forced))
        elif isinstance(c, A.ActiveClause):
            body = em.add_def(f"ac_{name}_{i}", "g, v_owner, v_card", em.block(c.body), c, f"skill {name}: active")
            cond = em.add_value_fn(f"acw_{name}_{i}", "g, v_owner, v_card", c.when) if c.when else None
            act.append((i, body, cond, _limit(c.limit or default_limit), c.anytime))
        elif isinstance(c, A.ConvertClause):
            pool = em.add_value_fn(f"cv_{name}_{i}", "g, v_owner, v_card", c.pool)
            cond = em.add_value_fn(f"cvw_{name}_{i}", "g, v_owner, v_card", c.when) if c.when else None
            conv.append((i, c.count, pool, c.as_kind, c.purposes, cond, _limit(c.limit)))
        elif isinstance(c, A.ModifyClause):
            q = s.queries.get(c.query)
            qparams = "".join(f", v_{p.name}" for p in q.params) if q else ""
            params = "g, v_owner, _src, v_value" + qparams
            fn = em.add_value_fn(f"m_{name}_{i}", params, c.value, f"skill {name}: modify {c.query}")
            on = facts.subjects[(name, i)]
            cond = modifier_cond(em, f"mc_{name}_{i}", params, c.when, on)
            mods.append((c.query, fn, cond, MODIFY_LAYERS.index(c.layer), on))
        elif isinstance(c, A.SkillsClause):
            grants.extend(n for n, _ in c.names)
    return (name, d.label, "locked" if d.kind == "awakening" else d.kind, trig, act, conv, mods, grants)


def emit_tail(em: Emitter) -> str:
    """What the pack holds once, after every file's part: its enums, invariants, turn, compulsory and
    any-time plays, reactions, decks, modes and what the tools read."""
    s, checker = em.s, em.c
    decks = {name: [(e.kind, copy) for e in d.entries for copy in parse_copies(s, d, e, None)]
             for name, d in s.decks.items()}
    modes = []
    for name, d in s.modes.items():
        setup = em.add_def(f"ms_{name}", "g", em.block(d.setup), d, f"mode {name}: setup") if d.setup else None
        skills = [n for sc in d.skills for n, _ in sc.names]
        rules = [n for sc in d.rules for n, _ in sc.names]
        modes.append((name, d.label, d.min_players, d.max_players, d.deck, d.without, skills, rules,
                      setup, d.turn_limit))
    invariants = [(d.title, em.add_value_fn(f"iv_{i}", "g", d.cond, f"invariant {d.title}"), em.where(d))
                  for i, d in enumerate(s.invariants)]
    musts = [(sorted(n for n, _ in d.moves), d.phase[0] if d.phase else None,
              em.add_value_fn(f"mu_{i}", "g, v_player", d.cond, "must: a compulsory play's condition"))
             for i, d in enumerate(s.musts)]
    anytime = []
    for d in s.anytime:
        body = em.add_def("any_time", "g, v_player, v_play", em.block(d.body), d,
                          "anytime: carry out a play made at one of these any-time points")
        anytime.append(([f"{action}.{window}" for action, window, _ in d.points], body))
    enums = {name: {m.name: (m.label or m.name) for m in d.members} for name, d in s.enums.items()}
    turn = [n for n, _ in s.turn.phases] if s.turn else []
    harness_deck, harness_seat = harness_code(s)
    rx = reactions(em, s)
    return _env().get_template("tail.py.j2").render(
        defs=em.defs, enums=enums, invariants=invariants, turn=turn, musts=musts, anytime=anytime, reactions=rx,
        decks=decks, modes=modes, shown=shown_attrs(s, checker), harness_deck=harness_deck,
        harness_seat=harness_seat, search=search_defaults(s), score=score_code(s),
        signatures=signatures(s, checker.refs),
        deck_builds={n: deck_builds(d.setup, harness_deck) for n, d in s.modes.items()})


def emit_head(s: Symbols, source_hash: str) -> str:
    """The module's opening: what it is, and the PackDef the rest fills in."""
    # The hand: the first player zone seen by its owner alone, else (cards held facing away) the first seen by all but it.
    hand = next((n for vis in ("owner", "others") for n, d in s.zones.items()
                 if d.owner == "player" and d.visibility == vis), None)
    return _env().get_template("pack.py.j2").render(pack=s.pack, source_hash=source_hash, hand=hand)

def _kind_attrs(em: Emitter, owner: str, assigns) -> dict:
    """A card kind's or character's attributes: those it sets, then the constant defaults of the rest
    (a default that reads `self` is a card instance's, computed when the card is made)."""
    attrs = {a.name: _const(em, a.value) for a in assigns}
    for (o, name), decl in em.s.attrs_.items():
        if o == owner and name not in attrs and decl.default is not None and em.c._constant(decl.default):
            attrs[name] = _const(em, decl.default)
    return attrs


def _const(em: Emitter, e):
    """Kind and character attributes are constants; evaluate them at compile time."""
    code = em.expr(e)
    if isinstance(e, A.Neg):
        return -_const(em, e.operand)
    if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit)):
        return e.value
    if isinstance(e, A.NoneLit):
        return None
    ref = em.c.refs.get(e)
    if ref and ref[0] == "enum":
        return ref[1]
    raise ValueError(f"not a constant: {code}")


@lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: resources.files("spellcard.compiler.emit").joinpath("templates", name).read_text("utf-8")),
        autoescape=False, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined)
    env.filters["py"] = repr
    return env
