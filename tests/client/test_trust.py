"""Defects of issue 11 ("a table players can trust"), each reproduced: what a player
saw, then what they see now."""

from __future__ import annotations

import warnings

import pytest
from client_driver import DT, make_app, table_at
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.engine.presentation import render, say


def test_counts_fill_their_placeholder_and_take_the_singular():
    """'1 cards', and (after plural forms came) '{count} cards' on every plate."""
    assert render(say("{count} card", plural="{count} cards", count=1), str, str) == "1 card"
    assert render(say("{count} card", plural="{count} cards", count=7), str, str) == "7 cards"
    assert render(say("Nest: {count}", count=5), str, str) == "Nest: 5"
    app = make_app()
    t = table_at(app, "tractor", 4, lambda m: m.phase == "play" and m.to_move == 0)
    n = t.view.hand_counts[1]
    assert f"{n} cards" in t._plate_line(1, False, False)
    assert "{" not in t.prompt()
    app.close()


def _with(action, out, c):
    return (action[0], tuple(sorted((*[y for y in action[1] if y != out], c))))


def test_dimming_is_per_card_instance_over_random_positions_of_every_game():
    """Two identical cards (Tractor's double pack) or equivalent ones (any 2 answering a
    Dou Dizhu single): one copy was dimmed, and clicking it played it. Over random
    positions of every game: every card shown playable is in a legal action, and no
    legal action can use a dimmed card (put in the place of any card of any legal play,
    the engine refuses it)."""
    import random

    app = make_app()
    checked = {}
    for v in sorted(app.registry.variants.values(), key=lambda v: v.id):
        seats = v.default_seats
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        s = LocalGame(v, setups, seed=11)
        t = TableScene(s)
        app.stack.replace(t)
        rng = random.Random(v.id)
        m = s.match
        n = 0
        for _ in range(260):
            if m.over or n >= 12:
                break
            if m.to_move == 0:
                t.refresh()
                legal = [a for a in m.legal_actions() if a[0] in ("play", "discard")]
                if legal and m.deal.legal_complete():
                    n += 1
                    used = {c for a in legal for c in a[1]}
                    for c in t.hand_ids():
                        if c in t.playable:
                            ok = c in used or any(
                                m.check(_with(a, x, c)) is None for a in legal for x in a[1]
                            )
                            assert ok, (v.id, m.deck.names[c], "shown playable, refused")
                        else:
                            assert c not in used, (v.id, m.deck.names[c])
                            assert all(
                                m.check(_with(a, x, c)) is not None
                                for a in legal
                                for x in a[1]
                                if c not in a[1]
                            ), (v.id, m.deck.names[c], "dimmed, but the engine takes it")
            a = m.deal.random_action(rng)
            s.apply(a)
        checked[v.id] = n
    assert all(n > 0 for n in checked.values()), checked
    app.close()


# ---- input you can trust


def motion(app, pos) -> None:
    import pygame

    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_the_pointer_where_the_window_opens_does_not_take_the_focus(tmp_path):
    """On launch the button under the pointer (Rules) was focused instead of the first,
    so Enter opened the Rules."""
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.title import TitleScene

    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    title = TitleScene()
    app.stack.push(title)
    app.step(DT)
    assert title.menu.focus == 0
    other = title.menu.buttons[2].rect.center
    motion(app, other)  # SDL reports the pointer as the window appears under it
    assert title.menu.focus == 0
    moved = (other[0] + 3, other[1])
    motion(app, moved)  # the player moves the mouse: now focus follows it
    assert title.menu.focus == 2
    app.close()


