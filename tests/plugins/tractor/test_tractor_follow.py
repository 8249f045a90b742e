"""Leading, following a pair and a tractor, and who wins the trick (fixed deals).

Level 2, hearts trump, dealer 0 declares and leads. Seats 1 to 3 hold exactly the
spades named for them (the helper gives every other spade to seat 0 or the kitty).
"""

from __future__ import annotations

import pytest
from crowsnest.engine import ActionError
from tractor_helpers import match_at_play


def play(m, seat: int, cards: str) -> list[dict]:
    assert m.to_move == seat
    return m.apply("play " + cards)


def winner(events: list[dict]) -> int:
    return next(e for e in events if e["type"] == "trick")["winner"]


def spades_of(m, seat: int) -> list[str]:
    return [c for c in m.view_json(seat)["hand"] if c.endswith("S") and c != "2S"]


def non_spade(m, seat: int, k: int = 1) -> str:
    return " ".join([c for c in m.view_json(seat)["hand"] if not c.endswith("S")][:k])


# ------------------------------------------------------------ following


def test_following_a_pair_must_give_a_held_pair():
    m = match_at_play(["2H QS QS", "9S 9S 5S 3S", "AS KS", "JS"])
    assert spades_of(m, 1) == ["3S", "5S", "9S", "9S"]
    play(m, 0, "QS QS")
    assert m.legal_strings() == ["play 9S 9S"]
    assert m.check("play 5S 3S") == "a pair is held: you must play a pair of spades"
    assert m.check("play 9S 5S") == "a pair is held: you must play a pair of spades"
    assert m.check("play 9S 9S") is None
    play(m, 1, "9S 9S")
    # seat 2 holds no spade pair: any two spades, but spades it must be
    assert m.legal_strings() == ["play KS AS"]
    assert m.check("play AS " + non_spade(m, 2)) == "you must follow spades"
    play(m, 2, "AS KS")
    # seat 3 is short: its one spade and any other card
    assert m.check(f"play {non_spade(m, 3, 2)}") == "you must play all your spades (you hold 1)"
    assert m.check(f"play JS {non_spade(m, 3)}") is None


def test_following_a_pair_may_break_a_tractor():
    m = match_at_play(["2H QS QS", "9S 9S 8S 8S 7S 7S 3S", "AS", "JS"])
    play(m, 0, "QS QS")
    assert m.legal_strings() == ["play 7S 7S", "play 8S 8S", "play 9S 9S"]


def test_following_a_tractor_needs_pairs_not_a_tractor():
    m = match_at_play(["2H QS QS JS JS", "9S 9S 7S 7S 5S 3S", "AS AS KS KS TS TS 8S 8S", "6S"])
    play(m, 0, "QS QS JS JS")
    assert m.check("play 9S 9S 5S 3S") == "you hold 2 pairs of spades: you must play 2 pairs"
    assert m.check("play 9S 9S 7S 7S") is None  # not consecutive: still fine
    assert m.legal_strings() == ["play 7S 7S 9S 9S"]
    play(m, 1, "9S 9S 7S 7S")
    assert len(m.legal_strings()) == 6  # any two of its four pairs
    assert m.check("play AS KS TS 8S") == "you hold 2 pairs of spades: you must play 2 pairs"


def test_following_a_tractor_with_one_pair():
    m = match_at_play(["2H QS QS JS JS", "9S 9S 7S 5S 3S", "AS", "KS"])
    play(m, 0, "QS QS JS JS")
    legal = m.legal_strings()
    assert len(legal) == 3 and all(a.count("9S") == 2 for a in legal)
    assert m.check("play 7S 5S 3S 9S") == "a pair is held: you must play a pair of spades"


def test_short_suit_is_played_out_then_filled_freely():
    m = match_at_play(["2H QS QS JS JS", "9S 5S", "AS", "KS"])
    play(m, 0, "QS QS JS JS")
    legal = m.legal_strings()
    assert legal and all("9S" in a and "5S" in a for a in legal)
    assert m.check(f"play 9S {non_spade(m, 1, 3)}") == "you must play all your spades (you hold 2)"
    assert m.check(f"play 9S 5S {non_spade(m, 1, 2)}") is None


def test_void_may_discard_or_trump_and_trumping_is_not_compulsory():
    m = match_at_play(["2H 3S", "5H 5H 3C", "AS", "KS"])
    play(m, 0, "3S")
    assert spades_of(m, 1) == []
    assert m.check("play 3C") is None
    assert m.check("play 5H") is None
    play(m, 1, "3C")
    assert m.check("play 5H") == "you do not hold 5H"
    assert m.check(f"play {non_spade(m, 2)}") == "you must follow spades"
    with pytest.raises(ActionError):
        m.apply(f"play {non_spade(m, 2)}")
    assert m.legal_strings() == ["play AS"]


def test_wrong_number_of_cards():
    m = match_at_play(["2H QS QS", "9S 5S 3S", "AS", "KS"])
    play(m, 0, "QS QS")
    assert m.check("play 9S") == "you must play 2 cards, as many as were led"


