"""Many independent jobs on worker processes: reproducible, talkative, interruptible.

The machinery behind ``crowsnest simulate --workers N`` and meant for every long AI-only
run (the tournament runner): a pool of processes, a progress line on a terminal, and a
Ctrl-C that keeps what was finished.

API
---
``run_jobs(fn, jobs, *, workers=1, initializer=None, initargs=(), progress=None) -> Outcome``

- ``fn(job) -> result`` plays one job. Workers are started with the "spawn" method (the
  same on Linux, macOS and Windows), so ``fn`` and ``initializer`` must be module-level
  functions importable by name, and jobs and results must pickle. A program that calls
  run_jobs from a script must guard its entry with ``if __name__ == "__main__":``.
- Reproducibility is the caller's half of the contract: ``fn`` must depend only on its
  job (seed each job from its index, never from a shared RNG, the worker or the time).
  Then ``Outcome.results`` is the same list for any ``workers``: results come back in
  job order whatever order they finished in.
- ``initializer(*initargs)`` runs once in each worker before its first job (load the
  plugin registry there: variants need not pickle); with ``workers=1`` it runs once in
  this process. Cache in it, so a second call in the same process is cheap.
- ``workers=1`` runs every job in this process, without a pool. ``workers`` larger than
  the number of jobs starts only as many processes as there are jobs.
- ``progress`` (a ``Progress``, or None) is told after every finished job.
- Workers log to this process's log file (crowsnest.logfile), if it has one.
- Ctrl-C, SIGTERM and SIGHUP: workers ignore SIGINT and SIGHUP, so a terminal's
  Ctrl-C or hang-up (sent to the whole process group) reaches only this process, which
  turns each of the three (unless it was started ignoring it, as under nohup) into the
  same stop: the workers end at once (unfinished jobs are dropped) and run_jobs
  *returns* with ``interrupted=True``, ``stopped_by`` (the signal) and the results
  finished so far; the caller prints its partial tally and exits with
  ``Outcome.exit_code`` (128 + the signal: 130 for Ctrl-C, 143 for SIGTERM).
- A worker that dies (killed, out of memory, a crash in C) fails the job it was playing
  with a sentence in ``Outcome.failures`` and is replaced; the run goes on with the
  other jobs (it never waits for a result that cannot come). Should workers keep dying
  before finishing anything, the jobs left fail too and the run stops with what finished.
  Workers end when this process dies (they see their pipe close; on Linux the kernel
  also kills them), without a traceback.
- An exception raised by ``fn`` or ``initializer`` shuts the pool down and propagates
  (it must pickle: give exception classes a plain ``(message)`` constructor).

``Outcome``: ``results`` (job order; ``None`` where unfinished), ``finished_mask``,
``done`` (how many finished), ``total``, ``interrupted``, ``seconds`` (wall time), ``finished()`` (the
``(index, result)`` pairs that finished, in job order), ``failures`` ((index, sentence) of
jobs whose worker died), ``stopped_by`` (the signal that stopped the run, or 0) and
``exit_code``.

``Progress(total, unit="games", stream=sys.stderr, enabled=None)``: one status line,
rewritten in place at most every ``interval`` seconds: ``12/40 games, 0.8 games/s, about
35 s left``. ``enabled=None`` means "only when the stream is a terminal", so output
piped to a file or another program never carries it; stdout is never touched. Call
``close()`` (run_jobs does) to end the line.

Example (a tournament)::

    def init(config_path): ...                  # load the registry into a module global
    def play(job): seed, levels = job; ...       # one match, seeded from its job only
    out = run_jobs(play, [(seed0 + g, lv) for g in range(n)], workers=2,
                   initializer=init, initargs=(path,), progress=Progress(n))
    tally(r for _, r in out.finished())
    if out.interrupted:
        sys.exit(out.exit_code)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Generic, TypeVar

from crowsnest import logfile
from crowsnest.ai.runner import StopRequested

J = TypeVar("J")
R = TypeVar("R")

EXIT_INTERRUPTED = 130


def default_workers() -> int:
    """The cores this process may use (the natural --workers for a long run)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Outcome(Generic[R]):
    results: list[R | None]  # job order; None where the job did not finish
    finished_mask: tuple[bool, ...]  # which jobs finished (a result may itself be None)
    interrupted: bool
    seconds: float
    failures: tuple[tuple[int, str], ...] = ()  # (job index, why) of jobs that failed
    stopped_by: int = 0  # the signal that stopped the run (SIGINT, SIGTERM, SIGHUP)

    @property
    def exit_code(self) -> int:
        """128 + the stopping signal (the shell's convention), 0 when not stopped."""
        if not self.interrupted:
            return 0
        return 128 + (self.stopped_by or signal.SIGINT)

    @property
    def stop_name(self) -> str:
        """How the run was stopped, as a user would name it: Ctrl-C, SIGTERM, SIGHUP."""
        if not self.stopped_by or self.stopped_by == signal.SIGINT:
            return "Ctrl-C"
        return signal.Signals(self.stopped_by).name

    @property
    def total(self) -> int:
        return len(self.results)

    @property
    def done(self) -> int:
        return sum(self.finished_mask)

    def finished(self) -> Iterator[tuple[int, R]]:
        """(index, result) of every finished job, in job order."""
        for i, r in enumerate(self.results):
            if self.finished_mask[i]:
                yield i, r  # type: ignore[misc]


