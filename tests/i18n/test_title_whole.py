"""The title with every entry it can show (Continue, Reopen your table, the Deal of the day, Statistics,
Settings) in every language, on the smallest window a 1024×600 screen leaves: no label is cut with "…"."""

from __future__ import annotations

from unittest.mock import patch

import pytest

from tests.i18n.test_german_screens import Watch
from tests.ui_support import make_app, setup
from thirtyone import i18n
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import host_lobby
from thirtyone.ui.screens.title import TitleScene


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_every_title_entry_is_whole_in_every_language(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    watch = Watch(monkeypatch)
    app = make_app((1008, 504), language=code)
    try:
        for name in ("Continue", "Deal of the day", "Statistics", "Settings"):
            app.ctx.optional_scenes.setdefault(name, TitleScene)  # only the label is drawn here
        with patch.object(host_lobby, "kept_table_setup", lambda ctx: setup(["human", "remote", "sharp"])):
            scene = TitleScene(app.ctx)
            app.apply(Push(scene))
            app.frame([], 0.05)
        drawn, cut = watch.take()
    finally:
        i18n.set_language("en")
    assert len(scene.buttons) == 10
    assert cut == [], cut
    assert any(text.startswith(("Reopen", "Tisch", "Je tafel", "Rouvrir", "Gjenåpne", "Öppna", "Riapri")) for text in drawn)
