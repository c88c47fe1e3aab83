"""The table end to end: a real `spellcard play` server on 127.0.0.1 and real WebSocket clients.

Each test starts the command as a person would (a free port, --no-open) and talks the seat protocol of
docs/play.md: whole games, refusals that keep the connection, reconnecting, the designer's tools."""
from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request

import pytest

pytest.importorskip("websockets")
pytest.importorskip("uvicorn")

from tests.table_helpers import LOVE_LETTER, ROOT, SPELLCARD, Seat, first_answer, served  # noqa: E402


def other_hand_is_hidden(frame: dict, seen: list[str]) -> bool:
    """Every card of the other seats' hands is face down, unless the seat's log says it was shown to it."""
    me = frame["seat"]
    for p in frame["players"]:
        if p["seat"] == me:
            continue
        for z in p["zones"]:
            if z["name"] == "hand" and any("back" not in c for c in z["cards"]):
                if not any(f"shown to P{me}" in line or "revealed" in line for line in seen):
                    return False
    return True


def test_two_people_play_a_whole_love_letter_game_and_neither_sees_the_others_hand():
    with served(LOVE_LETTER, "--seats", "human,human", "--seed", "4") as urls:
        seats = [Seat(urls["seat 0"]), Seat(urls["seat 1"])]
        assert seats[0].recv()["tools"] is False       # two people: the tools that show everything are off
        seats[1].recv()
        pending = {0: seats[0].decision(), 1: None}
        over, answered = None, set()
        while over is None and len(answered) < 2000:
            for s, seat in enumerate(seats):
                f = pending[s]
                if f is not None:
                    assert seat.answer(f, first_answer(f["decision"]))["type"] == "accepted"
                    answered.add(f["decision"]["id"])
                    pending[s] = None
            while over is None and not any(pending.values()):      # until someone is asked
                for s, seat in enumerate(seats):
                    try:
                        m = seat.recv(timeout=0.2)
                    except TimeoutError:
                        continue
                    if m["type"] == "frame" and m["over"] is not None:
                        over = m["over"]
                    elif m["type"] == "frame" and m["decision"] is not None and m["decision"]["id"] not in answered:
                        pending[s] = m
        assert over is not None and over["reason"] == "win" and len(over["winners"]) == 1
        for seat in seats:
            lines: list[str] = []
            for m in seat.messages:
                if m["type"] == "frame":
                    lines = m["log"]["lines"] if m["log"]["from"] == 0 else lines + m["log"]["lines"]
                    assert other_hand_is_hidden(m, lines)
            assert any("a card" in line for line in lines)          # the other's draws are not named
            seat.close()


def test_every_bad_message_is_refused_with_a_reason_and_the_connection_survives():
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "1") as urls:
        seat = Seat(urls["seat 0"])
        f = seat.decision()
        d = f["decision"]
        bad = [({"type": "answer", "seat": 1, "decision": d["id"], "answer": 0}, "seat"),
               ({"type": "answer", "seat": False, "decision": d["id"], "answer": 0}, "seat"),
               ({"type": "answer", "decision": d["id"] + 7, "answer": 0}, "no such decision"),
               ({"type": "answer", "decision": "1", "answer": 0}, "no such decision"),
               ({"type": "answer", "decision": d["id"], "answer": 99}, "no such option"),
               ({"type": "answer", "decision": d["id"], "answer": True}, "expected an option number"),
               ({"type": "answer", "decision": d["id"], "answer": [0]}, "expected an option number"),
               ({"type": "dance"}, "unknown message type"),
               ([1, 2], "JSON object"),
               ("{not json", "not JSON"),
               ("x" * 70_000, "at most"),
               (b"\x00\x01", "not binary")]
        for message, reason in bad:
            seat.send(message)
            reply = seat.reply()
            assert reply["type"] == "refused" and reason in reply["reason"], (message if len(str(message)) < 99 else "long", reply)
        assert seat.answer(f, 0)["type"] == "accepted"
        assert seat.answer(f, 0)["type"] == "refused"       # answered already: that decision is gone
        assert seat.decision()["decision"]["id"] > d["id"]
        seat.close()


def test_a_token_that_is_no_seat_opens_nothing():
    from websockets.exceptions import InvalidStatus, ConnectionClosed

    with served(LOVE_LETTER, "--seats", "human,random") as urls:
        base = urls["seat 0"].rsplit("/", 1)[0]
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(base + "/not-a-token")
        assert err.value.code == 404
        with pytest.raises((InvalidStatus, ConnectionClosed, OSError)):
            Seat(base + "/not-a-token").recv(timeout=10)


