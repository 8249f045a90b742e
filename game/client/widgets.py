"""Drawing helpers and the few widgets every scene shares: cached text, panels,
buttons and a keyboard/mouse menu. Colours live here so every screen matches."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
from crowsnest import i18n

from . import tone
from .input import Act, InputEvent
from .palette import contrast_ratio, get_font, wants_cjk

Colour = tuple[int, ...]  # RGB or RGBA
RectLike = pygame.Rect | tuple[int, int, int, int]

INK = (246, 240, 226)
MUTED = (190, 196, 186)
GOLD = (244, 200, 86)
RED = (236, 98, 86)
PANEL = (16, 28, 24, 226)
PANEL_EDGE = (244, 200, 86)
BUTTON = (44, 64, 56)
BUTTON_HOT = (78, 112, 96)
BUTTON_OFF = (40, 46, 44)
BUTTON_CHOSEN = (120, 96, 36)  # a picked amount: gold-brown, unlike focus
SHADE = (0, 0, 0, 150)
TEAM_COLOURS = [
    (86, 160, 236),
    (236, 120, 86),
    (150, 210, 110),
    (210, 140, 230),
    (240, 210, 90),
    (120, 220, 210),
]


MIN_TEXT_PX = 14


class TextCache:
    """Rendered text surfaces, keyed by everything that changes the pixels. Text is the
    most common thing a frame draws; rendering it once keeps frames cheap."""

    def __init__(self, fonts: Callable[[int, bool], pygame.font.Font]) -> None:
        self._fonts = fonts
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self.scale = 1.0  # the player's text size (Settings): every size grows with it
        # a dark outline round every word, where the felt is light (Assets.text_outline)
        self.outline_of: Callable[[], Colour | None] | None = None

    def set_scale(self, scale: float) -> None:
        if scale != self.scale:
            self.scale = scale
            self._cache.clear()

    def px(self, size: int) -> int:
        """The size text of `size` is drawn at: the player's text size applied, and
        never below the smallest readable size."""
        # below 14 px the default font's hinting runs letters together ("card s",
        # "9cards") in an 800x600 window: small text is never drawn smaller
        return max(round(size * self.scale), MIN_TEXT_PX)

    def fonts(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self._fonts(self.px(size), bold)

    def render(
        self, text: str, size: int, colour: Colour = INK, bold: bool = False
    ) -> pygame.Surface:
        outline = self.outline_of() if self.outline_of is not None else None
        # a language switch may change the font: the revision is part of the key
        key = (text, size, colour, bold, outline, i18n.revision())
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > 3000:
                self._cache.clear()
            font = self.fonts(size, bold)
            if wants_cjk(text) and not wants_cjk():  # "简体中文" in the language picker
                font = get_font(self.px(size), bold, cjk=True)
            s = font.render(text, True, colour)
            if outline is not None:
                s = _outlined(font.render(text, True, outline), s)
            self._cache[key] = s
        return s

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        pos: tuple[float, float],
        colour: Colour = INK,
        bold: bool = False,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        s = self.render(text, size, colour, bold)
        r = s.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(s, r)
        return r

    def shrink(self, text: str, size: int, width: int, bold: bool = False, least: int = 0) -> int:
        """The largest size from `size` down to `least` at which `text` is at most
        `width` pixels wide (`least` when none is): big titles give way to long names."""
        while size > max(1, least) and self.fonts(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """`text`, cut with "..." so that it is at most `width` pixels wide."""
        font = self.fonts(size, bold)
        if font.size(text)[0] <= width:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid] + "...")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "..."

    def wrap_hard(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """`wrap`, and a word wider than the line (a long name) broken between letters."""
        return self.wrap(text, size, width, bold, hard=True)

    def wrap(
        self, text: str, size: int, width: int, bold: bool = False, hard: bool = False
    ) -> list[str]:
        """`text` in lines at most `width` wide: broken at spaces and, in Chinese, between
        characters (written without spaces), never before a closing mark ("，", "。",
        "）") nor after an opening one ("（", "“"). `hard`: a word wider than a line is
        broken between its letters, the rest filling the next line."""
        font = self.fonts(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            cur = ""
            for sep, unit in break_units(para):
                if hard and len(unit) > 1 and font.size(unit)[0] > width:
                    # a word wider than any line starts a line of its own and is broken
                    # between letters; its last piece goes on filling that line
                    if cur:
                        lines.append(cur)
                    cur = ""
                    for ch in unit:
                        if cur and font.size(cur + ch)[0] > width:
                            lines.append(cur)
                            cur = ""
                        cur += ch
                    continue
                trial = unit if not cur else cur + sep + unit
                if font.size(trial)[0] <= width or not cur:
                    cur = trial
                else:
                    lines.append(cur)
                    cur = unit
            lines.append(cur)
        return lines


def _outlined(dark: pygame.Surface, words: pygame.Surface) -> pygame.Surface:
    """Words on a copy of themselves in a dark colour, shifted round them (a ring as
    thick as a twelfth of the line, at least 1 px): readable on any light felt. The
    surface keeps the words' size so every layout measurement stays true."""
    r = max(1, dark.get_height() // 12)
    out = pygame.Surface(words.get_size(), pygame.SRCALPHA)
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if dx or dy:
                out.blit(dark, (dx, dy))
    out.blit(words, (0, 0))
    return out


# Line breaking without spaces (Chinese): a break may fall between any two CJK characters
# except before these closing marks or after these opening ones (the common kinsoku rules).
NO_LINE_START = frozenset("，。、：；！？）」』】〕》〉”’…‥·％,.:;!?)]}%")
NO_LINE_END = frozenset("（「『【〔《〈“‘([{")


def _is_cjk(ch: str) -> bool:
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef"


def break_units(para: str) -> list[tuple[str, str]]:
    """(separator, unit) pairs of one paragraph: the pieces a line may be broken between
    and what joins each to the one before on the same line (the spaces, or nothing
    between CJK characters). Text without CJK breaks at spaces only, as ever."""
    if not any(_is_cjk(ch) for ch in para):
        words = para.split(" ")
        return [("" if i == 0 else " ", w) for i, w in enumerate(words)]
    units: list[tuple[str, str]] = []
    buf, sep = "", ""

    def add(piece: str) -> None:
        nonlocal sep
        glued = units and not sep and (piece[0] in NO_LINE_START or units[-1][1][-1] in NO_LINE_END)
        if glued:
            units[-1] = (units[-1][0], units[-1][1] + piece)
        else:
            units.append((sep, piece))
        sep = ""

    for ch in para:
        if ch == " ":
            if buf:
                add(buf)
                buf = ""
            sep += " "
        elif _is_cjk(ch):
            if buf:
                add(buf)
                buf = ""
            add(ch)
        else:
            buf += ch
    if buf:
        add(buf)
    if sep and units:  # trailing spaces stay on the line, as split(" ") kept them
        units[-1] = (units[-1][0], units[-1][1] + sep)
    return units or [("", "")]


_panel_cache: dict[tuple[Any, ...], pygame.Surface] = {}


def panel(
    surface: pygame.Surface,
    rect: RectLike,
    colour: Colour = PANEL,
    edge: Colour | None = PANEL_EDGE,
    radius: int = 10,
) -> None:
    r = pygame.Rect(rect)
    # the table layer takes the Look's tone; text does not
    edge = tone.chrome(edge) if edge else edge
    surface.blit(_cloth(r.size, tone.chrome(colour), edge, radius), r)


def fill(surface: pygame.Surface, rect: RectLike, colour: Colour, radius: int = 8) -> None:
    """A button's (or a focused row's) face in the running tone: its colour toned and,
    above 50, the Look's grain on it like the panels' cloth. The grained face is made
    once per size, colour and grain (a still table blits it: nothing new per frame);
    at 50 or below it is the plain rounded rectangle it always was."""
    r = pygame.Rect(rect)
    colour = _face(tone.chrome(colour))
    if tone.current().grain <= tone.NEUTRAL or r.w <= 0 or r.h <= 0:
        pygame.draw.rect(surface, colour, r, border_radius=radius)
        return
    surface.blit(_cloth(r.size, colour, None, radius), r)


_faces: dict[tuple[Colour, int], Colour] = {}


def _face(colour: Colour) -> Colour:
    """A face its words (INK: words are never toned) keep 4.5:1 on, its lightest grain
    included: a low contrast or a warm Look lifts the chrome towards the words, so the
    face is darkened in steps, its hue kept (remembered; at 50 every face already reads)."""
    amp = tone.panel_grain()
    got = _faces.get((colour, amp))
    if got is None:
        c = colour[:3]
        while contrast_ratio(INK, tuple(min(255, x + amp) for x in c)) < 4.5 and max(c) > 0:
            c = tuple(max(0, round(x * 0.94)) for x in c)
        got = _faces[(colour, amp)] = c + tuple(colour[3:])
    return got


def _cloth(
    size: tuple[int, int], colour: Colour, edge: Colour | None, radius: int
) -> pygame.Surface:
    """A rounded panel or face of toned colours, with the running grain (cached)."""
    key = (size, colour, edge, radius, tone.current().grain)
    s = _panel_cache.get(key)
    if s is None:
        if len(_panel_cache) > 200:
            _panel_cache.clear()
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
        tone.grain_panel(s)  # a coarse Look grains the panels' cloth too (cached)
        if edge:
            pygame.draw.rect(s, edge, s.get_rect(), 2, border_radius=radius)
        _panel_cache[key] = s
    return s


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    key = ("shade", surface.get_size(), alpha)
    s = _panel_cache.get(key)
    if s is None:
        s = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        s.fill((0, 0, 0, alpha))
        _panel_cache[key] = s
    surface.blit(s, (0, 0))


@dataclass
class Button:
    label: str
    value: Any = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    colour: tuple[int, int, int] | None = None  # a swatch (trump colours)
    glyph: str = ""
    hint: bool = False  # highlighted by the hint
    icon: pygame.Surface | None = None  # a suit glyph drawn in the swatch (colour-blind safe)
    chosen: bool = False  # picked, waiting for a confirming button (a bid's amount)

    def draw(self, surface: pygame.Surface, text: TextCache, size: int, focused: bool) -> None:
        hot = (focused or self.chosen) and self.enabled
        base = BUTTON_CHOSEN if self.chosen else BUTTON_HOT if hot else BUTTON
        if not self.enabled:
            base = BUTTON_OFF
        fill(surface, self.rect, base)
        ring = focused or self.hint or self.chosen
        edge = GOLD if ring else tone.chrome((90, 110, 100))
        pygame.draw.rect(surface, edge, self.rect, 3 if ring else 1, border_radius=8)
        colour = INK if self.enabled else (120, 124, 120)
        # a label wider than its button (many bids in a small window) is drawn smaller
        room = self.rect.width - 10 - (self.rect.height if self.colour is not None else 0)
        while size > 9 and text.fonts(size, True).size(self.label)[0] > room:
            size -= 1
        if self.colour is not None:
            sw = self.rect.height - 14
            sr = pygame.Rect(self.rect.x + 8, self.rect.y + 7, sw, sw)
            if self.icon is not None:
                pygame.draw.rect(surface, (250, 248, 240), sr, border_radius=5)
                pygame.draw.rect(surface, self.colour, sr, 2, border_radius=5)
                surface.blit(self.icon, self.icon.get_rect(center=sr.center))
            else:
                pygame.draw.rect(surface, self.colour, sr, border_radius=5)
                pygame.draw.rect(surface, (250, 250, 250), sr, 1, border_radius=5)
            if self.glyph:
                text.draw(
                    surface, self.glyph, round(sw * 0.7), sr.center, (255, 255, 255), True, "center"
                )
            text.draw(
                surface,
                self.label,
                size,
                (sr.right + 8, self.rect.centery),
                colour,
                True,
                "midleft",
            )
        else:
            text.draw(surface, self.label, size, self.rect.center, colour, True, "center")


class Menu:
    """A list of buttons driven by keyboard (up/down/left/right, confirm, number keys)
    and mouse (hover focuses, click presses). `on_press(button)` is called."""

    def __init__(
        self, buttons: list[Button], on_press: Callable[[Button], None], columns: int = 1
    ) -> None:
        self.buttons = buttons
        self.on_press = on_press
        self.columns = max(1, columns)
        self.focus = next((i for i, b in enumerate(buttons) if b.enabled), 0)

    def layout_column(self, x: int, y: int, w: int, h: int, gap: int) -> None:
        self.columns = 1
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(x, y + i * (h + gap), w, h)

    def layout_grid(self, rect: pygame.Rect, columns: int, h: int, gap: int) -> None:
        self.columns = max(1, min(columns, len(self.buttons)))
        w = (rect.width - gap * (self.columns - 1)) // self.columns
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, self.columns)
            b.rect = pygame.Rect(rect.x + c * (w + gap), rect.y + r * (h + gap), w, h)

    def _move(self, step: int) -> None:
        n = len(self.buttons)
        if not n:
            return
        i = self.focus
        for _ in range(n):
            i = (i + step) % n
            if self.buttons[i].enabled:
                self.focus = i
                return

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if not self.buttons:
            return ev
        if ev.act in (Act.DOWN, Act.RIGHT):
            self._move(self.columns if ev.act is Act.DOWN and self.columns > 1 else 1)
            return None
        if ev.act in (Act.UP, Act.LEFT):
            self._move(-self.columns if ev.act is Act.UP and self.columns > 1 else -1)
            return None
        if ev.act is Act.CONFIRM:
            b = self.buttons[self.focus]
            if b.enabled:
                self.on_press(b)
            return None
        if ev.act is Act.SELECT_CARD and 1 <= ev.index <= len(self.buttons):
            b = self.buttons[ev.index - 1]
            if b.enabled:
                self.focus = ev.index - 1
                self.on_press(b)
            return None
        if ev.act in (Act.POINT, Act.CLICK) and ev.pos is not None:
            for i, b in enumerate(self.buttons):
                if b.enabled and b.rect.collidepoint(ev.pos):
                    self.focus = i
                    if ev.act is Act.CLICK:
                        self.on_press(b)
                    return None
            return ev
        return ev

    def draw(
        self, surface: pygame.Surface, text: TextCache, size: int, show_focus: bool = True
    ) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, text, size, show_focus and i == self.focus)


