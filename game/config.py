"""The TOML configuration: read with tomllib, written with tomlkit atomically.

Default path: platformdirs user_config_dir("crowsnest")/config.toml; ``--config FILE``
overrides it. A missing file means defaults. A malformed file or a bad value raises
ConfigError with one sentence naming the file, the key and what is expected; a bad file
is never overwritten (save() refuses). See docs/config.md for every key.

Saving respects the file the player keeps: the new values are written into the file's
own tomlkit document, so comments, key order, blank lines and the way unchanged values
are spelled survive; only changed keys are rewritten, new ones are added at the end of
their table and dropped ones removed. Only the player's keys are written: those the file
had and those that differ from the defaults (player_keys). The file keeps its mode (0644 stays 0644) and a
symbolic link stays a link (the file it points at is replaced).
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import platformdirs
import tomlkit
import tomlkit.items
from crowsnest.engine import OptionError, Variant
from crowsnest.i18n import SYSTEM, known_codes
from crowsnest.tomlfile import clean_temps, read_toml, write_atomic

APP = "crowsnest"
SEAT_KINDS = ("human", "ai")
CARD_SIZES = ("small", "medium", "large")
NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
LANGUAGE_VALUES = (SYSTEM, *known_codes())
DEFAULT_NAMES = ("You", "West", "North", "East", "Fifth", "Sixth", "Seventh", "Eighth")


class ConfigError(ValueError):
    """A config file that cannot be used. str(err) is one sentence for the player."""


def default_path() -> Path:
    return Path(platformdirs.user_config_dir(APP)) / "config.toml"


@dataclass(frozen=True, slots=True)
class SeatConfig:
    name: str
    kind: str = "ai"  # "human" or "ai"
    level: str = "easy"  # AI level when kind == "ai"


@dataclass(frozen=True, slots=True)
class PluginsConfig:
    folders: tuple[str, ...] = ()  # extra drop-in folders ("~" expands)
    disabled: tuple[str, ...] = ()  # plugin names not to load


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    card_size: str = "medium"  # small / medium / large
    animation_speed: int = 3  # 0 instant .. 5 very slow
    auto_pass: bool = True  # pass by itself when passing is the only legal action
    four_colour: bool = False  # standard pack: clubs green, diamonds blue
    text_size: str = "medium"  # small / medium / large: the table's words
    coach: bool = True  # the first-game coach (docs/coach.md)


SUIT_COLOUR_KEYS = ("S", "H", "D", "C", "J")  # the standard pack's suits and its jokers
HEX_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
COMPUTER_NAME_MAX = 16  # as long as a name typed in New game


@dataclass(frozen=True, slots=True)
class LookConfig:
    """Settings -> Look (docs/config.md): the table's tone, felt and backs, colour help,
    portraits and the little celebrations; the player's own, whatever game is played."""

    contrast: int = 50  # 0 .. 100; 50 is the table's own look
    grain: int = 50
    warmth: int = 50  # colour temperature: 0 cool .. 100 warm
    felt: str = ""  # a felt's name (sprites/table/felt-<name>.png); "" the game's own
    back: str = ""  # a card back's name (sprites/backs/<name>.png); "" the game's own
    colour_blind: bool = False  # a game's palette without the red-green pair
    suit_colours: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    portraits: tuple[str, ...] = ()  # per seat: an image file, "" the shipped one
    names: tuple[str, ...] = ()  # per seat: the computer's name, "" the shipped one
    celebrate: bool = True  # a win's celebration, a loss's gentler one
    turn_chime: bool = True  # a chime when your turn comes after the computers


@dataclass(frozen=True, slots=True)
class SoundConfig:
    volume: float = 0.8  # 0.0 .. 1.0
    mute: bool = False


@dataclass(frozen=True, slots=True)
class OnlineConfig:
    # Table servers the player can join or host on (ws://host:port), the last used first;
    # the window adds an address when a join works (docs/online.md, "In the window").
    server: tuple[str, ...] = ()
    name: str = ""  # the name other players see at an online table ("" = the first seat's)


SPEECH_BACKENDS = ("auto", "speech-dispatcher", "espeak-ng", "pyttsx3", "none")


@dataclass(frozen=True, slots=True)
class SpeechConfig:
    """Speech for playing by ear (docs/player-guide.md): off by default."""

    enabled: bool = False
    rate: int = 0  # -5 (slowest) .. 0 (the voice's own) .. +5 (fastest)
    backend: str = "auto"  # one of SPEECH_BACKENDS; auto: the first the system has


def _default_seats() -> tuple[SeatConfig, ...]:
    return (SeatConfig("You", "human"),) + tuple(SeatConfig(n) for n in DEFAULT_NAMES[1:4])


