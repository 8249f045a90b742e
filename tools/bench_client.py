"""Client speed: frame time while a trick animates (CrowsNest, all AIs; and Tractor with
the bottom seat's 20-25-card hand face up), and time from launch to first frame.

    python tools/bench_client.py [--json]
    python tools/bench_client.py --looks [--json]   # Settings -> Look's cost, side by side
    python tools/bench_client.py --thinking [--size 1280x720] [--frames 300] [--runs 1]
        [--rows crowsnest,crowsnest-hint,tractor,doudizhu] [--results FILE] [--json]
        # frames while hard thinks (issue 31); FILE keeps each row's figures (JSON lines)
        # and a run started again with it skips the rows already there

`bench_client()` returns a dict for tools/bench.py to include. Frames are timed at
1280x720 on the dummy video driver, one `App.step` each (events, update, draw, flip),
over several deals of CrowsNest played by AIs at animation speed 3, counting only
frames during which cards are moving.
"""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


LOOK_BATCH = 20  # timed frames per Look setting before the next one (side by side)
# Settings -> Look at 50 (the table as it always was) and at the extremes
LOOKS = {"at 50": (50, 50, 50), "all 100": (100, 100, 100), "all 0": (0, 0, 0)}


def look_frame_times(
    frames: int = 900, size: tuple[int, int] = (1920, 1080)
) -> dict[str, list[float]]:
    """Wall milliseconds per animated frame with a 20-25-card Tractor hand at 1920x1080,
    for each of LOOKS, measured in one run in alternating batches."""
    by_look: dict[str, list[float]] = {}
    tractor_hand_frame_times(frames, size, looks=LOOKS, by_look=by_look)
    return by_look


def frame_times(
    frames: int = 900, size: tuple[int, int] = (1280, 720), cpu: list[float] | None = None
) -> list[float]:
    """Wall milliseconds per animated frame; `cpu` (if given) collects the main
    thread's CPU milliseconds per frame, which other processes on a loaded machine
    cannot inflate."""
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.overlays import EndOfDealScene
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup
    from crowsnest.config import Config

    store = PrefsStore(Config())
    store.prefs.speed = 3
    app = App(store, size=size)
    v = app.registry.variant("crowsnest")
    session = LocalGame(v, [SeatSetup("ai", "easy", "") for _ in range(4)], seed=1)
    table = TableScene(session)
    app.stack.push(table)
    times: list[float] = []
    dt = 1 / 60
    for _ in range(frames * 20):
        moving = bool(table.trick) and table.tweener.busy
        c0, t0 = time.thread_time(), time.perf_counter()
        app.step(dt)
        t1, c1 = time.perf_counter(), time.thread_time()
        if moving:
            times.append((t1 - t0) * 1000)
            if cpu is not None:
                cpu.append((c1 - c0) * 1000)
            if len(times) >= frames:
                break
        if isinstance(app.stack.top, EndOfDealScene):
            app.stack.top.close()
        if session.ai_busy():
            session.wait_ai(30)
        if session.match.over:
            break
    app.close()
    return times


