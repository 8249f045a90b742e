"""Settings: language, window size and fullscreen, animation speed, sound, card size and
key bindings; every change is saved to the TOML config at once."""

from __future__ import annotations

from functools import partial

import pygame
from crowsnest import i18n
from crowsnest.config import SPEECH_BACKENDS
from crowsnest.i18n import N_, _, pgettext

from ..gamepad import glyph
from ..input import ACTION_LABELS, BINDABLE, Act, InputEvent, InputMap, key_labels
from ..prefs import CARD_SCALES, TEXT_SCALES, WINDOW_SIZES
from ..widgets import Button
from .common import FormScene, Row


def speed_word(speed: int) -> str:
    """The word for an animation speed, 0 (instant) to 5 (very slow)."""
    return (
        # 0 is what players who want reduced motion look for: it says so
        pgettext("animation speed", "instant, reduced motion"),
        pgettext("animation speed", "very fast"),
        pgettext("animation speed", "fast"),
        pgettext("animation speed", "normal"),
        pgettext("animation speed", "slow"),
        pgettext("animation speed", "very slow"),
    )[speed]


def rate_text(rate: int) -> str:
    """The speech rate setting: "0 (normal)", "+2", "-5 (slowest)"."""
    if rate == 0:
        return pgettext("speech rate", "0 (the voice's own)")
    return f"{rate:+d}"


def backend_text(name: str) -> str:
    """The speech backend setting, as the player reads it."""
    if name == "auto":
        return pgettext("speech backend", "Automatic")
    if name == "none":
        return pgettext("speech backend", "None")
    return name  # a program's own name: speech-dispatcher, espeak-ng, pyttsx3


CARD_SIZE_WORDS = {"small": N_("Small"), "medium": N_("Medium"), "large": N_("Large")}


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


def step_size(cur: tuple[int, int], d: int, fits: tuple[int, int] | None = None) -> tuple[int, int]:
    """The listed window size d steps from `cur` (WINDOW_SIZES grow in area); a size not
    in the list steps to its nearest listed neighbour in that direction. With `fits`
    (the display's size), only sizes that fit on the display are offered."""
    sizes = [s for s in WINDOW_SIZES if fits is None or (s[0] <= fits[0] and s[1] <= fits[1])]
    sizes = sizes or [WINDOW_SIZES[0]]
    n = len(sizes)
    if cur in sizes:
        return sizes[(sizes.index(cur) + d) % n]
    below = sum(1 for w, h in sizes if w * h < cur[0] * cur[1])
    return sizes[(below if d > 0 else below - 1) % n]


def binding_text(im: InputMap, action: str) -> str:
    """An action's keys, then its pad buttons: "h  |  pad X"."""
    keys = ", ".join(key_labels(im.keys_for(action)))
    pads = ", ".join(glyph(b) for b in im.pad_for(action))
    # TRANSLATORS: an action's keys, then its gamepad buttons: "h  |  pad X"
    return _("{keys}  |  pad {buttons}").format(keys=keys, buttons=pads) if pads else keys