@dataclass(frozen=True)
class Config:
    variant: str = "crowsnest"
    language: str = "system"  # "system" (the system locale) or a code: en, fi, sv, da, fr
    seats: tuple[SeatConfig, ...] = field(default_factory=_default_seats)
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    plugins: PluginsConfig = field(default_factory=PluginsConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)
    online: OnlineConfig = field(default_factory=OnlineConfig)
    look: LookConfig = field(default_factory=LookConfig)
    speech: SpeechConfig = field(default_factory=SpeechConfig)
    # Key bindings the player changed: action -> key names. Actions not listed keep the
    # client's defaults (crowsnest.client.input), so only overrides live here.
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    path: Path | None = field(default=None, compare=False)  # where it was read from

    # ------------------------------------------------------------ helpers

    def seat(self, index: int) -> SeatConfig:
        """Seat `index` as configured, or a default AI seat beyond the configured ones."""
        if index < len(self.seats):
            return self.seats[index]
        name = DEFAULT_NAMES[index] if index < len(DEFAULT_NAMES) else f"Seat {index + 1}"
        return SeatConfig(name)

    def options_for(self, variant: Variant) -> Mapping[str, Any]:
        """The variant's rule options: its defaults overlaid with this config's, validated
        against the variant's Option schema (ConfigError naming file and key if bad)."""
        given = self.options.get(variant.id, {})
        try:
            return variant.resolve_options(given)
        except OptionError as e:
            raise ConfigError(f"{self._where()}: in [options.{variant.id}], {e}") from None

    def replace(self, **changes: Any) -> Config:
        return dataclasses.replace(self, **changes)

    def _where(self) -> str:
        return str(self.path) if self.path else "the configuration"

    def to_toml(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant,
            "language": self.language,
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats],
            "options": {k: dict(v) for k, v in self.options.items()},
            "plugins": {
                "folders": list(self.plugins.folders),
                "disabled": list(self.plugins.disabled),
            },
            "display": dataclasses.asdict(self.display),
            "sound": dataclasses.asdict(self.sound),
            "online": {"server": list(self.online.server), "name": self.online.name},
            "look": {f.name: getattr(self.look, f.name) for f in dataclasses.fields(self.look)}
            | {
                "suit_colours": dict(self.look.suit_colours),
                "portraits": list(self.look.portraits),
                "names": list(self.look.names),
            },
            "speech": dataclasses.asdict(self.speech),
            "keys": {k: list(v) for k, v in self.keys.items()},
        }
        return out


# ---------------------------------------------------------------- reading