def tractor_hand_frame_times(
    frames: int = 300,
    size: tuple[int, int] = (1280, 720),
    cpu: list[float] | None = None,
    looks: dict[str, tuple[int, int, int]] | None = None,
    by_look: dict[str, list[float]] | None = None,
) -> list[float]:
    """Like frame_times, with the bottom seat's Tractor hand face up (25 cards after the
    kitty, 20 or more while timed): the heaviest hand the table draws. The bottom
    seat's decisions are made by the normal AI through the table, as a player would.
    With `looks` (name -> contrast, grain, warmth), the Look switches among them every
    LOOK_BATCH timed frames, side by side in one run, and `by_look` collects each one's
    frames (the first frame after a switch, which redraws the cached felt, is left out:
    a setting changes once, not per frame)."""
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.overlays import EndOfDealScene
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup
    from crowsnest.config import Config

    store = PrefsStore(Config())
    store.prefs.speed = 3
    app = App(store, size=size)
    v = app.registry.variant("tractor")
    seats = [SeatSetup("human" if i == 0 else "ai", "easy", "") for i in range(4)]
    times: list[float] = []
    dt = 1 / 60
    names = list(looks or {})
    current, switched = "", False
    for seed in range(1, 40):
        session = LocalGame(v, seats, seed=seed)
        table = TableScene(session)
        app.stack.replace(table)
        for _ in range(frames * 40):
            m = session.match
            if names:
                want = names[(len(times) // LOOK_BATCH) % len(names)]
                if want != current:
                    current, switched = want, True
                    c, g, w = looks[want]  # type: ignore[index]
                    app.prefs.look = dataclasses.replace(
                        app.prefs.look, contrast=c, grain=g, warmth=w
                    )
                    app.apply_looks()
            if table.my_turn():
                choice = session.runner.choose(m, 0, "easy", budget_s=None)
                table.submit(choice.action)
            hand = len(table.hand_ids()) if table.hand_visible() else 0
            moving = bool(table.trick) and table.tweener.busy and hand >= 20
            c0, t0 = time.thread_time(), time.perf_counter()
            app.step(dt)
            t1, c1 = time.perf_counter(), time.thread_time()
            if moving and switched:
                switched = False  # the felt and cards were drawn afresh in this frame
            elif moving:
                times.append((t1 - t0) * 1000)
                if cpu is not None:
                    cpu.append((c1 - c0) * 1000)
                if by_look is not None and current:
                    by_look.setdefault(current, []).append((t1 - t0) * 1000)
                    by_look.setdefault(current + " cpu", []).append((c1 - c0) * 1000)
            if isinstance(app.stack.top, EndOfDealScene) or m.over or m.deal_no > 0:
                break  # one deal a seed: the hand is full only early in a deal
            if len(times) >= frames:
                break
            if session.ai_busy():
                session.wait_ai(30)
        if len(times) >= frames:
            break
    app.close()
    return times


def _queued_ns() -> int | None:
    """Nanoseconds this thread has waited for a core so far (Linux), else None."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _stolen_ms() -> float | None:
    """Milliseconds the host has taken from this machine's virtual CPUs so far (Linux's
    "steal", all CPUs together), else None. Stolen time is counted in a thread's CPU time
    and in none of the kernel's run-queue waits: a frame with some in it may be slow
    for no reason of the game's."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        return int(fields[8]) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def thinking_frame_times(
    variant: str = "crowsnest",
    level: str = "hard",
    hint: bool = False,
    frames: int = 600,
    worker: bool = True,
    size: tuple[int, int] = (1280, 720),
    cpu: list[float] | None = None,
    unqueued: list[float] | None = None,
    stolen: list[float] | None = None,
) -> list[float]:
    """Wall milliseconds of every frame drawn while an AI of `level` thinks (every seat
    AI) or, with `hint`, while the bottom seat's hint search runs (the bottom seat human,
    the others `level`; the player then plays the easy AI's card). The loop is paced
    at 60 frames a second as App.run paces it (the time left of each 16.7 ms is slept),
    so the AI's thread gets what a real window leaves it, and a frame counts only when a
    search was running as it began. `worker` False: the search runs on a thread of this
    process (the window's way before issue 31), for comparison. With `level` easy the
    frames are those drawn while easy "thinks" (nothing searches): the baseline of the
    machine's load. `unqueued` (if given) collects each frame's wall time less the time
    the render thread waited in the kernel's run queue for a core (Linux schedstat): what
    the frame would take on a machine with a core free, which other processes' load
    cannot inflate but waiting for the AI's thread (the GIL) still shows in. `stolen`
    (if given) collects the milliseconds the host took from the machine's CPUs during
    each frame (_stolen_ms: both CPUs, 10 ms steps), to tell the host's slow frames
    from the game's."""
    from crowsnest.client.app import App
    from crowsnest.client.prefs import PrefsStore
    from crowsnest.client.scenes.overlays import EndOfDealScene
    from crowsnest.client.scenes.table import TableScene
    from crowsnest.client.session import LocalGame, SeatSetup
    from crowsnest.config import Config

    store = PrefsStore(Config())
    store.prefs.speed = 3
    app = App(store, size=size)
    v = app.registry.variant(variant)
    seats = v.default_seats
    setups = [SeatSetup("human" if hint and i == 0 else "ai", level, "") for i in range(seats)]
    session = LocalGame(v, setups, seed=1)
    if not worker:  # the search on a thread of this interpreter, as before issue 31
        from crowsnest.ai.runner import AIRunner

        session.runner = AIRunner(v, session.match.options, seats, seed="1:ai")
    table = TableScene(session)
    app.stack.push(table)
    times: list[float] = []
    dt = 1 / 60
    asked = False
    for _ in range(frames * 400):
        m = session.match
        if hint and table.my_turn() and not session._hint and not table.tweener.busy:
            if not asked:
                session.request_hint()
                asked = True
            else:
                choice = session.runner.choose(m, 0, "easy", budget_s=None)
                table.submit(choice.action)
                asked = False
        busy = session.ai_busy() if not hint else session._hint is not None
        q0, s0 = _queued_ns(), _stolen_ms()
        c0, t0 = time.thread_time(), time.perf_counter()
        app.step(dt)
        t1, c1 = time.perf_counter(), time.thread_time()
        q1, s1 = _queued_ns(), _stolen_ms()
        if busy:
            times.append((t1 - t0) * 1000)
            if cpu is not None:
                cpu.append((c1 - c0) * 1000)
            if unqueued is not None and q0 is not None and q1 is not None:
                unqueued.append((t1 - t0) * 1000 - (q1 - q0) / 1e6)
            if stolen is not None and s0 is not None and s1 is not None:
                stolen.append(s1 - s0)
            if len(times) >= frames:
                break
        if isinstance(app.stack.top, EndOfDealScene):
            app.stack.top.close()
        if m.over:
            break
        time.sleep(max(0.0, dt - (time.perf_counter() - t0)))
    app.close()
    return times


