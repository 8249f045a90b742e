"""The Dou Dizhu variant as registered: its parts, deck, options and AIs."""

from __future__ import annotations

from collections import Counter

import crowsnest_games.doudizhu
import pytest
from crowsnest.engine import Match, MatchError, OptionError
from crowsnest.testing import registry_with
from crowsnest_games.doudizhu import VARIANT


def test_registered_through_the_plugin_host() -> None:
    registry = registry_with(crowsnest_games.doudizhu)
    v = registry.variant("doudizhu")
    assert v.name == "Dou Dizhu" and v.seats == (3,) and v.teams(3, {}) is None
    assert {"random", "easy", "normal"} <= set(registry.ais("doudizhu"))
    assert not [e for e in registry.errors() if "doudizhu" in repr(e)]


def test_deck_and_deal_shape() -> None:
    deck = VARIANT.deck.build(VARIANT.resolve_options(None), 3)
    ranks = Counter(n[0] for n in deck.names if n not in ("BJ", "RJ"))
    assert len(deck) == 54 and set(ranks.values()) == {4} and len(ranks) == 13
    assert {"BJ", "RJ", "TH", "AS", "2C"} <= set(deck.names)
    piles = VARIANT.deck.layout(VARIANT.resolve_options(None), 3, list(range(54)))
    assert [len(h) for h in piles["hands"]] == [17, 17, 17] and len(piles["bottom"]) == 3


def test_options_and_bad_setups_are_explained() -> None:
    assert dict(VARIANT.resolve_options(None)) == {"deals": 6, "target": 0}
    with pytest.raises(OptionError, match="deals"):
        Match(VARIANT, options={"deals": 0})
    with pytest.raises(MatchError, match="3 players"):
        Match(VARIANT, seats=4)
    with pytest.raises(MatchError, match="fixed deal"):
        Match(VARIANT, deal={"hands": [["3S"], ["4S"], ["5S"]], "bottom": []})


def test_selection_is_named_for_the_client() -> None:
    m = Match(VARIANT, seed=0)
    ids = VARIANT.deck.build(m.options, 3).ids
    nine_pair = [ids("9S")[0], ids("9H")[0]]
    assert VARIANT.validator.describe(nine_pair) == "pair of 9s"
    assert m.deal.describe(nine_pair) == "pair of 9s"
    assert m.deal.describe([ids("3S")[0], ids("4S")[0]]) == "a straight needs at least 5 cards"
    assert "Landlord" in VARIANT.rules_text
