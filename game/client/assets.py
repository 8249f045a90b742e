"""Card faces, backs, table felt, overlays, icons and fonts for the client.

One drawing function per idea, used twice: `tools/make_sprites.py` calls them to write the
committed PNGs in `sprites/`, and `Assets` calls the very same functions when a sprite is
missing (a plugin deck with suits or ranks we never drew, a non-editable install). So a
drawn face and a loaded sprite look the same.

Everything is drawn with `pygame.draw` shapes on a canvas `SS` times larger and then
smoothscaled down: that gives antialiased edges, and the suit glyphs never depend on which
symbols a font happens to cover (the default font has no suit symbols at all).

Every face shows its rank AND a drawn suit glyph besides its colour: Rook suits are
colours, and colour-blind players read the glyph (black moon, green leaf, red heart,
yellow sun).
"""

from __future__ import annotations

import math
import sys
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from crowsnest.engine import Deck

Colour = tuple[int, int, int]
Point = tuple[float, float]

# Package data (crowsnest.sprites): the repository's sprites/ folder in a development
# install, site-packages/crowsnest/sprites in a wheel; both are real folders.
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

# glyph fill colour per suit key; Rook colours are chosen to differ in lightness too.
SUIT_COLOURS: dict[str, Colour] = {
    "B": (34, 34, 42),
    "G": (12, 100, 46),
    "R": (206, 36, 44),
    "Y": (238, 176, 10),
    "S": (28, 28, 36),
    "C": (28, 28, 36),
    "H": (204, 32, 44),
    "D": (204, 32, 44),
    "J": (128, 64, 168),
    "*": (36, 38, 56),
}
# text colour where the fill is too pale to read on paper (yellow)
SUIT_INK: dict[str, Colour] = {"Y": (176, 112, 0)}
SUIT_OUTLINE: dict[str, Colour] = {"Y": (150, 96, 0)}
# readable on the dark UI panels and the felt (suit_colour is for paper)
SUIT_ON_DARK: dict[str, Colour] = {
    "B": (225, 225, 232),
    "S": (225, 225, 232),
    "C": (225, 225, 232),
    "G": (96, 214, 128),
    "R": (255, 112, 112),
    "H": (255, 112, 112),
    "D": (255, 112, 112),
    "Y": (252, 206, 64),
    "J": (200, 160, 240),
    "*": (200, 210, 235),
}
SUIT_NAMES: dict[str, str] = {
    "B": "black",
    "G": "green",
    "R": "red",
    "Y": "yellow",
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
    "J": "joker",
    "*": "bird",
}
# For text outside the window (logs, terminal). The default pygame font has none of these:
# in the window draw `Assets.icon("suit:X", size)` instead.
SUIT_SYMBOLS: dict[str, str] = {
    "B": "\u263e",
    "G": "\u2618",
    "R": "\u2665",
    "Y": "\u2600",
    "S": "\u2660",
    "H": "\u2665",
    "D": "\u2666",
    "C": "\u2663",
    "J": "\u2605",
    "*": "\u2740",
}
STANDARD_SUITS = ("S", "H", "D", "C")
STANDARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
ROOK_SUITS = ("B", "G", "R", "Y")
ROOK_RANKS = tuple(str(r) for r in range(1, 15))
JOKER_RANKS = ("BJ", "RJ")
BIRD_LABELS = ("BIRD", "CROW", "ROOK")
BACK_STYLES: dict[str, Colour] = {
    "default": (30, 52, 112),
    "red": (138, 30, 42),
    "green": (20, 92, 62),
    "purple": (78, 44, 112),
}
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
        return SUIT_COLOURS["R"] if rank.upper().startswith("R") else SUIT_COLOURS["B"]
    return SUIT_COLOURS.get(suit) or _hashed_colour(suit)


def suit_ink(suit: str, rank: str = "") -> Colour:
    return SUIT_INK.get(suit) or suit_colour(suit, rank)


def rank_label(rank: str, suit: str) -> str:
    """What a face prints for a rank: "10" for T, the rank text otherwise."""
    if rank == "T" and suit in STANDARD_SUITS:
        return "10"
    return rank


def is_joker(rank: str, suit: str) -> bool:
    return suit == "J" or rank.upper() in JOKER_RANKS


def is_bird(rank: str, suit: str) -> bool:
    return suit == "*" or rank.upper() == "BIRD"


# -- fonts ----------------------------------------------------------------------------
_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's bundled default font (freesansbold): no system font needed."""
    key = (max(1, int(size)), bold)
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


def _leaf_outline() -> list[Point]:
    n = 24

    # a plump leaf: a lens whose widest point sits a little below the middle
    def half(i: int) -> float:
        u = i / n
        return 0.62 * math.sin(math.pi * u) ** 0.8 * (0.85 + 0.3 * u)

    left = [(-half(i), -1 + 2 * i / n) for i in range(n + 1)]
    right = [(half(n - i), 1 - 2 * i / n) for i in range(n + 1)]
    return left + right


LEAF_TILT = 30.0
# the leaf, its stem and veins share one frame: computed once in unit coordinates
_LEAF_RAW = _leaf_outline()
_STEM_RAW = [(-0.08, 0.9), (0.08, 0.9), (0.08, 1.3), (-0.06, 1.3)]


def _leaf_frame() -> tuple[list[Point], list[Point], list[tuple[Point, Point]]]:
    vein_raw: list[tuple[Point, Point]] = [((0, -0.85), (0, 0.95))]
    for k in (-0.45, -0.05, 0.35):
        vein_raw.append(((0, k), (-0.32, k - 0.28)))
        vein_raw.append(((0, k), (0.32, k - 0.28)))
    allpts = _rot(_LEAF_RAW + _STEM_RAW, LEAF_TILT)
    flat = [p for seg in vein_raw for p in seg]
    fitted = _fit(allpts + _rot(flat, LEAF_TILT), (0.04, 0.02, 0.92, 0.96))
    n1 = len(_LEAF_RAW)
    n2 = n1 + len(_STEM_RAW)
    leaf, stem, vflat = fitted[:n1], fitted[n1:n2], fitted[n2:]
    veins = [(vflat[i], vflat[i + 1]) for i in range(0, len(vflat), 2)]
    return leaf, stem, veins


_LEAF = _leaf_frame()
_HEART = _fit(_heart_pts(), (0.02, 0.06, 0.96, 0.88))
_STAR = _fit(_star_pts(), (0.02, 0.02, 0.96, 0.96))


