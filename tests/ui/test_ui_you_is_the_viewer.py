""""You" is the seat that is looking, never a name: the human at the screen is told in the second
person whatever they are called, and a bot called "You" in the third, in the log, on the round-end
panel and on the game-over screen, in English and German."""

from __future__ import annotations

import re

from tests.engine_support import deal, play
from tests.ui_support import make_app, open_table, run_until, step_game
from thirtyone import i18n
from thirtyone.model import events as ev, preset
from thirtyone.model.events import RoundEnded
from thirtyone.ui.game_setup import GameSetup, SeatChoice
from thirtyone.ui.narration import narrate
from thirtyone.ui.table.round_end import RoundEndScene

SECOND = re.compile(r"^You (draw|take|discard|knock|deal|pass)\b")
THIRD = re.compile(r"^You (draws|takes|discards|knocks|deals|passes)\b")


def _played(players: list[tuple[str, str]]) -> list[str]:
    """The log of a classic table seated as ``players`` (name, human or bot level) after its first round."""
    app = make_app()
    game = GameSetup([SeatChoice(name, player) for name, player in players], "classic", preset("classic"), 11)
    table = open_table(app, game)
    assert run_until(app, lambda: any("lowest hand" in line or ": safe" in line for line in table.log_lines),
                     20000, wall_s=120, step=step_game)
    return list(table.log_lines)


def test_a_bot_called_you_is_told_in_the_third_person_at_a_demo_table() -> None:
    log = _played([("You", "casual"), ("Ada", "casual"), ("Bo", "casual")])
    assert any(THIRD.match(line) for line in log)
    assert not any(SECOND.match(line) for line in log), log


def test_the_human_at_the_screen_is_you_whatever_their_name() -> None:
    log = _played([("Kelly", "human"), ("Ada", "casual"), ("You", "casual")])
    assert any(SECOND.match(line) for line in log)  # Kelly's own moves
    assert not any(line.startswith("Kelly ") for line in log)


def test_the_log_says_you_to_the_seat_looking_in_english_and_german() -> None:
    names, rules = ("You", "Ada", "Bo"), preset("classic")
    assert narrate(ev.Passed(seat=0), names, rules, None) == ["You passes."]
    assert narrate(ev.Passed(seat=1), names, rules, 1) == ["You pass."]
    assert narrate(ev.GunDrawn(0, 1), names, preset("old-west"), 1) == ["You draws on you!"]
    i18n.set_language("de")
    try:
        assert narrate(ev.Passed(seat=1), names, rules, 1) == ["Du schiebst."]
        assert narrate(ev.Passed(seat=0), names, rules, 1) == ["You schiebt."]
    finally:
        i18n.set_language("en")


def test_the_round_end_panel_addresses_the_seat_at_the_screen_not_the_name() -> None:
    state, _ = deal(preset("classic"), ["TH AH 4H", "8D TD 9D", "2D 2H 3C"], "6S", "3S 5S 7C")
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard 5S")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    app = make_app()
    bot_called_you = RoundEndScene(app.ctx, result, ("You", "Al", "Lou"), preset("classic"), you=None)
    kelly_at_screen = RoundEndScene(app.ctx, result, ("Kelly", "Al", "Lou"), preset("classic"), you=0)
    i18n.set_language("de")
    try:
        assert bot_called_you.headline() == "Runde 1: You hat geklopft — aufdecken"
        assert kelly_at_screen.headline() == "Runde 1: Du hast geklopft — aufdecken"
        assert result.reasons_for(kelly_at_screen.you)[0] == "Du klopftest und hattest 25: sicher."
        assert result.reasons_for(bot_called_you.you)[0] == "Kelly klopfte und hatte 25: sicher."
    finally:
        i18n.set_language("en")
