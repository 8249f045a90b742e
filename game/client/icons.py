"""The table felt and the UI icons (dealer, leader, hint, undo, sound, ... and each
suit's glyph as "suit:X"), drawn like the cards (see painter.py)."""

from __future__ import annotations

import math
import random

import pygame

from .painter import _draw_crown, draw_back, draw_face, glyph_surface
from .palette import (
    CARD_EDGE,
    CARD_PAPER,
    FELT,
    GOLD,
    SS,
    UI_LIGHT,
    Colour,
    _blit_centered,
    _fit,
    _rot,
    _star_pts,
    draw_mark,
    text_ink,
)


def draw_felt_tile(
    size: int = 256, seed: int = 7, colour: Colour = FELT, weave: int = 0
) -> pygame.Surface:
    """A seamless felt texture tile: fine grain plus soft blotches (deterministic); with
    `weave`, faint threads every few pixels (a woven cloth such as linen)."""

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
    r0, g0, b0 = colour
    i = 0
    for k in range(size * size):
        d = lowbuf[i] - 128 + rng.randint(-5, 5)
        if weave:
            x, y = k % size, k // size
            d -= weave * ((x % 4 == 0) + (y % 4 == 2))
        buf[i] = max(0, min(255, r0 + d))
        buf[i + 1] = max(0, min(255, g0 + d + (d >> 1)))
        buf[i + 2] = max(0, min(255, b0 + d))
        i += 3
    return pygame.image.frombytes(bytes(buf), (size, size), "RGB")


def draw_table(
    size: tuple[int, int], tile: pygame.Surface | None = None, vignette: int = 200
) -> pygame.Surface:
    """The felt tiled over the window, with a radial vignette darkening the edges (at
    most `vignette` of 255: a light felt takes less, or its edges look soiled)."""
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
            a = int(vignette * max(0.0, d - 0.35) ** 1.6 / 0.65**1.6)
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
    elif name == "leader":
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
    elif name == "mark":  # the house mark
        box = pygame.Surface((round(n * 0.88),) * 2, pygame.SRCALPHA)
        draw_mark(box, (0, 0, *box.get_size()), (30, 32, 46), (82, 92, 128), (250, 240, 200))
        _blit_centered(s, _with_halo(box, (246, 244, 236), n * 0.04), n / 2, n / 2)
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
    "leader",
    "trump",
    "star",
    "crown",
    "mark",
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
) + tuple(f"suit:{s}" for s in ("S", "H", "D", "C", "J"))


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
    back, face = draw_back("default", ch), draw_face("14", "H", ch)
    for card, angle, cx in ((back, 16, 0.72), (face, -6, 0.58)):
        _blit_centered(s, pygame.transform.rotozoom(card, angle, 1.0), n * cx, n * 0.4)
    ink = (28, 30, 36)
    draw_mark(s, (n * 0.08, n * 0.3, n * 0.66, n * 0.66), ink, sheen=(70, 78, 96), eye=GOLD)
    return pygame.transform.smoothscale(s, (size, size))
