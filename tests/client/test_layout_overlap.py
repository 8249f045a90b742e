"""The table never collides: for every registered game, every seat count it allows,
four window sizes and every card size, with each seat's largest legal play on the
table (the game's presentation says how large: a 20-card Dou Dizhu airplane, a Tractor
throw, one Rook card), the longest names and a long prompt, news and refusal, every
region the table draws (plates, hands, played cards, the shelf, buttons, prompt lines,
the top bar) stays in the window and no two regions of different owners overlap.

`pytest -k "overlap or layout"` selects these tests."""

from __future__ import annotations

import itertools

import pygame
import pytest
from client_driver import make_app, settled_table
from crowsnest import i18n
from crowsnest.client.layout import table_layout
from crowsnest.client.prefs import CARD_SCALES
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.plugin_host import load_registry

SIZES = [(640, 480), (1280, 720), (1920, 1080), (2560, 1440)]
LONG_NAME = "W" * 16  # the set-up screen takes 16 characters; W is the widest letter
# long calls on every plate beside the card count and "partner": French words, and a
# call with suit glyphs inline (drawn as rich text)
LONG_CALLS = ["Jokers : sans-atout", "Enchérir à 120", "Declared 10{suit:S}10{suit:S}"]
LONG_NEWS = "Wolfgang takes over the deal with a throw of twelve cards and the kitty doubled"
# the longest refusal the built-in games give (Tractor's lead rule), capitalised as shown
LONG_REASON = (
    "A lead must be a single card, a pair of identical cards or a tractor "
    "(consecutive pairs in one suit)"
)


def cases() -> list[tuple[str, int]]:
    reg = load_registry()
    return sorted((v.id, n) for v in reg.variants.values() for n in v.seats)


def to_play(session: LocalGame) -> bool:
    """Let random AIs play until the human (seat 0) is to play with cards in the middle."""
    r = session.runner
    for _ in range(400):
        m = session.match
        if m.over:
            return False
        if m.phase == "play" and m.to_move == 0 and m.view_json(0)["trick"]:
            return True
        session.apply(r.choose(m, m.to_move, "random", budget_s=None).action)
    return False


def session_for(app, variant: str, seats: int) -> LocalGame:
    v = app.registry.variant(variant)
    for seed in range(20):
        setups = [SeatSetup("human" if i == 0 else "ai", "random", LONG_NAME) for i in range(seats)]
        s = LocalGame(v, setups, seed=seed)
        if to_play(s):
            return s
    raise AssertionError(f"{variant}: never reached the human's turn in the play phase")


def fill_the_middle(t: TableScene) -> int:
    """Every place plays the game's largest play (any cards: only their room counts)."""
    n = t.largest_play()
    names = list(dict.fromkeys(t.match.deck.names))
    plays = [[p, [names[(p * n + i) % len(names)] for i in range(n)]] for p in range(t.positions)]
    t.view = {**t.view.raw, "trick": plays}
    t._rebuild_trick()
    return n


def whole(sentence: str, texts: set[str]) -> bool:
    """The sentence drawn in full, on one line or wrapped on several."""
    if sentence in texts:
        return True
    return any(
        whole(sentence[len(a) + 1 :], texts) for a in texts if a and sentence.startswith(a + " ")
    )


def check_regions(drawn, size) -> None:
    screen = pygame.Rect((0, 0), size)
    for kind, owner, r in drawn:
        assert screen.contains(r), (kind, owner, r, size)
    for (k1, o1, r1), (k2, o2, r2) in itertools.combinations(drawn, 2):
        if (k1, o1) == (k2, o2):
            continue  # the cards of one hand or one play overlap each other by design
        if o1 == o2 and "plate" in (k1, k2) and (k1 + k2).count("plate:") == 1:
            continue  # a plate's icons lie on their plate (and never on each other)
        assert not r1.colliderect(r2), (size, (k1, o1, r1), (k2, o2, r2))


