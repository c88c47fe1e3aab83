"""The script of a pack's Chinese, for the words the rules-text templates (and the doc site's) add: a
pack says `script "simplified"` (or "traditional", the default) and the templates' fixed words come in it.

The templates are written in traditional characters; for a simplified pack each of their characters
that differs is swapped by this fixed table (made once with OpenCC's t2s, which converts the
templates' words the same character by character as phrase by phrase). A table and not a converter
at run time: it needs no dependency, and it is the templates' own words only — the pack's words
(labels, `says` phrases) stay as the pack wrote them. A character added to the templates that
differs between the scripts belongs here (tests/test_rules_script.py fails until it is)."""
from __future__ import annotations

SCRIPTS = ("traditional", "simplified")

TRADITIONAL = ("並亂個備兩則動勝區問執將對屬帶張後從應戲擁擇擬數於時條標機沒準為無獲當稱籤終組結給編與虛號裝複規視覺記詢該論較輪轉這進遊過選錄鎖開階隨離響頂項順須預額點"
               "尋彙總覽詞")
SIMPLIFIED = ("并乱个备两则动胜区问执将对属带张后从应戏拥择拟数于时条标机没准为无获当称签终组结给编与虚号装复规视觉记询该论较轮转这进游过选录锁开阶随离响顶项顺须预额点"
              "寻汇总览词")
_TO_SIMPLIFIED = str.maketrans(TRADITIONAL, SIMPLIFIED)


def in_script(text: str, script: str) -> str:
    """The templates' `text` in `script` ("" or "traditional": as written)."""
    return text.translate(_TO_SIMPLIFIED) if script == "simplified" else text
