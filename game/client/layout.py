"""Where everything sits on the table: one function for 2 to 6 seats.

Seats are placed by angle on an ellipse (screen coordinates, y down, so 90 degrees is
the bottom): the bottom seat is the local human; the next seat in turn order sits at
90 + 360/n degrees, i.e. to the bottom seat's left, where play goes clockwise (Rook), or
at 90 - 360/n, to its right, where it goes counter-clockwise (Tractor, Dou Dizhu). The
ellipse spans the window, so a resize or a card-size change is just a new TableLayout.
Everything is pure arithmetic (no pygame surfaces), so tests check it at any size.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

Rect = tuple[int, int, int, int]  # x, y, w, h
Point = tuple[int, int]

MIN_SIZE = (640, 480)
CARD_RATIO = 0.7  # width / height of a card face
PLATE_SHARE = 0.26  # a plate grows for a long name up to this share of the width


@dataclass(frozen=True, slots=True)
class SeatPlace:
    seat: int
    angle: float  # degrees, y down (90 = bottom)
    local: bool
    anchor: Point  # centre of the seat's box on the ellipse
    hand: Rect  # the hand (a fan for the local seat, a small stack of backs otherwise)
    plate: Rect  # name plate: name, marks, bid, card count
    trick: Point  # centre of this seat's card in the trick

    @property
    def box(self) -> Rect:
        return union(self.hand, self.plate)


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    seats: tuple[SeatPlace, ...]  # indexed by seat number
    card: tuple[int, int]  # full-size card (w, h)
    small: tuple[int, int]  # cards of the other seats
    top_bar: Rect
    centre: Point  # middle of the playing area (trick, nest, deck)
    panel: Rect  # where action panels (bids, trump) go
    status: Rect  # the prompt line above the local hand
    margin: int
    lift: int  # how far a hovered / selected card rises
    trick_card: tuple[int, int] = (0, 0)  # cards in the trick (smaller at 5 and 6 seats)
    # Each place's reserved played-cards area (indexed by place), sized for the game's
    # largest legal play: nothing else is drawn there, so a play never covers a plate,
    # a hand, a button or the prompt.
    played: tuple[Rect, ...] = ()
    shelf: Rect = (0, 0, 0, 0)  # public cards under the top bar (a kitty turned up)

    def trick_rect(self, seat: int) -> Rect:
        """Where seat's card lies in the trick (one card)."""
        return self.play_rects(seat, 1)[0]

    def play_rects(self, seat: int, n: int) -> list[Rect]:
        """Rects of a seat's n played cards, inside its played area: as large as the area
        allows (up to the trick card), fanned with each index corner showing, stacked in
        rows when one row would hide the ranks, squeezed only past the smallest size."""
        if n <= 0:
            return []
        if not self.played:
            x, y = self.seats[seat].trick
            w, h = self.trick_card
            return [(round(x - w / 2), round(y - h / 2), w, h)] * n
        area = self.played[seat % len(self.played)]
        h0 = self.trick_card[1]
        for h in play_heights(h0, area[3]):
            w = round(h * CARD_RATIO)
            for rows in range(1, MAX_PLAY_ROWS + 1):
                bw, bh = play_block(n, w, h, rows)
                if bw <= area[2] and bh <= area[3]:
                    return _fan(area, n, w, h, rows, w * PLAY_STEP)
        # the smallest size: squeeze the fan into the area (cards overlap more)
        h = max(MIN_PLAY_H, min(area[3], round(h0 * 0.4)))
        w = round(h * CARD_RATIO)
        rows = max(1, min(MAX_PLAY_ROWS, 1 + int((area[3] - h) / max(1, h * ROW_DROP))))
        cols = math.ceil(n / rows)
        step = 0.0 if cols == 1 else max(0.0, (area[2] - w) / (cols - 1))
        return _fan(area, n, w, h, rows, min(step, w * PLAY_STEP))

    def hand_rects(self, n: int, seat: int | None = None) -> list[Rect]:
        """Rects of n cards of the local hand (left to right), not lifted."""
        place = self.seats[seat] if seat is not None else next(s for s in self.seats if s.local)
        cw, ch = self.card
        if n <= 0:
            return []
        hx, hy, hw, _ = place.hand
        step = cw * 0.62 if n == 1 else min(cw * 0.62, (hw - cw) / (n - 1))
        total = cw + step * (n - 1)
        x0 = hx + (hw - total) / 2
        return [(round(x0 + i * step), hy, cw, ch) for i in range(n)]

    def small_rects(self, seat: int, n: int) -> list[Rect]:
        """Face-down (or face-up dummy) cards of another seat, a compact fan."""
        sw, sh = self.small
        hx, hy, hw, _ = self.seats[seat].hand
        shown = min(n, 13)
        if shown <= 0 or sh <= 0:
            return []
        step = 0 if shown == 1 else min(sw * 0.5, (hw - sw) / (shown - 1))
        total = sw + step * (shown - 1)
        x0 = hx + (hw - total) / 2
        return [(round(x0 + i * step), hy, sw, sh) for i in range(shown)]


