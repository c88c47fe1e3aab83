"""A window says its moment in the pack's words (`window inflict says "當{target}受到傷害時" / "when
{target} would take damage"`), its slots filled as the action's `says` are; a window without one
reads "before"/"after" the action's phrase. THB's `cause` and `inflict` both read "before …" until
its windows said their own (rules/thb/README.md, "Timing windows in rules text")."""
from __future__ import annotations

import pytest

from spellcard.compiler.pack.loader import Source, front_end, read_sources, resolve
from spellcard.compiler.text.rules import LANGS, RulesText

from .test_checks import expect

PROBES = """
skill ProbeCause "探因" { on damage.cause when event.source == owner { event.amount += 1 } }
skill ProbeInflict "探受" { on damage.inflict when event.target == owner { event.amount -= 1 } }
skill ProbeDrawn "探摸" { on draw.after when event.player == owner { owner.hp += 0 } }
reaction ProbeShield "探護" on damage.inflict { against event.target each do { cancel } }
"""


@pytest.fixture(scope="module")
def thb():
    sources = read_sources(resolve("thb")) + [Source("snippet.spell", PROBES.encode("utf-8"))]
    syms, _, diags = front_end(sources)
    assert not diags.has_errors, [d.render() for d in diags.sorted() if d.is_error]
    return syms


def _texts(syms, decl) -> tuple[str, ...]:
    return tuple(RulesText(syms, lang).of(decl) for lang in LANGS)


def test_thbs_cause_and_inflict_windows_each_say_their_own_moment(thb):
    cause = _texts(thb, thb.skills["ProbeCause"])
    inflict = _texts(thb, thb.skills["ProbeInflict"])
    assert cause[0].startswith("當你對受傷角色造成傷害時，") and cause[1].startswith("when you would deal damage to the target,")
    assert inflict[0].startswith("當你受到傷害時，") and inflict[1].startswith("when you would take damage,")
    assert not any("“" in t or "前" in t for t in cause + inflict)      # no "before “deal …”"


def test_thbs_skills_read_as_the_rulebook_words_the_timing(thb):
    """抖M 「當你受到1點傷害後」, 陰陽玉 「在你的判定牌生效前」, 圖書 「當你使用一張非延時符卡時」."""
    zh = {n: RulesText(thb, "zh").of(thb.skills[n]) for n in ("Library", "Masochist")}
    assert zh["Library"].startswith("鎖定技，當你使用牌時，若使用的牌的類別為符卡")
    assert zh["Masochist"].startswith("當你受到傷害後，每傷害值點你可以")
    yinyang = RulesText(thb, "zh").of(thb.skills["YinYangOrbSkill"])
    assert yinyang.startswith("在你的判定牌生效前，")


def test_a_window_without_words_reads_before_or_after_the_actions_phrase(thb):
    zh, en = _texts(thb, thb.skills["ProbeDrawn"])
    assert zh.startswith("當你摸該數張牌後，") and en.startswith("after “you draw the amount cards”,")


def test_a_reaction_at_a_window_with_words_says_them(thb):
    zh, en = _texts(thb, thb.reactions["ProbeShield"])
    assert zh.startswith("當受傷角色受到傷害時，") and en.startswith("When the target would take damage,")


@pytest.mark.parametrize("says, message", [
    ('"當{victim}受傷時"', "has a slot {victim} that is no parameter (the parameters: {target}, {amount})"),
    ('"當{target受傷時"', "is not well formed"),
])
def test_a_windows_words_fill_only_its_actions_parameters(says, message):
    text = f"action hurt(target: player, amount: int) {{\n  window taken says {says} / \"after\"\n  do {{ }}\n}}\n"
    expect(text, f"window `hurt.taken`: the phrase", "2:3", alone=False)
    expect(text, message, "2:3", alone=False)
