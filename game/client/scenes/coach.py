"""The coach's card over the table (crowsnest.client.coach decides when): what the
phase is about, what the engine allows now and why not the rest. It sits between the
top bar and the prompt line, so the player's hand and the prompt stay in view."""

from __future__ import annotations

from typing import Any

import pygame
from crowsnest.i18n import _

from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import GOLD, INK, Button, Menu, panel, shade


class CoachScene(Scene):
    transparent = True

    def __init__(self, table: Any, advice: Any, lesson: Any = None) -> None:
        super().__init__()
        self.table = table
        self.advice = advice
        items = [Button(_("Got it"), "ok"), Button(_("Coach off"), "off")]
        self.lesson = lesson  # the variant whose How to play the card offers
        if lesson is not None:
            items.insert(1, Button(_("How to play"), "howto"))
        self.menu = Menu(items, self._press)
        self.menu.columns = len(items)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, int, tuple[int, int, int], bool]] = []

    def _press(self, b: Button) -> None:
        if b.value == "off":
            self.app.prefs.coach = False
            self.app.save_prefs()
            self.table.say(_("The coach is off (Settings turns it on again)"), 3.0)
        self.close()
        if b.value == "howto":
            self.app.stack.push(self.app.scene("howto", self.lesson))

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.close()
            return None
        self.menu.process_event(ev)
        return None  # modal: the table waits until the card is read

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app:
            return
        ui, text = self.app.ui, self.app.text
        W, H = size
        lay = getattr(self.table, "lay", None)
        top = (lay.top_bar[1] + lay.top_bar[3] if lay else 0) + ui(12)
        bottom = (lay.status[1] if lay else H - ui(200)) - ui(8)
        width = min(W - ui(40), ui(820))
        inner = width - ui(48)
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
        a = self.advice
        for line in text.wrap(a.about, ui(19), inner) if a.about else []:
            lines.append((line, ui(19), INK, False))
        if a.allowed:
            lines.append(("", ui(8), INK, False))
            lines.append((_("Now:"), ui(18), GOLD, True))
            for fact in a.allowed:
                for line in text.wrap(fact, ui(18), inner):
                    lines.append((line, ui(18), INK, False))
        bh = ui(44)
        height = ui(56) + sum(round(s * 1.3) for _t, s, _c, _b in lines) + ui(24) + bh
        room = bottom - top
        while height > room and lines:  # a short window: the last lines give way
            _t, s, _c, _b = lines.pop()
            height -= round(s * 1.3)
        self.lines = lines
        self.box = pygame.Rect(0, 0, width, min(height, room))
        self.box.midtop = (W // 2, top + max(0, (room - self.box.height) // 3))
        n = len(self.menu.buttons)
        bw = min(ui(200), (width - ui(40) - (n - 1) * ui(12)) // n)
        total = n * bw + (n - 1) * ui(12)
        for i, b in enumerate(self.menu.buttons):
            b.rect = pygame.Rect(
                W // 2 - total // 2 + i * (bw + ui(12)), self.box.bottom - ui(16) - bh, bw, bh
            )

    def draw(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        shade(surface, 90)
        panel(surface, self.box, colour=(16, 28, 24, 245))
        x = self.box.left + ui(24)
        text.draw(
            surface, _("Coach: {phase}").format(phase=self.advice.title), ui(24),
            (x, self.box.top + ui(14)), GOLD, True,
        )  # fmt: skip
        y = self.box.top + ui(56)
        for line, size, colour, bold in self.lines:
            if line:
                text.draw(surface, line, size, (x, y), colour, bold)
            y += round(size * 1.3)
        self.menu.draw(surface, text, ui(20))
