"""`spellcard doc` and `spellcard explain`: what the site and the explanation hold, and the site in a
real browser (headless Chromium, which .ci/run installs, driven by Playwright): pages load without console messages, the
search finds a card by its Chinese name, and a screenshot is not blank."""
from __future__ import annotations

import html
import json
import re
import shutil
import struct
import zlib

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PAGES = ("index.html", "cards.html", "characters.html", "skills.html", "modes.html", "vocabulary.html",
         "language.html", "testing.html")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module", params=["thb", "bots", "esper"])
def site(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"site_{request.param}")
    result = run("doc", request.param, "-o", str(out))
    assert result.exit_code == 0, result.output
    text = {p: html.unescape((out / p).read_text("utf-8")) for p in PAGES}
    return request.param, out, text


def test_the_site_shows_every_card_character_and_mode_list_knows(site):
    pack, _, text = site
    listed = json.loads(run("list", pack, "--json").stdout)
    for what, page in (("cards", "cards.html"), ("characters", "characters.html"), ("modes", "modes.html")):
        missing = [row["label"] for row in listed[what] if row["label"] not in text[page]]
        assert not missing, f"{page} lacks {missing}"


def test_the_thb_vocabulary_lists_damage_with_its_windows_and_builtins_with_signatures(site):
    pack, _, text = site
    if pack != "thb":
        pytest.skip("the THB vocabulary")
    vocabulary = text["vocabulary.html"]
    assert "damage(target: player, amount: int" in vocabulary
    for window in ("damage.cause", "damage.inflict", "damage.caused", "damage.taken"):
        assert window in vocabulary
    assert "受到傷害後" in vocabulary                                   # the window's meaning, from the pack
    assert "draw(player: player, amount: int)" in vocabulary
    assert "choose_card(p: player, pool: cards, prompt: text) -> card?" in vocabulary


def test_the_card_gallery_shows_printed_and_generated_text_side_by_side(site):
    pack, _, text = site
    if pack != "thb":
        pytest.skip("one pack is enough")
    cards = text["cards.html"]
    assert "出牌階段，對一名其他角色使用，棄置其區域內的一張牌。" in cards          # 城管執法, printed
    assert "use on 1 of the players other than the user" in cards            # generated, English
    assert 'id="card-Demolition"' in cards and 'href="skills.html#skill-MiniHakkeroSkill"' in cards


def test_an_unknown_pack_or_a_broken_one_gets_a_clear_answer(tmp_path):
    result = run("doc", "no_such_pack", "-o", str(tmp_path / "x"))
    assert result.exit_code == 2 and "no such pack" in result.output
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "p.spell").write_text('pack bad "壞"\nskill X "叉" { active { nope() } }\n', "utf-8")
    result = run("doc", str(bad), "-o", str(tmp_path / "y"))
    assert result.exit_code == 1 and "unknown function `nope`" in result.output
    assert "Traceback" not in result.output


def test_explain_borrow_prints_its_printed_and_generated_texts():
    result = run("explain", "thb", "Borrow")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "printed text 出牌階段限一次，你可以獲得一名其他角色的一張牌" in out
    assert "rules text (zh) 出牌階段限一次" in out
    assert "rules text (en) In your action phase (once per phase)" in out
    assert "rules/thb/characters.spell:" in out and "borrow once per action phase" in out


def test_explain_finds_by_label_shows_windows_and_suggests_a_near_name():
    assert "skill Borrow" in run("explain", "thb", "借走").output
    damage = run("explain", "thb", "damage").output
    assert "damage.taken" in damage and "says (zh)    對{target}造成{amount}點傷害" in damage
    assert "choose_card(p: player, pool: cards, prompt: text) -> card?" in run("explain", "thb", "choose_card").output
    wrong = run("explain", "thb", "Borow")
    assert wrong.exit_code == 2 and "did you mean `Borrow`?" in wrong.output


# ── in a real browser ──────────────────────────────────────────────────────────
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")


@needs_chromium
def test_every_page_loads_in_chromium_without_console_messages(site, chromium):
    _, out, _ = site
    for page in PAGES:
        dom, console = chromium.dump_dom((out / page).as_uri())
        assert not console, f"{page}: {console}"
        assert "<main>" in dom


@needs_chromium
def test_the_search_finds_a_card_by_its_chinese_name(site, chromium):
    pack, out, _ = site
    if pack != "thb":
        pytest.skip("one pack is enough")
    dom, _ = chromium.dump_dom((out / "index.html").as_uri() + "?q=城管執法")
    results = dom.split('<ol id="results">')[1].split("</ol>")[0]
    assert 'href="cards.html#card-Demolition"' in results


