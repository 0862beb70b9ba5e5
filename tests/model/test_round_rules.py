"""Scripted scenarios for the round rules of RULES.md: 31s, discards, the stock, boards, lives."""

from typing import Sequence

import pytest

from thirtyone.model import (DrawStock, IllegalActionError, Phase, StockOut, Swap, SwapAll,
                             TakeDiscard, parse_cards, preset)
from thirtyone.model import Card, apply, legal_actions
from thirtyone.model.actions import DEAL
from thirtyone.model.events import (BoardRefreshed, Discarded, Eliminated, Event, LifeLost, OnHonor, RoundEnd, RoundEnded,
                                    RoundStarted, Showed31, StockReshuffled, Swapped, SwappedAll, Won)

from tests.engine_support import deal, play, stacked_deck


def result_of(events):
    return next(e.result for e in events if isinstance(e, RoundEnded))


def test_several_31s_on_the_deal_all_show():
    """002: only right after the deal can several players hold 31; everyone else loses one."""
    state, events = deal(preset("classic"), ["2C 5H 9D", "AS KS QS", "3C 4H 8D", "AD KD JD"], "6S")
    assert Showed31((1, 3), (parse_cards("AS KS QS"), parse_cards("AD KD JD"))) in events
    result = result_of(events)
    assert result.reason is RoundEnd.DEALT_31
    assert result.lives_lost == (1, 0, 1, 0)
    assert state.phase is Phase.DEAL


def test_31_is_only_the_best_score_in_london():
    state, events = deal(preset("london"), ["2C 5H 9D", "AS KS QS", "3C 4H 8D"], "6S 7S 8S")
    assert not any(isinstance(e, RoundEnded) for e in events)
    state, events = play(state, "knock", "pass", "pass")
    assert result_of(events).scores == (9, 31, 8)


