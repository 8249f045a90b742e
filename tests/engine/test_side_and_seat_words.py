"""Every `Side` and `Seat` a game's presentation puts in a sentence names somebody.

The window renders `Side(i)` as the i-th scoring side (a team, or a seat in the
individual games) and `Seat(i)` as the i-th player; an index out of range renders as ""
and the sentence dangles ("The nest: 10 points to"). Generic over every registered
game and seat count: random whole deals, every table event, fact, plate and end-of-deal
sheet line the presentation gives, for every reader."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from crowsnest.engine import Match
from crowsnest.engine.presentation import (
    EventContext,
    Presentation,
    Seat,
    Side,
    TableEvent,
    Text,
)
from crowsnest.plugin_host import load_registry

VARIANTS = load_registry(folders=[], user_folder=False).variants
CASES = [(vid, n) for vid, v in sorted(VARIANTS.items()) for n in v.seats]


def placeholders(text: Any) -> Iterator[Seat | Side]:
    if isinstance(text, Text):
        for _, value in text.values:
            if isinstance(value, Seat | Side):
                yield value
            else:
                yield from placeholders(value)


def texts_of(te: Any) -> Iterator[Text]:
    if isinstance(te, TableEvent):
        for t in (te.call, te.news, te.caption):
            if t is not None:
                yield t
    elif isinstance(te, Text):
        yield te


def check(text: Text, seats: int, sides: int, where: str) -> None:
    for p in placeholders(text):
        bound = sides if isinstance(p, Side) else seats
        assert 0 <= p.index < bound, (
            f"{where}: {type(p).__name__}({p.index}) in {text.msg!r} names nobody "
            f"({seats} seats, {sides} sides)"
        )


@pytest.mark.parametrize("vid,seats", CASES)
def test_every_side_and_seat_in_the_table_words_names_somebody(vid, seats):
    variant = VARIANTS[vid]
    pres = variant.presentation or Presentation()
    rng = random.Random(f"words:{vid}:{seats}")
    for game in range(2):
        m = Match(variant, seed=f"words-{game}", seats=seats)
        sides = len(m.teams) if m.teams else seats
        # Dummy positions (Rook for 2 and 3) are places at the table past the seats.
        where_keys = m.state()["where"]
        positions = max(seats, sum(1 for k in where_keys if k.startswith("won")))
        names = [f"P{i}" for i in range(seats)]
        deals = 0
        while not m.over and deals < 2:
            seat = m.to_move
            before = m.view_json(seat)
            action = m.deal.random_action(rng)  # also where the legal set is not listed
            events = m.apply(action)
            ctx = EventContext(
                seat=seat,
                action=action,
                before=before,
                deck=m.deck,
                options=m.options,
                teams=m.teams,
                events=tuple(events),
            )
            where = f"{vid}/{seats} after {m.deal.format_action(action)}"
            for te in pres.table_events(events, ctx):
                for t in texts_of(te):
                    check(t, positions, sides, where)
            for ev in events:
                if ev.get("type") == "deal_over":
                    deals += 1
                    sheet = pres.deal_sheet(ev, names)
                    for t in (*sheet.columns, *sheet.lines):
                        check(t, positions, sides, f"{where} (deal sheet)")
            if m.over:
                break
            for reader in range(seats):
                view = m.view_json(reader)
                for fact in pres.facts(view):
                    check(fact.text, positions, sides, f"{where} (fact for {reader})")
                for plate_seat in range(seats):
                    for t in pres.plate(view, plate_seat):
                        check(t, positions, sides, f"{where} (plate {plate_seat})")


def test_the_nest_goes_to_the_side_of_the_seat_that_took_it():
    """North (seat 1) and East (seat 3) took the nest; the sentence named side 1 and 3,
    and there are two sides: "The nest: 10 points to" in every language."""
    variant = VARIANTS["crowsnest"]
    ctx = EventContext(
        seat=3,
        action=("play", (0,)),
        before={},
        deck=Match(variant, seed=1).deck,
        options={},
        teams=((0, 2), (1, 3)),
    )
    ev = {"type": "nest", "to": 3, "cards": [], "points": 10}
    got = [t for te in variant.presentation.event(ev, ctx) for t in texts_of(te)]
    assert got and all(p == Side(1) for t in got for p in placeholders(t) if isinstance(p, Side)), (
        got
    )


@pytest.mark.parametrize(
    "vid,seats", [(v, n) for v, n in CASES if not Match(VARIANTS[v], seed=1, seats=n).teams]
)
def test_a_game_without_teams_never_says_we(vid, seats):
    """Rook for 3, 5, 6 showed "We took 0" to the player alone at the table."""
    from crowsnest.engine.presentation import render

    variant = VARIANTS[vid]
    pres = variant.presentation or Presentation()
    m = Match(variant, seed=3, seats=seats)
    rng = random.Random(3)
    said = []
    while not m.over and m.deal_no < 1:
        for fact in pres.facts(m.view_json(0)):
            said.append(
                render(fact.text, str, str, is_you=lambda s: s == 0, is_us=lambda s: s == 0)
            )
        m.apply(m.deal.random_action(rng))
    assert said and not [s for s in said if s.startswith("We ")], sorted(set(said))[:5]
