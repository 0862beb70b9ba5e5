"""Wrapped text never parts a number from its unit: Quick Draw's "0.7 s" (German "0,7 s") stays on one line
at any width, in the preset's description as New game and How to play show it."""

from __future__ import annotations

from collections.abc import MutableMapping

import pygame
import pytest

from tests.ui_support import make_app
from thirtyone import i18n
from thirtyone.model import PRESETS
from thirtyone.model.describe import describe_rules
from thirtyone.ui.assets import Assets


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


def test_the_game_log_keeps_its_wrapped_lines_in_the_apps_bounded_text_cache_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """One cache for measured text: the log wraps through ``Assets.wrap``, so each window's ``Assets``
    measures its log once and holds the result within ``MEASURED_ENTRIES``, and no second, module-wide
    copy outlives it (a second window measures its own log, with its own fonts)."""
    from thirtyone.ui.layout import Box, table_layout
    from thirtyone.ui.table import log as table_log
    from thirtyone.ui.theme import THEMES

    measured: list[tuple[int, str]] = []
    real = Assets._wrap

    def counting(self: Assets, text: str, size: float, width: float, bold: bool) -> list[str]:
        measured.append((id(self), text))
        return real(self, text, size, width, bold)

    monkeypatch.setattr(Assets, "_wrap", counting)
    make_app()  # fonts ready
    layout = table_layout(1280, 720, 4)
    lines = [f"— Round {n} —" if n % 7 == 0 else f"Ada takes the {n} of hearts and throws a card she does not need."
             for n in range(40)]
    first, second = Assets(), Assets()
    for assets in (first, first, second):
        table_log.render_log(pygame.Surface((400, 700)), layout, assets, THEMES["classic"], lines, Box(0, 0, 300, 700))
    assert sorted(text for owner, text in measured if owner == id(first)) == sorted(lines)  # once each, drawn twice
    assert sorted(text for owner, text in measured if owner == id(second)) == sorted(lines)
    for n in range(Assets.MEASURED_ENTRIES // 60 + 2):  # an evening's log: many more lines than the cache holds
        batch = [f"Line {n}.{i} of a long evening at the table." for i in range(60)]
        table_log.render_log(pygame.Surface((400, 700)), layout, first, THEMES["classic"], batch, Box(0, 0, 300, 700))
    assert len(first._measured) <= Assets.MEASURED_ENTRIES
    assert not [name for name, value in vars(table_log).items()
                if isinstance(value, MutableMapping) and len(value) > 8 and not name.startswith("__")]