def test_a_closed_tab_reconnects_to_its_seat_and_its_decision():
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "2") as urls:
        seat = Seat(urls["seat 0"])
        f = seat.decision()
        seat.answer(f, first_answer(f["decision"]))
        f = seat.decision()
        lines = [line for m in seat.messages if m["type"] == "frame" for line in m["log"]["lines"]]
        seat.close()
        again = Seat(urls["seat 0"])
        g = again.decision()
        assert g["decision"] == f["decision"] and g["log"]["from"] == 0 and g["log"]["lines"] == lines
        assert again.answer(g, first_answer(g["decision"]))["type"] == "accepted"
        again.close()


def test_a_watcher_sees_the_public_table_only():
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "3") as urls:
        seat = Seat(urls["seat 0"])
        seat.decision()
        watcher = Seat(urls["watch"])
        f = watcher.until(lambda m: m["type"] == "frame")
        assert f["seat"] is None and f["decision"] is None
        hands = [z for p in f["players"] for z in p["zones"] if z["name"] == "hand"]
        assert hands and all("back" in c for z in hands for c in z["cards"])
        watcher.send({"type": "take_back"})
        assert watcher.reply()["type"] == "refused"
        seat.close()
        watcher.close()


def test_take_back_replays_the_game_and_asks_the_seat_again():
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "5") as urls:
        seat = Seat(urls["seat 0"])
        asked = []
        f = seat.decision()
        for _ in range(3):
            asked.append(f)
            seat.answer(f, first_answer(f["decision"]))
            f = seat.decision()
        seat.send({"type": "take_back"})
        assert seat.reply()["type"] == "accepted"
        g = seat.decision()
        last = asked[-1]
        assert g["gen"] == last["gen"] + 1
        assert [o["label"] for o in g["decision"]["options"]] == [o["label"] for o in last["decision"]["options"]]
        assert (g["turn"], g["decision"]["prompt"]) == (last["turn"], last["decision"]["prompt"])
        seat.close()


def played_on(urls: dict, answers: int):
    """Seat 0 answers its first option `answers` times: the seat, the frame it is at, the log it saw."""
    seat = Seat(urls["seat 0"])
    f = seat.decision()
    for _ in range(answers):
        seat.answer(f, first_answer(f["decision"]))
        f = seat.decision()
    return seat, f, [line for m in seat.messages if m["type"] == "frame" for line in m["log"]["lines"]]


def download(seat_url: str, what: str) -> str:
    return urllib.request.urlopen(seat_url.replace("/seat/", "/file/") + "/" + what, timeout=120).read().decode()


def test_a_saved_log_resumes_the_same_game(tmp_path):
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "6") as urls:
        seat, f, lines = played_on(urls, 4)
        log = tmp_path / "game.log"
        log.write_text(download(urls["seat 0"], "game.log"))
        seat.close()
    assert json.loads(log.read_text().splitlines()[0])["header"]["seats"] == "human,random"
    with served(LOVE_LETTER, "--from", str(log)) as urls:
        seat = Seat(urls["seat 0"])
        g = seat.decision()
        assert g["log"]["lines"] == lines and g["decision"]["options"] == f["decision"]["options"]
        seat.close()


@pytest.mark.parametrize("pack, args", [(LOVE_LETTER, ["--seats", "human,random"]),
                                        ("thb", ["--mode", "Identity5Mode", "--seats", "human,random,random,random,random"])])
