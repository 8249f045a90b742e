"""The scene stack (modelled on Tuxemon's tuxemon/state.py).

Lifecycle of a Scene, in the order the stack calls it:

  on_push()          once, when pushed (the stack and app are set)
  resume()           whenever it becomes the top scene (after on_push, and after the
                     scene above it is popped)
  pause()            when another scene is pushed above it
  process_event(ev)  input, top scene first: return None to consume the event, or the
                     event (possibly changed) to pass it to the scene below. A modal
                     scene consumes everything; a transparent overlay may pass through.
  update(dt)         every frame, every scene in the stack (bottom to top) unless
                     `update_below` of a higher scene is False; dt in seconds
  draw(surface)      pure: draws the current state, changes nothing. The stack draws
                     from the topmost opaque scene up, so overlays (transparent=True)
                     show the scene beneath them and an opaque scene hides it completely
                     (the hot-seat privacy screen relies on this: nothing beneath it is
                     drawn at all)
  on_pop()           once, when removed
  resize(size)       the window size changed (also called before the first draw)
  language_changed() the player chose another language (crowsnest.i18n): text that was
                     translated and laid out ahead of drawing is made again; by
                     default the scene is laid out again (resize)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import pygame

from .input import Act, InputEvent

if TYPE_CHECKING:  # types only; none of these modules imports a scene (no circle)
    from crowsnest.engine import Action
    from crowsnest.plugin_host import Registry
    from crowsnest.records.savefile import Loaded
    from crowsnest.records.store import Slot, Store

    from .assets import Assets
    from .audio import Audio
    from .hosting import HostedServer
    from .input import InputMap
    from .prefs import Prefs
    from .silent_audio import SilentAudio
    from .widgets import TextCache

# Every screen, by name: crowsnest.client.app is the one place that knows them, and
# App.scene() the one way to open one, so screens do not import one another (a table's
# own sheets, the overlays, belong to the table and are pushed by it).
SceneName = Literal[
    "title",
    "setup",
    "saves",
    "stats",
    "settings",
    "look",
    "rules",
    "plugins",
    "coach",
    "howto",
    "table",
    "online",
    "chat",
    "seats",
    "code",
    "rejoin",
]


class Voice(Protocol):
    """What scenes ask of the window's speech (crowsnest.client.narrator.Narrator; that
    module imports the scenes, so it is named here by what it does)."""

    def say(self, text: str, interrupt: bool = False) -> None: ...
    def voice_status(self) -> str: ...
    def backend_changed(self) -> None: ...
    def hold(self, dt: float) -> bool: ...
    def answer(self, act: Act, app: Any) -> bool: ...
    def on_events(self, table: Any, seat: int, action: Action, tes: list[Any]) -> None: ...


class Coaching(Protocol):
    """What scenes reset of the first-game coach (crowsnest.client.coach.Coach, which
    imports the table scene)."""

    spoken: set[tuple[int, int, str]]
    deals_here: Counter[str]


class Window(Protocol):
    """What a scene may use of the window, crowsnest.client.app.App (which imports every
    screen, so a scene names it by this protocol; the App is checked against it where it
    hands itself to its SceneStack)."""

    stack: SceneStack
    prefs: Prefs
    size: tuple[int, int]
    display_size: tuple[int, int] | None
    assets: Assets
    audio: Audio | SilentAudio
    text: TextCache
    input: InputMap
    notice: str | None
    hosting: HostedServer | None
    save_path: Path | None
    clock_s: float

    # read-only here, so the App's own classes fit (the protocols name what scenes use)
    @property
    def coach(self) -> Coaching: ...
    @property
    def narrator(self) -> Voice: ...
    @property
    def registry(self) -> Registry: ...
    @property
    def db(self) -> Store | None: ...

    def ui(self, px: float) -> int: ...
    def scene(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene: ...
    def save_prefs(self) -> None: ...
    def set_language(self, code: str) -> None: ...
    def set_mode(self) -> None: ...
    def apply_looks(self) -> None: ...
    def reload_registry(self) -> None: ...
    def load_saved(self, slot: Slot | None = None) -> Loaded: ...
    def continue_match(self, got: Loaded, slot: str | None = None) -> None: ...
    def flush_saves(self) -> str | None: ...
    def quit(self) -> None: ...
    def close(self) -> None: ...


class Scene:
    transparent = False  # draw the scene below first (a modal overlay)
    update_below = True  # let scenes below keep updating (animations run under a menu)

    # The window, set by the stack on push; None until then (a scene is used once pushed).
    app: Window = None  # type: ignore[assignment]

    def __init__(self) -> None:
        self.size: tuple[int, int] = (0, 0)

    def on_push(self) -> None: ...
    def on_pop(self) -> None: ...
    def resume(self) -> None: ...
    def pause(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def language_changed(self) -> None:
        self.resize(self.size)

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        return ev

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def close(self) -> None:
        self.app.stack.remove(self)


class SceneStack:
    def __init__(self, app: Window) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self.size: tuple[int, int] = (0, 0)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def find(self, kind: type) -> Any:
        """The topmost scene of this class, or None."""
        for s in reversed(self.scenes):
            if isinstance(s, kind):
                return s
        return None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        scene.app = self.app
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.on_push()
        if self.top is scene:
            scene.resume()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        return self.remove(self.scenes[-1])

    def remove(self, scene: Scene) -> Scene | None:
        if scene not in self.scenes:
            return None
        was_top = scene is self.scenes[-1]
        self.scenes.remove(scene)
        scene.on_pop()
        if was_top and self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Pop everything and push `scene` (title -> table -> title)."""
        while self.scenes:
            self.pop()
        return self.push(scene)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for s in self.scenes:
            s.resize(size)

    def language_changed(self) -> None:
        for s in list(self.scenes):
            s.language_changed()

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        for scene in reversed(list(self.scenes)):
            out = scene.process_event(ev)
            if out is None:
                return None
            ev = out
        return ev

    def update(self, dt: float) -> None:
        scenes = list(self.scenes)
        start = 0
        for i in range(len(scenes) - 1, -1, -1):
            if not scenes[i].update_below:
                start = i
                break
        for s in scenes[start:]:
            if s in self.scenes:
                s.update(dt)

    def visible(self) -> list[Scene]:
        """Scenes drawn this frame: from the topmost opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for s in self.visible():
            s.draw(surface)
