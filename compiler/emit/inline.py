"""Built-ins written in place at the call, where the expression does exactly what the built-in does
for every argument the checker lets through (runtime/builtins/core.py): a Python call less each time.
An argument is read twice only when it is a name (or an event parameter), so each is still
evaluated once, in order; the ones a fault can blame for a none keep a form runtime/faults.py reads."""
from __future__ import annotations

import re
from typing import Optional

from spellcard.runtime.faults import INLINED, INLINED_ARG

from spellcard.compiler import ast as A
from spellcard.compiler import types as T

_NAME = re.compile(rf"(?:{INLINED_ARG})\Z")
_SIMPLE = re.compile(rf"(?:{INLINED_ARG}|-?\d+)\Z")

_FRESH = frozenset({"players", "all_players", "others", "cards", "top", "bottom", "shuffled", "sample", "take", "drop",
                    "reversed", "without"})
"""Built-ins that return a new list nobody else holds: a `for` over one needs no copy of it."""

_RING = "(g._living.get({0}.seat) or g.ring({0}))"
"""The living players from a seat, as Turns.ring keeps them: read in place, made by it when none are
kept yet (an empty ring is asked of it again, and it gives the same)."""

_READS = {"players": f"[*{_RING.format('g.current')}]", "current_phase": "g.phase",
          "turn_number": "g.turns", "round_number": "g.rounds"}
"""Built-ins without arguments that read the game: what they return, as they compute it."""


def _plain_list(t) -> bool:
    """A list that is never none and never a zone (a zone's items are its cards)."""
    return isinstance(t, tuple) and t[0] == "list"


def counted(em, arg, code: str) -> Optional[str]:
    """The list `count(xs)` is the length of, when the checker knows `xs` is a list or a zone (never
    none); None otherwise."""
    t = em.c.types.get(arg)
    if isinstance(arg, A.Call) and em.c.refs.get(arg, ())[:2] == ("builtin", "players"):
        return "g.ring(g.current)"             # no copy to count
    if arg in em.c.to_list or _plain_list(t):
        return code
    if t == T.ZONE:
        return f"{code}.cards"
    return None


def count(em, arg, code: str) -> Optional[str]:
    """`count(xs)` as a plain length of the list `counted` finds."""
    xs = counted(em, arg, code)
    return None if xs is None else f"_len({xs})"


def builtin(em, name: str, args: list, code: list[str]) -> Optional[str]:
    """The built-in call `name(args)` written in place, or None where it must stay a call."""
    if name == "move":
        return _move(em, args, code)
    if name == "ask_card" and len(args) == 4:
        return _ask_card(em, args, code)
    if any(isinstance(a, tuple) for a in args):         # a default the checker filled in
        return None
    if name in _READS and not args:
        return _READS[name]
    if len(args) == 1:
        if name == "count":
            return count(em, args[0], code[0])
        if name == "cards":
            return f"[*{code[0]}.cards]"
        if name == "first" and _plain_list(em.c.types.get(args[0])) and _NAME.match(code[0]):
            return INLINED["first"].format(code[0])
        if name == "zone_of" and _NAME.match(code[0]):
            return INLINED["zone_of"].format(code[0])
        if name == "others" and _NAME.match(code[0]):         # ring first, then alive: both only read
            ring = _RING.format(code[0])
            return f"({ring}[1:] if {code[0]}.alive else {ring}[:])"
    if name == "top" and re.fullmatch(r"[1-9]\d*", code[1]):
        return f"{code[0]}.cards[:{-int(code[1]) - 1}:-1]"
    if name == "seat_distance" and all(_NAME.match(c) for c in code):     # the kept distance, if any
        a, b = code                     # (never 0 between two seats: `or` falls back only on none)
        return f"(0 if {a} is {b} else g.seat_distances.get(({a}.seat, {b}.seat)) or b_seat_distance(g, {a}, {b}))"
    if name in ("max", "min") and len(args) == 2 and all(_SIMPLE.match(c) for c in code):
        a, b = code
        return f"({a} if {a} {'>=' if name == 'max' else '<='} {b} else {b})"
    return None


