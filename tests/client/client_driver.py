"""Drives the client like a person: posts real pygame keyboard and mouse events and
steps the App's loop with a fake clock (no sleeping). The human's choices come from the
engine (deal.random_action), the way to make them from the screen (button and card
rectangles the table laid out)."""

from __future__ import annotations

import random
from typing import Any

import pygame
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.coach import CoachScene
from crowsnest.client.scenes.overlays import EndOfDealScene, GameOverScene, PrivacyScene
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.config import Config

DT = 1 / 30


def make_app(speed: int = 0, size: tuple[int, int] = (1280, 720)) -> App:
    store = PrefsStore(Config())
    store.prefs.speed = speed
    return App(store, size=size)


def start(
    app: App, variant: str, kinds: list[str], seed: int = 1, level: str = "easy"
) -> TableScene:
    v = app.registry.variant(variant)
    seats = [SeatSetup(k, level, "") for k in kinds]
    table = TableScene(LocalGame(v, seats, seed=seed))
    app.stack.replace(table)
    return table


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


class Driver:
    """Plays the human seats of a table through input events, alternating mouse-only
    and keyboard-only turns (mode "mouse", "keys" or "mixed")."""

    def __init__(self, app: App, table: TableScene, mode: str = "mixed", seed: int = 0) -> None:
        self.app, self.table, self.mode = app, table, mode
        self.rng = random.Random(seed)
        self.turns = 0
        self.moves = {"mouse": 0, "keys": 0}

    def use_mouse(self) -> bool:
        if self.mode == "mixed":
            return self.turns % 2 == 0
        return self.mode == "mouse"

    def step(self) -> None:
        self.app.step(DT)
        session = self.table.session
        if session.ai_busy():
            session.wait_ai(30)  # the AI thinks on its thread; the test just waits for it

    def card_point(self, index: int, n: int) -> tuple[int, int]:
        """A point on the visible part of card `index` of an n-card hand."""
        lay = self.table.lay
        rects = lay.hand_rects(n)
        x, y, w, h = rects[index]
        right = rects[index + 1][0] if index + 1 < n else x + w
        return ((x + right) // 2, y + h // 2 + lay.lift // 2)

    def act(self) -> None:
        """Make one decision of the human to move through events."""
        self.do(self.choose())

    def choose(self) -> Any:
        """The human's decision (subclasses steer it to meet a phase)."""
        return self.table.match.deal.random_action(self.rng)

    def do(self, action: Any) -> None:
        """Make `action` through events: cards clicked or keyed, buttons pressed."""
        t = self.table
        mouse = self.use_mouse()
        self.turns += 1
        self.moves["mouse" if mouse else "keys"] += 1
        if action[0] in ("play", "discard") and t.card_kind == action[0]:
            ids = t.hand_ids()
            targets = [ids.index(c) for c in action[1]]
            self.kfocus = max(0, min(t.hand_focus, len(ids) - 1))
            if t.single:
                self._card(targets[0], len(ids), mouse, confirm=True)
            else:
                for i in targets:
                    self._card(i, len(ids), mouse, confirm=False)
                self._confirm(mouse)
            return
        buttons = t.panel_menu.buttons
        idx = next(i for i, b in enumerate(buttons) if b.value == action)
        # a bid's amount is picked, then the button naming it commits it
        commit = next((b for b in buttons if b.value == ("bid_confirm",)), None)
        if action[0] != "bid":
            commit = None
        if mouse:
            click(buttons[idx].rect.center)
            if commit is not None:
                click(commit.rect.center)
        else:
            if t.card_kind is not None:
                key(pygame.K_UP)  # from the hand to the buttons
            n = len(buttons)
            for _ in range((idx - t.panel_menu.focus) % n):
                key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
            if commit is not None:
                key(pygame.K_RETURN)  # the focus moved to the bid button

    def _card(self, index: int, n: int, mouse: bool, confirm: bool) -> None:
        if mouse:
            click(self.card_point(index, n))
            return
        for _ in range((index - self.kfocus) % n):
            key(pygame.K_RIGHT)
        self.kfocus = index  # where the queued arrow keys will leave the focus
        key(pygame.K_RETURN if confirm else pygame.K_SPACE)

    def _confirm(self, mouse: bool) -> None:
        t = self.table
        if mouse:
            b = next(b for b in t.panel_menu.buttons if b.value == ("confirm",))
            click(b.rect.center)
        else:
            key(pygame.K_RETURN)

    def dismiss(self, scene: Any) -> None:
        if self.use_mouse() and hasattr(scene, "button"):
            click(scene.button.rect.center)
        else:
            key(pygame.K_RETURN)
        self.turns += 1

    def play(self, until_over: bool = True, max_frames: int = 200_000, stop: Any = None) -> int:
        """Run until the game-over screen (or `stop()`); returns frames stepped."""
        t = self.table
        frames = 0
        waiting = 0
        last_log = -1
        while frames < max_frames:
            self.step()
            frames += 1
            top = self.app.stack.top
            if isinstance(top, GameOverScene):
                return frames
            if stop is not None and stop():
                return frames
            if isinstance(top, (EndOfDealScene, PrivacyScene, CoachScene)):
                self.dismiss(top)  # the coach's card: "Got it" has the focus
                continue
            if top is not t:
                continue
            if t.my_turn():
                n = len(t.match.log)
                if n == last_log:
                    waiting += 1
                    assert waiting < 20, (
                        f"the human's input did not act; reason shown: {t.reason!r}"
                    )
                    if waiting % 4:
                        continue
                else:
                    waiting = 0
                last_log = n
                self.act()
        raise AssertionError("the game did not end")


def settled_table(app, s) -> TableScene:
    """A table for game `s` on top of the stack, its deal animation finished: what a
    player sees once the cards are down."""
    t = TableScene(s)
    app.stack.replace(t)
    t.tweener.finish_all()
    t.beats.clear()
    t.dealing = None
    app.step(DT)
    return t


def table_at(app, variant: str, seats: int, until, seeds=range(40)) -> TableScene:
    """A table whose AIs (all seats) played until `until(match)`; seat 0 human."""
    v = app.registry.variant(variant)
    for seed in seeds:
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        s = LocalGame(v, setups, seed=seed)
        m = s.match
        for _ in range(400):
            if until(m) or m.over:
                break
            s.apply(s.runner.choose(m, m.to_move, "random", budget_s=None).action)
        if until(m):
            return settled_table(app, s)
    raise AssertionError("no seed reached the position")
