"""A real window under X: drag a card from the hand onto the discard pile with the mouse (issue 16, defect 3).

Uses the helpers and the private-Xvfb fixture of ``test_ui_xvfb``; the outcome is read from
the autosaved game in the test's own ``--data-dir``.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tests.window_env import window_env

from tests.ui_window.test_ui_xvfb import needs_x, screenshot, wait_for, xdo

pytestmark = pytest.mark.xvfb


def saved_match(data_dir):
    """The autosaved game as a match (None while nothing is saved)."""
    from thirtyone.controller import Match
    from thirtyone.storage import StoragePaths
    from thirtyone.storage.saves import load_saved_game
    record, _problem = load_saved_game(StoragePaths.portable(data_dir))
    return Match.from_record(record) if record is not None else None


@needs_x
def test_drag_a_card_onto_the_discard_pile_in_a_real_window(tmp_path, x_display):
    from thirtyone.model import Discard, Phase
    from thirtyone.ui.layout import menu_buttons, table_layout
    state = tmp_path / "state.txt"
    data = tmp_path / "data"
    # Animations on (no THIRTYONE_TEST_FAST): the card's slide back is what used to swallow the drop.
    env = window_env(THIRTYONE_TEST_STATE=str(state), THIRTYONE_WINDOW_SIZE="1280x720")
    proc = subprocess.Popen([sys.executable, "-m", "thirtyone", "--data-dir", str(data)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def scene() -> str:
        return state.read_text().strip() if state.exists() else ""

    try:
        window = wait_for(lambda: xdo("search", "--onlyvisible", "--class", "thirtyone").split("\n")[0], 20)
        assert window, "no window with WM class 'thirtyone'"
        assert wait_for(lambda: scene() == "title", 10)
        geometry = wait_for(lambda: dict(line.split("=", 1) for line in xdo(
            "getwindowgeometry", "--shell", window).splitlines() if "=" in line) or None, 10)
        w, h = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
        xdo("windowfocus", window)
        time.sleep(0.3)
        xdo("mousemove", "--window", window, *map(str, map(int, menu_buttons(w, h, 3, 1.0, 0.48)[0].center)))
        xdo("click", "1")
        assert wait_for(lambda: scene() == "new_game", 10), scene()
        xdo("key", "Return")
        assert wait_for(lambda: scene() == "table", 10), scene()

        def ready_to_discard():
            if scene() != "table":
                xdo("key", "Return")  # a round-end panel: go on
                return False
            match = saved_match(data)
            if match is None or match.current_seat != 0:
                return False
            if match.state.phase is Phase.DISCARD:
                return match
            xdo("key", "d")  # our turn to draw
            time.sleep(0.3)
            return False

        match = wait_for(ready_to_discard, 90, 0.2)
        assert match, "never reached our discard"
        layout = table_layout(w, h, len(match.names))
        before = match.action_count
        hand = match.observation(0).hand
        time.sleep(1.0)  # the drawn card's flight has landed
        start = layout.hand_card(0, 0, 4)
        end = layout.discard.center
        xdo("mousemove", "--window", window, str(int(start[0])), str(int(start[1])))
        xdo("mousedown", "1")
        for k in range(1, 9):
            x = start[0] + (end[0] - start[0]) * k / 8
            y = start[1] + (end[1] - start[1]) * k / 8
            xdo("mousemove", "--window", window, str(int(x)), str(int(y)))
            time.sleep(0.03)
        screenshot(tmp_path, "drag-over-pile")
        xdo("mouseup", "1")
        after = wait_for(lambda: (m := saved_match(data)) is not None and m.action_count > before and m, 10)
        assert after, "the drop did not discard"
        action = after.record.actions[before]
        assert isinstance(action, Discard) and action.card in hand
        assert action.card not in after.observation(0).hand
        assert after.observation(0).discards[-1] == action.card or after.observation(0).round_number > 1
        key_quit = xdo("key", "Escape")
        del key_quit
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
