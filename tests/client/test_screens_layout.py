"""Every screen outside the table holds its words at every text size and window size:
the title, set-up (with the house-rule rows), settings, rules, saves, statistics,
plugins, and over the table the pause menu, the end of deal, game over, the score
sheet, the last trick and the privacy screen. For 640x480 up to 2560x1440 and the
small, medium and large text settings: no text or button leaves the window, no two
texts overlap, no text sits on a button it is not the label of, no two buttons
overlap, and nothing is cut with "..." (or a button's label squeezed past its
button) to fit.

(The table itself has its own test, test_layout_overlap.py.) `pytest -k "overlap or
layout"` selects these tests."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_driver import DT, table_at
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.prefs import TEXT_SCALES, PrefsStore
from crowsnest.client.scenes import common, info, overlays, saves, stats
from crowsnest.client.scenes.common import FormScene
from crowsnest.client.widgets import Button
from crowsnest.records.savefile import Seat
from crowsnest.records.stats import record_of
from crowsnest.testing import play_match

PANEL_USERS = (common, info, overlays, saves, stats)
SIZES = [(640, 480), (800, 600), (1024, 640), (1280, 720), (1920, 1080), (2560, 1440)]


class Recorder:
    """Wraps the app's TextCache and the buttons: every drawn text with the box of its
    ink, every button, and every text `fit` cut or a button squeezed."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.buttons: list[tuple[str, pygame.Rect]] = []
        self.cut: list[str] = []
        self.panels: list[pygame.Rect] = []
        text = app.text
        real_draw, real_fit, real_button = text.draw, text.fit, Button.draw

        def draw(surface, s, size, pos, *args, **kwargs):
            r = real_draw(surface, s, size, pos, *args, **kwargs)
            if self.on and s.strip():
                ink = text.render(s, size, *args[:1], *args[1:2]).get_bounding_rect()
                self.texts.append((s, ink.move(r.topleft)))
            return r

        def fit(s, *args, **kwargs):
            out = real_fit(s, *args, **kwargs)
            if self.on and out != s:
                self.cut.append(s)
            return out

        def button(b, surface, txt, size, focused):
            real_button(b, surface, txt, size, focused)
            if self.on:
                self.buttons.append((b.label, pygame.Rect(b.rect)))
                room = b.rect.width - 10 - (b.rect.height if b.colour is not None else 0)
                if txt.fonts(9, True).size(b.label)[0] > room:
                    self.cut.append(b.label)

        def framed(real):
            def panel(surface, rect, *args, **kwargs):
                real(surface, rect, *args, **kwargs)
                if self.on:
                    self.panels.append(pygame.Rect(rect))

            return panel

        text.draw, text.fit = draw, fit
        monkeypatch.setattr(Button, "draw", button)
        for mod in PANEL_USERS:
            monkeypatch.setattr(mod, "panel", framed(mod.panel))

    def problems(self, size: tuple[int, int]) -> list[str]:
        out = [f"cut: {s!r}" for s in self.cut]
        screen = pygame.Rect((0, 0), size)
        for s, r in self.texts + self.buttons:
            if not screen.contains(r):
                out.append(f"{s!r} {r} leaves the window")
        for (s1, r1), (s2, r2) in itertools.combinations(self.texts, 2):
            if s1 == s2 and r1 == r2:
                continue  # the same text drawn twice (a shadow)
            if r1.colliderect(r2):
                out.append(f"{s1!r} {r1} overlaps {s2!r} {r2}")
        for (s1, r1), (s2, r2) in itertools.combinations(self.buttons, 2):
            if r1.colliderect(r2):
                out.append(f"button {s1!r} {r1} overlaps button {s2!r} {r2}")
        for label, b in self.buttons:
            for s, r in self.texts:
                if not r.colliderect(b):
                    continue
                if s == label and b.contains(r):
                    continue  # its own label, inside it
                if b.contains(r) and label.startswith(s):
                    continue
                out.append(f"{s!r} {r} on the button {label!r} {b}")
        # words begun on a panel stay on it (a sheet's line runs not past its edge)
        for s, r in self.texts + self.buttons:
            for p in self.panels:
                if p.collidepoint(r.center) and not p.contains(r):
                    out.append(f"{s!r} {r} runs off its panel {p}")
        return out


