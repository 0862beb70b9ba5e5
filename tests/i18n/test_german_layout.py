"""German runs long: every translated scene, drawn in German at 1024×600 and 1920×1080, keeps its text whole.

Text that would not fit is shortened by ``fit_text`` with an ellipsis, and text drawn past the window's edge is
lost: both are recorded while the scenes draw, and neither may happen. ``GERMAN_SHOTS=DIR`` also saves each
screen as a PNG to look at.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest

from tests.ui_support import make_app, open_table, setup

from thirtyone import i18n
from thirtyone.model import PRESETS
from thirtyone.ui.scene import Push
from thirtyone.ui.scenes.how_to_play import HowToPlayScene
from thirtyone.ui.scenes.pause import PauseScene
from thirtyone.ui.scenes.title import TitleScene


class _Bridge:
    """Just enough of ``StorageBridge`` for the Settings screen to draw."""

    def __init__(self, app):
        self.app = app

    def default_setup(self):
        from thirtyone.ui.game_setup import GameSetup
        return GameSetup.default()

    def update_settings(self, **changes):
        self.app.ctx.change_settings(**changes)
        return None


@pytest.fixture
def cut_text(monkeypatch):
    """Every text shortened by ``fit_text`` or drawn past the window's edge, while the test runs."""
    problems: list[str] = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("thirtyone.ui"):
            continue
        fit = getattr(module, "fit_text", None)
        blit = getattr(module, "blit_text", None)
        if fit is not None:
            def recording_fit(assets, text, size, width, bold=False, _fit=fit):
                shown = _fit(assets, text, size, width, bold)
                if shown != text:
                    problems.append(f"cut to fit: {text!r} -> {shown!r}")
                return shown
            monkeypatch.setattr(module, "fit_text", recording_fit)
        if blit is not None:
            def recording_blit(surface, assets, text, *args, _blit=blit, **kwargs):
                drawn = _blit(surface, assets, text, *args, **kwargs)
                bounds = surface.get_rect()
                if text.strip() and surface.get_size() == pygame.display.get_surface().get_size() \
                        and not bounds.contains(drawn):
                    problems.append(f"past the edge: {text!r} at {tuple(drawn)} in {tuple(bounds)}")
                return drawn
            monkeypatch.setattr(module, "blit_text", recording_blit)
    yield problems
    i18n.set_language("en")


def _shot(app, label: str, size) -> None:
    folder = os.environ.get("GERMAN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{label}-{size[0]}x{size[1]}.png"))


SIZES = [(1024, 600), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_title_settings_and_pause_fit_in_german(size, cut_text):
    from thirtyone.ui.scenes.settings_menu import SettingsScene
    app = make_app(size, language="de")
    assert i18n.language() == "de"
    app.ctx.optional_scenes.update({"Continue": lambda ctx: None, "Statistics": lambda ctx: None,
                                    "Settings": lambda ctx: SettingsScene(ctx, _Bridge(app))})
    title = TitleScene(app.ctx)
    app.apply(Push(title))
    app.frame([], 0.01)
    _shot(app, "title", size)
    settings = SettingsScene(app.ctx, _Bridge(app))
    app.apply(Push(settings))
    for row in range(len(settings.cyclers)):  # every row focused once, so every hint is drawn
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")], 0.01)
        if row == 0:
            _shot(app, "settings", size)
    table = open_table(app, setup(["human", "random", "random"]))
    for _frame in range(40):  # deal and let the bots play up to your turn: prompts and hints on screen
        app.frame([], 0.05)
    _shot(app, "table", size)
    app.apply(Push(PauseScene(app.ctx, table)))
    app.frame([], 0.01)
    _shot(app, "pause", size)
    assert cut_text == []


@pytest.mark.parametrize("size", SIZES)
def test_how_to_play_fits_in_german_for_every_preset(size, cut_text):
    app = make_app(size, language="de")
    for preset_id in PRESETS:
        app.apply(Push(HowToPlayScene(app.ctx, PRESETS[preset_id].rules, PRESETS[preset_id].title)))
        app.frame([], 0.01)
        if preset_id == "classic":
            _shot(app, "how-to-play", size)
    assert cut_text == []


def test_the_window_switches_language_when_the_setting_changes():
    app = make_app((1024, 600))
    app.apply(Push(TitleScene(app.ctx)))
    app.ctx.change_settings(language="de")
    assert i18n.language() == "de"
    app.ctx.change_settings(language="en")
    assert i18n.language() == "en"


def test_the_check_sees_a_label_that_does_not_fit(cut_text):
    from thirtyone.ui.layout import Box
    from thirtyone.ui.widgets import Button
    app = make_app((1024, 600))
    button = Button("Einunddreißig mal geklopft und trotzdem geschwommen", lambda: None)
    button.box = Box(10, 10, 120, 40)
    button.draw(app.screen, app.ctx.assets, app.ctx.theme, 1.0)
    assert cut_text and "cut to fit" in cut_text[0]
