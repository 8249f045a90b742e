"""What the table says and where its buttons stand, found playing it: the news of the
moment never hides the player's instruction, a lone Pass never covers the trick, and
the human seat's possessive is "your", not "You's"."""

from __future__ import annotations

import pygame
import pytest
from client_driver import make_app, table_at
from crowsnest.engine.presentation import BAR_RANKS


def drawn(app) -> set[str]:
    app.text._cache.clear()
    app.draw()
    return {k[0] for k in app.text._cache}


def whole(prompt: str, texts: set[str]) -> bool:
    """The prompt drawn in full: on one line, or wrapped on several (never cut)."""
    if prompt in texts:
        return True
    return any(
        whole(prompt[len(a) + 1 :], texts) for a in texts if a and prompt.startswith(a + " ")
    )


def test_news_does_not_hide_the_instruction_on_the_players_turn():
    for size, news_too in (((1280, 720), True), ((640, 480), False)):
        app = make_app(size=size)
        t = table_at(app, "crowsnest", 4, lambda m: m.to_move == 0 and m.phase == "nest")
        assert t.my_turn() and t.card_kind == "discard"
        t.say("You won the bid at 120", 3.0)
        texts = drawn(app)
        assert whole(t.prompt(), texts), texts  # "Choose 5 of your 14 cards ..." in full
        assert ("You won the bid at 120" in texts) is news_too  # where there is room
        app.close()


def test_a_lone_pass_stands_beside_the_prompt_not_over_the_trick():
    def only_pass_after_a_play(m) -> bool:
        return (
            m.to_move == 0
            and m.phase == "play"
            and m.legal_actions() == [("pass",)]
            and bool(m.view_json(0)["trick"])
        )

    for size in ((800, 600), (1280, 720)):
        app = make_app(size=size)
        app.prefs.auto_pass = False  # the lone Pass as it stands with auto-pass off
        t = table_at(app, "doudizhu", 3, only_pass_after_a_play)
        assert t.my_turn() and [b.value for b in t.panel_menu.buttons] == [("pass",)]
        button = t.panel_menu.buttons[0].rect
        sw, sh = t.lay.small
        for sp in t.trick:
            card = pygame.Rect(round(sp.x - sw / 2), round(sp.y - sh / 2), sw, sh)
            assert not button.colliderect(card), (size, button, card)
        assert button.colliderect(pygame.Rect(t.lay.status))  # in the prompt's row
        assert t.prompt() and t.prompt() in drawn(app)
        app.close()


def test_the_human_seat_is_your_not_yous():
    app = make_app()
    t = table_at(app, "crowsnest", 4, lambda m: m.phase == "bid")
    assert t.name_of(0) == "You"
    assert t.possessive(0) == "your" and t.possessive(0, True) == "Your"
    assert t.possessive(1) == f"{t.name_of(1)}'s"
    from crowsnest.engine.presentation import EventContext
    from crowsnest_games.tractor.presentation import TractorPresentation

    ctx = EventContext(0, ("pass",), t.view, t.match.deck, {}, None)
    (te,) = TractorPresentation().on_trump({"type": "trump", "trump": "H", "declarer": 0}, ctx)
    news = t.words(te.news)
    assert "You's" not in news and "on your call" in news, news
    te = TractorPresentation().on_throw_failed({"type": "throw_failed", "seat": 0}, ctx)[0]
    assert t.words(te.news) == "Your throw failed: one unit is led"
    app.close()


def test_top_bar_keeps_trump_and_both_sides_clear_of_the_toolbar_in_a_small_window():
    def in_play(m) -> bool:
        return m.phase == "play" and m.to_move == 0 and bool(m.view_json(0)["trick"])

    for size in ((800, 600), (1024, 640), (1280, 720), (1920, 1080)):
        app = make_app(size=size)
        t = table_at(app, "tractor", 4, in_play)
        rects: dict[str, pygame.Rect] = {}

        def spy(surface, s, *a, draw=app.text.draw, rects=rects, **kw):
            r = draw(surface, s, *a, **kw)
            rects[s] = r
            return r

        app.text.draw = spy
        app.draw()
        bar = [r for r in rects.values() if r.bottom <= t.lay.top_bar[3]]
        toolbar = [b.rect for b in t.toolbar.buttons]
        needed = [it for it, rank, kind in t._bar_items() if rank >= BAR_RANKS["scores"]]
        words = [rects[s] for s, _c, _i in needed]  # the rank, points, trump, the sides
        assert len(words) >= 3 and all(r in bar for r in words), (size, sorted(rects))
        left = min(b.left for b in toolbar)
        for r in bar:
            if not any(b.contains(r) for b in toolbar):
                assert r.right <= left, (size, r, left)
        app.close()


def test_bid_button_labels_stay_inside_their_buttons_in_a_small_window():
    app = make_app(size=(800, 600))
    t = table_at(app, "individual5", 5, lambda m: m.to_move == 0 and m.phase == "bid")
    buttons = t.panel_menu.buttons
    assert len(buttons) >= 6 and t.my_turn()
    drawn_at: dict[str, list[pygame.Rect]] = {}

    def spy(surface, s, *a, draw=app.text.draw, **kw):
        r = draw(surface, s, *a, **kw)
        drawn_at.setdefault(s, []).append(r)
        return r

    app.text.draw = spy
    app.draw()
    for b in buttons:
        assert any(b.rect.contains(r) for r in drawn_at[b.label]), (b.label, b.rect)
    app.close()


