"""Printed text as data (`text "…"`), the checker's warning when it is missing, and the rules text
generated from the AST in Chinese and English (compiler/text/rules.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from spellcard.compiler import ast as A
from spellcard.compiler.pack.loader import front_end, read_sources, resolve, with_bases
from spellcard.compiler.text.rules import LANGS, RulesText, english_grammar, rules_text

from spellcard.compiler.pack.loader import Source, compile_sources

from .test_checks import _base


def diagnose(text: str):
    """Every diagnostic of a snippet on the base pack, the missing-text warning included."""
    sources = _base() + [Source("snippet.spell", text.encode("utf-8"))]
    return compile_sources(sources, use_cache=False, load=False).diagnostics


def symbols(pack: str):
    syms, _, diags = front_end(with_bases(read_sources(resolve(pack))))
    assert not diags.has_errors
    return syms


@pytest.mark.parametrize("pack", ["thb", "bots", "esper"])
def test_every_skill_card_and_mode_of_the_packs_renders_in_both_languages(pack):
    syms = symbols(pack)
    decls = [*syms.skills.values(), *syms.cards.values(), *syms.modes.values()]
    assert len(decls) > 10
    for decl in decls:
        text = rules_text(syms, decl)
        for lang in LANGS:
            assert text[lang].strip(), f"{decl.name}: no {lang} rules text"


def test_borrow_reads_close_to_its_printed_text():
    syms = symbols("thb")
    borrow = syms.skills["Borrow"]
    assert borrow.text.startswith("出牌階段限一次，你可以獲得一名其他角色的一張牌")
    zh, en = (RulesText(syms, lang).skill(borrow) for lang in LANGS)
    # the limit, the optional "you may", the pack's label for the card, the pack's phrasing of its funcs
    assert zh.startswith("出牌階段限一次") and "你可以" in zh and "【彈幕】" in zh
    assert "你選擇所選玩家的一張牌" in zh               # pick_own_card's `says`, `t` by its role
    assert en.startswith("In your action phase (once per phase)") and "you may" in en and "Danmaku" in en


def test_an_actions_says_phrase_fills_its_parameters_by_name_and_position():
    syms = symbols("thb")
    zh = RulesText(syms, "zh").skill(syms.skills["Library"])
    en = RulesText(syms, "en").skill(syms.skills["Library"])
    assert zh.startswith("鎖定技，") and "你摸1張牌" in zh       # draw says "{player}摸{amount}張牌"
    assert en.startswith("Locked. ") and "you draw 1 card" in en


def test_a_construct_the_templates_do_not_know_is_written_plainly():
    syms = symbols("thb")
    span = A.Span("x.spell", 1, 1, 1, 2)
    unknown = A.Break(span)                        # no macro renders `break`
    call = A.Call(A.Name("mystery", span), (A.Arg(None, A.IntLit(3, span), span),), span)
    for lang in LANGS:
        r = RulesText(syms, lang)
        assert r.stmt(unknown) == "‹Break›"
        assert r.expr(call) == "mystery(3)"
        assert r.of(syms.characters["Reimu"])      # a declaration without rules text: its label


def test_text_clause_is_read_on_skills_cards_and_modes():
    syms = symbols("thb")
    assert syms.cards["Demolition"].text == "出牌階段，對一名其他角色使用，棄置其區域內的一張牌。"
    assert syms.skills["Flight"].text.startswith("鎖定技")
    card = 'card Probe2 "探二" { text "出牌階段使用。" category = basic target self }'
    assert [d.render() for d in diagnose(card) if d.severity == "error"] == []


def test_checker_warns_when_a_characters_skill_has_no_printed_text():
    found = diagnose('character Probe "探" { skills Quiet }\nskill Quiet "靜" { active { stop } }\n')
    warned = [d for d in found if d.severity == "warning" and "has no printed text" in d.message]
    assert len(warned) == 1 and "skill `Quiet`" in warned[0].message and warned[0].span.line == 2
    assert 'text "…"' in warned[0].help and warned[0].code == "no-text"
    found = diagnose('character Probe "探" { skills Quiet }\nskill Quiet "靜" { text "安靜。" active { stop } }\n')
    assert not [d for d in found if "has no printed text" in d.message]


def test_a_trigger_reads_as_the_actions_phrase_with_what_its_condition_fixes():
    """抖M：當你受到1點傷害後… — `on damage.taken when event.target == owner` reads as the damage you take
    (the window's own `says`, "當{target}受到傷害後"; tests/test_rules_windows.py has the rest)."""
    syms = symbols("thb")
    zh, en = (RulesText(syms, lang).skill(syms.skills["Masochist"]) for lang in LANGS)
    assert zh.startswith("當你受到傷害後，每傷害值點你可以")   # the condition went into the phrase
    assert en.startswith("after you take damage, the amount times, you may")
    library = RulesText(syms, "zh").skill(syms.skills["Library"])
    assert "若使用的牌的類別為符卡" in library and "使用者為你" not in library      # the unfixed part stays


def test_english_agrees_with_you_and_with_one():
    syms = symbols("thb")
    en = RulesText(syms, "en").of(syms.skills["Borrow"])
    assert "you get the chosen card" in en and "you are alive" in en and "its cards" in en
    assert "you gets" not in en and "it's" not in en
    assert english_grammar("you draws 1 cards; you chooses; you as; 11 cards") == "you draw 1 card; you choose; you as; 11 cards"


def test_count_above_zero_reads_as_there_being_one():
    syms = symbols("thb")
    zh, en = (RulesText(syms, lang).of(syms.skills["Borrow"]) for lang in LANGS)
    assert "若有你以外的其他玩家中有其牌者" in zh and "數量大於0" not in zh
    assert "if there is one of the players other than you" in en


def test_love_letters_new_constructs_render():
    """`target none`, `xs map E` and `kinds()` (examples/love_letter) have their own words."""
    syms = symbols(str(Path(__file__).parent.parent / "examples" / "love_letter"))
    zh, en = (RulesText(syms, lang).of(syms.cards["Guard"]) for lang in LANGS)
    assert "無目標時亦可使用（無效果）" in zh and "所有牌名" in zh
    assert "with no legal target, use for no effect" in en and "every kind of card" in en
    func = syms.funcs["hand_value"]
    assert RulesText(syms, "en").expr(func.expr) == "the sum of its value for each of p's hand"


def test_a_sample_of_the_characters_without_a_tag_reads_in_both_languages():
    """KOF's pool: `sample(characters(without: ["boss_only"]), 10)`."""
    syms = symbols("thb")
    text = rules_text(syms, syms.modes["KofMode"])
    assert "10 of every character not tagged “boss_only” at random" in text["en"]
    assert "從所有不帶“boss_only”標籤的角色中隨機抽出的10個" in text["zh"]
