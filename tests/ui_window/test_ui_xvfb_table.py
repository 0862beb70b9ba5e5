"""A real window under X: drag a card from the hand onto the discard pile with the mouse (issue 16, defect 3).

The game runs on its own Xvfb screen (``tests/xvfb_support``); the outcome is read from
the autosaved game in the test's own ``--data-dir``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb

pytestmark = pytest.mark.xvfb


@needs_xvfb
def test_drag_a_card_onto_the_discard_pile_in_a_real_window(tmp_path: Path) -> None:
    from thirtyone.model import Discard, Phase
    from thirtyone.ui.layout import menu_buttons, table_layout
    # Animations on (no THIRTYONE_TEST_FAST): the card's slide back is what used to swallow the drop.
    with Game(tmp_path, (1600, 1000), env={"THIRTYONE_WINDOW_SIZE": "1280x720"}) as game:
        assert game.wait_scene("title")
        w, h = game.size()
        time.sleep(0.3)
        game.click(*menu_buttons(w, h, 3, 1.0, 0.48)[0].center)
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
