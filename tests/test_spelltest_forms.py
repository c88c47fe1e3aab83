"""The test language's forms for every owner and every family (docs/testing.md): names read by the
type the pack declares, card values, table-driven tests, every-seat defaults, `never asked` /
`never offered`, a game's end and the mode in reports, numbers, enum members and cards by attributes."""
import json
import re

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

ESPER_SEATS = '''
  seats P0, P1
  put P0.roster: Anna, Yuri, Lisalina
  put P1.roster: GuanZixiao, Lantis, Anna
  call seat_characters(P0, P0.roster)
  call seat_characters(P1, P1.roster)
'''

TILES = '''
pack tiles "Tiles" { version "1.0.0" }
enum Colour { red "紅", blue "藍" }
attr card colour: Colour
attr card rank: int = 0
card Tile "牌" { text "a tile" }
deck tiles (colour, rank) {
  Tile "紅1 紅2 紅7 藍7"
}
zone deck: table hidden
zone hand: player owner
zone played: player public
attr table picked: int?
attr table named: Colour?
phase play_phase "出牌" {
  let t = choose_card(player, player.hand, "play a tile")
  if t != none { move([t], player.played) }
  picked = choose(player, [1, 2, 3], "pick a number")
  named = choose(player, [red, blue], "name a colour")
}
turn play_phase
mode Solo "單人" { players 1..2 deck tiles setup { build_deck(deck) } }
harness deck = deck
'''


def run(*args):
    return CliRunner().invoke(cli, list(args))


def spell(tmp_path, pack, body, *more):
    p = tmp_path / "t.spell"
    p.write_text(body, "utf-8")
    return run("test", pack, "--with", str(p), "-k", "spell-form", *more)


def block(body: str, title: str = "spell-form case") -> str:
    return f'test "{title}" {{\n{body}\n}}\n'


# ── 30.7: any owner's values; names read by the declared type ─────────────────
def test_esper_characters_hp_is_read_and_set_on_the_card(tmp_path):
    body = ESPER_SEATS + '''
  expect P1.Lantis.hp == 10 and P0.Anna.life == 6 and P1.Anna.hp == 6
  set P1.Lantis.hp = 3
  set queue = [P0.Anna]
  expect P1.Lantis.hp == 3 and queue == [P0.Anna]
'''
    result = spell(tmp_path, "esper", block(body))
    assert result.exit_code == 0, result.output
    for wrong in ("expect P1.Lantis.hq == 3", "set P1.Lantis.hq = 3"):
        broken = spell(tmp_path, "esper", block(body + "  " + wrong))
        assert broken.exit_code == 1 and "error: a card has no attribute or value `hq`" in broken.output
        assert "did you mean `hp`?" in broken.output and "nothing was run" in broken.output


def test_a_seat_of_character_cards_and_a_characters_attributes(tmp_path):
    """esper's harness seats a list of character cards; THB's characters carry attributes."""
    body = '''  seats Anna + Yuri + Lisalina, GuanZixiao + Lantis + Anna
  expect P0.Anna.hp == 6 and P1.Anna.hp == 6 and Yuri.hp == 8 and count(P1.roster) == 3'''
    assert spell(tmp_path, "esper", block(body)).exit_code == 0
    body = "  seats Marisa, Koakuma\n  expect Marisa.character.hp == 4 and Marisa.character == Marisa"
    assert spell(tmp_path, "thb", block(body)).exit_code == 0


def test_a_card_two_players_hold_must_be_named_by_its_player(tmp_path):
    result = spell(tmp_path, "esper", block(ESPER_SEATS + "  set queue = [Anna]"))
    assert result.exit_code == 1
    assert "the test put Anna with several players: which one? name the player's: `P0.Anna` or `P1.Anna`" \
        in result.output


def test_a_skill_handed_to_a_function_is_the_skill_not_its_name(tmp_path):
    body = '''  seats Marisa, Cirno
  call set_spell_card(Marisa, MasterSpark)
  set every.spirit = 0
  hand Marisa: Strike♠A, Strike♡A, Strike♣A
  answer Marisa: MasterSpark, Strike♠A, Strike♡A, Cirno
  run action_phase of Marisa
  expect Marisa.spell_card == none and Marisa.spell_cards_used == 1 and Cirno.hp < 4'''
    result = spell(tmp_path, "bots", block(body))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("pack, line, message", [
    ("bots", "call set_spell_card(Marisa, MastrSpark)", "`MastrSpark` is no skill of this pack"),
    ("bots", "set Marisa.spell_card = MasterSprak", "`MasterSprak` is no skill of this pack"),
    ("esper", "set queue = [Ana]", "unknown card `Ana`"),
    ("esper", "set initiative = P7", "nobody seated is `P7`"),
    ("thb", "expect distance(Marisa, Koakuma) == 1 and distance(Marsa, Koakuma) == 1", "nobody seated is `Marsa`"),
])
def test_an_unknown_name_where_the_pack_declares_a_type_is_a_located_error(tmp_path, pack, line, message):
    seats = {"bots": "  seats Marisa, Cirno", "esper": "  seats P0, P1", "thb": "  seats Marisa, Koakuma"}[pack]
    result = spell(tmp_path, pack, block(f"{seats}\n  {line}"))
    assert result.exit_code == 1, result.output
    assert re.search(r"t\.spell:\d+:\d+: error: " + re.escape(message), result.output), result.output
    assert "did you mean" in result.output and "nothing was run" in result.output


