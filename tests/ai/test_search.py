"""crowsnest.ai.search on a toy game whose values are known: the best candidate is found,
ties go to the earlier one, the budget is respected, a seed fixes the answer."""

from __future__ import annotations

import random
from typing import Any

import pytest
from crowsnest.ai.search import SearchBudget, paired_rows, pimc_search


class Guess:
    """A one-move deal: choose ("pick", k); the hidden number h is drawn per world and
    the value is the payoff table's entry (noisy through h)."""

    def __init__(self, h: int, payoff: dict[int, list[float]]) -> None:
        self.h = h
        self.payoff = payoff
        self.choice = -1
        self.played_out = False

    @property
    def over(self) -> bool:
        return self.choice >= 0 and self.played_out

    def clone(self) -> Guess:
        g = Guess(self.h, self.payoff)
        g.choice = self.choice
        return g

    def apply(self, action: tuple[str, int]) -> list[dict[str, Any]]:
        self.choice = action[1]
        return []


def run(payoff: dict[int, list[float]], rng: random.Random, budget: SearchBudget, hidden: int = 4):
    calls = {"sample": 0, "playout": 0}

    def sample(view: Any, g: random.Random) -> Guess:
        calls["sample"] += 1
        return Guess(g.randrange(hidden), payoff)

    def playout(d: Any, g: random.Random) -> None:
        calls["playout"] += 1
        d.played_out = True

    res = pimc_search(
        None,
        [("pick", k) for k in payoff],
        rng,
        sample=sample,
        playout=playout,
        evaluate=lambda d: d.payoff[d.choice][d.h],
        budget=budget,
    )
    return res, calls


EXACT = SearchBudget(iterations=400, seconds=None)


def test_finds_the_best_mean_among_noisy_candidates():
    # Means: pick 0 -> 2.5, 1 -> 3.0 (best), 2 -> 2.0, 3..7 lower; every candidate wins
    # in some world, so only averaging over worlds finds pick 1.
    payoff = {
        0: [10, 0, 0, 0],
        1: [3, 3, 3, 3],
        2: [0, 8, 0, 0],
        3: [0, 0, 6, 0],
        4: [0, 0, 0, 5],
        5: [1, 1, 1, 1],
        6: [2, 0, 2, 0],
        7: [0, 2, 0, 2],
    }
    res, calls = run(payoff, random.Random(5), EXACT)
    assert res.action == ("pick", 1)
    # sequential halving: the winner saw the most worlds, the first dropped the fewest
    assert res.worlds[("pick", 1)] == max(res.worlds.values())
    assert min(res.worlds.values()) < res.worlds[("pick", 1)]
    assert res.playouts == calls["playout"] == sum(res.worlds.values())
    assert res.playouts <= EXACT.iterations + len(payoff) * EXACT.min_worlds
    assert res.means[("pick", 1)] == pytest.approx(3.0)


def test_common_worlds_make_equal_candidates_tie_and_the_first_listed_wins():
    payoff = {7: [1, 2, 3, 4], 3: [1, 2, 3, 4], 5: [0, 0, 0, 0]}
    res, _ = run(payoff, random.Random(1), EXACT)
    assert res.action == ("pick", 7)  # same worlds, same means: the earlier candidate


def test_same_seed_same_answer_and_statistics():
    payoff = {k: [random.Random(k).random() for _ in range(6)] for k in range(6)}
    a, _ = run(payoff, random.Random(42), EXACT, hidden=6)
    b, _ = run(payoff, random.Random(42), EXACT, hidden=6)
    assert (a.action, a.means, a.worlds) == (b.action, b.means, b.worlds)


def test_a_single_candidate_needs_no_search():
    res, calls = run({4: [0.0]}, random.Random(0), EXACT, hidden=1)
    assert res.action == ("pick", 4) and calls["sample"] == 0


def test_a_time_cap_stops_the_search_early():
    res, _ = run(
        {k: [k, 0] for k in range(4)},
        random.Random(0),
        SearchBudget(iterations=10_000_000, seconds=0.02),
        hidden=2,
    )
    assert res.stopped_by_time
    assert res.action in [("pick", k) for k in range(4)]


