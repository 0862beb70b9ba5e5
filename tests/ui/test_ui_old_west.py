"""Old West in the window: the gun key and button, aiming, the duel and misfire animations,
misfire chances on every seat, and Quick Draw's answer window (headless)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import click, frames, key, make_app, run_until, top

from thirtyone.controller import Match
from thirtyone.model import PRESETS, Fire, QuickDraw
from thirtyone.model.presets import QUICK_DRAW
from thirtyone.model.record import Seat
from thirtyone.ui.oldwest import gun_draw
from thirtyone.ui.game_setup import GameSetup
from thirtyone.ui.scene import Push
from thirtyone.ui.table.scene import TableScene
from thirtyone.session import LocalSession


class Holster:
    """A test bot that plays cards and never touches its gun (so the human's shots are the only ones)."""

    def choose(self, observation, rng):
        return next(a for a in observation.legal_actions if not isinstance(a, (Fire, QuickDraw)))


def old_west(**changes):
    return PRESETS["old-west-seed"].rules.replace(**{"misfire_start": 0.0, "misfire_step": 0.0, **changes})


QUICK_SEED = PRESETS["old-west-seed"].rules.replace(**QUICK_DRAW)
"""Quick Draw with the guns out from the first turn (the mechanics under test, not the holster)."""


def open_game(app, rules, players=("human", "bot", "bot", "bot"), seed=4):
    names = ["You", "Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"]
    seats = [Seat(names[i], "human" if p == "human" else "bot:random") for i, p in enumerate(players)]
    bots = {i: Holster() for i, p in enumerate(players) if p != "human"}
    match = Match.new(rules, seats, seed=seed, bots=bots)
    table = TableScene(app.ctx, GameSetup.from_match(match), LocalSession(match))
    app.apply(Push(table))
    return table


def my_turn(app, table):
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)


def settle(app, table, dt=0.05):
    assert run_until(app, lambda: not table.choreo.busy, 2000, dt=dt)


def test_fire_by_key_takes_the_target_out_and_its_seat_goes_dark():
    app = make_app()
    table = open_game(app, old_west())
    my_turn(app, table)
    ben = 2
    hidden = set(table.session.match._state.hands[ben]) - set(table.session.match.observation(0).known[ben])
    probe: set[str] = set()
    app.ctx.assets.face_probe = probe
    app.frame([key(pygame.K_g)], 0.016)
    assert table.gun.aiming and table.gun.targets == [1, 2, 3]
    app.frame([], 0.016)
    app.frame([key(pygame.K_2)], 0.016)  # the second seat clockwise from you: Ben
    assert not table.gun.aiming
    assert str(table.session.match.record.actions[-1]) == "fire 2"
    settle(app, table)
    seat = table.view.seats[ben]
    assert seat.out and seat.shot and seat.dim == pytest.approx(1.0)
    assert table.view.hands[ben] == [] and not table.view.seats[0].bullet
    assert {"draw_gun", "gunshot", "eliminated"} <= set(app.ctx.sound.played)
    assert any(line.startswith("You fire at Ben") for line in table.log_lines)
    assert "Bang! The shot hits Ben." in table.log_lines
    # The shot seat's cards went under the stock face down: none of them was ever drawn face up.
    assert not {card.code for card in hidden} & probe


def test_fire_by_button_and_click_on_a_seat():
    app = make_app()
    table = open_game(app, old_west())
    my_turn(app, table)
    app.frame([], 0.016)
    layout = table.view.layout
    app.frame(click(layout.buttons["gun"].center), 0.016)
    assert table.gun.aiming
    app.frame(click(layout.seat_geo[3].plate.center), 0.016)
    assert str(table.session.match.record.actions[-1]) == "fire 3"
    settle(app, table)
    assert table.view.seats[3].out and table.view.seats[3].shot


