"""A whole table on one line, like chess's FEN: for tests, bug reports and puzzles.

``to_line(state)`` writes every field of a ``GameState`` except its history (the
round's event log and the last round's result, as FEN leaves out the moves), and
``from_line(text)`` reads it back: ``from_line(to_line(s)) == without_history(s)``.
Parts are ``key=value`` separated by spaces, always in this order::

    rules=classic seats=Ann,Ben,Cy lives=3,3,3 phase=discard round=1 dealer=0 turn=1
    hands=4C,9C,JH/2S,6D,AS,KD/TS,8H,3C stock=... unsettled=41 luck=1f0c... discards=-
    board=- known=-/-/- knocker=- taken=- drawn=KD turns=0 passes=0 winner=-
    guns=0,0,0 sweat=0,0,0 played=0,0,0 fired=0 seed=7 chance=2 decks=-

Cards are codes (``AS``, ``TH``) joined by commas, seats by ``/``, ``-`` is empty
or nobody; names are percent-encoded; ``luck`` is hexadecimal. ``rules`` is the
nearest preset's id followed by the options that differ from it
(``rules=classic,knock_minimum=21,exchange=commerce``). docs/notation.md has the whole form.
"""

from __future__ import annotations

import json
from typing import Any, Callable, TypeVar
from urllib.parse import quote, unquote

from .cards import Card
from .errors import CardError, PositionError, RulesError
from .json_input import JsonInputError, clip, decode_json
from .presets import PRESETS
from .rules import Rules, player_counts
from .state import NO_SEAT, GameState, Phase

T = TypeVar("T")
KEYS = ("rules", "seats", "lives", "phase", "round", "dealer", "turn", "hands", "stock", "unsettled", "luck",
        "discards", "board", "known", "knocker", "taken", "drawn", "turns", "passes", "winner", "guns", "sweat",
        "played", "fired", "seed", "chance", "decks")
"""The parts of a line, in their order."""
_NOBODY = "-"
MAX_MESSAGE_CHARS = 240
"""The longest refusal: one sentence, quoting only the start of a bad part."""
HAND = 3
"""Cards a player holds between turns (four while discarding)."""


def without_history(state: GameState) -> GameState:
    """``state`` as a line keeps it: no event log of the round, no results of earlier rounds."""
    return state._replace(log=(), results=())


def to_line(state: GameState) -> str:
    """The whole table as one line (its history left out); ``from_line`` reads it back."""
    parts = {
        "rules": _rules_text(state.rules),
        "seats": ",".join(quote(name, safe="") for name in state.names),
        "lives": _ints(state.tokens),
        "phase": state.phase.value,
        "round": str(state.round_number),
        "dealer": str(state.dealer),
        "turn": _seat(state.current),
        "hands": _seat_cards(state.hands),
        "stock": _cards(state.stock),
        "unsettled": str(state.stock_unsettled),
        "luck": format(state.luck, "x"),
        "discards": _cards(state.discards),
        "board": _cards(state.board),
        "known": _seat_cards(state.known),
        "knocker": _seat(state.knocker),
        "taken": _card(state.taken),
        "drawn": _card(state.drawn),
        "turns": str(state.turns_taken),
        "passes": str(state.passes_in_row),
        "winner": _seat(state.winner),
        "guns": _ints(int(loaded) for loaded in state.bullets),
        "sweat": _ints(state.sweat),
        "played": _ints(int(played) for played in state.played),
        "fired": str(int(state.fired)),
        "seed": str(state.seed),
        "chance": str(state.chance),
        "decks": _seat_cards(state.decks) if state.decks else _NOBODY,
    }
    return " ".join(f"{key}={parts[key]}" for key in KEYS)


def from_line(text: str) -> GameState:
    """The table a line describes; ``PositionError`` with one clear sentence if it cannot be read
    or the engine could not play on from it (a sentence quotes at most the start of a bad part)."""
    try:
        return _from_line(text)
    except PositionError as error:
        raise PositionError(clip(str(error), MAX_MESSAGE_CHARS)) from None


