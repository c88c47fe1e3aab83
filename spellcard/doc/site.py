"""`spellcard doc`: the reference as a static site (plain files, no server): the card gallery, characters,
skills, modes, the vocabulary, the language and testing chapters, a page per character, and a search box
over every name and every word of the rules (search_index.py). The pages share one stylesheet and read
on a phone (templates/style.css)."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt
from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from spellcard.compiler.text.script import in_script

from .embed import json_for_html, static
from .reference import Reference
from .search_index import search_entries, search_hint, skill_groups
from .winrates import seeds_text

PAGES = (("index.html", "總覽 Overview"), ("cards.html", "卡牌 Cards"), ("characters.html", "角色 Characters"),
         ("skills.html", "技能 Skills"), ("modes.html", "模式 Modes"), ("vocabulary.html", "詞彙 Vocabulary"),
         ("tutorial.html", "Tutorial"), ("language.html", "Language"), ("testing.html", "Testing"))
_PAGE_OF = {"card": "cards.html", "character": "characters.html", "skill": "skills.html", "mode": "modes.html"}
VOCABULARY = (("reaction", "Reactions"), ("action", "Actions and their windows"), ("query", "Queries"), ("function", "Functions"),
              ("builtin", "Built-ins"), ("zone", "Zones"), ("counter", "Counters"), ("attribute", "Attributes"),
              ("enum", "Enums"), ("phase", "Phases"))
STATIC = ("style.css", "search.js")


def _env(script: str = "") -> jinja2.Environment:
    """The site's templates, their Chinese words in the pack's script (compiler/text/script.py)."""
    def source(name: str) -> str:
        text = resources.files("spellcard.doc").joinpath("templates", name).read_text("utf-8")
        return in_script(text, script).replace('lang="zh-Hant"', 'lang="zh-Hans"' if script == "simplified" else 'lang="zh-Hant"')
    return jinja2.Environment(loader=jinja2.FunctionLoader(source),
                              autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def url_of(entry) -> str:
    if entry.kind == "character":
        return character_page(entry.name)
    return f"{_PAGE_OF.get(entry.kind, 'vocabulary.html')}#{entry.anchor}"


def character_page(name: str) -> str:
    """Each character's own page (a name is an identifier, so it is a safe file name)."""
    return f"character-{name}.html"


def write_site(ref: Reference, out: Path, docs: dict[str, str], rates=None) -> list[Path]:
    """Writes the site into `out`; `docs` maps a page (language.html) to its Markdown; `rates` (a
    winrates.WinRates, optional) adds each character's win rate to the characters page. Returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    script = ref.syms.pack.script if ref.syms.pack is not None else ""
    env = _env(script)
    links = {e.name: url_of(e) for e in reversed(ref.entries)}      # the first entry of a name wins
    skills = {e.name: e for e in ref.of_kind("skill")}
    common = {"ref": ref, "nav": [(h, in_script(n, script)) for h, n in PAGES], "links": links, "skills": skills,
              "search_hint": search_hint(ref), "character_page": character_page}
    written = []

    def page(name: str, template: str, title: str, **extra) -> None:
        html = env.get_template(template).render(page=extra.pop("here", name), title=title, **common, **extra)
        (out / name).write_text(html, "utf-8")
        written.append(out / name)

    titles = {h: in_script(n, script) for h, n in PAGES}
    sections = [(h, titles[h], len(ref.of_kind(k))) for k, h in _PAGE_OF.items()]
    page("index.html", "index.html.j2", ref.title, sections=sections)
    page("cards.html", "cards.html.j2", titles["cards.html"], entries=ref.of_kind("card"))
    seeds = seeds_text(rates) if rates else ""
    page("characters.html", "characters.html.j2", titles["characters.html"], entries=ref.of_kind("character"),
         rates=rates, seeds=seeds)
    for e in ref.of_kind("character"):
        page(character_page(e.name), "character.html.j2", e.label or e.name, e=e, rates=rates, seeds=seeds,
             here="characters.html")
    page("skills.html", "skills.html.j2", titles["skills.html"],
         groups=[(k, in_script(t, script), s) for k, t, s in skill_groups(ref)])
    page("modes.html", "modes.html.j2", titles["modes.html"], entries=ref.of_kind("mode"))
    page("vocabulary.html", "vocabulary.html.j2", titles["vocabulary.html"],
         groups=[(k, t, ref.of_kind(k)) for k, t in VOCABULARY])
    for name, markdown in docs.items():
        page(name, "doc.html.j2", titles.get(name, name), html=Markup(render_markdown(markdown)))
    index = search_entries(ref, url_of)
    (out / "search-index.js").write_text("window.SEARCH_INDEX = " + json_for_html(index) + ";\n", "utf-8")
    written.append(out / "search-index.js")
    for name in STATIC:
        (out / name).write_text(static(name), "utf-8")
        written.append(out / name)
    (out / "highlight.css").write_text(HtmlFormatter().get_style_defs(".highlight"), "utf-8")
    return written


def render_markdown(text: str) -> str:
    """Markdown to HTML, with ```spellcard blocks highlighted by the pack language's Pygments lexer."""
    def fence(code: str, lang: str, _attrs) -> str:
        try:
            lexer = get_lexer_by_name(lang or "spellcard")
        except ClassNotFound:
            lexer = get_lexer_by_name("text")
        return highlight(code, lexer, HtmlFormatter(nowrap=False))
    return MarkdownIt("commonmark", {"highlight": fence}).enable("table").render(text)
