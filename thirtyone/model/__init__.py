"""The rules engine of 31: cards, rules, state, actions, events and records.

Standard library only: no pygame, no files, no clock. Chance comes only from
the game's seed, so every game can be replayed exactly. ``GameState`` is data;
the engine is functions over it: ``legal_actions(state)``, ``apply(state, action)`` (``apply_trusted`` for an action just listed),
``why_illegal(state, action)`` and ``observe(state, seat)``.
"""

from .actions import (Action, Deal, Discard, DrawStock, Fire, Knock, Pass, QuickDraw, Swap, SwapAll,
                      TakeDiscard, action_sort_key, parse_action)
from .cards import FULL_DECK, Card, format_cards, parse_cards
from .errors import CardError, IllegalActionError, InvalidActionError, PositionError, RecordError, RulesError
from .events import *  # noqa: F401,F403  (the event classes are part of the API)
from .legality import legal_actions, why_illegal
from .observation import Observation
from .notation import from_line, to_line
from .observer import observe
from .play import apply, apply_trusted
from .presets import PRESETS, preset
from .rule_choices import MAX_SEATS, Exchange, KnockFails, KnockTiming, KnockerTied, MisfireClock, StockOut
from .rules import Rules, player_counts
from .scoring import HandCount, count_hand, format_value, hand_value
from .state import NO_SEAT, GameState, Phase, new_game

__all__ = [
    "Action", "apply", "apply_trusted", "BoardRefreshed", "MAX_SEATS", "Card", "CardError", "Deal", "Dealt", "Discard", "Discarded",
    "DrawStock", "DrewFromStock", "Eliminated", "Event", "Exchange", "FULL_DECK", "Fire", "Fired",
    "GameState", "GunDrawn", "HandCount", "Hit", "IllegalActionError", "InvalidActionError", "Knock", "KnockFails",
    "KnockTiming", "Knocked", "KnockerTied", "LifeLost", "MisfireClock", "Misfired", "NO_SEAT",
    "Observation", "OnHonor", "PRESETS", "Pass", "Passed", "Phase", "PositionError", "QuickDraw", "RecordError",
    "RoundEnd", "RoundEnded", "RoundResult", "RoundStarted", "Rules", "RulesError", "Showed31",
    "StockOut", "StockReshuffled", "Swap", "SwapAll", "Swapped", "SwappedAll", "TakeDiscard",
    "TookDiscard", "Won", "action_sort_key", "count_hand", "format_cards", "format_value", "from_line",
    "hand_value", "legal_actions", "new_game", "observe", "parse_action", "parse_cards", "player_counts", "preset", "to_line", "why_illegal",
]
