"""`crowsnest tournament`: AI levels against each other on duplicate deals.

Every pair of levels plays every seeded deal at several tables whose only difference is
which level sits where, so the luck of the cards cancels. The format follows the game:

- **teams** (the variant has two teams: the Rook partnership games, Tractor): the deal is
  played twice, level A as team 0 and B as team 1, then swapped. A *deal win* for A is a
  positive duplicate margin: A's side's score change less B's side's, summed over both
  tables (a tie counts half). ``win_rate`` is A's share of deal wins.
- **roles** (no teams, but the variant names roles after its auction: Dou Dizhu's
  landlord and peasants): the auction is played once by the ``bidder`` level for every
  seat (default ``normal``), which fixes the roles; the play is then played twice, A in
  the one role and B in the other, then swapped (the protocol of DouZero's evaluation).
  A *table win* is the side's seats' score changes adding up to more than the other
  side's (Dou Dizhu: the landlord won, or the peasants did). ``win_rate`` is A's share of
  table wins over both roles together; ``roles`` gives each role apart.
- **solo** (neither: individual games): at every seat k, A at k against B everywhere else,
  and B at k against A; A's margin is its score change at k less B's at k, summed over
  the seats; a deal win is a positive sum.

With ``matches`` the teams format plays whole matches instead of first deals (a win is
winning the match). Per level: its share of wins over all its pairings with a Wilson 95%
interval, the mean margin with a Student's t 95% interval, and per role figures where roles
exist; with three or more levels a Bradley-Terry rating on the Elo scale (400 points =
10:1 odds) from the pairwise wins.

Determinism: one task is one deal of one pairing; its AIs get random generators seeded by
(seed, deal, table) and searches run without their time caps (crowsnest.ai.search), so a
task's result depends on nothing else and the aggregate is the same for any number of
workers or backend (results are sorted by task before they are added up).

Long runs: ``first`` (``--first-deal``) plays deals first..first+deals-1 of the same
seeded sequence (deal k is always seed + k), so shards of one run pool exactly; a
``results`` file (``--results``, JSON lines: a header naming the tournament, then one
line per finished task, written as it finishes) is read back first, its tasks are not
played again, and the report covers the file's tasks in the range together with the
new ones: an interrupted run continues where it stopped, and files of several shards
(``cat``-ed together) are reported as one run.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from crowsnest import config as config_mod
from crowsnest.ai.search import set_time_caps
from crowsnest.batch.parallel import Progress, run_jobs
from crowsnest.engine import Match, Variant
from crowsnest.plugin_host import load_registry

FORMATS = ("teams", "roles", "solo")
MAX_ACTIONS = 200_000  # a deal (or match) longer than this is a variant bug


class TournamentError(ValueError):
    """A tournament that cannot be run as asked (a sentence for the user)."""


@dataclass(frozen=True, slots=True)
class Spec:
    """Everything a worker needs to play a task (picklable: workers may be other
    processes or other machines, which load the plugins themselves from `config`)."""

    variant: str
    levels: tuple[str, ...]
    seed: int
    seats: int
    options: Mapping[str, Any] = field(default_factory=dict)
    config: str | None = None  # the config file the plugins come from (None: default)
    bidder: str = "normal"  # who bids for everyone in the roles format
    matches: bool = False  # teams format: whole matches instead of first deals
    fmt: str = ""  # filled in by plan()


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(xs: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): the mean with Student's t interval (95% by default). With few
    samples the normal z = 1.96 is far too narrow (38% with 4 results: t = 3.18); from 30
    on the two differ by under 4%."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = t_quantile(0.5 + confidence / 2, n - 1) * sd / math.sqrt(n)
    return (m, m - half, m + half)


def t_quantile(p: float, df: int) -> float:
    """The p quantile (0.5 < p < 1) of Student's t with df degrees of freedom, by
    bisection on its distribution function (no SciPy in the game's dependencies)."""
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_cdf(mid, df) < p else (lo, mid)
    return (lo + hi) / 2


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for t >= 0: 1 - I_x(df/2, 1/2) / 2 with x = df / (df + t^2)."""
    return 1 - _beta_inc(df / 2, 0.5, df / (df + t * t)) / 2


def _beta_inc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (Lentz's continued fraction)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):  # the fraction converges fast on this side only
        return 1 - _beta_inc(b, a, 1 - x)
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * f / a


def bradley_terry(levels: Sequence[str], wins: Mapping[tuple[str, str], float]) -> dict[str, float]:
    """Bradley-Terry strengths by the MM algorithm (Hunter 2004) from wins[(a, b)] (a's wins
    over b, ties as halves), as Elo-scale ratings averaging 0. Half a win is added each way
    between every pair so a level that won (or lost) everything keeps a finite rating."""
    pairs = {(a, b): wins.get((a, b), 0.0) + 0.5 for a in levels for b in levels if a != b}
    p = dict.fromkeys(levels, 1.0)
    for _ in range(2000):
        new = {}
        for a in levels:
            w = sum(pairs[(a, b)] for b in levels if b != a)
            den = sum((pairs[(a, b)] + pairs[(b, a)]) / (p[a] + p[b]) for b in levels if b != a)
            new[a] = w / den if den else p[a]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {k: v / g for k, v in new.items()}
        done = max(abs(new[k] - p[k]) for k in levels) < 1e-10
        p = new
        if done:
            break
    return {a: 400 * math.log10(p[a]) for a in levels}


# ---------------------------------------------------------------- planning


def _variant_in(spec: Spec) -> Variant:
    """The spec's variant from this process's registry (cached per process)."""
    key = (spec.variant, spec.config)
    got = _VARIANTS.get(key)
    if got is None:
        # As the CLI loads it: the config's plugin folders and blocklist (default config
        # file when None), so every worker sees the same plugins.
        registry = load_registry(config=config_mod.load(spec.config))
        got = _VARIANTS[key] = registry.variant(spec.variant)
    return got


_VARIANTS: dict[tuple[str, str | None], Variant] = {}


def plan(variant: Variant, spec: Spec) -> Spec:
    """Check the spec against the variant and pick the format; returns the spec to run."""
    levels = spec.levels
    if len(levels) < 2:
        raise TournamentError("a tournament needs at least two levels, e.g. --levels hard,normal")
    if len(set(levels)) != len(levels):
        raise TournamentError("each level may be named once in --levels")
    have = set(variant.ais) | {"random"}
    for lv in levels:
        if lv not in have:
            raise TournamentError(
                f"{variant.name} has no AI level '{lv}' (levels: {', '.join(sorted(have))})"
            )
    opts = variant.resolve_options(spec.options)
    teams = variant.teams(spec.seats, opts)
    if teams and len(teams) == 2:
        fmt = "teams"
    elif spec.matches:
        raise TournamentError("--matches needs a game of two teams")
    elif variant.roles is not None:
        fmt = "roles"
    else:
        fmt = "solo"
    if fmt == "roles" and spec.bidder not in have:
        raise TournamentError(
            f"{variant.name} has no AI level '{spec.bidder}' to bid for everyone "
            f"(--bidder; levels: {', '.join(sorted(have))})"
        )
    return Spec(**{**asdict(spec), "fmt": fmt, "levels": tuple(levels)})


def pairings(levels: Sequence[str]) -> list[tuple[str, str]]:
    return list(itertools.combinations(levels, 2))


def tasks(spec: Spec, deals: int, first: int = 0) -> list[tuple[int, int]]:
    """(deal, pairing) in the order they are played: deal by deal, so an interrupted run
    has whole deals for every pairing."""
    n = len(pairings(spec.levels))
    return [(k, p) for k in range(first, first + deals) for p in range(n)]


# ---------------------------------------------------------------- results files

_HEADER_KEYS = ("variant", "levels", "seed", "seats", "options", "bidder", "matches")


def _header(spec: Spec) -> dict[str, Any]:
    d = asdict(spec)
    return {"tournament": {k: d[k] for k in _HEADER_KEYS}}


MAX_RESULTS_BYTES = 1 << 30  # a results file is ~300 bytes a task: far beyond any run


def _read_results(path: str) -> str:
    """The text of a results file: a regular file (a FIFO, /dev/zero or a folder is
    refused, never read for ever), of sane size, UTF-8."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise TournamentError(f"cannot read the results file {path}: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise TournamentError(
                f"{path}: is not a results file (a folder, pipe or device); "
                "give --results a file name"
            )
        if st.st_size > MAX_RESULTS_BYTES:
            raise TournamentError(f"{path}: is too large for a results file")
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(MAX_RESULTS_BYTES + 1)
    except OSError as e:
        raise TournamentError(f"cannot read the results file {path}: {e.strerror or e}") from None
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TournamentError(
            f"{path}: is not a results file (byte {e.start + 1} is not UTF-8 text)"
        ) from None


def _number(x: Any, lo: float, hi: float) -> bool:
    return (
        isinstance(x, int | float)
        and not isinstance(x, bool)
        and math.isfinite(x)
        and lo <= x <= hi
    )


def check_result(item: Mapping[str, Any], spec: Spec) -> str | None:
    """Why a task result read back from a file cannot be this tournament's (a phrase),
    or None: the fields play_task writes, each of its type and range."""
    pairs = pairings(spec.levels)
    deal, pairing = item.get("deal"), item.get("pairing")
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < 10**12:
        return "'deal' must be a deal number"
    if isinstance(pairing, bool) or not isinstance(pairing, int) or not 0 <= pairing < len(pairs):
        return f"'pairing' must be from 0 to {len(pairs) - 1}"
    if (item.get("a"), item.get("b")) != pairs[pairing]:
        return f"levels 'a' and 'b' must be {pairs[pairing][0]} and {pairs[pairing][1]}"
    tables = item.get("tables")
    if not isinstance(tables, list) or len(tables) > max(2, spec.seats):
        return "'tables' must be the list of its tables"
    games = item.get("games")
    if not isinstance(games, int | float) or not _number(games, 0, 2):
        return "'games' must be a number from 0 to 2"
    if not _number(item.get("score"), 0, games):
        return f"'score' must be a number from 0 to its games ({games})"
    if not _number(item.get("margin"), -1e12, 1e12):
        return "'margin' must be a number"
    for t in tables:
        if not isinstance(t, dict):
            return "each table must be an object"
        if not _number(t.get("win"), 0, 1) or not _number(t.get("margin"), -1e12, 1e12):
            return "a table's 'win' must be from 0 to 1 and its 'margin' a number"
        role, faults = t.get("role"), t.get("faults")
        if role is not None and not (isinstance(role, str) and len(role) <= 60):
            return "a table's 'role' must be a role name"
        if isinstance(faults, bool) or not isinstance(faults, int) or faults < 0:
            return "a table's 'faults' must be a count"
    return None


def load_results(path: str, spec: Spec) -> dict[tuple[int, int], dict[str, Any]]:
    """The finished tasks saved in a results file, by (deal, pairing) (empty when the
    file does not exist). A header for another tournament is refused with a sentence
    saying what differs; a line cut short (the run was killed while writing it) is
    skipped, so that task is played again; any other line that is not a result of this
    tournament (a missing field, an unknown level, a score out of range, Infinity,
    nesting too deep) is refused with its line number: the report never adds up a
    result it did not make."""
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if not os.path.lexists(path):
        return done
    want = json.loads(json.dumps(_header(spec)))["tournament"]
    lines = _read_results(path).splitlines()

    def bad(n: int, why: str) -> TournamentError:
        return TournamentError(f"{path}, line {n}: not a result of this tournament ({why})")

    def no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not a number here")

    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line, parse_constant=no_constants)
        except RecursionError:
            raise bad(n, "nested too deeply") from None
        except ValueError as e:
            if "is not a number here" in str(e):
                raise bad(n, str(e)) from None
            if line.lstrip().startswith("{"):
                continue  # a line cut short by a kill: its task is played again
            raise bad(n, "not JSON") from None
        if not isinstance(item, dict):
            raise bad(n, "not an object")
        if "tournament" in item:
            got = item["tournament"]
            diff = [k for k in _HEADER_KEYS if not isinstance(got, dict) or got.get(k) != want[k]]
            if diff:
                raise TournamentError(
                    f"{path} holds the results of another tournament (its "
                    f"{', '.join(diff)} differ from this run's); use another --results file"
                )
            continue
        why = check_result(item, spec)
        if why is not None:
            raise bad(n, why)
        done[(item["deal"], item["pairing"])] = item
    return done


