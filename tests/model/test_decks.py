"""The deck as a rule option (issue 34): 52 cards, 36 (6 to ace) or 32 (7 to ace).

Each case quotes the source it follows: the Wikipedia article *Schwimmen (Kartenspiel)* (W),
pagat.com's Schwimmen page (P), the issue itself where no source fixes a detail (I).
"""

from __future__ import annotations

from typing import Any

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from thirtyone.bots.tracking import remember
from thirtyone.model import (CardError, Exchange, IllegalActionError, Phase, PositionError, parse_action, RecordError, RulesError, apply, from_line,
                             hand_value, legal_actions, new_game, observe, parse_cards, why_illegal, player_counts, preset, to_line)
from thirtyone.model.actions import DEAL, KEEP, KNOCK, TAKE_SPARE
from thirtyone.model.describe import rules_text
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import Deck, ShownLoss, StockOut, deck_cards
from thirtyone.model.events import BoardRefreshed, DealerChose, RoundEnd

from tests.cli_support import run
from tests.engine_support import NAMES, deal, play, scripted_record

SHORT = preset("classic").replace(deck=Deck.THIRTY_TWO)


@pytest.mark.parametrize("source, quote, deck, size, lowest", [
    ("I", "52 cards, 32 (7–A), and 36 (6–A, as some regions play)", Deck.FIFTY_TWO, 52, "2"),
    ("P", "You need a normal 32-card deck (7-10, J, Q, K, A) which can be made if necessary by stripping "
          "the low cards (2-6) from a standard 52 card deck", Deck.THIRTY_TWO, 32, "7"),
    ("W", "played with a 32-card Piquet pack", Deck.THIRTY_TWO, 32, "7"),
    ("I", "36 (6–A, as some regions play)", Deck.THIRTY_SIX, 36, "6"),
])
def test_the_deck_holds_the_cards_the_source_names(source, quote, deck, size, lowest):
    cards = deck_cards(deck)
    assert len(cards) == len(set(cards)) == size
    ranks = {card.code[:-1] for card in cards}
    assert ranks == {r for r in "A23456789TJQK" if r in "ATJQK" or int(r) >= int(lowest)}
    assert all(sum(1 for c in cards if c.suit == suit) == size // 4 for suit in range(4))


@pytest.mark.parametrize("source, quote, exchange, deck, most", [
    ("W", "a social card game for two to nine players, played with a 32-card Piquet pack",
     Exchange.COMMERCE, Deck.THIRTY_TWO, 9),
    ("I", "the seat limits follow the deck: 32 cards deal 3 each, an upcard and a stock to 10", Exchange.DRAW,
     Deck.THIRTY_TWO, 10),
    ("I", "36 cards deal 3 each and a board of three to 11", Exchange.BOARD, Deck.THIRTY_SIX, 11),
])
def test_the_table_size_follows_the_deck(source, quote, exchange, deck, most):
    rules = preset("classic").replace(exchange=exchange, deck=deck, max_players=16)
    assert player_counts(rules).stop - 1 == most
    new_game(rules, [f"P{i}" for i in range(most)], seed=1)
    with pytest.raises(RulesError, match=f"these rules are for 2 to {most} players, not {most + 1}"):
        new_game(rules, [f"P{i}" for i in range(most + 1)], seed=1)
    with pytest.raises(RulesError, match=f"{len(deck_cards(deck))}-card deck .* to {most} players at most"):
        rules.replace(min_players=most + 1)


def test_a_32_card_deal_deals_only_cards_from_7_to_ace():
    state, _ = apply(new_game(SHORT, NAMES[:4], seed=3), DEAL)
    every = [c for hand in state.hands for c in hand] + [*state.stock, *state.discards]
    assert sorted(every) == sorted(deck_cards(Deck.THIRTY_TWO))
    assert len(state.stock) == 32 - 12 - 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(Deck)), st.sampled_from(list(Exchange)), st.integers(2, 9), st.integers(0, 2**32))
