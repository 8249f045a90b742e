"""The table's tone: Contrast, Grain and Colour temperature (Settings -> Look), each 0 to
100 with 50 as the table's own look.

The tone is applied to the table layer: the felt (once per window size and setting, in
`Assets.table`), the panels' and buttons' colours (`chrome`, remembered per colour) and,
at a fraction of its strength, the card faces when they are drawn into the card cache
(`card_surface`). Text and icons are never toned. Nothing here runs per frame for a
still table: every result is cached by its caller. At 50/50/50 every function returns
its input unchanged, so the default look is pixel for pixel today's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

import pygame

NEUTRAL = 50
# How far the extremes go: contrast x0.66 .. x1.52 round mid grey; temperature a tint
# of up to +-10% red and -+14% blue with a small offset (so the dark felt shows it too);
# grain: the felt smoothed away at 0, fine noise of +-GRAIN_AMPLITUDE at 100.
CONTRAST_RANGE = 0.6  # log2 of the factor at the extremes
WARM_MUL = (0.10, 0.02, -0.14)
WARM_ADD = (14.0, 2.0, -14.0)
GRAIN_AMPLITUDE = 22
# Card faces take the tone at this share of its strength: the paper warms and cools and
# the faces soften or sharpen, but the ink keeps its contrast on the paper (the
# readability tests check every suit at the extremes).
CARD_SHARE = 0.35
PIVOT = 128.0


@dataclass(frozen=True, slots=True)
class Tone:
    contrast: int = NEUTRAL
    grain: int = NEUTRAL
    warmth: int = NEUTRAL  # colour temperature: 0 cool (blue) .. 100 warm (amber)

    @property
    def neutral(self) -> bool:
        return self.contrast == self.grain == self.warmth == NEUTRAL

    @property
    def colour_neutral(self) -> bool:
        return self.contrast == self.warmth == NEUTRAL

    def card_share(self) -> Tone:
        """The gentler tone card faces get (grain never reaches a card)."""
        return Tone(
            round(NEUTRAL + (self.contrast - NEUTRAL) * CARD_SHARE),
            NEUTRAL,
            round(NEUTRAL + (self.warmth - NEUTRAL) * CARD_SHARE),
        )


def clamp_level(v: object, default: int = NEUTRAL) -> int:
    """A slider's value from the config or a step: a whole number 0..100."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return default
    return max(0, min(100, int(v)))


def _channel(v: float, ch: int, tone: Tone) -> int:
    t = (tone.warmth - NEUTRAL) / NEUTRAL
    k = 2 ** ((tone.contrast - NEUTRAL) / NEUTRAL * CONTRAST_RANGE)
    v = v * (1 + WARM_MUL[ch] * t) + WARM_ADD[ch] * t
    v = PIVOT + (v - PIVOT) * k
    return max(0, min(255, round(v)))


def luts(tone: Tone) -> tuple[bytes, bytes, bytes]:
    """One 256-entry table per channel (bytes.translate applies them at C speed)."""
    r, g, b = (bytes(_channel(v, ch, tone) for v in range(256)) for ch in range(3))
    return r, g, b


def tone_colour(colour: tuple[int, ...], tone: Tone) -> tuple[int, ...]:
    """A colour (RGB or RGBA) toned; alpha kept."""
    if tone.colour_neutral:
        return tuple(colour)
    rgb = tuple(_channel(c, i, tone) for i, c in enumerate(colour[:3]))
    return rgb + tuple(colour[3:])


def tone_pixels(surf: pygame.Surface, tone: Tone) -> pygame.Surface:
    """A toned copy of a surface (contrast and temperature; alpha kept)."""
    if tone.colour_neutral:
        return surf
    alpha = bool(surf.get_flags() & pygame.SRCALPHA) or surf.get_alpha() is not None
    fmt: Literal["RGBA", "RGB"] = "RGBA" if alpha else "RGB"
    n = 4 if alpha else 3
    buf = bytearray(pygame.image.tobytes(surf, fmt))
    for ch, table in enumerate(luts(tone)):
        buf[ch::n] = buf[ch::n].translate(table)
    out = pygame.image.frombytes(bytes(buf), surf.get_size(), fmt)
    return out