class SettingsScene(FormScene):
    title = N_("Settings")

    def __init__(self) -> None:
        super().__init__()
        self.capturing: str | None = None  # the action waiting for a key

    def on_push(self) -> None:
        self.buttons = [
            Button(_("Done"), self.close),
            Button(_("Default keys"), self.reset_keys),
            # the table's look has a screen of its own, the table visible beside it
            Button(pgettext("settings", "Look..."), self._look),
        ]
        super().on_push()

    def build(self) -> None:
        p = self.app.prefs
        rows = [
            Row(_("Language"), self._language_text, self._language),
            Row(_("Display"), lambda: "", heading=True),
            Row(_("Window size"), self._size_text, self._size),
            Row(_("Fullscreen"), lambda: on_off(p.fullscreen), self._fullscreen),
            Row(
                _("Card size"),
                lambda: _(CARD_SIZE_WORDS.get(p.card_size, p.card_size)),
                self._cards,
            ),
            Row(
                _("Text size"),
                lambda: _(CARD_SIZE_WORDS.get(p.text_size, p.text_size)),
                self._text_size,
            ),
            Row(_("Four-colour cards"), lambda: on_off(p.four_colour), self._four_colour),
            Row(
                _("Pass when it is the only move"),
                lambda: on_off(p.auto_pass),
                self._auto_pass,
            ),
            Row(
                _("Animation speed"),
                # TRANSLATORS: the speed setting's number and its word: "3 (normal)"
                lambda: _("{number} ({word})").format(number=p.speed, word=speed_word(p.speed)),
                self._speed,
                note=lambda: _(
                    "0 is reduced motion: cards appear at once and nothing is celebrated"
                ),
            ),
            Row(_("Sound"), lambda: "", heading=True),
            Row(_("Volume"), lambda: f"{round(p.volume * 100)}%", self._volume),
            Row(_("Mute"), lambda: on_off(p.muted), self._mute),
            *self._speech_rows(),
            Row(_("Help"), lambda: "", heading=True),
            Row(_("First-game coach"), lambda: on_off(p.coach), self._coach),
            Row(_("Coach from the start again"), lambda: "", activate=self._coach_again),
            *self._sound_problem_rows(),
            Row(
                _("Keys and pad (Enter, then press the new key or button)"),
                lambda: "",
                heading=True,
            ),
        ]
        im = self.app.input
        for act in BINDABLE:
            name = act.value
            rows.append(
                Row(
                    _(ACTION_LABELS.get(name, name)),
                    partial(self._binding, im, name),
                    activate=partial(self._capture, name),
                )
            )
        self.rows = rows

    def _speech_rows(self) -> list[Row]:
        """Settings -> Speech: on/off, rate, the voice, and why it cannot be heard in
        this language where it cannot (crowsnest.client.narrator)."""
        p = self.app.prefs
        rows = [
            Row(pgettext("settings", "Speech"), lambda: "", heading=True),
            Row(_("Speak the game aloud"), lambda: on_off(p.speech), self._speech),
            Row(_("Speech rate"), lambda: rate_text(p.speech_rate), self._speech_rate),
            Row(_("Speech program"), lambda: backend_text(p.speech_backend), self._speech_backend),
        ]
        if p.speech:
            # found off the frame: the row says "looking..." until it is known
            narrator = self.app.narrator
            row = Row(_("Voice"), lambda: "", activate=lambda: self._say(narrator.voice_status()))
            row.value = lambda: self._fit_value(row, narrator.voice_status())
            rows.append(row)
        return rows

    def _speech(self, d: int) -> None:
        p = self.app.prefs
        p.speech = not p.speech
        self._changed()
        self.rebuild()  # the problem row comes and goes
        if p.speech:
            self.app.narrator.say(_("Speech is on"), interrupt=True)

    def _speech_rate(self, d: int) -> None:
        p = self.app.prefs
        p.speech_rate = max(-5, min(5, p.speech_rate + d))
        self._changed()

    def _speech_backend(self, d: int) -> None:
        p = self.app.prefs
        i = SPEECH_BACKENDS.index(p.speech_backend) if p.speech_backend in SPEECH_BACKENDS else 0
        p.speech_backend = SPEECH_BACKENDS[(i + d) % len(SPEECH_BACKENDS)]
        self.app.narrator.backend_changed()
        self._changed()
        self.rebuild()

    def _sound_problem_rows(self) -> list[Row]:
        """Where sound is off (or partly missing), a row that says so and why; Enter
        shows the whole reason in the footer when it is too long for the row."""
        audio = self.app.audio
        say = getattr(audio, "problem_text", None)
        problem = (say() if say else getattr(audio, "problem", "")) or (
            "" if getattr(audio, "available", False) else _("no audio device")
        )
        if not problem:
            return []
        available = getattr(audio, "available", False)
        label = _("Some sounds are off") if available else _("Sound is off")
        row = Row(label, lambda: "", activate=lambda: self._say(problem))
        row.value = lambda: self._fit_value(row, problem)
        return [row]

    def _fit_value(self, row: Row, text: str) -> str:
        ui = self.app.ui
        width = row.right.right - row.left.left - ui(8)  # no arrows: the whole value area
        fitted: str = self.app.text.fit(text, ui(20), max(ui(40), width), bold=True)
        return fitted

    def _say(self, text: str) -> None:
        self.message = text  # wrapped above the buttons, never cut

    def _changed(self) -> None:
        self.app.save_prefs()

    def _look(self) -> None:
        self.app.stack.push(self.app.scene("look"))

    def _language_text(self) -> str:
        code = self.app.prefs.language
        if code == i18n.SYSTEM:
            # TRANSLATORS: the Language row when it follows the computer's language
            return _("System ({language})").format(language=i18n.LANGUAGES[i18n.system_language()])
        return i18n.LANGUAGES.get(code, _("Pseudo (layout test)"))

    def _language(self, d: int) -> None:
        """Step through "system", then each language by its own name; the pseudo-locale
        is offered only to whoever has it set in the config (it is for testing)."""
        codes = [i18n.SYSTEM, *i18n.LANGUAGES]
        if self.app.prefs.language == i18n.PSEUDO:
            codes.append(i18n.PSEUDO)
        cur = self.app.prefs.language
        i = codes.index(cur) if cur in codes else 0
        self.app.set_language(codes[(i + d) % len(codes)])

    def _size_text(self) -> str:
        # The window as it really is (it may have been dragged, or opened at another
        # size); in full screen, the size the window returns to.
        p = self.app.prefs
        if p.fullscreen:
            return _("{width} x {height} (when not full screen)").format(
                width=p.width, height=p.height
            )
        w, h = self.app.size
        return f"{w} x {h}"

    def _size(self, d: int) -> None:
        p = self.app.prefs
        cur = (p.width, p.height) if p.fullscreen else self.app.size
        p.width, p.height = step_size(cur, d, self.app.display_size)
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

    def _text_size(self, d: int) -> None:
        p = self.app.prefs
        names = list(TEXT_SCALES)
        i = names.index(p.text_size) if p.text_size in names else 1
        p.text_size = names[(i + d) % len(names)]
        self.app.apply_looks()
        self.app.stack.resize(self.app.size)
        self._changed()

    def _four_colour(self, d: int) -> None:
        p = self.app.prefs
        p.four_colour = not p.four_colour
        self.app.apply_looks()
        self._changed()

    def _auto_pass(self, d: int) -> None:
        p = self.app.prefs
        p.auto_pass = not p.auto_pass
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

    def _coach(self, d: int) -> None:
        p = self.app.prefs
        p.coach = not p.coach
        self._changed()

    def _coach_again(self) -> None:
        """The coach speaks again in the first deals of every game."""
        self.app.prefs.coach = True
        from crowsnest.records.store import StoreError

        db = self.app.db
        if db is not None:
            try:
                db.reset_coach()
            except StoreError as e:
                self.message = str(e)
                return
        self.app.coach.spoken.clear()
        self.app.coach.deals_here.clear()
        self._changed()
        self.message = _("The coach will help again in your next deals")

    def _binding(self, im: InputMap, name: str) -> str:
        """What an action is bound to, or the call to press one while it is captured."""
        if self.capturing == name:
            return _("press a key or pad button...")
        return binding_text(im, name)

    def _capture(self, name: str) -> None:
        self.capturing = name
        self.message = _("Press the key or pad button for '{action}' (Escape cancels)").format(
            action=_(ACTION_LABELS.get(name, name))
        )

    def reset_keys(self) -> None:
        self.app.prefs.keys = {}
        self.app.input = InputMap()
        self._changed()
        self.message = _("Default keys restored")
        self.rebuild()

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if self.capturing is not None and (ev.key or ev.pad):
            name, self.capturing = self.capturing, None
            if ev.act is Act.MENU and ev.key == pygame.K_ESCAPE:
                self.message = _("Unchanged")
            else:
                p = self.app.prefs
                im = self.app.input
                # a key (pad button) moves to its new action: it leaves any other one
                if ev.pad:
                    p.keys = im.rebind(name, pad=ev.pad)
                    # TRANSLATORS: a gamepad button in a binding: "pad Y"
                    shown = _("pad {button}").format(button=glyph(ev.pad))
                else:
                    key = pygame.key.name(ev.key)
                    p.keys = im.rebind(name, key=key)
                    shown = key.upper()
                self.app.input = InputMap(p.keys)
                self.app.input.pad_in_use = im.pad_in_use
                self._changed()
                self.message = _("'{action}' is now {key}").format(
                    action=_(ACTION_LABELS.get(name, name)), key=shown
                )
            self.rebuild()
            return None
        if self.capturing is not None and ev.act is Act.CLICK:
            self.capturing = None
            self.message = _("Unchanged")
            return None
        return super().process_event(ev)
