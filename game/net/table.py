"""One online table, pure (docs/online.md): the match, its seats and their tokens, the
readers (connections) at it, grace periods, the turn clock, undo and chat. No sockets and
no threads: the server feeds it frames and the time (`clock`), and routes what it returns,
a list of (reader id, frame). Every action is applied and appended to the log in one
step (an action the game refuses or fails on is never logged) before anyone hears of it."""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crowsnest.engine import (
    Action,
    ActionError,
    Deal,
    Match,
    MatchError,
    OptionError,
    Variant,
    VariantFault,
)
from crowsnest.engine.presentation import Text, sentence
from crowsnest.net import words
from crowsnest.net.directory import Unavailable
from crowsnest.net.log import Entry, SeatRow, TableLog
from crowsnest.net.protocol import CODE_ALPHABET, CODE_LEN, VERSION, Frame, clean_text, dumps

logger = logging.getLogger("crowsnest.net")

Out = list[tuple[int, dict[str, Any]]]
Clock = Callable[[], float]

RULES: dict[str, tuple[Any, ...]] = {
    # key: (default, check) where check(value, variant) -> bool
    "grace": (30, lambda v, _: _whole(v) and 0 <= v <= 600),
    "turn": (0, lambda v, _: _whole(v) and (v == 0 or 5 <= v <= 600)),
    "bank": (0, lambda v, _: _whole(v) and 0 <= v <= 3600),
    "substitute": ("normal", lambda v, var: isinstance(v, str) and v in var.ais),
    "undo": ("off", lambda v, _: v in ("off", "agree")),
    "spectators": (True, lambda v, _: isinstance(v, bool)),
    "chat": ("presets", lambda v, _: v in ("presets", "free", "off")),
    "lobby": (False, lambda v, _: isinstance(v, bool)),
}


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class TableError(Exception):
    """A frame the table cannot take: the protocol's `error` code and the detail."""

    def __init__(self, error: str, /, **fill: Any) -> None:
        super().__init__(error)
        self.code = error
        self.fill = fill


def new_code(taken: Callable[[str], bool]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))
        if not taken(code):
            return code


def new_token() -> str:
    return secrets.token_bytes(16).hex()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


@dataclass(slots=True)
class Reader:
    id: int
    seat: int | None
    lang: str
    name: str


@dataclass(slots=True)
class SeatInfo:
    kind: str  # "human" or "ai"
    level: str  # an ai seat's level ("" for a human seat)
    name: str = ""
    token_hash: str | None = None
    handed: bool = False  # a human seat handed to the computer for the match
    status: str = "empty"  # connected, away, ai, empty
    away_since: float = 0.0
    reader: int | None = None
    bank: float = 0.0


@dataclass(slots=True)
class Undo:
    by: int
    keep: int  # actions kept
    yes: set[int] = field(default_factory=set)


def resolve_rules(rules: Mapping[str, Any] | None, variant: Variant) -> dict[str, Any]:
    out = {k: d for k, (d, _) in RULES.items()}
    if "normal" not in variant.ais:  # the default substitute: the variant's strongest
        out["substitute"] = sorted(variant.ais)[0] if variant.ais else "random"
    for key, value in (rules or {}).items():
        if key not in RULES:
            raise TableError("bad_setup", detail=f'unknown table rule "{str(key)[:30]}"')
        if not RULES[key][1](value, variant):
            raise TableError("bad_setup", detail=f'the table rule "{key}" cannot be {value!r}')
        out[key] = value
    return out


def seat_spec(seats: Any, variant: Variant) -> list[dict[str, str]]:
    if not isinstance(seats, list) or not seats:
        raise TableError("bad_setup", detail='"seats" must list the seats')
    if len(seats) not in variant.seats:
        counts = ", ".join(str(n) for n in variant.seats)
        raise TableError(
            "bad_setup", detail=f"{variant.name} is played by {counts}, not {len(seats)}"
        )
    out = []
    for i, s in enumerate(seats):
        kind = s.get("kind") if isinstance(s, dict) else None
        if kind == "human" and set(s) <= {"kind"}:
            out.append({"kind": "human", "level": ""})
        elif kind == "ai" and set(s) <= {"kind", "level"} and isinstance(s.get("level"), str):
            if s["level"] not in variant.ais:
                known = ", ".join(sorted(variant.ais))
                raise TableError(
                    "bad_setup", detail=f"seat {i}: no level {s['level'][:20]!r} ({known})"
                )
            out.append({"kind": "ai", "level": s["level"]})
        else:
            raise TableError(
                "bad_setup",
                detail=f'seat {i} must be {{"kind":"human"}} or {{"kind":"ai","level":L}}',
            )
    return out


