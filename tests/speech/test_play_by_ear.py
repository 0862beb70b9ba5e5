"""The spoken words are enough to play: whole games by keys alone, every move decided from the speech log."""

from __future__ import annotations

import time

import pytest

from tests.speech.listener import Listener, LogReader
from tests.ui_support import make_app, open_table, setup, top_name
from thirtyone.speech import LogBackend, Speaker


def play_by_ear(tmp_path, preset: str, players: list[str], seed: int):
    """Open a table with speech to a log, and let a listener play the human seat(s) to the game-over line."""
    log = tmp_path / "speech.log"
    app = make_app(confirm_knock=False)
    app.ctx.speech = Speaker(LogBackend(log), forced=True)
    open_table(app, setup(players, preset, seed=seed))
    listener = Listener(LogReader(log), lambda events: app.frame(events, 0.05), preset)
    deadline = time.monotonic() + 150
    while not listener.over and time.monotonic() < deadline:
        listener.step()
        time.sleep(0.001)  # the bots think on a worker thread
    return app, listener


@pytest.mark.parametrize("preset, seed", [("classic", 5), ("london", 11)])
def test_a_whole_game_is_played_from_the_speech_log_alone(tmp_path, preset, seed):
    app, listener = play_by_ear(tmp_path, preset, ["human", "random", "random"], seed)
    said = listener.log.all
    assert listener.over, said[-15:]
    assert top_name(app) == "game_over"  # checked only after the listener heard it
    assert any(line.endswith("wins the game!") or line == "You win the game!" for line in said)
    assert listener.moves >= 5
    rounds = [line for line in said if line.startswith("— Round ")]
    assert len(rounds) >= 2 and any(line.startswith("Round over.") for line in said)
    assert not any("♠" in line or "♥" in line or "♦" in line or "♣" in line for line in said)
