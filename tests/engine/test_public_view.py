"""What an online table may send to whom (issue 21, docs/online.md "Views and events"),
checked generically over the toy, every registered game and the examples:

- the public (spectator's) view and each seat's view are unchanged when every card hidden
  from their reader is shuffled, and so are the events `Match.events_for` gives it;
- over many random whole deals, no event as `events_for(events, reader)` gives it names a
  card hidden from that reader at that moment ("hidden" from full_state()'s `where`, the
  seats' views and the game's announcements: tests/privacy.py);
- a game without a public view gives None (its tables take no spectators);
- each view is built once per action.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import privacy
import pytest
import toyvariant
from crowsnest.engine import Deal, Match, Variant, VariantFault
from crowsnest.engine.variant import Event

VARIANTS = privacy.every_variant()
CASES = [(vid, n) for vid, v in sorted(VARIANTS.items()) for n in v.seats]
SCAN_DEALS = 12  # whole random deals per game and seat count for the leak scan


def test_the_examples_and_every_built_in_game_are_covered():
    for vid in ("toy", "crowsnest", "individual2", "tractor", "doudizhu", "ohhell", "sevens"):
        assert vid in VARIANTS


# ---------------------------------------------------------------- shuffling what is hidden


def _shuffled_run(v, seats: int, seed: int, reader: int | None, k: int, rng) -> int:
    """Play k random actions of the first deal, then the same deal with every card hidden
    from the reader all that time permuted (privacy.Knowledge; the actions' cards renamed
    alike): the reader's views and events must be the same at every step while the
    actions stay legal. Returns the number of positions compared."""
    base = Match(v, seed=seed, seats=seats)
    piles = privacy.first_deal_names(base)
    kw: dict[str, Any] = {"seed": seed, "seats": seats, "dealer": base.dealer}
    a = Match(v, deal=piles, **kw)
    knowledge = privacy.Knowledge(seats, frozenset(a.deck.names))
    knowledge.look(a.deal)
    snaps = [privacy.reader_json(a, reader)]
    texts: list[str] = []
    events: list[list[Event]] = []
    for _ in range(k):
        if a.over or a.deal_index > 1:
            break
        action = a.deal.random_action(rng)
        text = a.deal.format_action(action)
        probe = a.deal.clone()
        ev = a.apply(text)
        probe.apply(action)  # the deal as the action left it (the finished one at the end)
        texts.append(text)
        events.append(a.events_for(ev, reader))
        snaps.append(privacy.reader_json(a, reader))
        knowledge.look(probe, ev)
    shuffled, pi = privacy.permute_names(piles, knowledge.hidden(reader), rng)
    b = Match(v, deal=shuffled, **kw)
    who = "the public" if reader is None else f"seat {reader}"
    assert privacy.reader_json(b, reader) == snaps[0], f"{who}'s view sees hidden cards"
    compared = 1
    for i, text in enumerate(texts):
        tb = privacy.mapped(text, pi)
        if b.check(tb) is not None:
            break  # the shuffled deal cannot follow (a hand that must follow suit)
        got = b.events_for(b.apply(tb), reader)
        assert got == events[i], f"{who}'s events after '{text}' depend on hidden cards"
        assert privacy.reader_json(b, reader) == snaps[i + 1], (
            f"{who}'s view after {texts[: i + 1]} depends on hidden cards"
        )
        compared += 1
    return compared


@pytest.mark.parametrize("vid, seats", CASES)
def test_the_public_view_ignores_every_card_hidden_from_the_public(vid, seats):
    v = VARIANTS[vid]
    if Match(v, seed=0, seats=seats).public_view_json() is None:
        pytest.skip(f"{vid} has no public view: its tables take no spectators")
    rng = random.Random(f"public:{vid}:{seats}")
    compared = after_moves = 0
    for seed in range(4):
        # k >= 1: Sevens' first player is whoever holds the 7 of diamonds (public by rule)
        for k in (1, rng.randint(2, 12), rng.randint(12, 60)):
            n = _shuffled_run(v, seats, seed, None, k, rng)
            compared += n
            after_moves += n > 1
    assert after_moves >= 4, "too few positions after moves were compared"


@pytest.mark.slow
@pytest.mark.parametrize("vid, seats", CASES)
def test_each_seats_view_ignores_every_card_hidden_from_it(vid, seats):
    """The seat's own hand stays; the other hands and the piles it does not see (nest,
    kitty, bottom, stock, the dummy's face-down cards) are shuffled together."""
    v = VARIANTS[vid]
    rng = random.Random(f"seat:{vid}:{seats}")
    for seat in range(seats):
        after_moves = 0
        for seed in range(3):
            for k in (1, rng.randint(2, 12), rng.randint(12, 60)):
                after_moves += _shuffled_run(v, seats, seed, seat, k, rng) > 1
        assert after_moves >= 3, f"seat {seat}: too few positions after moves compared"


