"""The parts of a table line (docs/notation.md): their order and how each value is written.

A leaf of the model: the state writes its own line (``GameState.line``) with these, and the
notation reads lines back with the same names, so neither imports the other.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import Card
from .presets import PRESETS
from .rules import Rules

KEYS = ("rules", "seats", "lives", "phase", "round", "dealer", "turn", "hands", "stock", "unsettled", "luck",
        "discards", "board", "known", "knocker", "taken", "drawn", "turns", "passes", "winner", "guns", "sweat",
        "played", "fired", "seed", "chance", "decks", "passed")
"""The parts of a line, in their order."""
OPTIONAL_KEYS = {"passed": ""}
"""Parts newer than some lines: a line without one reads as the game that wrote it played (nobody passed)."""
NOBODY = "-"
"""An empty part, or nobody."""


def rules_text(rules: Rules) -> str:
    """The nearest preset's id and the options that differ from it."""
    options = rules.to_dict()

    def changes(preset_id: str) -> list[str]:
        base = PRESETS[preset_id].rules.to_dict()
        return [name for name in options if options[name] != base[name]]

    best = min(sorted(PRESETS), key=lambda preset_id: len(changes(preset_id)))
    extra = [f"{name}={option_text(options[name])}" for name in changes(best)]
    return ",".join([best, *extra])


def option_text(value: Any) -> str:
    """An option's value: enum values bare, the rest as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def ints(values: Any) -> str:
    """Whole numbers joined by commas."""
    return ",".join(str(value) for value in values)


def card_text(card: Card | None) -> str:
    """A card's code, or ``-``."""
    return NOBODY if card is None else card.code


def cards_text(cards: tuple[Card, ...]) -> str:
    """Card codes joined by commas, or ``-``."""
    return ",".join(card.code for card in cards) or NOBODY


def seat_cards(groups: tuple[tuple[Card, ...], ...]) -> str:
    """Each seat's cards, seats joined by ``/``."""
    return "/".join(cards_text(cards) for cards in groups)
