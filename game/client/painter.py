"""The card painter: suit glyphs by shape, card faces, backs, outlines and shadows.

One drawing function per idea, used twice: tools/make_sprites.py calls them to write the
committed PNGs (the client's in sprites/, a game's in its own sprites/ folder), and
`Assets` calls the very same functions when a sprite is missing (a plugin deck with suits
or ranks nobody drew, a card larger than the sprites). So a drawn face and a loaded
sprite look the same.

Everything is drawn with `pygame.draw` shapes on a canvas `SS` times larger and then
smoothscaled down: antialiased edges, and glyphs that never depend on which symbols a
font covers. Every face shows its rank AND a drawn suit glyph besides its colour, for
colour-blind players.
"""

from __future__ import annotations

import math

import pygame
from crowsnest.i18n import pgettext

from .palette import (
    BACK_PATTERNS,
    BACK_STYLES,
    CARD_EDGE,
    CARD_PAPER,
    GOLD,
    JOKER_BLACK,
    JOKER_RED,
    SS,
    STANDARD_SUITS,
    Colour,
    Point,
    _blit_centered,
    _fit,
    _heart_pts,
    _map,
    _rot,
    _star_pts,
    card_size_for,
    draw_mark,
    face_label,
    is_joker,
    look,
    rank_label,
    suit_colour,
    suit_ink,
    text_ink,
)

# the glyph shapes a suit's Look may name
SHAPES = ("spade", "heart", "diamond", "club", "star", "moon", "leaf", "sun", "mark")


def _leaf_outline() -> list[Point]:
    n = 24

    # a plump leaf: a lens whose widest point sits a little below the middle
    def half(i: int) -> float:
        u = i / n
        return 0.62 * float(math.sin(math.pi * u) ** 0.8) * (0.85 + 0.3 * u)

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


def glyph_surface(
    suit: str, size: int, colour: Colour | None = None, flip: bool = False, rank: str = ""
) -> pygame.Surface:
    """The suit's glyph, drawn (never a font symbol), size x size, transparent around it,
    in the shape its Look names (SHAPES); a suit without one gets its letter in a disc.
    Draw at the final canvas resolution (callers supersample the whole canvas)."""
    size = max(2, int(size))
    col = colour or suit_colour(suit, rank)
    g = pygame.Surface((size, size), pygame.SRCALPHA)
    clear = (0, 0, 0, 0)
    lk = look(suit)
    shape = lk.shape if lk is not None else ""
    if shape == "heart":
        pygame.draw.polygon(g, col, _map(_HEART, size, flip))
    elif shape == "spade":
        body = _fit([(x, -y) for x, y in _heart_pts()], (0.04, 0.0, 0.92, 0.78))
        stem = [(0.5, 0.55), (0.36, 1.0), (0.64, 1.0)]
        pygame.draw.polygon(g, col, _map(body, size, flip))
        pygame.draw.polygon(g, col, _map(stem, size, flip))
    elif shape == "diamond":
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
    elif shape == "club":
        r = 0.215 * size
        for cx, cy in ((0.5, 0.25), (0.27, 0.56), (0.73, 0.56)):
            (px, py) = _map([(cx, cy)], size, flip)[0]
            pygame.draw.circle(g, col, (px, py), r)
        pygame.draw.polygon(g, col, _map([(0.5, 0.45), (0.35, 1.0), (0.65, 1.0)], size, flip))
        pygame.draw.polygon(g, col, _map([(0.5, 0.3), (0.3, 0.6), (0.7, 0.6)], size, flip))
    elif shape == "moon":
        # crescent moon: a disc with a disc cut out of it, plus a small star
        c = _map([(0.44, 0.52)], size, flip)[0]
        pygame.draw.circle(g, col, c, 0.44 * size)
        c2 = _map([(0.64, 0.38)], size, flip)[0]
        pygame.draw.circle(g, clear, c2, 0.38 * size)
        star = _fit(_star_pts(), (0.66, 0.56, 0.3, 0.3))
        pygame.draw.polygon(g, col, _map(star, size, flip))
    elif shape == "leaf":
        leaf, stem, veins = _LEAF
        pygame.draw.polygon(g, col, _map(leaf, size, flip))
        pygame.draw.polygon(g, col, _map(stem, size, flip))
        vw = max(1, round(size * 0.045))
        for a, b in veins:
            (p,), (q,) = _map([a], size, flip), _map([b], size, flip)
            pygame.draw.line(g, clear, p, q, vw)
    elif shape == "sun":
        # sun: a disc and eight rays, with a dark rim so it reads on white paper
        rim = (lk.rim if lk is not None else None) or tuple(round(c * 0.63) for c in col)
        cx = cy = size / 2
        for ray_col, grow in ((rim, 0.045), (col, 0.0)):
            for i in range(8):
                ang = math.pi * i / 4
                tip = (
                    cx + math.cos(ang) * size * (0.5 - 0.01 + grow * 0.2),
                    cy + math.sin(ang) * size * (0.5 - 0.01 + grow * 0.2),
                )
                da = 0.25 + grow
                lft = (
                    cx + math.cos(ang - da) * size * 0.28,
                    cy + math.sin(ang - da) * size * 0.28,
                )
                rgt = (
                    cx + math.cos(ang + da) * size * 0.28,
                    cy + math.sin(ang + da) * size * 0.28,
                )
                pygame.draw.polygon(g, ray_col, [tip, lft, rgt])
            pygame.draw.circle(g, ray_col, (cx, cy), size * (0.27 + grow))
    elif shape == "star":
        pygame.draw.polygon(g, col, _map(_STAR, size, flip))
    elif shape == "mark":
        draw_mark(g, (0, 0, size, size), col, legs=True)
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


