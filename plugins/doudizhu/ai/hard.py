"""Dou Dizhu's `hard` AI: determinized search (PIMC) over a short list of candidate plays
and bids, and exact solving of the end game (docs/ai.md has the measurements).

- Determinization (`Determinizer`): the cards this seat has not seen (not in its hand,
  not played, not the shown bottom) are dealt at random to the other two hands (and to
  the bottom while it is hidden), each getting exactly as many as it holds; the deal is
  then rebuilt the way it happened: a DouDizhuDeal from the deal's constructor with the
  sampled original hands, then the view's bids and plays replayed through `apply`. So a
  sampled deal agrees with the view by construction (history, sizes, bottom, multiplier).
- Reading the others (`Determinizer.worlds`, off by default: HardConfig.read_pool): while
  a world is replayed, each of the other seats' bids and plays is compared with what
  normal would have done holding the world's hands; e.g. 4 worlds are drawn for each one
  used and kept by weight 0.2 ** misses, so a seat that passed is rarely dealt what would
  have bid or beaten. It did no better against normal and worse against RLCard's rule
  agent (docs/ai.md).
- Middle game: candidates are normal's choice (first: it keeps ties), easy's, passing,
  and the plays that leave the hand in the fewest groups (normal's hand_plan). Every
  candidate is played out in the same worlds by the normal AI for every seat (reading
  the sampled deal directly, not through views), worth +1 won / -1 lost; another play
  replaces normal's only when it wins more world by world by a margin (paired_pick).
- End game (at most 24 cards in the three hands): every play is solved exactly in each
  sampled world (solver.py); the play that wins in the most worlds is played (above 20
  cards only when at least 8 worlds fit the node limits, else the play-outs decide).
- Bids: pass and each higher bid played out the same way (the rest of the auction and
  the deal by normal), so a bid is made when the hand wins more as landlord than the
  seat does as a peasant after passing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from crowsnest.ai.search import (
    SearchAI,
    SearchBudget,
    deadline,
    first_candidates,
    paired_pick,
    paired_rows,
    pimc_search,
)
from crowsnest.engine.actions import PASS, Action
from crowsnest.engine.options import Options
from crowsnest.engine.variant import Deal, DealSetup
from crowsnest.hookspecs import RegisterAI, hookimpl

from ..cards import RANK_OF, pick_cards
from ..deal import SEATS, DouDizhuDeal
from ..rules import Move
from ..scoring import deal_changes
from ..view import DouDizhuView
from . import EasyAI, NormalAI, Table, _minus, hand_counts, hand_plan, ranks_of_action
from .solver import Solver, TooBig

N_CARDS = 54
# Play: 384 play-outs (about 0.1 s unloaded), at most 0.2 s; bids: 96, at most 0.2 s (0.1 s is left for what
# comes before the search, so decisions stay under 0.3 s on a loaded 2-core machine;
# tournaments ignore the caps, docs/ai.md).
DEFAULT_BUDGET = SearchBudget(iterations=384, seconds=0.2, min_worlds=3)
BID_BUDGET = SearchBudget(iterations=96, seconds=0.2, min_worlds=3)


class Determinizer:
    """What a view proves about the hidden cards, and `sample(rng)`: a full deal
    consistent with it, rebuilt by replaying the view's history (see the module doc)."""

    __slots__ = ("view", "variant", "options", "unseen", "places", "played_by", "bottom_left")

    def __init__(self, view: DouDizhuView, variant: Any, options: Options) -> None:
        if view.phase not in ("bid", "play"):
            raise ValueError(f"there is nothing hidden to sample in the '{view.phase}' phase")
        self.view = view
        self.variant = variant
        self.options = options
        known = bytearray(N_CARDS)
        for c in view.hand:
            known[c] = 1
        played_by: list[list[int]] = [[] for _ in range(SEATS)]
        for s, cards in view.history:
            played_by[s].extend(cards)
            for c in cards:
                known[c] = 1
        ll = view.landlord
        bottom_left: list[int] = []
        if view.bottom is not None:
            for c in view.bottom:
                if not known[c] and ll != view.seat:
                    bottom_left.append(c)  # shown, not yet played: in the landlord's hand
                known[c] = 1
        self.unseen = [c for c in range(N_CARDS) if not known[c]]
        places: list[tuple[Any, int]] = []
        for s in range(SEATS):
            if s != view.seat:
                places.append((s, view.hand_counts[s] - (len(bottom_left) if s == ll else 0)))
        if view.bottom is None:
            places.append(("bottom", N_CARDS - sum(view.hand_counts)))
        if sum(k for _, k in places) != len(self.unseen):
            raise ValueError("the view's hand sizes do not add up to the cards unseen")
        self.places = places
        self.played_by = played_by
        self.bottom_left = bottom_left

    def _build(self, rng: random.Random, read: bool) -> tuple[DouDizhuDeal, int]:
        view = self.view
        pool = self.unseen[:]
        rng.shuffle(pool)
        now: list[list[int]] = [[] for _ in range(SEATS)]
        now[view.seat] = list(view.hand)
        bottom = list(view.bottom) if view.bottom is not None else []
        at = 0
        for key, k in self.places:
            part = pool[at : at + k]
            at += k
            if key == "bottom":
                bottom = part
            else:
                now[key] = part
        ll = view.landlord
        if ll >= 0 and ll != view.seat:
            now[ll].extend(self.bottom_left)
        # The hands as dealt: what each holds now plus what it played, less the bottom
        # the landlord picked up.
        dealt = [now[s] + self.played_by[s] for s in range(SEATS)]
        if ll >= 0:
            taken = set(bottom)
            dealt[ll] = [c for c in dealt[ll] if c not in taken]
        setup = DealSetup(
            variant=self.variant,
            options=self.options,
            seats=SEATS,
            dealer=view.dealer,
            deal_no=0,
            piles={"hands": dealt, "bottom": bottom},
            scores=tuple(view.scores),
            carry={},
            rng_seed="",
            first=view.first_bidder,
        )
        d = DouDizhuDeal(setup)
        me = view.seat
        misses = 0
        for s, amount in view.bids:
            action = ("bid", amount) if amount else PASS
            if read and s != me and _NORMAL.choose(d.view(s), d.legal_actions(), rng) != action:
                misses += 1
            d.apply(action)
        for s, cards in view.history:
            if read and s != me:
                move = _normal_move(d)
                if (move is None) != (not cards) or (
                    move is not None and move != tuple(sorted(RANK_OF[c] for c in cards))
                ):
                    misses += 1
            d.apply(("play", cards) if cards else PASS)
        return d, misses

    def sample(self, rng: random.Random) -> DouDizhuDeal:
        """One world, every hidden card equally likely anywhere it fits."""
        return self._build(rng, False)[0]

    def read(self, rng: random.Random) -> tuple[DouDizhuDeal, int]:
        """One world and its misses: how many of the other seats' bids and plays normal
        would not have made holding the world's hands."""
        return self._build(rng, True)

    def worlds(
        self,
        n: int,
        rng: random.Random,
        pool: int,
        weight: float,
        stop: float | None = None,
        least: int = 1,
    ) -> list[DouDizhuDeal]:
        """n worlds that fit what the others did: `pool` x n are drawn, each weighted
        weight ** misses, and n are drawn from them by weight (with replacement: a world
        can come up more than once). So a seat that passed rarely holds what would have
        beaten, a seat that bid holds a strong hand. weight 1 (or pool 1): plain samples.
        Stops drawing at `stop` (perf_counter time) once it has `least`."""
        if pool <= 1 or weight >= 1.0:
            return [self.sample(rng) for _ in range(n)]
        drawn: list[DouDizhuDeal] = []
        weights: list[float] = []
        for i in range(pool * n):
            if stop is not None and i >= least and time.perf_counter() >= stop:
                break
            d, misses = self.read(rng)
            drawn.append(d)
            weights.append(weight**misses)
        return rng.choices(drawn, weights, k=n)


