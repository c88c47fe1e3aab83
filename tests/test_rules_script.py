"""The script of a pack's Chinese (`script "simplified"` on its pack line): the rules text's own words
come in it (compiler/text/script.py), the pack's words stay as written, a bad value is an error."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import front_end, read_sources, resolve, with_bases
from spellcard.compiler.text.rules import RulesText
from spellcard.compiler.text.script import SIMPLIFIED, TRADITIONAL
from spellcard.doc.search_index import GROUPS
from spellcard.doc.site import PAGES

from .test_checks import expect

SHARED = ("一丁三上下不且丙中主之乙事些亦人他令以件任位何你使依倒值做先入其出到前加化原去取只可各合同名否含告和回在域外多大"
          "失如始存定宣家小局展己序底庚座得必意戊成或所打技持效新是最有本束果次此段每求洗活消混牌玩用由甲略的目示第置者能自"
          "至色若行被要角起距跳辛醒重量限除非首刷卡印字式搜文模率抽")
"""The templates' characters written the same in both scripts (checked once with OpenCC's t2s)."""
ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = [ROOT / "compiler" / "text" / "templates" / "rules_zh.j2", *sorted((ROOT / "spellcard" / "doc" / "templates").glob("*.j2"))]


def _symbols(pack: str):
    syms, _, diags = front_end(with_bases(read_sources(resolve(pack))))
    assert not diags.has_errors
    return syms


def _zh_texts(syms) -> dict[str, str]:
    text = RulesText(syms, "zh")
    return {d.name: text.of(d) for table in (syms.skills, syms.cards, syms.modes, syms.reactions)
            for d in table.values()}


@pytest.mark.parametrize("pack", ["bots", "esper"])
def test_a_simplified_packs_rules_text_has_no_traditional_word_of_the_templates(pack):
    syms = _symbols(pack)
    assert syms.pack.script == "simplified"
    texts = _zh_texts(syms)
    assert len(texts) > 10
    for name, zh in texts.items():
        wrong = sorted({c for c in zh if c in TRADITIONAL})
        assert not wrong, f"{pack} {name}: traditional {''.join(wrong)} in {zh}"
    assert any("锁定技" in zh for zh in texts.values()) and any("你可以" in zh for zh in texts.values())


@pytest.mark.parametrize("pack, name", [("bots", "BarrierSkill"), ("esper", "ChillBreath")])
def test_explain_shows_a_simplified_packs_rules_text_simplified(pack, name):
    out = CliRunner().invoke(cli, ["explain", f"rules/{pack}", name])
    assert out.exit_code == 0, out.output
    zh = next(line for line in out.output.splitlines() if "rules text (zh)" in line)
    assert not {c for c in zh if c in TRADITIONAL}, zh


def test_a_traditional_pack_keeps_the_templates_as_written():
    syms = _symbols("thb")
    assert syms.pack.script == ""
    assert RulesText(syms, "zh").skill(syms.skills["Library"]).startswith("鎖定技，")


def test_an_extension_writes_in_its_bases_script(tmp_path):
    (tmp_path / "pack.spell").write_text('pack ext "X" extends bots >= "1.0" { version "0.1.0" }\n', "utf-8")
    assert _symbols(str(tmp_path)).pack.script == "simplified"


def test_every_character_of_the_templates_is_placed_in_a_script():
    """A traditional character added to the templates without its simplified twin would show in a
    simplified pack's text: each character is in the table or known to be the same in both."""
    source = "".join(path.read_text("utf-8") for path in TEMPLATES) + "".join(t for _, t in PAGES + GROUPS)
    unplaced = set(re.findall(r"[\u4e00-\u9fff]", source)) - set(TRADITIONAL) - set(SHARED)
    assert not unplaced, f"add {''.join(sorted(unplaced))} to compiler/text/script.py (or SHARED here)"
    assert len(TRADITIONAL) == len(SIMPLIFIED) == len(set(TRADITIONAL))
    assert not set(TRADITIONAL) & (set(SHARED) | set(SIMPLIFIED))


def test_an_unknown_script_is_an_error_at_the_pack_line():
    expect('pack x "X" { script "cyrillic" }', "unknown script `cyrillic` for the pack's Chinese", "1:1",
           base=False, alone=False)


def test_a_simplified_packs_doc_site_is_simplified(tmp_path):
    result = CliRunner().invoke(cli, ["doc", "bots", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for page in ("index.html", "skills.html", "cards.html", "modes.html"):
        text = (tmp_path / page).read_text("utf-8")
        assert 'lang="zh-Hans"' in text and "总览" in text, page
        wrong = sorted({c for c in text if c in TRADITIONAL})
        assert not wrong, f"{page}: traditional {''.join(wrong)}"