def test_escape_holsters_and_an_illegal_shot_says_why():
    app = make_app()
    table = open_game(app, old_west())
    my_turn(app, table)
    count = table.session.match.action_count
    app.frame([key(pygame.K_g)], 0.016)
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert not table.gun.aiming and top(app) is table and table.session.match.action_count == count
    app.frame([key(pygame.K_d)], 0.016)  # drew: the gun comes out only at the start of a turn
    my_turn(app, table)
    app.frame([key(pygame.K_g)], 0.016)
    assert not table.gun.aiming and "start of your turn" in table.message


def test_hit_shows_flash_and_smoke_then_the_seat_darkens():
    app = make_app(fast=False, animation_speed="normal", bot_speed="instant")
    table = open_game(app, old_west())
    my_turn(app, table)
    app.frame([key(pygame.K_g)], 0.016)
    app.frame([key(pygame.K_1)], 0.016)
    seen = {"flash": False, "smoke": False, "tracer": False}
    for _ in range(200):
        app.frame([], 0.02)
        fx = table.view.fx
        seen["flash"] |= any(g.flash > 0.5 for g in fx.guns)
        seen["smoke"] |= bool(fx.puffs)
        seen["tracer"] |= bool(fx.tracers)
        if not table.choreo.busy:
            break
    assert all(seen.values()), seen
    assert table.view.seats[1].dim == pytest.approx(1.0) and not table.view.fx.busy


def test_misfire_clicks_and_puffs_and_nobody_falls():
    app = make_app(fast=False, animation_speed="normal", bot_speed="instant")
    table = open_game(app, old_west(misfire_start=1.0, misfire_cap=1.0))
    my_turn(app, table)
    app.frame([key(pygame.K_g)], 0.016)
    app.frame([key(pygame.K_3)], 0.016)
    flash = puff = click_popup = False
    for _ in range(200):
        app.frame([], 0.02)
        flash |= any(g.flash > 0 for g in table.view.fx.guns)
        puff |= bool(table.view.fx.puffs)
        click_popup |= any(p.text == "Click!" for p in table.view.popups)
        if not table.choreo.busy:
            break
    assert puff and click_popup and not flash
    assert "misfire" in app.ctx.sound.played and "gunshot" not in app.ctx.sound.played
    assert not table.view.seats[3].out and not table.view.seats[0].bullet
    assert any("Your derringer misfires" in line for line in table.log_lines)


@pytest.mark.parametrize("players,size", [(4, (1280, 720)), (8, (960, 600))])
def test_each_seat_shows_its_gun_and_misfire_chance(monkeypatch, players, size):
    app = make_app(size)
    table = open_game(app, old_west(misfire_start=0.1, misfire_cap=0.75), ("human",) + ("bot",) * (players - 1))
    my_turn(app, table)
    drawn: list[tuple[str, tuple[float, float]]] = []
    from thirtyone.ui.widgets import blit_text as real
    monkeypatch.setattr(gun_draw, "blit_text",
                        lambda surface, assets, text, size, colour, pos, *a, **k: drawn.append((text, pos))
                        or real(surface, assets, text, size, colour, pos, *a, **k))
    app.frame([], 0.016)
    layout = table.view.layout
    for seat in range(players):
        box = layout.seat_geo[seat].gun
        texts = [text for text, (x, y) in drawn if box.contains(x, y)]
        assert texts and texts[0].startswith("10%"), (seat, texts)
        assert box.inside(layout.seat_geo[seat].box.inflate(2, 2)) or seat == table.view.viewer
        for other in range(players):
            if other != seat:
                assert not box.overlaps(layout.seat_geo[other].box)


def test_quick_draw_answer_window_takes_your_answer_into_one_quickdraw():
    app = make_app()
    table = open_game(app, QUICK_SEED)
    my_turn(app, table)
    before = table.session.match.action_count
    table.quick.open(2, 0)  # Ben draws on you (as a bot's pending draw would)
    assert table.quick.standoff.answerers == (0,)
    app.frame([], 0.1)
    assert table.session.match.action_count == before  # the window is open: nothing submitted yet
    assert table.gun.button.enabled and table.gun.button.label == "Fire back!"
    app.frame([key(pygame.K_g)], 0.1)
    assert table.quick.standoff is None  # every human answered: the window closed early
    action = table.session.match.record.actions[-1]
    assert isinstance(action, QuickDraw) and (action.shooter, action.target) == (2, 0)
    assert [seat for seat, _ in action.answers] == [0] and 0 < action.answers[0][1] <= 300
    settle(app, table)
    assert "Ben draws on you!" in table.log_lines