DONE, CANCEL = "done", "cancel"


class TextEdit:
    """A line of text being typed (a seat name, a save's name), as a text box behaves:
    opening it selects the whole text, so typing replaces it; Ctrl+A selects all,
    Ctrl+U or Delete on a selection clears; Left/Right/Home/End move (Shift selects,
    Ctrl by words); Backspace/Delete (Ctrl: a word); Ctrl+C/X/V copy, cut and paste.
    `key()` takes every event while typing and answers DONE (Enter, Tab, a click),
    CANCEL (Esc, a right click) or None."""

    def __init__(self, text: str, limit: int = 60) -> None:
        self.limit = limit
        self.text = text[:limit]
        self.cursor = len(self.text)
        self.anchor = 0  # the selection's other end; == cursor when nothing is selected

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    @property
    def selected(self) -> str:
        lo, hi = self.selection
        return self.text[lo:hi]

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.text)

    def insert(self, typed: str) -> None:
        typed = "".join(ch for ch in typed if ch.isprintable())
        lo, hi = self.selection
        room = self.limit - (len(self.text) - (hi - lo))
        typed = typed[: max(0, room)]
        self.text = self.text[:lo] + typed + self.text[hi:]
        self.cursor = self.anchor = lo + len(typed)

    def _word_left(self, i: int) -> int:
        while i > 0 and self.text[i - 1].isspace():
            i -= 1
        while i > 0 and not self.text[i - 1].isspace():
            i -= 1
        return i

    def _word_right(self, i: int) -> int:
        n = len(self.text)
        while i < n and self.text[i].isspace():
            i += 1
        while i < n and not self.text[i].isspace():
            i += 1
        return i

    def _move(self, to: int, extend: bool) -> None:
        self.cursor = max(0, min(len(self.text), to))
        if not extend:
            self.anchor = self.cursor

    def _delete(self, lo: int, hi: int) -> None:
        lo, hi = max(0, lo), min(len(self.text), hi)
        self.text = self.text[:lo] + self.text[hi:]
        self.cursor = self.anchor = lo

    def key(self, ev: InputEvent) -> str | None:
        if ev.act is Act.TEXT:
            self.insert(ev.text)
            return None
        if ev.act is Act.CLICK:
            return DONE
        if ev.act is Act.ALT_CLICK:
            return CANCEL
        k, ctrl = ev.key, bool(ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(ev.mod & pygame.KMOD_SHIFT)
        lo, hi = self.selection
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            return DONE
        if k == pygame.K_ESCAPE:
            return CANCEL
        if ctrl and k == pygame.K_a:
            self.select_all()
        elif ctrl and k == pygame.K_u:
            self._delete(0, len(self.text))
        elif ctrl and k in (pygame.K_c, pygame.K_x):
            if lo < hi:
                _copy(self.selected)
                if k == pygame.K_x:
                    self._delete(lo, hi)
        elif ctrl and k == pygame.K_v:
            self.insert(_paste())
        elif k == pygame.K_BACKSPACE:
            if lo < hi:
                self._delete(lo, hi)
            else:
                self._delete(self._word_left(lo) if ctrl else lo - 1, lo)
        elif k == pygame.K_DELETE:
            if lo < hi:
                self._delete(lo, hi)
            else:
                self._delete(lo, self._word_right(lo) if ctrl else lo + 1)
        elif k == pygame.K_LEFT:
            to = self._word_left(self.cursor) if ctrl else self.cursor - 1
            self._move(to if shift or lo == hi else lo, shift)
        elif k == pygame.K_RIGHT:
            to = self._word_right(self.cursor) if ctrl else self.cursor + 1
            self._move(to if shift or lo == hi else hi, shift)
        elif k == pygame.K_HOME:
            self._move(0, shift)
        elif k == pygame.K_END:
            self._move(len(self.text), shift)
        return None

    def draw(
        self,
        surface: pygame.Surface,
        text: TextCache,
        size: int,
        pos: tuple[int, int],
        colour: Colour = GOLD,
        bold: bool = True,
        anchor: str = "center",
    ) -> pygame.Rect:
        """The text with its selection shaded and a caret at the cursor."""
        font = text.fonts(size, bold)
        shown = text.render(self.text or " ", size, colour, bold)
        r = shown.get_rect(**{anchor: pos})
        lo, hi = self.selection
        if lo < hi:
            x0 = r.left + font.size(self.text[:lo])[0]
            x1 = r.left + font.size(self.text[:hi])[0]
            pygame.draw.rect(surface, (60, 110, 170), (x0, r.top, x1 - x0, r.height))
        surface.blit(shown, r)
        cx = r.left + font.size(self.text[: self.cursor])[0]
        pygame.draw.line(surface, colour, (cx, r.top + 2), (cx, r.bottom - 2), 2)
        return r


def _copy(s: str) -> None:
    # no clipboard (a headless window): nothing to do
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.scrap.put_text(s)


def _paste() -> str:
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""
