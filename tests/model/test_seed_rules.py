"""The five rule documents, sentence by sentence: each case quotes the seed it comes from.

Seeds (``shared/seeds``): 000 London Pony Meet (``london``), 001 31 for the kitty (``kitty``),
002 full rules with 8 variations (``classic``), 003 Scat (``scat``), 004 an online-table
sheet (``open-table``). Rounds are dealt from stacked decks: seat 0 (Kelly) plays first.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings, strategies as st

from thirtyone.model import (PRESETS, Exchange, IllegalActionError, RoundEnded, RulesError, hand_value, new_game,
                             parse_action, parse_cards, player_counts, preset)
from thirtyone.model import apply, legal_actions
from thirtyone.model.actions import DEAL
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.describe import rules_text
from thirtyone.model.events import RoundEnd
from thirtyone.model.presets import recommendation
from thirtyone.model.scoring import count_hand

from tests.engine_support import deal, play, stacked_deck


# -- hand values -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, quote, preset_id, hand, value", [
    ("000", "if a player is holding 5♥ 4♥ 2♣, they may add up the two heart values to get a score of 9 points",
     "london", "5H 4H 2C", 9),
    ("000", "Three-of-a-kind is worth 30.5, and is the second-highest possible score", "london", "7C 7H 7S", 30.5),
    ("001", "Kelly draws their first hand: 10♥ A♥ J♣. Their hand is either 21 points", "kitty", "TH AH JC", 21),
    ("001", "Lou draws her first hand: 2♦ 2♥ 2♣. Her total is 30.", "kitty", "2D 2H 2C", 30),
    ("002", "♣️ A, ♦️ 5, ♦️ 4: 11 points (11 vs. 5 + 4 = 9)", "classic", "AC 5D 4D", 11),
    ("002", "♦️ Q, ♠️ 7, ♠️ 5: 12 points (7 + 5)", "classic", "QD 7S 5S", 12),
    ("002", "♣️ K, ♥️ 9, ♠️ 2: 10 points (10 vs. 9 vs. 2)", "classic", "KC 9H 2S", 10),
    ("002", "3-of-a-kind, the hand total is 30 points", "classic", "8C 8H 8S", 30),
    ("003", "total up the highest value they can make using cards of a single suit", "scat", "8C 8H 8S", 8),
    ("003", "the highest value they can make using cards of a single suit", "scat", "AC 5D 4D", 11),
    ("004", "Cards only have value when they share the same suit as another card in hand", "open-table",
     "AC 5D 4D", 9),
    ("004", "King-Spades, 8-Spades and Ace-Clubs would have a value of 18", "open-table", "KS 8S AC", 18),
    ("004", "Ace-Hearts, 6-Diamonds and K-Clubs would have a value of 11", "open-table", "AH 6D KC", 11),
    ("004", "A three-of-a-kind containing three 4's is worth 30 points", "open-table", "4S 4H 4D", 30),
])
def test_hand_values(seed, quote, preset_id, hand, value):
    rules = preset(preset_id)
    assert hand_value(parse_cards(hand), rules) == value
    assert count_hand(parse_cards(hand), rules).value == value


@pytest.mark.parametrize("preset_id, hand, counted, words", [
    ("open-table", "AC 5D 4D", "5D 4D", "A♣ alone does not count beside a pair"),
    ("classic", "AC 5D 4D", "AC", "A♣ 11 alone beats the diamond pair (5♦ 5 + 4♦ 4 = 9)"),
    ("classic", "KC 4D 3D", "KC", "K♣ 10 alone beats the diamond pair"),
])
def test_the_counted_cards_follow_the_counting(preset_id, hand, counted, words):
    """The round-end highlight and the ``score`` command both read ``count_hand``."""
    result = count_hand(parse_cards(hand), preset(preset_id))
    assert set(result.counted) == set(parse_cards(counted))
    assert words in result.explanation


# -- rounds ----------------------------------------------------------------------------------------
@dataclass
class Round:
    seed: str
    quote: str
    preset_id: str
    hands: list[str]
    middle: str
    stock: str
    actions: list[str]
    lives_lost: tuple[int, ...]
    reason: RoundEnd = RoundEnd.KNOCK
    changes: dict[str, Any] = field(default_factory=dict)
    says: tuple[tuple[int, str], ...] = ()


ROUNDS = [
    Round("000", "Knocking after someone has already knocked is considered a pass", "london",
          ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S 3S 7C", "", ["knock", "knock", "pass"], (0, 0, 1)),
    Round("000", "The player with the lowest score loses a life.", "london",
          ["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S 3S 7C", "", ["knock", "pass", "pass"], (1, 0, 0),
          says=((0, "Kelly knocked and had the lowest hand, 25: loses a life."),)),
    Round("000", "If multiple players are tied for lowest, they all lose a life.", "london",
          ["TH AH 4H", "TD AD 4D", "2D 2H 2C"], "6S 3S 7C", "", ["knock", "pass", "pass"], (1, 1, 0)),
    Round("001", "If the person with the lowest score was also the one who knocked, they lose TWO", "kitty",
          ["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["draw", "discard 3C knock", "draw", "discard 5S", "draw", "discard 7C"], (2, 0, 0)),
    Round("001", "If there is a tie for lowest between the person who knocked and another person, the other "
          "person loses their life", "kitty",
          ["TH AH 4H", "TD AD 4D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["draw", "discard 3C knock", "draw", "discard 5S", "draw", "discard 7C"], (0, 1, 0),
          says=((0, "Kelly knocked and tied for the lowest hand, 25: safe, because a tie goes against the "
                    "players who did not knock."),)),
    Round("001", "Otherwise, if there is a tie both players lose a life.", "kitty",
          ["8D TD 9D", "TH AH 4H", "TC AC 4C"], "6S", "3S 5S 7S",
          ["draw", "discard 3S knock", "draw", "discard 5S", "draw", "discard 7S"], (0, 1, 1)),
    Round("002", "If after drawing and discarding the player has 31 points, they must immediately reveal their "
          "hand ending the round.", "classic",
          ["2C 3D 4H", "AS KS 2H", "5C 6D 7H"], "8S", "9C QS",
          ["draw", "discard 9C", "draw", "discard 2H"], (1, 0, 1), RoundEnd.THIRTY_ONE),
    Round("002", "the player who knocked ends with the lowest or tied for the lowest points, then the player who "
          "knocked loses TWO coins", "classic",
          ["TH AH 4H", "TD AD 4D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["knock", "draw", "discard 3C", "draw", "discard 5S"], (2, 1, 0)),
    Round("002", "Shared Pain - If a player knocks and is tied for the lowest hand value at the end of the round, "
          "they only lose one life.", "classic",
          ["TH AH 4H", "TD AD 4D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["knock", "draw", "discard 3C", "draw", "discard 5S"], (1, 1, 0), changes={"knocker_tied": "all-one"}),
    Round("002", "Headshaker Knock - If a player knocks and is tied for the lowest score, they lose one life and "
          "other tied players do not lose a life.", "classic",
          ["TH AH 4H", "TD AD 4D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["knock", "draw", "discard 3C", "draw", "discard 5S"], (1, 0, 0), changes={"knocker_tied": "knocker-one"}),
    Round("002", "Forgiving Knock - If a player knocks and a player declares 31, the knocking player only loses "
          "one life instead of two.", "classic",
          ["2C 3D 4H", "AS KS 2H", "5C 6D 7H"], "8S", "QS 9C",
          ["knock", "draw", "discard 2H"], (1, 0, 1), RoundEnd.THIRTY_ONE, {"knocker_penalty_on_31": 1}),
    Round("002", "Knocking Under the Gun – ... all other players also reveal their hand and player(s) with the "
          "lowest hand value lose a life.", "classic",
          ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S 7C",
          ["knock"], (0, 0, 1), RoundEnd.UNDER_THE_GUN, {"under_the_gun": True}),
    Round("003", "If a player knocked, but does not have the highest score, they lose a life.", "scat",
          ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S 7C",
          ["knock", "draw", "discard 3S", "draw", "discard 5S"], (1, 0, 1)),
    Round("003", "If a player knocked, but the round ended due to another player getting 31, all players "
          "(besides the one with 31) lose a life.", "scat",
          ["2C 3D 4H", "AS KS 2H", "5C 6D 7H"], "8S", "QS 9C",
          ["knock", "draw", "discard 2H"], (1, 0, 1), RoundEnd.THIRTY_ONE),
    Round("004", "If a player that knocks ends up having the lowest valued hand, they lose 2 lives.", "open-table",
          ["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["knock", "draw", "discard 3C", "draw", "discard 5S"], (2, 0, 0)),
    Round("004", "If the player that knocks has a hand value that ties with another player (or players), only the "
          "player (or players) that did not knock loses a life.", "open-table",
          ["TH AH 4H", "TD AD 4D", "2D 2H 2C"], "6S", "3C 5S 7C",
          ["knock", "draw", "discard 3C", "draw", "discard 5S"], (0, 1, 0)),
    Round("004", "Cards only have value when they share the same suit as another card in hand", "open-table",
          ["AC 5D 4D", "AH 6S 2C", "KS QS 2D"], "3H", "2S 3S 4S",
          ["knock", "draw", "discard 2S", "draw", "discard 3S"], (2, 0, 0),
          says=((0, "Kelly knocked and had the lowest hand, 9: loses 2 lives."),)),
    Round("004", "If a player ever has a hand value of 31, the cards are immediately shown and every other player "
          "loses a life.", "open-table",
          ["2C 3D 4H", "AS KS 2H", "5C 6D 7H"], "8S", "9C QS",
          ["draw", "discard 9C", "draw", "discard 2H"], (1, 0, 1), RoundEnd.THIRTY_ONE),
]


@pytest.mark.parametrize("case", ROUNDS, ids=[f"{c.seed}-{i}" for i, c in enumerate(ROUNDS)])
def test_rounds_end_as_the_seeds_say(case: Round):
    rules = preset(case.preset_id)
    if case.changes:
        rules = rules.from_dict(case.changes, rules)
    state, _ = deal(rules, case.hands, case.middle, case.stock)
    state, events = play(state, *case.actions)
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.reason is case.reason
    assert result.lives_lost == case.lives_lost
    for seat, sentence in case.says:
        assert result.reasons[seat] == sentence


# -- turns -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, quote, preset_id, actions, refused, reason", [
    ("001", "After discarding a card, if you feel confident about your hand, you can knock.", "kitty",
     [], "knock", "knock after your discard"),
    ("002", "You are not allowed to discard a card that was drawn from the discard pile at the beginning of your "
     "turn.", "classic", ["take"], "discard 6S", "may not discard the card you just took"),
    ("003", "Each player takes turns either knocking or drawing..", "scat", ["draw"], "knock",
     "discard one first"),
])
def test_moves_the_seeds_forbid_are_refused(seed, quote, preset_id, actions, refused, reason):
    state, _ = deal(preset(preset_id), ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S 7C")
    state, _ = play(state, *actions)
    with pytest.raises(IllegalActionError, match=reason):
        apply(state, parse_action(refused))


def test_004_the_card_just_drawn_may_be_discarded():
    """004: "The discarded card may be the same card they had just drawn." """
    state, _ = deal(preset("open-table"), ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S 7C")
    state, _ = play(state, "take", "discard 6S")
    assert state.discards[-1] == parse_cards("6S")[0] and state.current == 1


def test_000_the_board_is_three_cards_face_up():
    """000: "3 cards face-up in the center. The cards in the center are called the _board_." """
    state, _ = deal(preset("london"), ["TH AH 4H", "8D TD 9D"], "6S 3S 7C")
    assert state.board == parse_cards("6S 3S 7C")
    state, _ = play(state, "swap 4H 6S")
    assert parse_cards("4H")[0] in state.board and parse_cards("6S")[0] in state.hands[0]


# -- lives -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, quote, preset_id, tokens, last_words", [
    ("000", "Each player starts with 3 lives.", "london", 3, "out of the game"),
    ("001", "If they have no more piles to give, they are out of the game.", "kitty", 3, "out of the game"),
    ("002", "they are considered \u201con their honor\u201d and they receive one forth/final coin", "classic", 4,
     "on their honor"),
    ("003", "Each player gets 5 lives", "scat", 5, "out of the game"),
    ("004", "When a player loses all three of their lives, they are still in the game.", "open-table", 4,
     "plays on at zero lives"),
])
def test_lives(seed, quote, preset_id, tokens, last_words):
    rules = preset(preset_id)
    assert rules.starting_tokens == tokens
    hands = ["TH AH 4H", "8D TD 9D", "2D 5H 3C"]
    last = 2 if rules.honor_life else 1
    if rules.has_board:
        state, _ = deal(rules, hands, "6S 3S 7C", tokens=(3, 3, last))
        state, events = play(state, "knock", "pass", "pass")
    else:
        state, _ = deal(rules, hands, "6S", "3S 5S 7C", tokens=(3, 3, last))
        actions = ["draw", "discard 3S knock", "draw", "discard 5S", "draw", "discard 7C"] \
            if rules.knock_timing.value == "after-discard" else ["knock", "draw", "discard 3S", "draw", "discard 5S"]
        state, events = play(state, *actions)
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.reasons[2].endswith(last_words + ".")


# -- table size ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, quote, preset_id, allowed, advice_from", [
    ("000", "2 or more players", "london", range(2, 17), None),
    ("002", "The game can be played with 2 to 8 players.", "classic", range(2, 9), None),
    ("004", "31 is a tense hand management game for 2-6 players.", "open-table", range(2, 17), 7),
    ("001", "(no number of players)", "kitty", range(2, 17), None),
    ("003", "(no number of players)", "scat", range(2, 17), None),
])
def test_table_size_follows_the_deck(seed, quote, preset_id, allowed, advice_from):
    rules = preset(preset_id)
    assert player_counts(rules) == allowed
    if advice_from:
        assert recommendation(rules, advice_from - 1) is None
        assert "2 to 6 players" in (recommendation(rules, advice_from) or "")


def test_a_board_game_of_nine_needs_only_thirty_cards():
    """000: "2 or more players"; a board game of nine deals 27 cards and a board of 3."""
    state = new_game(preset("london"), [f"P{seat}" for seat in range(9)], seed=3)
    state, _ = apply(state, DEAL)
    assert sum(len(hand) for hand in state.hands) + len(state.board) == 30
    assert all(len(hand) == 3 for hand in state.hands)


# -- fire ------------------------------------------------------------------------------------------
def test_three_aces_are_announced_as_fire():
    state, _ = deal(preset("commerce"), ["AS AH 2D", "KC 9H 4S", "5C 6D 8H"], "AD 3C 7H")
    state, events = play(state, "swap 2D AD")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.scores[0] == 33
    assert result.reasons[0] == "Kelly showed fire, three aces worth 33: safe, everyone else loses a life."
    assert result.reasons[1] == "Al had 10 when Kelly showed fire: loses a life."
    assert not any("31" in reason for reason in result.reasons)


# -- rules texts -----------------------------------------------------------------------------------
@pytest.mark.parametrize("preset_id, present, absent", [
    ("london", ["For 2 to 16 players", "a second knock counts as a pass", "30½"],
     ["kitty", "Otherwise", "2 to 8 players", "on your honor"]),
    ("kitty", ["paid into the kitty", "the last player left in wins the game and takes the kitty",
               "Knock right after your discard"], ["Otherwise", "on your honor"]),
    ("classic", ["For 2 to 8 players", "'on your honor'", "A♣ 5♦ 4♦ is 11"], ["kitty", "Otherwise"]),
    ("scat", ["5 lives", "nothing special", "does not hold the highest hand"], ["kitty", "Otherwise"]),
    ("open-table", ["best with 2 to 6", "still in the game at zero", "A♣ 5♦ 4♦ is 9",
                    "You may discard the very card you just took"], ["kitty", "on your honor", "Otherwise"]),
    ("commerce", ["fire", "shows 31 (or fire) after a knock"], ["kitty", "Otherwise"]),
])
def test_rules_texts_read_as_their_sources(preset_id, present, absent):
    text = rules_text(preset(preset_id))
    for words in present:
        assert words in text, words
    for words in absent:
        assert words not in text, words


# -- the command line ------------------------------------------------------------------------------
def _cli(*argv: str, encoding: str = "utf-8") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "thirtyone", *argv], capture_output=True, env=env, timeout=60)


def test_score_explains_a_lone_card_against_a_pair():
    done = _cli("score", "KC", "4D", "3D")
    assert done.returncode == 0
    assert done.stdout.decode() == "10  K♣ 10 alone beats the diamond pair (4♦ 4 + 3♦ 3 = 7)\n"
    done = _cli("score", "AC", "5D", "4D", "--preset", "open-table")
    assert done.stdout.decode().startswith("9  diamonds: 5♦ 5 + 4♦ 4 = 9 (A♣ alone does not count")


def _record_with_you(tmp_path):
    """Two rounds in which "You" plays first, loses and goes out: a whole game."""
    deck = stacked_deck(["TH AH 4H", "8D TD 9D"], "6S", "3C 5S")
    record = GameRecord(preset("classic").replace(lives=1, honor_life=False), (Seat("You"), Seat("Ada", "bot:sharp")),
                        seed=3, first_dealer=1, decks=(deck,), preset="classic",
                        actions=tuple(parse_action(a) for a in ("deal", "knock", "draw", "discard 3C")))
    path = tmp_path / "you.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_replay_sentences_agree_with_a_seat_named_you(tmp_path):
    done = _cli("replay", str(_record_with_you(tmp_path)))
    text = done.stdout.decode()
    assert done.returncode == 0, done.stderr
    assert "Ada deals, You play first." in text
    assert "You knocked and had the lowest hand, 25: lose a life and are out of the game." in text  # the one life You had
    assert "You are out." in text and "Ada wins the game." in text
    assert "You plays" not in text and "You is" not in text


@pytest.mark.parametrize("argv", [["score", "AC", "5D", "4D"], ["rules", "commerce"], ["rules", "--list"],
                                  ["replay", "RECORD"], ["replay", "RECORD", "--json"]])
def test_commands_fall_back_to_suit_letters_where_stdout_cannot_encode_suits(tmp_path, argv):
    argv = [str(_record_with_you(tmp_path)) if arg == "RECORD" else arg for arg in argv]
    done = _cli(*argv, encoding="cp1252")
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    text = done.stdout.decode("cp1252")
    assert not set("♠♥♦♣") & set(text)
    utf8 = _cli(*argv).stdout.decode()
    if "--json" in argv:
        assert json.loads(text) == json.loads(utf8)  # escaped, nothing lost
    else:
        assert text == utf8.translate(str.maketrans("♠♥♦♣", "SHDC"))
    if argv[0] == "score":
        assert text.startswith("11  AC 11 alone beats the diamond pair (5D 5 + 4D 4 = 9)")


# -- every accepted rule set ends (issue 21) -------------------------------------------------------
@pytest.mark.parametrize("exchange", ["board", "commerce"])
@pytest.mark.parametrize("knock", [{"knock_minimum": 25.0}, {"suited_knock": True}])
def test_a_board_with_a_knock_requirement_needs_a_turn_limit(exchange, knock):
    rules = preset("london").replace(exchange=Exchange(exchange))
    with pytest.raises(RulesError, match="never end: choose a turn limit"):
        rules.replace(**knock)
    limited = rules.replace(turn_limit=10, **knock)
    assert "10 turns" in rules_text(limited)


ROUND_ACTIONS = 20_000
"""No round of random play may take more actions than this."""


ENDING_OPTIONS = {"exchange", "knock_minimum", "suited_knock", "turn_limit", "board_refresh", "stock_out",
                  "instant_31"}


def _option_values():
    return {option.field: [value for value, _ in option.choices] for option in RULE_OPTIONS}


@st.composite
def accepted_rules(draw):
    """Any rule set the validator accepts, from a preset and the editor's choices."""
    base = preset(draw(st.sampled_from(sorted(PRESETS))))
    # The options that decide how a round can end are always drawn; the rest sometimes.
    changes = {name: draw(st.sampled_from(values)) for name, values in _option_values().items()
               if name in ENDING_OPTIONS or draw(st.booleans())}
    changes["lives"] = draw(st.integers(1, 2))
    try:
        rules = base.replace(**changes)
    except RulesError:
        reject()
    players = draw(st.integers(2, min(6, rules.max_players)))
    return rules, players, draw(st.integers(0, 2**32))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(accepted_rules())
