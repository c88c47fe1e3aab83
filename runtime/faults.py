"""Where rule code went wrong, told in the language's terms.

A compiled pack carries a table from its module's line numbers to .spell places (`PackDef.places`).
When rule code faults, the Python frames of the pack module are read back as a trail of .spell places,
and the blame goes to the line whose value caused the fault: a `none` handed to a function or action
as a parameter is followed out to the caller that passed it, so a designer's call into a pack function
is named, not the pack's line several frames below.
"""
from __future__ import annotations

import functools
import itertools
import re
import sys
from typing import Optional

from .errors import AgentFault, IllegalDecision, InvariantBroken, NoneValue, PackError, PackFault, RuleLoop
from .limits import SizeLimit

MODULE = "<spellcard:"
"""How the file name of every compiled pack module begins."""

WORK_BUDGET = 5_000_000
"""Units of work one game may spend (docs/language.md, "The work budget"): a loop round, an item a
`where` tests and a call of a function that can recur cost one unit plus one per call they make
(counted by the compiler); a change of state and an action or decision cost more, as they cost more
time (and a log entry each, when the game is logged)."""

CHANGE_COST = 10
"""A counter or attribute set to a new value, or cards moved: as dear as an action, since a logged game
writes (and a replay compares) a line for it."""

ACTION_COST = 10
"""Running an action (its windows, its triggers) or asking a player."""

ACTION_BODY = "ab_"
"""How the name of an action's emitted body begins (the function Game.act calls, which holds its
steps' code or calls a step's function): its frame, or a frame it called, is an action step's, where
an event parameter is named as a bare name."""

MAX_CALL_DEPTH = 100
"""Pack functions nested deeper than this are recursion that does not end (the emitted calls check it)."""

WHY_NONE = {
    "first": "`first` found an empty list", "last": "`last` found an empty list",
    "random": "`random` found an empty list", "choose_card": "`choose_card` found no card to choose",
    "choose_player": "`choose_player` found no player to choose",
    "choose": "`choose` found nothing to choose", "choose_option": "`choose_option` found no option",
    "choose_play": "`choose_play` found no play (or the player passed)",
    "owner_of": "`owner_of` found no owner", "zone_of": "`zone_of` found no zone",
    "preset_character": "no character was preset for this seat",
}
"""Why a built-in gave `none`, for the sentence of a fault caused by that `none`."""

INLINED = {
    "first": "({0}[0] if {0} else None)",
    "zone_of": "({0}.zone if not {0}.virtual else {0}.sources[0].zone if {0}.sources else None)",
}
"""How the emitter writes these built-ins in place, for an argument that is a name (compiler/emit/inline.py):
the same steps as the built-in, without its call, and still named when the none they gave is blamed."""

INLINED_ARG = r"(?:v_\w+(?:\.p\['\w+'\])?|_p\['\w+'\])"
"""The arguments INLINED takes: a local, a parameter, or an event parameter (read twice, as it changes nothing)."""

_LOCAL = re.compile(r"\bv_(\w+)\b")
_EVENT_PARAM = re.compile(r"(?:\bv_event\.p|\b_p)\['(\w+)'\]")     # `_p`: an action body's v_event.p
_TEMP = re.compile(r"\b_t\d+\b")
_CALL = re.compile(r"\b[bfq]_(\w+)\(")
_BUILTIN = re.compile(r"\bb_(\w+)\(")


@functools.lru_cache(maxsize=1)
def _inlined() -> re.Pattern:
    """INLINED as one pattern, each form's group named by its built-in (compiled at the first fault)."""
    return re.compile("|".join(f"(?P<{name}>" + re.escape(form).replace(re.escape("{0}"), INLINED_ARG) + ")"
                               for name, form in INLINED.items()))


def _called(code: str, calls: re.Pattern = _CALL, start: bool = False) -> list[str]:
    """The built-ins and functions `code` calls (`calls`: those it names), in order, a built-in
    written in place included; `start`: only the one it begins with."""
    found = [(m.start(), m.group(1)) for m in calls.finditer(code)]
    found += [(m.start(), m.lastgroup) for m in _inlined().finditer(code)]
    found.sort()
    return [n for at, n in found if at == 0 or not start]


