"""The match controller: turns, refusals that change nothing, bot requests, resuming."""

from thirtyone.controller import Accepted, BotRequest, Match, Rejected
from thirtyone.model import DrawStock, Observation, preset
from thirtyone.model.actions import DEAL
from thirtyone.model.record import GameRecord, Seat

SEATS = [Seat("You"), Seat("Ada", "bot:random"), Seat("Bo", "bot:random")]


def test_a_human_turn_accepts_legal_and_refuses_illegal_moves():
    match = Match.new(preset("classic"), SEATS, seed=11, first_dealer=2)
    assert match.current_seat == 2
    assert isinstance(match.advance(), Accepted)  # the bot dealer deals
    assert match.current_seat == 0
    before = match.observation(0)
    outcome = match.submit(1, DrawStock())
    assert isinstance(outcome, Rejected) and "You's turn" in outcome.reason
    assert isinstance(match.submit(0, DEAL), Rejected)
    assert match.observation(0) == before and match.action_count == 1
    assert isinstance(match.submit(0, DrawStock()), Accepted)


def test_bot_requests_hold_an_observation_and_decide_the_same_way_twice():
    match = Match.new(preset("classic"), [Seat("A", "bot:random"), Seat("B", "bot:random")], seed=5)
    request = match.bot_request()
    assert isinstance(request, BotRequest) and isinstance(request.observation, Observation)
    assert request.decide() == request.decide()


def test_all_bot_games_finish_and_records_resume_exactly():
    match = Match.new(preset("london"), [Seat(n, "bot:random") for n in "ABCD"], seed=8)
    match.play_bots_to_end()
    assert match.is_over and 0 <= match.winner < 4
    again = Match.from_record(GameRecord.from_json(match.record.to_json()))
    assert again.events == match.events
    assert [again.observation(s) for s in range(4)] == [match.observation(s) for s in range(4)]
    assert isinstance(again.submit(0, DEAL), Rejected)
