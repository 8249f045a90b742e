"""A slice of tools/kill_writes.py (the full campaign is 1,000 kills; figures in
docs/reliability.md): SIGKILL at random moments of atomic writes leaves no torn file, and
the next start leaves no temp file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import kill_writes  # noqa: E402


@pytest.mark.slow
def test_kill_during_writes_slice():
    res = kill_writes.campaign(8, seed=5)
    assert res["torn_files"] == 0
    assert res["temps_left_after_next_start"] == 0
    assert res["files_checked_whole"] > 0
