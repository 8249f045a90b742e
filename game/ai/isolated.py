"""Third-party AIs in a worker process, so that a plugin's AI that calls ``os._exit``,
loops while catching BaseException or allocates without bound ends its worker, never the
table (docs/reliability.md).

The plugin host wraps every AI a plugin outside the game registers (a package or a
drop-in) in an `IsolatedFactory`; the AI runner sees the wrapper and asks an `AIProcess`
instead of calling the AI in its own process. Built-in AIs stay in process.

One decision is one JSON line each way over the worker's pipes. The request holds only
what the seat may see: its view (pickled by this process, the trusted side; the worker
loads the same plugins, so the view's class is there) and the legal list, with the seat,
the level and the random seed of the decision. The worker (``python -m
crowsnest.ai.worker``, crowsnest.ai.worker: this module is the parent's side only) asks
the AI with that seed and answers the action as JSON (never pickle that way: the worker
runs a third party's code). It never receives the deal, so an AI that walks its caller's
frames or the worker's memory finds no hidden card; and each seat has a worker of its
own, so views of other seats (other third-party AIs at the table) are not there either.
The answer is then checked by the runner as any AI's answer is. The same seed gives the
same answer as in process.

The worker is started with subprocess (fork and exec: nothing of the parent's threads,
pygame or locks is carried over, so starting it from the AI thread is safe), lazily at the
first decision that needs it, in a new session whose process group holds everything the
AI starts (a Ctrl-C at the terminal is the parent's to handle; a kill ends the whole group
with ``os.killpg``), with its address space capped (``MEMORY_MB``: an AI allocating
without bound gets MemoryError or dies, the parent does not notice). A watchdog process
in the worker's group ends the group when this process dies (its end of the pipe closes),
even while the AI loops. Its own stdout is moved to stderr so an AI that prints cannot
garble the protocol. When an AI overruns the budget the worker is killed; when a worker
dies the runner records a fault, benches that AI for the match and the next isolated
decision starts a new worker. One worker per set of plugins and seat serves every runner
of the process, one decision at a time (`shared`), until the process exits.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
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


class WorkerClosed(WorkerDied):
    """The worker was ended by this process (`AIProcess.close`, `close_all` at exit) while
    a request was in flight or after: not the AI's fault, so nothing to report or bench."""


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


def _read_only(d: dict[Any, Any]) -> Mapping[Any, Any]:
    """A read-only mapping again, in the worker (how _ViewPickler sends one)."""
    import types

    return types.MappingProxyType(d)


class _ViewPickler:
    """pickle for views: read-only mappings (MappingProxyType, which rules objects hold)
    go as the mappings they show; everything else as pickle does."""

    @staticmethod
    def dumps(obj: Any) -> bytes:
        import io
        import pickle
        import types

        class P(pickle.Pickler):
            def reducer_override(self, o: Any) -> Any:
                if isinstance(o, types.MappingProxyType):
                    return _read_only, (dict(o),)
                return NotImplemented

        buf = io.BytesIO()
        P(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
        return buf.getvalue()


def position(
    deal: Any, variant_id: str, options: Mapping[str, Any], seats: int, seat: int | None = None
) -> dict[str, Any]:
    """What a worker needs for a decision of `seat` (default: the seat to move) in
    `deal`, as JSON: the seat's view (pickled, base64) and the legal list, without the
    level and seed (the runner adds them), with this process's search setting (time caps
    off in simulations and tournaments: crowsnest.ai.search) for the worker to follow.
    Nothing of the deal beyond the seat's view: the worker runs a third party's code."""
    import base64

    from .search import _time_caps

    seat = deal.to_move if seat is None else seat
    view = _ViewPickler.dumps(deal.view(seat))
    return {
        "time_caps": _time_caps,
        "variant": variant_id,
        "options": to_json(dict(options)),
        "seats": seats,
        "seat": seat,
        "view": base64.b64encode(view).decode("ascii"),
        "legal": to_json(deal.legal_actions()),
    }


# ---------------------------------------------------------------- the parent's side


class AIProcess:
    """One worker process and its pipes. Shared by the runners of this process that load
    the same plugins (`shared`), one decision at a time, so a match does not pay the
    worker's start (the plugins' import) again."""

    def __init__(self, worker_args: Sequence[str], memory_mb: int | None = None) -> None:
        self.worker_args = tuple(worker_args)
        self.pgid = 0  # the worker's process group (it leads its session)
        self.memory_mb = memory_mb or MEMORY_MB
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self.started = 0  # workers started (a restart after a death counts)
        self.closed = False  # close() was called: no new worker, a request in flight ends
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
        self.pgid = self.proc.pid
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
            if self.closed:
                raise WorkerClosed("its worker process was closed")
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
            except (WorkerDied, WorkerTimeout) as e:
                if self.closed:  # close() ended it under this request (leaving, exiting)
                    raise WorkerClosed(f"its worker process was closed ({e})") from None
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
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the pipe was closed under us (close() from another thread)
                chunk = b""
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

    def _kill_group(self) -> None:
        """Everything in the worker's process group: the worker, its watchdog and any
        process the AI started."""
        if self.pgid > 0:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pgid, signal.SIGKILL)

    def _death(self) -> str:
        proc = self.proc
        self.proc = None
        if proc is None:
            return "its worker process is gone"
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._kill_group()
            code = proc.wait()
        self._kill_group()  # what the AI started dies with its worker
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"its worker process was killed ({name})"
        return f"its worker process ended (exit status {code})"

    def kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            self._kill_group()
        if proc is not None:
            proc.wait()
            for f in (proc.stdin, proc.stdout):
                try:
                    if f is not None:
                        f.close()
                except OSError:
                    pass

    def close(self) -> None:
        """End the worker: close its input (it exits at end of file), else kill it. A
        request in flight on another thread then ends in WorkerClosed, and so does any
        later one."""
        self.closed = True
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
        self._kill_group()  # nothing the AI started outlives its worker
        if proc.stdout is not None:
            proc.stdout.close()


_shared: dict[tuple[tuple[str, ...], int, int], AIProcess] = {}
_shared_lock = threading.Lock()
_runner_ids = itertools.count(1)


def shared(worker_args: Sequence[str], seat: int = 0) -> AIProcess:
    """This process's worker for these plugins and this seat (made on first use; ended
    at exit). A seat's own worker: what one seat's AI was shown is never in the process
    of another seat's AI."""
    key = (tuple(worker_args), MEMORY_MB, seat)
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
