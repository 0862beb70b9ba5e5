"""Observations, events and round results as plain JSON data, and back.

Cards are their record codes (``"QS"``), actions their record text forms
(``"discard QS knock"``, read by ``parse_action``), rules the record's
``Rules.to_dict``. An event is an object with its class name under ``"event"``
and its fields by name. Nothing here sees a ``GameState``: only what a seat's
``Observation`` or the public events already hold is ever written, so a message
built from these functions cannot carry another seat's hidden card.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from ..model import events as ev
from ..model.actions import Action, parse_action
from ..model.cards import Card
from ..model.events import Event, RoundEnd, RoundResult
from ..model.observation import Observation
from ..model.rules import Rules
from ..model.state import Phase

EVENT_KINDS: dict[str, type] = {name: getattr(ev, name) for name in ev.__all__
                                if dataclasses.is_dataclass(getattr(ev, name))}
"""Every public event class by its name (the ``"event"`` value on the wire)."""


class CodecError(ValueError):
    """Data that is not an observation, event or result of this protocol; the message says what is wrong."""


def card_code(card: Card | None) -> str | None:
    """A card's code, or ``None``."""
    return None if card is None else card.code


def cards(items: tuple[Card, ...]) -> list[str]:
    """Codes of several cards."""
    return [card.code for card in items]


def result_data(result: RoundResult, reader: int | None) -> dict[str, Any]:
    """A finished round as shown at the table (hands turned face up are public then)."""
    return {
        "round_number": result.round_number, "reason": result.reason.value,
        "hands": [cards(hand) for hand in result.hands], "scores": list(result.scores),
        "knocker": result.knocker, "showed_31": list(result.showed_31), "lives_lost": list(result.lives_lost),
        "reasons": list(result.reasons_for(reader)),
    }


def event_data(event: Event, reader: int | None = None) -> dict[str, Any]:
    """One public event as ``{"event": name, field: value, ...}``."""
    data: dict[str, Any] = {"event": type(event).__name__}
    for field in dataclasses.fields(event):
        data[field.name] = _plain(getattr(event, field.name), reader)
    return data


def _plain(value: Any, reader: int | None) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, RoundResult):
        return result_data(value, reader)
    if isinstance(value, tuple):
        return [_plain(item, reader) for item in value]
    if isinstance(value, RoundEnd):
        return value.value
    return value


def observation_data(observation: Observation, public_only: bool = False, with_rules: bool = True) -> dict[str, Any]:
    """A seat's observation as data; ``public_only`` leaves out the seat's own cards (for spectators);
    without ``with_rules`` the rules are left out (the table sends them once, in its welcome)."""
    seat = None if public_only else observation.seat
    data = {
        "seat": seat, "rules": observation.rules.to_dict(), "names": list(observation.names),
        "phase": observation.phase.value, "round_number": observation.round_number, "dealer": observation.dealer,
        "current_player": observation.current_player, "tokens": list(observation.tokens),
        "hand": [] if public_only else cards(observation.hand), "hand_sizes": list(observation.hand_sizes),
        "discards": cards(observation.discards), "board": cards(observation.board),
        "stock_count": observation.stock_count, "known": [cards(known) for known in observation.known],
        "knocker": observation.knocker,
        "taken": None if public_only else card_code(observation.taken),
        "drawn": None if public_only else card_code(observation.drawn),
        "turns_taken": observation.turns_taken,
        "log": [event_data(event, seat) for event in observation.log],
        "results": [result_data(result, seat) for result in observation.results],
        "winner": observation.winner,
        "legal_actions": [] if public_only else [str(action) for action in observation.legal_actions],
        "bullets": list(observation.bullets), "misfire_chances": list(observation.misfire_chances),
    }
    if not with_rules:
        del data["rules"]
    return data


def read_observation(data: Any, rules: Rules | None = None) -> Observation:
    """An ``Observation`` from ``observation_data``'s output (``rules`` when it was written without them);
    ``CodecError`` if it is not one."""
    try:
        seat = data["seat"]
        return Observation(
            seat=-1 if seat is None else _int(seat), rules=rules if rules is not None else Rules.from_dict(data["rules"]),
            names=tuple(_str(name) for name in data["names"]), phase=Phase(data["phase"]),
            round_number=_int(data["round_number"]), dealer=_int(data["dealer"]),
            current_player=_int(data["current_player"]), tokens=tuple(_int(t) for t in data["tokens"]),
            hand=_cards(data["hand"]), hand_sizes=tuple(_int(n) for n in data["hand_sizes"]),
            discards=_cards(data["discards"]), board=_cards(data["board"]), stock_count=_int(data["stock_count"]),
            known=tuple(_cards(known) for known in data["known"]), knocker=_int(data["knocker"]),
            taken=_card(data["taken"]), drawn=_card(data["drawn"]), turns_taken=_int(data["turns_taken"]),
            log=tuple(read_event(event) for event in data["log"]),
            results=tuple(read_result(result) for result in data["results"]), winner=_int(data["winner"]),
            legal_actions=tuple(_action(text) for text in data["legal_actions"]),
            bullets=tuple(bool(b) for b in data["bullets"]),
            misfire_chances=tuple(float(c) for c in data["misfire_chances"]),
        )
    except CodecError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CodecError(f"not an observation: {type(error).__name__} {error}"[:200]) from None


def read_result(data: Any) -> RoundResult:
    """A ``RoundResult`` from ``result_data``'s output."""
    try:
        return RoundResult(
            round_number=_int(data["round_number"]), reason=RoundEnd(data["reason"]),
            hands=tuple(_cards(hand) for hand in data["hands"]),
            scores=tuple(None if s is None else float(s) for s in data["scores"]),
            knocker=None if data["knocker"] is None else _int(data["knocker"]),
            showed_31=tuple(_int(s) for s in data["showed_31"]), lives_lost=tuple(_int(n) for n in data["lives_lost"]),
            written=tuple(_str(s) for s in data["reasons"]))
    except (KeyError, TypeError, ValueError) as error:
        raise CodecError(f"not a round result: {type(error).__name__} {error}"[:200]) from None


def read_event(data: Any) -> Event:
    """An event from ``event_data``'s output."""
    try:
        kind = EVENT_KINDS[data["event"]]
        hints = typing.get_type_hints(kind, vars(ev))
        values = {field.name: _typed(data[field.name], hints[field.name]) for field in dataclasses.fields(kind)}
        return typing.cast(Event, kind(**values))
    except CodecError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise CodecError(f"not an event: {type(error).__name__} {error}"[:200]) from None


def _typed(value: Any, hint: Any) -> Any:
    """``value`` read as the field type ``hint`` of an event."""
    if hint is Card:
        return _card(value)
    if hint is RoundResult:
        return read_result(value)
    if hint in (int, bool, float, str):
        if not isinstance(value, (int, float, str, bool)):
            raise TypeError(f"{hint.__name__} expected")
        return hint(value)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is tuple:
        if not isinstance(value, list):
            raise TypeError("a list expected")
        return tuple(_typed(item, args[0]) for item in value)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if value is None and type(None) in args:
            return None
        return _typed(value, next(arg for arg in args if arg is not type(None)))
    raise TypeError(f"cannot read {hint}")


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("a whole number expected")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("text expected")
    return value


def _card(value: Any) -> Card | None:
    return None if value is None else Card.from_code(_str(value))


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise TypeError("a list of cards expected")
    return tuple(Card.from_code(_str(code)) for code in value)


def _action(text: Any) -> Action:
    return parse_action(_str(text))
