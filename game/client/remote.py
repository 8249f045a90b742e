"""An online table in the window: `RemoteGame`, the table's game (client/game.py,
`TableGame`) when the cards are on a server.

The window holds no card it may not see and runs no rules of its own: `MatchMirror`
keeps what the server sent (the views of the seats played here, the public view for a
watcher, the legal actions of a seat to move here, scores, the deal's calls) and
answers the table from it. A network thread (`crowsnest.net`'s client transport) feeds
it; `update()` reads what arrived once a frame, so a frame never waits for the network.

Every applied action comes from the server as a move (seat, action, the events as this
window may see them, the state after it), the window's own included: the table asks for
moves as it asks an AI (`poll_ai`), then `apply` hands it that move's events, so cards
fly from the events exactly as at a local table. A move the window makes is sent and
`pending` until its echo arrives; a refusal comes back as the engine's reason.

The wire format is docs/online.md's; `MESSAGES` below names the kinds read here.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter, deque
from collections.abc import Sequence
from typing import Any, Protocol

from crowsnest.engine import Action, Event, Variant
from crowsnest.engine.actions import ActionError, format_action, parse_action
from crowsnest.i18n import _
from crowsnest.records.savefile import Seat
from crowsnest.records.seats import YOU, computer_name, display_name
from crowsnest.records.stats import (
    MatchRecord,
    PlayerRecord,
    deal_records,
    side_of,
    winners_of,
)
from crowsnest.records.store import ONLINE_SEED

from .online import drop_ticket, note_deals


class Transport(Protocol):
    """What a Link needs of a connection (crowsnest.net.client.ThreadClient): never
    blocks; poll() ends with {"type": "_closed", "why": ...} when the socket is gone."""

    def send(self, msg: dict[str, Any]) -> None: ...
    def poll(self) -> list[dict[str, Any]]: ...
    def close(self) -> None: ...


# Seat states the plates show (docs/online.md, "Seats").
CONNECTED, AWAY, COMPUTER, EMPTY = "connected", "away", "ai", "empty"
RECONNECTING = "reconnecting"  # this window's own seat while its link is down


def failure_sentence(code: str, fallback: str = "") -> str:
    """A failure the server (or the connection) reports, in the player's language."""
    words = {
        "unreachable": _("The server cannot be reached. Check the address and that it runs."),
        "version": _("The server runs another version of CrowsNest Arcade."),
        "no_table": _("There is no table with that code on this server."),
        "full": _("That table is full: every seat is taken."),
        "seat_taken": _("That seat has just been taken: pick another one."),
        "kicked": _("The table's owner has taken you off the table."),
        "shutdown": _("The server is shutting down; the table is kept for when it is back."),
        "bad_token": _("This seat's ticket is no longer valid on that table."),
        "no_spectators": _("This table takes no watchers."),
        "expired": _("That table has expired."),
        "replaced": _("This seat was taken up in another window."),
        "busy": _("The server is too busy for another table; try again later."),
    }
    got = words.get(code)
    if got is not None:
        return got
    if fallback:  # the server's own words, in this window's language
        return fallback[:1].upper() + fallback[1:]
    return _("The server refused: {why}").format(why=code)


class MirrorDeal:
    """The deal in progress as the window knows it (DealLike)."""

    def __init__(self, mirror: MatchMirror) -> None:
        self.m = mirror

    def hand_of(self, seat: int) -> list[int] | None:
        """A seat played here: its hand's card ids, from its own view (two copies of a
        card are its two ids); another seat's hand is not known here: None."""
        view = self.m.views.get(seat)
        if view is None or not isinstance(view.get("hand"), list):
            return None
        deck, used, out = self.m.deck, Counter[str](), []
        for name in view["hand"]:
            ids = deck.ids(name) if isinstance(name, str) else ()
            if used[name] < len(ids):
                out.append(ids[used[name]])
                used[name] += 1
        return out

    def legal_complete(self) -> bool:
        return self.m.turn.get("complete", True) is not False

    def legal_hint(self) -> str:
        return str(self.m.turn.get("hint") or "")

    def describe(self, cards: Sequence[int]) -> str:
        got = self.m.checks.get(self.m.key(("play", tuple(sorted(cards)))))
        return str(got[1] or "") if got else ""

    def view(self, seat: int) -> _Json:
        return _Json(self.m.view_json(seat))