def test_resizing_under_a_still_pointer_does_not_move_the_focus(tmp_path):
    """Settings: Right on 'Window size' resized the window, the rows moved under the
    still pointer, focus jumped to 'Mute' and the next Right turned Mute on."""
    import pygame
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.settings import SettingsScene

    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    s = SettingsScene()
    app.stack.push(s)
    app.step(DT)
    size_row = next(i for i, r in enumerate(s.rows) if r.label == "Window size")
    mute_row = next(i for i, r in enumerate(s.rows) if r.label == "Mute")
    s.focus = size_row
    pointer = s.rows[size_row].rect.center
    motion(app, pointer)
    motion(app, (pointer[0] + 1, pointer[1]))  # the mouse rests on the size row
    s.focus = size_row
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert app.size != (1280, 720)
    # the rows moved; SDL reports the (still) pointer once more, now over another row
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=app.size, w=app.size[0], h=app.size[1]))
    motion(app, (pointer[0] + 1, pointer[1] + 40))
    assert s.focus == size_row
    muted = app.prefs.muted
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert app.prefs.muted == muted and s.focus != mute_row
    app.close()


def test_clicking_a_rows_label_focuses_it_without_changing_it(tmp_path):
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.settings import SettingsScene

    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    s = SettingsScene()
    app.stack.push(s)
    app.step(DT)
    i = next(i for i, r in enumerate(s.rows) if r.label == "Mute")
    before = app.prefs.muted
    r = s.rows[i]
    from crowsnest.client.input import Act, InputEvent

    s.process_event(InputEvent(Act.CLICK, pos=(r.rect.left + 5, r.rect.centery)))
    assert s.focus == i and app.prefs.muted == before
    s.process_event(InputEvent(Act.CLICK, pos=r.right.center))  # the arrow changes it
    assert app.prefs.muted != before
    app.close()


def test_the_window_keeps_its_minimum_size_and_settings_offers_sizes_that_fit(tmp_path):
    import pygame
    from crowsnest.client.app import App
    from crowsnest.client.layout import MIN_SIZE
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.settings import step_size

    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        win = pygame.Window.from_display_module()
    assert tuple(win.minimum_size) == MIN_SIZE
    win.size = (300, 200)  # dragged smaller than the table can be laid out
    assert win.size[0] >= MIN_SIZE[0] and win.size[1] >= MIN_SIZE[1]
    app.close()
    # a 1366x768 display: nothing larger is offered, stepping up wraps to the smallest
    fits = (1366, 768)
    seen = set()
    cur = (1024, 640)
    for _ in range(10):
        cur = step_size(cur, 1, fits)
        seen.add(cur)
    assert seen and all(w <= 1366 and h <= 768 for w, h in seen)
    assert (1366, 768) in seen and (1920, 1080) not in seen


def test_escape_closes_every_panel():
    from crowsnest.client.input import Act, InputEvent
    from crowsnest.client.scenes.overlays import LastTrickScene, PauseScene, ScoreSheetScene

    app = make_app()
    t = table_at(
        app, "crowsnest", 4, lambda m: m.phase == "play" and m.view(0).to_json()["last_trick"]
    )
    for make in (
        lambda: LastTrickScene(t),
        lambda: ScoreSheetScene(t.session, t.words),
        lambda: PauseScene(t),
        lambda: app.scene("rules", t.session.variant.id),
        lambda: app.scene("settings"),
    ):
        panel = make()
        app.stack.push(panel)
        app.step(DT)
        assert app.stack.top is panel
        app.dispatch(InputEvent(Act.MENU))  # Escape
        app.step(DT)
        assert app.stack.top is t, type(panel).__name__
    app.close()


def test_typing_a_name_replaces_the_old_one():
    from crowsnest.client.input import Act, InputEvent

    app = make_app()
    setup = app.scene("setup")
    app.stack.push(setup)
    app.step(DT)
    i = next(i for i, r in enumerate(setup.rows) if r.edit is not None)
    row = setup.rows[i]
    setup.focus = i
    setup.process_event(InputEvent(Act.CONFIRM))
    assert setup.editing is row
    for ch in "Ann":
        setup.process_event(InputEvent(Act.TEXT, text=ch))
    setup.process_event(InputEvent(Act.CONFIRM, key=13))
    assert "Ann" in row.value() and row.value().strip().startswith("Ann")
    app.close()


