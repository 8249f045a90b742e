"""The safe AI runner: a plugin's AI can never crash the game or corrupt a match.

The AI sees only the seat's view and the legal list, computed on a clone of the deal.
If it raises, answers something illegal, or takes longer than its budget, the move is
made by a legal fallback (the deal's own uniform random_action) and an AIFault is
recorded (``runner.faults``, the ``on_fault`` callback and the ``crowsnest.ai`` logger), so
the client, the protocol and the CLI can show it. An AI that stalled is benched for the
rest of the runner's life: its seat's later moves go straight to the fallback.

Threads: with a budget, the AI runs on the runner's worker thread and the caller waits
at most the budget (an AI stuck in a loop is abandoned, its daemon thread left behind).
``submit`` returns a Future so the client's render loop can poll ``future.done()``
instead of blocking; do not apply moves to the match while a choice is pending.
"""

from __future__ import annotations

import ctypes
import logging
import math
import queue
import random
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from crowsnest.engine import Action, ActionError, Deal, Match, Variant, shape_error
from crowsnest.engine.safe import exc_text, safe_repr

from . import isolated
from .isolated import IsolatedFactory, WorkerClosed, WorkerDied, WorkerTimeout
from .random_ai import NoListedAction, random_factory

log = logging.getLogger("crowsnest.ai")

LEVELS = ("random", "easy", "normal", "hard")  # weakest to strongest
# The built-in levels that search (tenths of a second of pure Python per decision) and
# the package of the built-in plugins: AIRunner(search_process=True) asks them in a
# worker process that loads the plugins as installed (SEARCH_WORKER).
SEARCH_LEVELS = ("hard",)
BUILTIN_PACKAGE = "crowsnest_games."
SEARCH_WORKER: tuple[str, ...] = ()  # the worker's arguments: the installed plugins only
DEFAULT_BUDGET_S = 10.0
MAX_BUDGET_S = 86400.0  # a longer (or infinite) budget waits this long at most
# What an AI's own code may raise and the runner contains: every exception, and the
# BaseExceptions a plugin can raise on purpose (sys.exit(), KeyboardInterrupt).
AI_ESCAPES = (Exception, SystemExit, KeyboardInterrupt, GeneratorExit)


class StopRequested(KeyboardInterrupt):
    """The user's stop (Ctrl-C, SIGTERM, SIGHUP), raised by a long run's own signal
    handler (crowsnest.batch.parallel) wherever the main thread is, an AI's choose() on
    it included. Never the AI's fault: the runner contains a KeyboardInterrupt an AI
    raises itself, but lets this one through (else a stop that lands mid-decision would
    bench the AI and the run would go on)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def level_order(levels: Any) -> list[str]:
    """Levels weakest first: random, easy, normal, hard, then plugin levels by name."""
    rank = {name: i for i, name in enumerate(LEVELS)}
    return sorted(levels, key=lambda lv: (rank.get(lv, len(LEVELS)), lv))


class AILevelError(ValueError):
    """A level the variant does not have (nor any weaker standard level)."""


def resolve_level(variant: Variant, level: str) -> str:
    """The level to use: `level` itself, else the strongest standard level below it that
    the variant has ("hard" falls back to "normal", "easy", then "random")."""
    if level in variant.ais or level == "random":
        return level
    if level in LEVELS:
        for weaker in reversed(LEVELS[: LEVELS.index(level)]):
            if weaker in variant.ais or weaker == "random":
                return weaker
    levels = ", ".join(sorted(set(variant.ais) | {"random"}))
    raise AILevelError(f"{variant.name} has no AI level {safe_repr(level, 40)} (levels: {levels})")


def fallback_level(variant: Variant) -> str:
    """The level a seat plays when the one asked for is gone (a plugin's level after the
    plugin was removed, a typo in the config): normal, else the strongest standard level
    the variant has."""
    return resolve_level(variant, "normal")


def playable_level(variant: Variant, level: Any) -> tuple[str, str | None]:
    """(level to play, None) or, for a level the variant does not have, (the fallback
    level, the sentence saying so) for the set-up screen, the table and saves."""
    try:
        if not isinstance(level, str):
            raise AILevelError(f"the AI level {safe_repr(level, 40)} is not a name")
        return resolve_level(variant, level), None
    except AILevelError:
        fb = fallback_level(variant)
        return fb, (
            f"{variant.name} has no AI level {safe_repr(level, 40)}; that seat plays '{fb}' instead"
        )


def sane_budget(budget: Any) -> float | None:
    """A budget the runner can wait on: None stays None (no thread, no limit); NaN, zero,
    negative or non-numbers become the default; above a day (inf) waits a day."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not budget > 0:
        return DEFAULT_BUDGET_S
    if math.isnan(budget):
        return DEFAULT_BUDGET_S
    return min(float(budget), MAX_BUDGET_S)


