"""The window: the App owns the display, the assets, the input map, the scene stack
and the loop. `main()` is what `crowsnest` runs.

The loop is one `step(dt)`: read events -> input actions -> the scene stack; update
every scene by dt; draw the visible scenes; flip. Tests drive `step` themselves with a
fake clock (no sleeping), and tools/screenshot.py draws single frames.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from crowsnest import i18n
from crowsnest.config import Config
from crowsnest.i18n import _, variant_text
from crowsnest.plugin_host import Registry, load_registry
from crowsnest.records.savefile import Autosaver, Loaded, autosave_path, load_full
from crowsnest.records.saveslots import loads_full
from crowsnest.records.stats import live_record, record_of
from crowsnest.records.store import STORE_NAME, Slot, Store, StoreError, now_iso

from .assets import SPRITES_DIR, WARM_BUDGET_S, WARM_FRAME_S, Assets
from .coach import Coach
from .gamepad import Pads
from .input import Act, BindingError, InputEvent, InputMap
from .layout import MIN_SIZE
from .narrator import Narrator
from .prefs import TEXT_SCALES, PrefsStore
from .scene import Scene, SceneName, SceneStack
from .scenes import coach, howto, info, look, online, saves, settings, setup, stats, title
from .scenes.table import TableScene
from .session import LocalGame
from .silent_audio import SilentAudio
from .tone import Tone
from .widgets import TextCache

if TYPE_CHECKING:
    from .audio import Audio
    from .hosting import HostedServer

log = logging.getLogger("crowsnest.client")

CAPTION = "CrowsNest Arcade"
RESIZE_SETTLE_S = 0.5  # seconds without a resize event before the size is saved
NO_DISPLAY = (
    "crowsnest: no display is available to open the game window ({why}); "
    "to play without a window, run `crowsnest simulate --variant crowsnest --games 1`."
)


SCENES: dict[str, Any] = {
    "title": title.TitleScene,
    "setup": setup.SetupScene,
    "saves": saves.SavesScene,
    "stats": stats.StatsScene,
    "settings": settings.SettingsScene,
    "look": look.LookScene,
    "rules": info.RulesScene,
    "plugins": info.PluginsScene,
    "coach": coach.CoachScene,
    "howto": howto.HowToScene,
    "table": TableScene,
    "online": online.OnlineMenuScene,
    "chat": online.ChatScene,
    "seats": online.SeatsScene,
    "code": online.CodeCardScene,
    "rejoin": online.rejoin_scene,
}


class App:
    def __init__(
        self,
        store: PrefsStore | None = None,
        *,
        size: tuple[int, int] | None = None,
        registry: Any = None,
    ) -> None:
        self.store = store if store is not None else PrefsStore(None)
        self.prefs = self.store.prefs
        i18n.set_language(self.prefs.language)
        set_window_class()
        pygame.display.init()
        pygame.font.init()
        p = self.prefs
        size = size or (max(p.width, MIN_SIZE[0]), max(p.height, MIN_SIZE[1]))
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if p.fullscreen else 0)
        self.screen = pygame.display.set_mode(size, flags)  # pygame.error without a display
        pygame.display.set_caption(CAPTION)
        _set_window_icon()
        self._enforce_minimum()
        self.display_size = self._display_size()
        pygame.key.set_repeat(350, 60)
        self.size = self.screen.get_size()
        self.assets = Assets(card_height=150)
        self.audio = _make_audio(p.volume, p.muted)
        self.text = TextCache(self.assets.font)
        self.text.outline_of = self.assets.text_outline
        self.apply_looks()
        self.notice = self.store.error  # a one-line message shown on the title screen
        try:
            self.input = InputMap(p.keys)
        except BindingError as e:
            self.input = InputMap()
            self.notice = f"key bindings in the config ignored: {e}"
        self.pads = Pads()  # gamepads, opened as they are plugged in
        self.coach = Coach()  # the first-game coach (speaks during the first deals)
        self.narrator = Narrator(p)  # speech for playing by ear (Settings -> Speech)
        self._registry: Registry | None = registry
        self.stack = SceneStack(self)
        self.stack.resize(self.size)
        self.running = True
        self.catch_errors = False  # main() turns it on; tests want to see errors
        self.frames = 0
        self.clock_s = 0.0  # time the app has run, by dt (the fake clock in tests)
        # The running match is autosaved here (docs/saves.md); None: no autosave (a
        # config built in memory: tests and tools unless they set a path).
        self.save_path = _autosave_path(self.store.path)
        self._autosaver: Autosaver | None = None
        self._db: Store | None = (
            None  # the store (crowsnest.records.store), opened when first needed
        )
        self._db_failed = False
        self.db_error = ""
        # A window dragged to a new size is remembered once the drag has settled (a
        # drag sends a burst of resize events; the config is written once).
        self._pending_size: tuple[int, int] | None = None
        self._resized_at = 0.0
        # The table server this window started to host a table (client/hosting.py: its
        # own process), stopped when the window closes; None when it hosts nothing.
        self.hosting: HostedServer | None = None

    # ------------------------------------------------------------ services

    @property
    def registry(self) -> Registry:
        reg = self._registry
        if reg is None:
            p = self.store.prefs
            reg = self._registry = load_registry(
                folders=p.plugin_folders, disabled=p.disabled_plugins
            )
            self._fall_back_from_a_missing_game(reg)
        return reg

    def _fall_back_from_a_missing_game(self, reg: Registry) -> None:
        """The config's game not installed (its plugin removed or off): the default game
        is offered instead, said in one line on the title, as the command line says it."""
        p, variants = self.store.prefs, reg.variants
        default = Config.variant
        if p.variant in variants or default not in variants:
            return
        missing, p.variant = p.variant, default
        self.notice = self.notice or _(
            "The game {game} is not installed (its plugin was removed or turned off): "
            "New game offers {default}"
        ).format(game=missing, default=variant_text(variants[default], variants[default].name))

    def reload_registry(self) -> None:
        self._registry = None

    def ui(self, px: float) -> int:
        """A size in pixels at 720 lines, scaled to the window."""
        return max(1, round(px * self.size[1] / 720))

    def save_prefs(self) -> None:
        self.store.save()

    def set_language(self, code: str) -> None:
        """Switch the language now (no restart): remember it, and lay every scene out
        again so wrapped and measured text is measured in the new words."""
        self.prefs.language = code
        i18n.set_language(code)
        self.save_prefs()
        self.stack.language_changed()

    def set_mode(self) -> None:
        p = self.prefs
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if p.fullscreen else 0)
        size = (max(p.width, MIN_SIZE[0]), max(p.height, MIN_SIZE[1]))
        try:
            self.screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._enforce_minimum()
        self._resized(self.screen.get_size())

    def apply_looks(self) -> None:
        """The settings that change how things are drawn: the text size, the standard
        pack's two or four colours and the Look (tone, felt, backs, palettes)."""
        self.text.set_scale(TEXT_SCALES.get(self.prefs.text_size, 1.0))
        self.assets.set_four_colour(self.prefs.four_colour)
        lk = self.prefs.look
        self.assets.set_tone(Tone(lk.contrast, lk.grain, lk.warmth))
        self.assets.set_felt(lk.felt)
        self.assets.set_back(lk.back)
        colours = {k: _hex_colour(v) for k, v in lk.suit_colours.items()}
        self.assets.set_colours(lk.colour_blind, colours)
        self.assets.set_portraits(lk.portraits)

    def _enforce_minimum(self) -> None:
        """The window cannot be dragged below MIN_SIZE (the table is laid out for no
        less: below it the hand was cut off)."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                win = pygame.Window.from_display_module()
            win.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):  # an old pygame, no window
            return

    @staticmethod
    def _display_size() -> tuple[int, int] | None:
        """The desktop's size, where there is a real display (the window sizes that
        Settings offers must fit on it); None headless."""
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            return None
        return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if size != self.size:
            self.input.window_changed()
            self.size = size
            self.stack.resize(size)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ the loop

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.quit()
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.input.window_changed()
            surf = pygame.display.get_surface()
            if surf is not None:
                self.screen = surf
                self._resized(surf.get_size())
                if not self.prefs.fullscreen:
                    self._pending_size = surf.get_size()
                    self._resized_at = self.clock_s
            return
        if ev.type == pygame.CONTROLLERDEVICEADDED:
            self.pads.add(getattr(ev, "device_index", -1))
            return
        if ev.type == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.remove(getattr(ev, "instance_id", -1))
            return
        was_pad = self.input.pad_in_use
        iev = self.input.translate(ev)
        if self.input.pad_in_use != was_pad:
            self.stack.resize(self.size)  # prompts and toolbars show the device's glyphs
        if iev is not None:
            self.dispatch(iev)

    def dispatch(self, iev: InputEvent) -> None:
        rest = self.stack.process_event(iev)
        if rest is not None and self.narrator.answer(rest.act, self):
            return  # a key to ask the speech that no screen took
        if rest is not None and rest.act is Act.FULLSCREEN:
            self.prefs.fullscreen = not self.prefs.fullscreen
            self.set_mode()
            self.save_prefs()

    def step(self, dt: float) -> None:
        if not self.catch_errors:
            self._step(dt)
            return
        try:
            self._step(dt)
        except Exception as e:  # noqa: BLE001 - a faulty plugin must not close the window
            self.recover(e)

    def _step(self, dt: float) -> None:
        began = time.thread_time()  # the frame's own work (see assets.WARM_FRAME_S)
        for ev in pygame.event.get():
            self.handle(ev)
            if not self.running:
                return
        self.clock_s += dt
        if self._pending_size is not None and self.clock_s - self._resized_at >= RESIZE_SETTLE_S:
            self.remember_size()
        self.stack.update(dt)
        self.narrator.frame(self)
        self.coach.check(self)
        self.autosave()
        self.draw()
        # the frame is drawn: its spare time makes cards a screen asked for ahead
        self.assets.warm(min(WARM_BUDGET_S, WARM_FRAME_S - (time.thread_time() - began)))

    def remember_size(self) -> None:
        """Keep the last windowed size in the config (the next run opens at it)."""
        size, self._pending_size = self._pending_size, None
        if size is None or self.prefs.fullscreen:
            return
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if (w, h) != (self.prefs.width, self.prefs.height):
            self.prefs.width, self.prefs.height = w, h
            self.save_prefs()

    def scene(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
        """A new screen by name (SCENES): the one way a scene opens another, so scenes
        open one another without importing one another (overlays over the table stay
        free of the title, the coach's card of How to play, ...)."""
        made: Scene = SCENES[name](*args, **kwargs)
        return made

    # ------------------------------------------------------------ saved matches

    def load_saved(self, slot: Slot | None = None) -> Loaded:
        """The autosaved match (slot None) or a save slot's, replayed through the
        engine: the one loader of a match to continue (the title's Continue, the Saves
        screen, the set-up's "a game is running" question). Raises savefile.SaveError
        with the save's one-sentence problem, or what a plugin raised in the replay."""
        if slot is not None:
            if slot.problem:  # a row the store could not read back
                raise ValueError(slot.problem)
            return loads_full(slot.save, self.registry, f"save slot '{slot.name}'")
        if self.save_path is None:
            raise LookupError("no autosave here (a window built in memory)")
        self.flush_saves()  # a game just left: its last move is on disk first
        return load_full(self.save_path, self.registry)

    def continue_match(self, got: Loaded, slot: str | None = None) -> None:
        """Continue a loaded match at the table, in place of the screen that asked
        (slot: the save slot it came from, which Save to a slot then replaces). Raises
        what LocalGame.resume raises; nothing changes then."""
        session = LocalGame.resume(got.match, list(got.players), self.prefs.look.names)
        if slot is not None:
            session.slot_name = slot
        self.stack.replace(self.scene("table", session))

    def recover(self, error: Exception) -> None:
        """Something failed inside a scene (most likely a plugin's game code): report it,
        leave the game and go back to the title screen with the reason shown."""
        traceback.print_exception(error, file=sys.stderr)
        log.error("the game stopped and went back to the title screen", exc_info=error)
        for s in list(self.stack):
            session = getattr(s, "session", None)
            if session is not None:
                session.close()
        self.notice = f"The game stopped because of an error: {type(error).__name__}: {error}"[:200]
        self.stack.scenes.clear()  # no on_pop: a broken scene may fail again
        self.stack.push(self.scene("title"))

    def draw(self) -> None:
        self.stack.draw(self.screen)
        pygame.display.flip()
        self.frames += 1

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running and len(self.stack):
            dt = clock.tick(60) / 1000.0
            self.step(min(dt, 0.1))  # a stall (window drag) must not teleport animations

    # ------------------------------------------------------------ autosave

    def autosave(self) -> None:
        """Hand the running match to the background writer when it changed (a list
        copy per applied action; the file is written off the render loop)."""
        if self.save_path is None:
            return
        session = next((s.session for s in self.stack if hasattr(s, "session")), None)
        if session is None:
            return
        if session.online:  # the server keeps an online table's log; the window its seat
            if session.match.over and not session.recorded:
                self.record_match(session)
            return
        if self._autosaver is None:
            self._autosaver = Autosaver(self.save_path, self.registry)
        self._autosaver.update(session.match, session.seat_setups)
        # shown on the title; play goes on. The game not being saved says more than
        # statistics being off (the same unusable folder usually causes both)
        if self._autosaver.error and self.notice in (None, "", self.db_error):
            self.notice = self._autosaver.error
        if session.match.over and not session.recorded:
            self.record_match(session)
        elif len(session.match.history) != getattr(session, "live_deals", 0):
            self.record_deals(session)

    # ------------------------------------------------------------ the store

    @property
    def db(self) -> Store | None:
        """The store (statistics, save slots, finished matches) beside the autosave, or
        None (no autosave place: a client built in memory; or its folder is unusable,
        said once in the notice)."""
        if self._db is None and self.save_path is not None and not self._db_failed:
            try:
                self._db = Store(self.save_path.parent / STORE_NAME)
            except StoreError as e:
                self._db_failed = True
                self.db_error = _("statistics and save slots are off: {why}").format(why=e)
                self.notice = self.notice or self.db_error
            else:
                if self._db.notice and not self.notice:
                    self.notice = self._db.notice
        return self._db

    def record_match(self, session: Any) -> int | None:
        """Put a finished match into the statistics and the history (once)."""
        session.recorded = True
        db = self.db
        if db is None:
            return None
        try:
            if session.online:  # the window never held the whole match: no replay
                got: int = db.add_match(
                    session.record(
                        started_at=session.started_at,
                        finished_at=now_iso(),
                        seconds=time.monotonic() - session.started_clock,
                    )
                )
                return got
            rec = record_of(
                session.match,
                session.seat_setups,
                session.name_keys,  # data: default names stay English keys
                started_at=session.started_at,
                finished_at=now_iso(),
                seconds=time.monotonic() - session.started_clock,
                registry=self._registry,
                undone=bool(getattr(session, "undone", False)),
            )
            return db.add_match(rec)
        except Exception as e:  # noqa: BLE001 - recording must never stop the game
            why = _("the finished game could not be recorded: {why}").format(why=e)
            self.notice = self.notice or why
            return None

    def record_deals(self, session: Any) -> None:
        """Count a match's finished deals in the statistics while it is played (a match
        to 300 takes an evening: the figures start with its first deal)."""
        m = session.match
        session.live_deals = len(m.history)
        db = self.db
        if db is None or m.over:
            return
        try:
            rec = live_record(m, session.seat_setups, session.name_keys)
            if rec["deals"]:
                db.put_live_match(
                    rec["key"], rec["variant"], rec["variant_name"], rec["players"], rec["deals"]
                )
            else:  # undone back into the first deal: nothing of it is finished
                db.drop_live_match(rec["key"])
        except Exception as e:  # noqa: BLE001 - counting must never stop the game
            log.info("the deals of the match in progress were not counted: %s", e)

    def flush_saves(self) -> str | None:
        """Finish pending autosave writes (leaving a game); the last write's error."""
        self.autosave()
        if self._autosaver is None:
            return None
        self._autosaver.flush()
        return self._autosaver.error

    def close(self) -> None:
        self.remember_size()  # a resize just before quitting counts too
        if self._autosaver is not None:
            self.autosave()
            self._autosaver.close()
            self._autosaver = None
        if self._db is not None:
            self._db.close()
            self._db = None
        for s in list(self.stack):
            self.stack.remove(s)
        if self.hosting is not None:
            self.hosting.stop()  # every table is on disk; the seats are told
            self.hosting = None
        self.pads.close()
        self.narrator.close()
        pygame.display.quit()


def _hex_colour(text: str) -> tuple[int, int, int]:
    """ "#1a56c8" -> (26, 86, 200) (crowsnest.config checked the form)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def set_window_class() -> None:
    """Name the window as the desktop entry does (SDL reads these when it creates the
    window), so a dock shows one icon for the entry and the window, not two. pygame's
    import sets the X11 class to the program's file name (`crowsnest`, `python3`): that
    default is replaced; a value the player set in the environment is kept."""
    from crowsnest import APP_ID

    pygame_default = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        if os.environ.get(hint) in (None, "", pygame_default):
            os.environ[hint] = APP_ID


def _set_window_icon() -> None:
    # the desktop entry's icon; a window without it is still a window
    with contextlib.suppress(pygame.error, OSError):
        pygame.display.set_icon(
            pygame.image.load(str(SPRITES_DIR / "app" / "crowsnest-arcade-48.png"))
        )


def _make_audio(volume: float, muted: bool) -> Audio | SilentAudio:
    try:
        from .audio import Audio  # late: a missing sound module leaves the game silent

        return Audio(volume, muted)
    except Exception as e:  # noqa: BLE001 - no sound device or module: play silent
        log.info("sound is off: the sound module could not be loaded (%s)", e)
        return SilentAudio(volume, muted, str(e))


def _autosave_path(config_path: Any) -> Path | None:
    if config_path is None:
        return None
    return autosave_path(config_path)


def main(argv_config: Any = None) -> int:
    """Open the window and run until the player quits. `argv_config` is a config path
    (from --config), a loaded config object, or None for the default file."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    store = PrefsStore(argv_config)
    try:
        app = App(store)
    except pygame.error as e:
        print(NO_DISPLAY.format(why=str(e) or "pygame could not open a window"), file=sys.stderr)
        return 2
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if (
        driver in ("dummy", "offscreen")
        and asked != driver
        and os.environ.get("CROWSNEST_ALLOW_HEADLESS") != "1"
    ):
        # SDL fell back to an invisible driver by itself: there is no display
        app.close()
        print(NO_DISPLAY.format(why=f"SDL found only the {driver} video driver"), file=sys.stderr)
        return 2
    if app.save_path is None:  # the default config, or a config file that did not load
        app.save_path = autosave_path(getattr(argv_config, "path", argv_config))
    app.catch_errors = True
    app.stack.push(app.scene("title"))
    app.step(0.0)
    if os.environ.get("CROWSNEST_FIRST_FRAME_ONLY"):  # tools/bench_client.py: time to first frame
        print(f"first_frame {time.time():.6f}", flush=True)
        app.close()
        return 0
    try:
        app.run()
    finally:
        app.close()
    return 0
