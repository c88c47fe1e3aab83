"""A broken game written as a `.spell` test: its table, every seat's answers in order, `run game`.

Each answer is written in the test's own words (a card spec, a skill, a character or seat, yes,
no, pass, an option's text), and only in words the harness reads back as that very answer, named
as it is given (the game is played again from its answers for that: what names a card can change
as the game goes) and in words the test checker accepts (a card as its deck prints it). A
decision the game settles alone takes a scripted answer aimed at it (answers.TestAgent), so where
a seat's next answer would be taken there, the settled answer is written first. Answers after a
seat's last one that was not the quiet answer are left out: an unscripted decision gets the quiet
answer anyway. So the script, run, asks the same decisions and gets the same answers.
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

import attrs

from spellcard.answers import TestAgent, shown_as, spec_of
from spellcard.compiler.build.builder import unquote
from spellcard.runtime.agents.scripted import ScriptMismatch
from spellcard.runtime.decisions import MANY, YES_NO, DeclineAgent, label
from spellcard.runtime.model import Card, Play, Player
from spellcard.scenario import Scenario
from spellcard.spelltest.check import TestChecker

from .strategies import TableSpec

PER_LINE = 10                 # answers on one `answer` line
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_QUIET = DeclineAgent()


@attrs.frozen
class Answer:
    """One scripted answer of a seat, as the test writes it."""
    seat: int
    text: str
    quiet: bool               # what the seat would answer unscripted


def test_text(spec: TableSpec, script: list[Answer], title: str, comment: str) -> str:
    """The test: `script` is the table's answers in the order asked (each seat's in its order)."""
    seat_names = _seat_names(spec.seats)
    lines = [f"# {line}" for line in comment.splitlines()]
    lines.append(f"test {_quoted(title)} {{")
    lines.append(f"  mode {spec.mode}")
    lines.append(f"  seats {', '.join(spec.seats)}")
    if spec.seed:
        lines.append(f"  seed {spec.seed}")
    lines.append("  setup")
    if spec.deck_top:
        lines.append(f"  deck top: {', '.join(spec.deck_top)}")
    for seat, name in enumerate(seat_names):
        tokens = [a.text for a in script if a.seat == seat]
        for i in range(0, len(tokens), PER_LINE):
            lines.append(f"  answer {name}: {', '.join(tokens[i:i + PER_LINE])}")
    lines.append("  run game")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _seat_names(seats) -> list[str]:
    """A seat by its character, or by its number when the character sits at an earlier seat too."""
    return [c if c not in seats[:i] else f"P{i}" for i, c in enumerate(seats)]


def script_of(pack: str, extra: Sequence[str], spec: TableSpec, s: Scenario) -> list[Answer]:
    """The answers that make the harness replay the game `s` played, in the order asked."""
    s, said, names = _named_replay(pack, extra, spec, s)
    return _script(s, said, names, 0)


def _script(s: Scenario, said: dict, names: "_Names", start: int) -> list[Answer]:
    """The answers of the decisions recorded from index `start` on, as script_of writes them."""
    asked = [(i, d, answer, forced) for i, (d, answer, forced) in enumerate(s.decisions) if i >= start]
    script: list[tuple[int, Answer]] = []
    for n, (i, d, answer, forced) in enumerate(asked):
        seat = d.player.seat
        if not forced:
            script.append((i, Answer(seat, said[i], answer == _QUIET.answer(s.game, d))))
            continue
        after = next((j for j, e, _, f in asked[n + 1:] if not f and e.player.seat == seat), None)
        if after is not None and d.kind != YES_NO and names.aimed(d, said[after]):
            script.append((i, Answer(seat, names.token(d, answer), True)))
    return _trimmed([a for _, a in script])


def _named_replay(pack: str, extra: Sequence[str], spec: TableSpec, played: Scenario, names_of=None, watch=None):
    """The game played again from its answers, each named as it is given: what names a card can
    change as the game goes (the cards a conversion may take, a card standing as another kind).
    `names_of(s)` makes the namer (default: _Names); `watch(s)`, when given, is called before the
    game goes on, and the game is logged for it."""
    s = Scenario(pack, list(spec.seats), mode=spec.mode, extra=tuple(extra), setup=True, seed=spec.seed)
    s.deck_top(*spec.deck_top)
    s.decisions.clear()
    s.game.log.enabled = watch is not None
    names = names_of(s) if names_of is not None else _Names(s, spec.seats)
    if watch is not None:
        watch(s)
    said: dict[int, str] = {}
    naming = _Naming([a for _, a, forced in played.decisions if not forced], names, said, s)
    for agent in s.agents:
        agent.fallback = naming
    try:
        s.play_on()
    except Exception:                        # the break itself, met again
        pass
    return s, said, names


class _Naming(DeclineAgent):
    def __init__(self, answers: list, names: "_Names", said: dict, s: Scenario):
        self.answers, self.names, self.said, self.s = answers, names, said, s

    def answer(self, game, d):
        answer = self.answers.pop(0) if self.answers else super().answer(game, d)
        self.said[len(self.s.decisions)] = self.names.token(d, answer)    # the index it is recorded at
        return answer


def _trimmed(script: list[Answer]) -> list[Answer]:
    """Without each seat's trailing quiet answers."""
    keep, loud = [], set()
    for a in reversed(script):
        if a.seat in loud or not a.quiet:
            loud.add(a.seat)
            keep.append(a)
    return keep[::-1]