def _draw_corner_index(
    s: pygame.Surface, rank: str, suit: str, label: str, emblem: bool = False
) -> None:
    w, h = s.get_size()
    ink = suit_ink(suit, rank)
    cx = IDX_CX * w
    gtop = _index_glyph_top() * h
    gsize = round(GLYPH_H * h)
    if emblem:  # a named card: its picture in the corner instead of rank and glyph
        box = pygame.Surface(
            (round(IDX_W * w * 1.2), round((RANK_H + GLYPH_H) * h)), pygame.SRCALPHA
        )
        _draw_emblem(box, suit)
        s.blit(box, (round(cx - box.get_width() / 2), round(RANK_TOP * h)))
        return
    if is_joker(rank, suit):
        letters = joker_words()[0]  # the word, letter under letter
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


JOKER_WORDS_EN = ("JOKER", "BIG", "SMALL")


def joker_words() -> tuple[str, str, str]:
    """The words printed on a joker's face, in the player's language: (JOKER, BIG,
    SMALL). The committed sprites carry the English ones."""
    return (
        pgettext("joker card face", "JOKER"),
        pgettext("joker card face", "BIG"),
        pgettext("joker card face", "SMALL"),
    )


def _draw_joker(s: pygame.Surface, rank: str) -> None:
    w, h = s.get_size()
    big = rank.upper().startswith("R")
    col = JOKER_RED if big else JOKER_BLACK
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
    joker, big_word, small_word = joker_words()
    t = text_ink(joker, col, round(0.085 * h), round(0.5 * w))
    _blit_centered(s, t, 0.5 * w, 0.58 * h)
    sub = text_ink(big_word if big else small_word, col, round(0.06 * h), round(0.44 * w))
    _blit_centered(s, sub, 0.5 * w, 0.69 * h)
    star = glyph_surface("J", round(0.1 * h), col)
    _blit_centered(s, star, 0.5 * w, 0.8 * h)


def _draw_emblem(box: pygame.Surface, suit: str) -> None:
    """A named card's small picture: the suit's glyph filling the box (the house mark
    in its own proportions)."""
    lk = look(suit)
    if lk is not None and lk.shape == "mark":
        draw_mark(box, (0, 0, *box.get_size()), suit_colour(suit))
        return
    size = min(box.get_size())
    _blit_centered(box, glyph_surface(suit, size), box.get_width() / 2, box.get_height() / 2)


def _draw_emblem_centre(s: pygame.Surface, suit: str, label: str) -> None:
    """A named card's centre (the Rook family's bird card): a sky medallion with the
    suit's glyph in it, the name under it. The house mark sits on a perch of twigs."""
    w, h = s.get_size()
    cx, cy, r = 0.5 * w, 0.41 * h, 0.285 * w
    pygame.draw.circle(s, (206, 226, 240), (cx, cy), r)
    pygame.draw.circle(s, (150, 176, 200), (cx, cy), r, max(1, round(w * 0.012)))
    col = suit_colour(suit)
    lk = look(suit)
    if lk is None or lk.shape != "mark":
        _blit_centered(s, glyph_surface(suit, round(0.42 * w)), cx, cy)
        t = text_ink(label, col, round(0.07 * h), round(0.48 * w))
        _blit_centered(s, t, 0.5 * w, 0.73 * h)
        return
    mark_box = (cx - 0.3 * w, cy - 0.3 * w, 0.56 * w, 0.56 * w)
    draw_mark(s, mark_box, col, sheen=(82, 92, 128), eye=(250, 240, 200), legs=False)
    perch = pygame.Rect(0, 0, round(0.6 * w), round(0.12 * h))
    perch.center = (round(cx), round(cy + 0.14 * h))
    pygame.draw.ellipse(s, (120, 78, 40), perch)
    twig = (168, 118, 62)
    lw = max(1, round(w * 0.012))
    for i in range(7):
        x0 = perch.left + perch.w * (0.08 + 0.13 * i)
        pygame.draw.line(
            s,
            twig,
            (x0, perch.top + perch.h * 0.3),
            (x0 + perch.w * 0.16, perch.bottom - perch.h * 0.25),
            lw,
        )
        pygame.draw.line(
            s,
            twig,
            (x0 + perch.w * 0.14, perch.top + perch.h * 0.25),
            (x0, perch.bottom - perch.h * 0.3),
            lw,
        )
    t = text_ink(label, col, round(0.07 * h), round(0.48 * w))
    _blit_centered(s, t, 0.5 * w, 0.73 * h)