def first_frame_seconds(runs: int = 3) -> float:
    """Wall time from starting a fresh Python to the first drawn frame (best of runs)."""
    env = dict(os.environ, CROWSNEST_FIRST_FRAME_ONLY="1", SDL_VIDEODRIVER="dummy")
    code = "import sys; from crowsnest.client.app import main; sys.exit(main())"
    best = float("inf")
    for _ in range(runs):
        start = time.time()
        out = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
        for line in out.stdout.splitlines():
            if line.startswith("first_frame "):
                best = min(best, float(line.split()[1]) - start)
    return best


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(len(xs) * 0.99))], 3) if xs else float("nan")


def bench_client() -> dict[str, float]:
    cpu: list[float] = []
    times = frame_times(cpu=cpu)
    tcpu: list[float] = []
    tractor = tractor_hand_frame_times(cpu=tcpu)
    return {
        "tractor_hand_frames": len(tractor),
        "tractor_hand_frame_ms_median": round(statistics.median(tractor), 3)
        if tractor
        else float("nan"),
        "tractor_hand_frame_ms_p99": _p99(tractor),
        "tractor_hand_frame_cpu_ms_median": round(statistics.median(tcpu), 3)
        if tcpu
        else float("nan"),
        "tractor_hand_frame_cpu_ms_p99": _p99(tcpu),
        "frames": len(times),
        "frame_ms_median": round(statistics.median(times), 3) if times else float("nan"),
        "frame_ms_p99": _p99(times),
        "frame_cpu_ms_median": round(statistics.median(cpu), 3) if cpu else float("nan"),
        "frame_cpu_ms_p99": _p99(cpu),
        "load_average": round(os.getloadavg()[0], 2),
        "first_frame_s": round(first_frame_seconds(), 3),
    }


# --thinking's rows: the table and whether the bottom seat's hint search is what runs
THINKING_ROWS = {
    "crowsnest": ("crowsnest", False),  # every seat hard
    "crowsnest-hint": ("crowsnest", True),  # the hint, the other seats hard
    "tractor": ("tractor", False),
    "doudizhu": ("doudizhu", False),
}


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 3) if xs else float("nan")


def _max(xs: list[float]) -> float:
    return round(max(xs), 3) if xs else float("nan")


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return ""
    return out.stdout.strip()