class _Reader:
    """Validates one table, naming the file and dotted key in every message."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, expected: str, value: Any) -> ConfigError:
        return ConfigError(f"{self.file}: '{key}' must be {expected}, not {value!r}")

    def table(self, data: Mapping[str, Any], key: str, known: tuple[str, ...]) -> Mapping[str, Any]:
        value = data.get(key, {}) if key else data
        if not isinstance(value, Mapping):
            raise self.fail(key, "a table", value)
        for k in value:
            if k not in known:
                where = f"'{key}.{k}'" if key else f"'{k}'"
                raise ConfigError(
                    f"{self.file}: unknown key {where} (known keys: {', '.join(known)})"
                )
        return value

    def boolean(self, data: Mapping[str, Any], key: str, full: str, default: bool) -> bool:
        v = data.get(key, default)
        if not isinstance(v, bool):
            raise self.fail(full, "true or false", v)
        return v

    def integer(
        self, data: Mapping[str, Any], key: str, full: str, default: int, lo: int, hi: int
    ) -> int:
        v = data.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(full, f"a whole number from {lo} to {hi}", v)
        return v

    def number(
        self, data: Mapping[str, Any], key: str, full: str, default: float, lo: float, hi: float
    ) -> float:
        v = data.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
            raise self.fail(full, f"a number from {lo:g} to {hi:g}", v)
        return float(v)

    def choice(
        self, data: Mapping[str, Any], key: str, full: str, default: str, allowed: tuple[str, ...]
    ) -> str:
        v = data.get(key, default)
        if v not in allowed:
            raise self.fail(full, "one of " + ", ".join(f'"{a}"' for a in allowed), v)
        return str(v)  # one of `allowed`

    def text(self, data: Mapping[str, Any], key: str, full: str, default: str) -> str:
        v = data.get(key, default)
        if not isinstance(v, str) or not v.strip():
            raise self.fail(full, "a non-empty string", v)
        return v

    def strings(self, data: Mapping[str, Any], key: str, full: str) -> tuple[str, ...]:
        v = data.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) and x.strip() for x in v):
            raise self.fail(full, "a list of non-empty strings", v)
        return tuple(v)


def from_dict(data: Mapping[str, Any], file: str | Path = "the configuration") -> Config:
    """Build a validated Config from parsed TOML (ConfigError on any bad key or value)."""
    r = _Reader(str(file))
    top = r.table(
        data,
        "",
        (
            "variant",
            "language",
            "seats",
            "options",
            "plugins",
            "display",
            "sound",
            "online",
            "look",
            "speech",
            "keys",
        ),
    )
    d = Config()
    variant = r.text(top, "variant", "variant", d.variant)
    language = r.choice(top, "language", "language", d.language, LANGUAGE_VALUES)

    seats_raw = top.get("seats", None)
    if seats_raw is None:
        seats = d.seats
    else:
        if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= 8:
            raise r.fail("seats", "a list of 1 to 8 seat tables ([[seats]])", seats_raw)
        out = []
        for i, s in enumerate(seats_raw):
            key = f"seats[{i}]"
            if not isinstance(s, Mapping):
                raise r.fail(key, "a table with name, kind and level", s)
            for k in s:
                if k not in ("name", "kind", "level"):
                    raise ConfigError(
                        f"{file}: unknown key '{key}.{k}' (known keys: name, kind, level)"
                    )
            default_name = DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Seat {i + 1}"
            out.append(
                SeatConfig(
                    name=r.text(s, "name", f"{key}.name", default_name),
                    kind=r.choice(
                        s, "kind", f"{key}.kind", "human" if i == 0 else "ai", SEAT_KINDS
                    ),
                    level=r.text(s, "level", f"{key}.level", "easy"),
                )
            )
        seats = tuple(out)

    opts_raw = top.get("options", {})
    if not isinstance(opts_raw, Mapping):
        raise r.fail("options", "a table of per-variant tables ([options.crowsnest])", opts_raw)
    options: dict[str, Mapping[str, Any]] = {}
    for vid, table in opts_raw.items():
        if not isinstance(table, Mapping):
            raise r.fail(f"options.{vid}", "a table of option = value", table)
        options[vid] = MappingProxyType(dict(table))

    pl = r.table(top, "plugins", ("folders", "disabled"))
    plugins = PluginsConfig(
        folders=r.strings(pl, "folders", "plugins.folders"),
        disabled=r.strings(pl, "disabled", "plugins.disabled"),
    )

    dd = d.display
    di = r.table(
        top,
        "display",
        (
            "width",
            "height",
            "fullscreen",
            "card_size",
            "animation_speed",
            "auto_pass",
            "four_colour",
            "text_size",
            "coach",
        ),
    )
    display = DisplayConfig(
        width=r.integer(di, "width", "display.width", dd.width, 320, 10000),
        height=r.integer(di, "height", "display.height", dd.height, 240, 10000),
        fullscreen=r.boolean(di, "fullscreen", "display.fullscreen", dd.fullscreen),
        card_size=r.choice(di, "card_size", "display.card_size", dd.card_size, CARD_SIZES),
        animation_speed=r.integer(
            di, "animation_speed", "display.animation_speed", dd.animation_speed, 0, 5
        ),
        auto_pass=r.boolean(di, "auto_pass", "display.auto_pass", dd.auto_pass),
        four_colour=r.boolean(di, "four_colour", "display.four_colour", dd.four_colour),
        text_size=r.choice(di, "text_size", "display.text_size", dd.text_size, CARD_SIZES),
        coach=r.boolean(di, "coach", "display.coach", dd.coach),
    )

    so = r.table(top, "sound", ("volume", "mute"))
    sound = SoundConfig(
        volume=r.number(so, "volume", "sound.volume", d.sound.volume, 0.0, 1.0),
        mute=r.boolean(so, "mute", "sound.mute", d.sound.mute),
    )

    on = r.table(top, "online", ("server", "name"))
    name = on.get("name", "")
    if not isinstance(name, str) or len(name) > 24:
        raise r.fail("online.name", "a name of at most 24 characters", name)
    online = OnlineConfig(server=r.strings(on, "server", "online.server"), name=name)
    look = _read_look(r, top, d.look)
    sp = r.table(top, "speech", ("enabled", "rate", "backend"))
    speech = SpeechConfig(
        enabled=r.boolean(sp, "enabled", "speech.enabled", d.speech.enabled),
        rate=r.integer(sp, "rate", "speech.rate", d.speech.rate, -5, 5),
        backend=r.choice(sp, "backend", "speech.backend", d.speech.backend, SPEECH_BACKENDS),
    )

    keys_raw = top.get("keys", {})
    if not isinstance(keys_raw, Mapping):
        raise r.fail("keys", "a table of action = [key names]", keys_raw)
    keys: dict[str, tuple[str, ...]] = {}
    for action in keys_raw:
        if not NAME_RE.match(action):
            raise ConfigError(
                f"{file}: key binding 'keys.{action}' must name an action in lower case "
                "(such as confirm, back, hint, undo)"
            )
        keys[action] = tuple(k.lower() for k in r.strings(keys_raw, action, f"keys.{action}"))

    return Config(
        variant=variant,
        language=language,
        seats=seats,
        options=MappingProxyType(options),
        plugins=plugins,
        display=display,
        sound=sound,
        online=online,
        look=look,
        speech=speech,
        keys=MappingProxyType(keys),
        path=Path(file) if file != "the configuration" else None,
    )


def _read_look(r: _Reader, top: Mapping[str, Any], dl: LookConfig) -> LookConfig:
    lo = r.table(
        top,
        "look",
        (
            "contrast",
            "grain",
            "warmth",
            "felt",
            "back",
            "colour_blind",
            "suit_colours",
            "portraits",
            "names",
            "celebrate",
            "turn_chime",
        ),
    )
    names = {}
    for key in ("felt", "back"):
        v = lo.get(key, "")
        if not isinstance(v, str) or not (v == "" or NAME_RE.match(v)):
            raise r.fail(f"look.{key}", 'a name in lower case (such as "green") or ""', v)
        names[key] = v
    sc = r.table(lo, "suit_colours", SUIT_COLOUR_KEYS)
    for k, v in sc.items():
        if not isinstance(v, str) or not HEX_COLOUR_RE.match(v):
            raise r.fail(f"look.suit_colours.{k}", 'a colour such as "#1a56c8"', v)
    portraits = lo.get("portraits", [])
    if not isinstance(portraits, list) or not all(isinstance(x, str) for x in portraits):
        raise r.fail(
            "look.portraits", 'a list of image files, one per seat ("" the shipped one)', portraits
        )
    own_names = lo.get("names", [])
    if not isinstance(own_names, list) or not all(
        isinstance(x, str) and len(x.strip()) <= COMPUTER_NAME_MAX for x in own_names
    ):
        raise r.fail(
            "look.names",
            f'a list of names of at most {COMPUTER_NAME_MAX} characters, one per seat ("" the '
            "shipped one)",
            own_names,
        )
    return LookConfig(
        contrast=r.integer(lo, "contrast", "look.contrast", dl.contrast, 0, 100),
        grain=r.integer(lo, "grain", "look.grain", dl.grain, 0, 100),
        warmth=r.integer(lo, "warmth", "look.warmth", dl.warmth, 0, 100),
        felt=names["felt"],
        back=names["back"],
        colour_blind=r.boolean(lo, "colour_blind", "look.colour_blind", dl.colour_blind),
        suit_colours=MappingProxyType({k: str(v).lower() for k, v in sc.items()}),
        portraits=tuple(portraits),
        names=tuple(x.strip() for x in own_names),
        celebrate=r.boolean(lo, "celebrate", "look.celebrate", dl.celebrate),
        turn_chime=r.boolean(lo, "turn_chime", "look.turn_chime", dl.turn_chime),
    )


def load(path: str | Path | None = None) -> Config:
    """Read the config at `path` (default: the platformdirs path); defaults if absent."""
    p = Path(path).expanduser() if path is not None else default_path()
    clean_temps(p.parent, ".config-")  # left by a write that was killed
    data = read_toml(p, "config file", ConfigError)
    if data is None:
        return Config(path=p)
    return from_dict(data, p)


def save(config: Config, path: str | Path | None = None) -> Path:
    """Write atomically (temp file + os.replace), into the existing file's own document
    (module doc). Refuses to replace an existing file that does not load, so a
    hand-edited file with a mistake is never lost."""
    p = Path(path).expanduser() if path is not None else (config.path or default_path())
    old_text = None
    if p.exists():
        try:
            load(p)
            old_text = p.read_text(encoding="utf-8")
        except ConfigError as e:
            raise ConfigError(f"{e}; fix or remove it first: it was not overwritten") from None
    had = tomllib.loads(old_text) if old_text is not None else {}
    data = player_keys(_toml_data(config.to_toml()), _toml_data(Config().to_toml()), had)
    write_atomic(p, render(data, old_text), prefix=".config-")
    return p


def player_keys(
    data: Mapping[str, Any], defaults: Mapping[str, Any], had: Mapping[str, Any]
) -> dict[str, Any]:
    """What a save writes: each key the file already had, and each other key whose value
    differs from the default. A default the player never set stays out of their file, so
    a later release can still change it for them."""
    out: dict[str, Any] = {}
    for k, v in data.items():
        default, before = defaults.get(k), had.get(k)
        if isinstance(v, Mapping) and isinstance(default, Mapping):
            inner = player_keys(v, default, before if isinstance(before, Mapping) else {})
            if inner or k in had:
                out[k] = inner
        elif k in had or v != default:
            out[k] = v
    return out


NEW_FILE_HEADER = (
    "# CrowsNest Arcade settings: every key is explained in docs/config.md.\n"
    "# The game keeps your comments and the order of keys when it saves.\n\n"
)


def render(data: dict[str, Any], old_text: str | None = None) -> str:
    """`data` as TOML text: written into `old_text`'s document where there is one (its
    comments and order kept), else a new file. Whatever tomlkit makes of an unusual
    layout, the text returned always reads back as exactly `data`."""
    if old_text is not None:
        doc = tomlkit.parse(old_text)
        _merge_table(doc, data)
        text = tomlkit.dumps(doc).rstrip("\n") + "\n"
        if _reads_as(text, data):
            return text
    text = NEW_FILE_HEADER + tomlkit.dumps(data)
    if not _reads_as(text, data):  # never expected: tomlkit writes what it is given
        raise ConfigError("the settings could not be written as TOML")
    return text


def _reads_as(text: str, data: dict[str, Any]) -> bool:
    """Whether `text` holds `data` (an empty table and an absent one mean the same here:
    tomlkit drops a super-table such as [options] when its last sub-table goes)."""
    try:
        return bool(_without_empty_tables(tomllib.loads(text)) == _without_empty_tables(data))
    except tomllib.TOMLDecodeError:
        return False


def _without_empty_tables(v: Any) -> Any:
    if isinstance(v, Mapping):
        items = ((k, _without_empty_tables(x)) for k, x in v.items())
        return {k: x for k, x in items if x != {}}
    if isinstance(v, list):
        return [_without_empty_tables(x) for x in v]
    return v


def _toml_data(v: Any) -> Any:
    """Plain TOML-able values (tuples and read-only mappings from the frozen Config
    become lists and dicts) so the result compares equal to what tomllib reads."""
    if isinstance(v, Mapping):
        return {str(k): _toml_data(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_toml_data(x) for x in v]
    return v


def _is_tables(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _merge_table(table: Any, new: Mapping[str, Any]) -> None:
    """Make tomlkit `table` hold `new`, touching only what differs."""
    for k in [k for k in table if k not in new]:
        del table[k]
    inline = isinstance(table, tomlkit.items.InlineTable)
    for k, v in new.items():
        if k not in table:
            table[k] = _fresh(v, inline)
            continue
        cur = table[k]
        if isinstance(v, Mapping) and isinstance(cur, Mapping):
            _merge_table(cur, v)
        elif _is_tables(v) and isinstance(cur, list) and all(isinstance(x, Mapping) for x in cur):
            _merge_tables(cur, v)
        elif _unwrap(cur) != v or type(_unwrap(cur)) is not type(v):
            table[k] = _fresh(v, inline)


def _merge_tables(cur: Any, new: list[Mapping[str, Any]]) -> None:
    """An array of tables ([[seats]]) or an inline array of inline tables, element-wise."""
    while len(cur) > len(new):
        del cur[-1]
    inline = isinstance(cur, tomlkit.items.Array)
    for i, v in enumerate(new):
        if i < len(cur):
            _merge_table(cur[i], v)
        else:
            cur.append(_fresh(v, inline))


def _fresh(v: Any, inline: bool) -> Any:
    """A new tomlkit value for `v`: tables as tables (ending in a blank line, so the
    next header stands apart) or inline tables inside an inline container."""
    if isinstance(v, Mapping):
        t = tomlkit.inline_table() if inline else tomlkit.table()
        for k, x in v.items():
            t[k] = _fresh(x, inline)
        if not inline:
            t.add(tomlkit.nl())
        return t
    if _is_tables(v) and not inline:
        aot = tomlkit.aot()
        for x in v:
            aot.append(_fresh(x, False))
        return aot
    return v


def _unwrap(v: Any) -> Any:
    return v.unwrap() if hasattr(v, "unwrap") else v


__all__ = [
    "Config",
    "ConfigError",
    "DisplayConfig",
    "LookConfig",
    "PluginsConfig",
    "SeatConfig",
    "SoundConfig",
    "default_path",
    "from_dict",
    "load",
    "save",
]
