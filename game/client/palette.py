"""The client's palette, fonts and shape helpers, shared by the painter and the icons.

Suits are drawn by their `Look` (colour, glyph shape, word): the standard pack's are the
client's own (STANDARD_LOOKS); a game brings the looks of its other suits with its card
art, set with `set_game_art` when its table opens. No game is named here.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import crowsnest
import pygame
from crowsnest import i18n

Colour = tuple[int, int, int]
Point = tuple[float, float]

# Package data (crowsnest.sprites): the repository's sprites/ folder in a development
# install, site-packages/crowsnest/sprites in a wheel; both are real folders.
STANDARD_SUITS = ("S", "H", "D", "C")
STANDARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
JOKER_RANKS = ("BJ", "RJ")
SPRITES_DIR = Path(str(resources.files("crowsnest.sprites")))
BASE_CARD_HEIGHT = 240  # the resolution sprites are generated at; Assets smoothscales
CARD_ASPECT = 0.7  # width / height
ICON_BASE = 64
SS = 3  # supersampling factor for drawn art

# -- palette -------------------------------------------------------------------------
CARD_PAPER: Colour = (251, 249, 243)
CARD_EDGE: Colour = (96, 96, 102)
FELT: Colour = (24, 98, 62)
GOLD: Colour = (240, 192, 48)
UI_LIGHT: Colour = (236, 236, 226)

JOKER_RED: Colour = (206, 36, 44)
JOKER_BLACK: Colour = (34, 34, 42)


@dataclass(frozen=True)
class Look:
    """How a suit key is drawn: fill colour on paper, glyph shape (see painter.SHAPES),
    its word, and optionally its text colour on paper (`ink`, for a pale fill), its
    colour on the dark panels (`on_dark`), a rim (`rim`) and a Unicode symbol for text
    outside the window (`symbol`; the window draws the glyph itself)."""

    colour: Colour
    shape: str
    word: str
    ink: Colour | None = None
    on_dark: Colour | None = None
    rim: Colour | None = None
    symbol: str = ""


LIGHT_ON_DARK: Colour = (225, 225, 232)
RED_ON_DARK: Colour = (255, 112, 112)
# The standard pack and its jokers (design.md's notation): the client's own art. A game's
# other suits come with its card art (crowsnest.engine.presentation.CardArt.suits).
STANDARD_LOOKS: dict[str, Look] = {
    "S": Look((28, 28, 36), "spade", "spades", on_dark=LIGHT_ON_DARK, symbol="\u2660"),
    "H": Look((204, 32, 44), "heart", "hearts", on_dark=RED_ON_DARK, symbol="\u2665"),
    "D": Look((204, 32, 44), "diamond", "diamonds", on_dark=RED_ON_DARK, symbol="\u2666"),
    "C": Look((28, 28, 36), "club", "clubs", on_dark=LIGHT_ON_DARK, symbol="\u2663"),
    "J": Look((128, 64, 168), "star", "joker", on_dark=(200, 160, 240), symbol="\u2605"),
}
# The four-colour pack (a Settings option): diamonds blue, clubs green, so that no two
# suits share a colour; each still has its own glyph (tests/client/test_readable.py
# checks contrast and colour-blind simulations).
FOUR_COLOUR_LOOKS: dict[str, Look] = {
    "D": Look((26, 86, 200), "diamond", "diamonds", on_dark=(130, 170, 255), symbol="\u2666"),
    "C": Look((20, 128, 56), "club", "clubs", on_dark=(110, 215, 130), symbol="\u2663"),
}
# Per-suit colours the player picked for the standard pack (Settings -> Look), each a
# readable choice from SUIT_COLOUR_CHOICES or a colour from the config made readable.
SUIT_COLOUR_CHOICES: dict[str, Colour] = {
    "black": (28, 28, 36),
    "red": (204, 32, 44),
    "blue": (26, 86, 200),
    "green": (20, 128, 56),
    "orange": (200, 84, 0),
    "purple": (128, 48, 160),
    "brown": (120, 72, 30),
    "teal": (0, 112, 120),
}
_four_colour = False
_colour_blind = False  # a game's colour-blind suits (CardArt.colour_blind_suits) in use
_overrides: dict[str, Colour] = {}
_game_looks: dict[str, Look] = {}  # the running game's suits as its sprites show them
_game_blind: dict[str, Look] = {}  # and as its colour-blind palette draws them
_looks: dict[str, Look] = dict(STANDARD_LOOKS)
_labels: dict[str, str] = {}
_translate_label: Callable[[str], str] | None = None


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: Sequence[int]) -> float:
    """WCAG relative luminance (0 black .. 1 white)."""
    r, g, b = (_lin(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Sequence[int], b: Sequence[int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def readable_on_paper(colour: Sequence[int], least: float = 3.0) -> Colour:
    """`colour`, darkened in steps (its hue kept) until it keeps `least`:1 on the card."""
    c = tuple(int(x) for x in colour[:3])
    while contrast_ratio(c, CARD_PAPER) < least and max(c) > 0:
        c = tuple(max(0, round(x * 0.92)) for x in c)
    return c  # type: ignore[return-value]


def lifted_on_dark(colour: Colour) -> Colour:
    """A suit colour for the dark panels: a dark one turns light grey, others are
    lifted towards white until they keep 6:1 on the panel (3:1 at any Look setting)."""
    if luminance(colour) < 0.03:
        return LIGHT_ON_DARK
    c = colour
    while contrast_ratio(c, (24, 40, 34)) < 6 and min(c) < 255:
        c = tuple(min(255, x + 12) for x in c)  # type: ignore[assignment]
    return c


def _rebuild() -> None:
    _looks.clear()
    _looks.update(standard_looks())
    _looks.update(_game_looks)
    if _colour_blind:
        _looks.update(_game_blind)


def standard_looks() -> dict[str, Look]:
    """The standard pack's looks as set (two or four colours, the player's colours)."""
    out = {**STANDARD_LOOKS, **(FOUR_COLOUR_LOOKS if _four_colour else {})}
    for key, colour in _overrides.items():
        lk = out.get(key)
        if lk is not None:
            c = readable_on_paper(colour)
            out[key] = Look(c, lk.shape, lk.word, None, lifted_on_dark(c), None, lk.symbol)
    return out


def set_four_colour(on: bool) -> None:
    """Two or four colours for the standard pack; a game's own looks stay its own.
    Callers drop their drawn-card caches after this (Assets.set_four_colour does)."""
    global _four_colour
    _four_colour = bool(on)
    _rebuild()


def four_colour() -> bool:
    return _four_colour


def set_suit_colours(colours: Mapping[str, Colour]) -> None:
    """The player's own colours for standard suits (S H D C J); {} for none."""
    _overrides.clear()
    _overrides.update({k: tuple(v)[:3] for k, v in colours.items() if k in STANDARD_LOOKS})  # type: ignore[misc]
    _rebuild()


