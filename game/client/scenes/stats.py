"""The Statistics screen: one player's figures in one game (crowsnest.records.stats), with the
win rate's trend drawn as a plot. Up/down choose the player or game row, left/right
change it."""

from __future__ import annotations

import threading
from typing import Any

import pygame
from crowsnest.i18n import N_, _, ngettext
from crowsnest.records.seats import display_name
from crowsnest.records.stats import player_stats

from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import GOLD, INK, MUTED, RED, Button, panel

WIN = (120, 200, 120)
# the opponents' strongest level, as the figures name it
LEVEL_WORDS = {
    "random": N_("random play"),
    "easy": N_("easy AI"),
    "normal": N_("normal AI"),
    "hard": N_("hard AI"),
    "human": N_("people"),
}


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def figures(r: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) lines of one player's figures in one game."""
    streak = r["streak"]
    n = streak["length"]
    if not n:
        cur = "-"
    elif streak["kind"] == "won":
        cur = ngettext("{n} match won", "{n} matches won", n).format(n=n)
    else:
        cur = ngettext("{n} match lost", "{n} matches lost", n).format(n=n)
    best = r.get("best_deal")
    rows = [
        (_("Deals played"), str(r["deals"])),
        (_("Deals won"), str(r["deals_won"])),
        (_("Contracts made"), str(r["bids_made"])),
        (_("Contracts set"), str(r["bids_set"])),
        (_("Best deal"), "-" if best is None else f"{best:+}"),
        (_("Matches played"), str(r["matches"])),
    ]
    if r.get("in_progress"):
        rows.append((_("Matches in progress"), str(r["in_progress"])))
    if r.get("online"):  # marked: the matches played at online tables
        rows.append(
            (
                _("Online matches"),
                _("{wins} of {matches} won").format(wins=r["online_wins"], matches=r["online"]),
            )
        )
    rows += [
        (_("Matches won"), f"{r['wins']} ({_pct(r['win_rate'])})"),
        (_("Best final score"), "-" if r["best_score"] is None else str(r["best_score"])),
        (_("Average final score"), "-" if r["average_score"] is None else str(r["average_score"])),
        (_("Current streak"), cur),
        (_("Longest winning streak"), str(r["longest_win_streak"])),
        (_("Longest losing streak"), str(r["longest_losing_streak"])),
    ]
    for level, v in sorted(r["by_opponent_level"].items()):
        rows.append(
            (
                _("Against {level}").format(level=_(LEVEL_WORDS.get(level, level))),
                _("{wins} of {matches} won").format(wins=v["wins"], matches=v["matches"]),
            )
        )
    return rows


class StatsScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, Any]] = []
        self.players: list[str] = []
        self.player = 0
        self.game = 0
        self.focus = 0  # 0: the player row, 1: the game row
        self.back = Button(_("Back"))
        self.message = ""
        self.loading = False  # the figures are being read (a thread)

    def on_push(self) -> None:
        db = self.app.db
        if db is None:
            self.message = _("Statistics need a settings file (none in use)")
            return
        # the figures are read off the render loop: a long history must not freeze the
        # window (the thread opens its own connection: sqlite3's are per thread)
        self.loading = True
        self.message = _("Reading the statistics...")
        self._worker = threading.Thread(target=self._read, args=(db,), daemon=True)
        self._worker.start()

    def _read(self, db: Any) -> None:

        rows: list[dict[str, Any]] = []
        problems: list[str] = []
        try:
            with db.reader() as r:
                rows = player_stats(r)
                problems = list(r.problems)
        except Exception as e:  # noqa: BLE001 - figures that cannot be read say why
            problems = [str(e)]
        self._result = (rows, problems)

    def update(self, dt: float) -> None:
        got = getattr(self, "_result", None)
        if got is None or not self.loading:
            return
        self.loading = False
        self.rows, problems = got
        self.message = (
            ngettext(
                "{count} record could not be read and was left out",
                "{count} records could not be read and were left out",
                len(problems),
            ).format(count=len(problems))
            if problems
            else ""
        )
        seen: dict[str, None] = {}
        for r in self.rows:
            seen.setdefault(r["player"], None)
        # the player who played most first
        self.players = sorted(
            seen, key=lambda n: -sum(r["matches"] * 1000 + r["deals"] for r in self.games_of(n))
        )

    def games_of(self, name: str) -> list[dict[str, Any]]:
        return sorted(
            (r for r in self.rows if r["player"] == name),
            key=lambda r: (-r["matches"], -r["deals"]),
        )

    @property
    def current(self) -> dict[str, Any] | None:
        if not self.players:
            return None
        games = self.games_of(self.players[self.player])
        return games[self.game % len(games)] if games else None

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if a in (Act.BACK, Act.MENU, Act.ALT_CLICK, Act.CONFIRM):
            self.close()
        elif a in (Act.UP, Act.DOWN):
            self.focus = 1 - self.focus
        elif a in (Act.LEFT, Act.RIGHT) and self.players:
            d = 1 if a is Act.RIGHT else -1
            if self.focus == 0:
                self.player = (self.player + d) % len(self.players)
                self.game = 0
            else:
                self.game = (self.game + d) % max(1, len(self.games_of(self.players[self.player])))
        elif a is Act.CLICK and ev.pos is not None:
            if self.back.rect.collidepoint(ev.pos):
                self.close()
            for i, (left, right) in enumerate(getattr(self, "arrows", [])):
                if left.collidepoint(ev.pos) or right.collidepoint(ev.pos):
                    self.focus = i
                    self.process_event(
                        InputEvent(Act.LEFT if left.collidepoint(ev.pos) else Act.RIGHT)
                    )
        return None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            self.back.rect = pygame.Rect(0, 0, ui(200), ui(48))
            self.back.rect.midbottom = (size[0] // 2, size[1] - ui(20))

    # ---- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        text.draw(surface, _("Statistics"), ui(44), (W // 2, ui(50)), GOLD, True, "center")
        r = self.current
        self.arrows: list[tuple[pygame.Rect, pygame.Rect]] = []
        if r is None:
            msg = self.message or _(
                "No finished deals yet. Every deal you finish in the window is counted here."
            )
            text.draw(surface, msg, ui(20), (W // 2, H // 2), MUTED, False, "center")
            self.back.draw(surface, text, ui(22), True)
            return
        width = min(W - ui(40), ui(1100))
        x0 = W // 2 - width // 2
        games = self.games_of(self.players[self.player])
        pickers = [
            (_("Player"), display_name(r["player"]), len(self.players)),
            (_("Game"), r["variant_name"], len(games)),
        ]
        y = ui(96)
        for i, (label, value, n) in enumerate(pickers):
            row = pygame.Rect(x0, y, width, ui(38))
            if i == self.focus:
                pygame.draw.rect(surface, (70, 100, 86), row, border_radius=6)
                pygame.draw.rect(surface, GOLD, row, 2, border_radius=6)
            text.draw(
                surface, label, ui(20), (row.left + ui(12), row.centery), INK, False, "midleft"
            )
            left = pygame.Rect(row.left + width * 35 // 100, row.top, ui(36), row.height)
            right = pygame.Rect(row.right - ui(40), row.top, ui(36), row.height)
            self.arrows.append((left, right))
            if n > 1:
                text.draw(surface, "<", ui(24), left.center, GOLD, True, "center")
                text.draw(surface, ">", ui(24), right.center, GOLD, True, "center")
            mid = (left.right + right.left) // 2
            text.draw(surface, value, ui(20), (mid, row.centery), INK, True, "center")
            y += ui(42)
        top = y + ui(10)
        bottom = self.back.rect.top - ui(16)
        # figures on the left, the plot on the right (below each other when narrow)
        lines = figures(r)
        line_h = max(ui(22), 16)
        side_by_side = width >= ui(800)
        fig_w = width * 45 // 100 if side_by_side else width
        fig_h = min(bottom - top, len(lines) * line_h + ui(24))
        if not side_by_side:
            fig_h = min(fig_h, (bottom - top) // 2)
        fig = pygame.Rect(x0, top, fig_w, fig_h)
        panel(surface, fig)
        fy = fig.top + ui(12)
        for label, value in lines:
            if fy + line_h > fig.bottom - ui(6):
                break
            text.draw(surface, label, ui(18), (fig.left + ui(14), fy), MUTED)
            text.draw(surface, value, ui(18), (fig.right - ui(14), fy), INK, True, "topright")
            fy += line_h
        if side_by_side:
            plot = pygame.Rect(fig.right + ui(20), top, width - fig_w - ui(20), fig_h)
        else:
            plot = pygame.Rect(x0, fig.bottom + ui(12), width, bottom - fig.bottom - ui(12))
        self.draw_plot(surface, plot, r)
        self.back.draw(surface, text, ui(22), False)
        hint = _("Up/down: player or game; left/right: change; Enter or Escape: back")
        text.draw(
            surface,
            text.fit(hint, ui(15), W - ui(40)),
            ui(15),
            (W // 2, self.back.rect.top - ui(8)),
            MUTED,
            False,
            "midbottom",
        )

    def draw_plot(self, surface: pygame.Surface, box: pygame.Rect, r: dict[str, Any]) -> None:
        """The win rate after each match (a line) over the results (a strip of W/L marks)."""
        ui, text = self.app.ui, self.app.text
        panel(surface, box)
        text.draw(
            surface, _("Win rate, match by match"), ui(18), (box.centerx, box.top + ui(8)), GOLD,
            True, "midtop",
        )  # fmt: skip
        area = pygame.Rect(
            box.left + ui(56), box.top + ui(40), box.width - ui(76), box.height - ui(90)
        )
        if area.height < ui(40) or area.width < ui(60):
            return
        for frac in (0.0, 0.5, 1.0):
            yy = area.bottom - round(frac * area.height)
            pygame.draw.line(surface, (70, 90, 80), (area.left, yy), (area.right, yy), 1)
            text.draw(
                surface, _pct(frac), ui(15), (area.left - ui(8), yy), MUTED, False, "midright"
            )
        trend: list[float] = r["trend"]
        n = len(trend)
        if not n:  # deals counted, no match finished yet: say when the line begins
            msg = _("The line starts when your first match is finished.")
            for i, ln in enumerate(text.wrap(msg, ui(17), area.width)[:3]):
                at = (area.centerx, area.centery - ui(30) + i * ui(22))
                text.draw(surface, ln, ui(17), at, MUTED, False, "center")
            return

        def x_of(i: int) -> int:
            return area.left + (round(i * area.width / (n - 1)) if n > 1 else area.width // 2)

        pts = [(x_of(i), area.bottom - round(v * area.height)) for i, v in enumerate(trend)]
        if len(pts) > 1:
            pygame.draw.lines(surface, GOLD, False, pts, max(2, ui(3)))
        for p in pts:
            pygame.draw.circle(surface, GOLD, p, max(3, ui(4)))
        # the results under the plot: a mark per match, green won, red lost
        strip_y = area.bottom + ui(18)
        for i, res in enumerate(r["results"]):
            colour = WIN if res == "W" else RED
            pygame.draw.circle(surface, colour, (x_of(i), strip_y), max(3, ui(5)))
        text.draw(
            surface,
            ngettext(
                "{n} match: green won, red lost", "{n} matches: green won, red lost", n
            ).format(n=n),
            ui(15),
            (box.centerx, box.bottom - ui(6)),
            MUTED,
            False,
            "midbottom",
        )
