"""Property runs over random deals and whole matches: conservation, 200 points per deal,
termination, view invariance, legal lists agree with check, and match bookkeeping."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from crowsnest.engine import Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.deal import TractorDeal
from crowsnest_games.tractor.scoring import promotion

DECK_NAMES = Counter(VARIANT.deck.build({}, 4).names)
MAX_ACTIONS = 4 * 5 + 1 + 100  # declaring rounds are bounded by the 4 strengths


def random_deal(seed: int, options=None, check_each=None) -> tuple[Match, list[dict]]:
    m = Match(VARIANT, seed=seed, options=options)
    rng = random.Random(seed)
    events: list[dict] = []
    n = 0
    while m.deal_no == 0:
        a = m.deal.random_action(rng)
        assert m.check(a) is None, (m.phase, m.deal.format_action(a), m.check(a))
        if check_each:
            check_each(m)
        events += m.apply(a)
        n += 1
        assert n <= MAX_ACTIONS
    return m, events


@pytest.mark.parametrize("options", [None, {"throws": True}, {"kitty_power": True}])
def test_conservation_and_points(options):
    def conserved(m: Match) -> None:
        where = m.state()["where"]
        assert Counter(c for pile in where.values() for c in pile) == DECK_NAMES

    for seed in range(12):
        m, events = random_deal(seed, options, conserved if seed < 4 else None)
        tricks = [e for e in events if e["type"] == "trick"]
        kitty = next(e for e in events if e["type"] == "kitty")
        assert sum(t["points"] for t in tricks) + kitty["kitty_points"] == 200
        assert sum(len(cs) for t in tricks for _, cs in t["cards"]) == 100
        # the attackers' points: their tricks, plus the kitty bonus only if they won the last
        att = kitty["attackers"]
        trick_pts = sum(t["points"] for t in tricks if t["winner"] % 2 == att)
        last = tricks[-1]
        size = len(last["cards"][0][1])
        if last["winner"] % 2 == att:
            mult = 2**size if options and options.get("kitty_power") else 2 * size
        else:
            mult = 0
        assert kitty["multiplier"] == mult
        assert kitty["attacker_points"] == trick_pts + kitty["kitty_points"] * mult


def test_legal_list_agrees_with_check():
    for seed in range(6):
        m = Match(VARIANT, seed=100 + seed)
        rng = random.Random(seed)
        while m.deal_no == 0:
            deal = m.deal
            legal = deal.legal_actions()
            for a in legal:
                assert deal.check(a) is None
            if deal.legal_complete() and deal.phase == "play":
                # a random legal play is in the list (as the same cards by face)
                a = deal.random_action(rng)
                faces = sorted(c >> 1 for c in a[1])
                assert any(sorted(c >> 1 for c in b[1]) == faces for b in legal)
            m.apply(deal.random_action(rng))


def hidden_shuffle(deal: TractorDeal, seat: int, rng: random.Random) -> TractorDeal:
    """The same deal with every card `seat` cannot see dealt differently among the
    places it cannot see (other hands, and the kitty unless visible)."""
    other = deal.clone()
    places = [other.hands[s] for s in range(4) if s != seat]
    kitty_hidden = other.view(seat).kitty is None and other.phase != "over"
    if kitty_hidden:
        places.append(other.kitty)
    pool = [c for p in places for c in p]
    rng.shuffle(pool)
    for p in places:
        k = len(p)
        p[:] = pool[:k]
        pool = pool[k:]
    return other


def test_view_invariance():
    rng = random.Random(5)
    for seed in range(6):
        m = Match(VARIANT, seed=200 + seed)
        steps = 0
        while m.deal_no == 0:
            if steps % 7 == 0 or m.phase != "play":
                deal = m.deal
                for seat in range(4):
                    v = deal.view(seat)
                    twin = hidden_shuffle(deal, seat, rng)
                    assert twin.view(seat) == v
                    assert twin.view(seat).to_json() == v.to_json()
            m.apply(m.deal.random_action(rng))
            steps += 1


def test_view_hides_other_hands():
    m = Match(VARIANT, seed=3)
    v = m.view_json(0)
    assert len(v["hand"]) == 25 and v["hand_counts"] == [25, 25, 25, 25]
    assert v["kitty"] is None
    text = repr(v)
    own = Counter(v["hand"])
    # no other seat's card list is present
    for s in (1, 2, 3):
        assert m.state()["hands"][s] != v["hand"]
    assert own == Counter(m.state()["hands"][0])
    assert "hands" not in text


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_random_match_goes_past_a(seed):
    m = Match(VARIANT, seed=seed)
    rng = random.Random(seed)
    levels = [2, 2]
    dealer = None
    while not m.over:
        events = m.apply(m.deal.random_action(rng))
        for e in events:
            if e["type"] != "deal_over":
                continue
            # the match's bookkeeping follows the promotion table and succession
            if dealer is not None:
                assert e["dealer"] == dealer
            up_def, up_att, takeover = promotion(e["attacker_points"])
            d = e["dealer"]
            expect = list(levels)
            if takeover:
                expect[1 - d % 2] += up_att
                dealer = (d + 1) % 4
            else:
                expect[d % 2] += up_def
                dealer = (d + 2) % 4
            assert e["scores"] == expect and e["next_dealer"] == dealer
            levels = expect
        assert m.deal_no < 200
    assert m.winner in (0, 1)
    assert m.scores[m.winner] > 14 and m.scores[1 - m.winner] <= 14
    assert [h["scores"] for h in m.history][-1] == list(m.scores)


def test_replay_rebuilds_the_match():
    m = Match(VARIANT, seed=9)
    rng = random.Random(9)
    for _ in range(150):
        m.apply(m.deal.random_action(rng))
    log = m.log_strings()
    again = Match.replay(VARIANT, log, seed=9)
    assert again.state() == m.state()
