"""New-game set-up: any registered variant, its seat count, who sits where (human or
AI and level, with names) and the variant's rule options; remembered in the config."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from crowsnest.ai.runner import level_order, playable_level
from crowsnest.config import Config
from crowsnest.engine import OptionError
from crowsnest.i18n import N_, _, pgettext, variant_text
from crowsnest.records.savefile import Seat
from crowsnest.records.seats import display_name, is_default_name, mirror_compass, seat_names

from ..prefs import SeatPrefs
from ..session import LocalGame, SeatSetup
from ..widgets import Button
from ..words import Words
from .common import ConfirmScene, FormScene, Row, level_word

NAME_SUGGESTIONS = (
    "You",
    "West",
    "North",
    "East",
    "South",
    "Ada",
    "Ben",
    "Cleo",
    "Dev",
    "Elif",
    "Finn",
    "Gran",
    "Grandad",
    "Hana",
    "Ivo",
    "Juno",
    "Kai",
    "Lena",
    "Mum",
    "Dad",
    "Nico",
    "Omar",
    "Pia",
    "Rosa",
    "Sam",
    "Tom",
    "Uma",
    "Vic",
    "Wen",
    "Zoe",
)


def levels_of(variant: Any) -> list[str]:
    return level_order(variant.ais)  # weakest first, plugin levels after


def _opt_note(variant: Any, opt: Any) -> str:
    """A house rule's help line, in the game's words."""
    return variant_text(variant, opt.help) if opt.help else ""


class _NoTable:
    """What Words needs of a session, before there is one: the variant (its
    presentation and catalog); seats are named by number."""

    def __init__(self, variant: Any) -> None:
        self.variant = variant
        self.names: list[str] = []
        self.match = None

    def side_names(self) -> list[str]:
        return []


class SetupScene(FormScene):
    title = N_("New game")

    def __init__(self, table: Any = None, leaving: Any = None) -> None:
        super().__init__()
        # opened from a game's pause menu: Back returns to it; Start ends it (closes its
        # session, `leaving`) before the new one begins
        self.leaving = leaving
        # an online table's set-up (scenes/online.py, HostRules): its own rows after the
        # house rules, its title and button, and what Start does
        self.table = table
        if table is not None:
            self.title = table.title

    def on_push(self) -> None:
        reg = self.app.registry
        self.variants = sorted(
            reg.variants.values(), key=lambda v: (v.id != Config.variant, v.name.lower())
        )
        p = self.app.prefs
        ids = [v.id for v in self.variants]
        self.vi = ids.index(p.variant) if p.variant in ids else 0
        self.players: list[SeatPrefs] = []
        self._names_clockwise = True  # compass names are remembered as for clockwise play
        self.options: dict[str, dict[str, Any]] = {k: dict(v) for k, v in p.options.items()}
        self.quick: dict[str, bool] = {}  # per game: the quick match chosen (see _quick_on)
        if self.variants:
            v = self.variants[self.vi]
            n = len(p.players) if len(p.players) in v.seats else v.default_seats
            self.players = p.seat_prefs(n)
        self.buttons = [
            Button(pgettext("start the game", "Start"), self.start),
            Button(_("Back"), self.close),
        ]
        if self.table is not None:
            self.buttons[0].label = self.table.button()
        super().on_push()
        if not self.variants:
            self.message = _("No game is available: every plugin failed to load (see Plugins).")
            self.buttons[0].enabled = False

    @property
    def variant(self) -> Any:
        return self.variants[self.vi]

    def build(self) -> None:
        rows: list[Row] = []
        if not self.variants:
            self.rows = rows
            return
        v = self.variant
        rows.append(Row(_("Game"), lambda: variant_text(v, v.name), self._change_variant))
        if len(v.seats) > 1:
            rows.append(Row(_("Players"), lambda: str(len(self.players)), self._change_seats))
        if v.description:
            # a heading row is one line: a long description takes as many as it needs
            ui = self.app.ui
            width = min(self.size[0] - self.app.ui(60), ui(900)) - ui(24)
            for line in self.app.text.wrap(variant_text(v, v.description), ui(21), width, True):
                rows.append(Row(line, lambda: "", heading=True))
        cw = v.clockwise
        rows.append(
            Row(
                _("Seats in turn order: seat 1 at the bottom, seat 2 on its left")
                if cw
                else _("Seats in turn order: seat 1 at the bottom, seat 2 on its right"),
                lambda: "",
                heading=True,
            )
        )
        lv = levels_of(v)
        if cw != self._names_clockwise:  # a compass name says where the seat is drawn
            for sp in self.players:
                sp.name = mirror_compass(sp.name)
            self._names_clockwise = cw
        for i, sp in enumerate(self.players):
            rows.append(
                Row(
                    _("Seat {number} name").format(number=i + 1),
                    partial(self._shown_name, sp),
                    partial(self._suggest, sp),
                    edit=partial(self._edit, sp),
                )
            )
            rows.append(
                Row(
                    _("Seat {number} is").format(number=i + 1),
                    partial(self._who, sp),
                    partial(self._change_kind, sp, levels=lv),
                )
            )
        if self._quick_offer() is not None:
            rows.append(
                Row(
                    _("Match length"),
                    self._quick_text,
                    lambda d: self.quick.__setitem__(v.id, not self._quick_on()),
                    note=lambda: _("A quick match is shorter: good for a first game."),
                )
            )
        if v.options:
            rows.append(Row(_("House rules"), lambda: "", heading=True))
            for opt in v.options:
                rows.append(
                    Row(
                        variant_text(v, opt.label) or opt.key,
                        partial(self._opt_text, opt),
                        partial(self._change_opt, opt),
                        note=partial(_opt_note, v, opt),
                        off=partial(self._opt_off, opt),
                    )
                )
        if self.table is not None:
            self.table.players = self.players
            rows += self.table.rows(self.app)
        if self.rows and len(self.rows) != len(rows):
            self.scroll = 0
        self.rows = rows

    # ------------------------------------------------------------ values

    def _who(self, sp: SeatPrefs) -> str:
        if sp.kind == "human":
            return _("Human")
        level, missing = playable_level(self.variant, sp.level)
        if missing is not None:  # a level from the config this game does not have
            return _("Computer ({level}: there is no '{missing}' here)").format(
                level=level_word(level), missing=sp.level
            )
        return _("Computer ({level})").format(level=level_word(level))

    def _shown_name(self, sp: SeatPrefs) -> str:
        """The name the table will show for this seat: a default name is the table's own
        compass name ("Northeast" at a table of six, never "Fifth")."""
        cw = self._names_clockwise
        seats = [
            Seat(p.kind, p.level, p.name if cw else mirror_compass(p.name)) for p in self.players
        ]
        keys = seat_names(
            seats, self.variant.clockwise if self.variants else True, self.app.prefs.look.names
        )
        i = next(k for k, p in enumerate(self.players) if p is sp)
        return display_name(keys[i])

    def _edit(self, sp: SeatPrefs, t: str) -> None:
        # The name as typed. Left as shown, a default name stays the default (the key
        # "West", shown in the player's language); emptied, the seat gets its default.
        t = t.strip()[:16]
        if t != self._shown_name(sp):
            sp.name = t

    def _suggest(self, sp: SeatPrefs, d: int) -> None:
        """Left/right (or < and > with the mouse) step through ready-made names, so a
        player without a keyboard can still name the seats; names other seats use are
        skipped."""
        taken = {p.name for p in self.players if p is not sp}
        human = sp.kind == "human"
        # a computer's default names ("You", the compass) all show its own name: one
        # choice, "" (it goes back to its portrait's name), instead of five alike
        choices = [""] if not human else []
        choices += [n for n in NAME_SUGGESTIONS if n not in taken]
        if not human:
            choices = [n for n in choices if not n or not is_default_name(n, False)]
        if not choices:
            return
        cur = "" if not human and is_default_name(sp.name, False) else sp.name
        i = choices.index(cur) if cur in choices else (-1 if d > 0 else 0)
        sp.name = choices[(i + d) % len(choices)]

    def _change_variant(self, d: int) -> None:
        self.vi = (self.vi + d) % len(self.variants)
        v = self.variant
        n = len(self.players) if len(self.players) in v.seats else v.default_seats
        self._resize_players(n)

    def _change_seats(self, d: int) -> None:
        seats = sorted(self.variant.seats)
        i = seats.index(len(self.players)) if len(self.players) in seats else 0
        self._resize_players(seats[(i + d) % len(seats)])

    def _resize_players(self, n: int) -> None:
        base = self.app.prefs.seat_prefs(n)[len(self.players) :]
        if not self._names_clockwise:
            for sp in base:
                sp.name = mirror_compass(sp.name)
        self.players = (self.players + base)[:n]

    def _change_kind(self, sp: SeatPrefs, d: int, levels: list[str]) -> None:
        choices = [("human", "")] + [("ai", lv) for lv in levels]
        cur = ("human", "") if sp.kind == "human" else ("ai", sp.level)
        i = choices.index(cur) if cur in choices else 0
        sp.kind, lvl = choices[(i + d) % len(choices)]
        if lvl:
            sp.level = lvl

    def _opt_value(self, opt: Any) -> Any:
        return self.options.get(self.variant.id, {}).get(opt.key, opt.default)

    def _words(self) -> Words:
        """The game's words (its presentation, its catalog) for the house rules."""
        v = self.variant
        if getattr(self, "_words_for", None) is not v:
            self._words_cache = Words(_NoTable(v), lambda: 0)  # type: ignore[arg-type]
            self._words_for = v
        return self._words_cache

    def _opt_values(self) -> dict[str, Any]:
        v = self.variant
        mine = self.options.get(v.id, {})
        return {o.key: mine.get(o.key, o.default) for o in v.options}

    # ------------------------------------------------------------ quick match

    def _quick_offer(self) -> Any:
        """The game's shorter match with the house rules as set, or None."""
        try:
            return self._words().game.quick_match(self._opt_values())
        except Exception:  # noqa: BLE001 - a plugin's words must not stop the set-up
            return None

    def _quick_on(self) -> bool:
        """Quick unless chosen otherwise, as long as this game has no finished match in
        the records (a first game); full after that."""
        vid = self.variant.id
        if vid not in self.quick:
            db = self.app.db
            try:
                played = bool(db.match_rows(vid)) if db is not None else True
            except Exception:  # noqa: BLE001 - unreadable records: offer the full match
                played = True
            self.quick[vid] = not played
        return self.quick[vid]

    def _quick_text(self) -> str:
        got = self._quick_offer()
        if got is None:
            return ""
        _opts, quick, full = got
        words = self._words()
        if self._quick_on():
            return _("Quick: {length}").format(length=words(quick))
        return _("Full: {length}").format(length=words(full))

    def _with_quick(self, opts: Any) -> Any:
        got = self._quick_offer()
        if got is None or not self._quick_on():
            return opts
        return {**dict(opts), **dict(got[0])}

    def _opt_text(self, opt: Any) -> str:
        """The value as a player says it: the game's words first ("no limit")."""
        val = self._opt_value(opt)
        words = self._words()
        said = words.game.option_value(opt.key, val, self._opt_values())
        if said is not None:
            return words(said)
        if opt.kind == "bool":
            return _("On") if val else _("Off")
        if opt.kind == "choice":
            return variant_text(self.variant, str(val)).replace("_", " ")
        return str(val)

    def _opt_off(self, opt: Any) -> str:
        words = self._words()
        why = words.game.option_note(opt.key, self._opt_values())
        return words(why) if why is not None else ""

    def _change_opt(self, opt: Any, d: int) -> None:
        val = self._opt_value(opt)
        if opt.kind == "bool":
            val = not val
        elif opt.kind == "int":
            val = val + d * (opt.step or 1)
            if opt.minimum is not None and val < opt.minimum:
                val = opt.maximum if opt.maximum is not None else opt.minimum
            if opt.maximum is not None and val > opt.maximum:
                val = opt.minimum if opt.minimum is not None else opt.maximum
        elif opt.kind == "choice" and opt.choices:
            i = opt.choices.index(val) if val in opt.choices else 0
            val = opt.choices[(i + d) % len(opt.choices)]
        mine = self.options.setdefault(self.variant.id, {})
        if val == opt.default:
            mine.pop(opt.key, None)
        else:
            mine[opt.key] = val

    # ------------------------------------------------------------ start

    def start(self) -> None:
        v = self.variant
        try:
            opts = v.resolve_options(self._with_quick(self.options.get(v.id, {})))
        except OptionError as e:
            self.message = str(e)
            return
        if self.table is not None:  # online: no local game is replaced
            self._remember()
            self.table.start(self.app, v, opts, self.players)
            return
        if self._would_replace_a_saved_game():
            self.app.stack.push(
                ConfirmScene(
                    _("Start a new game? The saved game in progress will be replaced."),
                    _("Start new game"),
                    lambda: self._start(v, opts),
                )
            )
            return
        self._start(v, opts)

    def _would_replace_a_saved_game(self) -> bool:
        """A game in progress is autosaved: a new game would overwrite it."""
        path = self.app.save_path
        if path is None:
            return False
        self.app.flush_saves()
        if not path.exists():
            return False
        try:
            return not self.app.load_saved().match.over
        except Exception:  # noqa: BLE001 - a save that cannot be continued is not lost by this
            return False

    def _remember(self) -> None:
        p = self.app.prefs
        cw = self._names_clockwise
        p.variant = self.variant.id
        p.players = [
            SeatPrefs(sp.kind, sp.level, sp.name if cw else mirror_compass(sp.name))
            for sp in self.players
        ]
        p.options = self.options
        self.app.save_prefs()

    def _start(self, v: Any, opts: Any) -> None:
        self._remember()
        p = self.app.prefs
        # the session mirrors compass names itself for counter-clockwise play; a level
        # this game lacks plays the fallback the seat row showed
        seats = [
            SeatSetup(s.kind, playable_level(v, s.level)[0], s.name.strip()) for s in p.players
        ]
        session = LocalGame(
            v,
            seats,
            dict(opts),
            seed=random.randrange(1 << 30),
            computer_names=p.look.names,
        )
        if self.leaving is not None:
            self.leaving.close()
        self.app.stack.replace(self.app.scene("table", session))