_noise_up: dict[int, pygame.Surface] = {}
_noise_down: dict[int, pygame.Surface] = {}


def _noise_tiles(amplitude: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Two 128-px tiles of fine noise (what to add and what to take away), fixed seed."""
    key = amplitude
    if key not in _noise_up:
        rng = random.Random(24)
        size = 128
        up, down = bytearray(size * size * 3), bytearray(size * size * 3)
        for i in range(size * size):
            d = round(rng.gauss(0, amplitude / 2.2))
            d = max(-amplitude, min(amplitude, d))
            target = up if d > 0 else down
            target[3 * i : 3 * i + 3] = bytes((abs(d),) * 3)
        _noise_up[key] = pygame.image.frombytes(bytes(up), (size, size), "RGB")
        _noise_down[key] = pygame.image.frombytes(bytes(down), (size, size), "RGB")
    return _noise_up[key], _noise_down[key]


def apply_grain(surf: pygame.Surface, grain: int) -> pygame.Surface:
    """The felt's grain: smoothed towards 0, noisier towards 100 (a new surface; the
    input when grain is 50)."""
    if grain == NEUTRAL:
        return surf
    out = surf.copy()
    w, h = out.get_size()
    if grain < NEUTRAL:
        # the felt blurred, laid over itself: 0 is the blur alone
        small = pygame.transform.smoothscale(out, (max(1, w // 6), max(1, h // 6)))
        blur = pygame.transform.smoothscale(small, (w, h))
        blur.set_alpha(round(255 * (NEUTRAL - grain) / NEUTRAL))
        out.blit(blur, (0, 0))
        return out
    amp = max(1, round(GRAIN_AMPLITUDE * (grain - NEUTRAL) / NEUTRAL))
    up, down = _noise_tiles(amp)
    tw, th = up.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            out.blit(up, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            out.blit(down, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return out


def panel_grain() -> int:
    """How many levels the running grain adds to or takes from a panel's fill at most
    (half the felt's; 0 at 50 and below)."""
    if _current.grain <= NEUTRAL:
        return 0
    return max(1, round(GRAIN_AMPLITUDE * (_current.grain - NEUTRAL) / NEUTRAL) // 2)


def grain_panel(surf: pygame.Surface) -> None:
    """Above 50, the running tone's noise on a panel's fill (in place; RGB only, so its
    shape and translucency stay). Below 50 a flat panel has nothing to smooth."""
    amp = panel_grain()
    if not amp:
        return
    up, down = _noise_tiles(amp)
    w, h = surf.get_size()
    tw, th = up.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(up, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(down, (x, y), special_flags=pygame.BLEND_RGB_SUB)


def tone_table(surf: pygame.Surface, tone: Tone) -> pygame.Surface:
    """The whole table layer's background: grain, then contrast and temperature."""
    if tone.neutral:
        return surf
    return tone_pixels(apply_grain(surf, tone.grain), tone)


# -- the running tone (set by App.apply_looks): the chrome's colours read it ----------------
_current = Tone()
_chrome: dict[tuple[int, ...], tuple[int, ...]] = {}


def current() -> Tone:
    return _current


def set_current(tone: Tone) -> bool:
    """Make `tone` the table's; True when it changed (callers drop their caches)."""
    global _current
    if tone == _current:
        return False
    _current = tone
    _chrome.clear()
    return True


def chrome(colour: tuple[int, ...]) -> tuple[int, ...]:
    """A panel's or button's colour in the running tone (remembered per colour)."""
    if _current.colour_neutral:
        return colour
    out = _chrome.get(colour)
    if out is None:
        out = _chrome[colour] = tone_colour(colour, _current)
    return out


def card_surface(surf: pygame.Surface) -> pygame.Surface:
    """A card face or back in the running tone's card share."""
    share = _current.card_share()
    return tone_pixels(surf, share) if not share.colour_neutral else surf
