"""Online tables in the window: the way from a table's address and code to the table.

`ConnectingScene` holds a `Link` (client/online.py) while it says hello and takes its
place (create, join, resume or watch): it reads the link once a frame (the network is on
its own thread), and on the table's first snapshot it becomes the table scene over a
`RemoteGame`. A failure is a sentence in the player's language with a way back.
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import Any

import pygame
from crowsnest.ai.runner import playable_level
from crowsnest.i18n import N_, _, pgettext
from crowsnest.records.seats import display_name

from ..hosting import HostedServer, normal_address, shown_address
from ..input import Act, InputEvent
from ..online import (
    Link,
    Peek,
    SeatLinks,
    Ticket,
    drop_ticket,
    keep_ticket,
    load_tickets,
    tables_held,
    tickets_file,
)
from ..remote import RemoteGame, failure_sentence
from ..scene import Scene
from ..widgets import GOLD, INK, MUTED, RED, Button, Menu, panel, shade
from .common import ConfirmScene, FormScene, MenuScene, NameScene, Row


class ConnectingScene(Scene):
    """ "Connecting to ..." until the table's snapshot; then the table. With `host`, the
    window's own server is started first ("Starting the table's server...") and the
    link is made to it once it listens."""

    def __init__(
        self,
        link: Link | None,
        *,
        host: HostedServer | None = None,
        first: dict[str, Any] | None = None,
        name: str = "",
        then: Any = None,
        clock: Any = None,
        extra: int = 0,
        extra_names: tuple[str, ...] = (),
        others: tuple[Ticket, ...] = (),
        or_host: Any = None,
        seen_deals: int | None = None,
    ) -> None:
        super().__init__()
        self.link: Any = link
        self.or_host = or_host  # nothing answers at the link's address: host it here
        # more seats taken at this window (several players here): `extra` new ones,
        # or the seats of `others`, tickets this window holds at the same table
        self.extra = extra or len(others)
        self.extra_names = extra_names
        self.others = others
        self.seen_deals = seen_deals  # a rejoin: the finished deals its tickets saw
        self.variant = ""  # the table's game, once its snapshot said (for the tickets)
        self.seat_links: SeatLinks | None = None
        self.host, self.first, self.name, self.clock = host, first or {}, name, clock
        self.failed = ""
        self.then = then  # called with (table scene, game) once it is open
        self.table: Any = None
        self.menu = Menu([Button(_("Cancel"), "back")], self._press)
        self.t = 0.0

    def _press(self, b: Button) -> None:
        if self.link is not None:
            self.link.close()
        self.close()

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self._press(self.menu.buttons[0])
            return None
        self.menu.process_event(ev)
        return None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui = self.app.ui
            w, h = ui(220), ui(48)
            self.menu.buttons[0].rect = pygame.Rect(
                size[0] // 2 - w // 2, size[1] // 2 + ui(60), w, h
            )

    def update(self, dt: float) -> None:
        self.t += dt
        if self.failed or self.table is not None:
            return
        if self.link is None:
            h = self.host
            if h is None or h.state == "starting":
                return
            if h.state != "ready":
                self._fail(
                    _("The table's server could not be started: {why}").format(why=h.error), ""
                )
                return
            kw = {"clock": self.clock} if self.clock is not None else {}
            self.link = Link(h.local_url, self.first, name=self.name, **kw)
        got = self.link.poll()
        for i, msg in enumerate(got):
            kind = msg.get("type")
            if kind in ("created", "joined") and msg.get("token"):
                self._keep(msg)
            elif kind == "snapshot" and self.extra and self.seat_links is None:
                self._more_seats(msg)
                return
            elif kind == "snapshot":
                game = self._open(msg)
                for later in got[i + 1 :]:  # what came with it (a move made at once)
                    if game is not None:
                        game.receive(later)
                return
            elif kind == "error":
                self._forget(str(msg.get("code") or ""))
                self._fail(str(msg.get("text") or ""), str(msg.get("code") or ""))
                return
            elif kind == "bye":
                self._fail(str(msg.get("text") or ""), str(msg.get("reason") or ""))
                return
            elif kind == "_closed":
                code = str(msg.get("code") or "unreachable")
                if code == "unreachable" and self.or_host is not None:
                    self.first, self.name = self.link.first, self.link.name
                    self.host, self.or_host, self.link = self.or_host(), None, None
                    return  # the next frames wait for it, then connect to it
                self._fail("", code)
                return

    def _more_seats(self, snap: dict[str, Any]) -> None:
        """The table is open: the other players at this window take the next free seats
        (each on a connection of its own); the table opens once every seat has its
        snapshot (online.SeatLinks)."""
        first = self.link
        code = str(snap.get("code") or first.code)
        self.variant = str(snap.get("variant") or "")
        names = [*self.extra_names, *(f"{first.name} {i + 2}" for i in range(self.extra))]
        kw = {"clock": self.clock} if self.clock is not None else {}
        if self.others:  # a rejoin: each seat with its own ticket
            more = [
                Link(
                    first.url,
                    {"type": "resume", "code": t.code, "token": t.token},
                    name=t.name,
                    **kw,
                )
                for t in self.others
            ]
        else:
            more = [
                Link(first.url, {"type": "join", "code": code}, name=names[i], **kw)
                for i in range(self.extra)
            ]
        self.seat_links = SeatLinks([first, *more], first_snapshot=snap)
        self.link = self.seat_links

    def _forget(self, code: str) -> None:
        """A rejoin the server refused for good: the table is gone (every seat's ticket
        goes) or a seat's token is no longer valid (that seat's goes: a rejoin again
        brings back the others), so the title stops offering what cannot be had."""
        path = tickets_file(self.app)
        links = self.seat_links.links if self.seat_links is not None else [self.link]
        if path is None or links[0].first.get("type") != "resume":
            return
        server, table = links[0].url, links[0].code
        if code == "no_table":
            drop_ticket(server, table, path)
        elif code == "bad_token":
            for lk in links:
                if not lk.joined:  # refused: its own ticket, by its token
                    for t in load_tickets(path):
                        if (t.server, t.code, t.token) == (server, table, lk.token):
                            drop_ticket(server, table, path, seat=t.seat)

    def _fail(self, text: str, code: str) -> None:
        if self.link is not None:
            self.link.close()
        # a known failure in the window's own words (whole sentences); else the
        # server's, which it words in this window's language
        self.failed = failure_sentence(code, text)
        self.menu.buttons[0].label = _("Back")

    def _keep(self, msg: dict[str, Any]) -> None:
        """Every seat taken here keeps its ticket (a rejoin brings them all back)."""
        path = tickets_file(self.app)
        seat = msg.get("seat")
        if path is None or not isinstance(seat, int):
            return
        links = self.seat_links.links if self.seat_links is not None else [self.link]
        link = next((lk for lk in links if lk.token == msg["token"]), links[0])
        variant = str(links[0].first.get("variant") or self.variant)
        self.variant = variant
        keep_ticket(
            Ticket(
                link.url,
                str(msg.get("code") or ""),
                seat,
                str(msg["token"]),
                variant,
                link.name,
                hosted=self.host is not None,
            ),
            path,
        )

    def _open(self, snap: dict[str, Any]) -> RemoteGame | None:
        vid = str(snap.get("variant") or "")
        try:
            variant = self.app.registry.variant(vid)
        except Exception:  # noqa: BLE001 - a game this window lacks: said, not raised
            self._fail(
                _("This table plays a game that is not installed here ({game}).").format(game=vid),
                "",
            )
            return None
        names = self.app.prefs.look.names  # the player's own names for the computers
        game = RemoteGame(
            variant, self.link, snap, seen_deals=self.seen_deals, computer_names=names
        )
        game.ticket_path = tickets_file(self.app) if game.here else None
        game._note_deals()  # what the tickets saw so far (a rejoin later compares)
        if game.match.over:  # it ended while this window was away: nothing to rejoin
            game._ticket_done()
        self.table = self.app.scene("table", game)
        self.app.stack.replace(self.table)
        if self.then is not None:
            self.then(self.table, game)
        return game

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        box = pygame.Rect(0, 0, min(W - ui(40), ui(720)), ui(260))
        box.center = (W // 2, H // 2)
        panel(surface, box, colour=(16, 28, 24, 250))
        if self.failed:
            lines = text.wrap(self.failed, ui(22), box.width - ui(40), True)[:4]
            colour = RED
        else:
            dots = "." * (1 + int(self.t * 2) % 3)
            if self.link is None:
                lines = [_("Starting the table's server") + dots]
            else:
                shown = shown_address(self.link.url)
                lines = [_("Connecting to {address}").format(address=shown) + dots]
            colour = INK
        y = box.top + ui(36)
        for line in lines:
            text.draw(surface, line, ui(22), (W // 2, y), colour, True, "midtop")
            y += ui(30)
        self.menu.draw(surface, text, ui(22))


# ---------------------------------------------------------------- the screens


def player_name(app: Any) -> str:
    """The name others see at an online table: [online] name, else the first seat's
    own (a default name such as "You" says nothing to the others: "Player")."""
    p = app.prefs
    own = str(p.online_name).strip()
    if own:
        return own[:24]
    first = str(p.players[0].name).strip() if p.players else ""
    if first and first not in ("You", "South", "West", "North", "East"):
        return first[:24]
    return _("Player")


def remember_server(app: Any, url: str) -> None:
    """The address used last goes first in [online] server (at most eight kept)."""
    p = app.prefs
    p.servers = [url, *[s for s in p.servers if s != url]][:8]
    app.save_prefs()


def hosting_db(app: Any) -> Any:
    """The hosted tables' database: beside the saves; a window without a save folder
    (tests, tools) keeps it in a temporary folder for the process."""
    if app.save_path is not None:
        return app.save_path.parent.parent / "hosted.sqlite3"
    import tempfile

    if getattr(app, "_host_tmp", None) is None:
        app._host_tmp = tempfile.mkdtemp(prefix="crowsnest-host-")
    return Path(app._host_tmp) / "hosted.sqlite3"


def hosted_server(app: Any, lan: bool) -> HostedServer:
    """The window's own table server, started once and kept while the window is open
    (App.close stops it); asked again with the other network choice, it is restarted."""
    h = getattr(app, "hosting", None)
    if h is not None and h.lan != lan:  # stopped off the frame (it waits for the process)
        threading.Thread(target=h.stop, name="crowsnest-host-stop", daemon=True).start()
        h = None
    if h is None:
        h = HostedServer(hosting_db(app), lan=lan)
        app.hosting = h
    h.start()
    return h


class OnlineMenuScene(MenuScene):
    """Play online: host, join or watch a table; rejoin a seat this window holds."""

    title = N_("Play online")
    subtitle = N_("Tables with friends, here or across the network")

    def on_push(self) -> None:
        self._menu()

    def resume(self) -> None:
        self._menu()  # a ticket may have gone (a finished table) or come

    def language_changed(self) -> None:
        self._menu()

    def tables(self) -> list[list[Ticket]]:
        """The tables this window holds seats at (its seats at each), at most three."""
        path = tickets_file(self.app)
        return tables_held(load_tickets(path))[:3] if path is not None else []

    def _menu(self) -> None:
        items: list[tuple[str, Any]] = []
        for seats in self.tables():
            t = seats[0]
            if len(seats) == 1:
                label = _("Rejoin table {code}, seat {number}").format(
                    code=t.code, number=t.seat + 1
                )
            else:
                numbers = ", ".join(str(x.seat + 1) for x in seats)
                label = _("Rejoin table {code}, seats {numbers}").format(
                    code=t.code, numbers=numbers
                )
            items.append((label, lambda t=t: self.rejoin(t)))
        items += [
            (_("Host a table"), lambda: self.app.stack.push(self.app.scene("setup", HostRules()))),
            (_("Join a table"), lambda: self.app.stack.push(JoinScene())),
            (_("Watch a table"), lambda: self.app.stack.push(JoinScene(watch=True))),
            (_("Back"), self.close),
        ]
        self.set_items(items)

    def on_back(self) -> None:
        self.close()

    def rejoin(self, t: Ticket) -> None:
        self.app.stack.push(rejoin_scene(self.app, t))


def rejoin_scene(app: Any, t: Ticket) -> ConnectingScene:
    """Take the held seats at a table again with their tickets (a closed or crashed
    window): the screen that connects (App.scene("rejoin", app, ticket) for the Saves
    screen). Every seat this window holds at that table comes back, each on its own
    connection (several players at one window: the privacy screens as before). A table
    this window hosted: its server is started again on the same database and port."""
    path = tickets_file(app)
    held = [x for x in load_tickets(path) if (x.server, x.code) == (t.server, t.code)]
    seats = sorted(held or [t], key=lambda x: x.seat)
    t, others = seats[0], tuple(seats[1:])
    first = {"type": "resume", "code": t.code, "token": t.token}
    h = getattr(app, "hosting", None)
    start: Any = None
    if t.hosted and (h is None or not h.running):
        # the server may still run (a window killed leaves its process for a while):
        # try it first, and start this window's own on the same database and port only
        # if nothing answers there
        def start() -> HostedServer:
            port = int(t.server.rsplit(":", 1)[1])
            new = HostedServer(hosting_db(app), lan=True, port=port)
            app.hosting = new
            new.start()
            return new

    return ConnectingScene(
        Link(t.server, first, name=t.name), others=others, or_host=start, seen_deals=t.deals
    )


RULE_STEPS: dict[str, tuple[Any, ...]] = {
    "grace": (0, 10, 30, 60, 120, 300),
    "turn": (0, 15, 30, 60, 120),
    "undo": ("off", "agree"),
    "spectators": (True, False),
    "chat": ("presets", "free", "off"),
}


def rule_text(key: str, value: Any) -> str:
    if key == "grace":
        if not value:
            return pgettext("grace period", "None: the computer plays at once")
        return _("{seconds} seconds").format(seconds=value)
    if key == "turn":
        if not value:
            return pgettext("turn clock", "No clock")
        return _("{seconds} seconds a move").format(seconds=value)
    if key == "undo":
        return _("If the others agree") if value == "agree" else pgettext("undo", "Off")
    if key == "spectators":
        return _("Anyone with the code") if value else pgettext("watchers", "Nobody")
    if key == "chat":
        return {
            "presets": _("Ready-made phrases"),
            "free": _("Phrases and typed words"),
            "off": pgettext("chat", "Off"),
        }[str(value)]
    return str(value)


class HostRules:
    """What hosting adds to the set-up screen (scenes/setup.py, `app.scene("setup",
    HostRules())`): the table's own rules and where it runs, the button that opens the
    table. Human seats are open for friends; the host takes the first of them."""

    title = N_("Host a table")

    def __init__(self) -> None:
        self.rules: dict[str, Any] = {"grace": 30, "turn": 0, "undo": "off"}
        self.rules.update({"spectators": True, "chat": "presets"})
        self.where = 0  # 0 this computer (the network), 1 this computer only, 2+ a server
        self.here = 1  # players at this window (hot-seat at an online table)
        self.app: Any = None
        self.players: list[Any] = []

    def button(self) -> str:
        return _("Open the table")

    def places(self) -> list[str]:
        return [
            _("This computer: friends on this network join"),
            _("This computer only"),
            *(
                _("Server {address}").format(address=shown_address(s))
                for s in self.app.prefs.servers
            ),
        ]

    def rows(self, app: Any) -> list[Row]:
        self.app = app
        rows = [Row(_("The table"), lambda: "", heading=True)]
        rows.append(Row(_("Where the table runs"), lambda: self.places()[self.where], self._where))
        rows += seat_rows(app, lambda: self.here, self._here)
        labels = {
            "grace": (
                _("Time to come back"),
                _("How long a dropped player's seat waits before the computer plays it."),
            ),
            "turn": (
                _("Turn clock"),
                _("Seconds for each decision; then the computer makes that one move."),
            ),
            "undo": (_("Undo"), _("Whether a player may take back a move, and who must agree.")),
            "spectators": (
                _("Watchers"),
                _("Who may watch the table without a seat (never anyone's hand)."),
            ),
            "chat": (_("Chat"), _("What players may say at the table.")),
        }
        for key, (label, note) in labels.items():
            rows.append(
                Row(
                    label,
                    partial(self._rule_text, key),
                    partial(self._rule, key),
                    note=partial(str, note),
                )
            )
        return rows

    def _here(self, d: int) -> None:
        humans = max(1, sum(1 for sp in self.players if sp.kind == "human"))
        self.here = (self.here - 1 + d) % humans + 1

    def _where(self, d: int) -> None:
        self.where = (self.where + d) % len(self.places())

    def _rule_text(self, key: str) -> str:
        return rule_text(key, self.rules[key])

    def _rule(self, key: str, d: int) -> None:
        steps = RULE_STEPS[key]
        i = steps.index(self.rules[key]) if self.rules[key] in steps else 0
        self.rules[key] = steps[(i + d) % len(steps)]

    def create_frame(self, v: Any, opts: Any, players: list[Any]) -> dict[str, Any]:
        seats = [
            {"kind": "human"}
            if sp.kind == "human"
            else {"kind": "ai", "level": playable_level(v, sp.level)[0]}
            for sp in players
        ]
        rules = dict(self.rules)
        if rules["turn"]:
            rules["bank"] = 60  # a little extra time for the hard decisions
        keys = {o.key for o in v.options}
        frame: dict[str, Any] = {"type": "create", "variant": v.id, "seats": seats}
        frame["options"] = {k: val for k, val in dict(opts).items() if k in keys}
        frame["rules"] = rules
        if not any(s["kind"] == "human" for s in seats):
            frame["take"] = None  # nobody here plays: the host watches
        return frame

    def start(self, app: Any, v: Any, opts: Any, players: list[Any]) -> None:
        """Open the table (the set-up screen has remembered its choices)."""
        first = self.create_frame(v, opts, players)
        humans = [sp for sp in players if sp.kind == "human"]
        names = tuple(display_name(sp.name) for sp in humans[1:])
        here = max(1, min(self.here, len(humans)))
        if self.where >= 2:  # a server from the config
            url = app.prefs.servers[self.where - 2]
            take_seats(app, first, here, self._opened(app, url), url=url, names=names)
        else:
            h = hosted_server(app, lan=self.where == 0)
            take_seats(app, first, here, self._opened(app, None), host=h, names=names)

    def _opened(self, app: Any, url: str | None) -> Any:
        def then(table: Any, game: Any) -> None:
            h = app.hosting if url is None else None
            shown = h.public_url if h is not None else url
            game.address = shown_address(str(shown))
            app.stack.push(CodeCardScene(game.code, game.address))

        return then


def edit_name(app: Any, t: str) -> None:
    """The name as typed (the form gives the whole text): at most 24 printable
    characters; emptied, the default name again."""
    app.prefs.online_name = "".join(ch for ch in t if ch.isprintable()).strip()[:24]


def seat_rows(app: Any, here: Any, change: Any) -> list[Row]:
    """Host's and Join's rows for who sits here: the name the others see, and how many
    players share this window (`here()` now; `change(d)` steps it)."""
    return [
        Row(
            _("Your name at the table"), lambda: player_name(app), edit=lambda t: edit_name(app, t)
        ),
        Row(
            _("Players at this window"),
            lambda: str(here()),
            change,
            note=lambda: _(
                "They take the first human seats; each hand is shown only to its "
                "player, with a screen to pass the window between them."
            ),
        ),
    ]


def take_seats(
    app: Any,
    first: dict[str, Any],
    here: int,
    then: Any,
    *,
    url: str = "",
    host: HostedServer | None = None,
    names: tuple[str, ...] = (),
) -> None:
    """Host's and Join's way to the table: `first` (create or join) at `url`, or at the
    window's own server `host` once it listens; `here` players at this window (the
    others take the next free seats, `names` theirs); `then(table, game)` once open."""
    name = player_name(app)
    more = {"extra": here - 1, "extra_names": names, "then": then}
    if host is not None:
        scene = ConnectingScene(None, host=host, first=first, name=name, **more)
    else:
        scene = ConnectingScene(Link(url, first, name=name), **more)
    app.stack.push(scene)


class JoinScene(FormScene):
    """Join (or watch) a table: the server's address (the last used first), the code,
    which seat."""

    def __init__(self, watch: bool = False) -> None:
        super().__init__()
        self.watch = watch
        self.title = N_("Watch a table") if watch else N_("Join a table")
        self.address = ""
        self.code = ""
        self.seat = 0  # 0 the first free seat, n seat n, -1 watch
        self.here = 1  # players at this window: the others take the next free seats
        # a look at the table as a watcher once address and code are typed: which
        # seats are free, and who sits in the others
        self.peek: Any = None
        self.peek_for: tuple[str, str] = ("", "")
        self.free: list[int] | None = None  # seat numbers from 1; None: not known
        self.peek_error = ""  # why the look at the table failed
        self.taken: dict[int, str] = {}

    def on_push(self) -> None:
        self.address = shown_address(self.app.prefs.servers[0]) if self.app.prefs.servers else ""
        self.buttons = [
            Button(_("Watch") if self.watch else pgettext("online table", "Join"), self.join),
            Button(_("Back"), self.close),
        ]
        super().on_push()

    def build(self) -> None:
        rows = [
            Row(
                _("Server address"),
                lambda: self.address,
                self._cycle if len(self.app.prefs.servers) > 1 else None,
                edit=self._edit_address,
                note=lambda: _("The address the host gives you, such as 192.168.1.20:8765."),
            ),
            Row(
                _("Table code"),
                lambda: self.code,
                edit=self._edit_code,
                note=lambda: _("Six letters and digits, from the host's screen."),
            ),
        ]
        if not self.watch:
            rows.append(Row(_("Seat"), self._seat_text, self._change_seat, note=self._seat_note))
            rows += seat_rows(self.app, lambda: self.here, self._change_here)
        self.rows = rows

    def _change_here(self, d: int) -> None:
        most = max(1, len(self.free)) if self.free is not None else 4
        self.here = (self.here - 1 + d) % most + 1

    def _seat_text(self) -> str:
        if self.seat == 0:
            return _("The first free seat")
        if self.seat < 0:
            return _("No seat: watch")
        return _("Seat {number}").format(number=self.seat)

    def _seat_note(self) -> str:
        if self.peek_error:  # no such table, the server unreachable...: said at once
            return self.peek_error
        if self.free is None:
            return _("Which seats are free is shown once the address and code are typed.")
        if not self.free:
            return _("Every seat is taken: you can watch.")
        taken = ", ".join(f"{n}: {name}" for n, name in sorted(self.taken.items()))
        free = ", ".join(str(n) for n in self.free)
        if not taken:
            return _("Free seats: {free}.").format(free=free)
        return _("Free seats: {free}. Taken: {taken}.").format(free=free, taken=taken)

    def _change_seat(self, d: int) -> None:
        order = [0, *(self.free if self.free is not None else range(1, 7)), -1]
        i = order.index(self.seat) if self.seat in order else 0
        self.seat = order[(i + d) % len(order)]

    def update(self, dt: float) -> None:
        """Look at the table (as a watcher, on the network thread) when the address
        and the code are complete; the seat row then offers only the free seats."""
        url = normal_address(self.address)
        want = (url, self.code) if url and len(self.code) == 6 and not self.watch else ("", "")
        if want != self.peek_for:
            if self.peek is not None:
                self.peek.close()
            self.peek, self.peek_for, self.free, self.taken = None, want, None, {}
            self.peek_error = ""
            if want[0]:
                self.peek = Peek(url, self.code)
        if self.peek is None:
            return
        got = self.peek.poll()
        if got is None:
            return
        players = got.get("players") or []
        self.free = [s + 1 for s in got.get("free") or []] if "free" in got else None
        self.peek_error = failure_sentence(str(got["error"])) if "error" in got else ""
        self.taken = {
            int(p["seat"]) + 1: str(p.get("name") or "")
            for p in players
            if p.get("kind") == "human" and p.get("status") != "empty" and p.get("name")
        }
        if self.seat > 0 and self.seat not in (self.free or []):
            self.seat = 0
        self.peek.close()
        self.peek = None
        self.rebuild()

    def on_pop(self) -> None:
        if self.peek is not None:
            self.peek.close()

    def _cycle(self, d: int) -> None:
        shown = [shown_address(s) for s in self.app.prefs.servers]
        i = shown.index(self.address) if self.address in shown else -1
        self.address = shown[(i + d) % len(shown)]

    def _edit_address(self, t: str) -> None:
        """The address as typed (the form gives the whole text, the old one replaced)."""
        self.address = "".join(ch for ch in t if ch.isprintable() and not ch.isspace())[:80]

    def _edit_code(self, t: str) -> None:
        """The code as typed: letters and digits, upper case, at most six."""
        self.code = "".join(ch for ch in t.upper() if ch.isalnum())[:6]

    def join(self) -> None:
        url = normal_address(self.address)
        if not url:
            self.message = _("Type the server's address, such as 192.168.1.20:8765.")
            return
        if len(self.code) != 6:
            self.message = _("A table's code has six letters and digits.")
            return
        first: dict[str, Any] = {"type": "join", "code": self.code}
        if self.watch or self.seat < 0:
            first["watch"] = True
        elif self.seat > 0:
            first["seat"] = self.seat - 1
        self.message = ""
        self.app.save_prefs()  # the name typed
        here = 1 if "watch" in first else self.here
        take_seats(
            self.app, first, here, lambda table, game: remember_server(self.app, url), url=url
        )


class PanelOverlay(Scene):
    """A panel over the table with a menu of buttons (Back closes): the code card, chat."""

    transparent = True
    panel_size = (760, 470)  # at 720 lines; never more than the window less a margin
    menu: Menu

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        if ev.act in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.close()
        else:
            self.menu.process_event(ev)
        return None

    def box(self) -> pygame.Rect:
        ui = self.app.ui
        W, H = self.size
        w, h = self.panel_size
        box = pygame.Rect(0, 0, min(W - ui(40), ui(w)), min(H - ui(40), ui(h)))
        box.center = (W // 2, H // 2)
        return box


class CodeCardScene(PanelOverlay):
    """The hosted table's address and code, large, over the table: what friends type.
    Copy puts both on the clipboard."""

    def __init__(self, code: str, address: str) -> None:
        super().__init__()
        self.code, self.address = code, address
        self.copied = ""
        self.menu = Menu(
            [Button(_("Copy"), "copy"), Button(_("To the table"), "close")], self._press
        )
        self.menu.focus = 1
        self.menu.columns = 2

    def _press(self, b: Button) -> None:
        if b.value == "copy":
            self.copied = copy_text(
                _("Address {address}, code {code}").format(address=self.address, code=self.code)
            )
        else:
            self.close()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui, box = self.app.ui, self.box()
            w, h, gap = min(ui(220), (box.width - ui(60)) // 2), ui(48), ui(20)
            x = box.centerx - w - gap // 2
            for i, b in enumerate(self.menu.buttons):
                b.rect = pygame.Rect(x + i * (w + gap), box.bottom - ui(24) - h, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        shade(surface, 170)
        box = self.box()
        panel(surface, box, colour=(16, 28, 24, 250))
        cx, y = box.centerx, box.top + ui(26)
        room = box.width - ui(40)
        for line in text.wrap(_("Your table is open. Friends join with:"), ui(22), room, True)[:2]:
            text.draw(surface, line, ui(22), (cx, y), INK, True, "midtop")
            y += ui(30)
        y += ui(6)
        text.draw(surface, _("Address"), ui(18), (cx, y), MUTED, False, "midtop")
        y += ui(24)
        size = text.shrink(self.address, ui(40), room, True, ui(18))
        text.draw(surface, self.address, size, (cx, y), GOLD, True, "midtop")
        y += text.fonts(size, True).get_linesize() + ui(8)
        text.draw(surface, _("Code"), ui(18), (cx, y), MUTED, False, "midtop")
        y += ui(24)
        text.draw(surface, " ".join(self.code), ui(64), (cx, y), GOLD, True, "midtop")
        y += text.fonts(ui(64), True).get_linesize()
        if self.copied:
            line = text.fit(self.copied, ui(17), room)
            text.draw(surface, line, ui(17), (cx, y), MUTED, False, "midtop")
        self.menu.draw(surface, text, ui(22))


def copy_text(words: str) -> str:
    """Put words on the clipboard; what happened, to show under the code."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(words)
    except (pygame.error, AttributeError, NotImplementedError):
        return _("Copying is not possible here: write the code down.")
    return _("Copied: paste it into a message to your friends.")