def sample_deal(
    view: DouDizhuView, rng: random.Random, variant: Any = None, options: Options | None = None
) -> DouDizhuDeal:
    """A full deal consistent with `view`: see Determinizer."""
    if variant is None:
        from ..variant import VARIANT as variant
    opts = options if options is not None else variant.resolve_options(None)
    return Determinizer(view, variant, opts).sample(rng)


# ---------------------------------------------------------------- play-outs


class _Table:
    """The few view fields the easy and normal AIs read, straight from a sampled deal
    (a full view per play-out step would cost most of the search time)."""

    __slots__ = ("seat", "phase", "hand", "hand_counts", "bid", "last_play")

    def __init__(self, d: DouDizhuDeal) -> None:
        s = d._to_move
        self.seat = s
        self.phase = d.phase
        self.hand = d.hand_of(s)
        self.hand_counts = d.sizes
        self.bid = d.bid
        last = d.last
        self.last_play = None if last is None else (last[0], last[1])


_EASY = EasyAI()
_NORMAL = NormalAI()


def playout(deal: Deal, rng: random.Random) -> None:
    """Normal's bidding and easy's play for every seat, to the end of the deal."""
    d: DouDizhuDeal = deal  # type: ignore[assignment]
    while d._to_move >= 0:
        policy = _NORMAL if d.phase == "bid" else _EASY
        d.apply(policy.choose(_Table(d), d.legal_actions(), rng))  # type: ignore[arg-type]


