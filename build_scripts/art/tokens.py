"""Life tokens, the kitties lost lives go into, and the card highlight.

Drawn by this project as generated SVG, rasterised with ``resvg-py``
(``pip install resvg-py``). Classic theme: gold coin, silver honour coin
with a star and ribbon, a brass bowl. Pony theme: rose-gold horseshoe,
silver honour horseshoe with a rosette, a wicker basket with a bow.
"""

from __future__ import annotations

import math

from .pony_art import SUIT_SHAPES, sparkle
from .raster import ASSETS, CARD_H, CARD_W, svg_doc, write_svg_png

GOLD = ("#fff3b0", "#f2c640", "#c98a12", "#7a4d08")
SILVER = ("#ffffff", "#d9dee8", "#9aa3b3", "#4f5766")
ROSE = ("#fff0f4", "#f7b6c8", "#d97a98", "#7a3352")


def _radial(gid: str, c: tuple) -> str:
    return (f'<radialGradient id="{gid}" cx="0.38" cy="0.32" r="0.75">'
            f'<stop offset="0" stop-color="{c[0]}"/><stop offset="0.45" stop-color="{c[1]}"/>'
            f'<stop offset="1" stop-color="{c[2]}"/></radialGradient>')


def _coin_face(cx: float, cy: float, r: float, c: tuple, gid: str) -> str:
    ticks = "".join(f'<rect x="-1.2" y="{-r + 1.5}" width="2.4" height="5" fill="{c[3]}" '
                    f'opacity="0.35" transform="translate({cx} {cy}) rotate({a * 7.5})"/>'
                    for a in range(48))
    return (f'<ellipse cx="{cx + 2}" cy="{cy + 4}" rx="{r}" ry="{r}" fill="#000" opacity="0.22"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="url(#{gid})" stroke="{c[3]}" '
            f'stroke-width="3"/>{ticks}'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.78:.1f}" fill="none" stroke="{c[3]}" '
            f'stroke-width="2" opacity="0.6"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.74:.1f}" fill="none" stroke="{c[0]}" '
            f'stroke-width="1.5" opacity="0.8"/>')


