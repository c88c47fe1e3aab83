"""An action's steps as the emitted body runs them: written in place, a `stop` still ends only its
own step and a `cancel` the whole action (compiler/emit/module.py, _action_step)."""
from spellcard.runtime.faults import as_fault

from .test_engine import game_of

STEPS = """
action tick(who: player, n: int) {
  do {
    if n > 1 { stop }
    who.score += 1
  }
  window middle
  do {
    if n > 2 { cancel }
    who.tally += 10
  }
  do {
    who.mark = who.mark + "x"
    if n > 0 { stop }
    who.mark = who.mark + "y"
  }
}
"""


def _tick(n: int):
    g = game_of(STEPS)
    p = g.players[0]
    ev = g.perform("tick", who=p, n=n)
    return ev.cancelled, p.v["score"], p.v["tally"], p.v["mark"]


def test_every_step_runs_in_order():
    assert _tick(0) == (False, 1, 10, "xy")


def test_a_stop_ends_its_own_step_and_the_next_steps_run():
    assert _tick(1) == (False, 1, 10, "x")          # the last step's stop: the rest of it is skipped
    assert _tick(2) == (False, 0, 10, "x")          # the first step's stop: the later steps still run


def test_a_cancel_in_a_step_ends_the_action():
    assert _tick(3) == (True, 0, 0, "")


def test_a_fault_in_a_step_written_in_place_names_its_line():
    g = game_of("""
action poke(who: player?) {
  do { who.score += 1 }
  window after
  do { who.score += 2 }
}
""")
    try:
        g.perform("poke", who=None)
    except Exception as e:       # noqa: BLE001  (the fault as a game reports it)
        err = as_fault(e, g.pack)
    assert str(err) == "t.spell:17:8: `who` is none here"