class _ResultsFile:
    """Appends each finished task to the results file at once (a new file starts with
    the header; shards' files concatenated hold one header each)."""

    def __init__(self, path: str, spec: Spec) -> None:
        try:
            cut = False
            new = not os.path.exists(path) or not os.path.getsize(path)
            if not new:
                with open(path, "rb") as f:
                    f.seek(-1, os.SEEK_END)
                    cut = f.read(1) != b"\n"
            self.f = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed by close()
            if cut:
                self.f.write("\n")  # end a line cut short before appending
        except OSError as e:
            raise TournamentError(f"cannot write the results file {path}: {e}") from None
        if new:
            self.write(_header(spec))

    def write(self, item: Mapping[str, Any]) -> None:
        self.f.write(json.dumps(item) + "\n")
        self.f.flush()

    def close(self) -> None:
        self.f.close()


# ---------------------------------------------------------------- playing


class _Seat:
    """A level's AI at one seat, contained: an answer that raises or is illegal is replaced
    by a random legal action and counted (the tournament must finish and say so)."""

    def __init__(self, variant: Variant, level: str, match: Match) -> None:
        self.level = level
        self.ai = variant.ais[level](variant, match.options, match.seats)
        self.faults = 0

    def act(self, match: Match, rng: random.Random) -> Any:
        s = match.to_move
        legal = match.legal_actions() if match.deal.legal_complete() else []
        try:
            action = self.ai.choose(match.view(s), legal, rng)
            bad = match.check(action) is not None
        except Exception:  # noqa: BLE001 - a plugin AI's fault is counted, not fatal
            bad = True
        if bad:
            self.faults += 1
            action = match.deal.random_action(rng)
        return action


