"""Issue 29, point 4: the rules text shows no source name the compiler has words for, and the checker
tells a designer, at the declaration, which names only the pack can word (`raw-name`). The pack
tests/data/words holds each case once; its skills' texts are read whole here."""
from __future__ import annotations

import re
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import Source, compile_pack, compile_sources, front_end, read_sources, resolve
from spellcard.compiler.text.rules import rules_text

PACK = Path(__file__).parent / "data" / "words"
RAW_EN = re.compile(r"\b\w+_\w+\b|\b[A-Za-z_]\w*\(")


def texts(pack=PACK) -> dict:
    return _texts(str(pack))


@lru_cache(maxsize=None)
def _texts(pack: str) -> dict:
    syms, _, diags = front_end(read_sources(resolve(pack)))
    assert not diags.has_errors
    return {d.name: rules_text(syms, d) for d in [*syms.skills.values(), *syms.modes.values()]}


# what each declaration's text must read, in (language, words) pairs
READS = [
    ("Guard", "en", "before “deal the amount damage to you”"),     # `aim` stands before `do`
    ("Guard", "zh", "當對你造成該數點傷害前，"),
    ("Echo", "en", "after “deal the amount damage to you”"),       # `landed` after it
    ("Echo", "zh", "當對你造成該數點傷害後，"),
    ("Kindle", "en", "if spark ready for you, you may nudge for you"),   # no `says`: the name as words
    ("Kindle", "en", "set your rival to no one"),                 # `none` where a player is wanted
    ("Kindle", "zh", "你可以nudge（你）"),                          # only the pack has Chinese words
    ("Glean", "en", "if there is a result and spark ready for you, you may put the result into pile"),
    ("Glean", "zh", "若有該事件的結果"),
    ("Tally", "en", "let the result be deal 1 damage to you, if the result's amount"),   # an action's event
    ("Tally", "zh", "令該結果為對你造成1點傷害"),
    ("Duel", "en", "2 players, with sparks deck"),
]


@pytest.mark.parametrize("name, lang, words", READS)
def test_the_text_reads(name, lang, words):
    assert words in texts()[name][lang]


def test_no_english_text_shows_a_source_name():
    for name, text in texts().items():
        assert not RAW_EN.findall(text["en"]), (name, text["en"])
        assert "(aim)" not in text["en"] and "landed" not in text["en"] and "none" not in text["en"]


def _raw_names(pack=PACK) -> list[tuple[int, str]]:
    found = compile_pack(str(pack), use_cache=False, load=False).diagnostics
    return [(d.span.line, d.message) for d in found if d.code == "raw-name"]


def test_each_name_without_chinese_words_is_told_once_at_its_declaration():
    assert _raw_names() == [
        (6, "enum member `angry` shows as a raw name in the rules text of 1 skill (Kindle)"),
        (8, "attribute `rival` shows as a raw name in the rules text of 1 skill (Kindle)"),
        (9, "counter `sparks` shows as a raw name in the rules text of 1 skill (Kindle)"),
        (12, "zone `pile` shows as a raw name in the rules text of 1 skill (Glean)"),
        (17, "deck `sparks_deck` shows as a raw name in the rules text of 1 mode (Duel)"),
        (29, "action `nudge` shows as a raw name in the rules text of 2 skills (Kindle, Tally)"),
        (38, "function `spark_ready` shows as a raw name in the rules text of 2 skills (Kindle, Glean)"),
    ]
    [nudge] = [d for d in compile_pack(str(PACK), use_cache=False, load=False).diagnostics
               if "`nudge`" in d.message]
    assert '`says "…{p}…" / "…{p}…"`' in nudge.help


def test_words_given_take_the_warning_away(tmp_path):
    pack = tmp_path / "words"
    shutil.copytree(PACK, pack)
    source = (pack / "pack.spell").read_text("utf-8")
    for old, new in [("angry }", 'angry "憤怒" }'), ("attr player rival:", 'attr player rival "宿敵":'),
                     ("counter player sparks =", 'counter player sparks "火花數" ='),
                     ("zone pile:", 'zone pile "棄牌區":'), ("deck sparks_deck {", 'deck sparks_deck "火花牌組" {'),
                     ("action nudge(p: player) {", 'action nudge(p: player) says "推動{p}" / "nudge {p}" {'),
                     ("func spark_ready(p: player) -> bool =", 'func spark_ready(p: player) -> bool says "{p}有火花" / "{p} has sparks" =')]:
        assert old in source, old
        source = source.replace(old, new)
    (pack / "pack.spell").write_text(source, "utf-8")
    assert _raw_names(pack) == []
    kindle = texts(pack)["Kindle"]
    assert kindle["zh"].startswith("出牌階段限一次，若你有火花，你可以推動你，令你的宿敵為無，若你的心情為憤怒，你的火花數+1")
    assert "you may nudge you" in kindle["en"]
    assert not re.findall(r"[A-Za-z_]", kindle["zh"])


def test_a_pack_that_words_no_name_of_a_kind_is_not_told_of_each():
    """A small pack with no `says` and no labels (a test's) has chosen not to word them."""
    src = ('pack bare "素" { version "1.0.0" }\nzone deck: table hidden\nzone hand: player owner\n'
           'harness deck = deck, seat = set_character\ncounter player marks = 0\n'
           'func marked(p: player) -> bool = p.marks > 0\nphase act "行動" { let x = choose_play(player)\n'
           '  if x != none { activate(x) } }\nturn act\n'
           'skill Mark "標" { text "標記。" active when not marked(owner) { owner.marks += 1 } }\n'
           'character C "甲" { skills Mark }\n')
    found = compile_sources([Source("bare.spell", src.encode("utf-8"))], use_cache=False, load=False).diagnostics
    assert [d for d in found if d.code == "raw-name"] == []


def test_a_field_of_an_event_held_in_a_field_reads_by_its_parameter_label():
    """`event.use.undodgeable`: the text cannot tell which action `use` is an event of, but every
    action's parameter named `undodgeable` has one label, and that is what it reads."""
    syms, _, _ = front_end(read_sources(resolve("thb")))
    text = rules_text(syms, syms.skills["SpearTheGungnir"])
    assert "此次使用的不可擦彈的目標" in text["zh"] and "undodgeable" not in text["zh"]
