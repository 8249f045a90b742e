"""Several `crowsnest serve` processes sharing one Redis (`crowsnest serve --redis URL`,
docs/online.md, "Several processes"). Each table is owned by exactly one process, the one
holding its lease (`SET lease "node address" NX PX`, renewed every second; one that ran out
with nobody taking it is taken back, since nobody else can have written); the owner alone
applies its actions, and every entry goes to the table's Redis stream before anyone hears
of it. A process that dies stops renewing: its leases run out, and the next `resume` on
any live process claims the table and rebuilds it from the stream by replay.

Keys (`PREFIX` is `crowsnest` by default; `{CODE}` in braces keeps a table's keys in one
Redis Cluster slot, so the scripts below may touch several of them at once):

    PREFIX:{CODE}:start     the table's start (JSON), written once with NX at create
    PREFIX:{CODE}:log       its log: a stream, entry id "SEQ-0", fields k (kind) s (seat)
                            t (text) b (by); a second writer's XADD of the same seq fails
    PREFIX:{CODE}:seats     hash seat -> {"h": token hash, "n": name, "st": status}
    PREFIX:{CODE}:meta      hash: state (open, finished, expired), created, updated (the
                            last write), alive (an owner held it then; every minute)
    PREFIX:{CODE}:lease     "NODE ADDRESS" with a time to live: who serves it, and where
    PREFIX:{CODE}:presence  hash seat -> {"name", "kind", "status"}, written by the owner
    PREFIX:open             set of open table codes
    PREFIX:lobby            sorted set: public table code -> when its entry runs out (ms)
    PREFIX:lobby:info       hash: public table code -> its lobby entry (JSON)

Only token hashes are stored (never a token), and no hand: the seed in `start` is the only
secret, as in SQLite's log; Redis must be as private as the server (docs/online.md)."""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Iterator
from typing import Any

from crowsnest.net.directory import HERE, Unavailable
from crowsnest.net.log import Entry, FlushFailed, SeatRow

PREFIX = "crowsnest"
LEASE_MS = 3000
ALIVE_S = 60.0  # how often an owner marks its tables as held (meta "alive")
SWEEP_BATCH = 500  # open codes looked at per sweep (SSCAN COUNT)

# Append only while this node holds the lease (fencing: a process that lost its lease
# while paused can never write an entry its successor did not see). A lease that ran out
# with nobody taking it is taken back: nobody else can have written since.
_APPEND = """
local holder = redis.call('GET', KEYS[1])
if holder == false and ARGV[9] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[8])
elseif holder ~= ARGV[1] then
  return redis.error_reply('LOST lease')
end
redis.call('XADD', KEYS[2], ARGV[2], 'k', ARGV[3], 's', ARGV[4], 't', ARGV[5], 'b', ARGV[6])
redis.call('HSET', KEYS[3], 'updated', ARGV[7])
return 1
"""
_RENEW = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
elseif holder == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def connect(url: str) -> Any:
    """A Redis client for `redis://HOST:PORT/N`, checked with a PING (raises with the
    reason when Redis cannot be reached or the extra is missing)."""
    try:
        import redis
    except ImportError:
        raise RuntimeError(
            "the redis package is missing: pip install 'crowsnest-arcade[cluster]'"
        ) from None
    client = redis.Redis.from_url(
        url, socket_timeout=5, socket_connect_timeout=5, health_check_interval=30
    )
    client.ping()
    return client


class Cluster:
    """One process's view of the shared Redis: its node id and public address, and the
    log and directory the server uses."""

    def __init__(
        self, client: Any, address: str = "", *, prefix: str = PREFIX, lease_ms: int = LEASE_MS
    ) -> None:
        self.r = client
        self.prefix = prefix
        self.node = secrets.token_hex(8)
        self.address = address  # "" until the server listens (RedisDirectory.bound)
        self.lease_ms = lease_ms
        self.released: set[str] = set()  # given up here: never taken back by an append
        self.down = False  # the last call could not reach Redis (until one does again)
        self._append = client.register_script(_APPEND)
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)
        self.log = RedisLog(self)
        self.directory = RedisDirectory(self)

    def key(self, code: str, part: str) -> str:
        return f"{self.prefix}:{{{code}}}:{part}"

    @property
    def holder(self) -> str:
        return f"{self.node} {self.address}"

    def close(self) -> None:
        self.r.close()

    @contextlib.contextmanager
    def reach(self) -> Iterator[None]:
        """Redis calls inside: one that cannot reach it raises Unavailable (and marks
        the store down); one that does marks it up again."""
        import redis

        try:
            yield
        except (redis.ConnectionError, redis.TimeoutError) as e:  # BusyLoading: a restart
            self.down = True
            raise Unavailable(str(e) or type(e).__name__) from None
        self.down = False


