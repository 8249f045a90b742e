"""`crowsnest stats` and `crowsnest saves`, and what `crowsnest replay` reads from the
store (`--match ID`, `--slot NAME`). Kept apart from cli.py: they only read the store
beside the config's autosave (docs/saves.md, docs/stats.md)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    st = sub.add_parser(
        "stats", parents=[common], help="statistics of the games played in the window"
    )
    st.add_argument("--player", metavar="NAME", help="one player's figures (a name at the table)")
    st.add_argument("--variant", metavar="ID", help="one game (a variant id)")
    st.add_argument("--json", action="store_true", help="print one JSON object")
    sv = sub.add_parser(
        "saves", parents=[common], help="the autosave, the named save slots and finished matches"
    )
    sv.add_argument("--json", action="store_true", help="print one JSON object")


def _store_file(args: argparse.Namespace) -> Path:
    from crowsnest.store import store_path

    return store_path(getattr(args, "config", None))


def _open(path: Path) -> Any:
    """The store, or None when it does not exist yet (reading never creates it)."""
    from crowsnest.cli import CLIError
    from crowsnest.store import Store, StoreError

    if not path.exists():
        return None
    try:
        s = Store(path)
    except StoreError as e:
        raise CLIError(str(e)) from None
    if s.notice:
        import sys

        print(f"crowsnest: {s.notice}", file=sys.stderr)
    return s


# ---------------------------------------------------------------- stats


def cmd_stats(args: argparse.Namespace) -> int:
    from crowsnest.stats import player_stats

    path = _store_file(args)
    s = _open(path)
    try:
        rows = player_stats(s, args.player, args.variant) if s is not None else []
        total = len(s.match_rows(args.variant)) if s is not None else 0
    finally:
        if s is not None:
            s.close()
    if args.json:
        print(json.dumps({"store": str(path), "recorded_matches": total, "players": rows}))
        return 0
    if not rows:
        who = f" for {args.player}" if args.player else ""
        print(f"no finished games recorded{who} yet ({path})")
        return 0
    for r in rows:
        print(stats_text(r))
    return 0


def stats_text(r: dict[str, Any]) -> str:
    pct = f"{100 * r['win_rate']:.0f}%"
    n = r["matches"]
    played = f"{n} match" if n == 1 else f"{n} matches"
    lines = [
        f"{r['player']}, {r['variant_name']}: {played}, {r['wins']} won ({pct})",
        f"  deals: {r['deals']} played, {r['deals_won']} won",
        f"  contracts: {r['bids_made']} made, {r['bids_set']} set",
    ]
    if r["best_score"] is not None:
        lines.append(f"  final score: best {r['best_score']}, average {r['average_score']}")
    streak = r["streak"]
    if streak["length"]:
        lines.append(
            f"  streak: {streak['length']} {streak['kind']}; longest winning "
            f"{r['longest_win_streak']}, longest losing {r['longest_losing_streak']}"
        )
    for level, v in r["by_opponent_level"].items():
        lines.append(f"  against {level}: {v['wins']} of {v['matches']} won")
    return "\n".join(lines)


# ---------------------------------------------------------------- saves


def cmd_saves(args: argparse.Namespace) -> int:
    from crowsnest.savefile import autosave_path
    from crowsnest.saveslots import saves_report

    path = _store_file(args)
    s = _open(path)
    try:
        rep = {"store": str(path), **saves_report(s, autosave_path(getattr(args, "config", None)))}
    finally:
        if s is not None:
            s.close()
    if args.json:
        print(json.dumps(rep))
        return 0
    auto = rep["autosave"]
    if auto is None:
        print("autosave: none")
    elif "problem" in auto:
        print(f"autosave: cannot be continued: {auto['problem']}")
    else:
        print(f"autosave: {_line(auto)}")
    print(f"save slots: {len(rep['slots'])}")
    for sl in rep["slots"]:
        body = sl["problem"] if "problem" in sl else _line(sl)
        print(f"  {sl['name']}: {body}")
    print(f"finished matches: {len(rep['history'])}  (crowsnest replay --match ID)")
    for h in rep["history"]:
        winners = " & ".join(h["winner_names"]) or "nobody"
        print(
            f"  #{h['id']} {h['finished_at']} {h['variant_name']}, {h['deals']} deals, "
            f"scores {h['scores']}, won by {winners}"
        )
    return 0


def _line(x: dict[str, Any]) -> str:
    names = ", ".join(p["name"] or f"Seat {p['seat'] + 1}" for p in x["players"])
    where = "finished" if x["over"] else f"deal {x['deal']}"
    return f"{x['variant']}, {where}, scores {x['scores']} ({names}), saved {x['saved_at']}"


# ---------------------------------------------------------------- replay from the store


def replay_source(args: argparse.Namespace, registry: Any) -> Any:
    """The savefile.Loaded that `crowsnest replay --match ID` / `--slot NAME` names."""
    from crowsnest.cli import CLIError

    path = _store_file(args)
    s = _open(path)
    if s is None:
        raise CLIError(f"{path}: there is no store yet (no finished game, no save slot)")
    try:
        if args.match is not None:
            row = s.match_row(args.match)
            if row is None:
                raise CLIError(f"{path}: there is no finished match #{args.match}")
            text, label = row["save"], f"finished match #{args.match}"
        else:
            sl = s.slot(args.slot)
            if sl is None:
                names = ", ".join(x.name for x in s.slots()) or "none"
                raise CLIError(f"{path}: there is no save slot '{args.slot}' (slots: {names})")
            text, label = sl.save, f"save slot '{sl.name}'"
    finally:
        s.close()
    from crowsnest.saveslots import loads_full

    return loads_full(text, registry, label)