def set_colour_blind(on: bool) -> None:
    """Draw the running game's suits in its colour-blind palette (where it has one)."""
    global _colour_blind
    _colour_blind = bool(on)
    _rebuild()


def recoloured(suit: str) -> bool:
    """Whether a suit is drawn in other colours than its committed sprites were (four
    colours, the player's colours, a colour-blind palette): its faces are drawn."""
    lk = _looks.get(suit)
    if lk is None:
        return False
    return lk != _game_looks.get(suit, STANDARD_LOOKS.get(suit, lk))


def _as_look(sl: Any) -> Look:
    def colour(name: str) -> Colour | None:
        got = getattr(sl, name, None)
        return (int(got[0]), int(got[1]), int(got[2])) if got else None

    c = sl.colour
    return Look(
        (int(c[0]), int(c[1]), int(c[2])),
        str(sl.shape),
        str(sl.word),
        colour("ink"),
        colour("on_dark"),
        colour("rim"),
        str(getattr(sl, "symbol", "") or ""),
    )


def set_game_art(
    suits: Mapping[str, Any],
    labels: Mapping[str, str],
    translate: Callable[[str], str] | None = None,
    colour_blind: Mapping[str, Any] | None = None,
) -> None:
    """The running game's suits (SuitLook values: colour, shape, word, ink, on_dark,
    rim) and face labels (rank -> word), over the standard pack's; `colour_blind`, its
    suits without the red-green pair, used while set_colour_blind is on. `translate`
    puts a label in the player's language when a face is drawn (the game's catalog;
    None: as written), so a language switch relabels the cards. Callers drop their
    drawn-card caches after this (Assets.use_variant does)."""
    global _translate_label
    _translate_label = translate
    for target, source in ((_game_looks, suits), (_game_blind, colour_blind or {})):
        target.clear()
        for key, sl in source.items():
            try:
                target[str(key)] = _as_look(sl)
            except (TypeError, ValueError, AttributeError, IndexError, KeyError):
                continue  # a plugin's malformed look: that suit is drawn generically
    _rebuild()
    _labels.clear()
    _labels.update({str(k): str(v) for k, v in labels.items()})


