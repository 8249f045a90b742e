"""The end of a match, felt: confetti and tumbling cards over the result when the
player's side won, a few feathers drifting down and a kind word when it lost. A few
seconds long, skipped by any key, click or pad button; never shown when animations are
off (Animation speed: instant, reduced motion) or Settings -> Look turns it off."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import pygame
from crowsnest.i18n import _

from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import GOLD, MUTED, TEAM_COLOURS

WIN_SECONDS = 4.0
LOSS_SECONDS = 3.0
CONFETTI = 110
FEATHERS = 16


def outcome(session: Any, ev: dict[str, Any]) -> str | None:
    """ "win" when a human at this window is on the winning side, "loss" when humans
    played and none won, None when only computers played (or nobody won)."""
    humans = set(getattr(session, "humans", ()) or ())
    if not humans:
        return None
    w = ev.get("winner", session.match.winner)
    teams = session.match.teams

    def seats_of(side: int) -> set[int]:
        if teams:
            return set(teams[side]) if 0 <= side < len(teams) else set()
        return {side}

    if isinstance(w, bool):
        return None
    if isinstance(w, int):
        winners = seats_of(w)
    elif isinstance(w, list | tuple):
        winners = set().union(*(seats_of(i) for i in w if isinstance(i, int)))
    else:
        return None
    if not winners:
        return None
    return "win" if humans & winners else "loss"


def wanted(app: Any) -> bool:
    """Celebrations are on: animations run and the Look does not turn them off."""
    return app.prefs.speed > 0 and bool(getattr(app.prefs.look, "celebrate", True))


@dataclass
class Piece:
    x: float
    y: float
    vx: float
    vy: float
    spin: float
    angle: float
    size: float
    colour: tuple[int, int, int]


class CelebrationScene(Scene):
    """Over the game-over sheet (transparent): particles for a few seconds."""

    transparent = True
    update_below = False

    def __init__(self, kind: str, seed: int = 24) -> None:
        super().__init__()
        self.kind = kind
        self.left = WIN_SECONDS if kind == "win" else LOSS_SECONDS
        self.clock = 0.0
        self.rng = random.Random(seed)
        self.pieces: list[Piece] = []

    def on_push(self) -> None:
        self._scatter()

    def resize(self, size: tuple[int, int]) -> None:
        first = self.size == (0, 0)
        super().resize(size)
        if self.app and not first:
            self._scatter()  # the window changed: start the fall again across it

    def _scatter(self) -> None:
        W, H = self.size if self.size != (0, 0) else self.app.size
        ui = self.app.ui
        rng = self.rng
        if self.kind == "win":
            colours = [GOLD, *TEAM_COLOURS, (250, 248, 240)]
            self.pieces = [
                Piece(
                    rng.uniform(0, W),
                    rng.uniform(-H * 0.9, -ui(10)),
                    rng.uniform(-ui(40), ui(40)),
                    rng.uniform(ui(140), ui(300)),
                    rng.uniform(-6, 6),
                    rng.uniform(0, math.tau),
                    rng.uniform(ui(6), ui(13)),
                    rng.choice(colours),
                )
                for _ in range(CONFETTI)
            ]
        else:
            self.pieces = [
                Piece(
                    rng.uniform(W * 0.05, W * 0.95),
                    rng.uniform(-H * 0.6, -ui(10)),
                    0.0,
                    rng.uniform(ui(50), ui(90)),
                    rng.uniform(-1, 1),
                    rng.uniform(0, math.tau),
                    rng.uniform(ui(14), ui(24)),
                    rng.choice([(200, 206, 216), (170, 180, 196), (226, 226, 232)]),
                )
                for _ in range(FEATHERS)
            ]

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        # any key, click or pad button ends it; the key does nothing else
        if ev.key or ev.pad or ev.act in (Act.CLICK, Act.ALT_CLICK, Act.CONFIRM, Act.BACK):
            self.close()
        return None

    def update(self, dt: float) -> None:
        self.clock += dt
        self.left -= dt
        if self.left <= 0:
            self.close()
            return
        H = self.size[1]
        for p in self.pieces:
            if self.kind == "win":
                p.vy += self.app.ui(60) * dt  # falling a little faster
                p.x += (p.vx + math.sin(self.clock * 3 + p.angle) * self.app.ui(30)) * dt
            else:  # a feather rocks from side to side as it settles
                p.x += math.sin(self.clock * 1.6 + p.angle) * self.app.ui(40) * dt
            p.y += p.vy * dt
            p.angle += p.spin * dt
            if p.y > H + p.size * 2 and self.kind == "win" and self.left > 1.2:
                p.y = -p.size * 2  # round again while the party lasts

    def draw(self, surface: pygame.Surface) -> None:
        for p in self.pieces:
            if self.kind == "win":
                # a paper square turning in the air: its width swings with the angle
                w = p.size * (0.35 + 0.65 * abs(math.cos(p.angle))) / 2
                h = p.size * 0.3
                c, s = math.cos(p.angle * 0.5), math.sin(p.angle * 0.5)
                pts = [
                    (p.x + dx * c - dy * s, p.y + dx * s + dy * c)
                    for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))
                ]
                pygame.draw.polygon(surface, p.colour, pts)
            else:
                self._feather(surface, p)
        if self.kind == "loss":
            ui = self.app.ui
            W, H = surface.get_size()
            fade = min(1.0, self.clock / 0.6)
            colour = tuple(round(c * fade) for c in MUTED)
            self.app.text.draw(
                surface,
                _("A good game all the same: the next one may be yours"),
                ui(22),
                (W // 2, ui(60)),
                colour,
                True,
                "center",
            )
        elif self.clock < 1.5:
            ui = self.app.ui
            W = surface.get_width()
            self.app.text.draw(
                surface, _("Well played!"), ui(34), (W // 2, ui(60)), GOLD, True, "center"
            )

    @staticmethod
    def _feather(surface: pygame.Surface, p: Piece) -> None:
        """A feather: a long oval vane round a darker quill, tilted with its angle."""
        a = math.sin(p.angle) * 0.6
        c, s = math.cos(a), math.sin(a)
        pts = []
        for i in range(12):
            t = math.tau * i / 12
            dx, dy = math.sin(t) * p.size * 0.28, math.cos(t) * p.size
            pts.append((p.x + dx * c - dy * s, p.y + dx * s + dy * c))
        pygame.draw.polygon(surface, p.colour, pts)
        quill = tuple(max(0, x - 60) for x in p.colour)
        top = (p.x + p.size * s, p.y - p.size * c)
        bottom = (p.x - p.size * 1.3 * s, p.y + p.size * 1.3 * c)
        pygame.draw.line(surface, quill, top, bottom, max(1, round(p.size / 10)))
