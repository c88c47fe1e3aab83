"""Making cards: a card's attributes from its kind's, the values it is dealt with and its computed
defaults, and a mode's deck. A mixin of Game."""
from __future__ import annotations

from typing import Optional
from weakref import WeakKeyDictionary

from spellcard.runtime.errors import PackError
from spellcard.runtime.model import Card, restamp

# Per pack, per kind, the card attributes (Cards._card_template), per mode its deck's cards
# (Cards.build_deck), what Game.__init__ reads (game.py _game_tables, Game._default_runs), the
# table rules of its any-time points and reactions (anytime.py, reactions.py) and its characters by
# the tags they lack (builtins/course.py b_characters): every game of a pack
# shares them. Weakly keyed, but the rules' code holds its pack's module, which holds the pack: an
# entry lives as long as the process (a tool loads each pack once: loader.load_pack).
TEMPLATES: WeakKeyDictionary = WeakKeyDictionary()


def once_a_pack(pack, key: tuple, make):
    """The pack's entry `key` in TEMPLATES, made by `make()` the first time and kept only once made
    whole (a Ctrl-C while it is made keeps nothing half made)."""
    templates = TEMPLATES.setdefault(pack, {})
    if key not in templates:
        templates[key] = make()
    return templates[key]

_new = object.__new__


class Cards:
    def make_card(self, kind_name: str, values: dict, card_id: Optional[int] = None) -> Card:
        """A card of the kind: its kind's attributes, then `values` (suit, rank …), then computed defaults."""
        kind, a, computed = self._card_values(kind_name, values)
        return self._card(kind, a, computed, card_id)

    def _card_values(self, kind_name: str, values: dict) -> tuple:
        """A card's kind, its attributes before the computed ones, and the defaults left to compute."""
        kind = self.pack.kinds[kind_name]
        templates = self._templates
        base, computed = templates[kind.name] if kind.name in templates else self._card_template(kind)
        a = {**base, **values}
        computed = [ad for ad in computed if ad.name not in values]
        # The first defaults, up to the first that reads the game, are the same for every card made with
        # these values (AttrDef.fixed, .own: a deck's entry works them out once a pack); `probe` is the
        # card as far as they can see it.
        probe = None
        for i, ad in enumerate(computed):
            if ad.fixed == "value":
                a[ad.name] = ad.value
            elif ad.own:
                if probe is None:
                    probe = _new(Card)
                    probe.a = a
                a[ad.name] = ad.default(self, probe)
            else:
                return kind, a, computed[i:]
        return kind, a, []

    def _card(self, kind, a: dict, computed: list, card_id: Optional[int] = None) -> Card:
        card = _new(Card)                   # Card(id, kind, a) without the call of its __init__ (a slot added there is set here too)
        card.id = len(self.cards) if card_id is None else card_id
        card.kind = kind
        card.a = a
        card.zone = None
        card.virtual = False
        card.sources = ()
        card.via = None
        card.base = None
        card.stamp = self.stamp = self.stamp + 1
        self.era += 1
        for ad in computed:
            a[ad.name] = ad.default(self, card)
        self.cards.append(card)
        return card

    def _card_template(self, kind) -> tuple[dict, list]:
        """Per kind, once a pack: every card attribute (none, or as the kind sets it), the defaults to compute."""
        ads = self.pack.attrs_of("card")
        base = {ad.name: None for ad in ads}
        base.update(kind.attrs)
        t = self._templates[kind.name] = (base, [ad for ad in ads if ad.default is not None
                                                 and ad.name not in kind.attrs])
        return t

    def build_deck(self, zone_name: str) -> None:
        """Create the mode's deck into a table zone, shuffled."""
        deck = self.pack.decks.get(self.mode.deck) if self.mode and self.mode.deck else None
        if deck is None:
            raise PackError(f"mode {self.mode.name if self.mode else '?'} has no deck")
        zone = self.z[zone_name]
        # Its cards' kinds and attributes once a pack and mode (every game of a simulation builds it)
        key = ("deck", self.mode.name)
        prepared = self._templates.get(key)
        if prepared is None:
            prepared = self._templates[key] = [self._card_values(kind_name, values) for kind_name, values in deck
                                               if kind_name not in self.mode.without]
        # Each card made here, as _card does, without a call per card (a deck is most of a game's cards).
        # `era` moves once for the deck: it is only ever compared with a value it had (Game.era), and a
        # card whose defaults read the game moves it before they are computed, as _card does. No rule
        # makes a card while a default is computed, so the deck's ids follow on from the cards made.
        made = self.cards
        cards = zone.cards
        for card_id, (kind, a, computed) in enumerate(prepared, len(made)):
            card = _new(Card)
            card.id = card_id
            card.kind = kind
            card.a = a = a.copy()
            card.virtual = False
            card.sources = ()
            card.via = None
            card.base = None
            card.stamp = 0                  # stamped below, once shuffled
            if computed:
                card.zone = None
                self.era += 1
                for ad in computed:
                    a[ad.name] = ad.default(self, card)
            card.zone = zone
            made.append(card)
            cards.append(card)
        self.era += 1
        self.rng.shuffle(cards)
        restamp(self, cards)
