"""Issue 47: the game says its bots play fair, and no level is named or described as if it saw hands."""

from __future__ import annotations

import re

import pytest

from tests.locations import ROOT
from tests.ui_support import make_app
from thirtyone import i18n
from thirtyone.bots import LEVELS
from thirtyone.ui.screens.how_to_play import HowToPlayScene

SEEING_WORDS = re.compile(r"oracle|orakel|perfect|sees? (all|every)|reads? your|read your|your hand|dein blatt|"
                          r"cheat|omniscien|hellseh", re.IGNORECASE)
"""Words that would tell a player a bot knows what it cannot: the strongest was "Oracle", who
"reads your hand from what you pick up"."""


def _how_to_play_text(language: str) -> str:
    app = make_app((1280, 720), language=language)
    i18n.set_language(language)
    try:
        scene = HowToPlayScene(app.ctx)
        return " ".join(text for _kind, text, _extra in scene._layout_blocks(1200, 1.0))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language, words", [
    ("en", "Every bot sees only what its seat sees"),
    ("de", "Jeder Bot sieht nur, was sein Platz sieht"),
])
def test_how_to_play_says_every_bot_sees_only_its_seat(language: str, words: str) -> None:
    text = " ".join(_how_to_play_text(language).split())
    assert words in text
    assert "Lovelace" in text  # the strongest is named, and guesses like a player


def test_how_to_play_says_where_the_review_shows_what_a_bot_guessed() -> None:
    text = " ".join(_how_to_play_text("en").split())
    assert ("In the replay of a finished game, W shows what a bot guessed of the other hands at any of its moves, "
            "worked out from its seat alone, beside what they really held.") in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_level_is_named_or_described_as_seeing_hidden_cards(language: str) -> None:
    i18n.set_language(language)
    try:
        shown = [(i18n._(level.name), i18n._(level.personality)) for level in LEVELS.values()]
    finally:
        i18n.set_language("en")
    for name, description in shown:
        assert not SEEING_WORDS.search(name) and not SEEING_WORDS.search(description), (name, description)
    assert "sees" in i18n._(LEVELS["expert"].personality)


def test_the_bots_guide_says_they_play_fair() -> None:
    guide = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert "**Every bot plays fair.** Each one is handed only its seat's observation" in guide
    assert "| `expert` | Lovelace | Sees only what its seat sees" in guide  # the levels' table
    assert "| `expert` | Oracle" not in guide