def test_leads_are_singles_pairs_or_tractors_only():
    m = match_at_play(["2H QS QS JS JS 9S 9S AS", "3S", "4S", "5S"])
    assert m.check("play QS QS JS JS") is None
    assert m.check("play QS QS") is None
    assert m.check("play AS") is None
    assert m.check("play QS QS 9S 9S").startswith("a lead must be")
    assert m.check("play AS QS").startswith("a lead must be")
    assert m.check("play AS 2H").startswith("a lead must be")
    legal = m.legal_strings()
    assert {"play JS JS QS QS", "play 9S 9S", "play AS"} <= set(legal)
    assert "play 9S 9S QS QS" not in legal


# ------------------------------------------------------------ who wins


def test_unmatched_high_cards_never_beat_a_pair():
    m = match_at_play(["2H 3S 3S", "AS KS", "4S 4S", "JS"])
    play(m, 0, "3S 3S")
    play(m, 1, "AS KS")
    play(m, 2, "4S 4S")
    ev = play(m, 3, f"JS {non_spade(m, 3)}")
    assert winner(ev) == 2  # the higher pair; A K never counted


def test_pairs_that_are_not_consecutive_never_beat_a_tractor():
    hands = ["2H 4S 4S 3S 3S", "AS AS QS QS", "KS KS JS JS", "6S 6S 5S 5S"]
    m = match_at_play(hands)
    play(m, 0, "4S 4S 3S 3S")
    play(m, 1, "AS AS QS QS")
    play(m, 2, "KS KS JS JS")
    assert winner(play(m, 3, "6S 6S 5S 5S")) == 3  # a real tractor, higher than 4-3
    m = match_at_play(hands[:3] + ["6S 6S 8S 8S"])
    play(m, 0, "4S 4S 3S 3S")
    play(m, 1, "AS AS QS QS")
    play(m, 2, "KS KS JS JS")
    assert winner(play(m, 3, "6S 6S 8S 8S")) == 0


def test_trumping_with_the_matching_shape():
    m = match_at_play(["2H 3S 3S", "5H 5H", "6H 9H", "7H 7H"])
    play(m, 0, "3S 3S")
    play(m, 1, "5H 5H")  # void: a trump pair beats the spade pair
    play(m, 2, "6H 9H")  # higher trumps, but not a pair
    assert winner(play(m, 3, "7H 7H")) == 3  # a higher trump pair


def test_trumping_with_the_wrong_shape_does_not_win():
    m = match_at_play(["2H 3S 3S", "5H 6H", "AH KH", "4S 4S"])
    play(m, 0, "3S 3S")
    play(m, 1, "5H 6H")
    play(m, 2, "AH KH")
    assert winner(play(m, 3, "4S 4S")) == 3


def test_earliest_of_equal_plays_wins():
    m = match_at_play(["2H 3S", "2D", "2C", "AS"])
    play(m, 0, "3S")
    play(m, 1, "2D")  # off-suit level card: a trump
    play(m, 2, "2C")  # equal strength, later
    assert winner(play(m, 3, "AS")) == 1


def test_identical_cards_earliest_wins_and_points_are_counted():
    m = match_at_play(["2H 5S", "KS", "KS", "TS"])
    play(m, 0, "5S")
    play(m, 1, "KS")
    play(m, 2, "KS")
    ev = play(m, 3, "TS")
    t = next(e for e in ev if e["type"] == "trick")
    assert t["winner"] == 1 and t["points"] == 35
    assert t["cards"] == [[0, ["5S"]], [1, ["KS"]], [2, ["KS"]], [3, ["TS"]]]
    assert m.to_move == 1


def test_no_trump_deal_level_cards_and_jokers_are_trump():
    m = match_at_play(["BJ BJ 3S", "2D", "2C RJ", "AS"], trump="NT")
    assert m.view_json(0)["trump"] == "NT"
    play(m, 0, "3S")
    play(m, 1, "2D")
    play(m, 2, "RJ")
    assert winner(play(m, 3, "AS")) == 2


def test_following_a_tractor_may_break_a_longer_tractor():
    m = match_at_play(["2H QS QS JS JS", "9S 9S 8S 8S 7S 7S", "AS", "KS"], spades_to=3)
    play(m, 0, "QS QS JS JS")
    assert m.legal_strings() == ["play 7S 7S 8S 8S", "play 7S 7S 9S 9S", "play 8S 8S 9S 9S"]


def test_three_equal_trumps_hold_only_one_pair():
    # level 7, hearts trump: 7S 7S 7D are equal trumps, but only 7S 7S is a pair
    m = match_at_play(["7H 7H", "7S 7S 7D"], level=7, spades_to=1)
    assert m.view_json(1)["level_rank"] == "7"
    play(m, 0, "7H 7H")
    assert m.legal_strings() == ["play 7S 7S"]
    assert m.check("play 7S 7D") == "a pair is held: you must play a pair of trumps"
    plain = next(c for c in m.view_json(1)["hand"] if c.endswith("S") and c != "7S")
    assert m.check(f"play 7S {plain}") == "you must follow trumps"
