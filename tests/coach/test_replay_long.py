"""A 20,000-action record replays with work and memory that grow with its length, not its square (issue 45).

Before, the replay kept every state, each with its round's log: a 10,000-action round held 411 MB
and took 5 s, a 20,000-action one over a gigabyte. The engine's moves are counted, not timed.
"""

from __future__ import annotations

import pytest

from tests.engine_support import long_round_record
from thirtyone.coach.replay import CHECKPOINT, Replay
from thirtyone.model.record import GameRecord

LENGTH = 20_000


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return GameRecord.from_json(long_round_record(LENGTH).to_json())  # a valid record: reading checks every action


def test_a_20000_action_record_is_replayed_with_one_move_per_action_and_few_states_kept(record):
    replay = Replay(record)
    assert replay.length == LENGTH and replay.applied == LENGTH
    assert len(replay.checkpoints) == LENGTH // CHECKPOINT + 1  # states kept: the length over 64, not the length
    replay.go(LENGTH)
    assert replay.state.turns_taken == LENGTH - 1 and replay.state.round_number == 1


def test_stepping_costs_a_move_forward_and_at_most_a_checkpoint_back(record):
    replay = Replay(record)
    replay.go(LENGTH // 2)
    _ = replay.state
    before = replay.applied
    replay.step(1)
    _ = replay.state
    assert replay.applied - before <= 1
    before = replay.applied
    replay.step(-2)
    _ = replay.state
    assert replay.applied - before < CHECKPOINT
    replay.previous_round()
    assert replay.position == 1 and replay.state.round_number == 1
