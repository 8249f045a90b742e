"""Settings -> Look on screen at the smallest and the largest window: every felt, the
tone's extremes, the colour-blind palette, the celebrations and portraits on the plates
of every game are rendered by tools/screenshot.py's Look shots (the PNGs a player
would see), and at the slider extremes and on the light felt nothing on the table
overlaps and every plate keeps its words (the layout tests' checks)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pygame
import pytest
from client_driver import make_app, settled_table
from crowsnest.client import palette
from crowsnest.config import LookConfig
from test_layout_overlap import LONG_CALLS, check_regions, fill_the_middle, session_for

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import screenshot  # noqa: E402

SIZES = [(640, 480), (2560, 1440)]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_every_look_shot_renders(size, tmp_path):
    app = screenshot.make_app(size)
    made = {}
    for name, make in screenshot.look_shots(app).items():
        make()
        app.draw()
        path = tmp_path / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        made[name] = pygame.image.load(str(path))
        top = app.stack.top
        if hasattr(top, "portrait_rects") and name.startswith("49-"):
            assert set(top.portrait_rects) == set(range(top.session.seats)), (name, size)
    app.close()
    for felt in palette.FELTS:
        assert f"42-felt-{felt}" in made
    mean = {n: tuple(pygame.transform.average_color(img)) for n, img in made.items()}
    felts = {mean[f"42-felt-{n}"] for n in palette.FELTS}
    assert len(felts) == len(palette.FELTS)  # six felts, six looks
    assert mean["44-tone-all-100"] != mean["45-tone-all-0"] != mean["42-felt-green"]
    for name, img in made.items():
        assert (
            img.get_size() == size
            and len({tuple(img.get_at((x, x * size[1] // size[0]))) for x in range(0, size[0], 37)})
            > 3
        ), name


EXTREMES = [
    {"contrast": 0, "grain": 0, "warmth": 0},
    {"contrast": 100, "grain": 100, "warmth": 100},
    {"felt": "linen", "colour_blind": True, "suit_colours": {"H": "#1a56c8"}},
]


@pytest.mark.slow
@pytest.mark.parametrize("look", EXTREMES, ids=["all-0", "all-100", "light-felt-palettes"])
@pytest.mark.parametrize("variant,seats", [("crowsnest", 4), ("tractor", 4), ("individual6", 6)])
def test_nothing_overlaps_at_the_extremes(look, variant, seats):
    app = make_app(size=SIZES[0])
    app.prefs.look = dataclasses.replace(LookConfig(), **look)
    app.apply_looks()
    s = session_for(app, variant, seats)
    for size in SIZES:
        app._resized(size)
        t = settled_table(app, s)
        fill_the_middle(t)
        for p in range(t.positions):
            t.calls[p] = LONG_CALLS[p % len(LONG_CALLS)]
        t.draw(pygame.Surface(size))
        check_regions(t.drawn, size)
        assert {seat for seat, _r in t.plate_text} == set(range(t.positions))
        for seat, r in t.plate_text:
            assert pygame.Rect(t.lay.seats[seat].plate).contains(r), (look, size, seat)
            face = t.portrait_rects.get(seat)
            assert face is None or not face.colliderect(r), (look, size, seat)
    app.close()


def _computers_at(app, variant: str, seats: int):
    """A game at the human's turn in play, every other seat a computer with its default
    name (so each is named for its portrait)."""
    from crowsnest.client.session import LocalGame, SeatSetup
    from test_layout_overlap import to_play

    v = app.registry.variant(variant)
    for seed in range(20):
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
        s = LocalGame(v, setups, seed=seed)
        if to_play(s):
            return s
        s.close()
    raise AssertionError(f"{variant}: never reached the human's turn in the play phase")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [SIZES[0], (1280, 720), (1920, 1080), SIZES[1]])
def test_every_games_computers_show_their_names_whole_on_their_plates(size, language):
    """Issue 24: each computer opponent's name on its plate, in every game at its largest
    table, at the smallest and the largest window, in English and on the Chinese table:
    whole, on one line, at the plate's full name size, beside its portrait, with a long
    status call and the plate's score on it, and no two of the plate's words touching."""
    from crowsnest import i18n
    from crowsnest.plugin_host import load_registry
    from crowsnest.records.seats import computer_name, display_name

    i18n.set_language(language)
    try:
        app = make_app(size=size)
        for v in sorted(load_registry().variants.values(), key=lambda v: v.id):
            n = max(v.seats)
            s = _computers_at(app, v.id, n)
            t = settled_table(app, s)
            for p in range(t.positions):
                t.calls[p] = LONG_CALLS[p % len(LONG_CALLS)]
            t.draw(pygame.Surface(size))
            check_regions(t.drawn, size)
            for seat in range(1, n):
                want = display_name(computer_name(seat))
                assert t.plate_names[seat] == ((want,), app.ui(18)), (v.id, seat, size)
                assert seat in t.portrait_rects, (v.id, seat, size)
            words: dict[int, list[pygame.Rect]] = {}
            for seat, r in t.plate_text:
                assert pygame.Rect(t.lay.seats[seat].plate).contains(r), (v.id, seat, size)
                face = t.portrait_rects.get(seat)
                assert face is None or not face.colliderect(r), (v.id, seat, size)
                assert not any(r.colliderect(o) for o in words.get(seat, [])), (v.id, seat)
                words.setdefault(seat, []).append(r)
            s.close()
        app.close()
    finally:
        i18n.set_language("en")
