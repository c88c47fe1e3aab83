"""The Pygments lexer (installed through the `pygments.lexers` entry point) and the TextMate grammar."""
from __future__ import annotations

import json
import re

import pygments.lexers
from pygments.token import Comment, Error, Keyword, Name, String

from .client import ROOT


def test_the_lexer_is_found_by_name_and_reads_every_pack_file_without_errors():
    lexer = pygments.lexers.get_lexer_by_name("spellcard")
    assert pygments.lexers.get_lexer_for_filename("x.spell").name == "Spellcard"
    for path in sorted(ROOT.glob("rules/*/*.spell")):
        bad = [v for t, v in lexer.get_tokens(path.read_text("utf-8")) if t is Error]
        assert not bad, (path, bad[:5])


def test_the_lexer_tells_keywords_events_strings_and_comments_apart():
    lexer = pygments.lexers.get_lexer_by_name("spellcard")
    source = '# 抖M\nskill Masochist "抖M" {\n  on damage.taken when event.target == owner { draw(owner, 1) }\n}\n'
    tokens = [(t, v) for t, v in lexer.get_tokens(source) if v.strip()]
    assert (Comment.Single, "# 抖M") in tokens
    assert (Keyword.Declaration, "skill") in tokens and (Name.Class, "Masochist") in tokens
    assert (String.Double, '"抖M"') in tokens
    assert (Name.Function, "damage") in tokens and (Name.Label, "taken") in tokens
    assert (Keyword, "when") in tokens and (Name.Function, "draw") in tokens


def test_the_textmate_grammar_is_valid_and_matches_a_trigger():
    grammar = json.loads((ROOT / "editors/vscode/syntaxes/spellcard.tmLanguage.json").read_text("utf-8"))
    assert grammar["scopeName"] == "source.spellcard"
    for include in grammar["patterns"]:
        rule = grammar["repository"][include["include"].lstrip("#")]
        re.compile(rule["match"])           # these patterns use only syntax Oniguruma and Python share
    trigger = re.compile(grammar["repository"]["trigger"]["match"])
    assert trigger.search("  on damage.taken when").groups()[1:] == ("damage", ".", "taken")
