"""Wrapped text never parts a number from its unit: Quick Draw's "0.7 s" (German "0,7 s") stays on one line
at any width, in the preset's description as New game and How to play show it."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import make_app
from thirtyone import i18n
from thirtyone.model import PRESETS
from thirtyone.model.describe import describe_rules


@pytest.mark.parametrize("language", ["en", "de"])
def test_quick_draw_descriptions_keep_seconds_and_milliseconds_with_their_number(language: str) -> None:
    assets = make_app().ctx.assets
    i18n.set_language(language)
    try:
        preset = PRESETS["quick-draw"]
        texts = [i18n._(preset.summary)] + [line for _h, lines in describe_rules(preset.rules) for line in lines]
        window = "0,7 s" if language == "de" else "0.7 s"
        assert window in texts[0]
        for text in texts:
            for width in range(160, 700, 3):  # from a line wider than any one word
                lines = assets.wrap(text, 14, width)
                assert " ".join(lines) == text
                for before, after in zip(lines, lines[1:]):
                    unit = after.split(" ")[0].rstrip(".,:;)")
                    assert not (before[-1:].isdigit() and unit in ("s", "ms", "%")), (width, before, after)
    finally:
        i18n.set_language("en")


def test_a_paragraph_drawn_again_is_not_measured_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Screens wrap and fit the same text every frame: the second time the lines come from memory,
    the same as the first time, and not one word is measured again."""
    from thirtyone.ui.widgets import fit_size, fit_text
    assets = make_app().ctx.assets
    text = i18n._(PRESETS["quick-draw"].summary)
    first = (assets.wrap(text, 14, 220), fit_size(assets, text, 16, 300), fit_text(assets, text, 14, 180))
    measured: list[str] = []
    real_font = assets.font

    class Counting:
        def __init__(self, font: pygame.font.Font) -> None:
            self.font = font

        def size(self, words: str) -> tuple[int, int]:
            measured.append(words)
            width, height = self.font.size(words)
            return width, height

    monkeypatch.setattr(assets, "font", lambda size, bold=False: Counting(real_font(size, bold)))
    again = (assets.wrap(text, 14, 220), fit_size(assets, text, 16, 300), fit_text(assets, text, 14, 180))
    assert again == first and len(first[0]) > 1 and first[2].endswith("…")
    assert measured == []
    assert assets.wrap(text, 14, 221) == assets._wrap(text, 14, 221, False) and measured  # a new width is worked out