def _deal_seed(spec: Spec, deal: int) -> int:
    return spec.seed + deal


def _play(
    variant: Variant,
    spec: Spec,
    deal: int,
    seat_level: Callable[[tuple[str, ...] | None, int], str],
    tag: str,
    whole_match: bool = False,
) -> dict[str, Any]:
    """Play the first scored deal (or the whole match) of the deal's seeded match.
    seat_level(roles, seat) says which level plays a seat, given the roles once known.
    Returns the score change per side (team or seat), the roles, faults."""
    seed = _deal_seed(spec, deal)
    m = Match(variant, seed=seed, seats=spec.seats, options=spec.options, dealer=seed % spec.seats)
    roles_of = variant.roles
    roles: tuple[str, ...] | None = None
    seats: dict[tuple[int, str], _Seat] = {}
    rng_bid = random.Random(f"{spec.seed}:{deal}:auction")
    rng = random.Random(f"{spec.seed}:{deal}:{tag}")
    change: list[int] | None = None
    for _ in range(MAX_ACTIONS):
        if m.over or (change is not None and not whole_match):
            break
        if roles is None and roles_of is not None:
            roles = roles_of(m.deal)
        s = m.to_move
        level = seat_level(roles, s)
        key = (s, level)
        if key not in seats:
            seats[key] = _Seat(variant, level, m)
        pre_roles = roles is None and spec.fmt == "roles"
        action = seats[key].act(m, rng_bid if pre_roles else rng)
        for ev in m.apply_unchecked(action):
            if ev.get("type") == "deal_over" and change is None:
                change = list(ev["score_change"])
            elif ev.get("type") == "redeal":
                roles = None
    else:
        raise RuntimeError(f"deal {deal} of {variant.id} did not end after {MAX_ACTIONS} actions")
    faults = sum(x.faults for x in seats.values())
    if whole_match:  # a match's margin: the final scores
        change = list(m.scores)
    return {
        "change": change or [0] * (len(m.teams) if m.teams else m.seats),
        "roles": list(roles) if roles else None,
        "winner": m.winner if whole_match else None,
        "faults": faults,
    }


