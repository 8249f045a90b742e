"""The title screen: the way into everything else."""

from __future__ import annotations

import pygame

from ..widgets import MUTED
from .common import MenuScene, draw_footer


class TitleScene(MenuScene):
    title = "CrowsNest Arcade"
    subtitle = "Card games around one table"

    def on_push(self) -> None:
        self.set_items(
            [
                ("New game", self.new_game),
                ("Rules", self.rules),
                ("Settings", self.settings),
                ("Plugins", self.plugins),
                ("Quit", self.app.quit),
            ]
        )

    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.stack.push(SetupScene())

    def rules(self) -> None:
        from .info import RulesScene

        self.app.stack.push(RulesScene(self.app.prefs.variant))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.stack.push(SettingsScene())

    def plugins(self) -> None:
        from .info import PluginsScene

        self.app.stack.push(PluginsScene())

    def on_back(self) -> None:
        pass  # Escape on the title does not quit by accident; "Quit" does

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.app.notice:
            draw_footer(self, surface, self.app.notice)
            return
        ui = self.app.ui
        W, H = surface.get_size()
        self.app.text.draw(
            surface,
            "Arrow keys and Enter, or the mouse.  F1 rules, F11 fullscreen.",
            ui(18),
            (W // 2, H - ui(24)),
            MUTED,
            False,
            "center",
        )