def thinking_row(name: str, size: tuple[int, int], frames: int = 300) -> dict[str, Any]:
    """One row of --thinking: the figures of `thinking_frame_times` for THINKING_ROWS[name]
    with hard seats. "unstolen" figures leave out the frames during which the host took
    CPU time from the machine (on this shared virtual machine 5-15 % of it at times)."""
    variant, hint = THINKING_ROWS[name]
    cpu: list[float] = []
    unq: list[float] = []
    st: list[float] = []
    load0 = os.getloadavg()[0]
    wall = thinking_frame_times(
        variant, "hard", hint=hint, frames=frames, size=size, cpu=cpu, unqueued=unq, stolen=st
    )
    paired = len(st) == len(wall)
    calm = [i for i in range(len(wall)) if paired and st[i] == 0]
    return {
        "row": name,
        "size": f"{size[0]}x{size[1]}",
        "frames": len(wall),
        "wall_median_ms": _median(wall),
        "wall_p99_ms": _p99(wall),
        "wall_max_ms": _max(wall),
        "unqueued_p99_ms": _p99(unq),
        "unqueued_max_ms": _max(unq),
        "cpu_median_ms": _median(cpu),
        "cpu_p99_ms": _p99(cpu),
        "cpu_max_ms": _max(cpu),
        "stolen_frames": sum(1 for x in st if x > 0) if paired else None,
        "unstolen_wall_p99_ms": _p99([wall[i] for i in calm]),
        "unstolen_unqueued_p99_ms": _p99([unq[i] for i in calm if i < len(unq)]),
        "unstolen_cpu_p99_ms": _p99([cpu[i] for i in calm if i < len(cpu)]),
        "unstolen_cpu_max_ms": _max([cpu[i] for i in calm if i < len(cpu)]),
        "load_start": round(load0, 2),
        "load_end": round(os.getloadavg()[0], 2),
        "commit": _commit(),
    }


def bench_thinking(
    size: tuple[int, int],
    frames: int = 300,
    runs: int = 1,
    rows: list[str] | None = None,
    results: Path | None = None,
    say: Any = None,
) -> list[dict[str, Any]]:
    """Every row of THINKING_ROWS (or `rows`) `runs` times, rows taking turns; with
    `results`, each row's figures are appended to that file (one JSON object a line) as
    it ends, and rows already in it (same row, size and run) are read back, not run."""
    names = rows or list(THINKING_ROWS)
    done: dict[tuple[str, str, int], dict[str, Any]] = {}
    if results is not None and results.exists():
        for line in results.read_text().splitlines():
            if line.strip():
                got = json.loads(line)
                done[(got["row"], got["size"], got["run"])] = got
    out: list[dict[str, Any]] = []
    tag = f"{size[0]}x{size[1]}"
    for run in range(1, runs + 1):
        for name in names:
            got = done.get((name, tag, run))
            if got is None:
                got = {"run": run, **thinking_row(name, size, frames)}
                if results is not None:
                    with results.open("a") as f:
                        f.write(json.dumps(got) + "\n")
            out.append(got)
            if say is not None:
                say(got)
    return out


def _thinking_line(r: dict[str, Any]) -> str:
    return (
        f"{r['row']} {r['size']} run {r['run']}: {r['frames']} frames, wall median "
        f"{r['wall_median_ms']} p99 {r['wall_p99_ms']} max {r['wall_max_ms']} ms; unqueued "
        f"p99 {r['unqueued_p99_ms']} max {r['unqueued_max_ms']}; CPU median "
        f"{r['cpu_median_ms']} p99 {r['cpu_p99_ms']} max {r['cpu_max_ms']}; "
        f"{r['stolen_frames']} frames with stolen time, the others wall p99 "
        f"{r['unstolen_wall_p99_ms']} unqueued p99 {r['unstolen_unqueued_p99_ms']} CPU p99 "
        f"{r.get('unstolen_cpu_p99_ms')} max {r.get('unstolen_cpu_max_ms')} "
        f"(load {r['load_start']} -> {r['load_end']}, {r['commit']})"
    )


def _opt(argv: list[str], name: str, default: str) -> str:
    if name in argv:
        i = argv.index(name)
        if i + 1 >= len(argv):
            raise SystemExit(f"bench_client.py: {name} needs a value")
        return argv[i + 1]
    return default


