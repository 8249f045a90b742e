"""The Language row in Settings: the window switches at once (no restart), the choice is
saved as `language` in the config, and the next start opens in it."""

from __future__ import annotations

from crowsnest import config as cfgmod
from crowsnest import i18n
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore


def test_the_language_row_switches_the_window_and_is_saved(tmp_path):
    from crowsnest.client.scenes.settings import SettingsScene
    from crowsnest.client.scenes.title import TitleScene

    path = tmp_path / "config.toml"
    app = App(PrefsStore(str(path)), size=(1024, 640))
    title = TitleScene()
    app.stack.push(title)
    settings = SettingsScene()
    app.stack.push(settings)
    row = settings.rows[0]
    assert row.label == "Language" and row.value() == "System (English)"
    for _step in range(2):  # system -> English -> Suomi
        row.change(1)
    assert i18n.current_language() == "fi"
    assert cfgmod.load(path).language == "fi"
    # both scenes were made again in Finnish: rows, buttons, the title's menu
    assert settings.rows[0].label == "Kieli" and settings.rows[0].value() == "Suomi"
    assert [b.label for b in settings.buttons] == ["Valmis", "Oletusnäppäimet", "Ulkoasu..."]
    assert "Uusi peli" in [b.label for b in title.menu.buttons]
    app.step(0.0)  # draws in Finnish without an error
    app.close()

    i18n.set_language("en")
    again = App(PrefsStore(str(path)), size=(1024, 640))  # the next start
    assert i18n.current_language() == "fi"
    again.close()


def test_a_bad_language_in_the_config_is_one_clear_sentence(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('language = "de"\n', encoding="utf-8")
    store = PrefsStore(str(path))
    assert store.error is not None
    assert "'language' must be one of" in store.error and "'de'" in store.error
