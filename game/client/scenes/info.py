"""Reading screens: the rules of each variant (the text its plugin supplies) and the
plugin list (what loaded, what failed and why; enable and disable)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from crowsnest import i18n
from crowsnest.config import Config
from crowsnest.i18n import N_, _, ngettext

from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import GOLD, INK, MUTED, RED, Button, panel
from .common import FormScene, Row, level_word


def reflow(text: str) -> str:
    """Join the hard-wrapped lines of each paragraph (rule texts are written at ~80
    columns) so the window wraps them to its own width; keep blank lines, headings and
    list items on lines of their own."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        starts_block = not stripped or stripped[0] in "#-*|" or stripped[:2].rstrip(".").isdigit()
        if out and out[-1] and not starts_block and not out[-1].startswith("#"):
            out[-1] += " " + stripped
        else:
            out.append(stripped)
    return "\n".join(out)


def registers(variants: tuple[str, ...], ais: tuple[str, ...], registry: Any = None) -> str:
    """What a plugin added, as the plugin screen's line under its name: every game by
    the name it shows (ids only for a game the registry lacks), each game's AI levels
    in the player's words ("Rook for 2: easy, hard")."""

    def game(vid: str) -> str:
        v = registry.variants.get(vid) if registry is not None else None
        return i18n.variant_text(v, v.name) if v is not None else vid

    by_game: dict[str, list[str]] = {}
    for ai in ais:
        vid, _sep, level = ai.partition(":")
        by_game.setdefault(vid, []).append(level_word(level) if level else vid)
    # TRANSLATORS: a game and its AI levels, in the plugin screen ("Tractor: easy, hard")
    levels = "; ".join(
        _("{game}: {levels}").format(game=game(g), levels=", ".join(ls))
        for g, ls in by_game.items()
    )
    games = ", ".join(game(v) for v in variants)
    if not variants:
        return (
            _("registers no games, AIs: {ais}").format(ais=levels)
            if ais
            else _("registers nothing")
        )
    if not ais:
        return ngettext(
            "registers the game {games}", "registers the games {games}", len(variants)
        ).format(games=games)
    return ngettext(
        "registers the game {games}; AIs: {ais}",
        "registers the games {games}; AIs: {ais}",
        len(variants),
    ).format(games=games, ais=levels)


