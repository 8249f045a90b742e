"""Every Dou Dizhu combination and every restriction, by name and by reason; the
generator against brute force; beating rules on fixed deals."""

from __future__ import annotations

import itertools
import random

import pytest
from crowsnest.engine import ActionError
from crowsnest.engine.presentation import Text
from crowsnest_games.doudizhu import describe
from crowsnest_games.doudizhu.cards import DECK, counts_of, ranks_of
from crowsnest_games.doudizhu.rules import (
    BOMB,
    PAIR,
    ROCKET,
    beats,
    classify,
    lead_at,
    lead_count,
    lead_parts,
    moves,
)
from ddz_helpers import landlord_match


def ids(text: str) -> list[int]:
    out: list[int] = []
    for tok in text.split():
        out.append(next(i for i in DECK.ids(tok) if i not in out))
    return out


VALID = [
    ("9S", "single 9"),
    ("RJ", "red joker"),
    ("9S 9H", "pair of 9s"),
    ("9S 9H 9D", "triple 9s"),
    ("9S 9H 9D 3S", "triple 9s with a single"),
    ("2S 2H 2D BJ", "triple 2s with a single"),
    ("9S 9H 9D 3S 3H", "triple 9s with a pair"),
    ("3S 4H 5D 6C 7S", "straight 3 to 7"),
    ("TS JS QS KS AS", "straight 10 to A"),
    ("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "straight 3 to A"),
    ("3S 3H 4S 4H 5S 5H", "pair run 3 to 5"),
    ("QS QH KS KH AS AH", "pair run Q to A"),
    ("3S 3H 3D 4S 4H 4D", "airplane 3 to 4"),
    ("KS KH KD AS AH AD", "airplane K to A"),
    ("3S 3H 3D 4S 4H 4D 9S JS", "airplane 3 to 4 with single wings"),
    ("3S 3H 3D 4S 4H 4D 9S 9H", "airplane 3 to 4 with single wings"),  # a pair as wings
    ("3S 3H 3D 4S 4H 4D 2S BJ", "airplane 3 to 4 with single wings"),  # one joker is fine
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 7S 8S 9S", "airplane 3 to 5 with single wings"),
    ("3S 3H 3D 4S 4H 4D 9S 9H JS JH", "airplane 3 to 4 with pair wings"),
    ("3S 3H 3D 4S 4H 4D 2S 2H JS JH", "airplane 3 to 4 with pair wings"),
    ("9S 9H 9D 9C 3S 4S", "four 9s with two singles"),
    ("9S 9H 9D 9C 3S 3H", "four 9s with two singles"),  # the two may be a pair
    ("9S 9H 9D 9C 3S 3H 4S 4H", "four 9s with two pairs"),
    ("9S 9H 9D 9C", "bomb of 9s"),
    ("2S 2H 2D 2C", "bomb of 2s"),
    ("BJ RJ", "rocket"),
]


@pytest.mark.parametrize(("cards", "name"), VALID)
def test_every_combination_is_named(cards: str, name: str) -> None:
    assert describe(ids(cards)) == name


INVALID = [
    ("3S 4S 5S 6S", "a straight needs at least 5 cards"),
    ("3S 4S", "a straight needs at least 5 cards"),
    ("JS QS KS AS 2S", "a 2 cannot be in a straight"),
    ("TS JS QS KS AS BJ", "a joker cannot be in a straight"),
    ("3S 4S 5S 6S 8S", "the ranks of a straight must be consecutive"),
    ("3S 3H 4S 4H", "a pair run needs at least 3 pairs"),
    ("KS KH AS AH 2S 2H", "a 2 cannot be in a pair run"),
    ("3S 3H 4S 4H 6S 6H", "the ranks of a pair run must be consecutive"),
    ("KS KH KD AS AH AD 2S 2H 2D", "a 2 cannot be in an airplane"),
    ("3S 3H 3D 5S 5H 5D", "the triples of an airplane must be consecutive"),
    (
        "3S 3H 3D 4S 4H 4D 5S 5H 5D 7S 7H 7D",
        "single wings may not include three cards of one rank",
    ),
    (
        "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 8S 8H 8D 8C",
        "the wings of an airplane may not include a bomb",
    ),
    ("3S 3H 3D 4S 4H 4D BJ RJ", "the wings of an airplane may not include both jokers"),
    ("3S 3H 3D 3C 4S 4H 4D 5S", "a wing may not be a rank of the airplane's core"),
    ("3S 3H 3D 4S 4H 4D 4C 9S", "a wing may not be a rank of the airplane's core"),
    ("3S 3H 3D 4S 4H 4D 9S 9H 9D 9C", "the pair wings of an airplane must be of different ranks"),
    ("3S 3H 3D 4S 4H 4D 9S 9H JS", "an airplane of 2 triples takes no wings, 2 single wings"),
    ("9S 9H 9D 9C BJ RJ", "four with two singles may not take both jokers"),
    ("9S 9H 9D 9C 3S 3H 3D 3C", "four with two pairs needs pairs of two different ranks"),
    ("9S 9H 9D 9C 3S", "four of a kind takes two singles or two pairs"),
    ("9S 9H 9D 9C 3S 3H 4S", "four of a kind takes two singles or two pairs"),
    ("9S 9H 9D 3S 4S", "a triple takes one single or one pair"),
    ("3S 9S", "different single cards are not a combination"),
    ("BJ 2S", "a joker cannot be in a straight"),
]


@pytest.mark.parametrize(("cards", "reason"), INVALID)
def test_every_restriction_gives_its_reason(cards: str, reason: str) -> None:
    got = classify(ranks_of(ids(cards)))
    assert isinstance(got, Text)
    assert got.plain().startswith(reason), got
    assert describe(ids(cards)) == got.plain()


def test_four_with_two_is_not_a_bomb() -> None:
    four2 = classify((0, 6, 6, 6, 6, 7))
    four22 = classify((0, 0, 6, 6, 6, 6, 7, 7))
    low_bomb = classify((0, 0, 0, 0))
    straight = classify((0, 1, 2, 3, 4))
    assert isinstance(four2, tuple) and four2[0] != BOMB
    assert beats(low_bomb, four2) and beats(low_bomb, four22)
    assert not beats(four2, straight) and not beats(four22, straight)


def _sub_multisets(c: list[int]):
    for pick in itertools.product(*(range(k + 1) for k in c)):
        if any(pick):
            yield tuple(r for r in range(15) for _ in range(pick[r]))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_generation_matches_brute_force(seed: int) -> None:
    """Every sub-multiset the classifier accepts is generated, exactly once, and only
    those; following, exactly the ones that beat the table."""
    rng = random.Random(seed)
    pack = list(range(54))
    rng.shuffle(pack)
    c = counts_of(pack[: (12, 14, 16, 17, 20, 20)[seed]])
    valid = [m for m in _sub_multisets(c) if isinstance(classify(m), tuple)]
    lead = moves(c, None)
    assert len(lead) == len(set(lead))
    assert set(lead) == set(valid)
    for table_move in rng.sample(valid, min(25, len(valid))):
        table = classify(table_move)
        assert isinstance(table, tuple)
        follow = moves(c, table)
        assert len(follow) == len(set(follow))
        assert set(follow) == {m for m in valid if beats(classify(m), table)}


# ------------------------------------------------------------- beating, on fixed deals

LL_HAND = "3S 4S 5S 6S 7S 9S 9H 9D 9C 8S 8H TS TH TD JS JH QS"


def test_bomb_beats_straight_and_doubles_multiplier() -> None:
    m = landlord_match(LL_HAND, "KS KH KD KC 3H 4H 5H 6H 7H 8D JD QD AS AH AD 2S 2H", bid=1)
    m.apply("play 3S 4S 5S 6S 7S")
    assert m.check("play 6H 7H 8D") is not None
    assert m.check("play KS KH KD KC") is None
    m.apply("play KS KH KD KC")
    assert m.view(0).multiplier == 2


def test_rocket_beats_bomb_and_nothing_beats_rocket() -> None:
    m = landlord_match(LL_HAND, "BJ RJ", bottom="2C 2D KS")
    m.apply("play 9S 9H 9D 9C")
    assert m.check("play BJ RJ") is None
    m.apply("play BJ RJ")
    assert m.view(0).multiplier == 3 * 4  # bid 3, a bomb and the rocket
    m.apply("pass")
    assert m.check("play 2C 2D") == "nothing beats the rocket: pass"
    assert m.legal_strings() == ["pass"]


def test_bombs_compare_by_rank() -> None:
    m = landlord_match("KS KH KD KC", "5H 5D 5C 5S AS AH AD AC")
    m.apply("play KS KH KD KC")
    assert m.check("play 5H 5D 5C 5S") == "this does not beat the bomb of Ks"
    assert m.check("play AS AH AD AC") is None


def test_same_kind_and_size_required() -> None:
    m = landlord_match("3S 4S 5S 6S 7S", "4H 5H 6H 7H 8D 9D KH KD")
    m.apply("play 3S 4S 5S 6S 7S")
    longer = m.check("play 4H 5H 6H 7H 8D 9D")
    assert longer is not None and "this is a straight 4 to 9" in longer
    assert m.check("play 4H 5H 6H 7H 8D") is None
    assert m.check("play KH KD").startswith("this is a pair")
    m = landlord_match(LL_HAND, "KH KD")
    m.apply("play 8S")
    assert "single 8" in m.check("play KH KD")


def test_higher_core_required_and_attachments_do_not_count() -> None:
    m = landlord_match(LL_HAND, "8D 8C 5H 5D 5C 3H")
    m.apply("play 9S 9H")
    assert m.check("play 8D 8C") == "this does not beat the pair of 9s"
    m = landlord_match("TS TH TD AS 3S 4S 5S 6S 7S 8S 9S JS QS KS 2S 2H 2D", "JH JD JC 3H")
    m.apply("play TS TH TD AS")
    assert m.check("play JH JD JC 3H") is None  # a low single still beats the ace single


def test_airplane_wings_must_match() -> None:
    ll = "3S 3H 3D 4S 4H 4D 9S JS 5S 6S 7S 8S TS QS KS AS 2S"
    m = landlord_match(ll, "7H 7D 7C 8H 8D 8C 5H 6H 2H 2D")
    m.apply("play 3S 3H 3D 4S 4H 4D 9S JS")
    assert m.check("play 7H 7D 7C 8H 8D 8C 5H 6H") is None
    assert m.check("play 7H 7D 7C 8H 8D 8C 2H 2D") is None  # a pair as single wings
    assert m.check("play 7H 7D 7C 8H 8D 8C").startswith("this is a airplane")


def test_leader_cannot_pass_and_two_passes_give_the_lead_back() -> None:
    m = landlord_match(LL_HAND, "KH KD")
    assert m.check("pass") == "you lead: play a combination (the leader cannot pass)"
    m.apply("play 3S")
    m.apply("pass")
    m.apply("pass")
    assert m.to_move == 0
    assert m.view(0).last_play is None
    assert "pass" not in m.legal_strings()
    assert m.check("play 4S") is None  # anything may be led, even a low single


def test_any_held_suits_are_accepted_and_moves_are_distinct_rank_sets() -> None:
    m = landlord_match(LL_HAND)
    assert m.check("play 9C 9D") is None  # not the lowest ids the legal list names
    assert m.check("play 9H 9C") is None
    ranks = [ranks_of(a[1]) for a in m.legal_actions() if a[0] == "play"]
    assert len(ranks) == len(set(ranks))
    m.apply("play 9C 9D")
    assert m.state()["history"][-1] == [0, ["9D", "9C"]]


def test_bad_selections_are_explained() -> None:
    m = landlord_match(LL_HAND)
    assert m.check("play KH") == "you do not hold KH"
    assert m.check("play 3S 4S 5S 6S") == "a straight needs at least 5 cards"
    assert m.check("bid 2") == "the bidding is over: play cards or pass"
    with pytest.raises(ActionError):
        m.apply("play 3S 9S")
    assert m.to_move == 0 and len(m.view(0).hand) == 20  # nothing changed


def test_rocket_and_bomb_are_generated_as_answers() -> None:
    m = landlord_match(LL_HAND, "BJ RJ KS KH KD KC")
    m.apply("play JS JH")
    legal = m.legal_strings()
    assert "play BJ RJ" in legal and "play KS KH KD KC" in legal and "pass" in legal
    kinds = {classify(ranks_of(a[1]))[0] for a in m.legal_actions() if a[0] == "play"}
    assert kinds == {ROCKET, BOMB, PAIR}


@pytest.mark.slow
@pytest.mark.parametrize(
    "c",
    [
        [3, 3, 3, 3, 4, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1],  # airplanes, a bomb, 2s, rocket
        [4, 4, 3, 3, 2, 2, 0, 0, 0, 0, 0, 0, 0, 1, 1],  # bombs next to triples
        [0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 4, 2, 2, 1, 1],  # high airplanes up to the ace
        [2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0, 0, 1, 1, 0],  # pair runs under airplanes
    ],
)
def test_generation_matches_brute_force_on_crowded_hands(c: list[int]) -> None:
    """Hands dense in triples and fours, where the wing restrictions bite."""
    valid = [m for m in _sub_multisets(c) if isinstance(classify(m), tuple)]
    lead = moves(c, None)
    assert len(lead) == len(set(lead)) and set(lead) == set(valid)
    for table_move in random.Random(1).sample(valid, 40):
        table = classify(table_move)
        follow = moves(c, table)
        assert len(follow) == len(set(follow))
        assert set(follow) == {m for m in valid if beats(classify(m), table)}


CROWDED = [
    [3, 3, 3, 3, 4, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1],
    [4, 4, 3, 3, 2, 2, 0, 0, 0, 0, 0, 0, 0, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 4, 2, 2, 1, 1],
    [2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0, 0, 1, 1, 0],
    [4, 1, 2, 4, 0, 0, 1, 0, 0, 0, 0, 0, 4, 1, 1],  # three bombs, both jokers
    [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],  # a bomb whose only singles are jokers
]


def test_one_random_lead_is_the_listed_lead_at_that_index() -> None:
    """lead_at(i) builds exactly moves(c, None)[i] and lead_count is its length, so the
    deal's random lead (one randrange over the count) is uniform over the listed leads."""
    rng = random.Random(4)
    hands = list(CROWDED)
    for _ in range(600):
        pack = list(range(54))
        rng.shuffle(pack)
        hands.append(counts_of(pack[: rng.randint(1, 20)]))
    for c in hands:
        listed = moves(c, None)
        parts = lead_parts(c)
        assert lead_count(parts) == len(listed)
        assert [lead_at(parts, i) for i in range(len(listed))] == listed
