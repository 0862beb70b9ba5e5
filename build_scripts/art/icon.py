"""The program icon: a fan of three cards, the front one showing "31".

Drawn by this project as SVG, rasterised with ``resvg-py`` at each size
(small sizes get a simpler single-card drawing so they stay crisp), and
packed into ``icon.ico`` by our own writer (PNG-compressed entries, as
Windows Vista and later read them).
"""

from __future__ import annotations

import struct
from pathlib import Path

from .pony_art import SUIT_SHAPES
from .raster import ASSETS, render_svg, svg_doc

SIZES = (16, 32, 48, 64, 128, 256)


def _card(x: float, y: float, angle: float, fill: str = "#fffdf8", stroke: float = 5) -> str:
    return (f'<g transform="translate({x} {y}) rotate({angle})">'
            f'<rect x="-62" y="-88" width="124" height="176" rx="13" fill="{fill}" '
            f'stroke="#2b2340" stroke-width="{stroke}"/>')


def _suit(s: str, x: float, y: float, scale: float, colour: str) -> str:
    return (f'<g transform="translate({x} {y}) scale({scale})" fill="{colour}">'
            f'{SUIT_SHAPES[s]}</g>')


def icon_svg(size: int) -> str:
    """SVG text of the icon as drawn at ``size`` pixels."""
    text = ('<text x="{x}" y="{y}" font-family="DejaVu Sans" font-weight="bold" '
            'font-size="{fs}" text-anchor="middle" fill="#c8102e" letter-spacing="-4">31</text>')
    if size <= 32:
        body = (_card(128, 128, 0, stroke=16).replace('x="-62" y="-88" width="124" height="176"',
                                                        'x="-112" y="-120" width="224" height="240"')
                + text.format(x=-4, y=52, fs=160).replace('letter-spacing="-4"',
                                                         'letter-spacing="-14"') + '</g>')
        return svg_doc(body, "0 0 256 256", size, size)
    body = ('<g transform="translate(128 132) scale(0.88) translate(-128 -132)">'
            + _card(86, 146, -24) + _suit("S", -30, -50, 0.42, "#2b2340")
            + _suit("S", 0, 10, 0.9, "#2b2340") + '</g>'
            + _card(170, 146, 24) + _suit("D", -30, -50, 0.42, "#c8102e")
            + _suit("D", 8, 10, 0.9, "#c8102e") + '</g>'
            + _card(128, 130, 0) + _suit("H", -36, -58, 0.36, "#c8102e")
            + text.format(x=0, y=34, fs=92) + _suit("H", 0, 62, 0.36, "#c8102e") + '</g></g>')
    return svg_doc(body, "0 0 256 256", size, size)


def write_ico(pngs: dict[int, bytes], path: Path) -> Path:
    """Write a Windows .ico holding the given PNG images (size -> PNG bytes)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    path.write_bytes(header + entries + blobs)
    return path


def build() -> list[Path]:
    """Write ``assets/icon/icon-<N>.png`` for each size and ``icon.ico``."""
    out = ASSETS / "icon"
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: render_svg(icon_svg(s), s, s) for s in SIZES}
    written = []
    for s, data in pngs.items():
        (out / f"icon-{s}.png").write_bytes(data)
        written.append(out / f"icon-{s}.png")
    written.append(write_ico(pngs, out / "icon.ico"))
    return written
