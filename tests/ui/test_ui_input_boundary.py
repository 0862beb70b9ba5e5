"""One input boundary: the mouse is read in few places, a key once, and the table's parts return what they want."""

from __future__ import annotations

from typing import Any
import re
from pathlib import Path

import pygame

import thirtyone.ui as ui_package
from tests.session_support import ScriptedSession
from tests.ui_support import click, key, make_app, run_until, setup
from thirtyone.model import DrawStock, Fire, PRESETS
from thirtyone.ui import keys
from thirtyone.ui.keys import TABLE
from thirtyone.ui.scene import Push
from thirtyone.ui.table.scene import TableScene
from thirtyone.ui.table.reader import TableIntent
from thirtyone.ui.table.wants import Act

RAW_MOUSE = re.compile(r"pygame\.MOUSE|MOUSEWHEEL|event\.pos\b|event\.button\b|event\.rel\b")


def test_raw_mouse_events_are_read_in_at_most_three_ui_modules() -> None:
    """The boundary (``pointer``) reads the mouse; widgets and the text field take its ``Pointer``."""
    root = Path(ui_package.__file__).parent
    readers = sorted(str(path.relative_to(root)) for path in root.rglob("*.py") if RAW_MOUSE.search(path.read_text()))
    assert len(readers) <= 3, readers
    assert readers == ["pointer.py"]


class CountingPlaces(dict[str, Any]):
    """The key table by place, counting how often each place is looked up (once per ``keys.read``)."""

    def __init__(self, places) -> None:
        super().__init__(places)
        self.asked: list[str] = []

    def get(self, place, default=None):
        self.asked.append(place)
        return super().get(place, default)


OLD_WEST = PRESETS["old-west-seed"].rules.replace(misfire_start=0.0, misfire_step=0.0)
"""Guns out from the first turn, and no misfires."""


def _table(app, rules=PRESETS["classic"].rules, seed: int = 4) -> tuple[TableScene, ScriptedSession]:
    session = ScriptedSession(rules, ("You", "Ada", "Ben", "Cy"), seed=seed)
    table = TableScene(app.ctx, setup(["human", "random", "random", "random"]), session)
    app.apply(Push(table))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
    return table, session


def test_a_key_at_the_table_is_read_once_from_the_key_table(monkeypatch) -> None:
    app = make_app(coach_hints="on-request")
    table, session = _table(app)
    counting = CountingPlaces(keys._BY_PLACE)
    monkeypatch.setattr(keys, "_BY_PLACE", counting)
    app.frame([key(pygame.K_d)], 0.016)
    assert counting.asked.count(TABLE) == 1 and set(counting.asked) <= {TABLE, keys.WINDOW}  # the window's F11
    assert session.played[-1] == (0, DrawStock())  # and the key did what it says


def test_while_aiming_a_key_is_read_once_at_the_table_and_once_for_the_aim(monkeypatch) -> None:
    app = make_app()
    table, session = _table(app, OLD_WEST)
    app.frame([key(pygame.K_g)], 0.016)
    assert table.gun.aiming
    counting = CountingPlaces(keys._BY_PLACE)
    monkeypatch.setattr(keys, "_BY_PLACE", counting)
    target = table.gun.targets[0]
    app.frame([key(pygame.K_1 + table.gun.number(target) - 1)], 0.016)
    assert sorted(p for p in counting.asked if p != keys.WINDOW) == sorted([TABLE, keys.AIM])
    assert (0, Fire(target)) in session.played


def test_the_parts_return_what_they_want_and_only_the_scene_acts() -> None:
    app = make_app()
    table, session = _table(app, OLD_WEST)
    before = session.calls["submit"]
    assert table.input.take(TableIntent("draw")) == Act(DrawStock())
    assert table.gun.take(TableIntent("gun")) is None and table.gun.aiming  # the aim opens: nothing to send yet
    target = table.gun.targets[0]
    assert table.gun.take(TableIntent("fire", place=keys.AIM)) == Act(Fire(target))
    assert session.calls["submit"] == before  # no part sent anything itself


def test_a_click_on_a_button_is_the_same_intent_as_its_key() -> None:
    app = make_app()
    table, _session = _table(app)
    table.offers.light_buttons()
    app.frame([], 0.016)  # the buttons are laid out by a drawn frame
    box = table.buttons["knock"].box
    intents = [table.reader.read(event, TABLE, table.router.live_buttons()) for event in click(box.center)]
    pressed = [i for i in intents if i is not None and i.command == "knock"]
    assert len(pressed) == 1 and pressed[0].key == keys.read(key(pygame.K_k), TABLE)


def test_the_menus_open_the_same_way_from_one_base() -> None:
    from thirtyone.ui.screens.base import MenuScene
    from thirtyone.ui.screens.daily import DailyScene
    from thirtyone.ui.screens.daily_over import DailyOverScene
    from thirtyone.ui.screens.game_over import GameOverScene
    from thirtyone.ui.screens.pause import PauseScene
    from thirtyone.ui.screens.statistics import StatisticsScene
    from thirtyone.ui.screens.title import TitleScene
    for scene in (DailyScene, DailyOverScene, GameOverScene, PauseScene, StatisticsScene, TitleScene):
        assert issubclass(scene, MenuScene) and scene.keys_place, scene
        assert "handle_event" not in vars(scene) or scene is StatisticsScene, scene  # the reset question comes first