def _normal_move(d: DouDizhuDeal) -> Move | None:
    """What normal plays (None: passes) for the seat to move in a deal, read straight
    from the deal (normal's Table: rank counts, the deal's own move list)."""
    s = d._to_move
    counts = d.counts
    # What the other two hold between them: the cards neither in this hand nor played.
    unseen = [a + b for a, b in zip(counts[(s + 1) % 3], counts[(s + 2) % 3], strict=True)]
    last = d.last
    t = Table(
        s,
        d.landlord,
        d.sizes,
        counts[s],
        -1 if last is None else last[0],
        None if last is None else tuple(sorted(RANK_OF[c] for c in last[1])),
        unseen,
    )
    return _NORMAL.play(t, d._play_moves(), last is not None)


def normal_playout(deal: Deal, rng: random.Random) -> None:
    """The normal AI for every seat, to the end of the deal. Card play reads the sampled
    deal directly (normal's Table: rank counts, the deal's own move list), the same
    choices as through views and legal lists at a fraction of the cost."""
    d: DouDizhuDeal = deal  # type: ignore[assignment]
    while d._to_move >= 0:
        s = d._to_move
        if d.phase != "play":
            d.apply(_NORMAL.choose(d.view(s), d.legal_actions(), rng))
            continue
        move = _normal_move(d)
        d.apply(PASS if move is None else ("play", pick_cards(move, d.masks[s])))


def view_playout(deal: Deal, rng: random.Random) -> None:
    """normal_playout the slow way, through a view and the legal list per step (tests
    check the two agree)."""
    d: DouDizhuDeal = deal  # type: ignore[assignment]
    while d._to_move >= 0:
        d.apply(_NORMAL.choose(d.view(d._to_move), d.legal_actions(), rng))


def outcome_value(d: DouDizhuDeal, seat: int) -> float:
    """The seat's score change for the finished deal (0 when it was thrown in)."""
    if d.redeal:
        return 0.0
    return float(deal_changes(dict(d.result().details))[seat])


def win_value(d: DouDizhuDeal, seat: int) -> float:
    """+1 when the seat's side won the finished deal, -1 when it lost (0: thrown in)."""
    if d.redeal:
        return 0.0
    ll = d.landlord
    return 1.0 if (d.winner == ll) == (seat == ll) else -1.0


# ---------------------------------------------------------------- the AI


