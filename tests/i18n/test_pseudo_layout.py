"""The pseudo-locale (every string accented and about 40% longer) through the screens
outside the table: no text leaves the window, no two texts overlap, and no translated
string is cut short with "..." to fit. Translations are as long as this or shorter
(Finnish runs about 30% longer than English), so a screen that passes here has room
for all four languages."""

from __future__ import annotations

import itertools

import pygame
import pytest
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.config import Config

SIZES = [(800, 600), (1024, 640), (1920, 1080)]


class Recorder:
    """Wraps the app's TextCache: every drawn text with its rectangle, and every text
    that `fit` had to cut."""

    def __init__(self, text) -> None:
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.cut: list[str] = []
        real_draw, real_fit = text.draw, text.fit

        def draw(surface, s, *args, **kwargs):
            r = real_draw(surface, s, *args, **kwargs)
            if s.strip():
                self.drawn.append((s, pygame.Rect(r)))
            return r

        def fit(s, *args, **kwargs):
            out = real_fit(s, *args, **kwargs)
            if out != s and "[" in s:
                self.cut.append(s)
            return out

        text.draw, text.fit = draw, fit


def _scenes():
    from crowsnest.client.scenes.info import PluginsScene, RulesScene
    from crowsnest.client.scenes.settings import SettingsScene
    from crowsnest.client.scenes.setup import SetupScene
    from crowsnest.client.scenes.title import TitleScene

    return {
        "title": TitleScene,
        "settings": SettingsScene,
        "setup": SetupScene,
        "plugins": PluginsScene,
        "rules": lambda: RulesScene("crowsnest"),
    }


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(_scenes()))
def test_pseudo_locale_text_fits_and_never_overlaps(name, size):
    app = App(PrefsStore(Config()), size=size)
    i18n.set_language(i18n.PSEUDO)
    rec = Recorder(app.text)
    from crowsnest.client.scenes.title import TitleScene

    app.stack.replace(TitleScene())
    if name != "title":
        app.stack.push(_scenes()[name]())
    rec.drawn.clear()
    app.step(0.0)
    screen = pygame.Rect((0, 0), size)
    assert rec.drawn, "nothing was drawn"
    assert any(s.startswith("[") for s, _ in rec.drawn), "no translated text was drawn"
    for s, r in rec.drawn:
        assert screen.contains(r), f"{s!r} at {r} leaves the {size} window"
    for (s1, r1), (s2, r2) in itertools.combinations(rec.drawn, 2):
        if r1 == r2 and s1 == s2:
            continue  # the same text drawn twice (a shadow)
        assert not r1.colliderect(r2), f"{s1!r} {r1} overlaps {s2!r} {r2} at {size}"
    assert rec.cut == [], f"cut to fit at {size}: {rec.cut}"
    app.close()
