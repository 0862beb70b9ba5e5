"""The log's lines: the seat that is looking (here seat 0) is addressed in the second person."""

import pytest

from thirtyone.model import events as ev, preset
from thirtyone.ui.narration import narrate


@pytest.mark.parametrize("event, expected", [
    (ev.GunDrawn(1, 0), "Ada draws on you!"),
    (ev.GunDrawn(0, 2), "You draw on Bo!"),
    (ev.Fired(0, 1, 0.12), "You fire at Ada (12% misfire chance)."),
    (ev.Fired(2, 0, 0.04, 240), "Bo fires at you 240 ms after the draw (4% misfire chance)."),
    (ev.Misfired(0, True), "Click! Your derringer misfires; the cartridge is spent."),
    (ev.Misfired(1, False), "Click! Ada's derringer misfires; the cartridge stays in."),
    (ev.Hit(1, 0), "Bang! The shot hits you."),
])
def test_gunplay_is_narrated_with_you_in_the_second_person(event, expected):
    assert narrate(event, ("You", "Ada", "Bo"), preset("old-west"), 0) == [expected]


# The log reads the match's rules: the kitty only where the rules keep one (001), and
# 004's "When a player loses all three of their lives, they are still in the game."
@pytest.mark.parametrize("preset_id, lost, honor", [
    ("classic", "Ada loses 2 lives (1 left).", "Ada plays on honor: one more loss and out."),
    ("kitty", "Ada loses 2 lives to the kitty (1 left).", None),
    ("scat", "Ada loses 2 lives (1 left).", None),
    ("london", "Ada loses 2 lives (1 left).", None),
    ("commerce", "Ada loses 2 lives (1 left).", "Ada plays on honor: one more loss and out."),
    ("open-table", "Ada loses 2 lives (1 left).", "Ada is still in at zero lives: one more loss and out."),
])
def test_lost_lives_and_the_last_token_read_as_each_preset_says(preset_id, lost, honor):
    rules = preset(preset_id)
    names = ("You", "Ada", "Bo")
    assert narrate(ev.LifeLost(1, 2, 1), names, rules, 0) == [lost]
    assert rules.honor_life == (honor is not None)
    if honor is not None:
        assert narrate(ev.OnHonor(1), names, rules, 0) == [honor]


def test_you_are_still_in_at_zero_lives_in_the_second_person():
    assert narrate(ev.OnHonor(0), ("You", "Ada"), preset("open-table"), 0) == [
        "You are still in at zero lives: one more loss and out."]
    assert narrate(ev.LifeLost(0, 1, 2), ("You", "Ada"), preset("kitty"), 0) == ["You lose a life to the kitty (2 left)."]