def test_quick_draw_by_key_and_another_human_answers_by_number():
    app = make_app()
    table = open_game(app, QUICK_SEED, ("human", "bot", "human", "bot"))
    for _ in frames(400):
        if top(app) is not table:
            app.frame([key(pygame.K_RETURN)], 0.05)  # the hand-off screen
        elif table.gun.ready()[0] >= 0:
            break
        else:
            app.frame([], 0.05)
    shooter = table.view.face_seat
    other = 2 - shooter
    app.frame([key(pygame.K_g)], 0.016)
    assert table.gun.aiming
    target = next(s for s in table.gun.targets if s != other)
    app.frame([key(pygame.K_1 + table.gun.number(target) - 1)], 0.016)
    standoff = table.quick.standoff
    assert standoff is not None and standoff.answerers == (other,)
    assert table.quick.answer_keys() == {other: str(table.gun.number(other))}
    app.frame([], 0.2)
    app.frame([key(pygame.K_1 + table.gun.number(other) - 1)], 0.016)
    action = table.session.match.record.actions[-1]
    assert isinstance(action, QuickDraw) and action.shooter == shooter and action.target == target
    assert [seat for seat, _ in action.answers] == [other]


def test_a_closed_window_without_answers_submits_the_draw_alone():
    app = make_app()
    table = open_game(app, QUICK_SEED)
    my_turn(app, table)
    table.quick.open(1, 3)
    for _ in range(20):
        app.frame([], 0.05)
    action = table.session.match.record.actions[-1]
    assert isinstance(action, QuickDraw) and (action.shooter, action.target, action.answers) == (1, 3, ())


def test_an_answer_is_timed_from_the_flip_that_showed_the_cue():
    """Issue 17: the window measures the human's reaction from the cue as displayed, not from the draw."""
    app = make_app()
    table = open_game(app, QUICK_SEED)
    my_turn(app, table)
    app.ctx.flipped_s, app.ctx.input_s = 50.0, 50.0  # a real window: the app stamps both every frame
    table.quick.open(2, 0)  # Ben draws on you
    standoff = table.quick.standoff
    table.quick.update(0.5)  # time passes before any frame has shown the cue
    assert standoff.elapsed_s == 0.0 and table.quick.standoff is standoff
    app.draw(app.screen)  # the frame with the cue is drawn …
    assert standoff.cue_drawn
    app.ctx.flipped_s = 51.0  # … and flipped onto the screen at 51.0 s
    app.ctx.input_s = 51.3  # the key came 300 ms after the cue was visible
    app.frame([key(pygame.K_g)], 0.016)
    action = table.session.match.record.actions[-1]
    assert isinstance(action, QuickDraw) and action.answers == ((0, 300),)


def test_nobody_draws_while_cards_are_moving():
    app = make_app()
    table = open_game(app, QUICK_SEED)
    my_turn(app, table)
    assert table.quick.drawer() == 0
    table.choreo.wait_s = 1.0  # an animation is running
    assert table.choreo.busy and table.quick.drawer() == -1
    assert "cards are moving" in table.quick.why_not()


def test_new_game_screen_refuses_old_west_for_two_and_says_why():
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from thirtyone.ui.screens.new_game import NewGameScene
    app = make_app()
    setup = GameSetup([SeatChoice("You", "human"), SeatChoice("Ada", "sharp")], "old-west",
                      PRESETS["old-west"].rules)
    scene = NewGameScene(app.ctx, setup)
    app.apply(Push(scene))
    app.frame([], 0.016)
    assert not scene.validate()
    assert "Old West needs at least 3 players" in scene.error and "first hit" in scene.error
    assert not scene.start.enabled