def _text_parts(em, e) -> Optional[list]:
    """The texts a `+` of texts joins, left to right (None if `e` is no such sum)."""
    if not isinstance(e, A.Binary) or e.op != "+":
        return None
    parts = []
    for side in (e.left, e.right):
        inner = _text_parts(em, side)
        if inner is not None:
            parts.extend(inner)
        elif T.strip(em.c.types.get(side, T.ANY)) == T.TEXT:
            parts.append(side)
        else:
            return None
    return parts


def _ask_card(em, args, code: list[str]) -> Optional[str]:
    """ask_card with a prompt made by `+`: its parts, read in order as the sum would read them, are
    handed over as a tuple that b_ask_card joins only when it asks. Most calls ask nobody (the player
    holds no such card: a spell offered to every player for an answer), so most joins are spared."""
    parts = _text_parts(em, args[3])
    if parts is None:
        return None
    joined = ", ".join(em.expr(p) for p in parts)
    return f"b_ask_card(g, {code[0]}, {code[1]}, {code[2]}, ({joined}))"


def _move(em, args, code: list[str]) -> Optional[str]:
    """move(c, to, bottom) as Game.move of the list b_move would make: a new list as it is, a
    list's copy, a card in a list of one, a zone's cards."""
    c = args[0]
    if isinstance(c, tuple):
        return None
    t = em.c.types.get(c)
    if fresh(em, c):
        cards = code[0]
    elif _plain_list(t):
        cards = f"[*{code[0]}]"
    elif t == T.CARD:
        cards = f"[{code[0]}]"
    elif t == T.ZONE:
        cards = f"[*{code[0]}.cards]"
    else:
        return None
    return f"g.move({cards}, {code[1]}, {code[2]})"


def hook(em, e, at: str) -> Optional[list[str]]:
    """A statement that runs a card's hook, as _hook does it: the card looked up once, nothing when it
    is none or its kind has no such hook. Only for a card and arguments that are names (the arguments
    are then not read when there is no hook, which changes nothing)."""
    ref = em.c.refs.get(e) if isinstance(e, A.Call) else None
    if ref is None or ref[0] != "hook":
        return None
    card, args = em.expr(e.func.obj), [em.arg(a) for a in ref[2]]
    if not _NAME.match(card) or not all(_SIMPLE.match(a) or a == "v_event" for a in args):
        return None
    return [f"_h = {card}.kind.hooks.get({ref[1]!r}) if {card} is not None else None{at}",
            f"if _h is not None: _h(g, {card}{''.join(', ' + a for a in args)}){at}"]


def items(em, where: A.Where, at: str) -> Optional[tuple[list[str], str]]:
    """The items a `where` tests and their charge to the work budget, as lines of their own (what
    _sift does, without its call) and the `_t` temporary that holds them (runtime/faults.py follows
    one back to the code it came from); None where _sift_seq must tell a none or a zone apart."""
    t = em.c.types.get(where.seq)
    if (T.strip(t) == T.ZONE or t == T.ANY) and where.seq not in em.c.to_list:
        if t != T.ZONE:
            return None
        code = f"[*{em.expr(where.seq)}.cards]"         # a snapshot, as _sift_seq takes
    else:
        code = em.seq(where.seq)
    tmp = em.fresh("t")
    return ([f"{tmp} = {code}{at}", f"g.work -= _len({tmp}) * {em.work(where.pred)}{at}",
             f"if g.work < 0: _out_of_work(g, 'where'){at}"], tmp)