class ChatScene(PanelOverlay):
    """Say something at the table: the ready-made phrases (each reader sees them in
    their own language), typed words where the table allows them. Keys, mouse and pad
    move over the grid; Back closes."""

    panel_size = (900, 420)

    def box(self) -> pygame.Rect:
        """As tall as its rows of phrases need (at most the panel's height)."""
        box = super().box()
        ui = self.app.ui
        cols = 3 if box.width >= ui(600) else 2
        rows = -(-len(self.menu.buttons) // cols)
        need = ui(70) + rows * ui(58) + ui(10)
        if need < box.height:
            box.height = need
            box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        game = table.session
        buttons = [Button(text, ("preset", pid)) for pid, text in game.presets]
        if game.rules.get("chat") == "free":
            buttons.append(Button(_("Type a message..."), ("type", "")))
        buttons.append(Button(_("Close"), ("close", "")))
        self.menu = Menu(buttons, self._press)

    def _press(self, b: Button) -> None:
        kind, pid = b.value
        game = self.table.session
        self.close()
        if kind == "preset":
            game.say(preset=pid)
        elif kind == "type":
            self.app.stack.push(NameScene(_("Your message"), "", lambda t: game.say(text=t)))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.app:
            ui, box = self.app.ui, self.box()
            area = pygame.Rect(box.left + ui(20), box.top + ui(70), box.width - ui(40), 0)
            cols = 3 if box.width >= ui(600) else 2
            rows = -(-len(self.menu.buttons) // cols)
            gap = ui(10)
            h = min(ui(48), (box.bottom - ui(20) - area.top - gap * (rows - 1)) // rows)
            area.height = rows * (h + gap)
            self.menu.layout_grid(area, cols, h, gap)

    def draw(self, surface: pygame.Surface) -> None:
        ui, text = self.app.ui, self.app.text
        shade(surface, 150)
        box = self.box()
        panel(surface, box, colour=(16, 28, 24, 250))
        text.draw(
            surface,
            _("Say to the table"),
            ui(28),
            (box.centerx, box.top + ui(20)),
            GOLD,
            True,
            "midtop",
        )
        self.menu.draw(surface, text, ui(20))


class SeatsScene(MenuScene):
    """The table's owner: give another player's seat to the computer, or take the player
    off the table (the seat is free for someone else; the computer plays it meanwhile)."""

    title = N_("Seats at the table")
    modal = True

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table

    def on_push(self) -> None:
        game = self.table.session
        items: list[tuple[str, Any]] = []
        for seat in range(game.seats):
            if game.plays_here(seat) or game.players[seat].get("kind") != "human":
                continue
            if game.status(seat) in ("empty",):
                continue
            name = game.names[seat]
            items.append(
                (
                    _("Let the computer play {player}'s seat").format(player=name),
                    lambda s=seat: self._do(game.to_computer, s),
                )
            )
            items.append(
                (
                    _("Take {player} off the table").format(player=name),
                    lambda s=seat, n=name: self._kick(game, s, n),
                )
            )
        items.append((_("Close"), self.close))
        self.set_items(items)

    def _do(self, what: Any, seat: int) -> None:
        what(seat)
        self.close()

    def _kick(self, game: Any, seat: int, name: str) -> None:
        self.app.stack.push(
            ConfirmScene(
                _("Take {player} off the table? Their seat is then free for someone else.").format(
                    player=name
                ),
                _("Take off"),
                lambda: self._do(game.kick, seat),
            )
        )