class Table:
    def __init__(
        self,
        code: str,
        variant: Variant,
        start: dict[str, Any],
        log: TableLog,
        clock: Clock,
    ) -> None:
        self.code = code
        self.variant = variant
        self.start = start
        self.log = log
        self.clock = clock
        self.rules: dict[str, Any] = start["rules"]
        self.owner: int | None = start.get("owner")
        self.match = Match(
            variant, seed=start["seed"], seats=len(start["spec"]), options=start["options"]
        )
        self.seats = [
            SeatInfo(s["kind"], s["level"], status="ai" if s["kind"] == "ai" else "empty")
            for s in start["spec"]
        ]
        for seat in self.seats:
            seat.bank = float(self.rules["bank"])
        self.acts: list[tuple[int, str]] = []  # (seat, action) parallel to match.log
        self.cards = _card_names(self.match.deck.names)  # what an action may hide
        # The notation of the legal actions, shared by every table of the deck (None: the
        # game writes its own notation, which may read the deal's state).
        plain = type(self.match.deal).format_action is Deal.format_action
        self.formats = _formats(self.match.deck.names) if plain else None
        self.seq = 0
        self.readers: dict[int, Reader] = {}
        self.undo: Undo | None = None
        self.turn_started = clock()
        self.clock_due = False
        self.finished = False
        self.active = clock()  # the last action, or the last reader leaving (idle expiry)
        self.published_as: tuple[Any, ...] | None = None  # presence() when last published
        self._public: bool | None = None  # whether the game has a public view (asked once)

    # ------------------------------------------------------------ making and restoring

    @classmethod
    def create(
        cls,
        code: str,
        variant: Variant,
        frame: Mapping[str, Any],
        log: TableLog,
        clock: Clock,
    ) -> Table:
        spec = seat_spec(frame.get("seats"), variant)
        rules = resolve_rules(frame.get("rules"), variant)
        take = frame.get(
            "take", next((i for i, s in enumerate(spec) if s["kind"] == "human"), None)
        )
        if take is not None and (take >= len(spec) or spec[take]["kind"] != "human"):
            raise TableError("bad_setup", detail=f"seat {take} is not a human seat")
        try:
            # Checked exactly as `crowsnest engine`'s new checks them (same sentences).
            probe = Match(variant, seed=0, seats=len(spec), options=frame.get("options") or {})
        except (MatchError, OptionError) as e:
            raise TableError("bad_setup", detail=str(e)) from None
        start = {
            "variant": variant.id,
            "spec": spec,
            "options": dict(probe.options),
            "seed": secrets.randbits(64),  # never leaves the server while the table is open
            "rules": rules,
            "owner": take,
        }
        log.create(code, start)
        return cls(code, variant, start, log, clock)

    @classmethod
    def restore(cls, code: str, variant: Variant, log: TableLog, clock: Clock) -> Table:
        start = log.start(code)
        if start is None:
            raise KeyError(code)
        t = cls(code, variant, start, log, clock)
        texts: list[str] = []
        for e in log.entries(code):
            if e.kind == "act":
                t.match.apply(e.text)
                t.acts.append((e.seat, e.text))
                texts.append(e.text)
            elif e.kind == "undo":
                keep = int(e.text)
                t.acts = t.acts[:keep]
                texts = texts[:keep]
                t.match = Match.replay(variant, texts, **t.match.start_kwargs())
            t.seq = e.seq
        now = clock()
        for row in log.seats(code):
            if 0 <= row.seat < len(t.seats):
                s = t.seats[row.seat]
                s.token_hash, s.name = row.token_hash, row.name
                if row.status == "ai":
                    s.handed, s.status = True, "ai"
                elif row.token_hash:
                    s.status, s.away_since = "away", now  # back after a restart: a grace
        t.finished = t.match.over
        return t

    # ------------------------------------------------------------ what readers see

    def presence(self) -> tuple[Any, ...]:
        """Everything the server's lobby summary of the table reads that can change (the
        seats, the match being over), as a value cheap to make and compare."""
        return (
            self.match.over,
            tuple((s.kind, s.status, s.name, s.handed, s.token_hash is None) for s in self.seats),
        )

    def has_public_view(self) -> bool:
        """Whether the game gives spectators a view: asked of the match once (a view made
        for the lobby every second stayed with the table until its next action)."""
        if self._public is None:
            self._public = self.match.public_view_json() is not None
            self.match.forget_views()
        return self._public

    def players(self) -> list[dict[str, Any]]:
        return [self.player(i) for i in range(len(self.seats))]

    def player(self, i: int) -> dict[str, Any]:
        s = self.seats[i]
        out: dict[str, Any] = {
            "seat": i,
            "name": s.name,
            "kind": s.kind,
            "level": s.level if s.kind == "ai" else None,
            "status": s.status,
            "grace_left": None,
        }
        if s.status == "away":
            left = self.rules["grace"] - (self.clock() - s.away_since)
            out["grace_left"] = round(max(0.0, left), 1)
        return out

    def _view(self, seat: int | None) -> Mapping[str, Any]:
        """The reader's view: the match's own dict, built once per action (read only)."""
        if seat is None:
            v = self.match.public_view_json()
            return v if v is not None else {}
        return self.match.view_json(seat)

    def _view_text(self, seat: int | None) -> str:
        """The reader's view as JSON, made once per action and seat (Match.view_texts):
        it goes into every frame for that seat as it is, and an action's cards are looked
        up in it."""
        return self.match.view_text(seat, dumps)

    def _clock(self) -> dict[str, Any] | None:
        if not self.rules["turn"] or self.match.over:
            return None
        seat = self.match.to_move
        s = self.seats[seat]
        if s.kind != "human" or s.status in ("ai", "empty"):
            return None
        used = self.clock() - self.turn_started
        turn_left = max(0.0, self.rules["turn"] - used)
        bank_left = s.bank - max(0.0, used - self.rules["turn"])
        return {
            "seat": seat,
            "turn_left": round(turn_left, 1),
            "bank_left": round(max(0.0, bank_left), 1),
        }

    def _decision(self, r: Reader) -> dict[str, Any]:
        m = self.match
        if m.over or r.seat is None or r.seat != m.to_move:
            return {}
        complete = m.deal.legal_complete()
        hint: Any = ""
        if not complete:
            with words.speaking(r.lang):
                hint = m.deal.legal_hint()
        legal = self._legal(m)
        if not complete:  # a few examples of what is to be chosen (not from the seed)
            deal, rng = m.deal.clone(), random.Random(secrets.randbits(64))
            for _ in range(16):
                a = deal.random_action(rng)
                if deal.check(a) is None:
                    legal.add(deal.format_action(a))
        return {
            "legal": sorted(legal),
            "complete": complete,
            "hint_text": _text(hint),
        }

    def _legal(self, m: Match) -> set[str]:
        """The mover's legal actions in notation (a set: sorted once by _decision, no
        notation order needed). Each action is written once per deck, not once per
        decision: the list was most of a decision's cost."""
        fmt = m.deal.format_action
        known = self.formats
        if known is not None:
            legal: set[str] = set()
            try:
                for a in m.legal_actions():
                    text = known.get(a)
                    if text is None:
                        if len(known) >= FORMATS_KEPT:  # discards: too many to keep them all
                            known.clear()
                        text = known[a] = fmt(a)
                    legal.add(text)
                return legal
            except TypeError:  # a game's action that is not hashable (a list in it)
                self.formats = None
        return {fmt(a) for a in m.legal_actions()}

    def _common(self, r: Reader) -> dict[str, Any]:
        """What every update and snapshot holds, but the view (framed() adds it)."""
        return {
            **self._state(),
            "can_undo": self._undo_target(r.seat) is not None,
            **self._decision(r),
        }

    def _state(self) -> dict[str, Any]:
        """The part of _common that is the same for every reader."""
        m = self.match
        return {
            "to_move": m.to_move,
            "phase": m.phase,
            "over": m.over,
            "winner": m.winner,
            "clock": self._clock(),
        }

    def snapshot(self, rid: int) -> dict[str, Any]:
        r = self.readers[rid]
        m = self.match
        deal_log = [
            [seat, self._seen_action(r, seat, text)] for seat, text in self.acts[m.deal_start :]
        ]
        f = self.framed(
            r,
            {
                "type": "snapshot",
                "code": self.code,
                "seq": self.seq,
                "you": r.seat,
                "owner": self.owner,
                "variant": self.variant.id,
                "seats": len(self.seats),
                "options": dict(m.options),
                "rules": dict(self.rules),
                "players": self.players(),
                "deal_no": m.deal_no,
                "dealer": m.dealer,
                "scores": list(m.scores),
                "history": list(m.history),
                "end_reason": m.end_reason,
                "log": deal_log,
                "undo": {"by": self.undo.by} if self.undo else None,
                **self._common(r),
            },
        )
        m.forget_views()  # an idle table keeps no JSON, and no views
        return f

    def framed(self, r: Reader, body: dict[str, Any], head: str | None = None) -> Frame:
        """`body`, and its JSON text with the reader's view spliced in last as the text
        Match.view_texts made (the views' JSON is made once per action, its seat-free
        part once for every seat; no view dict is made for a frame)."""
        f = Frame(body)
        if head is None:
            head = dumps({"v": VERSION, **body})
        f.text = head[:-1] + ',"view":' + self._view_text(r.seat) + "}"
        return f

    def _seen_action(self, r: Reader, seat: int, text: str, events: Any = ()) -> str:
        """The action as this reader may see it: whole when every card it names is in the
        events it was given or in its view now, else its verb alone (`discard`). Words
        that are not cards (a bid's amount, a colour) hide nothing. The events (small)
        are looked through first; the view is searched as its JSON text."""
        if r.seat == seat or " " not in text:
            return text
        verb, *words = text.split()
        cards = [w for w in words if w in self.cards]
        if not cards:
            return text
        return self._shown(r.seat, verb, text, cards, events, {})

    def _shown(
        self,
        seat: int | None,
        verb: str,
        text: str,
        cards: list[str],
        events: Any,
        shown: dict[tuple[int, ...], set[str]],
    ) -> str:
        """_seen_action for a reader of `seat` and an action naming `cards`: `shown`
        keeps the strings of each list of events met (readers given the same event
        objects share them)."""
        if events:
            key = tuple(map(id, events))
            named = shown.get(key)
            if named is None:
                named = shown[key] = _strings(events)
            missing = [c for c in cards if c not in named]
        else:
            missing = cards
        if missing:
            view = self._view_text(seat)
            if not all(dumps(c) in view for c in missing):
                return verb
        return text

    def _everyone(self, make: Callable[[Reader], dict[str, Any]]) -> Out:
        return [(rid, make(r)) for rid, r in self.readers.items()]

    def seat_frame(self, i: int) -> Out:
        return self._everyone(lambda r: {"type": "seat", **self.player(i)})

    # ------------------------------------------------------------ joining

    def watch(self, rid: int, lang: str, name: str) -> Out:
        if not self.rules["spectators"] or self.match.public_view_json() is None:
            raise TableError("no_spectators")
        self.readers[rid] = Reader(rid, None, lang, name)
        return [(rid, self.snapshot(rid))]

    def take(self, rid: int, lang: str, name: str, seat: int | None) -> tuple[int, str, Out]:
        free = [
            i
            for i, s in enumerate(self.seats)
            if s.kind == "human" and not s.handed and s.token_hash is None
        ]
        if seat is None:
            if not free:
                raise TableError("full")
            seat = free[0]
        elif seat not in free:
            raise TableError("seat_taken", seat=seat)
        token = new_token()
        # Written first: a store that cannot take it (Redis away) leaves the seat free.
        self.log.set_seat(self.code, SeatRow(seat, token_hash(token), name, "taken"))
        s = self.seats[seat]
        s.token_hash, s.name, s.status, s.reader = token_hash(token), name, "connected", rid
        self.readers[rid] = Reader(rid, seat, lang, name)
        return seat, token, [(rid, self.snapshot(rid)), *self._others(rid, self.seat_frame(seat))]

    def resume(self, rid: int, lang: str, token: str) -> tuple[int, int | None, Out]:
        """(seat, the reader it was taken from or None, frames)."""
        h = token_hash(token)
        seat = next(
            (
                i
                for i, s in enumerate(self.seats)
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, h)
            ),
            None,
        )
        if seat is None:
            raise TableError("bad_token")
        s = self.seats[seat]
        replaced = s.reader if s.reader is not None and s.reader != rid else None
        if replaced is not None:
            self.readers.pop(replaced, None)
        s.status, s.reader = "connected", rid  # handed back at the next decision
        self.readers[rid] = Reader(rid, seat, lang, s.name)
        return (
            seat,
            replaced,
            [(rid, self.snapshot(rid)), *self._others(rid, self.seat_frame(seat))],
        )

    def leave(self, rid: int) -> Out:
        r = self.readers.pop(rid, None)
        if not self.readers:
            self.active = self.clock()
        if r is None or r.seat is None:
            return []
        s = self.seats[r.seat]
        if s.reader != rid:
            return []
        s.reader = None
        if s.status == "connected":
            s.status, s.away_since = "away", self.clock()
        out = self.seat_frame(r.seat)
        if self.undo is not None and self.undo.by == r.seat:
            out += self._undo_declined(None)
        return out

    def _others(self, rid: int, out: Out) -> Out:
        return [(x, f) for x, f in out if x != rid]

    def _save_seat(self, i: int) -> None:
        s = self.seats[i]
        status = "ai" if s.handed else ("taken" if s.token_hash else "free")
        self.log.set_seat(self.code, SeatRow(i, s.token_hash, s.name, status))

    # ------------------------------------------------------------ playing

    def refusal(
        self, r: Reader, action: str, code: str, reason: str = "", **fill: Any
    ) -> dict[str, Any]:
        if code != "illegal":
            reason = words.say(r.lang, words.REFUSALS[code], seq=self.seq, **fill)
        return {
            "type": "refused",
            "seq": self.seq,
            "action": action,
            "code": code,
            "reason": reason,
        }

    def act(self, rid: int, seq: int, action: str) -> Out:
        r = self.readers[rid]
        m = self.match
        if r.seat is None:
            return [(rid, self.refusal(r, action, "not_seated"))]
        if m.over:
            return [(rid, self.refusal(r, action, "over"))]
        if seq != self.seq:
            return [(rid, self.refusal(r, action, "stale"))]
        if r.seat != m.to_move:
            return [(rid, self.refusal(r, action, "not_your_turn"))]
        if self.undo is not None:
            return [(rid, self.refusal(r, action, "undo_pending"))]
        # Parsed and checked once; a refusal is said again in the reader's language (a
        # check is pure: the same answer, in words the reader reads).
        parsed: Action | None = None
        try:
            parsed = m.parse(action)
            bad = m.check(parsed)
        except ActionError as e:
            bad = str(e)
        if bad is not None or parsed is None:
            with words.speaking(r.lang):
                reason = m.check(action)
            return [(rid, self.refusal(r, action, "illegal", _text(reason or bad)))]
        s = self.seats[r.seat]
        if self.rules["turn"]:
            s.bank = max(
                0.0, s.bank - max(0.0, self.clock() - self.turn_started - self.rules["turn"])
            )
        try:
            return self.apply(r.seat, action, "player", checked=parsed)
        except Unavailable:  # the log's store is away: not played, the seat kept
            return [(rid, self.refusal(r, action, "unavailable"))]
        except VariantFault:
            # A plugin's fault never takes the table down: the move is refused, the table
            # is as it was (never logged: the text names the player's cards).
            logger.error("table %s: the game's code failed on a move; refused", self.code)
            return [(rid, self.refusal(r, action, "fault"))]

    def take_back(self, since: int) -> bool:
        """The table as it was before entry `since`, when the entries from it on are
        actions (their writes were lost: the store was away). False when it cannot be
        done in memory (the table then goes back to its log)."""
        k = self.seq - since + 1
        if k <= 0 or k > len(self.acts):
            return k <= 0
        self.acts = self.acts[:-k]
        self.match = Match.replay(
            self.variant, [t for _, t in self.acts], **self.match.start_kwargs()
        )
        self.seq = since - 1
        self.finished = self.match.over
        self.turn_started = self.active = self.clock()
        self.clock_due = False
        return True

    def catch_up(self, entries: list[Entry]) -> bool:
        """Entries the log has after this table's seq (writes taken back that had landed
        after all) applied as they are; False, untouched, when one is not an action."""
        if any(e.kind != "act" for e in entries):
            return False
        for e in entries:
            self.match.apply(e.text)
            self.acts.append((e.seat, e.text))
            self.seq = e.seq
        self.finished = self.match.over
        self.turn_started = self.active = self.clock()
        return True

    def apply(self, seat: int, action: str, by: str, checked: Action | None = None) -> Out:
        """Apply an action by `seat` (a player's, or the computer's for it): applied and
        logged, then one update per reader. `checked`: the action parsed and found legal
        at this seq (act() did both). Raises ActionError or VariantFault (the table
        unchanged, nothing logged)."""
        m = self.match
        parsed = checked if checked is not None else m.parse(action)
        text = m.deal.format_action(parsed)
        # Applied, then logged, as one step: an action the match refuses (ActionError) or
        # the game's code fails on (VariantFault: the match is left as it was) is never
        # logged, so a restart's replay never meets it; an action the log cannot take is
        # taken back. Either way nobody hears of it.
        if checked is not None and text == action:  # checked, and what the log will say
            events = m.apply_unchecked(checked)
        else:  # what a replay of the log applies: the text, parsed and checked again
            events = m.apply(text)
        entry = Entry(self.seq + 1, "act", seat, text, by)
        try:
            self.log.append(self.code, entry)
        except BaseException:
            self.match = Match.replay(self.variant, [t for _, t in self.acts], **m.start_kwargs())
            raise
        self.seq = entry.seq
        self.acts.append((seat, text))
        self.turn_started = self.active = self.clock()
        self.clock_due = False
        if (
            self.seats[seat].status == "ai"
            and not self.seats[seat].handed
            and self.seats[seat].reader is not None
        ):
            self.seats[seat].status = "connected"
        out: Out = []
        memo: dict[int, Any] = {}  # an event every reader sees alike made JSON once
        readers = self.readers
        views = m.view_texts([r.seat for r in readers.values()], dumps)  # all at once
        state = self._state()
        # What depends on the action alone, worked out once for every reader: its cards
        # (a reader may not be shown them) and how many it names.
        verb, *names = text.split()
        cards = [w for w in names if w in self.cards]
        to_move = m.to_move  # the one seat given a decision (-1 once the match is over)
        shown: dict[tuple[int, ...], set[str]] = {}  # the strings of readers' events alike
        # Every reader's events, made JSON once, where the game gives each reader the same;
        # then the action's cards they do not name are the same for every reader too, and
        # only those are looked for in each reader's view (as _shown does).
        alike = [_jsonable(e) for e in events] if m.events_alike() else None
        unnamed: list[str] = []
        if cards and alike is not None:
            named = _strings(alike)
            unnamed = [dumps(c) for c in cards if c not in named]
        undo = self.rules["undo"] == "agree" and not m.over  # else nobody can undo
        # The readers whose update says the same (the action as seen, the same events,
        # can_undo, no decision) share its body and its JSON text: only their views differ.
        bodies: dict[tuple[Any, ...], tuple[dict[str, Any], str]] = {}
        for (rid, r), view in zip(readers.items(), views, strict=True):
            rs = r.seat
            seen = (
                alike if alike is not None else [_once(e, memo) for e in m.events_for(events, rs)]
            )
            action = text
            if cards and rs != seat:
                if alike is None:
                    action = self._shown(rs, verb, text, cards, seen, shown)
                elif unnamed and not all(c in view for c in unnamed):
                    action = verb
            can_undo = undo and self._undo_target(rs) is not None
            decision = self._decision(r) if rs == to_move else {}
            key: tuple[Any, ...] | None
            if decision:
                key = None
            elif alike is not None:  # the same events for everyone
                key = (action, can_undo)
            else:
                key = (action, can_undo, *map(id, seen))
            got = bodies.get(key) if key is not None else None
            if got is None:
                update = {
                    "type": "update",
                    "seq": self.seq,
                    "seat": seat,
                    "action": action,
                    "by": by,
                    "events": seen,
                    **state,
                    "can_undo": can_undo,
                    **decision,
                }
                if action != text:  # (never the actor's own: it is told its action)
                    update["cards"] = len(names)
                # The text open for the reader's view (framed() without a call).
                got = update, dumps({"v": VERSION, **update})[:-1] + ',"view":'
                if key is not None:
                    bodies[key] = got
            f = Frame(got[0])
            f.text = got[1] + view + "}"
            out.append((rid, f))
        m.forget_views()  # made for these frames; an idle table keeps none
        if m.over and not self.finished:
            self.finished = True
            self.log.finish(self.code)
        return out

    def due(self) -> tuple[int, str, str] | None:
        """(seat, level, by) when the computer must move now, else None."""
        m = self.match
        if m.over or self.undo is not None:
            return None
        seat = m.to_move
        s = self.seats[seat]
        if s.kind == "ai":
            return seat, s.level, "ai"
        if s.status in ("ai", "empty"):
            return seat, self.rules["substitute"], "ai"
        if self.clock_due:
            return seat, self.rules["substitute"], "clock"
        return None

    def tick(self) -> Out:
        """Grace periods and the turn clock, at the server's beat."""
        now = self.clock()
        out: Out = []
        for i, s in enumerate(self.seats):
            if s.status == "away" and now - s.away_since >= self.rules["grace"]:
                s.status = "ai"
                out += self.seat_frame(i)
        if self.rules["turn"] and not self.match.over and not self.clock_due:
            s = self.seats[self.match.to_move]
            late = now - self.turn_started > self.rules["turn"] + s.bank
            if s.kind == "human" and s.status in ("connected", "away") and late:
                s.bank = 0.0
                self.clock_due = True
        return out

    def check(self, rid: int, action: str) -> dict[str, Any]:
        r = self.readers[rid]
        m = self.match
        describe: str | None = None
        with words.speaking(r.lang):
            reason = (
                m.check(action)
                if r.seat == m.to_move
                else words.say(r.lang, words.REFUSALS["not_your_turn"])
            )
            if reason is None:
                try:
                    a = m.parse(action)
                    cards = a[1] if len(a) > 1 and isinstance(a[1], tuple) else ()
                    describe = _text(m.deal.describe(cards)) or None if cards else None
                except Exception:  # noqa: BLE001 - a plugin's describe never takes the table down
                    describe = None
        return {
            "type": "checked",
            "action": action,
            "reason": _text(reason) if reason else None,
            "describe": describe,
        }

    # ------------------------------------------------------------ chat, undo, owner

    def chat(self, rid: int, preset: str | None, text: str | None) -> Out:
        r = self.readers[rid]
        mode = self.rules["chat"]
        if mode == "off" or (text is not None and mode != "free"):
            raise TableError("chat_off")
        if preset is not None and preset not in words.PRESETS:
            raise TableError("bad_preset", got=preset[:20])
        if preset is None and not text:
            raise TableError("chat_off")
        base = {"type": "chat", "seat": r.seat, "name": r.name}
        if preset is not None:
            return self._everyone(
                lambda x: {
                    **base,
                    "preset": preset,
                    "text": words.say(x.lang, words.PRESETS[preset]),
                }
            )
        said = clean_text(text or "")
        if not said:
            raise TableError("chat_off")
        return self._everyone(lambda x: {**base, "text": said})

    def _undo_target(self, seat: int | None) -> int | None:
        """How many actions stay when `seat` takes back its last decision of this deal."""
        if seat is None or self.rules["undo"] != "agree" or self.match.over:
            return None
        start = self.match.deal_start
        for k in range(len(self.acts) - 1, start - 1, -1):
            if self.acts[k][0] == seat and self.seats[seat].kind == "human":
                return k
        return None

    def ask_undo(self, rid: int, seq: int | None) -> Out:
        r = self.readers[rid]
        if self.rules["undo"] != "agree":
            return [(rid, self.refusal(r, "undo", "undo_off"))]
        if self.undo is not None:
            return [(rid, self.refusal(r, "undo", "undo_pending"))]
        if seq is not None and seq != self.seq:
            return [(rid, self.refusal(r, "undo", "stale"))]
        keep = self._undo_target(r.seat)
        if keep is None or r.seat is None:
            return [(rid, self.refusal(r, "undo", "nothing_to_undo"))]
        self.undo = Undo(r.seat, keep)
        if not self._voters():
            return self._undo_done()
        name = self.seats[r.seat].name
        return self._everyone(
            lambda x: {
                "type": "undo",
                "state": "asked",
                "by": r.seat,
                "text": words.say(x.lang, words.UNDO["asked"], name=name),
            }
        )

    def _voters(self) -> set[int]:
        assert self.undo is not None
        return {
            i
            for i, s in enumerate(self.seats)
            if s.kind == "human" and s.status == "connected" and i != self.undo.by
        }

    def answer_undo(self, rid: int, yes: bool) -> Out:
        r = self.readers[rid]
        if self.undo is None or r.seat is None or r.seat not in self._voters():
            return [(rid, self.refusal(r, "undo", "nothing_to_undo"))]
        if not yes:
            return self._undo_declined(r.seat)
        self.undo.yes.add(r.seat)
        if self._voters() <= self.undo.yes:
            return self._undo_done()
        return []

    def _undo_declined(self, who: int | None) -> Out:
        assert self.undo is not None
        by = self.undo.by
        self.undo = None
        return self._everyone(
            lambda x: {
                "type": "undo",
                "state": "declined",
                "by": by,
                "who": who,
                "text": words.say(x.lang, words.UNDO["declined"]),
            }
        )

    def _undo_done(self) -> Out:
        assert self.undo is not None
        by, keep = self.undo.by, self.undo.keep
        self.undo = None
        entry = Entry(self.seq + 1, "undo", by, str(keep))
        self.log.append(self.code, entry)
        self.acts = self.acts[:keep]
        self.match = Match.replay(
            self.variant, [t for _, t in self.acts], **self.match.start_kwargs()
        )
        self.seq = entry.seq
        self.turn_started = self.active = self.clock()
        name = self.seats[by].name
        out = self._everyone(
            lambda x: {
                "type": "undo",
                "state": "done",
                "by": by,
                "text": words.say(x.lang, words.UNDO["done"], name=name),
            }
        )
        return out + [(rid, self.snapshot(rid)) for rid in self.readers]

    def owner_move(self, rid: int, kind: str, seat: int) -> tuple[int | None, Out]:
        """kick or to_ai by the owner: (the reader to send bye to, frames)."""
        r = self.readers[rid]
        if self.owner is None or r.seat != self.owner:
            raise TableError("not_owner")
        if (
            not 0 <= seat < len(self.seats)
            or self.seats[seat].kind != "human"
            or seat == self.owner
        ):
            raise TableError("seat_taken", seat=seat)
        s = self.seats[seat]
        gone = s.reader
        if gone is not None:
            self.readers.pop(gone, None)
        s.token_hash, s.reader = None, None
        if kind == "to_ai":
            s.handed, s.status = True, "ai"
        else:
            s.status, s.name = "empty", ""
        self._save_seat(seat)
        return gone, self.seat_frame(seat)

    @property
    def connected(self) -> bool:
        return bool(self.readers)


