"""Wrapped text never parts a number from its unit: Quick Draw's "0.7 s" (German "0,7 s") stays on one line
at any width, in the preset's description as New game and How to play show it."""

from __future__ import annotations

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