def look(app: App, rec: Recorder, size: tuple[int, int]) -> list[str]:
    """Draw the screen at `size`; the problems of its top scene. A form (set-up,
    settings, plugins) is drawn with each of its rows in turn focused, scrolled into
    view, so every row and every row's explanation is seen."""
    app._resized(size)
    app.stack.resize(size)
    top = app.stack.top
    if not isinstance(top, FormScene):
        return draw_top(app, rec, size)
    out: list[str] = []
    for i, r in enumerate(top.rows):
        if not r.focusable:
            continue
        top.focus = i
        top.scroll = max(0, min(top.scroll, i), i - top.visible_rows + 1)
        top._place_rows()
        out += [f"row {r.label!r}: {p}" for p in draw_top(app, rec, size)]
    return out


def draw_top(app: App, rec: Recorder, size: tuple[int, int]) -> list[str]:
    """The problems of the top scene, drawn (the table under an overlay is not
    counted: the table's own test covers it)."""
    surface = pygame.Surface(size)
    scenes = app.stack.visible()
    for s in scenes[:-1]:
        s.draw(surface)
    rec.texts.clear(), rec.buttons.clear(), rec.cut.clear(), rec.panels.clear()
    rec.on = True
    try:
        scenes[-1].draw(surface)
    finally:
        rec.on = False
    assert len(rec.texts) >= 2, (size, rec.texts)  # the screen was drawn
    return rec.problems(size)


# ---- the screens, each opened as a player reaches it


def _title(app: App) -> None:
    app.stack.replace(app.scene("title"))


def _setup_with_house_rules(game: str) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        app.prefs.variant = game
        _title(app)
        app.stack.push(app.scene("setup"))

    return open_it


def _pushed(name: str, *args: Any) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        _title(app)
        app.stack.push(app.scene(name, *args))

    return open_it


def _saves(app: App) -> None:
    from crowsnest.client.scenes.saves import SavesScene

    _finished_matches(app)
    _title(app)
    app.stack.push(SavesScene())


def _stats(app: App) -> None:
    from crowsnest.client.scenes.stats import StatsScene

    _finished_matches(app)
    _title(app)
    app.stack.push(StatsScene())


def _finished_matches(app: App) -> None:
    v = app.registry.variant("crowsnest")
    seats = [Seat("human", "normal", "W" * 16), Seat("ai", "hard"), Seat(), Seat("ai", "hard")]
    for seed in (1, 2):
        m = play_match(v, seed=seed, level="random")
        rec = record_of(
            m, seats, ["W" * 16, "W", "N", "E"], started_at="x",
            finished_at=f"2026-12-0{seed}T10:00:00Z", seconds=3,
        )  # fmt: skip
        app.db.add_match(rec)


def _table(app: App, game: str, seats: int, until: Callable[[Any], bool]) -> Any:
    return table_at(app, game, seats, until)


def _pause(app: App) -> None:
    from crowsnest.client.scenes.overlays import PauseScene

    t = _table(app, "crowsnest", 4, lambda m: m.phase == "bid")
    app.stack.push(PauseScene(t))


def _end_of_deal(game: str, seats: int) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        from crowsnest.client.scenes.overlays import EndOfDealScene

        t = _table(app, game, seats, lambda m: len(m.history) >= 1)
        ev = t.match.history[-1]
        piles = [("Nest", list(t.match.deck.names[:5]))] if game == "crowsnest" else []
        sheet = EndOfDealScene(t.session, ev, piles, t.words)
        app.stack.push(sheet)
        sheet.tweener.finish_all()

    return open_it


def _game_over(game: str, seats: int) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        from crowsnest.client.scenes.overlays import GameOverScene

        t = _table(app, game, seats, lambda m: len(m.history) >= 2)
        m = t.match
        ev = {"type": "match_over", "winner": 1 if m.teams else 0}
        app.stack.push(GameOverScene(t.session, ev, t.words))

    return open_it


