"""`crowsnest stats` / `crowsnest saves` read the store and never create it; `simulate`
records nothing; `replay --slot/--match` say what is missing."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import CLI
from crowsnest.plugin_host import load_registry
from crowsnest.records.savefile import Seat, document, dumps
from crowsnest.records.stats import record_of
from crowsnest.records.store import Store, store_path
from crowsnest.testing import play_match


@pytest.mark.slow
def test_simulate_records_nothing_and_empty_stats_say_so(tmp_path: Path) -> None:
    c = CLI(tmp_path)
    r = c.run("simulate", "--variant", "crowsnest", "--games", "1", "--seed", "1")
    assert r.returncode == 0, r.stderr
    assert not list(tmp_path.rglob("*.db"))
    r = c.run("stats")
    assert r.returncode == 0 and "no finished games recorded" in r.stdout
    assert c.json("stats") == {
        "store": str(tmp_path / "xdg-data" / "crowsnest" / "saves" / "crowsnest.db"),
        "recorded_matches": 0,
        "players": [],
    }
    assert c.json("saves")["slots"] == []
    assert not list(tmp_path.rglob("*.db"))  # reading never creates the store


@pytest.mark.slow
def test_saves_lists_slots_and_history_and_replay_reads_them(tmp_path: Path) -> None:
    c = CLI(tmp_path)
    cfg = tmp_path / "family.toml"
    cfg.write_text('[look]\nnames = ["", "Gran"]\n')  # the player's name for seat 2's computer
    reg = load_registry(user_folder=False)
    m = play_match(reg.variant("crowsnest"), seed=2, level="easy")
    seats = [Seat("human", "normal", "Mum"), Seat(), Seat("ai", "hard"), Seat()]
    with Store(store_path(cfg)) as st:
        st.put_slot("Sunday", "crowsnest", dumps(document(m, seats, m.log_strings())))
        st.put_slot("Broken", "crowsnest", "format = 'something else'")
        mid = st.add_match(
            record_of(m, seats, ["Mum", "W", "N", "E"], started_at="a", finished_at="b", seconds=5)
        )
    rep = c.json("saves", "--config", str(cfg))
    by = {s["name"]: s for s in rep["slots"]}
    assert by["Sunday"]["over"] and by["Sunday"]["scores"] == list(m.scores)
    assert [p["name"] for p in by["Sunday"]["players"]] == ["Mum", "Gran", "Iris", "Pippa"]
    assert "not a CrowsNest Arcade save file" in by["Broken"]["problem"]
    assert [h["id"] for h in rep["history"]] == [mid]
    text = c.run("saves", "--config", str(cfg)).stdout
    assert "Sunday" in text and f"#{mid}" in text
    got = c.json("replay", "--slot", "Sunday", "--config", str(cfg))
    assert got["scores"] == list(m.scores) and got["over"]
    r = c.run("replay", "--slot", "Nope", "--config", str(cfg))
    assert r.returncode == 1 and "no save slot 'Nope' (slots: " in r.stderr
    r = c.run("replay", "--match", "99", "--config", str(cfg))
    assert r.returncode == 1 and "no finished match #99" in r.stderr
    r = c.run("replay", "--config", str(cfg))
    assert r.returncode == 2 and "a save FILE, --match ID, --slot NAME or --table CODE" in r.stderr
    stats = c.run("stats", "--player", "mum", "--config", str(cfg)).stdout
    assert stats.startswith("Mum, CrowsNest: 1 match, ")
