"""The coach's notes in Replay and review: every sentence whole and every round reachable by scrolling
(wheel and keys), with a visible scroll bar, in English and German, at the smallest window."""

from __future__ import annotations

import pygame
import pytest

from tests.review_once import reuse_in_window
from tests.ui_support import drawn_texts, key, make_app, run_until
from thirtyone import i18n
from thirtyone.coach.review import seat_decisions
from thirtyone.controller import Match
from thirtyone.model import PRESETS
from thirtyone.model.events import RoundStarted
from thirtyone.model.record import GameRecord, Seat
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import review_draw
from thirtyone.ui.screens.review import ReviewScene


def long_game() -> GameRecord:
    """A finished classic game of ten rounds or more in which seat 0 made few decisions (a quick review)."""
    seats = [Seat("You", "bot:random")] + [Seat(name, "bot:sharp") for name in ("Ada", "Ben", "Cleo")]
    for seed in range(1, 100):
        match = Match.new(PRESETS["classic"].rules, seats, seed=seed)
        match.play_bots_to_end()
        rounds = sum(isinstance(e, RoundStarted) for e in match.events)
        if rounds >= 10 and len(list(seat_decisions(match.record, 0))) <= 6:
            return match.record
    raise AssertionError("no long game with a short review")


@pytest.fixture(params=["en", "de"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def shown_whole(line: str, drawn: list[str]) -> bool:
    """Whether ``line`` was drawn in full: one string, or consecutive wrapped parts of it."""
    for start in range(len(drawn)):
        joined = ""
        for part in drawn[start:start + 12]:
            joined = f"{joined} {part}" if joined else part
            if joined == line:
                return True
            if not line.startswith(joined):
                break
    return False


def frame_texts(app, scene, texts: list[str], events=()) -> list[str]:
    """What one frame (after ``events``) drew."""
    texts.clear()
    app.frame(list(events), 0.016)
    return list(texts)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_every_round_of_the_coach_review_can_be_read_whole_by_scrolling(monkeypatch, language, size) -> None:
    reuse_in_window(monkeypatch)  # the same game's review for both languages and sizes
    record = long_game()
    app = make_app(size)
    i18n.set_language(language)  # the app speaks its settings' language; this player chose theirs
    scene = ReviewScene(app.ctx, record, "test game", seat=0)
    app.apply(Push(scene))
    assert run_until(app, lambda: scene.review is not None, 4000, wall_s=120, idle_s=0.016)
    notes = scene.review_lines()
    assert len(scene.review.round_lines) >= 10 and all(line in notes for line in scene.review.round_lines)
    texts = drawn_texts(monkeypatch, review_draw)
    first = frame_texts(app, scene, texts)
    seen = list(first)
    last_round = notes[-1]  # the notes end with "Could you have won?" and its lost rounds
    assert any(line.startswith(i18n._("Could you have won?")) for line in notes)
    hint = "▼ weiter: Mausrad oder Bild ab" if language == "de" else "▼ more: wheel or Page Down"
    if size == (1024, 600):
        assert not shown_whole(last_round, first), "the small window needs scrolling for the last round"
    if not all(shown_whole(line, first) for line in notes):
        assert hint in first  # the player is told there is more, and how to reach it
    # Page Down and the wheel both scroll; the view stops at the end, where the last round is whole.
    pages = [frame_texts(app, scene, texts, [key(pygame.K_PAGEDOWN)])]
    for _ in range(30):
        pages.append(frame_texts(app, scene, texts, [wheel(-1)]))
        if pages[-1] == pages[-2]:
            break
    for page in pages:
        seen += page
    assert shown_whole(last_round, pages[-1]) and hint not in pages[-1]
    missing = [line for line in notes if not shown_whole(line, seen)]
    assert not missing, missing
    # Page Up goes back to the top.
    for _ in range(30):
        back = frame_texts(app, scene, texts, [key(pygame.K_PAGEUP)])
    assert back == first


def test_the_coach_notes_address_you_as_the_table_does_in_german_too(language) -> None:
    from thirtyone.coach.review import round_lines
    lines = round_lines(long_game(), 0)  # seat 0's review: seat 0 reads its own sentences
    you = [line for line in lines if line.split(":")[1].strip().startswith(i18n._("You"))]
    assert you, lines  # the seat called You lost lives in some round
    for line in you:
        why = line.split("(", 1)[1]
        assert why.startswith(i18n._("You") + " "), line
        if language == "de":
            assert why.split(" ")[1] in ("hattest", "klopftest"), line
        else:
            assert " loses " not in why, line  # "you lose", as the round-end panel says it
