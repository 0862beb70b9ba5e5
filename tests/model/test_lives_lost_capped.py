"""A knocker with one life left who loses cannot lose two (issue 16 item 14): the round
result, its sentences, the log, the round-end panel and ``thirtyone replay`` all say one."""

import json
import subprocess
import sys

import pytest

from thirtyone.model import preset
from thirtyone.model.events import LifeLost, RoundEnded
from thirtyone.model.record import GameRecord, Seat

from thirtyone.model import parse_action

from tests.engine_support import deal, play, stacked_deck

# Kelly (25) knocks, Al (27) and Lou (30) draw a card and throw it back: Kelly is lowest.
HANDS, UPCARD, STOCK = ["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S", "3C 5S 7C"


def knocker_on_last_life(preset_id="classic"):
    state, _ = deal(preset(preset_id), HANDS, UPCARD, STOCK, tokens=(1, 3, 3))
    return play(state, "knock", "draw", "discard 3C", "draw", "discard 5S")


def test_the_result_carries_the_one_life_actually_lost():
    state, events = knocker_on_last_life()
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.lives_lost == (1, 0, 0)
    assert result.reasons[0] == "Kelly knocked and had the lowest hand, 25: loses a life and is out of the game."
    assert [e for e in events if isinstance(e, LifeLost)][0].lives == 1
    assert state.tokens == (0, 3, 3)


def test_with_lives_to_spare_the_knocker_still_pays_two():
    state, _ = deal(preset("classic"), HANDS, UPCARD, STOCK, tokens=(3, 3, 3))
    state, events = play(state, "knock", "draw", "discard 3C", "draw", "discard 5S")
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.lives_lost == (2, 0, 0)
    assert result.reasons[0] == "Kelly knocked and had the lowest hand, 25: loses 2 lives and now plays on their honor."
    assert state.tokens == (1, 3, 3)


@pytest.mark.parametrize("preset_id", ["classic", "open-table"])
def test_the_log_says_one_life_in_every_line(preset_id):
    from thirtyone.ui.narration import narrate
    _, events = knocker_on_last_life(preset_id)
    rules = preset(preset_id)
    log = [line for event in events for line in narrate(event, ("Kelly", "Al", "Lou"), rules, None)]
    kelly = [line for line in log if line.startswith("Kelly") and "los" in line]
    assert kelly and all("2 lives" not in line for line in kelly)
    assert "Kelly knocked and had the lowest hand, 25: loses a life and is out of the game." in log


def test_replay_reads_the_lives_actually_lost(tmp_path):
    """One life each, no honor: Kelly knocks with the lowest hand and can lose only the one she has."""
    rules = preset("classic").replace(lives=1, honor_life=False)
    actions = tuple(parse_action(text) for text in ("deal", "knock", "draw", "discard 3C", "draw", "discard 5S"))
    record = GameRecord(rules, tuple(Seat(n, "human") for n in ("Kelly", "Al", "Lou")), seed=7, first_dealer=2,
                        actions=actions, decks=(stacked_deck(HANDS, UPCARD, STOCK),), preset="classic")
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    text = subprocess.run([sys.executable, "-m", "thirtyone", "replay", str(path)], capture_output=True, text=True)
    assert text.returncode == 0, text.stderr
    assert "Kelly knocked and had the lowest hand, 25: loses a life and is out of the game." in text.stdout
    assert "2 lives" not in text.stdout
    data = subprocess.run([sys.executable, "-m", "thirtyone", "replay", "--json", str(path)],
                          capture_output=True, text=True)
    assert json.loads(data.stdout)["rounds"][0]["lives_lost"] == {"Kelly": 1, "Al": 0, "Lou": 0}
