"""Settings -> Look: the table as the player likes it. Contrast, Grain and Colour
temperature (0 to 100, 50 the table's own look), the felt and the card backs, colour
help, portraits and the small celebrations. Every change is shown at once on the table
beside the rows (the running table when there is one, else a sample of one) and saved
to the config's [look] table."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

import pygame
from crowsnest.i18n import N_, _, ngettext, pgettext
from crowsnest.records.seats import computer_name, display_name

from ..palette import BACK_STYLES, FELTS, SUIT_COLOUR_CHOICES
from ..tone import NEUTRAL
from ..widgets import GOLD, INK, MUTED, TEAM_COLOURS, Button, panel
from .common import FormScene, Row

SLIDER_STEP = 5


def felt_word(name: str) -> str:
    return {
        "": pgettext("felt", "the game's own"),
        "green": pgettext("felt", "Green"),
        "blue": pgettext("felt", "Blue"),
        "burgundy": pgettext("felt", "Burgundy"),
        "walnut": pgettext("felt", "Walnut"),
        "night": pgettext("felt", "Night (dark)"),
        "linen": pgettext("felt", "Linen (light)"),
    }.get(name, name)


def suit_colour_word(name: str) -> str:
    return {
        "": pgettext("suit colour", "as the pack has it"),
        "black": pgettext("suit colour", "black"),
        "red": pgettext("suit colour", "red"),
        "blue": pgettext("suit colour", "blue"),
        "green": pgettext("suit colour", "green"),
        "orange": pgettext("suit colour", "orange"),
        "purple": pgettext("suit colour", "purple"),
        "brown": pgettext("suit colour", "brown"),
        "teal": pgettext("suit colour", "teal"),
    }.get(name, name)


def back_word(name: str) -> str:
    return {
        "": pgettext("card back", "the game's own"),
        "default": pgettext("card back", "Blue"),
        "red": pgettext("card back", "Red"),
        "green": pgettext("card back", "Green"),
        "purple": pgettext("card back", "Purple"),
        "teal": pgettext("card back", "Teal rings"),
        "black": pgettext("card back", "Black stripes"),
    }.get(name, name)


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


class LookScene(FormScene):
    title = N_("Look")

    def on_push(self) -> None:
        self.buttons = [
            Button(_("Done"), self.close),
            Button(pgettext("look", "Reset"), self.reset),
        ]
        super().on_push()

    # -- the rows
    def build(self) -> None:
        self.rows = [
            self._slider(_("Contrast"), "contrast"),
            self._slider(_("Grain"), "grain"),
            self._slider(_("Colour temperature"), "warmth", self._warmth_word),
            self._choice(
                _("Felt"),
                "felt",
                ["", *FELTS],
                felt_word,
                _("A game that brings its own felt shows it; the others show green"),
            ),
            self._choice(
                _("Card backs"),
                "back",
                ["", *BACK_STYLES],
                back_word,
                _("A game that brings its own back shows it; the others show blue"),
            ),
            Row(_("Colours"), lambda: "", heading=True),
            self._toggle(
                _("Colour-blind colours"),
                "colour_blind",
                _("Games that offer it draw their suits without the red-green pair"),
            ),
            *(self._suit_row(key, label) for key, label in self._suit_labels()),
            Row(_("At the table"), lambda: "", heading=True),
            self._toggle(
                _("Celebrate the end of a match"),
                "celebrate",
                _("Confetti for a win, a gentler goodbye for a loss; never at speed 0"),
            ),
            self._toggle(
                _("Your-turn chime"),
                "turn_chime",
                _("A soft chime when your turn comes after the computers played"),
            ),
        ]

    def _slider(self, label: str, key: str, word=None) -> Row:  # type: ignore[no-untyped-def]
        def value() -> str:
            v = getattr(self.app.prefs.look, key)
            extra = word(v) if word else ""
            # TRANSLATORS: a Look slider's value and its word: "70 (warm)"
            return _("{number} ({word})").format(number=v, word=extra) if extra else str(v)

        def change(d: int) -> None:
            v = getattr(self.app.prefs.look, key)
            self._set(**{key: max(0, min(100, v + d * SLIDER_STEP))})

        return Row(label, value, change, note=lambda: _("50 is the table's own look"))

    def _choice(self, label: str, key: str, names: list[str], word, note: str) -> Row:  # type: ignore[no-untyped-def]
        def change(d: int) -> None:
            cur = getattr(self.app.prefs.look, key)
            i = names.index(cur) if cur in names else 0
            self._set(**{key: names[(i + d) % len(names)]})

        return Row(
            label, lambda: word(getattr(self.app.prefs.look, key)), change, note=lambda: note
        )

    def _toggle(self, label: str, key: str, note: str) -> Row:
        def flip(d: int) -> None:
            self._set(**{key: not getattr(self.app.prefs.look, key)})

        return Row(
            label, lambda: on_off(getattr(self.app.prefs.look, key)), flip, note=lambda: note
        )

    @staticmethod
    def _suit_labels() -> list[tuple[str, str]]:
        return [
            ("S", _("Spades colour")),
            ("H", _("Hearts colour")),
            ("D", _("Diamonds colour")),
            ("C", _("Clubs colour")),
        ]

    def _suit_row(self, key: str, label: str) -> Row:
        """A standard suit's colour: as the pack has it, or one of the readable choices
        (a colour from the config is shown by its code)."""
        names = ["", *SUIT_COLOUR_CHOICES]
        codes = {n: "#" + bytes(c).hex() for n, c in SUIT_COLOUR_CHOICES.items()}

        def current() -> str:
            code = self.app.prefs.look.suit_colours.get(key, "")
            return next((n for n, c in codes.items() if c == code), code)

        def value() -> str:
            cur = current()
            return suit_colour_word(cur) if cur in names else cur

        def change(d: int) -> None:
            cur = current()
            i = names.index(cur) if cur in names else 0
            pick = names[(i + d) % len(names)]
            colours = dict(self.app.prefs.look.suit_colours)
            if pick:
                colours[key] = codes[pick]
            else:
                colours.pop(key, None)
            self._set(suit_colours=MappingProxyType(colours))

        return Row(label, value, change, note=lambda: _("Every choice stays readable on the cards"))

    @staticmethod
    def _warmth_word(v: int) -> str:
        if v < NEUTRAL:
            return pgettext("colour temperature", "cool")
        if v > NEUTRAL:
            return pgettext("colour temperature", "warm")
        return ""

    def _set(self, **changes: Any) -> None:
        p = self.app.prefs
        p.look = dataclasses.replace(p.look, **changes)
        self.app.apply_looks()
        self.app.save_prefs()

    def reset(self) -> None:
        self._set(contrast=NEUTRAL, grain=NEUTRAL, warmth=NEUTRAL)
        self.message = _("Contrast, grain and colour temperature are back at 50")
        self.rebuild()

    # -- where things go: the rows in a column on the right, the table on the left
    def form_box(self, size: tuple[int, int]) -> tuple[int, int]:
        ui = self.app.ui
        width = max(ui(360), min(ui(520), size[0] * 44 // 100))
        # the longest label must end before the values' column (45% in): a small window
        # gives the rows more of its width, the table keeps at least a third
        font = self.app.text.fonts(ui(20))
        longest = max((font.size(r.label)[0] for r in self.rows if not r.heading), default=0)
        width = min(max(width, longest * 100 // 43 + ui(30)), size[0] * 64 // 100)
        return size[0] - width - ui(20), width

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app or not self.buttons:
            return
        x0, width = self.form_box(size)
        gap = self.app.ui(12)
        bw = (width - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, b in enumerate(self.buttons):
            b.rect.width = bw
            b.rect.x = x0 + i * (bw + gap)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        table = None
        for s in reversed(self.app.stack.scenes):
            if getattr(s, "hides_table", False):
                break  # the hot-seat screen is up: the table's hand is nobody's to see
            if hasattr(s, "session") and s is not self:
                table = s
                break
        if table is not None:
            table.draw(surface)  # the running table, in the new look
        else:
            self.draw_sample(surface)
        # the rows' column on a panel of its own (the table stays visible beside it)
        x0, width = self.form_box(surface.get_size())
        ui = self.app.ui
        column = (x0 - ui(12), ui(10), width + ui(24), surface.get_height() - ui(20))
        panel(surface, column, colour=(16, 28, 24, 255))  # the table must not show through

    def draw_sample(self, surface: pygame.Surface) -> None:
        """A sample table: the felt, a plate, a fanned hand and a face-down pile."""
        assets, ui, text = self.app.assets, self.app.ui, self.app.text
        surface.blit(assets.table(surface.get_size()), (0, 0))
        x0, _w = self.form_box(surface.get_size())
        room = x0 - ui(40)
        H = surface.get_height()
        cx = ui(20) + room // 2
        # a plate, as at the table
        plate = pygame.Rect(0, 0, min(room - ui(20), ui(260)), ui(64))
        plate.midtop = (cx, ui(40))
        panel(surface, plate, edge=(70, 90, 80))
        pygame.draw.rect(
            surface,
            TEAM_COLOURS[1],
            (plate.x + 3, plate.y + 3, ui(6), plate.h - 6),
            border_radius=3,
        )
        # the seat's portrait and its computer's name, as the table's plates show them
        side = plate.h - ui(14)
        surface.blit(assets.portrait(1, side), (plate.x + ui(14), plate.y + ui(7)))
        tx = plate.x + ui(22) + side
        name = display_name(computer_name(1, self.app.prefs.look.names))
        text.draw(surface, name, ui(18), (tx, plate.y + ui(6)), INK, True)
        line = ngettext("{count} card", "{count} cards", 13).format(count=13)
        text.draw(surface, line, ui(15), (tx, plate.y + ui(32)), MUTED)
        # a pile of backs and a hand of faces
        assets.set_card_height(max(ui(60), min(ui(150), H // 5)))
        back = assets.card_back()
        for i in range(5):
            surface.blit(back, back.get_rect(center=(cx - i * 2, H * 2 // 5 - i * 2)))
        cards = [("A", "S"), ("K", "H"), ("Q", "D"), ("J", "C"), ("T", "H"), ("9", "S")]
        w, h = assets.card_size
        step = min(w * 2 // 3, max(ui(10), (room - w) // max(1, len(cards) - 1)))
        x = cx - (step * (len(cards) - 1) + w) // 2
        y = H - h - ui(30)
        for rank, suit in cards:
            surface.blit(assets.face(rank, suit), (x, y))
            x += step
        text.draw(surface, _("Your turn"), ui(20), (cx, y - ui(24)), GOLD, True, "center")
