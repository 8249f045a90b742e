"""docs/protocol.md's example session is what the engine answers, and `legal` lists are
in the documented order: strings sorted with digit runs by value (bids go up)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from crowsnest.engine.actions import notation_key

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def example() -> list[tuple[str, str]]:
    text = DOC.read_text()
    block = text[text.index("## Example") :].split("```")[1]
    lines = [x for x in block.splitlines() if x.startswith(("> ", "< "))]
    return [(a[2:], b[2:]) for a, b in zip(lines[::2], lines[1::2], strict=True)]


def test_the_documented_session_is_what_the_engine_says(cli):
    pairs = example()
    assert pairs[-1][0] == '{"cmd":"quit"}' and any('"cmd":"ai"' in r for r, _ in pairs)
    stdin = "".join(req + "\n" for req, _ in pairs)
    out = subprocess.run(
        [sys.executable, "-m", "crowsnest", "engine"],
        input=stdin,
        capture_output=True,
        text=True,
        env=cli.env,
        timeout=60,
    ).stdout.splitlines()
    assert len(out) == len(pairs)
    for (req, want), got in zip(pairs, out, strict=True):
        pattern = ".*".join(re.escape(part) for part in want.split("..."))
        assert re.fullmatch(pattern, got), f"{req}\n doc: {want}\n got: {got}"


@pytest.mark.slow
def test_legal_lists_follow_the_documented_order(cli):
    stdin = '{"cmd":"new","variant":"crowsnest","seed":7}\n{"cmd":"legal"}\n'
    out = subprocess.run(
        [sys.executable, "-m", "crowsnest", "engine"],
        input=stdin,
        capture_output=True,
        text=True,
        env=cli.env,
        timeout=60,
    ).stdout.splitlines()
    legal = json.loads(out[1])["legal"]
    bids = [int(a.split()[1]) for a in legal if a.startswith("bid ")]
    assert bids == sorted(bids) and bids[0] == 70 and legal[-1] == "pass"
    assert legal == sorted(legal, key=notation_key)


def test_notation_key():
    words = ["play R14", "pass", "bid 100", "play R5", "bid 70", "play BIRD", "bid 75"]
    assert sorted(words, key=notation_key) == [
        "bid 70",
        "bid 75",
        "bid 100",
        "pass",
        "play BIRD",
        "play R5",
        "play R14",
    ]
