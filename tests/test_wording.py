"""`wording`: the wording lints (text-limit, whose-turn, use-or-play) read a skill's text only by the
phrases its pack declares. The base pack (tests/data/base) declares THB's in wording.spell; here it is
taken out, so a pack that declares nothing gets none of these lints, and one that declares other
words (English, invented) gets them in its own words. The golden cases in tests/diagnostics cover
the base pack's Chinese phrasing."""
from __future__ import annotations

import pytest

from tests.test_checks import _base
from spellcard.compiler.pack.loader import Source, compile_sources, front_end
from spellcard.compiler.text.rules import RulesText

WORDING_LINTS = {"text-limit", "whose-turn", "use-or-play"}
HOLD = 'character Probe "探" { skills S }\n'
# One skill that trips all three lints in THB's words, once the words are declared.
THB_SKILL = (HOLD + 'skill S "s" { text "出牌階段限一次，你的摸牌階段開始時，你可以打出一張擦彈。"\n'
             '  active { draw_cards(owner, 1) }\n'
             '  on draw_phase.start when count(owner.hand) < 9 {\n'
             '    let _g = ask_card(owner, Graze, "use", "?")\n  }\n}\n')
THB_WORDING = ('wording once phase: "出牌階段限一次"\nwording yours: "你的{phase}"\n'
               'wording use: "使用"\nwording play: "打出"\n')


def sources(*texts: str) -> list[Source]:
    """The base pack without its wording, with these files added."""
    base = [s for s in _base() if not s.path.endswith("/wording.spell")]
    return base + [Source(f"snippet{i}.spell", t.encode("utf-8")) for i, t in enumerate(texts)]


def diags(*texts: str):
    return [d for d in compile_sources(sources(*texts), use_cache=False, load=False).diagnostics
            if d.code != "no-text"]


def test_a_pack_that_declares_no_wording_gets_no_wording_lint():
    assert diags(THB_SKILL) == []


def test_the_same_skill_in_a_pack_that_declares_the_words_gets_every_wording_lint():
    found = diags(THB_SKILL, THB_WORDING)
    assert sorted(d.code for d in found) == ["text-limit", "use-or-play", "whose-turn"]
    assert any("says 你的摸牌階段," in d.message for d in found)


def test_each_lint_needs_its_own_words():
    """Declaring only `once` lints only the limit; `use` without `play` cannot say which one a text means."""
    assert [d.code for d in diags(THB_SKILL, 'wording once phase: "出牌階段限一次"\n')] == ["text-limit"]
    assert diags(THB_SKILL, 'wording use: "使用"\n') == []


def test_an_english_phrasing_is_read_in_its_own_words():
    wording = ('wording once turn: "once per turn"\nwording yours: "your turn", "your {phase}"\n'
               'wording outside: "outside your turn"\nwording use: "use"\nwording play: "play"\n')
    skill = (HOLD + 'skill S "s" { text "Once per turn: draw a card. At the start of your 摸牌階段, you may '
             'play a Graze."\n  active { draw_cards(owner, 1) }\n'
             '  on draw_phase.start when count(owner.hand) < 9 { let _g = ask_card(owner, Graze, "use", "?") }\n}\n')
    found = diags(skill, wording)
    by_code = {d.code: d for d in found}
    assert sorted(by_code) == ["text-limit", "use-or-play", "whose-turn"]
    assert "says Once per turn," in by_code["text-limit"].message
    assert by_code["text-limit"].help == "write `active limit 1 per turn { … }`"
    assert 'says play, but this is "use" (use)' in by_code["use-or-play"].message
    # "outside your turn" holds "your turn" but does not say it
    outside = skill.replace("At the start of your 摸牌階段", "At the start of a 摸牌階段 outside your turn")
    assert "whose-turn" not in {d.code for d in diags(outside, wording)}


def test_an_invented_phrasing_words_the_warning():
    wording = 'wording use: "wield"\nwording play: "brandish"\n'
    skill = (HOLD + 'skill S "s" { text "You may brandish a Graze."\n'
             '  on damage.inflict when event.target == owner { let _g = ask_card(owner, Graze, "use", "?") }\n}\n')
    [d] = diags(skill, wording)
    assert d.code == "use-or-play" and d.message.endswith('says brandish, but this is "use" (wield)')
    assert diags(skill.replace("brandish", "wield"), wording) == []


@pytest.mark.parametrize("line, message", [
    ('wording yourz: "你的回合"', "unknown wording `yourz`"),
    ('wording once: "限一次"', "`wording once` names what it counts in: turn, phase, round"),
    ('wording once game: "每局限一次"', "`wording once` names what it counts in: turn, phase, round"),
    ('wording use turn: "使用"', "only `wording once` names a scope, not `use turn`"),
    ('wording use: "{phase}使用"', "only a turn's wording (yours, anyones, outside) names a phase `{phase}`"),
    ('wording yours: " "', "a wording phrase says nothing"),
    ('wording use: "使用"\nwording use: "用"', "the wording `use` is declared twice"),
])
def test_a_wrong_wording_is_an_error(line, message):
    errors = [d for d in diags(line + "\n") if d.is_error]
    assert [d.message for d in errors] == [message]


@pytest.mark.parametrize("wording, asked", [
    (THB_WORDING, "（只在被要求時使用或打出）"),
    ('wording use: "wield"\nwording play: "brandish"\n', "（只在被要求時wield或brandish）"),
    ("", "（只在被要求時）"),
])
def test_the_rules_text_of_a_card_played_only_when_asked_says_how_in_the_packs_words(wording, asked):
    syms, _, _ = front_end(sources(wording))
    assert RulesText(syms, "zh").card(syms.cards["Graze"]).startswith("不能主動使用" + asked)
