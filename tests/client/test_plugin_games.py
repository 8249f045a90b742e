"""Games the client has never heard of are playable by a human through the window:
the community Oh Hell example (numeric bids from 0, standard cards drawn from rank and
suit), Dou Dizhu (multi-card plays, pass while playing) and Tractor."""

from __future__ import annotations

from pathlib import Path

import pytest
from client_driver import Driver, start
from crowsnest.client.app import App
from crowsnest.client.prefs import PrefsStore
from crowsnest.config import Config
from crowsnest.testing import registry_with

ROOT = Path(__file__).resolve().parents[2]


def app_for(registry=None) -> App:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    return App(store, size=(1280, 720), registry=registry)


@pytest.mark.slow
def test_oh_hell_dropped_in_is_played_by_a_human_through_the_window():
    reg = registry_with(ROOT / "examples" / "ohhell" / "crowsnest_ohhell")
    app = app_for(reg)
    table = start(app, "ohhell", ["human", "ai", "ai", "ai"], seed=1, level="random")
    Driver(app, table, mode="mixed", seed=1).play(stop=lambda: table.match.deal_no >= 2)
    kinds = {a[0] for a, s in zip(table.match.log, table.session.actors, strict=True) if s == 0}
    assert kinds >= {"bid", "play"}
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("variant,seats", [("doudizhu", 3), ("tractor", 4), ("individual2", 2)])
def test_builtin_variants_play_a_deal_with_a_human(variant, seats):
    app = app_for()
    table = start(app, variant, ["human"] + ["ai"] * (seats - 1), seed=2, level="random")
    Driver(app, table, mode="mixed", seed=4).play(stop=lambda: table.match.deal_no >= 1)
    assert sum(1 for s in table.session.actors if s == 0) >= 3
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant,seats", [("doudizhu", 3), ("crowsnest", 4), ("tractor", 4), ("individual2", 2)]
)
def test_cards_on_the_table_match_the_engines_trick_whenever_the_table_rests(variant, seats):
    store = PrefsStore(Config())
    store.prefs.speed = 1
    app = App(store, size=(1280, 720), registry=None)
    table = start(app, variant, ["human"] + ["ai"] * (seats - 1), seed=5, level="random")
    drv = Driver(app, table, mode="mixed", seed=6)
    checked = 0

    def idle_check() -> bool:
        nonlocal checked
        t = table
        if not t.tweener.busy and not t.beats and not t.between and t.dealing is None:
            names = t.match.deck.names  # by name: Tractor's two packs repeat cards
            on_table = sorted(names[sp.card] for sp in t.trick)
            in_view = sorted(n for _, played in t.view.get("trick", []) for n in played)
            assert on_table == in_view
            checked += 1
        return t.match.deal_no >= 1

    drv.play(stop=idle_check)
    assert checked > 20
    app.close()
