"""Soak: play matches of every registered game with random, valid house rules and random
AI levels, checking the engine's invariants after every action.

    python tools/soak.py --deals 2000 --workers 2 --json
    python tools/soak.py --games individual2 --deals 500
    python tools/soak.py --one individual2 123456      # re-run one match (a violation's seed)
    nice -n 19 python tools/soak.py --deals 1000000 --workers 1 --seed 14 --progress FILE

Per game, matches are played until `--deals` deals (redeals included) have been dealt.
A match's seed decides everything: its options (drawn from the game's option schema:
each option keeps its default or takes a random allowed value; combinations the game
refuses are redrawn and counted as `refused`), its seat levels and its moves, so a
violation's seed reproduces it with `--one`.

Checked after every action: card conservation (every card id of the deck in exactly one
of the deal's piles, from Deal.piles(); full_state()'s names where a variant does not
offer piles), a non-empty legal list while the match is on (where the set is too large
to list, a legal random_action instead), the move legal (the engine checks every action
again; a random seat's random_action refused, or a built-in AI's fault, is a violation),
score arithmetic at every deal end (scores = previous scores + change), zero-sum changes
where the game is zero-sum, and termination (a deal longer than 2,000 actions is a
violation; so is a match past its promised end, see `promised_end`).

At the end of every match: save -> load -> replay identity (the save file, written and
read back, replays from the seed to the same state, action log and seat levels: this is
also the replay-from-the-seed identity, since a save holds the seed and the log). On one
match in `--determinism-every` (default 50), determinism by seed end to end: the match is
played a second time from its seed (options, levels, AI moves) and must give the same log
and state. The searching AIs think to their iteration budgets, not to the clock, while
the soak plays (as in simulations and tournaments), so that holds under any load.

Levels (the mix the totals report as decisions per level): every seat draws random
(`--random-weight`, default 75 %) or easy (the rest); one match in `--normal-every`
(default 20) has a normal seat and one in `--hard-every` (default 200) a hard seat (the
two searching levels cost 100-1,000 times a random move); such a match stops after its
first deal. A plugin's own levels replace a seat's draw on one match in 10 where the game
has them. Random seats play the variant's own `random_action` (what the AI runner's
random level and its fallback play); every other level goes through the AI runner.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import signal
import subprocess
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

from crowsnest.ai import search  # noqa: E402
from crowsnest.ai.runner import AIRunner  # noqa: E402
from crowsnest.engine import ActionError, Match, OptionError  # noqa: E402
from crowsnest.engine.match import MatchError  # noqa: E402
from crowsnest.plugin_host import load_registry  # noqa: E402

ZERO_SUM = {"doudizhu"}  # games whose every deal's score changes sum to 0
MAX_DEAL_ACTIONS = 2000
TIE_DEALS = 50  # deals past a deal limit that a tie for the lead may play on (sudden death)
STANDARD = ("random", "easy", "normal", "hard")
COUNTS = ("deals", "matches", "actions", "refused", "hard", "normal", "replayed")
ENDS = ("ended", "unended", "cut")
# Save files of the round trip go to memory where there is a tmpfs: the check is the save
# format and the replay, not the disk's fsync.
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None

_REGISTRY: Any = None
logging.getLogger("crowsnest.ai").setLevel(logging.ERROR)  # faults are counted, not logged


def registry() -> Any:
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry(user_folder=False)
    return _REGISTRY


@dataclass(frozen=True)
class Mix:
    """How seats draw their levels (see the module's doc)."""

    random_weight: int = 75  # percent of seats at random, the rest easy
    normal_every: int = 20  # one match in N has a normal seat (0: never)
    hard_every: int = 200  # one match in N has a hard seat (0: never)
    plugin_every: int = 10  # one match in N seats a plugin's own level, where there is one
    determinism_every: int = 50  # one match in N is played twice from its seed (0: never)


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


def draw_levels(
    variant: Any, seats: int, rng: random.Random, mix: Mix = Mix()
) -> tuple[list[str], str]:
    """Seat levels and the match's tier: "hard" or "normal" (a searching seat: the match
    stops after its first deal) or "base"."""
    easy = "easy" in variant.ais
    levels = [
        "random" if not easy or rng.randrange(100) < mix.random_weight else "easy"
        for _ in range(seats)
    ]
    extra = sorted(set(variant.ais) - set(STANDARD))
    if extra and mix.plugin_every and rng.randrange(mix.plugin_every) == 0:
        levels[rng.randrange(seats)] = rng.choice(extra)
    tier = "base"
    if mix.hard_every and rng.randrange(mix.hard_every) == 0 and "hard" in variant.ais:
        tier = "hard"
    elif mix.normal_every and rng.randrange(mix.normal_every) == 0 and "normal" in variant.ais:
        tier = "normal"
    if tier != "base":
        levels[rng.randrange(seats)] = tier
    return levels, tier


# ---------------------------------------------------------------- one match


@dataclass
class Outcome:
    game: str
    seed: int
    matches: int = 0
    deals: int = 0
    actions: int = 0
    refused: int = 0
    hard: int = 0  # matches with a hard seat (first deal only)
    normal: int = 0  # matches with a normal seat (first deal only)
    replayed: int = 0  # matches played twice from their seed (determinism)
    ended: int = 0  # matches that reached their end
    unended: int = 0  # stopped at --max-deals; the rules promise no end (seeds kept)
    cut: int = 0  # stopped at --max-deals before the end their rules promise further on
    unended_seeds: list[int] = field(default_factory=list)
    decisions: Counter = field(default_factory=Counter)  # level -> moves chosen
    violations: list[dict[str, Any]] = field(default_factory=list)
    log: list[Any] = field(default_factory=list, repr=False)
    state: dict[str, Any] = field(default_factory=dict, repr=False)


class Violation(Exception):
    pass


def _names_conserved(match: Match) -> None:
    """Conservation by card names from full_state()'s "where" (variants without piles())."""
    where = match.state().get("where")
    if where is None:
        return
    got = Counter(c for pile in where.values() for c in pile)
    want = Counter(match.deck.names)
    if got != want:
        missing = sorted((want - got).elements())
        twice = sorted((got - want).elements())
        raise Violation(f"cards not conserved: missing {missing[:8]}, extra {twice[:8]}")


class Conservation:
    """Every card id of the deck in exactly one pile: a count and a set per action, from
    the deal's own lists (Deal.piles) rather than a JSON state built for people."""

    def __init__(self, match: Match) -> None:
        self.n = len(match.deck)
        self.ids = set(range(self.n))

    def __call__(self, match: Match) -> None:
        piles = match.deal.piles()
        if piles is None:
            _names_conserved(match)
            return
        total = 0
        seen: set[int] = set()
        for pile in piles.values():
            total += len(pile)
            seen.update(pile)
        if total != self.n or seen != self.ids:
            counts = Counter(c for pile in piles.values() for c in pile)
            names = match.deck.names
            missing = sorted(names[c] for c in self.ids - seen)
            twice = sorted(names[c] for c, k in counts.items() if k > 1 and c in self.ids)
            strange = sorted(c for c in seen if c not in self.ids)
            raise Violation(
                f"cards not conserved: missing {missing[:8]}, twice {twice[:8]}"
                + (f", not in the deck {strange[:8]}" if strange else "")
            )


def _save_identity(match: Match, levels: list[str]) -> None:
    from crowsnest.records import savefile

    seats = [savefile.Seat(kind="ai", level=lv, name="") for lv in levels]
    with tempfile.TemporaryDirectory(dir=SCRATCH) as d:
        p = Path(d) / "s.toml"
        savefile.save(match, seats, p, registry=registry())
        data = savefile.read(p)  # savefile.load is read + build; the text log is kept
        back = savefile.build(data, registry(), p)
    # Equal ids mean equal notation; where ids differ (Tractor's two packs: a token names
    # either copy) the replayed notation must still be the saved one.
    if back.log != match.log and back.log_strings() != list(data.actions):
        raise Violation("save -> load gives another action log")
    if back.state() != match.state():
        raise Violation("save -> load -> replay gives another state")
    if [p.level for p in data.players] != levels:
        raise Violation("save -> load lost the seat levels")


def promised_end(variant: Any, options: Any) -> int | None:
    """The number of scored deals by which the rules promise the match is over, None where
    they promise an end without a bound (the defaults, a losing floor with a forced dealer
    bid, every game but the Rook family), or 0 where they promise none.

    A Rook-family match ends at its deal limit (`deal_limit`; a tie for the lead plays on,
    TIE_DEALS allowed). Without one, it ends only when a side reaches the target or, with
    a losing floor and a forced dealer bid, falls to the floor; house rules can make the
    target unreachable (bids above anything takable: every bid set, both sides sink), and
    with `all_pass = "redeal"` a table that never bids redeals for ever."""
    if "lose_at" not in options:
        return None
    limit = options.get("deal_limit", 0)
    if limit:
        return limit + TIE_DEALS
    defaults = {o.key: o.default for o in variant.options}
    if dict(options) == defaults:
        return None
    if options["lose_at"] != 0 and options.get("all_pass") == "dealer_forced":
        return None
    return 0


def play_one(game: str, seed: int, max_deals: int, mix: Mix = Mix(), again: bool = True) -> Outcome:
    # The searching AIs think to their iteration budgets, not to the clock (as in
    # simulations and tournaments): with the time caps of play on, a hard seat's move
    # depends on the machine's load and the same seed can play another match.
    caps = search.set_time_caps(False)
    try:
        return _play_one(game, seed, max_deals, mix, again)
    finally:
        search.set_time_caps(caps)


def _play_one(game: str, seed: int, max_deals: int, mix: Mix, again: bool) -> Outcome:
    reg = registry()
    variant = reg.variants[game]
    rng = random.Random(f"soak:{game}:{seed}")
    out = Outcome(game, seed)
    opts, out.refused = draw_options(variant, rng)
    seats = rng.choice(variant.seats)
    levels, tier = draw_levels(variant, seats, rng, mix)
    out.hard, out.normal = int(tier == "hard"), int(tier == "normal")
    twice = again and mix.determinism_every > 0 and rng.randrange(mix.determinism_every) == 0
    where = {"options": opts, "seats": seats, "levels": levels}
    try:
        match = Match(variant, seed=seed, seats=seats, options=opts)
        match.keep_notation()  # as the client does: the save's notation is kept as it plays
        end = promised_end(variant, match.options)
        runner = AIRunner(variant, match.options, seats, budget_s=None, seed=seed)
        moves = random.Random(f"{seed}:moves")  # the random seats' moves
        conserved = Conservation(match)
        decisions = out.decisions
        deal_actions = 0
        dealt = 1
        conserved(match)
        while not match.over:
            deal = match.deal
            complete = deal.legal_complete()
            if complete and not deal.legal_actions():
                raise Violation(f"empty legal list in phase {match.phase}")
            seat = deal.to_move
            level = levels[seat]
            if level == "random":
                action = deal.random_action(moves)
            else:
                if not complete:
                    probe = deal.random_action(random.Random(seed))
                    if match.check(probe) is not None:
                        raise Violation(f"random_action is illegal in phase {match.phase}")
                choice = runner.choose(match, seat, level, None)
                if choice.fault is not None:
                    raise Violation(f"AI fault: {choice.fault.message}")
                action = choice.action
            decisions[level] += 1
            before = match.scores
            try:
                events = match.apply(action)
            except ActionError as e:
                raise Violation(f"the {level} seat's move was refused: {e}") from None
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
            if end and match.deal_no > end:
                raise Violation(f"the match did not end within its {end} deals")
            if dealt > max_deals:
                if end is None:
                    raise Violation(f"the match did not end within {max_deals} deals")
                if end == 0:
                    out.unended, out.unended_seeds = 1, [seed]
                else:
                    out.cut = 1
                break
            conserved(match)
            if tier != "base" and dealt > 1:
                break  # the searching levels are slow: one deal of them per sampled match
        out.ended = int(match.over)
        out.deals = dealt
        _save_identity(match, levels)
        out.log, out.state = list(match.log), match.state()
        if twice:
            second = play_one(game, seed, max_deals, mix, again=False)
            if second.violations:
                raise Violation(f"the second play from the seed: {second.violations[0]}")
            if second.log != out.log or second.state != out.state:
                raise Violation("the same seed played twice gives another match")
            out.replayed = 1
        out.matches = 1
    except Violation as v:
        out.violations.append({"seed": seed, "violation": str(v), **where})
    except Exception as e:  # noqa: BLE001 - every crash is a finding
        out.violations.append({"seed": seed, "violation": f"{type(e).__name__}: {e}", **where})
    return out


def empty_totals() -> dict[str, Any]:
    t: dict[str, Any] = {k: 0 for k in COUNTS + ENDS}
    t.update(unended_seeds=[], decisions={}, violations=[])
    return t


def add_totals(t: dict[str, Any], res: dict[str, Any]) -> None:
    for k in COUNTS + ENDS:
        t[k] += res[k]
    t["unended_seeds"] = (t["unended_seeds"] + res["unended_seeds"])[:20]
    for lv, n in res["decisions"].items():
        t["decisions"][lv] = t["decisions"].get(lv, 0) + n
    t["violations"].extend(res["violations"])


def run_batch(game: str, seeds: list[int], max_deals: int, mix: Mix = Mix()) -> dict[str, Any]:
    tot = {"game": game, **empty_totals()}
    for s in seeds:
        o = play_one(game, s, max_deals, mix)
        add_totals(
            tot,
            {
                **{k: getattr(o, k) for k in COUNTS + ENDS},
                "unended_seeds": o.unended_seeds,
                "decisions": o.decisions,
                "violations": o.violations,
            },
        )
    return tot


# ---------------------------------------------------------------- driver


def soak(
    games: list[str],
    deals: int | dict[str, int],
    workers: int,
    seed: int,
    max_deals: int = 500,
    mix: Mix = Mix(),
    batch: int = 8,
    progress: Any = None,
) -> dict[str, Any]:
    start = time.perf_counter()
    # One target for every game, or a target per game (to top up the games a run is short of).
    target = deals if isinstance(deals, dict) else {g: deals for g in games}
    totals = {g: empty_totals() for g in games}
    next_seed = {g: seed * 1_000_000 for g in games}
    pending: dict[Any, str] = {}

    def submit(ex: Any, g: str) -> None:
        s0 = next_seed[g]
        next_seed[g] += batch
        fut = ex.submit(run_batch, g, list(range(s0, s0 + batch)), max_deals, mix)
        pending[fut] = g

    def need(g: str) -> bool:
        # Deals already counted plus an estimate for batches in flight.
        inflight = sum(1 for gg in pending.values() if gg == g)
        per_batch = max(1, totals[g]["deals"] // max(1, (next_seed[g] - seed * 1_000_000) // batch))
        return totals[g]["deals"] + inflight * per_batch < target[g]

    interrupted = False
    ex = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    try:
        for g in games:
            for _ in range(max(1, workers) if target[g] > 0 else 0):
                submit(ex, g)
        while pending:
            done = next(as_completed(list(pending)))
            g = pending.pop(done)
            add_totals(totals[g], done.result())
            if progress is not None:
                progress(totals, time.perf_counter() - start)
            if totals[g]["deals"] < target[g] and need(g):
                submit(ex, g)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: report what finished so far
        interrupted = True
        # The workers' batches in flight are dropped (their matches never counted);
        # without this the interpreter's exit would wait for them.
        for proc in list(getattr(ex, "_processes", {}).values()):
            proc.terminate()
    finally:
        ex.shutdown(wait=not interrupted, cancel_futures=True)
    seconds = time.perf_counter() - start
    return {
        "seed": seed,
        "deals_per_game": target,
        "workers": workers,
        "seconds": round(seconds, 1),
        "games": totals,
        "violations": sum(len(t["violations"]) for t in totals.values()),
        "interrupted": interrupted,
    }


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the driver (which reports the totals) and dies at once
    on SIGTERM (the driver terminates it; it inherited the driver's handler)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def commit() -> str:
    """The commit the tool runs from (with '+' if the work tree differs), for the record."""
    here = Path(__file__).resolve().parent
    try:
        rev = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (rev or "unknown") + ("+" if dirty else "")


def summary(totals: dict[str, Any], **head: Any) -> dict[str, Any]:
    """One progress record: per game the counts, the levels' decisions and violations."""
    games = {
        g: {**{k: t[k] for k in COUNTS + ENDS}, "decisions": dict(t["decisions"])}
        | {"violations": len(t["violations"]), "unended_seeds": t["unended_seeds"]}
        for g, t in totals.items()
    }
    all_ = {k: sum(v[k] for v in games.values()) for k in COUNTS + ENDS + ("violations",)}
    found = [v | {"game": g} for g, t in totals.items() for v in t["violations"]][:50]
    return {**head, "games": games, "all": all_, "found": found}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals per game (default 1000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument(
        "--deals-for",
        nargs="*",
        default=[],
        metavar="GAME=N",
        help="a game's own target, instead of --deals (to top up the games earlier runs left short)",
    )
    ap.add_argument("--max-deals", type=int, default=500, help="stop a match after N deals")
    ap.add_argument("--random-weight", type=int, default=Mix.random_weight, metavar="PCT")
    ap.add_argument("--normal-every", type=int, default=Mix.normal_every, metavar="N")
    ap.add_argument("--hard-every", type=int, default=Mix.hard_every, metavar="N")
    ap.add_argument("--determinism-every", type=int, default=Mix.determinism_every, metavar="N")
    ap.add_argument("--batch", type=int, default=8, help="matches per worker task")
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--progress",
        metavar="FILE",
        help="append a JSON line of the running totals to FILE every 30 s and at the end "
        "(each line complete: a killed run keeps the totals of its last line)",
    )
    ap.add_argument("--one", nargs=2, metavar=("GAME", "SEED"), help="re-run one match")
    a = ap.parse_args(argv)
    mix = Mix(
        random_weight=a.random_weight,
        normal_every=a.normal_every,
        hard_every=a.hard_every,
        determinism_every=a.determinism_every,
    )
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop: print the totals
    if a.one:
        o = play_one(a.one[0], int(a.one[1]), a.max_deals, mix)
        o.log, o.state = [], {}
        print(json.dumps(o.__dict__, indent=1))
        return 1 if o.violations else 0
    games = a.games or list(registry().variants)
    unknown = [g for g in games if g not in registry().variants]
    if unknown:
        print(f"soak: unknown game(s) {', '.join(unknown)}", file=sys.stderr)
        return 2
    targets: dict[str, int] = {g: a.deals for g in games}
    for item in a.deals_for:
        g, _, n = item.partition("=")
        if g not in targets or not n.isdigit():
            print(
                f"soak: --deals-for wants GAME=N for a game of this run, not {item!r}",
                file=sys.stderr,
            )
            return 2
        targets[g] = int(n)
    head = {
        "seed": a.seed,
        "commit": commit(),
        "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        "workers": a.workers,
        "mix": mix.__dict__,
        "max_deals": a.max_deals,
        "targets": targets,
    }
    last = [0.0]

    def write(totals: dict[str, Any], seconds: float, final: bool = False, **more: Any) -> None:
        rec = summary(totals, **head, seconds=round(seconds, 1), final=final, **more)
        rec["time"] = time.strftime("%H:%M:%S", time.gmtime())
        with open(a.progress, "a", encoding="utf-8") as f:
            f.write(json.dumps(rec) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def progress(totals: dict[str, Any], seconds: float) -> None:
        if a.progress and time.monotonic() - last[0] > 30:
            last[0] = time.monotonic()
            write(totals, seconds)

    res = soak(games, targets, a.workers, a.seed, a.max_deals, mix, a.batch, progress)
    if a.progress:
        write(res["games"], res["seconds"], final=True, interrupted=res["interrupted"])
    if a.json:
        print(json.dumps(summary(res["games"], **head) | {k: res[k] for k in res if k != "games"}))
    else:
        for g, t in res["games"].items():
            print(
                f"{g:12} deals {t['deals']:>9} matches {t['matches']:>7} actions {t['actions']:>10}"
                f" ended {t['ended']:>6} cut {t['cut']:>5} unended {t['unended']:>4}"
                f" violations {len(t['violations'])}  {dict(sorted(t['decisions'].items()))}"
            )
            for v in t["violations"][:5]:
                print(f"    seed {v['seed']}: {v['violation']}  {v['options']} {v['levels']}")
        print(f"{res['seconds']} s, {res['violations']} violations")
    return 1 if res["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