def looks_now() -> dict[str, Look]:
    """Every suit's look as the table draws it now (a copy)."""
    return dict(_looks)


def look(suit: str) -> Look | None:
    return _looks.get(suit)


def face_label(rank: str) -> str:
    """The word the running game prints on a rank's face ("" for an ordinary rank), in
    the player's language."""
    label = _labels.get(rank, "")
    if label and _translate_label is not None:
        try:
            return _translate_label(label) or label
        except Exception:  # noqa: BLE001 - a plugin catalog's fault: the word as written
            return label
    return label


BACK_STYLES: dict[str, Colour] = {
    "default": (30, 52, 112),
    "red": (138, 30, 42),
    "green": (20, 92, 62),
    "purple": (78, 44, 112),
    "teal": (18, 98, 108),
    "black": (30, 30, 36),
}
# A back's pattern behind the crow medallion: the lattice unless named here.
BACK_PATTERNS: dict[str, str] = {"teal": "rings", "black": "stripes"}


@dataclass(frozen=True)
class FeltStyle:
    """A felt the player can choose (Settings -> Look): its cloth colour, a woven
    thread's depth (0: plain felt) and how dark its edges grow."""

    colour: Colour
    weave: int = 0
    vignette: int = 200
    seed: int = 7


# sprites/table/felt-<name>.png, made by tools/make_looks.py ("green" is table/felt.png,
# the table's felt since the first version); a game may bring its own (its CardArt
# folder's table/felt.png), shown when the player leaves the felt to the game.
FELTS: dict[str, FeltStyle] = {
    "green": FeltStyle(FELT),
    "blue": FeltStyle((22, 62, 108), seed=11),
    "burgundy": FeltStyle((98, 26, 38), seed=13),
    "walnut": FeltStyle((92, 60, 36), weave=3, seed=17),
    "night": FeltStyle((24, 27, 34), vignette=150, seed=19),  # the dark one
    "linen": FeltStyle((206, 196, 168), weave=5, vignette=90, seed=23),  # the light one
}
DEFAULT_FELT = "green"
LIGHT_FELT_LUMINANCE = 0.25  # above it, words on the felt get a dark outline
TEXT_OUTLINE: Colour = (14, 18, 16)
OUTLINE_KINDS = ("hover", "selected", "legal", "dim")
MAX_CACHED_HEIGHTS = 8  # card sizes kept drawn at once (hand, trick, small, review...)


def card_size_for(height: int) -> tuple[int, int]:
    return (max(1, round(height * CARD_ASPECT)), max(1, height))


def _hashed_colour(key: str) -> Colour:
    """A stable, readable colour for a suit nobody drew (plugin decks)."""
    h = zlib.crc32(key.encode())
    palette = [(40, 90, 170), (150, 70, 30), (110, 50, 140), (20, 120, 120), (170, 40, 110)]
    return palette[h % len(palette)]


def suit_colour(suit: str, rank: str = "") -> Colour:
    if suit == "J" and rank:
        return JOKER_RED if rank.upper().startswith("R") else JOKER_BLACK
    lk = _looks.get(suit)
    return lk.colour if lk is not None else _hashed_colour(suit)


def suit_ink(suit: str, rank: str = "") -> Colour:
    lk = _looks.get(suit)
    return (lk.ink if lk is not None else None) or suit_colour(suit, rank)


