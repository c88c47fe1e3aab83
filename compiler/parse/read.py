"""Source text → parse tree, with every failure turned into a diagnostic (never a traceback).

compiler/parse/fast/parser.py reads a file first; where it gives up (any syntax error, a `test` declaration,
anything else it does not accept), Lark reads it with grammar/spellcard.lark, the reference, and
every diagnostic below is Lark's. Lark is imported only then."""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import accumulate
from typing import Optional

from spellcard.runtime.limits import MAX_NAME, MAX_SOURCE_BYTES, MAX_STRING, kb

from spellcard.compiler.ast import Span
from spellcard.compiler.text.diagnostics import Diagnostic
from spellcard.compiler.text.safe import code_marks, marks_in

from .fast.parser import read_tree
from .prescan import long_string

MAX_NESTING = 200
_DEPTH_STEP = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1, "": 0}
# Every later stage (build, check, emit, Python's own compiler) walks the tree recursively, and the
# emitted Python may nest parentheses at most 200 deep: refuse deeper trees here, with a diagnostic.
# Real rule files stay under 20 levels.
MAX_DEPTH = 100
MAX_DIGITS = 15

# What the designer would call a token, for "expected …" messages.
TOKEN_WORDS = {
    "LBRACE": "`{`", "RBRACE": "`}`", "LPAR": "`(`", "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`",
    "COMMA": "`,`", "COLON": "`:`", "DOT": "`.`", "EQUAL": "`=`", "NAME": "a name", "STRING": "a string",
    "INT": "a number", "MINUS": "`-`", "COMPOP": "a comparison", "AUGOP": "`+=` or `-=`", "__ANON_0": "`->`",
    "$END": "end of file", "OWNER": "`card`, `player`, `table` or `character`",
    "VISIBILITY": "`public`, `owner`, `others` or `hidden`", "SCOPE": "`phase`, `turn`, `round` or `game`",
    "PURPOSE": "`use` or `play`", "SKILL_KIND": "`locked`, `awakening` or `limited`",
    "ADDOP": "`+` or `-`", "CARD_SPEC": "a card (`Danmaku♠7`)", "T_ALWAYS": "`always`",
}


@lru_cache(maxsize=1)
def parser():
    """Lark's parser for the language: the reference, and the one that tells what is wrong."""
    from importlib import resources

    from lark import Lark
    grammar = resources.files("spellcard.grammar").joinpath("spellcard.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", strict=True, propagate_positions=True,
                maybe_placeholders=True, cache=True)


def too_large(path: str, size: int) -> Optional[Diagnostic]:
    """A file's size checked before any work on it (decoding, parsing): every way a file comes in
    (check, test, compile, `--with`, the language server) passes here, through decode()."""
    if size <= MAX_SOURCE_BYTES:
        return None
    return Diagnostic("error", f"the file is larger than {kb(MAX_SOURCE_BYTES)}, the most one .spell file may hold",
                      Span(path, 1, 1, 1, 2), "split it into several files in the pack's folder")


def decode(path: str, data: bytes) -> tuple[Optional[str], Optional[Diagnostic]]:
    """Bytes → text, refusing what is not a readable source file (a file too large first)."""
    problem = too_large(path, len(data))
    if problem:
        return None, problem
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
    if max(accumulate(map(_DEPTH_STEP.__getitem__, marks_in(text, "([{)]}"))), default=0) <= MAX_NESTING:
        return None             # nearly every file: counted without a step of Python's a bracket
    depth = 0
    for i, ch in code_marks(text, "([{)]}"):
        if ch in "([{":
            depth += 1
            if depth > MAX_NESTING:
                line, col = text.count("\n", 0, i) + 1, i - text.rfind("\n", 0, i)
                return Diagnostic("error", f"brackets nested more than {MAX_NESTING} deep",
                                  Span(path, line, col, line, col + 1),
                                  "split the expression with `let` bindings")
        else:
            depth -= 1
    return None


DECLARATION_WORDS = {"pack", "enum", "attr", "counter", "zone", "hook", "query", "action", "func", "phase",
                     "turn", "card", "skill", "character", "deck", "mode", "show", "harness", "search", "score", "anytime",
                     "invariant", "reaction"}


def _open_brace_line(text: str, pos: int) -> Optional[int]:
    """The line of the innermost `{` still open at `pos` (strings and comments skipped)."""
    stack: list[int] = []
    line = 1
    for _, ch in code_marks(text, "{}\n", end=pos):
        if ch == "\n":
            line += 1
        elif ch == "{":
            stack.append(line)
        elif stack:
            stack.pop()
    return stack[-1] if stack else None


