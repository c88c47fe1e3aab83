"""The fast parser's direct way: each node handed to the AST builder as it is read, no tree made
(the hot path of a cold check; compiler/parse/fast/parser.py reads the same way into Lark's tree)."""
from __future__ import annotations

from .lex import GiveUp, TooLong, tokenize
from .parser import _Parser


def read_direct(text: str, builder, max_depth: int, max_digits: int, max_name: int, max_string: int):
    """What `builder` (compiler/build/builder.py's) makes of the tree read_tree would give, each node
    handed to it as it is read, no tree made, and None; or None and where the top-level declaration
    the parser gave up in begins (as read_tree tells it: Lark need read no earlier); or None and None
    where the tree breaks a limit (parse() says which)."""
    p = None
    try:
        p = _Direct(tokenize(text), builder, {"INT": max_digits, "NAME": max_name, "STRING": max_string + 2})
        module = p.start()
    except (TooLong, RecursionError):         # parse() says which limit, or reads the file with fewer frames
        return None, None
    except GiveUp:
        return None, p.resume() if p is not None else 0
    return (module, None) if p.deepest <= max_depth else (None, None)


class _Direct(_Parser):
    """The same reading, each node handed to the builder's method of the rule's name as it is made.

    Heights are kept as the tree's would be: nodes are made children first, so the nodes made since
    a rule began (those starting at or after its first token) and not yet taken by a parent are its
    children; `open` holds (first token, height) of each of those."""

    def __init__(self, toks: list[tuple], builder, longest: dict):
        super().__init__(toks)
        self.rules = {}
        self.builder = builder
        self.longest = longest
        self.open: list[tuple[int, int]] = []
        self.deepest = 0

    def node(self, data: str, children: list, s: int):
        """The builder's node over the tokens from index `s` to the last one read (none: meta None)."""
        i = self.i
        if s < i:
            _, _, _, line, col = self.t[s]
            _, v, _, eline, ecol = self.t[i - 1]
            meta = (line, col, eline, ecol + len(v))
        else:
            meta = None
        rule = self.rules.get(data)
        if rule is None:
            rule = self.rules[data] = getattr(self.builder, data)
        open_ = self.open
        height = 1
        while open_ and open_[-1][0] >= s:
            below = open_.pop()[1]
            if below >= height:
                height = below + 1
        open_.append((s, height))
        if height > self.deepest:
            self.deepest = height
        return rule(meta, children)

    def empty(self, data: str, children: list):
        return self.node(data, children, self.i)
