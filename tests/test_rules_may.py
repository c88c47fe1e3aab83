"""How rules text joins "you may" and a condition (compiler/text/rules.py may_part): "if C, you may B",
never "you may if C, B"; a mode's table rule asks no one and says no "you may"."""
from __future__ import annotations

import re

import pytest

from spellcard.compiler.pack.loader import Source, front_end, read_sources, resolve
from spellcard.compiler.text.rules import LANGS, RulesText

CLUMSY = re.compile(r"可以若|may if|你可以你(?!的)|you may you ")


def _with(snippet: str):
    """THB's symbols with a snippet's skills added."""
    sources = read_sources(resolve("thb")) + [Source("snippet.spell", snippet.encode("utf-8"))]
    syms, _, diags = front_end(sources)
    assert not diags.has_errors, [d.render() for d in diags.sorted() if d.is_error]
    return syms


def _texts(syms, name: str) -> tuple[str, str]:
    zh, en = (RulesText(syms, lang).of(syms.skills[name]) for lang in LANGS)
    assert not CLUMSY.search(zh) and not CLUMSY.search(en), (zh, en)
    return zh, en


@pytest.fixture(scope="module")
def thb():
    return _with("""
skill ProbeIf "探若" {
  on turn.start when event.player == owner { if owner.hp > 1 { draw(owner, 1) } }
}
skill ProbeElse "探否" {
  active limit 1 per phase { if owner.hp > 1 { draw(owner, 1) } else { draw(owner, 2) } }
}
skill ProbeMay "探可" {
  on turn.start when event.player == owner { draw(owner, 1) may { if owner.hp > 2 { draw(owner, 1) } } }
}
skill ProbeOn "探續" {
  on turn.start when event.player == owner { if owner.hp > 1 { draw(owner, 1) } draw(owner, 1) }
}
""")


def test_a_body_that_is_an_if_alone_says_its_condition_before_you_may(thb):
    zh, en = _texts(thb, "ProbeIf")
    assert zh.endswith("若該玩家為你且你的體力大於1，你可以摸1張牌。"), zh    # joined to the clause's own
    assert en.endswith("if the player is you and your hp is more than 1, you may draw 1 card."), en


def test_an_if_with_else_says_you_may_in_each_branch(thb):
    zh, en = _texts(thb, "ProbeElse")
    assert "若你的體力大於1，你可以摸1張牌；否則你可以摸2張牌" in zh, zh
    assert "if your hp is more than 1, you may draw 1 card; otherwise you may draw 2 cards" in en, en


def test_a_may_block_that_is_an_if_alone_says_its_condition_first(thb):
    zh, en = _texts(thb, "ProbeMay")
    assert "你摸1張牌，若你的體力大於2，你可以摸1張牌" in zh, zh
    assert "you draw 1 card, if your hp is more than 2, you may draw 1 card" in en, en


def test_a_body_that_starts_with_an_if_and_goes_on_is_set_off(thb):
    zh, en = _texts(thb, "ProbeOn")
    assert "你可以執行以下效果：若你的體力大於1，你摸1張牌，你摸1張牌" in zh, zh
    assert "you may do the following: if your hp is more than 1, you draw 1 card, you draw 1 card" in en, en


@pytest.mark.parametrize("name", ["FaithExchange", "FaithWarDeath", "IdentityVictory", "IncidentVictory", "NullifyRule"])
def test_thbs_table_rules_ask_no_one(thb, name):
    """These read "you may if …" before: a mode's rule asks no one (runtime/engine/windows.py)."""
    zh, en = _texts(thb, name)
    assert "你可以" not in zh.replace("可以使用", "") and "you may" not in en, (zh, en)


def test_thbs_skills_say_you_may_once():
    """Ashes read "你可以你失去1點體力" / "you may you lose 1 HP"."""
    zh, en = _texts(_with(""), "Ashes")
    assert "你可以失去1點體力" in zh and "you may lose 1 HP" in en, (zh, en)
