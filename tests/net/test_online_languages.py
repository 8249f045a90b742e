"""Each reader hears the table in its own language, and only its thread switches: the
engine's reasons through i18n.speaking (a per-call language), never set_language (which
would turn the window of a hosting player into another language mid-frame)."""

from __future__ import annotations

import threading
import time

from crowsnest import i18n
from crowsnest.net.log import SQLiteLog
from crowsnest.net.table import Table
from net_registry import REGISTRY


def seated(langs):
    variant = REGISTRY.variants["crowsnest"]
    t = Table.create(
        "ABCDEF", variant, {"seats": [{"kind": "human"}] * 4}, SQLiteLog(":memory:"), time.monotonic
    )
    for seat, lang in enumerate(langs):
        t.take(seat, lang, f"p{seat}", seat)
    return t


def test_every_reader_gets_the_engines_reason_in_its_own_language():
    t = seated(["fi", "fr", "zh", "en"])  # "zh" as the protocol spells it: zh_CN
    before = i18n.current_language()
    reasons = {}
    for _ in range(4):  # the seat to move, whoever it is, asked with a bid out of range
        seat = t.match.to_move
        out = t.act(seat, t.seq, "bid 3")
        reasons[t.readers[seat].lang] = out[0][1]["reason"]
        t.apply(seat, "pass", "player")  # on to the next seat
    assert i18n.current_language() == before
    assert len(set(reasons.values())) == 4 and all(reasons.values())


def test_speaking_changes_this_thread_only_and_tells_no_listener():
    told = []
    before = i18n.current_language()
    other = "fi" if before != "fi" else "fr"
    stop = i18n.on_change(told.append)
    inside, outside = [], []
    ready, done = threading.Event(), threading.Event()

    def server() -> None:
        with i18n.speaking(other):
            inside.append(i18n._("New game"))
            ready.set()
            done.wait(5)
            inside.append(i18n.current_language())

    th = threading.Thread(target=server)
    th.start()
    try:
        ready.wait(5)
        outside.append(i18n._("New game"))  # the window's thread, meanwhile
        outside.append(i18n.current_language())
    finally:
        done.set()
        th.join(5)
        stop()
    assert inside == [i18n.CROWSNEST.translations(other).gettext("New game"), other]
    assert outside == [i18n.CROWSNEST.translations(before).gettext("New game"), before]
    assert inside[0] != outside[0] and told == []