def play_task(spec: Spec, deal: int, pairing: int) -> dict[str, Any]:
    """One deal of one pairing at all its tables: A's figures against B (JSON-able)."""
    variant = _variant_in(spec)
    a, b = pairings(spec.levels)[pairing]
    opts = variant.resolve_options(spec.options)
    tables: list[dict[str, Any]] = []
    if spec.fmt == "teams":
        teams = variant.teams(spec.seats, opts)
        assert teams is not None
        for a_team in (0, 1):

            def by_team(roles: Any, s: int, a_team: int = a_team) -> str:
                return a if s in teams[a_team] else b

            r = _play(variant, spec, deal, by_team, f"{a}@{a_team}:{b}", spec.matches)
            side = teams[a_team]
            ch = r["change"]
            margin = ch[a_team] - ch[1 - a_team]
            # (whole matches have no one role: roles are reported for deals only)
            role = r["roles"][side[0]] if r["roles"] and not spec.matches else None
            if spec.matches:
                won = 1.0 if r["winner"] == a_team else 0.0
            else:  # a tie (Tractor: nobody goes up) is half a win
                won = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
            tables.append({"margin": margin, "role": role, "win": won, "faults": r["faults"]})
        total = sum(t["margin"] for t in tables)
        if spec.matches:
            score = sum(t["win"] for t in tables)
            games = 2.0
        else:
            score = 1.0 if total > 0 else 0.5 if total == 0 else 0.0
            games = 1.0
    elif spec.fmt == "roles":
        names: list[str] = []
        for a_role in (0, 1):

            def by_role(roles: Any, s: int, a_role: int = a_role) -> str:
                if roles is None:
                    return spec.bidder
                order = sorted(set(roles))
                mine = order[a_role] if a_role < len(order) else None
                return a if roles[s] == mine else b

            r = _play(variant, spec, deal, by_role, f"{a}@role{a_role}:{b}")
            roles = r["roles"]
            if roles is None:  # thrown in for good (never for Dou Dizhu: it redeals)
                continue
            order = sorted(set(roles))
            if a_role >= len(order):
                continue
            mine = order[a_role]
            ch = r["change"]
            own = sum(ch[s] for s in range(spec.seats) if roles[s] == mine)
            other = sum(ch[s] for s in range(spec.seats) if roles[s] != mine)
            names.append(mine)
            won = 1.0 if own > other else 0.5 if own == other else 0.0
            tables.append({"margin": own - other, "role": mine, "win": won, "faults": r["faults"]})
        total = sum(t["margin"] for t in tables)
        score = float(sum(t["win"] for t in tables))
        games = float(len(tables))
    else:
        total = 0
        for k in range(spec.seats):
            got = []
            for solo, rest in ((a, b), (b, a)):

                def by_seat(
                    roles: Any, s: int, k: int = k, solo: str = solo, rest: str = rest
                ) -> str:
                    return solo if s == k else rest

                got.append(_play(variant, spec, deal, by_seat, f"{solo}@{k}:{rest}"))
            ch_a, ch_b = got[0]["change"], got[1]["change"]
            margin = ch_a[k] - ch_b[k]
            total += margin
            tables.append(
                {
                    "margin": margin,
                    "role": None,
                    "win": 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0,
                    "faults": got[0]["faults"] + got[1]["faults"],
                }
            )
        score = 1.0 if total > 0 else 0.5 if total == 0 else 0.0
        games = 1.0
    return {
        "deal": deal,
        "pairing": pairing,
        "a": a,
        "b": b,
        "score": score,
        "games": games,
        "margin": total,
        "tables": tables,
    }


