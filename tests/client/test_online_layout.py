"""The online screens at the smallest and a large window, in English, Finnish and French:
every button inside the window and its panel, no two buttons overlapping, every label
fitting its button at a readable size, the code card's address and code inside it."""

from __future__ import annotations

import itertools

import pygame
import pytest
from client_driver import DT
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.client.scenes.online import (
    ChatScene,
    CodeCardScene,
    HostRules,
    JoinScene,
    OnlineMenuScene,
)
from crowsnest.config import Config
from crowsnest.net.words import presets


class _Game:
    def __init__(self, lang):
        self.rules = {"chat": "free"}
        self.presets = [(p["id"], p["text"]) for p in presets(lang)]


class _Table:
    def __init__(self, lang):
        self.session = _Game(lang)


def buttons_of(scene):
    if hasattr(scene, "buttons") and scene.buttons:
        return scene.buttons
    return scene.menu.buttons


def check(app, scene, box=None):
    W, H = app.size
    bs = buttons_of(scene)
    assert bs
    for b in bs:
        r = b.rect
        assert r.width > 0 and r.left >= 0 and r.top >= 0 and r.right <= W and r.bottom <= H, (
            b.label,
            r,
        )
        if box is not None:
            assert box.contains(r), (b.label, r, box)
        size = app.ui(22)
        while size > 9 and app.text.fonts(size, True).size(b.label)[0] > r.width - 10:
            size -= 1
        assert size >= app.ui(12) or size >= 11, f"{b.label!r} squeezed to {size}px"
    for a, b in itertools.combinations(bs, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fi", "fr"])
def test_online_screens_fit(size, lang):
    store = PrefsStore(Config())
    app = App(store, size=size)
    i18n.set_language(lang)
    try:
        app.prefs.servers = ["ws://192.168.1.20:8765", "ws://example.invalid:9000"]
        scenes = [
            OnlineMenuScene(),
            app.scene("setup", HostRules()),
            JoinScene(),
            JoinScene(watch=True),
        ]
        for sc in scenes:
            app.stack.push(sc)
            app.step(DT)
            check(app, sc)
            app.stack.remove(sc)
        card = CodeCardScene("K7QW3M", "192.168.100.200:8765")
        app.stack.push(card)
        app.step(DT)
        box = card.box()
        check(app, card, box)
        ui, text = app.ui, app.text
        size_addr = text.shrink(card.address, ui(40), box.width - ui(40), True, ui(18))
        assert text.fonts(size_addr, True).size(card.address)[0] <= box.width - ui(40)
        assert text.fonts(ui(64), True).size(" ".join(card.code))[0] <= box.width
        app.stack.remove(card)
        chat = ChatScene(_Table(lang))
        app.stack.push(chat)
        app.step(DT)
        check(app, chat, chat.box())
        assert len(chat.menu.buttons) == len(presets(lang)) + 2  # + type, close
    finally:
        i18n.set_language("en")
        app.close()
        pygame.display.init()
