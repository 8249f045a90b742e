"""The first-game coach (the engine's facts and reasons, shown in the first deals of a
game, counted in the store) and the interactive How to play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from client_driver import Driver, start
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.coach import COACHED_DEALS, advice, card_namer
from crowsnest.client.input import Act, InputEvent
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.coach import CoachScene
from crowsnest.client.scenes.howto import HowToScene, follow_position
from crowsnest.client.scenes.settings import SettingsScene
from crowsnest.client.scenes.title import TitleScene
from crowsnest.engine import Match
from crowsnest.engine.presentation import player_hint, presentation_of
from crowsnest.plugin_host import load_registry


@pytest.fixture(scope="module")
def crowsnest():
    return load_registry(user_folder=False).variant("crowsnest")


def about(variant, m):
    got = presentation_of(variant).coach(m.phase, m.view_json(m.to_move))
    return (got[0].plain(), got[1].plain()) if got else None


def test_bid_advice_lists_the_engines_bids_and_its_reason(crowsnest) -> None:
    m = Match(crowsnest, seed=1)
    bids = sorted(a[1] for a in m.legal_actions() if a[0] == "bid")
    a = advice(m, m.to_move, about(crowsnest, m))
    assert a.title == "The auction" and "highest bidder" in a.about
    assert a.allowed[0] == f"You may bid {bids[0]} to {bids[-1]}, or pass."
    # nobody has bid: no "Not 65: the lowest bid is 70", a bid no button offers
    assert not any(line.startswith("Not ") for line in a.allowed), a.allowed
    m.apply(("bid", bids[0]))
    a = advice(m, m.to_move, about(crowsnest, m))
    reason = m.check(("bid", bids[0]))
    assert reason and a.allowed[1] == f"Not {bids[0]}: {reason}."


def test_play_advice_names_the_playable_cards_and_why_not_the_others(crowsnest) -> None:
    m = follow_position(crowsnest)
    a = advice(m, 0, about(crowsnest, m))
    legal = sorted(a_[1][0] for a_ in m.legal_actions())
    word = card_namer(crowsnest, m.deck)
    names = ", ".join(word(c) for c in legal)
    assert names.startswith("the ")  # the game's own words: "the black 8"
    assert a.allowed[0] == f"Playable now (lit up in your hand): {names}."
    bad = next(c for c in m.deal.hand_of(0) if c not in legal)
    assert a.allowed[1] == f"Not {word(bad)}: {m.check(('play', (bad,)))}."
    assert "must follow" in a.allowed[1]


def test_the_nest_advice_is_the_engines_hint_and_unknown_games_get_facts_only(crowsnest):
    m = Match(crowsnest, seed=2)
    m.apply("bid 120")  # the top bid ends the auction at once
    assert m.phase == "nest"
    a = advice(m, m.to_move, about(crowsnest, m))
    assert a.title == "The nest"
    hint = m.deal.legal_hint()
    assert hint.endswith("'discard C C ...'")  # the engine's hint serves scripts too
    assert a.allowed == (player_hint(hint),) and "'" not in a.allowed[0]
    b = advice(m, m.to_move, None)  # a game without coach words: the engine's facts only
    assert b.title == "Your decision" and b.about == "" and b.allowed == a.allowed


class CoachedDriver(Driver):
    """Plays like the client driver and reads (then closes) every coach card."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.cards: list[tuple[int, str]] = []

    def step(self) -> None:
        super().step()
        top = self.app.stack.top
        if isinstance(top, CoachScene):
            self.cards.append((self.table.match.deal_no, top.advice.title))
            self.app.dispatch(InputEvent(Act.CONFIRM))  # "Got it" has the focus


@pytest.mark.slow
def test_the_coach_speaks_in_the_first_deals_only_and_comes_back_on_request(tmp_path: Path):
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.prefs.speed = 0
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    drv = CoachedDriver(app, table, mode="keys", seed=3)
    drv.play(stop=lambda: table.match.deal_no >= COACHED_DEALS + 1)
    deals = {d for d, _t in drv.cards}
    assert deals == set(range(COACHED_DEALS))  # deals 1 and 2 (numbered from 0 here)
    assert "Playing the tricks" in {t for _d, t in drv.cards}
    per_deal = [[t for d, t in drv.cards if d == k] for k in range(COACHED_DEALS)]
    assert all(len(set(ts)) == len(ts) for ts in per_deal)  # one card per phase and deal
    assert app.db.coach_deals("crowsnest") == COACHED_DEALS
    # Settings: the coach from the start again
    s = app.stack.push(SettingsScene())
    row = next(r for r in s.rows if r.label == "Coach from the start again")
    row.activate()
    assert app.db.coach_deals("crowsnest") == 0 and app.prefs.coach
    app.close()


def test_coach_off_is_remembered_in_the_config(tmp_path: Path) -> None:
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.prefs.speed = 0
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    for _ in range(400):
        app.step(0.05)
        table.session.wait_ai(30)
        if isinstance(app.stack.top, CoachScene):
            break
    card = app.stack.top
    assert isinstance(card, CoachScene)
    off = next(b for b in card.menu.buttons if b.value == "off")
    app.dispatch(InputEvent(Act.CLICK, pos=off.rect.center))
    assert app.stack.top is table and app.prefs.coach is False
    assert "coach = false" in (tmp_path / "config.toml").read_text()
    app.close()