@dataclass(frozen=True, slots=True)
class AIFault:
    """One contained AI failure. kind: "raised", "illegal", "timeout", "died" (a
    plugin's AI ended its worker process: crowsnest.ai.isolated) or "level" (a level
    the variant does not have: detail names the level played instead)."""

    variant: str
    level: str
    seat: int
    kind: str
    detail: str
    fallback: str  # the action played instead, in notation

    @property
    def message(self) -> str:
        if self.kind == "level":
            return (
                f"{self.variant}: the AI level '{self.level}' at seat {self.seat} is not "
                f"available; {self.detail} plays instead"
            )
        what = {
            "raised": f"raised {self.detail}",
            "illegal": f"answered an illegal action ({self.detail})",
            "timeout": f"took longer than {self.detail}; it is benched for this match",
            "died": f"failed: {self.detail}; it is benched for this match",
        }.get(self.kind, self.detail)
        return (
            f"AI '{self.level}' of {self.variant} at seat {self.seat} {what}; "
            f"played {self.fallback} instead"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "level": self.level,
            "seat": self.seat,
            "kind": self.kind,
            "detail": self.detail,
            "fallback": self.fallback,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    text: str  # the action in notation
    level: str  # the level that actually chose (after resolve_level)
    seconds: float
    fault: AIFault | None = None


class _Abandoned(BaseException):
    """Raised inside a worker whose AI overran its budget, to unwind it."""


class _Worker:
    """One daemon thread running AI calls in turn (cheaper than a thread per move)."""

    def __init__(self) -> None:
        self.q: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name="crowsnest-ai", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        try:
            while True:
                item = self.q.get()
                if item is None:
                    return
                fut, fn = item
                if not fut.set_running_or_notify_cancel():
                    continue
                try:
                    fut.set_result(fn())
                except BaseException as e:  # noqa: BLE001 - handed to the waiting caller
                    fut.set_exception(e)
        except _Abandoned:
            return

    def run(self, fn: Callable[[], Any]) -> Future[Any]:
        fut: Future[Any] = Future()
        self.q.put((fut, fn))
        return fut

    def stop(self) -> None:
        self.q.put(None)

    def abandon(self) -> None:
        """Unwind a stuck AI: raise _Abandoned in the thread at its next Python bytecode
        (an AI looping in Python stops; one blocked in C stops when the call returns),
        then let the thread end, so a stalled plugin does not keep burning a core."""
        ident = self.thread.ident
        if ident is not None and self.thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(ident), ctypes.py_object(_Abandoned)
            )
        self.stop()


