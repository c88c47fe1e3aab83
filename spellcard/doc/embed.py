"""What every page the tools write (the doc site, the replay viewer, the balance report) shares: data
carried in a page so that no text in it can change the page's structure, and the one stylesheet.

A page's data rides in `<script type="application/json">` (never run) and is read back with
`JSON.parse(textContent)`. Escaping `</` alone is not enough there: `<!--<script>` in a card's label
puts the HTML tokenizer in its "double-escaped" state, where the block's own `</script>` no longer
ends it and the page's script is swallowed. So `<`, `>` and `&` are written as `\\u003c`, `\\u003e`,
`\\u0026` (and U+2028, U+2029 escaped too, for a reader that takes the text as JavaScript): the
block then holds none of the characters HTML gives a meaning to, and JSON reads the same values.
"""
from __future__ import annotations

import json
from importlib import resources

_UNSAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
           0x2028: "\\u2028", 0x2029: "\\u2029"}


def json_for_html(data) -> str:
    """`data` as JSON that is inert inside any HTML element or a JavaScript source (see above).
    The escaped characters can only occur inside JSON strings, where `\\uXXXX` reads as themselves."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).translate(_UNSAFE)


def static(name: str) -> str:
    """A shared file of spellcard/doc/templates (style.css, replay.js …): written beside the doc
    site's pages, and inlined into the one-file pages (the replay viewer, the balance report)."""
    return resources.files("spellcard.doc").joinpath("templates", name).read_text("utf-8")
