"""`crowsnest replay FILE [--json]`: the final position of a save, or its problem."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry
from crowsnest.records import savefile
from crowsnest.records.savefile import Seat

TESTS = Path(__file__).resolve().parents[1]


def run(tmp: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.update(XDG_CONFIG_HOME=str(tmp / "xdg-config"), XDG_DATA_HOME=str(tmp / "xdg-data"))
    return subprocess.run(
        [sys.executable, "-m", "crowsnest", "replay", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def saved_match(tmp: Path) -> tuple[Path, Match]:
    reg = load_registry(user_folder=False)
    m = Match(reg.variant("tractor"), seed=21, carry={"levels": [3, 6]})
    rng = random.Random(4)
    for _ in range(130):
        m.apply_unchecked(m.deal.random_action(rng))
    seats = [Seat("human", "normal", "Mum"), Seat("ai", "easy", "Kai")] + [Seat()] * 2
    return savefile.save(m, seats, tmp / "tractor.toml", registry=reg), m


@pytest.mark.slow
def test_replay_json_reports_the_final_position(tmp_path):
    path, m = saved_match(tmp_path)
    r = run(tmp_path, str(path), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["variant"] == "tractor" and out["actions"] == len(m.log)
    assert out["scores"] == list(m.scores) and out["scores_by"] == "team"
    assert out["deals_played"] == m.deal_no and out["deal"] == m.deal_no + 1
    assert out["to_move"] == m.to_move and out["phase"] == m.phase
    assert out["players"][0]["name"] == "Mum" and out["plugin"] == "tractor"
    assert out["state"] == json.loads(json.dumps(m.state()))
    assert out["mismatch"] is None


@pytest.mark.slow
def test_replay_text_and_errors(tmp_path):
    path, m = saved_match(tmp_path)
    r = run(tmp_path, str(path))
    assert r.returncode == 0, r.stderr
    assert f"{len(m.log)} actions replayed" in r.stdout
    assert f"deal {m.deal_no + 1}" in r.stdout and "to move: seat" in r.stdout
    assert "Mum & " in r.stdout  # scores by team, with the players' names

    bad = tmp_path / "bad.toml"
    text = path.read_text().replace('"play ', '"play BJ ', 1)  # a card the player lacks
    bad.write_text(text)
    r = run(tmp_path, str(bad))
    assert r.returncode == 1 and not r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"crowsnest: {bad}: action ")
    assert "refused by the engine" in lines[0]
    assert bad.read_text() == text

    r = run(tmp_path, str(tmp_path / "nothing.toml"), "--json")
    assert r.returncode == 1 and "no such save file" in r.stderr
