"""The asyncio server of `crowsnest serve` (docs/online.md) on the `websockets` library.

One event loop owns every table: frames are parsed (crowsnest.net.protocol), handed to
the table (crowsnest.net.table, pure), and what it returns is written to each
connection at the end of the event-loop tick (Wire: no task or queue per frame).
Computer moves run on the guarded AI runner's threads and come back to the loop; the
table's log is written before any update is sent. No debug or dump route: the
protocol is the only way in, and nothing logged names a card or a token."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import logging
import random
import struct
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import crowsnest
from crowsnest.ai.runner import AIRunner, level_order
from crowsnest.engine import ActionError, VariantFault
from crowsnest.net import words
from crowsnest.net.directory import (
    HERE,
    Directory,
    Elsewhere,
    LeaseLost,
    LocalDirectory,
    Unavailable,
)
from crowsnest.net.log import FlushFailed, SQLiteLog, TableLog
from crowsnest.net.protocol import (
    ACTION_CHARS,
    CHAT_CHARS,
    FRAME_BYTES,
    LANGS,
    NAME_CHARS,
    FrameError,
    clean_name,
    encode,
    is_token,
    normal_code,
    parse,
)
from crowsnest.net.table import Out, Table, TableError, new_code
from crowsnest.plugin_host import Registry
from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.frames import CloseCode, Opcode
from websockets.protocol import State
from websockets.utils import apply_mask

log = logging.getLogger("crowsnest.net")

SEND_QUEUE = 256  # frames kept for a client that does not read, before a snapshot instead
WRITE_LIMIT = 2**15  # bytes in a connection's write buffer before it counts as not reading
EARLY_FRAMES = 64  # frames a client may send before its connection is registered
TICK_S = 0.25
RENEW_S = 1.0  # how often the directory's claims on this process's tables are renewed
SWEEP_S = 60.0  # how often tables nobody holds (their owner died) are looked for
IDLE_EXPIRY_S = 24 * 3600
# What this server has beyond protocol 1's first set (docs/online.md, "Versions"): the
# `redirect` frame (sent only to a connection whose hello named it in `accept`) and the
# `tables` frame (the lobby, answered when asked).
FEATURES = ("redirect", "tables", "seats")
LOBBY_SIZE = 100  # public tables in one `tables` answer
_BYE = '{"v":1,"type":"bye"'
PING_S = 20.0  # a ping to each connection this often (the ticker's keep-alive)
PONG_S = 30.0  # unanswered this long: the connection is cut off
_DATA = (Opcode.TEXT, Opcode.BINARY, Opcode.CONT)
_HEAD16 = struct.Struct("!BBH")  # a text frame's head: FIN + text, 126, the length
_HEAD64 = struct.Struct("!BBQ")
# A server in its own process (`crowsnest serve`) runs Python's full (oldest-generation)
# collection itself, this often, instead of letting it run every few seconds: at 1,000
# tables it took 60-280 ms of CPU each time, every 4-5 s, and found nothing to free (the
# server makes no cyclic garbage at play: every collection of that run freed 0), so it
# was the act-to-update p99 (docs/online.md, "Load and memory", session 9). What it does
# leave: a closed connection, about 7 objects in cycles; five minutes of that at ten
# connections a second is a few MB, and one pause in five minutes stays out of the p99.
FULL_GC_S = 300.0


class Bucket:
    """A token bucket: `rate` a second, at most `burst` saved up."""

    __slots__ = ("rate", "burst", "clock", "tokens", "at")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = burst, clock()

    def ready(self) -> bool:
        """Whether a take() would succeed now (nothing taken)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens >= 1

    def take(self) -> bool:
        if self.ready():
            self.tokens -= 1
            return True
        return False


class _NoMessages:
    """Stands in for websockets' message queue (Wire hands frames to the server)."""

    def close(self) -> None:
        pass

    def put(self, frame: Any) -> None:  # pragma: no cover - Wire keeps data frames
        pass


_NO_MESSAGES: Any = _NoMessages()
_NO_HEADERS = Headers()


class _Received:
    """Stands in for a handshake's `request_rcvd` future once it is done."""

    def done(self) -> bool:
        return True


_RECEIVED: Any = _Received()