def bench_looks() -> dict[str, float]:
    """Frame time p99 with the Look's effects at their extremes against at 50."""
    by = look_frame_times()
    out: dict[str, float] = {"load_average": round(os.getloadavg()[0], 2)}
    for name, xs in by.items():
        key = name.replace(" ", "_")  # "all 100 cpu" -> all_100_cpu
        out[f"{key}_frames"] = len(xs)
        out[f"{key}_ms_median"] = round(statistics.median(xs), 3) if xs else float("nan")
        out[f"{key}_ms_p99"] = _p99(by[name])
    for kind in ("", "_cpu"):
        base = out.get(f"at_50{kind}_ms_p99", float("nan"))
        for name in ("all_100", "all_0"):
            got = out.get(f"{name}{kind}_ms_p99", float("nan"))
            out[f"{name}{kind}_p99_ratio"] = round(got / base, 3)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--thinking" in argv:
        try:
            w, h = (int(x) for x in _opt(argv, "--size", "1280x720").lower().split("x"))
            frames, runs = int(_opt(argv, "--frames", "300")), int(_opt(argv, "--runs", "1"))
        except ValueError:
            raise SystemExit(
                "bench_client.py: --size is WIDTHxHEIGHT, --frames and --runs whole numbers"
            ) from None
        rows = [r for r in _opt(argv, "--rows", "").split(",") if r]
        unknown = [r for r in rows if r not in THINKING_ROWS]
        if unknown:
            raise SystemExit(
                f"bench_client.py: unknown row {unknown[0]!r} (rows: {', '.join(THINKING_ROWS)})"
            )
        path = _opt(argv, "--results", "")
        quiet = "--json" in argv
        got = bench_thinking(
            (w, h),
            frames,
            runs,
            rows or None,
            Path(path) if path else None,
            None if quiet else lambda r: print(_thinking_line(r), flush=True),
        )
        if quiet:
            print(json.dumps({"thinking": got}))
        return 0
    if "--looks" in argv:
        res = bench_looks()
        if "--json" in argv:
            print(json.dumps({"looks": res}))
        else:
            print(
                "Settings -> Look, Tractor with a 20-25-card hand at 1920x1080, side by side: "
                + "; ".join(
                    f"{n}: {res[n.replace(' ', '_') + '_frames']} frames, median "
                    f"{res[n.replace(' ', '_') + '_ms_median']} ms, p99 "
                    f"{res[n.replace(' ', '_') + '_ms_p99']} ms"
                    for n in LOOKS
                )
                + f"; p99 ratio all 100 / at 50 = {res['all_100_p99_ratio']}, all 0 / at 50 = "
                f"{res['all_0_p99_ratio']} (load average {res['load_average']})"
            )
            print(
                "main thread CPU per frame: "
                + "; ".join(
                    f"{n}: median {res[n.replace(' ', '_') + '_cpu_ms_median']} ms, p99 "
                    f"{res[n.replace(' ', '_') + '_cpu_ms_p99']} ms"
                    for n in LOOKS
                )
                + f"; p99 ratio all 100 / at 50 = {res['all_100_cpu_p99_ratio']}, all 0 / at 50"
                f" = {res['all_0_cpu_p99_ratio']}"
            )
        return 0
    res = bench_client()
    if "--json" in argv:
        print(json.dumps({"client": res}))
    else:
        print(
            f"trick animation at 1280x720 (dummy driver), {res['frames']} frames: "
            f"median {res['frame_ms_median']} ms, p99 {res['frame_ms_p99']} ms wall; "
            f"CPU median {res['frame_cpu_ms_median']} ms, p99 {res['frame_cpu_ms_p99']} ms "
            f"(load average {res['load_average']})"
        )
        print(
            f"Tractor, the bottom seat's hand (20-25 cards) face up, "
            f"{res['tractor_hand_frames']} frames: median "
            f"{res['tractor_hand_frame_ms_median']} ms, p99 {res['tractor_hand_frame_ms_p99']} ms "
            f"wall; CPU median {res['tractor_hand_frame_cpu_ms_median']} ms, "
            f"p99 {res['tractor_hand_frame_cpu_ms_p99']} ms"
        )
        print(f"launch to first frame: {res['first_frame_s']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
