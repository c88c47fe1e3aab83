"""Issue 8, item 6: sizes are bounded (runtime/limits.py, docs/language.md "Limits"), each past its
limit a located error at check time or a fault at the `.spell` line while a game runs."""
from __future__ import annotations

from spellcard.compiler.pack.loader import Source, compile_sources, read_sources
from spellcard.runtime import limits
from spellcard.runtime.engine.game import Game
from spellcard.runtime.limits import SizeLimit

HEAD = 'pack p "p"\n'


def errors_of(*files: tuple[str, str]) -> list[str]:
    result = compile_sources([Source(name, text.encode()) for name, text in files], use_cache=False)
    return [d.render() for d in result.diagnostics if d.is_error]


def test_a_file_past_the_source_limit_is_refused_at_its_first_line():
    [error] = errors_of(("big.spell", HEAD + "# filler\n" * (limits.MAX_SOURCE_BYTES // 9 + 1)))
    assert error.startswith("big.spell:1:1: error: the file is larger than 4.0 MB")


def test_a_huge_file_is_read_no_further_than_the_limit(tmp_path):
    path = tmp_path / "huge.spell"
    path.write_bytes(b"#" * (4 * limits.MAX_SOURCE_BYTES))
    [src] = read_sources([path])
    assert len(src.data) == limits.MAX_SOURCE_BYTES + 1


def test_a_pack_past_the_total_limit_is_refused_at_the_file_that_crosses_it():
    filler = "# filler\n" * (limits.MAX_SOURCE_BYTES // 10)
    crossing = (limits.MAX_PACK_BYTES - len(HEAD)) // len(filler)     # the file whose bytes pass the total
    files = [("a.spell", HEAD)] + [(f"f{i}.spell", filler) for i in range(crossing + 1)]
    [error] = errors_of(*files)
    assert error.startswith(f"f{crossing}.spell:1:1: error: with this file the pack's sources pass {limits.kb(limits.MAX_PACK_BYTES)}")


def test_a_long_name_is_refused_where_it_stands():
    [error] = errors_of(("n.spell", HEAD + "counter player " + "a" * 5000 + "\n"))
    assert error.startswith("n.spell:2:16: error: the name `aaaaaaaaaaaaaaaaaaaa…` is too long (5000 characters)")
    assert max(map(len, error.split("\n"))) <= 200


def test_a_long_string_is_refused_where_it_stands():
    [error] = errors_of(("s.spell", HEAD + 'func f() { say("' + "x" * 10_000 + '") }\n'))
    assert error.startswith("s.spell:2:16: error: this string is too long (10000 characters)")


def test_a_deck_past_the_limit_is_refused_at_the_entry_that_crosses_it():
    entries = "".join('  C "' + "♠1" * 2000 + '"\n' for _ in range(6))
    text = HEAD + 'enum S { a "♠" }\nattr card s: S\nattr card n: int\ncard C "c" { }\ndeck d (s, n) {\n' + entries + "}\n"
    [error] = errors_of(("d.spell", text))
    assert error.startswith("d.spell:12:3: error: with these copies the deck `d` passes 10000 cards")


def test_a_mode_seating_more_than_the_limit_is_refused():
    errors = errors_of(("m.spell", HEAD + 'phase main "m"\nturn main\nmode M "m" { players 2..999999999999999 }\n'))
    assert errors == [e for e in errors if "m.spell:4:1" in e] and "a game seats at most 100" in errors[0]


def test_a_list_doubled_in_a_loop_stops_at_its_line():
    text = HEAD + 'phase main "main" {\n  let xs = [1]\n  repeat 40 { xs = xs + xs }\n}\nturn main\nmode M "m" { players 2 }\n'
    result = compile_sources([Source("grow.spell", text.encode())], use_cache=False)
    assert result.ok, result.render()
    outcome = Game(result.pack, "M", 2).play()
    assert outcome.reason == "error"
    assert isinstance(outcome.error.original, SizeLimit)
    assert str(outcome.error).startswith("grow.spell:4:15: SizeLimit: a list grew to 131072 items")
