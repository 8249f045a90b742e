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
from crowsnest import i18n
from crowsnest.i18n import N_, pgettext

from . import gamepad


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
    # Asked of the speech (crowsnest.client.speech): said aloud, whether or not speech
    # speaks by itself
    READ_HAND = "read_hand"  # my hand, suit by suit, in order
    READ_TABLE = "read_table"  # the trick so far, trump, bid, scores
    READ_TURN = "read_turn"  # whose turn it is and what is legal
    REPEAT = "repeat"  # the last sentence again
    CHAT = "chat"  # an online table: say something (the ready-made phrases)
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
    Act.READ_HAND,
    Act.READ_TABLE,
    Act.READ_TURN,
    Act.REPEAT,
    Act.CHAT,
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
    "read_hand": ("c",),
    "read_table": ("t",),
    "read_turn": ("n",),
    "repeat": ("r",),
    "chat": ("y",),
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
    "read_hand": N_("Read my hand aloud"),
    "read_table": N_("Read the table aloud"),
    "read_turn": N_("Say whose turn it is and what is allowed"),
    "repeat": N_("Repeat the last sentence"),
    "chat": N_("Say something at an online table"),
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
    pad: str = ""  # the pad button or stick direction that made it ("a", "stickleft")
    mod: int = 0  # the modifier keys held (pygame.KMOD_*), for text editing (Ctrl+A)


class BindingError(ValueError):
    """A key name in the config that pygame does not know."""


# Key names from pygame's own constants (K_RETURN -> "return"), so parsing the bindings
# needs no initialised display: pygame.key.key_code warns before pygame.init().
_NAMED_KEYS: dict[str, int] = {
    a[2:].lower(): getattr(pygame, a) for a in dir(pygame) if a.startswith("K_")
}
_NAMED_KEYS["enter"] = pygame.K_KP_ENTER  # SDL's name for it, used by the defaults


# Key names as keyboards print them (pygame's names are "return", "escape", "backspace"),
# translated where a language names the key differently (fi "Välilyönti", fr "Entrée").
# Built once per language (it can change while the game runs): the table's toolbar names
# six keys at every move, and building the words each time cost it a millisecond.
_KEY_WORDS: tuple[tuple[str, int] | None, dict[str, str]] = (None, {})


def _key_words() -> dict[str, str]:
    global _KEY_WORDS
    lang = (i18n.current_language(), i18n.revision())  # speech may speak another language
    if _KEY_WORDS[0] != lang:
        _KEY_WORDS = (lang, _make_key_words())
    return _KEY_WORDS[1]


def _make_key_words() -> dict[str, str]:
    enter = pgettext("key", "Enter")
    return {
        "return": enter,
        "enter": enter,  # the keypad's
        "escape": "Esc",
        "backspace": pgettext("key", "Backspace"),
        "space": pgettext("key", "Space"),
        "tab": "Tab",
        "delete": pgettext("key", "Delete"),
        "insert": pgettext("key", "Insert"),
        "home": pgettext("key", "Home"),
        "end": pgettext("key", "End"),
        "page up": pgettext("key", "Page Up"),
        "page down": pgettext("key", "Page Down"),
        "up": "\u2191",
        "down": "\u2193",
        "left": "\u2190",
        "right": "\u2192",
        "left shift": "Shift",
        "right shift": "Shift",
        "left ctrl": "Ctrl",
        "right ctrl": "Ctrl",
        "left alt": "Alt",
        "right alt": "Alt Gr",
    }


def key_label(name: str) -> str:
    """A key's name as printed on the keyboard, in the player's language: "Enter",
    "Esc", "F1", "H" (pygame's own name, capitalised, for keys not listed)."""
    label = _key_words().get(name)
    if label is not None:
        return label
    if len(name) == 1 or (name[:1] == "f" and name[1:].isdigit()):
        return name.upper()
    if name.startswith("[") and name.endswith("]"):  # keypad keys: "[+]"
        return name
    return name[:1].upper() + name[1:]


