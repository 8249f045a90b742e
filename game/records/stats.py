"""Statistics: a finished match becomes a record in the store, and the records become
each player's figures (docs/stats.md).

`record_of(match, seats, ...)` reads only the Match (its history of scored deals, the
winner, the options) and the seat set-up; `player_stats(store, ...)` computes, per
player name and game, what the Statistics screen and `crowsnest stats` show. The
client records from the app layer when a match is over; `crowsnest simulate` never
records (AI-only runs are measurements, not anyone's games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from crowsnest import __version__
from crowsnest.engine import Match
from crowsnest.records import savefile


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    seat: int
    name: str
    kind: str  # "human" or "ai"; "remote": a person at another window of an online table
    level: str
    side: int  # the team (or seat) whose score is this player's
    won: bool


@dataclass(frozen=True, slots=True)
class DealRecord:
    deal: int
    declarer: int | None  # the seat that held the contract (Rook declarer, Dou Dizhu landlord)
    bid: int | None
    made: bool | None  # None: no contract this deal
    points: tuple[Any, ...]
    score_change: tuple[Any, ...]
    scores: tuple[Any, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchRecord:
    variant: str
    variant_name: str
    options: Mapping[str, Any]
    seats: int
    seed: int | str
    started_at: str
    finished_at: str
    seconds: float
    scores: tuple[Any, ...]
    teams: tuple[tuple[int, ...], ...] | None
    winners: tuple[int, ...]
    end_reason: str
    players: tuple[PlayerRecord, ...]
    deals: tuple[DealRecord, ...]
    save: str  # the match as a save file's text (replayable)
    game_version: str = __version__
    undone: bool = False  # a move was taken back against the computers
    key: str = ""  # savefile.match_key: its deals counted while it was played go


class Outcome(Protocol):
    """What the sides and the winners are read from: a Match, or the window's mirror of
    an online one."""

    @property
    def teams(self) -> Any: ...
    @property
    def winner(self) -> Any: ...


def side_of(match: Outcome, seat: int) -> int:
    for i, team in enumerate(match.teams or ()):
        if seat in team:
            return i
    return seat


def winners_of(match: Outcome) -> tuple[int, ...]:
    w = match.winner
    if isinstance(w, list | tuple):
        return tuple(int(x) for x in w if isinstance(x, int))
    return (w,) if isinstance(w, int) else ()


def contract(h: Mapping[str, Any]) -> tuple[int | None, int | None, bool | None]:
    """(declarer seat, bid, made) of a scored deal, from the engine's deal record:
    Rook's declarer/bid/made, Dou Dizhu's landlord/bid/landlord_wins; None where the
    game has no contract (Tractor)."""
    declarer = h.get("declarer", h.get("landlord"))
    made = h.get("made", h.get("landlord_wins"))
    bid = h.get("bid")
    if not isinstance(declarer, int) or isinstance(declarer, bool) or declarer < 0:
        return None, None, None
    return (
        declarer,
        bid if isinstance(bid, int) and not isinstance(bid, bool) else None,
        bool(made) if isinstance(made, bool) else None,
    )


def deal_records(history: Sequence[Mapping[str, Any]]) -> list[DealRecord]:
    """The scored deals of a match, from the engine's deal records (Match.history)."""
    deals: list[DealRecord] = []
    for h in history:
        declarer, bid, made = contract(h)
        deals.append(
            DealRecord(
                deal=int(h.get("deal", len(deals) + 1)),
                declarer=declarer,
                bid=bid,
                made=made,
                points=tuple(h.get("points", ())),
                score_change=tuple(h.get("score_change", ())),
                scores=tuple(h.get("scores", ())),
                details={k: v for k, v in h.items() if k not in ("deal",)},
            )
        )
    return deals