def test_how_to_play_judges_with_the_engine(tmp_path: Path) -> None:
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.stack.push(TitleScene())
    h = app.stack.push(HowToScene())
    app.step(0.02)
    assert h.variant.id == "crowsnest"  # the config's game has a lesson
    # page 1: the biggest counter among the game's showcase hand (the deck's points)
    pts = [h.deck.points[c] for c in h.show_cards]
    worse = next(i for i, p in enumerate(pts) if p < max(pts))
    app.dispatch(InputEvent(Act.CLICK, pos=h.card_rects[worse].center))
    assert not h.good and f"is worth {pts[worse]} points" in h.feedback
    best = pts.index(max(pts))
    app.dispatch(InputEvent(Act.CLICK, pos=h.card_rects[best].center))
    assert h.good and f"{max(pts)} points, the most" in h.feedback
    app.dispatch(InputEvent(Act.CONFIRM))  # Next
    assert h.page == 1
    app.dispatch(InputEvent(Act.CONFIRM))  # the first call of a real auction
    assert h.good and "promises that your team takes at least" in h.feedback
    app.dispatch(InputEvent(Act.CONFIRM))
    assert h.page == 2
    hand = h.cards()
    legal = {a[1][0] for a in h.follow.legal_actions()}
    bad = next(i for i, c in enumerate(hand) if c not in legal)
    app.dispatch(InputEvent(Act.CLICK, pos=h.card_rects[bad].center))
    assert not h.good and h.feedback.endswith(f"{h.follow.check(('play', (hand[bad],)))}.")
    good = next(i for i, c in enumerate(hand) if c in legal)
    app.dispatch(InputEvent(Act.CLICK, pos=h.card_rects[good].center))
    assert h.good
    app.dispatch(InputEvent(Act.CONFIRM))
    app.dispatch(InputEvent(Act.CONFIRM))  # Done
    assert isinstance(app.stack.top, TitleScene)
    app.close()


def test_the_coach_card_opens_how_to_play_for_its_game(tmp_path: Path) -> None:
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.prefs.speed = 0
    table = start(app, "crowsnest", ["human", "ai", "ai", "ai"], seed=3)
    for _ in range(400):
        app.step(0.05)
        table.session.wait_ai(30)
        if isinstance(app.stack.top, CoachScene):
            break
    card = app.stack.top
    assert isinstance(card, CoachScene) and card.lesson is table.session.variant
    howto = next(b for b in card.menu.buttons if b.value == "howto")
    app.dispatch(InputEvent(Act.CLICK, pos=howto.rect.center))
    assert isinstance(app.stack.top, HowToScene)  # opened by name (App.scene("howto"))
    assert app.stack.top.variant.id == "crowsnest"
    app.close()


NOTATION = re.compile(r"'(discard|play|declare|bid)\b|\b(?:10|[2-9JQKA])[SHDC]\b|\b[BR]J\b")


@pytest.mark.parametrize("language", ["en", "fi", "fr"])
def test_the_tractor_coach_speaks_words_not_engine_notation(language) -> None:
    """The Tractor coach's declare line named "Declare 2S" and its bury line "'discard'
    followed by 8 cards": the engine's notation for scripts, not a player's words."""
    tractor = load_registry(user_folder=False).variant("tractor")
    m = Match(tractor, seed=3)
    lines: dict[str, tuple[str, ...]] = {}
    try:
        i18n.set_language(language)
        while m.phase not in lines or m.phase == "declare":
            if m.phase == "bury":
                lines["bury"] = advice(m, m.to_move, None).allowed
                break
            if m.phase == "declare" and any(a[0] == "declare" for a in m.legal_actions()):
                lines["declare"] = advice(m, m.to_move, None).allowed
            m.apply(m.legal_actions()[0])
    finally:
        i18n.set_language("en")
    assert set(lines) == {"declare", "bury"}
    for phase, said in lines.items():
        assert said and all(said), phase
        for line in said:
            assert not NOTATION.search(line), (phase, line)


def test_how_to_play_frames_the_button_enter_presses(tmp_path: Path) -> None:
    """The focus frame stood on Back while Enter went to Next."""
    app = App(PrefsStore(tmp_path / "config.toml"), size=(1280, 720))
    app.stack.push(TitleScene())
    h = app.stack.push(HowToScene())
    app.step(0.02)
    pts = [h.deck.points[c] for c in h.show_cards]
    app.dispatch(InputEvent(Act.CLICK, pos=h.card_rects[pts.index(max(pts))].center))
    framed = h.nav.buttons[h.nav.focus]
    assert framed.value == "next"
    app.dispatch(InputEvent(Act.CONFIRM))
    assert h.page == 1
    h.good = True  # the page's task is done: the arrows now move the frame
    app.dispatch(InputEvent(Act.LEFT))
    assert h.nav.buttons[h.nav.focus].value == "back"
    app.dispatch(InputEvent(Act.CONFIRM))  # Enter presses the framed button: Back
    assert h.page == 0 or app.stack.top is not h
    app.close()
