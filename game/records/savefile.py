"""Save files: a match as (variant, options, seed, set-up, action log), in TOML.

design.md: "(variant, options, seed, action list) rebuilds any position". A save holds
exactly that, plus who sits where, so loading is a replay through the engine and every
action is checked again on the way. See docs/saves.md for the format.

- `save(match, seats, path)` writes atomically (temp file + os.replace) and refuses to
  replace a file that is not a save (a corrupt or foreign file is never overwritten).
- `load(path, registry) -> (Match, seats)`; every problem is a SaveError whose text is
  one sentence naming the file and what is wrong. Loading never writes anything.
- `Autosaver` keeps one file up to date with a running match from a background thread
  (the client calls `update` every frame; it costs a list copy when the log grew).

No pygame here: the CLI (`crowsnest replay`) and the tests use it headless.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w
from crowsnest import __version__
from crowsnest.config import default_path
from crowsnest.engine import ActionError, Match, MatchError, OptionError
from crowsnest.engine.safe import exc_text
from crowsnest.i18n import _, ngettext, pgettext, variant_text
from crowsnest.tomlfile import clean_temps, read_toml, write_atomic

FORMAT = "crowsnest-save"
FORMAT_VERSION = 1
AUTOSAVE_NAME = "current.toml"
PREVIOUS_NAME = "previous.toml"
SEAT_KINDS = ("human", "ai")
INT64 = 1 << 63  # TOML integers are 64-bit; a larger seed is stored as text


class SaveError(ValueError):
    """A save that cannot be written or used. str(err) is one sentence with every detail
    (the file, the games loaded) for the command line and the log; `player`, where set,
    is the short line the window shows in its place (it must fit one line on the title)."""

    def __init__(self, message: str, player: str | None = None) -> None:
        super().__init__(message)
        self.player = player


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat (the client's SeatSetup is this class)."""

    kind: str = "ai"  # "human" or "ai"
    level: str = "normal"
    name: str = ""

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class SaveData:
    """A save file's contents, checked for shape (not yet replayed)."""

    variant: str
    seats: int
    seed: int | str
    options: Mapping[str, Any]
    dealer: int | None
    first: int | None
    deal: Mapping[str, Any] | None
    carry: Mapping[str, Any]
    players: tuple[Seat, ...]
    actions: tuple[str, ...]
    plugin: str | None = None
    plugin_origin: str | None = None
    game_version: str = ""
    saved_at: str = ""
    summary: Mapping[str, Any] = field(default_factory=dict)  # informative only

    def start_key(self) -> str:
        """What identifies the match (not how far it got): equal keys, same match."""
        return _start_key(
            self.variant, self.seats, self.seed, self.options, self.dealer, self.first,
            self.deal, self.carry,
        )  # fmt: skip


# ---------------------------------------------------------------- paths


def default_autosave_path() -> Path:
    return Path(platformdirs.user_data_dir("crowsnest")) / "saves" / AUTOSAVE_NAME


def autosave_path(config_path: str | Path | None) -> Path:
    """Where the client keeps the running match. The per-user data folder for the
    default config; beside the config file for `--config FILE` (in FILE-STEM-saves/),
    so each config (a family profile, a portable copy, a test) has its own game."""
    if config_path is None:
        return default_autosave_path()
    p = Path(config_path).expanduser()
    try:
        if p.resolve() == default_path().resolve():
            return default_autosave_path()
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (Python < 3.13)
        pass
    return p.parent / f"{p.stem}-saves" / AUTOSAVE_NAME


# ---------------------------------------------------------------- writing


def start_kwargs(match: Match) -> dict[str, Any]:
    """The Match keyword arguments that rebuild `match` before any action (besides the
    variant, seed, seats and options): the first dealer, first bidder, fixed deal and
    the carried state it started with."""
    kw = match.start_kwargs()
    return {k: kw[k] for k in ("dealer", "first", "deal", "carry")}


def plugin_of(registry: Any, variant_id: str) -> tuple[str | None, str | None]:
    """(plugin name, origin) of the plugin that registered `variant_id`, if known."""
    for rec in getattr(registry, "plugins", ()) or ():
        if variant_id in getattr(rec, "variants", ()):
            return rec.name, rec.origin
    return None, None


def _seat_of(s: Any) -> Seat:
    return Seat(
        str(getattr(s, "kind", "ai")),
        str(getattr(s, "level", "normal")),
        str(getattr(s, "name", "") or ""),
    )


