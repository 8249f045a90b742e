"""A silent stand-in for crowsnest.client.audio.Audio (same API), used when that module or
the audio device is unavailable: the game runs without sound."""

from __future__ import annotations

from crowsnest.i18n import N_, _

NO_MODULE = N_("the sound module could not be loaded ({error})")


class SilentAudio:
    available = False

    def __init__(self, volume: float = 0.7, muted: bool = False, error: str = "") -> None:
        self.volume, self.muted = volume, muted
        self.error = error or "?"
        self.problem = NO_MODULE.format(error=self.error)  # English, for the log

    def problem_text(self) -> str:
        return _(NO_MODULE).format(error=self.error)

    def play(self, name: str) -> None: ...

    def set_volume(self, v: float) -> None:
        self.volume = v

    def set_muted(self, m: bool) -> None:
        self.muted = m