def _from_line(text: str) -> GameState:
    parts = _split(text)
    rules = _read("rules", parts, _parse_rules)
    names = _read("seats", parts, lambda v: tuple(unquote(name) for name in v.split(",")))
    count = len(names)
    if count not in player_counts(rules) or any(not name.strip() for name in names) or len(set(names)) != count:
        raise PositionError(f"seats: {count} different, non-empty names are needed for these rules")

    def per_seat(key: str, read: Callable[[str], T], separator: str = ",") -> tuple[T, ...]:
        values = _read(key, parts, lambda value: tuple(read(item) for item in value.split(separator)))
        if len(values) != count:
            raise PositionError(f"{key}: {len(values)} entries for {count} seats")
        return values

    hands = per_seat("hands", _parse_cards, "/")
    known = per_seat("known", _parse_cards, "/")
    state = GameState(
        rules=rules, names=names, seed=_read("seed", parts, int),
        decks=_read("decks", parts, lambda v: () if v == _NOBODY else tuple(_parse_cards(d) for d in v.split("/"))),
        chance=_read("chance", parts, _natural), phase=_read("phase", parts, Phase),
        round_number=_read("round", parts, _natural), dealer=_read("dealer", parts, _seat_of(count, False)),
        current=_read("turn", parts, _seat_of(count, True)), tokens=per_seat("lives", _natural),
        hands=hands, stock=_read("stock", parts, _parse_cards), stock_unsettled=_read("unsettled", parts, _natural),
        luck=_read("luck", parts, _hexadecimal),
        discards=_read("discards", parts, _parse_cards), board=_read("board", parts, _parse_cards), known=known,
        knocker=_read("knocker", parts, _seat_of(count, True)), taken=_read("taken", parts, _parse_card),
        drawn=_read("drawn", parts, _parse_card), turns_taken=_read("turns", parts, _natural),
        passes_in_row=_read("passes", parts, _natural), log=(), results=(),
        winner=_read("winner", parts, _seat_of(count, True)), bullets=per_seat("guns", _flag),
        sweat=per_seat("sweat", _natural), played=per_seat("played", _flag), fired=_read("fired", parts, _flag),
    )
    _check_cards(state)
    _check_playable(state)
    return state


def _split(text: str) -> dict[str, str]:
    if not isinstance(text, str) or not text.strip():
        raise PositionError("an empty line: write the table as key=value parts, starting with rules=")
    parts: dict[str, str] = {}
    for word in text.split():
        key, equals, value = word.partition("=")
        if not equals or not value:
            raise PositionError(f"{word[:40]!r} is not a key=value part")
        if key not in KEYS:
            raise PositionError(f"unknown part {key[:40]!r}; the parts are {', '.join(KEYS)}")
        if key in parts:
            raise PositionError(f"{key} is given twice")
        parts[key] = value
    missing = [key for key in KEYS if key not in parts]
    if missing:
        raise PositionError(f"missing {', '.join(missing)}")
    return parts


def _read(key: str, parts: dict[str, str], parse: Callable[[str], T]) -> T:
    """One part parsed, any failure turned into a ``PositionError`` naming the part."""
    try:
        return parse(parts[key])
    except PositionError:
        raise
    except (ValueError, CardError, RulesError, TypeError, KeyError) as error:
        raise PositionError(f"{key}={parts[key][:60]}: {clip(str(error), 120)}") from None


def _rules_text(rules: Rules) -> str:
    options = rules.to_dict()

    def changes(preset_id: str) -> list[str]:
        base = PRESETS[preset_id].rules.to_dict()
        return [name for name in options if options[name] != base[name]]

    best = min(sorted(PRESETS), key=lambda preset_id: len(changes(preset_id)))
    extra = [f"{name}={_option_text(options[name])}" for name in changes(best)]
    return ",".join([best, *extra])


def _option_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _parse_rules(text: str) -> Rules:
    preset_id, *options = text.split(",")
    if preset_id not in PRESETS:
        raise PositionError(f"rules: no preset {preset_id[:40]!r}; the presets are {', '.join(sorted(PRESETS))}")
    changes: dict[str, Any] = {}
    for option in options:
        name, _, raw = option.partition("=")
        try:
            changes[name] = decode_json(raw)
        except JsonInputError as error:
            if error.line is None:  # JSON, but too deep or too long to be any option's value
                raise ValueError(f"the value of {name[:40]} {error}") from None
            changes[name] = raw  # enum values are written bare
    return Rules.from_dict(changes, base=PRESETS[preset_id].rules)


def _ints(values: Any) -> str:
    return ",".join(str(value) for value in values)


def _seat(seat: int) -> str:
    return _NOBODY if seat == NO_SEAT else str(seat)


def _card(card: Card | None) -> str:
    return _NOBODY if card is None else card.code


def _cards(cards: tuple[Card, ...]) -> str:
    return ",".join(card.code for card in cards) or _NOBODY


def _seat_cards(groups: tuple[tuple[Card, ...], ...]) -> str:
    return "/".join(_cards(cards) for cards in groups)


def _natural(text: str) -> int:
    if not text.isdigit():
        raise ValueError("a whole number from 0 is needed")
    return int(text)


