"""A table server in memory for the window's online tests: the frames of docs/online.md
(snapshot, update, refused, checked, hint, seat, bye) from a real Match, one reader per
connection, the other seats played by the engine's random legal moves, an away seat by
the substitute once its grace is over. No sockets: a `Conn` stands in for
crowsnest.net's ThreadClient (send / poll / close), so a test can drop one at will."""

from __future__ import annotations

import random
from typing import Any

from crowsnest.engine import Match


class Conn:
    def __init__(self, table: FakeServer) -> None:
        self.table, self.inbox, self.closed = table, [], False
        self.seat: int | None = None

    def send(self, msg: dict[str, Any]) -> None:
        assert msg.get("v") == 1, msg
        if not self.closed:
            self.table.frame(self, msg)

    def poll(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.table.gone(self)


class FakeServer:
    def __init__(self, variant: Any, seed: int = 1, you: int = 0, grace: int = 0) -> None:
        self.match = Match(variant, seed=seed)
        self.you = you
        self.grace = grace
        self.rng = random.Random(seed)
        self.seq = 0
        self.conns: list[Conn] = []
        self.token = "ab" * 16
        self.away = False
        self.code = "K7QW3M"
        self.played_for_away = 0

    def connect(self, url: str) -> Conn:
        assert url.startswith("ws://127.0.0.1"), url  # loopback only
        c = Conn(self)
        self.conns.append(c)
        return c

    def out(self, c: Conn, msg: dict[str, Any]) -> None:
        c.inbox.append({"v": 1, **msg})

    def players(self) -> list[dict[str, Any]]:
        out = []
        for s in range(self.match.seats):
            if s == self.you:
                status = "ai" if self.away else "connected"
                out.append({"seat": s, "name": "Aino", "kind": "human", "status": status})
            else:
                out.append({"seat": s, "name": f"Bot {s}", "kind": "ai", "status": "ai"})
        return out

    def turn(self, seat: int | None) -> dict[str, Any]:
        m = self.match
        if seat is None or m.to_move != seat:
            return {}
        return {
            "legal": m.legal_strings(),
            "complete": m.deal.legal_complete(),
            "hint_text": m.deal.legal_hint(),
        }

    def snapshot(self, c: Conn) -> dict[str, Any]:
        m = self.match
        seat = c.seat
        log = []
        for who, a in zip(self.actors[m.deal_start :], m.log[m.deal_start :], strict=False):
            text = m.deal.format_action(a)
            if a[0] == "discard" and who != seat:
                text = "discard"
            log.append([who, text])
        return {
            "type": "snapshot",
            "code": self.code,
            "seq": self.seq,
            "you": seat,
            "owner": self.you,
            "variant": m.variant.id,
            "seats": m.seats,
            "options": dict(m.options),
            "rules": {"grace": self.grace, "undo": "off", "chat": "presets"},
            "players": self.players(),
            "view": m.view_json(seat) if seat is not None else m.public_view_json(),
            "to_move": m.to_move,
            "phase": m.phase,
            "over": m.over,
            "winner": m.winner,
            "deal_no": m.deal_no,
            "dealer": m.dealer,
            "scores": list(m.scores),
            "history": list(m.history),
            "end_reason": m.end_reason,
            "log": log,
            "can_undo": False,
            "undo": None,
            **self.turn(seat),
        }

    actors: list[int] = []

    def frame(self, c: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "hello":
            self.out(c, {"type": "welcome", "protocol": 1, "presets": []})
        elif kind in ("join", "resume"):
            if kind == "resume":
                assert msg["token"] == self.token and msg["code"] == self.code
            c.seat = self.you
            self.away = False
            self.out(
                c,
                {
                    "type": "joined",
                    "code": self.code,
                    "seat": c.seat,
                    "token": self.token if kind == "join" else None,
                    "resumed": kind == "resume",
                },
            )
            self.out(c, self.snapshot(c))
        elif kind == "act":
            m = self.match
            if msg["seq"] != self.seq:
                self.out(c, {"type": "refused", "code": "stale", "seq": self.seq})
                return
            why = m.check(msg["action"]) if m.to_move == c.seat else "not your turn"
            if why is not None:
                self.out(
                    c,
                    {
                        "type": "refused",
                        "code": "illegal",
                        "reason": why,
                        "seq": self.seq,
                        "action": msg["action"],
                    },
                )
                return
            self.apply(m.to_move, msg["action"], "player")
        elif kind == "check":
            self.out(
                c,
                {
                    "type": "checked",
                    "action": msg["action"],
                    "reason": self.match.check(msg["action"]),
                    "describe": None,
                },
            )
        elif kind == "hint":
            a = self.match.deal.random_action(self.rng)
            self.out(c, {"type": "hint", "action": self.match.deal.format_action(a)})
        elif kind == "snapshot":
            self.out(c, self.snapshot(c))
        elif kind == "bye":
            c.close()

    def gone(self, c: Conn) -> None:
        if c.seat == self.you and not any(x.seat == self.you and not x.closed for x in self.conns):
            self.away = True
            for o in self.conns:
                if not o.closed:
                    self.out(o, {"type": "seat", **self.players()[self.you]})

    def apply(self, seat: int, text: str | Any, by: str) -> None:
        m = self.match
        action = m.parse(text) if isinstance(text, str) else text
        events = m.apply(action)
        self.actors = [*self.actors, seat]
        self.seq += 1
        for c in self.conns:
            if c.closed:
                continue
            shown = m.deal.format_action(action) if hasattr(m.deal, "format_action") else text
            if action[0] == "discard" and c.seat != seat:
                shown = "discard"
            self.out(
                c,
                {
                    "type": "update",
                    "seq": self.seq,
                    "seat": seat,
                    "action": shown,
                    "by": by,
                    "events": m.events_for(events, c.seat),
                    "view": m.view_json(c.seat) if c.seat is not None else m.public_view_json(),
                    "to_move": m.to_move,
                    "phase": m.phase,
                    "over": m.over,
                    "winner": m.winner,
                    "can_undo": False,
                    **self.turn(c.seat),
                },
            )

    def run_others(self, limit: int = 1) -> int:
        """The computer plays the seats that are not the window's (and the window's
        while it is away): at most `limit` moves; how many were made."""
        n = 0
        m = self.match
        while n < limit and not m.over and (m.to_move != self.you or self.away):
            if m.to_move == self.you:
                self.played_for_away += 1
            self.apply(m.to_move, m.deal.random_action(self.rng), "ai")
            n += 1
        return n