PLAY_STEP = 0.3  # how much of each played card shows beside the next (its index corner)
ROW_DROP = 0.42  # a second row of a big play: its top this far down the first row's cards
MAX_PLAY_ROWS = 4
MIN_PLAY_H = 36  # smallest played card height in pixels (its corner still readable)
EVERYDAY_PLAY = 2  # a pair: the areas hold one at full size, bigger plays shrink


def play_block(n: int, w: int, h: int, rows: int) -> tuple[int, int]:
    """Width and height of n cards fanned in `rows` rows."""
    cols = math.ceil(n / rows)
    rows = math.ceil(n / cols)
    return (round(w + w * PLAY_STEP * (cols - 1)), round(h + h * ROW_DROP * (rows - 1)))


def play_heights(h0: int, room: int) -> list[int]:
    """Card heights a play may be drawn at: the trick card, then a few smaller steps (few
    distinct sizes, so the card faces drawn at each stay cached)."""
    out = []
    for f in (1.0, 0.82, 0.67, 0.55, 0.45):
        h = min(room, round(h0 * f))
        if h >= MIN_PLAY_H and h not in out:
            out.append(h)
    return out


def _fan(area: Rect, n: int, w: int, h: int, rows: int, step: float) -> list[Rect]:
    cols = math.ceil(n / rows)
    rows = math.ceil(n / cols)
    drop = 0.0 if rows == 1 else min(h * ROW_DROP, (area[3] - h) / (rows - 1))
    ax, ay, aw, ah = area
    y0 = ay + (ah - (h + drop * (rows - 1))) / 2
    out: list[Rect] = []
    for r in range(rows):
        k = min(cols, n - r * cols)
        x0 = ax + (aw - (w + step * (k - 1))) / 2
        out.extend((round(x0 + i * step), round(y0 + r * drop), w, h) for i in range(k))
    return out


def seat_angle(k: int, n: int, clockwise: bool = True) -> float:
    """Angle of the seat k places after the local one (k = 0 is the local seat)."""
    return (90.0 + (1 if clockwise else -1) * k * 360.0 / n) % 360.0


