"""The classic and four-colour decks, laid out anew from Adrian Kennard's CC0 cards.

Source: Adrian Kennard's SVG playing cards (https://www.me.uk/cards/, CC0),
as shipped by the npm package ``@heruka_urgyen/react-playing-cards@0.5.0``
(folders ``src/images/2color`` and ``src/images/4color``). The build fetches
it with ``npm pack`` (needs ``npm``; or pass a folder holding the unpacked
package). Rasterised with ``resvg-py`` (``pip install resvg-py``).

We keep Kennard's drawings (rank glyphs, suit shapes, court figures) and
redo the layout: much bigger corner indices (rank about 19 % of the card
height, so a card shrunk to 80 px tall stays readable), pips in the standard
layouts, the court picture a little smaller to make room. The back is our own.
"""

from __future__ import annotations

import re
import subprocess
import tarfile
import tempfile
from pathlib import Path

from .raster import (ASSETS, CARD_H, CARD_VIEWBOX, CARD_W, PIP_LAYOUTS, card_codes,
                     card_outline, rank_value, svg_doc, write_svg_png)

NPM_PACKAGE = "@heruka_urgyen/react-playing-cards@0.5.0"

# Softer versions of Kennard's pure CSS colours.
RECOLOUR = {"red": "#d0141e", "blue": "#1b4fcf", "green": "#0f8a2c"}

RANK_H = 64          # rank glyph height (card is 336 units tall)
SUIT_H = 46          # index suit symbol box (the shape is 10/12 of it)
PIP_H = 41
PIP_DX, PIP_DY = 42, 110
COURT_W, COURT_H = 130, 205.7   # keeps Kennard's 164.8 x 260.8 aspect


def fetch_source(dest: Path) -> Path:
    """``npm pack`` the source package into ``dest``; return its ``src/images`` folder."""
    dest.mkdir(parents=True, exist_ok=True)
    images = dest / "package" / "src" / "images"
    if images.exists():
        return images
    out = subprocess.run(["npm", "pack", NPM_PACKAGE, "--silent"], cwd=dest,
                         check=True, capture_output=True, text=True).stdout.split()[-1]
    with tarfile.open(dest / out) as tar:
        tar.extractall(dest, filter="data")
    return images


def _recolour(svg: str) -> str:
    for old, new in RECOLOUR.items():
        svg = svg.replace(f'"{old}"', f'"{new}"')
    return svg


def _defs(svg: str) -> tuple[str, list[str]]:
    """Kennard's symbols (everything before the card rect), and court part ids."""
    start = svg.index(">", svg.index("<svg")) + 1
    end = svg.index("<rect width=\"239\"")
    defs = svg[start:end].replace("<defs>", "").replace("</defs>", "")
    defs = re.sub(r'<rect id="X\w+"[^>]*></rect>', "", defs)
    parts = re.findall(r'<symbol id="(\w+)" preserveAspectRatio="none"', defs)
    return defs, parts


def _index(code: str) -> str:
    """Corner index: rank over suit, top-left and rotated bottom-right."""
    rank_id, suit_id = f"V{code[1]}{code[0]}", f"S{code[1]}{code[0]}"
    x = -121.0
    y = -158.0
    suit_x = x + RANK_H / 2 - SUIT_H / 2
    one = (f'<use xlink:href="#{rank_id}" height="{RANK_H}" x="{x}" y="{y}"/>'
           f'<use xlink:href="#{suit_id}" height="{SUIT_H}" x="{suit_x}" y="{y + RANK_H + 3}"/>')
    return one + f'<g transform="rotate(180)">{one}</g>'


def _pip(suit_id: str, cx: float, cy: float, size: float) -> str:
    use = (f'<use xlink:href="#{suit_id}" height="{size}" '
           f'x="{-size / 2}" y="{-size / 2}"/>')
    turn = "rotate(180)" if cy > 0.01 else ""
    return f'<g transform="translate({cx:.3f},{cy:.3f}){turn}">{use}</g>'


