"""Drawings for the original pony deck: friendly suit shapes and pony portraits.

Everything here is drawn by the project as SVG paths (no outside artwork, no
existing characters). ``cards_pony.py`` lays the pieces out on cards.
Coordinates of a portrait: a 220 x 300 box centred on the origin, pony facing right.
"""

from __future__ import annotations

OUTLINE = "#4a3358"

# Suit shapes in a box of about -46..46 (symbols are filled by the caller).
SUIT_SHAPES = {
    "H": '<path d="M0 42C-22 24-47 7-47-14C-47-32-33-43-20-43C-10-43-3-37 0-28'
         'C3-37 10-43 20-43C33-43 47-32 47-14C47 7 22 24 0 42Z"/>',
    "D": '<path d="M0-47Q20-24 37 0Q20 24 0 47Q-20 24-37 0Q-20-24 0-47Z"/>',
    "S": '<path d="M0-45C-12-28-44-12-44 10C-44 26-32 34-20 34C-12 34-6 30-3 25'
         'C-4 34-8 40-15 46L15 46C8 40 4 34 3 25C6 30 12 34 20 34'
         'C32 34 44 26 44 10C44-12 12-28 0-45Z"/>',
    "C": '<circle cx="0" cy="-21" r="20"/><circle cx="-21" cy="9" r="20"/>'
         '<circle cx="21" cy="9" r="20"/><circle cx="0" cy="3" r="12"/>'
         '<path d="M-5 8Q-5 34-15 46L15 46Q5 34 5 8Z"/>',
}

# Per suit: dark (indices, outlines), mid and light (pips), coat and mane of the pony.
PALETTE = {
    "S": dict(dark="#33296b", mid="#8172d4", light="#d6cffb", coat="#e3dafc", mane="#7058c9",
              tint="#f5f2ff"),
    "H": dict(dark="#b8174f", mid="#ef5d90", light="#ffc9db", coat="#ffdbe7", mane="#e0457b",
              tint="#fff2f6"),
    "D": dict(dark="#b83a12", mid="#f2844e", light="#ffd2b5", coat="#ffe6c9", mane="#ef7d44",
              tint="#fff5ec"),
    "C": dict(dark="#155f4f", mid="#3fae8f", light="#bfeedd", coat="#d2f2e4", mane="#2c9a80",
              tint="#effaf5"),
}


def suit_defs() -> str:
    """Symbols ``shape-X`` and gradients ``pip-X`` for the four suits."""
    out = []
    for s, shape in SUIT_SHAPES.items():
        p = PALETTE[s]
        out.append(f'<symbol id="shape-{s}" overflow="visible">{shape}</symbol>')
        out.append(f'<linearGradient id="pip-{s}" x1="0" y1="0" x2="0.3" y2="1">'
                   f'<stop offset="0" stop-color="{p["light"]}"/>'
                   f'<stop offset="0.55" stop-color="{p["mid"]}"/>'
                   f'<stop offset="1" stop-color="{p["mid"]}"/></linearGradient>')
    return "".join(out)


def sparkle(x: float, y: float, r: float, fill: str = "white") -> str:
    """A four-pointed twinkle star centred on (x, y)."""
    q = r * 0.22
    return (f'<path d="M{x} {y - r}Q{x + q} {y - q} {x + r} {y}Q{x + q} {y + q} {x} {y + r}'
            f'Q{x - q} {y + q} {x - r} {y}Q{x - q} {y - q} {x} {y - r}Z" fill="{fill}"/>')


def pip(suit: str, size: float = 1.0, solid: bool = False) -> str:
    """One decorated suit pip centred on the origin, ``size`` 1 = about 92 units tall."""
    p = PALETTE[suit]
    ref = f'<use xlink:href="#shape-{suit}"'
    if solid:   # plain dark shape, for corner indices
        return f'<g transform="scale({size})">{ref} fill="{p["dark"]}"/></g>'
    deco = {
        "H": sparkle(-21, -20, 10) + sparkle(20, -5, 6, "#fff6"),
        "D": '<path d="M0-40Q14-22 26-4L0 0Z" fill="#fff" fill-opacity="0.35"/>' + sparkle(0, 0, 9),
        "S": '<ellipse cx="-20" cy="2" rx="8" ry="12" fill="#fff" fill-opacity="0.45" '
             'transform="rotate(30 -20 2)"/>' + sparkle(16, 8, 7, "#fffc"),
        "C": ''.join(f'<circle cx="{x}" cy="{y}" r="5" fill="#fff" fill-opacity="0.55"/>'
                     for x, y in ((-6, -28), (-27, 2), (15, 2))),
    }[suit]
    return (f'<g transform="scale({size})">{ref} fill="{p["dark"]}" stroke="{p["dark"]}" '
            f'stroke-width="7" stroke-linejoin="round"/>{ref} fill="url(#pip-{suit})"/>'
            f'{deco}</g>')


