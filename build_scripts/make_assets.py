"""Regenerate every file under ``assets/`` (cards, tokens, table, icon, sounds, fonts).

Usage (from the repository root)::

    .venv/bin/pip install resvg-py          # build-time only: SVG rasteriser
    .venv/bin/python build_scripts/make_assets.py [--only NAME ...] [--kennard DIR]

Needs, at build time only (the game itself never does):

* ``resvg-py`` from PyPI, to rasterise the generated SVG;
* ``npm`` (Debian: ``apt-get install npm``), to fetch Adrian Kennard's CC0
  card drawings, package ``@heruka_urgyen/react-playing-cards@0.5.0``, for
  the classic decks (or pass ``--kennard`` with the unpacked ``src/images`` folder);
* the Debian package ``fonts-dejavu-core`` for the fonts (already copied in
  ``assets/fonts``; the copy is kept when the system has none);
* pygame-ce (felts) and the standard library (sounds, ICO file).

Parts: fonts, classic (classic + classic4 decks), pony, tokens (also the
card highlight), table, icon, sounds. Fonts come first: the card indices
and the icon are drawn with them. Output is deterministic.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from art import cards_classic, cards_pony, fonts, guns, icon, sounds, table, tokens  # noqa: E402

PARTS = {
    "fonts": fonts.build,
    "classic": None,   # filled in main(): takes the --kennard folder
    "pony": cards_pony.build,
    "tokens": tokens.build,
    "guns": guns.build,
    "table": table.build,
    "icon": icon.build,
    "sounds": sounds.build,
}


def main(argv: list[str] | None = None) -> int:
    """Build the requested parts (all by default) and report what was written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(PARTS), help="build only these parts")
    parser.add_argument("--kennard", type=Path, help="folder with Kennard's 2color/ and 4color/ SVGs")
    args = parser.parse_args(argv)
    PARTS["classic"] = lambda: cards_classic.build(args.kennard)
    for name in args.only or list(PARTS):
        start = time.perf_counter()
        written = PARTS[name]()
        print(f"{name:8s} {len(written):3d} files  {time.perf_counter() - start:5.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