def evaluated(em, head: str, value, at: str) -> list[str]:
    """`head` and `value`'s code, for a statement that evaluates `value` first (`let x = …`, `return …`):
    a `where`'s items are then taken in lines before it and tested in a loop, as is a list minus
    written in place (_kept), and `return count(xs where test) > 0` with a test that changes nothing
    is a loop that stops at the first item that passes."""
    where, wanted = value, None
    if isinstance(value, A.Binary) and value.op == "-":
        lt = T.strip(em.c.types.get(value.left, T.ANY))
        parts = _minus_parts(em, value, lt) if T.is_list(lt) else None
        if parts is not None:
            return _kept(em, parts[0], "_x", parts[1], head, at)
    if head == "return " and isinstance(value, A.Compare) and em.purity is not None:
        where, wanted = em.some_where(value)
    got = items(em, where, at) if isinstance(where, A.Where) else None
    if got is None:
        return [f"{head}{em.expr(value)}{at}"]
    lines, tmp = got
    if wanted is None:
        return lines + _kept(em, tmp, item_var(where), em.expr(where.pred), head, at)
    return lines + [f"for {item_var(where)} in {tmp}:{at}", f"    if {em.expr(where.pred)}:{at}",
                    f"        return {wanted}", f"return {not wanted}"]


def cards(em, e) -> str:
    """A list operand of `+` or `-`: a zone as its list of cards, read in place (both make a new list,
    so the snapshot _concat or _minus would take first is not needed)."""
    code = em.expr(e)
    return f"{code}.cards" if em.c.types.get(e) == T.ZONE and e not in em.c.to_list else code


_OBJECTS = (T.PLAYER, T.CARD)


def _minus_parts(em, e, lt) -> Optional[tuple[str, str]]:
    """The items and the test of each `_x` that `minus` keeps, or None."""
    left = em.c.types.get(e.left)
    if not (_plain_list(left) or e.left in em.c.to_list) or T.strip(lt[1]) not in _OBJECTS:
        return None
    r = e.right
    if isinstance(r, A.ListLit) and len(r.items) == 1:
        one = em.expr(r.items[0])
        test = f"_x is not {one}" if _NAME.match(one) else None
    else:
        ys = em.expr(r)
        test = f"_x not in {ys}" if _NAME.match(ys) and _plain_list(em.c.types.get(r)) else None
    return test and (cards(em, e.left), test)


def minus(em, e, lt) -> Optional[str]:
    """`xs - ys` of cards or players as _minus does it (identity: these have no equality of their
    own), without its call, when `ys` is a name or a list of one name (read once per item, which
    changes nothing); None otherwise."""
    parts = _minus_parts(em, e, lt)
    return parts and f"[_x for _x in {parts[0]} if {parts[1]}]"


def _kept(em, items: str, var: str, test: str, head: str, at: str) -> list[str]:
    """`head` given the items that pass `test`, kept by a loop: a list comprehension would be a
    function made and called each time (CPython 3.11), for lists of a few items. The list is built
    in a name of its own, as the test may read the one bound."""
    kept = em.fresh("t")
    return [f"{kept} = []{at}", f"for {var} in {items}:{at}", f"    if {test}:{at}",
            f"        {kept}.append({var})", f"{head}{kept}{at}"]


def zones_only(em, e) -> bool:
    """Is `e` zones joined with `+` (`p.hand + p.equip_zone`)? Then it is their lists of cards added
    in place: no larger than the cards the zones hold, it needs no _concat and its size check."""
    if isinstance(e, A.Binary):
        return e.op == "+" and zones_only(em, e.left) and zones_only(em, e.right)
    return em.c.types.get(e) == T.ZONE


def fresh(em, e) -> bool:
    """Does `e` give a new list nobody else holds (a `for` over it need not copy it first)?"""
    if isinstance(e, (A.ListLit, A.Where, A.Map)) or e in em.c.to_list:
        return True
    if isinstance(e, A.Binary):
        return e.op in "+-" and T.is_list(T.strip(em.c.types.get(e.left, T.ANY)))
    ref = em.c.refs.get(e) if isinstance(e, (A.Call, A.Field)) else None
    if ref is None:
        return False
    return ref[0] == "builtin" and ref[1] in _FRESH or ref[0] in ("card_sources", "zone_cards")


def item_var(where: A.Where) -> str:
    """The variable a `where`'s test reads its item in: `v_it`, or `v_p` for `xs where p: …`."""
    return f"v_{where.name or 'it'}"
