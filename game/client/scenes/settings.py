"""Settings: window size and fullscreen, animation speed, sound, card size and key
bindings; every change is saved to the TOML config at once."""

from __future__ import annotations

import pygame

from ..input import ACTION_LABELS, BINDABLE, Act, InputEvent, InputMap
from ..prefs import CARD_SCALES, WINDOW_SIZES
from ..widgets import Button
from .common import FormScene, Row

SPEED_WORDS = ["instant", "very fast", "fast", "normal", "slow", "very slow"]


def step_size(cur: tuple[int, int], d: int) -> tuple[int, int]:
    """The listed window size d steps from `cur` (WINDOW_SIZES grow in area); a size not
    in the list steps to its nearest listed neighbour in that direction."""
    n = len(WINDOW_SIZES)
    if cur in WINDOW_SIZES:
        return WINDOW_SIZES[(WINDOW_SIZES.index(cur) + d) % n]
    below = sum(1 for w, h in WINDOW_SIZES if w * h < cur[0] * cur[1])
    return WINDOW_SIZES[(below if d > 0 else below - 1) % n]


class SettingsScene(FormScene):
    title = "Settings"

    def __init__(self) -> None:
        super().__init__()
        self.capturing: str | None = None  # the action waiting for a key

    def on_push(self) -> None:
        self.buttons = [Button("Done", self.close), Button("Default keys", self.reset_keys)]
        super().on_push()

    def build(self) -> None:
        p = self.app.prefs
        rows = [
            Row("Display", lambda: "", heading=True),
            Row("Window size", self._size_text, self._size),
            Row("Fullscreen", lambda: "On" if p.fullscreen else "Off", self._fullscreen),
            Row("Card size", lambda: p.card_size.capitalize(), self._cards),
            Row("Animation speed", lambda: f"{p.speed} ({SPEED_WORDS[p.speed]})", self._speed),
            Row("Sound", lambda: "", heading=True),
            Row("Volume", lambda: f"{round(p.volume * 100)}%", self._volume),
            Row("Mute", lambda: "On" if p.muted else "Off", self._mute),
            *self._sound_problem_rows(),
            Row("Keys (Enter, then press the new key)", lambda: "", heading=True),
        ]
        im = self.app.input
        for act in BINDABLE:
            name = act.value
            rows.append(
                Row(
                    ACTION_LABELS.get(name, name),
                    lambda n=name: (
                        "press a key..." if self.capturing == n else ", ".join(im.keys_for(n))
                    ),
                    activate=lambda n=name: self._capture(n),
                )
            )
        self.rows = rows

    def _sound_problem_rows(self) -> list[Row]:
        """Where sound is off (or partly missing), a row that says so and why; Enter
        shows the whole reason in the footer when it is too long for the row."""
        audio = self.app.audio
        problem = getattr(audio, "problem", "") or (
            "" if getattr(audio, "available", False) else "no audio device"
        )
        if not problem:
            return []
        label = "Some sounds are off" if getattr(audio, "available", False) else "Sound is off"
        row = Row(label, lambda: "", activate=lambda: self._say(problem))
        row.value = lambda: self._fit_value(row, problem)
        return [row]

    def _fit_value(self, row: Row, text: str) -> str:
        ui = self.app.ui
        width = row.right.right - row.left.left - ui(8)  # no arrows: the whole value area
        return self.app.text.fit(text, ui(20), max(ui(40), width), bold=True)

    def _say(self, text: str) -> None:
        ui = self.app.ui
        self.message = self.app.text.fit(text, ui(18), self.size[0] - ui(40))

    def _changed(self) -> None:
        self.app.save_prefs()

    def _size_text(self) -> str:
        # The window as it really is (it may have been dragged, or opened at another
        # size); in full screen, the size the window returns to.
        p = self.app.prefs
        if p.fullscreen:
            return f"{p.width} x {p.height} (when not full screen)"
        w, h = self.app.size
        return f"{w} x {h}"

    def _size(self, d: int) -> None:
        p = self.app.prefs
        cur = (p.width, p.height) if p.fullscreen else self.app.size
        p.width, p.height = step_size(cur, d)
        self.app.set_mode()
        self._changed()

    def _fullscreen(self, d: int) -> None:
        p = self.app.prefs
        p.fullscreen = not p.fullscreen
        self.app.set_mode()
        self._changed()

    def _cards(self, d: int) -> None:
        p = self.app.prefs
        names = list(CARD_SCALES)
        i = names.index(p.card_size) if p.card_size in names else 1
        p.card_size = names[(i + d) % len(names)]
        self.app.stack.resize(self.app.size)
        self._changed()

    def _speed(self, d: int) -> None:
        p = self.app.prefs
        p.speed = max(0, min(5, p.speed + d))
        self._changed()

    def _volume(self, d: int) -> None:
        p = self.app.prefs
        p.volume = round(max(0.0, min(1.0, p.volume + 0.1 * d)), 2)
        self.app.audio.set_volume(p.volume)
        self.app.audio.play("card")
        self._changed()

    def _mute(self, d: int) -> None:
        p = self.app.prefs
        p.muted = not p.muted
        self.app.audio.set_muted(p.muted)
        self._changed()

    def _capture(self, name: str) -> None:
        self.capturing = name
        self.message = f"Press the key for '{ACTION_LABELS.get(name, name)}' (Escape cancels)"

    def reset_keys(self) -> None:
        self.app.prefs.keys = {}
        self.app.input = InputMap()
        self._changed()
        self.message = "Default keys restored"
        self.rebuild()

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if self.capturing is not None and ev.key:
            name, self.capturing = self.capturing, None
            if ev.act is Act.MENU and ev.key == pygame.K_ESCAPE:
                self.message = "Unchanged"
            else:
                key = pygame.key.name(ev.key)
                p = self.app.prefs
                # a key moves to its new action: drop it from any other binding
                binds = {a: [k for k in ks if k != key] for a, ks in p.bindings().items()}
                binds[name] = [key]
                p.keys = {a: ks for a, ks in binds.items()}
                self.app.input = InputMap(p.keys)
                self._changed()
                self.message = f"'{ACTION_LABELS.get(name, name)}' is now {key.upper()}"
            self.rebuild()
            return None
        if self.capturing is not None and ev.act is Act.CLICK:
            self.capturing = None
            self.message = "Unchanged"
            return None
        return super().process_event(ev)
