"""The flow room: whose turn it is and what happens next.

After an action its table events become animations and "beats" (steps run one at a time
when no tween is running: sweep the trick, show the end of the deal, deal again). The
game moves on (an AI move, a human's input) only when the tweener is idle, the beats are
done and the table is the top scene, so nothing changes under a menu and no input lands
while a move animates.

Hot-seat privacy: `viewer` is the human whose eyes are on the screen (the bottom seat).
With two or more humans, a human's hand is drawn face up only when no other human is to
move; when a different human is to move, the "Pass to NAME" screen (opaque: nothing
beneath it is drawn) is pushed before their hand is shown.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from crowsnest.engine import Action, Event
from crowsnest.engine.presentation import say

from ...layout import table_layout
from ...words import log_phase
from ..celebrate import CelebrationScene, outcome, wanted
from ..overlays import EndOfDealScene, GameOverScene, PrivacyScene
from .online import OnlineRoom
from .room import Origins
from .state import CARD_KINDS
from .view import TableView

AI_PACE = 0.55  # seconds an AI move stays on screen before the next one (speed 3)
AUTO_PASS_PAUSE = 0.9  # seconds the table shows before an automatic pass (speed 3)
PASS: Action = ("pass",)  # design.md's notation


class FlowRoom(OnlineRoom):
    # ---- what is possible
    def refresh(self) -> None:
        """Re-read the view and the legal actions (after any change to the match)."""
        m = self.match
        self._hand_cache = None  # the view changes: so may the hand
        self.view = m.view_json(self.bottom)
        self._legal = m.legal_actions() if m.to_move == self.bottom else []
        self.card_kind = None
        self.single = False
        self.playable = set()
        if self._legal or (m.to_move == self.bottom and not m.over):
            cards = [a for a in self._legal if a[0] in CARD_KINDS]
            complete = m.deal.legal_complete()
            if cards:
                self.card_kind = cards[0][0]
            elif not complete:
                self.card_kind = "discard"
            self.single = (
                self.card_kind == "play" and complete and all(len(a[1]) == 1 for a in cards)
            )
            if complete:
                self.playable = self._playable(cards)
            else:
                self.playable = set(self.hand_ids())
        ids = self.hand_ids()
        self.selected &= set(ids)
        if self.playable and ids:
            # keep the keyboard focus on a card that may be played
            f = max(0, min(self.hand_focus, len(ids) - 1))
            if ids[f] not in self.playable:
                self.hand_focus = next((i for i, c in enumerate(ids) if c in self.playable), f)
        self.rebuild_controls()

    def _playable(self, acts: list[Action]) -> set[int]:
        """The held cards some legal action can use, decided per card instance. The
        engine lists one action per distinct play, so of two identical cards (two 8 of
        spades in a double pack) or two equivalent ones (any 2 answering a single) only
        one appears in the list; the other is found by putting it in its twin's place
        and asking the engine (check), never by knowing the game's rules."""
        out = {c for a in acts for c in a[1]}
        ranks = self.match.deck.ranks
        for c in self.hand_ids():
            if c in out:
                continue
            for a in acts:
                twins = [x for x in a[1] if x != c and ranks[x] == ranks[c]]
                if any(
                    self.match.check((a[0], tuple(sorted((*[y for y in a[1] if y != x], c)))))
                    is None
                    for x in twins
                    if c not in a[1]
                ):
                    out.add(c)
                    break
        return out

    def rebuild_controls(self) -> None:
        """Build the action panel and the toolbar anew for what may be done now (after
        the legal actions are re-read, or a new layout). The flow owns no widgets:
        ControlsRoom, the layer above, overrides this with its builders."""

    # ---- acting

    def submit(self, action: Action) -> bool:
        """Apply the bottom human's action if legal; else show the engine's reason."""
        if not self.my_turn():
            return False
        reason = self.match.check(action)
        if reason is not None:
            self.reason = reason[:1].upper() + reason[1:]
            return False
        seat = self.match.to_move
        origin = self._origins(seat, action)
        events = self.session.apply(action)
        self.selected.clear()
        self.hint_cards.clear()
        self.reason = ""
        self.hover = -1
        if events is not None:  # None: on its way to the table's server, back by poll_ai
            self.after_apply(seat, action, events, origin)
        return True

    def _apply_ai(self, seat: int, action: Action) -> None:
        self._ai_ready = -1
        if self.match.to_move != seat:
            return
        self.others_moved = True  # the chime sounds when a human's turn comes next
        origin = self._origins(seat, action)
        events = self.session.apply(action)
        self.after_apply(seat, action, events or [], origin)

    def after_apply(self, seat: int, action: Action, events: list[Event], origin: Origins) -> None:
        """An action was applied: its table events animate, the match's own events (the
        deal's end, a redeal, the match's end) become beats, and the table re-reads."""
        before = self.view
        self.animate_events(seat, action, events, origin)
        for ev in events:  # the match's own events
            t = ev.get("type")
            if t in ("deal_over", "redeal"):
                self.between = True
                if t == "deal_over":
                    self.bar_view = self._finished_view(ev)
                    self.beats.append(partial(self._end_of_deal, ev))
                else:
                    self.beats.append(lambda: self.say(self.words(say("Redeal"))))
                self.beats.append(self.start_deal)
            elif t == "match_over":
                self.beats.insert(len(self.beats) - 1, partial(self._game_over, ev))
        if self.session.faults:
            self.say(self.session.faults.pop(0))
        self.refresh()
        types = {e.get("type") for e in events}
        if self.view.phase == "play" and before.phase != "play":
            self.calls.clear()  # the auction is over once the play starts
        if self.trick and not self.view.trick and not types & {"trick", "deal_over", "redeal"}:
            # the middle was cleared without a trick event (a round of plays ends when
            # the others pass): sweep the cards to whoever leads next
            self.beats.append(lambda: self._sweep(self.match.to_move, None, quiet=True))

    def _finished_view(self, ev: Event) -> Any:
        """The view of the deal that just ended, with the deal_over event's final
        numbers over it (the game's presentation says which)."""
        deal = self.session.finished_deal
        if deal is None or deal is self.match.deal:
            return None  # the match is over: its deal is still the finished one
        v = TableView.of(deal.view(self.bottom).to_json(), self._known_names())
        raw = self.words.game.finished_view(dict(v.raw), ev)
        return TableView.of(raw if isinstance(raw, dict) else v.raw)

    def _end_of_deal(self, ev: Event) -> None:
        self.app.audio.play("win")
        self.app.stack.push(EndOfDealScene(self.session, ev, self.piles, self.words))
        self.piles = []

    def _game_over(self, ev: Event) -> None:
        kind = outcome(self.session, ev)
        self.app.audio.play("lose" if kind == "loss" else "win")
        self.app.stack.push(GameOverScene(self.session, ev, self.words))
        if kind is not None and wanted(self.app):
            self.app.stack.push(CelebrationScene(kind, seed=self.match.deal_no))

    # ---- what happens next

    def update(self, dt: float) -> None:
        self.tweener.speed = self.app.prefs.speed
        self.tweener.update(dt)
        if self.banner_left > 0:
            self.banner_left -= dt
            if self.banner_left <= 0:
                self.banner = ""
        self.session.update(dt)  # an online table reads its network here
        self.online_update()  # its chime, title mark and undo questions (online.py)
        if self.session.rebuilt != self.seen_rebuilt:
            self.seen_rebuilt = self.session.rebuilt
            self.resync()
        if self.session.changed != self.seen_changed:
            self.seen_changed = self.session.changed
            self.refresh()
            self._live_reason()
        if self.session.notices and not self.banner:
            self.say(self.session.notices.pop(0), 3.0)
        hint = self.session.poll_hint()
        if hint is not None:
            self.hint_wait = False
            self._show_hint(hint)
        if self.app.stack.top is not self:
            return  # nothing moves on under a menu or an overlay
        if self.tweener.busy:
            return
        if not self.hurry and self.app.narrator.hold(dt):
            return  # the voice is still telling what happened: the next move waits (Hurry: not)
        if self.beats:
            self.beats.pop(0)()
            return
        m, s = self.match, self.session
        if m.over or self.between:
            return
        tm = m.to_move
        if tm < 0:
            return
        if s.plays_here(tm) and not s.pending:
            if self.others_moved:  # "your turn", once, after the computers moved
                self.others_moved = False
                # an online table behind other windows chimed already (online.py)
                chimed = self.turn_marked
                if getattr(self.app.prefs.look, "turn_chime", True) and not chimed:
                    self.app.audio.play("turn")
            if self.hurry:
                self.hurry = False
                self.tweener.hurry = 1.0
            if self._auto_pass(dt):
                return
            if tm != self.viewer and len(s.humans) >= 2:
                if self.viewer is None and tm == self.last_seen:
                    self.pass_to(tm)  # nobody else has looked since: no need to pass
                    return
                self.app.stack.push(PrivacyScene(self, tm))
            return
        # an AI seat thinks off the render loop; an online table's other seats (and the
        # echo of this window's own move) come from its server the same way; then the
        # move is paced (not the window's own: it was seen as it was made)
        s.request_ai()
        self.ai_clock += dt
        got = s.poll_ai()
        if got is None:
            return
        seat, action = got
        self._ai_ready = seat  # answered; the move shows after a short pause
        pace = 0.0 if self.hurry or s.plays_here(seat) else AI_PACE * self.tweener.scale
        remaining = max(0.0, pace - self.ai_clock)
        self.ai_clock = 0.0
        self.tweener.wait(remaining, lambda: self._apply_ai(seat, action))

    def _auto_pass(self, dt: float) -> bool:
        """Pass for the player when passing is the only legal action (Settings: on by
        default), after a short look at the table; True when it passed."""
        if not (self.app.prefs.auto_pass and self.my_turn() and self._legal == [PASS]):
            self._pass_clock = 0.0
            return False
        self._pass_clock += dt
        if self._pass_clock < AUTO_PASS_PAUSE * self.tweener.scale:
            return False
        self._pass_clock = 0.0
        if self.submit(PASS):
            self.say(self.words(say("You passed: there was nothing else you could do")), 1.6)
            return True
        return False

    def pass_to(self, seat: int) -> None:
        """The privacy screen was dismissed by `seat`'s human."""
        self.viewer = self.last_seen = seat
        self.selected.clear()
        self.relayout()
        self.refresh()

    def start_deal(self) -> None:
        """A new deal: clear the table, then shuffle and deal it on screen."""
        if self.match.over:
            return
        self.between = False
        self.bar_view = None
        self.calls.clear()
        self.trick.clear()
        self.refresh()
        if len(self.session.humans) >= 2:
            self.viewer = None  # nobody's hand until the privacy screen is passed
            self.relayout()
            self.refresh()
        self.animate_deal()

    def resync(self) -> None:
        """The game was rebuilt under the table (an online table's snapshot): re-read
        everything, as after an undo."""
        self.tweener.finish_all()
        self.sprites.clear()
        self.calls.clear()
        self.selected &= set()
        self.hint_cards.clear()
        self.reason = ""
        self._ai_ready = -1
        self.refresh()
        self._rebuild_trick()
        self._rebuild_calls()

    def undo(self) -> None:
        seat = self.undo_seat()
        # a computer that answered but whose move is still waiting to show has shown
        # nothing: undo drops that answer (its pause ends on a position it is not to move in)
        pending_ai = self._ai_ready >= 0
        busy = self.tweener.busy and not pending_ai
        if busy or self.beats or not self.session.can_undo(seat):
            if self.session.undo_blocked_by_computer(seat):
                self.say(
                    self.words(say("A computer has answered since: its move stays (no undo)")),
                    2.2,
                )
            elif not self.session.can_undo(seat):
                self.say(self.words(say("Nothing of yours to undo in this deal")), 1.6)
            return
        if self.session.online:  # asked of the table's server: a snapshot answers it
            self.session.undo(seat)
            return
        if not pending_ai:
            self.tweener.finish_all()
        self.session.undo(seat)
        self._ai_ready = -1
        self.tweener.finish_all()  # the dropped answer's pause: _apply_ai sees it is stale
        self.calls.clear()
        self.selected.clear()
        self.hint_cards.clear()
        self.reason = ""
        self.refresh()
        self._rebuild_trick()
        self._rebuild_calls()
        self.say(self.words(say("Your last decision was taken back")), 1.6)

    def _rebuild_calls(self) -> None:
        """The calls of the auction so far (after an undo or a resumed game), from the
        deal's own log: the actions say what each seat called."""
        if self.view.phase == "play" or self.card_kind == "discard":
            return  # the auction's calls are cleared once it is over
        m, s = self.match, self.session
        start = min(s.deal_start, len(m.log))
        for i, (a, who) in enumerate(zip(m.log[start:], s.actors[start:], strict=False)):
            if a and a[0] == "trump":
                self.calls.clear()  # as when it happened
            elif a and a[0] not in CARD_KINDS:
                phase = log_phase(m.log, start, start + i)
                self.calls[who] = self.words(self.words.call_label(a, m.deck, phase))

    # ---- the selection and hints

    def _live_reason(self) -> None:
        self.selection_name = ""
        if self.selected and self.card_kind:
            cards = tuple(sorted(self.selected))
            r = self.match.check((self.card_kind, cards))
            self.reason = "" if r is None else r[:1].upper() + r[1:]
            if r is None:
                try:
                    self.selection_name = str(self.match.deal.describe(cards))
                except Exception:  # noqa: BLE001 - a plugin's helper must not break the table
                    self.selection_name = ""
        else:
            self.reason = ""

    def _show_hint(self, action: Action) -> None:
        deck = self.match.deck
        if action[0] in CARD_KINDS:
            cards = set(action[1])
            self.hint_cards = cards
            ids = self.hand_ids()
            if self.single and cards:
                c = next(iter(cards))
                if c in ids:
                    self.hand_focus, self.zone = ids.index(c), "hand"
            else:
                self.selected = cards & set(ids)
                self._live_reason()
        else:
            for i, b in enumerate(self.panel_menu.buttons):
                b.hint = b.value == action
                if b.hint:
                    self.panel_menu.focus, self.zone = i, "panel"
        label = self.words.action_label(action, deck, self.view.phase)
        self.say(self.words(say("Hint: {action}", action=label)), 3.0)

    # ---- the layout
    def relayout(self) -> None:
        self.lay = table_layout(
            self.size,
            self.positions,
            self.bottom,
            self.app.prefs.card_scale,
            clockwise=self.session.variant.clockwise,
            max_play=self.largest_play(),
            plate_min=self.plate_room(),
        )
        self.tweener.finish_all()
        self._rebuild_trick()
        self.rebuild_controls()
