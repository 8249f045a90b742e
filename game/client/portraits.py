"""Portraits for the seats' plates and the hot-seat screen: eight birds of the arcade's
nest (crow, owl, jay, puffin, heron, robin, parrot, magpie), one per seat, drawn from
shapes like the cards. tools/make_looks.py writes them to sprites/portraits/<n>.png;
a player may give any seat a picture of their own ([look] portraits in the config)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from .palette import SS, Colour

PORTRAIT_BASE = 128  # the size the sprites are written at


@dataclass(frozen=True)
class Sitter:
    ground: Colour  # the disc behind the head
    head: Colour
    beak: Colour
    cheek: Colour | None = None  # a patch under the eye
    crest: Colour | None = None  # feathers on top
    eye_ring: Colour | None = None  # a ring round the eye (the owl's disc)
    beak_long: bool = False  # the heron's bill


SITTERS: tuple[Sitter, ...] = (
    Sitter((70, 120, 160), (34, 36, 48), (60, 60, 70), crest=(48, 50, 66)),  # crow
    Sitter((120, 90, 60), (150, 112, 72), (230, 180, 60), eye_ring=(230, 210, 170)),  # owl
    Sitter(
        (200, 170, 120), (70, 120, 200), (40, 40, 50), cheek=(240, 240, 240), crest=(60, 100, 190)
    ),  # jay
    Sitter((90, 150, 190), (30, 30, 36), (238, 100, 40), cheek=(245, 245, 240)),  # puffin
    Sitter(
        (110, 160, 120), (150, 160, 176), (220, 190, 60), crest=(40, 44, 56), beak_long=True
    ),  # heron
    Sitter((110, 140, 90), (120, 90, 64), (60, 50, 40), cheek=(226, 96, 40)),  # robin
    Sitter(
        (60, 130, 110), (60, 170, 70), (60, 50, 50), cheek=(240, 210, 60), crest=(220, 60, 50)
    ),  # parrot
    Sitter(
        (150, 110, 160), (20, 22, 30), (40, 40, 48), cheek=(240, 240, 244), crest=(40, 70, 120)
    ),  # magpie
)


def draw_portrait(index: int, size: int = PORTRAIT_BASE) -> pygame.Surface:
    """Seat `index`'s bird in a disc, `size` px square (transparent outside the disc)."""
    b = SITTERS[index % len(SITTERS)]
    n = size * SS
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    pygame.draw.circle(s, b.ground, (c, c), c)
    pygame.draw.circle(s, tuple(min(255, x + 30) for x in b.ground), (c, c), c, max(1, n // 40))
    # shoulders, then the head
    pygame.draw.ellipse(s, b.head, (n * 0.12, n * 0.70, n * 0.76, n * 0.60))
    if b.crest is not None:
        for dx, h in ((-0.12, 0.16), (0.0, 0.22), (0.12, 0.15)):
            x = c + dx * n
            pygame.draw.polygon(
                s,
                b.crest,
                [
                    (x - n * 0.07, n * 0.30),
                    (x + n * 0.02, n * (0.30 - h)),
                    (x + n * 0.08, n * 0.31),
                ],
            )
    head = pygame.Rect(0, 0, round(n * 0.56), round(n * 0.56))
    head.center = (round(c), round(n * 0.50))
    pygame.draw.ellipse(s, b.head, head)
    if b.cheek is not None:
        pygame.draw.ellipse(s, b.cheek, (c - n * 0.05, n * 0.46, n * 0.28, n * 0.20))
    # the eye: looking at the table (to the left), with a highlight
    ex, ey, er = c - n * 0.04, n * 0.44, n * 0.075
    if b.eye_ring is not None:
        for ox in (-0.13, 0.11):
            pygame.draw.circle(s, b.eye_ring, (c + ox * n, ey), er * 1.9)
            pygame.draw.circle(s, (250, 240, 200), (c + ox * n, ey), er * 1.1)
            pygame.draw.circle(s, (20, 20, 24), (c + ox * n, ey), er * 0.7)
        pygame.draw.polygon(
            s,
            b.beak,
            [(c - n * 0.04, n * 0.52), (c + n * 0.02, n * 0.52), (c - n * 0.01, n * 0.62)],
        )
    else:
        pygame.draw.circle(s, (250, 248, 240), (ex, ey), er)
        pygame.draw.circle(s, (16, 16, 20), (ex - er * 0.25, ey), er * 0.62)
        pygame.draw.circle(s, (255, 255, 255), (ex - er * 0.45, ey - er * 0.3), er * 0.22)
        tip = n * (0.02 if b.beak_long else 0.12)
        pygame.draw.polygon(
            s, b.beak, [(c - n * 0.20, n * 0.46), (tip, n * 0.52), (c - n * 0.20, n * 0.58)]
        )
    # everything outside the disc goes (the crest, the shoulders)
    mask = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(s, (size, size))


def load_picture(path: Path, size: int) -> pygame.Surface | None:
    """A player's own picture as a portrait: cropped to a centred square, scaled, cut
    to a disc. None when the file cannot be read (the shipped portrait is shown)."""
    try:
        img = pygame.image.load(str(path))
    except (pygame.error, OSError, FileNotFoundError):
        return None
    w, h = img.get_size()
    if w < 8 or h < 8:
        return None
    side = min(w, h)
    img = img.subsurface(((w - side) // 2, (h - side) // 2, side, side)).convert(
        32, pygame.SRCALPHA
    )
    img = pygame.transform.smoothscale(img, (size, size))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2)
    img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return img