@pytest.mark.slow
@pytest.mark.parametrize("variant,seats", cases())
def test_layout_no_overlap_for_largest_plays_at_every_size(variant, seats):
    check_table(variant, seats, SIZES, list(CARD_SCALES), "medium")


@pytest.mark.slow
@pytest.mark.parametrize("variant,seats", cases())
def test_layout_no_overlap_with_large_text(variant, seats):
    """The text size setting at its largest: the words wrap and fit, nothing overlaps."""
    check_table(variant, seats, SIZES, ["large"], "large")


LANGUAGES = ("en", *i18n.TRANSLATED)  # the six: en, fi, sv, da, fr, zh_CN


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant,seats", cases())
def test_layout_no_overlap_in_every_language(variant, seats, language):
    """The same checks in each language, at the smallest and the largest window: the
    words a language uses (Finnish's long ones, Chinese without spaces) fit everywhere."""
    check_table(variant, seats, [(640, 480), (2560, 1440)], ["medium"], "medium", language)


def check_table(variant, seats, sizes, card_sizes, text_size, language="en"):
    app = make_app(size=sizes[0])
    app.set_language(language)
    cut: list[str] = []
    real_fit = app.text.fit

    def fit(s, *args, **kwargs):
        out = real_fit(s, *args, **kwargs)
        if out != s:
            cut.append(s)
        return out

    app.text.fit = fit
    app.prefs.text_size = text_size
    app.apply_looks()
    s = session_for(app, variant, seats)
    for size in sizes:
        app._resized(size)
        for card_size in card_sizes:
            app.prefs.card_size = card_size
            t = settled_table(app, s)
            n = fill_the_middle(t)
            t.say(LONG_NEWS, 5.0)
            t.reason = LONG_REASON
            for p in range(t.positions):
                t.calls[p] = LONG_CALLS[p % len(LONG_CALLS)]
            surface = pygame.Surface(size)
            app.text._cache.clear()
            cut.clear()
            t.draw(surface)
            texts = {k[0] for k in app.text._cache}
            played = [r for k, _o, r in t.drawn if k == "played"]
            assert len(played) == n * t.positions, (variant, size, card_size)
            assert any(k == "prompt" for k, _o, _r in t.drawn)
            assert t.single or any(k == "button" for k, _o, _r in t.drawn)
            check_regions(t.drawn, size)
            # every plate holds its words: the name, the count, "partner", the call,
            # wrapped where need be, none cut with "..." and none past the plate's edge
            assert not cut, (variant, language, size, card_size, cut)
            assert {seat for seat, _r in t.plate_text} == set(range(t.positions))
            icons = [(o, r) for k, o, r in t.drawn if k.startswith("plate:")]  # and portraits
            for seat, r in t.plate_text:
                plate = pygame.Rect(t.lay.seats[seat].plate)
                assert plate.contains(r), (variant, size, card_size, seat, r, plate)
                hit = [i for o, i in icons if o == seat and i.colliderect(r)]
                assert not hit, (variant, size, card_size, seat, r, hit)  # icons clear of words
            words = " ".join(t._plate_line(p.seat, p.local, False) for p in t.lay.seats)
            assert all(c in words for c in LONG_CALLS[: t.positions]), words
            # the refusal is shown whole (wrapped, never cut with "...")
            assert whole(LONG_REASON, texts), (variant, size, card_size, texts)
    app.close()
    i18n.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("max_play", [1, 8, 20, 25])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 7])
