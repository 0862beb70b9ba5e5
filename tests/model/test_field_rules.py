"""The field's other house rules (issue 34), each quoting the sentence it follows.

Sources: oli-69/schwimmen (O), the source of an online Schwimmen table (SchwimmenGame.java, Round.java);
Schwimmen Deluxe's rules as its store page gives them (D, apk-dl.com, Flagship Labs); brettspieltester.de
(B); pagat as mgoadric's CardStock notes summarise it (P); the issue itself (I) where no source text was
found (GamePoint and Games4All are apps whose rule texts are not in the stored pages).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from thirtyone.bots.fastround import finish_round
from thirtyone.model import (Action, IllegalActionError, RulesError, apply, from_line, legal_actions, new_game,
                             parse_action, preset, to_line, why_illegal)
from thirtyone.model.actions import NEW_CARDS, PASS
from thirtyone.model.describe import rules_text
from thirtyone.model.events import BoardRefreshed, NewCardsLaid, RoundEnd
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import Deck, Exchange, RoundLoss

from tests.engine_support import NAMES, deal, play

SCHWIMMEN = preset("schwimmen").replace(dealer_choice=False)
"""pagat's table with the middle dealt face up, so a scripted deal starts at the first turn."""


def _names(state):
    return [str(action) for action in legal_actions(state)]


# -- pass at most once per round (oli-69) ---------------------------------------------------------
@pytest.mark.parametrize("source, quote", [
    ("O", "This game rule enables the playeres are allowed to pass only once per round"),
    ("O", "true it the specified player is allowed to pass. Can be false, if the game rule pass-once is enabled."),
])
def test_a_player_passes_at_most_once_a_round(source, quote):
    rules = SCHWIMMEN.replace(pass_once=True)
    state, _ = deal(rules, ("7S 8H 9D", "7H 8D 9C", "TS JH QD"), "AC KC 8S")
    state, _ = play(state, "pass", "swap 7H 8S", "pass")
    assert "pass" not in _names(state)  # seat 0 passed on its first turn
    assert why_illegal(state, PASS) == "you have already passed this round: swap or knock"
    with pytest.raises(IllegalActionError, match="already passed"):
        apply(state, PASS)
    state, _ = play(state, "swap 7S AC")
    assert "pass" in _names(state)  # seat 1 has not passed this round
    state, _ = play(state, "knock")  # seat 1 knocks; seat 2 passed already, after a knock too
    assert "pass" not in _names(state)


def test_passing_once_is_counted_afresh_every_round_and_kept_in_the_table_line():
    rules = SCHWIMMEN.replace(pass_once=True)
    state, _ = deal(rules, ("7S 8H 9D", "7H 8D 9C"), "AC KC 8S")
    state, _ = play(state, "pass")
    line = to_line(state)
    assert "passed=1,0" in line
    assert from_line(line).passed == (True, False)
    state, _ = play(state, "knock", "swap 7S AC")  # seat 1 knocks, seat 0 plays its last turn
    assert state.phase.value == "deal"
    state, _ = play(state, "deal")
    assert state.passed == (False, False)
    old = from_line(line.replace(" passed=1,0", ""))  # a line written before the option: nobody has passed
    assert old.passed == (False, False)


def test_pass_once_needs_a_board():
    with pytest.raises(RulesError, match="needs a board"):
        preset("classic").replace(pass_once=True)


# -- passing only in the first and the last lap (Games4All) ---------------------------------------
@pytest.mark.parametrize("source, quote", [
    ("I", "passing allowed only in the first and last lap (Games4All)"),
])
def test_passing_is_allowed_only_in_the_first_lap_and_after_a_knock(source, quote):
    rules = SCHWIMMEN.replace(pass_first_and_last_lap=True)
    state, _ = deal(rules, ("7S 8H 9D", "7H 8D 9C", "TS JH QD"), "AC KC 8S")
    assert "pass" in _names(state)
    state, _ = play(state, "pass", "pass", "swap TS 8S")  # the first lap: everyone may pass
    assert "pass" not in _names(state)  # the second lap
    assert why_illegal(state, PASS) == "passing is allowed only in the first lap and after a knock: swap or knock"
    state, _ = play(state, "swap 7S AC")
    state, _ = play(state, "knock")  # seat 1 knocks: the last lap
    assert "pass" in _names(state)


