"""tools/rook_contracts.py and tools/rook_phases.py: their arithmetic, and a tiny real run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import rook_contracts  # noqa: E402


def row(estimate: float, bid: int, take: int, easy: float = 90.0) -> dict:
    return {"seed": 0, "estimate": estimate, "bid": bid, "take": take, "easy_take": easy}


def test_jump_replay_scores_made_and_set_contracts():
    rows = [
        row(100.0, 70, 110),  # m=0 jumps to 100: made, +30 over the 70 made
        row(100.0, 70, 95),  # m=0 jumps to 100: set, -100 against +70: -170
        row(83.0, 75, 90),  # m=0 jumps to 80 (bid steps of 5): made, +5
    ]
    out = rook_contracts.summary(rows)
    by_m = {j["m"]: j for j in out["jumps"]}
    assert by_m[0]["gain"] == pytest.approx((30 - 170 + 5) / 3, abs=0.01)
    assert by_m[0]["sets"] == 1
    # m=30: 100-30 = 70 and 83-30 < 75: every contract at the bid it made, no change
    assert by_m[30]["gain"] == 0 and by_m[30]["sets"] == 0
    assert out["contracts"] == 3 and out["made"] == 3
    assert out["real_less_easy"] == pytest.approx((20 + 5 + 0) / 3, abs=0.01)


def test_take_against_estimate_fit():
    rows = [row(80.0 + 10 * k, 70, 90 + 5 * k) for k in range(5)]  # take = 50 + est/2
    out = rook_contracts.summary(rows)
    assert out["slope"] == pytest.approx(0.5)
    assert out["residual_sd"] == pytest.approx(0.0, abs=1e-9)


@pytest.mark.slow
def test_a_tiny_run_of_real_deals(capsys):
    assert (
        rook_contracts.main(["--deals", "3", "--seed", "61000", "--playouts", "2", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert 1 <= out["contracts"] <= 3 and out["made"] <= out["contracts"]
    assert 70 <= out["mean_bid"] <= 120 and 0 <= out["mean_take"] <= 120
    assert [j["m"] for j in out["jumps"]] == list(rook_contracts.MARGINS)


def test_bad_arguments_are_refused(capsys):
    with pytest.raises(SystemExit):
        rook_contracts.main(["--deals", "1"])
    assert "--deals must be at least 3" in capsys.readouterr().err


# tools/rook_phases.py: the split of a duplicate deal by what the auction did


def tables(a: tuple, b: tuple, c: tuple) -> dict:
    """(declarer, bid, take, change) per table."""
    return {
        n: {"declarer": x[0], "bid": x[1], "take": x[2], "change": list(x[3])}
        for n, x in zip("ABC", (a, b, c), strict=True)
    }


def test_phases_same_declarer_splits_declarer_and_defender():
    from tools import rook_phases

    # seat 0 declares 70 everywhere: hard at A (seats 0, 2) takes 110, normal at B 95 with
    # hard defending, normal at C 100: hard's declaring +10, its defending +5
    t = tables((0, 70, 110, (70, 10)), (0, 70, 95, (70, 25)), (0, 70, 100, (70, 20)))
    row = rook_phases.classify(1, t)
    assert row["same_declarer"] and row["margin"] == (70 - 10) + (25 - 70)
    assert row["declarer_gain"] == 10 and row["defender_gain"] == 5
    # the declarer at seat 1: hard declares at B, defends at A
    t = tables((1, 70, 90, (30, 70)), (1, 70, 105, (15, 70)), (1, 70, 100, (20, 70)))
    row = rook_phases.classify(2, t)
    assert row["declarer_gain"] == 5 and row["defender_gain"] == 10


def test_phases_other_declarer_and_summary():
    from tools import rook_phases

    other = rook_phases.classify(
        3, tables((0, 75, 110, (75, 10)), (3, 70, 105, (15, 70)), (0, 70, 115, (70, 5)))
    )
    assert not other["same_declarer"] and "declarer_gain" not in other
    assert other["margin"] == 65 + 55
    same = rook_phases.classify(
        4, tables((0, 70, 110, (70, 10)), (0, 70, 95, (70, 25)), (0, 70, 100, (70, 20)))
    )
    out = rook_phases.summary([other, same])
    assert out["deals"] == 2 and out["same_declarer"] == 1 and out["other_declarer"] == 1
    assert out["other_declarer_margin"][0] == 120 and out["same_declarer_margin"][0] == 15
    # hard's side declared at A of deal 3 (seat 0), at B of deal 3 (seat 3), at A of deal 4
    assert out["hard_side_declared"] == 3


def test_phases_report_from_rows_plays_nothing(tmp_path, capsys):
    from tools import rook_phases

    # the same declarer seat with another bid (75 at A, 70 at B) counts as the same
    t = tables((2, 75, 100, (75, 20)), (2, 70, 90, (70, 30)), (2, 70, 95, (70, 25)))
    f = tmp_path / "rows.jsonl"
    f.write_text(json.dumps({"seed": 7, "tables": t}) + "\n")
    assert rook_phases.main(["--from-rows", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == 7 and out["deals"] == 1 and out["same_declarer"] == 1
    assert out["declarer_gain"][0] == 5 and out["defender_gain"][0] == 5


def test_phases_bid_take_bonus_value():
    from types import SimpleNamespace

    from tools import rook_phases

    def deal(points, bid):
        res = SimpleNamespace(points=points, details={"declarer_side": 0, "bid": bid})
        r = SimpleNamespace(made_scores_bid=True)
        return SimpleNamespace(redeal=False, r=r, result=lambda: res)

    # made at 70 with 110 of 120: +70 against the defenders' 10, 2 with 8 more for the declarer
    assert rook_phases.shifted_value(deal((110, 10), 70), 0, 0) == 60
    assert rook_phases.shifted_value(deal((110, 10), 70), 0, 8) == 68
    # set at 80 with 75: the bonus makes it (+80 less the defenders' 37)
    assert rook_phases.shifted_value(deal((75, 45), 80), 1, 0) == 45 + 80
    assert rook_phases.shifted_value(deal((75, 45), 80), 1, 8) == 37 - 80


# tools/rook_endings.py: late starts of a match, hard's match wins


def test_endings_start_scores_are_late_and_seeded():
    from tools import rook_endings

    starts = [rook_endings.start_scores(s, 200, 300) for s in range(50)]
    assert all(200 <= x <= 285 and x % 5 == 0 for st in starts for x in st)
    assert starts == [rook_endings.start_scores(s, 200, 300) for s in range(50)]
    assert len(set(starts)) > 20
    m = rook_endings.late_match(63000, (250, 215))
    assert m.view(0).scores == (250, 215) and m.deal_no == 0
    # the same cards as the seeded match's own first deal
    own = rook_endings.Match(rook_endings.VARIANTS["crowsnest"], seed=63000, seats=4, dealer=0)
    assert m.view(1).hand == own.view(1).hand


def test_endings_summary_counts_match_wins_and_the_paired_gain():
    from tools import rook_endings

    def row(seed, wins):
        t = {"winner": 0, "deals": 2, "scores": [300, 250]}
        return {"seed": seed, "hard_wins": wins, "tables": {"A": t, "B": t}}

    rows = [row(1, 2), row(2, 1), row(3, 0), row(4, 2)]
    out = rook_endings.summary(rows, [row(1, 1), row(2, 1), row(3, 1), row(4, 1)])
    assert out["matches"] == 8 and out["hard_wins"] == 5 and out["hard_rate"] == 0.625
    assert out["interval"][0] < 0.625 < out["interval"][1]
    assert out["paired_seeds"] == 4 and out["seeds_differing"] == 3
    assert out["paired_gain"][0] == 0.25
    assert out["deals_per_match"] == 2


def test_endings_refuses_a_file_of_another_hard(tmp_path, capsys):
    from tools import rook_endings

    f = tmp_path / "rows.jsonl"
    r = {"seed": 5, "hard": {"value": "deal", "match_win": None}, "hard_wins": 1}
    f.write_text(json.dumps({**r, "start": [200, 200], "tables": {}}) + "\n")
    with pytest.raises(SystemExit):
        rook_endings.main(["--seeds", "1", "--seed", "5", "--value", "match", "--rows", str(f)])
    assert "played by another hard" in capsys.readouterr().err
