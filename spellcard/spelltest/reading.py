"""What a test's values read on the table: seats, zones, any attribute or counter of any owner the
pack declares (a player's, the table's, a card's attributes and values, a character's), the test's
own functions and the pack's queries, and names read by the type the pack declares where they stand."""
from __future__ import annotations

from spellcard.runtime.builtins.card_state import b_set_card_value
from spellcard.runtime.decisions import label
from spellcard.runtime.defs import CharacterDef
from spellcard.runtime.model import Card, Play, Player

from ..answers import spec_fits
from ..faces import CardPattern, printed_specs
from ..suggest import did_you_mean
from . import nodes as T
from .check import FUNCTIONS
from .resolve import element, param_types
from .values import Symbol, show


def hinted(message: str, hint) -> str:
    return f"{message}; {hint}" if hint else message


class Reader:
    """Mixed into the Runner: it provides s (the Scenario), seat_of, placed, at() and fail()."""

    def value(self, v, as_card: bool = False, typed: str = ""):
        s = self.s
        if typed:
            sort, many = element(typed)
            if isinstance(v, T.ListV):
                return [self.value(x, as_card, sort) for x in v.items]
            if isinstance(v, (T.Name, T.Spec)) and not many:
                return self.named(v, sort)
        if isinstance(v, T.Lit):
            return v.value
        if isinstance(v, T.Spec):
            return self.card_ref(v) if as_card else Symbol(v.spec)
        if isinstance(v, T.Name):
            return self.name(v, as_card)
        if isinstance(v, T.ListV):
            return [self.value(x, as_card) for x in v.items]
        if isinstance(v, T.Pattern):
            return self.pattern(v)
        if isinstance(v, T.Index):
            items = self.value(v.obj)
            if not isinstance(items, (list, tuple)) or not -len(items) <= v.index < len(items):
                self.fail(v.span, f"there is no item {v.index}", None, show(s.pack, items))
            return items[v.index]
        if isinstance(v, T.Field):
            return self.field(self.value(v.obj, as_card=isinstance(v.obj, (T.Name, T.Spec))), v)
        return self.call(v)

    def named(self, v, sort: str):
        """A name where the pack declares a `sort` (card, kind, skill, character, player, an enum)."""
        n, pack = (v.id if isinstance(v, T.Name) else v.spec), self.s.pack
        if sort == "card":
            return self.card_ref(T.Spec(n, v.span)) if n not in self.seat_of else self.s.p(self.seat_of[n])
        table = {"kind": pack.kinds, "skill": pack.skills, "character": pack.characters}.get(sort)
        if table is not None:
            if n in table:
                return table[n]
            self.fail(v.span, hinted(f"`{n}` is no {sort} of this pack", did_you_mean(n, table)))
        if sort in pack.enums and n in pack.enums[sort]:
            return n
        return self.value(v, as_card=True)

    def pattern(self, v: T.Pattern) -> CardPattern:
        values = {}
        for name, x, _ in v.attrs:
            adef = self.s.pack.attrs_.get(("card", name))
            raw = x.id if isinstance(x, T.Name) else self.value(x)
            values[name] = adef.value_names.get(raw, raw) if adef is not None and isinstance(raw, str) else raw
        from .rows import written
        return CardPattern(v.kind, values, written(v))

    def card_ref(self, v):
        """A card the test put on the table, by its spec: one only (two fit? name the player's)."""
        fits = [c for c in self.placed if spec_fits(self.s.pack, c, v.spec)]
        if not fits:
            self.fail(v.span, f"no {v.spec} was put on the table by this test")
        owners = sorted({c.owner.seat for c in fits if c.owner is not None})
        if len(owners) > 1:
            self.fail(v.span, f"the test put {v.spec} with several players: which one? name the player's: "
                      + " or ".join(f"`P{seat}.{v.spec}`" for seat in owners))
        return fits[0]

    def name(self, v: T.Name, as_card: bool):
        s, n = self.s, v.id
        if n in self.seat_of:
            return s.p(self.seat_of[n])
        if n == "winners":
            return list(s.winners or [])
        if n == "current":
            return s.game.current
        if n == "deck":                     # the scenario's deck, top card first
            return list(reversed(s.deck.cards))
        if n == "skipped":                  # the phases the rules have marked to be skipped
            return [Symbol(x) for x in sorted(s.game.skipped)]
        if n in s.game.z:
            return list(s.game.z[n].cards)
        if n in s.game.v:
            return self.ref(s.game.v[n])
        if as_card and (n in s.pack.kinds or n in printed_specs(s.pack)):
            return self.card_ref(T.Spec(n, v.span))
        if n in s.pack.skills and n not in s.pack.kinds:
            return s.pack.skills[n]
        if n in s.pack.characters:
            return s.pack.characters[n]
        return Symbol(n)

    def field(self, obj, v: T.Field):
        s, name = self.s, v.name
        if isinstance(obj, Player):
            if name == "hand" and s.pack.hand_zone and "hand" not in obj.z:
                name = s.pack.hand_zone
            if name in obj.z:
                return list(obj.z[name].cards)
            if name in obj.v:
                return self.ref(obj.v[name])
            if name == "skills":
                return [Symbol(i.skill.name) for i in obj.skills]
            if name == "character":
                return obj.character
            if name == "alive":
                return obj.alive
            if name in s.pack.kinds:        # `P1.Anna`: the card of that kind the player has
                for z in obj.z.values():
                    for c in z.cards:
                        if c.kind.name == name:
                            return c
                self.fail(v.span, f"{show(s.pack, obj)} has no {name} in any zone")
        elif isinstance(obj, dict) and name in obj:
            return self.ref(obj[name])
        elif isinstance(obj, Card):
            if name in obj.a:
                return self.ref(obj.a[name])
            if name == "skills":                            # what the card's kind grants
                return [s.pack.skills[n] for n in obj.kind.skills]
            values = getattr(s.game, "card_values", {})
            kept = s.pack.signatures.get(("card values",), ())
            if name in kept or any(key == name for _, key in values):   # a value the rules keep on cards
                return values.get((obj.id, name), 0)
            known = list(obj.a) + list(kept)
            self.fail(v.span, hinted(f"{show(s.pack, obj)} has no `{name}`", did_you_mean(name, known)))
        elif isinstance(obj, CharacterDef) and name in obj.attrs:
            return obj.attrs[name]
        self.fail(v.span, f"{show(s.pack, obj)} has no `{name}`")

    def set_card(self, card, name: str, value, span) -> None:
        """`set P1.Anna.hp = 3`: a card's attribute, or a value the rules keep on it (card_value)."""
        if not isinstance(card, Card):
            self.fail(span, f"{show(self.s.pack, card)} is no card: only a card's values are set this way")
        if name in card.a:
            card.a[name] = value
        elif type(value) is int:
            b_set_card_value(self.s.game, card, name, value)
        else:
            self.fail(span, hinted(f"`{name}` is no attribute of {show(self.s.pack, card)}; a card value is a number",
                                   did_you_mean(name, list(card.a))))

    def ref(self, x, card: bool = False):
        """A logged value back to the table's objects: "P1" is that player; in a field that holds
        cards (an action's card parameter or result), a number is the card of that id."""
        if isinstance(x, str) and x.startswith("P") and x[1:].isdigit() and int(x[1:]) < len(self.s.game.players):
            return self.s.p(int(x[1:]))
        if isinstance(x, list):
            return [self.ref(i, card) for i in x]
        if card and type(x) is int:
            return next((c for c in self.s.game.cards if c.id == x), x)
        return x

    def call(self, f: T.Fn):
        s = self.s
        query = f.name not in FUNCTIONS
        types = (param_types(s.pack, "query", f.name) or {}) if query else {}
        words = list(types.values())
        args = [self.value(a, as_card=query, typed=words[i] if i < len(words) else "") for i, a in enumerate(f.args)]
        with self.at(f.span):
            if f.name == "count":
                return len(args[0])
            if f.name == "take":
                return list(args[0])[:args[1]]
            if f.name == "drop":
                return list(args[0])[args[1]:]
            if f.name == "last":
                if not args[0]:
                    self.fail(f.span, "the list is empty: it has no last item")
                return args[0][-1]
            if f.name == "cards":
                return [x for x in args[0] if isinstance(x, Card)]
            if f.name == "fired":
                return s.fired(label(args[0]))
            if f.name == "events":
                held = s.pack.actions[str(args[0])].cards if str(args[0]) in s.pack.actions else ()
                return [{k: self.ref(x, k in held) for k, x in e.items()} for e in s.events(str(args[0]))]
            if f.name == "asked":
                seat, sort, text = self._asking(args)
                return len(s.asked(seat, sort, text))
            if f.name == "offered":
                seat, sort, _ = self._asking(args)
                ds = s.asked(seat, sort or "play")
                return [self.option(o) for o in ds[-1].options] if ds else []
            if f.name == "options":
                seat, sort, text = self._asking(args)
                return [[self.option(o) for o in d.options] for d in s.asked(seat, sort or "play", text)]
            if f.name == "questions":
                return [d.prompt for d in s.asked(args[0].seat, "yes_no")]
            if f.name == "holds":
                return s.holds(args[0].seat, label(args[1]))
            if f.name == "invariant":           # asked for by name, so a --with file's counts too
                return next(holds for text, holds, _ in s.pack.invariants if text == args[0])(s.game)
            args = [None if isinstance(a, Symbol) and a == "none" else a for a in args]
            return s.query(f.name, *args)

    def _asking(self, args):
        seat = args[0].seat
        sort = next((str(a) for a in args[1:] if isinstance(a, Symbol)), None)
        text = next((a for a in args[1:] if isinstance(a, str) and not isinstance(a, Symbol)), None)
        return seat, sort, text

    @staticmethod
    def option(o):
        if isinstance(o, Play) and o.card is not None and not o.card.virtual and o.convert is None:
            return o.card
        if isinstance(o, (Card, Player)):
            return o
        return Symbol(label(o))
