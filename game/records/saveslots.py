"""Named save slots and the list of everything that can be continued or replayed
(the autosave, the slots, finished matches), shared by the Saves screen and `crowsnest
saves`. A slot's text is a save file's text (docs/saves.md): one format everywhere."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from crowsnest.i18n import variant_text
from crowsnest.records import savefile
from crowsnest.records.seats import seat_names
from crowsnest.records.stats import history
from crowsnest.records.store import Store
from crowsnest.tomlfile import parse_toml


def save_summary(text: str, label: str, own: Sequence[str] = ()) -> dict[str, Any]:
    """What a save's text says about itself (no replay, no plugins needed); `own`: the
    player's names for the computers ([look] names)."""
    try:
        d = savefile.from_dict(_parse(text, label), label)
    except (savefile.SaveError, RecursionError) as e:
        return {"problem": str(e)}
    summ = d.summary
    played = summ.get("deals_played")
    names = seat_names(list(d.players), own=own)
    return {
        "variant": d.variant,
        "saved_at": d.saved_at,
        "players": [
            {"seat": i, "name": names[i], "kind": p.kind, "level": p.level}
            for i, p in enumerate(d.players)
        ],
        "deal": played + 1 if isinstance(played, int) and not summ.get("over") else played,
        "scores": summ.get("scores"),
        "over": bool(summ.get("over", False)),
        "actions": len(d.actions),
    }


def _parse(text: str, label: str) -> dict[str, Any]:
    """A stored save text parsed with the save file's own guards (tomlfile)."""
    if not isinstance(text, str):
        raise savefile.SaveError(f"{label}: is not a save file (its text is not text)")
    return parse_toml(text, label, "save file", savefile.SaveError)


def saves_report(store: Any, autosave: Path, own: Sequence[str] = ()) -> dict[str, Any]:
    auto: dict[str, Any] | None = None
    if autosave.exists():
        try:
            text = autosave.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            auto = {"file": str(autosave), "problem": f"{autosave}: cannot be read ({e})"}
        else:
            auto = {"file": str(autosave), **save_summary(text, str(autosave), own)}
    slots = []
    if store is not None:
        for sl in store.slots():
            slots.append(
                {
                    "id": sl.id,
                    "name": sl.name,
                    "created_at": sl.created_at,
                    **(
                        {"problem": sl.problem}
                        if sl.problem
                        else save_summary(sl.save, f"save slot '{sl.name}'", own)
                    ),
                    "saved_at": sl.saved_at,
                }
            )
    return {
        "autosave": auto,
        "slots": slots,
        "history": history(store) if store is not None else [],
    }


def loads_full(text: str, registry: Any, label: str) -> savefile.Loaded:
    """A save's text (a slot, a finished match) replayed: savefile.Loaded."""
    try:
        data = savefile.from_dict(_parse(text, label), label)
    except RecursionError:
        raise savefile.SaveError(f"{label}: is nested too deeply to be a save file") from None
    return savefile.Loaded(savefile.build(data, registry, label), data.players, data, Path(label))


def slot_base_name(match: Any, when: str) -> str:
    """The name a new slot gets: the game, in the player's language, and the local time
    ("CrowsNest, 2026-12-01 10:15": digits read the same in every language)."""
    return f"{variant_text(match.variant, match.variant.name)}, {when}"


SLOT_TIME = "%Y-%m-%d %H:%M"


def save_to_slot(
    store: Store, match: Any, seats: Any, *, name: str | None = None, registry: Any = None
) -> str:
    """Save the running match into the slot `name` (replaced), or into a new slot named
    after the game and the time; returns the slot's name."""
    plugin = savefile.plugin_of(registry, match.variant.id) if registry else (None, None)
    text = savefile.dumps(savefile.document(match, seats, match.log_strings(), plugin=plugin))
    if name is None:
        name = store.free_slot_name(slot_base_name(match, time.strftime(SLOT_TIME)))
    return store.put_slot(name, match.variant.id, text).name
