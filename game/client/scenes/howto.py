"""How to play CrowsNest: a short interactive lesson. Four pages, each with something
to do on real cards, judged by the engine: find the biggest counter (the deck's
points), make a bid (a real auction's legal bids), play a card to a real trick (the
engine's check gives the reason when a card may not be played), and the way a deal is
scored. From the title (How to play) and from the coach's first card."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pygame
from crowsnest.engine import Match
from crowsnest.i18n import _, ngettext

from ..coach import card_words
from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import GOLD, INK, MUTED, RED, Button, Menu, panel

GREEN = (150, 220, 140)


def points_sentence(deck: Any) -> str:
    """The counters of the deck, from its points: "5s: 5 points; 10s and 14s: 10; ..."."""
    by: dict[int, set[str]] = defaultdict(set)
    for name, pts in zip(deck.names, deck.points, strict=False):
        if pts:
            by[pts].add("BIRD" if name == "BIRD" else name[1:])
    parts = []
    for pts in sorted(by):
        ranks = sorted(by[pts], key=lambda r: (r == "BIRD", int(r) if r.isdigit() else 99))
        words = ", ".join(
            _("the Crow") if r == "BIRD" else _("every {rank}").format(rank=r) for r in ranks
        )
        parts.append(
            ngettext("{cards}: {n} point", "{cards}: {n} points", pts).format(cards=words, n=pts)
        )
    return "; ".join(parts)


def follow_position(variant: Any) -> Match:
    """A real CrowsNest position where seat 0 must follow the colour led and holds cards
    it may not play (the first seed that gives one; the same on every run)."""
    for seed in range(1, 200):
        m = Match(variant, seed=seed)
        rng = random.Random(seed)
        for _step in range(400):  # all passing would redeal for ever
            if m.over or m.deal_no:
                break
            if m.to_move == 0 and m.phase == "play":
                trick = m.view(0).to_json().get("trick") or []
                legal = {a[1][0] for a in m.legal_actions() if a[0] == "play"}
                hand = set(m.deal.hand_of(0))
                if trick and 0 < len(legal) < len(hand) - 2:
                    return m
            m.apply_unchecked(m.deal.random_action(rng))
    raise LookupError("no position to follow suit in 200 seeds")


class HowToScene(Scene):
    """Left/right choose a card or button, Enter takes it; Next and Back turn pages."""

    PAGES = 4

    def __init__(self) -> None:
        super().__init__()
        self.page = 0
        self.focus = 0
        self.feedback = ""
        self.good = False
        self.done = [False] * self.PAGES
        self.card_rects: list[pygame.Rect] = []
        self.nav = Menu(
            [Button(_("Back"), "back"), Button(_("Next"), "next")], self._nav, columns=2
        )
        self.choices = Menu([], self._choose, columns=6)

    # ---- the lesson's material, from the engine

    def on_push(self) -> None:
        try:
            v = self.app.registry.variant("crowsnest")
        except LookupError as e:  # its plugin disabled: say so instead of a lesson
            self.error = _("How to play needs CrowsNest: {why}").format(why=e)
            return
        self.error = ""
        self.variant = v
        self.deck = v.deck.build(v.resolve_options(None), v.default_seats)
        self.show_cards = [self.deck.ids(n)[0] for n in ("R5", "G10", "BIRD", "Y14", "B9")]
        auction = Match(v, seed=1)
        self.bids = [a for a in auction.legal_actions() if a[0] == "bid"][:4] + [("pass",)]
        self.follow = follow_position(v)
        self._page()

    def on_pop(self) -> None:
        self.app.stack.resize(self.app.size)  # the table below sizes its cards again

    def _page(self) -> None:
        self.feedback, self.good, self.focus = "", self.done[self.page], 0
        if self.page == 1:
            buttons = [Button(_("Pass") if a[0] == "pass" else str(a[1]), a) for a in self.bids]
        else:
            buttons = []
        self.choices = Menu(buttons, self._choose, columns=max(1, len(buttons)))
        self.nav.buttons[1].label = _("Done") if self.page == self.PAGES - 1 else _("Next")
        self.resize(self.size)

    def cards(self) -> list[int]:
        if not hasattr(self, "deck"):
            return []
        if self.page == 0:
            return self.show_cards
        if self.page == 2:
            return list(self.follow.deal.hand_of(0))
        return []

    # ---- answers

    def pick_card(self, c: int) -> None:
        name = card_words(self.deck, c, _("the Crow"))
        if self.page == 0:
            best = max(self.show_cards, key=lambda x: self.deck.points[x])
            if c == best:
                self.good = True
                self.feedback = _("Yes: the Crow is the biggest counter. {points}.").format(
                    points=points_sentence(self.deck)
                )
            else:
                self.good = False
                self.feedback = ngettext(
                    "{card} is worth {n} point; one card here is worth more.",
                    "{card} is worth {n} points; one card here is worth more.",
                    self.deck.points[c],
                ).format(card=name, n=self.deck.points[c])
        elif self.page == 2:
            reason = self.follow.check(("play", (c,)))
            if reason:
                self.good = False
                self.feedback = _("Not {card}: {reason}.").format(card=name, reason=reason)
            else:
                self.good = True
                self.feedback = _(
                    "Yes, {card} may be played. The rule: follow the colour led if you can; "
                    "if you cannot, play any card, a trump included."
                ).format(card=name)
        self.done[self.page] = self.done[self.page] or self.good

    def _choose(self, b: Button) -> None:
        a = b.value
        self.good = self.done[1] = True
        if a[0] == "pass":
            self.feedback = _(
                "Passing: you are out of this auction. When all but one have passed, the last "
                "bidder is the declarer."
            )
        else:
            self.feedback = _(
                "Bidding {bid}: if you win the auction, your side must take at least {bid} "
                "points in this deal, or {bid} is taken off your score."
            ).format(bid=a[1])

    def _nav(self, b: Button) -> None:
        if b.value == "back":
            if self.page == 0:
                self.close()
                return
            self.page -= 1
        elif self.page == self.PAGES - 1:
            self.close()
            return
        else:
            self.page += 1
        self._page()

    # ---- input

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if getattr(self, "error", ""):
            if a in (Act.BACK, Act.MENU, Act.ALT_CLICK, Act.CONFIRM, Act.CLICK):
                self.close()
            return None
        cards = self.cards()
        if a in (Act.BACK, Act.MENU, Act.ALT_CLICK):
            self.close()
        elif a in (Act.POINT, Act.CLICK) and ev.pos is not None:
            for i in range(len(self.card_rects) - 1, -1, -1):
                if self.card_rects[i].collidepoint(ev.pos):
                    self.focus = i
                    if a is Act.CLICK:
                        self.pick_card(cards[i])
                    return None
            if self.choices.process_event(ev) is None:
                return None
            self.nav.process_event(ev)
        elif cards and a in (Act.LEFT, Act.RIGHT) and not self.good:
            self.focus = (self.focus + (1 if a is Act.RIGHT else -1)) % len(cards)
        elif cards and a in (Act.CONFIRM, Act.SELECT) and not self.good:
            self.pick_card(cards[self.focus])
        elif self.choices.buttons and not self.good and a in (Act.LEFT, Act.RIGHT, Act.CONFIRM):
            self.choices.process_event(ev)
        else:
            if a is Act.CONFIRM:
                self.nav.focus = 1
            self.nav.process_event(ev)
        return None

    # ---- layout and drawing

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app or not hasattr(self, "deck"):
            return
        ui = self.app.ui
        W, H = size
        bw, bh = ui(200), ui(48)
        self.nav.buttons[0].rect = pygame.Rect(W // 2 - bw - ui(10), H - ui(20) - bh, bw, bh)
        self.nav.buttons[1].rect = pygame.Rect(W // 2 + ui(10), H - ui(20) - bh, bw, bh)
        cards = self.cards()
        self.card_rects = []
        if cards:
            ch = min(ui(170), H // 4)
            self.app.assets.set_card_height(ch)
            cw = self.app.assets.card_size[0]
            step = min(cw + ui(10), (W - ui(80) - cw) // max(1, len(cards) - 1))
            total = step * (len(cards) - 1) + cw
            y = H // 2 - ch // 2 + ui(40)
            for i in range(len(cards)):
                self.card_rects.append(pygame.Rect(W // 2 - total // 2 + i * step, y, cw, ch))
        if self.choices.buttons:
            n = len(self.choices.buttons)
            w = min(ui(150), (W - ui(80)) // n - ui(10))
            total = n * w + (n - 1) * ui(12)
            for i, b in enumerate(self.choices.buttons):
                b.rect = pygame.Rect(W // 2 - total // 2 + i * (w + ui(12)), H // 2, w, ui(48))

    def page_text(self) -> tuple[str, str, str]:
        """(title, explanation, task) of the page."""
        if self.page == 0:
            return (
                _("1. The cards"),
                _(
                    "CrowsNest is played with four colours, black, green, red and yellow, "
                    "numbered 5 to 14, and the Crow. Some cards are counters: they are worth "
                    "points to the side that takes them in a trick."
                ),
                _("Pick the card worth the most points."),
            )
        if self.page == 1:
            return (
                _("2. The auction"),
                _(
                    "Four players, two teams: you and North against West and East. After the "
                    "deal, each player bids the points their team will take, or passes. The "
                    "highest bidder takes the nest's five cards, lays five back and names trump."
                ),
                _("These are the first bids of a real auction. Choose one."),
            )
        if self.page == 2:
            trick = self.follow.view(0).to_json().get("trick") or []
            led = card_words(self.deck, self.deck.ids(trick[0][1][0])[0]) if trick else ""
            return (
                _("3. Following the colour"),
                _(
                    "A card was led ({card}). Everyone must play the colour led if they can "
                    "(the Crow may be played at any time). Trump beats the other colours; "
                    "the highest card of the colour led wins otherwise."
                ).format(card=led),
                _("This is your hand in a real trick. Play a card you may play."),
            )
        return (
            _("4. Scoring"),
            _(
                "After the last trick each team counts its counters. If the declarer's team "
                "took at least its bid, it scores the bid; if not, the bid is taken off its "
                "score. The other team scores what it took. The first team to 300 wins. In "
                "your first deals the coach explains each decision as it comes."
            ),
            "",
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        if getattr(self, "error", ""):
            msg = text.fit(self.error, ui(20), W - ui(40))
            text.draw(surface, msg, ui(20), (W // 2, H // 2), RED, False, "center")
            return
        title, body, task = self.page_text()
        text.draw(
            surface, _("How to play CrowsNest"), ui(40), (W // 2, ui(44)), GOLD, True, "center"
        )
        box = pygame.Rect(ui(40), ui(80), W - ui(80), ui(150))
        panel(surface, box)
        text.draw(surface, title, ui(24), (box.left + ui(20), box.top + ui(12)), GOLD, True)
        y = box.top + ui(48)
        for line in text.wrap(body, ui(19), box.width - ui(40))[:4]:
            text.draw(surface, line, ui(19), (box.left + ui(20), y), INK)
            y += ui(24)
        if task:
            text.draw(surface, task, ui(20), (W // 2, box.bottom + ui(20)), GOLD, True, "midtop")
        cards = self.cards()
        if self.page == 2:
            trick = self.follow.view(0).to_json().get("trick") or []
            names = ", ".join(
                card_words(self.deck, self.deck.ids(n)[0], _("the Crow"))
                for _seat, cs in trick
                for n in cs
            )
            text.draw(
                surface, _("On the table: {cards}").format(cards=names), ui(18),
                (W // 2, box.bottom + ui(50)), INK, False, "midtop",
            )  # fmt: skip
        for i, (c, r) in enumerate(zip(cards, self.card_rects, strict=False)):
            surface.blit(self.app.assets.card_face(self.deck, c), r)
            if i == self.focus and not self.good:
                pygame.draw.rect(surface, GOLD, r.inflate(ui(6), ui(6)), 3, border_radius=8)
        self.choices.draw(surface, text, ui(22), show_focus=not self.good)
        if self.feedback:
            colour = GREEN if self.good else RED
            bottom = self.card_rects[0].bottom if self.card_rects else H // 2 + ui(60)
            y = bottom + ui(14)
            for line in text.wrap(self.feedback, ui(18), W - ui(120))[:3]:
                text.draw(surface, line, ui(18), (W // 2, y), colour, True, "midtop")
                y += ui(22)
        self.nav.draw(surface, text, ui(22))
        progress = _("Page {n} of {total}").format(n=self.page + 1, total=self.PAGES)
        text.draw(
            surface, progress, ui(15), (W // 2, self.nav.buttons[0].rect.top - ui(8)), MUTED,
            False, "midbottom",
        )  # fmt: skip
