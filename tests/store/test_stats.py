"""Statistics from recorded matches: the record reads the Match, the figures count it."""

from __future__ import annotations

from pathlib import Path

import pytest
from crowsnest.plugin_host import load_registry
from crowsnest.records.savefile import Seat
from crowsnest.records.stats import contract, opponent_level, player_stats, record_of, side_of
from crowsnest.records.store import Store
from crowsnest.testing import play_match


@pytest.fixture(scope="module")
def reg():
    return load_registry(user_folder=False)


def _record(store: Store, m, seats, names, when: str) -> int:
    rec = record_of(m, seats, names, started_at=when, finished_at=when, seconds=60, registry=None)
    return store.add_match(rec)


def test_record_of_a_crowsnest_match(reg, tmp_path: Path) -> None:
    m = play_match(reg.variant("crowsnest"), seed=4, level="easy")
    seats = [Seat("human", "normal", "Ann"), Seat("ai", "hard"), Seat("ai", "easy"), Seat()]
    names = ["Ann", "West", "North", "East"]
    rec = record_of(m, seats, names, started_at="t0", finished_at="t1", seconds=12.34)
    assert rec.teams == ((0, 2), (1, 3)) and rec.scores == tuple(m.scores)
    assert len(rec.deals) == m.deal_no == len(m.history)
    assert [p.won for p in rec.players] == [side_of(m, s) == m.winner for s in range(4)]
    assert rec.players[0].name == "Ann" and rec.players[1].level == "hard"
    d0 = rec.deals[0]
    assert (d0.declarer, d0.bid, d0.made) == (
        m.history[0]["declarer"],
        m.history[0]["bid"],
        m.history[0]["made"],
    )
    assert "crowsnest-save" in rec.save and rec.seconds == 12.3


def test_contracts_of_each_game() -> None:
    assert contract({"declarer": 2, "bid": 80, "made": False}) == (2, 80, False)
    assert contract({"landlord": 1, "bid": 3, "landlord_wins": True}) == (1, 3, True)
    assert contract({"attackers": 0, "attacker_points": 90}) == (None, None, None)


def test_figures_count_wins_deals_contracts_and_streaks(reg, tmp_path: Path) -> None:
    v = reg.variant("crowsnest")
    seats = [Seat("human", "normal", "Ann"), Seat("ai", "hard"), Seat("ai", "easy"), Seat()]
    names = ["Ann", "West", "North", "East"]
    matches = [play_match(v, seed=s, level="easy") for s in (1, 2, 3, 4, 5)]
    with Store(tmp_path / "crowsnest.db") as st:
        for i, m in enumerate(matches):
            _record(st, m, seats, names, f"2026-12-0{i + 1}T10:00:00Z")
        # an AI-only match and another player's: not in Ann's figures
        _record(st, matches[0], [Seat()] * 4, names, "2026-12-09T10:00:00Z")
        (ann,) = player_stats(st, "ann")
        assert player_stats(st, "nobody") == []
        assert player_stats(st, variant="tractor") == []
    won = [m.winner == 0 for m in matches]
    assert ann["player"] == "Ann" and ann["variant"] == "crowsnest"
    assert ann["matches"] == 5 and ann["wins"] == sum(won) and ann["losses"] == 5 - sum(won)
    assert ann["results"] == "".join("W" if w else "L" for w in won)
    assert ann["trend"][-1] == ann["win_rate"] == round(sum(won) / 5, 4)
    assert len(ann["trend"]) == 5
    assert ann["deals"] == sum(m.deal_no for m in matches)
    made = sum(1 for m in matches for h in m.history if h["declarer"] == 0 and h["made"])
    sets = sum(1 for m in matches for h in m.history if h["declarer"] == 0 and not h["made"])
    assert (ann["bids_made"], ann["bids_set"]) == (made, sets)
    deals_won = sum(
        1 for m in matches for h in m.history if h["score_change"][0] > h["score_change"][1]
    )
    assert ann["deals_won"] == deals_won
    assert ann["best_score"] == max(m.scores[0] for m in matches)
    assert ann["average_score"] == round(sum(m.scores[0] for m in matches) / 5, 1)
    # the opponents were a hard and a normal AI: the record is against "hard"
    assert ann["by_opponent_level"] == {
        "hard": {"matches": 5, "wins": sum(won), "win_rate": ann["win_rate"]}
    }
    last = won[-1]
    run = 0
    for w in reversed(won):
        if w != last:
            break
        run += 1
    assert ann["streak"] == {"kind": "won" if last else "lost", "length": run}
    assert ann["online"] == ann["online_wins"] == 0  # local matches: none marked online


def test_opponent_level() -> None:
    ps = [
        {"side": 0, "kind": "human", "level": "normal"},
        {"side": 1, "kind": "ai", "level": "easy"},
        {"side": 0, "kind": "ai", "level": "hard"},  # a partner, not an opponent
        {"side": 1, "kind": "ai", "level": "normal"},
    ]
    assert opponent_level(ps, 0) == "normal"
    assert opponent_level([ps[0], {"side": 1, "kind": "human", "level": "x"}], 0) == "human"


def test_dou_dizhu_is_recorded_by_seat(reg, tmp_path: Path) -> None:
    m = play_match(reg.variant("doudizhu"), seed=2, level="easy")
    seats = [Seat("human", "normal", "Li"), Seat(), Seat()]
    with Store(tmp_path / "crowsnest.db") as st:
        _record(st, m, seats, ["Li", "West", "East"], "2026-12-01T10:00:00Z")
        (li,) = player_stats(st, "Li")
    assert li["wins"] == int(m.winner == 0)
    landlord = [h for h in m.history if h["landlord"] == 0]
    assert li["bids_made"] + li["bids_set"] == len(landlord)
    assert li["bids_made"] == sum(1 for h in landlord if h["landlord_wins"])
