"""Faults inside pack functions written at their call sites (compiler/emit/calls.py): the blame and
the sentence are the ones the call would have given, naming the function's own statement."""
import pytest

from spellcard.compiler.emit import calls as emit_calls

from .test_faults import pack_and_fault

FUNCS = """card Token "t" { }
attr card weight: int = 1
func heavy(c: card) -> bool = c.weight > 0
func ratio(n: int) -> int = 3 / n
counter table tally
func spill() { tally = 3 / (count(pile) - count(pile)) }
"""
EMPTIED = "if count(pile) > 0 {\n    move(pile, owner.hand)\n"

DESIGNERS = {
    "heavy": 'skill Spin "s" locked { on main.start {\n  ' + EMPTIED +
             '    let t = first(pile)\n    if heavy(t) { owner.score = 1 }\n  }\n} }\n',
    "ratio": 'skill Spin "s" locked { on main.start {\n  let z = owner.score - owner.score\n'
             '  owner.score = ratio(z)\n} }\n',
    "spill": 'skill Spin "s" locked { on main.start {\n  ' + EMPTIED + '    spill()\n  }\n} }\n',
}


def _play(designer: str):
    return pack_and_fault(FUNCS, designer)


@pytest.mark.parametrize("name", sorted(DESIGNERS))
def test_a_fault_in_a_function_written_in_place_is_the_one_its_call_gives(name, monkeypatch):
    pack, err = _play(DESIGNERS[name])
    assert not any(f"f_{name}(" in line for line in pack.emitted if "mine.spell" in line)   # in place
    with monkeypatch.context() as m:
        m.setattr(emit_calls, "_shape", lambda em, name: None)                  # every call a call
        called, as_called = _play(DESIGNERS[name])
    assert any(f"f_{name}(" in line for line in called.emitted if "mine.spell" in line)
    assert (err.where, err.sentence) == (as_called.where, as_called.sentence)


def test_what_a_fault_in_place_says():
    """The function's own line is named: where the none went in, or where the fault is."""
    _, err = _play(DESIGNERS["heavy"])
    assert err.where == "mine.spell:5:5"
    assert err.sentence.startswith("`t` is none here: `first` found an empty list (it reached t.spell:")
    _, err = _play(DESIGNERS["ratio"])
    assert err.where.startswith("t.spell:") and err.sentence == "division by zero"
    _, err = _play(DESIGNERS["spill"])
    assert err.where.startswith("t.spell:") and err.sentence == "division by zero"
