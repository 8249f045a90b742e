"""The view a plugin hands the table, checked for shape before anything is drawn.

The table reads the keys every view has (design.md) and the optional generic ones
(`acting`, `last_trick`, `last_trick_winner`, `dummy`); a value of the wrong shape is
dropped here (as if the game had no such fact) and card names the deck does not know
are left out, so the window never crashes on a view it did not expect. The game's own
facts are read only by the game's Presentation (the table guards those calls).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(v: Any) -> bool:
    return isinstance(v, list) and all(_int(x) for x in v)


INT_KEYS = ("seat", "to_move", "dealer", "acting")
INT_LIST_KEYS = ("hand_counts", "scores")


def clean_view(raw: Any, known: Collection[str]) -> dict[str, Any]:
    """A copy of `raw` with every key the table reads in the shape it expects; `known`
    holds the deck's card names."""
    if not isinstance(raw, dict):
        return {"hand": [], "hand_counts": [], "trick": []}
    v = dict(raw)

    def names(x: Any) -> list[str] | None:
        if not isinstance(x, list):
            return None
        return [n for n in x if isinstance(n, str) and n in known]

    def keep(key: str, ok: Callable[[Any], bool]) -> None:
        if key in v and v[key] is not None and not ok(v[key]):
            del v[key]

    for key in INT_KEYS:
        keep(key, _int)
    for key in INT_LIST_KEYS:
        keep(key, _ints)
    v["hand"] = names(v.get("hand")) or []
    v["hand_counts"] = v.get("hand_counts") or []
    v["trick"] = _plays(v.get("trick"), known)
    lt = v.get("last_trick")
    if isinstance(lt, dict):
        lt = dict(lt, cards=_plays(lt.get("cards"), known))
        if not _int(lt.get("winner")):
            lt.pop("winner", None)
        v["last_trick"] = lt
    elif lt is not None:
        v["last_trick"] = _plays(lt, known)
    keep("last_trick_winner", _int)
    keep("phase", lambda x: isinstance(x, str))
    d = v.get("dummy")
    if d is not None:
        if not isinstance(d, dict):
            del v["dummy"]
        else:
            up = d.get("up")
            d = dict(d)
            d["up"] = (
                [n if isinstance(n, str) and n in known else None for n in up]
                if isinstance(up, list)
                else []
            )
            for k in ("count", "controller", "position", "down"):
                if k in d and not _int(d[k]):
                    del d[k]
            v["dummy"] = d
    return v


def _plays(x: Any, known: Collection[str]) -> list[list[Any]]:
    """[[seat, [names]], ...], dropping entries of any other shape."""
    out: list[list[Any]] = []
    if not isinstance(x, list):
        return out
    for e in x:
        if (
            isinstance(e, list | tuple)
            and len(e) == 2
            and _int(e[0])
            and e[0] >= 0
            and isinstance(e[1], list)
        ):
            out.append([e[0], [n for n in e[1] if isinstance(n, str) and n in known]])
    return out
