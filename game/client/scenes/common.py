"""Pieces shared by the menu-like scenes: a titled menu and a shaded modal frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from crowsnest.i18n import _, pgettext

from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import DONE, GOLD, INK, MUTED, RED, Button, Menu, TextEdit, fill, panel, shade


class MenuScene(Scene):
    """A title, an optional subtitle and a column of buttons.

    Subclasses fill `items`: (label, callback) pairs. BACK/MENU run `on_back`."""

    title = ""
    subtitle = ""
    modal = False  # drawn over the scene below, in a panel

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[str, Callable[[], None]]] = []
        self.menu = Menu([], self._press)

    @property
    def transparent(self) -> bool:  # type: ignore[override]
        return self.modal

    def set_items(self, items: list[tuple[str, Callable[[], None]]]) -> None:
        focus = self.menu.focus
        self.items = items
        self.menu = Menu([Button(label, i) for i, (label, _cb) in enumerate(items)], self._press)
        self.menu.focus = min(focus, max(0, len(items) - 1))
        self.resize(self.size)

    def _press(self, b: Button) -> None:
        self.items[b.value][1]()

    def on_back(self) -> None:
        if self.modal:
            self.close()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app or not self.items:
            return
        ui = self.app.ui
        w, h, gap = ui(320), ui(48), ui(12)
        total = len(self.items) * (h + gap) - gap
        y = size[1] // 2 - total // 2 + ui(50 if not self.modal else 30)
        self.menu.layout_column(size[0] // 2 - w // 2, y, w, h, gap)

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.on_back()
            return None
        out = self.menu.process_event(ev)
        if out is None or self.modal:
            return None  # a modal menu swallows everything
        return out

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.modal:
            shade(surface, 150)
        else:
            surface.blit(self.app.assets.table(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_menu(surface)

    def draw_menu(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        if self.modal and self.menu.buttons:
            first, last = self.menu.buttons[0].rect, self.menu.buttons[-1].rect
            box = pygame.Rect(0, 0, first.width + ui(80), last.bottom - first.top + ui(130))
            box.midbottom = (W // 2, last.bottom + ui(30))
            panel(surface, box, colour=(16, 28, 24, 250))
            text.draw(
                surface, _(self.title), ui(34), (W // 2, box.top + ui(40)), GOLD, True, "center"
            )
        else:
            text.draw(surface, _(self.title), ui(64), (W // 2, H * 0.2), GOLD, True, "center")
            if self.subtitle:
                text.draw(
                    surface,
                    _(self.subtitle),
                    ui(24),
                    (W // 2, H * 0.2 + ui(54)),
                    MUTED,
                    False,
                    "center",
                )
        self.menu.draw(surface, text, ui(24))


def draw_footer(scene: Scene, surface: pygame.Surface, message: str) -> None:
    ui = scene.app.ui
    W, H = surface.get_size()
    message = scene.app.text.fit(message, ui(18), W - ui(40))
    scene.app.text.draw(surface, message, ui(18), (W // 2, H - ui(22)), INK, False, "center")


class Row:
    """One line of a form: a label, a value, and what left/right/confirm do."""

    def __init__(
        self,
        label: str,
        value: Callable[[], str],
        change: Callable[[int], None] | None = None,
        activate: Callable[[], None] | None = None,
        edit: Callable[[str], None] | None = None,
        heading: bool = False,
        colour: tuple[int, int, int] = GOLD,
        note: Callable[[], str] | None = None,
        off: Callable[[], str] | None = None,
    ) -> None:
        self.colour = colour
        # a one-line explanation shown while the row has the focus, and (off) the reason
        # the row does not apply now: the row is then greyed and says why
        self.note, self.off = note, off
        self.label, self.value, self.change, self.activate, self.edit = (
            label,
            value,
            change,
            activate,
            edit,
        )
        self.heading = heading
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)

    @property
    def focusable(self) -> bool:
        return not self.heading


class FormScene(Scene):
    """A scrolling list of Rows plus a row of buttons at the bottom.

    Keyboard: up/down choose a row, left/right change it, Enter activates (or starts
    typing in a text row; Enter again ends). Mouse: click < or > (or the value, which
    steps forward), wheel scrolls. Buttons: Tab-free, reached by moving below the last row.
    """

    title = ""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.buttons: list[Button] = []
        self.focus = 0  # index into rows, then buttons
        self.scroll = 0
        self.editing: Row | None = None
        self.edit_box: TextEdit | None = None  # the text being typed into `editing`
        self.message = ""
        self._looks: tuple[Any, ...] = ()  # the size and text scale the rows were built for

    def build(self) -> None: ...

    def form_box(self, size: tuple[int, int]) -> tuple[int, int]:
        """The rows' column: its left edge and width (a screen that shows something
        beside its rows, Settings -> Look, narrows it)."""
        width = min(size[0] - self.app.ui(60), self.app.ui(900))
        return size[0] // 2 - width // 2, width

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))

    def rebuild(self) -> None:
        self.build()
        self.focus = min(self.focus, len(self.rows) + len(self.buttons) - 1)
        self.resize(self.size)

    def on_push(self) -> None:
        self.rebuild()
        if self.rows and not self.rows[self.focus].focusable:
            self._move(1)

    def language_changed(self) -> None:
        self.on_push()  # rows and buttons are made again in the new language

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app:
            return
        looks = (size, self.app.text.scale)
        if self.rows and looks != self._looks:
            self.build()  # rows wrapped to the width (a description, a plugin's line)
        self._looks = looks
        ui, text = self.app.ui, self.app.text
        W, H = size
        bw, bh, gap = ui(200), ui(48), ui(16)
        total = len(self.buttons) * (bw + gap) - gap
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(W // 2 - total // 2 + i * (bw + gap), H - ui(24) - bh, bw, bh)
        self.row_h = max(ui(38), text.fonts(ui(20)).get_linesize() + ui(8))
        self.top = ui(110)
        # under the rows: the "more below" line, then a band as tall as the longest
        # explanation (or message) needs, then the buttons: nothing shares a line
        self.hint_h = text.fonts(ui(15)).get_linesize()
        note_font = text.fonts(ui(17))
        # accented capitals and descenders (Å, ö, g) stand taller than the font's line
        self.note_step = max(note_font.get_linesize(), note_font.size("ÅÉÄgjç")[1])
        notes = [self.message] + [self._note(r) for r in self.rows]
        lines = max([1, *(len(self._wrap_note(n)) for n in notes if n)])
        self.note_h = lines * self.note_step
        bottom = (self.buttons[0].rect.top if self.buttons else H) - ui(8)
        room = bottom - self.note_h - self.hint_h - ui(16) - self.top
        self.visible_rows = max(3, room // self.row_h)
        self._place_rows()

    def _note(self, r: Row) -> str:
        """What a row means, or why it does not apply (then it is greyed)."""
        off = r.off() if r.off is not None else ""
        return off or (r.note() if r.note is not None else "")

    def _wrap_note(self, note: str) -> list[str]:
        x0, width = self.form_box(self.size)
        wide = width == min(self.size[0] - self.app.ui(60), self.app.ui(900))
        room = self.size[0] - self.app.ui(60) if wide else width
        lines: list[str] = self.app.text.wrap(note, self.app.ui(17), room)
        return lines

    def _place_rows(self) -> None:
        ui = self.app.ui
        x0, width = self.form_box(self.size)
        label_font, value_font = self.app.text.fonts(ui(20)), self.app.text.fonts(ui(20), True)
        for i, r in enumerate(self.rows):
            y = self.top + (i - self.scroll) * self.row_h
            r.rect = pygame.Rect(x0, y, width, self.row_h - ui(4))
            vx = x0 + width * 45 // 100
            if not r.heading:
                # a long value ("as the game says (...)") takes room from a short label
                need = value_font.size(r.value())[0] + 2 * ui(36) + ui(8)
                if need > x0 + width - vx:
                    label_end = x0 + ui(24) + label_font.size(r.label)[0]
                    vx = max(label_end, x0 + width - need)
            r.left = pygame.Rect(vx, y, ui(36), self.row_h - ui(4))
            r.right = pygame.Rect(x0 + width - ui(36), y, ui(36), self.row_h - ui(4))

    def _move(self, step: int) -> None:
        n = len(self.rows) + len(self.buttons)
        i = self.focus
        for _step in range(n):
            i = (i + step) % n
            if i >= len(self.rows) or self.rows[i].focusable:
                self.focus = i
                break
        if self.focus < len(self.rows):
            if self.focus < self.scroll:
                self.scroll = self.focus
            elif self.focus >= self.scroll + self.visible_rows:
                self.scroll = self.focus - self.visible_rows + 1
            self._place_rows()

    def on_back(self) -> None:
        self.close()

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if self.editing is not None and self.edit_box is not None:
            # typing a name: letters arrive as TEXT; only the raw editing keys count here
            # (a letter bound to an action, such as P for the menu, is just a letter)
            got = self.edit_box.key(ev)
            if got is not None:
                if got == DONE and self.editing.edit is not None:
                    self.editing.edit(self.edit_box.text)
                self.editing, self.edit_box = None, None
                pygame.key.stop_text_input()
                self.rebuild()
            return None
        if a in (Act.MENU, Act.BACK, Act.ALT_CLICK):
            self.on_back()
            return None
        if a is Act.UP:
            self._move(-1)
        elif a is Act.DOWN:
            self._move(1)
        elif a in (Act.LEFT, Act.RIGHT):
            if self.focus < len(self.rows):
                r = self.rows[self.focus]
                if r.change:
                    r.change(-1 if a is Act.LEFT else 1)
                    self.rebuild()
            else:
                self._move(-1 if a is Act.LEFT else 1)
        elif a in (Act.CONFIRM, Act.SELECT):
            self._activate(self.focus)
        elif a is Act.SCROLL:
            self.scroll = max(
                0, min(self.scroll - ev.index, max(0, len(self.rows) - self.visible_rows))
            )
            self._place_rows()
        elif a in (Act.POINT, Act.CLICK) and ev.pos is not None:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(ev.pos):
                    self.focus = len(self.rows) + i
                    if a is Act.CLICK:
                        self._activate(self.focus)
                    return None
            for i, r in enumerate(self.rows):
                if not r.focusable or not (self.scroll <= i < self.scroll + self.visible_rows):
                    continue
                if r.rect.collidepoint(ev.pos):
                    self.focus = i
                    if a is Act.CLICK:
                        if r.change and r.left.collidepoint(ev.pos):
                            r.change(-1)
                            self.rebuild()
                        elif r.change and r.right.collidepoint(ev.pos):
                            r.change(1)
                            self.rebuild()
                        elif r.activate is not None or r.edit is not None:
                            self._activate(i)
                        # a click on a value row's label only focuses it: the arrows
                        # (or Left/Right) change the value, never a stray click
                    return None
        return None

    def _activate(self, i: int) -> None:
        if i >= len(self.rows):
            b = self.buttons[i - len(self.rows)]
            if b.enabled:
                b.value()
            return
        r = self.rows[i]
        if r.edit is not None:
            self.editing, self.edit_box = r, TextEdit(r.value())  # all selected
            pygame.key.start_text_input()
        elif r.activate is not None:
            r.activate()
            self.rebuild()
        elif r.change is not None:
            r.change(1)
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        ui, text = self.app.ui, self.app.text
        bx, bw = self.form_box(surface.get_size())
        W = 2 * bx + bw  # centred on the rows' column
        text.draw(surface, _(self.title), ui(44), (W // 2, ui(50)), GOLD, True, "center")
        if self.rows:
            first = self.rows[0].rect
            box = pygame.Rect(
                first.left - ui(16),
                self.top - ui(10),
                first.width + ui(32),
                self.visible_rows * self.row_h + ui(16),
            )
            panel(surface, box)
        for i, r in enumerate(self.rows):
            if not (self.scroll <= i < self.scroll + self.visible_rows):
                continue
            focused = i == self.focus
            if focused:
                fill(surface, r.rect, (70, 100, 86), 6)
                pygame.draw.rect(surface, GOLD, r.rect, 2, border_radius=6)
            if r.heading:
                text.draw(
                    surface,
                    r.label,
                    ui(21),
                    (r.rect.left + ui(8), r.rect.centery),
                    r.colour,
                    True,
                    "midleft",
                )
                continue
            off = r.off() if r.off is not None else ""
            # a long label in a narrow column (Settings -> Look in French) gives way
            # before the value's arrows: smaller type, never under the "<"
            label_room = (r.left.left if r.change else r.rect.right) - r.rect.left - ui(16)
            text.draw(
                surface,
                r.label,
                text.shrink(r.label, ui(20), label_room, False, ui(14)),
                (r.rect.left + ui(12), r.rect.centery),
                MUTED if off else INK,
                False,
                "midleft",
            )
            val = r.value()
            if self.editing is r and self.edit_box is not None:
                mid = (r.left.right + r.right.left) // 2
                self.edit_box.draw(surface, text, ui(20), (mid, r.rect.centery))
                continue
            if r.edit is not None and focused:
                val += (
                    "   " + _("(Enter to type)")
                    if r.change is None
                    else "  " + _("(< > names, Enter types)")
                )
            if r.change:
                text.draw(surface, "<", ui(24), r.left.center, GOLD, True, "center")
                text.draw(surface, ">", ui(24), r.right.center, GOLD, True, "center")
            mid = (r.left.right + r.right.left) // 2
            colour = GOLD if self.editing is r else MUTED if off else INK
            room = r.right.left - r.left.right - ui(4)
            size = text.shrink(val, ui(20), room, True, ui(15))
            lines = [val]
            if text.fonts(size, True).size(val)[0] > room:
                lines = text.wrap(val, size, room, True)  # two lines where the row has room
                if len(lines) * text.fonts(size, True).get_linesize() > r.rect.height:
                    lines = [text.fit(val, size, room, True)]
            step = text.fonts(size, True).get_linesize()
            y = r.rect.centery - step * (len(lines) - 1) // 2
            for ln in lines:
                text.draw(surface, ln, size, (mid, y), colour, True, "center")
                y += step
        if self.scroll > 0:
            text.draw(
                surface,
                _("more above"),
                ui(15),
                (W // 2, self.top - ui(22)),
                MUTED,
                False,
                "center",
            )
        below = self.top + self.visible_rows * self.row_h + ui(6)
        if self.scroll + self.visible_rows < len(self.rows):
            hint = _("more below (scroll or arrow down)")
            text.draw(surface, hint, ui(15), (W // 2, below), MUTED, False, "midtop")
        for i, b in enumerate(self.buttons):
            b.draw(surface, text, ui(22), self.focus == len(self.rows) + i)
        # the message, else what the focused row means or why it does not apply
        # (greyed): whole sentences, wrapped, in the band above the buttons
        focused_row = self.rows[self.focus] if self.focus < len(self.rows) else None
        off = focused_row.off() if focused_row and focused_row.off is not None else ""
        if self.message:
            note, colour = self.message, GOLD
        else:
            note = self._note(focused_row) if focused_row is not None else ""
            colour = RED if off else MUTED
        if note:
            if len(self._wrap_note(note)) * self.note_step > self.note_h:
                self.resize(self.size)  # a long message: the rows make room for it
                below = self.top + self.visible_rows * self.row_h + ui(6)
            y = below + self.hint_h + ui(4)
            for ln in self._wrap_note(note):
                text.draw(surface, ln, ui(17), (W // 2, y), colour, False, "midtop")
                y += self.note_step


class ConfirmScene(Scene):
    """A question over the screen below with Yes/No buttons (No has the focus)."""

    transparent = True

    def __init__(self, question: str, yes: str, on_yes: Callable[[], None]) -> None:
        super().__init__()
        self.question = question
        self.on_yes = on_yes
        self.menu = Menu([Button(yes, True), Button(_("Cancel"), False)], self._press)
        self.menu.focus = 1

    def _press(self, b: Button) -> None:
        self.close()
        if b.value:
            self.on_yes()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            w, h, gap = ui(180), ui(48), ui(20)
            x = size[0] // 2 - w - gap // 2
            for i, b in enumerate(self.menu.buttons):
                b.rect = pygame.Rect(x + i * (w + gap), size[1] // 2 + ui(30), w, h)
            self.menu.columns = 2

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.close()
        else:
            self.menu.process_event(ev)
        return None  # modal

    def draw(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        shade(surface, 160)
        box = pygame.Rect(0, 0, min(W - ui(40), ui(640)), ui(220))
        box.center = (W // 2, H // 2)
        panel(surface, box, colour=(16, 28, 24, 250))
        lines = text.wrap(self.question, ui(22), box.width - ui(40), True)[:3]
        y = box.top + ui(30)
        for line in lines:
            text.draw(surface, line, ui(22), (W // 2, y), INK, True, "midtop")
            y += ui(28)
        self.menu.draw(surface, text, ui(22))


class NameScene(Scene):
    """Asks for a name over the screen below (a save's): a text box with the default
    already selected (typing replaces it, Enter keeps it), OK and Cancel."""

    transparent = True

    def __init__(self, question: str, default: str, on_done: Callable[[str], None]) -> None:
        super().__init__()
        self.question = question
        self.box = TextEdit(default)
        self.on_done = on_done
        self.menu = Menu([Button(_("OK"), True), Button(_("Cancel"), False)], self._press)
        self.menu.columns = 2

    def _press(self, b: Button) -> None:
        self._finish(DONE if b.value else "")

    def _finish(self, how: str) -> None:
        pygame.key.stop_text_input()
        self.close()
        name = self.box.text.strip()
        if how == DONE and name:
            self.on_done(name)

    def on_push(self) -> None:
        pygame.key.start_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            w, h, gap = ui(180), ui(48), ui(20)
            x = size[0] // 2 - w - gap // 2
            for i, b in enumerate(self.menu.buttons):
                b.rect = pygame.Rect(x + i * (w + gap), size[1] // 2 + ui(40), w, h)

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.CLICK, Act.POINT) and ev.pos is not None:
            if any(b.rect.collidepoint(ev.pos) for b in self.menu.buttons):
                self.menu.process_event(ev)
            return None
        got = self.box.key(ev)
        if got is not None:
            self._finish(got)
        return None  # modal

    def draw(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        shade(surface, 160)
        box = pygame.Rect(0, 0, min(W - ui(40), ui(640)), ui(250))
        box.center = (W // 2, H // 2)
        panel(surface, box, colour=(16, 28, 24, 250))
        line = text.fit(self.question, ui(22), box.width - ui(40), True)
        text.draw(surface, line, ui(22), (W // 2, box.top + ui(24)), INK, True, "midtop")
        field = pygame.Rect(box.left + ui(24), box.top + ui(70), box.width - ui(48), ui(44))
        pygame.draw.rect(surface, (8, 16, 14), field, border_radius=6)
        pygame.draw.rect(surface, GOLD, field, 2, border_radius=6)
        size = text.shrink(self.box.text, ui(21), field.width - ui(20), True, ui(15))
        self.box.draw(surface, text, size, (field.left + ui(10), field.centery), anchor="midleft")
        hint = text.fit(_("Enter saves, Esc cancels"), ui(16), box.width - ui(40))
        text.draw(surface, hint, ui(16), (W // 2, field.bottom + ui(6)), MUTED, False, "midtop")
        self.menu.draw(surface, text, ui(22))


def level_word(level: str) -> str:
    """An AI level's name for the screen; a level a plugin added shows as it is named."""
    words = {
        "random": pgettext("AI level", "random"),
        "easy": pgettext("AI level", "easy"),
        "normal": pgettext("AI level", "normal"),
        "hard": pgettext("AI level", "hard"),
    }
    return words.get(level, level)
