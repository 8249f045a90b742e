"""Issue 29: `tournament --results FILE` validates what it reads back: hostile files are
one sentence (exit 2), never a crash, a hang or a win rate beyond 1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from crowsnest.batch import tournament as tm

SPEC = tm.Spec(variant="crowsnest", levels=("normal", "easy"), seed=5, seats=4)
GOOD = {
    "deal": 0,
    "pairing": 0,
    "a": "normal",
    "b": "easy",
    "score": 1.0,
    "games": 1.0,
    "margin": 40,
    "tables": [
        {"margin": 30, "role": None, "win": 1.0, "faults": 0},
        {"margin": 10, "role": None, "win": 1.0, "faults": 0},
    ],
}


def _header() -> str:
    return json.dumps(tm._header(tm.plan(tm._variant_in(SPEC), SPEC)))


def _file(tmp_path: Path, *lines: str) -> str:
    f = tmp_path / "run.jsonl"
    f.write_text("\n".join([_header(), *lines]) + "\n")
    return str(f)


def _with(**kw) -> str:
    return json.dumps({**GOOD, **kw})


HOSTILE = {
    "no a": json.dumps({k: v for k, v in GOOD.items() if k != "a"}),
    "no score": json.dumps({k: v for k, v in GOOD.items() if k != "score"}),
    "no tables": json.dumps({k: v for k, v in GOOD.items() if k != "tables"}),
    "unknown level": _with(a="godlike"),
    "score text": _with(score="x"),
    "score huge": _with(score=1e6),
    "deal infinity": _with(deal=float("inf")).replace("Infinity", "Infinity"),
    "deal NaN": _with(margin=float("nan")),
    "pairing out of range": _with(pairing=7),
    "deal bool": _with(deal=True),
    "table not object": _with(tables=[1, 2]),
    "table win 3": _with(tables=[{"margin": 0, "role": None, "win": 3, "faults": 0}]),
    "faults negative": _with(tables=[{"margin": 0, "role": None, "win": 1, "faults": -1}]),
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep object": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "a list": "[1, 2, 3]",
    "garbage": "hello there",
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_line_is_refused_with_its_line_number(tmp_path: Path, name: str) -> None:
    f = _file(tmp_path, HOSTILE[name])
    with pytest.raises(tm.TournamentError, match=r"line 2: not a result of this tournament"):
        tm.load_results(f, tm.plan(tm._variant_in(SPEC), SPEC))


def test_a_good_file_and_a_cut_line_still_load(tmp_path: Path) -> None:
    spec = tm.plan(tm._variant_in(SPEC), SPEC)
    f = _file(tmp_path, json.dumps(GOOD), json.dumps(GOOD)[:30], _with(deal=1))
    assert sorted(tm.load_results(f, spec)) == [(0, 0), (1, 0)]


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_a_pipe_a_device_or_a_folder_is_refused_not_read(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    elif kind == "zero":
        path = Path("/dev/zero")
    else:
        path = tmp_path
    with pytest.raises(tm.TournamentError, match="not a results file"):
        tm.load_results(str(path), tm.plan(tm._variant_in(SPEC), SPEC))


@pytest.mark.slow
def test_through_the_command_one_sentence_exit_2(cli, tmp_path: Path) -> None:
    f = tmp_path / "run.jsonl"
    args = ["tournament", "--variant", "crowsnest", "--levels", "normal,easy", "--seed", "5",
            "--deals", "1", "--results", str(f), "--json"]  # fmt: skip
    assert cli.run(*args, timeout=180).returncode == 0
    lines = f.read_text().splitlines()
    f.write_text("\n".join([lines[0], _with(deal=3, score=1e6)]) + "\n")
    r = cli.run(*args, timeout=180)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "line 2: not a result of this tournament ('score' must be" in r.stderr
