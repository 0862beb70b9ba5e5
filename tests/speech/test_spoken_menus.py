"""Menus said as the focus moves: Settings, New game, Statistics and Review, heard from the speech log."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import thirtyone.ui.launch as launch
from tests.speech.listener import LogReader
from tests.ui_support import match_of, run_until, setup, step_game, top_name
from thirtyone.speech import LogBackend, Speaker
from thirtyone.storage import StoragePaths, archived_games, load_settings
from thirtyone.ui.app import App
from thirtyone.ui.scene import Push
from thirtyone.ui.table.scene import TableScene
from thirtyone.ui.screens.title import TitleScene
from thirtyone.ui.bridge.storage import StorageBridge


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


class Ear:
    """Presses keys in a window whose speech goes to a log, and hears what each press said."""

    def __init__(self, tmp_path: Path) -> None:
        paths = StoragePaths.portable(tmp_path / "data")
        self.bridge = StorageBridge(paths, load_settings(paths)[0])
        self.app = App(self.bridge.settings, (1280, 720), fast=True)
        self.app.ctx.speech = Speaker(LogBackend(tmp_path / "speech.log"), forced=True)
        self.app.apply(Push(TitleScene(self.app.ctx)))
        self.bridge.install(self.app)
        self.log = LogReader(tmp_path / "speech.log")
        self.app.frame([], 0.01)

    def press(self, k: int, mod: int = 0) -> list[str]:
        event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
        self.app.frame([event], 0.01)
        self.app.frame([], 0.01)
        return self.log.new()

    def wait(self, seconds: float) -> None:
        """Let time pass (a screen that follows the last move ignores keys for a moment)."""
        for _ in range(round(seconds / 0.1)):
            self.app.frame([], 0.1)

    def go_to(self, words: str, k: int = pygame.K_DOWN, most: int = 40) -> list[str]:
        """Press ``k`` until a line with ``words`` is heard (a blind player's way to find a menu entry)."""
        for _ in range(most):
            heard = self.press(k)
            if any(words in line for line in heard):
                return heard
        raise AssertionError(f"never heard {words!r}: {self.log.all[-5:]}")


def test_settings_are_said_row_by_row_with_their_values_and_changes(tmp_path):
    ear = Ear(tmp_path)
    assert ear.log.new()[-1].startswith("Thirty-one. New game, button")
    heard = ear.go_to("Settings, button")
    assert heard[-1] == "Thirty-one. Settings, button."
    heard = ear.press(pygame.K_RETURN)
    assert heard[-1].startswith("Settings. Theme: Classic green felt. Left and right change it.")
    assert ear.press(pygame.K_DOWN)[-1].startswith("Settings. Four-colour deck: Off.")
    assert ear.press(pygame.K_RIGHT)[-1].startswith("Settings. Four-colour deck: On.")
    heard = ear.go_to("Speech: Off")
    assert "question keys" in heard[-1]
    ear.press(pygame.K_ESCAPE)
    assert top_name(ear.app) == "title"


def test_new_game_is_said_control_by_control(tmp_path):
    ear = Ear(tmp_path)
    ear.log.new()
    heard = ear.press(pygame.K_n)
    assert heard[-1] == "New game. Start, button (Enter)."
    assert ear.press(pygame.K_UP)[-1] == "New game. Back, button (Esc)."
    assert ear.press(pygame.K_UP)[-1] == "New game. Rules, button (F1)."
    heard = ear.go_to("New game. Difficulty: Normal", pygame.K_DOWN)
    assert ear.press(pygame.K_RIGHT)[-1].startswith("New game. Difficulty: Hard.")
    heard = ear.press(pygame.K_DOWN)
    assert heard[-1] == "New game. Player 1's name: You. Type to replace it."
    heard = ear.press(pygame.K_TAB)
    assert heard[-1].startswith("New game. Player 1: Human. Left and right change it.")


def test_statistics_and_review_are_said_as_the_focus_moves(tmp_path):
    ear = Ear(tmp_path)
    app = ear.app
    table = TableScene(app.ctx, setup(["human", "random"], lives=1, seed=5))
    app.apply(Push(table))
    assert run_until(app, lambda: (step_game(app), match_of(table).is_over)[1], 5000)
    assert len(archived_games(ear.bridge.paths)) == 1
    assert run_until(app, lambda: top_name(app) == "game_over", 500, step=step_game)
    heard = ear.log.new()
    assert any(line.startswith("Game over.") and "Button: Play again." in line for line in heard)
    ear.wait(0.6)
    assert ear.press(pygame.K_TAB)[-1].endswith("Button: Title.")
    ear.press(pygame.K_RETURN)
    ear.go_to("Statistics, button")
    heard = ear.press(pygame.K_RETURN)
    assert heard[-1].startswith("Statistics. All games: 1 game played, 1 won")
    assert ear.press(pygame.K_RIGHT)[-1].startswith("Statistics. Classic")
    heard = ear.press(pygame.K_g)
    assert heard[-1].startswith("Finished games. Game 1 of 1: ") and heard[-1].endswith("Enter replays it.")
    heard = ear.press(pygame.K_RETURN)
    assert heard[-1].startswith("Review: You. Action 0 of ")
    heard = ear.press(pygame.K_RIGHT)
    assert heard[-1].startswith("Review: You. Action 1 of ") and "Round 1" in heard[-1]


def test_the_deal_of_the_day_and_a_notice_are_said(tmp_path):
    from thirtyone.ui.screens.notice import NoticeScene
    ear = Ear(tmp_path)
    ear.log.new()
    ear.go_to("Deal of the day, button")
    heard = ear.press(pygame.K_RETURN)
    assert heard[-1].startswith("Deal of the day. ") and ", button" in heard[-1]
    ear.press(pygame.K_ESCAPE)
    ear.app.apply(Push(NoticeScene(ear.app.ctx, "Statistics could not be read; they start again.")))
    ear.app.frame([], 0.01)
    assert ear.log.new()[-1] == "Statistics could not be read; they start again."


def test_settings_show_why_speech_is_unavailable(tmp_path, monkeypatch):
    from tests.ui_support import drawn_texts
    from thirtyone.storage import Settings
    from thirtyone.ui.screens import settings as settings_menu
    from thirtyone.ui.screens.settings import ROWS, SettingsScene
    monkeypatch.setenv("PATH", str(tmp_path))  # no speech-dispatcher, no espeak-ng
    monkeypatch.setattr("thirtyone.speech.backends._screen_reader", lambda language: None)  # and no screen reader
    paths = StoragePaths.portable(tmp_path / "data")
    bridge = StorageBridge(paths, Settings(speech="on"))
    app = App(bridge.settings, (1024, 600), fast=True)
    bridge.install(app)
    texts = drawn_texts(monkeypatch, settings_menu)
    scene = SettingsScene(app.ctx, bridge)
    app.apply(Push(scene))
    scene.focus = [field for field, *_rest in ROWS].index("speech")
    app.frame([], 0.01)
    reason = "Speech unavailable: neither speech-dispatcher (spd-say) nor espeak-ng is installed."
    assert reason in texts or any(reason.startswith(text.rstrip("…")) for text in texts if text.startswith("Speech"))
    assert reason in scene.spoken_focus
    assert not app.ctx.speech.speaking
