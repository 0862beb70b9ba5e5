"""Bots: legal moves under every preset and random house rules, hidden cards never matter, replays."""

from __future__ import annotations

import random

import pytest

from thirtyone.bots import LEVELS, ExpertBot, SharpBot, make_bot
from thirtyone.model import Observation, PRESETS, Rules, new_game, preset
from thirtyone.model import apply, observe
from thirtyone.model.actions import DEAL
from tests.engine_support import random_rules, two_worlds as _two_worlds

FAST_LEVELS = ["random", "beginner", "casual", "sharp"]


def fast_bot(level: str):
    """Every level, the Expert with a tiny budget so tests stay quick."""
    return ExpertBot(budget_ms=4, clock=False) if level == "expert" else make_bot(level)


class TypeCheckingBot:
    """Wraps a bot and checks it only ever receives an ``Observation``."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def choose(self, observation, rng):
        assert type(observation) is Observation
        action = self.inner.choose(observation, rng)
        assert action in observation.legal_actions, (action, observation.legal_actions)
        return action


def play_game(rules: Rules, levels: list[str], seed: int, max_actions: int = 3000) -> tuple[int, list[str]]:
    """Play to the end, which must come within ``max_actions``; returns the winner and the action texts."""
    bots = [TypeCheckingBot(fast_bot(level)) for level in levels]
    state = new_game(rules, [f"P{i}" for i in range(len(levels))], seed=seed)
    actions = []
    for number in range(max_actions):
        if state.is_terminal:
            break
        seat = state.current
        action = bots[seat].choose(observe(state, seat), random.Random(f"{seed}:{number}"))
        actions.append(str(action))
        state, _ = apply(state, action)
    assert state.is_terminal, f"no winner after {max_actions} actions"
    assert state.active_seats() == (state.winner,)
    return state.winner, actions


def test_levels_weakest_first_with_names() -> None:
    assert list(LEVELS) == ["random", "beginner", "casual", "sharp", "expert"]
    for level in LEVELS.values():
        assert level.name and level.personality
        assert callable(level.make().choose)


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_every_level_plays_every_preset_legally(preset_id: str) -> None:
    rules = preset(preset_id)
    for seed, levels in enumerate((FAST_LEVELS, ["expert", "sharp", "casual"], ["sharp", "beginner"])):
        play_game(rules, levels, seed)


@pytest.mark.parametrize("seed", range(12))
def test_bots_play_random_house_rules_legally(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    players = rng.randint(2, 8)
    levels = [rng.choice(FAST_LEVELS) for _ in range(players)]
    play_game(rules, levels, seed, max_actions=1500)


def test_deal_phase_returns_deal() -> None:
    state = new_game(preset("classic"), ["A", "B", "C"], seed=1)
    for level in LEVELS:
        assert fast_bot(level).choose(observe(state, state.current), random.Random(0)) is DEAL


@pytest.mark.parametrize("preset_id", ["classic", "london", "kitty"])
@pytest.mark.parametrize("level", list(LEVELS))
def test_hidden_cards_never_change_a_decision(preset_id: str, level: str) -> None:
    for seed, steps in ((1, 5), (2, 12), (3, 21)):
        state, other, seat = _two_worlds(preset(preset_id), seed, steps)
        if state.is_terminal:
            continue
        assert observe(state, seat) == observe(other, seat)
        first = fast_bot(level).choose(observe(state, seat), random.Random(9))
        second = fast_bot(level).choose(observe(other, seat), random.Random(9))
        assert first == second


class _CrawlingClock:
    """A stand-in for ``time``: every reading is an hour after the last, like a machine under crushing load."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 3600.0
        return self.now


