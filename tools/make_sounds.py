#!/usr/bin/env python3
"""Synthesise Peppa's sound effects (a card played, a trick taken, hearts broken, the Q♠, a moon,
your turn, a card refused).

The sounds are made entirely by this script from sines and seeded noise, so they are ours and
MIT-licensed like the rest of the project.  Only the standard library is used, and the output
is byte-for-byte deterministic (the noise comes from ``random.Random(seed).random()``, whose
sequence Python promises to keep).

Usage::

    python tools/make_sounds.py [OUTDIR]

OUTDIR defaults to ``peppa_qt/assets/sounds``, the only copy: the package plays its sounds
from there (``peppa_qt/sound.py``).  It receives ``<name>.wav`` for each sound (mono, 16-bit,
22,050 Hz: half the size of 44.1 kHz, and these sounds have little above 8 kHz) and
``LICENSE.txt``.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

RATE = 22_050
SEED = 20  # issue 20 asked for the sounds; any fixed seed gives fixed bytes
FADE_IN = 0.003  # seconds: no sound starts with a step (a click)
FADE_OUT = 0.02
# A partial: (frequency ratio to the note, amplitude, decay time constant in seconds or None).
Partial = tuple[float, float, float | None]
Samples = list[float]


def frames(seconds: float) -> int:
    """The number of samples in *seconds*."""
    return round(seconds * RATE)


def silence(seconds: float) -> Samples:
    """*seconds* of nothing, to add sounds into."""
    return [0.0] * frames(seconds)


def noise(seconds: float, seed: int) -> Samples:
    """White noise in [-1, 1), the same for the same seed."""
    rng = random.Random(seed)
    return [rng.random() * 2 - 1 for _ in range(frames(seconds))]


def lowpass(x: Samples, cutoff: float) -> Samples:
    """A one-pole low-pass filter: softens noise."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    """What the one-pole low-pass takes away: the crisp part of a snap."""
    return [v - low for v, low in zip(x, lowpass(x, cutoff), strict=True)]


def swept_bandpass(x: Samples, start: float, end: float, q: float) -> Samples:
    """A band-pass whose centre glides from *start* to *end* Hz (a state-variable filter).

    The Chamberlin filter is stable while the centre stays below a sixth of the rate.
    """
    low = band = 0.0
    damping = 1 / q
    out = []
    last = max(len(x) - 1, 1)
    for i, v in enumerate(x):
        centre = start * (end / start) ** (i / last)
        f = 2 * math.sin(math.pi * centre / RATE)
        low += f * band
        high = v - low - damping * band
        band += f * high
        out.append(band)
    return out


def decay(x: Samples, tau: float, attack: float = 0.0) -> Samples:
    """*x* with a linear attack over *attack* seconds and an exponential decay of *tau*."""
    rise = max(frames(attack), 1)
    return [v * min(1.0, i / rise) * math.exp(-i / (tau * RATE)) for i, v in enumerate(x)]


def note(
    freq: float,
    seconds: float,
    partials: Sequence[Partial],
    *,
    attack: float,
    release: float,
    vibrato: tuple[float, float] = (0.0, 0.0),
) -> Samples:
    """A note of additive partials with a raised-cosine attack and release.

    *vibrato* is (rate in Hz, depth as a fraction of the frequency). Partials at or above
    0.45 of the rate are left out (they would fold back as noise).
    """
    n, rise, fall = frames(seconds), max(frames(attack), 1), max(frames(release), 1)
    rate, depth = vibrato
    out = [0.0] * n
    for ratio, amplitude, tau in partials:
        if freq * ratio >= 0.45 * RATE:
            continue
        phase = 0.0
        for i in range(n):
            wobble = 1 + depth * math.sin(2 * math.pi * rate * i / RATE)
            phase += 2 * math.pi * freq * ratio * wobble / RATE
            fade = 1.0 if tau is None else math.exp(-i / (tau * RATE))
            out[i] += amplitude * fade * math.sin(phase)
    for i in range(n):
        out[i] *= _ramp(i / rise) * _ramp((n - 1 - i) / fall)
    return out


def _ramp(t: float) -> float:
    """0 at 0, 1 from 1 on, a raised cosine between."""
    return 1.0 if t >= 1 else 0.5 - 0.5 * math.cos(math.pi * max(t, 0.0))


def add(into: Samples, x: Samples, at: float, gain: float = 1.0) -> None:
    """Mix *x* into *into* from *at* seconds (cut at its end)."""
    start = frames(at)
    for i, v in enumerate(x[: max(len(into) - start, 0)]):
        into[start + i] += gain * v


def finish(x: Samples, peak_db: float) -> array[int]:
    """16-bit samples: faded in and out, scaled so the loudest sample is *peak_db* dBFS."""
    n, rise, fall = len(x), frames(FADE_IN), frames(FADE_OUT)
    shaped = [v * _ramp(i / rise) * _ramp((n - 1 - i) / fall) for i, v in enumerate(x)]
    scale = 10 ** (peak_db / 20) * 32767 / max(abs(v) for v in shaped)
    return array("h", (round(v * scale) for v in shaped))


# --------------------------------------------------------------------------
# The sounds
# --------------------------------------------------------------------------

# Equal-tempered pitches, A4 = 440 Hz.
A2, D3, F3, A3 = 110.0, 146.83, 174.61, 220.0
G3, G4, C5, E5, G5, C6 = 196.0, 392.0, 523.25, 659.26, 783.99, 1046.5
E6, B6 = 1318.51, 1975.53
BELL: Sequence[Partial] = ((1, 1.0, 0.32), (2.0, 0.3, 0.16), (2.76, 0.16, 0.1), (5.4, 0.05, 0.05))
WARM: Sequence[Partial] = ((1, 1.0, 0.6), (2, 0.35, 0.18), (3, 0.12, 0.1), (0.5, 0.25, 0.5))
BRASS: Sequence[Partial] = tuple((n, 1 / n**1.3, None) for n in range(1, 7))
#: A struck wooden bar: the partials of a marimba's, quickly damped.
WOOD: Sequence[Partial] = ((1, 1.0, 0.07), (3.93, 0.22, 0.02), (9.3, 0.05, 0.008))


def card() -> Samples:
    """A card laid on the cloth: a short slide of soft noise, then a muted snap."""
    out = silence(0.15)
    slide = swept_bandpass(noise(0.06, SEED), 1200, 3200, q=1.2)
    add(out, [v * (i / len(slide)) ** 2 for i, v in enumerate(slide)], 0.0, 0.35)
    snap = decay(lowpass(highpass(noise(0.09, SEED + 1), 700), 5000), 0.009, attack=0.0008)
    add(out, snap, 0.055)
    add(out, note(190, 0.05, ((1, 1.0, 0.012),), attack=0.001, release=0.01), 0.055, 0.5)
    return out


def trick() -> Samples:
    """Four cards gathered: a swish rising and falling, with three soft ticks in it."""
    out = silence(0.34)
    swish = swept_bandpass(noise(0.32, SEED + 2), 500, 2600, q=1.6)
    add(out, [v * math.sin(math.pi * i / len(swish)) ** 2 for i, v in enumerate(swish)], 0.0)
    for k, at in enumerate((0.07, 0.13, 0.19)):
        tick = decay(highpass(noise(0.03, SEED + 3 + k), 1500), 0.004, attack=0.0005)
        add(out, tick, at, 0.45 - 0.1 * k)
    return out


def hearts_broken() -> Samples:
    """A small chime: two bell notes, the second higher."""
    out = silence(0.72)
    add(out, note(E6, 0.6, BELL, attack=0.002, release=0.08), 0.0)
    add(out, note(B6, 0.6, BELL, attack=0.002, release=0.08), 0.1, 0.8)
    return out


def queen_of_spades() -> Samples:
    """The Q♠ taken: three warm low notes going down (D minor), the last held, with a wobble."""
    out = silence(0.86)
    for freq, at, length in ((A3, 0.0, 0.24), (F3, 0.2, 0.24), (D3, 0.4, 0.44)):
        tone = note(freq, length, WARM, attack=0.025, release=0.09, vibrato=(5.5, 0.006))
        add(out, tone, at)
    add(out, note(A2, 0.44, ((1, 0.5, 0.4),), attack=0.04, release=0.12), 0.4)
    return out


def moon() -> Samples:
    """Shooting the moon: a brass arpeggio up to a held C major chord."""
    out = silence(1.6)
    for freq, at in ((G4, 0.0), (C5, 0.13), (E5, 0.26)):
        add(out, note(freq, 0.14, BRASS, attack=0.012, release=0.04), at, 0.8)
    for freq in (C5, E5, G5, C6):
        chord = note(freq, 1.08, BRASS, attack=0.03, release=0.35, vibrato=(5.0, 0.004))
        add(out, chord, 0.4, 0.45)
    return out


def your_turn() -> Samples:
    """Your turn: two soft taps on a wooden bar, the second higher (a question)."""
    out = silence(0.3)
    add(out, note(G5, 0.16, WOOD, attack=0.002, release=0.05), 0.0, 0.8)
    add(out, note(C6, 0.18, WOOD, attack=0.002, release=0.06), 0.11)
    return out


def refused() -> Samples:
    """A card refused: two dull low knocks, the second lower (a no)."""
    out = silence(0.3)
    for freq, at in ((G3, 0.0), (F3, 0.12)):
        knock = note(freq, 0.13, ((1, 1.0, 0.04), (2.0, 0.3, 0.02)), attack=0.002, release=0.05)
        add(out, knock, at)
        add(out, decay(lowpass(noise(0.05, SEED + 9), 900), 0.01, attack=0.001), at, 0.3)
    return out


# Each sound and the loudest sample it may reach (dBFS): gentle, well under full scale.
SOUNDS: dict[str, tuple[Callable[[], Samples], float]] = {
    "card": (card, -9.0),
    "trick": (trick, -10.0),
    "hearts_broken": (hearts_broken, -9.0),
    "queen_of_spades": (queen_of_spades, -8.0),
    "moon": (moon, -7.0),
    "your_turn": (your_turn, -14.0),
    "refused": (refused, -12.0),
}

LICENSE = """\
Peppa sound effects
===================

Every WAV in this directory is synthesised by tools/make_sounds.py from sines
and seeded noise.  The sounds are original to the Peppa project and are
released under the MIT licence, like the rest of the project.  Do not edit
the WAVs by hand: change the script and run

    python tools/make_sounds.py

The test tests/test_sound.py checks that the committed files match the
script's output byte for byte.
"""


def wav_bytes(samples: array[int]) -> bytes:
    """A complete mono 16-bit WAV file of *samples* (little-endian, as WAV is)."""
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())
    return buffer.getvalue()


def sound_files() -> Iterator[tuple[str, bytes]]:
    """Yield (file name, contents) for every file below OUTDIR."""
    for name, (make, peak_db) in SOUNDS.items():
        yield f"{name}.wav", wav_bytes(finish(make(), peak_db))
    yield "LICENSE.txt", LICENSE.encode("utf-8")


def write(target: Path, data: bytes) -> None:
    """Write *data*, only if it changed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", default="peppa_qt/assets/sounds", type=Path)
    outdir: Path = parser.parse_args(argv).outdir
    total = 0
    for name, data in sound_files():
        write(outdir / name, data)
        total += len(data)
    print(f"wrote {len(SOUNDS)} sounds and the licence to {outdir} ({total:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
