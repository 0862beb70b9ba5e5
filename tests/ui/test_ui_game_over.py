"""The game-over chart "Lives after each round" read against the game that was played (Old West shots included)."""

from __future__ import annotations

import pytest

from thirtyone.controller import Match
from thirtyone.model import PRESETS
from thirtyone.model.events import Hit, LifeLost, RoundStarted
from thirtyone.model.record import Seat
from thirtyone.ui.screens.game_over import lives_per_round


def shot_game(bounty: bool) -> Match:
    """A finished four-bot Old West game in which at least one player was shot."""
    rules = PRESETS["old-west"].rules.replace(bounty=bounty)
    for seed in range(1, 200):
        match = Match.new(rules, [Seat(name, "bot:sharp") for name in ("Ada", "Ben", "Cleo", "Dev")], seed=seed)
        match.play_bots_to_end()
        if any(isinstance(e, Hit) for e in match.events):
            return match
    raise AssertionError("no seed in which someone was shot")


def rounds_of(match: Match) -> list[list[object]]:
    """The game's events cut at every deal: element ``r - 1`` holds round ``r``."""
    rounds: list[list[object]] = []
    for event in match.events:
        if isinstance(event, RoundStarted):
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


def expected_lives(match: Match) -> list[list[int]]:
    """Lives per round as a player counts them at the table: five each, minus lives lost, zero once shot,
    plus (bounty) the lives of the player you shot."""
    seats = len(match.names)
    lives = [match.rules.starting_tokens] * seats
    history = [[n] for n in lives]
    for events in rounds_of(match):
        for event in events:
            if isinstance(event, LifeLost):
                lives[event.seat] -= event.lives
            elif isinstance(event, Hit):
                if match.rules.bounty:
                    lives[event.shooter] += lives[event.target]
                lives[event.target] = 0
        for seat in range(seats):
            history[seat].append(max(0, lives[seat]))
    return history


@pytest.mark.parametrize("bounty", [False, True], ids=["old-west", "bounty"])
def test_lives_chart_starts_everyone_at_their_lives_and_a_shot_player_falls_to_zero(bounty: bool) -> None:
    match = shot_game(bounty)
    history = lives_per_round(match)
    start = match.rules.starting_tokens
    assert [line[0] for line in history] == [start] * len(match.names)
    assert history == expected_lives(match)
    final = match.observation(0).tokens
    assert [line[-1] for line in history] == list(final)
    shot_in = {hit.target: r for r, events in enumerate(rounds_of(match), 1) for hit in events if isinstance(hit, Hit)}
    for target, r in shot_in.items():
        assert history[target][r:] == [0] * (len(history[target]) - r), history[target]
    rises = [line for line in history if any(a < b for a, b in zip(line, line[1:]))]
    assert bool(rises) == bounty, history  # only a bounty gives anyone lives


def test_pass_and_play_won_by_a_seat_called_you_names_it_in_the_third_person() -> None:
    """Nobody in particular holds the screen at a pass-and-play game's end: every seat by name, "You" too."""
    from tests.ui_support import make_app
    from thirtyone import i18n
    from thirtyone.bots import make_bot
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.screens.game_over import GameOverScene
    seats = [Seat("You", "human"), Seat("Maria", "human"), Seat("Ada", "bot:sharp")]
    for seed in range(1, 100):
        match = Match.new(PRESETS["classic"].rules, seats, seed=seed, bots={s: make_bot("sharp") for s in range(3)})
        match.play_bots_to_end()
        if match.winner == 0:
            break
    app = make_app()
    match = Match.from_record(match.record)  # two people at the table, as the record says they played
    scene = GameOverScene(app.ctx, GameSetup.from_match(match), match)
    assert scene.player is None and scene.headline()[0] == "You wins!"
    i18n.set_language("de")
    try:
        assert scene.headline()[0] == "You gewinnt!"
    finally:
        i18n.set_language("en")


def test_game_over_and_finished_games_give_the_player_the_same_place() -> None:
    """Two players out in the same round: both screens rank them by the same rule (the statistics' too)."""
    from tests.ui_support import make_app
    from thirtyone.bots import make_bot
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.screens.game_over import GameOverScene
    from thirtyone.ui.screens.review_list import game_result
    app = make_app()
    seats = [Seat("You", "human")] + [Seat(name, "bot:sharp") for name in ("Ada", "Ben", "Cleo")]
    compared = 0
    for seed in range(1, 30):
        played = Match.new(PRESETS["classic"].rules, seats, seed=seed, bots={s: make_bot("sharp") for s in range(4)})
        played.play_bots_to_end()
        if played.winner == 0:
            continue
        match = Match.from_record(played.record)
        big, _small = GameOverScene(app.ctx, GameSetup.from_match(match), match).headline()
        listed = game_result(match.record).split(" · ")[0]  # "You: 3rd of 4"
        assert big == "You finished " + listed.removeprefix("You: "), (seed, big, listed)
        compared += 1
    assert compared >= 10