@dataclass(frozen=True, slots=True)
class HardConfig:
    budget: SearchBudget = field(default_factory=lambda: DEFAULT_BUDGET)
    bid_budget: SearchBudget = field(default_factory=lambda: BID_BUDGET)
    max_candidates: int = 10
    rollout: str = "normal"  # "normal" (stronger) or "easy" (faster) play-outs
    # End game: with at most this many cards left in the three hands, every legal play is
    # solved exactly (solver.py) in `endgame_worlds` sampled worlds, each world's solve
    # bounded by `endgame_nodes` (past it that world is left out; no world solved: the
    # play-out search decides).
    endgame_cards: int = 24
    # Above this many cards a solve may not fit its node limits in most worlds: the
    # solved worlds decide only when there are at least `endgame_min_solved` of them.
    endgame_sure_cards: int = 20
    endgame_min_solved: int = 8
    endgame_worlds: int = 32
    endgame_nodes: int = 4_000
    endgame_total: int = 16_000  # nodes over all worlds of one decision
    endgame_seconds: float | None = 0.2  # and at most this long (where time caps apply)
    # What a play-out is worth: "win" (+1 won, -1 lost: what a tournament counts, and far
    # less noisy) or "score" (the score change, bombs and springs multiplying it).
    value: str = "win"
    # How the middle game picks: "paired" plays every candidate out in the same worlds
    # and leaves normal's choice only for a play whose gain over it, world by world, is
    # above zero by `override_z` standard errors; "halving" is crowsnest.ai.search's
    # sequential halving, best mean wins.
    search: str = "paired"
    override_z: float = 1.0
    paired_candidates: int = 6
    # Reading the others' bids and plays (Determinizer.worlds): read_pool x the worlds
    # needed are drawn and weighted read_weight ** (their bids and plays normal would not
    # have made with the world's hands). read_weight 1: every world counts alike.
    # Off by default: against normal it made no sure difference (docs/ai.md), against
    # RLCard's rule agent, which bids and plays otherwise, it did worse.
    read_pool: int = 1
    read_weight: float = 1.0