def rank_label(rank: str, suit: str) -> str:
    """What a face prints for a rank: "10" for T, the rank text otherwise."""
    if rank == "T" and suit in STANDARD_SUITS:
        return "10"
    return rank


def is_joker(rank: str, suit: str) -> bool:
    return suit == "J" or rank.upper() in JOKER_RANKS


# -- fonts ----------------------------------------------------------------------------
_FONTS: dict[tuple[int, bool, bool], pygame.font.Font] = {}
# The Chinese font (a subset of Noto Sans CJK SC made by tools/make_cjk_font.py from the
# catalogs and rules texts; game/fonts/OFL.txt): pygame's default font has no CJK.
CJK_FONT = "crowsnest-cjk-sc.otf"
# pygame's default font draws a size-20 text 13 px tall (it scales its em down); the
# Chinese font at the same size would stand twice as tall and overflow every plate and
# row laid out for it. Its subset has 1.18-em lines (tools/make_cjk_font.py): at 0.66 of
# the size its lines match (9 px at the smallest, as small as the Latin text there).
CJK_SCALE = 0.66
CJK_MIN_PX = 9


def wants_cjk(text: str = "") -> bool:
    """Whether text is drawn with the Chinese font: everything while Chinese is the
    language, and any text holding CJK characters (the language picker's "简体中文")."""

    return i18n.current_language() == "zh_CN" or any(
        "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\uffef" for ch in text
    )


def _cjk_file() -> Any:
    return resources.files(crowsnest.__name__).joinpath("fonts", CJK_FONT)  # the package


def get_font(size: int, bold: bool = False, cjk: bool | None = None) -> pygame.font.Font:
    """pygame's bundled default font (freesansbold): no system font needed; the shipped
    Chinese subset while Chinese is the language (or `cjk`)."""
    cjk = wants_cjk() if cjk is None else cjk
    key = (max(1, int(size)), bold, cjk)
    f = _FONTS.get(key)
    if f is not None:
        try:
            f.get_height()
        except pygame.error:
            # pygame.quit() since it was opened (tests, a restarted app): reopen them all
            _FONTS.clear()
            f = None
    if f is None:
        if len(_FONTS) > 256:
            _FONTS.clear()  # many UI scales seen: fonts are cheap to reopen
        if not pygame.font.get_init():
            pygame.font.init()
        f = None
        if cjk:
            try:
                with resources.as_file(_cjk_file()) as path:
                    px = max(CJK_MIN_PX, round(key[0] * CJK_SCALE))
                    f = pygame.font.Font(str(path), px)
            except (OSError, pygame.error):  # no font file: boxes, never a crash
                f = None
        if f is None:
            f = pygame.font.Font(None, key[0])
        if bold:
            f.bold = True
        _FONTS[key] = f
    return f


def text_ink(text: str, colour: Colour, ink_h: int, max_w: int | None = None) -> pygame.Surface:
    """Text whose visible ink is exactly ink_h pixels tall (cropped to the ink), condensed
    (then shrunk) to fit max_w. Sizing by ink rather than by em keeps indices even."""
    ink_h = max(1, int(ink_h))
    s = get_font(int(ink_h * 1.5) + 2).render(text, True, colour)
    r = s.get_bounding_rect()
    if r.w == 0 or r.h == 0:
        return pygame.Surface((1, ink_h), pygame.SRCALPHA)
    s = s.subsurface(r)
    w = max(1, round(r.w * ink_h / r.h))
    h = ink_h
    if max_w is not None and w > max_w:
        # condense down to 70% width, then shrink uniformly
        if w * 0.7 <= max_w:
            w = max_w
        else:
            scale = max_w / (w * 0.7)
            w, h = max_w, max(1, round(h * scale))
    return pygame.transform.smoothscale(s, (w, h))


def _blit_centered(dst: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dst.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))


