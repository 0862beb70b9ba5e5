"""Old West art: the derringer, its muzzle flash and a puff of smoke.

Drawn by this project as generated SVG, rasterised with ``resvg-py``. The
derringer points right (the window turns it toward its target); the flash and
the puff are soft, mostly transparent shapes the window scales and fades.
"""

from __future__ import annotations

import math

from .raster import ASSETS, svg_doc, write_svg_png

STEEL = ("#f2f4f8", "#b9c0cc", "#6d7482", "#2c3038")
BRASS = ("#fff0b8", "#e7b84a", "#a8731a", "#553606")
WOOD = ("#d9a070", "#9a5a2c", "#5b3015", "#2a1507")


def _linear(gid: str, c: tuple, vertical: bool = True) -> str:
    end = 'x2="0" y2="1"' if vertical else 'x2="1" y2="0"'
    return (f'<linearGradient id="{gid}" x1="0" y1="0" {end}>'
            f'<stop offset="0" stop-color="{c[0]}"/><stop offset="0.45" stop-color="{c[1]}"/>'
            f'<stop offset="1" stop-color="{c[2]}"/></linearGradient>')


def derringer() -> str:
    """A single-shot derringer in profile, muzzle to the right, on a transparent ground."""
    defs = _linear("steel", STEEL) + _linear("brass", BRASS) + _linear("wood", WOOD, vertical=False)
    ink = STEEL[3]
    body = (
        # the bird's-head grip, wood with a brass butt cap
        f'<path d="M62 52 C58 70 48 86 30 100 C24 105 24 113 32 114 L50 114 C58 100 70 84 80 66 Z" '
        f'fill="url(#wood)" stroke="{WOOD[3]}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M28 108 C30 104 36 102 42 103 L50 114 L32 114 C26 114 25 111 28 108 Z" fill="url(#brass)" '
        f'stroke="{BRASS[3]}" stroke-width="2"/>'
        '<path d="M56 74 L66 78 M50 84 L60 88 M44 94 L54 98" stroke="#3a1c0a" stroke-width="1.6" opacity="0.5"/>'
        # the frame, brass
        f'<path d="M54 34 L104 34 L104 66 L86 66 C82 74 76 76 70 70 L62 60 C58 52 54 46 54 34 Z" '
        f'fill="url(#brass)" stroke="{BRASS[3]}" stroke-width="3" stroke-linejoin="round"/>'
        # the barrel, steel, with a rib and a muzzle ring
        f'<rect x="96" y="30" width="96" height="24" rx="5" fill="url(#steel)" stroke="{ink}" stroke-width="3"/>'
        f'<rect x="100" y="26" width="84" height="7" rx="3" fill="{STEEL[1]}" stroke="{ink}" stroke-width="2"/>'
        f'<rect x="182" y="29" width="11" height="26" rx="3" fill="{STEEL[2]}" stroke="{ink}" stroke-width="2"/>'
        f'<circle cx="112" cy="42" r="3.5" fill="{STEEL[2]}" stroke="{ink}" stroke-width="1.5"/>'
        # the hammer spur and the spur trigger
        f'<path d="M58 36 L48 16 C46 12 50 9 54 11 L68 34 Z" fill="url(#steel)" stroke="{ink}" '
        'stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M80 66 C80 76 84 84 90 88 C86 80 86 72 88 66 Z" fill="url(#steel)" stroke="{ink}" '
        'stroke-width="2.5" stroke-linejoin="round"/>'
        '<path d="M60 38 L100 38" stroke="#fff8d8" stroke-width="2" opacity="0.7"/>'
    )
    return svg_doc(body, "0 0 200 120", 200, 120, defs)


def muzzle_flash() -> str:
    """A white-hot star fading through yellow to orange, brightest at the left (the muzzle)."""
    defs = ('<radialGradient id="fire" cx="0.5" cy="0.5" r="0.5">'
            '<stop offset="0" stop-color="#ffffff"/><stop offset="0.3" stop-color="#fff3a0"/>'
            '<stop offset="0.7" stop-color="#ffb030" stop-opacity="0.9"/>'
            '<stop offset="1" stop-color="#ff5a10" stop-opacity="0"/></radialGradient>'
            '<filter id="soft" x="-0.3" y="-0.3" width="1.6" height="1.6"><feGaussianBlur stdDeviation="3"/></filter>')
    points = []
    for i in range(18):
        angle = math.pi * 2 * i / 18
        # long spikes forward (to the right), short ones back
        reach = (60 if i % 2 == 0 else 22) * (0.55 + 0.45 * max(0.0, math.cos(angle)))
        points.append(f"{64 + reach * math.cos(angle):.1f},{64 + reach * math.sin(angle) * 0.75:.1f}")
    body = (f'<polygon points="{" ".join(points)}" fill="url(#fire)" filter="url(#soft)"/>'
            '<circle cx="64" cy="64" r="16" fill="#ffffff" opacity="0.95" filter="url(#soft)"/>')
    return svg_doc(body, "0 0 128 128", 128, 128, defs)


def smoke_puff() -> str:
    """A soft grey cloud of a few overlapping balls."""
    defs = ('<filter id="blur" x="-0.3" y="-0.3" width="1.6" height="1.6"><feGaussianBlur stdDeviation="5"/></filter>'
            '<radialGradient id="ball" cx="0.4" cy="0.35" r="0.65"><stop offset="0" stop-color="#f4f2ee"/>'
            '<stop offset="1" stop-color="#9c9890"/></radialGradient>')
    balls = ((64, 70, 30), (44, 62, 22), (84, 60, 24), (60, 46, 20), (80, 82, 18), (42, 82, 16))
    body = "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="url(#ball)"/>' for x, y, r in balls)
    return svg_doc(f'<g filter="url(#blur)" opacity="0.9">{body}</g>', "0 0 128 128", 128, 128, defs)


def build() -> list:
    """Write ``assets/tokens/derringer.png``, ``muzzle_flash.png`` and ``smoke.png``."""
    t = ASSETS / "tokens"
    jobs = [(derringer(), t / "derringer.png", 200, 120), (muzzle_flash(), t / "muzzle_flash.png", 128, 128),
            (smoke_puff(), t / "smoke.png", 128, 128)]
    return [write_svg_png(svg, path, w, h) for svg, path, w, h in jobs]