# -- new cards when 7, 8 and 9 lie in the middle (Schwimmen Deluxe, oli-69) -----------------------
@pytest.mark.parametrize("source, quote", [
    ("D", "Take new cards from the stock and put them on the table (Button \"New cards\"), but only if there is a "
          "seven, an eight and a nine on the table. You have one more turn after choosing this option."),
    ("O", "This game rule enables the active player to select \"new cards\" if the gamestack contains 7, 8 and 9."),
])
def test_a_seven_eight_nine_middle_may_be_exchanged_and_the_turn_goes_on(source, quote):
    rules = SCHWIMMEN.replace(new_cards_789=True)
    state, _ = deal(rules, ("TS JH QD", "7H 8D 9C"), "7C 8S 9D", stock="AC KC QC JS")
    assert "new cards" in _names(state)
    before_stock = len(state.stock)
    state, events = apply(state, parse_action("new cards"))
    laid = next(event for event in events if isinstance(event, NewCardsLaid))
    assert laid.seat == 0 and [c.code for c in laid.old] == ["7C", "8S", "9D"]
    assert set(state.board) == set(laid.new) and len(state.stock) == before_stock - 3
    assert set(laid.old) <= set(state.discards)  # the old middle is out of play
    assert state.current == 0 and state.phase.value == "turn"  # one more turn
    assert "new cards" not in _names(state)  # the new middle is no 7-8-9


def test_new_cards_are_refused_without_7_8_9_or_without_three_cards_in_the_stock():
    rules = SCHWIMMEN.replace(new_cards_789=True)
    state, _ = deal(rules, ("TS JH QD", "7H 8D 9C"), "7C 8S TD")
    assert why_illegal(state, NEW_CARDS) == "new cards only when a 7, an 8 and a 9 lie in the middle"
    state, _ = deal(rules, ("TS JH QD", "7H 8D 9C"), "7C 8S 9D")
    state = state.evolve(stock=state.stock[:2], stock_unsettled=min(state.stock_unsettled, 2))
    assert why_illegal(state, NEW_CARDS) == "too few cards left in the stock for new cards"
    plain, _ = deal(SCHWIMMEN, ("TS JH QD", "7H 8D 9C"), "7C 8S 9D")
    assert why_illegal(plain, NEW_CARDS) == "new cards for a 7-8-9 middle are not played at this table"


def test_a_record_with_new_cards_replays():
    rules = SCHWIMMEN.replace(new_cards_789=True)
    state, _ = deal(rules, ("TS JH QD", "7H 8D 9C"), "7C 8S 9D")
    record = GameRecord(rules, tuple(Seat(n) for n in NAMES[:2]), 7, 1, (parse_action("deal"), NEW_CARDS),
                        decks=state.decks)
    again = GameRecord.from_json(record.to_json())
    assert again.final_state().board == apply(state, NEW_CARDS)[0].board


# -- all but the winner lose a life (GamePoint) ---------------------------------------------------
@pytest.mark.parametrize("source, quote, hands, knock, lost", [
    ("I", "game type \"all but the winner of the round lose a life\" (GamePoint)",
     ("AS KS 7D", "QH JH 9C", "7C 8C TD"), 0, (0, 1, 1)),
    ("I", "all but the winner ... lose a life; the knocker who is not the winner pays the knocker's penalty",
     ("7C 8C TD", "QH JH 9C", "AS KS 7D"), 0, (1, 1, 0)),
    ("I", "tied winners are all safe", ("AS KS 7D", "AH KH 7C", "9C 8C TD"), 2, (0, 0, 1)),
])
def test_all_but_the_highest_hand_lose_a_life(source, quote, hands, knock, lost):
    rules = SCHWIMMEN.replace(round_loss=RoundLoss.ALL_BUT_HIGHEST, lives=3, knocker_penalty=1)
    state, _ = deal(rules, hands, "7H 8D 9S")
    order = ["pass"] * 3
    order[knock] = "knock"
    before = state.tokens
    state, _ = play(state, *order, *(["pass"] * knock))
    assert state.last_result.reason is RoundEnd.KNOCK
    assert tuple(b - a for b, a in zip(before, state.tokens)) == lost
    assert any("highest hand" in sentence for sentence in state.last_result.reasons)