def _hexadecimal(text: str) -> int:
    if not all(digit in "0123456789abcdef" for digit in text):
        raise ValueError("a hexadecimal number (0-9, a-f) is needed")
    return int(text, 16)


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError("0 or 1 is needed")
    return text == "1"


def _seat_of(count: int, nobody_allowed: bool) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if text == _NOBODY and nobody_allowed:
            return NO_SEAT
        if not text.isdigit() or int(text) >= count:
            raise ValueError(f"a seat from 0 to {count - 1}" + (" or -" if nobody_allowed else "") + " is needed")
        return int(text)
    return parse


def _parse_card(text: str) -> Card | None:
    return None if text == _NOBODY else Card.from_code(text)


def _parse_cards(text: str) -> tuple[Card, ...]:
    return () if text == _NOBODY else tuple(Card.from_code(code) for code in text.split(","))


def _check_cards(state: GameState) -> None:
    """Every card in one place at most (hands, stock, discards and board)."""
    places = [card for hand in state.hands for card in hand] + [*state.stock, *state.discards, *state.board]
    if len(set(places)) != len(places):
        twice = sorted({card.code for card in places if places.count(card) > 1})
        raise PositionError(f"cards in two places at once: {', '.join(twice)}")
    try:
        state.rules.check_in_deck([*places, *(card for deck in state.decks for card in deck)])
    except CardError as error:
        raise PositionError(str(error)) from None
    if state.stock_unsettled > len(state.stock):
        raise PositionError(f"unsettled={state.stock_unsettled} is more than the {len(state.stock)} cards in stock")


def _check_playable(state: GameState) -> None:
    """What the engine needs to play on from the table (a line can hold every part well formed
    and still describe a table no game reaches, such as a discard from three cards)."""
    phase, count = state.phase, len(state.names)
    alive = [seat for seat in range(count) if state.tokens[seat]]
    if phase is Phase.GAME_OVER:
        if state.current != NO_SEAT or state.winner not in alive:
            raise PositionError("phase=game-over needs turn=- and a winner who still has lives")
        return
    if state.winner != NO_SEAT:
        raise PositionError(f"winner={state.winner} but phase={phase.value}: only a finished game has a winner")
    if len(alive) < 2:
        raise PositionError(f"lives: {len(alive)} seats still in the game; a game goes on with at least 2")
    for deck in state.decks:
        if len(set(deck)) != len(deck):
            raise PositionError("decks: a deck holds a card twice")
    if phase is Phase.DEAL:
        if state.current != state.dealer or state.dealer not in alive:
            raise PositionError("phase=deal needs turn to be the dealer, who still has lives")
        return
    seat = state.current
    if seat not in alive:
        raise PositionError(f"turn={_seat(seat)}: the seat to play must still have lives")
    for other in range(count):
        wanted = (HAND + 1 if other == seat and phase is Phase.DISCARD else HAND) if other in alive else 0
        if len(state.hands[other]) != wanted:
            raise PositionError(f"hands: seat {other} holds {len(state.hands[other])} cards in phase={phase.value}, "
                                f"not {wanted}")
        if not set(state.known[other]) <= set(state.hands[other]):
            raise PositionError(f"known: seat {other} is known to hold a card it does not hold")
    board = len(state.board)
    if board != (HAND if state.rules.has_board else 0):
        raise PositionError(f"board: {board} cards; these rules have " + ("a board of 3" if state.rules.has_board
                                                                         else "no board"))
    if phase is Phase.DISCARD and state.rules.has_board:
        raise PositionError("phase=discard: with a board there is no discard phase (swap, pass or knock)")
    for key, card in (("taken", state.taken), ("drawn", state.drawn)):
        if card is not None and (phase is not Phase.DISCARD or card not in state.hands[seat]):
            raise PositionError(f"{key}={card.code}: only a card the player to discard holds")


def _shown_as_line(state: GameState) -> str:
    """``from_line('rules=classic seats=…')``: the expression that rebuilds the table (as python-chess
    shows a board by its FEN), not every field (thousands of characters). The history is left out, as
    the line leaves it out."""
    try:
        return f"from_line({to_line(state)!r})"
    except Exception:  # a repr must never raise: a half-built state (a failing test's) shows its fields
        return tuple.__repr__(state)


# Given here, not in state.py: the state module knows no notation (tests/model/test_model_imports.py).
# Importing any part of the model runs the package's __init__, which imports this module.
setattr(GameState, "__repr__", _shown_as_line)

__all__ = ["KEYS", "from_line", "to_line", "without_history"]
