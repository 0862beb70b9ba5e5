"""The table scene drives a session: one trip per action, and a whole round through a scripted session."""

from __future__ import annotations

import time

import pygame

import thirtyone.controller as controller
from tests.session_support import ScriptedSession
from tests.ui_support import click, human_keys, key, make_app, open_table, run_until, setup, top, top_name
from thirtyone.model import Discard, DrawStock, Knock, Phase, PRESETS
from thirtyone.model.events import RoundEnded
from thirtyone.session import GameHooks, LocalSession, Played, Refused, TakenBack
from thirtyone.controller import Match
from thirtyone.model.record import Seat
from thirtyone.ui.scene import Push
from thirtyone.ui.table.scene import TableScene
from thirtyone.ui.game_setup import GameSetup


def test_a_click_on_the_stock_enters_the_model_once(monkeypatch) -> None:
    """The click's action is applied once and the viewer's observation comes back with it: the frames
    that animate it and open the discard ask the game nothing more."""
    app = make_app(bot_speed="instant")
    table = open_table(app, setup(["human", "casual", "casual"], seed=5))
    assert run_until(app, lambda: table.input.obs is not None and DrawStock() in table.input.obs.legal_actions
                     and not table.choreo.busy, 2000)
    trips = {"apply": 0, "observe": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            trips[name] += 1
            return real(*args, **kwargs)
        return call
    monkeypatch.setattr(controller, "apply", counted("apply", vars(controller)["apply"]))
    monkeypatch.setattr(controller, "observe", counted("observe", vars(controller)["observe"]))
    for event in click(table.view.layout.stock.center):
        app.frame([event], 0.016)
    assert run_until(app, lambda: table.input.obs is not None and table.input.obs.phase is Phase.DISCARD
                     and not table.choreo.busy, 400)
    for _ in range(5):  # the player thinks: nothing moves, nothing is asked
        app.frame([], 0.05)
    assert trips == {"apply": 1, "observe": 1}
    assert len(table.input.obs.hand) == 4 and table.session.match.action_count >= 2


def test_a_whole_round_plays_through_the_table_on_a_scripted_session() -> None:
    """No ``Match`` anywhere: the table deals, animates the script's moves, takes the player's clicks
    and keys, and shows the round's end, asking the session for an observation only at the start."""
    rules = PRESETS["classic"].rules
    session = ScriptedSession(rules, ("You", "Ada", "Ben"), seed=11)
    app = make_app(bot_speed="instant")
    table = TableScene(app.ctx, setup(["human", "random", "random"]), session)
    app.apply(Push(table))
    my_moves: list[str] = []

    def play(app) -> None:
        obs = table.input.obs
        if app.stack[-1] is not table or obs is None or table.choreo.busy:
            app.frame([], 0.05)
        elif Knock() in obs.legal_actions and obs.phase is not Phase.DISCARD and my_moves:
            my_moves.append("knock")
            app.frame([key(pygame.K_k)], 0.05)
        elif DrawStock() in obs.legal_actions:
            my_moves.append("click stock")
            for event in click(table.view.layout.stock.center):
                app.frame([event], 0.016)
        else:
            my_moves.append("keys")
            app.frame(human_keys(obs), 0.05)
    assert run_until(app, lambda: top_name(app) == "round_end", 3000, step=play)
    mine = [action for seat, action in session.played if seat == 0]
    assert "click stock" in my_moves and DrawStock() in mine and Knock() in mine
    assert any(seat == 1 for seat, _ in session.played) and any(seat == 2 for seat, _ in session.played)
    assert session.calls["observation"] == 1 and session.calls["submit"] == len(mine)
    ended = [e for e in session.state.log if isinstance(e, RoundEnded)]
    assert ended and top(app).result is ended[-1].result  # the panel shows the round the script played
    assert [s.card for s in table.view.hands[0]] == list(session.state.hands[0])  # the screen shows the game


def _until_my_turn(session: LocalSession) -> None:
    """Let the bots (on their worker thread) play until seat 0 may draw."""
    deadline = time.monotonic() + 30
    while not (session.current_seat == 0 and session.match.state.phase is Phase.TURN):
        assert time.monotonic() < deadline
        assert not isinstance(session.next_move(0.05, 0.0), Refused)
        time.sleep(0.001)


def _solo_match(seed: int = 3) -> Match:
    return Match.new(PRESETS["classic"].rules, [Seat("You", "human"), Seat("Ada", "bot:casual"),
                                                Seat("Ben", "bot:casual")], seed=seed)


def test_local_session_answers_with_events_and_the_viewers_observation_and_tells_storage() -> None:
    match = _solo_match()
    heard: list[tuple[str, int]] = []
    session = LocalSession(match, GameHooks(after_action=lambda m: heard.append(("action", m.action_count)),
                                            after_game=lambda m: heard.append(("game", m.action_count))))
    try:
        _until_my_turn(session)
        before = match.action_count
        played = session.submit(DrawStock())
        assert isinstance(played, Played) and played.seat == 0 and played.events
        assert played.observation == match.observation(0) and len(played.observation.hand) == 4
        assert heard[-1] == ("action", before + 1)
        assert isinstance(session.submit(DrawStock()), Refused)  # a refusal changes nothing and tells no one
        assert match.action_count == before + 1 and heard[-1] == ("action", before + 1)
    finally:
        session.close()


def test_local_session_takes_back_the_viewers_discard_and_refuses_once_a_bot_acted() -> None:
    match = _solo_match(4)
    session = LocalSession(match)
    try:
        _until_my_turn(session)
        start = session.observation()
        session.submit(DrawStock())
        drawn = match.observation(0)
        session.submit(next(a for a in drawn.legal_actions if isinstance(a, Discard)))
        undone = session.take_back()
        assert isinstance(undone, TakenBack) and undone.observation == drawn and undone.undone
        assert session.observation().hand == drawn.hand and start.hand != drawn.hand
        session.submit(next(a for a in drawn.legal_actions if isinstance(a, Discard)))
        deadline = time.monotonic() + 30
        while session.current_seat == 1 and time.monotonic() < deadline:
            session.next_move(0.05, 0.0)
            time.sleep(0.001)
        assert isinstance(session.take_back(), Refused) and session.take_back_reason()
    finally:
        session.close()


def test_a_new_table_builds_its_local_session_with_the_apps_storage_hooks() -> None:
    app = make_app(bot_speed="instant")
    saved: list[int] = []
    app.ctx.game_hooks = GameHooks(after_action=lambda match: saved.append(match.action_count))
    table = TableScene(app.ctx, GameSetup(setup(["human", "casual"]).seats, "classic", PRESETS["classic"].rules, 9))
    app.apply(Push(table))
    assert run_until(app, lambda: table.input.obs is not None, 2000)
    assert saved and saved[-1] == table.session.action_count