def test_every_accepted_rule_set_ends_under_random_play(game):
    rules, players, seed = game
    state = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_terminal:
        round_number = state.round_number
        while state.round_number == round_number and not state.is_terminal:
            state, _ = apply(state, rng.choice(legal_actions(state)))
            actions += 1
            assert actions <= ROUND_ACTIONS * (round_number + 1), f"round {round_number} did not end: {rules}"
    assert state.winner is not None


def test_the_window_announces_fire_not_thirty_one():
    """The round-end headline and the log read the model's name for a showing."""
    from tests.ui_support import make_app
    from thirtyone.ui.narration import narrate
    from thirtyone.ui.table.round_end import RoundEndScene

    state, _ = deal(preset("commerce"), ["AS AH 2D", "KC 9H 4S", "5C 6D 8H"], "AD 3C 7H")
    state, events = play(state, "swap 2D AD")
    log = [line for event in events for line in narrate(event, ("You", "Al", "Lou"), preset("commerce"), 0)]
    assert "You show A♠ A♥ A♦: fire!" in log
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    app = make_app()
    scene = RoundEndScene(app.ctx, result, ("You", "Al", "Lou"), preset("commerce"))
    assert scene.headline() == "Round 1: Fire!"


def test_open_table_games_saved_before_004s_counting_replay_as_played():
    """A record or autosave written before the option existed counted the lone card (002)."""
    old_rules = preset("open-table").to_dict()
    del old_rules["lone_card_beside_pair"]
    record = GameRecord(preset("open-table"), (Seat("Kelly"), Seat("Al")), seed=3, first_dealer=1, preset="open-table")
    text = record.to_json()
    data = json.loads(text)
    data["rules"] = old_rules
    assert GameRecord.from_json(json.dumps(data)).rules.lone_card_beside_pair is True
    assert GameRecord.from_json(text).rules.lone_card_beside_pair is False
    data["rules"] = {"lives": 2}  # a hand-written record takes the preset's counting
    assert GameRecord.from_json(json.dumps(data)).rules.lone_card_beside_pair is False


def test_the_new_game_screen_refuses_a_round_that_could_never_end():
    from tests.ui_support import make_app
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.screens.new_game import NewGameScene

    scene = NewGameScene(make_app().ctx, GameSetup.default())
    scene.preset.set_value("london")
    scene._preset_changed("london")
    scene._option_changed("knock_minimum", 25.0)
    assert not scene.start.enabled and "choose a turn limit" in scene.error
    scene._option_changed("turn_limit", 20)
    assert scene.start.enabled and not scene.error
