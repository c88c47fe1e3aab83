"""No text of a pack or a log can change the structure of a page the tools write (issue 27, defect 5).

The same pack is written twice, once with every word plain and once with every word a string that
breaks naive HTML (`<!--<script>`, `</script>`, `]]>`, U+2028 …); each page (every page of the doc
site, the replay viewer, the balance report) is read in headless Chromium after its scripts ran: the
two DOMs have the same elements, the hostile words show as text, and no script fails."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from spellcard.compiler.text.safe import printable
from spellcard.doc.embed import json_for_html

from ._pages import CORPUS, WORDS, Shape, needs_chromium, run, write_pack, write_pages

PLAIN = "PLAIN"


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """(plain pages, hostile pages), each {file name: path}."""
    out = {}
    for name, words in (("plain", PLAIN), ("hostile", WORDS)):
        root = tmp_path_factory.mktemp(name)
        pack = write_pack(root / "pack", words)
        out[name] = write_pages(str(pack), root, "Duel", pack_option=str(pack))
    return out["plain"], out["hostile"]


def test_embedded_json_holds_no_character_html_reads_and_decodes_to_the_same_values():
    data = {"t": list(CORPUS), WORDS: [1, None, True], "nested": {"x": WORDS}}
    text = json_for_html(data)
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    assert json.loads(text) == data


def test_the_hostile_pack_is_valid_and_every_page_is_written(written):
    plain, hostile = written
    assert sorted(plain) == sorted(hostile)
    assert {"index.html", "cards.html", "character-Hero.html", "replay.html", "report.html"} <= set(hostile)
    done = run("check", str(next(iter(hostile.values())).parent.parent / "pack"))
    assert done.exit_code == 0, done.output


@needs_chromium
@pytest.mark.parametrize("page", ["index.html", "cards.html", "characters.html", "character-Hero.html",
                                  "skills.html", "modes.html", "vocabulary.html", "replay.html", "report.html"])
def test_a_page_keeps_its_structure_and_shows_the_words_as_text(written, chromium, page):
    plain, hostile = written
    at_end = "#999999" if page == "replay.html" else ""        # the viewer at its last step: every line shown
    dom_plain, console_plain = chromium.dump_dom(plain[page].as_uri() + at_end)
    dom_hostile, console_hostile = chromium.dump_dom(hostile[page].as_uri() + at_end)
    assert not console_plain and not console_hostile, console_hostile
    a, b = Shape(dom_plain), Shape(dom_hostile)
    assert len(b.tags) == len(a.tags) and b.tags == a.tags, _first_difference(a.tags, b.tags)
    # The words show whole, as text (the replay's log lines show a line separator as its escape).
    expected = printable(WORDS) if page == "replay.html" else WORDS
    assert expected in b.shown, f"{page} does not show the words as text"
    assert PLAIN in a.shown


@needs_chromium
def test_the_replay_viewer_draws_the_table_and_log_with_every_word(written, chromium):
    _, hostile = written
    dom, _ = chromium.dump_dom(hostile["replay.html"].as_uri() + "#999999")
    shape = Shape(dom)
    assert sum(tag == "div" for tag, _ in shape.tags) > 40     # seats, zones and log lines were drawn
    assert "Game over" in shape.shown and printable(WORDS) in shape.shown


@needs_chromium
def test_a_search_for_the_words_lists_them_as_text(written, chromium):
    _, hostile = written
    query = "<!--<script>"
    dom, console = chromium.dump_dom(hostile["index.html"].as_uri() + "?q=" + quote(query))
    assert not console, console
    results = dom.split('<ol id="results">')[1].split("</ol>")[0]
    shape = Shape(results)
    assert {tag for tag, _ in shape.tags} <= {"li", "a", "small", "span", "mark"}
    assert WORDS in shape.shown and len(shape.tags) > 5


def _first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"element {i}: {x} in the plain page, {y} in the hostile one"
    return f"{len(a)} elements in the plain page, {len(b)} in the hostile one"