def test_a_moment_saved_as_a_test_runs_and_passes(tmp_path, pack, args):
    with served(pack, *args, "--seed", "7") as urls:
        seat = Seat(urls["seat 0"])
        f = seat.decision()
        for _ in range(3):
            if f["over"]:
                break
            seat.answer(f, first_answer(f["decision"]))
            f = seat.decision()
        text = download(urls["seat 0"], "moment.spell")
        seat.close()
    assert "expect P0.hand ==" in text and "deck top:" in text
    moment = tmp_path / "moment.spell"
    moment.write_text(text)
    run = subprocess.run([*SPELLCARD, "test", pack, "--with", str(moment), "-k", "moment"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and "1 passed, 0 failed" in run.stdout, run.stdout + run.stderr


def test_play_on_from_a_test(tmp_path):
    test = tmp_path / "start.spell"
    test.write_text('test "a set table" {\n  seats P0, P1\n  hand P0: Guard\n  hand P1: Princess\n'
                    '  deck top: Priest\n  expect P0.hand == [Guard]\n}\n')
    with served(LOVE_LETTER, "--from", str(test), "--seats", "human,random") as urls:
        seat = Seat(urls["seat 0"])
        f = seat.decision()
        hand = next(z for p in f["players"] if p["seat"] == 0 for z in p["zones"] if z["name"] == "hand")
        assert [c["face"] for c in hand["cards"]][:1] == ["Guard"]
        seat.close()


@pytest.mark.parametrize("args, message", [
    (["--seats", "human,robot"], "unknown seat 'robot'"),
    (["--seats", "random,random"], "no seat is human"),
    (["--seats", "human,random", "--players", "3"], "names 2 seats; the game has 3"),
])
def test_a_bad_command_line_is_one_line(args, message):
    run = subprocess.run([*SPELLCARD, "play", LOVE_LETTER, *args, "--no-open", "--port", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


def test_a_server_stopped_at_any_moment_resumes_from_its_kept_log(tmp_path):
    kept = tmp_path / "kept.log"
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "12", "--log", str(kept)) as urls:
        seat, f, lines = played_on(urls, 3)
        seat.close()
    assert not (tmp_path / "kept.log.part").exists()
    with served(LOVE_LETTER, "--from", str(kept), "--log", str(kept)) as urls:
        seat = Seat(urls["seat 0"])
        g = seat.decision()
        assert g["log"]["lines"] == lines and g["decision"]["options"] == f["decision"]["options"]
        seat.close()


def test_a_person_who_leaves_hands_the_seat_to_a_bot_and_can_take_it_back():
    with served(LOVE_LETTER, "--seats", "human,random", "--seed", "13", "--bot-ms", "50") as urls:
        seat = Seat(urls["seat 0"])
        f = seat.decision()
        seat.send({"type": "bot", "on": "yes"})
        assert "on" in seat.reply()["reason"]
        seat.send({"type": "bot", "on": True})
        assert seat.reply()["type"] == "accepted"
        g = seat.until(lambda m: m["type"] == "frame" and (m["over"] is not None or m["turn"] > f["turn"] + 2))
        assert g["decision"] is None and (g["by_bot"] or g["over"])
        if g["over"] is None:
            seat.send({"type": "bot", "on": False})
            assert seat.reply()["type"] == "accepted"
            h = seat.until(lambda m: m["type"] == "frame" and (m["over"] is not None or m["decision"] is not None
                                                                and m["decision"]["id"] > f["decision"]["id"]))
            assert h["over"] is not None or not h["by_bot"]     # asked again, as a person
        seat.close()


def test_a_terminal_seat_plays_a_whole_game_and_refuses_what_does_not_fit():
    answers = "t\nseven\n99\n" + "0\n" * 500
    run = subprocess.run([*SPELLCARD, "play", LOVE_LETTER, "--terminal", "--seats", "human,random", "--seed", "1"],
                         cwd=ROOT, input=answers, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "refused: not a number" in out and "refused: no such option: 99" in out
    assert "deck (" in out and "face down" in out                   # the table, shown on `t`
    assert "won" in out.splitlines()[-1] and "Traceback" not in run.stderr
    left = subprocess.run([*SPELLCARD, "play", LOVE_LETTER, "--terminal", "--seats", "human,random"], cwd=ROOT,
                          input="", capture_output=True, text=True, timeout=120)
    assert left.returncode == 1 and "left the table" in left.stdout


def test_ctrl_c_closes_the_table_cleanly():
    import signal

    proc = subprocess.Popen([*SPELLCARD, "play", LOVE_LETTER, "--seats", "human,random", "--no-open", "--port", "0"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        urls: dict = {}
        while "seed" not in urls:
            key, _, value = proc.stdout.readline().strip().partition(": ")
            urls[key] = value
        seat = Seat(urls["seat 0"])
        seat.decision()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0 and "table closed" in out and "Traceback" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_busy_port_is_one_line():
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = str(busy.getsockname()[1])
        run = subprocess.run([*SPELLCARD, "play", LOVE_LETTER, "--no-open", "--port", port], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and f"cannot serve on 127.0.0.1:{port}" in run.stderr and "Traceback" not in run.stderr