def summary_of(match: Match) -> dict[str, Any]:
    """How far the match got (stored for people and `crowsnest replay`; a load checks
    the replay against it)."""
    return {
        "deals_played": match.deal_no,
        "scores": list(match.scores),
        "phase": match.phase,
        "to_move": match.to_move,
        "over": match.over,
        "actions": len(match.log),
    }


def document(
    match: Match,
    seats: Sequence[Any],
    actions: Sequence[str],
    *,
    plugin: tuple[str | None, str | None] = (None, None),
    summary: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The TOML document of a save (a plain dict); `actions` is the log in notation."""
    if len(seats) != match.seats:
        raise SaveError(f"the seat set-up has {len(seats)} seats, the match {match.seats}")
    kw = start_kwargs(match)
    m: dict[str, Any] = {
        "variant": match.variant.id,
        "seats": match.seats,
        "seed": match.seed
        if isinstance(match.seed, int) and -INT64 <= match.seed < INT64
        else str(match.seed),
        "seed_is_text": isinstance(match.seed, str),
    }
    if plugin[0]:
        m["plugin"] = plugin[0]
    if plugin[1]:
        m["plugin_origin"] = plugin[1]
    if kw["dealer"] is not None:
        m["dealer"] = kw["dealer"]
    if kw["first"] is not None:
        m["first"] = kw["first"]
    m["options"] = dict(match.options)
    m["carry"] = kw["carry"]
    if kw["deal"] is not None:
        m["deal"] = {k: list(v) for k, v in dict(kw["deal"]).items()}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_version": __version__,
        "saved_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "match": m,
        "players": [
            {"name": s.name, "kind": s.kind, "level": s.level} for s in map(_seat_of, seats)
        ],
        "summary": dict(summary if summary is not None else summary_of(match)),
        "actions": list(actions),
    }


def dumps(doc: Mapping[str, Any]) -> str:
    try:
        return tomli_w.dumps(_tomlable(doc))
    except (TypeError, ValueError) as e:
        raise SaveError(f"the match cannot be written as TOML ({e})") from None


def _tomlable(x: Any) -> Any:
    """TOML has no null: None values are left out of tables (they mean 'not set')."""
    if isinstance(x, Mapping):
        return {str(k): _tomlable(v) for k, v in x.items() if v is not None}
    if isinstance(x, list | tuple):
        return [_tomlable(v) for v in x]
    return x


def save(match: Match, seats: Sequence[Any], path: str | Path, *, registry: Any = None) -> Path:
    """Write `match` and its seat set-up to `path` atomically. An existing file that is
    not a save file is never replaced (SaveError says so)."""
    p = Path(path).expanduser()
    if p.exists():
        try:
            read(p)
        except SaveError as e:
            raise SaveError(f"{e}; it was not overwritten") from None
    plugin = plugin_of(registry, match.variant.id) if registry is not None else (None, None)
    text = dumps(document(match, seats, match.log_strings(), plugin=plugin))
    try:
        write_atomic(p, text, prefix=".save-")
    except OSError as e:
        raise SaveError(f"{p}: cannot be written ({e.strerror or e})") from None
    return p


# ---------------------------------------------------------------- reading


def read(path: str | Path) -> SaveData:
    """Parse and check the shape of a save file (no replay, no registry)."""
    p = Path(path).expanduser()
    data = read_toml(p, "save file", SaveError)
    if data is None:
        raise SaveError(f"{p}: there is no such save file")
    return from_dict(data, p)


class _Check:
    def __init__(self, file: Path) -> None:
        self.file = file

    def fail(self, key: str, expected: str, value: Any) -> SaveError:
        return SaveError(f"{self.file}: '{key}' must be {expected}, not {value!r}")

    def table(self, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
        v = data.get(key, {})
        if not isinstance(v, Mapping):
            raise self.fail(key, "a table", v)
        return v

    def seat_no(self, data: Mapping[str, Any], key: str, seats: int) -> int | None:
        v = data.get(key)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < seats:
            raise self.fail(f"match.{key}", f"a seat from 0 to {seats - 1}", v)
        return v


_DIGITS = re.compile(r"-?[0-9]{1,4000}")


def _big_seed(text: str) -> int | str:
    """A whole-number seed written as text (beyond TOML's 64 bits): its value when the
    text is ASCII digits (with one minus) of a size Python converts; else the text itself
    (a seed is any text too, so nothing is refused: the match is what that text seeds)."""
    if _DIGITS.fullmatch(text) is None:
        return text
    try:
        return int(text)
    except ValueError:
        return text


def from_dict(data: Mapping[str, Any], file: str | Path = "the save file") -> SaveData:
    f = Path(file)
    c = _Check(f)
    if data.get("format") != FORMAT:
        raise SaveError(
            f"{f}: is not a CrowsNest Arcade save file (it has no 'format = \"{FORMAT}\"')"
        )
    ver = data.get("format_version")
    by = data.get("game_version")
    if ver != FORMAT_VERSION:
        made = f" (written by CrowsNest Arcade {by})" if isinstance(by, str) and by else ""
        raise SaveError(
            f"{f}: is save format version {ver!r}{made}; this CrowsNest Arcade "
            f"({__version__}) reads version {FORMAT_VERSION}"
        )
    m = c.table(data, "match")
    vid = m.get("variant")
    if not isinstance(vid, str) or not vid:
        raise c.fail("match.variant", 'a variant id such as "crowsnest"', vid)
    seats = m.get("seats")
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= 16:
        raise c.fail("match.seats", "a number of players", seats)
    seed = m.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise c.fail("match.seed", "a whole number or text", seed)
    if isinstance(seed, str) and m.get("seed_is_text", True) is False:
        seed = _big_seed(seed)  # a seed too big for TOML is written as its digits
    options = c.table(m, "options")
    carry = c.table(m, "carry")
    deal = m.get("deal")
    if deal is not None and not isinstance(deal, Mapping):
        raise c.fail("match.deal", "a table of piles", deal)
    players_raw = data.get("players")
    if not isinstance(players_raw, list) or len(players_raw) != seats:
        raise c.fail("players", f"{seats} [[players]] tables, one per seat", players_raw)
    players = []
    for i, pl in enumerate(players_raw):
        key = f"players[{i}]"
        if not isinstance(pl, Mapping):
            raise c.fail(key, "a table with name, kind and level", pl)
        kind, level, name = pl.get("kind", "ai"), pl.get("level", "normal"), pl.get("name", "")
        if kind not in SEAT_KINDS:
            raise c.fail(f"{key}.kind", '"human" or "ai"', kind)
        if not isinstance(level, str) or not level:
            raise c.fail(f"{key}.level", 'an AI level such as "normal"', level)
        if not isinstance(name, str):
            raise c.fail(f"{key}.name", "text", name)
        players.append(Seat(kind, level, name))
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise c.fail("actions", 'a list of actions in notation such as "bid 70"', actions)
    summary = data.get("summary", {})
    return SaveData(
        variant=vid,
        seats=seats,
        seed=seed,
        options=dict(options),
        dealer=c.seat_no(m, "dealer", seats),
        first=c.seat_no(m, "first", seats),
        deal=dict(deal) if deal is not None else None,
        carry=dict(carry),
        players=tuple(players),
        actions=tuple(actions),
        plugin=m.get("plugin") if isinstance(m.get("plugin"), str) else None,
        plugin_origin=m.get("plugin_origin") if isinstance(m.get("plugin_origin"), str) else None,
        game_version=by if isinstance(by, str) else "",
        saved_at=str(data.get("saved_at", "")),
        summary=dict(summary) if isinstance(summary, Mapping) else {},
    )


def _missing_variant(data: SaveData, registry: Any, f: Path) -> SaveError:
    """Why the save's variant is not loaded: the plugin is disabled, broken or absent.
    The window's line names only the game and its plugin."""
    want = f"{f}: the game '{data.variant}' is not available"
    known = ", ".join(sorted(getattr(registry, "variants", {}))) or "none are loaded"
    game, plugin = data.variant, data.plugin
    if plugin:
        rec = next((r for r in getattr(registry, "plugins", ()) if r.name == plugin), None)
        if rec is None:
            return SaveError(
                f"{want}: its plugin '{plugin}' is not installed (loaded games: {known})",
                _(
                    "The saved game ({game}) needs the plugin {plugin}, which is not installed"
                ).format(game=game, plugin=plugin),
            )
        if not rec.enabled:
            return SaveError(
                f"{want}: its plugin '{plugin}' is disabled in the settings "
                "(enable it on the Plugins screen or in the config's [plugins] disabled)",
                _(
                    "The saved game ({game}) needs the plugin {plugin}: turn it on in Plugins"
                ).format(game=game, plugin=plugin),
            )
        if rec.error:
            return SaveError(
                f"{want}: its plugin '{plugin}' failed to load ({rec.error})",
                _("The saved game ({game}) needs the plugin {plugin}, which failed to load").format(
                    game=game, plugin=plugin
                ),
            )
        return SaveError(
            f"{want}: its plugin '{plugin}' no longer registers it",
            _("The plugin {plugin} no longer has the saved game ({game})").format(
                game=game, plugin=plugin
            ),
        )
    return SaveError(
        f"{want}: no loaded plugin registers it (loaded games: {known})",
        _("The saved game ({game}) is not installed").format(game=game),
    )


def build(data: SaveData, registry: Any, file: str | Path = "the save file") -> Match:
    """Replay a save through the engine; every action is checked again."""
    f = Path(file)
    try:
        variant = registry.variant(data.variant)
    except LookupError:
        raise _missing_variant(data, registry, f) from None
    try:
        match = Match(
            variant,
            seed=data.seed,
            seats=data.seats,
            options=data.options,
            dealer=data.dealer,
            first=data.first,
            deal=data.deal,
            carry=data.carry,
        )
    except OptionError as e:
        raise SaveError(f"{f}: a rule option of {variant.name} is not valid: {e}") from None
    except MatchError as e:
        raise SaveError(f"{f}: the match cannot be set up: {e}") from None
    for i, text in enumerate(data.actions, 1):
        if match.over:
            raise SaveError(
                f"{f}: action {i} '{text}' comes after the end of the match "
                f"({len(data.actions) - i + 1} actions too many)"
            )
        seat = match.to_move
        try:
            match.apply(text)
        except ActionError as e:
            raise SaveError(
                f"{f}: action {i} '{text}' (deal {match.deal_no + 1}, seat {seat} to move) "
                f"was refused by the engine: {e}"
            ) from None
        except Exception as e:  # noqa: BLE001 - a plugin's bug must not crash a load
            raise SaveError(
                f"{f}: action {i} '{text}' made {variant.name} fail ({exc_text(e)})"
            ) from None
    return match


@dataclass(frozen=True)
class Loaded:
    match: Match
    players: tuple[Seat, ...]
    data: SaveData
    path: Path

    def mismatch(self) -> str | None:
        """Where the replay disagrees with the saved summary (the rules changed since the
        save was written), else None."""
        want = self.data.summary
        got = summary_of(self.match)
        diff = [k for k in ("deals_played", "scores", "to_move") if k in want and want[k] != got[k]]
        if not diff:
            return None
        parts = ", ".join(f"{k} saved {want[k]!r} but replayed {got[k]!r}" for k in diff)
        return f"{self.path}: the replay differs from the save ({parts})"


def load_full(path: str | Path, registry: Any) -> Loaded:
    p = Path(path).expanduser()
    data = read(p)
    return Loaded(build(data, registry, p), data.players, data, p)


def load(path: str | Path, registry: Any) -> tuple[Match, list[Seat]]:
    """The match of a save, replayed, and its seat set-up (SaveError when unusable)."""
    got = load_full(path, registry)
    return got.match, list(got.players)


def describe(match: Match, players: Sequence[Any], names: Sequence[str] | None = None) -> str:
    """One line for people, in the current language: "CrowsNest, deal 4: You & North
    120, West & East 85". `names` are the names shown at the table (the client's), else
    the saved ones."""
    game = variant_text(match.variant, match.variant.name)
    scores = scores_line(match, players, names)
    if match.over:
        return ngettext(
            "{game}, finished after {n} deal: {scores}",
            "{game}, finished after {n} deals: {scores}",
            match.deal_no,
        ).format(game=game, n=match.deal_no, scores=scores)
    return _("{game}, deal {deal}: {scores}").format(
        game=game, deal=match.deal_no + 1, scores=scores
    )


def scores_line(match: Match, players: Sequence[Any], names: Sequence[str] | None = None) -> str:
    """Each side and its score: "You & North 120, West & East 85"."""
    names = list(names) if names is not None else _names(players)
    if match.teams:
        sides = [" & ".join(names[s] for s in t if s < len(names)) for t in match.teams]
    else:
        sides = names
    # TRANSLATORS: between the sides' scores in one line ("You & North 120, West & East 85")
    comma = pgettext("list", ", ")
    return comma.join(
        _("{side} {score}").format(side=n, score=s)
        for n, s in zip(sides, match.scores, strict=False)
    )


def _start_key(
    variant: str,
    seats: int,
    seed: Any,
    options: Mapping[str, Any],
    dealer: Any,
    first: Any,
    deal: Any,
    carry: Any,
) -> str:
    piles = {k: list(v) for k, v in dict(deal).items()} if deal is not None else None
    return json.dumps(
        [variant, seats, str(seed), dict(options), dealer, first, piles, dict(carry or {})],
        sort_keys=True,
        default=str,
    )


def match_key(match: Match) -> str:
    kw = start_kwargs(match)
    return _start_key(
        match.variant.id, match.seats, match.seed, match.options, kw["dealer"], kw["first"],
        kw["deal"], kw["carry"],
    )  # fmt: skip


# ---------------------------------------------------------------- autosave


@dataclass(frozen=True)
class _Job:
    match: Match  # only its start parameters are read on the writer thread
    key: str
    seats: tuple[Seat, ...]
    actions: tuple[str, ...]  # the log in notation, copied on the main thread
    summary: dict[str, Any]
    plugin: tuple[str | None, str | None]
    clear: bool = False


class Autosaver:
    """Keeps `path` equal to the running match, written off the render loop.

    `update(match, seats)` is cheap: it compares the log's length (and the match object,
    which undo replaces) with the last one seen and hands a snapshot to a writer thread;
    pending snapshots are coalesced. The notation is the match's own, kept as it plays
    (`Match.keep_notation`, switched on here if the caller has not). Before the first write for a match, a file there that is
    not a save is moved aside (never lost) and another match's save is kept as
    previous.toml. A finished match removes the file it wrote.
    """

    def __init__(self, path: str | Path, registry: Any = None) -> None:
        self.path = Path(path).expanduser()
        self.registry = registry
        clean_temps(self.path.parent, ".save-")  # left by a write that was killed
        self.error: str | None = None  # the last write's failure, for the client to show
        self.moved_aside: Path | None = None
        self.writes = 0
        self._seen: tuple[Match | None, int] = (None, -1)
        self._cv = threading.Condition()
        self._job: _Job | None = None
        self._busy = False
        self._owned_key: str | None = None  # the match whose save the file now holds
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    # ---- main thread

    def update(self, match: Match, seats: Sequence[Any]) -> bool:
        """Queue a write if the match changed since the last call; True if queued."""
        n = len(match.log)
        if self._seen[0] is match and self._seen[1] == n:
            return False
        self._seen = (match, n)
        match.keep_notation()  # a no-op for the client's matches, which keep it from the start
        assert match.notation is not None
        plugin = plugin_of(self.registry, match.variant.id) if self.registry else (None, None)
        job = _Job(
            match=match,
            key=match_key(match),
            seats=tuple(map(_seat_of, seats)),
            actions=tuple(match.notation),
            summary=summary_of(match),
            plugin=plugin,
            clear=match.over,
        )
        with self._cv:
            self._job = job
            self._cv.notify_all()
        return True

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued snapshot is on disk; False on timeout."""
        end = time.monotonic() + timeout
        with self._cv:
            while self._job is not None or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(left)
        return True

    def close(self, timeout: float = 5.0) -> None:
        self.flush(timeout)
        with self._cv:
            self._stop = True
            self._cv.notify_all()
        self._thread.join(timeout)

    # ---- writer thread

    def _run(self) -> None:
        while True:
            with self._cv:
                while self._job is None and not self._stop:
                    self._cv.wait()
                if self._job is None:
                    return
                job, self._job = self._job, None
                self._busy = True
            try:
                self._write(job)
                self.error = None
            except Exception as e:  # noqa: BLE001 - saving must never stop the game
                self.error = f"the game could not be saved: {e}"
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def _write(self, job: _Job) -> None:
        if job.clear:  # a finished match: nothing to resume, if the file is its save
            if self.path.exists() and (self._owned_key == job.key or self._holds(job.key)):
                self.path.unlink()
            self._owned_key = None
            return
        if self._owned_key != job.key:
            self._make_room(job.key)
        text = dumps(
            document(job.match, job.seats, job.actions, plugin=job.plugin, summary=job.summary)
        )
        write_atomic(self.path, text, prefix=".save-")
        self._owned_key = job.key
        self.writes += 1

    def _holds(self, key: str) -> bool:
        try:
            return read(self.path).start_key() == key
        except SaveError:
            return False

    def _make_room(self, key: str) -> None:
        """The first write for a match: keep whatever is at the path."""
        if not self.path.exists():
            return
        try:
            old = read(self.path)
            if self.registry is not None:
                # A save that reads but cannot be continued (its plugin disabled or
                # removed, an option or action the rules now refuse) is as unusable as
                # a damaged one: it goes aside too, never into previous.toml, which the
                # next New game would overwrite (docs/saves.md).
                build(old, self.registry, self.path)
        except SaveError:
            self._move_aside()
            return
        except Exception:  # noqa: BLE001 - a plugin failing in the replay: same thing
            self._move_aside()
            return
        if old.start_key() != key:  # another match: kept, in case New game was a slip
            os.replace(self.path, self.path.with_name(PREVIOUS_NAME))

    def _move_aside(self) -> None:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.unreadable-{stamp}.toml")
        n = 1
        while aside.exists():  # two in one second: never replace an earlier one
            n += 1
            aside = self.path.with_name(f"{self.path.stem}.unreadable-{stamp}-{n}.toml")
        os.replace(self.path, aside)
        self.moved_aside = aside


# ---------------------------------------------------------------- crowsnest replay


def _names(players: Sequence[Any]) -> list[str]:
    return [(_seat_of(p).name or f"Seat {i + 1}") for i, p in enumerate(players)]


def replay_report(got: Loaded) -> dict[str, Any]:
    """`crowsnest replay --json`: where the replayed match stands, plus its full state."""
    m, d = got.match, got.data
    names = _names(got.players)
    state = m.state()
    return {
        "ok": True,
        "file": str(got.path),
        "format_version": FORMAT_VERSION,
        "game_version": d.game_version,
        "saved_at": d.saved_at,
        "variant": m.variant.id,
        "variant_name": m.variant.name,
        "plugin": d.plugin,
        "seats": m.seats,
        "players": [
            {"seat": i, "name": names[i], "kind": p.kind, "level": p.level}
            for i, p in enumerate(got.players)
        ],
        "seed": m.seed,
        "options": dict(m.options),
        "actions": len(m.log),
        "deals_played": m.deal_no,
        "deal": m.deal_no if m.over else m.deal_no + 1,
        "phase": m.phase,
        "dealer": state.get("dealer"),
        "to_move": m.to_move,
        "to_move_name": names[m.to_move] if 0 <= m.to_move < len(names) else None,
        "scores": list(m.scores),
        "scores_by": "team" if m.teams else "seat",
        "teams": [list(t) for t in m.teams] if m.teams else None,
        "over": m.over,
        "winner": m.winner,
        "history": m.history,
        "mismatch": got.mismatch(),
        "state": state,
    }


def replay_text(got: Loaded, report: dict[str, Any] | None = None, head: Sequence[str] = ()) -> str:
    """The replay in lines for people; `report` and `head` (the first lines) let another
    source (an online table's log, crowsnest.net.history) say where it came from."""
    r = report or replay_report(got)
    names = [p["name"] for p in r["players"]]
    lines = list(head) or [
        f"{r['variant_name']} ({r['variant']}), {r['seats']} players, seed {r['seed']}: "
        f"{r['actions']} actions replayed",
        f"saved {r['saved_at'] or 'at an unknown time'}"
        + (f" by CrowsNest Arcade {r['game_version']}" if r["game_version"] else ""),
    ]
    dealer = r["dealer"]
    who_deals = (
        f", dealer {names[dealer]} (seat {dealer})"
        if isinstance(dealer, int) and 0 <= dealer < len(names)
        else ""
    )
    if r["over"]:
        lines.append(f"the match is over after {r['deals_played']} deals; winner: {r['winner']}")
    else:
        lines.append(
            f"deal {r['deal']} ({r['deals_played']} scored), phase {r['phase']}{who_deals}"
        )
        tm = r["to_move"]
        kind = r["players"][tm]["kind"] if 0 <= tm < len(names) else ""
        lines.append(f"to move: seat {tm}, {r['to_move_name']} ({kind})")
    lines.append("scores: " + scores_line(got.match, got.players))
    if r["mismatch"]:
        lines.append("warning: " + r["mismatch"])
    return "\n".join(lines)
