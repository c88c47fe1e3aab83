"""None-safety, trigger loops, the lints and their `# allow` comments, and the pack's synonyms.

Snippets are compiled on top of the base pack (tests/data/base). Each negative test names the code
or the message and where it points; each positive test is a guard a designer already writes, which
must be enough.
"""
from __future__ import annotations

from tests.test_checks import _base, expect
from spellcard.compiler.pack.loader import Source, compile_sources


def found(text: str):
    sources = _base() + [Source("snippet.spell", text.encode("utf-8"))]
    # Snippets print no card text: that warning (`no-text`) is tested in test_rules_text.py.
    return [d for d in compile_sources(sources, use_cache=False, load=False).diagnostics if d.code != "no-text"]


def codes(text: str) -> list[str]:
    return [f"{d.span.line}:{d.code or d.severity}" for d in found(text)]


HOLD = 'character Probe "探" { skills S }\n'


def active(body: str) -> str:
    """An active skill `S` held by a character; `body` starts on line 4."""
    return HOLD + f'skill S "s" {{\n  active limit 1 per turn {{\n{body}\n  }}\n}}\n'


# ── none-safety: what a guard proves ────────────────────────────────────────────
def test_if_not_none_narrows_the_branch():
    assert found(active('    let c = choose_card(owner, owner.hand, "?")\n'
                        '    if c != none { move([c], discard) }')) == []


def test_early_stop_narrows_what_follows():
    assert found(active('    let c = choose_card(owner, owner.hand, "?")\n'
                        '    if c == none { stop }\n    move([c], discard)')) == []


def test_and_chain_narrows_its_right_side():
    assert found(active('    let p = first(others(owner))\n'
                        '    if p != none and p.life > 1 { damage(p, 1) }')) == []


def test_or_chain_narrows_after_a_none_test():
    assert found(active('    let p = first(others(owner))\n'
                        '    if p == none or p.life > 3 { stop }\n    damage(p, 1)')) == []


def test_a_known_non_empty_pool_gives_a_card():
    assert found(active('    if count(owner.hand) > 0 { move([choose_card(owner, owner.hand, "?")], discard) }')) == []


def test_when_narrows_the_trigger_body():
    assert found(HOLD + 'skill S "s" {\n  on damage.after when event.target == owner and event.source != none {\n'
                        '    draw_cards(event.source, 1)\n  }\n}\n') == []


def test_the_windows_own_condition_narrows():
    # `damage.inflict` opens only when amount > 0; an `if x == none { x = … }` fills x.
    assert found(active('    let p = preset_character(owner)\n    if p == none { p = Reimu }\n'
                        '    say(p.name)')) == []


def test_filter_keeps_only_cards_that_are_there():
    assert found(active('    let cs = [first(owner.hand), last(owner.hand)] where it != none\n'
                        '    move(cs, discard)')) == []


def test_assignment_undoes_a_guard():
    d = expect(active('    let p = first(others(owner) where it.life > 3)\n    if p != none {\n'
                      '      p = first(players() where it.life > 3)\n'
                      '      damage(p, 1)\n    }'), "`p` may be none here", "7:14")
    assert "if p != none" in d.help


def test_a_maybe_none_argument_is_an_error_with_the_guard_to_write():
    d = expect(active('    let p = first(others(owner) where it.life > 3)\n    damage(p, 1)'), "`p` may be none here",
               "5:12")
    assert d.help.startswith("guard it first: `if p != none")


def test_a_list_of_maybe_cards_is_not_a_list_of_cards():
    expect(active('    move([first(owner.hand)], discard)'), "this list may hold none", "4:10")


def test_mixed_list_literal():
    expect(active('    say(text(count([Reimu, 3])))'), "a list holds one kind of thing", "4:28")


# ── trigger loops ───────────────────────────────────────────────────────────────
def test_unconditional_self_trigger_is_an_error():
    d = expect(HOLD + 'skill S "s" {\n  on draw_cards.after when event.p == owner { draw_cards(owner, 1) }\n}\n',
               "re-opens its own window for ever", "3:3")
    assert d.code == "endless-trigger" and "S: draw_cards.after → draw_cards → draw_cards.after" in d.message


def test_a_limited_self_trigger_is_fine():
    assert found(HOLD + 'skill S "s" {\n  on draw_cards.after when event.p == owner limit 1 per turn '
                        '{ draw_cards(owner, 1) }\n}\n') == []


def test_a_condition_the_effect_changes_ends_the_loop():
    assert found('counter player drawn = 0 reset turn\n' + HOLD +
                 'skill S "s" {\n  on draw_cards.after when event.p == owner and owner.drawn == 0 {\n'
                 '    owner.drawn += 1\n    draw_cards(owner, 1)\n  }\n}\n') == []