def _score_sheet(game: str, seats: int) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        from crowsnest.client.scenes.overlays import ScoreSheetScene

        t = _table(app, game, seats, lambda m: len(m.history) >= 3)
        app.stack.push(ScoreSheetScene(t.session, t.words))

    return open_it


def _last_trick(game: str, seats: int) -> Callable[[App], None]:
    def open_it(app: App) -> None:
        from crowsnest.client.scenes.overlays import LastTrickScene

        t = _table(app, game, seats, lambda m: m.phase == "play" and m.view_json(0)["last_trick"])
        long_auction = [f"{t.name_of(i % seats)}: Bid {70 + 5 * i}" for i in range(24)]
        t.auction_log = lambda: long_auction  # a long auction: every call is shown
        app.expect_words = long_auction
        app.stack.push(LastTrickScene(t))

    return open_it


def _privacy(app: App) -> None:
    from crowsnest.client.scenes.overlays import PrivacyScene

    v = app.registry.variant("crowsnest")
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup

    setups = [SeatSetup("human", "random", "W" * 16) for _ in range(4)]
    t = TableScene(LocalGame(v, setups, seed=3))
    app.stack.replace(t)
    app.step(DT)
    app.stack.push(PrivacyScene(t, 1))


SCREENS: dict[str, Callable[[App], None]] = {
    "title": _title,
    "setup-crowsnest": _setup_with_house_rules("crowsnest"),
    "setup-tractor": _setup_with_house_rules("tractor"),
    "setup-doudizhu": _setup_with_house_rules("doudizhu"),
    "settings": _pushed("settings"),
    "rules-crowsnest": _pushed("rules", "crowsnest"),
    "rules-tractor": _pushed("rules", "tractor"),
    "saves": _saves,
    "stats": _stats,
    "plugins": _pushed("plugins"),
    "pause": _pause,
    "end-of-deal-crowsnest": _end_of_deal("crowsnest", 4),
    "end-of-deal-tractor": _end_of_deal("tractor", 4),
    "end-of-deal-doudizhu": _end_of_deal("doudizhu", 3),
    "game-over-crowsnest": _game_over("crowsnest", 4),
    "game-over-doudizhu": _game_over("doudizhu", 3),
    "score-sheet-tractor": _score_sheet("tractor", 4),
    "score-sheet-crowsnest": _score_sheet("crowsnest", 4),
    "last-trick-crowsnest": _last_trick("crowsnest", 4),
    "last-trick-tractor": _last_trick("tractor", 4),
    "privacy": _privacy,
}


@pytest.mark.slow
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen_layout_no_overlap_at_every_text_and_window_size(
    screen, tmp_path: Path, monkeypatch
):
    found = layout_problems(screen, tmp_path, monkeypatch, "en", TEXT_SCALES, SIZES)
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


@pytest.mark.slow
@pytest.mark.parametrize("language", i18n.TRANSLATED)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen_layout_no_overlap_in_every_language(screen, language, tmp_path: Path, monkeypatch):
    """Each screen in each language, at the smallest and the largest window: Finnish's
    long words and Chinese (no spaces, its own font) fit, nothing cut or overlapping."""
    sizes = [(640, 480), (2560, 1440)]
    found = layout_problems(screen, tmp_path, monkeypatch, language, ["medium"], sizes)
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


def layout_problems(screen, tmp_path, monkeypatch, language, text_sizes, sizes) -> list[str]:
    random.seed(0)
    app = App(PrefsStore(tmp_path / "config.toml"), size=sizes[0])
    app.prefs.speed = 0
    app.prefs.coach = False
    app.set_language(language)
    rec = Recorder(app, monkeypatch)
    SCREENS[screen](app)
    app.step(DT)
    found = []
    for text_size in text_sizes:
        app.prefs.text_size = text_size
        app.apply_looks()
        for size in sizes:
            found += [f"{text_size} {size[0]}x{size[1]}: {p}" for p in look(app, rec, size)]
            shown = " ".join(" ".join(s for s, _r in rec.texts).split())
            lost = [w for w in getattr(app, "expect_words", []) if w not in shown]
            found += [f"{text_size} {size[0]}x{size[1]}: not shown: {w!r}" for w in lost]
    app.close()
    i18n.set_language("en")
    return found
