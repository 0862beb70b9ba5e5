"""Random legal play under every preset: invariants that must always hold (hypothesis)."""

from typing import Any

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from thirtyone.model import PRESETS, Phase, action_sort_key, new_game
from thirtyone.model import apply, legal_actions, observe
from thirtyone.model.events import RoundEnded, Won
from thirtyone.model.rule_choices import RoundLoss
from thirtyone.model.record import GameRecord, Seat

from tests.engine_support import NAMES

PRESET_IDS = sorted(PRESETS)
MAX_ACTIONS = 5000


def all_cards(state):
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.discards) + list(state.board)
    return cards


def random_game(preset_id, players, seed, check):
    """Play random legal actions to the end, calling ``check(before, after, events)`` each step."""
    rules = PRESETS[preset_id].rules
    players = min(players, rules.max_players)
    state = new_game(rules, NAMES[:players], seed=seed)
    rng = random.Random(seed)
    actions: list[Any] = []
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            return state, actions
        legal = legal_actions(state)
        assert legal == tuple(sorted(legal, key=action_sort_key))
        action = rng.choice(legal)
        after, events = apply(state, action)
        check(state, after, events)
        actions.append(action)
        state = after
    raise AssertionError(f"game did not end in {MAX_ACTIONS} actions")


games = st.tuples(st.sampled_from(PRESET_IDS), st.integers(2, 8), st.integers(0, 2**32))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(game):
    preset_id, players, seed = game
    winners: list[int] = []

    def check(before, after, events):
        if after.phase in (Phase.TURN, Phase.DISCARD):
            cards = all_cards(after)
            assert len(cards) == len(after.rules.cards) and set(cards) == set(after.rules.cards)
            for seat in after.active_seats():
                size = len(after.hands[seat])
                assert size == (4 if seat == after.current and after.phase is Phase.DISCARD else 3)
        assert all(b >= a for b, a in zip(before.tokens, after.tokens)), "lives never rise"
        assert all(t >= 0 for t in after.tokens)
        winners.extend(e.seat for e in events if isinstance(e, Won))
        for event in events:
            if isinstance(event, RoundEnded):
                result = event.result
                # Seats still in when the round was scored (a shot in this action may remove one).
                active = [s for s, score in enumerate(result.scores) if score is not None]
                assert active and all(result.reasons[s] for s in active)
                spared = all(after.tokens[s] == 1 for s in active)  # everyone would have gone out
                # All but the highest hand lose: when every hand ties for the highest, nobody does.
                all_highest = (after.rules.round_loss is RoundLoss.ALL_BUT_HIGHEST
                               and len({result.scores[s] for s in active}) == 1)
                assert sum(result.lives_lost) > 0 or len(active) == len(result.showed_31) or spared or all_highest

    final, _ = random_game(preset_id, players, seed, check)
    assert final.is_terminal
    assert len(winners) == 1 and winners[0] == final.winner
    assert [s for s, t in enumerate(final.tokens) if t > 0] == [final.winner]


@settings()
@given(games)
def test_record_replays_to_the_same_final_state(game):
    preset_id, players, seed = game
    final, actions = random_game(preset_id, players, seed, lambda *_: None)
    rules = PRESETS[preset_id].rules
    record = GameRecord(rules, tuple(Seat(n) for n in final.names), seed, new_game(rules, final.names, seed=seed).dealer,
                        tuple(actions), preset=preset_id)
    again = GameRecord.from_json(record.to_json())
    assert again.final_state() == final
    partial = GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions[: len(actions) // 2])
    assert GameRecord.from_json(partial.to_json()).final_state().round_number >= 0


def hide_opponents_cards(state, seat, seed):
    """Shuffle every card this seat cannot see (opponents' unknown cards and the stock) into new places."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand if c not in state.known[s]]
    hidden += list(state.stock)
    random.Random(seed).shuffle(hidden)
    it = iter(hidden)
    hands = tuple(hand if s == seat else tuple(c if c in state.known[s] else next(it) for c in hand)
                  for s, hand in enumerate(state.hands))
    stock = tuple(next(it) for _ in state.stock)
    return state.evolve(hands=hands, stock=stock)


@settings()
@given(games, st.integers(0, 10**6))
def test_hidden_cards_never_change_an_observation(game, shuffle_seed):
    preset_id, players, seed = game
    seen = 0

    def check(before, after, events):
        nonlocal seen
        if after.phase not in (Phase.TURN, Phase.DISCARD) or seen > 40:
            return
        seen += 1
        for seat in after.active_seats():
            moved = hide_opponents_cards(after, seat, shuffle_seed + seat)
            assert observe(moved, seat) == observe(after, seat)

    random_game(preset_id, players, seed, check)
