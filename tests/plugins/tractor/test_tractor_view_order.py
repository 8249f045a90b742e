"""The view lists a hand the way a player sorts it (the client shows it in this order):
plain suits with colours alternating, then the trumps in this deal's order; before trump
is settled the level cards and jokers sit together at the right."""

from __future__ import annotations

from collections import Counter

from crowsnest_games.tractor.cards import DECK, TRUMP, order_for
from crowsnest_games.tractor.view import display_order


def ids(text: str) -> list[int]:
    out: list[int] = []
    for n in text.split():
        out.append(next(i for i in DECK.ids(n) if i not in out))
    return out


def names(cards) -> list[str]:
    return [DECK.names[c] for c in cards]


HAND = ids("RJ 2H AS 3D 2S KH BJ 5C 2C 9S AH 4D 2S")


def test_trumps_grouped_at_the_right_in_the_deals_order():
    shown = display_order(HAND, 2, 1)  # level 2, hearts trump
    assert names(shown) == [
        "9S",
        "AS",
        "5C",
        "3D",
        "4D",
        "KH",
        "AH",
        "2S",
        "2S",
        "2C",
        "2H",
        "BJ",
        "RJ",
    ]
    order = order_for(2, 1)
    trumps = [c for c in shown if order.esuit[c] == TRUMP]
    assert shown[-len(trumps) :] == trumps  # every trump after every plain card
    assert [order.pos[c] for c in trumps] == sorted(order.pos[c] for c in trumps)
    assert Counter(shown) == Counter(HAND)


def test_before_trump_the_declarable_cards_sit_together():
    shown = names(display_order(HAND, 2, None))
    assert set(shown[-6:]) == {"2S", "2H", "2C", "BJ", "RJ"}
    assert shown[:7] == ["9S", "AS", "KH", "AH", "5C", "3D", "4D"]


def test_no_trump_deal_keeps_jokers_and_level_cards_last():
    shown = names(display_order(HAND, 2, -1))
    assert shown[-2:] == ["BJ", "RJ"] and set(shown[-6:-2]) == {"2S", "2H", "2C"}


def test_describe_names_singles_pairs_and_tractors_and_nothing_else():
    import random

    from crowsnest.engine import Match
    from crowsnest_games.tractor import VARIANT

    m, rng = Match(VARIANT, seed=5), random.Random(5)
    seen = set()
    while m.deal_no < 1 and len(seen) < 3:
        if m.phase == "play" and not m.view_json(m.to_move)["trick"]:
            for a in m.legal_actions():
                words = m.deal.describe(a[1])
                kind = {1: "single", 2: "pair"}.get(len(a[1]), "tractor")
                assert words.startswith(kind), (a, words)
                if kind == "tractor":
                    assert f"of {len(a[1]) // 2} pairs" in words
                seen.add(kind)
            hand = sorted(m.deal.hand_of(m.to_move))
            odd = [(a, b) for a in hand for b in hand if a < b and (a >> 1) != (b >> 1)]
            if odd:
                assert m.deal.describe(odd[0]) == ""  # two different cards are no unit
        m.apply(m.deal.random_action(rng))
    assert {"single", "pair"} <= seen
