"""tools/bench.py --json --client runs and reports every figure (a smoke test, not a speed
test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from crowsnest.plugin_host import load_registry

BENCH = Path(__file__).resolve().parents[2] / "tools" / "bench.py"


@pytest.mark.slow
def test_bench_json_reports_deals_and_ai_moves_per_level():
    variants = load_registry(folders=[], user_folder=False).variants
    vid = "crowsnest" if "crowsnest" in variants else next(iter(variants), None)
    if vid is None:
        pytest.skip("no variant registered")
    r = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            "--json",
            "--variant",
            vid,
            "--seconds",
            "0.05",
            "--repeats",
            "1",
            "--client",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    rows = out["results"]
    assert [row["seats"] for row in rows] == list(variants[vid].seats)
    for row in rows:
        assert row["variant"] == vid and row["deals_per_s"] > 0
        assert set(row["ai_moves_per_s"]) == set(variants[vid].ais)
        assert all(x > 0 for x in row["ai_moves_per_s"].values())
    client = out["client"]  # tools/bench_client.py's figures
    assert (
        client["frames"] > 0
        and client["frame_ms_median"] > 0
        and 0 < client["first_frame_s"] < float("inf")
    )


@pytest.mark.slow
def test_side_by_side_against_a_checkout_pairs_every_figure(tmp_path):
    root = BENCH.parents[1]
    r = subprocess.run(
        [sys.executable, str(BENCH), "--json", "--against", str(root), "--rounds", "3"]
        + ["--pairs", "2", "--seconds", "0.01", "--variant", "crowsnest", "--ai"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["clock"] == "cpu" and out["rounds"] == 3
    rows = out["results"]
    assert {(x["variant"], x["figure"]) for x in rows} == {
        ("crowsnest", "deals"),
        ("crowsnest", "ai_normal"),
    }
    for x in rows:  # the same checkout on both sides: a ratio near 1, never 0 or inf
        assert x["work"] >= 1 and 0 < x["ratio_min"] <= x["ratio_median"] <= x["ratio_max"]
        assert x["ratio_min"] <= x["ratio_low"] <= x["ratio_high"] <= x["ratio_max"]
    deals = next(x for x in rows if x["figure"] == "deals")
    assert deals["same_work"] is True  # one checkout: the very same actions on both sides
    assert deals["new_ms_per_deal"] > 0 and deals["old_ms_per_deal"] > 0
    bad = subprocess.run(
        [sys.executable, str(BENCH), "--against", str(tmp_path)], capture_output=True, text=True
    )
    assert bad.returncode != 0 and "is not a checkout of the game" in bad.stderr


def test_bootstrap_interval_holds_the_median_and_narrows_with_more_rounds(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH.parent))
    from bench import bootstrap_median

    few = [1.0, 1.1, 0.9, 1.05, 0.95]
    lo, hi = bootstrap_median(few)
    assert lo <= 1.0 <= hi
    many = few * 20
    lo2, hi2 = bootstrap_median(many)
    assert lo <= lo2 <= 1.0 <= hi2 <= hi and hi2 - lo2 < hi - lo
