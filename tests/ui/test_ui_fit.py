"""Text and boxes that must fit: the log wraps at word boundaries and never cuts a name,
the hand-value box stays inside the window at 150%, and 9 to 12 seats lay out."""

from __future__ import annotations

import pygame
import pytest

from thirtyone.ui.game_setup import WINDOW_SEATS
from thirtyone.ui.layout import Box, table_layout

from tests.ui_support import make_app

LONG_NAMES = ("Bartholomew", "Maximiliana", "Konstantinos")


@pytest.mark.parametrize("size, scale", [((1024, 600), 1.5), ((1280, 720), 1.5), ((1280, 720), 1.0)])
def test_log_lines_break_between_words_and_fit_the_log(monkeypatch, size, scale):
    from thirtyone.ui import table_log
    app = make_app(size, ui_scale=scale)
    assets = app.ctx.assets
    layout = table_layout(*size, 4, ui_scale=scale)
    lines = [f"— Round 12 — {LONG_NAMES[0]} deals; {LONG_NAMES[1]} plays first.",
             f"{LONG_NAMES[2]} knocked and tied for the lowest hand, 23½: loses a life like the others tied.",
             f"{LONG_NAMES[1]} gives 10♠ to the board for Q♦."]
    drawn: list[tuple[str, float, bool]] = []
    real = table_log.blit_text

    def spy(surface, assets_, text, size_, colour, pos, *args, bold=False, **kwargs):
        drawn.append((text, size_, bold))
        return real(surface, assets_, text, size_, colour, pos, *args, bold=bold, **kwargs)
    monkeypatch.setattr(table_log, "blit_text", spy)
    box = layout.log.inflate(-12 * layout.unit, -12 * layout.unit)
    table_log.render_log(pygame.Surface(size), layout, assets, app.ctx.theme, lines, Box(0, 0, box.w, box.h))
    text_lines = [(t, s, b) for t, s, b in drawn if t != "Game log"]
    assert len(text_lines) > len(lines)  # the log is narrow enough that lines wrap
    for text, size_, bold in text_lines:
        assert assets.font(int(size_), bold).size(text)[0] <= box.w - 24 * layout.unit, text
    words = " ".join(t for t, _s, _b in text_lines).split(" ")
    assert words == " ".join(lines).split(" ")  # every break is at a space: no word split or lost
    for name in LONG_NAMES:
        assert any(name in t for t, _s, _b in text_lines)


def test_a_word_wider_than_the_line_is_split_between_letters_not_cut_off():
    app = make_app((1280, 720))
    font = app.ctx.assets.font(13)
    width = font.size("Bartho")[0]
    parts = app.ctx.assets.wrap("to Bartholomew-Konstantinos now", 13, width)
    assert "".join(parts).replace(" ", "") == "toBartholomew-Konstantinosnow"
    assert all(font.size(part)[0] <= width for part in parts)


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.5), ((1024, 600), 1.5), ((1366, 768), 1.5),
                                         ((1920, 1080), 1.5), ((1280, 720), 1.0)])
def test_hand_value_box_and_the_buttons_under_it_stay_in_the_window(size, scale):
    for guns in (False, True):
        layout = table_layout(*size, 4, ui_scale=scale, guns=guns)
        window = Box(0, 0, layout.table.w, size[1])
        assert layout.hand_value.inside(window), layout.hand_value
        assert layout.buttons["take_back"].inside(window)
        own = layout.seat_geo[0].box
        assert not layout.hand_value.overlaps(own)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("seats", range(9, WINDOW_SEATS + 1))
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("board", [False, True])
def test_nine_to_twelve_seats_fit_without_overlap(size, seats, scale, board):
    w, h = size
    layout = table_layout(w, h, seats, ui_scale=scale, has_board=board)
    boxes = [g.box for g in layout.seat_geo]
    for i, a in enumerate(boxes):
        assert a.inside(layout.table), (i, a)
        assert not any(a.overlaps(b) for b in boxes[i + 1:]), i
        assert not a.overlaps(layout.message), (i, "the prompt")
    if size == (1280, 720):
        assert min(g.card_w for g in layout.seat_geo) >= 40 * layout.unit  # cards still read as cards


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.5), ((1024, 600), 1.5), ((1920, 1080), 1.5), ((1024, 600), 1.0)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_bot_levels_on_twelve_plates_are_written_whole(monkeypatch, size, scale, language):
    from tests.ui_support import drawn_texts, open_table, run_until
    from thirtyone import i18n
    from thirtyone.model import PRESETS
    from thirtyone.ui import table_layer
    from thirtyone.ui.game_setup import GameSetup, SeatChoice, level_name
    app = make_app(size, ui_scale=scale, language=language)
    i18n.set_language(language)
    try:
        levels = ["casual", "sharp", "expert", "beginner", "random"] * 3
        names = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai"]
        seats = [SeatChoice("You", "human")] + [SeatChoice(n, lv) for n, lv in zip(names, levels)]
        texts = drawn_texts(monkeypatch, table_layer)
        table = open_table(app, GameSetup(seats, "london", PRESETS["london"].rules, 3))
        assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 400)
        app.frame([], 0.01)
        for level in set(levels):
            assert level_name(level) in texts, (level_name(level), [t for t in texts if t.endswith("…")])
        assert not [t for t in texts if t.endswith("…")]
    finally:
        i18n.set_language("en")
