"""On a board table a bot passes rather than swap a card for its twin (seen in a Schwimmen game:
Marlowe gave J♠ for J♣, then J♣ for J♠, lap after lap, for ten laps while the other player passed)."""

from __future__ import annotations

import random

import pytest

from tests.engine_support import deal, play
from thirtyone.bots import make_bot
from thirtyone.model import observe, preset
from thirtyone.model.actions import Swap

BOARD = preset("schwimmen").replace(dealer_choice=False)


@pytest.mark.parametrize("level", ["sharp", "casual"])
def test_a_bot_does_not_swap_a_card_for_one_worth_the_same(level):
    # Al holds 10♦ J♠ A♦ (21 in diamonds); the middle's J♣ is worth what J♠ is, and nothing else helps.
    state, _ = deal(BOARD, ("TD JS AD", "7H 8H KS", "9C 9S QS"), "JC 7S 8C")
    for seed in range(20):
        action = make_bot(level).choose(observe(state, state.current), random.Random(seed))
        if isinstance(action, Swap):
            after = sorted(c.code for c in state.hands[0] if c != action.give) + [action.take.code]
            assert action.give.rank != action.take.rank, \
                f"{level} swapped {action.give.code} for its twin {action.take.code} (hand after: {after})"


def test_after_the_others_pass_sharp_ends_the_stalemate_instead_of_trading_twins():
    state, _ = deal(BOARD, ("7H 8H KS", "TD JS AD"), "JC 7S 8C")
    state, _ = play(state, "pass")  # the only other player passes: a second pass would renew the middle
    action = make_bot("sharp").choose(observe(state, state.current), random.Random(1))
    assert not isinstance(action, Swap), f"swapped {action.give.code} for {action.take.code}"


def test_the_expert_searches_which_swap_to_make_on_a_board_before_anyone_knocks():
    from thirtyone.bots import ExpertBot
    from thirtyone.bots.expert import SWAP_CONFIDENCE
    from thirtyone.model.actions import PASS
    state, _ = deal(BOARD, ("7H 8H KS", "TD JS AD"), "JC 9H 8C")
    observation = observe(state, state.current)
    guide = make_bot("sharp").choose(observation, random.Random(1))
    candidates, confidence = ExpertBot().candidates(observation, guide)
    assert candidates[0] == guide and confidence == SWAP_CONFIDENCE
    assert sum(isinstance(a, Swap) for a in candidates) >= 2 and PASS in candidates
    assert ExpertBot(search_swaps=False).candidates(observation, guide)[0] == [guide] + [
        a for a in observation.legal_actions if a is not guide and str(a) == "knock"]