# ── 30.8: table-driven tests, every-seat defaults, one collection per player ─
ROWS = '''  seats Marisa, Koakuma
  set Koakuma.hp = start
  hand Marisa: shot
  answer Marisa: shot
  run action_phase of Marisa
  expect Koakuma.hp == left
  examples:
    | start | shot       | left |
    | 4     | Danmaku♠7  | 3    |
    | 2     | Danmaku    | 1    |'''


def test_each_row_of_a_table_is_a_test_named_with_its_values(tmp_path):
    result = spell(tmp_path, "thb", block(ROWS), "--json")
    data = json.loads(result.output)
    assert [t["name"] for t in data["tests"]] == ["spell-form case (start: 4, shot: Danmaku♠7, left: 3)",
                                                  "spell-form case (start: 2, shot: Danmaku, left: 1)"]
    assert data["passed"] == 2
    broken = spell(tmp_path, "thb", block(ROWS.replace("| 1    |", "| 0    |")))
    assert broken.exit_code == 1 and "1 passed, 1 failed" in broken.output
    assert "spell-form case (start: 2, shot: Danmaku, left: 0)" in broken.output


@pytest.mark.parametrize("old, new, message", [
    ("| 2     | Danmaku    | 1    |", "| 2 | Danmaku |", "this row has 2 values for 3 columns"),
    ("| 2     | Danmaku    | 1    |", "| 2 | Danmku | 1 |", "unknown card `Danmku`"),
    ("expect Koakuma.hp == left", "expect Koakuma.hp == 1", "the column `left` stands nowhere in the test"),
])
def test_a_table_that_cannot_be_read_is_an_error_at_its_place(tmp_path, old, new, message):
    result = spell(tmp_path, "thb", block(ROWS.replace(old, new)))
    assert result.exit_code == 1 and message in result.output, result.output


def test_every_seat_gets_the_default_unless_the_test_states_its_own(tmp_path):
    body = '''  seats Marisa, Koakuma, Reimu
  set every.hp = 2
  set Reimu.hp = 3
  hand every: Graze
  hand Koakuma: Mochi♡3
  expect Marisa.hp == 2 and Koakuma.hp == 2 and Reimu.hp == 3
  expect Marisa.hand == [Graze] and Koakuma.hand == [Mochi♡3] and Reimu.hand == [Graze]'''
    result = spell(tmp_path, "thb", block(body))
    assert result.exit_code == 0, result.output


def test_a_kind_for_two_players_when_the_mode_builds_a_collection_per_player(tmp_path):
    """Esper's setup builds the box twice (a collection each): a test deals from as many."""
    body = ESPER_SEATS + "  expect count(cards(box)) == count(deck)"
    assert spell(tmp_path, "esper", block(body)).exit_code == 0


# ── 30.9: never asked / never offered, a game that ended, the mode that ran ───
def test_never_asked_and_never_offered(tmp_path):
    body = '''  seats Marisa, Koakuma
  hand Koakuma: Mochi♡3
  answer Marisa: Borrow, pass
  run action_phase of Marisa
  expect Koakuma is never asked yes_no and Marisa is never offered Danmaku
  expect Koakuma is never asked'''
    assert spell(tmp_path, "thb", block(body)).exit_code == 0
    broken = spell(tmp_path, "thb", block(body.replace("never offered Danmaku", "never offered Borrow")))
    assert broken.exit_code == 1
    assert "expected: never offered Borrow" in broken.output and 'asked: P0 (Marisa) play "choose a play"' in broken.output


def test_a_game_that_ended_says_when_and_how(tmp_path):
    body = '''  seats Marisa, Koakuma
  set Koakuma.hp = 1
  hand Marisa: Danmaku♠7
  answer Marisa: Danmaku♠7
  run game
  expect Koakuma.hp == 1'''
    result = spell(tmp_path, "thb", block(body))
    assert result.exit_code == 1
    assert re.search(r"note: +the game ended at turn 1 \(Marisa \(P0\)'s\)(: \w+)?; winners: Marisa \(P0\)",
                     result.output), result.output


def test_a_test_without_a_mode_states_the_mode_that_ran(tmp_path):
    body = "  seats Marisa, Koakuma\n  expect Marisa.hp == 9"
    result = spell(tmp_path, "thb", block(body))
    assert "mode:     Duel (no `mode` in the test: the pack's first for 2 seats)" in result.output
    verbose = spell(tmp_path, "thb", block(body.replace("9", "4")), "-v")
    assert verbose.exit_code == 0 and "PASS spell-form case  [mode Duel (no `mode`" in verbose.output
    data = json.loads(spell(tmp_path, "thb", block(body), "--json").output)
    assert data["tests"][0]["mode"].startswith("Duel")


# ── 29.5: numbers and enum members as answers, table attributes, cards by attributes ──
def test_a_deck_named_by_attributes_numbers_and_enum_members(tmp_path):
    pack = tmp_path / "tiles"
    pack.mkdir()
    (pack / "pack.spell").write_text(TILES, "utf-8")
    body = '''  seats P0
  hand P0: card(colour: red, rank: 7), card(colour: blue, rank: 7)
  answer P0: card(colour: blue, rank: 7), 2, red
  run play_phase of P0
  expect P0.played == [card(colour: blue, rank: 7)] and P0.hand has card(colour: red, rank: 7)
  expect picked == 2 and named == red and count(deck) == 2'''
    result = spell(tmp_path, str(pack), block(body))
    assert result.exit_code == 0, result.output
    wrong = spell(tmp_path, str(pack), block(body.replace("colour: red, rank: 7), card", "colour: rde, rank: 7), card")))
    assert wrong.exit_code == 1 and "`rde` is no value of `colour`" in wrong.output and "did you mean `red`?" in wrong.output