class RedisLog:
    """`TableLog` on Redis: a table's start, its stream of entries and its seats.

    Entries are batched: append() stages them, and flush() (once per event-loop tick,
    before any frame of that tick is sent) sends every table's entries of the tick in one
    pipeline, one round trip instead of one per action. While Redis cannot be reached an
    append raises Unavailable at once (nothing staged, nothing applied)."""

    def __init__(self, cluster: Cluster) -> None:
        self.c = cluster
        self.r = cluster.r
        self._staged: list[tuple[str, Entry]] = []
        self._states: dict[str, str] = {}  # code -> finished/expired, after its entries
        # Tables whose last flush could not reach Redis: its writes may or may not have
        # landed. No append for them until the server settled them against the stream.
        self.doubt: set[str] = set()

    @property
    def down(self) -> bool:
        return self.c.down

    def create(self, code: str, start: dict[str, Any]) -> None:
        k = self.c.key
        with self.c.reach():
            if not self.r.set(k(code, "start"), json.dumps(start), nx=True):
                raise RuntimeError(f"table {code} already exists")
            now = time.time()
            p = self.r.pipeline()
            p.hset(k(code, "meta"), mapping={"state": "open", "created": now, "updated": now})
            p.sadd(f"{self.c.prefix}:open", code)
            p.execute()

    def append(self, code: str, entry: Entry) -> None:
        if self.c.down or code in self.doubt:  # refused now rather than lost at the flush
            raise Unavailable("Redis was not reachable at the last try")
        self._staged.append((code, entry))

    def _append_args(self, code: str, entry: Entry, now: float) -> list[Any]:
        k = self.c.key
        return [
            k(code, "lease"),
            k(code, "log"),
            k(code, "meta"),
            self.c.holder,
            f"{entry.seq}-0",
            entry.kind,
            entry.seat,
            entry.text,
            entry.by,
            now,
            self.c.lease_ms,
            "0" if code in self.c.released else "1",
        ]

    def flush(self) -> None:
        """The tick's entries (each through the fenced append script: only while this
        process holds the table's lease, never twice for one seq) and then its finished
        or expired tables, in one pipeline. FlushFailed names the tables whose writes
        did not all land: kind "unavailable" when Redis could not be reached (`since`:
        their first staged seq, for tables that staged actions alone), "lost" when the
        lease had gone to another process."""
        staged, self._staged = self._staged, []
        states, self._states = self._states, {}
        if not staged and not states:
            return
        import redis

        script = self.c._append
        now = time.time()
        p = self.r.pipeline(transaction=False)
        for code, entry in staged:
            # EVALSHA by hand: a registered script on a pipeline checks SCRIPT EXISTS on
            # every execute (a second round trip); a missing one is loaded below.
            p.evalsha(script.sha, 3, *self._append_args(code, entry, now))
        for code, state in states.items():
            p.hset(self.c.key(code, "meta"), "state", state)
            p.srem(f"{self.c.prefix}:open", code)
        try:
            with self.c.reach():
                results = p.execute(raise_on_error=False)
                if any(isinstance(x, redis.exceptions.NoScriptError) for x in results):
                    results = self._again(staged, results, now)
        except Unavailable as e:
            codes = sorted({code for code, _ in staged} | set(states))
            self.doubt.update(codes)
            since: dict[str, int] = {}
            undone: set[str] = set()
            for code, entry in staged:
                since.setdefault(code, entry.seq)
                if entry.kind != "act":
                    undone.add(code)
            for code in undone:
                since.pop(code)
            raise FlushFailed(codes, e.why, kind="unavailable", since=since) from None
        lost = sorted(
            {
                code
                for (code, _), x in zip(staged, results, strict=False)
                if isinstance(x, Exception)
            }
        )
        if lost:
            raise FlushFailed(lost, "the lease is held by another process", kind="lost")

    def _again(self, staged: list[tuple[str, Entry]], results: list[Any], now: float) -> list[Any]:
        """Redis restarted and forgot the script: loaded, and the entries it refused sent
        again (in order, one pipeline)."""
        import redis

        self.r.script_load(_APPEND)
        redo = [i for i, x in enumerate(results) if isinstance(x, redis.exceptions.NoScriptError)]
        p = self.r.pipeline(transaction=False)
        for i in redo:
            code, entry = staged[i]
            p.evalsha(self.c._append.sha, 3, *self._append_args(code, entry, now))
        for i, x in zip(redo, p.execute(raise_on_error=False), strict=True):
            results[i] = x
        return results

    def entries(self, code: str, after: int = 0) -> list[Entry]:
        """The table's entries (those after seq `after`)."""
        out = []
        with self.c.reach():
            raw = self.r.xrange(self.c.key(code, "log"), f"{after + 1}-0" if after else "-")
        for sid, f in raw:
            seq = int(sid.split(b"-")[0])
            out.append(
                Entry(seq, f[b"k"].decode(), int(f[b"s"]), f[b"t"].decode(), f[b"b"].decode())
            )
        return out

    def set_seat(self, code: str, row: SeatRow) -> None:
        value = json.dumps({"h": row.token_hash, "n": row.name, "st": row.status})
        with self.c.reach():
            self.r.hset(self.c.key(code, "seats"), str(row.seat), value)

    def seats(self, code: str) -> list[SeatRow]:
        rows = []
        with self.c.reach():
            raw = self.r.hgetall(self.c.key(code, "seats"))
        for seat, value in raw.items():
            d = json.loads(value)
            rows.append(SeatRow(int(seat), d["h"], d["n"], d["st"]))
        return sorted(rows, key=lambda r: r.seat)

    def start(self, code: str) -> dict[str, Any] | None:
        with self.c.reach():
            raw = self.r.get(self.c.key(code, "start"))
        return json.loads(raw) if raw else None

    def open_tables(self) -> list[str]:
        with self.c.reach():
            return sorted(c.decode() for c in self.r.smembers(f"{self.c.prefix}:open"))

    def finish(self, code: str) -> None:
        """Staged: written with (after) the table's last entries at the next flush."""
        self._states[code] = "finished"

    def expire(self, code: str) -> None:
        self._states[code] = "expired"

    def is_open(self, code: str) -> bool:
        with self.c.reach():
            return bool(self.r.hget(self.c.key(code, "meta"), "state") == b"open")

    def idle_since(self, code: str) -> float:
        with self.c.reach():
            raw = self.r.hget(self.c.key(code, "meta"), "updated")
        return float(raw) if raw else 0.0

    def close(self) -> None:
        pass  # the cluster's client is closed with the cluster