def _expert_answer(observation, clock: bool, crawling: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    import thirtyone.bots.expert as expert_module
    with monkeypatch.context() as patch:
        if crawling:
            patch.setattr(expert_module, "time", _CrawlingClock())
        return str(ExpertBot(budget_ms=8, clock=clock).choose(observation, random.Random(3)))


def test_expert_decides_the_same_whatever_the_machines_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed number of play-outs: a slow machine changes nothing unless it stalls."""
    searched = 0
    for seed, steps in ((4, 9), (2, 12), (3, 21), (7, 15)):
        state, other, seat = _two_worlds(preset("classic"), seed, steps)
        if state.is_terminal:
            continue
        observation = observe(state, seat)
        answer = _expert_answer(observation, clock=True, crawling=False, monkeypatch=monkeypatch)
        assert _expert_answer(observe(other, seat), clock=True, crawling=False, monkeypatch=monkeypatch) == answer
        assert _expert_answer(observation, clock=False, crawling=True, monkeypatch=monkeypatch) == answer
        searched += 1
    assert searched >= 3


def test_expert_playouts_are_a_fixed_count_shrinking_above_four_players() -> None:
    from thirtyone.bots.expert import playouts
    assert [playouts(80, players) for players in (2, 4, 5, 8)] == [120, 120, 96, 60]


def test_a_stalled_expert_search_stops_at_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the clock on, a machine that stalls gets Sharp's move at once instead of a search."""
    import thirtyone.bots.expert as expert_module
    played: list[int] = []
    from thirtyone.bots.rollout import play_out as real_play_out
    monkeypatch.setattr(expert_module, "play_out", lambda *args: (played.append(1), real_play_out(*args))[1])
    searched = None
    for seed, steps in ((4, 9), (2, 12), (3, 21), (7, 15), (5, 6)):
        state, _, seat = _two_worlds(preset("classic"), seed, steps)
        observation = observe(state, seat)
        played.clear()
        ExpertBot(budget_ms=30, clock=False).choose(observation, random.Random(1))
        if played:
            searched = observation
            break
    assert searched is not None, "no position in the list is searched"
    # Every candidate is played in every world: the fixed count, up to rounding to whole worlds.
    planned = expert_module.playouts(30, len(searched.active_seats))
    assert planned == int(30 * expert_module.PLAYOUTS_PER_MS) * 4 // max(4, len(searched.active_seats))
    assert planned * 2 // 3 <= len(played) <= planned
    played.clear()
    monkeypatch.setattr(expert_module, "time", _CrawlingClock())
    answer = ExpertBot(budget_ms=30, clock=True).choose(searched, random.Random(1))
    assert played == []
    assert answer == SharpBot().choose(searched, random.Random(random.Random(1).random()))


@pytest.mark.parametrize("levels, seed", [(("sharp", "beginner"), 1), (("sharp", "casual"), 0),
                                          (("sharp", "casual"), 10)])
def test_heads_up_board_games_between_bots_end(levels: tuple[str, str], seed: int) -> None:
    """These heads-up London games once had two bots trading the same board cards for ever."""
    from thirtyone.controller import Match
    from thirtyone.model.record import Seat

    match = Match.new(preset("london"), [Seat("A", "bot:" + levels[0]), Seat("B", "bot:" + levels[1])], seed=seed)
    match.play_bots_to_end(max_actions=3000)
    assert match.is_over
    assert all(result_turns <= 10 * 2 + 2 for result_turns in _turns_per_round(match))


def _turns_per_round(match) -> list[int]:
    """Turns taken in each finished round (from the public events)."""
    from thirtyone.model.events import Passed, RoundEnded, Swapped, SwappedAll

    counts, turns = [], 0
    for event in match.events:
        if isinstance(event, (Passed, Swapped, SwappedAll)):
            turns += 1
        elif isinstance(event, RoundEnded):
            counts.append(turns)
            turns = 0
    return counts


@pytest.mark.parametrize("preset_id", ["classic", "scat", "commerce", "london"])
def test_sharps_draw_table_matches_counting_every_hand_by_hand(preset_id: str) -> None:
    """The precomputed draw values equal a count of every discard, under each preset's counting rules."""
    from thirtyone.bots.hands import best_with, draw_values, expected_after_draw, keep_options
    from thirtyone.model import FULL_DECK, hand_value

    rules = preset(preset_id)
    rng = random.Random(preset_id)
    hands = [tuple(rng.sample(FULL_DECK, 3)) for _ in range(40)]
    hands += [tuple(FULL_DECK[i] for i in (0, 1, 2)), tuple(FULL_DECK[i] for i in (0, 4, 8))]  # three aces; one suit
    for hand in hands:
        row = draw_values(hand, rules)
        for card in FULL_DECK:
            if card in hand:
                assert row[card.index] == hand_value(hand, rules)
                continue
            four = hand + (card,)
            by_hand = max(hand_value(tuple(c for c in four if c is not out), rules) for out in four)
            assert row[card.index] == by_hand == best_with(hand, card, rules) == keep_options(four, rules)[0][0]
        unseen = [c for c in FULL_DECK if c not in hand][:30]
        assert expected_after_draw(hand, unseen, rules) == sum(
            max(hand_value(hand, rules), keep_options(hand + (c,), rules)[0][0]) for c in unseen) / len(unseen)


def test_sharps_draw_table_is_kept_per_counting_rule() -> None:
    """Two rule sets that count three of a kind differently never share a table entry."""
    from thirtyone.bots.hands import draw_values
    from thirtyone.model import parse_cards

    with_triples = preset("classic").replace(three_of_a_kind=30.5)
    without = preset("classic").replace(three_of_a_kind=None, three_aces=None)
    hand = parse_cards("7S 7H 2D")
    seven = parse_cards("7D")[0]
    assert draw_values(hand, with_triples)[seven.index] == 30.5
    assert draw_values(hand, without)[seven.index] == 9.0  # 7♦ + 2♦
    assert draw_values(hand, with_triples)[seven.index] == 30.5
