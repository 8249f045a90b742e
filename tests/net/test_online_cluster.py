"""Several `crowsnest serve --redis` processes over one real redis-server (issue 23): bots
spread over the processes play whole matches at the table's owner, a client that asks the
wrong process ends at the owner, and after a kill -9 of one process every table it owned
finishes on another with no action lost and every view equal to a shadow replay of the
table's Redis stream. Everything on loopback; every loop bounded."""

from __future__ import annotations

import json
import time

import pytest
from bots import Bot, run, shadow
from cluster import RedisServer, Serve
from crowsnest.net.client import ThreadClient
from net_registry import REGISTRY
from privacy import card_counts
from test_online_matches import allowed_names, short

pytestmark = pytest.mark.slow

LEASE_MS = 1500  # the shortest --lease-ms: a killed process's tables move sooner


@pytest.fixture
def redis_server(tmp_path):
    r = RedisServer(tmp_path)
    yield r
    r.stop()


@pytest.fixture
def procs(redis_server, tmp_path):
    ps = [Serve(redis_server.url, tmp_path, lease_ms=LEASE_MS) for _ in range(3)]
    yield ps
    for p in ps:
        if p.proc.poll() is None:
            assert p.stop() == 0
        err = p.proc.stderr.read()
        assert "Traceback" not in err and "internal error" not in err, err[-2000:]


def cluster_log(redis_server):
    from crowsnest.net.cluster import Cluster

    return Cluster(redis_server.client).log


def wire(x):
    return json.loads(json.dumps(x))  # as it travels: tuples are lists, keys strings


def owner_of(redis_server, code):
    raw = redis_server.client.get(f"crowsnest:{{{code}}}:lease")
    return raw.decode().split(" ", 1)[1] if raw else None


def make_table(url, vid, name, seats=None, lang="en"):
    variant = REGISTRY.variants[vid]
    n = seats or variant.default_seats
    owner = Bot(url, name=name, seed=f"{name}:0", lang=lang)
    owner.send(
        {
            "type": "create",
            "variant": vid,
            "seats": [{"kind": "human"}] * n,
            "options": short(variant),
        }
    )
    owner.expect("created")
    owner.expect("snapshot")
    return owner


def seat_bots(owner, urls, n):
    """The other seats, each joining through another process than the owner's."""
    bots = [owner]
    for i in range(1, n):
        name, seed = f"{owner.name} {i}", f"{owner.name}:{i}"
        b = Bot(urls[i % len(urls)], name=name, seed=seed, lang=owner.lang)
        b.send({"type": "join", "code": owner.code})
        b.expect("joined")
        b.expect("snapshot")
        bots.append(b)
    return bots


def no_action_lost(bots, entries):
    """The log holds seq 1..N without a gap, and every update any bot got is the log's
    entry at its seq (the same seat, the same action as far as that bot may see it)."""
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    by_seq = {e.seq: e for e in entries}
    n = 0
    for b in bots:
        for f in b.frames:
            if f.get("type") != "update":
                continue
            e = by_seq[f["seq"]]
            assert f["seat"] == e.seat, (b.name, f["seq"])
            assert f["action"] == e.text or ("cards" in f and e.text.split()[0] == f["action"]), (
                b.name,
                f["seq"],
                f["action"],
                e.text,
            )
            n += 1
    return n


