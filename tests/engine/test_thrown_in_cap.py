"""Issue 29: a table where every seat always passes ends, with a sentence, instead of
dealing for ever (docs/rules-decisions.md: 100 thrown-in deals in a row end the match
undecided)."""

from __future__ import annotations

import pytest
from crowsnest.engine.match import MAX_THROWN_IN, Match
from crowsnest.plugin_host import load_registry


@pytest.mark.parametrize("vid", ["crowsnest", "doudizhu"])
def test_every_seat_passing_ends_the_match_undecided(vid):
    m = Match(load_registry(user_folder=False).variant(vid), seed=4)
    events = []
    for _ in range(MAX_THROWN_IN * 20):
        if m.over:
            break
        assert ("pass",) in m.legal_actions()
        events += m.apply(("pass",))
    assert m.over and m.winner is None and m.deal_no == 0
    assert sum(e["type"] == "redeal" for e in events) == MAX_THROWN_IN
    assert events[-1]["type"] == "match_over" and events[-1]["winner"] is None
    assert "thrown in, 100 in a row" in m.end_reason and "undecided" in m.end_reason
    assert m.to_move == -1 and m.legal_actions() == []


def test_a_scored_deal_starts_the_count_again():
    v = load_registry(user_folder=False).variant("crowsnest")
    m = Match(v, seed=4)
    for _ in range(MAX_THROWN_IN - 1):
        while m.phase == "bid" and m.deal_no == 0 and not m.over:
            m.apply(("pass",))
            if m.thrown_in == MAX_THROWN_IN - 1:
                break
        if m.thrown_in == MAX_THROWN_IN - 1:
            break
    assert m.thrown_in == MAX_THROWN_IN - 1 and not m.over
    import random

    rng = random.Random(1)
    while m.deal_no == 0:  # a deal played out (someone bids)
        legal = m.legal_actions()
        bids = [a for a in legal if a[0] != "pass"]
        m.apply(rng.choice(bids or legal))
    assert m.thrown_in == 0 and not m.over