class HardAI(SearchAI):
    """PIMC over the normal AI's choice and a few alternatives (see the module doc)."""

    config_type = HardConfig

    @staticmethod
    def default_variant() -> Any:
        from ..variant import VARIANT

        return VARIANT

    def candidates(
        self, view: DouDizhuView, legal: Sequence[Action], rng: random.Random
    ) -> list[Action]:
        first = [_NORMAL.choose(view, legal, rng), _EASY.choose(view, legal, rng)]
        if PASS in legal:
            first.append(PASS)
        if view.phase == "bid":
            rest = list(legal)
        else:
            c = hand_counts(view)
            rest = [a for a in legal if a[0] == "play"]
            # Plays that leave the hand in the fewest groups, then the lowest.
            rest.sort(key=lambda a: (hand_plan(_minus(c, ranks_of_action(a)))[0], a[1]))
        return first_candidates(first, rest, self.config.max_candidates)

    def endgame(
        self,
        view: DouDizhuView,
        legal: Sequence[Action],
        rng: random.Random,
        first: Action,
        started: float,
    ) -> Action | None:
        """The play that wins in the most sampled worlds, each solved exactly; `first`
        (normal's choice) wins ties. None when too few worlds could be solved in their limits
        (none at all up to `endgame_sure_cards` cards, `endgame_min_solved` above).
        Where time caps apply it stops `endgame_seconds` after `started`."""
        cands: dict[Any, Action] = {}
        for a in [first, *legal]:
            key = None if a[0] == "pass" else ranks_of_action(a)
            cands.setdefault(key, a)
        if len(cands) == 1:
            return first
        det = Determinizer(view, self.variant, self.options)
        cfg = self.config
        seat = view.seat
        ll = view.landlord
        wins = dict.fromkeys(cands, 0)
        per_world: list[list[float]] = []
        solved = 0
        nodes = 0
        stop = deadline(cfg.endgame_seconds)
        if stop is not None and cfg.endgame_seconds is not None:
            stop = started + cfg.endgame_seconds
        pool_stop = None if stop is None else (2 * time.perf_counter() + stop) / 3
        # A world drawn twice is solved once (the solver is exact: the same answer).
        done: dict[int, tuple[dict[Any, bool] | None, int]] = {}
        for d in det.worlds(cfg.endgame_worlds, rng, cfg.read_pool, cfg.read_weight, pool_stop):
            if nodes >= cfg.endgame_total or (stop is not None and time.perf_counter() >= stop):
                break
            if id(d) not in done:
                hands = [tuple(c) for c in d.counts]
                table = None if d.last is None else d.last[2]
                solver = Solver(ll, cfg.endgame_nodes)
                try:
                    done[id(d)] = (
                        {
                            k: solver.after_move(hands, seat, table, d.passes, k) == (seat == ll)
                            for k in cands
                        },
                        solver.nodes,
                    )
                except TooBig:
                    done[id(d)] = (None, solver.nodes)
            got, used = done[id(d)]
            nodes += used
            if got is None:
                continue
            solved += 1
            per_world.append([float(got[k]) for k in cands])
            for k, won in got.items():
                wins[k] += won
        self.last_search = {"endgame_worlds": solved, "wins": wins, "per_world": per_world}
        need = 1 if sum(view.hand_counts) <= cfg.endgame_sure_cards else cfg.endgame_min_solved
        if solved < need:
            return None
        keys = list(cands)
        rows = {k: [w[i] for w in per_world] for i, k in enumerate(keys)}
        return cands[paired_pick(keys, rows, cfg.override_z)]

    def choose(self, view: DouDizhuView, legal: Sequence[Action], rng: random.Random) -> Action:
        started = time.perf_counter()
        if view.phase == "play" and sum(view.hand_counts) <= self.config.endgame_cards:
            first = _NORMAL.choose(view, legal, rng)
            got = self.endgame(view, legal, rng, first, started)
            if got is not None:
                return got
        cands = self.candidates(view, legal, rng)
        if len(cands) == 1:
            return cands[0]
        det = Determinizer(view, self.variant, self.options)
        seat = view.seat
        if self.config.search == "paired":
            return self.paired(view, cands[: self.config.paired_candidates], det, rng, started)
        res = pimc_search(
            view,
            cands,
            rng,
            sample=lambda _v, g: det.sample(g),
            playout=normal_playout if self.config.rollout == "normal" else playout,
            evaluate=(lambda d: win_value(d, seat))
            if self.config.value == "win"
            else (lambda d: outcome_value(d, seat)),
            budget=self.config.bid_budget if view.phase == "bid" else self.config.budget,
        )
        self.last_search = res
        return res.action

    def paired(
        self,
        view: DouDizhuView,
        cands: list[Action],
        det: Determinizer,
        rng: random.Random,
        started: float,
    ) -> Action:
        """Every candidate played out in the same sampled worlds (normal's choice first);
        see paired_pick for which one is played. Where time caps apply the decision (an
        end-game try included, from `started`) stops at the budget's seconds."""
        cfg = self.config
        budget = cfg.bid_budget if view.phase == "bid" else cfg.budget
        n = max(budget.min_worlds, budget.iterations // len(cands))
        stop = deadline(budget.seconds)
        if stop is not None and budget.seconds is not None:
            stop = started + budget.seconds
        seat = view.seat
        value = win_value if cfg.value == "win" else outcome_value
        roll = normal_playout if cfg.rollout == "normal" else playout
        # Reading may take the first third of what is left; the play-outs the rest.
        pool_stop = None if stop is None else (2 * time.perf_counter() + stop) / 3
        worlds = det.worlds(n, rng, cfg.read_pool, cfg.read_weight, pool_stop, budget.min_worlds)
        rows = paired_rows(
            worlds,
            cands,
            lambda d, a: d.apply(a),
            roll,
            lambda d: value(d, seat),
            rng,
            stop,
            budget.min_worlds,
            # a world drawn twice is played out once: normal's play-outs are deterministic
            memo=cfg.rollout == "normal",
        )
        self.last_search = {"worlds": len(rows[cands[0]]), "rows": rows}
        return paired_pick(cands, rows, cfg.override_z)


hard_factory = HardAI.factory


@hookimpl
def crowsnest_register_ais(register: RegisterAI) -> None:
    """Add `hard` to Dou Dizhu."""
    register("doudizhu", "hard", hard_factory)


__all__ = [
    "DEFAULT_BUDGET",
    "Determinizer",
    "HardAI",
    "HardConfig",
    "crowsnest_register_ais",
    "hard_factory",
    "paired_pick",
    "playout",
    "sample_deal",
]
