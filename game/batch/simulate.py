"""`crowsnest simulate`: AI-only matches, one job per match for crowsnest.batch.parallel.

Match g (from 0) is seeded from the run's seed and g alone (`seed + g`, or "seed:g" for a
text seed), and its AIs from that match seed, so a tally does not depend on how many
worker processes played it or in which order the matches finished. Search AIs (the
built-in "hard") run with their wall-clock caps off (crowsnest.ai.search.set_time_caps),
thinking to their iteration budgets, so the load of the machine does not change a move
either; the runner's per-move --budget still guards against an AI that stalls.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crowsnest import config as config_mod
from crowsnest.ai.runner import AIRunner
from crowsnest.ai.search import set_time_caps
from crowsnest.engine import Match, MatchError, OptionError
from crowsnest.plugin_host import load_registry

MAX_ACTIONS_PER_MATCH = 200_000  # a match that runs longer than this is a variant bug
MAX_FAULTS_KEPT = 20


class SimulateError(Exception):
    """A match that cannot be played (one sentence); pickles, so workers can raise it."""


@dataclass(frozen=True, slots=True)
class MatchJob:
    index: int  # g, from 0
    seed: int | str
    variant: str
    seats: int | None
    options: dict[str, Any]
    level: str
    budget: float


# This process's plugin registries by config path, and the one play_match uses.
_registries: dict[str | None, Any] = {}
_current: Any = None


def init_worker(config_path: str | None) -> None:
    """Load the plugin registry of this config once per process (the pool's initializer):
    variants are not sent to workers, each worker discovers the same plugins."""
    global _current
    if config_path not in _registries:
        _registries[config_path] = load_registry(config=config_mod.load(config_path))
    _current = _registries[config_path]


def use_registry(config_path: str | None, registry: Any) -> None:
    """Reuse a registry this process already loaded for `config_path`."""
    _registries[config_path] = registry


def match_seed(seed0: int | str, g: int) -> int | str:
    return seed0 + g if isinstance(seed0, int) else f"{seed0}:{g}"


def play_match(job: MatchJob) -> dict[str, Any]:
    """Play one AI-only match to the end; a small picklable summary of it."""
    variant = _current.variant(job.variant)
    try:
        match = Match(variant, seed=job.seed, seats=job.seats, options=job.options)
    except (MatchError, OptionError) as e:
        raise SimulateError(str(e)) from None
    runner = AIRunner(
        variant, match.options, match.seats, budget_s=job.budget, seed=f"{job.seed}:ai"
    )
    redeals = n = 0
    # Search AIs think to their iteration budgets, not to the clock: a match depends on
    # its seed alone, whatever the load or the number of workers (as in tournaments).
    old_caps = set_time_caps(False)
    try:
        while not match.over:
            if n >= MAX_ACTIONS_PER_MATCH:
                raise SimulateError(
                    f"match {job.index + 1} (seed {job.seed}) did not end after {n} actions"
                )
            choice = runner.choose(match, match.to_move, job.level)
            for ev in match.apply_unchecked(choice.action):
                if ev.get("type") == "redeal":
                    redeals += 1
            n += 1
    finally:
        set_time_caps(old_caps)
        runner.close()
    winners = match.winner if isinstance(match.winner, list | tuple) else [match.winner]
    return {
        "seats": match.seats,
        "teams": [list(t) for t in match.teams] if match.teams else None,
        "winners": [w for w in winners if isinstance(w, int)],
        "deals": match.deal_no,
        "redeals": redeals,
        "actions": n,
        "fault_count": len(runner.faults),
        "faults": [{"game": job.index + 1, **f.to_json()} for f in runner.faults[:MAX_FAULTS_KEPT]],
    }


def tally(
    results: list[tuple[int, dict[str, Any]]], seats: int, teams: list[list[int]] | None
) -> dict[str, Any]:
    """Add up finished matches (in game order) into simulate's JSON fields."""
    wins = [0] * (len(teams) if teams else seats)
    deals = redeals = actions = fault_count = 0
    faults: list[dict[str, Any]] = []
    for _, r in results:
        deals += r["deals"]
        redeals += r["redeals"]
        actions += r["actions"]
        for w in r["winners"]:
            if 0 <= w < len(wins):
                wins[w] += 1
        fault_count += r["fault_count"]
        faults.extend(r["faults"][: MAX_FAULTS_KEPT - len(faults)])
    return {
        "deals": deals,
        "redeals": redeals,
        "actions": actions,
        "wins": wins,
        "fault_count": fault_count,
        "faults": faults,
    }


def config_path_of(cfg: config_mod.Config) -> str | None:
    return str(Path(cfg.path)) if cfg.path is not None else None
