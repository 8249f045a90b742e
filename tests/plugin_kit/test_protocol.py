"""A community game speaks the engine protocol with no change to game/: a scripted
`crowsnest engine` session of Oh Hell (loaded as a drop-in from a config folder)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import crowsnest_ohhell
import pytest
from crowsnest_ohhell.cards import DECK

OHHELL = Path(crowsnest_ohhell.__file__).parent


@pytest.mark.slow
def test_a_scripted_engine_session(tmp_path):
    folder = tmp_path / "plugins"
    shutil.copytree(
        OHHELL, folder / "crowsnest_ohhell", ignore=shutil.ignore_patterns("__pycache__")
    )
    config = tmp_path / "config.toml"
    config.write_text(f"[plugins]\nfolders = [{json.dumps(str(folder))}]\n")
    hands = [["AS", "2H", "3D"], ["KS", "4H", "5D"], ["QS", "6H", "7D"]]
    used = {c for h in hands for c in h} | {"9C"}
    deal = {"hands": hands, "turnup": ["9C"], "stock": [c for c in DECK.names if c not in used]}
    options = {"rounds": "fixed", "max_hand": 3, "fixed_deals": 1}
    requests = [
        {"cmd": "variants"},
        {
            "cmd": "new",
            "variant": "ohhell",
            "seed": 1,
            "seats": 3,
            "dealer": 2,
            "options": options,
            "deal": deal,
        },
        {"cmd": "legal"},
        {"cmd": "check", "action": "pass"},
        {"cmd": "apply", "action": "bid 1"},
        {"cmd": "apply", "action": "bid 1"},
        {"cmd": "check", "action": "bid 1"},
        {"cmd": "apply", "action": "bid 0"},
        {"cmd": "apply", "action": "play AS"},
        {"cmd": "check", "action": "play 4H"},
        {"cmd": "view", "seat": 1},
        {"cmd": "ai", "seat": 1, "level": "easy"},
        {"cmd": "state"},
        {"cmd": "quit"},
    ]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.run(
        [sys.executable, "-m", "crowsnest", "engine", "--config", str(config)],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(requests)
    (
        variants,
        new,
        legal,
        check_pass,
        _,
        _,
        check_hook,
        bids_done,
        _,
        check_follow,
        view,
        ai,
        state,
        _,
    ) = out
    assert all(r["ok"] for r in out), [r for r in out if not r["ok"]]
    oh = next(v for v in variants["variants"] if v["id"] == "ohhell")
    assert oh["name"] == "Oh Hell" and oh["seats"] == [3, 4, 5, 6]
    assert new["to_move"] == 0 and new["phase"] == "bid"
    assert set(legal["legal"]) == {"bid 0", "bid 1", "bid 2", "bid 3"} and legal["complete"]
    assert check_pass["legal"] is False and "no pass" in check_pass["reason"]
    assert check_hook["legal"] is False and "hook rule" in check_hook["reason"]
    assert bids_done["phase"] == "play" and bids_done["to_move"] == 0
    assert check_follow["legal"] is False and check_follow["reason"] == "you must follow spades"
    assert view["view"]["hand"] == ["KS", "4H", "5D"] and "hands" not in view["view"]
    assert view["view"]["trick"] == [[0, ["AS"]]] and view["view"]["trump"] == "clubs"
    assert ai["action"] == "play KS"  # the only legal card: seat 1 must follow spades
    assert state["state"]["bids"] == [1, 1, 0]
    assert state["state"]["hands"][2] == ["QS", "6H", "7D"]
