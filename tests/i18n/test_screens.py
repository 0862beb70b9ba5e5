"""Every screen in every language the game ships (German has its own, stricter test): at 1024×600 and
1920×1080, nothing
English shows through where the catalogue has a translation, and nothing is cut with "…" or drawn off the
window. The tour is ``test_german_screens.tour``.

``LANGUAGE_SHOTS=DIR`` saves every screen as ``DIR/<code>/<step>-<width>x<height>.png`` to look at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from build_scripts import i18n as tool
from tests.i18n.test_german_screens import NAMES, NOT_WORDS, Watch, tour
from tests.review_once import reuse_in_window
from tests.ui_support import make_app
from thirtyone import i18n

WORD = re.compile(r"[^\W\d_]{2,}")
LANGUAGES = [code for code in i18n.LANGUAGES if code not in (i18n.SOURCE_LANGUAGE, "de")]


def _reader(code: str):
    """A check of drawn text for ``code``: English showing through, or words of no catalogue entry."""
    _header, entries = tool.read_po(tool.LOCALE / code / "LC_MESSAGES" / "thirtyone.po")
    texts = [text for entry in entries.values() for text in entry.translations]
    words = {word.lower() for text in texts for word in WORD.findall(text)}
    english = {entry.msgid: entry.translations[0] for entry in entries.values()
               if entry.plural is None and entry.translations and entry.translations[0]
               and entry.translations[0] != entry.msgid}
    allowed = NAMES | NOT_WORDS | {word for name in i18n.LANGUAGES.values() for word in WORD.findall(name)}

    def foreign(text: str) -> str | None:
        if text in english:
            return f"English where the catalogue has {code}: {text!r} ({english[text]!r})"
        if text.endswith("…"):
            text = text[:-1].rsplit(" ", 1)[0] if " " in text else ""
        strange = [w for w in WORD.findall(text) if w.lower() not in words and w not in allowed]
        return f"not {code}: {text!r} ({', '.join(strange)})" if strange else None
    return foreign


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_screen_speaks_the_language_and_is_whole(code, size, tmp_path, monkeypatch):
    from thirtyone.storage import StoragePaths
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.bridge.storage import StorageBridge
    from thirtyone.ui import launch
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})
    reuse_in_window(monkeypatch)
    bridge = StorageBridge(StoragePaths.portable(tmp_path), Settings(language=code))
    app = make_app(size, language=code)
    assert i18n.language() == code
    foreign = _reader(code)
    watch = Watch(monkeypatch)
    folder = os.environ.get("LANGUAGE_SHOTS")
    problems: list[str] = []
    try:
        for label in tour(app, bridge):
            drawn, cut = watch.take()
            if folder:
                (Path(folder) / code).mkdir(parents=True, exist_ok=True)
                pygame.image.save(app.screen, str(Path(folder) / code / f"{label}-{size[0]}x{size[1]}.png"))
            problems += [f"{label}: {why}" for why in dict.fromkeys(filter(None, map(foreign, drawn)))]
            problems += [f"{label}: {why}" for why in dict.fromkeys(cut)]
    finally:
        i18n.set_language("en")
    assert problems == [], "\n".join(problems)
