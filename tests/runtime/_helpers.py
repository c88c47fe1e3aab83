"""The tiny test pack the runtime's fault and budget tests build on: two players, one action with
its windows, one phase."""
from spellcard.compiler.pack.loader import Source, compile_sources

TINY_PACK = """pack t "test"
counter player score
zone pile: table hidden
zone hand: player owner
action ping(who: player) {
  window before
  do { who.score += 1 }
  window after
}
phase main "main" { ping(player) }
turn main
"""


def compiled(files: dict):
    """The pack of `files` (name: text), which must compile cleanly."""
    result = compile_sources([Source(name, text.encode()) for name, text in files.items()], use_cache=False)
    assert result.ok, result.render()
    return result.pack
