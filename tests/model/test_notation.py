"""A whole table on one line: every state reads back equal, and a bad line is refused in one sentence."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from thirtyone.model import PRESETS, Deal, apply, legal_actions, new_game, preset
from thirtyone.model.errors import PositionError
from thirtyone.model.notation import KEYS, from_line, to_line, without_history
from thirtyone.model.rule_choices import Exchange

NAMES = ("Ann", "Ben Yu", "Cy,5", "Dörte", "E/d", "F=1", "G%", "H")


def states_of_a_game(preset_id: str, players: int, seed: int):
    """Every state of a random game (the moves from a generator seeded like the game)."""
    rules = PRESETS[preset_id].rules
    state = new_game(rules, NAMES[:max(rules.min_players, min(players, rules.max_players))], seed=seed)
    rng = random.Random(seed)
    yield state
    for _ in range(400):
        if state.is_terminal:
            return
        state = apply(state, rng.choice(legal_actions(state)))[0]
        yield state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 2**40), st.integers(0, 10**6))
def test_a_line_reads_back_as_the_same_table(preset_id: str, players: int, seed: int, pick: int) -> None:
    states = list(states_of_a_game(preset_id, players, seed))
    for state in (states[0], states[pick % len(states)], states[-1]):
        line = to_line(state)
        assert "\n" not in line
        back = from_line(line)
        assert back == without_history(state)
        assert to_line(back) == line
        if not back.is_terminal:  # the game goes on from the line as from the state
            action = legal_actions(state)[pick % len(legal_actions(state))]
            assert without_history(apply(back, action)[0]) == without_history(apply(state, action)[0])


def test_house_rules_are_written_as_changes_to_the_nearest_preset() -> None:
    rules = preset("classic").replace(knock_minimum=21, lives=2, exchange=Exchange.DRAW)
    state = apply(new_game(rules, ["A", "B"], seed=3), Deal())[0]
    line = to_line(state)
    assert line.startswith("rules=classic,lives=2,knock_minimum=21 seats=A,B lives=3,3 ")
    assert from_line(line).rules == rules


def good_line() -> str:
    return to_line(apply(new_game(preset("classic"), ["Ann", "Ben"], seed=5), Deal())[0])


def with_part(key: str, value: str) -> str:
    return " ".join(f"{key}={value}" if word.startswith(key + "=") else word for word in good_line().split())


@pytest.mark.parametrize("line, words", [
    ("", "empty line"),
    ("rules=classic", "missing seats"),
    (good_line() + " seed=3", "seed is given twice"),
    (good_line() + " colour=red", "unknown part 'colour'"),
    (good_line().replace("phase=turn", "phase"), "'phase' is not a key=value part"),
    (with_part("rules", "poker"), "no preset 'poker'"),
    (with_part("rules", "classic,lives=lots"), "rules=classic,lives=lots"),
    (with_part("hands", "AS,KS,QS"), "hands: 1 entries for 2 seats"),
    (with_part("hands", "AS,KS,1X/2C,3C,4C"), "hands=AS,KS,1X/2C,3C,4C"),
    (with_part("turn", "7"), "a seat from 0 to 1 or - is needed"),
    (with_part("dealer", "-"), "a seat from 0 to 1 is needed"),
    (with_part("luck", "xyz"), "hexadecimal"),
    (with_part("fired", "yes"), "0 or 1 is needed"),
    (with_part("seats", "Ann,Ann"), "different, non-empty names"),
    (with_part("discards", "AS,AS"), "cards in two places at once: AS"),
])
def test_a_bad_line_is_refused_with_one_sentence_naming_the_part(line: str, words: str) -> None:
    with pytest.raises(PositionError) as refused:
        from_line(line)
    message = str(refused.value)
    assert words in message and "\n" not in message


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.text(alphabet="AS0-,/=x ", max_size=4))
def test_a_damaged_line_reads_or_is_refused_never_crashes(where: int, junk: str) -> None:
    line = good_line()
    at = where % len(line)
    damaged = line[:at] + junk + line[at + len(junk) % 3:]
    try:
        state = from_line(damaged)
    except PositionError as error:
        assert str(error)
    else:
        assert from_line(to_line(state)) == state


def test_every_part_is_written() -> None:
    assert [word.partition("=")[0] for word in good_line().split()] == list(KEYS)


@pytest.mark.parametrize("preset_id", ["classic", "london", "old-west", "schwimmen"])
def test_a_state_shows_as_the_one_line_that_rebuilds_it(preset_id: str) -> None:
    for state in list(states_of_a_game(preset_id, 4, 11))[::25]:
        shown = repr(state)
        assert shown == f"from_line({to_line(state)!r})"
        assert "\n" not in shown and len(shown) < 1200  # was every field: ~2,900 characters mid-game
        assert eval(shown, {"from_line": from_line}) == without_history(state)
