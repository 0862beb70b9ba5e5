"""Text and boxes that must fit: the log wraps at word boundaries and never cuts a name,
the hand-value box stays inside the window at 150%, and 9 to 12 seats lay out."""

from __future__ import annotations

import pygame
import pytest

from thirtyone.ui.game_setup import WINDOW_SEATS
from thirtyone.ui.layout import Box, table_layout

from tests.ui_support import make_app

LONG_NAMES = ("Bartholomew", "Maximiliana", "Konstantinos")


@pytest.mark.parametrize("size, scale", [((1024, 600), 1.5), ((1280, 720), 1.5), ((1280, 720), 1.0)])
def test_log_lines_break_between_words_and_fit_the_log(monkeypatch, size, scale):
    from thirtyone.ui.table import log as table_log
    app = make_app(size, ui_scale=scale)
    assets = app.ctx.assets
    layout = table_layout(size[0], size[1], 4, ui_scale=scale)
    lines = [f"— Round 12 — {LONG_NAMES[0]} deals; {LONG_NAMES[1]} plays first.",
             f"{LONG_NAMES[2]} knocked and tied for the lowest hand, 23½: loses a life like the others tied.",
             f"{LONG_NAMES[1]} gives 10♠ to the board for Q♦."]
    drawn: list[tuple[str, float, bool]] = []
    from thirtyone.ui.widgets import blit_text as real

    def spy(surface, assets_, text, size_, colour, pos, *args, bold=False, **kwargs):
        drawn.append((text, size_, bold))
        kwargs["bold"] = bold
        return real(surface, assets_, text, size_, colour, pos, *args, **kwargs)
    monkeypatch.setattr(table_log, "blit_text", spy)
    box = layout.log.inflate(-12 * layout.unit, -12 * layout.unit)
    table_log.render_log(pygame.Surface(size), layout, assets, app.ctx.theme, lines, Box(0, 0, box.w, box.h))
    text_lines = [(t, s, b) for t, s, b in drawn if t != "Game log"]
    assert len(text_lines) > len(lines)  # the log is narrow enough that lines wrap
    for text, size_, bold in text_lines:
        assert assets.font(int(size_), bold).size(text)[0] <= box.w - 24 * layout.unit, text
    words = " ".join(t for t, _s, _b in text_lines).split(" ")
    assert words == " ".join(lines).split(" ")  # every break is at a space: no word split or lost
    for name in LONG_NAMES:
        assert any(name in t for t, _s, _b in text_lines)


def test_a_word_wider_than_the_line_is_split_between_letters_not_cut_off():
    app = make_app((1280, 720))
    font = app.ctx.assets.font(13)
    width = font.size("Bartho")[0]
    parts = app.ctx.assets.wrap("to Bartholomew-Konstantinos now", 13, width)
    assert "".join(parts).replace(" ", "") == "toBartholomew-Konstantinosnow"
    assert all(font.size(part)[0] <= width for part in parts)


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.5), ((1024, 600), 1.5), ((1366, 768), 1.5),
                                         ((1920, 1080), 1.5), ((1280, 720), 1.0)])