def _outlined(shapes: str, fill: str, width: float = 5) -> str:
    """Shapes with one shared outline: a stroked copy under a filled copy."""
    return (f'<g fill="{OUTLINE}" stroke="{OUTLINE}" stroke-width="{width}" '
            f'stroke-linejoin="round">{shapes}</g><g fill="{fill}">{shapes}</g>')


HEAD = ('<circle cx="-4" cy="-44" r="43"/>'
        '<ellipse cx="40" cy="-8" rx="34" ry="27" transform="rotate(32 40 -8)"/>'
        '<path d="M-30-20Q0 10 30 16L40 0 0-60Z"/>')
NECK = '<path d="M-42-44C-58 20-72 80-84 150L84 150C74 96 46 60 30 4Z"/>'
EAR = '<path d="M-26-76C-32-108-16-126-4-130C6-112 8-94 2-78Z"/>'
MANE = ('<path d="M8-90C-18-112-62-100-64-62C-84-44-70-12-88 12C-100 44-80 76-98 108'
        'C-92 130-84 140-80 150L-46 150C-52 108-34 66-40 28C-32-4-30-36-20-64Z"/>')
FORELOCK = '<path d="M-14-86C10-104 40-88 32-62C26-76 12-80-6-74Z"/>'
MANE_LINES = ('<path d="M-30-96C-58-84-56-50-68-30M-52-2C-68 30-64 70-78 104'
              'M-44 40C-50 70-44 100-58 140M14-86C24-84 28-76 28-70" fill="none" '
              'stroke="#fff" stroke-opacity="0.45" stroke-width="4" stroke-linecap="round"/>')


def _face(pal: dict, lashes: bool, wink: bool = False) -> str:
    eye = ('<path d="M-2-48Q10-58 22-48" fill="none" stroke="#2d2147" stroke-width="5" '
           'stroke-linecap="round"/>' if wink else
           '<ellipse cx="10" cy="-48" rx="12.5" ry="16" fill="#2d2147" transform="rotate(-8 10 -48)"/>'
           f'<ellipse cx="11" cy="-42" rx="8" ry="8.5" fill="{pal["mane"]}"/>'
           '<circle cx="14" cy="-54" r="5.5" fill="#fff"/><circle cx="6" cy="-40" r="2.6" fill="#fff"/>')
    if lashes:
        eye += ('<path d="M18-60L26-68M12-63L16-73M5-62L5-71" stroke="#2d2147" '
                'stroke-width="3" stroke-linecap="round"/>')
    return (eye + '<ellipse cx="32" cy="-24" rx="11" ry="6.5" fill="#ff8fb1" fill-opacity="0.55"/>'
            '<ellipse cx="60" cy="-8" rx="3.2" ry="5" fill="#4a3358" transform="rotate(-25 60 -8)"/>'
            '<path d="M42 16Q52 22 62 14" fill="none" stroke="#4a3358" stroke-width="3" '
            'stroke-linecap="round"/>')


def crown() -> str:
    """A small gold crown with three gems, sitting at the origin."""
    return ('<g><path d="M-30 0L-34-34-17-16 0-42 17-16 34-34 30 0Z" fill="#ffd45e" '
            f'stroke="{OUTLINE}" stroke-width="4" stroke-linejoin="round"/>'
            f'<rect x="-31" y="-6" width="62" height="10" rx="4" fill="#f5b83d" stroke="{OUTLINE}" '
            'stroke-width="3"/><circle cx="0" cy="-42" r="5" fill="#ff6fa0"/>'
            '<circle cx="-34" cy="-34" r="4" fill="#8fd3ff"/><circle cx="34" cy="-34" r="4" '
            'fill="#8fd3ff"/><circle cx="0" cy="-1" r="4" fill="#b57cff"/></g>')


def flower(x: float, y: float, r: float, petal: str, centre: str = "#ffd45e") -> str:
    """A five-petal flower."""
    petals = "".join(f'<circle cx="{r * 0.95:.1f}" cy="0" r="{r * 0.62:.1f}" '
                     f'transform="rotate({a})"/>' for a in range(0, 360, 72))
    return (f'<g transform="translate({x} {y})"><g fill="{petal}" stroke="{OUTLINE}" '
            f'stroke-width="1.6">{petals}</g><circle r="{r * 0.55:.1f}" fill="{centre}" '
            f'stroke="{OUTLINE}" stroke-width="1.4"/></g>')


