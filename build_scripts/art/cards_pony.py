"""The original pony deck: pastel cards, decorated pips, pony court cards.

All drawn by this project as generated SVG (shapes in ``pony_art.py``),
rasterised with ``resvg-py`` (``pip install resvg-py``); corner indices use
DejaVu Sans Bold from ``assets/fonts``. No existing characters or logos.
"""

from __future__ import annotations

from .pony_art import OUTLINE, PALETTE, flower, pip, pony_portrait, sparkle, suit_defs
from .raster import (ASSETS, CARD_H, CARD_VIEWBOX, CARD_W, PIP_LAYOUTS, card_codes,
                     card_outline, rank_value, svg_doc, write_svg_png)

PIP_SCALE = 0.40
PIP_DX, PIP_DY = 42, 110
INDEX_X = -92          # centre of the index column
FRAME = (-104, -152, 208, 304)   # court picture: x, y, w, h


def _index(code: str) -> str:
    """Rank (condensed DejaVu Sans Bold) over a solid suit shape, both corners."""
    rank, suit = code[0], code[1]
    dark = PALETTE[suit]["dark"]
    text, size, sx = ("10", 70, 0.54) if rank == "T" else (rank, 78, 0.74)
    spacing = ' letter-spacing="-2"' if rank == "T" else ""
    one = (f'<text transform="translate({INDEX_X} -100) scale({sx} 1)" font-family="DejaVu Sans" '
           f'font-weight="bold" font-size="{size}" text-anchor="middle" fill="{dark}"'
           f'{spacing}>{text}</text>'
           f'<g transform="translate({INDEX_X} -70)">{pip(suit, 0.40, solid=True)}</g>')
    return one + f'<g transform="rotate(180)">{one}</g>'


def _badges() -> str:
    """Cream corner plates that keep the indices legible over a court picture."""
    one = (f'<rect x="-117" y="-165" width="54" height="120" rx="12" fill="#fffaf2" '
           f'stroke="{OUTLINE}" stroke-width="2"/>')
    return one + f'<g transform="rotate(180)">{one}</g>'


def _court(suit: str, rank: str) -> str:
    pal = PALETTE[suit]
    x, y, w, h = FRAME
    sky = {"J": ("#d7f5ff", "#e9fff1"), "Q": ("#ffe1ee", "#fff7e6"),
           "K": ("#e6dcff", "#fff3d1")}[rank]
    defs = (f'<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{sky[0]}"/><stop offset="1" stop-color="{sky[1]}"/>'
            f'</linearGradient><clipPath id="frame"><rect x="{x}" y="{y}" width="{w}" '
            f'height="{h}" rx="10"/></clipPath>')
    deco = {
        "J": '<ellipse cx="60" cy="-120" rx="26" ry="10" fill="#fff"/>'
             '<ellipse cx="78" cy="-128" rx="16" ry="10" fill="#fff"/>'
             '<ellipse cx="-70" cy="-20" rx="20" ry="8" fill="#fff"/>'
             + sparkle(80, -60, 8, "#fff") + sparkle(-78, 40, 6, "#fff"),
        "Q": "".join(flower(fx, fy, 6, c) for fx, fy, c in
                     ((70, -126, "#ffc2d8"), (84, -80, "#fff3a6"), (-80, 30, "#d9ccff"),
                      (-60, 70, "#ffc2d8"), (82, -30, "#b7ecd9"))),
        "K": "".join(sparkle(sx_, sy_, r, "#ffd45e") for sx_, sy_, r in
                     ((70, -124, 9), (86, -84, 6), (-76, 26, 7), (-84, 70, 5), (84, -40, 5))),
    }[rank]
    faint = "".join(f'<g transform="translate({px} {py}) rotate({a})" opacity="0.22">'
                    f'{pip(suit, 0.22)}</g>'
                    for px, py, a in ((-82, 100, -15), (86, 20, 12), (-40, -130, 8)))
    body = (f'<g clip-path="url(#frame)"><rect x="{x}" y="{y}" width="{w}" height="{h}" '
            f'fill="url(#sky)"/>{faint}{deco}'
            f'<g transform="translate(10 16) scale(0.95)">{pony_portrait(suit, rank)}</g></g>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="none" '
            f'stroke="{pal["dark"]}" stroke-width="2.5"/>')
    return defs, body