def test_a_new_game_asks_before_replacing_the_saved_game(tmp_path):
    """Pause -> New game -> Start replaced the saved game without a question."""
    from crowsnest.client.app import App
    from crowsnest.client.input import Act, InputEvent
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.common import ConfirmScene

    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    assert app.save_path is not None
    t = table_at(app, "crowsnest", 4, lambda m: m.phase == "play")
    app.autosave()
    app.flush_saves()
    before = app.save_path.read_bytes()
    setup = app.scene("setup")
    app.stack.replace(setup)
    app.step(DT)
    setup.start()
    assert isinstance(app.stack.top, ConfirmScene)
    app.stack.top.menu.process_event(InputEvent(Act.CONFIRM))  # Cancel has the focus
    app.flush_saves()
    assert app.stack.top is setup and app.save_path.read_bytes() == before
    setup.start()
    confirm = app.stack.top
    confirm.menu.focus = 0  # Start new game
    confirm.menu.process_event(InputEvent(Act.CONFIRM))
    assert type(app.stack.top).__name__ == "TableScene" and app.stack.top is not t
    app.close()


def test_hot_seat_undo_until_the_next_players_privacy_screen_is_passed():
    """Hot-seat had no undo at all: now the player who just decided may take it back
    (toolbar, or U on the "Pass to" screen), never another human's decision."""
    from crowsnest.client.input import Act, InputEvent
    from crowsnest.client.scenes.overlays import PrivacyScene

    app = make_app()
    v = app.registry.variant("crowsnest")
    setups = [SeatSetup("human", "random", "Ann"), SeatSetup("human", "random", "Bo")]
    setups += [SeatSetup("ai", "random", "") for _ in range(2)]
    # seats 0 and 1 human (Ann, then Bo next in turn): Ann's decision is followed at
    # once by Bo's privacy screen
    s = LocalGame(v, [setups[0], setups[1], setups[2], setups[3]], seed=3)
    t = TableScene(s)
    app.stack.replace(t)
    m = s.match
    for _ in range(400):  # play (AIs for everyone) until Ann is to decide
        if m.to_move == 0 and len(s.actors) > 0:
            break
        s.apply(s.runner.choose(m, m.to_move, "random", budget_s=None).action)
    t.tweener.finish_all()
    t.beats.clear()
    t.dealing = None
    t.viewer = t.last_seen = 0
    t.relayout()
    t.refresh()
    assert t.my_turn()
    before = list(m.log)
    t.submit(t._legal[0])
    t.tweener.finish_all()
    t.beats.clear()
    assert s.match.to_move == 1  # Ann's decision passed the turn to Bo
    app.step(DT)
    app.step(DT)
    privacy = app.stack.top
    assert isinstance(privacy, PrivacyScene) and privacy.seat == 1
    assert t.can_undo()
    app.dispatch(InputEvent(Act.UNDO))
    app.step(DT)
    assert app.stack.top is t and list(s.match.log) == before and s.match.to_move == 0
    assert t.hand_visible() and t.viewer == 0
    # once Bo has passed the screen, Ann's decision is no longer Bo's to undo
    t.submit(t._legal[0])
    t.tweener.finish_all()
    t.beats.clear()
    app.step(DT)
    app.step(DT)
    app.dispatch(InputEvent(Act.CONFIRM))  # Bo: show my cards
    assert t.viewer == 1 and not t.can_undo()
    app.close()


def test_a_forced_pass_is_made_for_the_player_unless_turned_off():
    """A forced Pass had to be clicked every time."""
    for auto in (True, False):
        app = make_app()
        app.prefs.auto_pass = False
        t = table_at(
            app, "doudizhu", 3, lambda m: m.to_move == 0 and m.legal_actions() == [("pass",)]
        )
        n = len(t.match.log)
        assert t.my_turn()
        app.prefs.auto_pass = auto
        for _ in range(10):
            app.step(DT)
        assert (len(t.match.log) > n) is auto
        if auto:
            assert t.match.log[n] == ("pass",) and t.session.actors[n] == 0
        app.close()


