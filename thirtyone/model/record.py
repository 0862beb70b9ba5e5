"""Game records: a versioned JSON file that replays a game exactly.

A record holds the rules, the seats, the seed (and optionally explicit deck
orders) and every action in text form. A partial record (stopping mid-round)
is valid. Reading refuses malformed or illegal records with the line and the
reason.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Iterator

from .actions import Action, Deal, parse_action
from .cards import FULL_DECK, Card, parse_cards
from .errors import CardError, IllegalActionError, RecordError, RulesError
from .events import Event
from .presets import PRESETS, as_written
from .rng import shuffled
from .rules import Rules
from .state import GameState, new_game

FORMAT = "thirtyone-record"
VERSION = 2
"""2: seeded decks are dealt with the lazy shuffle; version 1 records are read with their decks written out."""


@dataclass(frozen=True)
class Seat:
    """A player in a record: a name and who played it (``human``, ``bot:sharp`` …)."""

    name: str
    player: str = "human"


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game."""

    rules: Rules
    seats: tuple[Seat, ...]
    seed: int
    first_dealer: int
    actions: tuple[Action, ...] = ()
    decks: tuple[tuple[Card, ...], ...] = ()
    preset: str | None = None
    """The preset the rules started from, for people reading the file."""
    meta: dict[str, Any] = field(default_factory=dict)
    """Free-form notes (dates, program version); not used to replay."""

    def initial_state(self) -> GameState:
        """The state before the first action."""
        return new_game(self.rules, [seat.name for seat in self.seats], seed=self.seed,
                        first_dealer=self.first_dealer, decks=self.decks)

    def replay(self) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
        """Yield ``(before, action, after, events)`` for every action."""
        state = self.initial_state()
        for number, action in enumerate(self.actions, start=1):
            try:
                after, events = state.apply(action)
            except IllegalActionError as error:
                raise RecordError(f"action {number} ({action}) is illegal: {error}") from None
            yield state, action, after, events
            state = after

    def final_state(self) -> GameState:
        """The state after the last action."""
        state = self.initial_state()
        for _before, _action, state, _events in self.replay():
            pass
        return state

    def with_action(self, action: Action) -> GameRecord:
        """A copy with one more action at the end."""
        return GameRecord(self.rules, self.seats, self.seed, self.first_dealer, self.actions + (action,),
                          self.decks, self.preset, self.meta)

    def to_json(self) -> str:
        """The record as JSON text, one action per line."""
        head: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.preset:
            head["preset"] = self.preset
        head["rules"] = self.rules.to_dict()
        head["seats"] = [{"name": s.name, "player": s.player} for s in self.seats]
        head["seed"] = self.seed
        head["first_dealer"] = self.first_dealer
        if self.decks:
            head["decks"] = [" ".join(card.code for card in deck) for deck in self.decks]
        if self.meta:
            head["meta"] = self.meta
        text = json.dumps(head, indent=2, ensure_ascii=False)[:-2]
        actions = ",\n".join("    " + json.dumps(str(action)) for action in self.actions)
        return text + ',\n  "actions": [\n' + actions + ("\n" if actions else "") + "  ]\n}\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read and check a record; ``RecordError`` says which line is wrong and why."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"line {error.lineno}: not valid JSON ({error.msg})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"line 1: not a thirtyone game record (no \"format\": \"{FORMAT}\")")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError(f"line {_line_of_key(text, 'version')}: version must be a whole number")
        if version > VERSION:
            raise RecordError(f"line {_line_of_key(text, 'version')}: this record is version {version}, "
                              f"newer than this program reads ({VERSION}); update thirtyone")
        record = cls._from_data(data, text)
        action_lines = _array_item_lines(text, "actions")
        state = record.initial_state()
        decks = list(record.decks)
        for number, action in enumerate(record.actions):
            if version < 2 and type(action) is Deal and state.round_number == len(decks):
                # Version 1 shuffled every deck in full when dealing; this version
                # shuffles lazily (see ``GameState.stock_unsettled``), which deals
                # other cards from the same seed. The old deck is written out instead.
                decks.append(shuffled(record.seed, state.chance, FULL_DECK))
                state = state.evolve(decks=tuple(decks))
            try:
                state, _ = state.apply(action)
            except IllegalActionError as error:
                line = action_lines[number] if number < len(action_lines) else "?"
                raise RecordError(f"line {line}: action {number + 1} ({action}) is illegal: {error}") from None
        if len(decks) > len(record.decks):
            record = dataclasses.replace(record, decks=tuple(decks))
        return record

    @classmethod
    def _from_data(cls, data: dict[str, Any], text: str) -> GameRecord:
        def fail(key: str, message: str) -> RecordError:
            return RecordError(f"line {_line_of_key(text, key)}: {message}")

        preset_id = data.get("preset")
        if preset_id is not None and preset_id not in PRESETS:
            raise fail("preset", f"unknown preset {preset_id!r}")
        base = as_written(PRESETS[preset_id].rules if preset_id else Rules(), data.get("rules"))
        try:
            rules = Rules.from_dict(data.get("rules", {}), base=base)
        except RulesError as error:
            raise fail("rules", f"bad rules: {error}") from None
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or not all(isinstance(s, dict) and isinstance(s.get("name"), str)
                                                       for s in seats_data):
            raise fail("seats", "seats must be a list of {\"name\": ..., \"player\": ...}")
        seats = tuple(Seat(s["name"], str(s.get("player", "human"))) for s in seats_data)
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise fail("seed", "seed must be a whole number")
        first_dealer = data.get("first_dealer", 0)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < len(seats):
            raise fail("first_dealer", f"first_dealer must be a seat number from 0 to {len(seats) - 1}")
        try:
            decks = tuple(parse_cards(deck) for deck in data.get("decks", []))
        except (CardError, AttributeError, TypeError) as error:
            raise fail("decks", f"bad deck: {error}") from None
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise fail("actions", "actions must be a list of strings")
        lines = _array_item_lines(text, "actions")
        actions: list[Action] = []
        for number, raw in enumerate(raw_actions):
            line = lines[number] if number < len(lines) else "?"
            if not isinstance(raw, str):
                raise RecordError(f"line {line}: action {number + 1} must be a string like \"draw\"")
            try:
                actions.append(parse_action(raw))
            except IllegalActionError as error:
                raise RecordError(f"line {line}: action {number + 1}: {error}") from None
        meta = data.get("meta", {})
        try:
            game = cls(rules, seats, seed, first_dealer, tuple(actions), decks, preset_id,
                       meta if isinstance(meta, dict) else {})
            game.initial_state()
        except RulesError as error:
            raise fail("seats", str(error)) from None
        return game


