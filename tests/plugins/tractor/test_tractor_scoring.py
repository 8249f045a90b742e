"""The promotion table, must-defend levels, dealer succession, the kitty multiplier and
whole deals scripted to a known score."""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import DealResult, DealSetup, Match
from crowsnest_games.tractor import VARIANT
from crowsnest_games.tractor.scoring import promotion, raise_level
from tractor_helpers import fixed_deal


@pytest.mark.parametrize(
    ("points", "defenders_up", "attackers_up", "takeover"),
    [
        (0, 3, 0, False),
        (5, 2, 0, False),
        (35, 2, 0, False),
        (40, 1, 0, False),
        (75, 1, 0, False),
        (80, 0, 0, True),
        (115, 0, 0, True),
        (120, 0, 1, True),
        (155, 0, 1, True),
        (160, 0, 2, True),
        (195, 0, 2, True),
        (200, 0, 3, True),
        (235, 0, 3, True),
        (240, 0, 4, True),
        (550, 0, 11, True),
    ],
)
def test_promotion_table(points, defenders_up, attackers_up, takeover):
    assert promotion(points) == (defenders_up, attackers_up, takeover)


def settle(dealer: int, points: int, levels=(5, 9), options=None):
    opts = VARIANT.resolve_options(options)
    setup = DealSetup(
        variant=VARIANT,
        options=opts,
        seats=4,
        dealer=dealer,
        deal_no=3,
        piles={},
        scores=tuple(levels),
        carry={"levels": list(levels)},
        rng_seed="x",
    )
    details = {
        "dealer": dealer,
        "attacker_points": points,
        "levels": list(levels),
        "kitty": [],
        "kitty_points": 0,
        "multiplier": 0,
    }
    return VARIANT.scorer.settle(setup, DealResult(points=(0, 0), details=details))


@pytest.mark.parametrize(
    ("dealer", "points", "levels", "next_dealer"),
    [
        (0, 0, (8, 9), 2),
        (0, 30, (7, 9), 2),
        (1, 40, (5, 10), 3),
        (3, 75, (5, 10), 1),
        (0, 80, (5, 9), 1),
        (1, 115, (5, 9), 2),
        (2, 120, (5, 10), 3),
        (3, 160, (7, 9), 0),
        (3, 200, (8, 9), 0),
    ],
)
def test_settlement_levels_and_dealer_succession(dealer, points, levels, next_dealer):
    st = settle(dealer, points)
    assert st.next_dealer == next_dealer
    assert st.scores == levels and list(st.carry["levels"]) == list(levels)
    assert st.score_change == (levels[0] - 5, levels[1] - 9)
    assert st.winner is None


def test_going_past_a_wins_and_only_past_a():
    assert settle(0, 40, levels=(13, 2)).winner is None  # K + 1 = A: not yet
    st = settle(0, 40, levels=(14, 2))
    assert st.winner == 0 and st.scores == (15, 2)
    assert settle(0, 160, levels=(2, 13)).winner == 1  # attackers K + 2
    assert settle(1, 0, levels=(2, 12)).winner == 1  # defenders Q + 3


@pytest.mark.parametrize(
    ("level", "rise", "defended", "must", "new"),
    [
        (3, 3, True, "5-10-K", 5),  # cannot jump over 5
        (5, 3, False, "5-10-K", 5),  # attackers at 5 have not played it
        (5, 3, True, "5-10-K", 8),  # defended at 5: free to leave
        (9, 2, True, "5-10-K", 10),
        (12, 3, True, "A", 14),
        (14, 1, False, "A", 14),
        (14, 1, True, "A", 15),
        (12, 3, True, "none", 15),
    ],
)
def test_must_defend_levels(level, rise, defended, must, new):
    from crowsnest_games.tractor.scoring import DEFEND_CHOICES

    assert raise_level(level, rise, defended, DEFEND_CHOICES[must]) == new


def test_must_defend_option_in_settlement():
    st = settle(0, 0, levels=(3, 2), options={"defend_levels": "5-10-K"})
    assert st.scores == (5, 2)


# ------------------------------------------------------------ scripted whole deals

STRONG = "RJ RJ BJ BJ 2H 2H 2S 2S 2D 2D 2C 2C AH AH KH KH QH QH JH JH TH TH 9H 9H 8H"
KITTY = "3H 5S 5S TS TS KS KS 4S"  # 50 points; turned up, 3H makes hearts trump
KITTY_POINTS = 50