def test_a_visible_card_in_the_public_view_is_caught():
    """The shuffle test fails when a public view shows a hand (what it guards)."""

    class Peeking(toyvariant.ToyDeal):
        def public_view(self):
            return self._view(0)  # seat 0's hand for everyone

    v = toyvariant.make_variant(id="toy-peek", new_deal=Peeking)
    with pytest.raises(AssertionError, match="view sees hidden cards"):
        for seed in range(5):
            _shuffled_run(v, 2, seed, None, 1, random.Random(seed))


# ---------------------------------------------------------------- the leak scan


def scan(v, seats: int, deals: int) -> list[str]:
    """Random whole deals: every event each reader is given, checked against the cards
    hidden from it at that moment (privacy.Knowledge, after the action)."""
    out: list[str] = []
    done = 0
    seed = 0
    readers: list[int | None] = [None, *range(seats)]
    while done < deals:
        m = Match(v, seed=seed, seats=seats)
        names = frozenset(m.deck.names)
        knowledge = privacy.Knowledge(seats, names)
        knowledge.look(m.deal)
        rng = random.Random(seed)
        seed += 1
        while not m.over and done < deals:
            probe = m.deal.clone()
            action = m.deal.random_action(rng)
            text = m.deal.format_action(action)
            ev = m.apply(action)
            probe.apply(action)  # the deal as the action left it (the finished deal at the end)
            knowledge.look(probe, ev)
            where = privacy.where_counts(probe)
            for r in readers:
                for e in m.events_for(ev, r):
                    named = privacy.card_counts(e, names)
                    bad = privacy.leaked(named, where, knowledge.known[r])
                    if bad:
                        who = "the public" if r is None else f"seat {r}"
                        out.append(f"seed {seed - 1}, '{text}': {who} is told {sorted(bad)} in {e}")
            if any(e.get("type") in ("deal_over", "redeal") for e in ev):
                done += 1
                knowledge = privacy.Knowledge(seats, names)  # a new deal: nothing is known
                knowledge.look(m.deal)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("vid, seats", CASES)
def test_no_event_names_a_card_hidden_from_its_reader(vid, seats):
    leaks = scan(VARIANTS[vid], seats, SCAN_DEALS)
    assert not leaks, f"{len(leaks)} events leak, e.g. " + "; ".join(leaks[:3])


class KittyTeller(toyvariant.ToyDeal):
    """A toy whose first bid tells everyone the kitty (which nobody ever sees)."""

    def apply(self, action):
        events = super().apply(action)
        if events and events[0]["type"] == "bid":
            events[0] = {**events[0], "kitty": toyvariant.DECK.names_of(self.kitty)}
        return events


class KittyRedacted(KittyTeller):
    def redact_event(self, event, seat):
        if event["type"] == "bid":
            return {k: v for k, v in event.items() if k != "kitty"}
        return event


def test_the_scan_catches_an_event_naming_hidden_cards():
    """What the scan guards: a game that vouches for events that leak is caught."""
    v = toyvariant.make_variant(id="toy-tells", new_deal=KittyTeller, events_safe=True)
    assert any("kitty" in leak for leak in scan(v, 2, 6))


def test_redact_event_gives_each_reader_its_own_version_and_the_driver_all():
    v = toyvariant.make_variant(id="toy-redacted", new_deal=KittyRedacted, events_safe=True)
    assert scan(v, 2, 6) == []
    m = Match(v, seed=0, seats=2)
    ev = m.apply("bid 1")
    assert "kitty" in ev[0]  # the omniscient events (the engine protocol's) keep it
    for r in (None, 0, 1):
        assert "kitty" not in m.events_for(ev, r)[0]
    assert "kitty" in ev[0], "events_for must not change the events it is given"


def test_a_variant_that_does_not_vouch_for_its_events_has_their_cards_taken_out():
    default = {f.name: f.default for f in dataclasses.fields(Variant)}["events_safe"]
    assert default is False  # a plugin vouches for its events only by saying so
    v = toyvariant.make_variant(id="toy-unvouched", new_deal=KittyTeller, events_safe=False)
    assert scan(v, 2, 6) == []
    m = Match(v, seed=3, seats=2)
    rng = random.Random(3)
    kinds: Counter[str] = Counter()
    while not m.over and m.deal_no < 2:
        ev = m.apply(m.deal.random_action(rng))
        for seen, raw in zip(m.events_for(ev, None), ev, strict=True):
            assert seen["type"] == raw["type"]
            kinds[seen["type"]] += 1
            assert "cards" not in seen and "kitty" not in seen
            if raw["type"] == "trick":  # what names no card stays
                assert seen == {k: x for k, x in raw.items() if k != "cards"}
    assert kinds["trick"] and kinds["bid"]