class Wire(ServerConnection):
    """A websockets server connection whose frames go straight through: each data frame
    in is handed to `sink` as it is parsed (no queue, no task woken per frame) and each
    frame out is written at once, from the caller (no writer task, no await). A client
    whose socket is full (the transport paused writing) has its frames kept in `backlog`,
    bounded by the server, and written when it reads again.

    Memory (tools/bench_serve_memory.py, docs/online.md session 13): this class's own
    attributes are slots, so the instance dict holds websockets' alone and stays small;
    the flow-control waiters are a list (a deque is 624 bytes, and this server never
    waits on a drain); the logger is websockets' own, not an adapter per connection."""

    __slots__ = (
        "sink",
        "early",
        "parts",
        "text",
        "backlog",
        "close_after",
        "pinged",
        "ping_at",
        "fast",
        "rest",
        "gone",
    )

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        # Iterated, appended to and removed from like the deque (websockets' drain).
        self.drain_waiters = []  # type: ignore[assignment]
        adapter = self.protocol.logger  # websockets' LoggerAdapter naming this connection
        self.logger = self.protocol.logger = getattr(adapter, "logger", adapter)
        # What the server's handler awaits (Server._handler), set when the connection is
        # lost: one future, where wait_closed() shields websockets' own with another
        # future and two callbacks for every connection.
        self.gone: asyncio.Future[None] | None = None
        self.sink: Callable[[str | bytes], None] | None = None
        self.early: list[str | bytes] = []  # frames before the sink was set
        self.parts: list[bytes] = []  # a fragmented message so far
        self.text = True  # the message being fragmented is text
        self.backlog: list[str] = []
        self.close_after: tuple[int, str] | None = None  # once the backlog is written
        self.pinged: float | None = None  # when the ping now unanswered was sent
        self.ping_at = time.monotonic()  # the last ping sent (or the connection made)
        # Frames in: None until the handshake is done, then True while this class reads
        # the client's frames itself (data_received), False once websockets reads them.
        self.fast: bool | None = None
        self.rest = b""  # the start of a frame not yet whole (fast reading)

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        # websockets' queue of messages for recv(): frames go to the sink, never there.
        self.recv_messages = _NO_MESSAGES

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.gone is not None and not self.gone.done():
            self.gone.set_result(None)

    async def wait_gone(self) -> None:
        """Until the connection is lost (as wait_closed(), with no shield: cancelling this
        cancels only `gone`, never websockets' own waiter)."""
        if self.connection_lost_waiter.done():
            return
        if self.gone is None:
            self.gone = self.loop.create_future()
        await self.gone

    def forget_handshake(self) -> None:
        """The handshake's headers are not kept for the connection's life (memory), nor
        the future that waited for them."""
        if self.request_rcvd.done():
            self.request_rcvd = _RECEIVED
        if self.request is not None:
            self.request.headers = _NO_HEADERS
        if self.response is not None:
            self.response.headers = _NO_HEADERS

    def keepalive_tick(self, now: float) -> None:
        """The server's keep-alive, from its ticker (no task per connection, each
        connection once a round of PING_S): a ping when the last one (or the connection)
        is PING_S old, and a client that has not answered one for PONG_S is cut off."""
        if self.protocol.state is not State.OPEN:
            return
        if self.pinged is None:
            if now - self.ping_at < PING_S - TICK_S:  # a round is PING_S of ticks or more
                return
            self.pinged = self.ping_at = now
            with contextlib.suppress(Exception):
                self.protocol.send_ping(b"cn")
                self._write()
        elif now - self.pinged > PONG_S:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        """A client's frames, read here while each is a whole, masked, unfragmented text
        frame of at most 64 KiB (what clients send): its payload goes to the server with
        no parser coroutine, frame object or event list (websockets' reading was some 5 %
        of the server's CPU per action). A control frame (ping, pong, close) is handed to
        websockets whole, so its parser always starts at a frame's first byte; anything
        else (a fragment, a binary or oversized frame, a protocol error) hands websockets
        the rest of the stream for good, and it answers as it always has."""
        fast = self.fast
        if fast is None:
            p = self.protocol
            if p.state is not State.OPEN or self.request is None:
                super().data_received(data)  # the handshake
                return
            # Only from a frame boundary: nothing websockets has buffered (a client that
            # sent frames with its handshake keeps websockets' reading).
            fast = self.fast = not p.reader.buffer and not p.extensions
        if not fast:
            super().data_received(data)
            return
        if self.rest:
            data, self.rest = self.rest + data, b""
        p = self.protocol
        i, size = 0, len(data)
        while size - i >= 2:
            b0, b1 = data[i], data[i + 1]
            n = b1 & 0x7F
            at = i + 2
            if n == 126:
                if size - i < 4:
                    break
                n, at = (data[i + 2] << 8) | data[i + 3], i + 4
            if b0 != 0x81 or b1 < 0x80 or n == 127 or n > FRAME_BYTES or p.state is not State.OPEN:
                if 0x88 <= b0 <= 0x8F and 0x80 <= b1 <= 0xFD and p.state is State.OPEN:
                    end = at + 4 + n  # a whole control frame: websockets answers it
                    if size < end:
                        break
                    super().data_received(data[i:end])
                    i = end
                    continue
                self.fast = False
                super().data_received(data[i:])
                return
            end = at + 4 + n
            if size < end:
                break
            payload = apply_mask(data[at + 4 : end], data[at : at + 4])
            i = end
            self.text = True
            self._message(payload)
        if i < size:
            self.rest = data[i:]

    def process_event(self, event: Any) -> None:
        if self.request is None or event.opcode not in _DATA:
            if self.request is not None and event.opcode is Opcode.PONG:
                self.pinged = None
            super().process_event(event)  # the handshake, pongs
            return
        if event.opcode is not Opcode.CONT:
            self.text = event.opcode is Opcode.TEXT
            self.parts = []
        if not event.fin:  # the protocol bounds the whole message (max_size)
            self.parts.append(bytes(event.data))
            return
        data = bytes(event.data)
        if self.parts:
            data = b"".join([*self.parts, data])
            self.parts = []
        self._message(data)

    def _message(self, data: bytes) -> None:
        """A whole message in (a text one while self.text), to the server's sink."""
        msg: str | bytes = data
        if self.text:
            try:
                msg = data.decode()
            except UnicodeDecodeError as e:  # as websockets' own recv(): 1007
                self.protocol.fail(CloseCode.INVALID_DATA, f"{e.reason} at position {e.start}")
                self._write()
                return
        if self.sink is not None:
            self.sink(msg)
        elif len(self.early) < EARLY_FRAMES:
            self.early.append(msg)
        else:
            self.protocol.fail(CloseCode.POLICY_VIOLATION, "too many frames")
            self._write()

    def push(self, texts: list[str]) -> bool:
        """Write these text frames now, in one write (or keep them while the client does
        not read); False when that would put more than SEND_QUEUE frames in the backlog
        (nothing kept then)."""
        if self.protocol.state is not State.OPEN:
            return True  # closing: nobody to tell
        if self.paused:
            if len(self.backlog) + len(texts) > SEND_QUEUE:
                return False
            self.backlog += texts
            return True
        p = self.protocol
        if p.extensions or p.expect_continuation_frame:  # never with this server's settings
            for text in texts:
                p.send_text(text.encode())
            self._write()
            return True
        # The frames made here, not by websockets' Frame.serialize (a frame object, its
        # checks and three copies for each): a server's text frame is a 2, 4 or 10 byte
        # head and the text, unmasked (RFC 6455, 5.2). What websockets has queued goes first.
        self._write()
        out: list[bytes] = []
        for text in texts:
            data = text.encode()
            n = len(data)
            if n < 126:
                out.append(bytes((0x81, n)))
            elif n < 65536:
                out.append(_HEAD16.pack(0x81, 126, n))
            else:
                out.append(_HEAD64.pack(0x81, 127, n))
            out.append(data)
        with contextlib.suppress(Exception):  # a broken socket: connection_lost follows
            self.transport.write(b"".join(out))
        return True

    def _write(self) -> None:
        with contextlib.suppress(Exception):  # a broken socket: connection_lost follows
            data = self.protocol.data_to_send()
            if len(data) == 1 and data[0]:
                self.transport.write(data[0])
            elif b"" in data:  # an end of stream among them: websockets' own way
                for d in data:
                    if d:
                        self.transport.write(d)
                    elif self.transport.can_write_eof():
                        self.transport.write_eof()
            elif data:
                self.transport.write(b"".join(data))

    def resume_writing(self) -> None:
        super().resume_writing()
        backlog, self.backlog = self.backlog, []
        if backlog:
            self.push(backlog)
        if self.close_after is not None and not self.paused and not self.backlog:
            code, reason = self.close_after
            self.close_after = None
            asyncio.ensure_future(self.close(code, reason))

    def close_soon(self, code: int, reason: str) -> None:
        """Close once what was pushed is written (a bye is the last frame a client gets)."""
        if self.paused and self.backlog:
            self.close_after = (code, reason)
        else:
            asyncio.ensure_future(self.close(code, reason))

    def take_early(self) -> list[str | bytes]:
        early, self.early = self.early, []
        return early