def test_tractor_sheets_speak_from_the_players_side():
    """Tractor's end-of-deal sheet said 'They take over the deal' when we did, and its
    score sheet showed only '+0 (2)'."""
    from crowsnest.client.words import Words

    app = make_app()
    v = app.registry.variant("tractor")
    s = LocalGame(v, [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)])
    w = Words(s, lambda: 0)
    base = {"attacker_points": 85, "attacker_target": 80, "takeover": True}
    ours = w.game.deal_sheet({**base, "attackers": 0}, s.names)
    theirs = w.game.deal_sheet({**base, "attackers": 1}, s.names)
    assert "We take over the deal." in [w(t) for t in ours.lines]
    assert not any(w(t).startswith("We ") for t in theirs.lines)
    assert any("take over the deal" in w(t) and s.names[1] in w(t) for t in theirs.lines)
    kept = w.game.deal_sheet({**base, "attackers": 1, "takeover": False}, s.names)
    assert "We keep the deal." in [w(t) for t in kept.lines]
    cell = w(w.game.history_cell({"attackers": 1, "attacker_points": 45, "attacker_target": 80}))
    assert "45 of 80" in cell and s.names[1] in cell
    assert w(w.game.history_column()) == "Attackers"
    app.close()


def test_auction_log_partner_on_plates_and_rook_points_taken():
    """No auction log, partner shown only by a thin stripe, no running count of the
    points taken in the Rook games."""
    from crowsnest.client.scenes.overlays import LastTrickScene

    app = make_app()
    t = table_at(app, "crowsnest", 4, lambda m: m.phase == "play" and m.view(0).to_json()["trick"])
    calls = t.auction_log()
    assert calls and all(": " in c for c in calls)
    bids = [a for a in t.match.log[t.session.deal_start :] if a[0] in ("bid", "pass")]
    assert len(calls) >= len(bids)
    assert "partner" in t._plate_line(2, False, False)  # North sits with the bottom seat
    assert "partner" not in t._plate_line(1, False, False)
    facts = t.facts()
    assert any(f.startswith("We took ") for f in facts), facts
    assert any("took" in f and not f.startswith("We ") for f in facts), facts
    app.stack.push(LastTrickScene(t))
    app.text._cache.clear()
    app.draw()
    drawn = " ".join(k[0] for k in app.text._cache)
    assert "Calls:" in drawn or "Calls this deal" in drawn
    app.close()
    # before the first trick, the button shows the calls
    app = make_app()
    t = table_at(
        app, "doudizhu", 3, lambda m: m.phase == "play" and not m.view(0).to_json()["trick"]
    )
    assert t.auction_log()
    button = next(b for b in t.toolbar.buttons if b.value.name == "LAST_TRICK")
    assert button.enabled and button.label.startswith("Calls")
    app.close()


def test_house_rules_speak_plain_words_and_grey_rows_that_do_not_apply():
    """House-rule rows showed raw values (-1, 0, last_trick, after_nest), no
    explanation, and rows that did not apply were not greyed."""
    app = make_app()
    app.prefs.variant = "crowsnest"
    setup = app.scene("setup")
    app.stack.push(setup)
    app.step(0.02)
    rows = {r.label: r for r in setup.rows}
    assert rows["Nest size"].value().startswith("as the game says")
    assert rows["Highest bid"].value().startswith("no limit")
    assert rows["Nest counters go to"].value() == "the winner of the last trick"
    assert rows["Trump is named"].value() == "after taking the nest"
    raw = {"-1", "0", "last_trick", "after_nest", "dealer_left", "dealer_forced"}
    assert not [r.label for r in setup.rows if r.off is not None and r.value() in raw]
    assert rows["Nest size"].note()  # its one-line explanation
    # the Crow's rows apply only with the Crow in play
    crow = next(r for r in setup.rows if r.label == "Crow card")
    rank = next(r for r in setup.rows if r.label == "Crow rank")
    assert rank.off() == ""
    crow.change(1)  # no Crow card
    setup.rebuild()
    rank = next(r for r in setup.rows if r.label == "Crow rank")
    assert "Crow card in play" in rank.off()
    setup.focus = setup.rows.index(rank)
    app.text._cache.clear()
    app.draw()
    assert rank.off() in {k[0] for k in app.text._cache}  # the reason is shown
    app.close()


