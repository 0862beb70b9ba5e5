"""Issue 47: what a bot inferred, as the review shows it, is worked out from its seat's observation alone.

The record: a classic game of you against three Experts. After 31 actions Ada is to move; you have taken
the 6♥ from the discard pile and hold Q♥ 10♥ 6♥.
"""

from __future__ import annotations

import random

import pytest

from tests.locations import DATA
from thirtyone.coach.inferred import BotMoment, bot_moment, bot_view, guess_lines, held, infer
from thirtyone.coach.replay import Replay
from thirtyone.model import GameState
from thirtyone.model.cards import SUIT_NAMES
from thirtyone.model.events import TookDiscard
from thirtyone.model.record import GameRecord

RECORD = DATA / "record_bots_inferred.json"
HEARTS = SUIT_NAMES.index("hearts")
YOU, ADA = 0, 1


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(GameRecord.from_file(RECORD))


def test_the_bot_guesses_hearts_for_the_player_who_picked_up_hearts(replay: Replay) -> None:
    moment = bot_moment(replay.record, replay.state_at, 31)
    assert moment == BotMoment(ADA, 31, acted=False)  # Ada is about to move (you are not a bot)
    state = replay.state_at(31)
    seen = bot_view(state, ADA)
    assert any(type(e) is TookDiscard and e.seat == YOU and e.card.suit == HEARTS for e in seen.log)
    inferred = infer(seen)
    you = next(g for g in inferred.guesses if g.seat == YOU)
    assert you.suit == HEARTS and you.suit_share > 0.5
    assert you.low <= you.likely <= you.high and 20 <= you.high <= 31
    assert [g.seat for g in inferred.guesses] == [0, 2, 3]
    assert inferred.own_value == 20  # Ada's J♦ 10♦ 7♠
    rows = dict(guess_lines(inferred, replay.state.names, {g.seat: held(state, g.seat) for g in inferred.guesses}))
    assert rows["You"][0].startswith("Guessed: collects hearts (")
    assert rows["You"][1].startswith("Better than Ada's 20: ")
    assert rows["You"][2] == "Really held: Q♥ 10♥ 6♥ (26, hearts)"


def test_a_bots_move_just_played_is_explained_from_before_it(replay: Replay) -> None:
    assert bot_moment(replay.record, replay.state_at, 32) == BotMoment(ADA, 31, acted=True)
    assert bot_moment(replay.record, replay.state_at, 0) is None  # before the deal: nobody decides


def test_the_same_position_gets_the_same_guesses(replay: Replay) -> None:
    seen = bot_view(replay.state_at(31), ADA)
    assert infer(seen) == infer(bot_view(replay.state_at(31), ADA))


def swapped_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with every card ``seat`` cannot see (other seats' unknown cards, the stock) dealt afresh."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in state.known[s]]
    hidden += list(state.stock)
    rng.shuffle(hidden)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        hands.append(tuple(c if c in state.known[s] else hidden.pop() for c in hand))
    return state._replace(hands=tuple(hands), stock=tuple(hidden))


def test_the_guesses_are_the_same_whatever_the_hidden_cards_really_were(replay: Replay) -> None:
    moments = {bot_moment(replay.record, replay.state_at, p) for p in range(1, 60)} - {None}
    assert len(moments) > 20
    rng = random.Random(47)
    for moment in sorted(moments, key=lambda m: m.position):
        assert moment is not None
        state = replay.state_at(moment.position)
        guessed = infer(bot_view(state, moment.seat), samples=60)
        for _ in range(3):
            other = swapped_hidden(state, moment.seat, rng)
            assert other.hands != state.hands or other.stock != state.stock
            assert infer(bot_view(other, moment.seat), samples=60) == guessed, moment
