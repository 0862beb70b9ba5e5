"""The one-line notation's contract: a line is refused in one short sentence, or the engine plays on from it.

Lines are taken from random games and damaged part by part (a value from another
game, a value of the wrong kind, deep or huge values); whatever ``from_line``
accepts, the engine must list legal actions for and play on from.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from thirtyone.model import PRESETS, PositionError, apply, from_line, legal_actions, to_line
from thirtyone.model.notation import KEYS

from tests.model.test_notation import good_line, states_of_a_game, with_part

MAX_MESSAGE_CHARS = 300
"""A refusal is one sentence: it quotes only the start of a bad part."""
PLAY_ON_ACTIONS = 60
"""Actions played at random from an accepted line (the rest of a round or more)."""


def refused_briefly(line: str) -> str:
    with pytest.raises(PositionError) as refused:
        from_line(line)
    message = str(refused.value)
    assert len(message) <= MAX_MESSAGE_CHARS and "\n" not in message, message[:400]
    return message


def test_a_deeply_nested_rule_value_is_refused_not_a_recursion_error() -> None:
    message = refused_briefly(with_part("rules", "classic,lives=" + "[" * 100_000 + "]" * 100_000))
    assert message.startswith("rules=classic,lives=[[[")


@pytest.mark.parametrize("key, value", [
    ("hands", "X" * 100_000 + "/2C,3C,4C"),
    ("seats", "A" * 100_000 + "," + "A" * 100_000),
    ("lives", "9" * 100_000 + ",1"),
    ("rules", "classic," + "x" * 100_000 + "=1"),
    ("rules", "classic,lives=" + "7" * 100_000),
    ("luck", "g" * 100_000),
])
def test_a_huge_bad_part_is_quoted_only_in_part(key: str, value: str) -> None:
    assert refused_briefly(with_part(key, value)).startswith(key)


def _part(key: str) -> str:
    return next(word.partition("=")[2] for word in good_line().split() if word.startswith(key + "="))


@pytest.mark.parametrize("key, value, why", [
    ("phase", "discard", "hands: seat 1 holds 3 cards in phase=discard, not 4"),
    ("turn", "-", "turn=-: the seat to play must still have lives"),
    ("hands", "-/" + _part("hands").split("/")[1], "hands: seat 0 holds 0 cards in phase=turn, not 3"),
    ("lives", "0,3", "lives: 1 seats still in the game"),
    ("taken", _part("hands").split("/")[1].split(",")[0], "only a card the player to discard holds"),
    ("winner", "0", "only a finished game has a winner"),
    ("rules", "commerce", "board: 0 cards; these rules have a board of 3"),
])
def test_a_table_the_engine_cannot_play_on_is_refused(key: str, value: str, why: str) -> None:
    assert why in refused_briefly(with_part(key, value))


JUNK = ("-", "0", "1", "2", "3", "99", "deal", "turn", "discard", "game-over", "0,0", "1,1", "0,1", "1,0", "0,0,0",
        "AS", "AS,KS,QS,JS", "-/-", "ff", "classic,lives=[[1]]", "kitty", "scat,old_west=true")
OPTIONS = ("old_west=true", "quick_draw=true", "knock_minimum=21", "turn_limit=2", "may_discard_taken=false",
           "knock_timing=after_discard", "exchange=commerce", "stock_out=reshuffle", "suited_knock=true")
PLACES = ("hands", "stock", "discards", "board")


def _groups(parts: dict[str, str], key: str) -> list[list[str]]:
    """A card part as lists of codes (one list per seat for hands)."""
    return [[] if group == "-" else group.split(",") for group in (parts[key].split("/") if key == "hands"
                                                                       else [parts[key]])]


@st.composite
def damaged_lines(draw: st.DrawFn) -> str:
    """A line of a random game's random moment with one to three parts changed: a card moved to
    another place (every card still once), a rule option added, a value of another game or junk."""
    seed = draw(st.integers(0, 2**32))
    states = list(states_of_a_game(draw(st.sampled_from(sorted(PRESETS))), draw(st.integers(2, 5)), seed))
    parts = dict(word.partition("=")[::2] for word in to_line(states[draw(st.integers(0, len(states) - 1))]).split())
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(("move a card", "add a rule", "junk", "another game")))
        if how == "move a card":
            source, target = draw(st.sampled_from(PLACES)), draw(st.sampled_from(PLACES))
            taken_from, put_into = _groups(parts, source), _groups(parts, target)
            if source == target:
                put_into = taken_from
            group = draw(st.sampled_from(taken_from))
            if group:
                card = group.pop(draw(st.integers(0, len(group) - 1)))
                into = draw(st.sampled_from(put_into))
                into.insert(draw(st.integers(0, len(into))), card)
            for key, groups in ((source, taken_from), (target, put_into)):
                parts[key] = "/".join(",".join(g) or "-" for g in groups)
        elif how == "add a rule":
            parts["rules"] += "," + draw(st.sampled_from(OPTIONS))
        elif how == "junk":
            parts[draw(st.sampled_from(KEYS))] = draw(st.sampled_from(JUNK))
        else:
            key = draw(st.sampled_from(KEYS))
            donors = list(states_of_a_game(draw(st.sampled_from(sorted(PRESETS))), draw(st.integers(2, 5)), seed + 1))
            donor = donors[draw(st.integers(0, len(donors) - 1))]
            parts[key] = dict(word.partition("=")[::2] for word in to_line(donor).split())[key]
    return " ".join(f"{key}={value}" for key, value in parts.items())


@settings(max_examples=300, deadline=None)
@given(damaged_lines(), st.integers(0, 2**32))
def test_a_damaged_line_is_refused_briefly_or_the_engine_plays_on(line: str, seed: int) -> None:
    try:
        state = from_line(line)
    except PositionError as error:
        message = str(error)
        assert message and len(message) <= MAX_MESSAGE_CHARS and "\n" not in message, message[:400]
        return
    rng = random.Random(seed)
    for _ in range(PLAY_ON_ACTIONS):
        if state.is_terminal:
            break
        legal = legal_actions(state)
        assert legal, line
        state = apply(state, rng.choice(legal))[0]


def test_the_good_line_still_reads() -> None:
    assert to_line(from_line(good_line())) == good_line()


def test_a_table_whose_knocker_was_shot_reads_back() -> None:
    """Quick Draw may shoot the knocker; the round goes on, and the line of it is a table to play on."""
    shot_knockers = [state for state in states_of_a_game("quick-draw", 6, 9)
                     if state.knocker >= 0 and not state.tokens[state.knocker] and not state.is_terminal]
    assert shot_knockers
    for state in shot_knockers:
        assert to_line(from_line(to_line(state))) == to_line(state)
