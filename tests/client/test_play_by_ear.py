"""Playing by ear (issue 25): a whole deal of CrowsNest, Tractor and Dou Dizhu played by
keyboard from what was heard, the screen never read.

The player here knows only what the recording backend heard and what the engine says
is true: whose turn it is, what is legal, what lies on the table, what every seat did.
Before each of its decisions the test checks that the sentences needed to make it were
heard (its turn; each legal card or choice by name; each card in the middle with who
played it), then makes the decision by ear: it moves the focus with the arrow keys,
listening to the focus being read, until it hears the card or button it wants, and
presses Space or Enter. After the deal it checks that every other seat's move, every
trick's winner and the end-of-deal scores were heard, in the order they happened.

The facts are taken from the engine (legal actions, the seat's view, the applied
actions and their events), not from the narrator; only the game's vocabulary (the
words for a card, a button's label) is asked of the game's presentation, as a player
knows the names of the cards.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest
from client_driver import DT, key, make_app, start
from crowsnest.client.narrator import Narrator
from crowsnest.client.scenes.overlays import EndOfDealScene
from crowsnest.client.speech import RecordingBackend

pytestmark = pytest.mark.slow

CARD_KINDS = ("play", "discard")
SUFFIX = re.compile(r" \((selected|not allowed now|button|not available yet)\)$")


class Ear:
    """A player who hears and presses keys; nothing else."""

    def __init__(self, variant: str, seats: list[str], seed: int) -> None:
        self.app = make_app(speed=0)
        self.app.prefs.coach = False
        self.app.prefs.auto_pass = False  # every decision is the player's own
        self.app.prefs.speech = True
        self.rec = RecordingBackend()
        self.app.narrator = Narrator(self.app.prefs, self.rec)
        self.table = start(self.app, variant, seats, seed=seed)
        self.session = self.table.session
        self.me = 0
        self.rng = random.Random(seed)
        self.applied: list[tuple[int, Any, list[dict[str, Any]]]] = []  # the engine's record
        real = self.session.apply

        def apply(action: Any) -> Any:
            seat = self.session.match.to_move
            events = real(action)
            self.applied.append((seat, action, list(events or [])))
            return events

        self.session.apply = apply  # type: ignore[method-assign]
        self.mark = 0  # heard sentences before this index belong to earlier decisions
        self.pressed_at = 0
        self.decisions = 0

    # ---- the ear and the hands

    @property
    def heard(self) -> list[str]:
        return self.rec.sentences

    def since(self) -> str:
        return "\n".join(self.heard[self.mark :])

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(DT)
            if self.session.ai_busy():
                self.session.wait_ai(30)

    def press(self, k: int) -> str:
        """Press a key, let a frame pass, and return the last sentence heard."""
        before = self.pressed_at = len(self.heard)
        key(k)
        self.step()
        return self.heard[-1] if len(self.heard) > before else ""

    # ---- the vocabulary (the game's words for cards and choices)

    def card_word(self, name: str) -> str:
        w = self.table.words
        return w(w.game.card_words([name], self.session.match.deck))

    def label(self, action: Any) -> str:
        w = self.table.words
        return w(w.game.choice(action, self.session.match.deck).label)

    # ---- playing

    def play_deal(self) -> None:
        m = self.session.match
        for _ in range(60_000):
            self.step()
            if isinstance(self.app.stack.top, EndOfDealScene):
                self.step(3)
                return
            if m.to_move != self.me or m.over:
                continue
            if not any(s.startswith("Your turn") for s in self.heard[self.mark :]):
                continue  # not yet told: a player by ear waits to hear it
            self.decide()
        raise AssertionError("the deal did not end")

    def decide(self) -> None:
        m = self.session.match
        deal = m.deal
        legal = m.legal_actions()
        heard = self.since()
        view = m.view_json(self.me)
        deck = m.deck
        # -- what is on the table: every card in the middle, with who played it
        for entry in view.get("trick") or ():
            seat, names = entry[0], entry[1]
            names = [names] if isinstance(names, str) else list(names)
            who = self.table.name_of(seat)
            for n in names:
                word = self.card_word(n)
                assert any(word in s and who in s for s in self.heard[self.mark :]), (
                    f"{who}'s {n} lies on the table but was not heard: {heard}"
                )
        # -- what is legal: each card some legal action uses, each choice by its label
        card_names = {deck.names[c] for a in legal if a[0] in CARD_KINDS for c in a[1]}
        if not deal.legal_complete():
            card_names |= {deck.names[c] for c in deal.hand_of(self.me)}
        for n in card_names:
            assert re.search(re.escape(self.card_word(n)) + r"(?!\d)", heard), (
                f"may use {n} but was not told: {heard}"
            )
        for a in legal:
            if a[0] not in CARD_KINDS:
                lab = self.label(a)
                assert re.search(r"(?<![\w])" + re.escape(lab) + r"(?![\w])", heard), (
                    f"may choose {lab!r} but was not told: {heard}"
                )
        # -- decide (from the engine's legal actions) and do it by ear
        action = deal.random_action(self.rng)
        n = len(m.log)
        if action[0] in CARD_KINDS:
            self.choose_cards(action)
        else:
            self.choose_button(action, has_cards=bool(card_names))
        self.decisions += 1
        # what was heard from the key that made it on is the next decision's
        self.mark = self.pressed_at
        for _ in range(30):
            if len(m.log) > n or m.to_move != self.me:
                return
            self.step()
        raise AssertionError(f"{action} was not made; last heard: {self.heard[-5:]}")

    def focus_now(self) -> str:
        """The focus as last heard (the turn's announcement ends with it)."""
        return next((s for s in reversed(self.heard) if s), "")

    def choose_cards(self, action: Any) -> None:
        deck = self.session.match.deck
        want = [self.card_word(deck.names[c]) for c in action[1]]
        hand = len(self.session.match.deal.hand_of(self.me))
        single = len(want) == 1 and action[0] == "play" and self._single()
        heard = self.focus_now()
        for _ in range(3 * hand + 2):
            name, state = _parts(heard)
            if name in want and state != "selected":
                if single:
                    self.press(pygame.K_RETURN)
                    return
                heard = self.press(pygame.K_SPACE)
                want.remove(name)
                if not want:
                    self.press(pygame.K_RETURN)
                    return
                continue
            heard = self.press(pygame.K_RIGHT)
        raise AssertionError(f"never heard the cards {want}; last: {self.heard[-6:]}")

    def _single(self) -> bool:
        """One card is played with Enter (no selection) when every legal play is one
        card: the player heard so in the prompt ("play a card")."""
        return "play a card" in self.since()

    def choose_button(self, action: Any, has_cards: bool) -> None:
        target = self.label(action)
        heard = self.focus_now()
        if has_cards:
            heard = self.press(pygame.K_UP)  # from the hand to the buttons
        for _ in range(40):
            name, _state = _parts(heard)
            if name == target:
                heard = self.press(pygame.K_RETURN)
                if action[0] == "bid":
                    # the amount is picked; the focus is on the button that bids it
                    assert _parts(heard)[1] == "button", heard
                    self.press(pygame.K_RETURN)
                return
            heard = self.press(pygame.K_RIGHT)
        raise AssertionError(f"never heard the button {target!r}; last: {self.heard[-6:]}")

    # ---- after the deal: every event heard, in order

    def check_events(self) -> None:
        heard = self.heard
        at = 0

        def find(pred: Any, what: str) -> None:
            nonlocal at
            for i in range(at, len(heard)):
                if pred(heard[i]):
                    at = i + 1
                    return
            raise AssertionError(f"{what} was not heard (after {heard[at - 1 : at]!r})")

        deck = self.session.match.deck
        deal_over = None
        for seat, action, events in self.applied:
            who = self.table.name_of(seat)
            if seat != self.me:
                if action[0] == "play":
                    cards = [self.card_word(deck.names[c]) for c in action[1]]
                    find(
                        lambda s, cards=cards, who=who: (
                            s.startswith(who + ":") and all(c in s for c in cards)
                        ),
                        f"{who} playing {cards}",
                    )
                else:
                    find(lambda s, who=who: s.startswith(who + ":"), f"{who}'s {action}")
            for ev in events:
                if ev.get("type") == "trick" and isinstance(ev.get("winner"), int):
                    winner = ev["winner"]
                    name = "You" if winner == self.me else self.table.name_of(winner)
                    find(lambda s, name=name: s.startswith(name), f"trick won by {name}")
                if ev.get("type") == "deal_over":
                    deal_over = ev
        assert deal_over is not None
        find(lambda s: s.startswith("End of deal"), "the end-of-deal sheet")
        rows = heard[at:]
        game = self.table.words.game
        for score in deal_over.get("scores", []):
            said = {str(score), str(game.score_value(score))}  # a level game says its level
            assert any(
                re.search(r"(?<![\w-])" + re.escape(v) + r"(?![\w])", r) for r in rows for v in said
            ), f"score {score} not heard: {rows}"

    def close(self) -> None:
        self.app.close()


def _parts(sentence: str) -> tuple[str, str]:
    """A focus sentence as (what, state): "the red 5 (selected)" -> ("the red 5",
    "selected")."""
    m = SUFFIX.search(sentence)
    if m is None:
        return sentence, ""
    return sentence[: m.start()], m.group(1)


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [
        ("crowsnest", ["human", "ai", "ai", "ai"], 11),
        ("tractor", ["human", "ai", "ai", "ai"], 5),  # the player declares, buries the kitty
        ("doudizhu", ["human", "ai", "ai"], 2),
    ],
)
def test_a_whole_deal_played_by_ear(variant: str, seats: list[str], seed: int) -> None:
    ear = Ear(variant, seats, seed)
    try:
        ear.play_deal()
        assert ear.decisions >= 5, ear.decisions
        ear.check_events()
    finally:
        ear.close()
