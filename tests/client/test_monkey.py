"""Random keys, clicks, wheel turns and resizes on every screen: nothing crashes."""

from __future__ import annotations

import random

import pygame
import pytest
from client_driver import DT
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.title import TitleScene

KEYS = [
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_SPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_h,
    pygame.K_u,
    pygame.K_l,
    pygame.K_f,
    pygame.K_TAB,
    pygame.K_F1,
    pygame.K_1,
    pygame.K_5,
    pygame.K_0,
    pygame.K_x,
]


def monkey(app: App, rng: random.Random, steps: int, restart) -> set[str]:
    seen: set[str] = set()
    for _ in range(steps):
        r = rng.random()
        if r < 0.45:
            k = rng.choice(KEYS)
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
            )
        elif r < 0.8:
            pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            )
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))
            )
        elif r < 0.85:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
            )
        elif r < 0.86:
            app._resized(rng.choice([(800, 600), (1024, 640), (1280, 720)]))
        app.step(DT)
        for s in app.stack:
            seen.add(type(s).__name__)
            session = getattr(s, "session", None)
            if session is not None and session.ai_busy():
                session.wait_ai(10)
        if not app.running or not len(app.stack):  # "Quit" was pressed: start again
            app.running = True
            restart()
    return seen


@pytest.mark.slow
def test_random_input_never_crashes(tmp_path):
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup

    rng = random.Random(12)
    store = PrefsStore(str(tmp_path / "config.toml"))
    store.prefs.speed = 1
    app = App(store, size=(1024, 640))

    def title() -> None:
        app.stack.replace(TitleScene())

    def table(variant: str, seats: int):
        def make() -> None:
            if variant not in app.registry.variants:  # the monkey disabled its plugin
                app.store.prefs.disabled_plugins = []
                app.reload_registry()
            v = app.registry.variant(variant)
            kinds = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
            app.stack.replace(TableScene(LocalGame(v, kinds, seed=rng.randrange(1000))))

        return make

    title()
    seen = monkey(app, rng, 800, title)
    for variant, seats in (("crowsnest", 4), ("doudizhu", 3), ("individual2", 2)):
        make = table(variant, seats)
        make()
        seen |= monkey(app, rng, 600, make)
    assert {"TitleScene", "SetupScene", "TableScene", "PauseScene"} <= seen
    app.close()