def test_hand_value_box_and_the_buttons_under_it_stay_in_the_window(size, scale):
    for guns in (False, True):
        layout = table_layout(size[0], size[1], 4, ui_scale=scale, guns=guns)
        window = Box(0, 0, layout.table.w, size[1])
        assert layout.hand_value.inside(window), layout.hand_value
        assert layout.buttons["take_back"].inside(window)
        own = layout.seat_geo[0].box
        assert not layout.hand_value.overlaps(own)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("seats", range(9, WINDOW_SEATS + 1))
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("board", [False, True])
def test_nine_to_twelve_seats_fit_without_overlap(size, seats, scale, board):
    w, h = size
    layout = table_layout(w, h, seats, ui_scale=scale, has_board=board)
    boxes = [g.box for g in layout.seat_geo]
    for i, a in enumerate(boxes):
        assert a.inside(layout.table), (i, a)
        assert not any(a.overlaps(b) for b in boxes[i + 1:]), i
        assert not a.overlaps(layout.message), (i, "the prompt")
    if size == (1280, 720):
        assert min(g.card_w for g in layout.seat_geo) >= 40 * layout.unit  # cards still read as cards


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.5), ((1024, 600), 1.5), ((1920, 1080), 1.5), ((1024, 600), 1.0)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_bot_levels_on_twelve_plates_are_written_whole(monkeypatch, size, scale, language):
    from tests.ui_support import drawn_texts, open_table, run_until
    from thirtyone import i18n
    from thirtyone.model import PRESETS
    from thirtyone.ui.table import layer as table_layer
    from thirtyone.ui.game_setup import GameSetup, SeatChoice, level_name
    app = make_app(size, ui_scale=scale, language=language)
    i18n.set_language(language)
    try:
        levels = ["casual", "sharp", "expert", "beginner", "random"] * 3
        names = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai"]
        seats = [SeatChoice("You", "human")] + [SeatChoice(n, lv) for n, lv in zip(names, levels)]
        texts = drawn_texts(monkeypatch, table_layer)
        table = open_table(app, GameSetup(seats, "london", PRESETS["london"].rules, 3))
        assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 400)
        app.frame([], 0.01)
        for level in set(levels):
            assert level_name(level) in texts, (level_name(level), [t for t in texts if t.endswith("…")])
        assert not [t for t in texts if t.endswith("…")]
    finally:
        i18n.set_language("en")


FORM_SIZES = [((1024, 600), 1.0), ((1024, 600), 1.5), ((1280, 720), 1.5), ((1920, 1080), 1.0), ((1920, 1080), 1.5)]


def spy_texts(monkeypatch, *modules) -> list[tuple[str, float, bool]]:
    """Every ``(text, size, bold)`` the modules hand to ``blit_text`` from now on."""
    drawn: list[tuple[str, float, bool]] = []
    for module in modules:
        real = module.blit_text

        def spy(surface, assets, text, size, *args, _real=real, **kwargs):
            drawn.append((text, size, bool(kwargs.get("bold", len(args) > 3 and args[3]))))
            return _real(surface, assets, text, size, *args, **kwargs)
        monkeypatch.setattr(module, "blit_text", spy)
    return drawn


def longest_choices(scene) -> None:
    """Every house rule at its longest value that differs from the preset (labels bold), Old West on."""
    from thirtyone.i18n import _
    from thirtyone.model.options import RULE_OPTIONS
    font = scene.ctx.assets.font(14)
    for opt, cycler in zip(RULE_OPTIONS, scene.options):
        others = [i for i, (value, _label) in enumerate(cycler.choices) if value != scene.values[opt.field]]
        if others:
            cycler.index = max(others, key=lambda i: font.size(_(cycler.choices[i][1]))[0])
            scene.values[opt.field] = cycler.value
    scene.values.update(old_west=True, quick_draw=True)
    for opt, cycler in zip(RULE_OPTIONS, scene.options):
        cycler.set_value(scene.values[opt.field])
    scene.validate()


