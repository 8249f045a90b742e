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

from collections.abc import Iterator
from typing import Any

import pygame

from .input import InputEvent


class Scene:
    transparent = False  # draw the scene below first (a modal overlay)
    update_below = True  # let scenes below keep updating (animations run under a menu)

    def __init__(self) -> None:
        # The App (crowsnest.client.app), set by the stack on push. Typed loosely on
        # purpose: the stack does not import the app (the app imports the stack).
        self.app: Any = None
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
    def __init__(self, app: Any) -> None:
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
