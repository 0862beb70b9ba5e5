"""Settings offers every language, each named in itself, and the longest names fit its row at 1024×600."""

from __future__ import annotations

import pygame

from tests.i18n.test_german_screens import Watch
from tests.ui_support import key, make_app
from thirtyone import i18n
from thirtyone.storage.setting_options import LANGUAGE_CHOICES

SEVEN = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fr": "Français", "nb": "Norsk bokmål",
         "sv": "Svenska", "it": "Italiano"}
"""The seven languages of issue 47 (nb, sv and it arrive from another branch): their names must fit."""


def test_every_language_is_offered_by_its_own_name():
    assert [code for code, _name in LANGUAGE_CHOICES] == [i18n.AUTO, *i18n.LANGUAGES]
    assert dict(LANGUAGE_CHOICES)["nl"] == "Nederlands" and dict(LANGUAGE_CHOICES)["fr"] == "Français"


def test_seven_languages_fit_the_settings_row_at_1024x600(tmp_path, monkeypatch):
    from thirtyone.storage import StoragePaths
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.bridge.storage import StorageBridge
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens.settings import SettingsScene
    from thirtyone.ui import widgets
    app = make_app((1024, 600), language="fr")
    bridge = StorageBridge(StoragePaths.portable(tmp_path), Settings(language="fr"))
    try:
        settings = SettingsScene(app.ctx, bridge)
        app.apply(Push(settings))
        cycler = settings.cyclers["language"]
        cycler.choices = [(i18n.AUTO, "System language"), *SEVEN.items()]
        monkeypatch.setattr(bridge, "update_settings", lambda **changes: None)  # only the row is looked at
        monkeypatch.setattr(SettingsScene, "_sync", lambda self: None)
        watch = Watch(monkeypatch)
        shrunk: list[str] = []
        real_fit_size = widgets.fit_size

        def recording_fit_size(assets, text, size, width, *args, **kwargs):
            fitted = real_fit_size(assets, text, size, width, *args, **kwargs)
            if fitted < size and text in SEVEN.values():
                shrunk.append(text)
            return fitted
        monkeypatch.setattr(widgets, "fit_size", recording_fit_size)
        shown = []
        for code in SEVEN:
            cycler.set_value(code)
            app.frame([], 0.01)
            drawn, cut = watch.take()
            assert cut == [] and shrunk == [], (cut, shrunk)  # whole, and as large as every other row's value
            shown.append(next(name for name in SEVEN.values() if name in drawn))
        assert shown == list(SEVEN.values())
        settings.focus = list(settings.cyclers).index("language")
        app.frame([key(pygame.K_RIGHT)], 0.01)  # the arrows step through all of them
        assert cycler.value == i18n.AUTO
    finally:
        i18n.set_language("en")
