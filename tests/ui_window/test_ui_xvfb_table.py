"""A real window under X: drag a card from the hand onto the discard pile with the mouse (issue 16, defect 3).

The game runs on its own Xvfb screen (``tests/xvfb_support``); the outcome is read from
the autosaved game in the test's own ``--data-dir``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb, title_button_centre

pytestmark = pytest.mark.xvfb


@needs_xvfb
def test_drag_a_card_onto_the_discard_pile_in_a_real_window(tmp_path: Path) -> None:
    from thirtyone.model import Discard, Phase
    from thirtyone.ui.layout import table_layout
    # Animations on (no THIRTYONE_TEST_FAST): the card's slide back is what used to swallow the drop.
    with Game(tmp_path, (1600, 1000), env={"THIRTYONE_WINDOW_SIZE": "1280x720"}) as game:
        assert game.wait_scene("title")
        w, h = game.size()
        time.sleep(0.3)
        game.click(*title_button_centre((w, h), "New game"))
        assert game.wait_scene("new_game"), game.scene()
        game.key("Return")
        assert game.wait_scene("table"), game.scene()

        def ready_to_discard():
            if game.scene() != "table":
                game.key("Return")  # a round-end panel: go on
                return False
            match = game.saved_match()
            if match is None or match.current_seat != 0:
                return False
            if match.state.phase is Phase.DISCARD:
                return match
            game.key("d")  # our turn to draw
            time.sleep(0.3)
            return False

        match = wait_for(ready_to_discard, 90, 0.2)
        assert match, "never reached our discard"
        layout = table_layout(w, h, len(match.names))
        before = match.action_count
        hand = match.observation(0).hand
        time.sleep(1.0)  # the drawn card's flight has landed
        game.drag(layout.hand_card(0, 0, 4), layout.discard.center, before_release="drag-over-pile")
        after = wait_for(lambda: (m := game.saved_match()) is not None and m.action_count > before and m, 10)
        assert after, "the drop did not discard"
        action = after.record.actions[before]
        assert isinstance(action, Discard) and action.card in hand
        assert action.card not in after.observation(0).hand
        assert after.observation(0).discards[-1] == action.card or after.observation(0).round_number > 1


@needs_xvfb
def test_a_window_shrunk_to_one_pixel_at_the_table_paused_and_enlarged_shows_the_table(tmp_path: Path) -> None:
    # Issue 31.1: the table under the pause menu kept the layout of the 1-pixel window and crashed.
    import pygame
    from thirtyone.ui.layout import table_layout
    from thirtyone.ui.table.log import log_box
    from thirtyone.ui.theme import THEMES
    with Game(tmp_path, (1600, 1000), env={"THIRTYONE_WINDOW_SIZE": "1280x720", "THIRTYONE_TEST_FAST": "1"}) as game:
        assert game.wait_scene("title")
        for _ in range(3):  # a key sent while the window settles can be lost
            game.key("n")
            if game.wait_scene("new_game", 8):
                break
        game.key("Return")
        assert game.wait_scene("table", 20), game.scene()
        for tiny in ("1280 1", "1 720"):
            game.xdo("windowsize", game.window, *tiny.split())
            assert wait_for(lambda: game.size() == tuple(map(int, tiny.split())), 10), game.size()
            time.sleep(0.5)
            game.key("Escape")
            assert game.wait_scene("pause", 10), game.scene()
            game.xdo("windowsize", game.window, "1280", "720")
            assert wait_for(lambda: game.proc.poll() is not None or game.size() == (1280, 720), 10)
            time.sleep(1.0)  # a few frames at the new size
            assert game.proc.poll() is None, game.proc.communicate()[1][-2000:]
            game.shot(f"paused-after-{tiny.replace(' ', 'x')}", window_only=True)
            game.key("Escape")
            assert game.wait_scene("table", 10), game.scene()
        time.sleep(0.5)
        png = tmp_path / "table-after-resizes.png"
        game.shot(png.stem, window_only=True)
        assert game.proc.poll() is None
        image = pygame.image.load(str(png))
        assert image.get_size() == (1280, 720)
        # The log's heading is where a table laid out for 1280x720 puts it (not where a 1-pixel one did).
        accent = THEMES["classic"].accent
        box = log_box(table_layout(1280, 720, 2))
        heading = [image.get_at((x, y)) for x in range(round(box.x + 12), round(box.x + 120))
                   for y in range(round(box.y + 10), round(box.y + 30))]
        assert sum(all(abs(c[i] - accent[i]) < 40 for i in range(3)) for c in heading) > 50
