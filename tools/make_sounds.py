"""Synthesize the client's sound effects into sounds/*.wav with the standard library only.

    python tools/make_sounds.py [--out DIR]

Deterministic: each effect has its own seeded RNG, so running it twice writes identical
files. 22.05 kHz mono 16-bit keeps the committed files small.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "sounds"


def _buf(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _mix(dst: list[float], src: list[float], at: float, gain: float = 1.0) -> None:
    o = int(at * RATE)
    for i, v in enumerate(src):
        j = o + i
        if 0 <= j < len(dst):
            dst[j] += v * gain


def _noise_burst(
    rng: random.Random, seconds: float, attack: float, decay: float, bright: float
) -> list[float]:
    """Filtered noise with an attack/exponential decay: the sound of card on card.
    bright (0..1) sets a one-pole low-pass (low = papery swish, high = sharp snap)."""
    n = int(RATE * seconds)
    out = []
    lp = 0.0
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) if attack > 0 else 1.0
        env *= math.exp(-max(0.0, t - attack) / decay)
        lp += bright * (rng.uniform(-1, 1) - lp)
        out.append(lp * env)
    # gentle one-pole high-pass: removes the low-pass's rumble and any DC offset
    y = prev = 0.0
    for i, x in enumerate(out):
        y = 0.97 * (y + x - prev)
        prev = x
        out[i] = y
    return out


def _tone(
    freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,)
) -> list[float]:
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / 0.004) * math.exp(-t / decay)
        v = sum(h * math.sin(2 * math.pi * freq * (k + 1) * t) for k, h in enumerate(harmonics))
        out.append(v * env)
    return out


def card() -> list[float]:
    """A card laid on the table: a short bright snap plus a soft body."""
    rng = random.Random("card")
    s = _buf(0.14)
    _mix(s, _noise_burst(rng, 0.03, 0.001, 0.006, 0.9), 0.0, 0.8)
    _mix(s, _noise_burst(rng, 0.12, 0.004, 0.03, 0.25), 0.002, 0.7)
    return s


def deal() -> list[float]:
    """One card flicked across the felt: a short swish ending in a tap."""
    rng = random.Random("deal")
    s = _buf(0.2)
    _mix(s, _noise_burst(rng, 0.16, 0.06, 0.04, 0.35), 0.0, 0.6)
    _mix(s, _noise_burst(rng, 0.04, 0.001, 0.008, 0.8), 0.11, 0.5)
    return s


def shuffle() -> list[float]:
    """A riffle: dozens of cards slapping in quick, uneven succession, then the bridge."""
    rng = random.Random("shuffle")
    s = _buf(0.95)
    t = 0.02
    while t < 0.62:
        gain = 0.35 + 0.3 * math.sin(math.pi * t / 0.62)
        _mix(s, _noise_burst(rng, 0.02, 0.0005, 0.004, rng.uniform(0.6, 0.95)), t, gain)
        t += rng.uniform(0.010, 0.022) * (1.0 + 0.8 * (t / 0.62) ** 2)
    _mix(s, _noise_burst(rng, 0.3, 0.08, 0.07, 0.3), 0.62, 0.7)
    return s


def trick() -> list[float]:
    """The trick swept to its winner: overlapping swishes, then the stack knocked square."""
    rng = random.Random("trick")
    s = _buf(0.45)
    for i in range(3):
        _mix(s, _noise_burst(rng, 0.18, 0.05, 0.05, 0.3 + 0.1 * i), 0.05 * i, 0.45)
    _mix(s, _noise_burst(rng, 0.05, 0.001, 0.012, 0.7), 0.25, 0.6)
    _mix(s, _tone(180, 0.12, 0.03), 0.25, 0.25)
    return s


def bid() -> list[float]:
    """A bid placed: a soft two-note wooden chime."""
    s = _buf(0.4)
    _mix(s, _tone(784, 0.35, 0.08, (1.0, 0.3, 0.1)), 0.0, 0.35)
    _mix(s, _tone(1175, 0.3, 0.07, (1.0, 0.2)), 0.07, 0.3)
    return s


def win() -> list[float]:
    """Game won: a rising arpeggio and a held chord."""
    s = _buf(1.6)
    notes = (523.25, 659.25, 783.99, 1046.5)
    for i, f in enumerate(notes):
        _mix(s, _tone(f, 0.5, 0.18, (1.0, 0.35, 0.12)), 0.11 * i, 0.28)
    for f in notes:
        _mix(s, _tone(f, 1.1, 0.45, (1.0, 0.3, 0.1)), 0.48, 0.16)
    return s


def turn() -> list[float]:
    """Your turn (after the computers moved; at an online table, when the window is not in
    front): three bright bell notes."""
    s = _buf(0.7)
    for i, f in enumerate((880.0, 1108.73, 1318.51)):
        _mix(s, _tone(f, 0.45, 0.12, (1.0, 0.25, 0.08)), 0.09 * i, 0.3)
    return s


def lose() -> list[float]:
    """Game lost: a gentle falling third and a soft low chord (no fanfare)."""
    s = _buf(1.3)
    _mix(s, _tone(659.25, 0.5, 0.2, (1.0, 0.3)), 0.0, 0.22)
    _mix(s, _tone(523.25, 0.9, 0.35, (1.0, 0.3)), 0.22, 0.22)
    _mix(s, _tone(392.0, 1.0, 0.4, (1.0, 0.2)), 0.22, 0.12)
    return s


# effect -> (synthesiser, peak level). Tones sound far louder than clicks at the same peak,
# so the chimes are written quieter than the card sounds.
EFFECTS: dict[str, tuple[Callable[[], list[float]], float]] = {
    "shuffle": (shuffle, 0.7),
    "deal": (deal, 0.6),
    "card": (card, 0.8),
    "trick": (trick, 0.7),
    "bid": (bid, 0.4),
    "win": (win, 0.45),
    "turn": (turn, 0.4),
    "lose": (lose, 0.35),
}


def to_wav(samples: list[float], path: Path, peak: float = 0.8) -> None:
    """Normalise to peak, trim the silent tail, fade the last 5 ms (no click), write
    16-bit mono."""
    m = max((abs(v) for v in samples), default=0.0) or 1.0
    k = peak / m
    end = len(samples)
    while end > 1 and abs(samples[end - 1]) * k < 0.002:
        end -= 1
    samples = samples[: end + int(RATE * 0.005)]
    fade = int(RATE * 0.005)
    n = len(samples)
    data = array.array("h")
    for i, v in enumerate(samples):
        g = k * (min(1.0, (n - 1 - i) / fade) if fade else 1.0)
        data.append(int(round(max(-1.0, min(1.0, v * g)) * 32767)))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the WAV files")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (make, peak) in EFFECTS.items():
        to_wav(make(), args.out / f"{name}.wav", peak)
    print(f"wrote {len(EFFECTS)} sounds to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
