"""A reaction read back as rules text and by `explain`: in the pack's words (its labels, its actions'
`says`), saying who may respond and whether the first who does ends the asking."""
from pathlib import Path

from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import front_end, read_sources, resolve
from spellcard.compiler.text.rules import rules_text

PACK = str(Path(__file__).parent / "data" / "coup")


def _texts():
    syms, _, diags = front_end(read_sources(resolve(PACK)))
    assert not diags.has_errors
    return {name: rules_text(syms, d) for name, d in syms.reactions.items()}


def test_a_reaction_reads_in_the_packs_words():
    challenge = _texts()["Challenge"]
    assert challenge["en"].startswith("Before “the claimer claims the role”, every player but the claimer, in turn order")
    assert "may Challenge (the first who does ends the asking)" in challenge["en"]
    assert "the responder loses an influence" in challenge["en"]         # `player`, named by its role
    assert challenge["zh"].startswith("當該玩家聲稱有該牌名前，該玩家以外的角色從其下家起依次可以【質疑】")
    assert "響應者失去一點影響力" in challenge["zh"]
    assert "any time" not in challenge["en"] and "任意" not in challenge["zh"]


def test_who_is_asked_by_ask_and_against():
    block = _texts()["Block"]
    assert "the players, in that order (never the actor), may Block" in block["en"]
    assert "這些玩家（該玩家除外）依次可以【阻擋】" in block["zh"]


def test_explain_shows_a_reaction_and_the_reactions_at_an_actions_window():
    run = CliRunner().invoke
    out = run(cli, ["explain", PACK, "Challenge"]).output
    assert out.startswith("reaction Challenge “質疑”") and "printed text Any other player" in out
    assert "window       claim.made" in out and "closes       at the first who responds" in out
    assert "claim.made  ← Challenge" in run(cli, ["explain", PACK, "claim"]).output
