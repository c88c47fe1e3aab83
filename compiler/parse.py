"""Source text → Lark parse tree, with every failure turned into a diagnostic (never a traceback)."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Optional

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .ast import Span
from .diagnostics import Diagnostic

MAX_NESTING = 200

# What the designer would call a token, for "expected …" messages.
TOKEN_WORDS = {
    "LBRACE": "`{`", "RBRACE": "`}`", "LPAR": "`(`", "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`",
    "COMMA": "`,`", "COLON": "`:`", "DOT": "`.`", "EQUAL": "`=`", "NAME": "a name", "STRING": "a string",
    "INT": "a number", "MINUS": "`-`", "COMPOP": "a comparison", "AUGOP": "`+=` or `-=`", "__ANON_0": "`->`",
    "$END": "end of file", "OWNER": "`card`, `player`, `table` or `character`",
    "VISIBILITY": "`public`, `owner` or `hidden`", "SCOPE": "`phase`, `turn`, `round` or `game`",
    "PURPOSE": "`use` or `play`", "SKILL_KIND": "`locked`, `awakening` or `limited`",
}


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = resources.files("spellcard.grammar").joinpath("spellcard.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", strict=True, propagate_positions=True,
                maybe_placeholders=True, cache=True)


def decode(path: str, data: bytes) -> tuple[Optional[str], Optional[Diagnostic]]:
    """Bytes → text, refusing what is not a readable source file."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        return None, Diagnostic("error", f"the file is not valid UTF-8 (byte 0x{data[err.start]:02x})",
                                Span(path, line, col, line, col + 1),
                                "save the file as UTF-8 text")
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        return None, Diagnostic("error", "the file contains a NUL byte; is it a binary file?",
                                Span(path, line, col, line, col + 1), "a .spell file is plain UTF-8 text")
    return text.lstrip("\ufeff"), None


def _nesting_problem(path: str, text: str) -> Optional[Diagnostic]:
    depth = 0
    line, col = 1, 0
    in_string = in_comment = False
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
            in_comment = in_string = False
            continue
        if in_comment:
            continue
        if in_string:
            in_string = ch != '"'
            continue
        if ch == "#":
            in_comment = True
        elif ch == '"':
            in_string = True
        elif ch in "([{":
            depth += 1
            if depth > MAX_NESTING:
                return Diagnostic("error", f"brackets nested more than {MAX_NESTING} deep",
                                  Span(path, line, col, line, col + 1),
                                  "split the expression with `let` bindings")
        elif ch in ")]}":
            depth -= 1
    return None


def _expected(tokens) -> str:
    words = sorted({TOKEN_WORDS.get(t, f"`{t.lower()}`" if t.isupper() and not t.startswith("__") else t)
                    for t in tokens})
    if len(words) > 8:
        words = words[:8] + ["…"]
    return ", ".join(words)


def _span_of_error(path: str, err: UnexpectedInput, text: str) -> Span:
    line = getattr(err, "line", None)
    col = getattr(err, "column", None)
    if not isinstance(line, int) or line < 1:
        lines = text.split("\n")
        line, col = len(lines), len(lines[-1]) + 1
    token = getattr(err, "token", None)
    width = len(str(token)) if isinstance(token, Token) and token.type != "$END" else 1
    return Span(path, line, col, line, col + max(1, min(width, 80)))


def parse(path: str, text: str) -> tuple[Optional[Tree], Optional[Diagnostic]]:
    problem = _nesting_problem(path, text)
    if problem:
        return None, problem
    try:
        return parser().parse(text), None
    except UnexpectedCharacters as err:
        span = _span_of_error(path, err, text)
        ch = text[err.pos_in_stream] if 0 <= err.pos_in_stream < len(text) else "?"
        if ch == '"':
            return None, Diagnostic("error", "unclosed string", span,
                                    'close it with `"` on the same line (write \\n for a line break)')
        help = None
        if ord(ch) > 127:
            help = "identifiers are ASCII; put display names in a string such as \"彈幕\""
        elif ch == ";":
            help = "statements need no `;`"
        return None, Diagnostic("error", f"unexpected character `{ch}`", span, help)
    except UnexpectedEOF as err:
        span = _span_of_error(path, err, text)
        return None, Diagnostic("error", "the file ends in the middle of a declaration", span,
                                f"expected {_expected(err.expected)}")
    except UnexpectedToken as err:
        span = _span_of_error(path, err, text)
        tok = err.token
        if tok.type == "$END":
            return None, Diagnostic("error", "the file ends in the middle of a declaration", span,
                                    f"expected {_expected(err.expected)}; is a `}}` missing?")
        what = f"`{tok}`"
        help = f"expected {_expected(err.expected)}"
        if tok.type == "EQUAL" and "EQUAL" not in err.expected:
            help = "to compare, write `==`"
        elif "RBRACE" in err.expected and tok.type in ("NAME",) and len(err.expected) < 4:
            help += "; is a `}` missing above?"
        return None, Diagnostic("error", f"unexpected {what}", span, help)
    except UnexpectedInput as err:   # pragma: no cover - the three above are all Lark raises
        return None, Diagnostic("error", "cannot read this", _span_of_error(path, err, text))
    except RecursionError:
        return None, Diagnostic("error", "the file is nested too deeply to read", Span(path, 1, 1, 1, 2))
