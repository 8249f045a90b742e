"""Tractor and Dou Dizhu through the window: a human seat declares trump, buries the
kitty and plays pairs and tractors (Tractor), passes with the Pass button and plays
combinations chosen card by card (Dou Dizhu), all through posted mouse and keyboard
events; a selection that is not a legal play is refused with the engine's reason."""

from __future__ import annotations

import pygame
import pytest
from client_driver import DT, Driver, click, key, make_app
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup


def table_for(app, variant: str, seats: int, seed: int, **kw) -> TableScene:
    v = app.registry.variant(variant)
    setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(seats)]
    t = TableScene(LocalGame(v, setups, seed=seed, **kw))
    app.stack.replace(t)
    return t


class Steered(Driver):
    """Prefers declaring, several-card plays, and (Dou Dizhu) an occasional pass."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.refused = 0
        self.passes = 0  # passes in the play (Dou Dizhu)
        self.named: list[str] = []

    def choose(self):
        m = self.table.match
        legal = m.legal_actions()
        if m.phase == "declare":
            decl = [a for a in legal if a[0] == "declare"]
            return decl[0] if decl else ("pass",)
        multi = [a for a in legal if a[0] == "play" and len(a[1]) >= 2]
        if ("pass",) in legal and m.phase == "play" and self.rng.random() < 0.3:
            return ("pass",)
        if multi:
            return self.rng.choice(multi)
        return super().choose()

    def do(self, action) -> None:
        t = self.table
        m = t.match
        if action == ("pass",) and m.phase == "play":
            self.passes += 1
        if action[0] == "play" and len(action[1]) >= 2:
            if not self.refused:
                self.refuse_once(action)
            if self.use_mouse():  # card by card, looking at what the table says
                self.turns += 1
                self.moves["mouse"] += 1
                ids = t.hand_ids()
                for c in action[1]:
                    click(self.card_point(ids.index(c), len(ids)))
                self.app.step(DT)
                assert set(action[1]) == t.selected and not t.reason
                describe = getattr(m.deal, "describe", None)
                if describe is not None:  # the variant names the combination
                    assert t.selection_name == describe(action[1])
                    if t.selection_name:  # a follow that is no single unit has no name
                        self.named.append(t.selection_name)
                confirm = next(x for x in t.panel_menu.buttons if x.value == ("confirm",))
                click(confirm.rect.center)
                return
        super().do(action)

    def refuse_once(self, action) -> None:
        """Select a bad set first: two cards that are not one legal play, then confirm."""
        t, m = self.table, self.table.match
        ids = t.hand_ids()
        for a in ids:
            for b in ids:
                if a < b and m.check(("play", (a, b))) is not None:
                    n = len(m.log)
                    for c in (a, b):
                        click(self.card_point(ids.index(c), len(ids)))
                    confirm = next(x for x in t.panel_menu.buttons if x.value == ("confirm",))
                    click(confirm.rect.center)
                    self.app.step(DT)
                    assert len(m.log) == n and t.reason  # refused, with the engine's reason
                    assert t.reason.rstrip(".").lower() == m.check(("play", (a, b))).lower()
                    key(pygame.K_BACKSPACE)  # clear the selection
                    self.app.step(DT)
                    assert not t.selected and not t.reason
                    self.refused += 1
                    return


@pytest.mark.slow
def test_tractor_deal_with_a_human_declaring_burying_and_playing_pairs():
    app = make_app()
    for seed in range(20):  # a deal where seat 0 holds a level card: it declares first
        t = table_for(app, "tractor", 4, seed, first=0)
        if any(a[0] == "declare" for a in t.match.legal_actions()):
            break
    drv = Steered(app, t, mode="mixed", seed=seed)
    drv.play(stop=lambda: t.match.deal_no >= 1)
    mine = [a for a, s in zip(t.match.log, t.session.actors, strict=True) if s == 0]
    kinds = [a[0] for a in mine]
    assert "declare" in kinds and "discard" in kinds  # the first declarer deals and buries
    assert next(a for a in mine if a[0] == "discard")[1].__len__() == 8
    assert any(a[0] == "play" and len(a[1]) >= 2 for a in mine)  # a pair or a tractor
    assert drv.refused == 1
    assert any(n.startswith(("pair", "tractor")) for n in drv.named)  # named as selected
    assert drv.moves["mouse"] > 3 and drv.moves["keys"] > 3
    app.close()


def test_doudizhu_deal_with_the_pass_button_and_combinations():
    app = make_app()
    t = table_for(app, "doudizhu", 3, seed=7)
    drv = Steered(app, t, mode="mixed", seed=2)
    drv.play(stop=lambda: t.match.deal_no >= 1)
    m = t.match
    mine = [a for a, s in zip(m.log, t.session.actors, strict=True) if s == 0]
    assert any(a[0] == "play" and len(a[1]) >= 2 for a in mine)
    assert drv.passes >= 1  # the Pass button, in the play
    assert drv.named  # "pair of 7s", "straight 3 to 7": the engine named each selection
    assert drv.refused == 1
    app.close()


def test_tractor_all_pass_turns_the_kitty_up_for_everyone_to_see():
    from collections import Counter

    from crowsnest_games.tractor.cards import DECK

    # every 2 in the kitty and the jokers single: nobody can declare
    rest = [n for n in DECK.names if n[0] != "2" and n not in ("BJ", "RJ")]
    jokers = ["BJ", "BJ", "RJ", "RJ"]
    hands = [[jokers[s], *rest[s * 24 : s * 24 + 24]] for s in range(4)]
    kitty = [n for n in DECK.names if n[0] == "2"]
    assert Counter(sum(hands, []) + kitty) == Counter(DECK.names)
    app = make_app()
    v = app.registry.variant("tractor")
    setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(4)]
    t = TableScene(LocalGame(v, setups, seed=1, first=1, deal={"hands": hands, "kitty": kitty}))
    app.stack.replace(t)
    news: list[str] = []
    drv = Driver(app, t, mode="mixed", seed=1)

    def watch() -> bool:
        if t.banner and t.banner not in news:
            news.append(t.banner)
        return t.match.phase == "play"

    drv.play(stop=watch)
    assert any(n.startswith("Nobody declared: the kitty is turned up") for n in news), news
    assert t.view["kitty_revealed"] and len(t.view["kitty_revealed"]) == 8
    app.draw()
    assert any(k[0] == "Kitty turned up" for k in app.text._cache)  # drawn for all to see
    app.close()


@pytest.mark.slow
def test_top_bar_describes_the_finished_deal_while_its_sheet_is_up():
    from crowsnest.client.scenes.overlays import EndOfDealScene

    app = make_app()
    t = table_for(app, "tractor", 4, seed=3)
    drv = Driver(app, t, mode="mixed", seed=3)
    drv.play(stop=lambda: isinstance(app.stack.top, EndOfDealScene))
    m = t.match
    assert m.phase == "declare" and not t.view.get("trump")  # the next deal waits behind
    last = m.history[-1]
    finished = t.session.finished_deal.view(0).to_json()
    assert finished["trump"]
    app.text._cache.clear()
    app.draw()
    drawn = {k[0] for k in app.text._cache}
    assert "Trump not declared" not in drawn
    assert f"Attackers {last['attacker_points']}/80" in t.facts()
    assert f"Attackers {last['attacker_points']}/80" in drawn
    assert f"Playing {finished['level_rank']}s" in drawn
    drv.dismiss(app.stack.top)  # Continue: the bar moves on to the new deal
    for _ in range(3):
        app.step(DT)
    assert t.bar_view is None and "Attackers 0/80" in t.facts()
    app.close()


def test_plates_mark_the_finished_deals_dealer_while_its_sheet_is_up():
    from client_driver import Driver
    from crowsnest.client.scenes.overlays import EndOfDealScene

    app = make_app()
    t = table_for(app, "crowsnest", 4, seed=2)
    Driver(app, t, seed=2).play(stop=lambda: isinstance(app.stack.top, EndOfDealScene))
    finished, nxt = t.bar_view["dealer"], t.view["dealer"]
    assert finished != nxt  # the dealer moves on with the next deal
    marker = pygame.Surface((4, 4))
    marker.fill((255, 0, 255))
    real_icon = app.assets.icon
    app.assets.icon = lambda name, size: (
        pygame.transform.scale(marker, (size, size)) if name == "dealer" else real_icon(name, size)
    )
    canvas = pygame.Surface(app.size)
    t.draw(canvas)  # the table under the sheet

    def marked(seat: int) -> bool:
        px, py, pw, _ph = t.lay.seats[seat].plate
        ih = app.ui(18)
        return canvas.get_at((px + pw - ih // 2 - app.ui(4), py + app.ui(4) + ih // 2))[:3] == (
            255,
            0,
            255,
        )

    assert marked(finished) and not marked(nxt)
    app.close()
