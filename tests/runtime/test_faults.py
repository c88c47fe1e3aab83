"""Faults of rule code at run time: each names the .spell line to blame, in the language's terms."""
import pytest

from spellcard.runtime.errors import PackFault
from spellcard.runtime.engine.game import Game

from ._helpers import TINY_PACK, compiled

# A pack function, in the pack's own file, that faults on a none handed to it.
PACK_FUNCS = """card Token "t" { }
func mark(c: card) { set_card_value(c, "x", 1) }
func mark_all(cs: cards) { let rest = cs for c in rest { mark(c) } }
"""

# The checker proves most none flows wrong before a game runs; what it cannot see is a pool emptied
# between its guard and its use, so each designer rule below empties the pile it just counted.
EMPTIED = "if count(pile) > 0 {\n    move(pile, owner.hand)\n"


def fault_of(designer: str, base_name: str = "t.spell", log: bool = False) -> PackFault:
    """Play a game whose players hold the designer's skill `Spin`; it must end in a PackFault."""
    return pack_and_fault(PACK_FUNCS, designer, base_name, log)[1]


def pack_and_fault(funcs: str, designer: str, base_name: str = "t.spell", log: bool = False):
    """The compiled pack (the tiny one, `funcs` and the designer's file) and the fault its game ends in."""
    pack = compiled({base_name: TINY_PACK + funcs, "mine.spell": designer})
    g = Game(pack, None, 2, log=log)

    def setup(g):
        g.move([g.make_card("Token", {})], g.z["pile"])
        for p in g.players:
            g.grant(p, g.pack.skills["Spin"])
    result = g.play(setup=setup)
    assert result.reason == "error" and isinstance(result.error, PackFault), result.error
    return pack, result.error


def test_a_none_passed_into_pack_functions_is_blamed_on_the_designers_line():
    err = fault_of('skill Spin "s" locked { on main.start {\n  ' + EMPTIED +
                   '    let t = first(pile)\n'
                   '    mark_all([t])\n  }\n} }\n')
    assert err.where == "mine.spell:5:5"
    assert err.sentence.startswith("`t` is none here: `first` found an empty list (it reached t.spell:")
    assert "NoneType" not in str(err) and "attribute" not in str(err)


def test_a_none_made_in_place_names_the_built_in_that_gave_it():
    err = fault_of('skill Spin "s" locked { on main.start {\n  ' + EMPTIED +
                   '    mark(choose_card(owner, pile, "which?"))\n  }\n} }\n')
    assert err.where == "mine.spell:4:5"
    assert err.sentence.startswith("`choose_card(…)` is none here: `choose_card` found no card to choose")


def test_a_none_passed_into_an_action_is_blamed_on_the_line_that_ran_it():
    """An action step names its parameter as the designer wrote it, and a none that came in as one
    is followed out through the action's emitted body to the call."""
    err = fault_of('action tag(c: card) {\n  do { set_card_value(c, "x", 1) }\n}\n'
                   'skill Spin "s" locked { on main.start {\n  ' + EMPTIED +
                   '    let t = first(pile)\n'
                   '    tag(t)\n  }\n} }\n')
    assert err.where == "mine.spell:8:5"
    assert err.sentence == "`t` is none here: `first` found an empty list (it reached mine.spell:2:8)"


def test_division_by_zero_names_its_line():
    err = fault_of('skill Spin "s" locked { on main.start {\n  owner.score = 3 / (owner.score - owner.score)\n} }\n')
    assert str(err) == "mine.spell:2:3: division by zero"


def test_a_card_value_on_none_names_its_line():
    err = fault_of('skill Spin "s" locked { on main.start {\n  ' + EMPTIED + '    let c = first(pile)\n'
                   '    set_card_value(c, "x", 1)\n  }\n} }\n')
    assert err.where == "mine.spell:5:5" and err.sentence == "`c` is none here: `first` found an empty list"


def test_a_file_name_holding_the_comment_marker_keeps_its_place():
    """Places come from the module's line table: a `  # ` in a file name cannot cut them short."""
    err = fault_of('skill Spin "s" locked { on main.start {\n  ' + EMPTIED + '    mark(first(pile))\n  }\n} }\n',
                   base_name="we  # ird.spell")
    assert err.sentence.endswith("(it reached we  # ird.spell:13:22)")


@pytest.mark.parametrize("decl, sentence", [
    ("counter player max_hp = 3 / (count(players()) - count(players()))", "division by zero"),
    ("attr player early: int = self.score", "`score` is read before it has a value"),
])
def test_a_fault_while_the_game_is_made_is_a_located_rule_fault(decl, sentence):
    pack = compiled({"t.spell": TINY_PACK, "mine.spell": decl + "\n"})
    result = Game(pack, None, 2).play()
    assert result.reason == "error" and isinstance(result.error, PackFault)
    assert result.error.where.startswith("mine.spell:1:")
    assert result.error.sentence.startswith(sentence + ", while the game was being made")


@pytest.mark.parametrize("log", [False, True])
def test_built_ins_take_a_zone_for_a_list_whether_or_not_the_game_is_logged(log):
    """Every built-in with a list parameter is called with a zone (a zone stands for its cards)."""
    from spellcard.runtime.builtins import SIGNATURES
    sample = {"player": "owner", "int": "1", "text": '"x"', "kind": "Token", "bool": "false", "any": "none",
              "zone": "pile", "skill?": "none", "players": "players()", "texts": '["x"]', "ints": "[1]"}
    calls = []
    for name, sig in SIGNATURES.items():
        params = [p.split("=")[0].strip() for p in sig.split("(", 1)[1].rsplit(")", 1)[0].split(",") if p]
        types = [p.split(":")[1].strip() for p in params]
        if any(t in ("list", "cards") for t in types):
            calls.append(f"{name}(" + ", ".join("hand_of(owner)" if t in ("list", "cards") else sample[t]
                                                 for t in types) + ")")
    assert "reveal(hand_of(owner))" in calls and "virtual(Token, hand_of(owner), none)" in calls
    gives = {name for name, sig in SIGNATURES.items() if "->" in sig}     # the rest are statements
    body = "\n".join(f"  let x{i} = {c}" if c.split("(")[0] in gives else f"  {c}" for i, c in enumerate(calls))
    text = (TINY_PACK + 'card Token "t" { }\nfunc hand_of(p: player) -> zone { return p.hand }\n'
            'skill Spin "s" locked { on main.start when current == owner {\n' + body + '\n  say("done")\n} }\n')
    pack = compiled({"t.spell": text})
    g = Game(pack, None, 2, log=log)
    g.start(setup=lambda g: [g.grant(p, g.pack.skills["Spin"]) for p in g.players])
    for p in g.players:
        g.move([g.make_card("Token", {}), g.make_card("Token", {})], p.z["hand"])
    g.run_turn(g.players[0])            # no exception: every call took the zone


def test_the_zone_of_a_none_card_read_in_place_names_its_line():
    """`c.zone` of a name is written in place (compiler/emit/emitter.py, as zone_of): a none still names
    the line and where the none came from."""
    err = fault_of('skill Spin "s" locked { on main.start {\n  ' + EMPTIED + '    let c = first(pile)\n'
                   '    if c.zone == owner.hand { owner.score = 1 }\n  }\n} }\n')
    assert err.where == "mine.spell:5:5" and err.sentence == "`c` is none here: `first` found an empty list"