class RulesScene(Scene):
    """Scrollable rules text; left/right switch variant."""

    def __init__(self, variant_id: str | None = None) -> None:
        super().__init__()
        self.variant_id = variant_id
        self.scroll = 0
        self.lines: list[str] = []
        self.back = Button(_("Back"))

    def on_push(self) -> None:
        vs = sorted(
            self.app.registry.variants.values(),
            key=lambda v: (v.id != Config.variant, v.name.lower()),
        )
        self.variants = vs
        ids = [v.id for v in vs]
        self.index = ids.index(self.variant_id) if self.variant_id in ids else 0
        self._wrap()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            self.back.rect = pygame.Rect(0, 0, ui(200), ui(48))
            self.back.rect.midbottom = (size[0] // 2, size[1] - ui(20))
            if hasattr(self, "variants"):
                self._wrap()

    def _wrap(self) -> None:
        ui = self.app.ui
        self.width = min(self.size[0] - ui(80), ui(980))
        if not self.variants:
            self.lines = [_("No game is loaded.")]
            return
        v = self.variants[self.index]
        body = reflow(
            i18n.rules_text(v).strip()
            or _("{game} has no rules text.").format(game=i18n.variant_text(v, v.name))
        )
        self.lines = self.app.text.wrap(body, ui(19), self.width - ui(40))
        self.scroll = 0

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        page = max(1, (self.size[1] - self.app.ui(220)) // self.app.ui(24))
        if a in (Act.BACK, Act.MENU, Act.RULES, Act.ALT_CLICK, Act.CONFIRM) or (
            a is Act.CLICK and ev.pos and self.back.rect.collidepoint(ev.pos)
        ):
            self.close()
        elif a is Act.UP or (a is Act.SCROLL and ev.index > 0):
            self.scroll = max(0, self.scroll - (1 if a is Act.UP else 3))
        elif a is Act.DOWN or (a is Act.SCROLL and ev.index < 0):
            self.scroll = min(
                max(0, len(self.lines) - page), self.scroll + (1 if a is Act.DOWN else 3)
            )
        elif a in (Act.LEFT, Act.RIGHT) and self.variants:
            self.index = (self.index + (1 if a is Act.RIGHT else -1)) % len(self.variants)
            self._wrap()
        elif a is Act.CLICK and ev.pos and ev.pos[1] < self.app.ui(90):
            # the arrows beside the title switch variant
            self.index = (self.index + (1 if ev.pos[0] > self.size[0] // 2 else -1)) % max(
                1, len(self.variants)
            )
            self._wrap()
        return None

    def language_changed(self) -> None:
        self.back.label = _("Back")
        self._wrap()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        if self.variants:
            v = self.variants[self.index]
            # TRANSLATORS: the rules screen's title; the arrows switch game
            title = _("<   {game} rules   >").format(game=i18n.variant_text(v, v.name))
        else:
            title = _("Rules")
        text.draw(surface, title, ui(36), (W // 2, ui(46)), GOLD, True, "center")
        text.draw(
            surface,
            _("left/right: other games   up/down or wheel: scroll"),
            ui(16),
            (W // 2, ui(80)),
            MUTED,
            False,
            "center",
        )
        box = pygame.Rect(W // 2 - self.width // 2, ui(100), self.width, H - ui(100) - ui(84))
        panel(surface, box)
        y = box.top + ui(14)
        lh = ui(24)
        for line in self.lines[self.scroll :]:
            if y + lh > box.bottom - ui(6):
                break
            heading = line.startswith("#")
            text.draw(
                surface,
                line.lstrip("# ") if heading else line,
                ui(19),
                (box.left + ui(20), y),
                GOLD if heading else INK,
                heading,
            )
            y += lh
        self.back.draw(surface, text, ui(22), True)


class PluginsScene(FormScene):
    """Every plugin: origin, version, what it registered, the reason for a failure;
    Enter (or a click) enables or disables it, saved to the config."""

    title = N_("Plugins")

    def on_push(self) -> None:
        self.buttons = [Button(_("Done"), self.close)]
        super().on_push()

    def build(self) -> None:
        reg = self.app.registry
        off = set(self.app.prefs.disabled_plugins)
        ui = self.app.ui
        indent = "    "
        # a heading row's width, less the indent: long lines wrap onto more rows
        room = min(self.size[0] - ui(60), ui(900)) - ui(40)
        room -= self.app.text.fonts(ui(21), True).size(indent)[0]

        def lines(sentence: str, colour: tuple[int, int, int] = GOLD) -> list[Row]:
            return [
                Row(indent + ln, lambda: "", heading=True, colour=colour)
                for ln in self.app.text.wrap(sentence, ui(21), room, True)
            ]

        rows: list[Row] = []
        for rec in sorted(reg.plugins, key=lambda r: (r.origin != "built-in", r.name)):
            enabled = rec.name not in off
            if rec.error and enabled:
                state = _("FAILED")
            else:
                state = _("enabled") if enabled else _("disabled")
            ver = f" {rec.version}" if rec.version else ""
            rows.append(
                Row(
                    f"{rec.name}{ver}  ({rec.origin})",
                    partial(str, state),
                    activate=partial(self._toggle, rec),
                )
            )
            if rec.error and enabled:
                rows += lines(rec.error, RED)  # the whole reason, wrapped
            else:
                rows += lines(registers(rec.variants, rec.ais, reg))
        if not rows:
            rows.append(Row(_("No plugin was found."), lambda: "", heading=True))
        self.rows = rows
        self.message = _("Enter or click toggles a plugin; changes apply to the next new game.")

    def _toggle(self, rec: object) -> None:
        p = self.app.prefs
        name = rec.name  # type: ignore[attr-defined]
        if name in p.disabled_plugins:
            p.disabled_plugins.remove(name)
        else:
            p.disabled_plugins.append(name)
        self.app.save_prefs()
        self.app.reload_registry()
