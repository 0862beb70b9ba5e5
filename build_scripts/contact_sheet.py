"""Write one PNG showing every card of every deck (for looking, not shipped).

Usage: ``python build_scripts/contact_sheet.py [OUT.png] [--height PX]``
(default ``contact_sheet.png`` in the current folder, cards 175 px tall).
Each deck is four rows (spades, hearts, diamonds, clubs; A..K) with the back
at the end of the first row. Needs only pygame-ce.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"
DECKS = ("classic", "classic4", "pony")
RANKS, SUITS = "A23456789TJQK", "SHDC"


def make_sheet(card_h: int = 175, decks: tuple[str, ...] = DECKS) -> pygame.Surface:
    """All cards of ``decks`` scaled to ``card_h`` pixels tall on a felt-green sheet."""
    card_w = round(card_h * 250 / 350)
    gap, label_h = max(4, card_h // 25), max(14, card_h // 8)
    font = pygame.font.Font(str(ASSETS / "fonts" / "DejaVuSans-Bold.ttf"), label_h - 4)
    present = [d for d in decks if (ASSETS / "cards" / d).is_dir()]
    cols, rows = 14, 4
    deck_h = label_h + rows * (card_h + gap) + gap
    sheet = pygame.Surface((gap + cols * (card_w + gap), max(1, len(present)) * deck_h))
    sheet.fill((28, 92, 54))
    for d, deck in enumerate(present):
        top = d * deck_h
        sheet.blit(font.render(deck, True, (240, 240, 240)), (gap, top + 2))
        for r, suit in enumerate(SUITS):
            for c, name in enumerate([rk + suit for rk in RANKS] + (["back"] if r == 0 else [])):
                path = ASSETS / "cards" / deck / f"{name}.png"
                if not path.exists():
                    continue
                img = pygame.transform.smoothscale(pygame.image.load(str(path)), (card_w, card_h))
                sheet.blit(img, (gap + c * (card_w + gap), top + label_h + gap + r * (card_h + gap)))
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and write the sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="contact_sheet.png")
    parser.add_argument("--height", type=int, default=175, help="card height in px")
    args = parser.parse_args(argv)
    pygame.font.init()
    pygame.image.save(make_sheet(args.height), args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