class _Json:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw

    def to_json(self) -> dict[str, Any]:
        return dict(self.raw)


class MatchMirror:
    """What the table reads of a match (MatchLike), from the server's state messages."""

    def __init__(self, variant: Variant, options: dict[str, Any], seats: int) -> None:
        self.variant = variant
        self.options = variant.resolve_options(options)
        self.seats = seats
        self.deck = variant.deck.build(self.options, seats)
        self.teams = variant.teams(seats, self.options)
        self.scores: list[Any] = []
        self.history: list[dict[str, Any]] = []
        self.end_text: Any = ""
        self.end_reason = ""
        self.deal_no = 0
        self.dealer = 0
        self.winner: Any = None
        self.over = False
        self.log: list[Action] = []
        self.deal_start = 0  # where this deal's decisions start in log (RemoteGame keeps it)
        self._to_move = -1
        self._phase = ""
        self.views: dict[int, dict[str, Any]] = {}  # seat -> its view; -1: the public view
        self.turns: dict[int, dict[str, Any]] = {}  # seat played here -> what it may do
        self.checks: dict[str, tuple[str | None, str | None]] = {}  # action -> (reason, describe)
        self.deal = MirrorDeal(self)
        self.can_undo = False
        self.ask: Any = lambda action: None  # asks the server about an action (RemoteGame)

    # -- read from the server

    def load(self, st: dict[str, Any], seat: int | None) -> None:
        """A snapshot's or an update's fields (docs/online.md), as `seat` (None: a
        watcher) received them."""
        tm = st.get("to_move")
        self._to_move = tm if isinstance(tm, int) else -1
        self._phase = str(st.get("phase") or "")
        self.over = bool(st.get("over", False))
        self.winner = st.get("winner")
        if isinstance(st.get("deal_no"), int):
            self.deal_no = st["deal_no"]
        if isinstance(st.get("dealer"), int):
            self.dealer = st["dealer"]
        if isinstance(st.get("scores"), list):
            self.scores = list(st["scores"])
        if isinstance(st.get("history"), list):
            self.history = list(st["history"])
        if "end_reason" in st:
            self.end_reason = str(st.get("end_reason") or "")
            self.end_text = self.end_reason
        view = st.get("view")
        if isinstance(view, dict):
            self.views[-1 if seat is None else seat] = view
            block = view.get("match")
            if isinstance(block, dict):
                self.scores = list(block.get("scores") or self.scores)
                self.deal_no = int(block.get("deal_no") or self.deal_no)
            if isinstance(view.get("dealer"), int):
                self.dealer = view["dealer"]
        if seat is not None:  # what this seat may do now (nothing when not to move)
            if self._to_move == seat and not self.over:
                self.turns[seat] = {
                    "legal": [x for x in (self.parse(t) for t in st.get("legal") or []) if x],
                    "complete": st.get("complete", True),
                    "hint": st.get("hint_text") or "",
                }
            else:
                self.turns.pop(seat, None)
        self.can_undo = bool(st.get("can_undo"))
        self.checks = {}

    def parse(self, text: Any) -> Action | None:
        if not isinstance(text, str):
            return None
        try:
            return parse_action(text, self.deck, None)
        except ActionError:
            return None

    def key(self, action: Action) -> str:
        return format_action(action, self.deck)

    @property
    def turn(self) -> dict[str, Any]:
        """The seat to move's legal actions, when it is played here (else empty)."""
        return self.turns.get(self.to_move, {})

    @property
    def legal(self) -> list[Action]:
        return list(self.turn.get("legal") or [])

    # -- MatchLike

    @property
    def to_move(self) -> int:
        return -1 if self.over else self._to_move

    @property
    def phase(self) -> str:
        return "over" if self.over else self._phase

    def legal_actions(self) -> list[Action]:
        return list(self.legal)

    def deal_actions(self) -> list[Action]:
        """This deal's decisions as this window saw them (a hidden one by its verb)."""
        return self.log[self.deal_start :]

    def check(self, action: Action) -> str | None:
        """None when the action is legal as far as the window knows: in the legal list,
        or the same cards by name (two copies of one card); a reason the server gave;
        else None (the server decides when the move is sent, and says why not)."""
        if self.over:
            return _("the match is over")
        if action in self.legal:
            return None
        if len(action) > 1 and isinstance(action[1], tuple):
            names = Counter(self.deck.names[c] for c in action[1])
            for a in self.legal:
                same = a[0] == action[0] and isinstance(a[1], tuple)
                if same and Counter(self.deck.names[c] for c in a[1]) == names:
                    return None
        got = self.checks.get(self.key(action))
        if got is None:
            self.ask(action)  # answered by a later frame: the table re-reads then
            return None
        return got[0]

    def view_json(self, seat: int) -> dict[str, Any]:
        v = self.views.get(seat)
        if v is None:
            v = self.views.get(-1) or next(iter(self.views.values()), {})
        return dict(v)


