"""The painting room: `TablePainter` draws one `TableFrame` (frame.py), the frozen
snapshot the table's state builds for each frame, with the window's art. It holds no
reference to the table and changes none of its state; what it drew where (`Drawn`: the
regions, the words on each plate, whose hands were face up) is handed back for the
layout and hot-seat tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from ...assets import Assets
from ...layout import CARD_RATIO
from ...widgets import GOLD, INK, MUTED, RED, TEAM_COLOURS, TextCache, panel
from .frame import MiddleRow, TableFrame
from .room import card_ids, line_height, portrait_side

AWAY_INK = (236, 168, 92)  # an online seat away or played by the computer: seen at a glance


class Art(Protocol):
    """What the painter draws with (the App has these)."""

    @property
    def assets(self) -> Assets: ...
    @property
    def text(self) -> TextCache: ...
    def ui(self, px: float) -> int: ...


@dataclass
class Drawn:
    """What one frame drew where: each region (what it is, whose, where), the words
    drawn on each plate, and the seats whose hands were drawn face up."""

    regions: list[tuple[str, int, pygame.Rect]] = field(default_factory=list)
    plate_text: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    faces: set[int] = field(default_factory=set)
    portraits: dict[int, pygame.Rect] = field(default_factory=dict)
    # each plate's name as drawn: its lines and their type size (the tests: a name whole)
    plate_names: dict[int, tuple[tuple[str, ...], int]] = field(default_factory=dict)


def shelf_height(lay: Any) -> int:
    """The height of the cards on the shelf under the top bar (public piles)."""
    return int(round(lay.small[1] * 0.8))


class TablePainter:
    """Draws a `TableFrame` with the window's art. It keeps only its own cache (text
    with suit glyphs) and, while painting, the frame and what it drew."""

    @staticmethod
    def heights(lay: Any) -> tuple[int, ...]:
        """The card heights most frames of this layout draw at, the soonest needed
        first: the trick (the computers' plays), the hand, the small cards (flying, the
        others' hands), the shelf."""
        return (lay.trick_card[1], lay.card[1], lay.small[1], shelf_height(lay))

    @staticmethod
    def faces(deck: Any) -> tuple[tuple[str, str, int], ...]:
        """Every face of the pack once (rank, suit, points; Tractor's second pack
        repeats the first)."""
        return tuple(dict.fromkeys(zip(deck.ranks, deck.suits, deck.points, strict=True)))

    def __init__(self) -> None:
        self._rich_cache: dict[tuple[str, int, Any], pygame.Surface] = {}
        self.f: TableFrame
        self.art: Art
        self.out = Drawn()

    def paint(self, surface: pygame.Surface, frame: TableFrame, art: Art) -> Drawn:
        """Draw the frame; returns what was drawn where (for the layout tests)."""
        self.f, self.art, self.out = frame, art, Drawn()
        lay = frame.lay
        surface.blit(art.assets.table(surface.get_size()), (0, 0))
        self._draw_centre(surface)
        for place in lay.seats:
            self._draw_seat(surface, place)
        self._draw_trick(surface)
        self._draw_top_bar(surface)
        self._draw_status(surface)
        return self.out

    def _mark(self, kind: str, owner: int, rect: Any) -> None:
        """Record a drawn region (what it is, whose; "plate:icon" an icon on a seat's
        plate): the layout tests check that
        regions of different owners never overlap and all stay in the window."""
        self.out.regions.append((kind, owner, pygame.Rect(rect)))

    def _draw_centre(self, surface: pygame.Surface) -> None:
        f = self.f
        for row, s in enumerate(f.shelf):
            self._draw_pile_row(surface, list(s.cards), s.caption, s.spaced, row)
        self._draw_middle_rows(surface, f.middle)
        self._draw_centre_pile(surface)

    def _draw_middle_rows(self, surface: pygame.Surface, rows: tuple[MiddleRow, ...]) -> None:
        """A layout game's rows, stacked in the middle of the table, each card's index
        corner showing, the caption on the row's left."""
        if not rows:
            return
        lay, assets, ui = self.f.lay, self.art.assets, self.art.ui
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
            caption = r.caption
            at = (x0 + max(0, r.start) * step - ui(8), y + h // 2)
            self.art.text.draw(surface, caption, ui(15), at, MUTED, True, "midright")
            x = x0 + max(0, r.start) * step
            for c in card_ids(self.f.deck, r.cards):
                surface.blit(assets.card_face(self.f.deck, c), (x, y))
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
        lay, assets, ui = self.f.lay, self.art.assets, self.art.ui
        assets.set_card_height(shelf_height(lay))
        w = assets.card_size[0]
        ids = card_ids(self.f.deck, names)
        if not ids:
            return
        sx, sy, sw, sh = lay.shelf
        font_size = ui(15)
        cap_w = self.art.text.fonts(font_size, True).size(caption)[0] + ui(8)
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
        r = self.art.text.draw(surface, caption, font_size, cap[0], MUTED, True, cap[1])
        self._mark("shelf", -1, r)
        for c in ids:
            surface.blit(assets.card_face(self.f.deck, c), (x, y))
            self._mark("shelf", -1, (x, y, *assets.card_size))
            x += step

    def _draw_centre_pile(self, surface: pygame.Surface) -> None:
        lay, assets = self.f.lay, self.art.assets
        n = self.f.pile
        show_pile = n > 0 and not self.f.between
        if show_pile and self.f.my_turn and self.f.panel.buttons and not self.f.panel_in_row:
            show_pile = False  # the panel stands there
        if self.f.dealing is None and not show_pile:
            return
        assets.set_card_height(lay.small[1])
        back = assets.card_back()
        cx, cy = lay.centre
        k = 6 if self.f.dealing is not None else min(n, 6)
        for i in range(k):
            r = surface.blit(back, back.get_rect(center=(cx - i * 2, cy - i * 2)))
            self._mark("pile", -1, r)
        if show_pile and self.f.dealing is None and self.f.pile_caption is not None:
            self.art.text.draw(
                surface,
                self.f.pile_caption,
                self.art.ui(16),
                (cx, cy + lay.small[1] // 2 + self.art.ui(12)),
                INK,
                True,
                "center",
            )

    def _draw_dummy_piles(self, surface: pygame.Surface, seat: int) -> None:
        """A dummy's piles as the rules lay them out: each face-up card on a face-down
        one (peeking out below it) until the pile's lower card turns up."""
        assets, lay = self.art.assets, self.f.lay
        dummy = self.f.view.dummy
        if dummy is None:
            return
        deck = self.f.deck
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
            ids = card_ids(self.f.deck, [name]) if name else []
            if ids:
                surface.blit(assets.card_face(deck, ids[0]), (x, y))
            self._mark("hand", seat, (x, y - drop, w + drop, h + drop))

    def _draw_seat(self, surface: pygame.Surface, place: Any) -> None:
        lay, assets, text, ui = self.f.lay, self.art.assets, self.art.text, self.art.ui
        f = self.f
        seat = place.seat
        counts = self.f.view.hand_counts
        count = counts[seat] if seat < len(counts) else 0
        dummy = self.f.view.dummy if seat >= f.seats else None
        if seat >= f.seats:
            count = dummy.count if dummy is not None else 0
        if self.f.dealing is not None:
            count = min(count, self.f.dealing.get(seat, 0))
        if self.f.between:
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
        to_move = self.f.to_move == seat and not self.f.between and self.f.dealing is None
        team = f.teams[seat]
        colour = TEAM_COLOURS[(team if team is not None else seat) % len(TEAM_COLOURS)]
        panel(surface, place.plate, edge=GOLD if to_move else (70, 90, 80))
        pygame.draw.rect(surface, colour, (px + 3, py + 3, ui(6), ph - 6), border_radius=3)
        name = self.f.names[seat]
        icon_h = ui(18)
        dealer = f.dealer == seat and f.dealer_badge
        leads = seat >= 0 and seat == f.leader
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
        self.out.plate_names[seat] = (tuple(names), nsize)
        y = py + ui(4)
        for ln in names:
            r = text.draw(surface, ln, nsize, (ix, y), INK, True)
            self._mark_text(seat, r)
            y += line_height(text.fonts(nsize, True))
        score = f.plate_scores.get(seat, "")  # individual scoring: each plate's own
        call = self.f.calls.get(seat)
        call_colour = GOLD if call and not to_move else MUTED
        # the words under the name, wrapped onto the plate's lines (the call on a line
        # of its own where there is room): nothing is cut while a line is free
        small = ui(15)
        step = line_height(text.fonts(small))
        top = y + ui(1)
        score_w = text.fonts(ui(18), True).size(score)[0] + ui(8) if score else 0
        words_w = px + pw - ui(6) - ix  # right of the portrait, if there is one
        lines = self._plate_flow(seat, words_w, score_w)
        free = max(1, (py + ph - ui(3) - top) // step)
        if len(lines) > free:  # no room to spare: the last line takes what is left, cut
            # (beside the score, which stands on the last line: it crowded the cut words)
            rest = "  ".join(w for ln in lines[free - 1 :] for w, _c in ln)
            lines = [*lines[: free - 1], [(text.fit(rest, small, words_w - score_w), "fact")]]
        y = top
        for line in lines:
            x = ix
            for words, kind in line:
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
            r = text.draw(
                surface,
                score,
                ui(18),
                (px + pw - ui(8), py + ph - ui(5)),
                colour,
                True,
                "bottomright",
            )
            self._mark_text(seat, r)

    def _draw_portrait(self, surface: pygame.Surface, place: Any, name: str, marks: int) -> int:
        """The seat's portrait at the plate's left, where the plate has room for it and
        for the whole name beside it (a small plate shows the words alone); the x where
        the plate's words start."""
        ui, text = self.art.ui, self.art.text
        px, py, pw, ph = place.plate
        ix: int = px + ui(14)
        side = portrait_side(ui, ph)
        if place.seat >= self.f.seats or not side:
            return ix  # a dummy has no face of its own
        after: int = ix + side + ui(6)
        right = px + pw - ui(6)
        # the name beside the dealer's and leader's marks, the lines under it beside
        # nothing: each must keep its room, or the words come first
        if right - marks - after < text.fonts(ui(18), True).size(name)[0] or right - after < ui(70):
            return ix
        at = (ix - ui(2), py + (ph - side) // 2)
        surface.blit(self.art.assets.portrait(place.seat, side), at)
        self._mark("plate:portrait", place.seat, (*at, side, side))
        self.out.portraits[place.seat] = pygame.Rect(*at, side, side)
        return after

    def _mark_text(self, seat: int, r: pygame.Rect) -> None:
        """Words drawn on a plate (the layout test checks they stay on it)."""
        self.out.plate_text.append((seat, pygame.Rect(r)))

    def _plate_flow(self, seat: int, room: int, score_w: int) -> list[list[tuple[str, str]]]:
        """The plate's words in lines of (words, kind) pieces at most `room` wide: the
        facts (card count, "partner", the game's words) first, the call or "thinking"
        on a line of its own; a piece wider than a line is wrapped by words. The last
        line leaves `score_w` free for the score."""
        text, ui = self.art.text, self.art.ui
        font = text.fonts(ui(15))
        gap = font.size("  ")[0]

        def width(w: str) -> int:
            return self._rich(w, ui(15), MUTED).get_width() if "{" in w else font.size(w)[0]

        pieces: list[tuple[str, str]] = []
        for kind, words in self.f.plates.get(seat, ()):
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

    def _rich(self, line: str, size: int, colour: Any) -> pygame.Surface:
        """Text with inline suit icons, cached (it is drawn every frame)."""
        cache = self._rich_cache
        size = self.art.text.px(size)  # as plain text is drawn: the text size applies
        key = (line, size, colour)
        img = cache.get(key)
        if img is None:
            if len(cache) > 200:
                cache.clear()
            img = cache[key] = self.art.assets.text(line, size, colour)
        return img

    def _draw_local_hand(self, surface: pygame.Surface, count: int) -> None:
        lay, assets = self.f.lay, self.art.assets
        assets.set_card_height(lay.card[1])
        if not self.f.hand_visible:
            back = assets.card_back()
            for x, y, w, h in lay.hand_rects(count):
                surface.blit(back, (x, y))
                self._mark("hand", self.f.bottom, (x, y, w, h))
            return
        ids = self.f.hand[:count] if self.f.dealing is not None else self.f.hand
        arriving = self.f.arriving
        if arriving:  # picked-up cards join the hand when their flight lands
            ids = tuple(c for c in ids if c not in arriving)
        self.out.faces.add(self.f.bottom)
        rects = lay.hand_rects(len(ids))
        deck = self.f.deck
        my = self.f.my_turn and self.f.card_kind is not None
        focus = self.f.hand_focus if (my and self.f.zone == "hand") else -1
        # while laying away, the cards just picked up are marked
        fresh = self.f.fresh
        for i, (c, (x, y, _w, _h)) in enumerate(zip(ids, rects, strict=True)):
            up = c in self.f.selected or (
                my and c in self.f.playable and (i == self.f.hover or i == focus)
            )
            yy = y - lay.lift if up else y
            surface.blit(assets.card_face(deck, c), (x, yy))
            self._mark("hand", self.f.bottom, (x, yy, _w, _h))
            if my and c not in self.f.playable:
                surface.blit(assets.card_outline("dim"), (x, yy))
            elif c in self.f.selected:
                surface.blit(assets.card_outline("selected"), (x, yy))
            elif c in self.f.hint_cards or i == focus:
                surface.blit(assets.card_outline("hover"), (x, yy))
            elif c in fresh:
                surface.blit(assets.card_outline("legal"), (x, yy))

    def _draw_trick(self, surface: pygame.Surface) -> None:
        lay, assets = self.f.lay, self.art.assets
        deck = self.f.deck
        for sp in self.f.trick:
            assets.set_card_height(sp.h or lay.trick_card[1])
            cw, ch = assets.card_size
            img = assets.card_face(deck, sp.card) if sp.card >= 0 else assets.card_back()
            r = surface.blit(img, (round(sp.x - cw / 2), round(sp.y - ch / 2)))
            self._mark("played", sp.seat, r)
            if sp.seat == self.f.trick_winner:  # the winning play, while the trick rests
                ring = assets.card_outline("selected")
                surface.blit(ring, ring.get_rect(center=(round(sp.x), round(sp.y))))
        assets.set_card_height(lay.small[1])
        sw, sh = lay.small
        back = assets.card_back()
        for sp in self.f.flying:
            img = back if sp.card < 0 else assets.card_face(deck, sp.card)
            surface.blit(img, (round(sp.x - sw / 2), round(sp.y - sh / 2)))

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        lay, text, ui = self.f.lay, self.art.text, self.art.ui
        x, y, w, h = lay.top_bar
        panel(surface, (x - 4, y - 4, w + 8, h + 4), radius=0, edge=None)
        self._mark("bar", -1, lay.top_bar)
        items, fs = self.f.bar, self.f.bar_size
        cx = ui(10)
        for t, colour, suit in items:
            if suit:  # the suit's glyph before its words
                ic = self.art.assets.icon("suit:" + suit, ui(20))
                surface.blit(ic, ic.get_rect(midleft=(cx, h // 2)))
                cx += ui(22)
            r = text.draw(surface, t, fs, (cx, h // 2), colour, True, "midleft")
            cx = r.right + ui(18)
        self.f.toolbar.draw(surface, text, ui(16), show_focus=False)

    def _draw_status(self, surface: pygame.Surface) -> None:
        """The prompt line: the news of the moment and what to do, then the reason a
        selection is refused (or what it forms). Long sentences wrap, in smaller type if
        need be; the news gives way first, and nothing is cut while a smaller size fits."""
        lay, text, ui = self.f.lay, self.art.text, self.art.ui
        sx, sy, sw, sh = lay.status
        panel_row = self.f.panel_in_row and self.f.panel.buttons and self.f.my_turn
        right = (self.f.panel.buttons[0].rect.left - ui(10)) if panel_row else sx + sw
        avail = max(ui(40), right - sx)
        cx = sx + avail // 2
        todo = self.f.prompt
        msgs: list[tuple[str, Any]] = []
        if self.f.banner and todo and self.f.my_turn:
            msgs = [(self.f.banner, INK), (todo, GOLD)]  # the news must not hide the task
        elif self.f.banner or todo:
            msgs = [(self.f.banner or todo, GOLD)]
        if self.f.reason:
            msgs.append((self.f.reason, RED))
        elif self.f.selection_line:
            msgs.append((self.f.selection_line, INK))
        elif self.f.bid_line:
            msgs.append((self.f.bid_line, INK))
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
        text, ui = self.art.text, self.art.ui
        if self.f.my_turn and self.f.panel.buttons:
            if not self.f.panel_in_row:
                bs = self.f.panel.buttons
                top = min(b.rect.top for b in bs) - ui(48)
                bot = max(b.rect.bottom for b in bs) + ui(16)
                left = min(b.rect.left for b in bs) - ui(16)
                rgt = max(b.rect.right for b in bs) + ui(16)
                panel(surface, (left, top, rgt - left, bot - top))
                text.draw(
                    surface,
                    self.f.panel_title,
                    ui(22),
                    ((left + rgt) // 2, top + ui(22)),
                    GOLD,
                    True,
                    "center",
                )
            self.f.panel.draw(surface, text, ui(20), show_focus=self.f.zone == "panel")
            for b in self.f.panel.buttons:
                self._mark("button", -1, b.rect)
