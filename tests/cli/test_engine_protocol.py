"""A scripted `crowsnest engine` session (subprocess, JSON lines) on the toy variant with
a fixed deal, then a whole random match, and refusals that change nothing."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys

import pytest
from cli_helpers import TOY_FILE

FIXED = {
    "hands": [["2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H"]],
    "kitty": ["7S", "7H"],
}


class Engine:
    def __init__(self, cli, cfg):
        self.p = subprocess.Popen(
            [sys.executable, "-m", "crowsnest", "--config", str(cfg), "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=cli.env,
        )

    def raw(self, line: str) -> dict:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        assert out, "the engine exited"
        return json.loads(out)

    def __call__(self, **req) -> dict:
        return self.raw(json.dumps(req))

    def close(self) -> int:
        assert self(cmd="quit") == {"ok": True}
        return self.p.wait(timeout=10)


@pytest.fixture
def engine(cli, tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    shutil.copy(TOY_FILE, folder / "toyplug.py")
    eng = Engine(cli, cli.config_with_folder(folder))
    yield eng
    if eng.p.poll() is None:
        eng.p.kill()


@pytest.mark.slow
def test_scripted_session(engine):
    r = engine(cmd="legal")
    assert r["ok"] is False and "no match" in r["error"]

    toy = next(v for v in engine(cmd="variants")["variants"] if v["id"] == "toy")
    assert toy["seats"] == [2, 3] and toy["options"][0]["key"] == "target"
    assert toy["direction"] == "clockwise"  # the Variant default
    assert {"easy", "random"} <= set(toy["ais"])

    r = engine(cmd="new", variant="toy", seed=5, dealer=1, deal=FIXED)
    assert r["ok"] and r["to_move"] == 0 and r["phase"] == "bid" and r["seats"] == 2

    r = engine(cmd="legal")
    assert r == {
        "ok": True,
        "to_move": 0,
        "phase": "bid",
        "over": False,
        "winner": None,
        "legal": ["bid 1", "pass"],
        "complete": True,
    }
    assert engine(cmd="check", action="bid 1") == {"ok": True, "legal": True}
    assert engine(cmd="apply", action="bid 1")["phase"] == "play"

    # Seat 0 leads 3S; seat 1 has no spade, so anything goes.
    engine(cmd="apply", action="play 3S")
    view = engine(cmd="view", seat=1)["view"]
    assert view["hand"] == FIXED["hands"][1] and view["trick"] == [[0, ["3S"]]]
    assert "2S" not in json.dumps(view)  # seat 0's hand stays hidden
    r = engine(cmd="apply", action="play 6H")
    trick = next(e for e in r["events"] if e["type"] == "trick")
    assert trick == {"type": "trick", "winner": 0, "cards": ["3S", "6H"], "points": 0}
    assert r["to_move"] == 0

    # Refusals: a reason, and nothing changes.
    before = engine(cmd="state")
    assert engine(cmd="check", action="play 2H") == {
        "ok": True,
        "legal": False,
        "reason": "you do not hold 2H",
    }
    for bad in (
        {"cmd": "apply", "action": "play 2H"},
        {"cmd": "apply", "action": "fly away"},
        {"cmd": "apply"},
        {"cmd": "view", "seat": 7},
        {"cmd": "ai", "seat": 1},
        {"cmd": "new", "variant": "nope"},
        {"cmd": "new", "variant": "toy", "seats": 5},
        {"cmd": "new", "variant": "toy", "options": {"target": 1}},
        {"cmd": "new", "variant": "toy", "deal": {"hands": [["2S"], ["3S"]]}},
        {"cmd": "dance"},
    ):
        r = engine(**bad)
        assert r["ok"] is False and len(r["error"]) > 10, (bad, r)
    assert engine.raw("{not json")["ok"] is False
    assert engine.raw("[1, 2]")["ok"] is False
    assert engine(cmd="state") == before
    assert before["over"] is False and before["state"]["hands"][0] == ["2S", "4S", "5S", "6S"]

    r = engine(cmd="ai", seat=0, level="easy")
    assert r["ok"] and r["action"] == "play 2S" and r["level"] == "easy"
    r = engine(cmd="ai", seat=0, level="hard")  # falls back to the strongest it has
    assert r["level"] == "easy"
    assert engine(cmd="ai", seat=0, level="genius")["ok"] is False

    # Play the rest: seat 0 takes every trick and the kitty (30 = the target).
    for s, h in zip(["2S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H"], strict=True):
        engine(cmd="apply", action=f"play {s}")
        r = engine(cmd="apply", action=f"play {h}")
    types = [e["type"] for e in r["events"]]
    assert types[-2:] == ["deal_over", "match_over"]
    deal_over = r["events"][-2]
    assert deal_over["points"] == [30, 0] and deal_over["scores"] == [30, 0]
    assert r["events"][-1]["winner"] == 0
    st = engine(cmd="state")
    assert st["over"] is True and st["state"]["over"] is True and st["winner"] == 0
    assert engine(cmd="legal")["legal"] == []
    log = engine(cmd="log")["log"]
    assert log[:3] == ["bid 1", "play 3S", "play 6H"] and len(log) == 11
    assert engine.close() == 0


@pytest.mark.slow
def test_random_match_through_the_protocol(engine):
    rng = random.Random(3)
    assert engine(cmd="new", variant="toy", seed=9, seats=3)["ok"]
    for _ in range(2000):
        st = engine(cmd="legal")
        if st["over"]:
            break
        action = (
            rng.choice(st["legal"])
            if rng.random() < 0.5
            else engine(cmd="ai", level="easy")["action"]
        )
        r = engine(cmd="apply", action=action)
        assert r["ok"], r
    else:
        raise AssertionError("the match did not end")
    assert engine(cmd="state")["over"] is True
    assert engine.close() == 0