def test_g_pressed_on_your_turn_while_cards_still_move_opens_the_aim_once_they_settle():
    app = make_app(fast=False, bot_speed="instant")  # animations at their real length
    table = open_game(app, old_west(), seed=7)
    caught = run_until(app, lambda: table.session.match.current_seat == 0 and table.choreo.busy
                       and table.session.match.action_count > 1, 2000, dt=0.004)
    assert caught, "never saw your turn begin while a card was still moving"
    app.frame([key(pygame.K_g)], 0.0)  # the cards have not moved on in this frame
    assert table.choreo.busy and not table.gun.aiming and "turn" not in table.message  # no "Wait: it is You's turn"
    settle(app, table)
    app.frame([], 0.016)
    assert table.gun.aiming and table.gun.targets == [1, 2, 3]


def test_a_shot_players_seat_loses_its_draw_button():
    """Issue 30: the dead seat kept its "Draw (G)" button."""
    from thirtyone.ui.table.frame import frame_items

    def buttons_painted():
        return [item.key[1] for item in frame_items(table.frame()) if isinstance(item.key, tuple) and item.key[0] == "button"]

    app = make_app()
    table = open_game(app, QUICK_SEED)
    my_turn(app, table)
    assert "Draw gun" in buttons_painted()  # in the game with a bullet: the button is there
    table.quick.open(2, 0)  # Ben draws on you and you do not answer: his gun (0% misfire) hits
    for _ in range(20):
        app.frame([], 0.05)
    settle(app, table)
    app.frame([], 0.05)
    assert table.session.match.state.tokens[0] == 0 and table.view.seats[0].out
    assert "Draw gun" not in buttons_painted() and "Fire back!" not in buttons_painted()


def test_the_quick_draw_turn_prompt_names_the_draw_key():
    """Issue 30: on your turn in Quick Draw the prompt said nothing of the gun or its key."""
    app = make_app()
    table = open_game(app, QUICK_SEED)
    my_turn(app, table)
    assert table.gun.ready()[0] == 0
    hint = table.offers.hint()
    assert hint.startswith("Your turn:") and "draw your derringer (G)" in hint
    # The gun's button is not the card move "Draw" (from the stock, D) the same prompt offers.
    assert table.gun.button.label == "Draw gun" and table.gun.button.hint == "G"


class Heard(LocalSession):
    """A local session that notes when the table passes it an answer and when it settles the draw."""

    def __init__(self, match):
        super().__init__(match)
        self.calls = []

    def fire_back(self, seat):
        self.calls.append(("fire_back", seat, self.match.action_count))

    def quick_draw(self, shooter, target, answers):
        self.calls.append(("quick_draw", shooter, self.match.action_count))
        return super().quick_draw(shooter, target, answers)


def test_an_answer_goes_to_the_session_the_moment_it_is_given_before_the_window_closes():
    """A network host closes its window by its own clock: the table must not hold the answer back."""
    app = make_app()
    seats = [Seat(n, k) for n, k in (("You", "human"), ("Ada", "bot:random"), ("Ben", "bot:random"), ("Cleo", "human"))]
    match = Match.new(QUICK_SEED, seats, seed=4, bots={1: Holster(), 2: Holster()})
    session = Heard(match)
    table = TableScene(app.ctx, GameSetup.from_match(match), session)
    app.apply(Push(table))
    for _ in frames(400):
        if top(app) is not table:
            app.frame([key(pygame.K_RETURN)], 0.05)  # the hand-off screen
        elif table.input.obs is not None and not table.choreo.busy and table.view.face_seat == 0:
            break
        else:
            app.frame([], 0.05)
    before = match.action_count
    table.quick.open(2, 0)  # Ben draws; you and Cleo may answer
    assert set(table.quick.standoff.answerers) == {0, 3}
    app.frame([], 0.1)
    app.frame([key(pygame.K_g)], 0.016)
    assert table.quick.standoff is not None  # Cleo has not answered: the window stays open
    assert session.calls == [("fire_back", 0, before)]  # yet the session has the answer already
    for _ in range(20):
        app.frame([], 0.05)
    assert table.quick.standoff is None
    assert session.calls[-1] == ("quick_draw", 2, before)
