"""The core built-ins: collections, players and seats, zones and cards, values, reveals (the others
by family: plays, course, card_state, show; runtime/builtins/__init__.py gathers them)."""
from __future__ import annotations

from spellcard.runtime.errors import PackError
from spellcard.runtime.model import Card, Zone, restamp
from spellcard.runtime.view.seat import learn

from .registry import builtin

def _cards(xs) -> list:
    return list(xs.cards) if isinstance(xs, Zone) else list(xs)


# ── collections ───────────────────────────────────────────────────────────────
@builtin("count(xs: list) -> int")
def b_count(g, xs):
    """How many items `xs` holds (a zone: how many cards)."""
    return len(xs.cards) if isinstance(xs, Zone) else len(xs)


@builtin("first(xs: list) -> elem?")
def b_first(g, xs):
    """The first item of `xs`; none when it is empty."""
    if xs.__class__ is not list:          # a zone, or anything else list() takes (as it did)
        xs = _cards(xs)
    return xs[0] if xs else None


@builtin("last(xs: list) -> elem?")
def b_last(g, xs):
    """The last item of `xs`; none when it is empty."""
    if xs.__class__ is not list:          # a zone, or anything else list() takes (as it did)
        xs = _cards(xs)
    return xs[-1] if xs else None


@builtin("sum(xs: ints) -> int")
def b_sum(g, xs):
    """The sum of `xs`."""
    return sum(xs)


@builtin("max(a: int, b: int) -> int")
def b_max(g, a, b):
    """The larger of `a` and `b`."""
    return a if a >= b else b


@builtin("min(a: int, b: int) -> int")
def b_min(g, a, b):
    """The smaller of `a` and `b`."""
    return a if a <= b else b


@builtin("min_of(xs: ints) -> int")
def b_min_of(g, xs):
    """The smallest of `xs`; 0 when it is empty."""
    return min(xs) if xs else 0


@builtin("max_of(xs: ints) -> int")
def b_max_of(g, xs):
    """The largest of `xs`; 0 when it is empty."""
    return max(xs) if xs else 0


@builtin("shuffled(xs: list) -> same")
def b_shuffled(g, xs):
    """`xs` in a random order (with the game's seeded generator)."""
    xs = _cards(xs)
    g.era += 1
    g.rng.shuffle(xs)
    return xs


@builtin("sample(xs: list, n: int) -> same")
def b_sample(g, xs, n):
    """`n` items of `xs` at random (with the game's seeded generator), in the order drawn; all of `xs`,
    shuffled, when `n` is its count or more. It draws `n` times however long `xs` is, where
    `take(shuffled(xs), n)` shuffles all of it first."""
    xs = xs.cards if isinstance(xs, Zone) else xs
    g.era += 1
    return g.rng.sample(xs, max(0, min(n, len(xs))))


@builtin("take(xs: list, n: int) -> same")
def b_take(g, xs, n):
    """The first `n` items of `xs`."""
    return _cards(xs)[:max(n, 0)]


@builtin("drop(xs: list, n: int) -> same")
def b_drop(g, xs, n):
    """`xs` without its first `n` items."""
    return _cards(xs)[max(n, 0):]


@builtin("random(xs: list) -> elem?")
def b_random(g, xs):
    """One item of `xs` at random (from the game's seeded generator); none when it is empty."""
    xs = _cards(xs)
    g.era += 1
    return xs[g.rng.randrange(len(xs))] if xs else None


@builtin("without(xs: list, x: any) -> same")
def b_without(g, xs, x):
    """`xs` without the item `x`."""
    return [i for i in _cards(xs) if i is not x and i != x]


@builtin("reversed(xs: list) -> same")
def b_reversed(g, xs):
    """`xs` in reverse order."""
    return xs.cards[::-1] if isinstance(xs, Zone) else list(xs)[::-1]


@builtin("text(x: any) -> text")
def b_text(g, x):
    """`x` as text, always (`"…" + text(x)` must never fail): a number in digits, a player as the log
    writes it, a card by its face's label where every seat sees it (a public zone, or none) and `?`
    elsewhere (a `say` line reaches every seat), a kind, skill or character by its label, a list joined."""
    if isinstance(x, (str, int)):
        return str(x)
    if isinstance(x, Card):
        if x.zone is not None and x.zone.visibility != "public" and not x.virtual:
            return "?"
        x = x.kind
    if isinstance(x, (list, tuple, Zone)):
        return ", ".join(b_text(g, i) for i in _cards(x))
    label = getattr(x, "label", None)
    return label if isinstance(label, str) and label else str(g.ref(x))


# ── players and seats ─────────────────────────────────────────────────────────
@builtin("players() -> players")
def b_players(g):
    """Living players in seat order, starting with the current player."""
    return g.living_from(g.current)


@builtin("all_players() -> players")
def b_all_players(g):
    """Every player, living or out, in seat order from the current player."""
    n = len(g.players)
    return [g.players[(g.current.seat + i) % n] for i in range(n)]


@builtin("others(p: player) -> players")
def b_others(g, p):
    """Living players other than `p`, in seat order starting after `p`."""
    ring = g.ring(p)                    # from p's seat: p first when alive (every card's target pool asks)
    return ring[1:] if p.alive else ring[:]


@builtin("next_player(p: player) -> player")
def b_next_player(g, p):
    """The living player seated after `p`."""
    return g.next_living(p)


