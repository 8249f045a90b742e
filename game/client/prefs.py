"""What the client remembers between runs, and how it reaches the TOML config.

The client works with one mutable `Prefs` object; `PrefsStore` copies it from and back
to crowsnest.config's frozen Config, so the window, the set-up screen and `crowsnest
simulate` share one file. A config file that does not load is reported (store.error)
and never overwritten: the client then runs on defaults and saves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crowsnest import config as cfgmod

from .input import DEFAULT_BINDINGS

WINDOW_SIZES = ((1024, 640), (1280, 720), (1280, 800), (1366, 768), (1600, 900), (1920, 1080))
CARD_SCALES = {"small": 0.85, "medium": 1.0, "large": 1.2}
TEXT_SCALES = {"small": 0.9, "medium": 1.0, "large": 1.2}  # the words' size setting


@dataclass
class SeatPrefs:
    kind: str = "ai"  # "human" or "ai"
    level: str = "normal"
    name: str = ""


# crowsnest.config holds the defaults; the client's copy must not drift from them (it
# runs on these when the config file is bad).
_DISPLAY, _SOUND, _SPEECH = cfgmod.DisplayConfig(), cfgmod.SoundConfig(), cfgmod.SpeechConfig()


@dataclass
class Prefs:
    width: int = _DISPLAY.width
    height: int = _DISPLAY.height
    fullscreen: bool = _DISPLAY.fullscreen
    speed: int = _DISPLAY.animation_speed
    coach: bool = _DISPLAY.coach  # the first-game coach
    volume: float = _SOUND.volume
    muted: bool = _SOUND.mute
    card_size: str = _DISPLAY.card_size
    auto_pass: bool = _DISPLAY.auto_pass
    four_colour: bool = _DISPLAY.four_colour
    text_size: str = _DISPLAY.text_size
    speech: bool = _SPEECH.enabled  # playing by ear (crowsnest.client.speech)
    speech_rate: int = _SPEECH.rate
    speech_backend: str = _SPEECH.backend
    keys: dict[str, list[str]] = field(default_factory=dict)  # overrides of DEFAULT_BINDINGS
    variant: str = cfgmod.Config.variant  # the configuration's default game
    language: str = "system"  # crowsnest.config's `language`: "system" or a code
    players: list[SeatPrefs] = field(default_factory=list)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # per variant
    disabled_plugins: list[str] = field(default_factory=list)
    plugin_folders: list[str] = field(default_factory=list)
    servers: list[str] = field(default_factory=list)  # [online] server: the last used first
    online_name: str = ""  # [online] name
    look: cfgmod.LookConfig = field(default_factory=cfgmod.LookConfig)  # Settings -> Look

    @property
    def card_scale(self) -> float:
        return CARD_SCALES.get(self.card_size, 1.0)

    def bindings(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in {**DEFAULT_BINDINGS, **self.keys}.items()}

    def seat_prefs(self, n: int) -> list[SeatPrefs]:
        """Seat set-ups for n seats: the remembered ones, then seat 0 human, others AI."""
        out = [SeatPrefs(p.kind, p.level, p.name) for p in self.players[:n]]
        while len(out) < n:
            i = len(out)
            name = cfgmod.DEFAULT_NAMES[i] if i < len(cfgmod.DEFAULT_NAMES) else f"Seat {i + 1}"
            out.append(SeatPrefs("human" if i == 0 else "ai", "normal", name))
        return out


class PrefsStore:
    """Load and save Prefs through crowsnest.config."""

    def __init__(self, source: Any = None) -> None:
        self.config: cfgmod.Config | None = None
        self.path: Path | None = None
        self.error: str | None = None
        self.prefs = Prefs()
        try:
            if isinstance(source, cfgmod.Config):
                # a Config object: saved back to the file it came from; one built in
                # memory (no path: tests, tools) is never written anywhere
                self.config = source
                self.path = source.path
            else:
                self.config = cfgmod.load(source)
                self.path = Path(source).expanduser() if source is not None else self.config.path
        except cfgmod.ConfigError as e:  # a bad file: say so, keep defaults, never overwrite it
            self.error = str(e)
            self.config = None
            return
        from_config(self.config, self.prefs)

    def save(self) -> None:
        if self.config is None or self.error or self.path is None:
            return
        self.config = to_config(self.prefs, self.config)
        try:
            cfgmod.save(self.config, self.path)
        except (cfgmod.ConfigError, OSError) as e:  # saving must never crash the game
            self.error = f"the settings could not be saved: {e}"


def from_config(c: cfgmod.Config, p: Prefs) -> None:
    d, s = c.display, c.sound
    p.width, p.height, p.fullscreen = d.width, d.height, d.fullscreen
    p.card_size, p.speed = d.card_size, d.animation_speed
    p.auto_pass, p.four_colour, p.text_size = d.auto_pass, d.four_colour, d.text_size
    p.coach = d.coach
    p.volume, p.muted = s.volume, s.mute
    sp = c.speech
    p.speech, p.speech_rate, p.speech_backend = sp.enabled, sp.rate, sp.backend
    p.keys = {k: list(v) for k, v in c.keys.items()}
    p.variant = c.variant
    p.language = c.language
    p.players = [SeatPrefs(x.kind, x.level, x.name) for x in c.seats]
    p.options = {k: dict(v) for k, v in c.options.items()}
    p.disabled_plugins = list(c.plugins.disabled)
    p.plugin_folders = list(c.plugins.folders)
    p.servers = list(c.online.server)
    p.online_name = c.online.name
    p.look = c.look


def to_config(p: Prefs, c: cfgmod.Config) -> cfgmod.Config:
    return c.replace(
        variant=p.variant,
        language=p.language,
        seats=tuple(
            cfgmod.SeatConfig(x.name or f"Seat {i + 1}", x.kind, x.level)
            for i, x in enumerate(p.players)
        )
        or c.seats,
        options={k: dict(v) for k, v in p.options.items()},
        plugins=cfgmod.PluginsConfig(
            folders=tuple(p.plugin_folders), disabled=tuple(p.disabled_plugins)
        ),
        display=cfgmod.DisplayConfig(
            p.width,
            p.height,
            p.fullscreen,
            p.card_size,
            p.speed,
            p.auto_pass,
            p.four_colour,
            p.text_size,
            bool(p.coach),
        ),
        sound=cfgmod.SoundConfig(float(p.volume), p.muted),
        online=cfgmod.OnlineConfig(tuple(p.servers[:8]), p.online_name[:24]),
        look=p.look,
        speech=cfgmod.SpeechConfig(bool(p.speech), int(p.speech_rate), p.speech_backend),
        keys={k: tuple(v) for k, v in p.keys.items() if tuple(v) != DEFAULT_BINDINGS.get(k)},
    )
