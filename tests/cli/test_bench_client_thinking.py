"""tools/bench_client.py --thinking: frames while hard thinks, each row's figures kept in
--results and read back by a run started again (a smoke test, not a speed test)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_client.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), "--thinking", *args],
        capture_output=True,
        text=True,
        timeout=240,
    )


@pytest.mark.slow
def test_thinking_rows_are_kept_and_read_back(tmp_path):
    results = tmp_path / "frames.jsonl"
    args = ("--rows", "doudizhu", "--frames", "5", "--size", "640x360", "--results", str(results))
    r = run(*args, "--json")
    assert r.returncode == 0, r.stderr
    (row,) = json.loads(r.stdout)["thinking"]
    assert row["row"] == "doudizhu" and row["size"] == "640x360" and row["run"] == 1
    assert row["frames"] == 5 and 0 < row["cpu_median_ms"] <= row["cpu_p99_ms"]
    assert row["wall_p99_ms"] <= row["wall_max_ms"]
    assert row["unstolen_cpu_max_ms"] <= row["cpu_max_ms"] or row["stolen_frames"] == 5
    assert [json.loads(x) for x in results.read_text().splitlines()] == [row]
    again = run(*args, "--json")  # the row is in the file: read back, not played again
    assert again.returncode == 0 and json.loads(again.stdout)["thinking"] == [row]
    assert len(results.read_text().splitlines()) == 1


@pytest.mark.slow
def test_an_unknown_row_or_size_is_named():
    r = run("--rows", "poker")
    assert r.returncode != 0 and "unknown row 'poker'" in r.stderr
    r = run("--size", "big")
    assert r.returncode != 0 and "--size is WIDTHxHEIGHT" in r.stderr
