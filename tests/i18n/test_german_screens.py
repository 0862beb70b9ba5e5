"""Every screen in German, at 1024×600 and 1920×1080: what is drawn is German, and none of it is cut off.

One tour visits every scene a player can reach (title, New game with its house rules and Old West notes,
Settings, the default game, How to play page by page for every preset, the table in a normal round and with
a gun drawn in Old West and Quick Draw, hand-off, pause, round end, game over, Statistics and its reset
question, the finished games, the review, a notice). On each screen:

- every text drawn must be German: no English catalogue entry shows through, and every word of two or more
  letters is a word of the German catalogue, a player's name or one of the few words in ``NOT_WORDS``;
- no text is shortened with "…" (a player's name may be) or drawn past the window's edge.

``GERMAN_SHOTS=DIR`` saves every screen as ``DIR/<step>-<width>x<height>.png`` to look at.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import sys
from pathlib import Path

import pygame
import pytest

from build_scripts import i18n as tool
from tests.ui_support import key, make_app, open_table, run_until, setup, step_game, top_name
from tests.review_once import reuse_in_window
from thirtyone import i18n, ui
from thirtyone.model import PRESETS
from thirtyone.model.rule_choices import Holster
from thirtyone.storage.setting_options import BOT_NAMES, HUMAN_NAMES
from thirtyone.ui.assets import Assets
from thirtyone.ui.scene import Push

SIZES = [(1024, 600), (1920, 1080)]
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
NOT_WORDS = {"English", "Deutsch", "Esc", "Enter", "ms", "thirtyone", "json", "Pip", "Sunny", "Marlowe", "Lovelace", "Scat", "classic", "Bot", "Bots"}
"""Language names in themselves, key names, units, the program's and the bots' names, a file ending."""
NAMES = set(HUMAN_NAMES) | set(BOT_NAMES) | {"Du"}


def _catalogue() -> tuple[set[str], dict[str, str]]:
    """The German catalogue's words, and its English msgids that German words differently."""
    _header, entries = tool.read_po(tool.LOCALE / "de" / "LC_MESSAGES" / "thirtyone.po")
    texts = [text for entry in entries.values() for text in entry.translations]
    words = {word.lower() for text in texts for word in WORD.findall(text)}
    english = {entry.msgid: entry.translations[0] for entry in entries.values()
               if entry.plural is None and entry.translations and entry.translations[0] != entry.msgid}
    return words, english


GERMAN_WORDS, ENGLISH = _catalogue()


def not_german(text: str) -> str | None:
    """Why ``text`` is not what a German player should read, or None."""
    if text in ENGLISH:
        return f"English where the catalogue has German: {text!r} (German: {ENGLISH[text]!r})"
    if text.endswith("…"):  # cut short (reported as such): its last word is a stump
        text = text[:-1].rsplit(" ", 1)[0] if " " in text else ""
    strange = [w for w in WORD.findall(text) if w.lower() not in GERMAN_WORDS and w not in NAMES | NOT_WORDS]
    return f"not German: {text!r} ({', '.join(strange)})" if strange else None


