"""The window switches language at once when the setting changes (every screen's German is checked, drawn at
1024×600 and 1920×1080, by tests/i18n/test_german_screens.py)."""

from __future__ import annotations

from tests.ui_support import make_app

from thirtyone import i18n
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.title import TitleScene


def test_the_window_switches_language_when_the_setting_changes():
    app = make_app((1024, 600))
    app.apply(Push(TitleScene(app.ctx)))
    app.ctx.change_settings(language="de")
    assert i18n.language() == "de"
    app.ctx.change_settings(language="en")
    assert i18n.language() == "en"
