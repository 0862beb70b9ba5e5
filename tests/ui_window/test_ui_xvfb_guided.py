"""A real window at 1024×600: the guided first game from the title to game over, by keys, the lesson's
keys read from the speech log alone (what a blind player hears)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb

pytestmark = pytest.mark.xvfb

KEY_NAMES = {"D": "d", "T": "t", "K": "k", "Enter": "Return", "1": "1", "2": "2", "3": "3", "4": "4"}


def _heard(log: Path) -> list[str]:
    return [line.split("\t", 1)[1] for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []


@needs_xvfb
def test_the_guided_game_in_a_real_window_by_ear_to_game_over(tmp_path: Path) -> None:
    log = tmp_path / "speech.log"
    with Game(tmp_path, (1024, 600), "--speech", f"log:{log}", env={"THIRTYONE_TEST_FAST": "1"}) as game:
        assert game.wait_scene("title")
        time.sleep(0.3)
        game.key("g")
        assert game.wait_scene("table"), game.scene()
        done: list[str] = []
        for _step in range(5):  # the lesson's five moves, each from the last line that names keys
            line = wait_for(lambda: (lines := [x for x in _heard(log) if re.search(r"\bpress\b", x)])
                            and lines[-1] not in done and lines[-1], 30)
            assert line, _heard(log)[-5:]
            done.append(line)
            keys = [KEY_NAMES[k] for k in re.findall(r"\b(?:press|then) (\w+)", line) if k in KEY_NAMES]
            game.key(*keys, pause_s=0.3)
            if "knock" in line:
                time.sleep(0.5)
                if any("again" in x for x in _heard(log)[-2:]):
                    game.key("k")  # Settings ask to confirm a knock: "Knock? Press K again"
            if _step in (3, 4):  # each scripted round ends: go on past its panel
                assert game.wait_scene("round_end", 30), game.scene()
                game.settled_shot(f"round-{_step - 2}")
                game.key("Return")
        assert wait_for(lambda: any("From here it is a real game" in x for x in _heard(log)), 30), _heard(log)[-5:]
        game.settled_shot("real-game")

        def over() -> bool:  # the rest as a plain player: draw, throw the first card, go on after a round
            scene = game.scene()
            if scene == "game_over":
                return True
            game.key("Return" if scene == "round_end" else "d", "1", "Return", pause_s=0.15)
            return False
        assert wait_for(over, 240, 0.3), game.scene()
        game.settled_shot("game-over")