def _tree_problem(path: str, tree) -> Optional[Diagnostic]:
    """Too deep a tree, or a number, name or string too long for a rule (checked without recursion)."""
    stack = [(tree, 1, None)]
    while stack:
        node, depth, where = stack.pop()
        if isinstance(node, str):                      # a token (Lark's or the fast parser's)
            if node.type == "INT" and len(node) > MAX_DIGITS:
                return Diagnostic("error", f"the number `{str(node)[:20]}…` is too large ({len(node)} digits)",
                                  Span(path, node.line, node.column, node.line, node.column + len(node)),
                                  f"numbers in rules have at most {MAX_DIGITS} digits")
            if node.type == "NAME" and len(node) > MAX_NAME:
                return Diagnostic("error", f"the name `{str(node)[:20]}…` is too long ({len(node)} characters)",
                                  Span(path, node.line, node.column, node.line, node.column + len(node)),
                                  f"names have at most {MAX_NAME} characters")
            if node.type == "STRING" and len(node) - 2 > MAX_STRING:
                return Diagnostic("error", f"this string is too long ({len(node) - 2} characters)",
                                  Span(path, node.line, node.column, node.line, node.column + len(node)),
                                  f"strings have at most {MAX_STRING} characters")
            continue
        meta = node.meta
        if not getattr(meta, "empty", True) and hasattr(meta, "line"):
            where = (meta.line, meta.column)
        if depth > MAX_DEPTH:
            line, col = where or (1, 1)
            return Diagnostic("error", f"this is nested more than {MAX_DEPTH} levels deep",
                              Span(path, line, col, line, col + 1),
                              "split it up with `let` bindings or helper functions")
        stack.extend((child, depth + 1, where) for child in node.children if child is not None)
    return None


def _expected(tokens) -> str:
    words = sorted({TOKEN_WORDS.get(t, f"`{t.lower()}`" if t.isupper() and not t.startswith("__") else t)
                    for t in tokens})
    if len(words) > 8:
        words = words[:8] + ["…"]
    return ", ".join(words)


def _span_of_error(path: str, err, text: str) -> Span:
    line = getattr(err, "line", None)
    col = getattr(err, "column", None)
    if not isinstance(line, int) or line < 1:
        lines = text.split("\n")
        line, col = len(lines), len(lines[-1]) + 1
    token = getattr(err, "token", None)
    width = len(str(token)) if isinstance(token, str) and token.type != "$END" else 1
    return Span(path, line, col, line, col + max(1, min(width, 80)))


# The patterns of a file the fast parser could not read are compiled on first use (by re's cache):
# a file that reads needs none of them.
_WORD = r"[A-Za-z_][A-Za-z0-9_]*\Z"
_PACK_BRACE = r'(?:^|\n)\s*pack\s+([A-Za-z_]\w*)\s+"([^"\n]*)"\s*\{[^{}]*\Z'


def _demote_keyword(err) -> bool:
    """Keywords are reserved only where they can start a clause. LALR merges the states after an
    expression or a `}` across contexts, so a word like `card` or `target` may lex as a keyword
    where the parser in fact wants a name: feed it as the name it is, and go on."""
    from lark import Token
    from lark.exceptions import UnexpectedToken
    if isinstance(err, UnexpectedToken) and "NAME" in err.expected and re.match(_WORD, str(err.token)):
        err.interactive_parser.feed_token(Token.new_borrow_pos("NAME", str(err.token), err.token))
        return True
    return False


def parse(path: str, text: str) -> tuple[Optional[object], Optional[Diagnostic]]:
    """The file's parse tree (Lark's, or the fast parser's equal one), or the diagnostic of its first fault."""
    problem = long_string(path, text) or _nesting_problem(path, text)
    if problem:
        return None, problem
    tree, resume = read_tree(text)
    if tree is not None:
        problem = _tree_problem(path, tree)
        return (None, problem) if problem else (tree, None)
    return _lark_parse(path, text, resume)