def test_doudizhu_end_of_deal_says_cards_left_and_why_the_landlord_won_or_lost():
    from client_driver import Driver
    from crowsnest.client.scenes.overlays import EndOfDealScene

    app = make_app(size=(1280, 720))
    t = table_at(app, "doudizhu", 3, lambda m: m.phase == "play")
    Driver(app, t, seed=4).play(stop=lambda: isinstance(app.stack.top, EndOfDealScene))
    sheet = app.stack.top
    sheet.tweener.finish_all()
    texts = drawn(app)
    ev = t.match.history[-1]
    assert "Cards left" in texts and "Points taken" not in texts
    won = "wins" if ev["landlord_wins"] else "loses"
    line = next(x for x in texts if x.startswith("The landlord ("))
    assert f" {won}" in line and f"x{ev['multiplier']}" in line
    # the plates behind the sheet do not claim "0 cards" against its cards left
    assert not any(x.startswith("0 cards") for x in texts), texts
    app.close()


def test_a_set_bid_by_you_reads_were_set():
    from crowsnest.client.scenes.overlays import EndOfDealScene

    app = make_app()
    t = table_at(app, "crowsnest", 4, lambda m: m.phase == "bid")
    ev = {"type": "deal_over", "points": [80, 40], "score_change": [-110, 40], "scores": [-110, 40]}
    sheet = EndOfDealScene(t.session, {**ev, "declarer": 0, "bid": 110, "made": False}, [])
    app.stack.push(sheet)
    assert "You bid 110 and were set: 110 is subtracted." in sheet._details()
    sheet.ev = {**ev, "declarer": 1, "bid": 110, "made": False}
    assert f"{t.name_of(1)} bid 110 and was set: 110 is subtracted." in sheet._details()
    app.close()


def test_a_long_plate_name_stays_on_its_plate():
    app = make_app(size=(800, 600))
    t = table_at(app, "individual2", 2, lambda m: m.phase == "play" and m.to_move == 0)
    assert t.view.get("dummy")
    rects: dict[str, pygame.Rect] = {}

    def spy(surface, s, *a, draw=app.text.draw, **kw):
        r = draw(surface, s, *a, **kw)
        rects[s] = r
        return r

    app.text.draw = spy
    app.draw()
    dummy = t.lay.seats[t.positions - 1]
    shown = next(s for s in rects if s.startswith("Dummy"))
    assert pygame.Rect(dummy.plate).contains(rects[shown]), (shown, rects[shown], dummy.plate)
    app.close()


def test_the_bid_box_stays_off_the_side_seats_hands():
    app = make_app(size=(800, 600))
    t = table_at(app, "individual5", 5, lambda m: m.to_move == 0 and m.phase == "bid")
    bs = [b.rect for b in t.panel_menu.buttons]
    ui = app.ui
    box = pygame.Rect(
        min(r.left for r in bs) - ui(16),
        min(r.top for r in bs) - ui(48),
        max(r.right for r in bs) - min(r.left for r in bs) + 2 * ui(16),
        max(r.bottom for r in bs) - min(r.top for r in bs) + ui(64),
    )
    px, _py, pw, _ph = t.lay.panel
    assert px <= box.left and box.right <= px + pw, (box, t.lay.panel)
    app.close()


def test_the_nests_cards_join_the_hand_when_their_flight_lands():
    app = make_app()
    t = table_at(app, "crowsnest", 4, lambda m: m.to_move == 0 and m.phase == "nest")
    nest = set(t._ids(t.view["nest_taken"]))
    assert nest and nest <= set(t.hand_ids())
    faces: list[int] = []
    real = app.assets.card_face
    app.assets.card_face = lambda deck, c: (faces.append(c), real(deck, c))[1]
    t.tweener.speed = 3  # animations on
    t.tweener.wait(1.0, lambda: None)  # the nest's cards still in the air
    app.draw()
    assert not nest & set(faces) and len(faces) == len(t.hand_ids()) - len(nest)
    t.tweener.finish_all()
    faces.clear()
    app.draw()
    assert nest <= set(faces)
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(640, 480), (800, 600), (2560, 1440)])
def test_a_narrow_top_bar_drops_the_least_needed_facts_first(size) -> None:
    """At 640x480 the Tractor bar dropped the attackers' points and the rank being
    played (the deal's running score) first of all, and kept the game's name."""
    app = make_app(size=size)
    t = table_at(app, "tractor", 4, lambda m: m.phase == "play" and m.to_move == 0)
    shown, _fs = t.bar_shown()
    words = [w for w, _c, _s in shown]
    facts = t.facts()
    assert any(f.startswith("Playing ") for f in facts)
    assert any(f.startswith("Attackers ") for f in facts)
    for f in facts:  # the rank being played, the attackers' points, the trump
        assert f in words, (size, words)
    ranked = t._bar_items()
    kept = {it[0] for it, _r, _k in ranked}
    dropped = [(r, it[0]) for it, r, _k in ranked if it[0] not in words]
    if dropped:  # whatever went was no more needed than anything that stayed
        assert max(r for r, _w in dropped) <= min(r for it, r, _k in ranked if it[0] in words)
    else:
        assert set(words) == kept
    if size == (2560, 1440):
        assert not dropped and words[0] == "Tractor"
    app.close()
