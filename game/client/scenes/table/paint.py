"""The painting room: `draw` and everything it calls. Pure: it reads the table's state
and the view, changes nothing (`frame_faces` records whose hands were drawn face up in
the last frame, for the hot-seat tests)."""

from __future__ import annotations

from math import ceil
from typing import Any

import pygame
from crowsnest import i18n
from crowsnest.engine.presentation import BAR_RANKS, Centre, Fact, say

from ...layout import CARD_RATIO
from ...widgets import GOLD, INK, MUTED, RED, TEAM_COLOURS, panel
from .room import RoomBase

AWAY_INK = (236, 168, 92)  # an online seat away or played by the computer: seen at a glance
BarItem = tuple[str, Any, str]  # (words, colour, suit key whose glyph goes first, or "")


def line_height(font: pygame.font.Font) -> int:
    """The step between lines of a font: a line with accented capitals and descenders
    (Ä, Å, É, ç) renders taller than the font's line size, and lines must not overlap."""
    return max(font.get_linesize(), font.size("ÅÉÄgjç")[1])


class PaintRoom(RoomBase):
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.lay
        assets = self.app.assets
        surface.blit(assets.table(surface.get_size()), (0, 0))
        self.frame_faces = set()
        self.drawn = []
        self.plate_text = []
        self.portrait_rects = {}
        self._draw_centre(surface)
        for place in lay.seats:
            self._draw_seat(surface, place)
        self._draw_trick(surface)
        self._draw_top_bar(surface)
        self._draw_status(surface)

    def _mark(self, kind: str, owner: int, rect: Any) -> None:
        """Record a drawn region (what it is, whose; "plate:icon" an icon on a seat's
        plate): the layout tests check that
        regions of different owners never overlap and all stay in the window."""
        self.drawn.append((kind, owner, pygame.Rect(rect)))

    # ---- the middle of the table

    def centre(self) -> Centre:
        """What the game lays in the middle for the current view (cached per frame by
        the view object: a view is immutable)."""
        key = id(self.view)
        if self._centre_cache is None or self._centre_cache[0] != key:
            c = self.words.game.centre(self.view, self.match.deck)
            self._centre_cache = (key, c if isinstance(c, Centre) else Centre())
        return self._centre_cache[1]

    def _draw_centre(self, surface: pygame.Surface) -> None:
        c = self.centre()
        if not self.between:
            # a private row is the viewer's own secret, not for another's eyes
            shown = [s for s in c.shown if not s.private or self.hand_visible()]
            top = [s for s in shown if not s.middle]
            for row, s in enumerate(top):
                self._draw_pile_row(surface, list(s.cards), self.words(s.caption), s.spaced, row)
            self._draw_middle_rows(surface, [s for s in shown if s.middle])
        self._draw_centre_pile(surface, c)

    def _draw_middle_rows(self, surface: pygame.Surface, rows: list[Any]) -> None:
        """A layout game's rows, stacked in the middle of the table, each card's index
        corner showing, the caption on the row's left."""
        if not rows:
            return
        lay, assets, ui = self.lay, self.app.assets, self.app.ui
        cx, cy = lay.centre
        # the rows share the room the trick would have, a little more for few rows
        room = lay.trick_card[1] * 2.2
        h = max(ui(40), min(lay.small[1], round(room / len(rows))))
        assets.set_card_height(h)
        w = assets.card_size[0]
        step = max(4, w // 3)
        widest = max(max(0, r.start) + len(r.cards) for r in rows)
        gap = ui(6)
        y = round(cy - (len(rows) * h + (len(rows) - 1) * gap) / 2)
        x0 = round(cx - (step * (widest - 1) + w) / 2)
        for r in rows:
            caption = self.words(r.caption)
            at = (x0 + max(0, r.start) * step - ui(8), y + h // 2)
            self.app.text.draw(surface, caption, ui(15), at, MUTED, True, "midright")
            x = x0 + max(0, r.start) * step
            for c in self._ids(r.cards):
                surface.blit(assets.card_face(self.match.deck, c), (x, y))
                x += step
            y += h + gap

    def _draw_pile_row(
        self,
        surface: pygame.Surface,
        names: list[str],
        caption: str,
        spaced: bool = False,
        row: int = 0,
    ) -> None:
        """Public cards in a small row under the top bar: centred with the caption on
        its left, or, where a seat sits at the top centre, just right of that seat with
        the caption after it."""
        lay, assets, ui = self.lay, self.app.assets, self.app.ui
        assets.set_card_height(round(lay.small[1] * 0.8))
        w = assets.card_size[0]
        ids = self._ids(names)
        if not ids:
            return
        sx, sy, sw, sh = lay.shelf
        font_size = ui(15)
        cap_w = self.app.text.fonts(font_size, True).size(caption)[0] + ui(8)
        step = w + 4 if spaced else w // 2
        room = sw - cap_w - w
        if len(ids) > 1 and step * (len(ids) - 1) > room:
            step = max(2, room // (len(ids) - 1))  # a narrow shelf: the cards overlap more
        width = step * (len(ids) - 1) + w
        y = sy + row * (assets.card_size[1] + lay.margin)  # a second row goes under the first
        top = [p for p in lay.seats if not p.local and abs(p.anchor[0] - lay.centre[0]) < w]
        if top:  # beside the seat at the top: the cards, then the caption after them
            x = sx
            cap = ((x + width + ui(8), y + ui(18)), "topleft")
        else:  # centred: the caption on the cards' left
            x = sx + (sw - width - cap_w) // 2 + cap_w
            cap = ((x - ui(8), y + ui(18)), "topright")
        r = self.app.text.draw(surface, caption, font_size, cap[0], MUTED, True, cap[1])
        self._mark("shelf", -1, r)
        for c in ids:
            surface.blit(assets.card_face(self.match.deck, c), (x, y))
            self._mark("shelf", -1, (x, y, *assets.card_size))
            x += step

    def _draw_centre_pile(self, surface: pygame.Surface, c: Centre) -> None:
        lay, assets = self.lay, self.app.assets
        n = c.count if isinstance(c.count, int) else 0
        show_pile = n > 0 and not self.between
        if show_pile and self.my_turn() and self.panel_menu.buttons and not self.panel_in_row():
            show_pile = False  # the panel stands there
        if self.dealing is None and not show_pile:
            return
        assets.set_card_height(lay.small[1])
        back = assets.card_back()
        cx, cy = lay.centre
        k = 6 if self.dealing is not None else min(n, 6)
        for i in range(k):
            r = surface.blit(back, back.get_rect(center=(cx - i * 2, cy - i * 2)))
            self._mark("pile", -1, r)
        if show_pile and self.dealing is None and c.caption is not None:
            self.app.text.draw(
                surface,
                self.words(c.caption),
                self.app.ui(16),
                (cx, cy + lay.small[1] // 2 + self.app.ui(12)),
                INK,
                True,
                "center",
            )

    # ---- seats

    def _draw_dummy_piles(self, surface: pygame.Surface, seat: int) -> None:
        """A dummy's piles as the rules lay them out: each face-up card on a face-down
        one (peeking out below it) until the pile's lower card turns up."""
        assets, lay = self.app.assets, self.lay
        dummy = self.view.dummy
        if dummy is None:
            return
        deck = self.match.deck
        ups = list(dummy.up)
        fan = lay.small_rects(seat, len(ups))
        if not fan:
            return
        hx, hy, hw, hh = lay.seats[seat].hand
        if hh <= 0:
            return  # no room for cards at this seat (a tiny window): its plate counts them
        drop = max(3, hh // 8)
        n = len(ups)
        # Piles side by side (not fanned: each pile is a separate stack), the under card
        # peeking out by `drop`: all of it within the seat's hand room
        gap = max(2, hh // 12)
        wmax = (hw - drop - (n - 1) * gap) / n
        assets.set_card_height(max(16, min(hh - drop, int(wmax / CARD_RATIO))))
        w, h = assets.card_size
        total = n * w + (n - 1) * gap + drop
        x0 = hx + (hw - total) // 2
        y = hy + drop
        back = assets.card_back()
        for i, name in enumerate(ups):
            x = x0 + i * (w + gap)
            if i < len(dummy.under) and dummy.under[i]:
                surface.blit(back, (x + drop, y - drop))
            ids = self._ids([name]) if name else []
            if ids:
                surface.blit(assets.card_face(deck, ids[0]), (x, y))
            self._mark("hand", seat, (x, y - drop, w + drop, h + drop))

    def _draw_seat(self, surface: pygame.Surface, place: Any) -> None:
        lay, assets, text, ui = self.lay, self.app.assets, self.app.text, self.app.ui
        s = self.session
        seat = place.seat
        counts = self.view.hand_counts
        count = counts[seat] if seat < len(counts) else 0
        dummy = self.view.dummy if seat >= s.seats else None
        if seat >= s.seats:
            count = dummy.count if dummy is not None else 0
        if self.dealing is not None:
            count = min(count, self.dealing.get(seat, 0))
        if self.between:
            count = 0
        if place.local:
            self._draw_local_hand(surface, count)
        elif dummy is not None:
            self._draw_dummy_piles(surface, seat)
            count = dummy.count + dummy.down  # face up + face down
        else:
            assets.set_card_height(lay.small[1])
            back = assets.card_back()
            for x, y, w, h in lay.small_rects(seat, count):
                surface.blit(back, (x, y))
                self._mark("hand", seat, (x, y, w, h))
        # name plate
        px, py, pw, ph = place.plate
        self._mark("plate", seat, place.plate)
        to_move = self.match.to_move == seat and not self.between and self.dealing is None
        team = s.team_of(seat)
        colour = TEAM_COLOURS[(team if team is not None else seat) % len(TEAM_COLOURS)]
        panel(surface, place.plate, edge=GOLD if to_move else (70, 90, 80))
        pygame.draw.rect(surface, colour, (px + 3, py + 3, ui(6), ph - 6), border_radius=3)
        name = self.name_of(seat)
        icon_h = ui(18)
        dv = self.bar_view or self.view  # the finished deal's dealer while its sheet is up
        dealer = dv.dealer == seat and self.words.game.dealer_badge
        leads = seat >= 0 and seat == self.words.game.leader(dv)
        # the icons stand in slots from the plate's right edge: the dealer's, then the
        # leader's in the next free one (the first, when the leader does not deal)
        for slot, icon in enumerate(n for n, on in (("dealer", dealer), ("leader", leads)) if on):
            at = (px + pw - (slot + 1) * (icon_h + ui(4)), py + ui(4))
            surface.blit(assets.icon(icon, icon_h), at)
            self._mark("plate:icon", seat, (*at, icon_h, icon_h))
        icons = dealer + leads
        ix = self._draw_portrait(surface, place, name, icons * (icon_h + ui(4)))
        room = px + pw - ix - ui(6) - icons * (icon_h + ui(4))
        # a long name: smaller type, then two lines (a dummy's "Dummy (played by ...)")
        nsize = text.shrink(name, ui(18), room, True, ui(12))
        names = text.wrap_hard(name, nsize, room, True)
        y = py + ui(4)
        for ln in names:
            r = text.draw(surface, ln, nsize, (ix, y), INK, True)
            self._mark_text(seat, r)
            y += line_height(text.fonts(nsize, True))
        score = ""
        if not self.match.teams and seat < len(self.match.scores):
            # individual scoring: each plate carries its own running score
            score = str(self.words.game.score_value(self.match.scores[seat]))
        call = self.calls.get(seat)
        call_colour = GOLD if call and not to_move else MUTED
        # the words under the name, wrapped onto the plate's lines (the call on a line
        # of its own where there is room): nothing is cut while a line is free
        small = ui(15)
        step = line_height(text.fonts(small))
        top = y + ui(1)
        score_w = text.fonts(ui(18), True).size(score)[0] + ui(8) if score else 0
        words_w = px + pw - ui(6) - ix  # right of the portrait, if there is one
        lines = self._plate_flow(seat, place.local, to_move, words_w, score_w)
        free = max(1, (py + ph - ui(3) - top) // step)
        if len(lines) > free:  # no room to spare: the last line takes what is left, cut
            rest = "  ".join(w for ln in lines[free - 1 :] for w, _c in ln)
            lines = [*lines[: free - 1], [(text.fit(rest, small, words_w), MUTED)]]
        y = top
        for ln in lines:
            x = ix
            for words, kind in ln:
                ink = call_colour if kind == "call" else AWAY_INK if kind == "away" else MUTED
                if "{" in words:  # suit glyphs inline ("Declared 2{suit:S}")
                    img = self._rich(words, small, ink)
                    r = surface.blit(img, img.get_rect(topleft=(x, y)))
                else:
                    r = text.draw(surface, words, small, (x, y), ink, False)
                self._mark_text(seat, r)
                x = r.right + text.fonts(small).size("  ")[0]
            y += step
        if score:
            text.draw(
                surface,
                score,
                ui(18),
                (px + pw - ui(8), py + ph - ui(5)),
                colour,
                True,
                "bottomright",
            )

    def portrait_side(self, plate_h: int) -> int:
        """A portrait's size on a plate `plate_h` tall (0: too small to show one)."""
        ui = self.app.ui
        side = min(plate_h - ui(8), ui(44))
        return side if side >= ui(22) else 0

    def _draw_portrait(self, surface: pygame.Surface, place: Any, name: str, marks: int) -> int:
        """The seat's portrait at the plate's left, where the plate has room for it and
        for the whole name beside it (a small plate shows the words alone); the x where
        the plate's words start."""
        ui, text = self.app.ui, self.app.text
        px, py, pw, ph = place.plate
        ix = px + ui(14)
        side = self.portrait_side(ph)
        if place.seat >= self.session.seats or not side:
            return ix  # a dummy has no face of its own
        after = ix + side + ui(6)
        right = px + pw - ui(6)
        # the name beside the dealer's and leader's marks, the lines under it beside
        # nothing: each must keep its room, or the words come first
        if right - marks - after < text.fonts(ui(18), True).size(name)[0] or right - after < ui(70):
            return ix
        at = (ix - ui(2), py + (ph - side) // 2)
        surface.blit(self.app.assets.portrait(place.seat, side), at)
        self._mark("plate:portrait", place.seat, (*at, side, side))
        self.portrait_rects[place.seat] = pygame.Rect(*at, side, side)
        return after

    def _mark_text(self, seat: int, r: pygame.Rect) -> None:
        """Words drawn on a plate (the layout test checks they stay on it)."""
        self.plate_text.append((seat, pygame.Rect(r)))

    def _plate_flow(
        self, seat: int, local: bool, to_move: bool, room: int, score_w: int
    ) -> list[list[tuple[str, str]]]:
        """The plate's words in lines of (words, kind) pieces at most `room` wide: the
        facts (card count, "partner", the game's words) first, the call or "thinking"
        on a line of its own; a piece wider than a line is wrapped by words. The last
        line leaves `score_w` free for the score."""
        text, ui = self.app.text, self.app.ui
        font = text.fonts(ui(15))
        gap = font.size("  ")[0]

        def width(w: str) -> int:
            return self._rich(w, ui(15), MUTED).get_width() if "{" in w else font.size(w)[0]

        pieces: list[tuple[str, str]] = []
        for kind, words in self._plate_pieces(seat, local, to_move):
            if "{" in words or width(words) <= room:
                pieces.append((words, kind))
            else:
                pieces += [(w, kind) for w in text.wrap(words, ui(15), room)]
        lines: list[list[tuple[str, str]]] = []
        used = room + 1
        for words, kind in pieces:
            w = width(words)
            own = kind in ("call", "away")  # on a line of its own where there is room
            new_line = own and lines and lines[-1][-1][1] != kind
            if lines and not new_line and used + gap + w <= room:
                lines[-1].append((words, kind))
                used += gap + w
            else:
                lines.append([(words, kind)])
                used = w
        if score_w and lines and used + score_w > room:
            lines.append([])
        return lines

    def _plate_line(self, seat: int, local: bool, to_move: bool) -> str:
        """The plate's words under the name as one string (tests read it)."""
        return "  ".join(w for _k, w in self._plate_pieces(seat, local, to_move))

    def _plate_pieces(self, seat: int, local: bool, to_move: bool) -> list[tuple[str, str]]:
        """The plate's words under the name, each with its kind ("fact" or "call"):
        card count, "partner", the game's words, then thinking or the call."""
        s = self.session
        words = self.words
        parts: list[tuple[str, str]] = []
        # between deals the hands are put away: no "0 cards" against the sheet's cards left
        if not local and not self.between:
            counts = self.view.hand_counts
            n = counts[seat] if seat < len(counts) else 0
            if seat >= s.seats and self.view.dummy is not None:
                n = self.view.dummy.count + self.view.dummy.down
            if self.dealing is not None:
                n = min(n, self.dealing.get(seat, 0))
            parts.append(("fact", words(say("{count} card", plural="{count} cards", count=n))))
        me = self.bottom
        if seat != me and s.team_of(seat) is not None and s.team_of(seat) == s.team_of(me):
            parts.append(("fact", words(say("partner"))))  # named, not only the team stripe
        if not self.between:
            for t in self.words.game.plate(self.view, seat) or ():
                parts.append(("fact", words(t)))
        parts += self._online_pieces(seat, to_move)
        call = self.calls.get(seat)
        if to_move and not s.is_human(seat) and (s.ai_busy() or self._ai_ready == seat):
            dots = "." * (1 + int(self.app.clock_s * 3) % 3)
            parts.append(("call", words(say("thinking")) + dots))
        elif call:
            parts.append(("call", call))
        return [(k, p) for k, p in parts if p]

    def _online_pieces(self, seat: int, to_move: bool) -> list[tuple[str, str]]:
        """An online seat's state ("away" with its grace counting down, "played by the
        computer", "empty seat", this window's "reconnecting") and the turn clock."""
        s, w = self.session, self.words
        if not s.online or seat >= s.seats:
            return []
        out: list[tuple[str, str]] = []
        st = s.status(seat)
        if st == "away":
            left = s.grace_left(seat)
            said = (
                # short enough for a plate at 640x480 in French; when it runs out the
                # plate says "played by the computer"
                say("away: {seconds} s", seconds=ceil(left)) if left else say("away")
            )
            out.append(("away", w(said)))
        elif st == "ai" and s.is_human(seat):
            out.append(("away", w(say("played by the computer"))))
        elif st == "empty":
            out.append(("away", w(say("empty seat: the computer plays"))))
        elif st == "reconnecting":
            out.append(("away", w(say("reconnecting..."))))
        left = s.clock_left(seat) if to_move else None
        if left is not None:
            out.append(("call", w(say("{seconds} s left", seconds=ceil(left)))))
        return out

    def _rich(self, line: str, size: int, colour: Any) -> pygame.Surface:
        """Text with inline suit icons, cached (it is drawn every frame)."""
        cache = self._rich_cache
        size = self.app.text.px(size)  # as plain text is drawn: the text size applies
        key = (line, size, colour)
        img = cache.get(key)
        if img is None:
            if len(cache) > 200:
                cache.clear()
            img = cache[key] = self.app.assets.text(line, size, colour)
        return img

    def _draw_local_hand(self, surface: pygame.Surface, count: int) -> None:
        lay, assets = self.lay, self.app.assets
        assets.set_card_height(lay.card[1])
        if not self.hand_visible():
            back = assets.card_back()
            for x, y, w, h in lay.hand_rects(count):
                surface.blit(back, (x, y))
                self._mark("hand", self.bottom, (x, y, w, h))
            return
        ids = self.hand_ids()[:count] if self.dealing is not None else self.hand_ids()
        arriving = self._arriving()
        if arriving:  # picked-up cards join the hand when their flight lands
            ids = [c for c in ids if c not in arriving]
        self.frame_faces.add(self.bottom)
        rects = lay.hand_rects(len(ids))
        deck = self.match.deck
        my = self.my_turn() and self.card_kind is not None
        focus = self.hand_focus if (my and self.zone == "hand") else -1
        # while laying away, the cards just picked up are marked
        fresh = set(self._ids(self.centre().fresh)) if self.card_kind == "discard" else set()
        for i, (c, (x, y, _w, _h)) in enumerate(zip(ids, rects, strict=True)):
            up = c in self.selected or (
                my and c in self.playable and (i == self.hover or i == focus)
            )
            yy = y - lay.lift if up else y
            surface.blit(assets.card_face(deck, c), (x, yy))
            self._mark("hand", self.bottom, (x, yy, _w, _h))
            if my and c not in self.playable:
                surface.blit(assets.card_outline("dim"), (x, yy))
            elif c in self.selected:
                surface.blit(assets.card_outline("selected"), (x, yy))
            elif c in self.hint_cards or i == focus:
                surface.blit(assets.card_outline("hover"), (x, yy))
            elif c in fresh:
                surface.blit(assets.card_outline("legal"), (x, yy))

    def _arriving(self) -> set[int]:
        """Cards just picked up, flying into the bottom seat's hand now."""
        if not self.tweener.busy or self.match.to_move != self.bottom:
            return set()
        if self.card_kind != "discard":
            return set()
        return set(self._ids(self.centre().fresh))

    def _draw_trick(self, surface: pygame.Surface) -> None:
        lay, assets = self.lay, self.app.assets
        deck = self.match.deck
        for sp in self.trick:
            assets.set_card_height(sp.h or lay.trick_card[1])
            cw, ch = assets.card_size
            img = assets.card_face(deck, sp.card) if sp.card >= 0 else assets.card_back()
            r = surface.blit(img, (round(sp.x - cw / 2), round(sp.y - ch / 2)))
            self._mark("played", sp.seat, r)
            if sp.seat == self.trick_winner:  # the winning play, while the trick rests
                ring = assets.card_outline("selected")
                surface.blit(ring, ring.get_rect(center=(round(sp.x), round(sp.y))))
        assets.set_card_height(lay.small[1])
        sw, sh = lay.small
        back = assets.card_back()
        for sp in self.sprites:
            img = back if sp.card < 0 else assets.card_face(deck, sp.card)
            surface.blit(img, (round(sp.x - sw / 2), round(sp.y - sh / 2)))

    # ---- the top bar and the status line

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        lay, text, ui = self.lay, self.app.text, self.app.ui
        x, y, w, h = lay.top_bar
        panel(surface, (x - 4, y - 4, w + 8, h + 4), radius=0, edge=None)
        self._mark("bar", -1, lay.top_bar)
        items, fs = self.bar_shown()
        cx = ui(10)
        for t, colour, suit in items:
            if suit:  # the suit's glyph before its words
                ic = self.app.assets.icon("suit:" + suit, ui(20))
                surface.blit(ic, ic.get_rect(midleft=(cx, h // 2)))
                cx += ui(22)
            r = text.draw(surface, t, fs, (cx, h // 2), colour, True, "midleft")
            cx = r.right + ui(18)
        self.toolbar.draw(surface, text, ui(16), show_focus=False)

    def bar_shown(self) -> tuple[list[BarItem], int]:
        """What the top bar shows in this window: smaller type first, then the least
        needed items give way (the game's ranking of its facts, BAR_RANKS), so the most
        important facts stay at every size."""
        text, ui = self.app.text, self.app.ui
        ranked = self._bar_items()
        room = self.toolbar_left - ui(10)

        def width(items: list[tuple[BarItem, int, str]], fs: int) -> int:
            font = text.fonts(fs, True)
            return sum(
                font.size(t)[0] + ui(18) + (ui(22) if suit else 0)
                for (t, _c, suit), _r, _k in items
            )

        sizes = (ui(17), ui(15), ui(13))
        fs = next((f for f in sizes if width(ranked, f) <= room), sizes[-1])
        while len(ranked) > 1 and width(ranked, fs) > room:
            # the least needed goes; among equals the rightmost
            drop = min(range(len(ranked)), key=lambda i: (ranked[i][1], -i))
            del ranked[drop]
        return [item for item, _r, _k in ranked], fs

    def _bar_items(self) -> list[tuple[BarItem, int, str]]:
        """The top bar's items in order, each with its rank (BAR_RANKS) and kind ("game",
        "deal", "fact" or "scores")."""
        v = self.bar_view or self.view
        deal = self.match.deal_no + (0 if self.match.over or self.between else 1)
        words = self.words
        name = i18n.variant_text(self.session.variant, self.session.variant.name)
        out: list[tuple[BarItem, int, str]] = [
            ((name, INK, ""), BAR_RANKS["game"], "game"),
            (
                (words(say("Deal {number}", number=max(1, deal))), INK, ""),
                BAR_RANKS["deal"],
                "deal",
            ),
        ]
        for f in self.words.game.facts(v) or ():
            if not isinstance(f, Fact):
                continue
            colour = MUTED if f.dim else INK
            if f.suit:
                colour = self.app.assets.suit_colour_on_dark(f.suit)
            out.append(((words(f.text), colour, f.suit), f.importance, "fact"))
        # running scores (team games; individual scores sit on the name plates)
        if self.match.teams:
            labels = words.side_labels()
            for i, (lab, sc) in enumerate(zip(labels, self.match.scores, strict=False)):
                line = words(words.game.score_text(lab, sc))
                colour = TEAM_COLOURS[i % len(TEAM_COLOURS)]
                out.append(((line, colour, ""), BAR_RANKS["scores"], "scores"))
        return out

    def facts(self) -> list[str]:
        """The deal's public facts as the top bar shows them in a wide window (after the
        game's name and the deal number; not the scores)."""
        return [item[0] for item, _r, kind in self._bar_items() if kind == "fact"]

    def _draw_status(self, surface: pygame.Surface) -> None:
        """The prompt line: the news of the moment and what to do, then the reason a
        selection is refused (or what it forms). Long sentences wrap, in smaller type if
        need be; the news gives way first, and nothing is cut while a smaller size fits."""
        lay, text, ui = self.lay, self.app.text, self.app.ui
        sx, sy, sw, sh = lay.status
        panel_row = self.panel_in_row() and self.panel_menu.buttons and self.my_turn()
        right = (self.panel_menu.buttons[0].rect.left - ui(10)) if panel_row else sx + sw
        avail = max(ui(40), right - sx)
        cx = sx + avail // 2
        todo = self.prompt()
        msgs: list[tuple[str, Any]] = []
        if self.banner and todo and self.my_turn():
            msgs = [(self.banner, INK), (todo, GOLD)]  # the news must not hide the task
        elif self.banner or todo:
            msgs = [(self.banner or todo, GOLD)]
        if self.reason:
            msgs.append((self.reason, RED))
        elif self.selection_name and self.selected and self.my_turn():
            msgs.append((self.words(say("Selected: {what}", what=self.selection_name)), INK))
        elif self.bid_choice is not None and self.my_turn():
            call = self.words(self.words.game.call_label(self.bid_choice, self.match.deck))
            msgs.append((self.words(say("To make this bid, press '{button}'", button=call)), INK))
        while msgs:
            news = len(msgs) > 1 and msgs[0][1] == INK
            # the news only where it fits in readable type; what to do in any size
            for size in (
                (ui(20), ui(17), ui(15)) if news else (ui(20), ui(17), ui(15), ui(13), ui(12))
            ):
                lines = [(ln, c) for m, c in msgs for ln in text.wrap(m, size, avail, True)]
                if news and len(text.wrap(msgs[1][0], size, avail, True)) > 1:
                    continue  # the news beside a task that needs two lines: too much
                step = text.fonts(size, True).get_linesize()
                if len(lines) * step <= sh + ui(4):
                    y = sy + (sh - len(lines) * step) // 2 + step // 2
                    for ln, colour in lines:
                        r = text.draw(surface, ln, size, (cx, y), colour, True, "center")
                        self._mark("prompt", -1, r)
                        y += step
                    self._draw_panel(surface)
                    return
            if news:
                msgs.pop(0)  # no room for the news as well: what to do wins
            else:
                break
        # nothing fits even small (a very long sentence): the first lines that fit
        size = ui(12)
        step = text.fonts(size, True).get_linesize()
        lines = [(ln, c) for m, c in msgs for ln in text.wrap(m, size, avail, True)]
        keep = max(1, (sh + ui(4)) // step)
        y = sy + step // 2
        for ln, colour in lines[:keep]:
            r = text.draw(surface, ln, size, (cx, y), colour, True, "center")
            self._mark("prompt", -1, r)
            y += step
        self._draw_panel(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        text, ui = self.app.text, self.app.ui
        if self.my_turn() and self.panel_menu.buttons:
            if not self.panel_in_row():
                bs = self.panel_menu.buttons
                top = min(b.rect.top for b in bs) - ui(48)
                bot = max(b.rect.bottom for b in bs) + ui(16)
                left = min(b.rect.left for b in bs) - ui(16)
                rgt = max(b.rect.right for b in bs) + ui(16)
                panel(surface, (left, top, rgt - left, bot - top))
                text.draw(
                    surface,
                    self.panel_title(),
                    ui(22),
                    ((left + rgt) // 2, top + ui(22)),
                    GOLD,
                    True,
                    "center",
                )
            self.panel_menu.draw(surface, text, ui(20), show_focus=self.zone == "panel")
            for b in self.panel_menu.buttons:
                self._mark("button", -1, b.rect)
