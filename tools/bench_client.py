"""Client speed: frame time while a trick animates (CrowsNest, all AIs; and Tractor with
the bottom seat's 20-25-card hand face up), and time from launch to first frame.

    python tools/bench_client.py [--json]

`bench_client()` returns a dict for tools/bench.py to include. Frames are timed at
1280x720 on the dummy video driver, one `App.step` each (events, update, draw, flip),
over several deals of CrowsNest played by AIs at animation speed 3, counting only
frames during which cards are moving.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


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
    frames: int = 300, size: tuple[int, int] = (1280, 720), cpu: list[float] | None = None
) -> list[float]:
    """Like frame_times, with the bottom seat's Tractor hand face up (25 cards after the
    kitty, 20 or more while timed): the heaviest hand the table draws. The bottom
    seat's decisions are made by the normal AI through the table, as a player would."""
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
    for seed in range(1, 40):
        session = LocalGame(v, seats, seed=seed)
        table = TableScene(session)
        app.stack.replace(table)
        for _ in range(frames * 40):
            m = session.match
            if table.my_turn():
                choice = session.runner.choose(m, 0, "easy", budget_s=None)
                table.submit(choice.action)
            hand = len(table.hand_ids()) if table.hand_visible() else 0
            moving = bool(table.trick) and table.tweener.busy and hand >= 20
            c0, t0 = time.thread_time(), time.perf_counter()
            app.step(dt)
            t1, c1 = time.perf_counter(), time.thread_time()
            if moving:
                times.append((t1 - t0) * 1000)
                if cpu is not None:
                    cpu.append((c1 - c0) * 1000)
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


def thinking_frame_times(
    variant: str = "crowsnest",
    level: str = "hard",
    hint: bool = False,
    frames: int = 600,
    worker: bool = True,
    size: tuple[int, int] = (1280, 720),
    cpu: list[float] | None = None,
    unqueued: list[float] | None = None,
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
    cannot inflate but waiting for the AI's thread (the GIL) still shows in."""
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
        q0 = _queued_ns()
        c0, t0 = time.thread_time(), time.perf_counter()
        app.step(dt)
        t1, c1 = time.perf_counter(), time.thread_time()
        q1 = _queued_ns()
        if busy:
            times.append((t1 - t0) * 1000)
            if cpu is not None:
                cpu.append((c1 - c0) * 1000)
            if unqueued is not None and q0 is not None and q1 is not None:
                unqueued.append((t1 - t0) * 1000 - (q1 - q0) / 1e6)
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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
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