# -- shape helpers ----------------------------------------------------------------------
def _fit(
    pts: Sequence[Point], box: tuple[float, float, float, float] = (0, 0, 1, 1)
) -> list[Point]:
    """Scale points to fill box (x, y, w, h) keeping aspect, centred."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    bx, by, bw, bh = box
    k = min(bw / (x1 - x0 or 1), bh / (y1 - y0 or 1))
    ox = bx + (bw - (x1 - x0) * k) / 2
    oy = by + (bh - (y1 - y0) * k) / 2
    return [(ox + (x - x0) * k, oy + (y - y0) * k) for x, y in pts]


def _heart_pts(n: int = 72) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _star_pts(points: int = 5, inner: float = 0.45, rot: float = -math.pi / 2) -> list[Point]:
    pts = []
    for i in range(points * 2):
        r = 1.0 if i % 2 == 0 else inner
        a = rot + math.pi * i / points
        pts.append((math.cos(a) * r, math.sin(a) * r))
    return pts


def _rot(pts: Sequence[Point], deg: float) -> list[Point]:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return [(x * c - y * s, x * s + y * c) for x, y in pts]


def _map(pts: Sequence[Point], size: float, flip: bool) -> list[Point]:
    """Unit-square points to pixels; flip turns the glyph upside down (lower pips)."""
    return [(x * size, (1 - y if flip else y) * size) for x, y in pts]


# The house mark (the arcade's name bird): a crow in profile facing left, perched: one
# outline, a wing and legs (unit box, y down). It is drawn on the backs and the app icon.
_MARK_BODY: list[Point] = [
    (0.02, 0.31),
    (0.12, 0.24),
    (0.18, 0.18),
    (0.26, 0.15),
    (0.34, 0.18),
    (0.40, 0.26),
    (0.52, 0.32),
    (0.66, 0.40),
    (0.76, 0.49),
    (0.98, 0.62),
    (0.95, 0.72),
    (0.73, 0.63),
    (0.62, 0.67),
    (0.50, 0.69),
    (0.36, 0.62),
    (0.26, 0.48),
    (0.20, 0.38),
    (0.12, 0.34),
]
_MARK_WING: list[Point] = [
    (0.36, 0.38),
    (0.52, 0.36),
    (0.70, 0.46),
    (0.86, 0.62),
    (0.62, 0.61),
    (0.44, 0.54),
]


def _chaikin(pts: Sequence[Point], keep: tuple[int, ...] = ()) -> list[Point]:
    """One round of corner cutting (smooth curves), leaving the corners in keep sharp."""
    out: list[Point] = []
    n = len(pts)
    for i in range(n):
        p, q = pts[i], pts[(i + 1) % n]
        if i in keep:
            out.append(p)
        out.append((0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]))
        out.append((0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1]))
    return out


_MARK_SMOOTH = _chaikin(_chaikin(_MARK_BODY, keep=(0, 9)), keep=(0,))
_WING_SMOOTH = _chaikin(_MARK_WING, keep=(3,))


def draw_mark(
    surf: pygame.Surface,
    rect: tuple[float, float, float, float],
    colour: Colour,
    sheen: Colour | None = None,
    eye: Colour | None = None,
    legs: bool = True,
) -> None:
    """A perched crow facing left, drawn from polygons into rect (x, y, w, h)."""
    x, y, w, h = rect
    s = min(w, h)
    # the drawing spans y 0.15..0.93: centre that span in the box
    ox, oy = x + (w - s) / 2, y + (h - s) / 2 - 0.04 * s

    def P(pts: Sequence[Point]) -> list[Point]:
        return [(ox + px * s, oy + py * s) for px, py in pts]

    if legs:
        lw = max(1, round(s * 0.035))
        for lx in (0.45, 0.55):
            knee, foot = (lx - 0.02, 0.9), [(lx - 0.10, 0.93), (lx + 0.05, 0.93)]
            pygame.draw.line(surf, colour, P([(lx, 0.64)])[0], P([knee])[0], lw)
            for f in foot:
                pygame.draw.line(surf, colour, P([knee])[0], P([f])[0], lw)
    pygame.draw.polygon(surf, colour, P(_MARK_SMOOTH))
    if sheen is not None:
        pygame.draw.polygon(surf, sheen, P(_WING_SMOOTH))
    if eye is not None:
        ex, ey = P([(0.235, 0.245)])[0]
        pygame.draw.circle(surf, eye, (ex, ey), s * 0.026)