class RedisDirectory:
    """`Directory` on Redis: a lease per table, the lobby and the seats' presence."""

    eager = False  # tables are claimed one by one, by whoever resumes them first

    def __init__(self, cluster: Cluster) -> None:
        self.c = cluster
        self.r = cluster.r
        self.public: dict[str, str] = {}  # code -> its lobby entry, while this node owns it
        self._alive_at = 0.0
        self._cursor = 0  # where the sweep goes on in the open set

    def _claim(self, code: str) -> bool:
        with self.c.reach():
            got = bool(
                self.r.set(self.c.key(code, "lease"), self.c.holder, nx=True, px=self.c.lease_ms)
            )
        if got:
            self.c.released.discard(code)
        return got

    def claim_new(self, code: str) -> bool:
        return self._claim(code)

    def owner(self, code: str) -> str | None:
        """The address of the process holding the table's lease, or None."""
        with self.c.reach():
            raw = self.r.get(self.c.key(code, "lease"))
        if raw is None:
            return None
        node, _, address = raw.decode().partition(" ")
        return HERE if node == self.c.node else address

    def find(self, code: str) -> str | None:
        where = self.owner(code)
        if where is not None:
            return where
        if not self.c.log.is_open(code):
            return None
        if self._claim(code):
            return HERE
        return self.owner(code)  # another process claimed it a moment ago

    def renew(self, codes: list[str]) -> list[str]:
        if not codes and not self.public:
            return []
        p = self.r.pipeline(transaction=False)
        for code in codes:
            self.c._renew(
                keys=[self.c.key(code, "lease")],
                args=[self.c.holder, self.c.lease_ms],
                client=p,
            )
        if self.public:
            until = int(time.time() * 1000) + 3 * self.c.lease_ms
            p.zadd(f"{self.c.prefix}:lobby", dict.fromkeys(self.public, until))
        now = time.time()
        if now - self._alive_at >= ALIVE_S:  # held: no sweeper elsewhere takes these
            self._alive_at = now
            for code in codes:
                p.hset(self.c.key(code, "meta"), "alive", now)
        with self.c.reach():
            results = p.execute()
        lost = [code for code, ok in zip(codes, results, strict=False) if not ok]
        for code in lost:
            self.public.pop(code, None)
        return lost

    def bound(self, address: str) -> None:
        if not self.c.address:
            self.c.address = address

    def orphans(self, idle_s: float, limit: int = 50) -> list[str]:
        """Open tables that no process holds (their owner died and nobody resumed them)
        and that nothing happened at for `idle_s`: no write, and no owner holding them
        (`alive`), so the clock starts when the last owner went, as a single process's
        starts when the last reader leaves. Each is claimed for this process first, so
        one sweeper alone takes it; the caller finishes or expires it and releases it.
        Goes through the open set a batch at a time (SSCAN), sweep after sweep."""
        k = self.c.key
        with self.c.reach():
            self._cursor, raw = self.r.sscan(
                f"{self.c.prefix}:open", self._cursor, count=SWEEP_BATCH
            )
            codes = sorted({c.decode() for c in raw})
            if not codes:
                return []
            p = self.r.pipeline(transaction=False)
            for code in codes:
                p.exists(k(code, "lease"))
                p.hmget(k(code, "meta"), "updated", "alive", "state")
            got = p.execute()
        now = time.time()
        out: list[str] = []
        for i, code in enumerate(codes):
            held, (updated, alive, state) = got[2 * i], got[2 * i + 1]
            last = max(float(updated or 0), float(alive or 0))
            if held or state != b"open" or now - last <= idle_s:
                continue
            if len(out) < limit and self._claim(code):
                out.append(code)
        return out

    def release(self, code: str) -> None:
        self.c.released.add(code)
        self.publish(code, None)
        with self.c.reach():
            self.c._release(keys=[self.c.key(code, "lease")], args=[self.c.holder])

    # ------------------------------------------------------------ lobby and presence

    def publish(self, code: str, entry: dict[str, Any] | None) -> None:
        """The table's presence (every table) and lobby entry (public ones); None: gone."""
        p = self.r.pipeline(transaction=False)
        lobby, info = f"{self.c.prefix}:lobby", f"{self.c.prefix}:lobby:info"
        if entry is None:
            p.delete(self.c.key(code, "presence"))
            if self.public.pop(code, None) is not None:
                p.zrem(lobby, code)
                p.hdel(info, code)
            with self.c.reach():
                p.execute()
            return
        players = entry.get("players", [])
        if players:
            p.hset(
                self.c.key(code, "presence"),
                mapping={str(x["seat"]): json.dumps(x) for x in players},
            )
        if entry.get("public"):
            text = json.dumps(entry, separators=(",", ":"))
            self.public[code] = text
            p.hset(info, code, text)
            p.zadd(lobby, {code: int(time.time() * 1000) + 3 * self.c.lease_ms})
        elif self.public.pop(code, None) is not None:
            p.zrem(lobby, code)
            p.hdel(info, code)
        with self.c.reach():
            p.execute()

    def lobby(self, limit: int = 100) -> list[dict[str, Any]]:
        """The public tables of every process whose entries are alive."""
        lobby, info = f"{self.c.prefix}:lobby", f"{self.c.prefix}:lobby:info"
        now = int(time.time() * 1000)
        with self.c.reach():
            self.r.zremrangebyscore(lobby, 0, now)
            codes = self.r.zrange(lobby, 0, limit - 1)
            got = self.r.hmget(info, codes) if codes else []
        out = []
        for raw in got:
            if raw:
                out.append(json.loads(raw))
        return out

    def close(self) -> None:
        pass