def _star(cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.pi * (i / 5 - 0.5)
        pts.append(f"{cx + rad * math.cos(a):.2f},{cy + rad * math.sin(a):.2f}")
    return (f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="2.5" stroke-linejoin="round"/>')


def _ribbon(cx: float, top: float, left: str, right: str) -> str:
    return "".join(
        f'<path d="M{cx + dx * 6} {top}L{cx + dx * 30} {top + 50}L{cx + dx * 20} {top + 44}'
        f'L{cx + dx * 13} {top + 58}L{cx - dx * 8} {top + 6}Z" fill="{col}" '
        f'stroke="#3b2a3a" stroke-width="2" stroke-linejoin="round"/>'
        for dx, col in ((-1, left), (1, right)))


def coin(honour: bool) -> str:
    """The classic life token; the honour one is silver with a star and a ribbon."""
    if not honour:
        suits = "".join(f'<g transform="translate({64 + dx} {64 + dy}) scale(0.2)" '
                        f'fill="{GOLD[3]}" opacity="0.75">{SUIT_SHAPES[s]}</g>'
                        for s, dx, dy in (("S", 0, -17), ("H", 17, 0), ("D", 0, 17), ("C", -17, 0)))
        body = (_coin_face(64, 64, 56, GOLD, "g") + suits +
                f'<circle cx="64" cy="64" r="5" fill="{GOLD[3]}" opacity="0.6"/>' +
                sparkle(40, 36, 7, "#fffbe6"))
        return svg_doc(body, "0 0 128 128", 128, 128, _radial("g", GOLD))
    body = (_ribbon(64, 72, "#d6334f", "#2f5fc4") + _coin_face(64, 56, 48, SILVER, "s") +
            _star(64, 56, 26, "#ffd45e", "#8a5a0c") + sparkle(42, 34, 6, "#fff"))
    return svg_doc(body, "0 0 128 128", 128, 128, _radial("s", SILVER))


def horseshoe(honour: bool) -> str:
    """The pony life token; the honour one is silver with a rosette."""
    c = SILVER if honour else ROSE
    shoe = ('M40 112L22 112C6 80 6 30 40 14C52 8 76 8 88 14C122 30 122 80 106 112L88 112'
            'C100 84 100 44 82 34C72 28 56 28 46 34C28 44 28 84 40 112Z')
    holes = "".join(f'<ellipse cx="{x}" cy="{y}" rx="2.6" ry="4" fill="{c[3]}" '
                    f'transform="rotate({a} {x} {y})"/>'
                    for x, y, a in ((24, 88, 8), (20, 64, 0), (26, 40, -25), (104, 88, -8),
                                    (108, 64, 0), (102, 40, 25)))
    defs = (f'<linearGradient id="hs" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" '
            f'stop-color="{c[0]}"/><stop offset="0.5" stop-color="{c[1]}"/>'
            f'<stop offset="1" stop-color="{c[2]}"/></linearGradient>')
    body = (f'<path d="{shoe}" fill="#000" opacity="0.2" transform="translate(2 4)"/>'
            f'<path d="{shoe}" fill="url(#hs)" stroke="{c[3]}" stroke-width="3.5" '
            f'stroke-linejoin="round"/>'
            f'<path d="M30 96C20 70 22 40 44 24" fill="none" stroke="#fff" stroke-opacity="0.6" '
            f'stroke-width="3" stroke-linecap="round"/>{holes}')
    if honour:
        body += (_ribbon(64, 70, "#8f7cc9", "#ff8fb1") +
                 '<circle cx="64" cy="64" r="24" fill="#ff8fb1" stroke="#7a3352" '
                 'stroke-width="2.5" stroke-dasharray="4 2.5"/>'
                 '<circle cx="64" cy="64" r="16" fill="#fff4b0" stroke="#7a3352" stroke-width="2"/>'
                 + _star(64, 64, 12, "#ffd45e", "#8a5a0c"))
    else:
        body += sparkle(64, 62, 12, "#ffd45e") + sparkle(46, 22, 5, "#fff")
    return svg_doc(body, "0 0 128 128", 128, 128, defs)


def kitty_classic() -> str:
    """A brass bowl seen from a little above, where lost coins go."""
    defs = ('<linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" '
            'stop-color="#7a4a12"/><stop offset="0.35" stop-color="#e3a94a"/><stop offset="0.6" '
            'stop-color="#c9862c"/><stop offset="1" stop-color="#6b3f0e"/></linearGradient>'
            '<radialGradient id="in" cx="0.5" cy="0.7" r="0.6"><stop offset="0" '
            'stop-color="#4a2a08"/><stop offset="1" stop-color="#2a1604"/></radialGradient>')
    body = ('<ellipse cx="128" cy="180" rx="78" ry="10" fill="#000" opacity="0.3"/>'
            '<path d="M14 64C18 130 70 172 128 172C186 172 238 130 242 64Z" fill="url(#b)" '
            'stroke="#4a2a08" stroke-width="3"/>'
            '<path d="M40 110C70 140 186 140 216 110" fill="none" stroke="#ffe0a0" '
            'stroke-opacity="0.5" stroke-width="3"/>'
            '<path d="M60 160C90 168 166 168 196 160L190 176C160 184 96 184 66 176Z" '
            'fill="#8a5518" stroke="#4a2a08" stroke-width="2.5"/>'
            '<ellipse cx="128" cy="64" rx="114" ry="34" fill="#f0c060" stroke="#4a2a08" '
            'stroke-width="3"/>'
            '<ellipse cx="128" cy="66" rx="100" ry="26" fill="url(#in)"/>'
            '<path d="M40 52C70 36 186 36 216 52" fill="none" stroke="#fff6d0" '
            'stroke-opacity="0.7" stroke-width="3" stroke-linecap="round"/>')
    return svg_doc(body, "0 0 256 192", 256, 192, defs)


def kitty_pony() -> str:
    """A wicker basket with a pastel bow, where lost horseshoes go."""
    weave = "".join(
        f'<path d="M{x} 70Q{x + 6} 120 {x + (x - 128) * 0.12:.1f} 168" fill="none" '
        f'stroke="#b9824a" stroke-width="3"/>' for x in range(30, 236, 16))
    rows = "".join(f'<path d="M{20 + i * 3} {y}Q128 {y + 16} {236 - i * 3} {y}" fill="none" '
                   f'stroke="#f6d7a4" stroke-width="5" stroke-opacity="0.8"/>'
                   for i, y in enumerate(range(88, 166, 14)))
    defs = ('<linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" '
            'stop-color="#e8b878"/><stop offset="1" stop-color="#b07a3e"/></linearGradient>'
            '<clipPath id="body"><path d="M16 64L44 170C70 182 186 182 212 170L240 64Z"/>'
            '</clipPath>')
    body = ('<ellipse cx="128" cy="180" rx="96" ry="9" fill="#000" opacity="0.22"/>'
            '<path d="M16 64L44 170C70 182 186 182 212 170L240 64Z" fill="url(#w)" '
            'stroke="#6b4424" stroke-width="3" stroke-linejoin="round"/>'
            + f'<g clip-path="url(#body)">{weave}{rows}</g>' +
            '<ellipse cx="128" cy="64" rx="114" ry="28" fill="#f0c98e" stroke="#6b4424" '
            'stroke-width="3"/><ellipse cx="128" cy="66" rx="100" ry="20" fill="#7a5230"/>'
            '<path d="M14 64C40 96 216 96 242 64" fill="none" stroke="#cdbdf5" stroke-width="9"/>'
            '<path d="M128 92L100 74 96 108Z M128 92L156 74 160 108Z" fill="#ff9cc2" '
            'stroke="#7a3352" stroke-width="2.5" stroke-linejoin="round"/>'
            '<path d="M124 94L110 128 122 122 128 132 134 94Z" fill="#ff9cc2" stroke="#7a3352" '
            'stroke-width="2.5" stroke-linejoin="round"/>'
            '<circle cx="128" cy="92" r="9" fill="#ffc2d8" stroke="#7a3352" stroke-width="2.5"/>'
            + sparkle(60, 120, 7, "#fff") + sparkle(196, 130, 5, "#fff"))
    return svg_doc(body, "0 0 256 192", 256, 192, defs)


def highlight() -> str:
    """A glowing rounded outline the size of a card, to mark a selected card."""
    defs = ('<filter id="glow" x="-0.2" y="-0.2" width="1.4" height="1.4">'
            '<feGaussianBlur stdDeviation="4"/></filter>')
    ring = 'x="5" y="5" width="240" height="340" rx="14"'
    body = (f'<rect {ring} fill="none" stroke="#ffd84a" stroke-width="10" filter="url(#glow)"/>'
            f'<rect {ring} fill="none" stroke="#fff3a0" stroke-width="3.5"/>')
    return svg_doc(body, f"0 0 {CARD_W} {CARD_H}", CARD_W, CARD_H, defs)


def build() -> list:
    """Write ``assets/tokens/*`` and ``assets/cards/highlight.png``."""
    t = ASSETS / "tokens"
    jobs = [(coin(False), t / "coin.png", 128, 128), (coin(True), t / "coin_honor.png", 128, 128),
            (horseshoe(False), t / "horseshoe.png", 128, 128),
            (horseshoe(True), t / "horseshoe_honor.png", 128, 128),
            (kitty_classic(), t / "kitty_classic.png", 256, 192),
            (kitty_pony(), t / "kitty_pony.png", 256, 192),
            (highlight(), ASSETS / "cards" / "highlight.png", CARD_W, CARD_H)]
    return [write_svg_png(svg, path, w, h) for svg, path, w, h in jobs]
