"""The round's reasons read in the second person for the seat called "You"."""

import pytest

from thirtyone.model import events as ev
from thirtyone.ui.narration import addressed, narrate


@pytest.mark.parametrize("reason, expected", [
    ("You had the lowest hand, 8: loses a life and is out of the game.",
     "You had the lowest hand, 8: lose a life and are out of the game."),
    ("You knocked and tied for the lowest hand, 19: loses 2 lives.",
     "You knocked and tied for the lowest hand, 19: lose 2 lives."),
    ("You had 9 when Al showed 31: loses a life and now plays on their honor.",
     "You had 9 when Al showed 31: lose a life and now play on your honor."),
    ("You had 27: safe.", "You had 27: safe."),
])
def test_you_reads_in_the_second_person(reason, expected):
    assert addressed(reason, "You") == expected


def test_other_names_keep_the_engine_sentence():
    assert addressed("Kelly had 9: loses a life.", "Kelly") == "Kelly had 9: loses a life."



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
    assert narrate(event, ("You", "Ada", "Bo")) == [expected]
