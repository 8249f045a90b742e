"""The input room: keys, mouse and pad (as `InputEvent`s) on the table, the action
panel (buttons for the non-card choices), the toolbar, selecting cards and hints."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
from crowsnest.engine import Action
from crowsnest.engine.presentation import Choice, say

from ...input import Act, InputEvent
from ...widgets import Button, Menu
from ..overlays import LastTrickScene, PauseScene, ScoreSheetScene
from .flow import FlowRoom
from .state import CARD_KINDS

TOP_BAR_WORDS = 620  # room the top bar's words want left of the toolbar, at 720 lines


class ControlsRoom(FlowRoom):
    # ---- the panel of choices
    def rebuild_controls(self) -> None:
        self._build_panel()
        self._build_toolbar()

    def _build_panel(self) -> None:
        deck = self.match.deck
        words = self.words
        buttons: list[Button] = []
        others = [a for a in self._legal if a[0] not in CARD_KINDS]
        others.sort(key=lambda a: (a[0] != "pass", a[1] if a[0] == "bid" else 0))
        for a in others:
            ch = words.game.choice(a, deck)
            if not isinstance(ch, Choice):
                ch = Choice(words.game.action_label(a, deck))
            phased = words.game.phase_label(a, self.view.phase)
            if phased is not None:
                ch = replace(ch, label=phased)
            b = Button(words(ch.label), a)
            if ch.suit:
                b.colour = self.app.assets.suit_colour(ch.suit)
                b.icon = self.app.assets.icon("suit:" + ch.suit, self.app.ui(24))
            elif ch.swatch is not None:
                b.colour = ch.swatch
                b.glyph = ch.glyph
            buttons.append(b)
        if self.card_kind and not self.single:
            label = words(words.game.confirm_label(self.card_kind, self.view))
            buttons.append(Button(label, ("confirm",)))
            buttons.append(Button(words(say("Clear")), ("clear",)))
        if self.bid_choice not in others:
            self.bid_choice = None  # a new decision: nothing picked yet
        if any(a[0] == "bid" for a in others):
            # an amount is picked first, then this button (naming it) commits it: one
            # stray click never bids
            for b in buttons:
                b.chosen = b.value == self.bid_choice
            buttons.append(self._bid_button())
        focus = self.panel_menu.focus if len(self.panel_menu.buttons) == len(buttons) else 0
        self.panel_menu = Menu(buttons, self._press)
        self.panel_menu.focus = min(focus, max(0, len(buttons) - 1))
        self.zone = "panel" if self.card_kind is None else "hand"
        self._layout_panel()

    def _layout_panel(self) -> None:
        lay, ui = self.lay, self.app.ui
        buttons = self.panel_menu.buttons
        if not buttons:
            return
        h, gap = ui(44), ui(10)
        if self.panel_in_row():  # a row above the hand, on the right of the prompt
            w = min(ui(150), lay.status[2] // (2 * len(buttons)))
            x0 = lay.status[0] + lay.status[2] - len(buttons) * (w + gap) + gap
            y = lay.status[1] + (lay.status[3] - h) // 2
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(x0 + i * (w + gap), y, w, h)
            self.panel_menu.columns = len(buttons)
            return
        px, py, pw, ph = lay.panel
        cols = len(buttons) if len(buttons) <= 4 else min(6, (len(buttons) + 1) // 2)
        if any(b.colour for b in buttons):
            cols = min(len(buttons), 4)
        # a narrow panel (many seats in a small window): fewer columns, more rows, each
        # button as wide as its label wants
        font = self.app.text.fonts(ui(20), True)
        want = max(font.size(b.label)[0] + ui(16) + (h if b.colour else 0) for b in buttons)
        want = min(want, ui(130))
        cols = max(1, min(cols, (pw - 2 * ui(16) + gap) // (want + gap)))
        fit_rows = max(1, (ph - ui(70)) // (h + gap))  # the title and the box's edges
        cols = min(len(buttons), max(cols, -(-len(buttons) // fit_rows)))
        # the box drawn round the buttons (ui(16) each side) stays inside the panel area
        w = min(ui(130), (pw - 2 * ui(16) - gap * (cols - 1)) // cols)
        rows = (len(buttons) + cols - 1) // cols
        total_w = cols * w + (cols - 1) * gap
        total_h = rows * h + (rows - 1) * gap
        rect = pygame.Rect(
            px + (pw - total_w) // 2, py + ph // 2 - total_h // 2 + ui(18), total_w, total_h
        )
        self.panel_menu.layout_grid(rect, cols, h, gap)

    def _build_toolbar(self) -> None:
        im = self.app.input
        w = self.words
        items = [
            (w(say("Menu")), Act.MENU),
            (w(say("Hint")), Act.HINT),
            (w(say("Undo")), Act.UNDO),
            # before the first trick the button shows the deal's calls so far
            (
                w(say("Last trick"))
                if self.view.last_trick or not self.has_calls()
                else w(say("Calls")),
                Act.LAST_TRICK,
            ),
            (w(say("Scores")), Act.SCORES),
            (w(say("Hurry")), Act.HURRY),
        ]
        ui = self.app.ui
        font = self.app.text.fonts(ui(16), True)
        keys = [im.label(a) for _lb, a in items]
        labels = [
            (w(say("{label} ({key})", label=lb, key=k)) if k else lb, a)
            for (lb, a), k in zip(items, keys, strict=True)
        ]
        full = sum(font.size(t)[0] + ui(22) for t, _a in labels)
        if full > self.lay.size[0] - ui(TOP_BAR_WORDS):
            labels = list(items)  # a narrow window: the keys give way
        buttons = []
        x = self.lay.size[0] - ui(6)
        bh = self.lay.top_bar[3] - ui(8)
        for text, act in reversed(labels):
            width = font.size(text)[0] + ui(16)
            x -= width
            b = Button(text, act, pygame.Rect(x, ui(4), width, bh))
            if act is Act.UNDO:
                b.enabled = self.can_undo()
            if act is Act.LAST_TRICK:
                b.enabled = bool(self.view.last_trick) or self.has_calls()
            if act is Act.HINT:
                b.enabled = self.match.to_move == self.bottom and self.hand_visible()
            buttons.append(b)
            x -= ui(6)
        self.toolbar = Menu(list(reversed(buttons)), self._tool)
        self.toolbar_left = x

    def _tool(self, b: Button) -> None:
        self.process_event(InputEvent(b.value))

    def _bid_button(self) -> Button:
        """The button that commits the picked bid: "Bid 120" (the game's words for the
        call), or a greyed "Bid" while no amount is picked."""
        words, a = self.words, self.bid_choice
        if a is None:
            return Button(words(say("Bid")), ("bid_confirm",), enabled=False)
        return Button(words(words.game.call_label(a, self.match.deck)), ("bid_confirm",))

    def _pick_bid(self, a: Action) -> None:
        """An amount picked (click, Enter, the pad's A): it is marked, and the focus
        moves to the button that commits it, so Enter twice bids by keyboard."""
        self.bid_choice = a
        buttons = self.panel_menu.buttons
        for b in buttons:
            b.chosen = b.value == a
        i = next(i for i, b in enumerate(buttons) if b.value == ("bid_confirm",))
        rect = buttons[i].rect
        buttons[i] = self._bid_button()
        buttons[i].rect = rect
        self.panel_menu.focus = i
        self.zone = "panel"

    def _press(self, b: Button) -> None:
        a = b.value
        if a == ("bid_confirm",):
            if self.bid_choice is not None and self.my_turn():
                a, self.bid_choice = self.bid_choice, None
                self.submit(a)
        elif a[0] == "bid" and self.my_turn():
            self._pick_bid(a)
        elif a == ("confirm",):
            self.confirm_selection()
        elif a == ("clear",):
            self.selected.clear()
            self.reason = ""
        elif self.my_turn():
            self.submit(a)

    # ---- choosing cards

    def confirm_selection(self) -> None:
        if not self.card_kind or not self.my_turn():
            return
        if not self.selected:
            self.reason = self.words(
                say("Select the cards first (click them, or arrow keys and Space)")
            )
            return
        self.submit((self.card_kind, tuple(sorted(self.selected))))

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self._live_reason()

    def play_card(self, card: int) -> None:
        if self.single:
            self.submit(("play", (card,)))
        else:
            self.toggle(card)

    # ---- input events

    def process_event(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        if a in (Act.READ_HAND, Act.READ_TABLE, Act.READ_TURN, Act.REPEAT):
            self.app.narrator.answer(a, self.app)  # the keys to ask the speech
            return None
        if a is Act.MENU:
            self.app.stack.push(PauseScene(self))
            return None
        if a is Act.CHAT:  # an online table where chat is on (scenes/online.py)
            game: Any = self.session
            if game.online and game.rules.get("chat", "presets") != "off" and game.presets:
                self.app.stack.push(self.app.scene("chat", self))
            return None
        if a is Act.SCORES:
            self.app.stack.push(ScoreSheetScene(self.session, self.words))
            return None
        if a is Act.RULES:
            self.app.stack.push(self.app.scene("rules", self.session.variant.id))
            return None
        if a is Act.LAST_TRICK:
            if self.view.last_trick or self.has_calls():
                self.app.stack.push(LastTrickScene(self))
            return None
        if a is Act.HURRY:
            self.hurry = True
            self.tweener.hurry = 0.15
            self.say(self.words(say("Hurrying the AI until your turn")), 1.2)
            return None
        if (
            a in (Act.POINT, Act.CLICK)
            and ev.pos is not None
            and self.toolbar.process_event(ev) is None
        ):
            return None
        if a is Act.UNDO:
            self.undo()
            return None
        if a is Act.HINT:
            if self.match.to_move == self.bottom and self.hand_visible() and not self.hint_wait:
                self.session.request_hint()
                self.hint_wait = True
                self.say(self.words(say("Thinking of a hint...")), 1.0)
            return None
        if not self.my_turn():
            if a is Act.POINT:
                self.hover = self._card_at(ev.pos)
            return None
        return self._turn_input(ev)

    def _turn_input(self, ev: InputEvent) -> InputEvent | None:
        a = ev.act
        ids = self.hand_ids()
        has_panel = bool(self.panel_menu.buttons)
        if a in (Act.POINT, Act.CLICK):
            if has_panel and self.panel_menu.process_event(ev) is None:
                self.zone = "panel"
                return None
            idx = self._card_at(ev.pos)
            if a is Act.POINT:
                self.hover = idx
                if idx >= 0 and self.card_kind:
                    self.hand_focus = idx
                    self.zone = "hand"
                return None
            if idx >= 0 and self.card_kind:
                self.hand_focus, self.zone = idx, "hand"
                self.play_card(ids[idx])
            return None
        if a is Act.ALT_CLICK or a is Act.BACK:
            if self.selected:
                self.selected.clear()
                self.reason = ""
            return None
        if a is Act.UP and has_panel and self.zone == "hand":
            self.zone = "panel"
            return None
        if a is Act.DOWN and self.card_kind and self.zone == "panel":
            self.zone = "hand"
            return None
        if a is Act.SELECT_CARD:
            if self.zone == "hand" and self.card_kind and 1 <= ev.index <= len(ids):
                self.hand_focus = ev.index - 1
            elif self.zone == "panel" and 1 <= ev.index <= len(self.panel_menu.buttons):
                self.panel_menu.focus = ev.index - 1
            return None
        if self.zone == "panel" and has_panel:
            return self.panel_menu.process_event(ev) and None
        if not self.card_kind or not ids:
            return None
        self.hand_focus = max(0, min(self.hand_focus, len(ids) - 1))
        if a is Act.LEFT:
            self.hand_focus = (self.hand_focus - 1) % len(ids)
        elif a is Act.RIGHT:
            self.hand_focus = (self.hand_focus + 1) % len(ids)
        elif a is Act.SELECT:
            if self.single:
                self.play_card(ids[self.hand_focus])
            else:
                self.toggle(ids[self.hand_focus])
        elif a is Act.CONFIRM:
            if self.single:
                self.play_card(ids[self.hand_focus])
            elif self.selected:
                self.confirm_selection()
            else:
                self.toggle(ids[self.hand_focus])
        return None

    def _card_at(self, pos: tuple[int, int] | None) -> int:
        if pos is None or not self.hand_visible():
            return -1
        ids = self.hand_ids()
        rects = self.lay.hand_rects(len(ids))
        for i in range(len(rects) - 1, -1, -1):
            x, y, w, h = rects[i]
            lift = self.lay.lift if (ids[i] in self.selected or i == self.hover) else 0
            if pygame.Rect(x, y - lift, w, h + lift).collidepoint(pos):
                return i
        return -1