def test_bots_spread_over_three_processes_play_whole_matches(redis_server, procs):
    urls = [p.url for p in procs]
    games = ["crowsnest", "doudizhu", "individual3"]
    tables = []
    for i, vid in enumerate(games):
        owner = make_table(urls[i], vid, f"T{i}")
        tables.append(
            (
                vid,
                owner,
                seat_bots(owner, urls[i + 1 :] + urls[: i + 1], len(owner.state["players"])),
            )
        )
    for _, owner, bots in tables:
        # the table lives where it was made; every seat plays there, whoever it asked
        assert owner_of(redis_server, owner.code) == owner.c.url
        assert all(b.c.url == owner.c.url for b in bots)
    run([b for _, _, bots in tables for b in bots], seconds=600)

    log = cluster_log(redis_server)
    for vid, owner, bots in tables:
        variant = REGISTRY.variants[vid]
        m, entries = shadow(log, owner.code, variant)
        assert m.over, (vid, [(b.closed, b.over, b.seq, b.frames[-2:]) for b in bots], entries[-1])
        assert no_action_lost(bots, entries) > 0
        for b in bots:
            assert b.state["view"] == wire(m.view_json(b.seat)), (vid, b.seat)
            assert b.seq == entries[-1].seq
        names, allowed = allowed_names(variant, log.start(owner.code), entries)
        for b in bots:
            for f in b.frames:
                if f.get("type") in ("update", "snapshot"):
                    named = set(card_counts(f, names)) - allowed[f["seq"]][b.seat]
                    assert not named, (vid, b.seat, f["type"], f["seq"], sorted(named)[:5])


def test_a_client_asking_the_wrong_process_ends_at_the_owner(redis_server, procs):
    a, b, c = (p.url for p in procs)
    owner = make_table(a, "doudizhu", "Owner")
    # join through b: redirected to a, seated there
    j = Bot(b, name="Joiner", seed=1)
    j.send({"type": "join", "code": owner.code, "ref": "j1"})
    joined = j.expect("joined")
    assert joined["ref"] == "j1" and joined["seat"] == 1
    assert any(f["type"] == "_moved" and f["address"] == a for f in j.frames)
    assert j.c.url == a and j.c.entry == b
    assert j.expect("snapshot")["you"] == 1
    # resume through c after a drop: the token holds, the seat comes back at a
    j.drop()
    j.url = c
    j.resume()
    assert j.c.url == a and j.state["you"] == 1
    # a client that does not follow redirects is told where, in a sentence
    raw = ThreadClient(b, follow=False)
    raw.send({"type": "hello", "lang": "en"})
    assert raw.wait(10)["type"] == "welcome"
    raw.send({"type": "join", "code": owner.code, "watch": True})
    err = raw.wait(10)
    assert err["type"] == "error" and err["code"] == "elsewhere" and a in err["text"]
    raw.send({"type": "join", "code": "ZZZZZZ"})
    assert raw.wait(10)["code"] == "no_table"
    raw.close()


def test_the_join_screens_look_at_the_seats_through_another_process(redis_server, procs):
    """The window's look at a table's seats (client/online.py Peek, the `seats` frame)
    asked of a process that does not own the table: redirected to the owner, asked
    again there, answered with the seats (no view)."""
    from crowsnest.client.online import Peek

    a, b, _c = (p.url for p in procs)
    owner = make_table(a, "doudizhu", "Owner")
    peek = Peek(b, owner.code)
    got = None
    end = time.monotonic() + 20
    while got is None and time.monotonic() < end:
        got = peek.poll()
        time.sleep(0.02)
    peek.close()
    assert got is not None and got.get("free") == [1, 2], got
    assert got["players"][0]["name"] == "Owner" and "view" not in got


def test_the_lobby_and_the_seats_presence_are_shared(redis_server, procs):
    a, b, c = (p.url for p in procs)
    owner = Bot(a, name="Ada")
    owner.send(
        {
            "type": "create",
            "variant": "doudizhu",
            "seats": [{"kind": "human"}] * 3,
            "rules": {"lobby": True},
        }
    )
    owner.expect("created")
    hidden = make_table(b, "doudizhu", "Private")
    asker = Bot(c, name="Cy")
    asker.send({"type": "tables"})
    (entry,) = asker.expect("tables")["tables"]  # made on a, asked on c; not the private one
    assert entry["code"] == owner.code and entry["free"] == [1, 2]
    asker.send({"type": "join", "code": entry["code"]})
    asker.expect("joined")
    assert asker.c.url == a
    presence = redis_server.client.hgetall(f"crowsnest:{{{owner.code}}}:presence")
    assert json.loads(presence[b"1"])["name"] == "Cy"
    assert json.loads(presence[b"1"])["status"] == "connected"
    assert hidden.code not in str(redis_server.client.hgetall("crowsnest:lobby:info"))
    other = Bot(b, name="Bo")
    other.send({"type": "tables"})
    (entry,) = other.expect("tables")["tables"]
    assert entry["free"] == [2]


