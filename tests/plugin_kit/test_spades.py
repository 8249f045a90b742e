"""The third trick example, Spades (examples/dropin/crowsnest_spades.py): a game made of
parts on the engine's trick deal, no Deal subclass. Rules scenarios, whole matches through
crowsnest.testing.play_match, and a match in the window with its own words."""

from __future__ import annotations

from pathlib import Path

import pytest
from crowsnest.engine import Match
from crowsnest.testing import play_in_client, play_match, registry_with

SPADES = Path(__file__).resolve().parents[2] / "examples" / "dropin" / "crowsnest_spades.py"


@pytest.fixture(scope="module")
def registry():
    return registry_with(SPADES)


@pytest.fixture(scope="module")
def spades(registry):
    return registry.variant("spades")


def test_it_loads_as_a_drop_in_with_five_parts(registry, spades):
    rec = next(p for p in registry.plugins if p.name == "crowsnest_spades")
    assert rec.error in (None, "") and rec.variants == ("spades",)
    for part in (spades.deck, spades.bidding, spades.validator, spades.scorer):
        assert part is not None
    assert [o.key for o in spades.options] == ["target"]  # the scorer part's option


def test_spades_may_not_lead_until_broken(spades):
    m = Match(spades, seed=3)
    for _ in range(4):
        m.apply("bid 3")
    assert m.phase == "play"
    hand = m.view(m.to_move).to_json()["hand"]
    spade = next(c for c in hand if c.endswith("S"))
    assert m.check(f"play {spade}") == "spades are not broken yet: lead another suit"
    assert all(not a.endswith("S") for a in m.legal_strings())


def test_follow_suit_and_spades_win(spades):
    m = Match(spades, seed=3)
    for _ in range(4):
        m.apply("bid 3")
    for _ in range(spades.seats[0] * 13):
        if m.phase != "play":
            break
        legal = m.legal_strings()
        view = m.view(m.to_move)
        if view.trick:
            led = view.contract.suit_of(view.trick[0][1])
            follow = [c for c in view.hand if view.contract.suit_of(c) == led]
            if follow:  # must follow
                assert sorted(legal) == sorted(f"play {m.deck.names[c]}" for c in follow)
        events = m.apply(legal[0])
        trick = next((e for e in events if e["type"] == "trick"), None)
        if trick is not None and any(c.endswith("S") for c in trick["cards"]):
            spade_seats = [
                s for s, c in zip(trick["seats"], trick["cards"], strict=True) if c.endswith("S")
            ]
            assert trick["winner"] in spade_seats  # a spade in the trick wins it


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_whole_matches_pass_the_plugin_kit(spades, seed):
    m = play_match(spades, seed=seed)
    assert m.over and m.winner in (0, 1)


@pytest.mark.slow
def test_it_plays_in_the_window_with_its_own_words(spades, registry):
    run = play_in_client(spades, seed=2, registry=registry)
    assert run.match.over and not run.faults
    assert "Spades are trump" in run.said
    assert any(s.startswith("bid ") and ", took " in s for s in run.said)
