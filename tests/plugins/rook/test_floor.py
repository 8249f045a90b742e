"""The losing floor (rules decision: rook.md is silent on how low a score may fall)."""

from crowsnest.engine import Match
from crowsnest_games.rook import CROWSNEST
from crowsnest_games.rook.scoring import match_winner


def test_floor_ends_the_match_with_the_highest_score_winning():
    assert match_winner((-300, 120), 300, -300) == 1
    assert match_winner((-295, 120), 300, -300) is None
    assert match_winner((-300, -300), 300, -300) is None  # tied: sudden death


def test_floor_option_defaults_to_minus_target_and_can_be_switched_off():
    m = Match(CROWSNEST, seed=1)
    assert m.options["lose_at"] == -1
    m2 = Match(CROWSNEST, seed=1, options={"lose_at": 0, "target": 500})
    assert m2.options["lose_at"] == 0


def test_random_play_matches_end_because_of_the_floor():
    import random

    rng = random.Random(5)
    for g in range(5):
        m = Match(CROWSNEST, seed=g)
        for _ in range(5000):
            if m.over:
                break
            m.apply_unchecked(m.deal.random_action(rng))
        assert m.over
        assert max(m.scores) >= 300 or min(m.scores) <= -300
