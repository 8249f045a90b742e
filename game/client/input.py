"""The input layer: keys and mouse become game-level actions.

Scenes never look at raw pygame events or polled state (`mouse.get_pos()` does not move
for posted events); they get an `InputEvent` whose payload carries everything (the
pointer position, the card number). Bindings come from the config (`[keys]` table:
action name -> list of pygame key names) over the defaults below.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import pygame
from crowsnest.i18n import N_


class Act(StrEnum):
    CONFIRM = "confirm"  # play the focused card, press the focused button, dismiss a screen
    BACK = "back"  # close the top screen / clear the selection
    MENU = "menu"  # pause menu
    HINT = "hint"
    UNDO = "undo"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    SELECT = "select"  # toggle the focused card in a multi-card choice
    SELECT_CARD = "select_card"  # number keys: focus card n (payload index)
    HURRY = "hurry"
    LAST_TRICK = "last_trick"
    SCORES = "scores"
    RULES = "rules"
    FULLSCREEN = "fullscreen"
    # Pointer actions (always the mouse; not rebindable):
    POINT = "point"  # the pointer moved (payload pos)
    CLICK = "click"  # left button (payload pos)
    ALT_CLICK = "alt_click"  # right button (payload pos)
    SCROLL = "scroll"  # wheel (payload index = +1 up / -1 down)
    TEXT = "text"  # typed text (payload text), for name fields
    KEY = "key"  # any other key (payload key), for the key-binding capture


BINDABLE: tuple[Act, ...] = (
    Act.CONFIRM,
    Act.BACK,
    Act.MENU,
    Act.HINT,
    Act.UNDO,
    Act.LEFT,
    Act.RIGHT,
    Act.UP,
    Act.DOWN,
    Act.SELECT,
    Act.HURRY,
    Act.LAST_TRICK,
    Act.SCORES,
    Act.RULES,
    Act.FULLSCREEN,
)

DEFAULT_BINDINGS: dict[str, tuple[str, ...]] = {
    "confirm": ("return", "enter"),
    "back": ("backspace",),
    "menu": ("escape", "p"),
    "hint": ("h",),
    "undo": ("u", "z"),
    "left": ("left", "a"),
    "right": ("right", "d"),
    "up": ("up", "w"),
    "down": ("down", "s"),
    "select": ("space",),
    "hurry": ("f",),
    "last_trick": ("l",),
    "scores": ("tab",),
    "rules": ("f1",),
    "fullscreen": ("f11",),
}

ACTION_LABELS: dict[str, str] = {
    "confirm": N_("Confirm / play"),
    "back": N_("Back / clear selection"),
    "menu": N_("Pause menu"),
    "hint": N_("Hint"),
    "undo": N_("Undo"),
    "left": N_("Left"),
    "right": N_("Right"),
    "up": N_("Up"),
    "down": N_("Down"),
    "select": N_("Select card"),
    "hurry": N_("Hurry the AI"),
    "last_trick": N_("Last trick"),
    "scores": N_("Score sheet"),
    "rules": N_("Rules"),
    "fullscreen": N_("Fullscreen"),
}

_DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}
_DIGITS[pygame.K_0] = 10
for _d in range(1, 10):
    _DIGITS[getattr(pygame, f"K_KP{_d}")] = _d


@dataclass(frozen=True, slots=True)
class InputEvent:
    act: Act
    pos: tuple[int, int] | None = None
    index: int = 0
    key: int = 0  # the raw key (for the key-binding capture screen)
    text: str = ""


class BindingError(ValueError):
    """A key name in the config that pygame does not know."""


# Key names from pygame's own constants (K_RETURN -> "return"), so parsing the bindings
# needs no initialised display: pygame.key.key_code warns before pygame.init().
_NAMED_KEYS: dict[str, int] = {
    a[2:].lower(): getattr(pygame, a) for a in dir(pygame) if a.startswith("K_")
}
_NAMED_KEYS["enter"] = pygame.K_KP_ENTER  # SDL's name for it, used by the defaults


def key_code(name: str) -> int:
    code = _NAMED_KEYS.get(name.strip().lower())
    if code is not None:
        return code
    try:
        with warnings.catch_warnings():
            # other SDL names ("left shift", "keypad 1", "["): SDL reads them from its
            # static name table, which is right before pygame.init() too
            warnings.filterwarnings("ignore", "pygame.init", Warning)
            return pygame.key.key_code(name)
    except (ValueError, pygame.error) as e:
        raise BindingError(
            f"'{name}' is not a key name pygame knows (try 'return', 'h', 'f1')"
        ) from e


class InputMap:
    """Translates pygame events into InputEvents according to key bindings."""

    def __init__(self, bindings: Mapping[str, Sequence[str]] | None = None) -> None:
        self.bindings: dict[str, tuple[str, ...]] = dict(DEFAULT_BINDINGS)
        for action, keys in (bindings or {}).items():
            if action not in DEFAULT_BINDINGS:
                raise BindingError(
                    f"'{action}' is not a bindable action (known: {', '.join(DEFAULT_BINDINGS)})"
                )
            self.bindings[action] = tuple(keys)
        self._by_key: dict[int, Act] = {}
        for action, keys in self.bindings.items():
            for k in keys:
                self._by_key[key_code(k)] = Act(action)

    def bind(self, action: str, keys: Sequence[str]) -> None:
        self.__init__({**self.bindings, action: tuple(keys)})  # type: ignore[misc]

    def keys_for(self, action: Act | str) -> tuple[str, ...]:
        return self.bindings.get(Act(action).value, ())

    def label(self, action: Act | str) -> str:
        keys = self.keys_for(action)
        return keys[0].upper() if keys else ""

    def translate(self, ev: pygame.event.Event) -> InputEvent | None:
        t = ev.type
        if t == pygame.KEYDOWN:
            act = self._by_key.get(ev.key)
            if act is not None:
                return InputEvent(act, key=ev.key)
            if ev.key in _DIGITS:
                return InputEvent(Act.SELECT_CARD, index=_DIGITS[ev.key], key=ev.key)
            return InputEvent(Act.KEY, key=ev.key)
        if t == pygame.TEXTINPUT:
            return InputEvent(Act.TEXT, text=ev.text)
        if t == pygame.MOUSEMOTION:
            return InputEvent(Act.POINT, pos=tuple(ev.pos))
        if t == pygame.MOUSEBUTTONDOWN:
            if ev.button == 1:
                return InputEvent(Act.CLICK, pos=tuple(ev.pos))
            if ev.button == 3:
                return InputEvent(Act.ALT_CLICK, pos=tuple(ev.pos))
            return None
        if t == pygame.MOUSEWHEEL:
            return InputEvent(Act.SCROLL, index=1 if ev.y > 0 else -1)
        return None
