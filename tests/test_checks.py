"""One focused test per check in compiler/check/checker.py, compiler/symbols.py and compiler/check/forms/deck.py.

Most snippets are compiled on top of the base pack in tests/data/base (so they can use its cards,
skills, zones and the `damage` action); each test asserts the message and where it points.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from spellcard.compiler.text.diagnostics import Diagnostic
from spellcard.compiler.pack.loader import Source, compile_sources

ROOT = Path(__file__).resolve().parent.parent
BASE = sorted((ROOT / "tests" / "data" / "base").glob("*.spell"))
SNIPPET = "snippet.spell"


def _base() -> list[Source]:
    return [Source(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in BASE]


def diagnose(text: str, base: bool = True) -> list[Diagnostic]:
    """The snippet's diagnostics. Snippets define skills nobody holds, and print no card text, for
    the check at hand: those warnings (`unheld-skill`, `no-text`) are tested on their own in
    test_lints.py and test_rules_text.py."""
    sources = (_base() if base else []) + [Source(SNIPPET, text.encode("utf-8"))]
    found = compile_sources(sources, use_cache=False, load=False).diagnostics
    return [d for d in found if d.code not in ("unheld-skill", "no-text")]


def expect(text: str, message: str, at: str, severity: str = "error", base: bool = True, alone: bool = True):
    """`text` yields a diagnostic containing `message` at line:col `at` (and, if `alone`, nothing else)."""
    found = diagnose(text, base)
    shown = "\n".join(d.render() for d in found)
    hits = [d for d in found if message in d.message and d.severity == severity]
    assert hits, f"no {severity} containing {message!r}; got:\n{shown}"
    assert any(f"{d.span.line}:{d.span.col}" == at for d in hits), f"{message!r} not at {at}; got:\n{shown}"
    if alone:
        assert len(found) == 1, f"expected only {message!r}; got:\n{shown}"
    return next(d for d in hits if f"{d.span.line}:{d.span.col}" == at)


def clean(text: str, base: bool = True) -> None:
    found = diagnose(text, base)
    assert found == [], "\n".join(d.render() for d in found)


def skill(body: str) -> str:
    """A snippet whose line 3 is `body`, inside an active skill."""
    return f'skill Probe "探"\n{{ active {{\n{body}\n}} }}\n'


# ── the base pack and the snippet scaffold compile cleanly ──────────────────────
def test_scaffold_is_clean():
    clean(skill("  draw_cards(owner, 1)"))


# ── types and expectations ─────────────────────────────────────────────────────
def test_unknown_type():
    d = expect("func f(p: Player) { say(\"x\") }\n", "unknown type `Player`", "1:11")
    assert d.help == "did you mean `player`?"


def test_unknown_type_reported_once_for_a_parameter():
    found = diagnose("func f(p: Plyer) -> int = 1\n")
    assert [d.message for d in found] == ["unknown type `Plyer`"]


def test_type_mismatch_in_condition():
    d = expect(skill("  if count(owner.hand) { stop }"), "the condition should be bool, but this is int", "3:6")
    assert "> 0" in d.help


def test_argument_type_mismatch_names_the_parameter():
    expect(skill('  damage(owner, "two")'), "`amount` of `damage` should be int, but this is text", "3:17")


def test_builtin_argument_named_by_position():
    expect(skill("  move(owner, discard)"), "the first argument of `move` should be cards, but this is player", "3:8")


def test_builtin_list_parameter():
    expect(skill("  let n = count(3)\n  say(text(n))"), "the first argument of `count` should be a list, but this is int",
           "3:17")


def test_expected_type_names_unknown_zone():
    d = expect(skill("  move(top(deck, 1), graveyard)"), "unknown zone `graveyard`", "3:22")
    assert "discard" in d.help and "hand" in d.help


def test_expected_type_names_unknown_card():
    d = expect(skill('  let c = ask_card(owner, Grase, "use", "?")\n  move(c, discard)'), "unknown card `Grase`", "3:27")
    assert d.help == "did you mean `Graze`?"


def test_expected_type_names_unknown_skill():
    expect(skill("  grant(owner, Fligt)"), "unknown skill `Fligt`", "3:16")


def test_expected_type_names_unknown_character():
    expect(skill("  set_character(owner, Reimo)"), "unknown character `Reimo`", "3:24")


def test_expected_type_names_unknown_phase():
    expect(skill("  skip(draw_phsae)"), "unknown phase `draw_phsae`", "3:8")


def test_text_where_enum_expected():
    d = expect('card Fake "假" { category = "spell" }\n', "`category` should be Category, but this is text", "1:28")
    assert d.help == "enum members are written without quotes: `spell`"


def test_one_item_where_list_expected():
    d = expect('card Solo "獨" { target 1 from user effect { say("x") } }\n',
               "the targets to choose from should be players, but this is player", "1:31")
    assert "[user]" in d.help


def test_card_where_player_expected_suggests_owner():
    d = expect(skill('  let c = choose_card(owner, owner.hand, "?")\n  damage(c, 1)'),
               "`target` of `damage` should be player, but this is card?", "4:10")
    assert "`c.owner`" in d.help


# ── unused bindings ──────────────────────────────────────────────────────────────
def test_unused_let_is_a_warning():
    expect(skill("  let spare = 1"), "`spare` is bound but never used", "3:3", severity="warning")


def test_underscore_let_is_not_warned():
    clean(skill("  let _spare = 1"))


def test_unused_loop_variable_is_a_warning():
    expect(skill("  for p in players() { say(\"x\") }"), "`p` is bound but never used", "3:3", severity="warning")


# ── declarations: data model ─────────────────────────────────────────────────────
def test_value_names_only_for_int():
    expect("attr card title: text names { A = 1 }\n", "value names only make sense for `int` attributes", "1:1")


def test_counter_owner():
    d = expect("counter card heat = 0\n", "counters belong to players or the table, not to a card", "1:1")
    assert d.help == "use `attr card heat: int` for a fixed number"


def test_zone_owner():
    expect("zone pocket: card public\n", "zones belong to players or the table, not to a card", "1:1")


def test_attr_default_type():
    expect("attr player title: text = 3\n", "the default of `title` should be text, but this is int", "1:27")


# ── declarations: procedures ─────────────────────────────────────────────────────
def test_parameter_twice():
    expect("func f(a: int, a: int) -> int = a\n", "parameter `a` appears twice", "1:16")


def test_function_can_end_without_returning():
    d = expect("func f(a: int) -> int {\n  if a > 0 { return 1 }\n}\n", "function `f` can end without returning int",
               "1:1")
    assert d.help == "add a `return` at the end"


def test_function_with_if_else_returning_is_fine():
    clean("func f(a: int) -> int {\n  if a > 0 { return 1 } else { return 2 }\n}\n")


def test_duplicate_window():
    d = expect("action poke(p: player) {\n  window before\n  window before\n}\n",
               "action `poke` already has a window `before`", "3:3")
    assert d.help == "first at snippet.spell:2:3"


def test_window_condition_is_bool():
    expect("action poke(p: player, n: int) {\n  window before when n\n}\n",
           "a window condition should be bool, but this is int", "2:22")


def test_modes_without_turn_order():
    expect('pack p "P"\nphase a "A"\nmode M "M" { players 2 }\n', "the pack has modes but no turn order", "3:1",
           base=False)


def test_unknown_phase_in_turn():
    d = expect('pack p "P"\nphase draw_phase "A"\nturn draw_phse\n', "unknown phase `draw_phse`", "3:6", base=False)
    assert d.help == "did you mean `draw_phase`?"


# ── declarations: content ─────────────────────────────────────────────────────────
def test_hook_not_declared():
    d = expect('card Lamp "燈" { target self on_use { say("x") } }\n', "`on_use` is not a hook the pack declares",
               "1:29")
    assert "effect" in d.help


def test_hook_implemented_twice():
    expect('card Lamp "燈" { target self effect { say("x") } effect { say("y") } }\n',
           "card `Lamp` implements `effect` twice", "1:49")


def test_not_a_card_attribute():
    d = expect('card Lamp "燈" { colour = 1 }\n', "`colour` is not a card attribute", "1:17")
    assert d.help == "declare it: `attr card colour: TYPE`"


def test_attribute_must_be_constant():
    expect('character Ghost "亡靈" { base_life = count(players()) }\n',
           "the value of `base_life` must be a constant", "1:36")


def test_attribute_enum_member_is_constant():
    clean('character Ghost "亡靈" { faction = youkai base_life = -1 skills Gap }\n')


def test_unknown_skill_in_character():
    d = expect('character Ghost "亡靈" { skills Flihgt }\n', "unknown skill `Flihgt`", "1:31")
    assert d.help == "did you mean `Flight`?"


def test_target_count_is_int():
    expect('card Many "多" { target "2" from others(user) effect { say("x") } }\n',
           "the number of targets should be int, but this is text", "1:24")


def test_card_when_is_bool():
    expect('card Many "多" { target self when 1 effect { say("x") } }\n',
           "the condition for using the card should be bool, but this is int", "1:34")


def test_convert_unknown_card():
    d = expect('skill Fake "假" { convert 1 from owner.hand as Danmak for use }\n', "unknown card `Danmak`", "1:47")
    assert d.help == "did you mean `Danmaku`?"


def test_convert_needs_a_card():
    expect('skill Fake "假" { convert 0 from owner.hand as Danmaku for use }\n',
           "a conversion needs at least one card", "1:18")


def test_convert_pool_is_cards():
    expect('skill Fake "假" { convert 1 from owner as Danmaku for use }\n',
           "the cards to convert should be cards, but this is player", "1:33")


def test_skill_grants_itself():
    expect('skill Echo "回聲" { skills Echo }\n', "skill `Echo` grants itself", "1:26")


def test_trigger_unknown_action():
    d = expect('skill Fury "怒" { on damge.after { stop } }\n', "unknown action `damge`", "1:21")
    assert d.help == "did you mean `damage`?"


def test_trigger_unknown_window():
    d = expect('skill Fury "怒" { on heal.after { stop } }\n', "action `heal` has no window `after`", "1:21")
    assert d.help == "its windows are: before"


def test_trigger_structural_windows():
    clean('skill Fury "怒" { on turn.start when event.player == owner { stop } on round.end { stop } }\n')


def test_trigger_repeat_is_int():
    expect('skill Fury "怒" { on damage.after repeat true { stop } }\n',
           "the repeat count should be int, but this is bool", "1:41")


def test_modify_unknown_query_does_not_cascade():
    d = expect('skill Far "遠" { modify attack_rnage when p == owner = value + 1 }\n', "unknown query `attack_rnage`",
               "1:24")
    assert d.help == "did you mean `attack_range`?"


def test_modify_value_type():
    expect('skill Far "遠" { modify attack_range = true }\n',
           "the modified value of `attack_range` should be int, but this is bool", "1:39")


def test_deck_attribute_unknown():
    d = expect('deck extra (suit, rnak) { Danmaku "♠A" }\n', "`rnak` is not a card attribute", "1:1")
    assert d.help == "did you mean `rank`?"


def test_deck_unknown_card():
    expect('deck extra (suit, rank) { Danmku "♠A" }\n', "unknown card `Danmku`", "1:27")


def test_deck_copies_unreadable():
    d = expect('deck extra (suit, rank) {\n  Danmaku "♠A♠Z"\n}\n', "cannot read `Z` as a number or A, J, Q, K",
               "2:15")
    assert "suit then rank" in d.help


def test_deck_copies_by_member_name_and_label():
    clean('deck extra (suit, rank) {\n  Danmaku "♠A spade2 heart10 ♦K"\n}\n')


def test_mode_player_count_empty():
    expect('mode Crowd "眾" { players 5..3 }\n', "player count 5..3 is empty", "1:1")


def test_mode_unknown_deck():
    d = expect('mode Crowd "眾" { players 2 deck standart }\n', "unknown deck `standart`", "1:1")
    assert d.help == "did you mean `standard`?"


def test_mode_unknown_card_in_without():
    expect('mode Crowd "眾" { players 2 deck standard without Mochii }\n', "unknown card `Mochii` in `without`", "1:1")


def test_mode_unknown_skill():
    expect('mode Crowd "眾" { players 2 skills Gapp }\n', "unknown skill `Gapp`", "1:35")


# ── statements ───────────────────────────────────────────────────────────────────
def test_let_cannot_rebind_builtin_name():
    d = expect(skill("  let owner = 1\n  say(text(owner))"), "`owner` is a built-in name and cannot be rebound", "3:3",
               alone=False)
    assert d.help == "choose another name"


def test_let_of_nothing():
    expect(skill('  let x = say("hi")\n  say(text(x))'), "this gives no value to bind", "3:11")


def test_augmented_assignment_needs_number():
    expect(skill('  let t = "a"\n  t += 1\n  say(t)'), "`+=` needs a number, but this is text", "4:3")


def test_augmented_amount_is_int():
    expect(skill('  owner.life += "1"'), "the amount after `+=` should be int, but this is text", "3:17")


def test_for_needs_a_list():
    expect(skill("  for x in 3 { say(text(x)) }"), "`for` needs a list, but this is int", "3:12")


def test_repeat_count_is_int():
    expect(skill('  repeat "3" { stop }'), "the repeat count should be int, but this is text", "3:10")


def test_while_condition_is_bool():
    expect(skill("  while 1 { stop }"), "the condition should be bool, but this is int", "3:9")


def test_return_outside_function():
    d = expect(skill("  return 1"), "`return` gives a value back from a function; here there is none", "3:3")
    assert d.help == "use `stop` to end this early"


def test_return_in_function_without_type():
    expect("func f() {\n  return 1\n}\n", "this function returns nothing", "2:3")


def test_return_value_type():
    expect("func f() -> int {\n  return true\n}\n", "the returned value should be int, but this is bool", "2:10")


def test_break_outside_loop():
    expect(skill("  break"), "`break` outside a loop", "3:3")


def test_continue_outside_loop():
    expect(skill("  continue"), "`continue` outside a loop", "3:3")


def test_break_inside_loop_is_fine():
    clean(skill("  repeat 3 { break }\n  while true { continue }"))


def test_cancel_outside_trigger():
    expect(skill("  cancel"), "`cancel` stops the action being reacted to; there is none here", "3:3")


def test_cancel_in_trigger_and_do_step_is_fine():
    clean('skill S "s" { on damage.cause when event.source == owner { cancel } }\naction a(p: player) { window w do { cancel } }\n')


def test_statement_does_nothing():
    expect(skill("  owner.life"), "this statement does nothing", "3:3")


def test_assign_to_implicit_name():
    expect(skill("  owner = current"), "`owner` is a read-only built-in name", "3:3")


def test_assign_to_unknown_name():
    d = expect(skill("  lives = 3"), "unknown name `lives`", "3:3")
    assert d.help == "bind it first with `let`"


def test_assign_to_card_attribute():
    d = expect(skill('  for c in owner.hand {\n  c.suit = Suit.heart }'),
               "`suit` of card cannot be assigned to", "4:5")
    assert "fixed when the deck is built" in d.help


def test_assign_to_index():
    expect(skill("  let xs = players()\n  xs[0] = owner"), "this cannot be assigned to", "4:3")


def test_assign_value_type():
    expect(skill("  owner.life = true"), "the assigned value should be int, but this is bool", "3:16")


def test_assign_table_value_and_event_field_is_fine():
    clean('counter table round_no = 0\nskill S "s" { on damage.inflict when event.target == owner { round_no += 1 event.amount = 2 } }\n')


# ── names ────────────────────────────────────────────────────────────────────────
def test_enum_member_in_several_enums():
    d = expect('enum Race { human, fairy }\n' + skill("  let r = human\n  say(text(r))").replace("\n", "\n", 1),
               "`human` is a member of several enums: Faction, Race", "4:11")
    assert d.help == "qualify it, e.g. `Faction.human`"


def test_enum_member_settled_by_expected_type():
    clean('enum Race { human, fairy }\nattr character race: Race = human\n'
          'character Cirno "琪露諾" { race = fairy faction = human base_life = 3 skills Gap }\n'
          'func is_human(p: player) -> bool = p.character != none and p.character.race == human\n')


def test_player_zone_without_owner():
    d = expect(skill("  say(text(count(hand)))"), "`hand` is a zone every player has", "3:18")
    assert d.help == "say whose: `owner.hand`"


def test_player_zone_without_owner_in_a_card_says_user():
    d = expect('card C "c" { target self when count(hand) > 0 effect { say("x") } }\n',
               "`hand` is a zone every player has", "1:37")
    assert d.help == "say whose: `user.hand`"


def test_procedure_read_not_called():
    d = expect(skill("  let r = attack_range\n  say(text(r))"), "`attack_range` is called, not read", "3:11")
    assert d.help == "write `attack_range(p)`"


def test_unknown_name_did_you_mean():
    d = expect(skill("  draw_cards(ownr, 1)"), "unknown name `ownr`", "3:14")
    assert d.help == "did you mean `owner`?"


def test_unknown_name_event_field_hint():
    d = expect('skill S "s" { on damage.after when amount > 1 { stop } }\n', "unknown name `amount`", "1:36")
    assert d.help == "the event's fields are read through `event`: `event.amount`"


def test_unknown_name_user_in_skill():
    d = expect(skill("  draw_cards(user, 1)"), "unknown name `user`", "3:14")
    assert "`owner`" in d.help


def test_unknown_name_owner_in_card():
    d = expect('card C "c" { target self effect { draw_cards(owner, 1) } }\n', "unknown name `owner`", "1:46")
    assert "`user`" in d.help


def test_it_outside_where():
    d = expect(skill("  say(text(it))"), "unknown name `it`", "3:12")
    assert d.help == "`it` is only defined inside `where` and `map`"


# ── fields ───────────────────────────────────────────────────────────────────────
def test_enum_has_no_member():
    d = expect(skill("  let s = Suit.spades\n  say(text(s))"), "enum `Suit` has no member `spades`", "3:16")
    assert d.help == "did you mean `spade`?"


def test_event_has_no_field():
    d = expect('skill S "s" { on damage.after when event.amout > 1 { stop } }\n', "action `damage` has no field `amout`",
               "1:42")
    assert d.help == "did you mean `amount`?"


def test_value_without_fields():
    expect(skill("  let n = 3\n  say(text(n.size))"), "int has no fields", "4:12")


def test_player_has_no_field():
    d = expect(skill("  say(text(owner.lif))"), "player has no field `lif`", "3:18")
    assert d.help == "did you mean `life`?"


def test_card_has_no_field():
    expect(skill('  let c = choose_card(owner, owner.hand, "?")\n  if c != none { say(text(c.colour)) }'),
           "card has no field `colour`", "4:29")


def test_character_attribute_through_player():
    clean(skill("  if owner.character != none { say(text(owner.character.base_life)) }"))


# ── operators ────────────────────────────────────────────────────────────────────
def test_index_needs_a_list():
    expect(skill("  let n = 3\n  say(text(n[0]))"), "only lists can be indexed, and this is int", "4:12")


def test_index_is_int():
    expect(skill('  say(text(players()["a"]))'), "an index should be int, but this is text", "3:22")


def test_cannot_add_list_and_item():
    d = expect(skill("  let xs = players() + owner\n  say(text(xs))"), "cannot add players and player", "3:12")
    assert "[x]" in d.help


def test_only_list_from_list():
    expect(skill("  let xs = players() - owner\n  say(text(xs))"), "only a list can be taken from a list", "3:24")


def test_arithmetic_needs_numbers():
    expect(skill("  let n = 1 + true\n  say(text(n))"), "`+` needs numbers, but this is bool", "3:15")


def test_text_concatenation_is_fine():
    clean(skill('  say("a" + "b")'))


def test_in_needs_a_list():
    expect(skill("  if owner in 3 { stop }"), "`in` needs a list on its right, but this is int", "3:15")


def test_never_in_list():
    expect(skill("  if 3 in players() { stop }"), "int is never in a list of player", "3:6")


def test_comparison_always_false():
    expect(skill("  if owner == 3 { stop }"), "comparing player with int is always false", "3:6")


def test_comparison_always_true():
    expect(skill("  if owner != 3 { stop }"), "comparing player with int is always true", "3:6")


def test_ordering_needs_numbers():
    expect(skill("  if owner < 3 { stop }"), "`<` compares numbers, but this is player", "3:6")


def test_where_needs_a_list():
    expect(skill("  let xs = owner where true\n  say(text(xs))"), "`where` filters a list, but this is player", "3:12")


def test_where_filter_is_bool():
    expect(skill("  let xs = players() where 1\n  say(text(xs))"), "the filter after `where` should be bool, but this is int",
           "3:28")


def test_boolean_operands():
    expect(skill("  if 1 and true { stop }"), "the left side of `and` should be bool, but this is int", "3:6")


def test_not_operand():
    expect(skill("  if not 1 { stop }"), "the operand of `not` should be bool, but this is int", "3:10")


def test_negation_operand():
    expect(skill("  let n = -true\n  say(text(n))"), "the operand of `-` should be int, but this is bool", "3:12")


def test_if_expression_condition():
    expect(skill("  let n = if 1 then 2 else 3\n  say(text(n))"), "the condition should be bool, but this is int", "3:14")


# ── calls ────────────────────────────────────────────────────────────────────────
def test_field_value_called():
    d = expect(skill("  say(text(owner.life()))"), "`life` is a value, not something to call", "3:18")
    assert d.help == "read it without `()`: `owner.life`"


def test_local_value_called():
    d = expect(skill("  let n = 1\n  say(text(n()))"), "`n` is a value, not something to call", "4:12")
    assert d.help == "read it without `()`: `n`"


def test_not_a_hook_of_cards():
    d = expect(skill('  let c = choose_card(owner, owner.hand, "?")\n  c.efect(owner, owner)'),
               "`efect` is not a hook of cards", "4:5")
    assert d.help == "did you mean `effect`?"


def test_no_method():
    expect(skill("  owner.shout(1)"), "player has no method `shout`", "3:9")


def test_hook_call_is_fine():
    clean(skill('  let c = choose_card(owner, owner.hand, "?")\n  c.effect(owner, owner)'))


def test_only_named_things_called():
    expect(skill("  let xs = players()\n  xs[0](1)"), "only named functions, actions and queries can be called", "4:3")


def test_unknown_function():
    d = expect(skill("  draw_card(owner, 1)"), "unknown function `draw_card`", "3:3")
    assert d.help == "did you mean `draw_cards`?"


def test_positional_after_named():
    expect(skill("  damage(target: owner, 1)"), "a positional argument after a named one", "3:25", alone=False)


def test_too_many_arguments():
    d = expect(skill("  draw_cards(owner, 1, 2)"), "`draw_cards` takes 2 arguments, but 3 were given", "3:24")
    assert d.help == "`draw_cards(p, n)`"


def test_unknown_named_argument():
    d = expect(skill("  damage(owner, 1, sourse: owner)"), "`damage` has no parameter `sourse`", "3:20")
    assert d.help == "did you mean `source`?"


def test_argument_given_twice():
    expect(skill("  damage(owner, 1, amount: 2)"), "`amount` is given twice", "3:20")


def test_missing_argument():
    d = expect(skill("  draw_cards(owner)"), "`draw_cards` is missing its argument `n`", "3:3")
    assert d.help == "`draw_cards(p, n)`"


def test_defaults_and_named_arguments_are_fine():
    clean(skill("  damage(owner, 1)\n  damage(amount: 1, target: owner, source: none)"))


# ── symbols.py: the symbol table ───────────────────────────────────────────────────
def test_pack_named_twice():
    d = expect('pack other "Other"\n', "the pack is already named `base`", "1:1")
    assert d.help == "first named at tests/data/base/model.spell:3:1; keep one `pack` line"


def test_turn_declared_twice():
    d = expect("turn play_phase\n", "the turn order is declared twice", "1:1")
    assert d.help.startswith("first declared at tests/data/base/model.spell:")


def test_attr_declared_twice_for_owner():
    expect("attr card suit: int\n", "`suit` is already declared for cards", "1:1")


def test_counter_named_like_attr_for_same_owner():
    expect("counter player faction = 0\nattr player faction: int\n", "`faction` is already declared for players", "2:1")


def test_same_name_different_owners_is_fine():
    clean("attr player base_life: int = 0\n")


def test_builtin_name_cannot_name_a_declaration():
    d = expect("func count() -> int = 1\n", "`count` is a built-in name and cannot name a function", "1:1")
    assert d.help == "choose another name"


def test_reserved_name_cannot_name_a_card():
    expect('card owner "主" { }\n', "`owner` is a built-in name and cannot name a card", "1:1")


def test_duplicate_definition():
    d = expect('skill Gap "隙" { }\n', "`Gap` is already defined as a skill", "1:1")
    assert d.help.startswith("first defined at tests/data/base/skills.spell:")


def test_skill_named_like_card():
    expect('skill Graze "擦" { }\n', "`Graze` is already defined as a card", "1:1")


def test_enum_member_twice():
    expect("enum Mood { calm, calm }\n", "`calm` appears twice in enum `Mood`", "1:19")


def test_enum_member_named_like_declaration():
    d = expect("enum Mood { calm, Gap }\n", "`Gap` names both a skill and a member of enum `Mood`", "18:1")
    assert d.span.file == "tests/data/base/skills.spell" and d.help == "rename one of them"


def test_no_pack_line():
    d = expect('card A "a" { }\n', "the pack has no `pack` line", "1:1", base=False)
    assert d.help == 'add `pack NAME "display name"` to one file'


def test_empty_file_alone_has_no_pack_line():
    expect("", "the pack has no `pack` line", "1:1", base=False)


# ── parse diagnostics ────────────────────────────────────────────────────────────
@pytest.mark.parametrize("text, message, at", [
    (skill("  if owner.life = 1 { stop }"), "unexpected `=`", "3:17"),
    ("= 1\n", "unexpected `=`", "1:1"),
    (skill("  owner.life == 1"), "a comparison cannot stand alone as a statement", "3:15"),
    (skill("  owner.life - 1"), "a calculation cannot stand alone as a statement", "3:14"),
    (skill("  stop;"), "unexpected character `;`", "3:7"),
    ('skill Probe "x" { active { stop }\ncard C "c" { }\n', "`card` starts a new declaration", "2:1"),
    ('card C "c" { target from others(user) }\n', "`target` needs a number of targets before `from`", "1:26"),
    ('card C "c {\n}\n', "unclosed string", "1:8"),
    ('card 彈幕 "c" { }\n', "`彈幕` is not", "1:6"),
    ('card C "c" {\n', "the file ends in the middle of a declaration", "1:12"),
    ("card C \"c\" {}\x00\n", "the file contains a NUL byte", "1:14"),
    ("[" * 300, "brackets nested more than 200 deep", "1:201"),
    # an escaped quote does not end a string, so the brackets after it inside the string do not count
    ('card C "c\\"' + "[" * 300 + '" {}\n' + "[" * 300, "brackets nested more than 200 deep", "2:201"),
])
def test_parse_problem(text, message, at):
    found = diagnose(text)
    assert len(found) == 1, [d.render() for d in found]
    assert message in found[0].message, found[0].render()
    assert f"{found[0].span.line}:{found[0].span.col}" == at, found[0].render()


def test_invalid_utf8():
    found = compile_sources(_base() + [Source(SNIPPET, b'card C "\xff" { }\n')], use_cache=False, load=False)
    [d] = found.diagnostics
    assert d.message == "the file is not valid UTF-8 (byte 0xff)" and (d.span.line, d.span.col) == (1, 9)


def test_control_characters_are_not_echoed():
    [d] = diagnose(skill("  \x07stop"))
    assert "U+0007" in d.message and "\x07" not in d.render()


# ── every problem is reported, not only the first ────────────────────────────────
def test_every_error_in_a_file_is_reported():
    text = ('character Sanae "早苗" { skills Resilence }\n'
            'skill Storm "風" { on damge.after { stop } }\n'
            'card Gust "突風" { target 1 from others(user) effect { damage(target, "1") } }\n')
    found = diagnose(text)
    assert [(d.span.line, d.message) for d in found] == [
        (1, "unknown skill `Resilence`"),
        (2, "unknown action `damge`"),
        (3, "`amount` of `damage` should be int, but this is text"),
    ]


def test_errors_in_several_files_are_all_reported():
    sources = _base() + [Source("one.spell", b'skill One "1" { skills Nope }\n'),
                         Source("two.spell", b'skill Two "2" { on heal.after { stop } }\n')]
    found = compile_sources(sources, use_cache=False, load=False).diagnostics
    assert [d.span.file for d in found] == ["one.spell", "two.spell"]


def test_a_parse_error_in_one_file_does_not_hide_check_errors_in_another():
    sources = _base() + [Source("one.spell", b'skill One "1" { \n'),
                         Source("two.spell", b'skill Two "2" { skills Nope }\n')]
    found = compile_sources(sources, use_cache=False, load=False).diagnostics
    assert {d.span.file for d in found} == {"one.spell", "two.spell"}


# ── bindings the emitted Python could not keep apart ────────────────────────────────
def test_let_cannot_shadow_an_outer_local():
    d = expect(skill("  let n = 1\n  if n > 0 {\n    let n = 2\n    say(text(n))\n  }\n  say(text(n))"),
               "`n` is already bound here (at line 3)", "5:5")
    assert "outside the block too" in d.help


def test_for_cannot_shadow_an_implicit_name():
    expect(skill("  for card in owner.hand { say(text(card)) }"), "`card` is already bound here", "3:3")


def test_nested_loops_cannot_reuse_a_variable():
    expect(skill("  for p in players() { for p in players() { say(text(p)) } }"), "`p` is already bound here", "3:24",
           alone=False)


def test_same_name_in_sibling_blocks_and_rebinding_in_one_block_are_fine():
    clean(skill("  if true { let t = 1 say(text(t)) } else { let t = 2 say(text(t)) }\n"
                "  for p in players() { say(text(p)) }\n  for p in players() { say(text(p)) }\n"
                "  let u = 1\n  let u = u + 1\n  say(text(u))"))


def test_a_let_may_reuse_an_action_parameter_name():
    clean('action poke(p: player) { do { let p = 1 say(text(p)) } }\n')


def test_hook_parameter_cannot_be_named_card():
    expect("hook polish(card: card)\n", "`card` is a built-in name in a card's hook and cannot name a parameter", "1:13")


@pytest.mark.parametrize("name", ["owner", "value"])
def test_query_parameter_cannot_shadow_modify_names(name):
    expect(f"query bonus({name}: int) -> int = 1\n",
           f"`{name}` is a built-in name in a `modify` of a query and cannot name a parameter", "1:13")


def test_too_many_elif_branches():
    text = "func f(n: int) -> int {\n  if n == 0 { return 0 }" + " elif n == 1 { return 1 }" * 201 + \
        " else { return 2 }\n}\n"
    expect(text, "this `if` has 201 `elif` branches, more than 200", "2:3")


def test_deep_nesting_is_refused_before_checking():
    found = diagnose("func f() -> int = " + "-" * 150 + "1\n")
    assert [d.message for d in found] == ["this is nested more than 100 levels deep"]


def test_numbers_with_too_many_digits():
    [d] = diagnose("func f() -> int = 1234567890123456\n")
    assert d.message.startswith("the number `1234567890123456…` is too large (16 digits)")
    assert (d.span.line, d.span.col) == (1, 19)


# ── 任意时机 (`anytime at`) ──────────────────────────────────────────────────────
ANYTIME = 'anytime at damage.inflict, play_phase.start {\n  if play.card != none { move(play.card, discard) } else { activate(play) }\n}\n'


def test_anytime_points_and_body_are_clean():
    clean(ANYTIME + 'card Tea "茶" { anytime target self }\nskill Sip "啜" { active anytime { say("x") } }\n')


def test_anytime_point_with_an_unknown_window():
    d = expect(ANYTIME.replace("damage.inflict", "damage.inflicted"), "action `damage` has no window `inflicted`",
               "1:12")
    assert d.help == "did you mean `inflict`?"


def test_anytime_point_with_an_unknown_action():
    expect(ANYTIME.replace("damage.inflict", "damag.inflict"), "unknown action `damag`", "1:12")


def test_anytime_points_may_be_declared_in_several_places_but_each_once():
    clean(ANYTIME + ANYTIME.replace("damage.inflict, play_phase.start", "heal.before"))
    d = expect(ANYTIME + ANYTIME.replace("damage.inflict", "heal.before"), "`play_phase.start` is already an any-time point",
               "4:25")
    assert d.help == "first listed at snippet.spell:1:28"


def test_anytime_card_without_points_is_warned():
    expect('card Tea "茶" {\n  anytime target self\n}\n', "usable at any time, but the pack declares no any-time points",
           "1:1", severity="warning")


def test_cancel_in_the_anytime_body_has_no_event():
    expect(ANYTIME.replace("activate(play)", "cancel"), "cancel", "2:60")
