"""The round's reasons read in the second person for the seat called "You"."""

import pytest

from thirtyone.ui.narration import addressed


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