@dataclass(slots=True)
class Conn:
    id: int
    ws: Any
    addr: str
    frames: Bucket
    chats: Bucket
    hints: Bucket
    lang: str = "en"
    name: str = ""
    hello: bool = False
    accept: frozenset[str] = frozenset()  # server frames beyond protocol 1's it follows
    table: Table | None = None
    dropped: int = 0
    closing: bool = False


@dataclass
class Caps:
    tables: int = 2000
    connections: int = 5000
    per_address: int = 50


class Server:
    def __init__(
        self,
        registry: Registry,
        table_log: TableLog,
        *,
        clock: Callable[[], float] = time.monotonic,
        caps: Caps | None = None,
        ai_budget_s: float = 10.0,
        frames_per_s: float = 20.0,
        joins_per_min: float = 20.0,
        directory: Directory | None = None,
        idle_expiry_s: float = IDLE_EXPIRY_S,
        sweep_s: float = SWEEP_S,
        address: str = "",
        behind_proxy: bool = False,
        full_gc_s: float | None = None,
    ) -> None:
        self.behind_proxy = behind_proxy
        # None: the process's garbage collector is left as it is (a server on a thread of
        # the window or of a test); else FULL_GC_S-style: the full collection only this often.
        self.full_gc_s = full_gc_s
        self.directory: Directory = directory or LocalDirectory()
        self.idle_expiry_s = idle_expiry_s
        self.sweep_s = sweep_s
        self.address = address  # where clients reach this process (redirects name it)
        self.frames_per_s = frames_per_s
        self.joins_per_min = joins_per_min
        self.registry = registry
        self.log = table_log
        self.clock = clock
        self.caps = caps or Caps()
        self.ai_budget_s = ai_budget_s
        self.tables: dict[str, Table] = {}
        self.runners: dict[str, AIRunner] = {}
        self.published: dict[str, dict[str, Any]] = {}  # code -> what the directory was told
        self.thinking: dict[str, int] = {}  # code -> the seq an AI move is being chosen at
        self.hinting: dict[str, int] = {}  # code -> hints being chosen
        self.conns: dict[int, Conn] = {}
        self.by_addr: dict[str, int] = defaultdict(int)
        self.joins: dict[str, Bucket] = {}
        self.ids = itertools.count(1)
        self.internal_errors = 0
        self._outbox: list[tuple[Conn, dict[str, Any]]] = []
        self._delivering = False
        self._stop: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.bound: tuple[str, int] | None = None
        self.alone_s: float | None = None  # end_when_alone: stop after this long alone
        self.alone_since: float | None = None
        self._ping_round: list[Conn] = []  # this keep-alive round's connections (_keepalive)
        self._ping_tick = 0  # ticks into the round

    # ------------------------------------------------------------ start and stop

    def restore(self) -> int:
        """Rebuild every open table from its log (after a restart)."""
        n = 0
        for code in self.log.open_tables():
            if self._rebuild(code) is not None:
                n += 1
        return n

    def _rebuild(self, code: str) -> Table | None:
        """One table from its log, adopted; None when it cannot be (said in the log)."""
        start = self.log.start(code)
        if not start or start.get("variant") not in self.registry.variants:
            return None
        try:
            t = Table.restore(code, self.registry.variants[start["variant"]], self.log, self.clock)
        except Exception:  # noqa: BLE001 - one bad table never stops the others
            log.exception("table %s could not be rebuilt from its log", code)
            return None
        self._adopt(t)
        return t

    def _adopt(self, t: Table) -> None:
        self.tables[t.code] = t

    def _runner(self, t: Table) -> AIRunner:
        """The table's AI runner, made at its first computer move or hint (a table of
        people alone never carries one: memory per table)."""
        r = self.runners.get(t.code)
        if r is None:
            r = self.runners[t.code] = AIRunner(
                t.variant, t.match.options, len(t.seats), budget_s=self.ai_budget_s, seed=None
            )
        return r

    async def serve(
        self, host: str, port: int, ready: Callable[[str, int], None] | None = None
    ) -> None:
        from websockets.asyncio.server import serve

        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        if self.directory.eager:
            self.restore()
        async with serve(
            self._handler,
            host,
            port,
            create_connection=Wire,
            max_size=FRAME_BYTES,
            # No permessage-deflate: zlib cost 0.2-0.5 ms of the server's CPU per action
            # (tools/bench_serve.py, docs/online.md) for frames of a few KiB.
            compression=None,
            max_queue=64,
            write_limit=WRITE_LIMIT,
            ping_interval=None,  # the ticker pings every connection (Wire.keepalive_tick)
            close_timeout=2,
        ) as srv:
            sock = next(iter(srv.sockets))
            self.bound = (host, sock.getsockname()[1])
            shown = f"[{host}]" if ":" in host else host
            self.directory.bound(self.address or f"ws://{shown}:{self.bound[1]}")
            if ready is not None:
                ready(host, self.bound[1])
            for t in list(self.tables.values()):
                self._publish(t)
                self._ai(t)
            ticker = asyncio.create_task(self._ticker())
            kept = self._own_gc()
            try:
                await self._stop.wait()
            finally:
                if kept is not None:
                    gc.set_threshold(*kept)
            ticker.cancel()
            self._deliver()  # the last tick's writes land while the leases are still held
            # Given up before the clients hear bye, so the ones that reconnect at once find
            # their tables free on another process (a move after this is refused: LeaseLost).
            for code in list(self.tables):
                self.directory.release(code)
            for c in list(self.conns.values()):
                self._send(
                    c,
                    {
                        "type": "bye",
                        "reason": "shutdown",
                        "text": words.say(c.lang, words.BYES["shutdown"]),
                    },
                )
            await asyncio.sleep(0.05)
            for c in list(self.conns.values()):
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(c.ws.close(1001, "shutdown"), 1)
        self._deliver()  # whatever the last tick wrote is committed
        for r in self.runners.values():
            r.close()

    def _own_gc(self) -> tuple[int, ...] | None:
        """With full_gc_s: the young generations collected as Python does, the oldest
        only by the ticker (gc.collect every full_gc_s). The thresholds it replaced."""
        if self.full_gc_s is None:
            return None
        kept = gc.get_threshold()
        gc.collect()  # what start-up left, before the tables' objects settle in
        # The oldest generation's threshold counts collections of the middle one (about
        # three a second at 1,000 tables acting once a second): 10**9 is never in practice.
        gc.set_threshold(kept[0], kept[1] if len(kept) > 1 else 10, 10**9)
        return kept

    def end_when_alone(self, seconds: float) -> None:
        """From now on, stop (as on SIGTERM: every table kept) once nobody has been
        connected for `seconds`: a server whose window is gone (crowsnest serve
        --until-alone) ends when no one else is at its tables either."""
        self.alone_s = max(0.0, float(seconds))

    def _alone(self, now: float) -> None:
        if self.alone_s is None or self._stop is None:
            return
        if self.conns:
            self.alone_since = None
        elif self.alone_since is None:
            self.alone_since = now
        elif now - self.alone_since >= self.alone_s:
            log.info(
                "nobody at the tables for %.0f s and the window is gone: stopping", self.alone_s
            )
            self._stop.set()

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # already stopped: the loop is closed
                self.loop.call_soon_threadsafe(self._stop.set)

    # ------------------------------------------------------------ connections

    async def _handler(self, ws: Any) -> None:
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.behind_proxy:  # every connection comes from the proxy: its header says who
            real = ws.request.headers.get("X-Real-IP") if ws.request is not None else None
            if real:
                addr = real.strip()[:64]
        ws.forget_handshake()
        if len(self.conns) >= self.caps.connections or self.by_addr[addr] >= self.caps.per_address:
            await ws.send(
                encode(
                    {
                        "type": "error",
                        "code": "busy",
                        "text": words.say("en", words.ERRORS["busy"]),
                        "ref": None,
                    }
                )
            )
            await ws.close(1013, "busy")
            return
        c = Conn(
            next(self.ids),
            ws,
            addr,
            Bucket(self.frames_per_s, 2 * self.frames_per_s, self.clock),
            Bucket(0.5, 5, self.clock),
            Bucket(1, 1, self.clock),
        )
        self.conns[c.id] = c
        self.by_addr[addr] += 1

        def sink(data: str | bytes) -> None:
            if c.closing:
                return
            try:
                self._frame(c, data)
            except Exception:  # noqa: BLE001 - counted and logged; the connection lives
                self.internal_errors += 1
                log.exception("internal error while answering a frame")

        try:
            for data in ws.take_early():
                sink(data)
            ws.sink = sink
            await ws.wait_gone()
        finally:
            ws.sink = None
            self.conns.pop(c.id, None)
            self.by_addr[addr] -= 1
            if self.by_addr[addr] <= 0:
                self.by_addr.pop(addr, None)
            if c.table is not None:
                t = c.table
                c.table = None
                self._route(t.leave(c.id))
                if self.tables.get(t.code) is t:
                    self._publish(t)

    def _send(self, c: Conn, frame: dict[str, Any]) -> None:
        """Queued for the end of this event-loop tick: then the log is flushed once for
        everything the tick wrote (group commit) and every frame goes out, in order."""
        self._outbox.append((c, frame))
        if not self._delivering:
            self._delivering = True
            assert self.loop is not None
            self.loop.call_soon(self._deliver)

    def _deliver(self) -> None:
        self._delivering = False
        out, self._outbox = self._outbox, []
        flush = getattr(self.log, "flush", None)  # a log without it writes at once
        try:
            if flush is not None:
                flush()
        except FlushFailed as e:
            out = self._unwritten(e, out)
        # One write per connection for everything the tick sent it.
        texts: dict[int, tuple[Conn, list[str]]] = {}
        for c, frame in out:
            got = texts.get(c.id)
            if got is None:
                texts[c.id] = (c, [encode(frame)])
            else:
                got[1].append(encode(frame))
        for c, batch in texts.values():
            self._put(c, batch)

    def _unwritten(self, e: FlushFailed, out: list[tuple[Conn, dict[str, Any]]]) -> Any:
        """Nobody hears of what was not written. A table whose lost writes are actions
        alone, with the store away, is taken back in memory: the frames for it go, its
        readers get a snapshot, and whoever acted is told `unavailable` (their seats and
        connections stay). Any other goes back to its log (or, owned elsewhere now, away):
        its readers reconnect and resume."""
        if e.kind == "unavailable":
            log.warning("the log could not be written (%s): %s tables", e, len(e.codes))
        elif e.kind == "failed":
            self.internal_errors += 1
            log.error("the log could not be written: %s tables rebuilt from it", len(e.codes))
        gone: set[int] = set()
        back: dict[str, Table] = {}
        for code in e.codes:
            t = self.tables.get(code)
            if t is not None and code in e.since and t.take_back(e.since[code]):
                back[code] = t
                continue
            gone |= self._lost(code)
            if e.kind == "failed":
                self._rebuild(code)
        acted: dict[str, dict[int, str]] = {code: {} for code in back}
        kept = []
        for c, f in out:
            t = c.table
            if c.id in gone:
                continue
            if t is not None and t.code in back and self.tables.get(t.code) is t:
                r = t.readers.get(c.id)
                if f.get("type") == "update" and r is not None and r.seat == f.get("seat"):
                    acted[t.code][f["seat"]] = f["action"]  # the actor's own: in full
                continue
            kept.append((c, f))
        for code, t in back.items():
            for rid, r in t.readers.items():
                rc = self.conns.get(rid)
                if rc is None:
                    continue
                if r.seat in acted[code]:
                    refusal = t.refusal(r, acted[code][r.seat], "unavailable")
                    kept.append((rc, refusal))
                kept.append((rc, t.snapshot(rid)))
        return kept

    def _put(self, c: Conn, texts: list[str]) -> None:
        ws = c.ws
        if not ws.push(texts):
            # A slow client never holds the table back: its backlog goes, one fresh
            # snapshot stands in for it (and a bye, when one was among them).
            ws.backlog.clear()
            bye = [t for t in texts if t.startswith(_BYE)]
            if c.table is not None and c.id in c.table.readers:
                ws.push([encode(c.table.snapshot(c.id))])
            texts = bye
            ws.push(bye)
        if any(t.startswith(_BYE) for t in texts):
            ws.close_soon(1000, "bye")

    def _route(self, out: Out) -> None:
        for rid, frame in out:
            c = self.conns.get(rid)
            if c is not None:
                self._send(c, frame)

    def _error(
        self, c: Conn, code: str, ref: Any = None, fill: dict[str, Any] | None = None
    ) -> None:
        text = words.say(c.lang, words.ERRORS.get(code, words.ERRORS["bad_frame"]), **(fill or {}))
        self._send(c, {"type": "error", "code": code, "text": text, "ref": ref})

    def _frame(self, c: Conn, data: Any) -> None:
        if not c.frames.take():
            c.dropped += 1
            if c.dropped == 1 or c.dropped % 50 == 0:
                self._error(c, "rate_limited")
            if c.dropped >= 200:
                c.closing = True
                asyncio.ensure_future(c.ws.close(1008, "flood"))
            return
        c.dropped = 0
        ref = None
        try:
            frame = parse(data)
            ref = frame.get("ref")
            self._dispatch(c, frame)
        except FrameError as e:
            fill = {
                "detail": e.detail,
                "limit": 8,
                "version": 1,
                "got": e.detail,
                "known": "hello, create, join, resume, act, check, hint, snapshot, chat, undo, kick, to_ai, tables, seats, bye",
            }
            self._error(c, e.code, ref, fill)
        except TableError as e:
            self._error(c, e.code, ref, {"detail": "", "seat": "", "got": "", "code": "", **e.fill})
        except Elsewhere as e:
            if "redirect" in c.accept:
                self._send(
                    c, {"type": "redirect", "code": e.code, "address": e.address, "ref": ref}
                )
            else:  # a client that does not follow redirects is told where, in words
                self._error(c, "elsewhere", ref, {"address": e.address})
        except LeaseLost as e:
            self._lost(e.code)
        except Unavailable as e:  # Redis away: nothing was done; the client tries again
            log.warning("a %s frame was refused: %s", type(data).__name__, e)
            self._error(c, "unavailable", ref)
        except Exception:  # noqa: BLE001 - a fault on our side changes nothing for others
            self.internal_errors += 1
            log.exception("internal error on a %s frame", type(data).__name__)
            self._error(c, "internal", ref)

    def _dispatch(self, c: Conn, f: dict[str, Any]) -> None:
        kind = f["type"]
        ref = f.get("ref")
        if kind == "hello":
            if c.hello:
                raise TableError("hello_first")
            c.hello = True
            lang = f.get("lang", "en")
            c.lang = lang if lang in LANGS else "en"
            c.name = clean_name(f.get("name", ""))
            c.accept = frozenset(x for x in f.get("accept", ())[:16] if isinstance(x, str))
            self._send(c, self._welcome(c))
            return
        if not c.hello:
            raise TableError("hello_first")
        if kind == "bye":
            self._send(
                c,
                {
                    "type": "bye",
                    "reason": "closing",
                    "text": words.say(c.lang, words.BYES["closing"]),
                },
            )
            return
        if kind == "tables":
            self._send(c, {"type": "tables", "tables": self._lobby(), "ref": ref})
            return
        if kind == "seats":  # who sits where, to pick a free seat: no view, no hand
            bucket = self.joins.setdefault(
                c.addr, Bucket(self.joins_per_min / 60, self.joins_per_min / 2, self.clock)
            )
            if not bucket.take():  # a code is looked up as a join looks it up
                raise TableError("rate_limited")
            entry = self._summary(self._table(f["code"]))
            entry.pop("public")
            self._send(c, {"type": "seats", **entry, "ref": ref})
            return
        if kind in ("join", "resume"):
            # A table served elsewhere answers `redirect` before the address's bucket is
            # charged: a client waiting out a dead process's lease may ask again and again.
            # An unknown code is answered below, after the bucket (no free code guessing).
            with contextlib.suppress(TableError):
                self._table(f["code"])
        if kind in ("create", "join", "resume"):
            bucket = self.joins.setdefault(
                c.addr, Bucket(self.joins_per_min / 60, self.joins_per_min / 2, self.clock)
            )
            if kind == "resume":
                # A seat's token (128 random bits) is no guess: only a refused resume costs
                # the address (every seat of a household comes back at once after a drop).
                if not bucket.ready():
                    raise TableError("rate_limited")
                try:
                    self._resume(c, f, ref)
                except TableError:
                    bucket.take()
                    raise
                return
            if not bucket.take():
                raise TableError("rate_limited")
            getattr(self, "_" + kind)(c, f, ref)
            return
        t = c.table
        if t is None or c.id not in t.readers:
            raise TableError("not_at_table")
        if kind == "act":
            self._route(t.act(c.id, f["seq"], f["action"]))
            self._ai(t)
        elif kind == "check":
            self._send(c, {**t.check(c.id, f["action"]), "ref": ref})
        elif kind == "snapshot":
            self._send(c, t.snapshot(c.id))
        elif kind == "hint":
            self._hint(c, t, ref)
        elif kind == "chat":
            if not c.chats.take():
                raise TableError("rate_limited")
            self._route(t.chat(c.id, f.get("preset"), f.get("text")))
        elif kind == "undo":
            op = f["op"]
            if op == "ask":
                self._route(t.ask_undo(c.id, f.get("seq")))
            elif op in ("yes", "no"):
                self._route(t.answer_undo(c.id, op == "yes"))
            else:
                raise FrameError("bad_frame", '"op" must be ask, yes or no')
            self._ai(t)
        elif kind in ("kick", "to_ai"):
            gone, out = t.owner_move(c.id, kind, f["seat"])
            if gone is not None and gone in self.conns:
                g = self.conns[gone]
                g.table = None
                self._send(
                    g,
                    {
                        "type": "bye",
                        "reason": "kicked",
                        "text": words.say(g.lang, words.BYES["kicked"]),
                    },
                )
            self._route(out)
            self._publish(t)
            self._ai(t)

    def _welcome(self, c: Conn) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": 1,
            "server": crowsnest.__version__,
            "lang": c.lang,
            "limits": {
                "frame_bytes": FRAME_BYTES,
                "action_chars": ACTION_CHARS,
                "chat_chars": CHAT_CHARS,
                "name_chars": NAME_CHARS,
                "frames_per_s": self.frames_per_s,
                "joins_per_min": self.joins_per_min,
            },
            "variants": [
                {
                    "id": v.id,
                    "name": v.name,
                    "seats": list(v.seats),
                    "default_seats": v.default_seats,
                    "ais": level_order(v.ais),
                }
                for v in self.registry.variants.values()
            ],
            "presets": words.presets(c.lang),
            "features": list(FEATURES),
        }

    # ------------------------------------------------------------ lobby and presence

    def _summary(self, t: Table) -> dict[str, Any]:
        """The table as the lobby and the directory's presence show it: no hand, no token."""
        over = t.match.over
        return {
            "code": t.code,
            "variant": t.variant.id,
            "seats": len(t.seats),
            "free": [
                i
                for i, s in enumerate(t.seats)
                if s.kind == "human" and not s.handed and s.token_hash is None
            ],
            "players": [{k: p[k] for k in ("seat", "name", "kind", "status")} for p in t.players()],
            "spectators": bool(t.rules["spectators"]) and t.has_public_view(),
            "over": over,
            "public": bool(t.rules["lobby"]) and not over,
        }

    def _publish(self, t: Table) -> None:
        """Tell the directory what changed at the table (seats, the lobby entry). What
        the summary reads is compared first, cheaply: the ticker asks for every table
        every second (1,000 summaries were 18 ms of CPU in one burst each second)."""
        key = t.presence()
        if t.published_as == key and t.code in self.published:
            return
        entry = self._summary(t)
        if self.published.get(t.code) != entry:
            try:
                self.directory.publish(t.code, entry)
            except Exception as e:  # noqa: BLE001 - the lobby is never worth a move
                log.warning("table %s: the directory did not take its seats: %s", t.code, e)
                return  # told again at the next renewal
            self.published[t.code] = entry
        t.published_as = key

    def _lobby(self) -> list[dict[str, Any]]:
        out = []
        for e in self.directory.lobby(LOBBY_SIZE):
            out.append({k: v for k, v in e.items() if k != "public"})
        return out

    def _seat_at(self, c: Conn, t: Table) -> None:
        if c.table is not None and c.table is not t:
            self._route(c.table.leave(c.id))
        c.table = t

    def _create(self, c: Conn, f: dict[str, Any], ref: Any) -> None:
        if len(self.tables) >= self.caps.tables:
            raise TableError("busy")
        vid = f["variant"]
        if vid not in self.registry.variants:
            raise TableError("bad_setup", detail=f"there is no game {vid[:40]!r}")
        code = new_code(
            lambda x: (
                x in self.tables or self.log.start(x) is not None or not self.directory.claim_new(x)
            )
        )
        t = Table.create(code, self.registry.variants[vid], f, self.log, self.clock)
        self._adopt(t)
        self._seat_at(c, t)
        take = t.owner
        if take is None:
            self._send(
                c,
                {
                    "type": "created",
                    "code": code,
                    "seat": None,
                    "token": None,
                    "owner": True,
                    "ref": ref,
                },
            )
            self._route(t.watch(c.id, c.lang, c.name))
        else:
            seat, token, out = t.take(c.id, c.lang, c.name, take)
            self._send(
                c,
                {
                    "type": "created",
                    "code": code,
                    "seat": seat,
                    "token": token,
                    "owner": True,
                    "ref": ref,
                },
            )
            self._route(out)
        self._publish(t)
        self._ai(t)

    def _table(self, text: str) -> Table:
        code = normal_code(text)
        t = self.tables.get(code) if code else None
        if t is None and code:
            t = self._locate(code)
        if t is None:
            raise TableError("no_table", code=text[:12])
        return t

    def _locate(self, code: str) -> Table | None:
        """A table this process does not hold: claimed and rebuilt here when the directory
        gives it to us, else None (no such table)."""
        where = self.directory.find(code)
        if where == HERE:
            t = self._rebuild(code)
            if t is None:
                self.directory.release(code)
            return t
        if where is not None:
            raise Elsewhere(code, where)
        return None

    def _join(self, c: Conn, f: dict[str, Any], ref: Any) -> None:
        t = self._table(f["code"])
        if f.get("watch"):
            out = t.watch(c.id, c.lang, c.name)
            self._seat_at(c, t)
            self._send(
                c, {"type": "joined", "code": t.code, "seat": None, "resumed": False, "ref": ref}
            )
            self._route(out)
            return
        seat, token, out = t.take(c.id, c.lang, c.name, f.get("seat"))
        self._seat_at(c, t)
        self._send(
            c,
            {
                "type": "joined",
                "code": t.code,
                "seat": seat,
                "token": token,
                "resumed": False,
                "ref": ref,
            },
        )
        self._route(out)
        self._publish(t)
        self._ai(t)

    def _resume(self, c: Conn, f: dict[str, Any], ref: Any) -> None:
        t = self._table(f["code"])
        if not is_token(f["token"]):
            raise TableError("bad_token")
        seat, replaced, out = t.resume(c.id, c.lang, f["token"])
        if replaced is not None and replaced in self.conns:
            old = self.conns[replaced]
            old.table = None
            self._send(
                old,
                {
                    "type": "bye",
                    "reason": "replaced",
                    "text": words.say(old.lang, words.BYES["replaced"]),
                },
            )
        self._seat_at(c, t)
        self._send(c, {"type": "joined", "code": t.code, "seat": seat, "resumed": True, "ref": ref})
        self._route(out)
        self._publish(t)
        self._ai(t)

    # ------------------------------------------------------------ the computer

    def _ai(self, t: Table) -> None:
        """Start the computer's move when the table waits for one (at most one a table)."""
        due = t.due()
        if due is None:
            if t.code in self.runners:
                self._release(t)
            return
        if self.thinking.get(t.code) == t.seq:
            return
        if getattr(self.log, "down", False):  # its move could not be written: later (tick)
            return
        seat, level, by = due
        self.thinking[t.code] = t.seq
        fut = self._runner(t).submit(t.match, seat, level)
        assert self.loop is not None
        afut = asyncio.wrap_future(fut, loop=self.loop)
        asked = t.seq
        afut.add_done_callback(lambda f: self._ai_done(t, asked, seat, by, f))

    def _release(self, t: Table) -> None:
        """A table whose every seat is a connected person gives its AI runner back (its
        worker thread and its AIs, about 8 KiB of the server's memory per table and a
        thread's stack; the runner is made again at the next computer move or hint)."""
        if t.code in self.thinking or self.hinting.get(t.code):
            return
        if all(s.kind == "human" and s.status == "connected" for s in t.seats):
            self.runners.pop(t.code).close()

    def _ai_done(self, t: Table, asked: int, seat: int, by: str, f: Any) -> None:
        self.thinking.pop(t.code, None)
        if self.tables.get(t.code) is not t or t.seq != asked or t.match.over:
            self._ai(t)
            return
        try:
            choice = f.result()
            try:
                self._route(t.apply(seat, choice.text, by))
            except VariantFault:
                log.error("table %s: the game's code failed on a computer move", t.code)
                self._route(self._fallback(t, seat, by, choice.text))
        except LeaseLost:
            self._lost(t.code)
            return
        except Unavailable:  # not applied; the ticker asks again once the store is back
            log.warning("table %s: a computer move waits for the store", t.code)
            return
        except ActionError:
            log.error("table %s: a computer move was refused by the engine", t.code)
        except Exception:  # noqa: BLE001 - the runner contains AIs; anything else is ours
            self.internal_errors += 1
            log.exception("table %s: computer move failed", t.code)
            return
        self._ai(t)

    def _fallback(self, t: Table, seat: int, by: str, failed: str) -> Out:
        """Another legal move when the game's code failed on the computer's choice (a
        plugin bug must not stall the table); nothing when every one tried fails."""
        legal = [a for a in t.match.legal_strings() if a != failed]
        random.shuffle(legal)
        for action in [*legal[:7], failed]:  # the same one last: a fault may not repeat
            with contextlib.suppress(VariantFault, ActionError):
                return t.apply(seat, action, by)
        log.error("table %s: the game's code fails on every move tried; it waits", t.code)
        self.thinking[t.code] = t.seq  # not asked again at this seq (no busy loop)
        return []

    def _hint(self, c: Conn, t: Table, ref: Any) -> None:
        r = t.readers[c.id]
        if r.seat is None or r.seat != t.match.to_move or t.match.over or not c.hints.take():
            self._send(c, {"type": "hint", "action": None, "ref": ref})
            return
        fut = self._runner(t).submit(t.match, r.seat, t.rules["substitute"])
        assert self.loop is not None
        asked = t.seq
        self.hinting[t.code] = self.hinting.get(t.code, 0) + 1

        def done(f: Any) -> None:
            left = self.hinting.pop(t.code, 1) - 1
            if left:
                self.hinting[t.code] = left
            action = None
            with contextlib.suppress(Exception):
                if t.seq == asked:
                    action = f.result().text
            self._send(c, {"type": "hint", "action": action, "ref": ref})

        asyncio.wrap_future(fut, loop=self.loop).add_done_callback(done)

    async def _ticker(self) -> None:
        renewed = swept = self.clock()
        collected = time.monotonic()
        while True:
            await asyncio.sleep(TICK_S)
            now = self.clock()
            self._keepalive()
            self._alone(now)
            if self.full_gc_s is not None and time.monotonic() - collected >= self.full_gc_s:
                gc.collect()  # one pause this often rather than one every few seconds
                collected = time.monotonic()
            if self.clock() - renewed >= RENEW_S:
                renewed = self.clock()
                try:
                    lost = self.directory.renew(list(self.tables))
                except Exception as e:  # noqa: BLE001 - Redis away: keep ticking, try again
                    log.warning("the directory could not renew this process's tables: %s", e)
                    lost = []
                for code in lost:
                    self._lost(code)
                for t in list(self.tables.values()):  # grace periods ran out, a match ended
                    self._publish(t)
            if getattr(self.log, "doubt", None) and not getattr(self.log, "down", False):
                self._settle()
            upkeep = getattr(self.log, "upkeep", None)  # SQLiteLog: its WAL kept short
            if upkeep is not None:
                upkeep()
            if now - swept >= self.sweep_s:
                swept = now
                self._sweep()
            for code, t in list(self.tables.items()):
                try:
                    self._route(t.tick())
                    self._ai(t)
                    # Idle: nobody connected, and no action since the last one left
                    # (the table's own clock: no database read per table per tick).
                    if not t.connected and (t.finished or now - t.active > self.idle_expiry_s):
                        if not t.finished:
                            self.log.expire(code)
                        self.tables.pop(code, None)
                        runner = self.runners.pop(code, None)
                        if runner is not None:
                            runner.close()
                        self.published.pop(code, None)
                        self.directory.release(code)
                except Unavailable as e:  # the store away: nothing was done; next tick
                    log.warning("table %s: tick waits for the store: %s", code, e)
                except Exception:  # noqa: BLE001
                    self.internal_errors += 1
                    log.exception("table %s: tick failed", code)
            if not self._delivering:
                self._deliver()  # what the tick wrote without a frame to send (expiries)

    def _keepalive(self) -> None:
        """The keep-alive's share of one tick: every connection is pinged (and cut off
        when its last ping went unanswered for PONG_S) once a round of PING_S, a slice
        of them each tick. All at once, 4,000 connections' pings were one callback of
        tens of milliseconds every PING_S, a stall for every table (docs/online.md,
        "Load and memory", session 13). A connection made during a round waits for the
        next one. Real time: a test's moved clock cuts nobody off."""
        ticks = max(1, round(PING_S / TICK_S))  # read each time: a test may change them
        if self._ping_tick >= ticks:
            self._ping_tick = 0
        if self._ping_tick == 0:
            self._ping_round = list(self.conns.values())
        share = -(-len(self._ping_round) // ticks)
        at = self._ping_tick * share
        now = time.monotonic()
        for c in self._ping_round[at : at + share]:
            c.ws.keepalive_tick(now)
        self._ping_tick += 1

    def _sweep(self) -> None:
        """Tables whose owner died and that nobody resumed, idle as long as the idle
        rule allows (their clock starts when the last owner went): each is claimed,
        rebuilt from its log, marked finished when its match is over and expired
        otherwise, and released once that is written. Tables some process holds are
        never touched."""
        try:
            codes = self.directory.orphans(self.idle_expiry_s)
        except Exception as e:  # noqa: BLE001 - Redis away: the next sweep
            log.warning("the sweep for abandoned tables failed: %s", e)
            return
        swept = [code for code in codes if code not in self.tables]
        for code in swept:
            try:
                t = self._rebuild(code)
            except Unavailable as e:
                log.warning("table %s: the sweep waits for the store: %s", code, e)
                continue
            if t is None:  # it cannot be rebuilt here (a game this process lacks): as it is
                continue
            self.tables.pop(code, None)
            (self.log.finish if t.finished else self.log.expire)(code)
            log.info("table %s: nobody came back (%s)", code, "over" if t.finished else "idle")
        self._deliver()  # written while the claims still hold
        for code in swept:
            with contextlib.suppress(Exception):  # a lease left runs out by itself
                self.directory.release(code)

    def _settle(self) -> None:
        """The store is back: each table whose writes were taken back while it was away
        is checked against its stream. The ones that landed after all (the store went
        away after writing, before answering) are applied, and the readers get a
        snapshot; anything else sends the readers away to resume from the log."""
        doubt: set[str] = self.log.doubt  # type: ignore[attr-defined]
        for code in sorted(doubt):
            t = self.tables.get(code)
            if t is not None:
                try:
                    landed = self.log.entries(code, after=t.seq)  # type: ignore[call-arg]
                except Unavailable:
                    return  # away again: next tick
                if landed and t.catch_up(landed):
                    log.warning("table %s: %s writes had landed; applied", code, len(landed))
                    if t.finished:
                        self.log.finish(code)
                    self._route([(rid, t.snapshot(rid)) for rid in t.readers])
                elif landed:
                    self._lost(code)
            doubt.discard(code)

    def _lost(self, code: str) -> set[int]:
        """Another process holds the table now (or its last writes were lost): this one
        stops serving it at once. The connections sent away."""
        self.published.pop(code, None)
        t = self.tables.pop(code, None)
        runner = self.runners.pop(code, None)
        if runner is not None:
            runner.close()
        if t is None:
            return set()
        gone: set[int] = set()
        log.warning("table %s: its claim was lost; its readers go elsewhere", code)
        for rid in list(t.readers):
            c = self.conns.get(rid)
            if c is not None and c.table is t:
                c.table = None
                gone.add(c.id)
                # 1012 (service restart): the client reconnects and resumes, and finds the
                # table wherever it is served now.
                asyncio.ensure_future(c.ws.close(1012, "moved"))
        return gone


@dataclass
class Handle:
    """A server running on a thread of this process (the window hosts with it)."""

    server: Server
    thread: threading.Thread
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def stop(self, timeout: float = 5.0) -> None:
        self.server.stop()
        self.thread.join(timeout)
        if not self.thread.is_alive():  # the log was made for this server: its thread ends too
            self.server.log.close()


def start_in_thread(
    host: str = "127.0.0.1",
    port: int = 0,
    db_path: str | Path = ":memory:",
    registry: Registry | None = None,
    **kw: Any,
) -> Handle:
    from crowsnest.plugin_host import load_registry

    reg = registry or load_registry()
    server = Server(reg, SQLiteLog(db_path, group=True), **kw)
    ready = threading.Event()
    got: dict[str, Any] = {}

    def on_ready(h: str, p: int) -> None:
        got["port"] = p
        ready.set()

    def run() -> None:
        try:
            asyncio.run(server.serve(host, port, on_ready))
        except BaseException as e:  # noqa: BLE001 - told to the caller below
            got["error"] = e
            ready.set()

    th = threading.Thread(target=run, name="crowsnest-serve", daemon=True)
    th.start()
    ready.wait(15)
    if "error" in got:
        raise got["error"]
    if "port" not in got:
        raise RuntimeError("the server did not start within 15 seconds")
    return Handle(server, th, host, got["port"])
