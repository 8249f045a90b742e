"""Soak: play matches of every registered game with random, valid house rules and random
AI levels, checking the engine's invariants after every action.

    python tools/soak.py --deals 2000 --workers 2 --json
    python tools/soak.py --games individual2 --deals 500
    python tools/soak.py --one individual2 123456      # re-run one match (a violation's seed)

Per game, matches are played until `--deals` deals (redeals included) have been dealt.
A match's seed decides everything: its options (drawn from the game's option schema:
each option keeps its default or takes a random allowed value; combinations the game
refuses are redrawn and counted as `refused`), its seat levels and its moves, so a
violation's seed reproduces it with `--one`.

Checked after every action: card conservation (every card of the deck in exactly one
place of the full state, none twice, none missing), a non-empty legal list while the
match is on (where the set is too large to list, a legal random_action instead), the AI's answer legal (a built-in AI's fault is a violation here), score
arithmetic at every deal end (scores = previous scores + change), zero-sum changes where
the game is zero-sum, and termination (a deal longer than 2,000 actions is a violation;
so is a match past --max-deals deals where its rules promise an end, see must_end; one
whose house rules do not is counted as `unended`, with its seed). At the end of every match: determinism by
seed (a replay of the log from the seed gives the same state), and save -> load ->
replay identity (the save file, written and read back, rebuilds the same state and log).

Levels: each seat draws random (most), easy, normal, a plugin's own level, or rarely hard;
at least one seat is above random (four uniformly random bidders never end a Rook game
without a losing floor, docs/rules-decisions.md). Hard is slow, so a match with a hard
seat stops after its first deal (`--hard-every N`: one match in N).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from crowsnest.ai.runner import AIRunner  # noqa: E402
from crowsnest.engine import Match, OptionError  # noqa: E402
from crowsnest.engine.match import MatchError  # noqa: E402
from crowsnest.plugin_host import load_registry  # noqa: E402

ZERO_SUM = {"doudizhu"}  # games whose every deal's score changes sum to 0
MAX_DEAL_ACTIONS = 2000
LEVEL_WEIGHTS = (("random", 70), ("easy", 20), ("normal", 10))

_REGISTRY: Any = None
logging.getLogger("crowsnest.ai").setLevel(logging.ERROR)  # faults are counted, not logged


def registry() -> Any:
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry(user_folder=False)
    return _REGISTRY


# ---------------------------------------------------------------- random house rules


def draw_value(opt: Any, rng: random.Random) -> Any:
    if opt.kind == "bool":
        return rng.random() < 0.5
    if opt.kind == "choice":
        return rng.choice(opt.choices)
    lo = opt.minimum if opt.minimum is not None else opt.default - 100
    hi = opt.maximum if opt.maximum is not None else opt.default + 100
    step = opt.step or 1
    k = rng.randrange((hi - lo) // step + 1)
    return lo + k * step


def draw_options(variant: Any, rng: random.Random, tries: int = 200) -> tuple[dict, int]:
    """Random options the game accepts (each key kept at its default half the time), and
    how many drawn combinations it refused on the way."""
    refused = 0
    for _ in range(tries):
        opts = {o.key: draw_value(o, rng) for o in variant.options if rng.random() < 0.5}
        try:
            Match(variant, seed=0, options=opts)
        except (OptionError, MatchError):
            refused += 1
            continue
        return opts, refused
    return {}, refused


def draw_levels(variant: Any, seats: int, rng: random.Random, hard: bool) -> list[str]:
    names = [lv for lv, _ in LEVEL_WEIGHTS if lv in variant.ais or lv == "random"]
    weights = [w for lv, w in LEVEL_WEIGHTS if lv in names]
    levels = [rng.choices(names, weights)[0] for _ in range(seats)]
    extra = sorted(set(variant.ais) - {"random", "easy", "normal", "hard"})
    if extra and rng.random() < 0.1:
        levels[rng.randrange(seats)] = rng.choice(extra)
    if hard and "hard" in variant.ais:
        levels[rng.randrange(seats)] = "hard"
    if all(lv == "random" for lv in levels) and len(names) > 1:
        # Four uniformly random bidders overbid for ever in a Rook game without a losing
        # floor (docs/rules-decisions.md): one seat above random makes every table end.
        levels[rng.randrange(seats)] = rng.choice(names[1:])
    return levels


# ---------------------------------------------------------------- one match


@dataclass
class Outcome:
    game: str
    seed: int
    matches: int = 0
    deals: int = 0
    actions: int = 0
    refused: int = 0
    hard: int = 0
    unended: int = 0  # matches at --max-deals whose rules do not promise an end
    unended_seeds: list[int] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)


class Violation(Exception):
    pass


def _conservation(match: Match) -> None:
    where = match.state().get("where")
    if where is None:
        return
    got = Counter(c for pile in where.values() for c in pile)
    want = Counter(match.deck.names)
    if got != want:
        missing = sorted((want - got).elements())
        twice = sorted((got - want).elements())
        raise Violation(f"cards not conserved: missing {missing[:8]}, extra {twice[:8]}")


def _save_identity(match: Match, levels: list[str]) -> None:
    from crowsnest import savefile

    seats = [savefile.Seat(kind="ai", level=lv, name="") for lv in levels]
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "s.toml"
        savefile.save(match, seats, p, registry=registry())
        back, players = savefile.load(p, registry())
    if back.log_strings() != match.log_strings():
        raise Violation("save -> load gives another action log")
    if back.state() != match.state():
        raise Violation("save -> load -> replay gives another state")
    if [p.level for p in players] != levels:
        raise Violation("save -> load lost the seat levels")


def must_end(variant: Any, options: Any) -> bool:
    """Whether the rules promise that the match ends. A Rook-family game without a losing
    floor (the default, as rook.md) ends only when a side reaches the target, which
    house rules can make unreachable (bids above anything takable: every bid set, both
    sides sink), and with `all_pass = "redeal"` a table that never bids redeals for ever.
    With the floor on and a forced dealer bid it must end; so must the defaults (a seat
    above random bids sensibly) and every other game."""
    if "lose_at" not in options:
        return True
    defaults = {o.key: o.default for o in variant.options}
    if dict(options) == defaults:
        return True
    return options["lose_at"] != 0 and options.get("all_pass") == "dealer_forced"


def play_one(game: str, seed: int, max_deals: int, hard_every: int) -> Outcome:
    reg = registry()
    variant = reg.variants[game]
    rng = random.Random(f"soak:{game}:{seed}")
    out = Outcome(game, seed)
    opts, out.refused = draw_options(variant, rng)
    seats = rng.choice(variant.seats)
    hard = hard_every > 0 and rng.randrange(hard_every) == 0 and "hard" in variant.ais
    levels = draw_levels(variant, seats, rng, hard)
    out.hard = int(hard)
    where = {"options": opts, "seats": seats, "levels": levels}
    try:
        match = Match(variant, seed=seed, seats=seats, options=opts)
        runner = AIRunner(variant, match.options, seats, budget_s=None, seed=seed)
        deal_actions = 0
        dealt = 1
        _conservation(match)
        while not match.over:
            legal = match.legal_actions()
            if not legal and match.deal.legal_complete():
                raise Violation(f"empty legal list in phase {match.phase}")
            if not match.deal.legal_complete():
                probe = match.deal.random_action(random.Random(seed))
                if match.check(probe) is not None:
                    raise Violation(f"random_action is illegal in phase {match.phase}")
            seat = match.to_move
            choice = runner.choose(match, seat, levels[seat], None)
            if choice.fault is not None:
                raise Violation(f"AI fault: {choice.fault.message}")
            before = match.scores
            events = match.apply(choice.action)
            out.actions += 1
            deal_actions += 1
            for ev in events:
                t = ev.get("type")
                if t == "deal_over":
                    change, scores = ev["score_change"], ev["scores"]
                    if [a + b for a, b in zip(before, change, strict=True)] != list(scores):
                        raise Violation(f"score arithmetic: {list(before)} + {change} != {scores}")
                    if game in ZERO_SUM and sum(change) != 0:
                        raise Violation(f"not zero-sum: {change}")
                if t in ("deal_over", "redeal") and not match.over:
                    dealt += 1
                    deal_actions = 0
            if deal_actions > MAX_DEAL_ACTIONS:
                raise Violation(f"a deal longer than {MAX_DEAL_ACTIONS} actions")
            if dealt > max_deals:
                if must_end(variant, match.options):
                    raise Violation(f"the match did not end within {max_deals} deals")
                out.unended, out.unended_seeds = 1, [seed]
                break
            _conservation(match)
            if hard and dealt > 1:
                break  # hard is slow: one deal of it per sampled match
        out.deals = dealt
        # Determinism by seed, then the save round trip.
        again = Match.replay(variant, match.log_strings(), **match.start_kwargs())
        if again.state() != match.state():
            raise Violation("replaying the log from the seed gives another state")
        _save_identity(match, levels)
        out.matches = 1
    except Violation as v:
        out.violations.append({"seed": seed, "violation": str(v), **where})
    except Exception as e:  # noqa: BLE001 - every crash is a finding
        out.violations.append({"seed": seed, "violation": f"{type(e).__name__}: {e}", **where})
    return out


def run_batch(game: str, seeds: list[int], max_deals: int, hard_every: int) -> dict[str, Any]:
    tot = Outcome(game, seeds[0] if seeds else 0)
    for s in seeds:
        o = play_one(game, s, max_deals, hard_every)
        tot.matches += o.matches
        tot.deals += o.deals
        tot.actions += o.actions
        tot.refused += o.refused
        tot.hard += o.hard
        tot.unended += o.unended
        tot.unended_seeds.extend(o.unended_seeds)
        tot.violations.extend(o.violations)
    return {
        "game": game,
        "matches": tot.matches,
        "deals": tot.deals,
        "actions": tot.actions,
        "refused": tot.refused,
        "hard": tot.hard,
        "unended": tot.unended,
        "unended_seeds": tot.unended_seeds[:20],
        "violations": tot.violations,
    }


# ---------------------------------------------------------------- driver


def soak(
    games: list[str],
    deals: int,
    workers: int,
    seed: int,
    max_deals: int = 500,
    hard_every: int = 200,
    batch: int = 8,
    progress: Any = None,
) -> dict[str, Any]:
    start = time.perf_counter()
    totals = {
        g: {
            "deals": 0,
            "matches": 0,
            "actions": 0,
            "refused": 0,
            "hard": 0,
            "unended": 0,
            "unended_seeds": [],
            "violations": [],
        }
        for g in games
    }
    next_seed = {g: seed * 1_000_000 for g in games}
    pending: dict[Any, str] = {}

    def submit(ex: Any, g: str) -> None:
        s0 = next_seed[g]
        next_seed[g] += batch
        fut = ex.submit(run_batch, g, list(range(s0, s0 + batch)), max_deals, hard_every)
        pending[fut] = g

    def need(g: str) -> bool:
        # Deals already counted plus an estimate for batches in flight.
        inflight = sum(1 for gg in pending.values() if gg == g)
        per_batch = max(1, totals[g]["deals"] // max(1, (next_seed[g] - seed * 1_000_000) // batch))
        return totals[g]["deals"] + inflight * per_batch < deals

    interrupted = False
    ex = ProcessPoolExecutor(max_workers=workers)
    try:
        for g in games:
            for _ in range(max(1, workers)):
                submit(ex, g)
        while pending:
            done = next(as_completed(list(pending)))
            g = pending.pop(done)
            res = done.result()
            t = totals[g]
            for k in ("deals", "matches", "actions", "refused", "hard", "unended"):
                t[k] += res[k]
            t["unended_seeds"] = (t["unended_seeds"] + res["unended_seeds"])[:20]
            t["violations"].extend(res["violations"])
            if progress is not None:
                progress(g, t)
            if t["deals"] < deals and need(g):
                submit(ex, g)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: report what finished so far
        interrupted = True
    finally:
        ex.shutdown(wait=not interrupted, cancel_futures=True)
    seconds = time.perf_counter() - start
    return {
        "seed": seed,
        "deals_per_game": deals,
        "workers": workers,
        "seconds": round(seconds, 1),
        "games": totals,
        "violations": sum(len(t["violations"]) for t in totals.values()),
        "interrupted": interrupted,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals per game (default 1000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--max-deals", type=int, default=500, help="a longer match is a violation")
    ap.add_argument("--hard-every", type=int, default=200, help="one match in N has a hard seat")
    ap.add_argument("--batch", type=int, default=8, help="matches per worker task")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", metavar="FILE", help="append running totals to FILE every 30 s")
    ap.add_argument("--one", nargs=2, metavar=("GAME", "SEED"), help="re-run one match")
    a = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop: print the totals
    if a.one:
        o = play_one(a.one[0], int(a.one[1]), a.max_deals, a.hard_every)
        print(json.dumps(o.__dict__, indent=1))
        return 1 if o.violations else 0
    games = a.games or list(registry().variants)
    unknown = [g for g in games if g not in registry().variants]
    if unknown:
        print(f"soak: unknown game(s) {', '.join(unknown)}", file=sys.stderr)
        return 2
    last = [time.monotonic()]

    def progress(g: str, t: dict[str, Any]) -> None:
        if a.progress and time.monotonic() - last[0] > 30:
            last[0] = time.monotonic()
            with open(a.progress, "a", encoding="utf-8") as f:
                f.write(
                    json.dumps(
                        {
                            "time": time.strftime("%H:%M:%S"),
                            # game: [deals, violations, matches, unended]
                            **{
                                k: [v["deals"], len(v["violations"]), v["matches"], v["unended"]]
                                for k, v in totals_ref[0].items()
                            },
                        }
                    )
                    + "\n"
                )

    totals_ref: list[Any] = [{}]

    def progress_wrap(g: str, t: dict[str, Any]) -> None:
        totals_ref[0][g] = t
        progress(g, t)

    res = soak(games, a.deals, a.workers, a.seed, a.max_deals, a.hard_every, a.batch, progress_wrap)
    if a.json:
        print(json.dumps(res))
    else:
        for g, t in res["games"].items():
            print(
                f"{g:12} deals {t['deals']:>9} matches {t['matches']:>7} actions {t['actions']:>10}"
                f" refused {t['refused']:>6} hard {t['hard']:>4} unended {t['unended']:>4}"
                f" violations {len(t['violations'])}"
            )
            for v in t["violations"][:5]:
                print(f"    seed {v['seed']}: {v['violation']}  {v['options']} {v['levels']}")
        print(f"{res['seconds']} s, {res['violations']} violations")
    return 1 if res["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