class AIRunner:
    """Runs the AIs of one match (variant, options, seat count)."""

    def __init__(
        self,
        variant: Variant,
        options: Mapping[str, Any] | None = None,
        seats: int | None = None,
        *,
        budget_s: float | None = DEFAULT_BUDGET_S,
        seed: int | str | None = None,
        on_fault: Callable[[AIFault], None] | None = None,
        search_process: bool = False,
    ) -> None:
        self.variant = variant
        self.options = variant.resolve_options(options)
        self.seats = seats if seats is not None else variant.default_seats
        self.budget_s = budget_s
        self.on_fault = on_fault
        self.faults: list[AIFault] = []
        self.rng = random.Random(seed)
        self._ais: dict[tuple[int, str], Any] = {}
        self._benched: set[tuple[int, str]] = set()
        self._told: set[tuple[int, str]] = set()  # missing levels already reported
        self._worker: _Worker | None = None
        self._lock = threading.Lock()
        # Plugins' AIs outside the game run in a worker process (crowsnest.ai.isolated).
        self._isolating = any(isinstance(f, IsolatedFactory) for f in variant.ais.values())
        self._processes: dict[tuple[str, ...], isolated.AIProcess] = {}
        self._id = isolated.runner_id()
        # The built-in searches (SEARCH_LEVELS) in a worker process too, where asked (the
        # window: a search on a thread of the render loop's interpreter holds the GIL,
        # and every release the loop makes, drawing included, waits for it: frames of
        # 100-240 ms while hard thought, docs/ai.md). Off where nothing draws (tournaments,
        # the protocol): the same answers, without the worker's round trip.
        self._search_process = (
            search_process
            and isolated.AVAILABLE
            and any(self._builtin_search(lv) for lv in SEARCH_LEVELS)
        )
        self._search_worked = False  # the worker has answered once (then faults are faults)

    # ------------------------------------------------------------ public

    def choose(
        self,
        source: Match | Deal,
        seat: int | None = None,
        level: str = "random",
        budget_s: Any = ...,  # ... = the runner's budget; None = no thread, no limit
        *,
        position: dict[str, Any] | None = None,
    ) -> Choice:
        """A legal action for `seat` (default: the seat to move) chosen by the AI `level`
        from the seat's view; a fallback action (and a recorded fault) if the AI fails.
        An isolated AI (a plugin's, outside the game) is asked in a worker process, sent
        only the seat's view and the legal list (`position`, isolated.position, made here
        when not given); a view that cannot be sent is a fault with the fallback, never a
        reason to run the AI in this process."""
        if position is None:
            position = self._position(source)
        deal = source.deal if isinstance(source, Match) else source
        if deal.over:
            raise ValueError("the deal is over: there is nothing to choose")
        to_move = deal.to_move
        if seat is None:
            seat = to_move
        if seat != to_move:
            raise ValueError(f"seat {seat} is not to move (seat {to_move} is)")
        asked = level
        level, missing = playable_level(self.variant, level)
        told: AIFault | None = None  # a missing level, reported once per seat
        if missing is not None and (seat, str(asked)) not in self._told:
            self._told.add((seat, str(asked)))
            told = AIFault(
                self.variant.id, safe_repr(asked, 40).strip("'"), seat, "level", f"'{level}'", ""
            )
            self._report(told)
        budget = sane_budget(self.budget_s if budget_s is ... else budget_s)
        deal = deal.clone()  # the AI and the checks never touch the caller's deal
        with self._lock:
            ai_seed = self.rng.getrandbits(64)
            # The fallback's seed is drawn every time (the same draws for a seed whatever
            # happens), its Random seeded only when needed (seeding is a third of the
            # runner's own cost for a quick AI).
            fb_seed = self.rng.getrandbits(64)
        start = time.perf_counter()
        builtin_random = (
            level == "random" and self.variant.ais.get(level, random_factory) is random_factory
        )
        if builtin_random or (seat, level) in self._benched:
            # The random level is the fallback itself: uniform over the full legal set.
            action = self._fallback(deal, random.Random(fb_seed))
            seconds = time.perf_counter() - start
            return Choice(action, deal.format_action(action), level, seconds, told)
        factory = self.variant.ais.get(level)
        kind: str | None
        if isinstance(factory, IsolatedFactory):
            if position is None:
                kind, detail, answer = (
                    "raised",
                    "its seat's view cannot be sent to its worker",
                    None,
                )
            else:
                req = {**position, "seat": seat, "level": level, "seed": ai_seed}
                kind, detail, answer = self._ask_process(factory, req, budget)
        elif self._search_process and position is not None and self._builtin_search(level):
            req = {**position, "seat": seat, "level": level, "seed": ai_seed}
            kind, detail, answer = self._ask_process(SEARCH_WORKER, req, budget)
            if kind in ("raised", "died") and not self._search_worked:
                # The worker cannot play this (a variant its plugins lack, no processes
                # left): this runner's searches stay in process, as before.
                log.warning("%s: the search runs in process (%s)", self.variant.id, detail)
                self._search_process = False
                kind, detail, answer = self._ask(deal, seat, level, random.Random(ai_seed), budget)
            elif kind is None:
                self._search_worked = True
        else:
            kind, detail, answer = self._ask(deal, seat, level, random.Random(ai_seed), budget)
        if kind in ("timeout", "died"):
            self._benched.add((seat, level))
        seconds = time.perf_counter() - start
        if kind is None:
            answered: Action | None
            try:
                answered, reason = _legal_answer(deal, answer)
            except StopRequested:
                raise
            except AI_ESCAPES as e:  # a malformed answer (its __eq__ raising...), contained
                answered, reason = None, exc_text(e)
            if reason is None:
                assert answered is not None  # _legal_answer: an action or a reason
                return Choice(answered, deal.format_action(answered), level, seconds, told)
            kind, detail = "illegal", f"{safe_repr(answer, 120)}: {_short(reason)}"
        action = self._fallback(deal, random.Random(fb_seed))
        if kind in ("delegate", "closed"):
            # A RandomAI (perhaps inside a plugin's AI) met an incomplete legal list and
            # asked for a uniform legal action: the fallback is exactly that, no fault.
            # Or this process closed the worker under the request (exiting): no fault,
            # nothing benched, and nobody waits for the answer.
            return Choice(action, deal.format_action(action), level, seconds, told)
        text = deal.format_action(action)
        fault = AIFault(self.variant.id, level, seat, kind, detail, text)
        self._report(fault)
        return Choice(action, text, level, seconds, fault)

    def submit(
        self, source: Match | Deal, seat: int | None = None, level: str = "random"
    ) -> Future[Choice]:
        """choose() on a helper thread; the Future resolves to a Choice. The state is
        cloned before this returns, so drawing the match meanwhile is safe."""
        deal = (source.deal if isinstance(source, Match) else source).clone()
        pos = self._position(source)
        fut: Future[Choice] = Future()

        def run() -> None:
            try:
                fut.set_result(self.choose(deal, seat, level, position=pos))
            except BaseException as e:  # noqa: BLE001 - handed to the caller
                fut.set_exception(e)

        threading.Thread(target=run, name="crowsnest-ai-submit", daemon=True).start()
        return fut

    def close(self) -> None:
        if self._worker is not None:
            self._worker.stop()
            self._worker = None
        self._processes.clear()  # the workers are shared (isolated.shared); kept for reuse

    # ------------------------------------------------------------ internals

    def _ai(self, seat: int, level: str) -> Any:
        key = (seat, level)
        ai = self._ais.get(key)
        if ai is None:
            ai = self.variant.ais[level](self.variant, self.options, self.seats)
            self._ais[key] = ai
        return ai

    def _ask(
        self, deal: Deal, seat: int, level: str, rng: random.Random, budget: float | None
    ) -> tuple[str | None, str, Any]:
        """Run the AI; returns (fault kind or None, detail, answer). Kind "delegate": the
        AI raised NoListedAction (RandomAI with nothing listed) to ask for the fallback."""

        def call() -> Any:
            ai = self._ai(seat, level)
            return ai.choose(deal.view(seat), deal.legal_actions(), rng)

        if budget is None:
            try:
                return None, "", call()
            except NoListedAction:
                return "delegate", "", None
            except StopRequested:
                raise
            except AI_ESCAPES as e:  # the AI's fault (sys.exit() included), contained
                return "raised", exc_text(e), None
        if self._worker is None:
            self._worker = _Worker()
        fut = self._worker.run(call)
        try:
            return None, "", fut.result(timeout=budget)
        except TimeoutError:
            # The worker is stuck in the AI: abandon it (choose benches the AI).
            self._worker.abandon()
            self._worker = None
            return "timeout", f"its budget of {budget:g} s", None
        except NoListedAction:
            return "delegate", "", None
        except BaseException as e:
            # Raised by the AI on the worker (SystemExit, KeyboardInterrupt included):
            # contained. A KeyboardInterrupt of our own (Ctrl-C while waiting) is not
            # the future's exception and goes on up.
            if fut.done() and not fut.cancelled() and fut.exception(timeout=0) is e:
                return "raised", exc_text(e), None
            raise

    def _builtin_search(self, level: str) -> bool:
        """Whether `level` is one of the game's own searches (a built-in plugin's)."""
        factory = self.variant.ais.get(level)
        owner = getattr(factory, "__self__", factory)  # a classmethod factory: its class
        return (
            level in SEARCH_LEVELS
            and factory is not None
            and not isinstance(factory, IsolatedFactory)
            and str(getattr(owner, "__module__", "")).startswith(BUILTIN_PACKAGE)
        )

    def _position(self, source: Match | Deal) -> dict[str, Any] | None:
        """What to send to a worker (the seat to move's view and legal list), or None:
        no isolated AI here, or a plugin's view that cannot be sent (that AI then gets
        the fallback: it never runs in this process)."""
        if not (self._isolating or self._search_process):
            return None
        deal = source.deal if isinstance(source, Match) else source
        if deal.over:
            return None
        try:
            return isolated.position(deal, self.variant.id, self.options, self.seats)
        except Exception:  # noqa: BLE001 - a plugin's odd view must not stop play
            log.warning("%s: a view cannot be sent to an AI worker", self.variant.id)
            return None

    def _ask_process(
        self, factory: IsolatedFactory | tuple[str, ...], req: dict[str, Any], budget: float | None
    ) -> tuple[str | None, str, Any]:
        """Ask an isolated AI in its worker process; the same (kind, detail, answer) as
        _ask, plus kind "died" when the worker ended (killed, os._exit, out of memory) and
        "closed" when this process ended it (close_all at exit: no fault)."""
        seat = int(req["seat"])
        if isinstance(factory, tuple):  # the built-in searches: one worker for the runner's
            args, worker_seat = factory, -1  # seats (the game's own code, no secrets to keep)
        else:  # a plugin's AI: each seat its own worker (what one seat saw stays there)
            args, worker_seat = factory.worker_args, seat
        key = (*args, f"seat={worker_seat}")
        proc = self._processes.get(key)
        if proc is None:
            proc = self._processes[key] = isolated.shared(args, worker_seat)
        try:
            ans = proc.ask({**req, "runner": self._id}, budget)
        except WorkerTimeout:
            return "timeout", f"its budget of {budget:g} s", None
        except WorkerClosed as e:
            # This process ended the worker (close_all at exit, with a search in flight):
            # not the AI's fault. The next request gets a fresh worker.
            self._processes.pop(key, None)
            return "closed", str(e), None
        except WorkerDied as e:
            return "died", str(e), None
        if "answer" in ans:
            return None, "", isolated.from_json(ans["answer"])
        if ans.get("delegate"):
            return "delegate", "", None
        if "unsendable" in ans:
            return "illegal", f"{_short(str(ans['unsendable']))}: not an action", None
        return "raised", _short(str(ans.get("raised", "an unknown error"))), None

    def fallback_action(self, source: Match | Deal) -> Action:
        """A legal action for the seat to move without asking any AI: the uniform random
        fallback (a last guard for callers whose AI future failed)."""
        deal = source.deal if isinstance(source, Match) else source
        with self._lock:
            rng = random.Random(self.rng.getrandbits(64))
        return self._fallback(deal, rng)

    @staticmethod
    def _fallback(deal: Deal, rng: random.Random) -> Action:
        try:
            action = deal.random_action(rng)
            if deal.check(action) is None:
                return action
        except Exception:  # noqa: BLE001 - fall through to the listed actions
            log.exception("random_action failed; using the first listed action")
        legal = deal.legal_actions()
        if not legal:
            raise RuntimeError("the variant offers no legal action for the seat to move")
        return legal[0]

    def _report(self, fault: AIFault) -> None:
        self.faults.append(fault)
        log.warning("%s", fault.message)
        if self.on_fault is not None:
            try:
                self.on_fault(fault)
            except StopRequested:
                raise
            except AI_ESCAPES:  # a reporting hook must not break play
                log.exception("on_fault callback failed")