@pytest.mark.parametrize("game", ["doudizhu", "tractor"])
def test_the_rules_speak_to_players_not_programmers(game):
    """The Dou Dizhu and Tractor rules texts mentioned 'seat 0' and 'the seed'."""
    import re

    app = make_app()
    v = app.registry.variant(game)
    for text in (v.rules_text, *v.rules_translations.values()):
        assert not re.search(
            r"\b(seats?|plads|pladserne|paikka|paikat|paikalla|plats|platserna|places?) (0|i)\b",
            text,
            re.I,
        )
        assert not re.search(r"seed|siemen|frö|graine", text, re.I)
    app.close()


def test_a_long_call_on_a_plate_is_read_whole():
    """Dou Dizhu: '12 cards straight 9 to K' was cut on the plate."""
    app = make_app(size=(1024, 640))
    t = table_at(app, "doudizhu", 3, lambda m: m.phase == "play" and m.to_move == 0)
    t.calls[1] = "straight 9 to K"
    t.calls[2] = "pair of 10s"
    app.text._cache.clear()
    app.draw()
    texts = {k[0] for k in app.text._cache}
    assert any("straight 9 to K" in x for x in texts), texts
    assert not any(x.endswith("...") for x in texts), texts
    n = t.view.hand_counts[1]
    assert f"{n} cards" in " ".join(texts)
    app.close()


def test_seat_names_match_where_the_seats_are_drawn():
    """Seat names did not match where seats are drawn in 3-seat and hot-seat layouts."""
    from crowsnest.records.seats import computer_name, seat_names

    app = make_app()
    for vid in ("individual3", "doudizhu"):  # one clockwise, one counter-clockwise
        v = app.registry.variant(vid)
        # names remembered from a four-seat game
        setups = [SeatSetup("human", "", "You"), SeatSetup("ai", "", "West")]
        setups.append(SeatSetup("ai", "", "North"))
        s = LocalGame(v, setups)
        t = TableScene(s)
        app.stack.replace(t)
        for p in t.lay.seats[1:]:
            side = "East" if p.anchor[0] > t.lay.size[0] // 2 else "West"
            # a computer keeps its portrait's name (issue 24) wherever it sits; a human
            # at that seat (the only one) is named by the compass, where it is drawn
            assert s.names[p.seat] == computer_name(p.seat), (vid, s.names, p.seat)
            alone = [SeatSetup("ai", "", "")] * len(setups)
            alone[p.seat] = SeatSetup("human", "", setups[p.seat].name)
            assert seat_names(alone, v.clockwise)[p.seat] == side, (vid, p.seat)
    # hot-seat: the table turns to whoever looks, so no compass name is shown
    hot = [SeatSetup("human", "", ""), SeatSetup("ai", "", "West"), SeatSetup("human", "", "")]
    hot.append(SeatSetup("ai", "", "East"))
    assert seat_names(hot) == ["Player 1", "Otto", "Player 3", "Pippa"]
    app.close()


def test_the_window_has_an_icon(monkeypatch, tmp_path):
    """No window icon (issue 13 added one: this keeps it)."""
    import pygame
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore

    got = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda s: got.append(s.get_size()))
    app = App(PrefsStore(str(tmp_path / "c.toml")), size=(1280, 720))
    assert got and got[0][0] >= 32 and got[0][0] == got[0][1]
    app.close()