@pytest.mark.parametrize(
    "kwargs",
    [{"iterations": 0}, {"seconds": 0}, {"seconds": -1.0}, {"min_worlds": 0}, {"settle": -1}],
)
def test_bad_budgets_are_refused_with_a_sentence(kwargs):
    with pytest.raises(ValueError, match="must be"):
        SearchBudget(**kwargs)


def test_no_candidates_is_an_error():
    with pytest.raises(ValueError, match="at least one candidate"):
        pimc_search(
            None,
            [],
            random.Random(0),
            sample=lambda v, g: None,  # type: ignore[arg-type, return-value]
            playout=lambda d, g: None,
            evaluate=lambda d: 0.0,
        )


SETTLE = SearchBudget(iterations=2000, seconds=None, settle=3.0)


def test_settle_stops_a_two_way_choice_once_it_is_clear_or_nil():
    # clearly different: pick 1 is 1 better in every world -> stops at the first check
    res, calls = run({0: [0, 1, 2, 3], 1: [1, 2, 3, 4]}, random.Random(2), SETTLE)
    assert res.action == ("pick", 1) and res.playouts == 64
    # the same in every world (equivalent cards): stops, the first listed wins
    res, _ = run({0: [0, 5, 1, 3], 1: [0, 5, 1, 3]}, random.Random(2), SETTLE)
    assert res.action == ("pick", 0) and res.playouts == 64
    # a small edge in noise is not settled early: the whole budget is played
    payoff = {0: [0, 0, 0, 4], 1: [1, 0, 0, 2.9]}  # means 1.0 and 0.975
    res, _ = run(payoff, random.Random(2), SETTLE)
    full, _ = run(payoff, random.Random(2), SearchBudget(iterations=2000, seconds=None))
    assert res.playouts == full.playouts == 2000 and res.action == full.action
    # off by default; and with more than two candidates the rounds run in full
    res, _ = run({0: [0, 1, 2, 3], 1: [1, 2, 3, 4]}, random.Random(2), EXACT)
    assert res.playouts == 400
    res, _ = run({k: [k, k, k, k] for k in range(3)}, random.Random(2), SETTLE)
    assert res.action == ("pick", 2) and res.playouts > 1000


def _rows(worlds: Any, memo: bool = False, stop: float | None = None, least: int = 1):
    calls = {"playout": 0}

    def playout(d: Any, g: random.Random) -> None:
        calls["playout"] += 1
        d.played_out = True

    rows = paired_rows(
        worlds,
        [("pick", 0), ("pick", 1)],
        lambda d, a: d.apply(a),
        playout,
        lambda d: d.payoff[d.choice][d.h],
        random.Random(0),
        stop,
        least,
        memo=memo,
    )
    return rows, calls


def test_paired_rows_play_every_candidate_in_every_world_in_order():
    payoff = {0: [0.0, 1.0, 2.0], 1: [5.0, 4.0, 3.0]}
    rows, calls = _rows(Guess(h, payoff) for h in (2, 0, 1))
    assert rows == {("pick", 0): [2.0, 0.0, 1.0], ("pick", 1): [3.0, 5.0, 4.0]}
    assert calls["playout"] == 6


def test_paired_rows_memo_plays_a_repeated_world_once():
    payoff = {0: [0.0, 1.0], 1: [1.0, 0.0]}
    a, b = Guess(0, payoff), Guess(1, payoff)
    rows, calls = _rows([a, b, a, a], memo=True)
    assert rows[("pick", 0)] == [0.0, 1.0, 0.0, 0.0] and calls["playout"] == 4
    rows, calls = _rows([a, b, a, a])
    assert rows[("pick", 0)] == [0.0, 1.0, 0.0, 0.0] and calls["playout"] == 8


def test_paired_rows_stop_after_the_least_worlds_once_past_the_deadline():
    payoff = {0: [0.0], 1: [1.0]}
    drawn = []

    def worlds():
        for _ in range(100):
            drawn.append(1)
            yield Guess(0, payoff)

    rows, _ = _rows(worlds(), stop=0.0, least=3)  # the deadline has long passed
    assert len(rows[("pick", 1)]) == 3 and len(drawn) == 3  # no world drawn past it
    rows, _ = _rows(worlds(), stop=None, least=3)
    assert len(rows[("pick", 1)]) == 100