def test_layout_played_areas_clear_of_seats_shelf_and_prompt(seats, max_play):
    """The arithmetic alone, for shapes no built-in game has (a plugin's 5 seats with
    big plays, a dummy's seventh place): areas hold the play, and touch nothing."""
    if seats == 7:
        seats = 6  # the table seats at most six places
    for size in SIZES + [(800, 600), (1024, 768)]:
        for scale in CARD_SCALES.values():
            for clockwise in (True, False):
                lay = table_layout(size, seats, 0, scale, clockwise, max_play)
                regions = [("box", p.seat, p.box) for p in lay.seats if not p.local]
                regions += [("played", i, a) for i, a in enumerate(lay.played)]
                regions += [("shelf", -1, lay.shelf), ("status", -1, lay.status)]
                regions += [("plate", -1, lay.seats[0].plate), ("top", -1, lay.top_bar)]
                rects = [(k, o, pygame.Rect(r)) for k, o, r in regions]
                check_regions(rects, size)
                for p in range(seats):
                    area = pygame.Rect(lay.played[p])
                    for r in lay.play_rects(p, max_play):
                        assert area.contains(pygame.Rect(r)), (size, seats, max_play, r, area)


@pytest.mark.parametrize("card_size", list(CARD_SCALES))
def test_layout_tractor_pair_drawn_at_full_card_size(card_size):
    """Tractor's played areas are reserved for a 25-card throw, and its ordinary pairs
    were drawn as small as the throw's cards (49 px high against 123 px for a Rook card
    at 1280x720). Now a pair lies at the full size of a trick card, the size a game of
    single cards (Rook) has at this window, and the throw still fits its area."""
    app = make_app(size=(1280, 720))
    app.prefs.card_size = card_size
    s = session_for(app, "tractor", 4)
    t = settled_table(app, s)
    names = list(dict.fromkeys(t.match.deck.names))
    t.view = {**t.view.raw, "trick": [[p, [names[p], names[p]]] for p in range(4)]}
    t._rebuild_trick()
    t.draw(pygame.Surface((1280, 720)))
    played = [r for k, _o, r in t.drawn if k == "played"]
    assert len(played) == 8
    scale = CARD_SCALES[card_size]
    room = t.plate_room()  # the same plates (long names)
    single = table_layout((1280, 720), 4, 0, scale, False, max_play=1, plate_min=room).trick_card
    assert t.lay.trick_card == single
    assert all(r.size == single for r in played), (single, [r.size for r in played])
    check_regions(t.drawn, (1280, 720))
    # the largest throw still lies inside each area, its cards smaller
    for p in range(4):
        rects = [pygame.Rect(r) for r in t.lay.play_rects(p, t.largest_play())]
        assert all(pygame.Rect(t.lay.played[p]).contains(r) for r in rects)
        assert rects[0].h < single[1]
    app.close()


def test_the_leaders_icon_stays_clear_of_the_plate_words():
    """A seat that leads but did not deal (a Dou Dizhu landlord after the auction) has
    its leader icon in the first slot from the plate's right edge, where the room kept
    for its name ends (the icon used to stand in the second slot, over a long name)."""
    app = make_app()
    v = app.registry.variant("doudizhu")
    for seed in range(40):
        setups = [SeatSetup("human" if i == 0 else "ai", "random", LONG_NAME) for i in range(3)]
        s = LocalGame(v, setups, seed=seed)
        m = s.match
        while m.phase != "play" and not m.over:
            s.apply(s.runner.choose(m, m.to_move, "random", budget_s=None).action)
        if m.phase == "play" and m.view_json(0)["landlord"] not in (m.view_json(0)["dealer"], 0):
            break
    else:
        raise AssertionError("no seed gave a landlord who neither deals nor sits at seat 0")
    seat = m.view_json(0)["landlord"]
    t = settled_table(app, s)
    t.draw(pygame.Surface(app.size))
    icons = [r for k, o, r in t.drawn if k == "plate:icon" and o == seat]
    plate = next(r for k, o, r in t.drawn if k == "plate" and o == seat)
    assert len(icons) == 1 and plate.right - icons[0].right < icons[0].width  # first slot
    # the dealer has no role in Dou Dizhu: no badge on the dealer's plate, only the leader's
    assert [o for k, o, r in t.drawn if k == "plate:icon"] == [seat]
    words = [r for o, r in t.plate_text if o == seat]
    assert words and not any(icons[0].colliderect(r) for r in words), (icons, words)
    check_regions(t.drawn, app.size)
    app.close()
