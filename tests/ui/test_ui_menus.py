"""The menus a new player meets: one-click game, difficulty, demo timing, window size, game over, New game by keys."""

from __future__ import annotations

from typing import Any

import dataclasses
from pathlib import Path

import pygame
import pytest

from tests.ui_support import key, make_app, open_table, run_until, setup, top, top_name
from thirtyone.controller import Match
from thirtyone.model import PRESETS
from thirtyone.model.events import Eliminated
from thirtyone.model.record import Seat
from thirtyone.storage import StoragePaths, load_settings
from thirtyone.storage.setting_options import DIFFICULTIES, MAX_NAME_LENGTH
from thirtyone.ui import app as app_module
from thirtyone.ui import launch
from thirtyone.ui.app import App
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.game_over import GameOverScene, lives_per_round
from thirtyone.ui.screens.new_game import NewGameScene
from thirtyone.ui.table.round_end import RoundEndScene
from thirtyone.ui.screens.title import TitleScene
from thirtyone.ui.bridge.storage import StorageBridge
from thirtyone.ui.window import fit_window, usable_area


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


def fresh_title(tmp_path: Path):
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0])
    app = App(bridge.settings, (1280, 720), fast=True)
    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    app.frame([], 0.01)
    return app, bridge, paths


def test_fresh_profile_one_click_game_seats_fair_bots_at_normal(tmp_path: Path) -> None:
    app, _bridge, _paths = fresh_title(tmp_path)
    app.frame([key(pygame.K_n)], 0.01)  # New game
    assert top_name(app) == "new_game"
    app.frame([key(pygame.K_RETURN)], 0.01)  # Start
    table = top(app)
    assert table.name == "table"
    players = [seat.player for seat in table.session.match.seats]
    assert players[0] == "human" and "bot:random" not in players
    assert players[1:] == ["bot:casual", "bot:sharp", "bot:casual"]


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_difficulty_on_new_game_sets_the_bots_and_is_remembered_after_a_restart(tmp_path: Path,
                                                                                difficulty: str) -> None:
    app, _bridge, paths = fresh_title(tmp_path)
    app.frame([key(pygame.K_n)], 0.01)
    scene = top(app)
    scene.difficulty.set_value("normal")
    steps = {"easy": pygame.K_LEFT, "hard": pygame.K_RIGHT}[difficulty]
    app.frame([key(pygame.K_TAB)], 0.01)  # from Start, Tab wraps to the difficulty
    assert scene.focusables()[scene.focus] is scene.difficulty and scene.difficulty.focused
    app.frame([key(steps)], 0.01)
    assert load_settings(paths)[0].difficulty == difficulty
    app.frame([key(pygame.K_RETURN)], 0.01)
    levels = [s.player[4:] for s in top(app).session.match.seats if s.player != "human"]
    low, high = DIFFICULTIES[difficulty]
    assert levels == [low, high, low]
    again, _bridge, _paths = fresh_title(tmp_path)  # a restart: the same choice, the same bots
    again.frame([key(pygame.K_n)], 0.01)
    new_game = again.stack[-1]
    assert new_game.difficulty.value == difficulty
    assert [t.value for t in new_game.types if t.value != "human"] == [low, high, low]


def test_add_player_uses_the_chosen_difficulty(tmp_path: Path) -> None:
    app, _bridge, _paths = fresh_title(tmp_path)
    app.frame([key(pygame.K_n)], 0.01)
    scene = top(app)
    scene._difficulty_changed("hard")
    scene._add_player()
    assert scene.types[-1].value in DIFFICULTIES["hard"] and scene.types[-1].value != "random"


