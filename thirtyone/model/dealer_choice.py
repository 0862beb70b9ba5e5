"""The dealer's choice (``Rules.dealer_choice``, pagat's Schwimmen): keep the dealt hand, or take the spare.

The deal lays the spare hand face down where the middle goes and waits in ``Phase.CHOOSE``
for the dealer. Nobody sees the spare until the choice is made (``observe`` hides the middle
in that phase); then the rejected hand is turned up as the middle and play starts on the
dealer's left. The choice is not a turn: it counts for no lap and no pass.
"""

from __future__ import annotations

from typing import Any

from ..i18n import _
from . import dealing, judge
from .actions import KEEP, TAKE_SPARE, Action
from .events import DealerChose, Event, RoundEnd, Showed31
from .state import AT, Draft, GameState, Phase, build, next_active
from .turns import shows_31

CHOICES: tuple[Action, ...] = (KEEP, TAKE_SPARE)
"""The dealer's two legal actions, in ``action_sort_key`` order."""


def keep_hand(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """The dealer keeps the dealt hand: the spare is turned up as the middle."""
    return _start_play(state, list(state), DealerChose(state.dealer, False, state.board))


def take_spare(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """The dealer lays the dealt hand open as the middle and takes the spare unseen."""
    dealer = state.dealer
    values: Draft = list(state)
    hands = [*state.hands]
    hands[dealer], board = state.board, hands[dealer]
    values[AT.hands] = tuple(hands)
    values[AT.board] = board
    return _start_play(state, values, DealerChose(dealer, True, board))


def _start_play(state: GameState, values: Draft, event: DealerChose) -> tuple[GameState, tuple[Event, ...]]:
    events: list[Event] = [event]
    hand = values[AT.hands][state.dealer]
    if shows_31(hand, state.rules):  # a spare of 31 is shown at once, like any 31 made
        events.append(Showed31((state.dealer,), (hand,)))
        values[AT.log] = state.log + tuple(events)
        return judge.settle_draft(values, RoundEnd.THIRTY_ONE, (state.dealer,), events)
    if state.rules.dirty_laundry:
        dealing.wash_laundry(values, events)
    values[AT.phase] = Phase.TURN
    values[AT.current] = next_active(state.tokens, state.dealer)
    values[AT.log] = state.log + tuple(events)
    return build(values), tuple(events)


def choice_problem(state: GameState, action: Action) -> str | None:
    """Why ``action`` is not the dealer's choice now, or ``None`` if it is a legal one."""
    if state.phase is Phase.CHOOSE:
        if action in CHOICES:
            return None
        return _("{name} is choosing first: keep the dealt hand or take the spare").format(
            name=state.names[state.dealer])
    return _("only the dealer chooses, right after the deal, and only when the rules have a dealer's choice")
