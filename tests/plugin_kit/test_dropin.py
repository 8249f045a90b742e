"""Example 1, the one-file drop-in: copied into a plugin folder named in the config it
appears in `crowsnest plugins` (its preset variant and its AI); removed, it is gone. Its
preset and its AI behave as documented."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from crowsnest.ai import AIRunner
from crowsnest.engine import Match

ROOT = Path(__file__).resolve().parents[2]
DROPIN = ROOT / "examples" / "dropin" / "crowsnest_house_rules.py"


def plugins_json(config: Path, env: dict[str, str]) -> dict:
    cmd = [sys.executable, "-m", "crowsnest", "plugins", "--json", "--config", str(config)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.slow
def test_dropped_in_it_appears_and_removed_it_is_gone(tmp_path):
    folder = tmp_path / "my plugins"
    folder.mkdir()
    config = tmp_path / "config.toml"
    config.write_text(f"[plugins]\nfolders = [{json.dumps(str(folder))}]\n")
    # An empty user data dir, so the user's own plugin folder cannot interfere.
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}

    before = plugins_json(config, env)
    assert "crowsnest-house" not in before["variants"]
    assert str(folder) in before["plugin_folders"]

    shutil.copy(DROPIN, folder / DROPIN.name)
    after = plugins_json(config, env)
    record = next(p for p in after["plugins"] if p["name"] == "crowsnest_house_rules")
    assert record["origin"] == "drop-in" and record["status"] == "ok", record
    assert record["version"] == "1.0"
    assert record["variants"] == ["crowsnest-house"]
    assert set(record["ais"]) == {"crowsnest:reckless", "crowsnest-house:reckless"}
    assert "reckless" in after["variants"]["crowsnest"]
    assert "reckless" in after["variants"]["crowsnest-house"]

    # The text listing reads as the guide shows it.
    cmd = [sys.executable, "-m", "crowsnest", "plugins", "--config", str(config)]
    text = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60, cwd=ROOT).stdout
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for line in (
        "crowsnest_house_rules 1.0 (drop-in): ok",
        "  variants: crowsnest-house",
        "  AIs: crowsnest:reckless, crowsnest-house:reckless",
    ):
        assert line in text.splitlines() and line in guide.splitlines()

    (folder / DROPIN.name).unlink()
    gone = plugins_json(config, env)
    assert not any(p["name"] == "crowsnest_house_rules" for p in gone["plugins"])
    assert "crowsnest-house" not in gone["variants"]
    assert "reckless" not in gone["variants"]["crowsnest"]


@pytest.fixture
def loaded(crowsnest_registry):
    return crowsnest_registry(DROPIN)


def test_the_preset_is_crowsnest_with_house_defaults(loaded):
    house = loaded.variant("crowsnest-house")
    crowsnest = loaded.variant("crowsnest")
    defaults = {o.key: o.default for o in house.options}
    assert defaults["bird_rank"] == "high" and defaults["nest_counters"] == "declarer"
    # Everything else is CrowsNest's, and the house rules stay options a player can change.
    others = {
        o.key: o.default for o in crowsnest.options if o.key not in ("bird_rank", "nest_counters")
    }
    assert {k: defaults[k] for k in others} == others
    assert dict(house.resolve_options({"bird_rank": "low"}))["bird_rank"] == "low"
    assert {o.key: o.default for o in crowsnest.options}["bird_rank"] == "low"  # untouched


def test_the_crow_is_the_highest_trump_in_the_preset(loaded):
    # The same fixed deal and actions in CrowsNest and in the preset: only the winner differs.
    deal = {
        "hands": [
            ["R5", "R6", "R7", "B5", "B6", "B7", "G5", "G6", "G7"],
            ["R14", "R8", "R9", "B8", "B9", "B10", "G8", "G9", "G10"],
            ["R13", "R10", "R11", "B11", "B12", "B13", "G11", "G12", "G13"],
            ["BIRD", "R12", "Y5", "Y6", "Y7", "Y8", "Y9", "Y10", "B14"],
        ],
        "nest": ["G14", "Y11", "Y12", "Y13", "Y14"],
    }
    actions = ["bid 70", "pass", "pass", "pass", "discard G14 Y11 Y12 Y13 Y14", "trump red"]
    actions += ["play R5", "play R14", "play R13", "play BIRD"]
    winners = {}
    for vid in ("crowsnest", "crowsnest-house"):
        match = Match(loaded.variant(vid), seed=0, dealer=3, deal=deal)
        events = [e for a in actions for e in match.apply(a)]
        winners[vid] = next(e["winner"] for e in events if e["type"] == "trick")
    assert winners == {"crowsnest": 1, "crowsnest-house": 3}  # R14 vs the Crow


def test_reckless_raises_until_ten_below_the_ceiling(loaded):
    house = loaded.variant("crowsnest-house")
    raised = 0
    for seed in range(4):
        match = Match(house, seed=seed)
        runner = AIRunner(house, match.options, match.seats, budget_s=None, seed=seed)
        levels = {0: "reckless", 1: "random", 2: "reckless", 3: "random"}
        start_deals = match.deal_no
        while match.deal_no == start_deals and not match.over:
            seat = match.to_move
            legal = match.legal_actions()
            choice = runner.choose(match, level=levels[seat])
            assert choice.fault is None
            if levels[seat] == "reckless" and match.phase == "bid":
                bids = sorted(a[1] for a in legal if a[0] == "bid")
                if bids and bids[0] <= bids[-1] - 10:
                    assert choice.action == ("bid", bids[0])
                    raised += 1
                elif bids:
                    assert choice.action == ("pass",)
            match.apply(choice.action)
        assert match.deal_no == start_deals + 1 or match.over  # the deal played out
    assert raised > 0