def scripted(strong_seat: int, last: str, options=None) -> tuple[Match, list[dict]]:
    """Dealer 0, level 2, nobody declares (hearts from the kitty). `strong_seat` holds the
    25 top trumps and wins every trick it plays to; it leads its cards from the top,
    keeping `last` for the last trick. The other seats play random legal cards."""
    hands = ["", "", "", ""]
    hands[strong_seat] = STRONG
    spades_to = 1 if strong_seat == 0 else 0
    m = Match(
        VARIANT,
        deal=fixed_deal(hands, KITTY, spades_to=spades_to),
        dealer=0,
        carry={"levels": [2, 2]},
        options=options,
    )
    events: list[dict] = []
    for _ in range(4):
        events += m.apply("pass")
    m.apply("discard " + KITTY)
    rng = random.Random(7)
    names = m.deck.names
    while m.deal_no == 0:
        seat = m.to_move
        deal = m.deal
        if seat == strong_seat and not deal.trick:
            hand = deal.hands[seat]
            if len(hand) == len(keep := last.split()):
                action = "play " + last
            else:
                top_first = sorted(hand, key=lambda c: -deal.ps[c])
                for n in keep:  # hold back the last lead
                    top_first.remove(next(c for c in reversed(top_first) if names[c] == n))
                action = "play " + names[top_first[0]]
        elif seat == strong_seat:
            action = "play RJ"  # void in the led spade: trump with the top card
        elif not deal.trick:
            action = "play " + names[deal.hands[seat][0]]  # the dealer's opening single
        else:
            action = deal.format_action(deal.random_action(rng))
        events += m.apply(action)
    return m, events


@pytest.mark.parametrize(
    ("last", "options", "multiplier"),
    [
        ("8H", None, 2),
        ("9H 9H", None, 4),
        ("TH TH 9H 9H", None, 8),
        ("TH TH 9H 9H", {"kitty_power": True}, 16),
        ("9H 9H", {"kitty_power": True}, 4),
    ],
)
def test_kitty_multiplier_when_attackers_win_the_last_trick(last, options, multiplier):
    m, events = scripted(1, last, options)
    tricks = [e for e in events if e["type"] == "trick"]
    assert all(t["winner"] == 1 for t in tricks)
    assert sum(t["points"] for t in tricks) == 200 - KITTY_POINTS
    kitty = next(e for e in events if e["type"] == "kitty")
    assert kitty["multiplier"] == multiplier and kitty["kitty_points"] == KITTY_POINTS
    assert sorted(kitty["kitty"]) == sorted(KITTY.split())
    x = 200 - KITTY_POINTS + KITTY_POINTS * multiplier
    over = next(e for e in events if e["type"] == "deal_over")
    assert over["attacker_points"] == x and over["points"] == [0, x]
    up = 1 + (x - 120) // 40
    assert over["scores"] == [2, 2 + up] and over["score_change"] == [0, up]
    # attackers took over: the player after the old dealer deals, at their new level
    if 2 + up > 14:  # 950 points: the attackers go straight past A
        assert m.over and m.winner == 1
    else:
        assert m.dealer == 1 and m.deal.level == 2 + up and m.to_move == 1


def test_defenders_sweep_go_up_three_and_partner_deals():
    m, events = scripted(0, "8H")
    kitty = next(e for e in events if e["type"] == "kitty")
    assert kitty["multiplier"] == 0  # defenders won the last trick: no kitty bonus
    over = next(e for e in events if e["type"] == "deal_over")
    assert over["attacker_points"] == 0 and over["points"] == [200 - KITTY_POINTS, 0]
    assert over["scores"] == [5, 2]
    assert m.dealer == 2 and m.deal.level == 5 and m.to_move == 2
    assert m.view_json(1)["levels"] == [5, 2]


def test_kitty_is_shown_to_everyone_at_the_end():
    m, events = scripted(1, "8H")
    # the finished deal (the match has moved on): its views show the kitty to all
    assert sorted(m.history[-1]["kitty"]) == sorted(KITTY.split())
    kitty = next(e for e in events if e["type"] == "kitty")
    assert sorted(kitty["kitty"]) == sorted(KITTY.split())
