"""Sound effects. Audio is optional: no device, no mixer module, a missing or damaged WAV,
any pygame error -> the game carries on silent. Nothing here ever raises."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pygame
from crowsnest.i18n import N_, _

# Package data (crowsnest.sounds): the repository's sounds/ folder in a development
# install, site-packages/crowsnest/sounds in a wheel; both are real folders.
SOUNDS_DIR = Path(str(resources.files("crowsnest.sounds")))
SOUND_NAMES = ("shuffle", "deal", "card", "trick", "bid", "win", "turn", "lose")
log = logging.getLogger("crowsnest.client")


class Audio:
    def __init__(
        self, volume: float = 0.8, muted: bool = False, sounds_dir: Path | str | None = None
    ) -> None:
        self.volume = _clamp(volume)
        self.muted = bool(muted)
        self.available = False
        # Why sound is off (or partly missing), in English for the log; "" when every
        # sound loaded. problem_text() is the same sentence in the player's language.
        self.problem = ""
        self._why: tuple[str, dict[str, object]] = ("", {})
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        folder = Path(sounds_dir) if sounds_dir is not None else SOUNDS_DIR
        try:
            mixer = pygame.mixer
            if not mixer.get_init():
                mixer.pre_init(22050, -16, 2, 512)  # small buffer: clicks land on time
                with quiet_stderr():  # no sound card: ALSA's C library lists its failures
                    mixer.init()
        except Exception as e:  # noqa: BLE001 - any audio failure means silence, never a crash
            self._problem(N_("no audio device could be opened ({error})"), error=e)
            self._apply_volume()
            return
        unreadable = []
        for name in SOUND_NAMES:
            path = folder / f"{name}.wav"
            if not path.is_file():
                continue
            try:
                self._sounds[name] = mixer.Sound(str(path))
            except Exception as e:  # noqa: BLE001 - a damaged file: that sound is silent
                unreadable.append(f"{path.name}: {e}")
        self.available = bool(self._sounds)
        missing = [n for n in SOUND_NAMES if n not in self._sounds]
        if not self.available and unreadable:
            self._problem(
                N_("the sound files cannot be read ({errors})"), errors="; ".join(unreadable)
            )
        elif not self.available:
            self._problem(N_("the sound files are missing from {folder}"), folder=folder)
        elif missing:
            self._problem(
                N_("some sound files are missing or damaged: {names}"), names=", ".join(missing)
            )
        self._apply_volume()

    def _problem(self, template: str, **values: object) -> None:
        self._why = (template, values)
        self.problem = template.format(**values)
        log.info("sound: %s", self.problem)

    def problem_text(self) -> str:
        """Why sound is off, translated (the Settings screen); "" when it is not."""
        template, values = self._why
        return _(template).format(**values) if template else ""

    def play(self, name: str) -> None:
        """Play a named effect; unknown names, mute and no audio do nothing."""
        if self.muted or not self.available:
            return
        snd = self._sounds.get(name)
        if snd is None:
            return
        try:
            snd.play()
        except Exception:  # noqa: BLE001 - a device that vanished mid-game: go silent
            self.available = False

    def set_volume(self, v: float) -> None:
        self.volume = _clamp(v)
        self._apply_volume()

    def set_muted(self, m: bool) -> None:
        self.muted = bool(m)

    def _apply_volume(self) -> None:
        for snd in self._sounds.values():
            try:
                snd.set_volume(self.volume)
            except Exception:  # noqa: BLE001
                self.available = False


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send the process's stderr (file descriptor 2, where C libraries such as ALSA
    write) to the null device for the duration; the error pygame raises still says what
    went wrong. Does nothing where descriptor 2 cannot be redirected."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _clamp(v: float) -> float:
    try:
        return max(0.0, min(1.0, float(v)))
    except (TypeError, ValueError):
        return 0.8