@pytest.mark.parametrize("size, scale", FORM_SIZES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_new_game_cuts_no_text_with_every_rule_at_its_longest(monkeypatch, size, scale, language):
    from thirtyone import i18n
    from thirtyone.model import PRESETS
    from thirtyone.model.options import RULE_OPTIONS
    from thirtyone.ui import widgets
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens import house_rules, new_game_draw
    from thirtyone.ui.screens.new_game import NewGameScene
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from tests.ui_support import setup
    app = make_app(size, ui_scale=scale, language=language)
    i18n.set_language(language)
    try:
        drawn = spy_texts(monkeypatch, new_game_draw, widgets)
        twelve = GameSetup([SeatChoice(name, "human" if i == 0 else "sharp") for i, name in enumerate(
            ["You", "Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai"])], "london",
            PRESETS["london"].rules)
        for preset in list(PRESETS) + ["twelve"]:
            game = twelve if preset == "twelve" else setup(["human", "casual", "sharp", "expert"], preset=preset)
            preset = game.preset
            scene = NewGameScene(app.ctx, game)
            app.stack = []
            app.apply(Push(scene))
            app.frame([], 0.01)
            longest_choices(scene)
            hinted = range(len(scene.options)) if preset == "classic" else [0]
            for i in hinted:  # every option's hint, as Tab shows it (one preset is enough for those)
                scene.hint = house_rules.option_hint(RULE_OPTIONS[i], scene.options[i], scene.values)
                drawn.clear()
                app.frame([], 0.01)
                cut = [text for text, _size, _bold in drawn if text.endswith("…")]
                assert not cut, (preset, cut)
            summary = i18n._(PRESETS[preset].summary).split()
            shown = " ".join(text for text, _size, _bold in drawn).split()
            assert all(word in shown for word in summary), (preset, [w for w in summary if w not in shown])
    finally:
        i18n.set_language("en")


def settings_scene(tmp_path, size, scale, language):
    from thirtyone.model.record import Seat
    from thirtyone.storage import Settings, StoragePaths
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens.settings import SettingsScene
    from thirtyone.ui.bridge.storage import StorageBridge
    names = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai")
    seats = (Seat("You", "human"),) + tuple(Seat(name, "bot:casual") for name in names)
    chosen = dict(language=language, ui_scale=scale, default_preset="london", default_seats=seats)
    bridge = StorageBridge(StoragePaths.portable(tmp_path), Settings(**chosen))
    app = make_app(size, **chosen)
    bridge.install(app)
    scene = SettingsScene(app.ctx, bridge)
    app.apply(Push(scene))
    return app, scene


@pytest.mark.parametrize("size, scale", FORM_SIZES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_settings_cut_no_text_and_every_row_is_reached_in_view(tmp_path, monkeypatch, size, scale, language):
    from thirtyone import i18n
    from thirtyone.storage.setting_options import SETTING_OPTIONS
    from thirtyone.ui import widgets
    from thirtyone.ui.screens import settings as settings_menu
    i18n.set_language(language)
    try:
        app, scene = settings_scene(tmp_path, size, scale, language)
        drawn = spy_texts(monkeypatch, settings_menu, widgets)
        window = Box(0, 0, *size)
        for row in range(len(SETTING_OPTIONS) + 1):  # down through every row by keys, hints shown
            drawn.clear()
            app.frame([], 0.01)
            box = scene.change_game.box if row == len(SETTING_OPTIONS) else scene.cyclers[SETTING_OPTIONS[row].field].box
            assert box.h > 0 and box.inside(window), row
            cut = [text for text, _size, _bold in drawn if text.endswith("…") and text != i18n._("Change…")]
            assert not cut, (row, cut)
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)], 0.01)
        assert "11" in " ".join(text for text, _size, _bold in drawn)  # "you + 11 bots", whole
    finally:
        i18n.set_language("en")


def test_settings_follow_the_interface_size(tmp_path, monkeypatch):
    from thirtyone.ui.screens import settings as settings_menu
    sizes = {}
    for scale in (1.0, 1.5):
        app, _scene = settings_scene(tmp_path / str(scale), (1280, 720), scale, "en")
        drawn = spy_texts(monkeypatch, settings_menu)
        app.frame([], 0.01)
        sizes[scale] = next(size for text, size, _bold in drawn if text == "Theme")
    assert sizes[1.5] >= sizes[1.0] * 1.4


@pytest.mark.parametrize("size, scale", FORM_SIZES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_new_game_writes_why_it_cannot_start_whole(monkeypatch, size, scale, language):
    from thirtyone import i18n
    from thirtyone.ui.scene import Push
    from thirtyone.ui.screens import new_game_draw
    from thirtyone.ui.screens.new_game import NewGameScene
    from tests.ui_support import setup
    app = make_app(size, ui_scale=scale, language=language)
    i18n.set_language(language)
    try:
        scene = NewGameScene(app.ctx, setup(["human", "casual"], preset="quick-draw"))
        app.apply(Push(scene))
        scene.values["old_west"] = False  # Quick Draw without Old West: refused
        assert not scene.validate() and scene.error
        drawn = spy_texts(monkeypatch, new_game_draw)
        app.frame([], 0.01)
        shown = " ".join(text for text, _size, _bold in drawn).split()
        assert all(word in shown for word in scene.error.split()), scene.error
        assert not [text for text, _size, _bold in drawn if text.endswith("…")]
    finally:
        i18n.set_language("en")
