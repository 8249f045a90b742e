"""Dou Dizhu's one "pass" action has two names where its players say two things: 不叫
(no bid) in the auction and 不出 (not playing) in the play, on the button, the seat's
plate, the hint and the list of calls; the languages whose card players say one word
for both (fi, sv, da, fr, en) keep it in both phases."""

from __future__ import annotations

import pytest
from client_driver import Driver, make_app
from crowsnest import i18n
from crowsnest.client.scenes.table import TableScene
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.client.words import log_phase

WORDS = {
    "zh_CN": ("不叫", "不出"),
    "en": ("Pass", "Pass"),
    "fi": ("Passaa", "Passaa"),
    "sv": ("Pass", "Pass"),
    "da": ("Pas", "Pas"),
    "fr": ("Passe", "Passe"),
}


class Passer(Driver):
    """Passes whenever it may, and reads the Pass button before pressing it."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.labels: dict[str, set[str]] = {"bid": set(), "play": set()}
        self.hints: dict[str, set[str]] = {"bid": set(), "play": set()}

    def choose(self):
        t, m = self.table, self.table.match
        if ("pass",) in m.legal_actions():
            phase = m.phase
            button = next(b for b in t.panel_menu.buttons if b.value == ("pass",))
            self.labels[phase].add(button.label)
            label = t.words(t.words.action_label(("pass",), m.deck, t.view.phase))
            self.hints[phase].add(label)
            return ("pass",)
        return super().choose()


@pytest.mark.parametrize("language", sorted(WORDS))
def test_pass_is_named_for_its_phase(language):
    auction, play = WORDS[language]
    app = make_app()
    try:
        i18n.set_language(language)  # after the app, which applies its config's language
        v = app.registry.variant("doudizhu")
        setups = [SeatSetup("human" if i == 0 else "ai", "random", "") for i in range(3)]
        t = TableScene(LocalGame(v, setups, seed=3))
        app.stack.replace(t)
        drv = Passer(app, t, mode="keys", seed=1)
        plates: set[str] = set()

        def stop() -> bool:
            if t.match.phase == "play" and t.calls.get(0):
                plates.add(t.calls[0])  # the seat's plate after it passed in the play
            return bool(drv.labels["play"]) and bool(drv.labels["bid"]) and len(t.match.log) > 12

        drv.play(stop=stop, max_frames=20_000)
        assert drv.labels == {"bid": {auction}, "play": {play}}
        assert drv.hints == {"bid": {auction}, "play": {play}}
        assert plates <= {play} and plates
        # the calls so far: the seat's auction pass and its passes in the play, each named
        # as it was in its phase
        mine = [c for c in t.auction_log() if c.startswith(t.name_of(0))]
        m = t.match
        start = min(t.session.deal_start, len(m.log))
        phases = [
            log_phase(m.log, start, i)
            for i in range(start, len(m.log))
            if m.log[i] == ("pass",) and t.session.actors[i] == 0
        ]
        assert len(mine) == len(phases) and "" in phases and "play" in phases
        for call, phase in zip(mine, phases, strict=True):
            assert call.endswith(play if phase == "play" else auction), (call, phase)
    finally:
        app.close()
        i18n.set_language("en")