def _draw_generic_centre(s: pygame.Surface, rank: str, suit: str, label: str) -> None:
    """Any deck's other cards (a coloured-suit pack, a plugin's): big rank over a big
    glyph in a tinted panel."""
    w, h = s.get_size()
    _panel(s, suit_colour(suit, rank), (0.22, 0.09, 0.56, 0.82))
    t = text_ink(label, suit_ink(suit, rank), round(0.24 * h), round(0.48 * w))
    _blit_centered(s, t, 0.5 * w, 0.34 * h)
    g = glyph_surface(suit, round(0.25 * h), rank=rank)
    _blit_centered(s, g, 0.5 * w, 0.66 * h)


def draw_face(rank: str, suit: str, height: int, label: str | None = None) -> pygame.Surface:
    """A card face at this height (width = height * CARD_ASPECT), point badge excluded
    (points depend on the variant: see draw_points_badge). `label`: the word a named card
    prints (None: the running game's word for this rank, if any)."""
    w, h = card_size_for(height)
    s = _card_base(w * SS, h * SS)
    name = face_label(rank) if label is None else label
    text = name or rank_label(rank, suit)
    _draw_corner_index(s, rank, suit, text, emblem=bool(name))
    _mirror_corner(s)
    if name:
        _draw_emblem_centre(s, suit, name)
    elif is_joker(rank, suit):
        _draw_joker(s, rank)
    elif suit in STANDARD_SUITS and text in PIPS:
        _draw_pips(s, suit, text)
    elif suit in STANDARD_SUITS and rank in ("J", "Q", "K"):
        _draw_court(s, rank, suit)
    elif suit in STANDARD_SUITS and rank == "A":
        g = glyph_surface(suit, round(0.5 * w * SS))
        _blit_centered(s, g, 0.5 * w * SS, 0.5 * h * SS)
    else:
        _draw_generic_centre(s, rank, suit, text)
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


def _back_pattern(
    pat: pygame.Surface, kind: str, light: Colour, W: int, inner: pygame.Rect
) -> None:
    """A back's pattern in its lighter colour: a diagonal lattice with small diamonds
    (the first backs), concentric rings, or pinstripes."""
    step = W * 0.11
    lw = max(1, round(W * 0.012))
    if kind == "rings":
        cx, cy = inner.w / 2, inner.h / 2
        r = step * 0.6
        while r < max(inner.w, inner.h):
            pygame.draw.ellipse(pat, light, (cx - r, cy - r * 1.3, 2 * r, 2.6 * r), lw)
            r += step * 0.55
        return
    if kind == "stripes":
        x = step / 4
        while x < inner.w:
            pygame.draw.line(pat, light, (x, 0), (x, inner.h), lw)
            x += step / 2
        for y in (inner.h * 0.12, inner.h * 0.88):
            pygame.draw.line(pat, light, (0, y), (inner.w, y), lw * 2)
        return
    # diagonal lattice of lighter lines, clipped to the inner panel
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


def draw_back(
    style: str, height: int, colour: Colour | None = None, pattern: str = ""
) -> pygame.Surface:
    """A card back: a style's colour and pattern (BACK_STYLES, BACK_PATTERNS), or the
    given `colour` and `pattern` (a game's own back, tools/make_looks.py)."""
    w, h = card_size_for(height)
    W, H = w * SS, h * SS
    base = colour or BACK_STYLES.get(style, BACK_STYLES["default"])
    s = _card_base(W, H)
    m = round(0.06 * W)
    inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
    rad = round(W * 0.045)
    pygame.draw.rect(s, base, inner, border_radius=rad)
    pat = pygame.Surface(inner.size, pygame.SRCALPHA)
    r, g, b = (min(255, c + 46) for c in base)
    light = (r, g, b)
    _back_pattern(pat, pattern or BACK_PATTERNS.get(style, "lattice"), light, W, inner)
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
    box = med.inflate(-med.w * 0.3, -med.h * 0.3)
    draw_mark(s, (box.x, box.y, box.w, box.h), base, sheen=light, eye=CARD_PAPER)
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