def test_every_deck_deals_legal_games_and_conserves_its_cards(deck, exchange, players, seed):
    base = preset("classic") if exchange is Exchange.DRAW else preset("commerce")
    rules = base.replace(deck=deck, exchange=exchange, max_players=9, board_refresh=exchange is not Exchange.DRAW)
    state = new_game(rules, NAMES[:min(players, 8)] + tuple(f"X{i}" for i in range(players - 8)), seed=seed)
    rng = random.Random(seed)
    allowed = set(rules.cards)
    for _ in range(3000):
        if state.is_terminal:
            break
        if state.hands[state.current] or state.round_number:
            cards = [c for hand in state.hands for c in hand] + [*state.stock, *state.discards, *state.board]
            if state.round_number:
                assert sorted(cards) == sorted(allowed), "every card of the deck in one place, no other card"
        action = rng.choice(legal_actions(state))
        state, events = apply(state, action)
        assert set(observe(state, 0).hand) <= allowed
    assert state.is_terminal


def test_a_card_outside_the_deck_is_refused_by_score(capsys):
    code, _out, err = run(capsys, "score", "QS", "7S", "5S", "--deck", "32")
    assert code == 2
    assert "not in the 32-card deck (7 to ace): 5S" in err
    code, out, _err = run(capsys, "score", "QS", "7S", "9S", "--deck", "32")
    assert code == 0 and out.startswith("26")


def test_check_in_deck_names_every_card_outside():
    with pytest.raises(CardError, match=r"36-card deck \(6 to ace\): 5S 2H"):
        SHORT.replace(deck=Deck.THIRTY_SIX).check_in_deck(parse_cards("AS 6D 5S 2H"))
    preset("classic").check_in_deck(parse_cards("2S 3H"))


def test_an_explicit_deck_with_a_card_outside_is_refused():
    with pytest.raises(RulesError, match="deck 1: not in the 32-card deck .*: 2S"):
        new_game(SHORT, NAMES[:2], decks=[parse_cards("AS 2S KH")])


def test_old_records_without_a_deck_are_read_as_52_cards():
    data = json.loads(scripted_record().to_json())
    data["rules"].pop("deck")
    record = GameRecord.from_json(json.dumps(data))
    assert record.rules.deck is Deck.FIFTY_TWO
    assert record.final_state().tokens == (2, 4, 4)


def test_a_32_card_record_round_trips_and_refuses_a_card_outside_its_deck():
    record = GameRecord(SHORT, tuple(Seat(n) for n in NAMES[:3]), 5, 0, (DEAL,))
    text = record.to_json()
    assert json.loads(text)["rules"]["deck"] == "32"
    assert GameRecord.from_json(text).final_state() == record.final_state()
    data = json.loads(text)
    data["decks"] = ["AS 2S KH"]
    with pytest.raises(RecordError, match="2S"):
        GameRecord.from_json(json.dumps(data))


def test_the_table_line_carries_the_deck_and_refuses_cards_outside_it():
    state, _ = apply(new_game(SHORT, NAMES[:3], seed=9), DEAL)
    line = to_line(state)
    assert "deck=32" in line.split()[0]
    assert from_line(line).rules.deck is Deck.THIRTY_TWO
    hand = ",".join(card.code for card in state.hands[0])
    bad = line.replace(f"hands={hand}", "hands=2S" + hand[2:], 1)
    with pytest.raises(PositionError, match="not in the 32-card deck .*: 2S"):
        from_line(bad)


def test_a_bot_counts_only_the_unseen_cards_of_the_deck():
    state, _ = apply(new_game(SHORT, NAMES[:3], seed=4), DEAL)
    unseen = remember(observe(state, 0)).unseen
    assert set(unseen) <= set(SHORT.cards)
    assert len(unseen) == 32 - 3 - 1


def test_the_rules_text_and_the_editor_name_the_deck():
    assert "with a 32-card deck (7 to ace)" in rules_text(SHORT)
    assert "K♣ 9♥ 7♠ is 10" in rules_text(SHORT)
    assert "with one 52-card deck" in rules_text(preset("classic"))
    deck_option = next(option for option in RULE_OPTIONS if option.field == "deck")
    assert [value for value, _label in deck_option.choices] == [Deck.FIFTY_TWO, Deck.THIRTY_SIX, Deck.THIRTY_TWO]


