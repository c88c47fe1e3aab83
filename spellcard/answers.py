"""How a test answers: in order per seat, or by what is asked (sort, prompt, the skill or card the
prompt is about, the chooser), with cards named by spec ("Graze♡2") and conversions by their source.

A decision with a single legal answer is never put to an agent (Game._forced); the scenario still
records it here, and a script entry aimed at it is consumed — never shifted onto the next decision.
"""
from __future__ import annotations

from typing import Optional

import attrs

from spellcard.runtime.agents.scripted import ScriptedAgent, ScriptMismatch
from spellcard.runtime.decisions import YES_NO, DeclineAgent, label
from spellcard.runtime.model import Card, Play, Player

from .faces import CardPattern, card_face, printed_specs

SORTS = ("cards", "card", "players", "option", "play", "order", "yes_no")


@attrs.define
class Policy:
    """`when <chooser> is asked <sort> "<prompt>" about <name> answer <want>`."""
    sort: Optional[str]
    prompt: Optional[str]
    about: Optional[str]          # a display name the prompt must contain
    want: object
    always: bool = False
    used: int = 0
    where: object = None          # the test line that set it, for reports

    def fits(self, d) -> bool:
        return ((self.sort is None or d.what == self.sort or d.kind == self.sort)
                and (self.prompt is None or self.prompt in d.prompt)
                and (self.about is None or self.about in d.prompt))


class TestAgent(ScriptedAgent):
    """A ScriptedAgent that also answers by policy, reads card specs, and sees forced decisions."""

    def __init__(self, pack, record: Optional[list] = None, fallback=None):
        super().__init__([], fallback or DeclineAgent())
        self.pack = pack
        self.policies: list[Policy] = []
        self.forced: list = []        # (decision, index) of decisions with one legal answer
        self.chosen = record if record is not None else []   # (decision, answer, forced), table-wide
        self.game = None
        self._source = None           # a card that picked a conversion: its choice of cards takes it too

    def policy_for(self, d) -> Optional[Policy]:
        for p in self.policies:
            if (p.always or not p.used) and p.fits(d):
                return p
        return None

    def answer(self, game, d):
        self.game = game
        self._source = None
        policy = self.policy_for(d)
        if policy is not None:
            self.log.append(d)
            policy.used += 1
            out = self.resolve(d, policy.want)
        elif self.script:
            self.log.append(d)
            out = self.resolve(d, self.script.pop(0))
        else:
            out = super().answer(game, d)
        if self._source is not None:
            self.script.insert(0, self._source)
            self._source = None
        self.chosen.append((d, out, False))
        return out

    def saw_forced(self, d, answer) -> None:
        """A decision the game settled alone: consume the policy or script entry aimed at it."""
        self.forced.append((d, answer))
        self.chosen.append((d, answer, True))
        policy = self.policy_for(d)
        if policy is not None and self._aimed(d, policy.want):
            policy.used += 1
        elif self.script and d.kind != YES_NO and self._aimed(d, self.script[0]):
            self.script.pop(0)

    def _aimed(self, d, want) -> bool:
        if callable(want) and not isinstance(want, (Card, Player)):
            return False            # a function of the decision names nothing to aim with
        try:
            return self.resolve(d, want) is not None
        except ScriptMismatch:
            return False
        finally:
            self._source = None

    # ── reading an answer (ScriptedAgent.resolve, with specs and skipping options already taken) ──
    def match(self, d, want, taken) -> Optional[int]:
        for i, o in enumerate(d.options):
            if i not in taken and self.fits(o, want):
                return i
        for i, o in enumerate(d.options):      # a conversion, named by a card it would be made of
            if i not in taken and self.converts_from(d, o, want):
                self._source = want
                return i
        return None

    def converts_from(self, d, o, want) -> bool:
        if not (isinstance(o, Play) and o.convert is not None and o.inst is not None and self.game is not None):
            return False
        if not (isinstance(want, Card) or (isinstance(want, str) and self.is_spec(want))):
            return False
        pool = [c for c in o.convert.pool(self.game, d.player, o.inst.card) if not c.virtual]
        return any(c is want if isinstance(want, Card) else self.spec_of(c) == want for c in pool)

    def fits(self, o, want) -> bool:
        if o is want:
            return True
        card = o.card if isinstance(o, Play) else o if isinstance(o, Card) else None
        if isinstance(want, Card) and card is not None:
            return card is want or (card.virtual and want in card.sources)
        if isinstance(want, CardPattern):
            return card is not None and any(want.fits(c) for c in (card.sources if card.virtual else (card,)))
        if type(want) is int:           # a number among the options (never a truth value), or its text
            return (type(o) is int and o == want) or (isinstance(o, str) and o == str(want))
        if not isinstance(want, str):
            return False
        if label(o) == want:
            return True
        if card is not None and card.virtual and card.sources and shown_as(self.pack, card) == want:
            return True                 # a conversion as the report prints it: `MapCannon (as Danmaku♣10)`
        if isinstance(o, Play):
            if o.skill is not None and o.skill.name == want:
                return True
            if card is not None and card.virtual and card.via is not None and card.via.name == want:
                return True
            if o.convert is not None and o.convert.skill.name == want:
                return True
        if card is not None and self.is_spec(want):
            return any(self.spec_of(c) == want for c in (card.sources if card.virtual else (card,)))
        return False

    def is_spec(self, text: str) -> bool:
        return not text.isascii() or text in printed_specs(self.pack)

    def spec_of(self, card: Card) -> str:
        return spec_of(self.pack, card)


def spec_of(pack, card: Card) -> str:
    """A card as the deck prints it: kind and face ("Danmaku♠7"); a virtual card by its kind."""
    if card.virtual:
        return card.kind.name
    face = card_face(pack, {a: card.a[a] for a in deck_attrs(pack) if a in card.a})
    return card.kind.name + face


def shown_as(pack, card: Card) -> str:
    """A converted card as a report prints it, its kind and the cards it is made of:
    `MapCannon (as Danmaku♣10)`; a test may answer with it, quoted, where the kind alone is ambiguous."""
    return f"{card.kind.name} (as {', '.join(spec_of(pack, c) for c in card.sources)})"


def deck_attrs(pack) -> list[str]:
    for entries in pack.decks.values():
        if entries:
            return list(entries[0][1])
    return []


def spec_fits(pack, card: Card, spec: str) -> bool:
    """`Danmaku` fits any 彈幕; `Danmaku♠7` only that face. A card standing as another kind
    (card.base) fits what it is now and what it was printed as."""
    if card.kind.name == spec or (card.base is not None and card.base[0].name == spec):
        return True
    if spec.isascii() and spec not in printed_specs(pack):
        return False
    return spec_of(pack, card) == spec or (card.base is not None and base_spec(pack, card) == spec)


def base_spec(pack, card: Card) -> str:
    kind, values = card.base
    return kind.name + card_face(pack, {a: values[a] for a in deck_attrs(pack) if a in values})