class RemoteGame:
    """One online table in the window (TableGame), over one `Link` (a connection that
    reconnects and resumes by itself; crowsnest.net's client transport under it).
    `here` is the seat played at this window (none: watching)."""

    online = True

    def __init__(
        self,
        variant: Variant,
        link: Any,
        snapshot: dict[str, Any],
        seen_deals: int | None = None,
        computer_names: Sequence[str] = (),
    ) -> None:
        self.variant = variant
        self.link = link
        seats = int(snapshot.get("seats") or variant.default_seats)
        self.match = MatchMirror(variant, dict(snapshot.get("options") or {}), seats)
        self.match.ask = self.ask_check
        self.here: list[int] = []
        self.code = ""
        self.rules: dict[str, Any] = {}
        self.owner: Any = None
        self.players: list[dict[str, Any]] = []
        self.seat_setups: list[Seat] = []
        self.name_keys: list[str] = []
        self.actors: list[int] = []
        self.deal_start = 0
        self.finished_deal: Any = None
        self.faults: list[str] = []
        self.fault_log: list[str] = []
        self.notices: list[str] = []
        self.chat: deque[tuple[int, str]] = deque(maxlen=6)  # (seat or -1, words)
        self.rebuilt = 0
        self.changed = 0  # bumped when the server answered a check (the table re-reads)
        self.recorded = False
        self.started_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.started_clock = time.monotonic()
        self.slot_name: str | None = None
        self.seq = 0  # the table's seq this window has applied (act is compare-and-set)
        self.closed_why = ""  # set when the connection is gone for good
        self.undo_question: int | None = None  # a seat asking the others to undo
        self.clock: dict[str, Any] | None = None  # the turn clock of the seat to move
        self.ticket_path: Any = None  # where this seat's ticket is kept (dropped when done)
        # the address others type to come to this table (the host's: its network address)
        self.address = str(getattr(link, "url", "")).removeprefix("ws://")
        self._moves: deque[dict[str, Any]] = deque()
        self._sent: str | None = None  # the window's move on its way
        self._hint: Action | None = None
        self._hint_asked = False
        self._asked: set[str] = set()  # checks asked of the server at this position
        # finished deals this window has seen (None: all the first snapshot shows; a
        # rejoin says how many its ticket saw); a deal that ended while the window was
        # away is `missed_deal`, its deal_over event, for the end-of-deal sheet
        self.seen_deals = seen_deals
        self.computer_names = tuple(computer_names)  # the player's own ([look] names)
        self.missed_deal: dict[str, Any] | None = None
        self.missed_over: dict[str, Any] | None = None  # the match ended while away
        self._snapshot(snapshot)

    @property
    def you(self) -> int | None:
        return self.here[0] if self.here else None

    # ------------------------------------------------------------ the wire

    def update(self, dt: float) -> None:
        """Read what the network thread received (never waits), count grace down."""
        for p in self.players:
            if p.get("status") == AWAY and isinstance(p.get("grace_left"), int | float):
                p["grace_left"] = max(0.0, float(p["grace_left"]) - dt)
        c = self.clock
        if c:  # the server counts; the window counts down between its frames
            t = float(c.get("turn_left") or 0)
            spend = min(t, dt)
            c["turn_left"] = t - spend
            if dt > spend:
                c["bank_left"] = max(0.0, float(c.get("bank_left") or 0) - (dt - spend))
        for msg in self.link.poll():
            self.receive(msg)

    def send(self, msg: dict[str, Any]) -> None:
        self.link.send(msg)  # SeatLinks: through the seat to move's own connection

    def receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "snapshot":
            self._snapshot(msg)
        elif kind == "update":
            self._moves.append(msg)
        elif kind == "seat":
            self._seat(msg)
        elif kind == "checked":
            action = self.match.parse(msg.get("action"))
            if action is not None:
                self.match.checks[self.match.key(action)] = (msg.get("reason"), msg.get("describe"))
                self.changed += 1
        elif kind == "hint":
            self._hint = self.match.parse(msg.get("action"))
            self._hint_asked = False
        elif kind == "chat":
            said = msg.get("text")
            if isinstance(said, str) and said.strip():
                seat = msg.get("seat")
                words = said.strip()[:200]
                self.chat.append((seat if isinstance(seat, int) else -1, words))
                who = str(msg.get("name") or "")
                if isinstance(seat, int) and 0 <= seat < self.match.seats:
                    who = self.names[seat]
                who = who or _("A watcher")
                self.notices.append(_("{player}: {words}").format(player=who, words=words))
        elif kind == "undo":
            self._undo(msg)
        elif kind == "refused":
            self._sent = None  # the player chooses again (or the table catches up)
            if msg.get("code") == "stale":
                self.send({"type": "snapshot"})
            else:
                reason = str(msg.get("reason") or failure_sentence(str(msg.get("code"))))
                self.notices.append(reason[:1].upper() + reason[1:])
        elif kind == "bye":
            code = str(msg.get("reason") or "closing")
            if code in ("kicked", "expired"):
                self._ticket_done()
            self.closed_why = failure_sentence(code, str(msg.get("text") or ""))
            self.notices.append(self.closed_why)
        elif kind == "error":
            if msg.get("code") in ("bad_token", "no_table"):  # the seat is gone for good
                self._ticket_done()
            self.notices.append(failure_sentence(str(msg.get("code")), str(msg.get("text") or "")))
        elif kind == "_reconnecting":
            if msg.get("why") == "shutdown":  # a restart: the link comes back by itself
                self.notices.append(failure_sentence("shutdown"))
            else:
                self.notices.append(_("Connection lost: reconnecting..."))
        elif kind == "_connected":
            self.notices.append(_("Connected again."))
        elif kind == "_closed":
            self.closed_why = failure_sentence(str(msg.get("code") or "unreachable"))
            self.notices.append(self.closed_why)

    def _ticket_done(self) -> None:
        """The seat cannot be taken again (the match is over, the seat kicked): its
        ticket goes, so the title stops offering to rejoin."""
        if self.ticket_path is not None:
            with contextlib.suppress(OSError):
                drop_ticket(self.link.url, self.code, self.ticket_path)
            self.ticket_path = None

    def _undo(self, msg: dict[str, Any]) -> None:
        state = msg.get("state")
        if state == "asked":
            by = msg.get("by")
            self.undo_question = by if isinstance(by, int) and by not in self.here else None
        else:
            self.undo_question = None
        text = msg.get("text")
        if isinstance(text, str) and text and state != "asked":
            self.notices.append(text)

    def _snapshot(self, msg: dict[str, Any]) -> None:
        """The whole table (on joining, after a reconnect or an undo): start over from it."""
        you = msg.get("you")
        here = msg.get("here")  # several seats at this window (online.SeatLinks)
        if isinstance(here, list):
            self.here = [s for s in here if isinstance(s, int)]
        else:
            self.here = [you] if isinstance(you, int) else []
        self.code = str(msg.get("code") or self.code)
        self.rules = dict(msg.get("rules") or self.rules)
        self.owner = msg.get("owner")
        self.seq = int(msg.get("seq") or 0)
        self.clock = dict(msg["clock"]) if isinstance(msg.get("clock"), dict) else None
        self.match.views.clear()
        self.match.turns.clear()
        was_over = self.match.over
        self._load(msg)
        if self.match.over and not was_over:  # it ended while the window was away
            m = self.match
            self.missed_over = {"type": "match_over", "winner": m.winner, "scores": m.scores}
            if m.end_reason:
                self.missed_over["reason"] = m.end_reason
            self._ticket_done()
        self.match.log, self.actors = [], []
        for entry in msg.get("log") or []:  # this deal's decisions: [seat, action]
            if isinstance(entry, list) and len(entry) == 2:
                self.match.log.append(self._action(entry[1]))
                self.actors.append(int(entry[0]))
        self.deal_start = self.match.deal_start = 0
        players = msg.get("players")
        if isinstance(players, list):
            self.players = [dict(p) for p in players if isinstance(p, dict)]
        self._names()
        self._missed(self.match.history)
        undo = msg.get("undo")
        by = undo.get("by") if isinstance(undo, dict) else None
        self.undo_question = by if isinstance(by, int) and by not in self.here else None
        self._moves.clear()
        self._sent = None
        self._asked.clear()
        self.rebuilt += 1

    def _missed(self, history: list[dict[str, Any]]) -> None:
        """Deals that ended while the window was away (a drop, a closed window): the
        last one's sheet is shown on coming back."""
        seen, self.seen_deals = self.seen_deals, len(history)
        if seen is not None and len(history) > seen and isinstance(history[-1], dict):
            last = {k: v for k, v in history[-1].items() if k != "deal"}
            self.missed_deal = {"type": "deal_over", **last}
        if seen != self.seen_deals:
            self._note_deals()

    def _load(self, msg: dict[str, Any]) -> None:
        """A snapshot's or an update's state into the mirror: once for each seat played
        here, with what that seat alone was sent (its view, its legal actions)."""
        per = msg.get("per_seat")
        if isinstance(per, dict) and per:
            for seat, part in per.items():
                self.match.load({**msg, **part}, int(seat))
            return
        self.match.load(msg, self.you)

    def _seat(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < self.match.seats:
            return
        while len(self.players) <= seat:
            self.players.append({"name": "", "kind": "human", "status": EMPTY})
        self.players[seat].update({k: v for k, v in msg.items() if k not in ("v", "type")})
        self._names()

    def _names(self) -> None:
        n = self.match.seats
        while len(self.players) < n:
            self.players.append({"name": "", "kind": "human", "status": EMPTY})
        self.seat_setups = [
            Seat(
                "human" if p.get("kind") == "human" else "ai",
                str(p.get("level") or "normal"),
                str(p.get("name") or ""),
            )
            for p in self.players[:n]
        ]
        self.name_keys = [self._name_key(i, p) for i, p in enumerate(self.players[:n])]

    def _name_key(self, seat: int, p: dict[str, Any]) -> str:
        """A seat's name as data (display_name shows it): "You" here, the name a player
        gave, a computer seat's name as at a local table (records/seats.py, its
        portrait's), else "Seat N"."""
        if seat in self.here:
            return YOU
        name = str(p.get("name") or "")
        if name:
            return name
        if p.get("kind") == "ai":
            return computer_name(seat, self.computer_names)
        return f"Seat {seat + 1}"

    def _action(self, text: Any) -> Action:
        """An action as the server gave it; a hidden one (a burial) by its verb alone."""
        got = self.match.parse(text)
        return got if got is not None else (str(text).split()[0] if text else "pass",)

    # ------------------------------------------------------------ seats

    @property
    def seats(self) -> int:
        return self.match.seats

    @property
    def names(self) -> list[str]:
        return [display_name(k) for k in self.name_keys]

    @property
    def humans(self) -> list[int]:
        """The seats played at this window (hot-seat privacy is about these)."""
        return list(self.here)

    def is_you(self, seat: int) -> bool:
        return seat in self.here

    def is_human(self, seat: int) -> bool:
        return seat in self.here or (
            0 <= seat < len(self.players) and self.players[seat].get("kind") == "human"
        )

    def plays_here(self, seat: int) -> bool:
        return seat in self.here

    def status(self, seat: int) -> str:
        """connected / away / ai / empty: how the seat is played now; a seat of this
        window while its connection is being made again: reconnecting."""
        if seat in self.here and self.reconnecting:
            return RECONNECTING
        if 0 <= seat < len(self.players):
            return str(self.players[seat].get("status") or CONNECTED)
        return EMPTY

    def grace_left(self, seat: int) -> float | None:
        if self.status(seat) == AWAY:
            g = self.players[seat].get("grace_left")
            return float(g) if isinstance(g, int | float) else None
        return None

    def clock_left(self, seat: int) -> float | None:
        """Seconds left for the seat's decision (turn, then bank) where the table has a
        turn clock and it is that seat's move; else None."""
        c = self.clock
        if not c or c.get("seat") != seat or self.match.to_move != seat:
            return None
        return float(c.get("turn_left") or 0) + float(c.get("bank_left") or 0)

    def team_of(self, seat: int) -> int | None:
        for i, team in enumerate(self.match.teams or ()):
            if seat in team:
                return i
        return None

    def side_names(self) -> list[str]:
        if not self.match.teams:
            return list(self.names)
        return [" & ".join(self.names[s] for s in team) for team in self.match.teams]

    # ------------------------------------------------------------ the game

    @property
    def to_move(self) -> int:
        return self.match.to_move

    @property
    def pending(self) -> bool:
        """The window's move is on its way, or moves wait to be shown (the server's
        computer may have played this window's seat when its clock ran out), or the
        connection is being made again (a move then would be lost: the table waits)."""
        return self._sent is not None or bool(self._moves) or self.reconnecting

    @property
    def reconnecting(self) -> bool:
        """This window's connection is down and being made again (not closed for good)."""
        return not getattr(self.link, "_open", True) and not self.closed_why

    def apply(self, action: Action) -> list[Event] | None:
        """The next move from the server (the table asks for them in order through
        poll_ai): its events. Else the window's own move: sent, None until its echo."""
        if self._moves:
            return self._take(self._moves.popleft())
        if self._sent is not None or self.closed_why:
            return None
        self._sent = self.match.key(action)
        self.send({"type": "act", "seq": self.seq, "action": self._sent})
        return None

    def _take(self, msg: dict[str, Any]) -> list[Event]:
        seat = int(msg.get("seat", -1))
        events = [e for e in msg.get("events") or [] if isinstance(e, dict)]
        before = self.match.view_json(self.you if self.you is not None else -1)
        deal_no = self.match.deal_no
        self._load(msg)
        self.seq = int(msg.get("seq") or self.seq)
        self.clock = dict(msg["clock"]) if isinstance(msg.get("clock"), dict) else None
        self.match.log.append(self._action(msg.get("action")))
        self.actors.append(seat)
        if seat in self.here:
            self._sent = None
        self._asked.clear()
        self._hint = None
        if self.match.over:
            self._ticket_done()
        for e in events:  # the match's record of its deals, as Match keeps it
            if e.get("type") == "match_over":
                self.missed_over = None  # shown as it ends
            if e.get("type") == "deal_over":
                fields = {k: v for k, v in e.items() if k != "type"}
                self.match.history.append({"deal": self.match.deal_no, **fields})
                self.seen_deals = len(self.match.history)
                self.missed_deal = None  # this one is shown as it ends
                self._note_deals()
        ended = any(e.get("type") in ("deal_over", "redeal") for e in events)
        if ended or self.match.deal_no != deal_no:
            self.finished_deal = MirrorDealEnd(before)
            self.deal_start = self.match.deal_start = len(self.match.log)
        return events

    def _note_deals(self) -> None:
        """The tickets remember how many deals this window saw end (a window closed
        and started again shows the sheet of a deal it missed)."""
        if self.ticket_path is not None and self.seen_deals is not None:
            with contextlib.suppress(OSError):
                note_deals(self.link.url, self.code, self.seen_deals, self.ticket_path)

    # ------------------------------------------------------------ moves from elsewhere

    def ai_busy(self) -> bool:
        return False  # the computer players think on the server

    def request_ai(self) -> None:
        pass

    def poll_ai(self) -> tuple[int, Action] | None:
        """The next move the server reported, once the table has shown the ones before."""
        if not self._moves:
            return None
        msg = self._moves[0]
        return int(msg.get("seat", -1)), self._action(msg.get("action"))

    def wait_ai(self, timeout: float = 30.0) -> None:
        """Wait a little for the network (tests only: the window never calls it)."""
        end = time.monotonic() + min(timeout, 0.05)
        while not self._moves and time.monotonic() < end:
            self.update(0.0)
            time.sleep(0.002)

    # ------------------------------------------------------------ checks and hints

    def ask_check(self, action: Action) -> None:
        """Ask the server about an action the window cannot judge (answered later)."""
        key = self.match.key(action)
        if key in self._asked or self.match.to_move not in self.here:
            return
        self._asked.add(key)
        self.send({"type": "check", "action": key})

    def request_hint(self) -> None:
        if self.match.to_move in self.here and not self._hint_asked:
            self._hint_asked = True
            self.send({"type": "hint"})

    def poll_hint(self) -> Action | None:
        h, self._hint = self._hint, None
        return h

    def wait_hint(self, timeout: float = 30.0) -> None:
        end = time.monotonic() + min(timeout, 2.0)
        while self._hint_asked and time.monotonic() < end:
            self.update(0.0)
            time.sleep(0.002)

    # ------------------------------------------------------------ undo and the owner

    def can_undo(self, seat: int | None = None) -> bool:
        return self.match.can_undo and self.undo_question is None

    def undo_blocked_by_computer(self, seat: int | None = None) -> bool:
        return False  # the server says why an undo is refused

    def undo(self, seat: int | None = None) -> bool:
        if not self.can_undo():
            return False
        self.send({"type": "undo", "op": "ask", "seq": self.seq})
        if self.rules.get("undo") == "agree":
            self.notices.append(_("Asking the others to take your last move back..."))
        return True

    def vote_undo(self, yes: bool) -> None:
        """Every seat played here answers (the asker's own seat excepted)."""
        asker, self.undo_question = self.undo_question, None
        msg = {"type": "undo", "op": "yes" if yes else "no"}
        if hasattr(self.link, "links"):  # several seats here: each says it
            for seat in self.here:
                if seat != asker:
                    self.link.send(msg, for_seat=seat)
            return
        self.send(msg)

    @property
    def owner_here(self) -> bool:
        return isinstance(self.owner, int) and self.owner in self.here

    def kick(self, seat: int) -> None:
        if self.owner_here and seat not in self.here:
            self.send({"type": "kick", "seat": seat})

    def to_computer(self, seat: int) -> None:
        if self.owner_here and seat not in self.here:
            self.send({"type": "to_ai", "seat": seat})

    def say(self, preset: str | None = None, text: str | None = None) -> None:
        """Chat: a preset by id (the server words it in each reader's language), or
        free text where the table allows it."""
        if preset is not None:
            self.send({"type": "chat", "preset": preset})
        elif text and self.rules.get("chat") == "free":
            self.send({"type": "chat", "text": text[:200]})

    @property
    def presets(self) -> list[tuple[str, str]]:
        """The table's ready-made phrases (id, words in this window's language)."""
        got = (getattr(self.link, "welcome", None) or {}).get("presets") or []
        return [
            (str(p["id"]), str(p["text"]))
            for p in got
            if isinstance(p, dict) and p.get("id") and p.get("text")
        ]

    def record(self, *, started_at: str, finished_at: str, seconds: float) -> MatchRecord:
        """The finished online match for the statistics, as a local one is kept
        (records/stats.py), for this window's players only (another window's are
        "remote"), marked online: its seed is "online CODE" (the server keeps
        the seed, and the window never had the hidden cards: there is no replay)."""
        m = self.match
        wins = winners_of(m)
        players = tuple(
            PlayerRecord(
                seat=i,
                name=self.name_keys[i] if i < len(self.name_keys) else f"Seat {i + 1}",
                # a person at another window is not this window's player: "remote"
                # (a person, for the opponents' level; never a Statistics player here)
                kind="remote" if s.kind == "human" and i not in self.here else s.kind,
                level=s.level,
                side=side_of(m, i),
                won=side_of(m, i) in wins,
            )
            for i, s in enumerate(self.seat_setups)
        )
        return MatchRecord(
            variant=self.variant.id,
            variant_name=self.variant.name,
            options=dict(m.options),
            seats=m.seats,
            seed=f"{ONLINE_SEED}{self.code}",
            started_at=started_at,
            finished_at=finished_at,
            seconds=round(float(seconds), 1),
            scores=tuple(m.scores),
            teams=tuple(tuple(t) for t in m.teams) if m.teams else None,
            winners=wins,
            end_reason=m.end_reason,
            players=players,
            deals=tuple(deal_records(m.history)),
            save="",
        )

    def close(self) -> None:
        self.link.close()


class MirrorDealEnd:
    """The deal that just ended, for the end-of-deal sheet: its last view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.raw = view

    def view(self, seat: int) -> _Json:
        return _Json(self.raw)