# -- three of a kind compared by rank ----------------------------------------------------------------
@pytest.mark.parametrize("source, quote, hands, losers", [
    ("W (de)", "Karo 7, Herz 7, Pik 7: Diese Kombination zählt 30 ½ Punkte (bei Gleichstand zählt das höhere "
               "Kartenblatt)", ("KS KH KD", "7S 7H 7D"), [1]),
    ("W (de)", "bei Gleichstand zählt das höhere Kartenblatt", ("7S 7H 7D", "AS AH AD", "9C 9H 9S"), [0]),
    ("I", "three kings beat three sevens; a hand below 30½ still loses first", ("KS KH KD", "7S 7H 7D", "AC 8C 9C"),
     [2]),
])
def test_three_of_a_kind_ties_are_broken_by_rank(source, quote, hands, losers):
    rules = SHORT.replace(three_of_a_kind=30.5, triplet_ties_by_rank=True)
    result = _knock_and_show(rules, hands)
    assert [seat for seat, lost in enumerate(result.lives_lost) if lost] == losers
    assert result.scores[:2] == tuple(hand_value(parse_cards(hand), rules) for hand in hands[:2])
    assert not any("30.5" in reason or "30.51" in reason for reason in result.reasons)


def _knock_and_show(rules, hands):
    """Seat 0 knocks; every other seat draws and throws the drawn card back: the dealt hands are shown."""
    state, _ = deal(rules, hands, "QC")
    state, _ = play(state, "knock")
    while not state.results:
        state, _ = play(state, "draw")
        state, _ = play(state, "discard " + state.drawn.code)
    return state.last_result


def test_without_the_option_equal_triplets_all_lose():
    result = _knock_and_show(SHORT.replace(three_of_a_kind=30.5), ("KS KH KD", "7S 7H 7D"))
    assert result.lives_lost[1] == 1 and result.lives_lost[0] >= 1


def test_ranked_triplets_need_three_of_a_kind_to_count():
    with pytest.raises(RulesError, match="needs three of a kind to count"):
        SHORT.replace(three_of_a_kind=None, triplet_ties_by_rank=True)
    text = rules_text(SHORT.replace(three_of_a_kind=30.5, triplet_ties_by_rank=True))
    assert "three kings beat three sevens" in text


# -- fire and 31 shown at once -----------------------------------------------------------------------
BOARD = preset("commerce").replace(deck=Deck.THIRTY_TWO, max_players=9)


@pytest.mark.parametrize("source, quote, changes, hands, board, move, lost", [
    ("Schnauz (sfc-wahnsinnspaddler.de)", "3 Asse („Feuer“ 31 Punkte) ... Hält ein Spieler 31 Punkte („Schnauz“) "
     "oder Feuer (3 Asse) legt er die Karten offen auf den Tisch, und das Spiel endet sofort",
     dict(three_aces=31.0, shown_31_loss=ShownLoss.LOWEST, fire_loss=ShownLoss.LOWEST),
     ("AS AH 7C", "KD QD 9S", "8C 9C 7D"), "AD 8H 9H", "swap 7C AD", [0, 0, 1]),
    ("Schwimmen Deluxe", "The game ends immediately, if one player's score is 31 (blitz) or if one player holds "
     "three aces. Finally all players show their hands. The player with the lowest score loses the game.",
     dict(shown_31_loss=ShownLoss.LOWEST, fire_loss=ShownLoss.OTHERS),
     ("AS KS 7C", "KD QD 9S", "8C 9C 7D"), "QS 8H 9H", "swap 7C QS", [0, 0, 1]),
    ("Schwimmen Deluxe", "If one player holds 3 aces, all other players lose the game regardless of their score.",
     dict(shown_31_loss=ShownLoss.LOWEST, fire_loss=ShownLoss.OTHERS),
     ("AS AH 7C", "KD QD 9S", "8C 9C 7D"), "AD 8H 9H", "swap 7C AD", [0, 1, 1]),
    ("BGA (Schwimmen)", "once a player has a hand of 31 points, they automatically end the round and the "
     "evaluation is proceeded, leaving no last turn for the others",
     dict(three_aces=None, shown_31_loss=ShownLoss.LOWEST), ("AS KS 7C", "KD QD 9S", "8C 9C 7D"), "QS 8H 9H",
     "swap 7C QS", [0, 0, 1]),
    ("I", "or end the round at once, and then ... every other player loses a life", dict(three_aces=33.0),
     ("AS AH 7C", "KD QD 9S", "8C 9C 7D"), "AD 8H 9H", "swap 7C AD", [0, 1, 1]),
])
def test_a_hand_shown_at_once_costs_whom_the_source_says(source, quote, changes, hands, board, move, lost):
    rules = BOARD.replace(**changes)
    state, _ = deal(rules, hands, board)
    state, events = play(state, move)
    result = state.last_result
    assert result.showed_31 == (0,)
    assert list(result.lives_lost) == lost
    ends_at_once = changes.get("fire_loss" if "AD" in move else "shown_31_loss") is ShownLoss.LOWEST
    assert ("the round ends at once and the lowest hand loses" in result.reasons[0]) == ends_at_once


