"""The window seats up to WINDOW_SEATS (12) players where the rules and the deck allow it
(issue 13 item 3): "+ Add player" stops at the rules' limit and says why, Start refuses a
table the rules cannot take, and a 12-seat table lays out inside a 1280×720 window."""

import pygame
import pytest

from thirtyone.model import PRESETS, player_counts
from thirtyone.ui.game_setup import WINDOW_SEATS, GameSetup, seats_offered
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import new_game_draw
from thirtyone.ui.screens.new_game import NewGameScene

from tests.ui_support import click, drawn_texts, make_app, open_table, run_until, top


def new_game_at(app, preset_id: str) -> NewGameScene:
    scene = NewGameScene(app.ctx, GameSetup.default())
    app.apply(Push(scene))
    scene.preset.set_value(preset_id)
    scene._preset_changed(preset_id)
    app.frame([], 0.01)
    return scene


def add_until_refused(app, scene) -> int:
    for _ in range(20):
        before = len(scene.fields)
        app.frame(click(scene.add.box.center), 0.01)
        app.frame([], 0.01)
        if len(scene.fields) == before:
            break
    return len(scene.fields)


@pytest.mark.parametrize("preset_id, most, why", [
    ("classic", 8, "At most 8 players with these rules."),  # 002: "2 to 8 players"
    ("london", WINDOW_SEATS, f"The window seats at most {WINDOW_SEATS}."),  # one deck deals a board game to 16
    ("open-table", WINDOW_SEATS, f"The window seats at most {WINDOW_SEATS}."),
])
def test_add_player_offers_seats_up_to_the_rules_or_the_window(monkeypatch, preset_id, most, why):
    app = make_app((1280, 720))
    scene = new_game_at(app, preset_id)
    texts = drawn_texts(monkeypatch, new_game_draw)
    assert add_until_refused(app, scene) == most
    assert not scene.add.enabled
    assert scene.start.enabled, scene.error
    app.frame([], 0.01)
    assert why in texts
    assert f"Players ({most})" in texts


def test_seats_offered_read_the_models_player_counts():
    for preset in PRESETS.values():
        offered = seats_offered(preset.rules)
        assert offered.start == player_counts(preset.rules).start
        assert offered.stop - 1 == min(player_counts(preset.rules).stop - 1, WINDOW_SEATS)


def test_twelve_seats_then_classic_disables_start_with_the_models_reason():
    app = make_app((1280, 720))
    scene = new_game_at(app, "london")
    add_until_refused(app, scene)
    scene.preset.set_value("classic")
    scene._preset_changed("classic")
    app.frame([], 0.01)
    assert not scene.start.enabled
    assert scene.error == "these rules are for 2 to 8 players, not 12"
    for _ in range(4):  # removing seats down to 8 makes the table playable again
        app.frame(click(scene.removes[-1].box.center), 0.01)
        app.frame([], 0.01)
    assert len(scene.fields) == 8 and scene.start.enabled


def test_a_twelve_seat_table_starts_and_every_seat_fits_the_window():
    app = make_app((1280, 720))
    scene = new_game_at(app, "london")
    add_until_refused(app, scene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.01)
    table = top(app)
    assert table.name == "table" and len(table.session.match.names) == WINDOW_SEATS
    layout = table.view.layout
    window = (0, 0, layout.table.w, layout.height)
    for geo in layout.seat_geo:
        assert geo.box.inside(type(geo.box)(*window))
        assert geo.plate.w >= 60 * layout.unit  # room for a name and its status


def test_a_twelve_seat_game_of_bots_plays_to_its_first_round_end():
    from thirtyone.ui.game_setup import SeatChoice
    app = make_app((1280, 720))
    game = GameSetup([SeatChoice(f"Bot {i + 1}", "casual") for i in range(WINDOW_SEATS)], "london",
                     PRESETS["london"].rules, 5)
    open_table(app, game)
    assert run_until(app, lambda: top(app).name == "round_end", 3000, wall_s=40)
    assert len(top(app).result.hands) == WINDOW_SEATS


def test_more_seats_than_the_window_takes_are_refused_with_the_reason():
    """Settings may remember up to 16 seats (a deck's limit); the window plays 12 and says so."""
    from thirtyone.ui.game_setup import SeatChoice
    app = make_app((1280, 720))
    seats = [SeatChoice("You", "human")] + [SeatChoice(f"Bot {i}", "casual") for i in range(1, WINDOW_SEATS + 1)]
    scene = NewGameScene(app.ctx, GameSetup(seats, "london", PRESETS["london"].rules))
    app.apply(Push(scene))
    app.frame([], 0.01)
    assert not scene.start.enabled and not scene.add.enabled
    assert scene.error == f"the window seats at most {WINDOW_SEATS} players, not {WINDOW_SEATS + 1}"
    app.frame(click(scene.removes[-1].box.center), 0.01)
    assert scene.start.enabled and scene.error == ""


def test_removing_a_seat_with_the_mouse_keeps_the_keyboard_focus_on_start():
    app = make_app((1280, 720))
    scene = NewGameScene(app.ctx, GameSetup.default())
    app.apply(Push(scene))
    app.frame([], 0.01)
    assert scene.focusables()[scene.focus] is scene.start
    app.frame(click(scene.removes[-1].box.center), 0.01)
    app.frame([], 0.01)  # drawing after the removal used to index past the shorter control list
    assert len(scene.fields) == 3
    assert scene.focusables()[scene.focus] is scene.start and scene.start.focused


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_twelve_plates_show_whole_names_and_a_status_shows_whole_over_them(monkeypatch, size):
    """Names of up to ten letters are not cut on the narrow plates of a 12-seat table (they were
    "Maxi…"); a status such as "thinking..." is drawn whole too, on a tab over the name's end."""
    from thirtyone.ui.table import draw as table_draw, layer as table_layer
    from thirtyone.ui.game_setup import SeatChoice
    names = ["You", "Maximilian", "Ben", "Cleopatra", "Dev", "Elisabeth", "Fay", "Gustavo", "Hana", "Isadora",
             "Jo", "Konstantin"]
    app = make_app(size)
    plates = drawn_texts(monkeypatch, table_layer)
    statuses = drawn_texts(monkeypatch, table_draw)
    seats = [SeatChoice(names[0], "human")] + [SeatChoice(n, "sharp") for n in names[1:]]
    table = open_table(app, GameSetup(seats, "london", PRESETS["london"].rules, 5))
    assert run_until(app, lambda: table.input.obs is not None, wall_s=30)
    assert set(names) <= set(plates), sorted(set(names) - set(plates))
    cut = [t for t in plates if t.endswith("…")]
    assert all(any(n.startswith(t[:-1]) for n in names) is False for t in cut), cut  # only level labels may be cut
    table.view.thinking = 1
    app.draw(app.screen)
    assert "thinking..." in statuses or "thinking.." in statuses or "thinking." in statuses
