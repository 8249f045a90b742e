"""Seats are held by tokens, not names: drop and rejoin, the computer in between, wrong
and old tokens, spectators without hands (over loopback, bounded)."""

from __future__ import annotations

import time

import pytest
from bots import Bot, run


def table(server, variant="crowsnest", grace=1, humans=2, **rules):
    n = 4 if variant != "doudizhu" else 3
    seats = [{"kind": "human"}] * humans + [{"kind": "ai", "level": "easy"}] * (n - humans)
    owner = Bot(server.url, name="Ada", seed=1)
    owner.send(
        {
            "type": "create",
            "variant": variant,
            "seats": seats,
            "options": {"target": 50} if variant != "doudizhu" else {"deals": 1},
            "rules": {"grace": grace, "substitute": "easy", **rules},
        }
    )
    owner.expect("created")
    owner.expect("snapshot")
    other = Bot(server.url, name="Ben", seed=2)
    other.send({"type": "join", "code": owner.code})
    other.expect("joined")
    return owner, other


def test_a_dropped_seat_is_away_then_the_computer_plays_it_and_the_token_gives_it_back(server):
    owner, ben = table(server)
    run([owner, ben], until=lambda: owner.seq >= 12, seconds=60)
    ben.drop()
    away = owner.expect("seat", 5)
    assert away["seat"] == ben.seat and away["status"] == "away" and away["grace_left"] > 0
    taken = owner.expect("seat", 5)
    assert taken["seat"] == ben.seat and taken["status"] == "ai"
    before, mark = owner.seq, len(owner.frames)
    # The computer plays Ben's seat: the table goes on with Ben away.
    run(
        [owner],
        until=lambda: (
            any(
                f.get("type") == "update" and f["seat"] == ben.seat and f["by"] == "ai"
                for f in owner.frames[mark:]
            )
            or owner.over
        ),
        seconds=60,
    )
    assert owner.seq > before
    ben.resume()
    snap = ben.frames[-1]
    assert snap["type"] == "snapshot" and snap["you"] == ben.seat and snap["view"]["hand"]
    back = owner.expect("seat", 5)
    assert back["seat"] == ben.seat and back["status"] == "connected"
    run([owner, ben], seconds=120)
    assert owner.over and ben.over


def test_a_wrong_or_old_token_or_a_bare_code_gets_no_seat_and_no_hand(server):
    owner, ben = table(server, humans=3)
    spy = Bot(server.url, name="Eve")
    spy.send({"type": "resume", "code": owner.code, "token": "0" * 32})
    assert spy.expect("error")["code"] == "bad_token"
    spy.send({"type": "resume", "code": owner.code, "token": ben.token.upper()})
    assert spy.expect("error")["code"] in ("bad_token", "bad_frame")
    # A code without a token: a spectator's view, no hand (or no seat at all).
    spy.send({"type": "join", "code": owner.code, "watch": True})
    spy.expect("joined")
    snap = spy.expect("snapshot")
    assert snap["you"] is None and snap["view"]["hand"] == [] and "legal" not in snap
    # Taking the last free seat gives a new token; the old one of a kicked seat is dead.
    owner.send({"type": "kick", "seat": ben.seat})
    assert ben.expect("bye")["reason"] == "kicked"
    thief = Bot(server.url, name="Mal")
    thief.send({"type": "resume", "code": owner.code, "token": ben.token})
    assert thief.expect("error")["code"] == "bad_token"
    assert not [f for f in thief.frames if f.get("type") == "snapshot"]


def test_resuming_on_a_second_connection_replaces_the_first(server):
    owner, ben = table(server)
    twin = Bot(server.url, name="Ben again")
    twin.code, twin.token = ben.code, ben.token
    twin.send({"type": "resume", "code": ben.code, "token": ben.token})
    assert twin.expect("joined")["seat"] == ben.seat
    assert ben.expect("bye")["reason"] == "replaced"


def test_a_stale_seq_or_another_seats_move_changes_nothing(server):
    owner, ben = table(server, humans=2)
    run([owner, ben], until=lambda: owner.seq >= 3, seconds=30)
    time.sleep(0.2)
    for b in (owner, ben):
        b.pump()
    mover, idle = (owner, ben) if owner.state.get("to_move") == owner.seat else (ben, owner)
    seq = idle.seq
    idle.send({"type": "act", "seq": seq, "action": "pass"})
    assert idle.expect("refused")["code"] in ("not_your_turn", "illegal")
    if mover.state.get("legal"):
        mover.send({"type": "act", "seq": seq - 1, "action": mover.state["legal"][0]})
        assert mover.expect("refused")["code"] == "stale"
    assert owner.seq == seq


@pytest.mark.slow
def test_a_table_of_people_gives_its_ai_runner_back_and_gets_one_again(server):
    """The computer plays the seats nobody has taken yet (its runner is made); once every
    seat is a connected person the runner goes (memory per table); a player gone past
    the grace is played by the computer again, with a runner made anew."""
    owner, ben = table(server, humans=2, grace=1)
    run([owner, ben], until=lambda: owner.seq >= 2, seconds=30)
    assert owner.code in server.server.runners  # the AI seats need it
    owner2, ben2 = table(server, humans=4, grace=1)
    code = owner2.code
    # Until an empty seat's turn comes and the computer plays it.
    run([owner2, ben2], until=lambda: code in server.server.runners, seconds=20)
    rest = [Bot(server.url, name=f"C{i}", seed=10 + i) for i in range(2)]
    for b in rest:
        b.send({"type": "join", "code": code})
        b.expect("joined")
    bots = [owner2, ben2, *rest]
    start = owner2.seq
    run(bots, until=lambda: owner2.seq >= start + 4 and code not in server.server.runners)
    assert code not in server.server.runners
    ben2.drop()  # away, then past the grace: the computer plays the seat again
    run([owner2, *rest], until=lambda: code in server.server.runners, seconds=20)
    before = owner2.seq
    run([owner2, *rest], until=lambda: owner2.seq >= before + 8, seconds=30)