def test_fire_at_31_counts_31_and_is_called_fire():
    rules = BOARD.replace(three_aces=31.0)
    assert hand_value(parse_cards("AS AH AD"), rules) == 31
    state, _ = deal(rules, ("AS AH 7C", "KD QD 9S"), "AD 8H 9H")
    state, _ = play(state, "swap 7C AD")
    assert "fire" in state.last_result.reasons[1]


def test_the_rules_text_says_who_loses_after_a_31_and_after_fire():
    text = rules_text(BOARD.replace(three_aces=31.0, shown_31_loss=ShownLoss.LOWEST))
    assert "Three aces are 'fire', worth 31 like the best suit." in text
    assert "After a 31 all hands are shown and the lowest hand loses a life; after fire every other player" in text
    text = rules_text(BOARD.replace(shown_31_loss=ShownLoss.LOWEST, fire_loss=ShownLoss.LOWEST))
    assert "Then all hands are shown and the lowest hand loses a life, as at any round's end" in text
    assert "every other player loses a life" in rules_text(BOARD)


# -- no knocking in the first lap --------------------------------------------------------------------
@pytest.mark.parametrize("source, quote, base", [
    ("BGA (Schwimmen)", "Closing the round is only possible, when every player has played once.", BOARD),
    ("I", "No knocking in the first lap (nobody may close before everyone has had a turn).", SHORT),
])
def test_nobody_knocks_before_everyone_has_had_a_turn(source, quote, base):
    rules = base.replace(no_knock_first_lap=True, instant_31=False, instant_31_on_deal=False)
    state, _ = deal(rules, ("7S 8H 9D", "7H 8D 9C", "7D 8C 9S"), "AS KS QS" if rules.has_board else "TC")
    for seat in range(3):
        assert state.current == seat
        assert KNOCK not in legal_actions(state)
        assert why_illegal(state, KNOCK) == "nobody may knock before everyone has had a turn this round"
        state, _ = play(state, "pass" if rules.has_board else "draw")
        if not rules.has_board:
            state, _ = play(state, "discard " + state.drawn.code)
    assert state.current == 0 and KNOCK in legal_actions(state)
    state, events = play(state, "knock")
    assert state.knocker == 0


def test_after_a_discard_the_last_turn_of_the_first_lap_may_knock():
    rules = preset("kitty").replace(no_knock_first_lap=True, deck=Deck.THIRTY_TWO)
    state, _ = deal(rules, ("7S 8H 9D", "7H 8D 9C"), "TC")
    state, _ = play(state, "draw")
    assert not any(getattr(a, "knock", False) for a in legal_actions(state))
    state, _ = play(state, "discard " + state.drawn.code, "draw")
    assert any(getattr(a, "knock", False) for a in legal_actions(state))


