"""Rules text with no raw identifiers (issue 29 point 4): a rule's own variables by their role, and
attributes, zones, parameters and queries by the labels a pack gives them (both parsers read them)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import Source, front_end, read_sources, resolve, with_bases
from spellcard.compiler.text.rules import LANGS, RulesText

LOVE_LETTER = Path(__file__).parent.parent / "examples" / "love_letter"
EXTRA = '''
attr player mood "心情": int = 0
zone stash "私藏": player owner
action poke(target "被戳者": player, times: int) says "戳{target}{times}下" / "poke {target} {times} times" { window after }
query reach(p: player, q: player) -> int says "{p}到{q}的距離" / "{p}'s reach to {q}" = 1
skill Tease "捉弄" {
  active limit 1 per phase {
    let t = choose_player(owner, others(owner), "捉弄誰?")
    if t == none { stop }
    let u = choose_player(owner, others(owner), "再捉弄誰?")
    let c = random(t.hand)
    if c != none { discard_hand(t) }
    for p in all_players() { draw(p) }
    owner.mood = u.mood
    let who = t
    poke(who, 2)
  }
}
skill Ticklish "怕癢" locked {
  on poke.after when event.target == owner { draw(event.target) }
  modify reach when p == owner = value + 1
}
'''


def text(name: str, lang: str) -> str:
    sources = with_bases(read_sources(resolve(str(LOVE_LETTER)))) + [Source("extra.spell", EXTRA.encode("utf-8"))]
    syms, _, diags = front_end(sources)
    assert not diags.has_errors, [d.render() for d in diags]
    return RulesText(syms, lang).of(syms.skills[name])


@pytest.mark.parametrize("lang", LANGS)
def test_no_variable_is_read_by_its_letter(lang):
    found = text("Tease", lang)
    names = set(re.findall(r"(?<!')\b[a-z]\b", found)) - {"a"}
    assert not names, (names, found)
    assert " none" not in found and "who" not in found


def test_variables_are_named_by_how_they_were_bound():
    zh, en = text("Tease", "zh"), text("Tease", "en")
    # two chosen players told apart; a random card; a loop's player; none as "there is no"
    assert "令所選玩家甲為" in zh and "令所選玩家乙為" in zh and "沒有所選玩家甲" in zh
    assert "let the first chosen player be" in en and "the second chosen player" in en
    assert "there is no first chosen player" in en
    assert "令隨機牌為所選玩家甲的手牌中隨機一個" in zh and "有隨機牌" in zh
    assert "there is a random card" in en
    assert "對所有玩家（含出局者）中的每名玩家，該玩家摸一張牌" in zh
    assert "for each player in every player, out or not, that player draws a card" in en


def test_an_alias_reads_as_what_it_names_and_labels_name_data_and_parameters():
    zh, en = text("Tease", "zh"), text("Tease", "en")
    assert "令你的心情為所選玩家乙的心情" in zh and "戳所選玩家甲2下" in zh      # attr label; `who` is `t`
    assert "set your mood to the second chosen player's mood" in en
    assert "poke the first chosen player 2 times" in en


def test_a_trigger_and_a_modify_clause_read_their_parameters_by_label_or_role():
    zh, en = text("Ticklish", "zh"), text("Ticklish", "en")
    assert zh.startswith("鎖定技，當戳你該數下後，被戳者摸一張牌") and "times" not in zh   # an unlabelled int: by its role
    assert "你到該玩家乙的距離為原值 + 1" in zh                       # the query's says, `p` fixed to you
    assert "your reach to the second player is the value before + 1" in en


def test_labels_parse_alike_in_both_parsers():
    from spellcard.compiler.build.builder import build
    from spellcard.compiler.parse.read import parser

    from .test_fast_parse import assert_same

    assert_same(EXTRA, "extra.spell", must_accept=True)
    attr, zone, action, query = build("x.spell", parser().parse(EXTRA)).decls[:4]
    assert (attr.label, zone.label, action.params[0].label, action.params[1].label) == ("心情", "私藏", "被戳者", "")
    assert query.says == ("{p}到{q}的距離", "{p}'s reach to {q}")
