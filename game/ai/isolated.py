"""Third-party AIs in a worker process, so that a plugin's AI that calls ``os._exit``,
loops while catching BaseException or allocates without bound ends its worker, never the
table (docs/reliability.md).

The plugin host wraps every AI a plugin outside the game registers (a package or a
drop-in) in an `IsolatedFactory`; the AI runner sees the wrapper and asks an `AIProcess`
instead of calling the AI in its own process. Built-in AIs stay in process.

One decision is one JSON line each way over the worker's pipes. The request holds the
deal's set-up and the actions of the deal so far (Match.setup, Match.deal_actions()), the
seat, the level and the random seed of the decision; the worker (``python -m
crowsnest.ai.worker``, with the parent's plugin folders) rebuilds the deal with the same
plugins, builds the seat's view and legal list, asks the AI with that seed and answers the
action. The answer is then checked by the runner as any AI's answer is. The same seed
gives the same answer as in process.

The worker is started with subprocess (fork and exec: nothing of the parent's threads,
pygame or locks is carried over, so starting it from the AI thread is safe), lazily at the
first decision that needs it, in a new session (a Ctrl-C at the terminal is the parent's to
handle), with its address space capped (``MEMORY_MB``: an AI allocating without bound gets
MemoryError or dies, the parent does not notice). Its own stdout is moved to stderr so an
AI that prints cannot garble the protocol. When an AI overruns the budget the worker is
killed; when a worker dies the runner records a fault, benches that AI for the match and
the next isolated decision starts a new worker. One worker per set of plugins serves every
runner of the process, one decision at a time (`shared`), until the process exits.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Waiting on a pipe with a timeout needs poll() on pipes: POSIX. Elsewhere (Windows)
# the host leaves plugins' AIs in process (docs/reliability.md says so).
AVAILABLE = os.name == "posix"
MEMORY_MB = 2048  # the worker's address-space cap (RLIMIT_AS) where the platform has one
STARTUP_S = 120.0  # a worker loads the plugins before its first answer; not the AI's budget
MAX_LINE = 1 << 20  # an answer line longer than this is refused (the worker is killed)
MAX_ANSWER_CHARS = 64 * 1024  # an answer longer than this in JSON is described, not sent


@dataclass(frozen=True)
class IsolatedFactory:
    """An AI factory of a plugin outside the game, marked to run in a worker process.

    Calling it makes the AI in this process, as the plain factory would (tournaments and
    tools that call ``variant.ais[level]`` directly); the AI runner instead asks a worker
    started with `worker_args` (the plugin host's load arguments: the same plugins load)."""

    factory: Callable[..., Any]
    worker_args: tuple[str, ...] = ()

    def __call__(self, variant: Any, options: Any, seats: int) -> Any:
        return self.factory(variant, options, seats)


class WorkerDied(RuntimeError):
    """The worker process ended (or garbled its answer); str() says how."""


class WorkerTimeout(RuntimeError):
    """The worker did not answer within the budget; it has been killed."""


# ---------------------------------------------------------------- JSON forms


def to_json(x: Any) -> Any:
    """Actions, piles and set-ups as JSON: tuples become lists (from_json turns them
    back); anything else that JSON cannot hold raises TypeError."""
    if isinstance(x, bool | int | float | str) or x is None:
        return x
    if isinstance(x, list | tuple):
        return [to_json(v) for v in x]
    if isinstance(x, Mapping):
        return {str(k): to_json(v) for k, v in x.items()}
    raise TypeError(f"{type(x).__name__} is not JSON")


def from_json(x: Any) -> Any:
    """Lists back to tuples (actions are tuples)."""
    if isinstance(x, list):
        return tuple(from_json(v) for v in x)
    if isinstance(x, dict):
        return {k: from_json(v) for k, v in x.items()}
    return x


def position(match: Any) -> dict[str, Any]:
    """The position of a decision at `match`, as JSON: the request without the seat,
    level and seed (the runner adds them), with this process's search setting (time caps
    off in simulations and tournaments: crowsnest.ai.search) for the worker to follow."""
    from .search import _time_caps

    st = match.setup
    return {
        "time_caps": _time_caps,
        "variant": match.variant.id,
        "options": to_json(dict(st.options)),
        "seats": st.seats,
        "setup": {
            "dealer": st.dealer,
            "deal_no": st.deal_no,
            "piles": to_json(st.piles),
            "scores": list(st.scores),
            "carry": to_json(st.carry),
            "rng_seed": st.rng_seed,
            "first": st.first,
        },
        "actions": to_json(match.deal_actions()),
    }


def _piles(piles: Mapping[str, Any]) -> dict[str, Any]:
    # Piles are lists of card ids ("hands": a list of them per seat), as layouts give.
    return {k: [list(h) for h in v] if k == "hands" else list(v) for k, v in piles.items()}


# ---------------------------------------------------------------- the parent's side


class AIProcess:
    """One worker process and its pipes. Shared by the runners of this process that load
    the same plugins (`shared`), one decision at a time, so a match does not pay the
    worker's start (the plugins' import) again."""

    def __init__(self, worker_args: Sequence[str], memory_mb: int | None = None) -> None:
        self.worker_args = tuple(worker_args)
        self.memory_mb = memory_mb or MEMORY_MB
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self.started = 0  # workers started (a restart after a death counts)
        self.lock = threading.Lock()

    def _start(self) -> subprocess.Popen[bytes]:
        cmd = [
            sys.executable,
            "-m",
            "crowsnest.ai.worker",
            "--memory-mb",
            str(self.memory_mb),
            *self.worker_args,
        ]
        try:
            self.proc = subprocess.Popen(
                cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                close_fds=True,
                start_new_session=True,
            )
        except OSError as e:  # no processes or memory left: the AI is benched, play goes on
            raise WorkerDied(f"its worker process could not be started ({e})") from None
        self._buf = b""
        self.started += 1
        # The worker says it is ready once the plugins are loaded: that time is not the
        # AI's, so the first decision's budget starts after it.
        try:
            ready = self._read_line(STARTUP_S)
        except WorkerTimeout:
            raise WorkerDied(f"its worker process did not start within {STARTUP_S:g} s") from None
        if ready.get("ready") is not True:
            self.kill()
            raise WorkerDied("its worker process did not start")
        return self.proc

    def ask(self, req: Mapping[str, Any], timeout: float | None) -> dict[str, Any]:
        """Send one request and wait for its answer: the answer's dict, or WorkerTimeout
        (the worker is killed) or WorkerDied (it ended or garbled its line)."""
        with self.lock:
            proc = self.proc if self.proc is not None and self.proc.poll() is None else None
            try:
                proc = proc or self._start()
                assert proc.stdin is not None and proc.stdout is not None
                try:
                    proc.stdin.write(json.dumps(req, separators=(",", ":")).encode() + b"\n")
                    proc.stdin.flush()
                except OSError:
                    raise WorkerDied(self._death()) from None
                return self._read_line(timeout)
            except (WorkerDied, WorkerTimeout):
                raise
            except BaseException:
                # Interrupted mid-request (Ctrl-C): its answer would come to the next
                # request, so this worker goes.
                self.kill()
                raise

    def _read_line(self, timeout: float | None) -> dict[str, Any]:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        deadline = None if timeout is None else time.monotonic() + timeout
        fd = proc.stdout.fileno()
        poller = select.poll()  # not select(): a descriptor past 1023 is fine
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        while b"\n" not in self._buf:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready = poller.poll(None if wait is None else int(wait * 1000) + 1)
            if not ready:
                self.kill()
                raise WorkerTimeout("no answer within the budget")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise WorkerDied(self._death())
            self._buf += chunk
            if len(self._buf) > MAX_LINE:
                self.kill()
                raise WorkerDied("its worker answered more than a megabyte")
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            ans = json.loads(line)
            if not isinstance(ans, dict):
                raise ValueError
        except ValueError:
            self.kill()
            raise WorkerDied("its worker answered something that is not a JSON object") from None
        return ans

    def _death(self) -> str:
        proc = self.proc
        self.proc = None
        if proc is None:
            return "its worker process is gone"
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = proc.wait()
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"its worker process was killed ({name})"
        return f"its worker process ended (exit status {code})"

    def kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
        if proc is not None:
            proc.wait()
            for f in (proc.stdin, proc.stdout):
                try:
                    if f is not None:
                        f.close()
                except OSError:
                    pass

    def close(self) -> None:
        """End the worker: close its input (it exits at end of file), else kill it."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


_shared: dict[tuple[tuple[str, ...], int], AIProcess] = {}
_shared_lock = threading.Lock()
_runner_ids = itertools.count(1)


def shared(worker_args: Sequence[str]) -> AIProcess:
    """This process's worker for these plugins (made on first use; ended at exit)."""
    key = (tuple(worker_args), MEMORY_MB)
    with _shared_lock:
        proc = _shared.get(key)
        if proc is None:
            proc = _shared[key] = AIProcess(worker_args)
        return proc


def runner_id() -> str:
    """A name for one runner's AIs in the worker (its AIs are its own, as in process)."""
    return f"{os.getpid()}:{next(_runner_ids)}"


@atexit.register
def close_all() -> None:
    with _shared_lock:
        for proc in _shared.values():
            proc.close()
        _shared.clear()


# ---------------------------------------------------------------- the worker's side

AIS_KEPT = 64  # AIs the worker keeps between decisions (each runner's seats and levels)


def _decide(registry: Any, ais: OrderedDict[tuple[Any, ...], Any], req: Mapping[str, Any]) -> Any:
    from crowsnest.engine import DealSetup

    from .search import set_time_caps

    set_time_caps(bool(req.get("time_caps", True)))
    variant = registry.variant(req["variant"])
    options = variant.resolve_options(req["options"])
    seats = int(req["seats"])
    s = req["setup"]
    setup = DealSetup(
        variant=variant,
        options=options,
        seats=seats,
        dealer=s["dealer"],
        deal_no=s["deal_no"],
        piles=_piles(s["piles"]),
        scores=tuple(s["scores"]),
        carry=s["carry"],
        rng_seed=s["rng_seed"],
        first=s["first"],
    )
    deal = variant.new_deal(setup)
    for a in req["actions"]:
        deal.apply(from_json(a))
    seat, level = int(req["seat"]), req["level"]
    key = (req.get("runner"), req["variant"], json.dumps(req["options"]), seats, seat, level)
    ai = ais.get(key)
    if ai is None:
        factory = variant.ais[level]
        ai = ais[key] = getattr(factory, "factory", factory)(variant, options, seats)
        while len(ais) > AIS_KEPT:
            ais.popitem(last=False)
    ais.move_to_end(key)
    return ai.choose(deal.view(seat), deal.legal_actions(), random.Random(req["seed"]))


def _answer(registry: Any, ais: OrderedDict[tuple[Any, ...], Any], req: Any) -> dict[str, Any]:
    from crowsnest.engine.safe import exc_text, safe_repr

    from .random_ai import NoListedAction

    try:
        answer = _decide(registry, ais, req)
    except NoListedAction:
        return {"delegate": True}
    except BaseException as e:  # noqa: BLE001 - the AI's (or plugin's) fault, reported
        return {"raised": exc_text(e)}
    try:
        text = json.dumps({"answer": to_json(answer)}, separators=(",", ":"))
    except BaseException:  # noqa: BLE001 - an answer that is not an action's shape
        return {"unsendable": safe_repr(answer, 120)}
    if len(text) > MAX_ANSWER_CHARS:
        return {"unsendable": safe_repr(answer, 120)}
    sent: dict[str, Any] = json.loads(text)  # what the parent will read, exactly
    return sent


def _limit_memory(mb: int) -> None:
    try:
        import resource

        cap = mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ImportError, ValueError, OSError):  # no such limit here (Windows, macOS)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m crowsnest.ai.worker")
    ap.add_argument("--folder", action="append", default=[])
    ap.add_argument("--disabled", action="append", default=[])
    ap.add_argument("--no-entry-points", action="store_true")
    ap.add_argument("--memory-mb", type=int, default=MEMORY_MB)
    a = ap.parse_args(argv)
    # The protocol keeps the real stdout; print() in an AI goes to stderr.
    proto = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    from crowsnest.plugin_host import load_registry

    registry = load_registry(
        a.folder,
        a.disabled,
        user_folder=False,
        entry_points=not a.no_entry_points,
        isolate_ais=False,
    )
    _limit_memory(a.memory_mb)
    ais: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
    try:
        proto.write('{"ready":true}\n')
        proto.flush()
        for line in sys.stdin.buffer:
            try:
                req = json.loads(line)
                out = _answer(registry, ais, req)
            except ValueError:
                out = {"raised": "the request is not JSON"}
            proto.write(json.dumps(out, separators=(",", ":")) + "\n")
            proto.flush()
    except (OSError, KeyboardInterrupt):  # the parent went away: nothing to say
        pass
    os._exit(0)  # no flush at exit into a closed pipe