def _top_level_values(text: str) -> dict[str, tuple[int, int]]:
    """Character spans of each top-level value of a JSON object text."""
    decoder = json.JSONDecoder()
    spans: dict[str, tuple[int, int]] = {}
    pos = text.index("{") + 1
    while True:
        pos = _skip(text, pos, " \t\r\n,")
        if pos >= len(text) or text[pos] == "}":
            return spans
        key, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos, " \t\r\n:")
        _, end = decoder.raw_decode(text, pos)
        spans[key] = (pos, end)
        pos = end


def _skip(text: str, pos: int, chars: str) -> int:
    while pos < len(text) and text[pos] in chars:
        pos += 1
    return pos


def _line_of_key(text: str, key: str) -> int:
    """The line on which a top-level key's value starts (1 if absent)."""
    try:
        start, _ = _top_level_values(text).get(key, (0, 0))
    except (ValueError, json.JSONDecodeError):
        return 1
    return text.count("\n", 0, start) + 1


def _array_item_lines(text: str, key: str) -> list[int]:
    """Line numbers of each item of a top-level array."""
    try:
        span = _top_level_values(text).get(key)
    except (ValueError, json.JSONDecodeError):
        return []
    if span is None or text[span[0]] != "[":
        return []
    decoder = json.JSONDecoder()
    lines: list[int] = []
    pos = span[0] + 1
    while True:
        pos = _skip(text, pos, " \t\r\n,")
        if pos >= span[1] or text[pos] == "]":
            return lines
        lines.append(text.count("\n", 0, pos) + 1)
        _, pos = decoder.raw_decode(text, pos)
