"""Issue 29: the README's "timid" AI at every seat: `simulate` ends (the thrown-in cap,
docs/rules-decisions.md) instead of failing after 200,000 actions."""

from __future__ import annotations

import json

import pytest
from crowsnest.engine.match import MAX_THROWN_IN

TIMID = """
class Timid:
    def __init__(self, easy):
        self.easy = easy

    def choose(self, view, legal, rng):
        if ("pass",) in legal:
            return ("pass",)
        return self.easy.choose(view, legal, rng)


def crowsnest_register_ais(register):
    register("crowsnest", "timid",
             lambda variant, options, seats: Timid(variant.ais["easy"](variant, options, seats)))
"""


@pytest.mark.slow
def test_simulate_with_the_timid_level_ends(cli, tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "timid.py").write_text(TIMID)
    cfg = cli.config_with_folder(folder)
    r = cli.run("simulate", "--config", str(cfg), "--variant", "crowsnest", "--level", "timid",
                "--games", "2", "--json", timeout=300)  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 2 and out["wins"] == [0, 0] and out["redeals"] == 2 * MAX_THROWN_IN