def test_first_lap_knocking_is_in_the_rules_text_and_clashes_with_under_the_gun():
    assert "Nobody may knock in the first lap" in rules_text(SHORT.replace(no_knock_first_lap=True))
    with pytest.raises(RulesError, match="under the gun"):
        SHORT.replace(no_knock_first_lap=True, under_the_gun=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_play_outs_respect_the_first_lap(seed):
    from thirtyone.bots.fastround import finish_round
    rules = BOARD.replace(no_knock_first_lap=True)
    state, _ = apply(new_game(rules, NAMES[:4], seed=seed), DEAL)
    moves: list[Any] = []
    finish_round(state, random.Random(seed), moves)
    for move in moves:  # every move the play-out made is legal in the engine
        state, _ = apply(state, move)


def test_the_rules_text_names_the_table_the_deck_can_deal():
    assert "For 2 to 10 players with a 32-card deck" in rules_text(preset("kitty").replace(deck=Deck.THIRTY_TWO))


# -- the schwimmen preset, point by point (docs/rules.md) ---------------------------------------------
SCHWIMMEN = preset("schwimmen")


def _schwimmen_deal(hands, board, **kwargs):
    """A schwimmen deal whose dealer (the last seat) keeps the dealt hand: ``board`` is turned up."""
    state, _ = deal(SCHWIMMEN, hands, board, **kwargs)
    return play(state, "keep")[0]


@pytest.mark.parametrize("source, quote, field, value", [
    ("pagat", "You need a normal 32-card deck (7-10, J, Q, K, A)", "deck", Deck.THIRTY_TWO),
    ("pagat", "This game will work with from 2 to 8 players", "advised_max_players", 8),
    ("W", "a social card game for two to nine players", "max_players", 9),
    ("braillespiel.de", "oder man tauscht drei Karten (zwei geht nicht) oder man passt", "exchange",
     Exchange.COMMERCE),
    ("braillespiel.de", "Haben alle Spieler nacheinander gepasst, werden die Mittelkarten durch drei andere von den "
                        "Restkarten ausgetauscht", "board_refresh", True),
    ("W", "This combination always scores 30 ½ points", "three_of_a_kind", 30.5),
    ("braillespiel.de", "Hat man drei gleiche Karten so zählt dies 30,5 (außer es sind Asse, dann zählt es wie "
                        "gesagt 32)", "three_aces", 32.0),
    ("braillespiel.de", "Ist einer dieser Kombinationen genannt, wird das Spiel sofort beendet", "instant_31", True),
    ("pagat", "3 each is reasonable", "lives", 3),
    ("Lite Games", "Hat ein Spieler keine Streichhölzer mehr, schwimmt er. Verliert er ein weiteres mal, so geht "
                   "er unter", "honor_swims", True),
    ("pagat", "The dealer looks at his 3 cards and decides whether to play with these or with the extra hand",
     "dealer_choice", True),
])
def test_the_schwimmen_preset_follows_its_sources(source, quote, field, value):
    assert getattr(SCHWIMMEN, field) == value
    assert SCHWIMMEN.honor_life


def test_schwimmen_after_a_31_the_lowest_hand_loses():
    # braillespiel.de: "Wenn ein Spieler Schluss macht oder Schnauze meldet, muss der Spieler mit den wenigsten
    # Punkten einen Zählstein abgeben"
    state = _schwimmen_deal(("AS KS 7C", "KD QD 9S", "8C 9C 7D"), "QS 8H 9H")
    state, _ = play(state, "swap 7C QS")
    assert list(state.last_result.lives_lost) == [0, 0, 1]


def test_schwimmen_fire_costs_everyone_else_a_life():
    # Schwimmen Deluxe: "If one player holds 3 aces, all other players lose the game regardless of their score."
    state = _schwimmen_deal(("AS AH 7C", "KD QD 9S", "8C 9C 7D"), "AD 8H 9H")
    state, _ = play(state, "swap 7C AD")
    assert list(state.last_result.lives_lost) == [0, 1, 1]
    assert "fire" in state.last_result.reasons[1]


def test_schwimmen_a_knocker_tied_for_lowest_loses_alone():
    # Schwimmen Deluxe: "But if one of the players with the lowest score has knocked, only this one loses"
    state = _schwimmen_deal(("7S 8H 9D", "7H 8D 9C", "AS KS QD"), "7C 8C TD")
    state, _ = play(state, "knock", "pass", "pass")
    assert list(state.last_result.lives_lost) == [1, 0, 0]


def test_schwimmen_with_too_few_cards_for_a_new_middle_the_round_ends():
    # pagat (CardStock's summary): "If all players have passed, and cards remain in the deck, then three new cards
    # are dealt face-up to the table and play resumes, otherwise the game ends"
    state = _schwimmen_deal(("7S 8H 9D", "7H 8D 9C"), "JC 8C TD")
    state = state.evolve(stock=state.stock[:2], stock_unsettled=min(state.stock_unsettled, 2))
    state, events = play(state, "pass", "pass")
    assert state.results and state.last_result.reason is RoundEnd.STOCK_OUT
    commerce = BOARD.replace(refresh_short=StockOut.RESHUFFLE)
    state, _ = deal(commerce, ("7S 8H 9D", "7H 8D 9C"), "JC 8C TD")
    state = state.evolve(stock=state.stock[:2], stock_unsettled=min(state.stock_unsettled, 2))
    state, events = play(state, "pass", "pass")
    assert not state.results and len(state.board) == 3
    assert any(isinstance(event, BoardRefreshed) for event in events)


def test_schwimmen_swimming_is_told_as_swimming():
    state = _schwimmen_deal(("7S 8H 9D", "AS KS QD"), "7C 8C TD", tokens=(2, 4))
    state, _ = play(state, "knock", "pass")
    assert state.tokens[0] == 1
    assert state.last_result.reasons[0].endswith("and now swims: one more loss and out.")
    assert "means you swim" in rules_text(SCHWIMMEN)


@pytest.mark.parametrize("language, words", [
    ("en", ["32-card deck (7 to ace)", "pass or knock", "you swim", "fire"]),
    ("de", ["32 Karten (7 bis Ass)", "schiebst oder klopfst", "schwimmst du", "Feuer", "Schnauz"]),
])
def test_thirtyone_rules_schwimmen_reads_right(capsys, tmp_path, language, words):
    from thirtyone import i18n
    try:
        code, out, _err = run(capsys, "--language", language, "--data-dir", str(tmp_path), "rules", "schwimmen")
    finally:
        i18n.set_language("en")
    assert code == 0
    for word in words:
        assert word in out


# -- the dealer's choice -----------------------------------------------------------------------------
CHOOSING = BOARD.replace(dealer_choice=True)


def _dealt_to_choose(rules=CHOOSING):
    """Seat 2 deals to seats 0 and 1 and itself; the spare (the 'board' of the stacked deck) is 7C 8C TD."""
    return deal(rules, ("7S 8H 9D", "7H 8D 9C", "AS KS 7D"), "8S 9S TC")[0]


@pytest.mark.parametrize("source, quote", [
    ("pagat", "The dealer deals 3 cards face down to each player, plus an extra hand of 3 cards. The dealer looks at "
              "his 3 cards and decides whether to play with these or with the extra hand - this choice must be made "
              "before he sees the cards in the extra hand."),
    ("braillespiel.de", "Dann schaut er sich seine Karten an und entscheidet, ob er seine Karten offen in die Mitte "
                        "legt und die verdeckten Karten aus der Mitte nimmt oder ob er seine Karten behält und die "
                        "Karten von der Mitte aufdeckt."),
])
def test_the_dealer_chooses_before_anyone_sees_the_spare(source, quote):
    state = _dealt_to_choose()
    assert state.phase is Phase.CHOOSE and state.current == state.dealer == 2
    assert legal_actions(state) == (KEEP, TAKE_SPARE)
    for seat in range(3):  # nobody sees the spare, the dealer included
        assert observe(state, seat).board == ()
        assert not any(card in parse_cards("8S 9S TC") for event in observe(state, seat).log
                       for card in getattr(event, "board", ()))
    assert why_illegal(state, parse_action("pass")) == "Lou is choosing first: keep the dealt hand or take the spare"


def test_keeping_turns_the_spare_up_and_the_left_hand_player_begins():
    state, events = play(_dealt_to_choose(), "keep")
    assert events == [DealerChose(2, False, parse_cards("8S 9S TC"))]
    assert state.phase is Phase.TURN and state.current == 0 and state.turns_taken == 0
    assert state.hands[2] == parse_cards("AS KS 7D") and observe(state, 0).board == parse_cards("8S 9S TC")


def test_taking_the_spare_lays_the_dealt_hand_open():
    state, events = play(_dealt_to_choose(), "take spare")
    assert events == [DealerChose(2, True, parse_cards("AS KS 7D"))]
    assert state.hands[2] == parse_cards("8S 9S TC") and state.board == parse_cards("AS KS 7D")
    assert observe(state, 0).hand_sizes[2] == 3 and observe(state, 0).known[2] == ()
    assert state.current == 0


def test_a_spare_of_31_is_shown_at_once():
    state = deal(CHOOSING, ("7S 8H 9D", "7H 8D 9C", "7D 8C 9S"), "AS KS QS")[0]
    state, events = play(state, "take spare")
    assert state.last_result.showed_31 == (2,)


def test_the_choice_is_refused_outside_the_choosing_phase_and_needs_a_board():
    state, _ = play(_dealt_to_choose(), "keep")
    with pytest.raises(IllegalActionError, match="only the dealer chooses"):
        apply(state, KEEP)
    with pytest.raises(RulesError, match="dealer's choice needs a board"):
        SHORT.replace(dealer_choice=True)
    assert "take the spare unseen" in rules_text(CHOOSING)
    assert parse_action("take spare") is TAKE_SPARE and str(TAKE_SPARE) == "take spare" and str(KEEP) == "keep"


@pytest.mark.parametrize("bot_name", ["sharp", "casual", "beginner", "expert"])
def test_bots_make_the_dealers_choice(bot_name):
    from thirtyone.bots import make_bot
    bot = make_bot(bot_name)
    state = _dealt_to_choose()  # the spare is 8S 9S TC: 27, far above the average spare of about 15.8
    dealer = state.hands[:2]
    strong = state.evolve(hands=(*dealer, parse_cards("AS KS 7D")))  # 21: keep
    weak = state.evolve(hands=(*dealer, parse_cards("7D 8H JC")))  # 10: take the unseen spare
    rng = random.Random(1)
    for _ in range(5):  # a beginner's margin wobbles by up to three points: still clear at 10 against 15.8
        assert bot.choose(observe(weak, 2), rng) is TAKE_SPARE
        assert bot.choose(observe(strong, 2), rng) is KEEP


def test_a_record_with_the_dealers_choice_replays():
    state = new_game(CHOOSING, NAMES[:3], seed=5)
    record_actions = []
    rng = random.Random(5)
    for _ in range(200):
        if state.is_terminal:
            break
        action = rng.choice(legal_actions(state))
        record_actions.append(action)
        state, _ = apply(state, action)
    record = GameRecord(CHOOSING, tuple(Seat(n) for n in NAMES[:3]), 5, new_game(CHOOSING, NAMES[:3], seed=5).dealer,
                        tuple(record_actions))
    assert GameRecord.from_json(record.to_json()).final_state() == state
    assert any(type(a).__name__ in ("KeepHand", "TakeSpare") for a in record_actions)


# -- under 21 always loses (Board Game Arena) ----------------------------------------------------------
@pytest.mark.parametrize("source, quote, hands, lost", [
    ("BGA (Thirty-One)", "At the end of a round, any player who scored less than 21 points will lose a life",
     ("7S 8H 9D", "7H 8D 9C", "AS KS 7D", "AH KH QH"), [1, 1, 1, 0]),
    ("BGA (Thirty-One)", "From those with 21 points or more, the lowest or tied lowest also loses a life",
     ("AC KC 7D", "7H 8D 9C", "AS QS 8H", "AH KH 9H"), [1, 1, 1, 0]),
])
def test_a_hand_under_21_always_loses(source, quote, hands, lost):
    rules = BOARD.replace(below_21_loses=True, instant_31=False, instant_31_on_deal=False, knocker_penalty=1,
                          board_refresh=False)
    state, _ = deal(rules, hands, "7C 8C TD")
    state, _ = play(state, "pass", "pass", "pass", "knock", "pass", "pass", "pass")
    result = state.last_result
    assert list(result.lives_lost) == lost
    assert "under 21" in result.reasons[1]
    assert "Every hand under 21 loses a life" in rules_text(rules)


def test_the_table_line_keeps_a_dealer_still_choosing():
    state = _dealt_to_choose()
    line = to_line(state)
    assert "phase=choose" in line.split()
    again = from_line(line)
    assert again.phase is Phase.CHOOSE and legal_actions(again) == (KEEP, TAKE_SPARE)
    assert apply(again, TAKE_SPARE)[0].hands[2] == state.board