# ---------------------------------------------------------------- running


Backend = Callable[[Spec, list[tuple[int, int]], int], Iterator[dict[str, Any]]]


def _init_worker(spec: Spec) -> None:
    """Each worker process: the plugins loaded once, searches without time caps."""
    set_time_caps(False)
    _variant_in(spec)


def _job(item: tuple[Spec, int, int]) -> dict[str, Any]:
    return play_task(*item)


class LogProgress(Progress):
    """crowsnest.batch.parallel's status line on a terminal; to a file or pipe (a long run in
    the background) a plain line at most every `every` seconds, so a log shows it too."""

    def __init__(self, total: int, unit: str, stream: Any = None, every: float = 15.0) -> None:
        super().__init__(total, unit, stream=stream)
        self.tty = self.enabled
        if not self.tty:
            self.enabled = True
            self.interval = every

    def _draw(self) -> None:
        if self.tty:
            super()._draw()
            return
        with contextlib.suppress(OSError, ValueError):
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        if self.tty:
            super().close()


def ray_backend(address: str | None) -> Backend:
    """The same tasks on a Ray cluster (`pip install crowsnest-arcade[cluster]`). Each Ray
    worker loads the plugins itself from the spec's config; the cluster decides how many
    run at once (--workers does not apply)."""
    try:
        import ray
    except ImportError:
        raise TournamentError(
            "the Ray backend needs Ray: pip install 'crowsnest-arcade[cluster]'"
        ) from None

    def run(spec: Spec, todo: list[tuple[int, int]], workers: int) -> Iterator[dict[str, Any]]:
        if not ray.is_initialized():
            ray.init(address=address, log_to_driver=False, include_dashboard=False)
        remote = ray.remote(_ray_task)
        pending = [remote.remote(spec, k, p) for k, p in todo]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    return run


