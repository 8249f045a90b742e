"""Cards and felt made ahead (issue 31: the frames that drew something for the first time
were the slow ones): `Assets.ahead` and `warm` make every face of the game at the table's
sizes in spare time, the table asks for them and for its felt before its first frame, and
once made, playing on draws nothing new."""

from __future__ import annotations

import pygame
import pytest
from client_driver import make_app, start
from crowsnest.client.assets import OUTLINE_KINDS, Assets
from crowsnest.client.palette import set_game_art
from test_assets import standard_deck


@pytest.fixture(autouse=True)
def no_game_art():
    set_game_art({}, {})
    yield
    set_game_art({}, {})


def made(assets: Assets) -> int:
    """How many card surfaces the assets hold, over every card size."""
    return sum(len(c) for c in assets._by_height.values())


FACES = (("A", "S", 0), ("T", "H", 10), ("5", "D", 5))


def test_warm_makes_what_was_asked_at_each_height_and_leaves_the_card_size(pg_init):
    a = Assets(card_height=100)
    a.ahead(FACES, (90, 60))
    per_height = len(FACES) + 1 + len(OUTLINE_KINDS)  # each face, the back, the outlines
    assert a.ahead_left() == 2 * per_height
    while a.warm(1e-9):  # almost no time to spare still makes one a call
        pass
    assert a.card_height == 100 and a.ahead_left() == 0
    before = made(a)
    for h in (90, 60):
        a.set_card_height(h)
        drawn = [a.face(r, s, p) for r, s, p in FACES] + [a.card_back()]
        drawn += [a.card_outline(k) for k in OUTLINE_KINDS]
        assert all(d.get_height() == h for d in drawn)
    assert made(a) == before  # all there already: drawing them made nothing new


def test_warm_spends_its_budget_then_stops(pg_init):
    a = Assets(card_height=100)
    a.ahead(FACES, (90,))
    left = len(FACES) + len(OUTLINE_KINDS) + 1
    assert a.warm(0.0) == left and made(a) == 0  # no time left in the frame: nothing
    assert a.warm(1e-9) == left - 1  # a card begun is finished: one made, the rest wait
    assert a.warm(10.0) == 0  # time enough for all


def test_a_changed_look_makes_the_asked_cards_again(pg_init):
    a = Assets(card_height=100)
    a.ahead(FACES, (90,))
    while a.warm(1.0):
        pass
    a.set_back("red")  # every card forgotten: what was asked for is asked again
    assert a.ahead_left() == len(FACES) + 1 + len(OUTLINE_KINDS)
    assert made(a) == 0


def test_the_same_game_again_keeps_its_felt_and_cards_another_game_does_not(pg_init):
    app = make_app()
    crow, tractor = app.registry.variant("crowsnest"), app.registry.variant("tractor")
    a = app.assets
    a.use_variant(crow)
    felt = a.table((640, 360))
    a.set_card_height(90)
    face = a.face("5", "R", 5)
    a.use_variant(crow)  # the title showed the game; its table opens
    assert a.table((640, 360)) is felt and a.face("5", "R", 5) is face
    a.use_variant(tractor)
    assert a.table((640, 360)) is not felt
    a.use_variant(crow)
    assert a.face("5", "R", 5) is not face  # drawn afresh for the game's art


def test_the_table_has_its_felt_before_its_first_frame_and_asks_for_its_cards(pg_init):
    app = make_app(size=(1280, 720))
    table = start(app, "tractor", ["human", "ai", "ai", "ai"])
    assert (1280, 720) in app.assets._tables  # the first frame blits it, makes nothing
    faces = table.painter.faces(table.match.deck)
    assert len(faces) == 54  # two packs, each face once
    heights = set(table.painter.heights(table.lay))
    assert app.assets.ahead_left() == len(heights) * (len(faces) + 1 + len(OUTLINE_KINDS))


@pytest.mark.slow
def test_once_warm_a_deal_played_on_draws_no_new_card(pg_init):
    app = make_app(speed=3, size=(1280, 720))
    table = start(app, "tractor", ["human", "ai", "ai", "ai"], seed=2)
    session = table.session
    for _ in range(2000):  # the deal on screen; the spare time makes the rest
        app.step(1 / 60)
        if app.assets.ahead_left() == 0:
            break
    assert app.assets.ahead_left() == 0
    before, start_log = made(app.assets), len(session.match.log)
    for _ in range(6000):  # forty plays: ten tricks
        if table.my_turn():
            choice = session.runner.choose(session.match, 0, "easy", budget_s=None)
            table.submit(choice.action)
        app.step(1 / 60)
        if session.ai_busy():
            session.wait_ai(30)
        if len(session.match.log) - start_log >= 40 or session.match.deal_no > 0:
            break
    assert len(session.match.log) - start_log >= 40
    assert table.frame_faces  # the human's hand was drawn face up throughout
    assert made(app.assets) == before  # every card drawn was made ahead


@pytest.fixture
def pg_init():
    pygame.init()
    yield


def test_standard_deck_faces_are_each_once(pg_init):
    from crowsnest.client.scenes.table.paint import TablePainter

    faces = TablePainter.faces(standard_deck(copies=2))
    assert len(faces) == 54 and len(set(faces)) == 54
