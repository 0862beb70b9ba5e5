"""Hidden cards in what a seat received: the check the tests and ``build_scripts/bench_network.py`` run on every frame.

A card is hidden from a reader when another seat holds it and it was never shown: not publicly
known (taken face up) and in no public event so far (a card shown at a round's end may sit hidden
in a new hand later; quoting the old round is no leak). Each frame is checked against the host's
state at the action number of the latest state the reader had received with it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..model.record import GameRecord
from .codec import event_data

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")
"""A card code as it appears in a frame."""


def leaks(record: GameRecord, seat: int | None, frames: list[str]) -> list[str]:
    """Cards of another seat's hidden hand found in ``frames`` received by ``seat`` (``None``: a spectator)."""
    states = [record.initial_state()]
    seen: list[set[str]] = [set()]
    for _before, _action, after, events in record.replay():
        states.append(after)
        public = set(seen[-1])
        for event in events:
            public |= set(CARD.findall(json.dumps(event_data(event))))
        seen.append(public)
    found = []
    number = 0
    for frame in frames:
        message: Any = json.loads(frame)
        if message.get("type") == "state":
            number = message["action_number"]
        state = states[min(number, len(states) - 1)]
        hidden = set()
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden |= {card.code for card in hand if card not in state.known[other]}
        hidden -= seen[min(number, len(seen) - 1)]
        found += [code for code in CARD.findall(frame) if code in hidden]
    return found