def _body(code: str, parts: list[str]) -> str:
    rank, suit = code[0], code[1]
    suit_id = f"S{suit}{rank}"
    if rank == "A":
        return _pip(suit_id, 0, 0, 120 if suit == "S" else 100)
    if rank in "JQK":
        x, y = -COURT_W / 2, -COURT_H / 2
        out = []
        for pid in parts:
            use = (f'<use xlink:href="#{pid}" width="{COURT_W}" height="{COURT_H}" '
                   f'x="{x}" y="{y}"/>')
            out.append(use + f'<g transform="rotate(180)">{use}</g>')
        out.append(f'<rect x="{x}" y="{y}" width="{COURT_W}" height="{COURT_H}" '
                   'fill="none" stroke="#44F"/>')
        s = 0.26 * COURT_W
        corner = (f'<use xlink:href="#{suit_id}" height="{s:.2f}" '
                  f'x="{x - s / 12 + 1:.2f}" y="{y - s / 12 + 1:.2f}"/>')
        out.append(corner + f'<g transform="rotate(180)">{corner}</g>')
        return "".join(out)
    return "".join(_pip(suit_id, col * PIP_DX, row * PIP_DY, PIP_H)
                   for col, row in PIP_LAYOUTS[rank_value(rank)])


def face_svg(source_svg: str) -> str:
    """Our layout of one Kennard card (given as his SVG text)."""
    code = re.search(r'face="(\w\w)"', source_svg).group(1)
    defs, parts = _defs(_recolour(source_svg))
    body = card_outline() + _body(code, parts) + _index(code)
    return svg_doc(body, CARD_VIEWBOX, CARD_W, CARD_H, defs)


def back_svg(base: str = "#9b1c24", light: str = "#c2404a") -> str:
    """A classic back: white margin, red field with a lattice and a double frame."""
    defs = (
        '<pattern id="lat" width="12" height="12" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        f'<rect width="12" height="12" fill="{base}"/>'
        f'<path d="M0 6H12M6 0V12" stroke="{light}" stroke-width="1.6"/>'
        '<circle cx="6" cy="6" r="1.8" fill="#f3d9a4"/></pattern>'
    )
    medal = ''.join(
        f'<path d="M0 -{r} L{r * 0.62:.1f} 0 L0 {r} L-{r * 0.62:.1f} 0Z" '
        f'fill="{fill}" stroke="#f3d9a4" stroke-width="2"/>'
        for r, fill in ((70, base), (48, light), (26, base)))
    body = (card_outline() +
            '<rect x="-108" y="-156" width="216" height="312" rx="9" fill="url(#lat)"/>'
            '<rect x="-102" y="-150" width="204" height="300" rx="6" fill="none" '
            'stroke="#f3d9a4" stroke-width="2.5"/>'
            '<rect x="-97" y="-145" width="194" height="290" rx="4" fill="none" '
            'stroke="#f3d9a4" stroke-width="1"/>' + medal +
            '<circle r="6" fill="#f3d9a4"/>')
    return svg_doc(body, CARD_VIEWBOX, CARD_W, CARD_H, defs)


def build(source: Path | None = None) -> list[Path]:
    """Write ``assets/cards/classic`` and ``classic4`` (faces and backs)."""
    if source is None:
        source = fetch_source(Path(tempfile.gettempdir()) / "thirtyone-kennard")
    written = []
    for deck, folder in (("classic", "2color"), ("classic4", "4color")):
        out = ASSETS / "cards" / deck
        for code in card_codes():
            svg = (source / folder / f"{code}.svg").read_text(encoding="utf-8")
            written.append(write_svg_png(face_svg(svg), out / f"{code}.png", CARD_W, CARD_H))
        written.append(write_svg_png(back_svg(), out / "back.png", CARD_W, CARD_H))
    return written
