"""A table with character: the win's celebration and the loss's gentler one (skipped by
any key, off with animations), the "your turn" chime after the computers moved, the
warmer hot-seat screen, and reduced motion named where players look for it."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from client_driver import DT, key, make_app, start
from crowsnest.client.scenes import celebrate
from crowsnest.client.scenes.celebrate import CelebrationScene, outcome
from crowsnest.client.scenes.overlays import GameOverScene, PrivacyScene
from crowsnest.client.scenes.settings import speed_word


class Heard:
    """An audio stand-in that remembers what was played."""

    available = True
    problem = ""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def set_volume(self, v: float) -> None: ...
    def set_muted(self, m: bool) -> None: ...


class FakeSession:
    def __init__(self, humans, teams, winner):
        self.humans = humans
        self.match = type("M", (), {"teams": teams, "winner": winner})()


def test_the_outcome_is_the_humans_side():
    teams = ((0, 2), (1, 3))
    assert outcome(FakeSession([0], teams, 0), {}) == "win"
    assert outcome(FakeSession([0], teams, 1), {}) == "loss"
    assert outcome(FakeSession([0], teams, None), {"winner": 0}) == "win"
    assert outcome(FakeSession([], teams, 0), {}) is None  # computers alone: no party
    assert outcome(FakeSession([1], (), 1), {}) == "win"  # individual scoring
    assert outcome(FakeSession([1], (), [0, 2]), {}) == "loss"  # several winners
    assert outcome(FakeSession([0, 1], teams, 1), {}) == "win"  # hot-seat: someone won
    assert outcome(FakeSession([0], teams, None), {}) is None


def game_over_table(speed: int, **look):
    app = make_app(speed=speed)
    app.audio = Heard()
    app.prefs.look = dataclasses.replace(app.prefs.look, **look)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"])
    app.step(DT)
    return app, table


def test_a_won_match_is_celebrated_and_any_key_ends_it_without_pressing_anything():
    app, table = game_over_table(3)
    table._game_over({"winner": 0})
    assert isinstance(app.stack.top, CelebrationScene) and app.stack.top.kind == "win"
    assert app.audio.played[-1] == "win"
    for _ in range(5):
        app.step(DT)
    assert app.stack.top.pieces and isinstance(app.stack.top, CelebrationScene)
    key(pygame.K_RETURN)  # would press "New game" on the sheet beneath
    app.step(DT)
    assert isinstance(app.stack.top, GameOverScene)  # the sheet, still waiting
    app.close()


def test_a_lost_match_is_met_gently_and_ends_by_itself():
    app, table = game_over_table(3)
    table._game_over({"winner": 1})
    top = app.stack.top
    assert isinstance(top, CelebrationScene) and top.kind == "loss"
    assert app.audio.played[-1] == "lose"
    assert len(top.pieces) == celebrate.FEATHERS < celebrate.CONFETTI
    for _ in range(round(celebrate.LOSS_SECONDS / DT) + 2):
        app.step(DT)
    assert isinstance(app.stack.top, GameOverScene)
    app.close()


def test_no_celebration_with_animations_off_or_turned_off():
    for speed, look in ((0, {}), (3, {"celebrate": False})):
        app, table = game_over_table(speed, **look)
        table._game_over({"winner": 0})
        assert isinstance(app.stack.top, GameOverScene), (speed, look)
        app.close()


@pytest.mark.slow
def test_the_chime_sounds_once_when_the_turn_comes_back_after_the_computers():
    app = make_app(speed=0)
    app.audio = Heard()
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"])
    for _ in range(400):
        app.step(DT)
        if table.session.ai_busy():
            table.session.wait_ai(30)
        if table.my_turn() and table.others_moved is False and "turn" in app.audio.played:
            break
    assert app.audio.played.count("turn") >= 1
    n = app.audio.played.count("turn")
    for _ in range(5):
        app.step(DT)  # still the human's turn: no second chime
    assert app.audio.played.count("turn") == n
    app.close()
    # turned off in the Look: never
    app = make_app(speed=0)
    app.audio = Heard()
    app.prefs.look = dataclasses.replace(app.prefs.look, turn_chime=False)
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"])
    for _ in range(200):
        app.step(DT)
        if table.session.ai_busy():
            table.session.wait_ai(30)
    assert "turn" not in app.audio.played
    app.close()


def test_the_hot_seat_screen_shows_the_felt_and_the_next_players_face_and_no_cards():
    app = make_app()
    table = start(app, "crowsnest", ["human", "ai", "human", "ai"])
    app.step(DT)
    scene = PrivacyScene(table, 2)
    app.stack.push(scene)
    table.frame_faces = set()
    app.step(DT)
    W, H = app.size
    felt = app.assets.table(app.size)
    assert app.screen.get_at((2, 2)) == felt.get_at((2, 2))  # the table's felt round it
    side = app.ui(120)
    face = app.assets.portrait(2, side)
    centre = (W // 2, H // 2 - app.ui(150))
    got, want = app.screen.get_at(centre)[:3], face.get_at((side // 2, side // 2))[:3]
    assert all(abs(a - b) <= 8 for a, b in zip(got, want, strict=True)), (got, want)
    assert not table.frame_faces  # the table beneath was not drawn: no hand showed
    app.close()


@pytest.mark.parametrize("size", [(640, 480), (2560, 1440)])
def test_the_hot_seat_screen_names_who_played_since_the_players_last_turn(size):
    """A hot-seat table with computers: the next player's screen says who moved while
    they looked away, the computers by their portraits' names, inside the panel above
    its button, and the narrator reads it."""
    from crowsnest.client.narrator import intro_sentences

    app = make_app(size=size)
    table = start(app, "crowsnest", ["human", "ai", "human", "ai"])
    s, runner = table.session, table.session.runner
    for _ in range(400):  # seat 2 has moved in this deal, and then others did
        m = s.match
        since_two = (
            s.actors[max(i for i, x in enumerate(s.actors) if x == 2) + 1 :]
            if (2 in s.actors[s.deal_start :])
            else []
        )
        if m.to_move == 2 and {1, 3} <= set(since_two):
            break
        s.apply(runner.choose(m, m.to_move, "random", budget_s=None).action)
    else:
        raise AssertionError("seat 2 never came round again")
    want = [s.names[x] for x in dict.fromkeys(since_two)]
    assert "Otto" in want and "Pippa" in want and "You" not in want
    scene = PrivacyScene(table, 2)
    app.stack.push(scene)
    app.step(DT)
    assert scene.moved_since() == want
    line = table.words(scene.since_line())
    assert line == "Played since your last turn: " + ", ".join(want)
    assert line in intro_sentences(scene)  # and said, for players who play by ear
    r = scene.since_rect
    assert r is not None and r.bottom < scene.button.rect.top
    assert r.left >= 0 and r.right <= app.size[0]
    s.close()
    app.close()


def test_instant_is_also_called_reduced_motion():
    assert "reduced motion" in speed_word(0)
    app = make_app()
    app.stack.push(app.scene("settings"))
    app.step(DT)
    row = next(r for r in app.stack.top.rows if r.label == "Animation speed")
    assert "reduced motion" in row.value() and "reduced motion" in row.note()
    app.close()


def test_the_look_screen_never_shows_the_table_behind_the_hot_seat_screen():
    """Pass to NAME, then the menu, Settings and Look: the Look shows its sample table,
    not the table (whose last viewer's hand would show)."""
    app = make_app()
    table = start(app, "crowsnest", ["human", "ai", "human", "ai"])
    app.step(DT)
    app.stack.push(PrivacyScene(table, 2))
    app.stack.push(app.scene("settings"))
    app.stack.push(app.scene("look"))
    drawn = []
    table.draw = lambda surface: drawn.append(1)
    app.step(DT)
    assert not drawn
    app.stack.pop()
    app.stack.pop()
    app.stack.pop()  # the hot-seat screen gone: the Look over the table draws the table
    app.stack.push(app.scene("look"))
    app.step(DT)
    assert drawn
    app.close()