def _text(x: Any) -> str:
    return sentence(x) if isinstance(x, Text) else str(x or "")


_CARDS: dict[tuple[str, ...], frozenset[str]] = {}


def _card_names(names: tuple[str, ...]) -> frozenset[str]:
    """One set per deck, shared by every table of it (memory per table)."""
    got = _CARDS.get(names)
    if got is None:
        got = _CARDS[names] = frozenset(names)
    return got


# Actions' notation kept per deck (Table.formats): CrowsNest's plays, calls and trumps are
# 57 (all met in 20,000 actions of random play); the bound is for the nest's discards (64
# new ones a nest decision), which clear it now and then. 4,096 discards took 980 KiB.
FORMATS_KEPT = 512
_FORMATS: dict[tuple[str, ...], dict[Action, str]] = {}


def _formats(names: tuple[str, ...]) -> dict[Action, str]:
    got = _FORMATS.get(names)
    if got is None:
        got = _FORMATS[names] = {}
    return got


def _strings(x: Any) -> set[str]:
    out: set[str] = set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, str):
            out.add(y)
        elif isinstance(y, dict):
            stack.extend(y.values())
        elif isinstance(y, list | tuple):
            stack.extend(y)
    return out


def _once(event: Any, memo: dict[int, Any]) -> Any:
    """_jsonable(event), made once for an event object several readers are given."""
    got = memo.get(id(event))
    if got is None:
        got = memo[id(event)] = (event, _jsonable(event))
    return got[1]


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_jsonable(v) for v in x]
    if isinstance(x, Text):
        return x.plain()
    if x is None or isinstance(x, bool | int | float | str):
        return x
    return str(x)
