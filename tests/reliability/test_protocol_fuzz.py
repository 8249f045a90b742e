"""A slice of tools/fuzz_protocol.py (the full run is 1,000,000 requests; figures in
docs/reliability.md): seeded random request lines, good and bad, in-process and through
a real `crowsnest engine` process; every line gets one JSON answer, no internal error,
a refused apply changes nothing, the process never exits."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import fuzz_protocol  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12])
def test_fuzz_in_process(seed):
    res = fuzz_protocol.fuzz(6000, seed, state_every=5)
    assert res["problems"] == 0, res["first_problems"]
    assert res["ok"] > 1000 and res["failed"] > 500  # both kinds were exercised


@pytest.mark.slow
def test_fuzz_through_the_engine_process():
    res = fuzz_protocol.fuzz_engine(1500, 13)
    assert res["problems"] == 0, res["first_problems"]
    assert res["requests"] == 1500