class FakeTime:
    """The loop's clock and idle wait, in simulated seconds (nothing really sleeps)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.last_tick = 0.0

    def wait(self, timeout_ms: int) -> list[Any]:
        self.now += timeout_ms / 1000
        return []

    def tick(self, _fps: int = 0) -> int:
        if self.now == self.last_tick:
            self.now += 1 / 60  # a drawn frame takes a frame's time
        elapsed, self.last_tick = self.now - self.last_tick, self.now
        return round(elapsed * 1000)


def test_demo_left_alone_passes_round_ends_on_the_clock_while_idle(monkeypatch) -> None:
    """The real loop, idle between frames: each round-end panel goes after its 3 s, not on the next key."""
    fake = FakeTime()
    monkeypatch.setattr(app_module, "wait_for_events", fake.wait)
    # A bot's thinking takes real time, which the fake clock cannot see: on a busy machine it would
    # pass as many fake seconds. Waiting for each decision keeps the test about the panels' timers.
    from thirtyone.session.bot_worker import BotRunner
    real_poll = BotRunner.poll

    def decided_poll(runner, dt, base_delay_s):
        if runner._future is not None:
            runner._future.result()
        return real_poll(runner, dt, base_delay_s)
    monkeypatch.setattr(BotRunner, "poll", decided_poll)
    app = launch.build_app(demo=True, seed=5, size=(1280, 720), settings=None)
    app.ctx.change_settings(animation_speed="instant", bot_speed="instant")
    app.clock = fake  # type: ignore[assignment]  # a clock of simulated seconds
    shown: dict[int, float] = {}
    lasted: list[float] = []
    real_apply = app.apply

    def watch(transition):
        before = app.stack[-1] if app.stack else None
        real_apply(transition)
        now = app.stack[-1] if app.stack else None
        if isinstance(now, RoundEndScene) and id(now) not in shown:
            shown[id(now)] = fake.now
        if isinstance(before, RoundEndScene) and now is not before and id(before) in shown:
            lasted.append(fake.now - shown[id(before)])
            if len(lasted) >= 2:
                app.running = False
        if fake.now > 600:
            app.running = False
    monkeypatch.setattr(app, "apply", watch)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    app.ctx.change_settings(animation_speed="normal")  # the panel waits its real 3 s
    app.loop()
    assert len(lasted) >= 2, f"only {len(lasted)} round ends passed in {fake.now:.0f} simulated s"
    assert all(2.9 <= s <= 3.6 for s in lasted), lasted


def test_round_end_timer_survives_frames_and_reports_its_deadline() -> None:
    app = make_app()
    app.ctx.demo = True
    game = setup(["random", "random"], seed=3)
    match = game.start()
    match.play_bots_to_end()
    result = next(e.result for e in match.events if hasattr(e, "result"))
    app.ctx.change_settings(animation_speed="normal")
    panel = RoundEndScene(app.ctx, result, match.names, match.rules)
    app.apply(Push(panel))
    assert panel.wake_in_s == pytest.approx(3.0)
    for _ in range(5):  # the panel's entrance is drawn frame by frame ...
        app.frame([], 0.1)
    assert not app.busy and panel.wake_in_s == pytest.approx(2.5)
    assert app.catch_up(2.0) is False and panel in app.stack  # ... then the idle loop's sleeps count
    assert app.catch_up(0.6) and panel not in app.stack


@pytest.mark.parametrize("desktop", [(1024, 600), (1366, 768), (1920, 1080), (800, 480)])
def test_the_window_fits_the_screen(desktop) -> None:
    w, h = fit_window((1280, 720), desktop)
    room = usable_area(desktop)
    assert w <= room[0] <= desktop[0] and h <= room[1] <= desktop[1]
    assert (w, h) == (min(1280, room[0]), min(720, room[1]))
    assert fit_window((3000, 2000), desktop)[0] <= desktop[0]


def test_the_app_opens_at_the_remembered_size_fitted_and_remembers_it(monkeypatch) -> None:
    from thirtyone.storage.settings import Settings
    monkeypatch.setattr(app_module, "desktop_size", lambda: (1024, 600))
    app = App(Settings(window_size=(1600, 900)), None)
    w, h = app.screen.get_size()
    assert w <= 1024 and h <= 600 - 60
    app.remember_window()
    assert app.settings.window_size == (w, h)


def play_out(seats: list[Seat], seed: int) -> Match:
    rules = PRESETS["classic"].rules.replace(lives=2, honor_life=False)
    match = Match.new(rules, seats, seed=seed)
    match.play_bots_to_end()
    return match


def lost_match(stop_when_out: bool = False) -> Match:
    """A game in which the human (seat 0) went out: finished, or (``stop_when_out``) just after."""
    for seed in range(1, 60):
        bots_only = play_out([Seat("You", "bot:random"), Seat("Ada", "bot:sharp"), Seat("Ben", "bot:sharp")], seed)
        if bots_only.winner == 0:
            continue
        record = dataclasses.replace(bots_only.record, seats=(Seat("You", "human"),) + bots_only.record.seats[1:])
        if stop_when_out:
            out_at = next(i for i, (_b, _a, _after, events) in enumerate(record.replay())
                          if any(isinstance(e, Eliminated) and e.seat == 0 for e in events))
            if out_at + 1 == len(record.actions) or bots_only.events[-1] is None:
                continue
            record = dataclasses.replace(record, actions=record.actions[:out_at + 1])
            match = Match.from_record(record)
            if match.is_over:
                continue
            return match
        return Match.from_record(record)
    raise AssertionError("no seed where the random seat lost")


def test_game_over_tells_a_losing_player_their_place_and_how_it_went() -> None:
    app = make_app()
    match = lost_match()
    assert match.human_seats() == (0,) and match.is_over and match.winner != 0
    scene = GameOverScene(app.ctx, setup(["human", "sharp", "sharp"]), match)
    big, small = scene.headline()
    place = scene.order.index(0) + 1
    assert big == f"You finished {'2nd' if place == 2 else '3rd'} of 3"
    assert "out in round" in small and match.names[match.winner] in small and "won with" in small
    history = lives_per_round(match)
    assert history[0][0] == 2 and history[0][-1] == 0 and history[match.winner][-1] > 0
    rounds = max(len(line) for line in history) - 1
    assert rounds == sum(1 for e in match.events if type(e).__name__ == "RoundStarted")
    app.apply(Push(scene))
    app.frame([], 0.01)
    app.frame([key(pygame.K_RETURN)], 0.01)  # Enter still held from the last discard: ignored
    assert top_name(app) == "game_over"
    for _ in range(6):
        app.frame([], 0.1)
    app.frame([key(pygame.K_RETURN)], 0.01)  # Play again
    assert top_name(app) == "table"


def test_when_the_human_is_out_round_ends_continue_by_themselves_and_skip_reaches_the_result() -> None:
    from thirtyone.ui.table.scene import TableScene
    from thirtyone.session import LocalSession
    app = make_app()
    match = lost_match(stop_when_out=True)
    table = TableScene(app.ctx, setup(["human", "sharp", "sharp"]), LocalSession(match))
    app.apply(Push(table))
    assert table.human_is_out and not match.is_over
    assert run_until(app, lambda: top_name(app) in ("round_end", "game_over"), 4000)
    if top_name(app) == "game_over":
        pytest.skip("the game ended in the round the human went out")
    panel = top(app)
    assert panel.watching and [b.label for b in panel.buttons] == ["Skip to result", "New game", "Next round"]
    assert panel.wake_in_s == pytest.approx(4.0)
    rounds_before = sum(1 for e in match.events if type(e).__name__ == "RoundEnded")
    assert run_until(app, lambda: top_name(app) != "round_end", 200, dt=0.1)  # about 4 s: it went on alone
    assert run_until(app, lambda: top_name(app) in ("round_end", "game_over"), 4000)
    if top_name(app) == "round_end":
        assert sum(1 for e in match.events if type(e).__name__ == "RoundEnded") > rounds_before
        app.frame([key(pygame.K_s)], 0.01)  # Skip to result
    assert run_until(app, lambda: top_name(app) == "game_over", 2000)
    assert match.is_over and "You finished" in top(app).headline()[0]


def test_keyboard_only_new_game_picks_a_preset_changes_a_rule_and_starts(tmp_path: Path) -> None:
    app, _bridge, _paths = fresh_title(tmp_path)
    app.frame([key(pygame.K_n)], 0.01)
    scene = top(app)
    order = scene.focusables()
    tabs = (order.index(scene.preset) - scene.focus) % len(order)
    app.frame([key(pygame.K_TAB)] * tabs, 0.01)
    assert scene.preset.focused
    while scene.preset.value != "london":
        app.frame([key(pygame.K_RIGHT)], 0.01)
    assert not scene.modified and "(modified)" not in scene.preset.label
    app.frame([key(pygame.K_TAB)], 0.01)  # the first house rule: lives
    assert scene.options[0].focused
    app.frame([key(pygame.K_RIGHT)], 0.01)
    assert scene.modified and scene.preset.label.endswith("(modified)")
    # Back to the first name: type a new one over the old (select all on focus).
    for _tab in order:  # Tab passes the Old West options by: they are off with Old West off
        if scene.fields[0].focused:
            break
        app.frame([key(pygame.K_TAB)], 0.01)
    assert scene.fields[0].focused and scene.fields[0].all_selected
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Maria"] + [key(pygame.K_RETURN)], 0.01)
    assert scene.fields[0].text == "Maria" and not scene.fields[0].focused
    app.frame([key(pygame.K_RETURN)], 0.01)  # a second Enter starts
    table = top(app)
    assert table.name == "table" and table.setup.preset == "london"
    assert table.session.match.rules.lives == PRESETS["london"].rules.lives + 1
    assert table.session.match.names[0] == "Maria"


def test_name_fields_hold_to_the_limit_refuse_undrawable_letters_and_select_all() -> None:
    app = make_app()
    scene = NewGameScene(app.ctx, setup(["human", "casual"]))
    app.apply(Push(scene))
    field = scene.fields[0]
    field.focus()
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="A" * 20)], 0.01)
    assert field.text == "A" * MAX_NAME_LENGTH
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0),
               pygame.event.Event(pygame.TEXTINPUT, text="Li你")], 0.01)
    assert field.text == "Li" and "font" in field.refusal
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="שלום")], 0.01)
    assert field.text == "Li" and "right-to-left" in field.refusal
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="é")], 0.01)
    assert field.text == "Lié" and field.refusal == ""


def test_pass_and_play_has_no_you() -> None:
    app = make_app()
    scene = NewGameScene(app.ctx, setup(["human", "casual", "casual"]))
    assert scene.fields[0].text == "You"
    scene.types[1].set_value("human")
    assert scene.types[1].on_change is not None
    scene.types[1].on_change("human")
    assert scene.fields[0].text == "Player 1"
    match = setup(["human", "human", "casual"]).start()
    assert "You" not in match.names


@pytest.mark.parametrize("size", [(960, 50), (960, 60), (300, 40), (100, 100), (480, 300), (960, 600)])
def test_every_window_size_draws_something_sensible(size) -> None:
    """A tiling window manager may ignore the size hint: tiny windows ask for room, small ones lay out."""
    from thirtyone.ui.screens.how_to_play import HowToPlayScene
    from thirtyone.ui.screens.notice import NoticeScene
    app = make_app(size)
    match = lost_match()
    result = next(e.result for e in match.events if hasattr(e, "result"))
    scenes = [TitleScene(app.ctx), NewGameScene(app.ctx, setup(["human", "casual"])), HowToPlayScene(app.ctx),
              NoticeScene(app.ctx, "A long notice " * 20),
              GameOverScene(app.ctx, setup(["human", "sharp", "sharp"]), match),
              RoundEndScene(app.ctx, result, match.names, match.rules, watching=True)]
    for scene in scenes:
        app.stack = [scene] if not scene.overlay else [TitleScene(app.ctx), scene]
        surface = pygame.Surface(size)
        surface.fill((1, 2, 3))
        app.draw(surface)
        assert tuple(surface.get_at((size[0] // 2, size[1] // 2)))[:3] != (1, 2, 3)
        if size[0] >= 480 and size[1] >= 300:  # a real layout: the scene itself drew, without the plea
            scene.draw(pygame.Surface(size))


def test_names_from_a_saved_game_are_held_to_the_limit(tmp_path: Path) -> None:
    from thirtyone.storage import save_game
    paths = StoragePaths.portable(tmp_path)
    long_name = "Bartholomew-Maximilian the Third"
    match = Match.new(PRESETS["classic"].rules, [Seat(long_name, "human"), Seat("Ada", "bot:casual")], seed=2)
    save_game(paths, match.record)
    bridge = StorageBridge(paths, load_settings(paths)[0])
    assert bridge.saved is not None
    names = [seat.name for seat in bridge.saved.seats]
    assert names == [long_name[:MAX_NAME_LENGTH].strip(), "Ada"] and len(names[0]) <= MAX_NAME_LENGTH


def test_pass_and_play_bots_play_in_front_of_the_humans() -> None:
    """Bot turns play on the open table; the hand-off screen comes right before each human turn."""
    from tests.ui_support import frames, step_game
    app = make_app()
    table = open_table(app, setup(["human", "casual", "human"], seed=5))
    assert "You" not in table.session.match.names
    bot_turns_seen_on_table = handoffs = 0
    for frame in frames(300):
        if frame >= 300 and handoffs >= 2 and bot_turns_seen_on_table >= 2:
            break
        top, seat = top_name(app), table.session.match.current_seat
        if top == "handoff":
            handoffs += 1
            assert not table.session.match.is_bot(seat)  # the hand-off is for the human about to play
        if top == "table" and seat >= 0 and table.session.match.is_bot(seat):
            bot_turns_seen_on_table += 1
            assert table.view.face_seat == -1  # nobody's cards are face up while the bot plays
        step_game(app)
    assert handoffs >= 2 and bot_turns_seen_on_table >= 2


def test_difficulty_changed_in_settings_relevels_the_remembered_bots_but_not_hand_picked_ones() -> None:
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.game_setup import GameSetup
    normal = Settings()
    hard = normal.replace(difficulty="hard")
    assert [s.player for s in GameSetup.from_settings(hard).seats] == ["human", "sharp", "expert", "sharp"]
    picked = hard.replace(default_seats=(Seat("You", "human"), Seat("Ada", "bot:beginner"), Seat("Ben", "bot:expert")))
    assert [s.player for s in GameSetup.from_settings(picked).seats] == ["human", "beginner", "expert"]


def new_game_drawn(size=(1280, 720), players=("human", "casual", "sharp", "casual")):
    app = make_app(size)
    scene = NewGameScene(app.ctx, setup(list(players)))
    app.apply(Push(scene))
    app.frame([], 0.01)  # drawn: every control has its box
    return app, scene


def test_a_seat_level_changed_by_click_is_the_one_its_hint_describes(monkeypatch) -> None:
    from tests.ui_support import click, drawn_texts
    from thirtyone.ui.game_setup import level_personality
    from thirtyone.ui.screens import new_game_draw
    app, scene = new_game_drawn()
    kind = scene.types[1]
    before = kind.value
    app.frame(click((kind.box.right - 5, kind.box.center[1])), 0.01)  # the next level
    assert kind.value != before
    assert scene.seat_hint == level_personality(kind.value)
    texts = drawn_texts(monkeypatch, new_game_draw)
    app.frame([], 0.01)
    shown = " ".join(texts)
    assert level_personality(kind.value).split(":")[0] in shown
    assert level_personality(before).split(":")[0] + ":" not in shown


def test_the_bots_difficulty_says_mixed_once_a_seat_is_picked_by_hand_and_a_difficulty_relevels_them() -> None:
    from tests.ui_support import click
    app, scene = new_game_drawn()
    assert scene.difficulty.value == "normal" and scene.difficulty.label == "Normal"
    kind = scene.types[1]
    app.frame(click((kind.box.right - 5, kind.box.center[1])), 0.01)
    assert scene.difficulty.label == "Mixed"
    box = scene.difficulty.box
    app.frame(click((box.right - 5, box.center[1])), 0.01)  # from Mixed to the first difficulty
    low, high = DIFFICULTIES[scene.difficulty.value]
    assert scene.difficulty.label != "Mixed"
    assert [t.value for t in scene.types[1:]] == [low, high, low]


def test_old_west_options_look_and_act_off_while_old_west_is_off() -> None:
    from tests.ui_support import click
    from thirtyone.model.options import RULE_OPTIONS
    app, scene = new_game_drawn((1920, 1080))  # every rule in view
    fields = [opt.field for opt in RULE_OPTIONS]
    misfire = scene.options[fields.index("misfire_start")]
    old_west = scene.options[fields.index("old_west")]
    assert scene.values["old_west"] is False and not getattr(misfire, "enabled", True) and old_west.enabled
    before = misfire.value
    app.frame(click((misfire.box.right - 5, misfire.box.center[1])), 0.01)
    assert misfire.value == before and scene.values["misfire_start"] == before  # a click changes nothing
    pixel = app.screen.get_at((round(misfire.box.right - 12), round(misfire.box.center[1])))
    enabled_pixel = app.screen.get_at((round(old_west.box.right - 12), round(old_west.box.center[1])))
    assert pixel != enabled_pixel  # no bright › arrow on the one that is off
    for _tab in scene.focusables():  # the keyboard focus never lands on it
        app.frame([key(pygame.K_TAB)], 0.01)
        assert scene.focusables()[scene.focus] is not misfire
    app.frame(click((old_west.box.right - 5, old_west.box.center[1])), 0.01)  # Old West on
    app.frame([], 0.01)
    assert scene.values["old_west"] is True and misfire.enabled
    app.frame(click((misfire.box.right - 5, misfire.box.center[1])), 0.01)
    assert scene.values["misfire_start"] != before


def test_house_rules_that_do_not_fit_scroll_to_the_focus_and_with_the_wheel() -> None:
    app, scene = new_game_drawn((1024, 600), players=("human", "casual"))
    scene.values.update(old_west=True, quick_draw=True)
    scene.validate()
    app.frame([], 0.01)
    grid = scene.option_grid
    assert grid.visible < grid.per_column  # 1024×600 cannot show every rule whole at once
    last = scene.options[-1]
    assert last.box.w == 0  # out of view: not drawn, not clickable
    while scene.focusables()[scene.focus] is not last:
        app.frame([key(pygame.K_TAB)], 0.01)
        focused = scene.focusables()[scene.focus]
        if focused in scene.options:  # every rule the focus reaches is drawn where it can be seen
            assert focused.box.h > 0 and 0 <= focused.box.y and focused.box.bottom <= 600, scene.options.index(focused)
    assert scene.option_first > 0
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=30, flipped=False)], 0.01)  # back to the top
    app.frame([], 0.01)
    assert scene.option_first == 0 and scene.options[0].box.h > 0 and last.box.w == 0


def test_new_game_follows_the_interface_size_and_its_players_scroll_when_too_many(monkeypatch) -> None:
    from tests.ui_support import drawn_texts
    from thirtyone.ui.screens import new_game_draw
    heights = {}
    for scale in (1.0, 1.5):
        app = make_app((1280, 720), ui_scale=scale)
        scene = NewGameScene(app.ctx, setup(["human", "casual"], preset="london"))
        app.apply(Push(scene))
        app.frame([], 0.01)
        heights[scale] = scene.start.box.h
    assert heights[1.5] >= heights[1.0] * 1.4
    scene.types[1].set_value("human")
    for _more in range(10):
        scene._add_player()
    app.frame([], 0.01)
    visible, count = scene.seat_rows
    assert count == 12 and visible < count
    assert scene.fields[-1].box.h > 0  # the row just added is in view
    texts = drawn_texts(monkeypatch, new_game_draw)
    while scene.focusables()[scene.focus] is not scene.fields[0]:  # every row the focus reaches is in view
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                      scancode=0)], 0.01)
        focused = scene.focusables()[scene.focus]
        if focused in scene.types:
            assert focused.box.h > 0 and focused.box.bottom <= 720
    assert scene.seat_first == 0 and scene.fields[-1].box.h == 0
    assert not [text for text in texts if text.endswith("…")]


def test_new_game_is_drawn_from_its_view_alone() -> None:
    """The drawing reads a frozen view the scene built and answers what scrolled where; the same view draws
    the same frame without the scene, and far scrolls come back kept in range while the scene is untouched."""
    from thirtyone.ui.screens.new_game_draw import draw_new_game
    app, scene = new_game_drawn((1024, 600), players=("human", "casual"))
    view = scene.view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat_first = 3
    assert view.focused is scene.start and len(view.fields) == 2 and view.most_seats >= 2
    alone = pygame.Surface((1024, 600))
    layout = draw_new_game(view, alone, app.ctx.theme, app.ctx.assets)
    assert (layout.option_grid, layout.seat_rows, layout.left_box) == (scene.option_grid, scene.seat_rows, scene.left_box)
    assert pygame.image.tobytes(alone, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    far = draw_new_game(dataclasses.replace(view, option_first=10_000, seat_first=10_000), alone, app.ctx.theme,
                        app.ctx.assets)
    grid = far.option_grid
    assert far.option_first == grid.per_column - grid.visible > 0 and far.seat_first == 0
    assert scene.option_first == 0 and scene.seat_first == 0  # the scene is told, never written to


def test_a_game_setup_says_why_it_cannot_start_as_new_game_shows_it() -> None:
    from thirtyone.ui.game_setup import WINDOW_SEATS, GameSetup, SeatChoice
    ok = setup(["human", "casual", "sharp"])
    assert ok.problem() == ""
    twins = GameSetup([SeatChoice("Ada", "human"), SeatChoice("Ada", "casual")], "classic", ok.rules)
    assert "different names" in twins.problem()  # the engine says it first
    crowd = GameSetup([SeatChoice(f"P{i}", "casual") for i in range(WINDOW_SEATS + 1)], "classic", ok.rules)
    assert crowd.problem() == f"the window seats at most {WINDOW_SEATS} players, not {WINDOW_SEATS + 1}"
    app, scene = new_game_drawn(players=("human", "casual"))
    scene.fields[1].text = scene.fields[0].text
    assert not scene.validate() and scene.error == twins.problem() and not scene.start.enabled


def test_the_window_remembers_its_place_only_when_windowed(monkeypatch) -> None:
    from thirtyone.ui import window
    monkeypatch.setattr(window, "window_position", lambda: (40, 30))
    assert window.remembered_window((1300, 700), False) == {"window_size": (1300, 700), "window_position": (40, 30)}
    assert window.remembered_window((99999, 5), True) == {"window_size": (16384, window.SMALLEST[1])}
