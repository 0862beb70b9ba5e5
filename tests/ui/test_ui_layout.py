"""The pure layout: every seat count and window size, nothing overlapping, everything inside."""

from __future__ import annotations

import pytest

from thirtyone.ui.layout import Box, menu_buttons, table_layout, ui_unit

SIZES = [(960, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160), (1000, 1000), (2560, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("board", [False, True])
def test_seats_do_not_overlap_and_fit(size, seats, board):
    w, h = size
    for viewer in (0, seats - 1):
        layout = table_layout(w, h, seats, viewer, has_board=board)
        window = Box(0, 0, w, h)
        boxes = [g.box for g in layout.seat_geo]
        for i, a in enumerate(boxes):
            assert a.inside(window), (i, a)
            assert a.inside(layout.table), (i, a)
            for j, b in enumerate(boxes[i + 1:], i + 1):
                assert not a.overlaps(b), (i, j)
        centre = [layout.stock, layout.kitty] + ([*layout.board] if board else [layout.discard])
        for part in centre:
            assert part.inside(layout.table)
            assert not any(part.overlaps(b) for b in boxes), part
        for button in layout.buttons.values():
            assert button.inside(layout.table)
        assert not layout.log.overlaps(layout.table)
        # The viewer is at the bottom, the others above the viewer's hand.
        bottom = layout.seat_geo[viewer].box
        assert all(g.box.center[1] < bottom.center[1] for s, g in enumerate(layout.seat_geo) if s != viewer)


@pytest.mark.parametrize("seats", range(2, 9))
def test_hand_cards_stay_inside_their_seat(seats):
    layout = table_layout(1280, 720, seats)
    for seat in range(seats):
        box = layout.seat_geo[seat].box.inflate(4, 4)
        w = layout.card_w(seat)
        for count in (3, 4):
            for i in range(count):
                x, y, _ = layout.hand_card(seat, i, count)
                assert box.x <= x - w / 2 and x + w / 2 <= box.right + w * 0.3


def test_seats_go_clockwise_from_the_viewer():
    layout = table_layout(1280, 720, 4, viewer=2)
    left, top, right = (layout.seat_geo[s].box.center for s in (3, 0, 1))
    assert left[0] < top[0] < right[0]
    assert top[1] < left[1] and top[1] < right[1]


def test_unit_scales_with_the_window():
    assert ui_unit(1280, 720) == 1.0
    assert ui_unit(3840, 2160) == 3.0
    assert ui_unit(1920, 1080, 1.5) == 2.25


def test_layout_scales_with_the_window_size():
    small = table_layout(1280, 720, 4)
    large = table_layout(3840, 2160, 4)
    assert large.card_w(0) == pytest.approx(small.card_w(0) * 3)


def test_menu_buttons_are_stacked_and_centred():
    boxes = menu_buttons(1280, 720, 4)
    assert all(b.center[0] == 640 for b in boxes)
    assert all(a.bottom < b.y for a, b in zip(boxes, boxes[1:]))


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (3840, 2160), (1000, 1000)])
@pytest.mark.parametrize("seats", range(2, 9))
def test_old_west_gun_rows_fit_inside_their_seats(size, seats):
    w, h = size
    layout = table_layout(w, h, seats, 0, guns=True)
    boxes = [g.box for g in layout.seat_geo]
    for seat, geo in enumerate(layout.seat_geo):
        assert geo.gun.w > 40 * layout.unit and geo.gun.inside(geo.box.inflate(2, 2)), seat
        assert geo.gun.y >= geo.tokens.y - 1e-6
        assert not any(geo.gun.overlaps(b) for i, b in enumerate(boxes) if i != seat)
    for i, a in enumerate(boxes):
        assert a.inside(layout.table)
        assert not any(a.overlaps(b) for b in boxes[i + 1:])
    gun = layout.buttons["gun"]
    assert gun.inside(layout.table) and not gun.overlaps(layout.hand_value) and not gun.overlaps(boxes[0])


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", range(9, 13))
@pytest.mark.parametrize("board", [False, True])
def test_up_to_twelve_seats_fit_legibly(size, seats, board):
    """Issue 13: the window seats up to 12, legible at 1280×720 (cards at least 52 px wide there)."""
    w, h = size
    layout = table_layout(w, h, seats, 0, has_board=board)
    boxes = [g.box for g in layout.seat_geo]
    for i, a in enumerate(boxes):
        assert a.inside(layout.table), (i, a)
        assert not any(a.overlaps(b) for b in boxes[i + 1:]), i
    if size == (1280, 720):
        assert min(layout.card_w(s) for s in range(1, seats)) >= 52


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", range(2, 13))
def test_a_four_card_fan_keeps_clear_of_the_window_edge(size, seats):
    """Issue 16: a side seat's fan of four, tilted, stays a margin inside the table area."""
    import math
    from thirtyone.ui.layout import CARD_RATIO
    layout = table_layout(size[0], size[1], seats)
    for seat in range(1, seats):
        w = layout.card_w(seat)
        h = w * CARD_RATIO
        for i in range(4):
            x, y, angle = layout.hand_card(seat, i, 4)
            r = math.radians(angle)
            half_w = (abs(w * math.cos(r)) + abs(h * math.sin(r))) / 2
            half_h = (abs(w * math.sin(r)) + abs(h * math.cos(r))) / 2
            assert x - half_w >= 4 * layout.unit and x + half_w <= layout.table.right - 4 * layout.unit
            assert y - half_h >= 4 * layout.unit