@builtin("seat_distance(a: player, b: player) -> int")
def b_seat_distance(g, a, b):
    """Steps between two seats around the table, the shorter way, counting living players only (a
    player who is out is counted at their own seat, as is `a`)."""
    if a is b:
        return 0
    key = (a.seat, b.seat)
    d = g.seat_distances.get(key)           # kept until someone leaves or returns (Game.set_alive)
    if d is None:
        if a.alive and b.alive:
            ring = g.ring(a)
        else:
            n = len(g.players)
            ring = [q for q in (g.players[(a.seat + i) % n] for i in range(n)) if q.alive or q is a or q is b]
        i = ring.index(b)
        d = g.seat_distances[key] = i if i <= len(ring) - i else len(ring) - i
    return d


@builtin("current_phase() -> phase?")
def b_current_phase(g):
    """The phase being played now; none between phases."""
    return g.phase


@builtin("turn_number() -> int")
def b_turn_number(g):
    """How many turns have begun, this one included."""
    return g.turns


@builtin("round_number() -> int")
def b_round_number(g):
    """How many rounds have begun, this one included."""
    return g.rounds


@builtin("set_current(p: player)")
def b_set_current(g, p):
    """Make `p` the current player."""
    g.current = p
    g.era += 1


# ── cards and zones ───────────────────────────────────────────────────────────
@builtin("cards(z: zone) -> cards")
def b_cards(g, z):
    """The cards in `z`, a snapshot (the zone may change while you loop)."""
    return list(z.cards)


@builtin("top(z: zone, n: int) -> cards")
def b_top(g, z, n):
    """The top `n` cards (the end of the list is the top), topmost first."""
    return z.cards[:-n - 1:-1] if n > 0 else []


@builtin("bottom(z: zone, n: int) -> cards")
def b_bottom(g, z, n):
    """The bottom `n` cards of `z`, bottommost first."""
    return z.cards[:n] if n > 0 else []


@builtin("move(c: cards, to: zone, bottom: bool = false)")
def b_move(g, c, to, bottom=False):
    """Move the cards `c` to zone `to`, on top (or at the bottom with `bottom: true`)."""
    if c is None:
        return
    g.move([c] if isinstance(c, Card) else _cards(c), to, bottom)


@builtin("build_deck(z: zone)")
def b_build_deck(g, z):
    """Create the cards of the mode's deck into `z`, shuffled."""
    g.build_deck(z.name)


@builtin("shuffle(z: zone)")
def b_shuffle(g, z):
    """Shuffle the cards of `z` (with the game's seeded generator)."""
    g.rng.shuffle(z.cards)
    g.era += 1
    restamp(g, z.cards)                 # what any seat was shown of them is forgotten
    if g.log.enabled:
        g.log.add("shuffle", z.key)


@builtin("virtual(k: kind, sources: cards = [], via: skill? = none) -> card")
def b_virtual(g, k, sources=(), via=None):
    """A card of kind `k` standing for `sources` (将A当B), or for nothing (视为使用).

    It keeps every attribute its sources agree on (one red card gives a red card; a red and a black
    card give a card with no colour), and takes the rest from its kind.
    """
    physical = []                           # each source's physical cards (a loop: a probe per conversion listed)
    for s in ((sources,) if isinstance(sources, Card) else sources.cards if isinstance(sources, Zone) else sources):
        if s.virtual:
            physical += s.sources
        else:
            physical.append(s)
    sources = (*physical,)                  # a tuple and a dict made without calling their types
    base, shared = g.virtual_templates.get(k.name) or _virtual_template(g, k)
    a = {**base}                            # no sources: the kind's own attributes, none for the rest
    if len(sources) == 1:
        got = sources[0].a
        for name in shared:
            a[name] = got.get(name)
    elif sources:
        for name in shared:
            values = {c.a.get(name) for c in sources}
            a[name] = values.pop() if len(values) == 1 else None
    return Card(None, k, a, True, sources, via)


def _virtual_template(g, k) -> tuple[dict, tuple]:
    """Per kind, once a pack (kept in Game.virtual_templates, which its games share: it reads the pack
    alone): a virtual card's attributes before its sources are read (every card attribute, as the kind
    sets it or none), and the attributes it takes from its sources."""
    names = [ad.name for ad in g.pack.attrs_of("card")]
    base = dict.fromkeys(names)
    base.update(k.attrs)
    t = g.virtual_templates[k.name] = (base, tuple(n for n in names if n not in k.attrs))
    return t


@builtin("with_attr(c: card, name: text, value: any) -> card")
def b_with_attr(g, c, name, value):
    """A virtual card like `c` but with one attribute set (视为使用了一張紅色的X). Physical cards'
    attributes are fixed, so this refuses them."""
    if not c.virtual:
        raise PackError(f"with_attr changes virtual cards only, not {c!r}")
    if name not in c.a:
        raise PackError(f"cards have no attribute {name!r}")
    a = dict(c.a)
    a[name] = value
    return Card(None, c.kind, a, virtual=True, sources=c.sources, via=c.via)


@builtin("zone_of(c: card) -> zone?")
def b_zone_of(g, c):
    """The zone a card is in (a virtual card: the zone of its first source); none if it has none."""
    if not c.virtual:
        return c.zone
    return c.sources[0].zone if c.sources else None


@builtin("owner_of(c: card) -> player?")
def b_owner_of(g, c):
    """The player whose zone holds `c`; none for a table zone."""
    return c.owner


@builtin("reveal(c: cards)")
def b_reveal(g, c):
    """Show the cards `c` to every player (the log records them); to show them to some players
    only, `show`."""
    g.era += 1
    cards = [c] if isinstance(c, Card) else _cards(c)
    for p in g.players:
        learn(g, p.seat, [x for card in cards for x in card.physical])
    if g.log.enabled:
        g.log.add("reveal", g.ref(cards))