def test_31_made_on_a_turn_ends_the_round_at_once():
    state, _ = deal(preset("classic"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "QS", "7D")
    state, events = play(state, "draw", "discard 7D", "draw")
    state, events = play(state, "discard " + state.drawn.code)
    assert not any(isinstance(e, RoundEnded) for e in events)
    state, _ = deal(preset("classic"), ["AS KS 4C", "2C 5H 9D", "3C 4H 8D"], "QS", "7D")
    state, events = play(state, "take", "discard 4C")
    result = result_of(events)
    assert result.reason is RoundEnd.THIRTY_ONE
    assert result.lives_lost == (0, 1, 1)
    assert result.knocker is None


def test_a_31_is_not_shown_when_the_rules_say_so():
    rules = preset("classic").replace(instant_31=False, instant_31_on_deal=False)
    state, events = deal(rules, ["2C 5H 9D", "AS KS QS", "3C 4H 8D"], "6S", "7D")
    assert not any(isinstance(e, RoundEnded) for e in events)


def test_the_card_taken_from_the_pile_may_not_go_straight_back():
    state, _ = deal(preset("classic"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "QS")
    state, _ = play(state, "take")
    assert state.phase is Phase.DISCARD
    with pytest.raises(IllegalActionError, match="may not discard the card you just took from the discard pile"):
        play(state, "discard QS")
    assert [str(a) for a in legal_actions(state)] == ["discard 2C", "discard 5H", "discard 9D"]


def test_open_table_lets_the_taken_card_go_back():
    state, _ = deal(preset("open-table"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "QS")
    state, events = play(state, "take", "discard QS")
    assert state.discards[-1].code == "QS"
    assert state.known == ((), (), ())


def test_known_cards_follow_pickups_and_discards():
    state, _ = deal(preset("classic"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "QD", "7D 8C")
    state, _ = play(state, "take", "discard 2C")
    assert state.known[0] == parse_cards("QD")
    state, _ = play(state, "draw", "discard 7D", "draw", "discard 8C", "draw")
    state, _ = play(state, "discard QD")
    assert state.known[0] == ()


def test_illegal_moves_have_reasons_and_change_nothing():
    state, _ = deal(preset("classic"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "QD")
    for text, reason in [("discard 2C", "draw a card before you discard"),
                         ("swap 2C QD", "no board"), ("deal", "already been dealt"),
                         ("pass", "passing is only for an empty stock")]:
        with pytest.raises(IllegalActionError, match=reason):
            play(state, text)
    state, _ = play(state, "draw")
    with pytest.raises(IllegalActionError, match="you do not hold Q♦"):
        play(state, "discard QD")
    with pytest.raises(IllegalActionError, match="discard one first"):
        play(state, "draw")


def run_out_the_stock(state):
    """Everybody draws a card and throws it back until the stock is empty."""
    while state.stock:
        state, _ = play(state, "draw")
        state, _ = play(state, "discard " + state.drawn.code)
    return state


def test_empty_stock_ends_the_round_when_the_discard_is_declined():
    """002: the round ends at once if the stock is gone and a player declines the discard."""
    state, _ = deal(preset("classic"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D", "7C 7H 2D"], "QD")
    state = run_out_the_stock(state)
    assert [str(a) for a in legal_actions(state)] == ["take", "pass", "knock"]
    with pytest.raises(IllegalActionError, match="stock is empty"):
        apply(state, DrawStock())
    state, events = play(state, "pass")
    result = result_of(events)
    assert result.reason is RoundEnd.STOCK_OUT
    assert result.lives_lost == (0, 0, 0, 1)


def test_empty_stock_can_be_reshuffled_from_the_discards():
    rules = preset("classic").replace(stock_out=StockOut.RESHUFFLE)
    state, _ = deal(rules, ["2C 5H 9D", "AS KS 4C", "3C 4H 8D", "7C 7H 2D"], "QD")
    pile_before: tuple[Card, ...] = ()
    events: Sequence[Event] = ()
    while not any(isinstance(e, StockReshuffled) for e in events):
        pile_before = state.discards
        state, _ = play(state, "draw")
        state, events = play(state, "discard " + state.drawn.code)
    reshuffles = [e for e in events if isinstance(e, StockReshuffled)]
    assert reshuffles == [StockReshuffled(39)]
    assert len(state.stock) == 39 and len(state.discards) == 1
    (stocked,) = [e for e in events if isinstance(e, Discarded)]
    assert sorted(state.stock + state.discards) == sorted(pile_before + (stocked.card,))


def test_honor_life_then_out():
    """002 and 004: after the last life a player stays in on their honor, and goes out on the next loss."""
    hands = ["2C 5H 9D", "AS KS 4C", "TH 9H 8H"]
    state, events = deal(preset("classic"), hands, "QD", "3S", tokens=(4, 2, 4))
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard " + state.stock[1].code)
    assert result_of(events).lives_lost == (2, 0, 0)
    state, events = deal(preset("classic"), ["2C 5H 3D", "AS KS 4C", "TH 9H 8H"], "QD", "3S 4S 5C", tokens=(2, 4, 4))
    state, events = play(state, "draw", "discard 3S", "knock", "draw", "discard 4S", "draw", "discard 5C")
    assert OnHonor(0) in events
    assert result_of(events).reasons[0] == "Kelly had the lowest hand, 5: loses a life and now plays on their honor."
    assert state.tokens == (1, 4, 4) and state.is_active(0)


def test_eliminated_players_are_skipped_and_the_deal_moves_left():
    state, events = deal(preset("classic"), ["AS KS 4C", "TH 9H 8H", "2C 5H 3D", "7C 7H 2S"], "QD", "3S 4S 5C",
                         tokens=(4, 4, 1, 4))
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard 4S", "draw", "discard 5C")
    assert result_of(events).lives_lost == (0, 0, 1, 0)
    assert Eliminated(2) in events
    assert state.dealer == 0 and state.phase is Phase.DEAL
    state, dealt = apply(state, DEAL)
    started = next(e for e in dealt if isinstance(e, RoundStarted))
    assert (started.dealer, started.first_player) == (0, 1)
    assert state.hands[2] == () and all(len(state.hands[s]) == 3 for s in (0, 1, 3))


def test_the_last_player_standing_wins():
    state, events = deal(preset("london"), ["2C 5H 3D", "AS KS 4C"], "QD 8S 9S", tokens=(1, 3))
    state, events = play(state, "knock", "pass")
    assert Eliminated(0) in events and Won(1) in events
    assert state.is_terminal and state.winner == 1 and legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(state, DEAL)


def test_if_everyone_left_would_go_out_the_best_hand_stays():
    rules = preset("classic").replace(honor_life=False)
    state, events = deal(rules, ["TH 9H 2C", "TD 9D 3S"], "QS", "4D 5S", tokens=(1, 1))
    state, events = play(state, "knock", "draw", "discard 4D")
    result = result_of(events)
    assert result.scores == (19, 19)
    assert state.tokens == (1, 1) and not state.is_terminal
    assert "keeps one last life" in result.reasons[0] and "keeps one last life" in result.reasons[1]


def test_board_swaps_are_public_and_known():
    state, _ = deal(preset("london"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "9S 9C 4D")
    assert [str(a) for a in legal_actions(state)][:3] == ["swap 2C 4D", "swap 2C 9S", "swap 2C 9C"]
    assert SwapAll() not in legal_actions(state)
    for illegal in (DrawStock(), TakeDiscard()):
        with pytest.raises(IllegalActionError, match="board"):
            apply(state, illegal)
    state, events = play(state, "swap 2C 9S")
    assert events[0] == Swapped(0, parse_cards("2C")[0], parse_cards("9S")[0])
    assert state.board == parse_cards("2C 9C 4D")
    assert state.known[0] == parse_cards("9S")
    with pytest.raises(IllegalActionError, match="9♠ is not on the board"):
        apply(state, Swap(*parse_cards("AS 9S")))


def test_commerce_swaps_all_three_and_refreshes_a_passed_board():
    state, _ = deal(preset("commerce"), ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "9S 9C 4D")
    state, events = play(state, "swap all")
    assert isinstance(events[0], SwappedAll)
    assert state.hands[0] == parse_cards("9S 9C 4D") and state.board == parse_cards("2C 5H 9D")
    state, events = play(state, "pass", "pass", "pass")
    refresh = [e for e in events if isinstance(e, BoardRefreshed)]
    assert len(refresh) == 1 and refresh[0].old == parse_cards("2C 5H 9D")
    assert state.board == refresh[0].new and state.passes_in_row == 0


def test_turn_limit_shows_hands_without_a_knocker():
    rules = preset("london").replace(turn_limit=2)
    state, _ = deal(rules, ["2C 5H 9D", "AS KS 4C", "3C 4H 8D"], "9S 9C 4D")
    state, events = play(state, *["pass"] * 6)
    result = result_of(events)
    assert result.reason is RoundEnd.TURN_LIMIT and result.knocker is None
    assert result.lives_lost == (0, 0, 1)


def test_explicit_deck_order_deals_exactly():
    deck = stacked_deck(["2C 5H 9D", "AS KS 4C"], "QD", "7S")
    state, _ = deal(preset("classic"), ["2C 5H 9D", "AS KS 4C"], "QD", "7S")
    assert state.hands == (parse_cards("2C 5H 9D"), parse_cards("AS KS 4C"))
    assert state.discards == parse_cards("QD") and state.stock[0].code == "7S"
    assert len(state.stock) == 52 - len(deck) + 1


def test_life_lost_events_count_tokens():
    state, events = deal(preset("scat"), ["2C 5H 3D", "AS KS 4C"], "QD", "7S")
    state, events = play(state, "knock", "draw", "discard 7S")
    assert LifeLost(0, 1, 4) in events
