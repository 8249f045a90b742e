"""Gamepads through SDL's GameController API (pygame-ce's CONTROLLER* events).

Every pad looks the same here: SDL maps it to the Xbox layout (A B X Y, shoulders,
triggers, sticks, D-pad, Start, View/Back). A button or stick direction has a name, and
names are bound to the same actions as keys, in the config's `[keys]` table with a
`pad ` prefix (`confirm = ["return", "pad a"]`; docs/config.md). The InputMap turns
pad events into the same InputEvents keys make, so no scene knows a pad exists.

- Sticks and triggers are axes: a stick pushed past 60% of its travel is one press of
  its direction (stickleft ... stickdown) and must come back under 30% before it
  presses again (no jitter); a trigger past half way is a press of lefttrigger /
  righttrigger.
- Hot-plug: `Pads` opens every pad present at start and each one SDL announces later
  (CONTROLLERDEVICEADDED), and forgets it when removed.
- Glyphs: `glyph(name)` is the short text a prompt shows for a button ("A", "LB",
  "Start"); the InputMap uses them while a pad is the device in use.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import pygame
from crowsnest.i18n import N_, _

PREFIX = "pad "

# SDL's own names for the buttons (SDL_GameControllerGetStringForButton)
BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "leftstick",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rightstick",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "leftshoulder",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rightshoulder",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "dpup",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "dpdown",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "dpleft",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "dpright",
}
# axis -> (name when negative, name when positive); triggers only go positive
AXES: dict[int, tuple[str, str]] = {
    pygame.CONTROLLER_AXIS_LEFTX: ("stickleft", "stickright"),
    pygame.CONTROLLER_AXIS_LEFTY: ("stickup", "stickdown"),
    # the right stick's four directions ask the speech (read hand, table, turn, repeat)
    pygame.CONTROLLER_AXIS_RIGHTX: ("rstickleft", "rstickright"),
    pygame.CONTROLLER_AXIS_RIGHTY: ("rstickup", "rstickdown"),
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: ("", "lefttrigger"),
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: ("", "righttrigger"),
}
NAMES: tuple[str, ...] = (*BUTTONS.values(), *(n for pair in AXES.values() for n in pair if n))

PRESS_AT = 0.6  # of the axis' travel
RELEASE_AT = 0.3

GLYPHS = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "back": N_("View"),
    "guide": N_("Guide"),
    "start": N_("Start"),
    "leftstick": "LS",
    "rightstick": "RS",
    "leftshoulder": "LB",
    "rightshoulder": "RB",
    "lefttrigger": "LT",
    "righttrigger": "RT",
    "dpup": N_("D-pad up"),
    "dpdown": N_("D-pad down"),
    "dpleft": N_("D-pad left"),
    "dpright": N_("D-pad right"),
    "stickleft": N_("Stick left"),
    "stickright": N_("Stick right"),
    "stickup": N_("Stick up"),
    "stickdown": N_("Stick down"),
    "rstickleft": N_("Right stick left"),
    "rstickright": N_("Right stick right"),
    "rstickup": N_("Right stick up"),
    "rstickdown": N_("Right stick down"),
}

# The default pad for each bindable action (docs/player-guide.md lists them).
DEFAULT_PAD: dict[str, tuple[str, ...]] = {
    "confirm": ("a",),
    "back": ("b",),
    "menu": ("start",),
    "hint": ("x",),
    "undo": ("y",),
    "left": ("dpleft", "stickleft"),
    "right": ("dpright", "stickright"),
    # the shoulders switch between the hand and the choice panel (up/down at the table)
    "up": ("dpup", "stickup", "leftshoulder"),
    "down": ("dpdown", "stickdown", "rightshoulder"),
    "select": ("righttrigger",),
    "hurry": ("rightstick",),
    "last_trick": ("lefttrigger",),
    "scores": ("back",),
    "rules": ("leftstick",),
    "fullscreen": (),
    "read_hand": ("rstickdown",),
    "read_table": ("rstickup",),
    "read_turn": ("rstickright",),
    "repeat": ("rstickleft",),
}


def is_pad(name: str) -> bool:
    return name.strip().lower().startswith(PREFIX)


def pad_name(binding: str) -> str:
    """'pad a' -> 'a' (BindingError-free: the caller checks it is in NAMES)."""
    return binding.strip().lower()[len(PREFIX) :].strip()


def glyph(name: str) -> str:
    g = GLYPHS.get(name)
    return _(g) if g is not None else name.upper()


@dataclass
class AxisState:
    """Which axis directions are held, so a push is one press (with hysteresis)."""

    held: dict[int, int] = field(default_factory=dict)  # axis -> -1, 0, +1

    def press(self, axis: int, value: float) -> str | None:
        """The direction name newly pressed by this motion, or None."""
        names = AXES.get(axis)
        if names is None:
            return None
        v = max(-1.0, min(1.0, value / 32767.0))
        was = self.held.get(axis, 0)
        if was and abs(v) < RELEASE_AT:
            self.held[axis] = 0
            return None
        if abs(v) >= PRESS_AT:
            d = 1 if v > 0 else -1
            if d != was:
                self.held[axis] = d
                name = names[1] if d > 0 else names[0]
                return name or None
        return None


class Pads:
    """The pads plugged in (hot-plug). SDL sends no CONTROLLER* events for a pad that
    was not opened, so each one is opened as it arrives."""

    def __init__(self) -> None:
        self.open: dict[int, Any] = {}  # instance id -> Controller
        self.available = False
        self.problem = ""
        self._mod: Any = None  # pygame._sdl2.controller, where SDL has pads
        try:
            from pygame._sdl2 import controller  # late: a pygame without it has no pads

            controller.init()
            self._mod = controller
            self.available = True
        except (ImportError, pygame.error) as e:  # no joystick subsystem: keys and mouse
            self.problem = f"gamepads are not available ({e})"
            return
        for i in range(controller.get_count()):
            self.add(i)

    def add(self, device_index: int) -> str | None:
        """Open the pad SDL announced; its name, or None when it cannot be opened."""
        if self._mod is None:
            return None
        try:
            if not self._mod.is_controller(device_index):
                return None
            pad = self._mod.Controller(device_index)
        except (pygame.error, ValueError, IndexError):
            return None
        self.open[pad.as_joystick().get_instance_id()] = pad
        return str(pad.name)

    def remove(self, instance_id: int) -> bool:
        pad = self.open.pop(instance_id, None)
        if pad is None:
            return False
        with contextlib.suppress(pygame.error):
            pad.quit()
        return True

    def close(self) -> None:
        for iid in list(self.open):
            self.remove(iid)
