"""Each seat's reason on the round-end panel is read whole, at every size and in German."""

import pytest

import pygame

import tests.ui_support  # noqa: F401  (headless drivers before pygame starts)
from thirtyone.ui.assets import Assets
from thirtyone.ui.table.round_end import SMALLEST_REASON, reason_lines

REASON = "Du hattest das schlechteste Blatt, 20: verlierst ein Leben und bist raus."


@pytest.mark.parametrize("size,width,room", [(22.5, 420, 126), (15, 300, 84), (22.5, 330, 126)])
def test_a_long_reason_is_set_smaller_rather_than_cut(size, width, room) -> None:
    pygame.init()
    assets = Assets()
    shown, lines = reason_lines(assets, REASON, size, width, room)
    assert " ".join(lines) == REASON, "every word of the reason is on the panel"
    assert shown >= size * SMALLEST_REASON and len(lines) * 18 / 15 * shown <= room


def test_a_reason_that_cannot_fit_even_small_ends_in_an_ellipsis_within_its_row() -> None:
    pygame.init()
    assets = Assets()
    shown, lines = reason_lines(assets, REASON * 4, 15, 200, 40)
    assert shown == pytest.approx(15 * SMALLEST_REASON) and lines[-1].endswith("…")
    assert len(lines) * 18 / 15 * shown <= 40