def test_events_alike_only_where_every_reader_gets_each_event_as_it_is():
    """Match.events_alike (an online table then makes the events' JSON once for every
    reader): a game that vouches for its events and keeps Deal's redact_event; never one
    that redacts, nor one whose events' cards are taken out."""
    plain = Match(toyvariant.TOY, seed=0, seats=2)
    assert plain.events_alike()
    ev = plain.apply("bid 1")
    assert all(plain.events_for(ev, r) == ev for r in (None, 0, 1))
    for deal, safe in ((KittyRedacted, True), (KittyTeller, False)):
        v = toyvariant.make_variant(id=f"toy-alike-{safe}", new_deal=deal, events_safe=safe)
        m = Match(v, seed=0, seats=2)
        assert not m.events_alike()
        ev = m.apply("bid 1")
        assert not m.events_alike()
        assert all("kitty" not in m.events_for(ev, r)[0] for r in (None, 0, 1))


def test_events_for_refuses_a_seat_that_is_not_at_the_table():
    m = Match(toyvariant.TOY, seed=1, seats=2)
    with pytest.raises(ValueError, match="seat must be"):
        m.events_for([], 2)


# ---------------------------------------------------------------- no public view


class Private(toyvariant.ToyDeal):
    public_view = Deal.public_view  # what a plugin that never wrote one has


def test_a_game_without_a_public_view_gives_none_never_a_derived_one():
    assert Deal.public_view(Match(toyvariant.TOY, seed=0).deal) is None  # the default
    v = toyvariant.make_variant(id="toy-private", new_deal=Private)
    m = Match(v, seed=2, seats=3)
    rng = random.Random(2)
    for _ in range(40):
        assert m.public_view() is None and m.public_view_json() is None
        if m.over:
            break
        m.apply(m.deal.random_action(rng))


# ---------------------------------------------------------------- the public view's shape


COMMON = {"seat", "phase", "to_move", "hand", "hand_counts", "trick", "dealer", "scores"}


@pytest.mark.parametrize("vid, seats", CASES)
def test_the_public_view_has_the_seat_views_keys_and_no_hand(vid, seats):
    m = Match(VARIANTS[vid], seed=4, seats=seats)
    rng = random.Random(4)
    for _ in range(80):
        pv = m.public_view_json()
        if pv is None:
            pytest.skip(f"{vid} has no public view: its tables take no spectators")
        assert set(pv) >= COMMON and "match" in pv
        assert pv["seat"] is None and pv["hand"] == []
        assert set(pv) <= set().union(*(m.view_json(s) for s in range(seats)))
        assert pv["match"] == m.view_json(0)["match"]
        if m.over:
            break
        m.apply(m.deal.random_action(rng))


# ---------------------------------------------------------------- built once per action


def test_each_view_is_built_once_per_action(monkeypatch):
    built: Counter[str] = Counter()
    view, public = toyvariant.ToyDeal.view, toyvariant.ToyDeal.public_view

    def counting_view(self, seat):
        built[f"seat{seat}"] += 1
        return view(self, seat)

    def counting_public(self):
        built["public"] += 1
        return public(self)

    monkeypatch.setattr(toyvariant.ToyDeal, "view", counting_view)
    monkeypatch.setattr(toyvariant.ToyDeal, "public_view", counting_public)
    m = Match(toyvariant.TOY, seed=6, seats=3)
    rng = random.Random(6)
    for step in range(30):
        if m.over:
            break
        built.clear()
        for _ in range(3):
            for s in range(3):
                assert m.view_json(s) is m.view_json(s)
            m.public_view_json()
        assert built == {"seat0": 1, "seat1": 1, "seat2": 1, "public": 1}, step
        # never stale: what a match rebuilt from the log shows
        again = Match.replay(toyvariant.TOY, m.log_strings(), **m.start_kwargs())
        assert [m.view_json(s) for s in range(3)] == [again.view_json(s) for s in range(3)]
        assert m.public_view_json() == again.public_view_json()
        m.apply(m.deal.random_action(rng))


class FailsOnPlay(toyvariant.ToyDeal):
    def apply(self, action):
        if action[0] == "play":
            raise RuntimeError("a plugin bug")
        return super().apply(action)


def test_a_failed_action_leaves_the_views_as_they_were():
    m = Match(toyvariant.make_variant(id="toy-fails", new_deal=FailsOnPlay), seed=0, seats=2)
    m.apply("bid 1")
    views = [m.view_json(s) for s in range(2)]
    public = m.public_view_json()
    with pytest.raises(VariantFault):
        m.apply(m.legal_actions()[0])
    assert [m.view_json(s) for s in range(2)] == views and m.public_view_json() == public
