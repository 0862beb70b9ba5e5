"""A button's label never runs under its key hint (seen on the Commerce table at 1024×600: "Swap allA")."""

from __future__ import annotations

import pygame

from tests.ui_support import make_app, open_table, run_until, setup
from thirtyone.ui.layout import Box
from thirtyone.ui.widgets import Button


def label_and_hint_rects(button: Button, assets, unit: float) -> tuple[pygame.Rect, pygame.Rect | None]:
    label, size, centre, hint_at = button.text_places(assets, unit)
    label_rect = assets.text(label, size, (255, 255, 255), True).get_rect(center=(round(centre[0]), round(centre[1])))
    if hint_at is None:
        return label_rect, None
    hint = assets.text(button.hint, size * 0.62, (255, 255, 255)).get_rect(bottomright=(round(hint_at[0]), round(hint_at[1])))
    return label_rect, hint


def test_every_table_button_at_1024x600_keeps_its_label_clear_of_the_key_hint() -> None:
    app = make_app((1008, 504))  # what a 1024×600 screen leaves the window
    table = open_table(app, setup(["human", "random", "random", "random"], preset="commerce"))
    assert run_until(app, lambda: table.input.obs is not None)
    app.frame([], 0.05)
    buttons = list(table.buttons.values())
    assert any(b.label == "Swap all" for b in buttons)
    unit = table.view.layout.unit
    for button in buttons:
        if button.box.w <= 0:
            continue
        label, hint = label_and_hint_rects(button, app.ctx.assets, unit)
        box = pygame.Rect(round(button.box.x), round(button.box.y), round(button.box.w), round(button.box.h))
        assert box.contains(label) or label.w <= box.w, button.label
        if hint is not None:
            assert not label.colliderect(hint), f"{button.label!r} runs under its key hint {button.hint!r}"


def test_a_long_label_moves_left_then_shortens_but_a_short_one_stays_centred() -> None:
    app = make_app((1280, 720))
    assets = app.ctx.assets
    short = Button("Go", lambda: None, "Enter")
    short.box = Box(100, 100, 200, 40)
    label, _size, centre, hint_at = short.text_places(assets, 1.0)
    assert label == "Go" and centre == (200.0, 120.0) and hint_at is not None
    long = Button("Swap all of them now", lambda: None, "Enter")
    long.box = Box(100, 100, 200, 40)
    label_rect, hint_rect = label_and_hint_rects(long, assets, 1.0)
    assert hint_rect is not None and not label_rect.colliderect(hint_rect)
    assert label_rect.left >= 100
    assert long.text_places(assets, 1.0)[2][0] < 200.0  # moved left of the centre
