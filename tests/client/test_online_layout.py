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
def test_online_screens_fit(size, lang, tmp_path):
    from crowsnest.client.online import Ticket, keep_ticket, tickets_file

    store = PrefsStore(Config())
    app = App(store, size=size)
    app.save_path = tmp_path / "saves" / "autosave.toml"
    i18n.set_language(lang)
    try:
        app.prefs.servers = ["ws://192.168.1.20:8765", "ws://example.invalid:9000"]
        # seats held: one table with two seats of this window (two rejoin lines)
        server = "ws://192.168.100.200:8765"
        for code, seat in (("K7QW3M", 0), ("K7QW3M", 5), ("MDGQ37", 3)):
            keep_ticket(Ticket(server, code, seat, "ab" * 16, "crowsnest"), tickets_file(app))
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
        labels = [b.label for b in buttons_of(scenes[0])][:2]  # the newest table first
        two = i18n._("Rejoin table {code}, seats {numbers}")
        one = i18n._("Rejoin table {code}, seat {number}")
        assert labels == [
            one.format(code="MDGQ37", number=4),
            two.format(code="K7QW3M", numbers="1, 6"),
        ]
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


@pytest.mark.slow
@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr", "fi"])
def test_online_plates_hold_their_words(size, lang):
    """A table with a seat away (its countdown), one played by the computer, one empty
    and the turn clock, at the largest text size: every plate's words stay on the
    plate, none is cut with "...", and each state is said."""
    from client_driver import make_app
    from crowsnest.client.online import Link
    from crowsnest.client.remote import RemoteGame
    from crowsnest.client.scenes.table import TableScene
    from online_table import FakeServer

    app = make_app(size=size)
    i18n.set_language(lang)
    app.prefs.text_size = "large"
    app.apply_looks()
    cut: list[str] = []
    real_fit = app.text.fit

    def fit(s, *args, **kwargs):
        out = real_fit(s, *args, **kwargs)
        if out != s:
            cut.append(s)
        return out

    app.text.fit = fit
    try:
        server = FakeServer(app.registry.variant("crowsnest"), seed=3, you=0)
        link = Link("ws://127.0.0.1:9", {"type": "join", "code": "K7QW3M"}, connect=server.connect)
        snap = next(f for f in link.poll() + link.poll() if f["type"] == "snapshot")
        snap["players"][1].update(
            kind="human", name="Bérénice-Marguerite", status="away", grace_left=45
        )
        snap["players"][2].update(kind="human", name="Ossi", status="ai")
        snap["players"][3].update(kind="human", name="", status="empty")
        snap["clock"] = {"seat": snap["to_move"], "turn_left": 30, "bank_left": 60}
        game = RemoteGame(app.registry.variant("crowsnest"), link, snap)
        t = TableScene(game)
        app.stack.replace(t)
        t.tweener.finish_all()
        t.beats.clear()
        t.dealing = None
        app.step(1 / 30)
        surface = pygame.Surface(size)
        cut.clear()
        t.draw(surface)
        assert not cut, cut
        for seat, r in t.plate_text:
            plate = pygame.Rect(t.lay.seats[seat].plate)
            assert plate.contains(r), (seat, r, plate)
        lines = {p: t._plate_line(p, p == t.bottom, False) for p in range(4)}
        from crowsnest.client.words import Words  # noqa: F401 - the table's words

        assert any(ch.isdigit() for ch in lines[1]), lines[1]  # the countdown
        assert lines[2] and lines[3], lines
    finally:
        i18n.set_language("en")
        app.close()