def test_a_loop_through_a_function_and_another_skill_is_a_warning_at_one_trigger():
    text = ('character Probe "探" { skills S, T }\nfunc mend(p: player) { heal(p, 1) }\n'
            'skill S "s" { on damage.after when event.target == owner { mend(owner) } }\n'
            'skill T "t" { on heal.before when event.target == owner { damage(owner, 1) } }\n')
    [d] = found(text)
    assert d.code == "trigger-loop" and d.span.line == 4
    assert d.message == "trigger loop: T: heal.before → damage → S: damage.after → mend → heal → T: heal.before"


def test_allow_at_a_trigger_ends_every_loop_through_it():
    text = ('character Probe "探" { skills S, T }\n'
            'skill S "s" { on damage.after when event.target == owner { heal(owner, 1) } }\n'
            'skill T "t" {\n  # allow trigger-loop: the heal here is capped by max_life\n'
            '  on heal.before when event.target == owner { damage(owner, 1) }\n}\n')
    assert found(text) == []


# ── lints ───────────────────────────────────────────────────────────────────────
def test_unheld_skill():
    assert codes('skill Lone "孤" { active { draw_cards(owner, 1) } }\n') == ["1:unheld-skill"]


def test_a_skill_granted_by_name_is_held():
    assert found(HOLD + 'skill S "s" { active limit 1 per turn { grant(owner, Lone) } }\n'
                        'skill Lone "孤" { active { draw_cards(owner, 1) } }\n') == []


def test_ownerless_trigger_and_its_cure():
    assert codes(HOLD + 'skill S "s" { on damage.inflict when event.source == none { cancel } }\n') \
        == ["2:ownerless-trigger"]
    assert found(HOLD + 'skill S "s" { on damage.inflict when event.target == owner { cancel } }\n') == []


def test_a_table_rule_needs_no_owner():
    assert found('mode M "m" { players 2 deck standard rules S }\n'
                 'skill S "s" { on damage.inflict when event.source == none { cancel } }\n') == []


def test_condition_against_the_window():
    assert codes(HOLD + 'skill S "s" { on damage.inflict when event.target == owner and event.amount <= 0 '
                        '{ cancel } }\n') == ["2:impossible-condition"]
    assert found(HOLD + 'skill S "s" { on damage.inflict when event.target == owner and event.amount >= 2 '
                        '{ cancel } }\n') == []


def test_unreachable_code_and_shadowed_name():
    assert codes(active('    stop\n    say("x")')) == ["5:unreachable-code"]
    assert codes(active('    let heal = 1\n    say(text(heal))')) == ["4:shadowed-name"]


def test_allow_silences_only_the_code_it_names():
    assert found(active('    stop\n    say("x")  # allow unreachable-code: a placeholder')) == []
    assert codes(active('    stop\n    say("x")  # allow shadowed-name: wrong code')) == ["5:unreachable-code"]


def test_errors_cannot_be_allowed():
    assert codes(active('    current = owner  # allow read-only: no')) == ["4:read-only"]


# ── suggestions ─────────────────────────────────────────────────────────────────
def test_pack_synonyms_lead_suggestions():
    assert expect(active('    recover(owner, 1)'), "unknown function `recover`", "4:5").help == "did you mean `heal`?"
    assert expect(active('    say(text(current_player.seat))'), "unknown name `current_player`",
                  "4:14").help == "did you mean `current`?"


def test_a_statement_call_suggests_something_that_acts():
    assert expect(active('    draw_amounts(owner, 1)'), "unknown function", "4:5").help == "did you mean `draw_cards`?"


def test_zone_compared_with_player_suggests_the_hand():
    d = expect(active('    for c in owner.equips { if c.zone == owner { stop } }'), "comparing zone? with player",
               "4:32")
    assert d.help.startswith("a zone is not a player: did you mean `owner.hand`?")


def test_every_code_is_documented():
    """docs/language.md, "What the checker tells you", lists every code the compiler can print."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    source = "".join(p.read_text("utf-8") for p in (root / "compiler").rglob("*.py"))
    used = set(re.findall(r'code="([a-z-]+)"', source)) | {"trigger-loop"}
    docs = (root / "docs" / "language.md").read_text("utf-8")
    section = docs[docs.index("## What the checker tells you"):docs.index("## Safety")]
    assert len(used) >= 12
    assert {c for c in used if f"| `{c}` |" not in section} == set()


def test_a_player_searched_for_a_card_suggests_the_hand():
    d = expect(active('    for c in owner.equips { if c in owner { stop } }'), "`in` needs a list", "4:37")
    assert d.help.startswith("a player is not a list of cards: did you mean `owner.hand`?")


def test_a_mode_that_never_ends_is_told_which_rules_end_the_others(tmp_path):
    """THB's modes end through their own rules (`LastStanding`, …): a new mode listing none of them
    runs every game to its turn limit."""
    from pathlib import Path
    from spellcard.compiler.pack.loader import compile_pack
    thb = str(Path(__file__).resolve().parent.parent / "rules" / "thb")
    mode = tmp_path / "free.spell"
    mode.write_text('mode Free "自由場" {\n  players 2\n  deck standard\n  rules NullifyRule, ShownCards\n'
                    '  setup { build_deck(deck) }\n}\n', "utf-8")
    [d] = _but_words(compile_pack(thb, [str(mode)], use_cache=False, load=False).diagnostics)
    assert d.code == "endless-mode" and d.span.line == 1 and "`LastStanding`" in d.help
    mode.write_text(mode.read_text("utf-8").replace("ShownCards", "ShownCards, LastStanding"), "utf-8")
    assert _but_words(compile_pack(thb, [str(mode)], use_cache=False, load=False).diagnostics) == []


def _but_words(found: list) -> list:
    """What a check found but the names THB's rules text still shows as written (`raw-name`, tested
    in test_raw_names.py), which THB's own words take away, not these tests."""
    return [d for d in found if d.code != "raw-name"]


