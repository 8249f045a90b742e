"""Tweens driven by dt, modelled on pgzero's animation.py.

    tweener.animate(sprite, "out_cubic", 0.3, x=400, y=200, on_finished=cb)

Easing is chosen by name (EASINGS). A new tween on an attribute of the same object
replaces the running one for that attribute (the old one stops where it is, so motion
never jumps). One speed setting scales every duration: 0 is instant, 5 very slow.
Waits (`tweener.wait(t, cb)`) are tweens of nothing, so "pause, then sweep the trick"
obeys the same speed and the same `busy` flag that holds back game input.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

SPEED_SCALE = {0: 0.0, 1: 0.45, 2: 0.7, 3: 1.0, 4: 1.5, 5: 2.4}


def _out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": lambda t: t,
    "in_quad": lambda t: t * t,
    "out_quad": lambda t: 1 - (1 - t) * (1 - t),
    "in_out_quad": lambda t: 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2,
    "out_cubic": lambda t: 1 - (1 - t) ** 3,
    "in_out_cubic": lambda t: 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2,
    "out_back": lambda t: 1 + 2.70158 * (t - 1) ** 3 + 1.70158 * (t - 1) ** 2,
    "out_elastic": lambda t: (
        t if t in (0.0, 1.0) else 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1
    ),
    "out_bounce": _out_bounce,
}


class Tween:
    __slots__ = ("obj", "targets", "starts", "duration", "elapsed", "ease", "on_finished", "done")

    def __init__(
        self,
        obj: Any,
        targets: dict[str, float],
        duration: float,
        ease: Callable[[float], float],
        on_finished: Callable[[], None] | None,
    ) -> None:
        self.obj = obj
        self.targets = targets
        self.starts = {k: float(getattr(obj, k)) for k in targets} if obj is not None else {}
        self.duration = duration
        self.elapsed = 0.0
        self.ease = ease
        self.on_finished = on_finished
        self.done = False

    def _set(self, f: float) -> None:
        for k, end in self.targets.items():
            s = self.starts[k]
            setattr(self.obj, k, s + (end - s) * f)

    def step(self, dt: float) -> None:
        self.elapsed += dt
        if self.duration <= 0 or self.elapsed >= self.duration:
            self.finish()
            return
        self._set(self.ease(self.elapsed / self.duration))

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self.obj is not None:
            for k, end in self.targets.items():
                setattr(self.obj, k, end)
        if self.on_finished is not None:
            self.on_finished()

    def stop(self, attr: str) -> None:
        """Drop one attribute (a newer tween took it over)."""
        self.targets.pop(attr, None)
        if not self.targets and self.obj is not None:
            self.done = True  # no callback: its work was superseded


class Tweener:
    """Runs every tween of one scene. `speed` is the 0-5 setting; `hurry` shortens more."""

    def __init__(self, speed: int = 3) -> None:
        self.speed = speed
        self.hurry = 1.0
        self._tweens: list[Tween] = []
        self._owner: dict[tuple[int, str], Tween] = {}

    @property
    def scale(self) -> float:
        return SPEED_SCALE.get(self.speed, 1.0) * self.hurry

    @property
    def busy(self) -> bool:
        return bool(self._tweens)

    def animate(
        self,
        obj: Any,
        ease: str = "out_cubic",
        duration: float = 0.3,
        on_finished: Callable[[], None] | None = None,
        **targets: float,
    ) -> Tween:
        if ease not in EASINGS:
            raise ValueError(f"unknown easing '{ease}' (known: {', '.join(EASINGS)})")
        for k in targets:
            old = self._owner.get((id(obj), k))
            if old is not None and not old.done:
                old.stop(k)
        tw = Tween(obj, dict(targets), duration * self.scale, EASINGS[ease], on_finished)
        for k in targets:
            self._owner[(id(obj), k)] = tw
        if tw.duration <= 0:
            tw.finish()  # speed 0: instant, callback now
        else:
            self._tweens.append(tw)
        self._gc()
        return tw

    def wait(self, duration: float, on_finished: Callable[[], None]) -> Tween:
        tw = Tween(None, {}, duration * self.scale, EASINGS["linear"], on_finished)
        if tw.duration <= 0:
            tw.finish()
        else:
            self._tweens.append(tw)
        return tw

    def update(self, dt: float) -> None:
        # Callbacks may start new tweens; they run from the next update on.
        for tw in list(self._tweens):
            if not tw.done:
                tw.step(dt)
        self._gc()

    def finish_all(self) -> None:
        """Jump every running tween to its end (callbacks run; they may start more)."""
        for _ in range(1000):
            if not self._tweens:
                return
            for tw in list(self._tweens):
                tw.finish()
            self._gc()

    def _gc(self) -> None:
        self._tweens = [t for t in self._tweens if not t.done]
        if len(self._owner) > 4 * len(self._tweens) + 64:
            self._owner = {k: t for k, t in self._owner.items() if not t.done}
