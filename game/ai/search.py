"""Generic determinized search: Perfect-Information Monte Carlo (PIMC).

An AI that sees only its view cannot search the real deal. PIMC samples "worlds": full
deals consistent with the view (hidden cards dealt at random, respecting what the view
proves: known voids, cards seen, pile sizes), plays every candidate action out in each
world with a fast rollout policy to the end of the deal, and keeps the candidate whose
average value is best. Every variant supplies three small functions:

    sample(view, rng) -> Deal          a determinization (never looks at the real deal)
    playout(deal, rng) -> None         plays `deal` to its end in place (cheap policy)
    evaluate(deal) -> float            the finished deal's value for the searching side

Budget: candidates share the same worlds (common random numbers: luck of the deal
cancels between candidates, which matters more than anything else for the variance)
and are pruned by sequential halving (Karnin, Koren, Somekh 2013): the budget is split
into rounds; after each round the worse half of the candidates is dropped, so play-outs
go to the actions still in contention. Survivors have always seen the same worlds, so
their means compare fairly.

Determinism: with `seconds=None` the result depends only on the rng and the budget.
With a time cap the search stops early at a world boundary (then timing matters).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar, cast

from crowsnest.engine import Deal

# Generic in the game's deal class and its candidates, so a game's own sampler, play-out
# and evaluator are checked with its deal's attributes, and the chosen candidate comes
# back with the candidates' type.
D = TypeVar("D", bound=Deal)
C = TypeVar("C", bound=Hashable)

Sampler = Callable[[Any, random.Random], D]
Playout = Callable[[D, random.Random], None]
Evaluator = Callable[[D], float]
Applier = Callable[[D, C], None]

# Tournaments switch the time caps off (set_time_caps(False)) so that every result depends
# only on the seeds and the iteration budgets, whatever the machine's load or the number
# of worker processes; play keeps them so that a slow machine stays responsive.
_time_caps = True


def set_time_caps(on: bool) -> bool:
    """Honour (True) or ignore (False) SearchBudget.seconds in this process; returns the
    previous setting."""
    global _time_caps
    old, _time_caps = _time_caps, bool(on)
    return old


def deadline(seconds: float | None) -> float | None:
    """perf_counter() time at which a search started now must stop, or None (no cap, or
    caps switched off): for searches of a variant's own that do not go through pimc_search."""
    if seconds is None or not _time_caps:
        return None
    return time.perf_counter() + seconds


def apply_action(deal: Deal, candidate: Any) -> None:
    """The default way a candidate enters a sampled deal: it is one action."""
    deal.apply(candidate)