def record_of(
    match: Match,
    seats: Sequence[Any],
    names: Sequence[str],
    *,
    started_at: str,
    finished_at: str,
    seconds: float,
    registry: Any = None,
    undone: bool = False,
) -> MatchRecord:
    """The record of a finished match. `names` are the names the table showed (the
    statistics are kept by them), `seats` the set-up (kind and level)."""
    plugin = savefile.plugin_of(registry, match.variant.id) if registry else (None, None)
    save = savefile.dumps(savefile.document(match, seats, match.log_strings(), plugin=plugin))
    wins = winners_of(match)
    players = tuple(
        PlayerRecord(
            seat=i,
            name=names[i] if i < len(names) else f"Seat {i + 1}",
            kind=str(getattr(s, "kind", "ai")),
            level=str(getattr(s, "level", "normal")),
            side=side_of(match, i),
            won=side_of(match, i) in wins,
        )
        for i, s in enumerate(seats)
    )
    deals = deal_records(match.history)
    return MatchRecord(
        key=savefile.match_key(match),
        variant=match.variant.id,
        variant_name=match.variant.name,
        options=dict(match.options),
        seats=match.seats,
        seed=match.seed,
        started_at=started_at,
        finished_at=finished_at,
        seconds=round(float(seconds), 1),
        scores=tuple(match.scores),
        teams=tuple(tuple(t) for t in match.teams) if match.teams else None,
        winners=wins,
        end_reason=match.end_reason,
        players=players,
        deals=tuple(deals),
        save=save,
        undone=undone,
    )


def live_record(match: Match, seats: Sequence[Any], names: Sequence[str]) -> dict[str, Any]:
    """What the statistics keep of a match in progress (Store.put_live_match): who sits
    where and each finished deal's contract and score change."""
    players = [
        {
            "seat": i,
            "name": names[i] if i < len(names) else f"Seat {i + 1}",
            "kind": str(getattr(s, "kind", "ai")),
            "side": side_of(match, i),
        }
        for i, s in enumerate(seats)
    ]
    deals: list[dict[str, Any]] = []
    for h in match.history:
        declarer, _bid, made = contract(h)
        deals.append(
            {
                "deal": int(h.get("deal", len(deals) + 1)),
                "declarer": declarer,
                "made": made,
                "score_change": list(h.get("score_change", ())),
            }
        )
    return {
        "key": savefile.match_key(match),
        "variant": match.variant.id,
        "variant_name": match.variant.name,
        "players": players,
        "deals": deals,
    }


# ---------------------------------------------------------------- figures

LEVEL_RANK = {"random": 0, "easy": 1, "normal": 2, "hard": 3}


def opponent_level(players: Sequence[Mapping[str, Any]], side: int) -> str:
    """What the player was up against: the strongest AI level on another side, or
    "human" when every opponent was a person."""
    levels = [str(p["level"]) for p in players if p["side"] != side and p["kind"] == "ai"]
    if not levels:
        return "human"
    return max(levels, key=lambda lv: (LEVEL_RANK.get(lv, len(LEVEL_RANK)), lv))


def player_stats(
    store: Any, player: str | None = None, variant: str | None = None
) -> list[dict[str, Any]]:
    """Figures per (human player name, game), in the order first played. `player`
    picks one name (case-insensitive), `variant` one game. Read from the store's checked
    light columns (never the save texts); rows the store could not read are left out
    and listed in `store.problems`. Matches with undo against the computers count in
    everything but the figures by opponent level (docs/rules-decisions.md)."""
    matches = store.match_rows(variant)
    players = store.players_of([m["id"] for m in matches])
    deals = store.deals_of()
    groups: dict[tuple[str, str], dict[str, Any]] = {}

    def wanted(p: Mapping[str, Any]) -> bool:
        if p.get("kind") != "human" or not isinstance(p.get("name"), str):
            return False
        return player is None or p["name"].casefold() == player.casefold()

    for m in matches:
        seats = [dict(p) for p in players.get(m["id"], [])]
        for p in seats:
            if wanted(p):
                g = groups.setdefault((p["name"], m["variant"]), _empty(p["name"], m))
                _add(g, m, p, seats, deals.get(m["id"], []))
    # matches still being played count their finished deals from the first one
    live = getattr(store, "live_matches", None)
    for m in live(variant) if live is not None else ():
        for p in m["players"]:
            if wanted(p) and isinstance(p.get("side"), int) and isinstance(p.get("seat"), int):
                g = groups.setdefault((p["name"], m["variant"]), _empty(p["name"], m))
                g["in_progress"] += 1
                _add_deals(g, p, m["deals"])
    return [_finish(g) for g in groups.values()]


def _empty(name: str, m: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "player": name,
        "variant": m["variant"],
        "variant_name": m["variant_name"],
        "matches": 0,
        "wins": 0,
        "losses": 0,
        "deals": 0,
        "deals_won": 0,
        "bids_made": 0,
        "bids_set": 0,
        "best_deal": None,  # the most points a deal gained the player's side
        "in_progress": 0,  # matches being played whose finished deals count
        "scores": [],
        "results": [],  # True/False per match, oldest first
        "by_opponent_level": {},
        "online": 0,  # of the matches, played at an online table
        "online_wins": 0,
        "with_undo": 0,  # matches where a move was taken back against the computers
        "seconds": 0.0,
        "last_played": "",
    }