@needs_chromium
def test_a_screenshot_of_the_gallery_is_not_blank(site, chromium, tmp_path):
    _, out, _ = site
    shot = tmp_path / "cards.png"
    chromium.screenshot((out / "cards.html").as_uri(), shot, 1000, 800)
    width, height, rows = png_rows(shot.read_bytes())
    assert (width, height) == (1000, 800)
    colours = {bytes(row[i:i + 3]) for row in rows[::20] for i in range(1, len(row) - 3, 3 * 7)}
    assert len(colours) > 20, f"only {len(colours)} colours: a blank page"


def png_rows(data: bytes):
    """Width, height and the raw (filtered) scanlines of a PNG: enough to tell a blank page apart."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = len(raw) // height
    return width, height, [raw[i * stride:(i + 1) * stride] for i in range(height)]


# ── pages for people on any screen (issue 27, defect 12) ───────────────────────
def test_each_character_has_its_own_page_with_its_skills(site):
    pack, out, text = site
    listed = json.loads(run("list", pack, "--json").stdout)["characters"]
    index = json.loads((out / "search-index.js").read_text("utf-8").split("=", 1)[1].rstrip(";\n"))
    urls = {e["name"]: e["url"] for e in index if e["kind"] == "character"}
    for row in listed:
        page = out / f"character-{row['name']}.html"
        shown = html.unescape(page.read_text("utf-8"))
        assert row["label"] in shown and f"<h1>{row['label']}</h1>" in shown, row["name"]
        assert f'href="character-{row["name"]}.html"' in text["characters.html"]
        assert urls[row["name"]] == page.name
        for skill in row["skills"]:
            assert f'id="skill-{skill}"' in shown, (row["name"], skill)


def test_each_window_links_the_skills_that_listen_on_it(site):
    pack, _, text = site
    if pack != "thb":
        pytest.skip("the THB vocabulary")
    vocabulary = text["vocabulary.html"]
    taken = vocabulary.split('id="window-damage-taken"')[1].split("</li>")[0]
    assert 'href="skills.html#skill-Masochist"' in taken            # on damage.taken when event.target == owner
    assert 'href="skills.html#skill-Borrow"' not in taken             # an active skill listens on no window
    masochist = text["skills.html"].split('id="skill-Masochist"')[1].split("</article>")[0]
    assert 'href="vocabulary.html#window-damage-taken"' in masochist           # and back from the skill
    targets = set(re.findall(r'href="vocabulary.html#(window-[\w-]+)"', text["skills.html"]))
    assert targets and all(f'id="{t}"' in vocabulary for t in targets)
    explained = run("explain", "thb", "damage").output
    assert "damage.taken" in explained and "Masochist" in explained.split("damage.taken")[1].split("\n")[0]


def test_the_skills_page_keeps_rules_apart_from_characters_skills(site):
    pack, _, text = site
    if pack != "thb":
        pytest.skip("one pack is enough")
    page = text["skills.html"]
    starts = {key: page.index(f'id="{key}-skills"') for key in ("character", "card", "mode", "internal")}
    assert starts["character"] < starts["card"] < starts["mode"] < starts["internal"]
    at = {name: page.index(f'id="skill-{name}"') for name in ("Borrow", "MiniHakkeroSkill", "NullifyRule", "Stage2")}
    assert starts["character"] < at["Borrow"] < starts["card"] < at["MiniHakkeroSkill"] < starts["mode"]
    assert starts["mode"] < at["NullifyRule"] < starts["internal"] < at["Stage2"]


def test_the_search_box_names_an_example_from_the_pack(site):
    pack, _, text = site
    from spellcard.doc.reference import load_reference
    from spellcard.doc.search_index import search_hint
    hint = search_hint(load_reference(pack))
    assert hint and (pack == "thb" or "借走" not in hint)          # the pack's own words, not THB's
    search = "搜寻" if pack in ("bots", "esper") else "搜尋"       # the site's words in the pack's script
    for page in PAGES:
        assert f'placeholder="{search} / search: {hint}…"' in text[page], page


@needs_chromium
def test_the_search_finds_a_card_by_its_printed_and_generated_text(site, chromium):
    pack, out, _ = site
    if pack != "thb":
        pytest.skip("one pack is enough")
    for words in ("棄置其區域內的一張牌", "uses a card counted as Danmaku"):
        dom, _ = chromium.dump_dom((out / "index.html").as_uri() + "?q=" + words)
        results = dom.split('<ol id="results">')[1].split("</ol>")[0]
        assert "<mark>" in results and html.unescape(results).count(words) >= 1, words
    dom, _ = chromium.dump_dom((out / "index.html").as_uri() + "?q=棄置其區域內的一張牌")
    assert 'href="cards.html#card-Demolition"' in dom.split('<ol id="results">')[1]