def face_svg(code: str) -> str:
    """SVG text of one pony-deck face, e.g. ``face_svg("QH")``."""
    rank, suit = code[0], code[1]
    pal = PALETTE[suit]
    defs = suit_defs()
    body = card_outline(pal["tint"], OUTLINE, 1.5)
    body += (f'<rect x="-113" y="-161" width="226" height="322" rx="8" fill="none" '
             f'stroke="{pal["light"]}" stroke-width="2" stroke-dasharray="6 4"/>')
    if rank in "JQK":
        court_defs, court = _court(suit, rank)
        defs += court_defs
        body += court + _badges()
    elif rank == "A":
        body += (f'<circle r="74" fill="{pal["light"]}" fill-opacity="0.45"/>'
                 f'<circle r="74" fill="none" stroke="{pal["mid"]}" stroke-width="2" '
                 f'stroke-dasharray="2 6" stroke-linecap="round"/>' + pip(suit, 1.25) +
                 sparkle(-58, -62, 10, pal["mid"]) + sparkle(60, 58, 10, pal["mid"]) +
                 sparkle(62, -50, 6, pal["mid"]) + sparkle(-60, 52, 6, pal["mid"]))
    else:
        for col, row in PIP_LAYOUTS[rank_value(rank)]:
            turn = " rotate(180)" if row > 0.01 else ""
            body += (f'<g transform="translate({col * PIP_DX:.2f} {row * PIP_DY:.2f}){turn}">'
                     f'{pip(suit, PIP_SCALE)}</g>')
    body += _index(code)
    return svg_doc(body, CARD_VIEWBOX, CARD_W, CARD_H, defs)


def _horseshoe(x: float, y: float, s: float, a: float, fill: str, stroke: str) -> str:
    nails = "".join(f'<circle cx="{nx}" cy="{ny}" r="2.2" fill="{stroke}"/>'
                    for nx, ny in ((-13, 8), (-15, -6), (13, 8), (15, -6)))
    return (f'<g transform="translate({x} {y}) rotate({a}) scale({s})">'
            f'<path d="M-12 20L-20 20C-26 4-24-22 0-24C24-22 26 4 20 20L12 20'
            f'C16 6 14-12 0-12C-14-12-16 6-12 20Z" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="2.5" stroke-linejoin="round"/>{nails}</g>')


def back_svg() -> str:
    """The pony back: pastel field, a lattice of little horseshoes, a centre medallion."""
    defs = ('<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">'
            '<stop offset="0" stop-color="#cdbdf5"/><stop offset="1" stop-color="#a8e3cf"/>'
            '</linearGradient><pattern id="shoes" width="36" height="36" '
            'patternUnits="userSpaceOnUse" x="-18" y="-18">'
            + _horseshoe(9, 9, 0.32, -20, "#fff", "#8f7cc9")
            + _horseshoe(27, 27, 0.32, 160, "#fff", "#6fb89f")
            + sparkle(27, 9, 3, "#fff") + sparkle(9, 27, 3, "#fff") + '</pattern>')
    body = (card_outline("#fffaf2", OUTLINE, 1.5) +
            '<rect x="-108" y="-156" width="216" height="312" rx="10" fill="url(#bg)"/>'
            '<rect x="-108" y="-156" width="216" height="312" rx="10" fill="url(#shoes)" '
            'opacity="0.7"/>'
            f'<rect x="-101" y="-149" width="202" height="298" rx="7" fill="none" '
            f'stroke="#fff" stroke-width="3"/>'
            f'<ellipse rx="58" ry="72" fill="#fffaf2" stroke="{OUTLINE}" stroke-width="3"/>'
            '<ellipse rx="50" ry="64" fill="none" stroke="#cdbdf5" stroke-width="3" '
            'stroke-dasharray="5 5"/>'
            + _horseshoe(0, -4, 1.55, 180, "#ffd45e", OUTLINE)
            + sparkle(0, 0, 12, "#ff8fb1") + sparkle(-26, 40, 6, "#8f7cc9")
            + sparkle(28, -44, 6, "#6fb89f"))
    return svg_doc(body, CARD_VIEWBOX, CARD_W, CARD_H, defs)


def build() -> list:
    """Write ``assets/cards/pony`` (52 faces and the back)."""
    out = ASSETS / "cards" / "pony"
    written = [write_svg_png(face_svg(code), out / f"{code}.png", CARD_W, CARD_H)
               for code in card_codes()]
    written.append(write_svg_png(back_svg(), out / "back.png", CARD_W, CARD_H))
    return written
