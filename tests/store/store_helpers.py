"""A store with real finished matches and slots, for the fault tests."""

from __future__ import annotations

from pathlib import Path

from crowsnest.plugin_host import load_registry
from crowsnest.records.savefile import Seat, document, dumps
from crowsnest.records.stats import record_of
from crowsnest.records.store import Store
from crowsnest.testing import play_match

SEATS = [Seat("human", "normal", "Ann"), Seat("ai", "hard"), Seat("ai", "easy"), Seat()]
NAMES = ["Ann", "West", "North", "East"]
_MATCHES: dict[int, object] = {}


def matches(n: int = 3) -> list:
    reg = load_registry(user_folder=False)
    v = reg.variant("crowsnest")
    for seed in range(1, n + 1):
        if seed not in _MATCHES:
            _MATCHES[seed] = play_match(v, seed=seed, level="easy")
    return [_MATCHES[s] for s in range(1, n + 1)]


def fill(path: Path, n: int = 3, **kw) -> Path:
    """A healthy store: n finished matches by Ann and n save slots."""
    with Store(path, **kw) as st:
        for i, m in enumerate(matches(n)):
            when = f"2026-12-0{i + 1}T10:00:00Z"
            st.add_match(
                record_of(m, SEATS, NAMES, started_at=when, finished_at=when, seconds=30 + i)
            )
            st.put_slot(f"slot {i}", "crowsnest", dumps(document(m, SEATS, m.log_strings())))
        st.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path