def table_layout(
    size: tuple[int, int],
    seats: int,
    local: int = 0,
    card_scale: float = 1.0,
    clockwise: bool = True,
    max_play: int = 1,
    plate_min: tuple[int, int, int] = (0, 0, 0),
    local_w: int | None = None,
) -> TableLayout:
    """The table for `seats` places at `size`. `max_play` is the game's largest legal
    play (its presentation's `largest_play`): each place's played area is reserved for
    it, so no play ever needs room that a plate, a hand or a button holds. `plate_min`
    is the room the plates' words need at the player's text size: the longest name's
    width, the height of the other seats' plates and of the local plate (which shows no
    card count): plates grow to it, up to a share of the window."""
    if not 2 <= seats <= 6:
        raise ValueError(f"the table seats 2 to 6 players, not {seats}")
    W = max(size[0], MIN_SIZE[0])
    H = max(size[1], MIN_SIZE[1])
    margin = max(6, round(min(W, H) * 0.014))
    top_h = max(28, round(H * 0.05))
    ch = round(H * 0.19 * max(0.6, min(card_scale, 1.5)))
    ch = max(60, min(ch, round(W * 0.16 / CARD_RATIO)))
    cw = round(ch * CARD_RATIO)
    lift = round(ch * 0.2)
    # Many seats and large cards: the other seats' backs shrink until no two seat boxes
    # touch; a plate widened for a long name goes back to its usual width last (the
    # name then takes two lines).
    base_w = max(140, round(W * 0.14))
    base_h = max(38, round(H * 0.07))
    plate_h = max(base_h, min(plate_min[1], round(H * 0.16)))
    local_h = max(base_h, min(plate_min[2], round(H * 0.16)))
    wide = max(base_w, min(plate_min[0], round(W * PLATE_SHARE)))
    # the local plate keeps its width for a long name (it stands in the band with the
    # prompt, beside no other seat) when the other plates give theirs up
    local_wide = max(
        base_w, min(plate_min[0] if local_w is None else local_w, round(W * PLATE_SHARE))
    )
    tries = [(wide, k) for k in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)]
    if wide > base_w:
        tries += [(base_w, k) for k in (0.7, 0.6, 0.5)]
    # the last resort of a small window with many seats: no backs (the plate says
    # how many cards the hand holds)
    tries.append((base_w, 0.0))
    for plate_w, shrink in tries:
        sh = round(ch * 0.5 * shrink)
        sw = round(sh * CARD_RATIO)
        fan_w = round(sw + sw * 0.5 * 6)  # six overlapped backs show a hand's size
        ow = max(plate_w, fan_w)
        oh = sh + 4 + plate_h

        # The local band at the bottom: plate + status line above the fan, lift space.
        # the prompt line stands a little taller than the plate: room for a wrapped
        # sentence and a refusal under it
        extra = round(base_h * 0.4)
        band_top = H - margin - ch - lift - local_h - margin - extra
        region_top = top_h + margin
        region_bot = band_top - margin
        cx = W / 2
        y_top = region_top + oh / 2
        y_bot = H - margin - ch / 2
        cy = (y_top + y_bot) / 2
        ry = (y_bot - y_top) / 2
        rx = W / 2 - margin - ow / 2
        centre_y = (
            (region_top + oh + region_bot) / 2 if seats > 2 else (region_top + oh + region_bot) / 2
        )

        places: list[SeatPlace] = []
        if seats <= 4:
            tcw, tch = cw, ch
            tx, ty = cw * (1.2 if seats == 3 else 1.02), ch * 0.52
        else:  # five or six cards round the centre: smaller, and far enough apart not to overlap
            tch = round(ch * 0.74)
            tcw = round(tch * CARD_RATIO)
            tx, ty = tcw * 1.45, tch * 1.04
        centre = (round(cx), round(centre_y))
        for seat in range(seats):
            k = (seat - local) % seats
            a = seat_angle(k, seats, clockwise)
            rad = math.radians(a)
            trick = (round(cx + tx * math.cos(rad)), round(centre_y + ty * math.sin(rad)))
            if k == 0:
                hand_w = W - 2 * margin
                hand = (margin, H - margin - ch, hand_w, ch)
                plate = (margin, band_top + extra + margin // 2, local_wide, local_h)
                places.append(
                    SeatPlace(seat, a, True, (round(cx), round(y_bot)), hand, plate, trick)
                )
                continue
            x = cx + rx * math.cos(rad)
            y = cy + ry * math.sin(rad)
            y = max(y_top, min(y, region_bot - oh / 2))
            bx, by = round(x - ow / 2), round(y - oh / 2)
            hand = (bx + (ow - fan_w) // 2, by, fan_w, sh)
            plate = (bx + (ow - plate_w) // 2, by + sh + 4, plate_w, plate_h)
            places.append(SeatPlace(seat, a, False, (round(x), round(y)), hand, plate, trick))
        boxes = [p.box for p in places if not p.local]
        if not any(
            overlaps(_grow(a, margin // 2), b) for i, a in enumerate(boxes) for b in boxes[i + 1 :]
        ):
            break
    else:
        if plate_min != (0, 0, 0):  # plates grown for long words do not fit: usual ones
            return table_layout(
                size, seats, local, card_scale, clockwise, max_play, local_w=local_wide
            )

    # The panel sits between the seats: inside the ellipse, above the local band.
    side = max(
        (p.box[0] + p.box[2] for p in places if not p.local and p.anchor[0] < cx), default=margin
    )
    pw = min(round(W * 0.56), round(W - 2 * side - 2 * margin))
    ptop = (
        region_top
        + (oh if any(not p.local and abs(p.anchor[0] - cx) < ow for p in places) else 0)
        + margin
    )
    ph = max(120, round(region_bot - ptop - margin))
    panel = (round(cx - pw / 2), round(ptop), pw, ph)
    # the prompt line (and the buttons of a card choice, on its right): from the local
    # plate to the right edge, so long sentences have room to wrap
    status = (
        margin + local_wide + margin,
        band_top + margin // 2,
        W - (local_wide + 3 * margin),
        local_h + extra,
    )
    # public cards under the top bar: right of a seat at the top centre, else centred
    row_h = round(sh * 0.8)
    top = [p for p in places if not p.local and abs(p.anchor[0] - cx) < ow]
    if top:
        bx, by, bw, bh = top[0].box
        sx = bx + bw + margin
        right = W - margin
        for p in places:
            b = p.box
            if not p.local and b[0] >= sx and b[1] < by + bh and b[1] + b[3] > by:
                right = min(right, b[0] - margin)
        shelf = (sx, by, max(0, right - sx), bh)
    else:
        sy = top_h + margin
        half = W / 2 - margin
        for p in places:
            b = p.box
            if not p.local and b[1] < sy + row_h + margin and b[1] + b[3] > sy:
                half = min(half, abs(cx - (b[0] if b[0] > cx else b[0] + b[2])) - margin)
        shelf = (round(cx - half), sy, round(2 * max(0, half)), row_h)
    status_rect = status
    bounds = (margin, top_h + margin, W - 2 * margin, status_rect[1] - margin - (top_h + margin))
    obstacles = [p.box for p in places if not p.local] + [shelf]
    played, th, fits = _played_areas(
        places, bounds, obstacles, max(1, max_play), tch, margin, centre
    )
    if not fits and plate_min != (0, 0, 0):
        # no room for the plays beside plates grown for long words: the usual plates
        # (a long name then takes two lines of its plate)
        smaller = (0, *plate_min[1:]) if plate_min[0] else (0, 0, 0)
        return table_layout(
            size, seats, local, card_scale, clockwise, max_play, smaller, local_wide
        )
    places = [
        dataclasses.replace(p, trick=(a[0] + a[2] // 2, a[1] + a[3] // 2))
        for p, a in zip(places, played, strict=True)
    ]
    if th < tch:
        tch, tcw = th, round(th * CARD_RATIO)
    return TableLayout(
        played=tuple(played),
        shelf=shelf,
        size=(W, H),
        seats=tuple(places),
        card=(cw, ch),
        small=(sw, sh),
        top_bar=(0, 0, W, top_h),
        centre=centre,
        panel=panel,
        status=status,
        margin=margin,
        lift=lift,
        trick_card=(tcw, tch),
    )


def _played_areas(
    places: list[SeatPlace],
    bounds: Rect,
    obstacles: list[Rect],
    max_play: int,
    tch: int,
    margin: int,
    centre: Point,
) -> tuple[list[Rect], int, bool]:
    """Reserve each place's played area: a block that holds `max_play` cards, as near to
    the place's usual trick point as it fits, clear of every seat box, of the shelf and
    of the other areas, and that holds an everyday play (a pair) at the trick card's
    full size. The largest play's cards shrink (and stack in rows) until every area
    fits; the everyday play shrinks only when even that is not enough. Returns the
    areas, the height an everyday play is drawn at, and whether they fit."""
    gap = max(2, margin // 2)
    h = tch
    heights = []
    while h >= MIN_PLAY_H:
        heights.append(h)
        h = round(h * 0.9)
    heights = heights or [MIN_PLAY_H]
    order = sorted(range(len(places)), key=lambda i: (not places[i].local, i))
    everyday = min(max_play, EVERYDAY_PLAY)
    for hp in heights:
        pw, ph = play_block(everyday, round(hp * CARD_RATIO), hp, 1)
        for h in (x for x in heights if x <= hp):
            w = round(h * CARD_RATIO)
            for rows in range(1, MAX_PLAY_ROWS + 1):
                bw, bh = play_block(max_play, w, h, rows)
                size = (max(bw, pw), max(bh, ph))
                got = _place_all(places, order, size, bounds, obstacles, gap, centre)
                if got is not None:
                    return got, hp, True
    # nothing fits at the smallest size (a tiny window): one card each, squeezed fans
    h = heights[-1]
    size = (round(h * CARD_RATIO), h)
    got = _place_all(places, order, size, bounds, obstacles, 0, centre)
    if got is not None:
        return got, h, True
    return [(p.trick[0] - size[0] // 2, p.trick[1] - h // 2, *size) for p in places], h, False


def _place_all(
    places: list[SeatPlace],
    order: list[int],
    size: tuple[int, int],
    bounds: Rect,
    obstacles: list[Rect],
    gap: int,
    centre: Point,
) -> list[Rect] | None:
    bw, bh = size
    bx, by, bwid, bhgt = bounds
    if bw > bwid or bh > bhgt:
        return None
    taken: list[Rect] = []
    out: dict[int, Rect] = {}
    for i in order:
        p = places[i]
        x0, y0 = p.trick
        ax, ay = (p.anchor[0], by + bhgt) if p.local else p.anchor
        ends = [(ax, ay), centre]
        cands: list[tuple[float, float]] = [(x0, y0)]
        for k in range(1, 11):
            t = k / 10
            for ex, ey in ends:
                cands.append((x0 + (ex - x0) * t, y0 + (ey - y0) * t))
        for cx, cy in cands:
            x = round(min(max(cx - bw / 2, bx), bx + bwid - bw))
            y = round(min(max(cy - bh / 2, by), by + bhgt - bh))
            r = (x, y, bw, bh)
            grown = (x - gap, y - gap, bw + 2 * gap, bh + 2 * gap)
            if not any(overlaps(grown, o) for o in obstacles) and not any(
                overlaps(grown, o) for o in taken
            ):
                out[i] = r
                taken.append(r)
                break
        else:
            return None
    return [out[i] for i in range(len(places))]


def _grow(r: Rect, d: int) -> Rect:
    return (r[0] - d, r[1] - d, r[2] + 2 * d, r[3] + 2 * d)


def union(a: Rect, b: Rect) -> Rect:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(a: Rect, size: tuple[int, int]) -> bool:
    return a[0] >= 0 and a[1] >= 0 and a[0] + a[2] <= size[0] and a[1] + a[3] <= size[1]
