"""Which characters a player name may hold: those the bundled font draws, left to right.

The bundled DejaVu font has Latin, Greek, Cyrillic and many symbols but no
Chinese, Japanese or Korean, and pygame draws right-to-left scripts (Hebrew,
Arabic) in the wrong order. Rather than show boxes or reversed names, the name
field refuses such a character and says why.
"""

from __future__ import annotations

import unicodedata

import pygame

from ..i18n import _
from .assets import Assets

_MISSING = "\U000F0000"
"""A private-use character no font draws: what a missing glyph looks like."""


class NameCheck:
    """``check(ch)``: ``None`` when ``ch`` can be in a name, else the reason in a few words."""

    def __init__(self, assets: Assets) -> None:
        self.font = assets.font(24)
        self._missing = self._pixels(_MISSING)
        self._known: dict[str, str | None] = {}

    def _pixels(self, text: str) -> bytes:
        return pygame.image.tobytes(self.font.render(text, True, (0, 0, 0)), "RGBA")

    def __call__(self, ch: str) -> str | None:
        if ch not in self._known:
            self._known[ch] = self._problem(ch)
        return self._known[ch]

    def _problem(self, ch: str) -> str | None:
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            return _("“{letter}”: right-to-left writing cannot be shown yet; please use Latin letters").format(letter=ch)
        if not ch.isspace() and self._pixels(ch) == self._missing:
            script = unicodedata.name(ch, "").split(" ")[0].title()
            if not script:
                return _("the game's font has no such letters (U+{code}); please use others").format(code=f"{ord(ch):04X}")
            return _("the game's font has no {script} letters (U+{code}); please use others").format(
                script=script, code=f"{ord(ch):04X}")
        return None
