"""A window shrunk to nothing and enlarged again shows every scene laid out for its new size."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import key, make_app, open_table, run_until, setup, step_game, top_name
from thirtyone.ui.assets import Assets
from thirtyone.ui.layout import table_layout
from thirtyone.ui.table.log import log_image
from thirtyone.ui.theme import THEMES

FULL = (1280, 720)


def resize(app, size: tuple[int, int]) -> None:
    """What the window does on a resize: a new display surface, then the event, in one frame."""
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)


def felt_shows(app) -> bool:
    """Whether the screen shows the table rather than the "Make the window bigger" panel (a flat fill)."""
    w, h = app.screen.get_size()
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, w, w // 16) for y in range(0, h, h // 9)}
    return len(colours) > 3


@pytest.mark.parametrize("tiny", [(1280, 1), (1, 720), (1, 1), (200, 120)])
def test_the_table_under_the_pause_menu_follows_the_window_when_it_grows_again(tiny):
    app = make_app(FULL)
    table = open_table(app, setup(["human", "random", "random"], seed=5))
    assert run_until(app, lambda: table.input.obs is not None)
    resize(app, tiny)
    app.frame([], 0.05)
    app.frame([key(pygame.K_ESCAPE)], 0.05)
    assert top_name(app) == "pause"
    resize(app, (1600, 900))
    app.frame([], 0.05)
    assert top_name(app) == "pause"
    assert (table.view.layout.width, table.view.layout.height) == (1600, 900)
    assert felt_shows(app)
    app.frame([key(pygame.K_ESCAPE)], 0.05)
    assert top_name(app) == "table"
    assert table.view.layout.width == 1600


def test_the_table_under_the_round_end_panel_follows_the_window():
    app = make_app(FULL)
    table = open_table(app, setup(["human", "random"], lives=1, seed=11))
    assert run_until(app, lambda: top_name(app) == "round_end" or (step_game(app), False)[1], wall_s=120)
    resize(app, (1, 1))
    resize(app, (1024, 600))
    app.frame([], 0.05)
    assert top_name(app) == "round_end"
    assert (table.view.layout.width, table.view.layout.height) == (1024, 600)
    assert felt_shows(app)


@pytest.mark.parametrize("size", [(1280, 1), (1, 720), (1, 1), (3, 2)])
def test_the_log_image_stays_inside_the_table_at_any_size(size):
    pygame.init()
    pygame.display.set_mode((64, 64))
    layout = table_layout(size[0], size[1], 4)
    image = log_image(layout, Assets(), THEMES["classic"], ["Ada knocks.", "— Round 2 —"])
    assert image.get_width() <= size[0] and image.get_height() <= size[1]