def test_a_bid_is_picked_then_confirmed_by_mouse_keys_and_pad():
    """'One click commits a bid': against the AIs a stray click in the auction bid at
    once. Now an amount is picked first (marked, and named on the bid button) and only
    the bid button makes the bid: mouse, keyboard (Enter, Enter) and pad (A, A) alike;
    picking another amount changes the pick; Pass stays one press."""
    import pygame
    from client_driver import click, key
    from test_gamepad import button

    def bidding(seed: int):
        app = make_app()
        t = table_at(
            app, "crowsnest", 4, lambda m: m.phase == "bid" and m.to_move == 0, range(seed, 60)
        )
        assert t.my_turn()
        return app, t

    def buttons(t):
        bs = t.panel_menu.buttons
        bids = [b for b in bs if b.value[0] == "bid"]
        commit = next(b for b in bs if b.value == ("bid_confirm",))
        return bids, commit

    # the mouse: two picks, then the bid button
    app, t = bidding(0)
    m, n = t.match, len(t.match.log)
    bids, commit = buttons(t)
    assert len(bids) >= 2 and not commit.enabled  # nothing picked: the button is greyed
    click(commit.rect.center)
    click(bids[1].rect.center)
    app.step(DT)
    assert len(m.log) == n and t.bid_choice == bids[1].value  # picked, not bid
    assert [b.chosen for b in buttons(t)[0]] == [b is bids[1] for b in bids]
    click(bids[0].rect.center)  # a different amount: the pick moves
    app.step(DT)
    bids, commit = buttons(t)
    assert len(m.log) == n and commit.enabled and commit.label == f"Bid {bids[0].value[1]}"
    click(commit.rect.center)
    app.step(DT)
    assert m.log[n] == bids[0].value and t.session.actors[n] == 0
    app.close()

    # the keyboard: focus an amount, Enter picks it (the focus moves to the bid button),
    # Enter bids
    app, t = bidding(1)
    m, n = t.match, len(t.match.log)
    bids, commit = buttons(t)
    target = t.panel_menu.buttons.index(bids[-1])
    for _ in range((target - t.panel_menu.focus) % len(t.panel_menu.buttons)):
        key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    app.step(DT)
    assert len(m.log) == n and t.bid_choice == bids[-1].value
    assert t.panel_menu.buttons[t.panel_menu.focus].value == ("bid_confirm",)
    key(pygame.K_RETURN)
    app.step(DT)
    assert m.log[n] == bids[-1].value
    app.close()

    # the pad: the D-pad to an amount, A picks, A bids
    app, t = bidding(2)
    m, n = t.match, len(t.match.log)
    bids, commit = buttons(t)
    target = t.panel_menu.buttons.index(bids[0])
    for _ in range((target - t.panel_menu.focus) % len(t.panel_menu.buttons)):
        button("right")
    button("a")
    app.step(DT)
    assert len(m.log) == n and t.bid_choice == bids[0].value
    button("a")
    app.step(DT)
    assert m.log[n] == bids[0].value
    app.close()

    # Pass is one press (nothing to pick: a pass names no amount)
    app, t = bidding(3)
    m, n = t.match, len(t.match.log)
    passing = next(b for b in t.panel_menu.buttons if b.value == ("pass",))
    click(passing.rect.center)
    app.step(DT)
    assert m.log[n] == ("pass",)
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["crowsnest", "tractor", "doudizhu"])
def test_a_hint_names_the_cards_in_words(game):
    """Hints used codes ("Play R5"). The hint now names the cards as players do."""
    import pygame
    from client_driver import key

    app = make_app()
    seats = 3 if game == "doudizhu" else 4
    t = table_at(app, game, seats, lambda m: m.phase == "play" and m.to_move == 0)
    key(pygame.K_h)
    app.step(DT)
    t.session.wait_hint(30)
    app.step(DT)
    assert t.banner.startswith("Hint: "), t.banner
    codes = {t.match.deck.names[c] for c in t.hand_ids()}
    shown = set(t.banner.replace(",", " ").split())
    assert not codes & shown, (t.banner, codes & shown)
    app.close()
