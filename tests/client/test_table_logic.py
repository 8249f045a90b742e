"""The table's decisions come from the engine: panels from legal actions, dimmed cards
and reasons from check(), hints from the AI, undo by replaying the log."""

from __future__ import annotations

import pygame
from client_driver import DT, click, key, make_app
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup


def reach(session: LocalGame, until, limit: int = 400) -> None:
    r = session.runner
    for _ in range(limit):
        if until(session.match):
            return
        session.apply(r.choose(session.match, None, "random", budget_s=None).action)
    raise AssertionError("position not reached")


def table_at(variant: str, seats: int, until, seed: int = 2, humans=(0,), speed: int = 0):
    app = make_app(speed=speed)
    v = app.registry.variant(variant)
    s = LocalGame(
        v,
        [SeatSetup("human" if i in humans else "ai", "random", "") for i in range(seats)],
        seed=seed,
    )
    reach(s, until)
    t = TableScene(s)
    app.stack.replace(t)
    app.step(DT)
    return app, t


def panel_actions(t: TableScene) -> set:
    controls = (("confirm",), ("clear",), ("bid_confirm",))
    return {b.value for b in t.panel_menu.buttons if b.value not in controls}


def test_bid_panels_offer_exactly_the_legal_non_card_actions():
    for variant, seats, phase in [
        ("crowsnest", 4, "bid"),
        ("doudizhu", 3, "bid"),
        ("crowsnest", 4, "trump"),
    ]:
        for seed in range(30):
            try:
                app, t = table_at(
                    variant, seats, lambda m, p=phase: m.to_move == 0 and m.phase == p, seed=seed
                )
                break
            except AssertionError:
                continue
        legal = {a for a in t.match.legal_actions() if a[0] not in ("play", "discard")}
        assert legal and panel_actions(t) == legal, variant
        app.close()


def test_illegal_card_is_dimmed_and_clicking_it_shows_the_engines_reason():
    def follow_spot(m):
        if m.phase != "play" or m.to_move != 0 or not m.view_json(0)["trick"]:
            return False
        plays = {a[1][0] for a in m.legal_actions()}
        return len(plays) < len(m.view_json(0)["hand"])

    for seed in range(40):
        try:
            app, t = table_at("crowsnest", 4, follow_spot, seed=seed)
            break
        except AssertionError:
            continue
    ids = t.hand_ids()
    bad = next(i for i, c in enumerate(ids) if c not in t.playable)
    n = len(t.match.log)
    rects = t.lay.hand_rects(len(ids))
    x, y, w, h = rects[bad]
    right = rects[bad + 1][0] if bad + 1 < len(ids) else x + w
    click(((x + right) // 2, y + h // 2))
    app.step(DT)
    assert len(t.match.log) == n  # nothing was played
    assert t.reason and t.reason.lower().rstrip(".") == t.match.check(
        ("play", (ids[bad],))
    ).lower().rstrip(".")
    app.close()


def test_undo_takes_back_the_humans_last_decision_until_a_computer_answers():
    """Issue 29's rule (docs/rules-decisions.md, "Undo"): the human's decision is taken
    back by replaying the log while no computer has shown its answer; a computer's move on
    the table is never taken back (its cards would go back into its hand)."""
    app, t = table_at("crowsnest", 4, lambda m: m.phase == "play" and m.to_move == 0, speed=3)
    s = t.session
    before = s.match.state()
    log_before = list(s.match.log)
    card = (
        t.hand_ids()[0]
        if ("play", (t.hand_ids()[0],)) in s.match.legal_actions()
        else s.match.legal_actions()[0][1][0]
    )
    assert t.submit(("play", (card,)))
    for _ in range(400):  # the card lands; the next computer answers, its move waits
        app.step(DT)
        s.wait_ai(10)
        if t._ai_ready >= 0:
            break
    assert t._ai_ready >= 0 and len(s.match.log) == len(log_before) + 1
    key(pygame.K_u)
    app.step(DT)
    assert s.match.log == log_before and s.match.state() == before
    assert t.hand_ids().count(card) == 1 and s.undone
    for _ in range(50):  # the dropped answer never shows
        app.step(DT)
    assert s.match.log == log_before
    # play it again and let the computer's move show: undo stops there
    assert t.submit(("play", (card,)))
    for _ in range(2000):
        app.step(DT)
        s.wait_ai(10)
        if len(s.match.log) >= len(log_before) + 2 and not t.tweener.busy:
            break
    assert s.actors[-1] != 0 and not t.can_undo()
    n = len(s.match.log)
    key(pygame.K_u)
    app.step(DT)
    assert len(s.match.log) >= n and s.match.log[: len(log_before) + 1][-1] == ("play", (card,))
    assert "A computer has answered since" in t.banner
    app.close()


def test_no_undo_in_hot_seat():
    app, t = table_at("crowsnest", 4, lambda m: m.phase == "play" and m.to_move == 0, humans=(0, 2))
    assert not t.session.can_undo()
    app.close()


def test_hint_suggests_a_legal_action_for_the_human():
    app, t = table_at("crowsnest", 4, lambda m: m.phase == "play" and m.to_move == 0)
    key(pygame.K_h)
    app.step(DT)
    t.session.wait_hint(30)
    app.step(DT)
    assert t.hint_cards
    (card,) = t.hint_cards
    assert ("play", (card,)) in t.match.legal_actions()
    app.close()


def test_input_waits_while_a_move_animates():
    app, t = table_at("crowsnest", 4, lambda m: m.phase == "play" and m.to_move == 0, speed=3)
    for _ in range(200):
        app.step(DT)
        if t.my_turn():
            break
    legal = t.match.legal_actions()
    assert t.submit(legal[0])
    n = len(t.match.log)
    assert t.tweener.busy
    assert not t.my_turn()
    key(pygame.K_RETURN)
    app.step(DT)
    assert len(t.match.log) == n  # the Enter did nothing while the card flew
    key(pygame.K_f)
    app.step(DT)
    assert t.tweener.hurry < 1.0
    app.close()


def test_keyboard_moves_through_the_bid_grid_in_both_directions():
    app, t = table_at("crowsnest", 4, lambda m: m.to_move == 0 and m.phase == "bid")
    menu = t.panel_menu
    assert t.zone == "panel" and len(menu.buttons) > menu.columns  # several rows
    start = menu.focus
    key(pygame.K_DOWN)
    app.step(DT)
    assert menu.focus == start + menu.columns
    key(pygame.K_UP)
    app.step(DT)
    assert menu.focus == start
    app.close()
