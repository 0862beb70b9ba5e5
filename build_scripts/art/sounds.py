"""Synthesise the game's sound effects (standard library only, fixed seeds).

Every sound is built from filtered noise and damped sine partials, faded in
and out to avoid clicks, and peak-normalised to -6 dBFS; 22050 Hz, 16-bit
mono WAV. The same code always writes the same bytes.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

from .raster import ASSETS

RATE = 22050
PEAK = 10 ** (-6 / 20)
MAX_RMS = 10 ** (-19 / 20)   # long tones are held down to the level of the short ones


def silence(seconds: float) -> list[float]:
    """A buffer of zeros."""
    return [0.0] * int(seconds * RATE)


def mix(buf: list[float], sound: list[float], at: float, gain: float = 1.0) -> list[float]:
    """Add ``sound`` into ``buf`` starting ``at`` seconds (the buffer grows if needed)."""
    start = int(at * RATE)
    if start + len(sound) > len(buf):
        buf.extend([0.0] * (start + len(sound) - len(buf)))
    for i, v in enumerate(sound):
        buf[start + i] += v * gain
    return buf


def noise(seconds: float, rng: random.Random) -> list[float]:
    """White noise."""
    return [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]


def bandpass(x: list[float], centre: float, q: float) -> list[float]:
    """RBJ biquad band-pass (constant peak gain)."""
    w = 2 * math.pi * centre / RATE
    alpha = math.sin(w) / (2 * q)
    b0, b2, a0 = alpha, -alpha, 1 + alpha
    a1, a2 = -2 * math.cos(w), 1 - alpha
    y, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for v in x:
        out = (b0 * v + b2 * x2 - a1 * y1 - a2 * y2) / a0
        y.append(out)
        x2, x1, y2, y1 = x1, v, y1, out
    return y


def lowpass(x: list[float], cutoff: float) -> list[float]:
    """One-pole low-pass."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, acc = [], 0.0
    for v in x:
        acc += k * (v - acc)
        y.append(acc)
    return y


def envelope(x: list[float], attack: float, decay: float) -> list[float]:
    """Linear attack, then exponential decay with time constant ``decay`` seconds."""
    a = max(1, int(attack * RATE))
    return [v * (i / a if i < a else math.exp(-(i - a) / (decay * RATE))) for i, v in enumerate(x)]


def partial(freq: float, seconds: float, decay: float, amp: float = 1.0,
            glide_to: float | None = None) -> list[float]:
    """A damped sine, optionally gliding exponentially to ``glide_to`` Hz."""
    n, phase, out = int(seconds * RATE), 0.0, []
    for i in range(n):
        f = freq if glide_to is None else freq * (glide_to / freq) ** (i / n)
        phase += 2 * math.pi * f / RATE
        out.append(amp * math.sin(phase) * math.exp(-i / (decay * RATE)))
    tail = min(n, int(0.015 * RATE))   # end at zero: no click where the buffer stops
    for i in range(tail):
        out[n - 1 - i] *= i / tail
    return out


def bell(freq: float, seconds: float = 1.2, decay: float = 0.35) -> list[float]:
    """A soft bell: a few slightly inharmonic partials with a tiny attack."""
    buf = silence(seconds)
    for ratio, amp, d in ((1.0, 1.0, 1.0), (2.0, 0.45, 0.6), (2.76, 0.25, 0.4), (5.4, 0.1, 0.2)):
        mix(buf, partial(freq * ratio, seconds, decay * d, amp), 0)
    return envelope(buf, 0.004, 1e9)


def slide(seconds: float, centre: float, rng: random.Random) -> list[float]:
    """A card sliding over felt: band-passed noise swelling and fading."""
    x = bandpass(noise(seconds, rng), centre, 0.9)
    n = len(x)
    return [v * math.sin(math.pi * i / n) ** 1.5 for i, v in enumerate(x)]


def knock_hit(rng: random.Random) -> list[float]:
    """One knuckle on wood: two damped resonances and a short click."""
    buf = mix(partial(190, 0.25, 0.045), partial(430, 0.2, 0.025, 0.6), 0)
    click = envelope(lowpass(noise(0.03, rng), 2500), 0.0005, 0.004)
    return mix(buf, click, 0, 0.8)


def notes(freqs: list[float], step: float, voice, tail: float = 1.0) -> list[float]:
    """Play ``voice(freq)`` for each frequency, ``step`` seconds apart."""
    buf = silence(step * len(freqs) + tail)
    for i, f in enumerate(freqs):
        mix(buf, voice(f), i * step)
    return buf