def apply_sequence(deal: Deal, candidate: Any) -> None:
    """For candidates that are plans of several actions by the same seat in a row
    (Rook: lay back these cards, then name this trump)."""
    for action in candidate:
        deal.apply(action)


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How much one decision may search.

    iterations: play-outs per decision (one candidate played out in one world), split
        evenly over the halving rounds.
    seconds: wall-clock cap per decision (None: no cap, fully deterministic).
    min_worlds: worlds every candidate sees in the first round, whatever `iterations`
        says (keeps tiny budgets from judging on one deal).
    settle: when two candidates are left, stop once the paired difference of their
        values over the worlds so far is clear (mean beyond `settle` standard errors)
        or nil (every world the same for both: equivalent here), checked every 16
        worlds from the 32nd; 0 (the default): play the whole budget. The last round
        holds most of the worlds, since it splits its share between two candidates.
    """

    iterations: int = 600
    seconds: float | None = 0.5
    min_worlds: int = 4
    settle: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive or None, not {self.seconds}")
        if self.min_worlds < 1:
            raise ValueError(f"min_worlds must be at least 1, not {self.min_worlds}")
        if self.settle < 0:
            raise ValueError(f"settle must be 0 (off) or positive, not {self.settle}")


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[C]):
    action: C  # the chosen candidate (an Action unless the caller passed plans)
    means: dict[C, float]  # average value of each candidate over the worlds it saw
    worlds: dict[C, int]  # how many worlds each candidate saw
    playouts: int
    seconds: float
    stopped_by_time: bool


def pimc_search(
    view: Any,
    candidates: Sequence[C],
    rng: random.Random,
    *,
    sample: Sampler[D],
    playout: Playout[D],
    evaluate: Evaluator[D],
    budget: SearchBudget = SearchBudget(),
    apply: Applier[D, C] = apply_action,
) -> SearchResult[C]:
    """The candidate with the best mean value over sampled worlds (see module doc).

    Ties go to the earlier candidate, so callers list their preferred (cheaper) actions
    first. A single candidate is returned without searching. Candidates are actions,
    or anything hashable that `apply` knows how to play into a sampled deal.
    """
    if not candidates:
        raise ValueError("pimc_search needs at least one candidate action")
    start = time.perf_counter()
    alive = list(dict.fromkeys(candidates))  # unique, order kept
    order = {a: i for i, a in enumerate(alive)}
    totals = dict.fromkeys(alive, 0.0)
    seen = dict.fromkeys(alive, 0)
    if len(alive) == 1:
        return SearchResult(alive[0], {alive[0]: 0.0}, {alive[0]: 0}, 0, 0.0, False)
    deadline = None if budget.seconds is None or not _time_caps else start + budget.seconds
    rounds = max(1, math.ceil(math.log2(len(alive))))
    per_round = budget.iterations / rounds
    playouts = 0
    timed_out = False
    for rnd in range(rounds):
        n_worlds = max(1, int(per_round // len(alive)))
        if rnd == 0:
            n_worlds = max(n_worlds, budget.min_worlds)
        pair = budget.settle > 0 and len(alive) == 2
        diff_sum = diff_sq = 0.0
        for w in range(1, n_worlds + 1):
            world = sample(view, rng)
            values = []
            for a in alive:
                d = cast(D, world.clone())  # Deal.clone gives the deal's own class
                apply(d, a)
                if not d.over:
                    playout(d, rng)
                v = evaluate(d)
                values.append(v)
                totals[a] += v
                seen[a] += 1
            playouts += len(alive)
            if deadline is not None and time.perf_counter() >= deadline:
                timed_out = True
                break
            if pair:
                x = values[0] - values[1]
                diff_sum += x
                diff_sq += x * x
                if w >= 32 and w % 16 == 0 and _settled(diff_sum, diff_sq, w, budget.settle):
                    break
        if timed_out or len(alive) <= 1:
            break
        keep = max(1, math.ceil(len(alive) / 2))
        alive.sort(key=lambda a: (-totals[a] / seen[a], order[a]))
        alive = alive[:keep]
        alive.sort(key=order.__getitem__)
    best = min(alive, key=lambda a: (-totals[a] / max(1, seen[a]), order[a]))
    means = {a: totals[a] / seen[a] for a in totals if seen[a]}
    return SearchResult(
        best,
        means,
        {a: n for a, n in seen.items() if n},
        playouts,
        time.perf_counter() - start,
        timed_out,
    )


def _settled(total: float, squares: float, n: int, z: float) -> bool:
    """Is the mean of n paired differences nil throughout, or beyond z standard errors?"""
    if squares == 0.0:
        return True  # the same value in every world: equivalent as far as sampling shows
    mean = total / n
    var = max(0.0, squares / n - mean * mean) * n / (n - 1)
    return mean * mean * n > z * z * var


K = TypeVar("K", bound=Hashable)  # a candidate, or a key standing for one


def paired_pick(cands: Sequence[K], rows: Mapping[K, list[float]], z: float) -> K:
    """The candidate to play: the first (the heuristic's choice) unless another beats it
    world by world with a mean gain more than `z` standard errors above zero; of those,
    the one whose gain's lower bound is highest. `rows[a]` holds candidate a's value in
    each world, every candidate in the same worlds. Paired differences cancel most of the
    luck of the sampled worlds, and the threshold keeps noise from overriding a sound
    heuristic."""
    base = rows[cands[0]]
    n = len(base)
    best, best_low = cands[0], 0.0
    if n < 2:
        return best
    for a in cands[1:]:
        diffs = [x - y for x, y in zip(rows[a], base, strict=True)]
        m = sum(diffs) / n
        var = sum((x - m) ** 2 for x in diffs) / (n - 1)
        low = m - z * (var / n) ** 0.5
        if low > best_low:
            best, best_low = a, low
    return best


def paired_rows(
    worlds: Iterable[D],
    cands: Sequence[K],
    apply: Callable[[D, K], object],
    roll: Playout[D],
    evaluate: Evaluator[D],
    rng: random.Random,
    stop: float | None,
    min_worlds: int,
    *,
    memo: bool = False,
) -> dict[K, list[float]]:
    """Every candidate played out in each world in turn (a clone of the world, the
    candidate applied, `roll` to the end unless the deal is over), one row of values per
    candidate for paired_pick. `worlds` is consumed lazily, so a generator may sample as
    it goes; the loop stops after a world once `stop` (perf_counter time, None: never)
    has passed and `min_worlds` worlds are in. memo: a world object seen again (worlds
    drawn with replacement) reuses its first values, for deterministic play-outs."""
    rows: dict[K, list[float]] = {a: [] for a in cands}
    # keyed by id, holding the world too so that its id cannot be reused meanwhile
    done: dict[int, tuple[D, list[float]]] = {}
    for i, world in enumerate(worlds):
        seen = done.get(id(world)) if memo else None
        if seen is not None:
            got = seen[1]
        else:
            got = []
            for a in cands:
                d = cast(D, world.clone())
                apply(d, a)
                if not d.over:
                    roll(d, rng)
                got.append(evaluate(d))
            if memo:
                done[id(world)] = (world, got)
        for a, v in zip(cands, got, strict=True):
            rows[a].append(v)
        if stop is not None and i + 1 >= min_worlds and time.perf_counter() >= stop:
            break
    return rows


class SearchAI:
    """What every built-in search AI (`hard`) shares: the variant and options it plays,
    its config (a subclass names its frozen config dataclass in `config_type`), the last
    search's findings for tests and tools, and the factory the plugin registers. The
    variant-specific parts (candidates, worlds, play-outs) are the subclass's."""

    config_type: Any = None

    def __init__(self, variant: Any = None, options: Any = None, config: Any = None) -> None:
        if variant is None:
            variant = self.default_variant()
        self.variant = variant
        self.options = options if options is not None else variant.resolve_options(None)
        self.config = config if config is not None else self.config_type()
        self.last_search: Any = None

    @staticmethod
    def default_variant() -> Any:
        """The plugin's variant, for an AI built without one (tests, tools)."""
        raise NotImplementedError

    @classmethod
    def factory(cls, variant: Any, options: Any, seats: int) -> Self:
        """The AIFactory a plugin registers: (variant, options, seats) -> AI."""
        return cls(variant, options)


def first_candidates(first: Sequence[Any], rest: Iterable[Any], limit: int) -> list[Any]:
    """The candidates a search weighs: the heuristics' choices first (ties go to them, so
    search overrides a heuristic only on evidence), then the rest, each once, at most
    `limit`."""
    return list(dict.fromkeys([*first, *rest]))[:limit]


__all__ = [
    "Applier",
    "Evaluator",
    "Playout",
    "Sampler",
    "SearchAI",
    "SearchBudget",
    "SearchResult",
    "apply_action",
    "apply_sequence",
    "deadline",
    "first_candidates",
    "paired_pick",
    "paired_rows",
    "pimc_search",
    "set_time_caps",
]
