"""How to play: a game's short interactive lesson. The pages and their words are the
game's (its Presentation's `lesson()`); each task is done on real cards and judged by
the engine: pick the card worth the most points (the deck's points), choose among the
first calls of a real auction (its legal actions), play a card to a real trick (the
engine's check gives the reason when a card may not be played). From the title (How
to play) and from the coach's card."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pygame
from crowsnest.engine import Match
from crowsnest.engine.presentation import presentation_of
from crowsnest.i18n import _

from ..coach import _render, action_namer, card_namer
from ..input import Act, InputEvent
from ..scene import Scene
from ..widgets import GOLD, INK, MUTED, RED, Button, Menu, panel

GREEN = (150, 220, 140)


def lesson_variant(registry: Any, preferred: str | None = None) -> Any:
    """The game whose lesson How to play opens: `preferred` if it has one, else the
    first game that has one, else None."""
    variants = list(registry.variants.values())
    variants.sort(key=lambda v: v.id != preferred)
    return next((v for v in variants if presentation_of(v).lesson()), None)


def follow_position(variant: Any) -> Match:
    """A real position where seat 0 must answer a card led and holds cards it may not
    play (the first seed that gives one; the same on every run)."""
    for seed in range(1, 200):
        m = Match(variant, seed=seed)
        rng = random.Random(seed)
        for _step in range(400):  # all passing would redeal for ever
            if m.over or m.deal_no:
                break
            if m.to_move == 0 and m.phase == "play" and m.deal.legal_complete():
                trick = m.view(0).to_json().get("trick") or []
                singles = {a[1][0] for a in m.legal_actions() if len(a) > 1 and len(a[1]) == 1}
                hand = set(m.deal.hand_of(0) or ())
                if trick and 0 < len(singles) < len(hand) - 2:
                    return m
            m.apply_unchecked(m.deal.random_action(rng))
    raise LookupError("no position to follow in 200 seeds")


class HowToScene(Scene):
    """Left/right choose a card or button, Enter takes it; Next and Back turn pages."""

    def __init__(self, variant: Any = None) -> None:
        super().__init__()
        self.variant = variant
        self.page = 0
        self.focus = 0
        self.feedback = ""
        self.good = False
        self.error = ""
        self.pages: tuple[Any, ...] = ()
        self.card_rects: list[pygame.Rect] = []
        self.nav = Menu(
            [Button(_("Back"), "back"), Button(_("Next"), "next")], self._nav, columns=2
        )
        self.choices = Menu([], self._choose)

    # ---- the lesson's material: the game's words, the engine's positions

    def on_push(self) -> None:
        v = self.variant or lesson_variant(self.app.registry, self.app.prefs.variant)
        if v is None:
            self.error = _("None of the loaded games has a How to play.")
            return
        self.variant = v
        self.pages = presentation_of(v).lesson()
        self.deck = v.deck.build(v.resolve_options(None), v.default_seats)
        self.card = card_namer(v, self.deck)
        self.label = action_namer(v, self.deck)
        self.done = [False] * len(self.pages)
        self.follow: Match | None = None
        self._page()

    def on_pop(self) -> None:
        self.app.stack.resize(self.app.size)  # the scene below sizes its cards again

    @property
    def task(self) -> str:
        return self.pages[self.page].task if self.pages else ""

    def _page(self) -> None:
        self.feedback, self.good, self.focus = "", self.done[self.page], 0
        buttons = []
        try:
            if self.task == "follow" and self.follow is None:
                self.follow = follow_position(self.variant)
            if self.task == "counter":
                shown = presentation_of(self.variant).showcase(self.deck)[0]
                self.show_cards = [self.deck.ids(n)[0] for n in shown if self.deck.ids(n)]
            if self.task == "bid":
                auction = Match(self.variant, seed=1)
                calls = auction.legal_actions()[:6] if auction.deal.legal_complete() else []
                buttons = [Button(self.label(a), a) for a in calls]
        except Exception as e:  # noqa: BLE001 - a game whose lesson fails: say so, no crash
            self.error = _("This lesson cannot be shown: {why}").format(why=e)
        self.choices = Menu(buttons, self._choose, columns=max(1, len(buttons)))
        last = self.page == len(self.pages) - 1
        self.nav.buttons[1].label = _("Done") if last else _("Next")
        self.nav.focus = 1  # the frame shows what Enter does: Next (Done on the last page)
        self.resize(self.size)

    def cards(self) -> list[int]:
        if self.error or not self.pages:
            return []
        if self.task == "counter":
            return self.show_cards
        if self.task == "follow" and self.follow is not None:
            return list(self.follow.deal.hand_of(0) or ())
        return []

    # ---- answers

    def _good_text(self, **values: Any) -> str:
        good = self.pages[self.page].good
        if good is None:
            return _("Right.")
        return _render(dataclasses.replace(good, values=(*good.values, *values.items())))

    def pick_card(self, c: int) -> None:
        name = self.card(c)
        if self.task == "counter":
            pts = self.deck.points
            best = max(pts[x] for x in self.show_cards)
            self.good = pts[c] == best
            if self.good:
                self.feedback = _("Yes: {card} is worth {n} points, the most of these.").format(
                    card=name, n=pts[c]
                )
            else:
                self.feedback = _(
                    "{card} is worth {n} points; one card here is worth more."
                ).format(card=name, n=pts[c])
        elif self.task == "follow" and self.follow is not None:
            kind = next(a[0] for a in self.follow.legal_actions())
            reason = self.follow.check((kind, (c,)))
            self.good = reason is None
            if reason:
                self.feedback = _("Not {card}: {reason}.").format(card=name, reason=reason)
            else:
                self.feedback = self._good_text(card=name)
        self.done[self.page] = self.done[self.page] or self.good

    def _choose(self, b: Button) -> None:
        self.good = self.done[self.page] = True
        self.feedback = self._good_text(choice=b.label)

    def _nav(self, b: Button) -> None:
        if b.value == "back":
            if self.page == 0:
                self.close()
                return
            self.page -= 1
        elif self.page == len(self.pages) - 1:
            self.close()
            return
        else:
            self.page += 1
        self._page()

    # ---- input

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if self.error or not self.pages:
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
            self.nav.process_event(ev)
        return None

    # ---- layout and drawing

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not self.app or not self.pages:
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

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(surface.get_size()), (0, 0))
        ui, text = self.app.ui, self.app.text
        W, H = surface.get_size()
        if self.error or not self.pages:
            msg = text.fit(self.error, ui(20), W - ui(40))
            text.draw(surface, msg, ui(20), (W // 2, H // 2), RED, False, "center")
            return
        page = self.pages[self.page]
        title = _("How to play {game}").format(game=self.variant.name)
        text.draw(surface, title, ui(40), (W // 2, ui(44)), GOLD, True, "center")
        box = pygame.Rect(ui(40), ui(80), W - ui(80), ui(150))
        panel(surface, box)
        text.draw(
            surface, _render(page.title), ui(24), (box.left + ui(20), box.top + ui(12)), GOLD,
            True,
        )  # fmt: skip
        y = box.top + ui(48)
        for line in text.wrap(_render(page.body), ui(19), box.width - ui(40))[:4]:
            text.draw(surface, line, ui(19), (box.left + ui(20), y), INK)
            y += ui(24)
        if page.ask is not None:
            ask = _render(page.ask)
            text.draw(surface, ask, ui(20), (W // 2, box.bottom + ui(20)), GOLD, True, "midtop")
        if self.task == "follow" and self.follow is not None:
            trick = self.follow.view(0).to_json().get("trick") or []
            names = ", ".join(self.card(self.deck.ids(n)[0]) for _seat, cs in trick for n in cs)
            text.draw(
                surface, _("On the table: {cards}").format(cards=names), ui(18),
                (W // 2, box.bottom + ui(50)), INK, False, "midtop",
            )  # fmt: skip
        for i, (c, r) in enumerate(zip(self.cards(), self.card_rects, strict=False)):
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
        progress = _("Page {n} of {total}").format(n=self.page + 1, total=len(self.pages))
        text.draw(
            surface, progress, ui(15), (W // 2, self.nav.buttons[0].rect.top - ui(8)), MUTED,
            False, "midbottom",
        )  # fmt: skip