def _lark_parse(path: str, text: str, resume: int = 0):
    """Lark's tree or first fault. `resume`: where the declaration the fast parser stopped in begins;
    Lark reads from there first (the text before it blanked, so every place stays where it was), and
    the whole file only if that part reads: a fault near the end of a large file costs Lark that
    declaration, not the file (a 3.8 MB file: 21 s and 420 MB before)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
    try:
        if resume:
            parser().parse(re.sub(r"[^\n]", " ", text[:resume]) + text[resume:], on_error=_demote_keyword)
        tree = parser().parse(text, on_error=_demote_keyword)
        problem = _tree_problem(path, tree)
        return (None, problem) if problem else (tree, None)
    except UnexpectedCharacters as err:
        span = _span_of_error(path, err, text)
        ch = text[err.pos_in_stream] if 0 <= err.pos_in_stream < len(text) else "?"
        if ch == '"':
            return None, Diagnostic("error", "unclosed string", span,
                                    'close it with `"` on the same line (write \\n for a line break)')
        help = None
        shown = ch if ch.isprintable() else f"U+{ord(ch):04X}"     # never echo control characters
        if ord(ch) > 127 and ch.isalpha():
            end = err.pos_in_stream                                  # underline the whole word
            while end < len(text) and ord(text[end]) > 127 and text[end].isalnum():
                end += 1
            span = Span(path, span.line, span.col, span.line, span.col + max(1, end - err.pos_in_stream))
            word = text[err.pos_in_stream:end]
            help = f'give it an ASCII name and keep `{word}` as its display name, in quotes: `Name "{word}"`'
            return None, Diagnostic("error", f"names are written in ASCII letters, digits and `_`; `{word}` is not",
                                    span, help)
        elif ch == ";":
            help = "statements need no `;`"
        return None, Diagnostic("error", f"unexpected character `{shown}`", span, help)
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
        what = f"`{tok}`" if len(tok) <= 40 else f"`{str(tok)[:40]}…`"    # a 1 MB token helps nobody
        message = f"unexpected {what}"
        help = f"expected {_expected(err.expected)}"
        code = None
        history = [t for t in (getattr(err, "token_history", None) or []) if t is not None]
        before = text[:getattr(tok, "start_pos", 0) or 0].rstrip()
        start = getattr(tok, "start_pos", 0) or 0
        if tok.type == "EQUAL" and start > 0 and text[start - 1] == "=" and history \
                and history[-1].type == "EQUAL" and "EQUAL" not in err.expected:     # `==` lexed as `=` `=`
            message = "a comparison cannot stand alone as a statement"
            help = "to test it, write `if … { … }`; to assign, use a single `=`"
        elif tok.type == "EQUAL" and "EQUAL" not in err.expected and before \
                and (before[-1].isalnum() or before[-1] in ')]"_'):
            help = "to compare, write `==`"        # `=` right after a value: a comparison was meant
        elif "AUGOP" in err.expected and tok.type in ("MINUS", "ADDOP", "MULOP", "COMPOP", "PLUS", "STAR", "SLASH"):
            message = "a calculation cannot stand alone as a statement"
            help = "to change a value, write `x -= 1` or `x = …`; to test one, use `if`"
        elif str(tok) == "extends" and (header := re.search(_PACK_BRACE, before)):
            message, code = "`extends` belongs to the pack line, before its braces", "pack-line"
            base = re.match(r'extends\s+([A-Za-z_]\w*(?:\s*[<>=!]=?\s*"[^"\n]*")?)', text[start:])
            line = before.count("\n", 0, header.start(1)) + 1
            help = (f"move `extends {base.group(1) if base else 'BASE'}` before the `{{` of the pack line "
                    f"(line {line}): `pack {header.group(1)} \"…\" extends … {{`")
        elif "RBRACE" in err.expected and tok.type != "NAME" and str(tok) in DECLARATION_WORDS:
            message = f"`{tok}` starts a new declaration, but the one above is not closed"
            opened = _open_brace_line(text, tok.start_pos)
            help = "a `}` is missing above" + (f"; the `{{` on line {opened} is still open" if opened else "")
        elif "RBRACE" in err.expected and tok.type in ("NAME",) and len(err.expected) < 4:
            help += "; is a `}` missing above?"
        elif set(err.expected) == {"FROM"} and re.search(r"\btarget\s+from$", before):
            message = "`target` needs a number of targets before `from`"
            help = "write `target 1 from …`, `target up to 2 from …`, or `target self`"
        return None, Diagnostic("error", message, span, help, code)
    except UnexpectedInput as err:   # pragma: no cover - the three above are all Lark raises
        return None, Diagnostic("error", "cannot read this", _span_of_error(path, err, text))
    except RecursionError:
        return None, Diagnostic("error", "the file is nested too deeply to read", Span(path, 1, 1, 1, 2))