def _is_none(x) -> bool:
    return x is None or isinstance(x, list) and any(i is None for i in x)


class Frame:
    """One frame of pack code: the Python frame, the line it was at, and that line's .spell place; or
    the call of a pack function written in place there (compiler/emit/calls.py), which made no
    Python frame of its own: its name, and the UTF-8 byte columns of its code on the line."""
    __slots__ = ("frame", "line", "place", "func", "span")

    def __init__(self, frame, line: int, place: str, func: str = "", span: Optional[tuple] = None):
        self.frame, self.line, self.place, self.func, self.span = frame, line, place, func, span


def _frames(frame, line: int, lasti: int, pack) -> list[Frame]:
    """A pack frame, then each call written in place that its instruction at `lasti` is inside."""
    out = [Frame(frame, line, pack.place(line))]
    entry = pack.places.get(line)
    if entry is not None and len(entry) > 3:
        pos = next(itertools.islice(frame.f_code.co_positions(), lasti // 2, None), None)
        start, end = (pos[2], pos[3]) if pos is not None and pos[2] is not None else (0, 0)
        out += [Frame(frame, line, f"{pack.place_files[file]}:{ln}:{col}", func, (at, to))
                for at, to, file, ln, col, func in entry[3] if at <= start and end <= to]
    return out


def trail_of_traceback(tb, pack) -> list[Frame]:
    """The pack frames of a traceback, outermost first."""
    out = []
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith(MODULE):
            out += _frames(tb.tb_frame, tb.tb_lineno, tb.tb_lasti, pack)
        tb = tb.tb_next
    return out


def trail_of_stack(frame, pack) -> list[Frame]:
    """The pack frames on the running stack from `frame` outwards, outermost first."""
    out = []
    while frame is not None:
        if frame.f_code.co_filename.startswith(MODULE):
            out.append(_frames(frame, frame.f_lineno, frame.f_lasti, pack))
        frame = frame.f_back
    return [f for frames in reversed(out) for f in frames]


class Lines:
    """The generated module's lines, read back as code (the place comment left off)."""

    def __init__(self, pack):
        self.pack = pack

    def code(self, n: int) -> str:
        emitted = self.pack.emitted
        text = emitted[n - 1] if 0 < n <= len(emitted) else ""
        comment = "  # " + self.pack.place(n)
        return text[:-len(comment)] if text.endswith(comment) else text

    def assigned(self, f: Frame, name: str) -> str:
        """The code last assigned to `name` in the frame's function, above the frame's line."""
        return self.assignment(f, name)[0]

    def assignment(self, f: Frame, name: str) -> tuple[str, int]:
        """`assigned`, and the line it is on (0 for none)."""
        code, at = "", 0
        for n in range(f.frame.f_code.co_firstlineno, f.line):
            line = self.code(n).strip()
            if line.startswith(name + " = "):
                code, at = line[len(name) + 3:], n
            elif line.startswith(f"for {name} in ") and line.endswith(":"):     # a loop variable
                code, at = line[len(name) + 8:-1], n
        return code, at

    def called_in_place(self, n: int, code: str) -> str:
        """The pack function written in place (compiler/emit/calls.py) that line `n`'s `code` begins
        with, or ""."""
        entry = self.pack.places.get(n, ())
        line = self.code(n)
        start = len(line[:line.rfind(code)].encode()) if code else -1
        spans = entry[3] if len(entry) > 3 else ()
        return next((func for at, _, _, _, _, func in spans if at == start), "")


def _nones(f: Frame, lines: Lines, action_step: bool) -> list[str]:
    """The names on the frame's line whose value is `none` (or a list holding `none`). A temporary of
    the emitter (`x.score += 1` keeps `x` in one), or a local set from other names (`let rest = cs`), stands
    for the names it was set from, so that a none can be followed on to a parameter."""
    local = f.frame.f_locals
    code = lines.code(f.line)
    if f.span is not None:                  # a call written in place: its code on the line
        code = code.encode()[f.span[0]:f.span[1]].decode()
    for temp in dict.fromkeys(_TEMP.findall(code)):
        if local.get(temp, 0) is None:
            code += " " + lines.assigned(f, temp)
    params = f.frame.f_code.co_varnames[1:f.frame.f_code.co_argcount]

    def roots(m: str, depth: int = 0) -> list[str]:
        source = lines.assigned(f, "v_" + m) if "v_" + m not in params and depth < 8 else ""
        via = [n for n in _LOCAL.findall(source) if n != m and _is_none(local.get("v_" + n, 0))]
        if not via or _called(source):
            return [m]
        return [r for n in via for r in roots(n, depth + 1)]

    names = [r for m in dict.fromkeys(_LOCAL.findall(code))
             if m not in ("event", "it") and _is_none(local.get("v_" + m, 0)) for r in roots(m)]
    ev = local.get("v_event")
    p = getattr(ev, "p", None)
    if isinstance(p, dict):
        names += [m if action_step else f"event.{m}" for m in dict.fromkeys(_EVENT_PARAM.findall(code))
                  if _is_none(p.get(m, 0))]
    return list(dict.fromkeys(names))


def _origin(f: Frame, name: str, lines: Lines) -> Optional[str]:
    """Why local `name` is none: the built-in or function whose value a `let` gave it, if one did."""
    code, n = lines.assignment(f, "v_" + name)
    called = _called(code, start=True) or [lines.called_in_place(n, code)]
    return WHY_NONE.get(called[0], f"`{called[0]}` gave none") if called[0] else None


def _inline_origin(code: str) -> list[str]:
    """The built-ins on a line that can give none, called in place (`bump(choose_player(…), 1)`)."""
    return [n for n in dict.fromkeys(_called(code, _BUILTIN)) if n in WHY_NONE]


def _came_in(f: Frame, outer: Frame, names: list[str], action_step: bool) -> bool:
    """Did every none name reach this frame from `outer`, as a parameter of the call `outer` made?"""
    code = f.frame.f_code
    if f.frame is outer.frame:              # a call written in place: its arguments are the caller's
        return True
    if action_step:
        return all(not n.startswith("event.") for n in names)
    if f.frame.f_back is not outer.frame:
        return False
    params = code.co_varnames[1:code.co_argcount]
    return all("v_" + n in params for n in names)


def _is_action_step(f: Frame) -> bool:
    if f.frame.f_code.co_name.startswith(ACTION_BODY):
        return True
    back = f.frame.f_back
    return back is not None and back.f_code.co_name.startswith(ACTION_BODY)


def locate(err: BaseException, pack) -> PackFault:
    """A fault of rule code as a PackFault: the place to blame and a sentence in the language's terms."""
    trail = trail_of_traceback(err.__traceback__, pack)
    trail = [f for f in trail if f.place] or trail
    if not trail:
        return PackFault("", err, _sentence(err, [], None))
    lines = Lines(pack)
    i = len(trail) - 1
    names: list[str] = []
    if _none_fault(err):
        while True:
            f = trail[i]
            step = _is_action_step(f)
            names = _nones(f, lines, step)
            if not names or i == 0 or not _came_in(f, trail[i - 1], names, step):
                break
            i -= 1
    blame = trail[i]
    why = _origin(blame, names[0], lines) if len(names) == 1 and "." not in names[0] else None
    if _none_fault(err) and not names:
        called = _inline_origin(lines.code(blame.line))
        names, why = [f"{n}(…)" for n in called[:1]], WHY_NONE[called[0]] if called else None
    sentence = _sentence(err, names, why)
    if blame is not trail[-1] and trail[-1].place != blame.place:
        sentence += f" (it reached {trail[-1].place})"
    return PackFault(blame.place, err, sentence)


def as_fault(err: BaseException, pack) -> BaseException:
    """What a game stopped by `err` reports, as `Game.play` does: the runtime's own stops as they
    are, rule code that went wrong as a PackFault at its .spell place (for the harnesses, which
    let the exception through)."""
    if isinstance(err, (RuleLoop, IllegalDecision, InvariantBroken, PackFault, AgentFault)):
        return err
    if isinstance(err, RecursionError):
        return too_deep(err, pack)
    return locate(err, pack)


def _none_fault(err: BaseException) -> bool:
    return isinstance(err, NoneValue) or isinstance(err, (AttributeError, TypeError)) and "NoneType" in str(err)


def _sentence(err: BaseException, names: list[str], why: Optional[str]) -> str:
    if _none_fault(err):
        if names:
            said = ", ".join(f"`{n}`" for n in names)
            return f"{said} {'is' if len(names) == 1 else 'are'} none here" + (f": {why}" if why else "")
        return "a value used here is none"
    if isinstance(err, SizeLimit):                  # docs/language.md, Limits: named as the docs name it
        return f"SizeLimit: {err}"
    if isinstance(err, (PackError, ZeroDivisionError)):
        return str(err) if isinstance(err, PackError) else "division by zero"
    if isinstance(err, KeyError) and err.args and isinstance(err.args[0], str):
        return f"`{err.args[0]}` is read before it has a value"
    if isinstance(err, TypeError):
        return "a value here is not of the kind this use needs"
    return f"this line could not be carried out ({type(err).__name__} in the runtime)"


# ── the work budget ───────────────────────────────────────────────────────────
def repeating_tail(labels: list[str]) -> list[str]:
    for period in range(1, len(labels) // 3 + 1):
        tail = labels[-period:]
        if labels[-2 * period:-period] == tail and labels[-3 * period:-2 * period] == tail:
            return tail
    return []


def _reached(trail: list[Frame]) -> str:
    """`at X`, and the innermost place in each other file the work came through (a designer's call)."""
    places = [f.place for f in trail if f.place]
    if not places:
        return ""
    inner = places[-1]
    seen = {inner.rsplit(":", 2)[0]}
    via = []
    for p in reversed(places[:-1]):
        file = p.rsplit(":", 2)[0]
        if file not in seen:
            seen.add(file)
            via.append(p)
    return f" at {inner}" + "".join(f", reached from {p}" for p in via)


def _func_name(f: Frame) -> str:
    if f.func:
        return f.func
    name = f.frame.f_code.co_name
    return name[2:] if name.startswith("f_") else ""


def _call_chain(trail: list[Frame], why: str) -> RuleLoop:
    chain = [n for n in map(_func_name, trail) if n]
    return RuleLoop(repeating_tail(chain) or chain[-8:], why + _reached(trail[:-1] or trail))


def too_deep(err: RecursionError, pack) -> RuleLoop:
    """Rule code nested deeper than Python allows, before any of the game's own limits."""
    return _call_chain(trail_of_traceback(err.__traceback__, pack), "rule code nested too deep")


def nested_actions(g) -> RuleLoop:
    """The RuleLoop for actions nested past the limit: the cycle of triggers, and where it was entered."""
    trail = trail_of_stack(sys._getframe(1), g.pack)
    return RuleLoop(g.cycle(), f"{len(g.stack)} nested actions{_reached(trail)}")


def out_of_work(g, what: str) -> RuleLoop:
    """The RuleLoop for a game that spent its work budget, or nested its pack functions too deep."""
    trail = trail_of_stack(sys._getframe(1), g.pack)
    if g.depth > MAX_CALL_DEPTH:
        return _call_chain(trail, f"pack functions nested more than {MAX_CALL_DEPTH} deep")
    if what == "call" and len(trail) > 1:            # name the call, at the line that made it
        what, trail = f"a call of `{_func_name(trail[-1])}`", trail[:-1]
    doing = {"action": "an action", "decision": "a decision", "where": "a `where`",
             "repeat": "a `repeat` loop", "while": "a `while` loop", "for": "a `for` loop"}.get(what, what)
    return RuleLoop(g.cycle(), f"the game's work budget of {WORK_BUDGET:,} loop rounds, calls and actions "
                               f"ran out in {doing}{_reached(trail)}")
