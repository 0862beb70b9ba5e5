"""The observer: building a seat's ``Observation`` from the full state (its only door to hidden cards)."""

from __future__ import annotations

from .gunplay import misfire_chance
from .legality import legal_actions
from .observation import Observation
from .state import GameState, Phase


def observe(state: GameState, seat: int) -> Observation:
    """Everything ``seat`` may know of ``state`` and nothing more."""
    if not 0 <= seat < len(state.names):
        raise ValueError(f"no seat {seat} at a table of {len(state.names)}")
    mine = state.current == seat and state.phase is not Phase.GAME_OVER
    return Observation(
        seat=seat, rules=state.rules, names=state.names, phase=state.phase,
        round_number=state.round_number, dealer=state.dealer, current_player=state.current,
        tokens=state.tokens, hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        discards=state.discards,
        board=() if state.phase is Phase.CHOOSE else state.board,  # the spare, face down
        stock_count=len(state.stock), known=state.known,
        knocker=state.knocker, taken=state.taken if mine else None,
        drawn=state.drawn if mine else None, turns_taken=state.turns_taken,
        log=state.log, results=state.results, winner=state.winner,
        legal_actions=legal_actions(state) if mine else (),
        bullets=state.bullets if state.rules.old_west else (),
        misfire_chances=tuple(misfire_chance(state.rules, s) for s in state.sweat) if state.rules.old_west else (),
    )