# A crow in profile facing left, perched: one outline, a wing and legs (unit box, y down).
_CROW_BODY: list[Point] = [
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
_CROW_WING: list[Point] = [
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


_CROW_SMOOTH = _chaikin(_chaikin(_CROW_BODY, keep=(0, 9)), keep=(0,))
_WING_SMOOTH = _chaikin(_CROW_WING, keep=(3,))


def _draw_crow(
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
    pygame.draw.polygon(surf, colour, P(_CROW_SMOOTH))
    if sheen is not None:
        pygame.draw.polygon(surf, sheen, P(_WING_SMOOTH))
    if eye is not None:
        ex, ey = P([(0.235, 0.245)])[0]
        pygame.draw.circle(surf, eye, (ex, ey), s * 0.026)


def glyph_surface(
    suit: str, size: int, colour: Colour | None = None, flip: bool = False, rank: str = ""
) -> pygame.Surface:
    """The suit's glyph, drawn (never a font symbol), size x size, transparent around it.
    Draw at the final canvas resolution (callers supersample the whole canvas)."""
    size = max(2, int(size))
    col = colour or suit_colour(suit, rank)
    g = pygame.Surface((size, size), pygame.SRCALPHA)
    clear = (0, 0, 0, 0)
    if suit in ("H", "R"):
        pygame.draw.polygon(g, col, _map(_HEART, size, flip))
    elif suit == "S":
        body = _fit([(x, -y) for x, y in _heart_pts()], (0.04, 0.0, 0.92, 0.78))
        stem = [(0.5, 0.55), (0.36, 1.0), (0.64, 1.0)]
        pygame.draw.polygon(g, col, _map(body, size, flip))
        pygame.draw.polygon(g, col, _map(stem, size, flip))
    elif suit == "D":
        pts: list[Point] = []
        corners = [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)]
        for i in range(4):
            (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
            for j in range(12):
                t = j / 12
                # sides bow slightly inwards, as on printed diamonds
                mx, my = (ax + bx) / 2, (ay + by) / 2
                cx, cy = mx + (0.5 - mx) * 0.18, my + (0.5 - my) * 0.18
                px = (1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx
                py = (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by
                pts.append((px, py))
        pygame.draw.polygon(g, col, _map(pts, size, flip))
    elif suit == "C":
        r = 0.215 * size
        for cx, cy in ((0.5, 0.25), (0.27, 0.56), (0.73, 0.56)):
            (px, py) = _map([(cx, cy)], size, flip)[0]
            pygame.draw.circle(g, col, (px, py), r)
        pygame.draw.polygon(g, col, _map([(0.5, 0.45), (0.35, 1.0), (0.65, 1.0)], size, flip))
        pygame.draw.polygon(g, col, _map([(0.5, 0.3), (0.3, 0.6), (0.7, 0.6)], size, flip))
    elif suit == "B":
        # crescent moon: a disc with a disc cut out of it, plus a small star
        c = _map([(0.44, 0.52)], size, flip)[0]
        pygame.draw.circle(g, col, c, 0.44 * size)
        c2 = _map([(0.64, 0.38)], size, flip)[0]
        pygame.draw.circle(g, clear, c2, 0.38 * size)
        star = _fit(_star_pts(), (0.66, 0.56, 0.3, 0.3))
        pygame.draw.polygon(g, col, _map(star, size, flip))
    elif suit == "G":
        leaf, stem, veins = _LEAF
        pygame.draw.polygon(g, col, _map(leaf, size, flip))
        pygame.draw.polygon(g, col, _map(stem, size, flip))
        vw = max(1, round(size * 0.045))
        for a, b in veins:
            (p,), (q,) = _map([a], size, flip), _map([b], size, flip)
            pygame.draw.line(g, clear, p, q, vw)
    elif suit == "Y":
        # sun: a disc and eight rays, with a dark rim so it reads on white paper
        rim = SUIT_OUTLINE["Y"]
        cx = cy = size / 2
        for ray_col, grow in ((rim, 0.045), (col, 0.0)):
            for i in range(8):
                a = math.pi * i / 4
                tip = (
                    cx + math.cos(a) * size * (0.5 - 0.01 + grow * 0.2),
                    cy + math.sin(a) * size * (0.5 - 0.01 + grow * 0.2),
                )
                da = 0.25 + grow
                lft = (cx + math.cos(a - da) * size * 0.28, cy + math.sin(a - da) * size * 0.28)
                r = (cx + math.cos(a + da) * size * 0.28, cy + math.sin(a + da) * size * 0.28)
                pygame.draw.polygon(g, ray_col, [tip, lft, r])
            pygame.draw.circle(g, ray_col, (cx, cy), size * (0.27 + grow))
    elif suit == "J":
        pygame.draw.polygon(g, col, _map(_STAR, size, flip))
    elif suit == "*":
        _draw_crow(g, (0, 0, size, size), col, legs=True)
        if flip:
            g = pygame.transform.flip(g, False, True)
    else:
        # a plugin's suit: its letter in a disc of a stable colour
        pygame.draw.circle(g, col, (size / 2, size / 2), size * 0.48)
        letter = text_ink(suit[:2] or "?", (255, 255, 255), round(size * 0.5), round(size * 0.7))
        if flip:
            letter = pygame.transform.rotate(letter, 180)
        _blit_centered(g, letter, size / 2, size / 2)
    return g


# -- card layout (fractions of the card) ---------------------------------------------------
IDX_CX = 0.118  # centre of the corner index column, fraction of width
IDX_W = 0.19  # widest the index rank may be, fraction of width
RANK_TOP = 0.045  # fractions of height
RANK_H = 0.132
GLYPH_GAP = 0.022
GLYPH_H = 0.118
BADGE_GAP = 0.02
BADGE_D = 0.18  # point badge diameter, fraction of width
CORNER_W = 0.24  # the corner region copied (rotated) to the bottom right
CORNER_H = 0.47


def _index_glyph_top() -> float:
    return RANK_TOP + RANK_H + GLYPH_GAP


def badge_center(w: int, h: int) -> tuple[float, float]:
    return IDX_CX * w, (_index_glyph_top() + GLYPH_H + BADGE_GAP) * h + BADGE_D * w / 2


def _card_base(w: int, h: int, paper: Colour = CARD_PAPER) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = round(w * 0.075)
    pygame.draw.rect(s, CARD_EDGE, (0, 0, w, h), border_radius=rad)
    edge = max(1, round(w * 0.011))
    pygame.draw.rect(s, paper, (edge, edge, w - 2 * edge, h - 2 * edge), border_radius=rad - edge)
    return s


def _draw_corner_index(s: pygame.Surface, rank: str, suit: str, label: str) -> None:
    w, h = s.get_size()
    ink = suit_ink(suit, rank)
    cx = IDX_CX * w
    gtop = _index_glyph_top() * h
    gsize = round(GLYPH_H * h)
    if is_bird(rank, suit):
        crow = pygame.Surface(
            (round(IDX_W * w * 1.2), round((RANK_H + GLYPH_H) * h)), pygame.SRCALPHA
        )
        _draw_crow(crow, (0, 0, *crow.get_size()), suit_colour("*"))
        s.blit(crow, (round(cx - crow.get_width() / 2), round(RANK_TOP * h)))
        return
    if is_joker(rank, suit):
        letters = "JOKER"
        lh = (RANK_H + GLYPH_H + GLYPH_GAP) * h / len(letters)
        for i, ch in enumerate(letters):
            t = text_ink(ch, ink, round(lh * 0.78), round(IDX_W * w))
            _blit_centered(s, t, cx, RANK_TOP * h + lh * (i + 0.5))
        star = glyph_surface("J", round(GLYPH_H * h * 0.9), ink, rank=rank)
        if not rank.upper().startswith("R"):
            # small joker: hollow star, so the two jokers differ by more than colour
            inner = glyph_surface("J", round(GLYPH_H * h * 0.9 * 0.55), CARD_PAPER)
            _blit_centered(
                star, inner, star.get_width() / 2, star.get_height() / 2 + 0.04 * star.get_height()
            )
        _blit_centered(
            s, star, cx, RANK_TOP * h + lh * len(letters) + GLYPH_GAP * h + star.get_height() / 2
        )
        return
    t = text_ink(label, ink, round(RANK_H * h), round(IDX_W * w))
    _blit_centered(s, t, cx, (RANK_TOP + RANK_H / 2) * h)
    g = glyph_surface(suit, gsize, rank=rank)
    _blit_centered(s, g, cx, gtop + gsize / 2)


def _mirror_corner(s: pygame.Surface) -> None:
    """Copy the top-left index, turned 180 degrees, to the bottom right."""
    w, h = s.get_size()
    cw, ch = round(CORNER_W * w), round(CORNER_H * h)
    corner = pygame.transform.rotate(s.subsurface((0, 0, cw, ch)).copy(), 180)
    s.blit(corner, (w - cw, h - ch))


# standard pip layouts: (x, y) fractions; pips below the middle are drawn upside down
_L, _M, _R = 0.315, 0.5, 0.685
_T, _B = 0.195, 0.805
_Q1, _Q3 = 0.401, 0.599
PIPS: dict[str, list[Point]] = {
    "2": [(_M, _T), (_M, _B)],
    "3": [(_M, _T), (_M, 0.5), (_M, _B)],
    "4": [(_L, _T), (_R, _T), (_L, _B), (_R, _B)],
    "5": [(_L, _T), (_R, _T), (_M, 0.5), (_L, _B), (_R, _B)],
    "6": [(_L, _T), (_R, _T), (_L, 0.5), (_R, 0.5), (_L, _B), (_R, _B)],
    "7": [(_L, _T), (_R, _T), (_M, 0.3475), (_L, 0.5), (_R, 0.5), (_L, _B), (_R, _B)],
    "8": [(_L, _T), (_R, _T), (_M, 0.3475), (_L, 0.5), (_R, 0.5), (_M, 0.6525), (_L, _B), (_R, _B)],
    "9": [
        (_L, _T),
        (_R, _T),
        (_L, _Q1),
        (_R, _Q1),
        (_M, 0.5),
        (_L, _Q3),
        (_R, _Q3),
        (_L, _B),
        (_R, _B),
    ],
    "10": [
        (_L, _T),
        (_R, _T),
        (_M, 0.298),
        (_L, _Q1),
        (_R, _Q1),
        (_L, _Q3),
        (_R, _Q3),
        (_M, 0.702),
        (_L, _B),
        (_R, _B),
    ],
}
PIP_W = 0.165  # fraction of width


def _draw_pips(s: pygame.Surface, suit: str, label: str) -> None:
    w, h = s.get_size()
    size = round(PIP_W * w)
    up = glyph_surface(suit, size)
    down = glyph_surface(suit, size, flip=True)
    for px, py in PIPS[label]:
        _blit_centered(s, down if py > 0.5 + 1e-9 else up, px * w, py * h)


def _panel(s: pygame.Surface, colour: Colour, box: tuple[float, float, float, float]) -> None:
    w, h = s.get_size()
    x, y, bw, bh = box[0] * w, box[1] * h, box[2] * w, box[3] * h
    layer = pygame.Surface((round(bw), round(bh)), pygame.SRCALPHA)
    rad = round(w * 0.05)
    # darker suits get a fainter tint, so black's panel is a pale grey rather than a murky one
    lum = (0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]) / 255
    pygame.draw.rect(layer, (*colour, round(8 + 40 * lum)), layer.get_rect(), border_radius=rad)
    pygame.draw.rect(
        layer,
        (*colour, round(90 + 80 * lum)),
        layer.get_rect(),
        width=max(1, round(w * 0.012)),
        border_radius=rad,
    )
    s.blit(layer, (round(x), round(y)))


def _draw_crown(
    s: pygame.Surface,
    rect: tuple[float, float, float, float],
    colour: Colour,
    points: int = 3,
    jewel: Colour | None = None,
) -> None:
    x, y, w, h = rect
    base_y = y + h
    pts: list[Point] = [(x, base_y), (x, y + h * 0.25)]
    n = points
    for i in range(n):
        # a valley then a peak
        px0 = x + w * (i + 0.5) / n
        pts.append((x + w * i / n + w / (2 * n) * 0.5, y + h * 0.62))
        pts.append((px0, y + (0 if i % 2 == 0 or n == 3 else h * 0.2)))
        pts.append((x + w * (i + 1) / n - w / (2 * n) * 0.5, y + h * 0.62))
    pts += [(x + w, y + h * 0.25), (x + w, base_y)]
    pygame.draw.polygon(s, colour, pts)
    for i in range(n):
        px0 = x + w * (i + 0.5) / n
        py0 = y + (0 if i % 2 == 0 or n == 3 else h * 0.2)
        pygame.draw.circle(s, colour, (px0, py0), w * 0.06)
    if jewel is not None:
        pygame.draw.circle(s, jewel, (x + w / 2, y + h * 0.78), h * 0.13)


def _draw_court(s: pygame.Surface, rank: str, suit: str) -> None:
    w, h = s.get_size()
    col = suit_colour(suit)
    ink = suit_ink(suit)
    _panel(s, col, (0.22, 0.09, 0.56, 0.82))
    # crown (K, Q) or feather (J) over a big letter and the suit glyph
    if rank == "K":
        _draw_crown(s, (0.33 * w, 0.15 * h, 0.34 * w, 0.12 * h), GOLD, 3, col)
    elif rank == "Q":
        _draw_crown(s, (0.35 * w, 0.17 * h, 0.30 * w, 0.10 * h), GOLD, 5, col)
    else:
        leaf, stem, _ = _LEAF
        size = 0.15 * h
        feather = [(0.5 * w - size / 2 + px * size, 0.14 * h + py * size) for px, py in leaf]
        pygame.draw.polygon(s, GOLD, feather)
    t = text_ink(rank, ink, round(0.24 * h), round(0.46 * w))
    _blit_centered(s, t, 0.5 * w, 0.44 * h)
    g = glyph_surface(suit, round(0.22 * h))
    _blit_centered(s, g, 0.5 * w, 0.72 * h)


def _draw_joker(s: pygame.Surface, rank: str) -> None:
    w, h = s.get_size()
    big = rank.upper().startswith("R")
    col = SUIT_COLOURS["R"] if big else SUIT_COLOURS["B"]
    second = GOLD if big else (150, 150, 160)
    _panel(s, col, (0.22, 0.09, 0.56, 0.82))
    # jester's cap: three drooping points with bells
    cx, top, cw = 0.5 * w, 0.22 * h, 0.46 * w
    band_y = top + 0.2 * h
    tips = [(cx - cw / 2, top + 0.05 * h), (cx, top - 0.06 * h), (cx + cw / 2, top + 0.05 * h)]
    colours = [col, second, col]
    for (tx, ty), c in zip(tips, colours, strict=True):
        pygame.draw.polygon(s, c, [(cx - cw * 0.28, band_y), (tx, ty), (cx + cw * 0.28, band_y)])
    for tx, ty in tips:
        pygame.draw.circle(s, second if big else col, (tx, ty), 0.035 * w)
        pygame.draw.circle(s, CARD_PAPER, (tx - 0.01 * w, ty - 0.01 * w), 0.012 * w)
    pygame.draw.rect(
        s,
        second,
        (cx - cw * 0.32, band_y - 0.01 * h, cw * 0.64, 0.045 * h),
        border_radius=round(0.02 * w),
    )
    t = text_ink("JOKER", col, round(0.085 * h), round(0.5 * w))
    _blit_centered(s, t, 0.5 * w, 0.58 * h)
    sub = text_ink("BIG" if big else "SMALL", col, round(0.06 * h), round(0.44 * w))
    _blit_centered(s, sub, 0.5 * w, 0.69 * h)
    star = glyph_surface("J", round(0.1 * h), col)
    _blit_centered(s, star, 0.5 * w, 0.8 * h)


def _draw_bird_centre(s: pygame.Surface, label: str) -> None:
    w, h = s.get_size()
    # sky medallion, the nest, the crow sitting in it, the bird's name under it
    cx, cy, r = 0.5 * w, 0.41 * h, 0.285 * w
    pygame.draw.circle(s, (206, 226, 240), (cx, cy), r)
    pygame.draw.circle(s, (150, 176, 200), (cx, cy), r, max(1, round(w * 0.012)))
    crow = (cx - 0.3 * w, cy - 0.3 * w, 0.56 * w, 0.56 * w)
    _draw_crow(s, crow, SUIT_COLOURS["*"], sheen=(82, 92, 128), eye=(250, 240, 200), legs=False)
    nest_rect = pygame.Rect(0, 0, round(0.6 * w), round(0.12 * h))
    nest_rect.center = (round(cx), round(cy + 0.14 * h))
    pygame.draw.ellipse(s, (120, 78, 40), nest_rect)
    twig = (168, 118, 62)
    lw = max(1, round(w * 0.012))
    for i in range(7):
        x0 = nest_rect.left + nest_rect.w * (0.08 + 0.13 * i)
        pygame.draw.line(
            s,
            twig,
            (x0, nest_rect.top + nest_rect.h * 0.3),
            (x0 + nest_rect.w * 0.16, nest_rect.bottom - nest_rect.h * 0.25),
            lw,
        )
        pygame.draw.line(
            s,
            twig,
            (x0 + nest_rect.w * 0.14, nest_rect.top + nest_rect.h * 0.25),
            (x0, nest_rect.bottom - nest_rect.h * 0.3),
            lw,
        )
    t = text_ink(label, SUIT_COLOURS["*"], round(0.07 * h), round(0.48 * w))
    _blit_centered(s, t, 0.5 * w, 0.73 * h)


def _draw_generic_centre(s: pygame.Surface, rank: str, suit: str, label: str) -> None:
    """Rook family and any plugin deck: big rank over a big glyph in a tinted panel."""
    w, h = s.get_size()
    _panel(s, suit_colour(suit, rank), (0.22, 0.09, 0.56, 0.82))
    t = text_ink(label, suit_ink(suit, rank), round(0.24 * h), round(0.48 * w))
    _blit_centered(s, t, 0.5 * w, 0.34 * h)
    g = glyph_surface(suit, round(0.25 * h), rank=rank)
    _blit_centered(s, g, 0.5 * w, 0.66 * h)


def draw_face(rank: str, suit: str, height: int, bird_label: str = "BIRD") -> pygame.Surface:
    """A card face at this height (width = height * CARD_ASPECT), point badge excluded
    (points depend on the variant: see draw_points_badge)."""
    w, h = card_size_for(height)
    s = _card_base(w * SS, h * SS)
    label = rank_label(rank, suit)
    if is_bird(rank, suit):
        label = bird_label
    _draw_corner_index(s, rank, suit, label)
    _mirror_corner(s)
    if is_bird(rank, suit):
        _draw_bird_centre(s, bird_label)
    elif is_joker(rank, suit):
        _draw_joker(s, rank)
    elif suit in STANDARD_SUITS and label in PIPS:
        _draw_pips(s, suit, label)
    elif suit in STANDARD_SUITS and rank in ("J", "Q", "K"):
        _draw_court(s, rank, suit)
    elif suit in STANDARD_SUITS and rank == "A":
        g = glyph_surface(suit, round(0.5 * w * SS))
        _blit_centered(s, g, 0.5 * w * SS, 0.5 * h * SS)
    else:
        _draw_generic_centre(s, rank, suit, label)
    return pygame.transform.smoothscale(s, (w, h))


def draw_points_badge(card: pygame.Surface, points: int) -> None:
    """A gold counter badge under the corner index (and mirrored), drawn at the final size.
    Below ~12 px the number would be mush, so the badge becomes a plain gold dot."""
    if points <= 0:
        return
    w, h = card.get_size()
    d = BADGE_D * w
    cx, cy = badge_center(w, h)
    k = SS
    layer = pygame.Surface((round(d * k) + 2, round(d * k) + 2), pygame.SRCALPHA)
    c = layer.get_width() / 2
    if d >= 11:
        pygame.draw.circle(layer, (150, 104, 10), (c, c), d * k / 2)
        pygame.draw.circle(layer, GOLD, (c, c), d * k / 2 - max(1, k))
        t = text_ink(str(points), (70, 44, 0), round(d * k * 0.5), round(d * k * 0.74))
        _blit_centered(layer, t, c, c)
    else:
        pygame.draw.circle(layer, (150, 104, 10), (c, c), d * k * 0.32)
        pygame.draw.circle(layer, GOLD, (c, c), d * k * 0.32 - max(1, k * 0.6))
    badge = pygame.transform.smoothscale(layer, (max(1, round(layer.get_width() / k)),) * 2)
    _blit_centered(card, badge, cx, cy)
    _blit_centered(card, pygame.transform.rotate(badge, 180), w - cx, h - cy)


def draw_back(style: str, height: int) -> pygame.Surface:
    w, h = card_size_for(height)
    W, H = w * SS, h * SS
    base = BACK_STYLES.get(style, BACK_STYLES["default"])
    s = _card_base(W, H)
    m = round(0.06 * W)
    inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
    rad = round(W * 0.045)
    pygame.draw.rect(s, base, inner, border_radius=rad)
    # diagonal lattice of lighter lines, clipped to the inner panel
    pat = pygame.Surface(inner.size, pygame.SRCALPHA)
    light = tuple(min(255, c + 46) for c in base)
    step = W * 0.11
    lw = max(1, round(W * 0.012))
    n = int((inner.w + inner.h) / step) + 2
    for i in range(-n, n):
        x0 = i * step
        pygame.draw.line(pat, light, (x0, 0), (x0 + inner.h, inner.h), lw)
        pygame.draw.line(pat, light, (x0 + inner.h, 0), (x0, inner.h), lw)
    for i in range(-n, n):
        for j in range(0, int(inner.h / step) + 2):
            # small diamonds at lattice crossings
            cx = i * step + (j % 2) * step / 2
            cy = j * step / 2
            if 0 <= cx <= inner.w:
                d = step * 0.14
                pygame.draw.polygon(
                    pat, light, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
                )
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
    pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(pat, inner.topleft)
    pygame.draw.rect(s, GOLD, inner, width=max(1, round(W * 0.014)), border_radius=rad)
    # medallion with the crow
    med = pygame.Rect(0, 0, round(W * 0.56), round(H * 0.42))
    med.center = (W // 2, H // 2)
    pygame.draw.ellipse(s, CARD_PAPER, med)
    pygame.draw.ellipse(s, GOLD, med, max(1, round(W * 0.018)))
    crow_box = med.inflate(-med.w * 0.3, -med.h * 0.3)
    _draw_crow(
        s, (crow_box.x, crow_box.y, crow_box.w, crow_box.h), base, sheen=light, eye=CARD_PAPER
    )
    return pygame.transform.smoothscale(s, (w, h))


def draw_outline(kind: str, size: tuple[int, int]) -> pygame.Surface:
    """Overlays the size of a card: hover glow, selected gold rim, legal green rim, dim veil."""
    w, h = size
    W, H = w * SS, h * SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = round(W * 0.075)
    if kind == "dim":
        pygame.draw.rect(s, (10, 14, 20, 120), (0, 0, W, H), border_radius=rad)
    elif kind == "selected":
        pygame.draw.rect(s, (255, 214, 60, 36), (0, 0, W, H), border_radius=rad)
        pygame.draw.rect(
            s, (255, 200, 40, 255), (0, 0, W, H), width=round(W * 0.05), border_radius=rad
        )
    elif kind == "hover":
        # sky blue: visible on ivory paper and distinct from the gold "selected" rim
        pygame.draw.rect(
            s, (90, 170, 255, 70), (0, 0, W, H), width=round(W * 0.07), border_radius=rad
        )
        pygame.draw.rect(
            s, (70, 156, 250, 255), (0, 0, W, H), width=round(W * 0.035), border_radius=rad
        )
    elif kind == "legal":
        pygame.draw.rect(
            s, (70, 210, 130, 230), (0, 0, W, H), width=round(W * 0.032), border_radius=rad
        )
    return pygame.transform.smoothscale(s, (w, h))


def draw_shadow(size: tuple[int, int], blur: int) -> pygame.Surface:
    """A soft shadow for a card of this size; blur px of spread on every side."""
    w, h = size
    pad = max(1, blur)
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 110), (pad, pad, w, h), border_radius=round(w * 0.075))
    small = pygame.transform.smoothscale(
        s, (max(1, s.get_width() // 6), max(1, s.get_height() // 6))
    )
    return pygame.transform.smoothscale(small, s.get_size())


def draw_felt_tile(size: int = 256, seed: int = 7) -> pygame.Surface:
    """A seamless felt texture tile: fine grain plus soft blotches (deterministic)."""
    import random

    rng = random.Random(seed)
    # low-frequency blotches: a small wrapping grid, tiled 3x3, smoothed, centre kept
    g = 8
    grid = [[rng.uniform(-7, 7) for _ in range(g)] for _ in range(g)]
    low = pygame.Surface((g * 3, g * 3))
    for y in range(g * 3):
        for x in range(g * 3):
            v = int(128 + grid[y % g][x % g])
            low.set_at((x, y), (v, v, v))
    big = pygame.transform.smoothscale(low, (size * 3, size * 3)).subsurface(
        (size, size, size, size)
    )
    buf = bytearray(size * size * 3)
    lowbuf = pygame.image.tobytes(big.copy(), "RGB")
    r0, g0, b0 = FELT
    i = 0
    for _ in range(size * size):
        d = lowbuf[i] - 128 + rng.randint(-5, 5)
        buf[i] = max(0, min(255, r0 + d))
        buf[i + 1] = max(0, min(255, g0 + d + (d >> 1)))
        buf[i + 2] = max(0, min(255, b0 + d))
        i += 3
    return pygame.image.frombytes(bytes(buf), (size, size), "RGB")


def draw_table(size: tuple[int, int], tile: pygame.Surface | None = None) -> pygame.Surface:
    """The felt tiled over the window, with a radial vignette darkening the edges."""
    w, h = max(1, size[0]), max(1, size[1])
    tile = tile or draw_felt_tile()
    s = pygame.Surface((w, h))
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            s.blit(tile, (x, y))
    gw, gh = 48, 32
    buf = bytearray(gw * gh * 4)
    for y in range(gh):
        for x in range(gw):
            dx = (x + 0.5) / gw * 2 - 1
            dy = (y + 0.5) / gh * 2 - 1
            d = min(1.0, math.sqrt(dx * dx + dy * dy) / math.sqrt(2))
            a = int(200 * max(0.0, d - 0.35) ** 1.6 / 0.65**1.6)
            o = (y * gw + x) * 4
            buf[o : o + 4] = bytes((0, 0, 0, a))
    vig = pygame.image.frombytes(bytes(buf), (gw, gh), "RGBA")
    s.blit(pygame.transform.smoothscale(vig, (w, h)), (0, 0))
    return s


# -- icons ------------------------------------------------------------------------------
def _with_halo(g: pygame.Surface, colour: Colour, r: float) -> pygame.Surface:
    """The glyph on a silhouette of itself grown by r px in colour (an outline)."""
    r = max(1, round(r))
    out = pygame.Surface((g.get_width() + 2 * r, g.get_height() + 2 * r), pygame.SRCALPHA)
    sil = pygame.mask.from_surface(g, 60).to_surface(
        setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0)
    )
    for k in range(16):
        a = math.pi * k / 8
        out.blit(sil, (r + round(math.cos(a) * r), r + round(math.sin(a) * r)))
    out.blit(g, (r, r))
    return out


def _icon_speaker(s: pygame.Surface, n: float, col: Colour) -> None:
    pygame.draw.polygon(
        s,
        col,
        [
            (0.12 * n, 0.38 * n),
            (0.3 * n, 0.38 * n),
            (0.52 * n, 0.18 * n),
            (0.52 * n, 0.82 * n),
            (0.3 * n, 0.62 * n),
            (0.12 * n, 0.62 * n),
        ],
    )


def _icon_person(s: pygame.Surface, n: float, col: Colour, cx: float = 0.5) -> None:
    pygame.draw.circle(s, col, (cx * n, 0.32 * n), 0.17 * n)
    pygame.draw.ellipse(s, col, (cx * n - 0.32 * n, 0.55 * n, 0.64 * n, 0.6 * n))


def _draw_icon(name: str, n: int) -> pygame.Surface:
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    lw = max(1, round(n * 0.08))
    if name.startswith("suit:"):
        # a light halo keeps black suits readable on the dark felt as well as on panels
        g = _with_halo(glyph_surface(name[5:], round(n * 0.84)), (246, 244, 236), n * 0.05)
        _blit_centered(s, g, n / 2, n / 2)
    elif name == "dealer":
        pygame.draw.circle(s, (40, 40, 44), (n / 2, n / 2), n * 0.48)
        pygame.draw.circle(s, (246, 244, 236), (n / 2, n / 2), n * 0.42)
        pygame.draw.circle(s, (200, 40, 50), (n / 2, n / 2), n * 0.36, max(1, round(n * 0.03)))
        _blit_centered(s, text_ink("D", (30, 30, 34), round(n * 0.4)), n / 2, n / 2)
    elif name == "declarer":
        pygame.draw.line(s, (120, 84, 50), (0.26 * n, 0.08 * n), (0.26 * n, 0.94 * n), lw)
        pygame.draw.polygon(
            s, (214, 52, 52), [(0.3 * n, 0.1 * n), (0.9 * n, 0.3 * n), (0.3 * n, 0.52 * n)]
        )
        pygame.draw.circle(s, GOLD, (0.26 * n, 0.08 * n), n * 0.07)
    elif name == "trump":
        # a medal: gold disc, dark rim, white star
        pygame.draw.circle(s, (150, 100, 0), (n / 2, n / 2), n * 0.48)
        pygame.draw.circle(s, GOLD, (n / 2, n / 2), n * 0.42)
        star = _fit(_star_pts(), (0.2 * n, 0.18 * n, 0.6 * n, 0.6 * n))
        pygame.draw.polygon(s, (255, 252, 238), star)
    elif name == "star":
        star = _fit(_star_pts(), (0.02 * n, 0.02 * n, 0.96 * n, 0.96 * n))
        pygame.draw.polygon(s, (160, 108, 0), star)
        star2 = _fit(_star_pts(), (0.12 * n, 0.12 * n, 0.76 * n, 0.76 * n))
        pygame.draw.polygon(s, GOLD, star2)
    elif name == "crown":
        _draw_crown(s, (0.06 * n, 0.16 * n, 0.88 * n, 0.62 * n), GOLD, 3, (200, 40, 50))
        pygame.draw.rect(s, (190, 140, 20), (0.06 * n, 0.74 * n, 0.88 * n, 0.12 * n))
    elif name == "bird":
        crow = pygame.Surface((round(n * 0.88),) * 2, pygame.SRCALPHA)
        _draw_crow(crow, (0, 0, *crow.get_size()), (30, 32, 46), (82, 92, 128), (250, 240, 200))
        _blit_centered(s, _with_halo(crow, (246, 244, 236), n * 0.04), n / 2, n / 2)
    elif name == "nest":
        for i, (ex, ey) in enumerate(((0.36, 0.46), (0.64, 0.46), (0.5, 0.42))):
            pygame.draw.ellipse(
                s,
                (150, 196, 210) if i < 2 else (180, 214, 226),
                (ex * n - 0.13 * n, ey * n - 0.17 * n, 0.26 * n, 0.34 * n),
            )
        pygame.draw.ellipse(s, (120, 78, 40), (0.04 * n, 0.5 * n, 0.92 * n, 0.36 * n))
        for i in range(6):
            x0 = (0.1 + 0.14 * i) * n
            pygame.draw.line(
                s, (170, 120, 64), (x0, 0.56 * n), (x0 + 0.14 * n, 0.8 * n), max(1, lw // 2)
            )
    elif name == "hint":
        pygame.draw.circle(s, (255, 220, 90), (0.5 * n, 0.4 * n), 0.3 * n)
        pygame.draw.rect(
            s,
            (170, 170, 176),
            (0.36 * n, 0.66 * n, 0.28 * n, 0.22 * n),
            border_radius=max(1, n // 16),
        )
        pygame.draw.line(
            s, (110, 110, 116), (0.36 * n, 0.76 * n), (0.64 * n, 0.76 * n), max(1, lw // 2)
        )
    elif name == "undo":
        r = pygame.Rect(0.16 * n, 0.2 * n, 0.68 * n, 0.64 * n)
        pygame.draw.arc(s, UI_LIGHT, r, -math.pi / 2, math.pi * 0.95, lw)
        pygame.draw.polygon(
            s, UI_LIGHT, [(0.04 * n, 0.52 * n), (0.34 * n, 0.52 * n), (0.19 * n, 0.3 * n)]
        )
    elif name in ("sound", "mute"):
        _icon_speaker(s, n, UI_LIGHT)
        if name == "sound":
            for k in (0.18, 0.32):
                r = pygame.Rect(0, 0, k * 2 * n, k * 2 * n)
                r.center = (round(0.5 * n), round(0.5 * n))
                pygame.draw.arc(s, UI_LIGHT, r, -math.pi / 3, math.pi / 3, max(1, lw * 2 // 3))
        else:
            pygame.draw.line(s, (230, 70, 70), (0.62 * n, 0.34 * n), (0.92 * n, 0.66 * n), lw)
            pygame.draw.line(s, (230, 70, 70), (0.62 * n, 0.66 * n), (0.92 * n, 0.34 * n), lw)
    elif name == "settings":
        for i in range(8):
            a = math.pi * i / 4
            pts = _rot([(-0.09, -0.47), (0.09, -0.47), (0.1, -0.3), (-0.1, -0.3)], math.degrees(a))
            pygame.draw.polygon(s, UI_LIGHT, [((0.5 + x) * n, (0.5 + y) * n) for x, y in pts])
        pygame.draw.circle(s, UI_LIGHT, (n / 2, n / 2), 0.34 * n)
        pygame.draw.circle(s, (0, 0, 0, 0), (n / 2, n / 2), 0.14 * n)
    elif name == "ai":
        pygame.draw.line(s, UI_LIGHT, (0.5 * n, 0.08 * n), (0.5 * n, 0.24 * n), max(1, lw // 2))
        pygame.draw.circle(s, (240, 90, 80), (0.5 * n, 0.08 * n), 0.06 * n)
        pygame.draw.rect(
            s, UI_LIGHT, (0.14 * n, 0.24 * n, 0.72 * n, 0.6 * n), border_radius=round(0.12 * n)
        )
        for ex in (0.35, 0.65):
            pygame.draw.circle(s, (40, 140, 220), (ex * n, 0.48 * n), 0.08 * n)
        pygame.draw.rect(s, (60, 60, 70), (0.32 * n, 0.66 * n, 0.36 * n, 0.06 * n))
    elif name == "human":
        _icon_person(s, n, UI_LIGHT)
    elif name == "team":
        _icon_person(s, n, (180, 180, 170), 0.34)
        _icon_person(s, n, UI_LIGHT, 0.66)
    elif name == "lock":
        pygame.draw.arc(s, UI_LIGHT, (0.26 * n, 0.1 * n, 0.48 * n, 0.56 * n), 0, math.pi, lw)
        pygame.draw.line(
            s, UI_LIGHT, (0.26 * n + lw / 2, 0.38 * n), (0.26 * n + lw / 2, 0.5 * n), lw
        )
        pygame.draw.line(
            s, UI_LIGHT, (0.74 * n - lw / 2, 0.38 * n), (0.74 * n - lw / 2, 0.5 * n), lw
        )
        pygame.draw.rect(
            s, GOLD, (0.16 * n, 0.46 * n, 0.68 * n, 0.46 * n), border_radius=round(0.08 * n)
        )
        pygame.draw.circle(s, (90, 60, 0), (0.5 * n, 0.64 * n), 0.06 * n)
    elif name == "check":
        pygame.draw.lines(
            s,
            (70, 200, 110),
            False,
            [(0.14 * n, 0.52 * n), (0.4 * n, 0.78 * n), (0.86 * n, 0.22 * n)],
            lw + 2,
        )
    elif name == "cross":
        pygame.draw.line(s, (230, 70, 70), (0.2 * n, 0.2 * n), (0.8 * n, 0.8 * n), lw + 2)
        pygame.draw.line(s, (230, 70, 70), (0.2 * n, 0.8 * n), (0.8 * n, 0.2 * n), lw + 2)
    elif name == "cards":
        for i, a in enumerate((-14, 0, 14)):
            card = pygame.Surface((round(0.42 * n), round(0.6 * n)), pygame.SRCALPHA)
            pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=max(1, n // 20))
            pygame.draw.rect(
                card,
                CARD_PAPER,
                card.get_rect().inflate(-max(2, n // 24), -max(2, n // 24)),
                border_radius=max(1, n // 24),
            )
            if i == 2:
                _blit_centered(
                    card,
                    glyph_surface("H", round(0.22 * n)),
                    card.get_width() / 2,
                    card.get_height() / 2,
                )
            rc = pygame.transform.rotate(card, -a)
            _blit_centered(s, rc, (0.34 + 0.16 * i) * n, 0.52 * n)
    else:
        pygame.draw.circle(s, (120, 120, 130), (n / 2, n / 2), n * 0.46)
        _blit_centered(s, text_ink("?", UI_LIGHT, round(n * 0.5)), n / 2, n / 2)
    return s


ICON_NAMES = (
    "dealer",
    "declarer",
    "trump",
    "star",
    "crown",
    "bird",
    "nest",
    "hint",
    "undo",
    "sound",
    "mute",
    "settings",
    "ai",
    "human",
    "team",
    "lock",
    "check",
    "cross",
    "cards",
) + tuple(f"suit:{s}" for s in ("B", "G", "R", "Y", "S", "H", "D", "C", "J", "*"))


def draw_icon(name: str, size: int) -> pygame.Surface:
    size = max(2, int(size))
    big = _draw_icon(name, size * (SS + 1))
    return pygame.transform.smoothscale(big, (size, size))


APP_ICON_SIZES = (48, 128, 256)  # the hicolor sizes `crowsnest desktop-entry` installs


def draw_app_icon(size: int) -> pygame.Surface:
    """The application icon: the crow from the card backs perched before a fanned pair
    of cards, on a gold-rimmed felt tile (sprites/app/, the desktop entry, the window)."""
    n = max(16, int(size)) * (SS + 1)
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    tile = pygame.Rect(0, 0, n, n).inflate(-n * 0.04, -n * 0.04)
    pygame.draw.rect(s, FELT, tile, border_radius=round(n * 0.2))
    pygame.draw.rect(s, GOLD, tile, width=max(2, round(n * 0.035)), border_radius=round(n * 0.2))
    ch = round(n * 0.52)
    back, face = draw_back("default", ch), draw_face("14", "R", ch)
    for card, angle, cx in ((back, 16, 0.72), (face, -6, 0.58)):
        _blit_centered(s, pygame.transform.rotozoom(card, angle, 1.0), n * cx, n * 0.4)
    ink = (28, 30, 36)
    _draw_crow(s, (n * 0.08, n * 0.3, n * 0.66, n * 0.66), ink, sheen=(70, 78, 96), eye=GOLD)
    return pygame.transform.smoothscale(s, (size, size))


# -- sprite files -------------------------------------------------------------------------
def face_key(rank: str, suit: str, bird_label: str = "BIRD") -> str:
    """File stem of the sprite for a face, e.g. "R_14", "S_T", "J_BJ", "BIRD_CROW"."""
    if is_bird(rank, suit):
        return f"BIRD_{bird_label.upper()}"
    if suit in STANDARD_SUITS and rank == "10":
        rank = "T"
    safe = "".join(ch if ch.isalnum() else "_" for ch in f"{suit}_{rank}")
    return safe


def icon_key(name: str) -> str:
    return name.replace(":", "_").replace("*", "bird")


def all_sprite_faces() -> list[tuple[str, str, str]]:
    """(rank, suit, bird_label) of every face tools/make_sprites.py writes."""
    faces = [(r, s, "") for s in ROOK_SUITS for r in ROOK_RANKS]
    faces += [("BIRD", "*", label) for label in BIRD_LABELS]
    faces += [(r, s, "") for s in STANDARD_SUITS for r in STANDARD_RANKS]
    faces += [(r, "J", "") for r in JOKER_RANKS]
    return faces


def bird_label_for(variant: object) -> str:
    """The name to print on a variant's bird card: the Rook family names it in its "bird"
    option ("Crow card" in CrowsNest, "Rook card" elsewhere); "BIRD" when nothing says."""
    for opt in getattr(variant, "options", ()) or ():
        label = getattr(opt, "label", "")
        if getattr(opt, "key", "") == "bird" and label.lower().endswith(" card"):
            return label[: -len(" card")].strip().upper() or "BIRD"
    return "BIRD"


class Assets:
    """Cached, scaled art for the client. Loads `sprites/` when present; draws otherwise."""

    def __init__(
        self,
        card_height: int = 150,
        bird_label: str = "BIRD",
        sprites_dir: Path | str | None = None,
    ) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.sprites_dir = Path(sprites_dir) if sprites_dir is not None else SPRITES_DIR
        self.variant_sprites_dir: Path | None = None  # a plugin's own art, searched first
        self.bird_label = bird_label
        self.card_height = 0
        self.card_size: tuple[int, int] = (0, 0)
        # card surfaces, one cache per card height, least recently used height dropped
        # first: a window dragged through many sizes must not keep every size alive
        self._by_height: OrderedDict[int, dict[tuple[object, ...], pygame.Surface]] = OrderedDict()
        self._cards: dict[tuple[object, ...], pygame.Surface] = {}
        self._bases: dict[str, pygame.Surface | None] = {}
        self._tables: dict[tuple[int, int], pygame.Surface] = {}
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._felt: pygame.Surface | None = None
        self.set_card_height(card_height)

    # -- sizing
    def set_card_height(self, h: int) -> None:
        """Change the card size; surfaces are cached per size, so switching back is free."""
        self.card_height = max(16, int(h))
        self.card_size = card_size_for(self.card_height)
        cache = self._by_height.get(self.card_height)
        if cache is None:
            cache = self._by_height[self.card_height] = {}
            while len(self._by_height) > MAX_CACHED_HEIGHTS:
                self._by_height.popitem(last=False)
        else:
            self._by_height.move_to_end(self.card_height)
        self._cards = cache

    def set_bird_label(self, label: str) -> None:
        """The name printed on the bird card: "CROW" in CrowsNest, "ROOK" elsewhere."""
        self.bird_label = label.upper() or "BIRD"

    # -- loading helpers
    def _ready(self, s: pygame.Surface) -> pygame.Surface:
        """convert_alpha for fast blits, only once a display mode exists."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            try:
                return s.convert_alpha()
            except pygame.error:
                return s
        return s

    def use_variant(self, variant: object) -> None:
        """Set up for a variant: its bird card's name, and its own sprites if its plugin
        ships them in a `sprites/` folder beside the module defining its deck (same layout
        as ours: cards/<suit>_<rank>.png, backs/<style>.png). Anything not found there
        comes from our sprites or is drawn from rank and suit."""
        self.set_bird_label(bird_label_for(variant))
        folder: Path | None = None
        deck_part = getattr(variant, "deck", None)
        module = sys.modules.get(type(deck_part).__module__) if deck_part is not None else None
        source = getattr(module, "__file__", None)
        if source:
            candidate = Path(source).resolve().parent / "sprites"
            if candidate.is_dir() and candidate.resolve() != self.sprites_dir.resolve():
                folder = candidate
        if folder != self.variant_sprites_dir:
            self.variant_sprites_dir = folder
            self._bases.clear()
            self._by_height.clear()
            self.set_card_height(self.card_height)

    def _sprite_file(self, rel: str) -> Path | None:
        for folder in (self.variant_sprites_dir, self.sprites_dir):
            if folder is not None and (folder / rel).is_file():
                return folder / rel
        return None

    def _load(self, rel: str) -> pygame.Surface | None:
        if rel in self._bases:
            return self._bases[rel]
        path = self._sprite_file(rel)
        img: pygame.Surface | None = None
        if path is not None:
            try:
                img = pygame.image.load(str(path))
            except (pygame.error, OSError):
                img = None  # a damaged sprite: fall back to drawing
        self._bases[rel] = img
        return img

    def sprite_path(self, rank: str, suit: str, bird_label: str | None = None) -> Path | None:
        """The committed sprite a face is scaled from, or None when it is drawn."""
        label = (bird_label or self.bird_label).upper()
        return self._sprite_file(f"cards/{face_key(rank, suit, label)}.png")

    def _scaled(self, base: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        if base.get_size() == size:
            return base.copy()
        if base.get_bitsize() < 24:
            base = base.convert(32, pygame.SRCALPHA)  # smoothscale needs 24/32-bit pixels
        return pygame.transform.smoothscale(base, size)

    # -- cards
    def card_face(self, deck: Deck, card: int, bird_label: str | None = None) -> pygame.Surface:
        return self.face(deck.ranks[card], deck.suits[card], deck.points[card], bird_label)

    def face(
        self, rank: str, suit: str, points: int = 0, bird_label: str | None = None
    ) -> pygame.Surface:
        """A face from its rank, suit and counter value (no Deck needed)."""
        label = (bird_label or self.bird_label).upper()
        key = ("face", rank, suit, points, label)
        s = self._cards.get(key)
        if s is None:
            # above the sprites' resolution, draw instead of blowing a sprite up (crisper)
            big = self.card_height > BASE_CARD_HEIGHT
            base = None if big else self._load(f"cards/{face_key(rank, suit, label)}.png")
            if base is not None:
                s = self._scaled(base, self.card_size)
            else:
                s = draw_face(rank, suit, self.card_height, label)
            draw_points_badge(s, points)
            s = self._ready(s)
            self._cards[key] = s
        return s

    def card_back(self, style: str = "default") -> pygame.Surface:
        if style not in BACK_STYLES:
            style = "default"
        key = ("back", style)
        s = self._cards.get(key)
        if s is None:
            big = self.card_height > BASE_CARD_HEIGHT
            base = None if big else self._load(f"backs/{style}.png")
            s = (
                self._scaled(base, self.card_size)
                if base is not None
                else draw_back(style, self.card_height)
            )
            s = self._ready(s)
            self._cards[key] = s
        return s

    def card_outline(self, kind: str) -> pygame.Surface:
        """ "hover", "selected", "legal" or "dim": an overlay the size of a card."""
        key = ("outline", kind)
        s = self._cards.get(key)
        if s is None:
            s = self._ready(draw_outline(kind, self.card_size))
            self._cards[key] = s
        return s

    def card_shadow(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft shadow and the offset to blit it at relative to the card's top-left."""
        blur = max(2, self.card_height // 30)
        s = self._cards.get(("shadow",))
        if s is None:
            s = self._ready(draw_shadow(self.card_size, blur))
            self._cards[("shadow",)] = s
        return s, (-blur + blur // 2, -blur + blur)

    # -- table and UI
    def table(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        s = self._tables.get(size)
        if s is None:
            if self._felt is None:
                self._felt = self._load("table/felt.png") or draw_felt_tile()
            s = draw_table(size, self._felt)
            if pygame.display.get_surface() is not None:
                s = s.convert()
            self._tables = {size: s}  # windows resize rarely: keep only the current size
        return s

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return get_font(size, bold)

    def icon(self, name: str, size: int) -> pygame.Surface:
        """UI glyphs: dealer, declarer, trump, crown, bird, nest, hint, undo, sound, mute,
        settings, ai, human, team, lock, check, cross, cards, star, suit:X. Unknown: "?"."""
        size = max(2, int(size))
        key = (name, size)
        s = self._icons.get(key)
        if s is None:
            base = self._load(f"icons/{icon_key(name)}.png") if name in ICON_NAMES else None
            if base is not None:
                s = self._scaled(base, (size, size))
            else:
                s = draw_icon(name, size)
            s = self._ready(s)
            if len(self._icons) > 600:
                self._icons.clear()  # many UI scales seen (window resizes): start afresh
            self._icons[key] = s
        return s

    def suit_glyph(self, suit: str) -> str:
        """A Unicode symbol for text outside the window (the default font lacks these);
        in the window use icon("suit:" + suit, size)."""
        return SUIT_SYMBOLS.get(suit, suit)

    def suit_colour(self, suit: str) -> tuple[int, int, int]:
        return suit_colour(suit)

    def suit_colour_on_dark(self, suit: str) -> tuple[int, int, int]:
        """A readable colour for a suit's name or glyph on a dark panel or the felt: black
        suits turn light grey, the others are lifted towards white."""
        if suit in SUIT_ON_DARK:
            return SUIT_ON_DARK[suit]
        r, g, b = suit_colour(suit)
        if 0.3 * r + 0.59 * g + 0.11 * b < 60:
            return UI_LIGHT
        return (min(255, r + 70), min(255, g + 70), min(255, b + 70))

    def suit_name(self, suit: str) -> str:
        return SUIT_NAMES.get(suit, suit)

    def text(
        self, text: str, size: int, colour: Colour = UI_LIGHT, bold: bool = False
    ) -> pygame.Surface:
        """Text with inline icons: "{suit:H}" or "{dealer}" in text become icons of the
        line's height. Handy for "Trump {suit:R}" in a font without suit symbols."""
        f = self.font(size, bold)
        parts: list[pygame.Surface] = []
        rest = text
        while rest:
            a = rest.find("{")
            b = rest.find("}", a + 1) if a >= 0 else -1
            if a < 0 or b < 0:
                parts.append(f.render(rest, True, colour))
                break
            if a:
                parts.append(f.render(rest[:a], True, colour))
            parts.append(self.icon(rest[a + 1 : b], f.get_height()))
            rest = rest[b + 1 :]
        if not parts:
            return pygame.Surface((1, f.get_height()), pygame.SRCALPHA)
        out = pygame.Surface(
            (sum(p.get_width() for p in parts), max(p.get_height() for p in parts)), pygame.SRCALPHA
        )
        x = 0
        for p in parts:
            out.blit(p, (x, (out.get_height() - p.get_height()) // 2))
            x += p.get_width()
        return out
