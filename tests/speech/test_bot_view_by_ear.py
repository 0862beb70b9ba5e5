"""Issue 47: the review's Bot's view is said whole once the bot's guesses are in, cards as words."""

from __future__ import annotations

import pygame

from tests.locations import DATA
from tests.speech.listener import LogReader
from tests.ui_support import key, make_app, run_until
from thirtyone.model.record import GameRecord
from thirtyone.speech import LogBackend, Speaker
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.review import ReviewScene


def test_the_bots_guesses_are_said_once_they_are_in(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(ReviewScene, "_review", lambda self, seat: None)  # the coach's review is not heard here
    app = make_app((1280, 720))
    app.ctx.speech = Speaker(LogBackend(tmp_path / "speech.log"), forced=True)
    log = LogReader(tmp_path / "speech.log")
    scene = ReviewScene(app.ctx, GameRecord.from_file(DATA / "record_bots_inferred.json"), "test game", seat=0)
    app.apply(Push(scene))
    scene.replay.go(31)
    app.frame([key(pygame.K_w)], 0.016)
    assert run_until(app, lambda: bool(scene.bot_panel.view().rows), 2000, idle_s=0.005)
    app.frame([], 0.016)
    heard = log.new()
    said = [line for line in heard if line.startswith("What is Ada thinking? (to move next).")]
    assert said and "You: Guessed: collects hearts" in said[-1]
    assert "Really held: queen of hearts" in said[-1], said[-1]
    assert not any(char in said[-1] for char in "♠♥♦♣")
    assert len(said) <= 2  # the heading while guessing, then the whole panel: no progress counts read out