def _legal_answer(deal: Deal, answer: Any) -> tuple[Action | None, str | None]:
    """(action, None) when the AI's answer is legal, else (None, reason). Notation
    strings are accepted as well as action tuples."""
    if isinstance(answer, str):
        try:
            answer = deal.parse_action(answer)
        except ActionError as e:
            return None, str(e)
    reason = shape_error(answer) or deal.check(answer)
    return (answer, None) if reason is None else (None, reason)


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# One runner per match for the convenience function (AIs keep their tables between moves).
_runners: weakref.WeakKeyDictionary[Any, AIRunner] = weakref.WeakKeyDictionary()


def runner_for(match: Match, **kwargs: Any) -> AIRunner:
    r = _runners.get(match)
    if r is None:
        r = AIRunner(match.variant, match.options, match.seats, **kwargs)
        _runners[match] = r
    return r


def choose_action(
    match_or_deal: Match | Deal,
    seat: int | None = None,
    level: str = "random",
    budget_s: float | None = DEFAULT_BUDGET_S,
    *,
    variant: Variant | None = None,
    seed: int | str | None = None,
) -> Choice:
    """One safe AI decision. For a Match the runner (and its AIs) persist with the match;
    for a bare Deal pass `variant` (or a deal whose `setup` holds it)."""
    if isinstance(match_or_deal, Match):
        runner = runner_for(match_or_deal, seed=seed)
        return runner.choose(match_or_deal, seat, level, budget_s)
    setup = getattr(match_or_deal, "setup", None)
    v = variant or getattr(setup, "variant", None)
    if v is None:
        raise ValueError("choose_action on a bare Deal needs variant=")
    options = getattr(setup, "options", None)
    seats = getattr(setup, "seats", None)
    return AIRunner(v, options, seats, seed=seed).choose(match_or_deal, seat, level, budget_s)
