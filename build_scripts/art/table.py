"""Seamless felt textures for the table (256 x 256, tile in both directions).

Synthesised by this project with the standard library (periodic value noise,
fixed seeds, so the output is the same on every run) and saved with pygame-ce.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from .raster import ASSETS

SIZE = 256


def periodic_noise(size: int, cells: int, rng: random.Random) -> list[float]:
    """Smooth value noise in [-1, 1] that wraps around at the edges (tileable)."""
    grid = [[rng.uniform(-1, 1) for _ in range(cells)] for _ in range(cells)]
    step = size / cells
    out = []
    for y in range(size):
        gy, fy = divmod(y / step, 1)
        gy = int(gy)
        sy = fy * fy * (3 - 2 * fy)
        row0, row1 = grid[gy % cells], grid[(gy + 1) % cells]
        for x in range(size):
            gx, fx = divmod(x / step, 1)
            gx = int(gx)
            sx = fx * fx * (3 - 2 * fx)
            a = row0[gx % cells] + (row0[(gx + 1) % cells] - row0[gx % cells]) * sx
            b = row1[gx % cells] + (row1[(gx + 1) % cells] - row1[gx % cells]) * sx
            out.append(a + (b - a) * sy)
    return out


def felt_pixels(base: tuple, alt: tuple, seed: int, blend: float, grain: float,
                mottle: float = 0.035) -> bytes:
    """RGB bytes of a felt: ``base`` drifting towards ``alt`` in soft patches, plus grain."""
    rng = random.Random(seed)
    low = periodic_noise(SIZE, 4, rng)
    mid = periodic_noise(SIZE, 16, rng)
    fine = periodic_noise(SIZE, 64, rng)
    data = bytearray()
    for i in range(SIZE * SIZE):
        t = max(0.0, min(1.0, 0.5 + 0.5 * low[i])) * blend
        shade = 1 + mottle * mid[i] + grain * (0.6 * fine[i] + 0.4 * rng.uniform(-1, 1))
        for c0, c1 in zip(base, alt):
            v = (c0 + (c1 - c0) * t) * shade
            data.append(max(0, min(255, round(v))))
    return bytes(data)


def save_rgb(data: bytes, path: Path) -> Path:
    """Save raw RGB bytes as a SIZE x SIZE PNG with pygame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.image.frombuffer(data, (SIZE, SIZE), "RGB"), str(path))
    return path


def build() -> list[Path]:
    """Write ``assets/table/felt_classic.png``, ``felt_pony.png`` and ``felt_contrast.png``."""
    out = ASSETS / "table"
    classic = felt_pixels((30, 98, 56), (22, 84, 50), seed=31, blend=1.0, grain=0.05)
    pony = felt_pixels((214, 204, 240), (196, 236, 222), seed=32, blend=0.55, grain=0.022,
                       mottle=0.012)
    # High contrast: near-black with barely any grain, so white cards and yellow marks stand out most.
    contrast = felt_pixels((12, 12, 16), (4, 4, 6), seed=33, blend=1.0, grain=0.01)
    return [save_rgb(classic, out / "felt_classic.png"), save_rgb(pony, out / "felt_pony.png"),
            save_rgb(contrast, out / "felt_contrast.png")]
