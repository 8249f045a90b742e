"""An autosave whose game's plugin was removed (issue 30): the title says so in one line
that names only the game and its plugin (no file path, no list of every game), in the
player's language, drawn clear of the menu and the key hint at every window size."""

from __future__ import annotations

import tomllib

import pygame
import pytest
import tomli_w
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.title import TitleScene
from crowsnest.engine import Match
from crowsnest.records import savefile
from crowsnest.records.savefile import Seat


def record_text(app: App) -> list[tuple[str, pygame.Rect]]:
    """Every line of text the window draws from now on, with where it went."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = app.text.draw

    def record(surface, text, *args, **kw):
        rect = real(surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    app.text.draw = record  # type: ignore[method-assign]
    return drawn


@pytest.fixture
def orphaned(tmp_path):
    """A config whose autosave is a match of a game whose plugin (crowwhist) is no longer installed."""
    config = tmp_path / "config.toml"
    config.write_text("")
    app = App(PrefsStore(str(config)), size=(640, 480))
    m = Match(app.registry.variant("crowsnest"), seed=3)
    seats = [Seat("human", "normal", "Ann")] + [Seat("ai", "easy", "") for _ in range(3)]
    path = savefile.save(m, seats, app.save_path, registry=app.registry)
    app.close()
    doc = tomllib.loads(path.read_text())
    doc["match"]["variant"] = "crowwhist"
    doc["match"]["plugin"] = "crowwhist"
    path.write_text(tomli_w.dumps(doc))
    return config, path


@pytest.mark.parametrize("language", ["en", "fi", "fr"])
@pytest.mark.parametrize("size", [(640, 480), (2560, 1440)])
def test_the_missing_game_is_one_line_clear_of_the_hint(orphaned, language, size) -> None:
    config, path = orphaned
    config.write_text(f'language = "{language}"\n')
    try:
        app = App(PrefsStore(str(config)), size=size)
        title = TitleScene()
        app.stack.push(title)
        drawn = record_text(app)
        app.step(0.0)
        line = title.save_line
        assert title.save_bad and "crowwhist" in line
        assert str(path) not in line and "crowsnest" not in line  # no path, no game list
        expected = i18n._(
            "The saved game ({game}) needs the plugin {plugin}, which is not installed"
        ).format(game="crowwhist", plugin="crowwhist")
        assert line == expected
        if language != "en":
            assert "needs the plugin" not in line
        rows = [r for t, r in drawn if t == line]
        assert len(rows) == 1, "the notice is not one line"
        row = rows[0]
        assert row.width <= size[0]
        others = [r for t, r in drawn if t != line]
        hint = max(others, key=lambda r: r.bottom)  # the key hint, at the bottom
        assert not row.colliderect(hint)
        for button in title.menu.buttons:
            assert not row.colliderect(button.rect)
        app.close()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(640, 480), (2560, 1440)])
def test_a_config_naming_a_missing_game_falls_back_with_one_line(tmp_path, size) -> None:
    """As `crowsnest simulate` does: the default game, and one line that says so."""
    config = tmp_path / "config.toml"
    config.write_text('variant = "crowwhist"\nlanguage = "fi"\n')
    try:
        app = App(PrefsStore(str(config)), size=size)
        title = TitleScene()
        app.stack.push(title)
        drawn = record_text(app)
        app.step(0.0)
        assert app.prefs.variant == "crowsnest"
        notice = app.notice
        assert notice and "crowwhist" in notice and "CrowsNest" in notice
        assert "is not installed" not in notice  # in the player's language
        rows = [r for t, r in drawn if t == notice]
        assert len(rows) == 1 and rows[0].width <= size[0]
        for button in title.menu.buttons:
            assert not rows[0].colliderect(button.rect)
        app.stack.push(app.scene("setup"))
        app.step(0.0)
        assert app.stack.top.variant.id == "crowsnest"
        app.close()
    finally:
        i18n.set_language("en")
