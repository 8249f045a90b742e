"""tools/tournament_hard.py runs and reports what docs/ai.md quotes (tiny budgets)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import tournament_hard  # noqa: E402


def run(capsys, *args: str) -> dict:
    assert tournament_hard.main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_duplicate_deals_report(capsys):
    out = run(capsys, "--deals", "2", "--iterations", "20")
    assert out["mode"] == "duplicate deals" and out["deals"] == 2
    assert 0.0 <= out["win_rate"] <= 1.0
    lo, hi = out["ci95"]
    assert 0.0 <= lo <= out["win_rate"] <= hi <= 1.0
    assert out["hard_moves"] > 10 and out["hard_moves_per_second"] > 0


@pytest.mark.slow
def test_speed_reports_the_95th_percentile(capsys):
    out = run(capsys, "--variant", "doudizhu", "--speed", "1")
    assert out["mode"] == "speed" and out["moves"] > 10 and out["faults"] == 0
    assert 0 < out["median_seconds"] <= out["p95_seconds"] <= out["max_seconds"]


def test_unknown_variant_is_refused(capsys):
    assert tournament_hard.main(["--variant", "nope"]) == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err
