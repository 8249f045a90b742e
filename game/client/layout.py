"""Where everything sits on the table: one function for 2 to 6 seats.

Seats are placed by angle on an ellipse (screen coordinates, y down, so 90 degrees is
the bottom): the bottom seat is the local human; the next seat in turn order sits at
90 + 360/n degrees, i.e. to the bottom seat's left, where play goes clockwise (Rook), or
at 90 - 360/n, to its right, where it goes counter-clockwise (Tractor, Dou Dizhu). The
ellipse spans the window, so a resize or a card-size change is just a new TableLayout.
Everything is pure arithmetic (no pygame surfaces), so tests check it at any size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Rect = tuple[int, int, int, int]  # x, y, w, h
Point = tuple[int, int]

MIN_SIZE = (640, 480)
CARD_RATIO = 0.7  # width / height of a card face


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

    def trick_rect(self, seat: int) -> Rect:
        """Where seat's card lies in the trick (one card)."""
        x, y = self.seats[seat].trick
        w, h = self.trick_card
        return (round(x - w / 2), round(y - h / 2), w, h)

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
        if shown <= 0:
            return []
        step = 0 if shown == 1 else min(sw * 0.5, (hw - sw) / (shown - 1))
        total = sw + step * (shown - 1)
        x0 = hx + (hw - total) / 2
        return [(round(x0 + i * step), hy, sw, sh) for i in range(shown)]


def seat_angle(k: int, n: int, clockwise: bool = True) -> float:
    """Angle of the seat k places after the local one (k = 0 is the local seat)."""
    return (90.0 + (1 if clockwise else -1) * k * 360.0 / n) % 360.0


def table_layout(
    size: tuple[int, int],
    seats: int,
    local: int = 0,
    card_scale: float = 1.0,
    clockwise: bool = True,
) -> TableLayout:
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
    sh = round(ch * 0.5)
    sw = round(sh * CARD_RATIO)
    plate_h = max(38, round(H * 0.07))
    plate_w = max(140, round(W * 0.14))
    fan_w = round(sw + sw * 0.5 * 6)  # six overlapped backs show a hand's size
    ow = max(plate_w, fan_w)
    oh = sh + 4 + plate_h

    # The local band at the bottom: plate + status line above the fan, lift space.
    band_top = H - margin - ch - lift - plate_h - margin
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
            plate = (margin, band_top + margin // 2, plate_w, plate_h)
            places.append(SeatPlace(seat, a, True, (round(cx), round(y_bot)), hand, plate, trick))
            continue
        x = cx + rx * math.cos(rad)
        y = cy + ry * math.sin(rad)
        y = max(y_top, min(y, region_bot - oh / 2))
        bx, by = round(x - ow / 2), round(y - oh / 2)
        hand = (bx + (ow - fan_w) // 2, by, fan_w, sh)
        plate = (bx + (ow - plate_w) // 2, by + sh + 4, plate_w, plate_h)
        places.append(SeatPlace(seat, a, False, (round(x), round(y)), hand, plate, trick))

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
    status = (
        margin + plate_w + margin,
        band_top + margin // 2,
        W - 2 * (plate_w + 2 * margin),
        plate_h,
    )
    return TableLayout(
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


def union(a: Rect, b: Rect) -> Rect:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(a: Rect, size: tuple[int, int]) -> bool:
    return a[0] >= 0 and a[1] >= 0 and a[0] + a[2] <= size[0] and a[1] + a[3] <= size[1]
