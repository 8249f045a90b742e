"""`crowsnest stats` and `crowsnest saves`, and what `crowsnest replay` reads from the
store (`--match ID`, `--slot NAME`). Kept apart from cli.py: they only read the store
beside the config's autosave (docs/saves.md, docs/stats.md)."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

from crowsnest.i18n import _, ngettext
from crowsnest.records.savefile import autosave_path
from crowsnest.records.saveslots import loads_full, saves_report
from crowsnest.records.seats import display_name
from crowsnest.records.stats import player_stats
from crowsnest.records.store import Store, StoreError, store_path

from .common import CLIError, add_command


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    st = add_command(
        sub,
        "stats",
        common,
        summary=_("statistics of the games played in the window"),
        description=_(
            "The statistics of the games played in the window, for each player: matches "
            "and deals played and won, per game and per computer level."
        ),
        examples=("crowsnest stats", "crowsnest stats --player Anna --variant tractor"),
    )
    st.add_argument(
        "--player", metavar="NAME", help=_("one player's figures (a name at the table)")
    )
    st.add_argument("--variant", metavar="ID", help=_("one game (a variant id)"))
    st.add_argument("--json", action="store_true", help=_("print one JSON object"))
    sv = add_command(
        sub,
        "saves",
        common,
        summary=_("the autosave, the named save slots and finished matches"),
        description=_(
            "The autosave, the named save slots and the finished matches kept in the "
            "records, each with what `crowsnest replay` needs to open it."
        ),
        examples=("crowsnest saves", "crowsnest saves --json"),
    )
    sv.add_argument("--json", action="store_true", help=_("print one JSON object"))


def _store_file(args: argparse.Namespace) -> Path:
    return store_path(getattr(args, "config", None))


def _open(path: Path, *, need: bool = False) -> Any:
    """The store, or None when it does not exist yet (reading never creates it) or
    cannot be used now (locked, read-only, newer: said on stderr, the file left alone;
    statistics and slots are simply off). `need`: a command that cannot go on without
    it (replay --match/--slot) fails with the sentence instead."""
    if not path.exists():
        return None
    try:
        s = Store(path)
    except StoreError as e:
        if need:
            raise CLIError(str(e)) from None
        print(
            "crowsnest: " + _("statistics and save slots are off: {why}").format(why=e),
            file=sys.stderr,
        )
        return None
    if s.notice:
        print(f"crowsnest: {s.notice}", file=sys.stderr)
    return s


def _report_problems(s: Any) -> list[str]:
    """The rows the store could not read, each said once on stderr."""
    problems = list(s.problems) if s is not None else []
    for p in problems:
        print(f"crowsnest: {shown(p)}", file=sys.stderr)
    return problems


def shown(text: Any) -> str:
    """Text from the store as the terminal may print it: control and format characters
    (escape sequences, bidirectional overrides) written as visible escapes."""
    out = []
    for ch in str(text):
        if unicodedata.category(ch)[0] == "C" and ch != " ":
            n = ord(ch)
            out.append(f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}")
        else:
            out.append(ch)
    return "".join(out)


# ---------------------------------------------------------------- stats


def cmd_stats(args: argparse.Namespace) -> int:
    path = _store_file(args)
    s = _open(path)
    try:
        rows = player_stats(s, args.player, args.variant) if s is not None else []
        total = len(s.match_rows(args.variant)) if s is not None else 0
        if args.variant and not total:
            _check_variant(
                args
            )  # a typo is an error, as in simulate; a removed game's records are not
        problems = _report_problems(s)
    finally:
        if s is not None:
            s.close()
    if args.json:
        out: dict[str, Any] = {"store": str(path), "recorded_matches": total, "players": rows}
        if problems:
            out["problems"] = problems
        print(json.dumps(out))
        return 0
    if not rows:
        if args.player:
            print(
                _("no finished games recorded for {player} yet ({path})").format(
                    player=args.player, path=path
                )
            )
        else:
            print(_("no finished games recorded yet ({path})").format(path=path))
        return 0
    for r in rows:
        print(stats_text(r))
    return 0


def _check_variant(args: argparse.Namespace) -> None:
    """--variant names an installed game (or one with records, checked by the caller):
    else the usage error simulate gives, with the games there are (exit status 2)."""
    from crowsnest import config as config_mod
    from crowsnest.plugin_host import UnknownVariantError, load_registry

    registry = load_registry(config=config_mod.load(getattr(args, "config", None)))
    try:
        registry.variant(args.variant)
    except UnknownVariantError as e:
        raise CLIError(str(e), 2) from None


def stats_text(r: dict[str, Any]) -> str:

    pct = f"{100 * r['win_rate']:.0f}%"
    n = r["matches"]
    lines = [
        ngettext(
            "{player}, {game}: {count} match, {wins} won ({percent})",
            "{player}, {game}: {count} matches, {wins} won ({percent})",
            n,
        ).format(
            player=shown(display_name(r["player"])),
            game=shown(r["variant_name"]),
            count=n,
            wins=r["wins"],
            percent=pct,
        ),
        "  " + _("deals: {played} played, {won} won").format(played=r["deals"], won=r["deals_won"]),
        "  "
        + _("contracts: {made} made, {set} set").format(made=r["bids_made"], set=r["bids_set"]),
    ]
    if r["best_score"] is not None:
        lines.append(
            "  "
            + _("final score: best {best}, average {average}").format(
                best=r["best_score"], average=r["average_score"]
            )
        )
    streak = r["streak"]
    if streak["length"]:
        current = (
            ngettext("{count} win", "{count} wins", streak["length"])
            if streak["kind"] == "won"
            else ngettext("{count} loss", "{count} losses", streak["length"])
        ).format(count=streak["length"])
        lines.append(
            "  "
            + _("streak: {current}; longest winning {wins}, longest losing {losses}").format(
                current=current,
                wins=r["longest_win_streak"],
                losses=r["longest_losing_streak"],
            )
        )
    for level, v in r["by_opponent_level"].items():
        lines.append(
            "  "
            + _("against {level}: {wins} of {matches} won").format(
                level=shown(level), wins=v["wins"], matches=v["matches"]
            )
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- saves


def _own_names(config: str | None) -> tuple[str, ...]:
    """The player's names for the computers ([look] names), as the window shows them;
    none when the config cannot be read (the listing still works)."""
    from crowsnest import config as config_mod

    try:
        return config_mod.load(config).look.names
    except config_mod.ConfigError:
        return ()


def cmd_saves(args: argparse.Namespace) -> int:
    path = _store_file(args)
    s = _open(path)
    try:
        config = getattr(args, "config", None)
        rep = {"store": str(path), **saves_report(s, autosave_path(config), _own_names(config))}
        problems = _report_problems(s)
        if problems:
            rep["problems"] = problems
    finally:
        if s is not None:
            s.close()
    if args.json:
        print(json.dumps(rep))
        return 0
    auto = rep["autosave"]
    if auto is None:
        print(_("autosave: none"))
    elif "problem" in auto:
        print(_("autosave: cannot be continued: {problem}").format(problem=shown(auto["problem"])))
    else:
        print(_("autosave: {what}").format(what=_line(auto)))
    print(_("save slots: {count}").format(count=len(rep["slots"])))
    for sl in rep["slots"]:
        body = sl["problem"] if "problem" in sl else _line(sl)
        print(f"  {shown(sl['name'])}: {shown(body)}")
    print(
        _("finished matches: {count}  (crowsnest replay --match ID)").format(
            count=len(rep["history"])
        )
    )
    for h in rep["history"]:
        winners = " & ".join(shown(display_name(n)) for n in h["winner_names"]) or _("nobody")
        print(
            f"  #{h['id']} {h['finished_at']} "
            + ngettext(
                "{game}, {count} deal, scores {scores}, won by {winners}",
                "{game}, {count} deals, scores {scores}, won by {winners}",
                h["deals"],
            ).format(
                game=shown(h["variant_name"]), count=h["deals"], scores=h["scores"], winners=winners
            )
        )
    return 0


def _line(x: dict[str, Any]) -> str:

    names = ", ".join(
        shown(display_name(p["name"]))
        if p["name"]
        else _("Seat {number}").format(number=p["seat"] + 1)
        for p in x["players"]
    )
    values = {
        "game": shown(x["variant"]),
        "scores": x["scores"],
        "names": names,
        "saved": x["saved_at"],
    }
    if x["over"]:
        return _("{game}, finished, scores {scores} ({names}), saved {saved}").format(**values)
    return _("{game}, deal {deal}, scores {scores} ({names}), saved {saved}").format(
        deal=x["deal"], **values
    )


# ---------------------------------------------------------------- replay from the store


def replay_source(args: argparse.Namespace, registry: Any) -> Any:
    """The savefile.Loaded that `crowsnest replay --match ID` / `--slot NAME` names."""
    path = _store_file(args)
    s = _open(path, need=True)
    if s is None:
        raise CLIError(
            _("{path}: there is no store yet (no finished game, no save slot)").format(path=path)
        )
    try:
        if args.match is not None:
            found, why = s.match_save(args.match)
            if why is not None:
                raise CLIError(why)
            if found is None:
                raise CLIError(
                    _("{path}: there is no finished match #{number}").format(
                        path=path, number=args.match
                    )
                )
            text, label = found, f"finished match #{args.match}"
        else:
            sl = s.slot(args.slot)
            if sl is None:
                names = ", ".join(x.name for x in s.slots()) or _("none")
                raise CLIError(
                    _("{path}: there is no save slot '{name}' (slots: {names})").format(
                        path=path, name=args.slot, names=names
                    )
                )
            if sl.problem:
                raise CLIError(sl.problem)
            text, label = sl.save, f"save slot '{sl.name}'"
    finally:
        s.close()
    return loads_full(text, registry, label)