def _ray_task(spec: Spec, deal: int, pairing: int) -> dict[str, Any]:
    _init_worker(spec)
    return play_task(spec, deal, pairing)


def run(
    spec: Spec,
    deals: int,
    *,
    workers: int = 1,
    backend: Backend | None = None,
    progress: bool = True,
    stream: Any = None,
    first: int = 0,
    results_file: str | None = None,
) -> dict[str, Any]:
    """Play the tournament; returns the report (see summarize). Local runs go through
    crowsnest.batch.parallel (a spawned pool; workers load the plugins from spec.config). Ctrl-C
    stops it and the report covers the tasks that finished (`interrupted`: true).
    `first` and `results_file`: see the module doc (long runs)."""
    if deals < 1:
        raise TournamentError("--deals must be at least 1")
    if first < 0:
        raise TournamentError("--first-deal must be 0 or more")
    if workers < 1:
        raise TournamentError("--workers must be at least 1")
    variant = _variant_in(spec)
    spec = plan(variant, spec)
    todo = tasks(spec, deals, first)
    saved: list[dict[str, Any]] = []
    sink: _ResultsFile | None = None
    if results_file is not None:
        done = load_results(results_file, spec)
        saved = [done[t] for t in todo if t in done]
        todo = [t for t in todo if t not in done]
        sink = _ResultsFile(results_file, spec)
    unit = "deals" if len(pairings(spec.levels)) == 1 else "deal pairings"
    prog = LogProgress(len(todo), unit, stream=stream) if progress and todo else None
    t0 = time.perf_counter()
    old = set_time_caps(False)
    try:
        failed: list[str] = []
        exit_code = 0
        if not todo:
            results: list[dict[str, Any]] = []
            interrupted = False
        elif backend is None:
            out = run_jobs(
                _job,
                [(spec, k, p) for k, p in todo],
                workers=workers,
                initializer=_init_worker,
                initargs=(spec,),
                progress=prog,
                on_result=None if sink is None else lambda _i, r: sink.write(r),
            )
            results = [r for _, r in out.finished()]
            interrupted = out.interrupted
            failed = [why for _i, why in out.failures]
            exit_code = out.exit_code
        else:
            results = []
            interrupted = False
            it = backend(spec, todo, workers)
            try:
                for res in it:
                    results.append(res)
                    if sink is not None:
                        sink.write(res)
                    if prog is not None:
                        prog.advance()
            except KeyboardInterrupt:
                interrupted = True
                exit_code = 130
            finally:
                getattr(it, "close", lambda: None)()
                if prog is not None:
                    prog.close()
    finally:
        set_time_caps(old)
        if sink is not None:
            sink.close()
    report = summarize(spec, saved + results)
    report["first_deal"] = first
    if results_file is not None:
        report["resumed"] = len(saved)  # tasks read back from the results file
    report["interrupted"] = interrupted
    if interrupted:
        report["exit_code"] = exit_code
    if failed:  # a worker died: those tasks are left out (a --results run plays them again)
        report["failed"] = failed
    report["seconds"] = round(time.perf_counter() - t0, 2)
    report["workers"] = workers
    return report


