"""Issue 47: in Replay and review, W or the Bot's view button shows what the bot deciding at the cursor
guessed of each opponent, beside what it held; the panel fits the side panel in English and German,
at the smallest window and at full HD, and speech reads it."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from tests.locations import DATA
from tests.ui_support import click, drawn_text_boxes, key, make_app, run_until, top_name
from thirtyone import i18n
from thirtyone.controller import Match
from thirtyone.model import PRESETS
from thirtyone.model.record import GameRecord, Seat
from thirtyone.ui.layout import fitted_unit
from thirtyone.ui.scene import Pop, Push
from thirtyone.ui.screens import review_bot, review_draw
from thirtyone.ui.screens.review import ReviewScene

RECORD = DATA / "record_bots_inferred.json"
ADA_TO_MOVE = 31
"""Ada (an Expert) is about to move; you have picked up the 6♥ and hold Q♥ 10♥ 6♥."""


@pytest.fixture
def quiet_coach(monkeypatch):
    """The coach's own review is not what these tests read: it is not started (it would take the processor)."""
    monkeypatch.setattr(ReviewScene, "_review", lambda self, seat: None)


def _open(size=(1024, 600)):
    app = make_app(size)
    scene = ReviewScene(app.ctx, GameRecord.from_file(RECORD), "test game", seat=0)
    app.apply(Push(scene))
    scene.replay.go(ADA_TO_MOVE)
    return app, scene


def _shown(app, scene):
    assert run_until(app, lambda: (v := scene.bot_panel.view()) is not None and bool(v.rows), 2000, idle_s=0.005)
    return scene.bot_panel.view()


def test_w_shows_what_the_bot_guessed_beside_what_was_held(quiet_coach) -> None:
    app, scene = _open()
    assert scene.bot_panel.view() is None
    app.frame([key(pygame.K_w)], 0.016)
    view = _shown(app, scene)
    assert view.heading == "What is Ada thinking? (to move next)"
    assert [name for name, _lines in view.rows] == ["You", "Bartholomew", "Cleo"]
    you = dict(view.rows)["You"]
    assert you[0].startswith("Guessed: collects hearts (") and you[2] == "Really held: Q♥ 10♥ 6♥ (26, hearts)"
    assert view.note == "From what Ada saw at the table alone: 400 guessed deals."
    spoken = scene.spoken_focus
    assert spoken.startswith("What is Ada thinking?") and "Really held" in spoken
    # Esc closes the panel first; the next Esc leaves the review.
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert scene.bot_panel.view() is None and top_name(app) == "review"
    assert isinstance(scene.handle_event(key(pygame.K_ESCAPE)), Pop)


def test_the_button_opens_it_and_the_panel_follows_the_cursor(quiet_coach) -> None:
    app, scene = _open()
    app.frame([], 0.016)
    assert scene.bot_panel.button.box.w > 0
    app.frame(click(scene.bot_panel.button.box.center), 0.016)
    assert scene.bot_panel.open
    assert _shown(app, scene).heading == "What is Ada thinking? (to move next)"
    app.frame([key(pygame.K_RIGHT)], 0.016)  # Ada's move just played
    assert _shown(app, scene).heading == "What did Ada think? (the move just played)"
    scene.replay.go(0)  # before the deal nobody decides
    app.frame([], 0.016)
    view = scene.bot_panel.view()
    assert view is not None and not view.rows and view.note.startswith("No bot decides here")
    app.frame(click(scene.bot_panel.button.box.center), 0.016)
    assert scene.bot_panel.view() is None


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_panel_fits_the_side_panel_without_overlaps(quiet_coach, monkeypatch, language, size) -> None:
    app, scene = _open(size)
    i18n.set_language(language)
    try:
        app.frame([key(pygame.K_w)], 0.016)
        view = _shown(app, scene)
        drawn = drawn_text_boxes(monkeypatch, review_draw)
        app.frame([], 0.016)
        start = next(i for i, (text, _box) in enumerate(drawn) if view.heading.startswith(text))
        panel = drawn[start:]  # the side panel is drawn after the seats, and the controls draw their own text
        shown = " ".join(text for text, _box in panel)
        for line in view.lines():  # every line drawn whole (wrapped parts joined)
            assert all(word in shown for word in line.rstrip(":").split()), line
        width, height = size
        u = fitted_unit(width, height, app.ctx.settings.ui_scale)
        side = pygame.Rect(round(16 * u + (width - 32 * u) * 0.58 + 12 * u), round(70 * u), 0, 0)
        side.width, side.height = round(width - 16 * u - side.x), round(height - 116 * u - side.y)
        for text, box in panel:  # inside the side panel (as review_draw lays it out)
            assert side.contains(box), (text, box, side)
        button = pygame.Rect(scene.bot_panel.button.box.rounded())
        for index, (text, box) in enumerate(panel):
            assert not box.colliderect(button), text
            for other, other_box in panel[index + 1:]:
                assert not box.colliderect(other_box), (text, other)
    finally:
        i18n.set_language("en")


def test_a_crowded_table_scrolls_to_every_opponent(quiet_coach, monkeypatch) -> None:
    seats = [Seat("You", "bot:sharp")] + [Seat(f"Bot {n}", "bot:sharp") for n in range(1, 8)]
    match = Match.new(PRESETS["classic"].rules, seats, seed=5)
    match.play_bots_to_end()
    record = dataclasses.replace(match.record, seats=(Seat("You", "human"),) + match.record.seats[1:])
    app = make_app((1008, 504))  # what a 1024×600 screen leaves the window
    scene = ReviewScene(app.ctx, record, "crowded", seat=0)
    app.apply(Push(scene))
    scene.replay.go(3)  # early in round 1: everyone is in
    app.frame([key(pygame.K_w)], 0.016)
    view = _shown(app, scene)
    assert len(view.rows) == 7
    drawn = drawn_text_boxes(monkeypatch, review_draw)
    seen: set[str] = set()
    pages = 0
    for pages in range(12):
        drawn.clear()
        app.frame([], 0.016)
        seen.update(text for text, _box in drawn)
        if view.note in seen:
            break
        assert any(text.startswith("▼ more") for text, _box in drawn)
        app.frame([key(pygame.K_PAGEDOWN)], 0.016)
    assert pages >= 1  # seven opponents do not fit in 1008×504: the panel scrolled to its end
    assert view.note in seen and {name for name, _lines in view.rows} <= seen


def test_a_guess_that_fails_says_so_once_and_is_not_asked_again(quiet_coach, monkeypatch) -> None:
    asked = []

    def broken(observation, told=None):
        asked.append(observation.seat)
        raise ValueError("no worlds")
    monkeypatch.setattr(review_bot, "infer", broken)
    app, scene = _open()
    app.frame([key(pygame.K_w)], 0.016)
    assert run_until(app, lambda: scene.bot_panel.view().note.startswith("This bot's guesses could not"), 2000, idle_s=0.005)
    for _ in range(5):
        app.frame([], 0.016)
    assert asked == [1]