def key_labels(names: Sequence[str]) -> list[str]:
    """Labels of several keys, each once ("return" and the keypad's "enter" are both
    "Enter")."""
    out: list[str] = []
    for n in names:
        label = key_label(n)
        if label not in out:
            out.append(label)
    return out


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
    """Translates pygame events into InputEvents according to key and pad bindings.

    A binding list may mix key names and pad buttons (`"pad a"`, crowsnest.client.
    gamepad): its key names replace the action's default keys when it has any, its pad
    names the default pad buttons when it has any (`"pad none"`: no pad button), so a
    config that only changed a key keeps the pad working, and the other way round."""

    def __init__(self, bindings: Mapping[str, Sequence[str]] | None = None) -> None:
        self.bindings: dict[str, tuple[str, ...]] = dict(DEFAULT_BINDINGS)
        self.pad: dict[str, tuple[str, ...]] = dict(gamepad.DEFAULT_PAD)
        # Where the pointer was last seen (None: not yet, or the window changed under
        # it). Focus follows the mouse only when it really moves: SDL also reports the
        # pointer when the window opens under it or is resized, and hovering then would
        # steal the keyboard's focus (Enter opened the Rules on launch).
        self._pointer: tuple[int, int] | None = None
        for action, names in (bindings or {}).items():
            if action not in DEFAULT_BINDINGS:
                raise BindingError(
                    f"'{action}' is not a bindable action (known: {', '.join(DEFAULT_BINDINGS)})"
                )
            keys = tuple(n for n in names if not gamepad.is_pad(n))
            pads = tuple(gamepad.pad_name(n) for n in names if gamepad.is_pad(n))
            if keys or not pads:
                self.bindings[action] = keys
            if pads:
                for b in pads:
                    if b not in gamepad.NAMES and b != "none":
                        raise BindingError(
                            f"'pad {b}' is not a pad button (known: {', '.join(gamepad.NAMES)})"
                        )
                self.pad[action] = tuple(b for b in pads if b != "none")
        # a button the config gives to an action leaves the action it had by default
        explicit = {
            gamepad.pad_name(n)
            for names in (bindings or {}).values()
            for n in names
            if gamepad.is_pad(n)
        }
        for action, pads in self.pad.items():
            own = (bindings or {}).get(action, ())
            if not any(gamepad.is_pad(n) for n in own):
                self.pad[action] = tuple(b for b in pads if b not in explicit)
        self._by_key: dict[int, Act] = {}
        for action, keys in self.bindings.items():
            for k in keys:
                self._by_key[key_code(k)] = Act(action)
        self._by_pad: dict[str, Act] = {}
        for action, pads in self.pad.items():
            for b in pads:
                self._by_pad[b] = Act(action)
        self.axes = gamepad.AxisState()
        self.pad_in_use = False  # the last input came from a pad: prompts show its glyphs

    def window_changed(self) -> None:
        """The window was resized: the next pointer report is a new starting point, not
        a movement (the rows moved under a still pointer)."""
        self._pointer = None

    def keys_for(self, action: Act | str) -> tuple[str, ...]:
        return self.bindings.get(Act(action).value, ())

    def pad_for(self, action: Act | str) -> tuple[str, ...]:
        return self.pad.get(Act(action).value, ())

    def label(self, action: Act | str) -> str:
        """What a prompt shows for the action: the pad's glyph while a pad is in use,
        else the first key."""
        if self.pad_in_use:
            pads = self.pad_for(action)
            if pads:
                return gamepad.glyph(pads[0])
        keys = self.keys_for(action)
        return key_label(keys[0]) if keys else ""

    def rebind(self, action: str, *, key: str = "", pad: str = "") -> dict[str, list[str]]:
        """The [keys] lists after binding `key` (a key name) or `pad` (a pad button) to
        `action` alone: it leaves any other action it was bound to, and the action keeps
        its bindings of the other device."""
        keys = {a: [k for k in ks if k != key] for a, ks in self.bindings.items()}
        pads = {a: [b for b in bs if b != pad] for a, bs in self.pad.items()}
        if key:
            keys[action] = [key]
        if pad:
            pads[action] = [pad]
        out: dict[str, list[str]] = {}
        for a in DEFAULT_BINDINGS:
            names = list(keys.get(a, []))
            if tuple(pads.get(a, ())) != gamepad.DEFAULT_PAD.get(a, ()):
                names += [gamepad.PREFIX + b for b in pads.get(a, [])] or [gamepad.PREFIX + "none"]
            out[a] = names
        return out

    def _pad_event(self, name: str | None) -> InputEvent | None:
        if name is None:
            return None
        self.pad_in_use = True
        act = self._by_pad.get(name)
        return InputEvent(act if act is not None else Act.KEY, pad=name)

    def translate(self, ev: pygame.event.Event) -> InputEvent | None:
        t = ev.type
        if t == pygame.CONTROLLERBUTTONDOWN:
            return self._pad_event(gamepad.BUTTONS.get(getattr(ev, "button", -1)))
        if t == pygame.CONTROLLERAXISMOTION:
            return self._pad_event(
                self.axes.press(getattr(ev, "axis", -1), float(getattr(ev, "value", 0)))
            )
        if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.pad_in_use = False
        if t == pygame.KEYDOWN:
            act = self._by_key.get(ev.key)
            mod = int(getattr(ev, "mod", 0))
            if act is not None:
                return InputEvent(act, key=ev.key, mod=mod)
            if ev.key in _DIGITS:
                return InputEvent(Act.SELECT_CARD, index=_DIGITS[ev.key], key=ev.key, mod=mod)
            return InputEvent(Act.KEY, key=ev.key, mod=mod)
        if t == pygame.TEXTINPUT:
            return InputEvent(Act.TEXT, text=ev.text)
        if t == pygame.MOUSEMOTION:
            pos = (int(ev.pos[0]), int(ev.pos[1]))
            last, self._pointer = self._pointer, pos
            if last is None or last == pos:
                return None  # the first report, or no movement: not the player's doing
            return InputEvent(Act.POINT, pos=pos)
        if t == pygame.MOUSEBUTTONDOWN:
            self._pointer = (int(ev.pos[0]), int(ev.pos[1]))
            if ev.button == 1:
                return InputEvent(Act.CLICK, pos=tuple(ev.pos))
            if ev.button == 3:
                return InputEvent(Act.ALT_CLICK, pos=tuple(ev.pos))
            return None
        if t == pygame.MOUSEWHEEL:
            return InputEvent(Act.SCROLL, index=1 if ev.y > 0 else -1)
        return None
