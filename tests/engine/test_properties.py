"""Property tests (hypothesis) of the notation and of the engine's replay contract, for
every registered variant and the toy:

- card notation: any set of a deck's cards, written in any order and any letter case,
  parses to the action whose canonical printing is the same again (design.md 5), and
  parsing with the mover's hand picks exactly the held copies (Tractor's two packs);
- bids, trumps and pass round-trip;
- the engine's log: any sequence of legal moves, written as notation and replayed on a
  new match with the same seed, rebuilds the same position; every listed legal action
  passes `check`, and `check` never changes the position (saying why where it
  refuses).
"""

from __future__ import annotations

import random

import pytest
import toyvariant
from crowsnest.engine import Match
from crowsnest.engine.actions import TRUMP_COLOURS, format_action, parse_action
from crowsnest.plugin_host import load_registry
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

REGISTRY = load_registry(folders=[], user_folder=False)
VARIANTS = {"toy": toyvariant.TOY, **REGISTRY.variants}
VIDS = sorted(VARIANTS)
QUICK = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])


def deck_of(vid: str):
    return Match(VARIANTS[vid], seed=0).deck


@st.composite
def card_sets(draw):
    """A variant, and some of its deck's card ids (distinct ids; tokens may repeat)."""
    vid = draw(st.sampled_from(VIDS))
    deck = deck_of(vid)
    ids = draw(st.lists(st.integers(0, len(deck) - 1), min_size=1, max_size=12, unique=True))
    return vid, deck, ids


def mixed_case(draw, token: str) -> str:
    flips = draw(st.lists(st.booleans(), min_size=len(token), max_size=len(token)))
    return "".join(c.lower() if f else c for c, f in zip(token, flips, strict=True))


@QUICK
@given(card_sets(), st.sampled_from(["play", "discard", "declare"]), st.data())
def test_card_notation_round_trips_in_any_order_and_case(case, kind, data):
    vid, deck, ids = case
    action = (kind, tuple(sorted(ids)))
    text = format_action(action, deck)
    tokens = text.split()[1:]
    assert tokens == [deck.names[c] for c in sorted(ids)]  # canonical: the deck's order
    shuffled = data.draw(st.permutations(tokens))
    typed = " ".join([kind.upper(), *(mixed_case(data.draw, t) for t in shuffled)])
    parsed = parse_action(typed, deck)
    assert format_action(parsed, deck) == text
    # with the mover's hand the held copies are the ones taken: exactly these ids
    assert parse_action(typed, deck, hand=ids) == action
    if len(set(deck.names[c] for c in ids)) == len(ids) and all(
        len(deck.ids(deck.names[c])) == 1 for c in ids
    ):
        assert parsed == action  # unique tokens: the very same ids without a hand


@QUICK
@given(st.sampled_from(VIDS), st.integers(-999_999_999, 999_999_999))
def test_bids_trumps_and_pass_round_trip(vid, amount):
    deck = deck_of(vid)
    for action in (("pass",), ("bid", amount), *(("trump", c) for c in TRUMP_COLOURS)):
        assert parse_action(format_action(action, deck), deck) == action


@QUICK
@given(card_sets())
def test_a_card_named_more_often_than_held_is_refused(case):
    vid, deck, ids = case
    token = deck.names[ids[0]]
    copies = len(deck.ids(token))
    with pytest.raises(ValueError, match="named more times|not hold"):
        parse_action("play " + " ".join([token] * (copies + 1)), deck)


@st.composite
def games(draw):
    vid = draw(st.sampled_from(VIDS))
    variant = VARIANTS[vid]
    seats = draw(st.sampled_from(sorted(variant.seats)))
    seed = draw(st.integers(0, 10_000))
    # moves chosen by an RNG of their own: long games (a deal or more) from few draws
    steps = draw(st.integers(1, 300))
    chooser = random.Random(draw(st.integers(0, 2**32)))
    return vid, seats, seed, [chooser.randrange(1 << 30) for _ in range(steps)]


@settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_the_action_log_rebuilds_the_position_and_check_changes_nothing(game):
    vid, seats, seed, picks = game
    m = Match(VARIANTS[vid], seed=seed, seats=seats)
    log: list[str] = []
    for i, pick in enumerate(picks):
        if m.over:
            break
        legal = m.legal_actions()
        if m.deal.legal_complete():
            action = legal[pick % len(legal)]
        else:  # too many to list (burying 8 of 33): the deal draws one
            action = m.deal.random_action(random.Random(pick))
        text = m.deal.format_action(action)
        assert m.check(text) is None, f"{vid}: listed legal action {text!r} refused"
        if i % 5 == 0:
            _refusal_changes_nothing(m, pick)
        m.apply(text)
        log.append(text)
    again = Match(VARIANTS[vid], seed=seed, seats=seats)
    for text in log:
        again.apply(text)
    assert again.state() == m.state()
    assert again.legal_strings() == m.legal_strings()


def _refusal_changes_nothing(m: Match, pick: int) -> None:
    """Actions that cannot be legal in any game (a colour that does not exist, a bid
    above every game's range, a card of no deck, a discard of nothing) get a reason;
    whatever check says of the others (a pass, a card of the deck, which may be the
    mover's or a dummy's they play), the position is untouched."""
    before = m.state()
    for text in ("trump purple", "bid 999999", "play Z99", "discard"):
        reason = m.check(text)
        assert isinstance(reason, str) and reason, f"{text!r} accepted"
        assert m.state() == before
    for text in ("pass", f"play {m.deck.names[pick % len(m.deck)]}"):
        m.check(text)
        assert m.state() == before