def _add(
    g: dict[str, Any],
    m: Mapping[str, Any],
    p: Mapping[str, Any],
    seats: list[dict[str, Any]],
    deals: Sequence[Mapping[str, Any]],
) -> None:
    won = bool(p["won"])
    side = p["side"]
    g["matches"] += 1
    g["wins" if won else "losses"] += 1
    g["results"].append(won)
    if m.get("online"):
        g["online"] += 1
        g["online_wins"] += int(won)
    scores = m["scores"]
    if 0 <= side < len(scores):
        g["scores"].append(scores[side])
    if m.get("undone"):
        g["with_undo"] += 1
    else:
        lv = g["by_opponent_level"].setdefault(
            opponent_level(seats, side), {"matches": 0, "wins": 0}
        )
        lv["matches"] += 1
        lv["wins"] += int(won)
    g["seconds"] += m["seconds"]
    g["last_played"] = m["finished_at"]
    _add_deals(g, p, deals)


def _add_deals(g: dict[str, Any], p: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> None:
    side = p["side"]
    for d in deals:
        change = d.get("score_change")
        if not isinstance(change, list) or not all(
            isinstance(x, int | float) and not isinstance(x, bool) for x in change
        ):
            continue  # a value that is not a deal's score change: left out
        g["deals"] += 1
        if 0 <= side < len(change) and len(set(change)) > 1 and change[side] == max(change):
            g["deals_won"] += 1
        if 0 <= side < len(change) and (g["best_deal"] is None or change[side] > g["best_deal"]):
            g["best_deal"] = change[side]
        made = d.get("made")
        if d.get("declarer") == p["seat"] and made is not None:
            g["bids_made" if made else "bids_set"] += 1


def _finish(g: dict[str, Any]) -> dict[str, Any]:
    results: list[bool] = g.pop("results")
    scores: list[Any] = g.pop("scores")
    n = g["matches"]
    g["win_rate"] = round(g["wins"] / n, 4) if n else 0.0
    # the trend: the win rate over the matches so far, after each match (the plot)
    trend, won = [], 0
    for i, r in enumerate(results, 1):
        won += r
        trend.append(round(won / i, 4))
    g["trend"] = trend
    g["results"] = "".join("W" if r else "L" for r in results)
    nums = [s for s in scores if isinstance(s, int | float) and not isinstance(s, bool)]
    g["best_score"] = max(nums) if nums else None
    g["average_score"] = round(sum(nums) / len(nums), 1) if nums else None
    cur = 0
    for r in reversed(results):
        if r != results[-1]:
            break
        cur += 1
    g["streak"] = {"kind": ("won" if results[-1] else "lost") if results else "", "length": cur}
    g["longest_win_streak"] = _longest(results, True)
    g["longest_losing_streak"] = _longest(results, False)
    for v in g["by_opponent_level"].values():
        v["win_rate"] = round(v["wins"] / v["matches"], 4)
    g["seconds"] = round(g["seconds"], 1)
    return g


def _longest(results: Sequence[bool], kind: bool) -> int:
    best = run = 0
    for r in results:
        run = run + 1 if r == kind else 0
        best = max(best, run)
    return best


def history(store: Any, variant: str | None = None) -> list[dict[str, Any]]:
    """Finished matches, newest first, for the Saves screen and `crowsnest saves`."""
    rows = store.match_rows(variant)
    players = store.players_of([m["id"] for m in rows])
    out = []
    for m in reversed(rows):
        ps = players.get(m["id"], [])
        out.append(
            {
                "id": m["id"],
                "variant": m["variant"],
                "variant_name": m["variant_name"],
                "finished_at": m["finished_at"],
                "deals": m["deals"],
                "scores": m["scores"],
                "scores_by": m["scores_by"],
                "teams": m["teams"],
                "winners": m["winners"],
                "players": [
                    {"seat": p["seat"], "name": p["name"], "kind": p["kind"], "level": p["level"]}
                    for p in ps
                ],
                "winner_names": [p["name"] for p in ps if p["won"]],
                "seconds": m["seconds"],
                "undone": m["undone"],
                "replay_kept": m["kept"],
            }
        )
    return out
