"""Headless scene tests driven by synthetic events (dummy video and audio drivers)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import click, frames, key, make_app, open_table, run_until, setup, stack_names, step_game, top, top_name

from thirtyone.model import Phase
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.title import TitleScene


def start_from_title(app):
    app.apply(Push(TitleScene(app.ctx)))
    app.frame([], 0.016)
    app.frame([key(pygame.K_n)], 0.016)
    assert top_name(app) == "new_game"
    app.frame([key(pygame.K_RETURN)], 0.016)
    assert top_name(app) == "table"
    return top(app)


def wait_for_my_turn(app, table):
    """Frames until the human is to play; a round that ends before (a bot's 31 on the deal, in about one
    game of forty) is continued with Enter, as a player would."""
    def my_turn() -> bool:
        if top_name(app) == "round_end":
            app.frame([key(pygame.K_RETURN)], 0.016)
        return table.input.obs is not None and top_name(app) == "table"
    assert run_until(app, my_turn, 400), top_name(app)
    return table.input.obs


def test_title_menu_lists_only_registered_entries():
    app = make_app()
    app.apply(Push(TitleScene(app.ctx)))
    labels = [b.label for b in top(app).buttons]
    assert labels == ["New game", "Join a table", "How to play", "Learn by playing", "Quit"]
    app.ctx.optional_scenes["Continue"] = lambda ctx: TitleScene(ctx)
    app.ctx.optional_scenes["Settings"] = lambda ctx: TitleScene(ctx)
    top(app).resume()
    assert [b.label for b in top(app).buttons] == ["Continue", "New game", "Join a table", "How to play",
                                                   "Learn by playing", "Settings", "Quit"]


def test_new_game_defaults_start_you_against_three_bots_classic():
    app = make_app()
    table = start_from_title(app)
    match = table.session.match
    assert len(match.names) == 4
    assert match.human_seats() == (0,)
    assert match.rules == __import__("thirtyone.model", fromlist=["PRESETS"]).PRESETS["classic"].rules
    obs = wait_for_my_turn(app, table)
    assert obs.phase is Phase.TURN


def test_play_a_turn_with_keys():
    app = make_app()
    table = start_from_title(app)
    wait_for_my_turn(app, table)
    before = table.session.match.action_count
    app.frame([key(pygame.K_d)], 0.016)
    assert table.session.match.action_count == before + 1
    assert any("You draw from the stock" in line for line in table.log_lines)
    obs = wait_for_my_turn(app, table)
    assert obs.phase is Phase.DISCARD and len(obs.hand) == 4
    drawn = obs.drawn
    index = obs.hand.index(drawn)
    app.frame([key(pygame.K_1 + index), key(pygame.K_RETURN)], 0.016)
    # Instant bots may already have answered within the same frame: check our own move.
    actions = table.session.match.record.actions
    assert len(actions) >= before + 2 and str(actions[before + 1]) == f"discard {drawn.code}"
    assert any(f"You discard {drawn.symbol}" in line for line in table.log_lines)


def test_illegal_attempt_shows_why_and_changes_nothing():
    app = make_app()
    table = start_from_title(app)
    wait_for_my_turn(app, table)
    record = table.session.match.record.to_json()
    app.frame([key(pygame.K_p)], 0.016)  # no passing in draw-and-discard play
    assert table.message and table.message_s > 0
    assert table.session.match.record.to_json() == record
    app.frame([key(pygame.K_d)], 0.016)
    wait_for_my_turn(app, table)
    record = table.session.match.record.to_json()
    table.message = ""
    app.frame([key(pygame.K_t)], 0.016)  # drawing twice is not allowed
    assert table.message
    assert table.session.match.record.to_json() == record


def test_clicks_draw_and_discard():
    app = make_app()
    table = open_table(app, setup(["human", "random"], seed=3))
    wait_for_my_turn(app, table)
    layout = table.view.layout
    app.frame(click(layout.stock.center), 0.016)
    obs = wait_for_my_turn(app, table)
    assert obs.phase is Phase.DISCARD
    sprite = table.view.hands[0][0]
    card = obs.hand[0]
    app.frame(click((sprite.x, sprite.y)), 0.016)
    assert table.view.selected == {0}
    app.frame(click(layout.discard.center), 0.016)
    assert table.session.match.observation(0).discards[-1] is card


def test_hover_and_legal_targets_light_up():
    app = make_app()
    table = open_table(app, setup(["human", "random"], seed=3))
    wait_for_my_turn(app, table)
    pos = tuple(map(int, table.view.layout.stock.center))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    assert "Draw from the stock" in table.input.hover_text
    assert table.buttons["knock"].enabled
    assert table.view.discard[-1].highlight


def test_board_game_swaps_with_keys():
    app = make_app()
    table = open_table(app, setup(["human", "random", "random"], preset="commerce", seed=5))
    obs = wait_for_my_turn(app, table)
    give, take = obs.hand[0], obs.board[2]
    app.frame([key(pygame.K_1), key(pygame.K_e)], 0.016)
    assert give in table.session.match.observation(0).hand  # picked, not swapped: S or Enter confirms
    app.frame([key(pygame.K_s)], 0.016)
    assert give in table.session.match.observation(0).board
    assert take in table.session.match.observation(0).hand


def test_whole_game_to_game_over_and_back_to_title():
    app = make_app()
    table = open_table(app, setup(["human", "random", "random"], lives=1, seed=11))
    assert run_until(app, lambda: top_name(app) == "game_over", 5000, step=step_game)
    assert table.session.match.is_over
    order = top(app).order
    assert order[0] == table.session.match.winner and sorted(order) == [0, 1, 2]
    for _ in range(6):  # the game over screen ignores the keys of the game's last moment
        app.frame([], 0.1)
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert stack_names(app) == ["title"]


def test_pass_and_play_never_shows_another_humans_cards():
    app = make_app()
    table = open_table(app, setup(["human", "human", "random"], lives=1, seed=2))
    probe: set[str] = set()
    app.ctx.assets.face_probe = probe
    handoffs = 0
    for _ in frames(3000):
        if top_name(app) == "game_over" or handoffs >= 6:
            break
        probe.clear()
        if top_name(app) == "handoff":
            handoffs += 1
        step_game(app)
        if top_name(app) == "handoff":
            assert not probe, "the hand-off screen shows card faces"
            continue
        if top_name(app) != "table" or table.view.revealed:
            continue
        public = {c.code for c in table.session.match.observation(0).discards} | {c.code for c in table.session.match.observation(0).board}
        for seat in table.session.match.human_seats():
            if seat == table.view.face_seat:
                continue
            hidden = {c.code for c in table.session.match.observation(seat).hand} - public
            assert not (probe & hidden), f"{table.session.match.names[seat]}'s cards were drawn face up"
    assert handoffs >= 3


def test_pause_and_how_to_play():
    app = make_app()
    table = open_table(app, setup(["human", "random"], seed=3))
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) == "pause"
    app.frame([key(pygame.K_h)], 0.016)
    assert top_name(app) == "how_to_play"
    app.frame([key(pygame.K_PAGEDOWN), key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) == "pause"
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top(app) is table
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    app.frame([key(pygame.K_q)], 0.016)
    assert stack_names(app) == ["title"]


def test_new_game_editor_blocks_clashing_rules():
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.screens.new_game import NewGameScene
    app = make_app()
    scene = NewGameScene(app.ctx, GameSetup.default())
    app.apply(Push(scene))
    app.frame([], 0.016)
    fields = [o.field for o in __import__("thirtyone.model.options", fromlist=["RULE_OPTIONS"]).RULE_OPTIONS]
    board = scene.options[fields.index("board_refresh")]
    board.step(1)  # a new board needs a board: clashes with draw and discard
    assert scene.error and "board" in scene.error
    assert not scene.start.enabled
    app.frame([key(pygame.K_RETURN)], 0.016)
    assert top_name(app) == "new_game"
    board.step(1)
    assert scene.start.enabled and not scene.error


def test_new_game_names_are_edited_by_typing():
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.screens.new_game import NewGameScene
    app = make_app()
    scene = NewGameScene(app.ctx, GameSetup.default())
    app.apply(Push(scene))
    app.frame([], 0.016)
    field = scene.fields[0]
    events = click(field.box.center) + [key(pygame.K_BACKSPACE)] * 3
    events += [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Maria"] + [key(pygame.K_RETURN)]
    app.frame(events, 0.016)
    assert field.text == "Maria"
    assert scene.current_setup().seats[0].name == "Maria"


@pytest.mark.parametrize("theme", ["classic", "pony"])
def test_animated_round_runs_with_time_based_tweens(theme):
    app = make_app(fast=False, theme=theme, animation_speed="normal", bot_speed="instant")
    table = open_table(app, setup(["human", "random", "random", "random"], seed=4))
    app.frame([], 0.016)
    assert table.choreo.busy  # the shuffle and deal animate
    assert run_until(app, lambda: table.input.obs is not None, 400, dt=0.05)
    assert all(len(hand) == 3 for hand in table.view.hands)
    assert all(s.t == 1.0 for hand in table.view.hands for s in hand)


@pytest.mark.parametrize("preset", ["classic", "kitty", "scat", "london", "commerce", "open-table"])
def test_bot_games_animate_through_every_preset(preset):
    """All-bot games at a quick (not instant) speed: every event kind animates without error."""
    from thirtyone.model import events as ev
    app = make_app(fast=False, animation_speed="fast", bot_speed="instant")
    app.ctx.demo = True  # round-end panels continue by themselves
    table = open_table(app, setup(["random"] * 5, preset, lives=2, seed=len(preset)))
    assert run_until(app, lambda: top_name(app) == "game_over", 20000, dt=0.1)
    kinds = {type(e) for e in table.session.match.events}
    assert {ev.RoundEnded, ev.LifeLost, ev.Eliminated, ev.Won} <= kinds
    assert not table.choreo.busy and table.session.thinking_seat == -1


def test_demo_plays_games_continuously():
    from thirtyone.ui.launch import build_app
    app = build_app(demo=True, seed=15, size=(1280, 720))  # its game ends after 175 moves (seed 3: 319)
    app.ctx.change_settings(animation_speed="instant", bot_speed="instant")
    first = top(app)
    assert first.name == "table" and not first.session.match.human_seats()
    assert run_until(app, lambda: top_name(app) == "game_over", 20000, dt=0.1)
    assert run_until(app, lambda: top_name(app) == "table" and top(app) is not first, 200, dt=0.1)


def test_drag_a_card_to_the_discard_pile():
    app = make_app()
    table = open_table(app, setup(["human", "random"], seed=3))
    wait_for_my_turn(app, table)
    app.frame([key(pygame.K_d)], 0.016)
    obs = wait_for_my_turn(app, table)
    sprite = table.view.hands[0][1]
    start = (int(sprite.x), int(sprite.y))
    end = tuple(map(int, table.view.layout.discard.center))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))], 0.016)
    assert sprite.drag is not None
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.016)
    assert table.session.match.observation(0).discards[-1] is obs.hand[1]


def test_f11_toggles_fullscreen_and_resize_relayouts():
    app = make_app()
    table = open_table(app, setup(["human", "random"], seed=3))
    app.frame([key(pygame.K_F11)], 0.016)
    assert app.settings.fullscreen
    app.frame([key(pygame.K_F11)], 0.016)
    assert not app.settings.fullscreen
    app.screen = pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)], 0.016)
    assert (table.view.layout.width, table.view.layout.height) == (1600, 900)
