"""Readable for everyone: suit glyphs keep a WCAG contrast ratio of at least 3:1 on
every background they are drawn on (card paper, panels, buttons, the felt), and the
suits of the Rook colours and of the four-colour pack stay apart under protanopia,
deuteranopia and tritanopia (colour-blind simulations), by colour where the colours
allow and always by glyph."""

from __future__ import annotations

import itertools
import math

import pytest
from client_driver import make_app
from crowsnest.client import palette
from crowsnest.client.widgets import BUTTON, BUTTON_HOT, PANEL
from crowsnest.engine.presentation import presentation_of

PAPER = palette.CARD_PAPER
HALO = (246, 244, 236)  # the light ring round a suit icon (icons.py)
SWATCH = (250, 248, 240)  # a suit button's tile (widgets.Button)
DARK = {"panel": PANEL[:3], "button": BUTTON, "focused button": BUTTON_HOT, "felt": palette.FELT}
# the panel is drawn translucent over the felt
PANEL_ON_FELT = tuple(
    round((p * PANEL[3] + f * (255 - PANEL[3])) / 255)
    for p, f in zip(PANEL[:3], palette.FELT, strict=True)
)

# Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def luminance(rgb) -> float:
    r, g, b = (_lin(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def simulate(rgb, kind: str):
    m = CVD[kind]
    lin = [_lin(x) for x in rgb[:3]]
    return tuple(_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(rgb):
    r, g, b = (_lin(x) for x in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a, b) -> float:
    return math.dist(lab(a), lab(b))


def test_wcag_contrast_of_known_pairs():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def all_looks():
    """Every suit look a table can show: the standard pack in two and in four colours,
    and every registered game's own suits."""
    app = make_app()
    looks = {f"standard {k}": lk for k, lk in palette.STANDARD_LOOKS.items()}
    looks |= {f"four-colour {k}": lk for k, lk in palette.FOUR_COLOUR_LOOKS.items()}
    for v in app.registry.variants.values():
        art = presentation_of(v).card_art()
        for key, sl in art.suits.items():
            looks[f"{v.id} {key}"] = sl
        for key, sl in art.colour_blind_suits.items():
            looks[f"{v.id} colour-blind {key}"] = sl
    # every colour a player can pick for a standard suit (Settings -> Look)
    for name in palette.SUIT_COLOUR_CHOICES:
        palette.set_suit_colours({"H": palette.SUIT_COLOUR_CHOICES[name]})
        looks[f"picked {name} H"] = palette.standard_looks()["H"]
    palette.set_suit_colours({})
    app.close()
    return looks


def test_suit_glyphs_contrast_at_least_3_to_1_on_every_background():
    """Black suit glyphs on the dark panels were hard to read (a spade read as a club)."""
    app = make_app()
    bad = []
    for name, lk in all_looks().items():
        # on the card: the glyph's fill, or its rim where a pale fill has one
        edge = max(contrast(lk.colour, PAPER), contrast(lk.rim, PAPER) if lk.rim else 0)
        if edge < 3:
            bad.append((name, "paper", round(edge, 2)))
        # a suit's words in its colour on the top bar's dark panel (trump: Hearts)
        on_dark = lk.on_dark or app.assets.suit_colour_on_dark(name.split()[-1])
        if contrast(on_dark, PANEL_ON_FELT) < 3:
            bad.append((name, "panel", round(contrast(on_dark, PANEL_ON_FELT), 2)))
        # a button's suit swatch: the glyph on a light tile
        swatch = max(contrast(lk.colour, SWATCH), contrast(lk.rim, SWATCH) if lk.rim else 0)
        if swatch < 3:
            bad.append((name, "swatch", round(swatch, 2)))
        # an icon on the dark: the glyph sits on its light halo
        glyph = max(contrast(lk.colour, HALO), contrast(lk.rim, HALO) if lk.rim else 0)
        if glyph < 3:
            bad.append((name, "halo", round(glyph, 2)))
    for where, bg in DARK.items():
        assert contrast(HALO, bg) >= 3, where
    app.close()
    assert not bad, bad


def suit_sets():
    app = make_app()
    art = presentation_of(app.registry.variant("crowsnest")).card_art()
    rook = art.suits
    rook_suits = {k: (tuple(sl.colour), sl.shape) for k, sl in rook.items() if k in "BGRY"}
    blind = {**rook, **art.colour_blind_suits}
    blind_suits = {k: (tuple(sl.colour), sl.shape) for k, sl in blind.items() if k in "BGRY"}
    four = {**palette.STANDARD_LOOKS, **palette.FOUR_COLOUR_LOOKS}
    four_suits = {k: (lk.colour, lk.shape) for k, lk in four.items() if k in "SHDC"}
    app.close()
    return {"rook": rook_suits, "four-colour": four_suits, "rook colour-blind": blind_suits}


@pytest.mark.parametrize("kind", sorted(CVD))
def test_colour_blind_players_tell_the_suits_apart(kind):
    """Simulated colour blindness: the four-colour pack's suits stay apart by colour
    (CIE76 difference >= 15) under every simulation; a Rook pair whose colours merge
    (red and green under protanopia) is told apart by its glyph, as every suit of
    both sets is (no two suits of a set share a glyph)."""
    sets = suit_sets()
    assert all(len(suits) == 4 for suits in sets.values())
    for name, suits in sets.items():
        shapes = [shape for _c, shape in suits.values()]
        assert len(set(shapes)) == len(shapes), (name, shapes)
    merged = []
    for name, suits in sets.items():
        for (a, (ca, _)), (b, (cb, _)) in itertools.combinations(suits.items(), 2):
            d = delta_e(simulate(ca, kind), simulate(cb, kind))
            if d < 15:
                merged.append((name, a, b, round(d)))
    # the four-colour pack and the Rook colours' colour-blind palette stay apart by colour
    assert not [m for m in merged if m[0] in ("four-colour", "rook colour-blind")], merged
    if kind == "protanopia":  # the simulation does what it should: red and green merge
        assert ("rook", "G", "R") in [m[:3] for m in merged]


def test_a_dark_suit_icon_never_touches_the_dark_background():
    """Pixels of a suit icon (top bar, plates) that would vanish on a dark panel are
    wrapped in the light halo: none of them borders a transparent pixel."""
    app = make_app()
    for suit in ("S", "C", "H", "D"):
        icon = app.assets.icon("suit:" + suit, 32)
        w, h = icon.get_size()
        for x in range(w):
            for y in range(h):
                c = icon.get_at((x, y))
                if c.a < 200 or contrast(c[:3], PANEL_ON_FELT) >= 3:
                    continue
                for dx, dy in itertools.product((-1, 0, 1), repeat=2):
                    nx, ny = x + dx, y + dy
                    inside = 0 <= nx < w and 0 <= ny < h
                    assert inside and icon.get_at((nx, ny)).a > 0, (suit, (x, y))
    app.close()
