"""Turn generated SVG text into PNG files, and a few shared SVG snippets.

Build-time dependency: ``resvg-py`` (``.venv/bin/pip install resvg-py``).
Text in the SVGs is drawn only with the DejaVu fonts shipped in
``assets/fonts`` (system fonts are skipped), so the output does not depend on
the fonts of the machine that builds it.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
FONT_DIR = ASSETS / "fonts"

CARD_W, CARD_H = 250, 350
# Card SVGs use Kennard's coordinate system: 2.5in x 3.5in at 96 dpi,
# centred on the origin.
CARD_VIEWBOX = "-120 -168 240 336"


def svg_doc(body: str, viewbox: str, width: float, height: float, defs: str = "") -> str:
    """Wrap ``body`` (and optional ``defs``) in a complete SVG document."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="{viewbox}" width="{width}" height="{height}">'
        f"<defs>{defs}</defs>{body}</svg>"
    )


def render_svg(svg: str, width: int, height: int) -> bytes:
    """Rasterise SVG text to PNG bytes of exactly ``width`` x ``height``."""
    import resvg_py  # build-time only

    fonts = [str(p) for p in sorted(FONT_DIR.glob("DejaVuSans*.ttf"))]
    data = resvg_py.svg_to_bytes(
        svg_string=svg,
        width=width,
        height=height,
        dpi=96,
        skip_system_fonts=True,
        font_files=fonts,
        sans_serif_family="DejaVu Sans",
        font_family="DejaVu Sans",
    )
    return bytes(data)


def write_svg_png(svg: str, path: Path, width: int, height: int) -> Path:
    """Rasterise ``svg`` and write it as the PNG ``path`` (folders are made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render_svg(svg, width, height))
    return path


def card_outline(fill: str = "white", stroke: str = "black", width: float = 1.0) -> str:
    """The rounded card rectangle that every card face and back starts with."""
    return (
        f'<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" ry="12" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
    )


# Standard pip layouts: (column, row) with column in {-1, 0, 1} and row as a
# fraction of the half-height of the pip field; lower-half pips are drawn
# upside down as on a printed deck.
PIP_LAYOUTS: dict[int, list[tuple[int, float]]] = {
    2: [(0, -1), (0, 1)],
    3: [(0, -1), (0, 0), (0, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    7: [(-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    8: [(-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    9: [(-1, -1), (1, -1), (-1, -1 / 3), (1, -1 / 3), (0, 0),
        (-1, 1 / 3), (1, 1 / 3), (-1, 1), (1, 1)],
    10: [(-1, -1), (1, -1), (0, -2 / 3), (-1, -1 / 3), (1, -1 / 3),
         (-1, 1 / 3), (1, 1 / 3), (0, 2 / 3), (-1, 1), (1, 1)],
}

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def card_codes() -> list[str]:
    """All 52 card codes, e.g. ``AS``, ``TH``, ``QC``."""
    return [r + s for s in SUITS for r in RANKS]


def rank_value(rank: str) -> int:
    """Pip count of a number rank (A=1, T=10)."""
    return {"A": 1, "T": 10}.get(rank) or int(rank)