# ---------------------------------------------------------------- adding up


def summarize(spec: Spec, results: Iterable[dict[str, Any]], brief: bool = False) -> dict[str, Any]:
    """The report of the finished tasks (sorted by task, so the order they finished in
    does not matter)."""
    rs = sorted(results, key=lambda r: (r["deal"], r["pairing"]))
    levels = list(spec.levels)
    pair_list = pairings(levels)
    score: dict[tuple[str, str], float] = {}
    games: dict[tuple[str, str], float] = {}
    per_level: dict[str, dict[str, Any]] = {
        lv: {"score": 0.0, "games": 0.0, "margins": [], "roles": {}} for lv in levels
    }
    for r in rs:
        a, b = r["a"], r["b"]
        score[(a, b)] = score.get((a, b), 0.0) + r["score"]
        score[(b, a)] = score.get((b, a), 0.0) + r["games"] - r["score"]
        games[(a, b)] = games.get((a, b), 0.0) + r["games"]
        for lv, sign, sc in ((a, 1, r["score"]), (b, -1, r["games"] - r["score"])):
            st = per_level[lv]
            st["score"] += sc
            st["games"] += r["games"]
            st["margins"].append(sign * r["margin"])
    # Role figures: A held the table's role; B (two roles) held the other one.
    names = _role_names(rs)
    for r in rs:
        for t in r["tables"]:
            if t["role"] is None:
                continue
            ra = per_level[r["a"]]["roles"].setdefault(t["role"], [0.0, 0])
            ra[0] += float(t["win"])
            ra[1] += 1
            others = [x for x in names if x != t["role"]]
            if len(others) == 1:
                rb = per_level[r["b"]]["roles"].setdefault(others[0], [0.0, 0])
                rb[0] += 1.0 - float(t["win"])
                rb[1] += 1
    results_out = []
    for lv in levels:
        st = per_level[lv]
        n = st["games"]
        lo, hi = wilson(st["score"], n)
        mean, mlo, mhi = mean_interval(st["margins"])
        row: dict[str, Any] = {
            "level": lv,
            "win_rate": round(st["score"] / n, 4) if n else None,
            "low": round(lo, 4),
            "high": round(hi, 4),
            "wins": st["score"],
            "games": n,
            "margin": round(mean, 3),
            "margin_low": round(mlo, 3),
            "margin_high": round(mhi, 3),
        }
        if st["roles"]:
            row["roles"] = {
                role: {
                    "win_rate": round(w / k, 4) if k else None,
                    "low": round(wilson(w, k)[0], 4),
                    "high": round(wilson(w, k)[1], 4),
                    "wins": w,
                    "games": k,
                }
                for role, (w, k) in sorted(st["roles"].items())
            }
        results_out.append(row)
    done_deals = len({r["deal"] for r in rs})
    out: dict[str, Any] = {
        "variant": spec.variant,
        "format": spec.fmt,
        "unit": _UNITS[spec.fmt] if not spec.matches else "match",
        "deals": done_deals,
        "seed": spec.seed,
        "seats": spec.seats,
        "levels": levels,
        "results": results_out,
    }
    if brief:
        return out
    out["pairs"] = [
        {
            "a": a,
            "b": b,
            "win_rate": round(score.get((a, b), 0.0) / games[(a, b)], 4)
            if games.get((a, b))
            else None,
            "low": round(wilson(score.get((a, b), 0.0), games.get((a, b), 0.0))[0], 4),
            "high": round(wilson(score.get((a, b), 0.0), games.get((a, b), 0.0))[1], 4),
            "games": games.get((a, b), 0.0),
        }
        for a, b in pair_list
    ]
    if len(levels) >= 3:
        elo = bradley_terry(levels, score)
        out["ratings"] = [
            {"level": lv, "elo": round(elo[lv], 1)} for lv in sorted(levels, key=lambda x: -elo[x])
        ]
    if spec.fmt == "roles":
        out["bidder"] = spec.bidder
    out["faults"] = sum(t["faults"] for r in rs for t in r["tables"])
    return out


