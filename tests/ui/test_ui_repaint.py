"""Repainting only what changed must leave the screen exactly as a whole repaint would."""

from __future__ import annotations

from typing import Any, Literal, cast

import pygame
import pytest

from tests.ui_support import make_app, open_table, setup, step_game, top
from thirtyone.ui.repaint import Item, Repainter, paint_all


def _box(colour: tuple[int, int, int], area: pygame.Rect) -> Item:
    def paint(surface: pygame.Surface) -> None:
        surface.fill(colour, area)
    return Item(area, (colour, tuple(area)), paint)


def _same_memory(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether the two surfaces' pixel memory is equal byte for byte.

    Read in place as 8-byte words (4-byte where the size does not divide), not copied out: two copies
    of a 1280×720 screen (3.7 MB each, mapped afresh since the window maps large blocks on their own,
    ui/heap.py) and their comparison took 5.4 ms a frame, half of the real-game tests' time; this takes
    about a seventh of that (1.1 against 7.8 ms measured side by side on the busy machine)."""
    if a.get_masks() != b.get_masks() or a.get_pitch() != b.get_pitch() or a.get_bytesize() != 4:
        return False
    # pygame's stubs do not call a BufferProxy a buffer; it is one (pygame.BufferProxy's documentation)
    with memoryview(cast(Any, a.get_buffer())) as raw_a, memoryview(cast(Any, b.get_buffer())) as raw_b:
        word: Literal["Q", "I"] = "Q" if raw_a.nbytes % 8 == 0 else "I"
        with raw_a.cast("B").cast(word) as words_a, raw_b.cast("B").cast(word) as words_b:
            return bool(words_a == words_b)


def _differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    # The raw pixel memory first, a small part of the time of converting both to RGB (which took half
    # of the real-game tests). Equal memory in one pixel format is equal RGB; a difference may be only
    # the unused fourth byte, so the RGB comparison still decides.
    if _same_memory(a, b):
        return 0
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return 0
    return max(1, sum(1 for x in range(0, a.get_width(), 2) for y in range(0, a.get_height(), 2)
                      if a.get_at((x, y)) != b.get_at((x, y))))  # at least 1: the difference may be between the samples


def test_a_moved_box_is_repainted_where_it_was_and_where_it_is_and_nowhere_else():
    background = pygame.Surface((200, 100))
    background.fill((0, 80, 0))
    screen = pygame.Surface((200, 100))
    painter = Repainter()
    still, mover = _box((200, 0, 0), pygame.Rect(150, 10, 30, 30)), _box((0, 0, 255), pygame.Rect(10, 10, 20, 20))
    assert painter.paint(screen, background, [still, mover]) is None  # the first frame is painted whole
    moved = _box((0, 0, 255), pygame.Rect(40, 10, 20, 20))
    areas = painter.paint(screen, background, [still, moved])
    assert areas is not None and pygame.Rect(10, 10, 50, 20).contains(areas[0].unionall(areas))
    assert not any(area.colliderect(still.area) for area in areas)  # the still box is not touched
    whole = pygame.Surface((200, 100))
    paint_all(whole, background, [still, moved])
    assert _differing_pixels(screen, whole) == 0
    assert painter.paint(screen, background, [still, moved]) == []  # nothing changed: nothing to show


def test_an_item_over_a_changed_one_is_painted_again_on_top():
    background = pygame.Surface((100, 100))
    screen = pygame.Surface((100, 100))
    painter = Repainter()
    under, over = _box((255, 0, 0), pygame.Rect(10, 10, 50, 50)), _box((0, 255, 0), pygame.Rect(30, 30, 50, 50))
    painter.paint(screen, background, [under, over])
    under_now = _box((255, 255, 0), pygame.Rect(10, 10, 50, 50))
    painter.paint(screen, background, [under_now, over])
    assert screen.get_at((40, 40))[:3] == (0, 255, 0)  # the green box still covers the changed one
    assert screen.get_at((15, 15))[:3] == (255, 255, 0)


@pytest.mark.parametrize("preset", ["classic", "old-west"])
def test_every_frame_of_a_real_game_equals_a_whole_repaint(preset):
    """A human and three bots play with real animation timings (cards flying, flips, status
    dots, pop-ups, tokens, round ends, shots): after each frame the window's screen, painted
    only where something changed, is compared with the same frame painted from scratch."""
    app = make_app((1280, 720), fast=False)
    table = open_table(app, setup(["human", "casual", "sharp", "beginner"], preset, seed=11))
    reference = pygame.Surface(app.screen.get_size())
    partial_frames = rounds = 0
    for frame in range(1200):
        step_game(app, 1 / 30)
        if top(app) is not table:
            rounds += top(app).name == "round_end"
            continue
        if app.changed is not None:
            partial_frames += 1
        table.draw(reference)
        assert _differing_pixels(app.screen, reference) == 0, f"frame {frame} differs from a whole repaint"
    assert rounds and partial_frames > 300  # rounds ended and most frames were painted in pieces: the comparison had work to check
