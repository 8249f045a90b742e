"""Text fields behave as text boxes do: opening one selects its text (typing replaces
it), select-all, clear and the usual editing keys. (Rename appended to the old name.)"""

from __future__ import annotations

import pygame
from crowsnest.client.input import Act, InputEvent
from crowsnest.client.widgets import CANCEL, DONE, TextEdit

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def key(box: TextEdit, k: int, mod: int = 0) -> str | None:
    return box.key(InputEvent(Act.KEY, key=k, mod=mod))


def typed(box: TextEdit, s: str) -> None:
    box.key(InputEvent(Act.TEXT, text=s))


def test_opening_selects_all_so_typing_replaces() -> None:
    box = TextEdit("CrowsNest, 2026-12-01 22:03")
    assert box.selected == box.text
    typed(box, "Friday")
    assert box.text == "Friday" and box.cursor == 6 and box.selected == ""


def test_moving_first_keeps_the_text_and_types_where_the_cursor_is() -> None:
    box = TextEdit("Ann")
    key(box, pygame.K_END)
    typed(box, "a")
    key(box, pygame.K_HOME)
    typed(box, "J")
    assert box.text == "JAnna"
    key(box, pygame.K_RIGHT)
    key(box, pygame.K_DELETE)  # the "n" after "JA"
    key(box, pygame.K_BACKSPACE)  # the "A"
    assert box.text == "Jna"


def test_select_all_clear_and_word_keys() -> None:
    box = TextEdit("Sunday game")
    key(box, pygame.K_END)
    key(box, pygame.K_BACKSPACE, CTRL)  # a word
    assert box.text == "Sunday "
    key(box, pygame.K_a, CTRL)
    assert box.selected == "Sunday "
    key(box, pygame.K_DELETE)  # a selection goes
    assert box.text == ""
    typed(box, "one two")
    key(box, pygame.K_LEFT, SHIFT)
    key(box, pygame.K_LEFT, SHIFT)
    assert box.selected == "wo"
    typed(box, "en")
    assert box.text == "one ten"
    key(box, pygame.K_LEFT, CTRL)
    assert box.cursor == 4
    key(box, pygame.K_u, CTRL)  # clear
    assert box.text == "" and box.cursor == 0


def test_enter_and_escape_end_the_edit_and_the_limit_holds() -> None:
    box = TextEdit("x" * 10, limit=12)
    key(box, pygame.K_END)
    typed(box, "abcdef")
    assert box.text == "x" * 10 + "ab"
    typed(box, "\x07")  # a control character is not text
    assert key(box, pygame.K_RETURN) == DONE and key(box, pygame.K_ESCAPE) == CANCEL
    assert key(box, pygame.K_KP_ENTER) == DONE