def resume_anywhere(b, urls, seconds=60.0):
    """Reconnect a bot whose process died: try each address (a redirect may still name
    the dead owner until its lease runs out) until one gives the seat back."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for url in urls:
            try:
                b.url = url
                b.sent_at = -1
                b.connect()
            except (OSError, AssertionError):
                continue
            b.send({"type": "resume", "code": b.code, "token": b.token, "seq": b.seq})
            until = time.monotonic() + 10
            while time.monotonic() < until:
                f = b.c.wait(0.5)
                if f is None:
                    continue
                b.take(f)
                if f["type"] == "snapshot":
                    return time.monotonic()
                if f["type"] in ("_closed", "error"):
                    break
            b.c.close()
        time.sleep(0.2)
    raise AssertionError(f"{b.name} could not resume within {seconds} s")


def test_kill_minus_9_of_one_process_moves_its_tables_and_loses_nothing(redis_server, procs):
    urls = [p.url for p in procs]
    doomed, live = procs[0], procs[1:]
    tables = []
    for i, vid in enumerate(["doudizhu", "crowsnest"]):
        owner = make_table(doomed.url, vid, f"K{i}")
        tables.append((vid, owner, seat_bots(owner, urls[1:], len(owner.state["players"]))))
    bystander = make_table(live[0].url, "doudizhu", "B")
    by_bots = seat_bots(bystander, urls, 3)
    everyone = [b for _, _, bots in tables for b in bots]
    run([*everyone, *by_bots], until=lambda: all(o.seq >= 25 for _, o, _ in tables), seconds=120)
    for _, owner, _ in tables:
        assert not owner.over and owner.state["phase"] != "deal_over"  # mid-deal
    doomed.kill()
    time.sleep(0.2)
    log = cluster_log(redis_server)
    for vid, owner, bots in tables:
        for b in bots:
            b.pump()
        _, entries = shadow(log, owner.code, REGISTRY.variants[vid])
        assert entries[-1].seq >= max(b.seq for b in bots)  # in the stream before it was sent

    live_urls = [p.url for p in live]
    for _, _, bots in tables:
        for b in bots:
            resume_anywhere(b, live_urls)
            assert b.c.url in live_urls
    run([*everyone, *by_bots], seconds=600)

    for vid, owner, bots in tables:
        variant = REGISTRY.variants[vid]
        m, entries = shadow(log, owner.code, variant)
        assert m.over, (vid, [(b.closed, b.over, b.seq, b.frames[-2:]) for b in bots], entries[-1])
        assert owner_of(redis_server, owner.code) in live_urls
        assert no_action_lost(bots, entries) > 0
        for b in bots:
            assert b.state["view"] == wire(m.view_json(b.seat)), (vid, b.seat)
    m, entries = shadow(log, bystander.code, REGISTRY.variants["doudizhu"])
    assert m.over and no_action_lost(by_bots, entries) > 0


def test_sigterm_hands_its_tables_over_at_once(redis_server, procs):
    """An upgrade, one process at a time: SIGTERM says bye and gives up its leases, so the
    next resume on another process takes the table without waiting for a lease to run out."""
    leaving = procs[0]
    owner = make_table(leaving.url, "doudizhu", "U")
    bots = seat_bots(owner, [p.url for p in procs[1:]], 3)
    run(bots, until=lambda: owner.seq >= 10, seconds=60)
    assert leaving.stop() == 0
    assert owner_of(redis_server, owner.code) is None
    for b in bots:
        b.pump()
        assert any(f.get("type") == "bye" and f["reason"] == "shutdown" for f in b.frames)
        b.url = procs[1].url
        b.resume()
        assert b.c.url == procs[1].url
    run(bots, seconds=300)
    m, entries = shadow(cluster_log(redis_server), owner.code, REGISTRY.variants["doudizhu"])
    assert m.over and no_action_lost(bots, entries) > 0


def test_a_redis_restart_with_its_append_only_file_loses_nothing(tmp_path):
    """Redis itself goes away for a moment (and comes back from its append-only file):
    the processes keep their tables, take their leases back, and the match finishes
    equal to its replay."""
    r = RedisServer(tmp_path, persist=True)
    ps = [Serve(r.url, tmp_path, lease_ms=LEASE_MS) for _ in range(2)]
    try:
        owner = make_table(ps[0].url, "doudizhu", "R")
        bots = seat_bots(owner, [p.url for p in ps], 3)
        run(bots, until=lambda: owner.seq >= 15, seconds=60)
        for b in bots:  # every move sent has its update (none in flight at the stop)
            deadline = time.monotonic() + 10
            while b.seq != owner.seq and time.monotonic() < deadline:
                b.pump()
                time.sleep(0.01)
        r.stop()
        time.sleep(2 * LEASE_MS / 1000)  # renewals fail; the lease runs out meanwhile
        assert all(p.proc.poll() is None for p in ps)
        r.start()
        time.sleep(1.5)  # the next renewal takes the lease back
        assert owner_of(r, owner.code) == ps[0].url
        for b in bots:  # a move sent while Redis was away was answered with an error: again
            b.sent_at = -1
        run(bots, seconds=300)
        m, entries = shadow(cluster_log(r), owner.code, REGISTRY.variants["doudizhu"])
        assert m.over and no_action_lost(bots, entries) > 0
        for b in bots:
            assert b.state["view"] == wire(m.view_json(b.seat))
    finally:
        for p in ps:
            assert p.stop() == 0
            err = p.proc.stderr.read()
            assert "Traceback" not in err and "internal error" not in err, err[-2000:]
        r.stop()


def test_redis_stopped_mid_deal_refuses_moves_as_unavailable_and_keeps_every_seat(tmp_path):
    """redis-server is stopped mid-deal while the bots keep playing: every move is
    refused with `unavailable` (a sentence in the player's language), nothing is applied,
    no connection is closed and no seat given away; once redis-server is back (from its
    append-only file) the moves played again land and the match finishes equal to its
    replay, with no action lost."""
    from crowsnest.net import words

    r = RedisServer(tmp_path, persist=True)
    ps = [Serve(r.url, tmp_path, lease_ms=LEASE_MS) for _ in range(2)]
    try:
        owner = make_table(ps[0].url, "doudizhu", "O", lang="fi")
        bots = seat_bots(owner, [p.url for p in ps], 3)
        run(bots, until=lambda: owner.seq >= 10, seconds=60)
        assert not owner.over
        r.stop()  # with moves in flight: the bots do not wait
        stopped = owner.seq
        end = time.monotonic() + 3 * LEASE_MS / 1000
        while time.monotonic() < end:  # they keep trying (every 0.2 s after a refusal)
            for b in bots:
                b.pump()
                b.play()
            time.sleep(0.01)
        refusals = [f for b in bots for f in b.frames if f.get("type") == "refused"]
        unavailable = [f for f in refusals if f["code"] == "unavailable"]
        assert len(unavailable) >= 3, refusals[-3:]
        finnish = words.say("fi", words.REFUSALS["unavailable"])
        assert finnish != words.REFUSALS["unavailable"]
        assert all(f["reason"] == finnish for f in unavailable)
        assert all(f["seq"] <= stopped + 1 for f in unavailable)
        # Nobody heard of a move after the stop but the one the flush took, if any.
        assert max(b.seq for b in bots) <= stopped + 1
        assert not any(b.closed for b in bots)
        assert all(p.proc.poll() is None for p in ps)
        r.start()
        run(bots, seconds=300)  # the moves are played again and land
        assert not any(b.closed for b in bots), [b.frames[-6:] for b in bots if b.closed]
        m, entries = shadow(cluster_log(r), owner.code, REGISTRY.variants["doudizhu"])
        assert m.over and no_action_lost(bots, entries) > 0
        for b in bots:
            assert b.state["view"] == wire(m.view_json(b.seat))
    finally:
        for p in ps:
            assert p.stop() == 0
            err = p.proc.stderr.read()
            assert "Traceback" not in err and "internal error" not in err, err[-2000:]
        r.stop()


def test_a_write_that_landed_while_its_answer_was_lost_is_applied_when_redis_answers(
    redis_server,
):
    """Redis writes a tick's entries and the connection breaks before the answer: the
    server cannot know, so it refuses the move (`unavailable`) and takes the table back;
    once Redis answers again the stream is read, the entry that did land is applied (once)
    and every reader gets a snapshot with it, on the same connection."""
    import asyncio
    import threading

    import redis
    from crowsnest.net import words
    from crowsnest.net.cluster import Cluster, connect
    from crowsnest.net.server import Server

    cluster = Cluster(connect(redis_server.url))
    server = Server(REGISTRY, cluster.log, directory=cluster.directory, ai_budget_s=2.0)
    got: dict = {}
    ready = threading.Event()

    def serve() -> None:
        asyncio.run(server.serve("127.0.0.1", 0, lambda h, p: (got.update(port=p), ready.set())))

    th = threading.Thread(target=serve, daemon=True)
    th.start()
    assert ready.wait(15)
    url = f"ws://127.0.0.1:{got['port']}"
    try:
        owner = make_table(url, "doudizhu", "L", lang="sv")
        bots = seat_bots(owner, [url], 3)
        run(bots, until=lambda: owner.seq >= 5, seconds=60)
        time.sleep(0.3)
        for b in bots:
            b.pump()
        seq = owner.seq
        real = cluster.r.pipeline
        cut: list = []

        def pipeline(*a, **kw):
            p = real(*a, **kw)
            execute = p.execute

            def written_then_cut(raise_on_error=True):
                carries = any(args[0] == "EVALSHA" for args, _ in p.command_stack)
                res = execute(raise_on_error=raise_on_error)
                if carries and not cut:
                    cut.append(seq)
                    raise redis.ConnectionError("Connection reset by peer")
                return res

            p.execute = written_then_cut
            return p

        cluster.r.pipeline = pipeline
        mover = next(b for b in bots if b.my_turn())
        mover.play()
        refused = mover.expect("refused", 10)
        assert cut and refused["code"] == "unavailable" and refused["seq"] == seq
        assert refused["reason"] == words.say("sv", words.REFUSALS["unavailable"])
        for b in bots:  # the renewal finds Redis back; the landed entry is applied
            deadline = time.monotonic() + 10
            while b.seq <= seq and time.monotonic() < deadline:
                b.pump()
                time.sleep(0.01)
            assert b.seq == seq + 1 and b.frames[-1]["type"] == "snapshot"
        cluster.r.pipeline = real
        run(bots, seconds=300)
        assert not any(b.closed for b in bots)
        m, entries = shadow(cluster_log(redis_server), owner.code, REGISTRY.variants["doudizhu"])
        assert m.over and no_action_lost(bots, entries) > 0
        for b in bots:
            assert b.state["view"] == wire(m.view_json(b.seat))
    finally:
        server.stop()
        th.join(10)
    assert server.internal_errors == 0


def test_tables_nobody_resumes_after_their_owner_died_are_swept(redis_server, tmp_path):
    """A process dies and nobody comes back to some of its tables: once such a table has
    been idle as long as the idle rule allows (from its last write or the last time an
    owner held it), a live process's sweep claims it, marks it finished when its match
    is over and expired otherwise, and lets it go. A table idle for less is left open,
    unclaimed, and still resumes; a swept one answers `no_table`."""
    import asyncio
    import random
    import threading

    from crowsnest.net.cluster import Cluster, connect
    from crowsnest.net.server import Server
    from crowsnest.net.table import Table

    variant = REGISTRY.variants["doudizhu"]
    dying = Serve(redis_server.url, tmp_path, lease_ms=LEASE_MS)
    played = {}
    for name in "AC":  # mid-deal at a process that is killed
        owner = make_table(dying.url, "doudizhu", name)
        bots = seat_bots(owner, [dying.url], 3)
        run(bots, until=lambda o=owner: o.seq >= 6, seconds=60)
        played[name] = (owner, bots)
    # B: its match was played to the end, but its end never written (its owner died).
    writer = Cluster(connect(redis_server.url))
    code_b = "B2B2B2"
    assert writer.directory.claim_new(code_b)
    frame = {"seats": [{"kind": "human"}] * 3, "options": short(variant)}
    t = Table.create(code_b, variant, frame, writer.log, time.monotonic)
    rng = random.Random(5)
    while not t.match.over:
        t.apply(t.match.to_move, rng.choice(t.match.legal_strings()), "player")
        writer.log._states.clear()  # the owner never got to write the end
        writer.log.flush()
    writer.directory.release(code_b)
    dying.kill()
    for b in (b for _, bots in played.values() for b in bots):
        b.drop()
    r = redis_server.client
    long_ago = time.time() - 1000
    for code in (played["A"][0].code, code_b):
        r.hset(f"crowsnest:{{{code}}}:meta", mapping={"updated": long_ago, "alive": long_ago})
    time.sleep(LEASE_MS / 1000 + 0.5)  # the dead process's leases run out

    cluster = Cluster(connect(redis_server.url))
    server = Server(
        REGISTRY,
        cluster.log,
        directory=cluster.directory,
        ai_budget_s=2.0,
        idle_expiry_s=100,
        sweep_s=0.3,
    )
    got: dict = {}
    ready = threading.Event()

    def serve() -> None:
        asyncio.run(server.serve("127.0.0.1", 0, lambda h, p: (got.update(port=p), ready.set())))

    th = threading.Thread(target=serve, daemon=True)
    th.start()
    assert ready.wait(15)
    url = f"ws://127.0.0.1:{got['port']}"

    def state(code):
        return r.hget(f"crowsnest:{{{code}}}:meta", "state")

    try:
        code_a, code_c = played["A"][0].code, played["C"][0].code
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and (state(code_a), state(code_b)) == (b"open",) * 2:
            time.sleep(0.1)
        time.sleep(1.0)  # three more sweeps
        assert state(code_a) == b"expired" and state(code_b) == b"finished"
        assert state(code_c) == b"open" and owner_of(redis_server, code_c) is None
        open_codes = {c.decode() for c in r.smembers("crowsnest:open")}
        assert code_a not in open_codes and code_b not in open_codes and code_c in open_codes
        assert all(owner_of(redis_server, c) is None for c in (code_a, code_b))
        assert not server.tables  # nothing swept is kept
        # C still resumes (at the sweeper's process); A is gone for good.
        owner_c = played["C"][0]
        owner_c.url = url
        owner_c.resume()
        assert owner_c.state["seq"] >= 6 and owner_c.state["code"] == code_c
        owner_a = played["A"][0]
        owner_a.url = url
        owner_a.connect()
        owner_a.send({"type": "resume", "code": code_a, "token": owner_a.token, "seq": 0})
        assert owner_a.expect("error")["code"] == "no_table"
    finally:
        server.stop()
        th.join(10)
    assert server.internal_errors == 0
