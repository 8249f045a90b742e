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
- Ctrl-C: workers ignore SIGINT, so a terminal's Ctrl-C (sent to the whole process
  group) reaches only this process. Its KeyboardInterrupt ends the pool at once
  (unfinished jobs are dropped) and run_jobs *returns* with ``interrupted=True`` and the
  results finished so far; the caller prints its partial tally and exits with
  ``EXIT_INTERRUPTED`` (130, the shell's code for SIGINT).
- An exception raised by ``fn`` or ``initializer`` shuts the pool down and propagates
  (it must pickle: give exception classes a plain ``(message)`` constructor).

``Outcome``: ``results`` (job order; ``None`` where unfinished), ``finished_mask``,
``done`` (how many finished), ``total``, ``interrupted``, ``seconds`` (wall time), ``finished()`` (the
``(index, result)`` pairs that finished, in job order).

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
        sys.exit(EXIT_INTERRUPTED)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Generic, TypeVar

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

_init_error: BaseException | None = None


def _worker_start(
    initializer: Callable[..., Any] | None, initargs: tuple[Any, ...], log: str | None
) -> None:
    # Ctrl-C belongs to the parent: it ends the pool and keeps the finished results.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if log is not None:  # what a worker logs (AI faults) goes where the parent's does
        from crowsnest import logfile

        logfile.setup(log)
    global _init_error
    if initializer is not None:
        try:
            initializer(*initargs)
        except BaseException as e:  # noqa: BLE001 - reported by the first job, not by a respawn loop
            _init_error = e


def _worker_call(item: tuple[Callable[[Any], Any], int, Any]) -> tuple[int, Any]:
    fn, index, job = item
    if _init_error is not None:
        raise _init_error
    return index, fn(job)


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
    interrupted = False
    start = time.perf_counter()

    def record(i: int, r: R) -> None:
        results[i] = r
        finished[i] = True
        if on_result is not None:
            on_result(i, r)
        if progress is not None:
            progress.advance()

    try:
        if workers == 1 or len(jobs) <= 1:
            try:
                if initializer is not None:
                    initializer(*initargs)
                for i, job in enumerate(jobs):
                    record(i, fn(job))
            except KeyboardInterrupt:
                interrupted = True
        else:
            from crowsnest import logfile

            log = logfile.current()
            ctx = multiprocessing.get_context("spawn")
            pool = ctx.Pool(
                min(workers, len(jobs)),
                initializer=_worker_start,
                initargs=(initializer, initargs, str(log) if log else None),
            )
            try:
                items = [(fn, i, job) for i, job in enumerate(jobs)]
                for i, r in pool.imap_unordered(_worker_call, items):
                    record(i, r)
                pool.close()
            except KeyboardInterrupt:
                interrupted = True
            finally:
                pool.terminate()  # after close(): workers are idle; else drops their jobs
                pool.join()
    finally:
        if progress is not None:
            progress.close()
    return Outcome(results, tuple(finished), interrupted, time.perf_counter() - start)


__all__ = ["EXIT_INTERRUPTED", "Outcome", "Progress", "default_workers", "run_jobs"]
