"""Two 32-card packs shuffled together (issue 34): every card of 7 to ace twice, for a large table.

Sources: its05.de's Schwimmen (S): "Bis zu 6 Spieler können ohne Probleme an einer Runde teilnehmen. Es
können jedoch auch mehr sein, wenn man ein zweites Kartenspiel hinzufügt."; the issue (I): "two 32-card
packs for more than six players (Wikipedia gives 2 to 9 players)". Two sevens of hearts are two cards:
each has its own identity (``Card.index``, ``Card.pack``); people see the same face.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from thirtyone.bots.fastround import finish_round
from thirtyone.bots.tracking import remember
from thirtyone.model import (Action, Card, CardError, Exchange, IllegalActionError, PositionError, RulesError, apply, from_line, hand_value,
                             legal_actions, new_game, observe, parse_cards, player_counts, preset, to_line)
from thirtyone.model.actions import DEAL
from thirtyone.model.describe import rules_text
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import MAX_SEATS, Deck, deck_cards

from tests.bots.test_bots import play_game
from tests.cli_support import run
from tests.engine_support import NAMES, deal, play

TWO_PACKS = preset("schwimmen").replace(deck=Deck.TWO_THIRTY_TWO, max_players=MAX_SEATS)
PLAYERS = tuple(f"P{i}" for i in range(MAX_SEATS))


def test_two_packs_hold_every_card_from_7_to_ace_twice():
    # (S) "wenn man ein zweites Kartenspiel hinzufügt"
    cards = deck_cards(Deck.TWO_THIRTY_TWO)
    assert len(cards) == len(set(cards)) == 64
    assert len({card.code for card in cards}) == 64
    faces = sorted(card.face_code for card in cards)
    assert faces == sorted(2 * [card.code for card in deck_cards(Deck.THIRTY_TWO)])


def test_a_second_packs_card_is_its_own_card_with_the_same_face():
    first, second = Card.from_code("7H"), Card.from_code("7H2")
    assert first is not second and first != second and len({first, second}) == 2
    assert second.code == "7H2" and second.pack == 1 and second.face == first.index
    assert second.symbol == first.symbol == "7♥"
    assert Card.from_code("10ka2") is Card.of(9, 2, pack=1)  # German Karo, second pack
    assert Card.from_index(second.index) is second
    assert parse_cards("7H 7H2") == (first, second)
    with pytest.raises(CardError, match="7H2 appears more than once"):
        parse_cards("7H2 8H 7H2")


@pytest.mark.parametrize("source, quote, exchange, most", [
    ("S", "Bis zu 6 Spieler können ohne Probleme an einer Runde teilnehmen. Es können jedoch auch mehr sein, wenn "
          "man ein zweites Kartenspiel hinzufügt.", Exchange.COMMERCE, MAX_SEATS),
    ("I", "the seat limits ... follow it", Exchange.DRAW, MAX_SEATS),
])
def test_two_packs_seat_more_players_than_one_pack(source, quote, exchange, most):
    one_pack = preset("classic").replace(exchange=exchange, deck=Deck.THIRTY_TWO, max_players=MAX_SEATS)
    two_packs = one_pack.replace(deck=Deck.TWO_THIRTY_TWO)
    assert player_counts(one_pack).stop - 1 < player_counts(two_packs).stop - 1 == most
    state, _ = apply(new_game(two_packs, PLAYERS[:most], seed=3), DEAL)
    dealt = [card for hand in state.hands for card in hand]
    assert len(dealt) == len(set(dealt)) == 3 * most


def test_a_hand_may_hold_both_copies_and_counts_them_as_cards():
    # Two K♥ and the A♥: 31 in hearts; 7♥ 7♥ 7♠ is three of a kind.
    assert hand_value(parse_cards("KH KH2 AH"), TWO_PACKS) == 31
    assert hand_value(parse_cards("7H 7H2 7S"), TWO_PACKS) == 30.5


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(Exchange)), st.integers(2, MAX_SEATS), st.integers(0, 2**32))
def test_two_pack_games_are_legal_and_conserve_every_card(exchange, players, seed):
    base = preset("classic") if exchange is Exchange.DRAW else TWO_PACKS
    rules = base.replace(deck=Deck.TWO_THIRTY_TWO, exchange=exchange, max_players=MAX_SEATS,
                         dealer_choice=exchange is not Exchange.DRAW, board_refresh=exchange is not Exchange.DRAW)
    state = new_game(rules, PLAYERS[:players], seed=seed)
    rng = random.Random(seed)
    deck = sorted(rules.cards)
    for _ in range(3000):
        if state.is_terminal:
            break
        if state.round_number:
            cards = [c for hand in state.hands for c in hand] + [*state.stock, *state.discards, *state.board]
            assert sorted(cards) == deck, "every card of both packs in one place, no other card"
        state, _ = apply(state, rng.choice(legal_actions(state)))
        seen = observe(state, 0)
        assert set(seen.hand) | set(seen.board) | set(seen.discards) <= set(deck)
    assert state.is_terminal


def test_a_second_packs_card_is_refused_in_a_one_pack_game():
    with pytest.raises(CardError, match="second pack's card, and this game deals from one pack: 7H2"):
        preset("schwimmen").check_in_deck(parse_cards("AS 7H2"))
    with pytest.raises(CardError, match=r"64-card deck \(7 to ace\): 6S"):
        TWO_PACKS.check_in_deck(parse_cards("AS 7H2 6S"))
    TWO_PACKS.check_in_deck(parse_cards("7H 7H2 AS2"))


def test_score_reads_both_copies_and_refuses_a_second_pack_in_one_pack(capsys):
    code, out, _err = run(capsys, "score", "KH", "KH2", "AH", "--deck", "2x32")
    assert code == 0 and out.startswith("31")
    code, _out, err = run(capsys, "score", "KH", "KH2", "AH", "--deck", "32")
    assert code == 2 and "second pack" in err and "KH2" in err


def test_a_two_pack_record_round_trips_with_both_copies_in_its_deck():
    hands = ("7H KS AS", "7H2 KS2 AS2", "8C 9C TC")
    state, _ = deal(TWO_PACKS.replace(dealer_choice=False), hands, middle="QD QD2 JD")
    assert state.hands[0][0] is not state.hands[1][0]
    record = GameRecord(TWO_PACKS, tuple(Seat(n) for n in NAMES[:3]), 5, 2, (DEAL,),
                        decks=(tuple(c for hand in zip(*[parse_cards(h) for h in hands]) for c in hand)
                               + parse_cards("QD QD2 JD"),))
    text = record.to_json()
    data = json.loads(text)
    assert data["rules"]["deck"] == "2x32" and "7H2" in data["decks"][0]
    again = GameRecord.from_json(text)
    assert again.final_state() == record.final_state()
    assert {card.code for card in again.final_state().hands[1]} == {"7H2", "KS2", "AS2"}


def test_the_table_line_carries_both_copies_and_refuses_one_card_twice():
    state, _ = deal(TWO_PACKS.replace(dealer_choice=False), ("7H KS AS", "7H2 KS2 AS2", "8C 9C TC"),
                    middle="QD QD2 JD")
    line = to_line(state)
    assert "deck=2x32" in line and "7H2" in line
    again = from_line(line)
    assert to_line(again) == line and again.hands == state.hands and again.board == state.board
    with pytest.raises(PositionError, match="7H"):
        from_line(line.replace("7H2", "7H", 1))


def test_play_keeps_the_copies_apart():
    rules = TWO_PACKS.replace(dealer_choice=False)
    state, _ = deal(rules, ("7H KS 8D", "7H2 KS2 8S", "8C 9C TC"), middle="QD AS2 JD")
    state, _ = play(state, "swap 7H AS2")
    assert {card.code for card in state.hands[0]} == {"AS2", "KS", "8D"}
    assert {card.code for card in state.board} == {"QD", "7H", "JD"}
    with pytest.raises(IllegalActionError):
        play(state, "swap 7H QD")  # seat 1 holds the second pack's 7♥, not this one
    state, _ = play(state, "swap 7H2 QD")
    assert "7H2" in {card.code for card in state.board}


def test_bots_count_both_copies_as_unseen():
    state, _ = deal(TWO_PACKS.replace(dealer_choice=False), ("7H KS AS", "7H2 KS2 8S", "8C 9C TC"),
                    middle="QD AS2 JD")
    unseen = remember(observe(state, 0)).unseen
    assert len(unseen) == 64 - 3 - 3
    assert Card.from_code("7H2") in unseen and Card.from_code("7H") not in unseen


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 8))
def test_play_outs_on_two_packs_make_engine_moves(seed, players):
    state, _ = apply(new_game(TWO_PACKS.replace(dealer_choice=False), PLAYERS[:players], seed=seed), DEAL)
    moves: list[Action] = []
    settled = finish_round(state, random.Random(seed), moves)
    for move in moves:
        state, _ = apply(state, move)
    assert state.tokens == settled.tokens


@pytest.mark.parametrize("levels", [["sharp"] * 7 + ["casual", "beginner"], ["expert", "sharp", "casual"] * 2 + ["sharp"]])
def test_bots_play_a_two_pack_game_to_its_end(levels):
    play_game(TWO_PACKS, levels, seed=5, max_actions=6000)


def test_the_rules_text_the_editor_and_the_preset_limits_name_two_packs():
    assert "two 32-card packs shuffled together (7 to ace, every card twice)" in rules_text(TWO_PACKS)
    deck_option = next(option for option in RULE_OPTIONS if option.field == "deck")
    assert (Deck.TWO_THIRTY_TWO, "2 × 32 (two packs)") in deck_option.choices
    with pytest.raises(RulesError, match="players"):
        TWO_PACKS.replace(max_players=MAX_SEATS + 1)