_UNITS = {
    "teams": "deal (two tables, teams swapped; a win is a positive duplicate margin)",
    "roles": "table (a deal is played in both roles; a win is winning the table)",
    "solo": "deal (A alone at each seat against B, and B against A; a win is a positive margin)",
}


def _role_names(rs: Sequence[dict[str, Any]]) -> list[str]:
    return sorted({t["role"] for r in rs for t in r["tables"] if t["role"] is not None})


def text_report(out: Mapping[str, Any]) -> str:
    what = "seeds, each a match played twice" if out["unit"] == "match" else "deals"
    lines = [
        f"{out['variant']}: {out['deals']} {what}, {out['format']} format, seed {out['seed']}"
        + (f", from deal {out['first_deal']}" if out.get("first_deal") else "")
        + (f", {out['resumed']} read back from the results file" if out.get("resumed") else "")
        + (" (interrupted: partial results)" if out.get("interrupted") else "")
        + (f" ({len(out['failed'])} tasks failed: not counted)" if out.get("failed") else "")
    ]
    for r in out["results"]:
        wr = r["win_rate"]
        lines.append(
            f"  {r['level']:>8s}: win rate {wr if wr is None else f'{wr:.3f}'} "
            f"(95% {r['low']:.3f}-{r['high']:.3f}, {r['wins']:g} of {r['games']:g}), "
            f"margin {r['margin']:+.2f} ({r['margin_low']:+.2f} to {r['margin_high']:+.2f})"
        )
        for role, f in r.get("roles", {}).items():
            lines.append(
                f"            as {role}: {f['win_rate']:.3f} (95% {f['low']:.3f}-{f['high']:.3f}, "
                f"{f['wins']:g} of {f['games']})"
            )
    if len(out.get("pairs", [])) > 1:
        for p in out["pairs"]:
            lines.append(
                f"  {p['a']} vs {p['b']}: {p['win_rate']:.3f} (95% {p['low']:.3f}-{p['high']:.3f})"
            )
    for r in out.get("ratings", []):
        lines.append(f"  Bradley-Terry (Elo scale) {r['level']:>8s}: {r['elo']:+.0f}")
    if out.get("faults"):
        lines.append(f"  {out['faults']} AI answers were replaced by random legal moves")
    if "seconds" in out:
        lines.append(f"  {out['seconds']} s with {out.get('workers', 1)} worker(s)")
    return "\n".join(lines)


__all__ = [
    "FORMATS",
    "Spec",
    "TournamentError",
    "bradley_terry",
    "load_results",
    "mean_interval",
    "t_quantile",
    "play_task",
    "ray_backend",
    "run",
    "summarize",
    "text_report",
    "wilson",
]
