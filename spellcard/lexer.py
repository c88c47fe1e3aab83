"""A Pygments lexer for .spell files, registered as `spellcard` (the `pygments.lexers` entry point),
so docs and READMEs can highlight ```spellcard blocks. Its word lists follow grammar/spellcard.lark."""
from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

DECLARATIONS = ("pack", "enum", "attr", "counter", "zone", "hook", "query", "action", "func", "phase", "turn",
                "card", "skill", "character", "deck", "mode", "reaction")
KEYWORDS = ("on", "active", "convert", "modify", "skills", "rules", "tags", "target", "window", "do", "when",
            "repeat", "priority", "limit", "per", "from", "as", "for", "up", "to", "names", "min", "max", "reset",
            "final", "players", "without", "setup", "turn_limit", "let", "if", "elif", "else", "then", "in",
            "while", "return", "stop", "break", "continue", "cancel", "where", "map", "and", "or", "not", "grants",
            "locked", "awakening", "limited", "public", "hidden", "until", "base", "set", "use", "play", "text", "says",
            "may", "must", "against", "each", "prompt")
CONSTANTS = ("true", "false", "none")
IMPLICIT = ("owner", "event", "user", "it", "current", "self", "value", "table", "player", "round", "game")


class SpellcardLexer(RegexLexer):
    name = "Spellcard"
    aliases = ["spellcard", "spell"]
    filenames = ["*.spell"]
    mimetypes = ["text/x-spellcard"]

    tokens = {
        "root": [
            (r"\s+", Text),
            (r"#.*?$", Comment.Single),
            (r'"(?:[^"\\\n]|\\["\\nt])*"', String.Double),
            (r"(on)(\s+)([A-Za-z_]\w*)(\.)([A-Za-z_]\w*)",
             bygroups(Keyword, Text, Name.Function, Punctuation, Name.Label)),
            (r"(window)(\s+)([A-Za-z_]\w*)", bygroups(Keyword, Text, Name.Label)),
            (r"(" + "|".join(DECLARATIONS) + r")(\s+)([A-Za-z_]\w*)(?=\s*[(\"{:]|\s+\w+\s*:)",
             bygroups(Keyword.Declaration, Text, Name.Class)),
            (words(DECLARATIONS, suffix=r"\b"), Keyword.Declaration),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            (words(KEYWORDS, suffix=r"\b"), Keyword),
            (words(IMPLICIT, suffix=r"\b"), Name.Builtin.Pseudo),
            (r"[A-Za-z_]\w*(?=\s*\()", Name.Function),
            (r"[A-Z]\w*", Name.Class),
            (r"[A-Za-z_]\w*", Name),
            (r"\d+", Number.Integer),
            (r"->|==|!=|<=|>=|\+=|-=|\.\.|[-+*/%<>=?]", Operator),
            (r"[{}()\[\],.:]", Punctuation),
        ],
    }