class _Names:
    """The words for an answer that the harness reads back as that answer (answers.TestAgent)."""

    def __init__(self, s: Scenario, seats: tuple):
        self.s, self.seat_names = s, _seat_names(seats)
        self.agent = TestAgent(s.pack)
        self.agent.game = s.game
        self.checker = TestChecker(s.pack)
        self.printed = self.checker.printed()      # a card standing as another kind is named by kind
        # The skills the test checker lets a seat name: those of the character it is seated as (a
        # mode may seat another, as 異變模式's stages do: that one's skills are named by their text).
        self.held = [self.checker.skills_of(s.pack.characters[c].skills) if c in s.pack.characters else set()
                     for c in seats]

    def token(self, d, answer) -> str:
        if d.kind == YES_NO:
            return "yes" if answer else "no"
        if d.kind == MANY:
            taken: list[int] = []
            words = []
            for i in answer:
                words.append(self._word(d, i, lambda w: self._match(d, w, taken) == i))
                taken.append(i)
            return "[" + ", ".join(words) + "]"
        return self._word(d, answer, lambda w: self._resolves(d, w) == answer)

    def aimed(self, d, text: str) -> bool:
        """Would the harness spend this scripted answer on `d`, a decision the game settles alone?"""
        return self.agent._aimed(d, self.value(text))

    def _word(self, d, i: int, reads_back) -> str:
        words = [w for w in self._names(d.options[i]) if self._holds(d.player.seat, w)]
        return next((w for w in words if reads_back(w)), words[0])

    def _resolves(self, d, word: str):
        try:
            out = self.agent.resolve(d, self.value(word))
            return None if self.agent._source is not None else out    # it would shift a card onto the next
        except ScriptMismatch:
            return None
        finally:
            self.agent._source = None

    def _match(self, d, word: str, taken: list) -> Optional[int]:
        try:
            out = self.agent.match(d, self.value(word), taken)
            return None if self.agent._source is not None else out
        finally:
            self.agent._source = None

    def value(self, word: str):
        """The answer as the test runner hands it to the seat's agent (spelltest.run.Runner.want)."""
        if word.startswith("["):
            return [self.value(w) for w in _items(word[1:-1])]
        if word.startswith('"'):
            return unquote(word)
        if word in ("yes", "no"):
            return word == "yes"
        if word in self.seat_names:
            return self.s.p(self.seat_names.index(word))
        if re.match(r"P\d+\Z", word) and int(word[1:]) < len(self.seat_names):
            return self.s.p(int(word[1:]))
        return word

    def _holds(self, seat: int, word: str) -> bool:
        skill = word in self.s.pack.skills and self.checker.is_character_skill(word)
        return not skill or word in self.held[seat]

    def _names(self, o) -> list[str]:
        if o is None or (isinstance(o, Play) and o.card is None and o.skill is None and o.convert is None):
            return ["pass"]
        if isinstance(o, Player):
            return [self.seat_names[o.seat], f"P{o.seat}"]
        card = o.card if isinstance(o, Play) else o if isinstance(o, Card) else None
        names = []
        if isinstance(o, Play) and o.convert is not None:
            names.append(o.convert.skill.name)
        if isinstance(o, Play) and o.skill is not None and card is None:
            names.append(o.skill.name)
        if card is not None:
            specs = [spec_of(self.s.pack, c) for c in (card.sources if card.virtual else (card,))]
            names += [w for w in specs if w in self.printed]
            names.append(card.kind.name)
        text = label(o)
        if _NAME.match(text):
            names.append(text)
        names.append(_quoted(text))          # a name a seat's character also has is read as the seat
        if isinstance(o, Play) and o.convert is not None:
            names.append(_quoted(o.convert.skill.name))      # by its text: a skill the seat was not seated with
        if card is not None and card.virtual and card.sources:
            names.append(_quoted(shown_as(self.s.pack, card)))   # a conversion no shorter word singles out
        return names


def _items(inner: str) -> list[str]:
    """The words of a written list (a quoted text may hold a comma)."""
    return [w.strip() for w in re.findall(r'"(?:[^"\\]|\\.)*"|[^,]+', inner) if w.strip()]


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'