class Progress:
    """A status line on a terminal: done/total, rate and time left (see the module doc)."""

    def __init__(
        self,
        total: int,
        unit: str = "games",
        stream: IO[str] | None = None,
        enabled: bool | None = None,
        interval: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            try:
                enabled = self.stream.isatty()
            except (AttributeError, ValueError):
                enabled = False
        self.enabled = enabled
        self.interval = interval
        self.clock = clock
        self.start = clock()
        self.done = 0
        self._last_draw = -1e9
        self._width = 0

    def line(self) -> str:
        """The status text for the jobs done so far."""
        elapsed = max(self.clock() - self.start, 1e-9)
        text = f"{self.done}/{self.total} {self.unit}"
        if self.done:
            rate = self.done / elapsed
            text += f", {_rate(rate)} {self.unit}/s"
            if self.done < self.total:
                text += f", about {_duration((self.total - self.done) / rate)} left"
            else:
                text += f", done in {_duration(elapsed)}"
        return text

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = self.clock()
        if self.done >= self.total or now - self._last_draw >= self.interval:
            self._last_draw = now
            self._draw()

    def _draw(self) -> None:
        if not self.enabled:
            return
        text = self.line()
        pad = " " * max(0, self._width - len(text))  # wipe what a longer line left
        self._width = len(text)
        try:
            self.stream.write(f"\r{text}{pad}")
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

    def close(self) -> None:
        """End the status line (the next output starts on a fresh line)."""
        if self.enabled and self._width:
            try:
                self.stream.write("\n")
                self.stream.flush()
            except (OSError, ValueError):
                pass
        self._width = 0


def _rate(r: float) -> str:
    return f"{r:.2f}" if r < 10 else f"{r:.0f}"


def _duration(s: float) -> str:
    s = max(0, round(s))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


# ---------------------------------------------------------------- workers

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
MAX_EARLY_DEATHS = 3  # workers dying before any job finished, beyond the pool's size


@contextlib.contextmanager
def _stop_signals() -> Iterator[None]:
    """While a run lasts, SIGTERM and SIGHUP stop it as Ctrl-C does (a signal this
    process was started ignoring, as nohup does for SIGHUP, stays ignored). All three
    raise StopRequested, a KeyboardInterrupt the AI runner never takes for an AI's own
    (a stop landing in an AI's choose() on this thread would otherwise be contained as
    the AI's fault and the run go on); a Ctrl-C handler of someone else's is kept."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old: dict[int, Any] = {}

    def stop(signum: int, frame: Any) -> None:
        raise StopRequested(signum)

    for sig in STOP_SIGNALS:
        try:
            prev = signal.getsignal(sig)
            if prev is signal.SIG_IGN:
                continue
            if sig == signal.SIGINT and prev is not signal.default_int_handler:
                continue
            old[sig] = prev
            signal.signal(sig, stop)
        except (OSError, ValueError):
            pass
    try:
        yield
    finally:
        for sig, prev in old.items():
            with contextlib.suppress(OSError, ValueError, TypeError):
                signal.signal(sig, prev)


def _die_with_parent() -> None:
    """Linux: the kernel kills this process when its parent dies (PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker_main(
    conn: Any,
    fn: Callable[[Any], Any],
    initializer: Callable[..., Any] | None,
    initargs: tuple[Any, ...],
    log: str | None,
    parent: int,
) -> None:
    """One worker: jobs in from the pipe, results out, until told to stop or the parent
    is gone. Never a traceback on the terminal for the parent's end."""
    # Ctrl-C and a hang-up belong to the parent: it stops the run and keeps the results.
    for sig in (signal.SIGINT, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            signal.signal(sig, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died while this one started
        return
    try:
        if log is not None:  # what a worker logs (AI faults) goes where the parent's does
            logfile.setup(log)
        init_error: BaseException | None = None
        if initializer is not None:
            try:
                initializer(*initargs)
            except BaseException as e:  # noqa: BLE001 - reported by the first job
                init_error = e
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                return  # the parent is gone
            if msg is None:
                return
            index, job = msg
            try:
                if init_error is not None:
                    raise init_error
                reply: tuple[str, int, Any] = ("ok", index, fn(job))
            except BaseException as e:  # noqa: BLE001 - the parent re-raises it
                reply = ("error", index, e)
            try:
                conn.send(reply)
            except (EOFError, OSError):
                return
            except Exception as e:  # noqa: BLE001 - a result or error that does not pickle
                conn.send(("error", index, RuntimeError(f"job {index + 1}: {e}")))
    except (EOFError, OSError, KeyboardInterrupt):
        return


class _Worker:
    def __init__(self, ctx: Any, args: tuple[Any, ...]) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker_main, args=(child, *args), daemon=True)
        self.proc.start()
        child.close()
        self.job: int | None = None

    def give(self, index: int, job: Any) -> None:
        self.job = index
        self.conn.send((index, job))

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()

    def died_how(self) -> str:
        self.proc.join(1.0)
        code = self.proc.exitcode
        if code is None:
            return "it stopped answering"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"it exited with status {code}"


def _pool_run(
    fn: Callable[[Any], Any],
    jobs: Sequence[Any],
    workers: int,
    initializer: Callable[..., Any] | None,
    initargs: tuple[Any, ...],
    record: Callable[[int, Any], None],
    failures: list[tuple[int, str]],
) -> None:
    """The jobs on `workers` processes, one job at a time each (so a dead worker's job is
    known); results recorded as they come."""
    from multiprocessing.connection import wait

    log = logfile.current()
    ctx = multiprocessing.get_context("spawn")
    args = (fn, initializer, initargs, str(log) if log else None, os.getpid())
    todo = list(range(len(jobs)))[::-1]  # popped from the end: job order
    pool: list[_Worker] = []
    early_deaths = 0
    finished_any = False
    try:
        for _ in range(min(workers, len(jobs))):
            w = _Worker(ctx, args)
            pool.append(w)
            w.give(todo[-1], jobs[todo.pop()])
        while any(w.job is not None for w in pool):
            busy = [w for w in pool if w.job is not None]
            ready = set(wait([x for w in busy for x in (w.conn, w.proc.sentinel)]))
            for w in busy:
                got = None
                if w.conn in ready:
                    try:
                        got = w.conn.recv()
                    except (EOFError, OSError):
                        got = None
                if got is not None:
                    kind, index, value = got
                    w.job = None
                    if kind == "error":
                        raise value
                    finished_any = True
                    record(index, value)
                    if todo:
                        w.give(todo[-1], jobs[todo.pop()])
                    continue
                if w.conn in ready or w.proc.sentinel in ready:
                    # no answer and the pipe closed or the process ended: it died
                    index = w.job
                    assert index is not None
                    w.job = None
                    how = w.died_how()
                    failures.append(
                        (index, f"job {index + 1} failed: its worker process died ({how})")
                    )
                    w.kill()
                    pool.remove(w)
                    if not finished_any:
                        early_deaths += 1
                    if early_deaths > workers + MAX_EARLY_DEATHS:
                        why = "not played: the worker processes keep dying"
                        failures.extend((i, f"job {i + 1} {why}") for i in reversed(todo))
                        todo.clear()
                    if todo:
                        n = _Worker(ctx, args)
                        pool.append(n)
                        n.give(todo[-1], jobs[todo.pop()])
    finally:
        for w in pool:
            if w.job is None:
                w.stop()
            else:
                w.kill()  # a stop or a failure elsewhere: its job is dropped
        deadline = time.monotonic() + 5.0
        for w in pool:
            w.proc.join(max(0.0, deadline - time.monotonic()))
            w.kill()
            w.proc.join(1.0)
            w.conn.close()


def run_jobs(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int = 1,
    initializer: Callable[..., Any] | None = None,
    initargs: tuple[Any, ...] = (),
    progress: Progress | None = None,
    on_result: Callable[[int, R], None] | None = None,
) -> Outcome[R]:
    """Run fn on every job (see the module doc); results in job order. `on_result(index,
    result)` is called in this process as each job finishes (e.g. to save it at once)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    results: list[R | None] = [None] * len(jobs)
    finished = [False] * len(jobs)
    failures: list[tuple[int, str]] = []
    interrupted = False
    stopped_by = 0
    start = time.perf_counter()

    def record(i: int, r: R) -> None:
        results[i] = r
        finished[i] = True
        if on_result is not None:
            on_result(i, r)
        if progress is not None:
            progress.advance()

    try:
        with _stop_signals():
            try:
                if workers == 1 or len(jobs) <= 1:
                    if initializer is not None:
                        initializer(*initargs)
                    for i, job in enumerate(jobs):
                        record(i, fn(job))
                else:
                    _pool_run(fn, jobs, workers, initializer, initargs, record, failures)
            except StopRequested as e:
                interrupted, stopped_by = True, e.signum
            except KeyboardInterrupt:
                interrupted, stopped_by = True, signal.SIGINT
    finally:
        if progress is not None:
            progress.close()
    return Outcome(
        results,
        tuple(finished),
        interrupted,
        time.perf_counter() - start,
        tuple(sorted(failures)),
        int(stopped_by),
    )


__all__ = ["EXIT_INTERRUPTED", "Outcome", "Progress", "default_workers", "run_jobs"]
