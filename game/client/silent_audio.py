"""A silent stand-in for crowsnest.client.audio.Audio (same API), used when that module or
the audio device is unavailable: the game runs without sound."""

from __future__ import annotations


class SilentAudio:
    available = False

    def __init__(self, volume: float = 0.7, muted: bool = False, problem: str = "") -> None:
        self.volume, self.muted = volume, muted
        self.problem = problem or "the sound module could not be loaded"

    def play(self, name: str) -> None: ...

    def set_volume(self, v: float) -> None:
        self.volume = v

    def set_muted(self, m: bool) -> None:
        self.muted = m