class Watch:
    """What the screens draw while the tour runs: every text, and every text cut short or drawn off screen."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[str] = []
        self.cut: list[str] = []
        real_text = Assets.text

        def text(assets, words, *args, **kwargs):
            self.drawn.append(words)
            return real_text(assets, words, *args, **kwargs)
        monkeypatch.setattr(Assets, "text", text)
        for info in pkgutil.walk_packages(ui.__path__, "thirtyone.ui."):  # every screen's module, drawn or not yet
            importlib.import_module(info.name)
        for name, module in list(sys.modules.items()):
            if not name.startswith("thirtyone.ui"):
                continue
            if getattr(module, "fit_text", None) is not None:
                monkeypatch.setattr(module, "fit_text", self._fit(module.fit_text))
            if getattr(module, "blit_text", None) is not None:
                monkeypatch.setattr(module, "blit_text", self._blit(module.blit_text))

    def _fit(self, fit):
        def recording_fit(assets, text, size, width, bold=False):
            shown = fit(assets, text, size, width, bold)
            if shown != text and text not in NAMES:
                self.cut.append(f"cut to fit: {text!r} -> {shown!r}")
            return shown
        return recording_fit

    def _blit(self, blit):
        def recording_blit(surface, assets, text, *args, **kwargs):
            drawn = blit(surface, assets, text, *args, **kwargs)
            screen = pygame.display.get_surface()
            if text.strip() and screen is not None and surface.get_size() == screen.get_size() \
                    and not surface.get_rect().contains(drawn):
                self.cut.append(f"past the edge: {text!r} at {tuple(drawn)}")
            return drawn
        return recording_blit

    def take(self) -> tuple[list[str], list[str]]:
        drawn, cut = self.drawn, self.cut
        self.drawn, self.cut = [], []
        return drawn, cut


def _settle(app, frames: int = 3, events=None) -> None:
    app.frame(events or [], 0.01)
    for _ in range(frames - 1):
        app.frame([], 0.01)


def _play_until(app, scene: str, frames: int = 3000) -> None:
    """Play on (the human by keys, bots on their own) until ``scene`` is on top."""
    for _ in range(frames):
        if top_name(app) == scene:
            return
        step_game(app)
    raise AssertionError(f"{scene} never came; {top_name(app)} is on top")


def tour(app, bridge):
    """Walk every scene, yielding a name after each screen is drawn (the caller checks it)."""
    from thirtyone.ui.screens.how_to_play import HowToPlayScene
    from thirtyone.ui.screens.notice import NoticeScene
    from thirtyone.ui.screens.pause import PauseScene
    from thirtyone.ui.screens.settings import DefaultGameScene, SettingsScene
    from thirtyone.ui.screens.title import TitleScene
    from thirtyone.ui.screens.new_game import NewGameScene
    from thirtyone.ui.game_setup import GameSetup

    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    _settle(app)
    yield "title"

    new_game = NewGameScene(app.ctx, GameSetup.default())
    app.apply(Push(new_game))
    _settle(app)
    yield "new-game"
    for option in range(len(new_game.options)):  # every house rule focused once: its hint is drawn
        new_game.focus = new_game.focusables().index(new_game.options[option])
        new_game._show_focus()
        app.frame([], 0.01)
    yield "new-game-hints"
    new_game.preset.set_value("old-west")
    new_game._preset_changed("old-west")
    new_game._remove(new_game.fields[-1])  # three players: Old West is only recommended for four
    _settle(app)
    yield "new-game-old-west"
    new_game._remove(new_game.fields[-1])  # two: Old West refuses to start
    _settle(app)
    yield "new-game-old-west-refused"
    app.apply(Push(DefaultGameScene(app.ctx, bridge)))
    _settle(app)
    yield "default-game"

    settings = SettingsScene(app.ctx, bridge)
    app.apply(Push(settings))
    for _row in range(len(settings.cyclers) + 1):
        app.frame([key(pygame.K_DOWN)], 0.01)
    yield "settings"

    for preset_id in PRESETS:
        how = HowToPlayScene(app.ctx, PRESETS[preset_id].rules, PRESETS[preset_id].title)
        app.apply(Push(how))
        app.frame([], 0.01)
        page = 0
        while True:
            app.frame([], 0.01)
            yield f"how-to-play-{preset_id}-{page}"
            if how.scroll >= how.content_h:
                break
            app.frame([key(pygame.K_PAGEDOWN)], 0.01)
            page += 1

    table = open_table(app, setup(["human", "random", "random"], lives=1, seed=3))
    run_until(app, lambda: table.input.obs is not None and not table.choreo.busy)
    app.frame([], 0.01)
    yield "table"
    app.apply(Push(PauseScene(app.ctx, table)))
    _settle(app)
    yield "pause"
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    _play_until(app, "round_end")
    for _ in range(30):  # the round end opens while its lines come in
        app.frame([], 0.05)
    yield "round-end"
    _play_until(app, "game_over")
    for _ in range(30):
        app.frame([], 0.05)
    yield "game-over"

    gunfight = setup(["human", "random", "random", "random"], preset="old-west-seed", seed=5)
    table = open_table(app, gunfight)
    run_until(app, lambda: table.input.obs is not None and not table.choreo.busy)
    app.frame([key(pygame.K_g)], 0.01)
    app.frame([], 0.01)
    yield "table-old-west-aiming"

    quick = setup(["human", "random", "random", "random"], preset="quick-draw", seed=5)
    quick.rules = quick.rules.replace(holster=Holster.NEVER)
    table = open_table(app, quick)
    run_until(app, lambda: table.input.obs is not None and not table.choreo.busy)
    table.quick.open(1, 0)
    _settle(app)
    yield "table-quick-draw"

    open_table(app, setup(["human", "human", "random"], seed=4))
    run_until(app, lambda: top_name(app) == "handoff", max_frames=200, wall_s=10)
    app.frame([], 0.01)
    yield "handoff"

    from thirtyone.ui.screens.statistics import StatisticsScene
    statistics = StatisticsScene(app.ctx, bridge)
    app.apply(Push(statistics))
    _settle(app)
    yield "statistics"
    app.frame([key(pygame.K_r)], 0.01)
    yield "statistics-reset"
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    app.frame([key(pygame.K_g)], 0.01)
    _settle(app)
    yield "finished-games"
    app.frame([key(pygame.K_RETURN)], 0.01)
    review = app.stack[-1]
    assert review.name == "review"
    run_until(app, lambda: review.review is not None, wall_s=60, idle_s=0.016)
    for _ in range(12):
        app.frame([key(pygame.K_RIGHT)], 0.01)
    yield "review"

    app.apply(Push(NoticeScene(app.ctx, i18n._("There is no saved game to continue."))))
    _settle(app)
    yield "notice"


def _shot(app, label: str, size) -> None:
    folder = os.environ.get("GERMAN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{label}-{size[0]}x{size[1]}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_is_german_and_whole(size, tmp_path, monkeypatch):
    from thirtyone.storage import StoragePaths
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.bridge.storage import StorageBridge
    from thirtyone.ui import launch
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})
    reuse_in_window(monkeypatch)  # the tour's game is reviewed once for all four tours
    bridge = StorageBridge(StoragePaths.portable(tmp_path), Settings(language="de"))
    app = make_app(size, language="de")
    assert i18n.language() == "de"
    watch = Watch(monkeypatch)
    problems: list[str] = []
    seen: list[str] = []
    try:
        for label in tour(app, bridge):
            seen.append(label)
            drawn, cut = watch.take()
            _shot(app, label, size)
            problems += [f"{label}: {why}" for why in dict.fromkeys(filter(None, map(not_german, drawn)))]
            problems += [f"{label}: {why}" for why in dict.fromkeys(cut)]
    finally:
        i18n.set_language("en")
    assert {"title", "round-end", "game-over", "review", "handoff", "table-quick-draw"} <= set(seen)
    assert problems == [], "\n".join(problems)


def test_the_checks_see_english_and_cut_text(monkeypatch):
    assert not_german("Klopfen") is None and not_german("Ada: 31") is None
    assert "English" in (not_german("Knock") or "")
    assert "not German" in (not_german("Ada wins the game") or "")
    app = make_app((1024, 600), language="de")
    try:
        watch = Watch(monkeypatch)
        from thirtyone.ui.layout import Box
        from thirtyone.ui.widgets import Button
        button = Button("Einunddreißig mal geklopft und trotzdem geschwommen", lambda: None)
        button.box = Box(10, 10, 120, 40)
        button.draw(app.screen, app.ctx.assets, app.ctx.theme, 1.0)
        drawn, cut = watch.take()
        assert cut and "cut to fit" in cut[0] and drawn
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_is_whole_in_english_too(size, tmp_path, monkeypatch):
    """The same tour in English: German runs longer, but English must not be cut either."""
    from thirtyone.storage import StoragePaths
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.bridge.storage import StorageBridge
    from thirtyone.ui import launch
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})
    reuse_in_window(monkeypatch)  # the tour's game is reviewed once for all four tours
    bridge = StorageBridge(StoragePaths.portable(tmp_path), Settings(language="en"))
    app = make_app(size, language="en")
    watch = Watch(monkeypatch)
    problems: list[str] = []
    for label in tour(app, bridge):
        _drawn, cut = watch.take()
        problems += [f"{label}: {why}" for why in dict.fromkeys(cut)]
    assert problems == [], "\n".join(problems)
