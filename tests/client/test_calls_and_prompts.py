"""Calls on the name plates and the prompt come from the actions, whatever shape a
variant's view has: Oh Hell (a community plugin) keeps one bid per seat, None until bid,
and 0 is a real bid; Rook passes are "Pass"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from client_driver import DT, click, key
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.config import Config
from crowsnest.engine.presentation import GENERIC
from crowsnest.testing import registry_with

ROOT = Path(__file__).resolve().parents[2]


def ohhell_table(seed: int, speed: int = 0) -> tuple[App, TableScene]:
    store = PrefsStore(Config())
    store.prefs.speed = speed
    reg = registry_with(ROOT / "examples" / "ohhell" / "crowsnest_ohhell")
    app = App(store, size=(1280, 720), registry=reg)
    v = app.registry.variant("ohhell")
    seats = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)]
    t = TableScene(LocalGame(v, seats, seed=seed))
    app.stack.replace(t)
    return app, t


def run_until(app: App, t: TableScene, cond, frames: int = 3000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.step(DT)
        if t.session.ai_busy():
            t.session.wait_ai(30)
    raise AssertionError("the position was not reached")


@pytest.mark.slow
def test_oh_hell_bid_of_zero_then_undo_back_into_the_bidding():
    for seed in range(12):
        app, t = ohhell_table(seed, speed=3)  # computers' moves are paced: undo comes first
        m = t.session.match
        run_until(app, t, lambda t=t, m=m: t.my_turn() and m.phase == "bid")
        if m.view_json(0)["bids"].count(None) == 1:  # the human bids last: try another
            app.close()
            continue
        break
    assert "pass" not in t.prompt().lower()
    assert t.prompt().startswith("Bid 0 to")
    others = {s: b for s, b in enumerate(m.view_json(0)["bids"]) if s != 0 and b is not None}

    def bid_zero() -> None:
        zero = next(b for b in t.panel_menu.buttons if b.value == ("bid", 0))
        click(zero.rect.center)
        app.step(DT)
        commit = next(b for b in t.panel_menu.buttons if b.value == ("bid_confirm",))
        assert commit.label == "Bid 0" and t.session.match.to_move == 0  # picked, not yet bid
        click(commit.rect.center)
        app.step(DT)
        assert t.calls[0] == "Bid 0"  # a real bid, not a pass

    bid_zero()
    key(pygame.K_u)  # undo before the next computer's bid shows: back to the human's bid
    app.step(DT)
    m2 = t.session.match
    assert m2 is not m and m2.phase == "bid" and m2.to_move == 0 and t.my_turn()
    for s, b in others.items():  # the bids before it stay
        assert m2.view_json(0)["bids"][s] == b and t.calls[s] == f"Bid {b}"
    bid_zero()
    run_until(app, t, lambda: t.session.match.phase == "play" and not t.tweener.busy)
    n = len(t.session.match.log)
    key(pygame.K_u)  # the computers have bid since: their bids stay (issue 29)
    app.step(DT)
    assert len(t.session.match.log) >= n and t.session.match.phase == "play"
    app.close()


def choice_prompt(legal) -> str:
    """The generic presentation's prompt for a choice, as plain text."""
    return GENERIC.choice_prompt(legal, {}).plain()


def test_prompts_follow_the_legal_actions():
    assert choice_prompt([("pass",), ("bid", 70), ("bid", 75), ("bid", 80)]) == (
        "Bid 70 to 80 in steps of 5, or pass"
    )
    assert choice_prompt([("bid", 0), ("bid", 1), ("bid", 3)]) == "Bid 0 to 3 (not 2)"
    assert choice_prompt([("pass",), ("declare", (4,))]).startswith("Declare")
    assert choice_prompt([("trump", "red")]) == "Choose trump"
