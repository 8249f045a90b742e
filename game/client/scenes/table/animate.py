"""The animation room: table events become card flights, calls, news and beats.

`animate_events` asks the game's Presentation for the table events of an applied action
(crowsnest.engine.presentation: a small vocabulary, KINDS) and runs each through
`HANDLERS`, a table from kind to method: no game is named here. The match's own events
(`deal_over`, `redeal`, `match_over`) are the flow's (flow.py, `after_apply`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from crowsnest.engine import Action, Event
from crowsnest.engine.presentation import (
    CALL,
    CONTRACT,
    LAYAWAY,
    NEWS,
    PICKUP,
    PLAY,
    REVEAL,
    ROUND,
    TRICK,
    EventContext,
    TableEvent,
)

from .room import CardSprite, Origins
from .state import TableState
from .view import TableView


class AnimateRoom(TableState):
    # ---- one applied action
    def animate_events(
        self, seat: int, action: Action, events: list[Event], origin: Origins
    ) -> None:
        """The game's table events of an action just applied (the view is still the one
        before it), each run through its handler."""
        ctx = EventContext(
            seat=seat,
            action=action,
            before=self.view,
            deck=self.match.deck,
            options=self.match.options,
            teams=self.match.teams,
            events=tuple(events),
        )
        tes = list(self.words.game.table_events(events, ctx))
        narrator = getattr(self.app, "narrator", None)
        if narrator is not None:
            narrator.on_events(self, seat, action, tes)  # said before what follows
        for te in tes:
            if isinstance(te, TableEvent):
                handler = HANDLERS.get(te.kind)
                if handler is not None:
                    handler(self, te, ctx, origin)

    # ---- the handlers, one per table event kind

    def _on_call(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        self.app.audio.play("bid")
        if te.call is not None and te.seat >= 0:
            self.calls[te.seat] = self.words(te.call)
        self._news(te)

    def _on_contract(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        self.app.audio.play("bid")
        self.calls.clear()
        self._news(te)

    def _on_play(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        self.app.audio.play("card")
        seat = te.seat if te.seat >= 0 else ctx.seat
        a = ctx.action
        cards = list(a[1]) if a[0] == "play" and len(a) > 1 else self._ids(te.cards)
        before = ctx.before  # the table's own TableView (animate_events)
        place = (
            before.acting if isinstance(before, TableView) and before.dummy is not None else seat
        )
        rects = self.lay.play_rects(place, len(cards))
        for c, (x, y, w, h) in zip(cards, rects, strict=False):
            x0, y0 = origin.get(c, self._seat_centre(seat))
            sp = CardSprite(x0, y0, c, False, place, h)
            self.trick.append(sp)
            self.tweener.animate(sp, "out_cubic", 0.32, x=x + w / 2, y=y + h / 2)
        if te.call is not None:
            self.calls[seat] = self.words(te.call)
        self._news(te)

    def _on_layaway(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        self.app.audio.play("card")
        seat = te.seat if te.seat >= 0 else ctx.seat
        a = ctx.action
        face_up = self._ids(te.cards)  # public cards (a layout game's rows), else backs
        cards = face_up or (list(a[1]) if len(a) > 1 and isinstance(a[1], tuple) else [])
        for c in cards:
            x0, y0 = origin.get(c, self._seat_centre(seat))
            self._fly(c if face_up else -1, (x0, y0), self.lay.centre, 0.35, small=True)
        if te.call is not None:
            self.calls[seat] = self.words(te.call)
        self._news(te)

    def _on_pickup(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        if te.seat < 0:
            return
        seat = te.seat
        dst = self._seat_centre(seat)
        ids = self._ids(te.cards)
        if ids:  # face up: public cards going to a seat
            for i, c in enumerate(ids):

                def fly(c: int = c) -> None:
                    self._fly(c, self.lay.centre, dst, 0.5, small=True)

                self.tweener.wait(0.12 * i, fly)
        for i in range(min(max(0, te.count), 12)):
            self.tweener.wait(
                0.05 * i, lambda: self._fly(-1, self.lay.centre, dst, 0.4, small=True)
            )
        self._news(te)

    def _on_trick(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        news = self.words(te.news) if te.news is not None else ""
        self.beats.append(lambda: self._sweep(te.seat, news))

    def _on_round(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        self.calls.clear()
        self._news(te)

    def _on_reveal(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        if te.cards:
            self.piles.append((self.words(te.caption), list(te.cards)))
        self._news(te)

    def _on_news(self, te: TableEvent, ctx: EventContext, origin: Origins) -> None:
        self._news(te)

    def _news(self, te: TableEvent) -> None:
        if te.news is None:
            return
        line = self.words(te.news)
        if te.queued:
            self.beats.append(lambda: self.say(line, te.seconds))
        else:
            self.say(line, te.seconds)

    # ---- moving cards

    def _origins(self, seat: int, action: Action) -> Origins:
        """Screen centres of the cards an action moves, before it is applied."""
        lay = self.lay
        out: Origins = {}
        if len(action) < 2 or not isinstance(action[1], tuple):
            return out
        acting = self.view.acting if self.view.dummy is not None else seat
        if acting != seat:
            for c in action[1]:
                out[c] = self._seat_centre(acting)
            return out
        if seat == self.bottom:
            ids = self.hand_ids()
            rects = lay.hand_rects(len(ids))
            for c in action[1]:
                if c in ids:
                    x, y, w, h = rects[ids.index(c)]
                    out[c] = (x + w / 2, y + h / 2 - lay.lift)
        for c in action[1]:
            out.setdefault(c, self._seat_centre(seat))
        return out

    def _seat_centre(self, seat: int) -> tuple[float, float]:
        place = self.lay.seats[seat % len(self.lay.seats)]
        x, y, w, h = place.hand
        return (x + w / 2, y + h / 2)

    def _fly(
        self,
        card: int,
        src: tuple[float, float],
        dst: tuple[float, float],
        t: float,
        small: bool = True,
    ) -> None:
        sp = CardSprite(src[0], src[1], card, small)
        self.sprites.append(sp)
        self.tweener.animate(
            sp, "in_out_quad", t, on_finished=lambda: self._drop(sp), x=dst[0], y=dst[1]
        )

    def _drop(self, sp: CardSprite) -> None:
        if sp in self.sprites:
            self.sprites.remove(sp)

    def _sweep(self, winner: Any, news: str | None, quiet: bool = False) -> None:
        """Pause on the finished trick, then sweep it to the winner."""
        if not isinstance(winner, int) or winner < 0:
            winner = 0
        cards = list(self.trick)
        self.trick_winner = None if quiet else winner
        if news and not quiet:
            self.say(news, 1.4)

        def go() -> None:
            self.trick_winner = None
            self.app.audio.play("trick")
            dst = self._seat_centre(winner)
            for sp in cards:
                self.tweener.animate(
                    sp,
                    "in_quad",
                    0.35,
                    on_finished=partial(self._take, sp),
                    x=dst[0],
                    y=dst[1],
                )

        self.tweener.wait(0.5 if quiet else 0.9, go)

    def _take(self, sp: CardSprite) -> None:
        if sp in self.trick:
            self.trick.remove(sp)

    def _rebuild_trick(self) -> None:
        """Lay the trick from the view (after a resize or an undo)."""
        self.trick = []
        self.sprites = []
        if self.between:
            return
        for seat, names in self.view.trick:
            ids = self._ids(names)
            for c, (x, y, w, h) in zip(ids, self.lay.play_rects(seat, len(ids)), strict=False):
                self.trick.append(CardSprite(x + w / 2, y + h / 2, c, False, seat, h))

    # ---- dealing

    def animate_deal(self) -> None:
        """Shuffle and deal: backs fly from the centre to every seat in turn."""
        counts = list(self.view.hand_counts)[: self.session.seats]
        if not counts or self.tweener.scale == 0:
            self.dealing = None
            return
        self.app.audio.play("shuffle")
        self.dealing = {s: 0 for s in range(len(counts))}
        order = [(self.match.dealer + 1 + k) % len(counts) for k in range(len(counts))]
        seq = [s for r in range(max(counts)) for s in order if r < counts[s]]
        step = min(0.045, 1.4 / max(1, len(seq)))
        centre = self.lay.centre
        shuffle_t = self._shuffle(centre)

        def launch(seat: int) -> None:
            sp = CardSprite(centre[0], centre[1], -1, True)
            self.sprites.append(sp)
            dst = self._seat_centre(seat)

            def done() -> None:
                self._drop(sp)
                if self.dealing is not None:
                    self.dealing[seat] += 1

            self.tweener.animate(sp, "out_quad", 0.28, on_finished=done, x=dst[0], y=dst[1])

        for i, s in enumerate(seq):
            self.tweener.wait(shuffle_t + i * step + 1e-6, partial(launch, s))
        if seq:
            self.tweener.wait(shuffle_t, lambda: self.app.audio.play("deal"))
        self.beats.insert(0, self._dealt)

    def _dealt(self) -> None:
        self.dealing = None

    def _shuffle(self, centre: tuple[int, int]) -> float:
        """Riffle: the pack splits in two halves that part and meet twice. Returns its
        length in unscaled seconds (the deal starts after it)."""
        halves = [
            CardSprite(centre[0], centre[1], -1, True),
            CardSprite(centre[0], centre[1], -1, True),
        ]
        self.sprites.extend(halves)
        dx = self.lay.small[0] * 0.75
        beat = 0.16

        def riffle(k: int) -> None:
            if k >= 4:
                for h in halves:
                    self._drop(h)
                return
            out = 1 if k % 2 == 0 else 0
            self.tweener.animate(
                halves[0],
                "in_out_quad",
                beat,
                on_finished=lambda: riffle(k + 1),
                x=centre[0] - dx * out,
            )
            self.tweener.animate(halves[1], "in_out_quad", beat, x=centre[0] + dx * out)

        riffle(0)
        return 4 * beat + 0.05


HANDLERS = {
    CALL: AnimateRoom._on_call,
    CONTRACT: AnimateRoom._on_contract,
    PLAY: AnimateRoom._on_play,
    LAYAWAY: AnimateRoom._on_layaway,
    PICKUP: AnimateRoom._on_pickup,
    TRICK: AnimateRoom._on_trick,
    ROUND: AnimateRoom._on_round,
    REVEAL: AnimateRoom._on_reveal,
    NEWS: AnimateRoom._on_news,
}
