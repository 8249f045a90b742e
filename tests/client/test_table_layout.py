"""The drawn table for 2 to 6 seats at several window sizes: every card the table
blits lies fully on screen, and the seat plates never overlap each other or a card of
another seat."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from client_driver import make_app
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup


class Spy(pygame.Surface):
    def __init__(self, size):
        super().__init__(size)
        self.blits: list[tuple[tuple[int, int], pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        r = pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size()))
        r.size = source.get_size()
        self.blits.append((source.get_size(), r))
        return super().blit(source, dest, *args, **kwargs)


def to_play(session: LocalGame) -> None:
    r = session.runner
    for _ in range(200):
        m = session.match
        if m.phase == "play" and m.to_move == 0 and m.view_json(0)["trick"]:
            return
        session.apply(r.choose(m, None, "random", budget_s=None).action)
    raise AssertionError("never reached the human's turn in the play phase")


CASES = [
    ("individual2", 2),
    ("individual3", 3),
    ("crowsnest", 4),
    ("individual5", 5),
    ("individual6", 6),
]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(640, 480), (1024, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("variant,seats", CASES)
def test_drawn_cards_stay_on_screen_and_seats_apart(variant, seats, size):
    app = make_app(speed=0, size=size)
    v = app.registry.variant(variant)
    s = LocalGame(
        v, [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)], seed=4
    )
    to_play(s)
    t = TableScene(s)
    app.stack.replace(t)
    spy = Spy(size)
    t.draw(spy)
    lay = t.lay
    card_sizes = {lay.card, lay.small}
    cards = [r for sz, r in spy.blits if sz in card_sizes]
    assert len(cards) >= sum(t.view["hand_counts"][1:]) // 3  # the hands were drawn
    screen = pygame.Rect((0, 0), size)
    for r in cards:
        assert screen.contains(r), (r, size)
    plates = [pygame.Rect(p.plate) for p in lay.seats]
    for a, b in itertools.combinations(plates, 2):
        assert not a.colliderect(b)
    for p in lay.seats:
        other_hands = [pygame.Rect(q.hand) for q in lay.seats if q.seat != p.seat]
        assert pygame.Rect(p.plate).collidelist(other_hands) == -1
    assert t.positions == seats + (1 if variant == "individual2" else 0)
    app.close()


def test_resizing_the_window_relays_the_table_and_scales_cards():
    app = make_app(speed=0, size=(1024, 640))
    v = app.registry.variant("crowsnest")
    s = LocalGame(
        v, [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)], seed=4
    )
    to_play(s)
    t = TableScene(s)
    app.stack.replace(t)
    small = t.lay.card
    trick_before = [(sp.card, sp.x, sp.y) for sp in t.trick]
    app._resized((1920, 1080))
    assert t.lay.size == (1920, 1080)
    assert t.lay.card[1] > small[1] * 1.4
    assert [c for c, _, _ in trick_before] == [sp.card for sp in t.trick]  # same trick, new places
    spy = Spy((1920, 1080))
    t.draw(spy)
    assert any(sz == t.lay.card for sz, _ in spy.blits)
    app.close()


def test_counter_clockwise_games_seat_the_next_player_on_the_right():
    from client_driver import make_app
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup
    from crowsnest.records.seats import seat_names

    app = make_app()
    for variant, seats, right, direction in (
        ("tractor", 4, True, None),
        ("doudizhu", 3, True, None),
        ("crowsnest", 4, False, None),
        # the client takes the direction from the Variant, not from any view key
        ("crowsnest", 4, True, "counter-clockwise"),
    ):
        v = app.registry.variant(variant)
        if direction is not None:
            v = dataclasses.replace(v, direction=direction)
        s = LocalGame(
            v, [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        )
        t = TableScene(s)
        app.stack.replace(t)
        nxt = t.lay.seats[1].anchor[0]
        assert (nxt > t.lay.size[0] // 2) is right, variant
        # a computer's name goes with its seat (and portrait), whichever side it sits;
        # compass names follow the picture: a human on the right is called East
        assert s.names[1] == "Otto", (variant, s.names)
        alone = [SeatSetup("human" if i == 1 else "ai", "random", "") for i in range(seats)]
        assert (seat_names(alone, v.clockwise)[1] == "East") is right, variant
    app.close()


@pytest.mark.parametrize("size", [(640, 480), (960, 540), (1280, 720), (1920, 1080)])
def test_trick_cards_of_different_seats_never_overlap(size):
    from crowsnest.client.layout import overlaps, table_layout

    for n in range(2, 7):
        lay = table_layout(size, n)
        rects = [lay.trick_rect(s) for s in range(n)]
        for a, b in itertools.combinations(rects, 2):
            assert not overlaps(a, b), (n, size, a, b)
        top = lay.top_bar[1] + lay.top_bar[3]
        assert all(r[1] >= top and r[1] + r[3] <= lay.status[1] for r in rects), (n, size)