def _accessory(rank: str, pal: dict) -> tuple[str, str]:
    """What goes on the head and what goes round the neck, per court rank."""
    if rank == "K":
        head = '<g transform="translate(-18 -98) rotate(-12)">' + crown() + '</g>'
        spots = "".join(f'<path d="M{x} {y}l-3 7h6z" fill="#2d2147"/>'
                        for x, y in ((-50, 112), (-20, 104), (10, 102), (40, 108)))
        neck = ('<path d="M-84 150C-80 120-60 96-30 90C0 84 40 88 70 104L78 150Z" '
                f'fill="#7b3fb8" stroke="{OUTLINE}" stroke-width="4"/>'
                '<path d="M-74 118C-40 96 20 90 70 106L68 120C20 104-40 110-72 132Z" '
                f'fill="#fffaf0" stroke="{OUTLINE}" stroke-width="3"/>' + spots +
                '<circle cx="0" cy="130" r="9" fill="#ffd45e" stroke="#4a3358" stroke-width="3"/>')
        return head, neck
    if rank == "Q":
        cols = ("#ff9cc2", "#fff3a6", "#b9a6ff", "#ffb38a", "#9fe3c9", "#ff9cc2")
        pts = ((-56, -74), (-44, -96), (-22, -108), (2, -110), (24, -100), (-62, -50))
        head = "".join(flower(x, y, 10, c) for (x, y), c in zip(pts, cols))
        head += "".join(f'<ellipse cx="{x}" cy="{y}" rx="7" ry="3.5" fill="#6cc08b" '
                        f'stroke="{OUTLINE}" stroke-width="1.4" transform="rotate({a} {x} {y})"/>'
                        for x, y, a in ((-34, -106, -20), (12, -110, 15), (-60, -62, 70)))
        pearls = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#fffdf6" '
                         f'stroke="{OUTLINE}" stroke-width="1.8"/>'
                         for x, y in ((-48 + 12 * i, 60 + 0.6 * (i - 4.5) ** 2) for i in range(10)))
        return head, pearls + flower(6, 76, 9, "#ff9cc2")
    head = ('<g transform="translate(-6 -94) rotate(-6)">'
            f'<path d="M-38 6C-42-18-10-30 22-22C40-16 44-4 38 4C10 14-20 14-38 6Z" '
            f'fill="{pal["mid"]}" stroke="{OUTLINE}" stroke-width="4"/>'
            f'<circle cx="8" cy="-26" r="6" fill="{pal["light"]}" stroke="{OUTLINE}" '
            'stroke-width="2.5"/></g>')
    neck = (f'<path d="M-34 40C-10 54 20 50 40 36L46 56C20 70-14 70-38 58Z" fill="{pal["mid"]}" '
            f'stroke="{OUTLINE}" stroke-width="4"/>'
            f'<path d="M6 52L-12 84 4 80 12 92 18 56Z" fill="{pal["mid"]}" stroke="{OUTLINE}" '
            'stroke-width="3.5" stroke-linejoin="round"/>')
    return head, neck


def _foal_mane() -> str:
    """A short, soft, scalloped brush mane along the back of the neck."""
    pts = [(-60 - 26 * t / 8, -64 + 214 * t / 8) for t in range(9)]
    bumps = "".join(f"Q{(x0 + x1) / 2 - 16:.1f} {(y0 + y1) / 2:.1f} {x1:.1f} {y1:.1f}"
                    for (x0, y0), (x1, y1) in zip(pts, pts[1:]))
    return (f'<path d="M8-90C-18-112-62-100-60-64{bumps}L-62 150'
            'C-58 100-50 40-40 10C-34-20-30-40-20-64Z"/>')


def pony_portrait(suit: str, rank: str) -> str:
    """A pony bust for a court card: J a foal with a page cap, Q a flower crown, K a crown."""
    pal = PALETTE[suit]
    # Per rank: head tilt (deg) and head scale (the foal has a bigger head).
    tilt, scale = {"J": (-10, 1.08), "Q": (8, 1.0), "K": (-3, 1.0)}[rank]
    head_acc, neck_acc = _accessory(rank, pal)
    head = (_outlined(EAR, pal["coat"]) +
            '<path d="M-18-80C-20-100-12-112-6-116C0-104 0-92-2-82Z" fill="#ffb3c9"/>' +
            _outlined(HEAD, pal["coat"]) + _face(pal, lashes=rank == "Q"))
    mane = _outlined(MANE, pal["mane"]) + MANE_LINES
    if rank == "J":   # the foal's mane is a short tuft
        mane = _outlined(_foal_mane(), pal["mane"])
    forelock = _outlined(FORELOCK, pal["mane"], 4)
    return (_outlined(NECK, pal["coat"]) +
            f'<g transform="rotate({tilt} 0 -20) scale({scale})">'
            f'{mane}{head}{forelock}{head_acc}</g>' + neck_acc)