def test_all_but_the_highest_clashes_with_under_21_and_is_in_the_rules_text():
    with pytest.raises(RulesError, match="under 21"):
        SCHWIMMEN.replace(round_loss=RoundLoss.ALL_BUT_HIGHEST, below_21_loses=True)
    text = rules_text(SCHWIMMEN.replace(round_loss=RoundLoss.ALL_BUT_HIGHEST))
    assert "everyone but the highest hand loses a life" in text


# -- everyone passed: a new middle (board_refresh) ------------------------------------------------
@pytest.mark.parametrize("source, quote", [
    ("B", "wenn alle Spieler nacheinander passen, werden die 3 Karten aus der Mitte durch 3 neue Karten vom Stapel "
          "ausgetauscht"),
    ("P", "If all players have passed, and cards remain in the deck, then three new cards are dealt face-up to the "
          "table and play resumes"),
])
def test_when_everyone_passes_three_new_cards_replace_the_middle(source, quote):
    state, _ = deal(SCHWIMMEN, ("7S 8H 9D", "7H 8D 9C", "TS JH QD"), "AC KC 8S", stock="QS JS AS")
    old_board = state.board
    state, events = play(state, "pass", "pass")
    assert state.board == old_board  # two passes of three: nothing yet
    state, events = play(state, "pass")
    refreshed = next(event for event in events if isinstance(event, BoardRefreshed))
    assert refreshed.old == old_board and len(state.board) == 3
    assert not set(state.board) & set(old_board) and set(old_board) <= set(state.discards)
    assert state.current == 0 and state.passes_in_row == 0


# -- the editor, the rules text and the bots ------------------------------------------------------
def test_every_new_option_is_in_the_editor_and_the_rules_text():
    fields = {option.field for option in RULE_OPTIONS}
    assert {"round_loss", "pass_once", "pass_first_and_last_lap", "new_cards_789"} <= fields
    text = rules_text(SCHWIMMEN.replace(pass_once=True, new_cards_789=True))
    assert "pass at most once a round" in text and "7, an 8 and a 9" in text
    assert "only in the first lap and after a knock" in rules_text(SCHWIMMEN.replace(pass_first_and_last_lap=True))


_OPTIONS = st.fixed_dictionaries({
    "pass_once": st.booleans(), "pass_first_and_last_lap": st.booleans(), "new_cards_789": st.booleans(),
    "round_loss": st.sampled_from(list(RoundLoss)), "dealer_choice": st.booleans(),
    "exchange": st.sampled_from([Exchange.BOARD, Exchange.COMMERCE]), "no_knock_first_lap": st.booleans(),
})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_OPTIONS, st.integers(2, 6), st.integers(0, 2**32))
def test_random_games_with_every_option_combination_finish(options, players, seed):
    rules = SCHWIMMEN.replace(**options)
    state = new_game(rules, NAMES[:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(4000):
        if state.is_terminal:
            break
        state, _ = apply(state, rng.choice(legal_actions(state)))
    assert state.is_terminal


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_OPTIONS, st.integers(0, 2**32))
def test_play_outs_keep_to_the_new_options(options, seed):
    rules = SCHWIMMEN.replace(**{**options, "dealer_choice": False})
    state, _ = apply(new_game(rules, NAMES[:4], seed=seed), parse_action("deal"))
    moves: list[Action] = []
    settled = finish_round(state, random.Random(seed), moves)
    for move in moves:  # every move the play-out made is legal in the engine
        state, _ = apply(state, move)
    assert state.tokens == settled.tokens


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_OPTIONS, st.sampled_from([Deck.THIRTY_TWO, Deck.TWO_THIRTY_TWO]), st.integers(0, 2**16))
def test_bots_finish_games_with_every_option_combination(options, deck, seed):
    from tests.bots.test_bots import play_game  # every bot move is checked against the legal list there
    rules = SCHWIMMEN.replace(**options, deck=deck, max_players=9)
    play_game(rules, ["sharp", "casual", "beginner", "expert"], seed, max_actions=6000)