def soft_tone(freq: float, seconds: float = 0.5) -> list[float]:
    """A round, mellow tone (sine plus a little second harmonic)."""
    buf = mix(partial(freq, seconds, seconds / 2.5), partial(2 * freq, seconds, seconds / 5, 0.2), 0)
    return envelope(buf, 0.02, 1e9)


def recipes() -> dict[str, list[float]]:
    """Every sound by name, freshly synthesised."""
    r = random.Random(31)
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    gun_thump = partial(90, 0.5, 0.09, 1.0, glide_to=50)
    return {
        "deal": mix(slide(0.11, 2600, r), envelope(lowpass(noise(0.04, r), 900), 0.001, 0.01), 0.08, 0.5),
        "draw": slide(0.2, 2400, r),
        "discard": mix(slide(0.09, 2800, r), mix(partial(150, 0.12, 0.03),
                       envelope(lowpass(noise(0.06, r), 1200), 0.001, 0.012), 0), 0.07, 0.9),
        "swap": mix(slide(0.16, 2600, r), slide(0.16, 3100, r), 0.16),
        "knock": mix(knock_hit(r), knock_hit(r), 0.17, 0.9),
        "life_lost": notes([e5, c5, 440.0], 0.16, lambda f: soft_tone(f, 0.5), 0.45),
        "thirty_one": notes([g5, c6, 1318.5, 1568.0], 0.08, lambda f: bell(f, 1.0, 0.3), 0.95),
        "eliminated": notes([392.0, 329.63, 261.63], 0.24, lambda f: soft_tone(f, 0.7), 0.7),
        "win": mix(notes([c5, e5, g5, c6], 0.13, lambda f: bell(f, 1.3, 0.4), 0.6),
                   mix(mix(bell(c5, 1.4, 0.5), bell(e5, 1.4, 0.5), 0), bell(g5, 1.4, 0.5), 0),
                   0.6, 0.7),
        "click": envelope(mix(partial(1800, 0.07, 0.006), bandpass(noise(0.07, r), 4000, 2), 0, 0.3),
                          0.0005, 0.01),
        "gunshot": mix(envelope(lowpass(noise(0.6, r), 1800), 0.001, 0.07), gun_thump, 0, 1.2),
        "misfire": mix(envelope(bandpass(noise(0.04, r), 3500, 3), 0.0005, 0.006),
                       envelope(lowpass(noise(0.4, r), 700), 0.03, 0.12), 0.08, 0.5),
        "holster": mix(envelope(lowpass(slide(0.22, 900, r), 1500), 0.01, 1e9),
                       envelope(partial(2600, 0.08, 0.015), 0.001, 1e9), 0.2, 0.25),
        "draw_gun": mix(envelope(partial(3100, 0.06, 0.01), 0.001, 1e9),
                        slide(0.18, 1100, r), 0.03, 1.0),
        # Earcons for speech users (Settings → Speech): short, and unlike any card sound.
        "your_turn": notes([g5, c6], 0.09, lambda f: soft_tone(f, 0.25), 0.22),
        "refused": notes([233.08, 196.0], 0.1, lambda f: soft_tone(f, 0.18), 0.16),
        "pass": envelope(mix(partial(330, 0.12, 0.03), bandpass(noise(0.05, r), 900, 2), 0, 0.4), 0.002, 1e9),
    }


def finish(x: list[float]) -> list[float]:
    """Trim trailing near-silence, fade the edges, normalise to a -6 dBFS peak (RMS capped)."""
    peak = max(abs(v) for v in x) or 1.0
    end = len(x)
    while end > int(0.06 * RATE) and abs(x[end - 1]) < peak * 0.002:
        end -= 1
    x = x[:end]
    fade_in, fade_out = min(len(x), 22), min(len(x), int(0.02 * RATE))
    for i in range(fade_in):
        x[i] *= i / fade_in
    for i in range(fade_out):
        x[-1 - i] *= i / fade_out
    rms = math.sqrt(sum(v * v for v in x) / len(x)) or 1.0
    scale = min(PEAK / (max(abs(v) for v in x) or 1.0), MAX_RMS / rms)
    return [v * scale for v in x]


def write_wav(x: list[float], path: Path) -> Path:
    """Write mono 16-bit PCM at RATE."""
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = struct.pack(f"<{len(x)}h", *(max(-32767, min(32767, round(v * 32767))) for v in x))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path


def build() -> list[Path]:
    """Write every sound to ``assets/sounds/<name>.wav``."""
    return [write_wav(finish(x), ASSETS / "sounds" / f"{name}.wav")
            for name, x in recipes().items()]
