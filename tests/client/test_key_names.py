"""Keys are named as keyboards print them, in the player's language: Settings showed
"return, enter", "escape, p", "backspace"; the toolbar "Menu (ESCAPE)"."""

from __future__ import annotations

from crowsnest import i18n
from crowsnest.client.input import Act, InputMap, key_label, key_labels
from crowsnest.client.scenes.settings import binding_text


def test_keys_are_named_as_printed():
    assert key_label("return") == "Enter" and key_label("escape") == "Esc"
    assert key_label("backspace") == "Backspace" and key_label("space") == "Space"
    assert key_label("h") == "H" and key_label("f1") == "F1" and key_label("up") == "\u2191"
    assert key_labels(["return", "enter"]) == ["Enter"]  # the keypad's Enter is Enter too


def test_settings_and_prompts_never_show_pygame_names():
    im = InputMap()
    for action in Act:
        text = binding_text(im, action.value)
        for raw in ("return", "escape", "backspace", "ESCAPE", "RETURN"):
            assert raw not in text.split(", "), (action, text)
    assert im.label(Act.MENU) == "Esc"
    assert binding_text(im, Act.CONFIRM.value).startswith("Enter")


def test_key_names_are_translated_where_a_language_names_them_differently():
    before = i18n.current_language()
    try:
        i18n.set_language("fi")
        assert key_label("space") == "Välilyönti"
        i18n.set_language("fr")
        assert key_label("space") == "Espace" and key_label("escape") == "Esc"
    finally:
        i18n.set_language(before)


def test_key_words_are_made_once_per_language_and_follow_a_switch_and_speech():
    from crowsnest.client import input as inp

    before = i18n.current_language()
    try:
        i18n.set_language("en")
        words = inp._key_words()
        assert inp._key_words() is words  # the toolbar names six keys a move: made once
        i18n.set_language("fi")
        assert inp._key_words() is not words and key_label("space") == "Välilyönti"
        with i18n.speaking("fr"):  # speech in another language names keys in it
            assert key_label("space") == "Espace"
        assert key_label("space") == "Välilyönti"
    finally:
        i18n.set_language(before)
