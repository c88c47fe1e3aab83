"""Printed text as data (`text "…"`), the checker's warning when it is missing, and the rules text
generated from the AST in Chinese and English (compiler/rules_text.py)."""
from __future__ import annotations

import pytest

from spellcard.compiler import ast as A
from spellcard.compiler.pack import front_end, read_sources, resolve, with_bases
from spellcard.compiler.rules_text import LANGS, RulesText, rules_text

from spellcard.compiler.pack import Source, compile_sources

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
    assert zh.startswith("出牌階段每階段限1次") and "你可以" in zh and "【彈幕】" in zh
    assert "你選擇t的一張牌" in zh                        # pick_own_card's `says`
    assert en.startswith("In your action phase (1 time per phase)") and "you may" in en and "Danmaku" in en


def test_an_actions_says_phrase_fills_its_parameters_by_name_and_position():
    syms = symbols("thb")
    zh = RulesText(syms, "zh").skill(syms.skills["Library"])
    en = RulesText(syms, "en").skill(syms.skills["Library"])
    assert zh.startswith("鎖定技，") and "你摸1張牌" in zh       # draw says "{player}摸{amount}張牌"
    assert en.startswith("Locked. ") and "you draws 1 cards" in en


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