def test_a_copy_an_extension_adds_with_a_rank_the_deck_never_has(tmp_path):
    from spellcard.compiler.pack.loader import compile_pack
    (tmp_path / "pack.spell").write_text('pack mine "m" extends thb\nextend deck standard {\n'
                                         '  Danmaku "♠A♠14"\n  Graze "♡K"\n}\n', "utf-8")
    [d] = _but_words(compile_pack(str(tmp_path), use_cache=False, load=False).diagnostics)
    assert d.code == "deck-range" and (d.span.line, d.span.col) == (3, 14)
    assert d.message == "this copy's rank, `14`, is none the deck `standard` has" and "1 to 13" in d.help


def test_a_card_looked_for_among_kinds_names_its_kind():
    d = expect(active('    for c in owner.hand { if c in [Danmaku, Graze] { stop } }'),
               "card is never in a list of kind", "4:30")
    assert d.code == "kind-compare" and d.help == "a card is not a kind: test its kind, `c.kind in …`"


def test_life_lowered_by_hand_names_the_action_that_opens_windows():
    [d] = found(active('    let t = choose_player(owner, others(owner), "?")\n    if t != none { t.life -= 1 }'))
    assert d.code == "bounded-write" and (d.span.line, d.span.col) == (5, 20) and "`damage(…)`" in d.help


def test_an_option_list_bound_by_let_is_read():
    [d] = found(active('    let opts = ["摸牌", "回復"]\n    let how = choose_option(owner, opts, "?")\n'
                       '    if how == "回复" { heal(owner, 1) }'))
    assert d.code == "unknown-option" and d.help.endswith('did you mean "回復"?')
    assert found(active('    let opts = ["摸牌"]\n    opts = opts + ["回复"]\n    let how = choose_option(owner, opts, "?")\n'
                        '    if how == "回复" { heal(owner, 1) }')) == []


def test_your_phase_in_the_text_and_a_trigger_on_every_players_phase():
    text = ('character Probe "探" { skills S }\nskill S "s" { text "你的摸牌階段開始時，你摸一張牌。"\n'
            '  on draw_phase.start WHEN { draw_cards(owner, 1) }\n}\n')
    [d] = found(text.replace("WHEN", "when count(owner.hand) < 9"))
    assert d.code == "whose-turn" and d.span.line == 3
    assert found(text.replace("WHEN", "when event.player == owner")) == []


def test_what_silences_the_silent_lints():
    """A guarded elif that is reachable, a lone trigger of a limited skill, a text saying both 使用 and 打出."""
    assert found(active('    let n = count(owner.hand)\n    if n > 3 { stop } elif n > 1 { stop }')) == []
    assert found(HOLD + 'skill S "s" limited { text "限定技，出牌階段限一次" active { draw_cards(owner, 1) } }\n') == []
    assert found(HOLD + 'skill S "s" { text "使用或打出一張擦彈" on damage.inflict when event.target == owner {\n'
                        '  let g = ask_card(owner, Graze, "play", "?")\n  if g != none { cancel }\n} }\n') == []



def test_the_lints_walk_each_declaration_once(monkeypatch):
    """Every per-declaration lint reads the one walk of its declaration (loops.Walked): a lint that
    walked a skill again (the unknown options did, twice) costs every cold check."""
    from spellcard.compiler import ast as A
    from spellcard.compiler.check import loops
    from spellcard.compiler.lint import bounds, lints, silent, wording

    original, walked = loops.nodes_in, []

    def counted(node):
        if isinstance(node, A.Decl):
            walked.append(node)
        return original(node)

    for module in (loops, silent, wording, bounds, lints):
        monkeypatch.setattr(module, "nodes_in", counted)
    found_now = found(active('    let o = choose_option(owner, ["a", "b"], "?")\n    if o == "c" { stop }'))
    assert [d.code for d in found_now] == ["unknown-option"]
    skills = [d for d in walked if isinstance(d, A.SkillDecl)]
    assert skills and len(skills) == len(set(map(id, skills)))
