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
from pathlib import Path
from typing import Any, Callable, Iterator

from ..i18n import _
from ..paths import UnusableFileError, read_regular
from .actions import Action, Deal, parse_action
from .cards import Card, parse_cards
from .errors import CardError, IllegalActionError, InvalidActionError, RecordError, RulesError
from .json_input import JsonInputError, brief, clip, decode_json
from .events import Event
from .presets import PRESETS
from .rng import shuffled
from .rules import Rules, as_played_then, player_counts
from .state import GameState, new_game
from .play import apply

FORMAT = "thirtyone-record"
VERSION = 2
"""2: seeded decks are dealt with the lazy shuffle; version 1 records are read with their decks written out."""


@dataclass(frozen=True)
class Seat:
    """A player in a record: a name and who played it (``human``, ``bot:sharp`` …)."""

    name: str
    player: str = "human"


HINTS_USED = "hints_used"
"""In a record's ``meta``: on how many turns the coach's hint was shown (the window adds one per hint)."""
FINISHED_AT = "finished_at"
"""In an archived record's ``meta``: when the game ended (ISO 8601, UTC)."""
PROGRAM = "program"
"""In an archived record's ``meta``: the program and version that archived it."""


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

    def human_seats(self) -> tuple[int, ...]:
        """The seats people played (every seat whose player is ``human``)."""
        return tuple(seat for seat, spec in enumerate(self.seats) if spec.player == "human")

    def initial_state(self) -> GameState:
        """The state before the first action."""
        return new_game(self.rules, [seat.name for seat in self.seats], seed=self.seed,
                        first_dealer=self.first_dealer, decks=self.decks)

    def replay(self) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
        """Yield ``(before, action, after, events)`` for every action."""
        state = self.initial_state()
        for number, action in enumerate(self.actions, start=1):
            try:
                after, events = apply(state, action)
            except IllegalActionError as error:
                raise RecordError(_("action {number} ({action}) is illegal: {error}").format(
                    number=number, action=action, error=error)) from None
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
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read and check a record; ``RecordError`` says in one line which line is wrong and why."""
        try:
            return cls._read(text)
        except RecordError as error:
            raise RecordError(clip(str(error))) from None

    @classmethod
    def from_file(cls, path: str | Path) -> GameRecord:
        """Read a record file (refused by size before it is read in full); ``RecordError`` on any problem."""
        return cls.from_json(read_record_bytes(path))

    @classmethod
    def _read(cls, raw: str | bytes) -> GameRecord:
        try:
            data = decode_json(raw)
        except JsonInputError as error:
            if error.line is not None:
                raise RecordError(_("line {line}: not valid JSON ({detail})").format(
                    line=error.line, detail=error.detail)) from None
            raise RecordError(_("not a game record: the file {error}").format(error=error)) from None
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(_('line 1: not a thirtyone game record (no "format": "{format}")').format(format=FORMAT))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordError(_("line {line}: version must be a whole number from 1 to {newest}, not {version}").format(
                line=_line_of_key(text, "version"), newest=VERSION, version=brief(version)))
        if version > VERSION:
            raise RecordError(_("line {line}: this record is version {version}, newer than this program reads ({newest}); "
                                "update thirtyone").format(line=_line_of_key(text, "version"), version=version, newest=VERSION))
        record = cls._from_data(data, text)
        state = record.initial_state()
        decks = list(record.decks)
        for number, action in enumerate(record.actions):
            if version < 2 and type(action) is Deal and state.round_number == len(decks):
                # Version 1 shuffled every deck in full when dealing; this version
                # shuffles lazily (see ``GameState.stock_unsettled``), which deals
                # other cards from the same seed. The old deck is written out instead.
                decks.append(shuffled(record.seed, state.chance, state.rules.cards))
                state = state.evolve(decks=tuple(decks))
            try:
                state, _events = apply(state, action)
            except IllegalActionError as error:
                raise RecordError(_("line {line}: action {number} ({action}) is illegal: {error}").format(
                    line=_action_line(text, number), number=number + 1, action=action, error=error)) from None
        if len(decks) > len(record.decks):
            record = dataclasses.replace(record, decks=tuple(decks))
        return record

    @classmethod
    def _from_data(cls, data: dict[str, Any], text: str) -> GameRecord:
        def fail(key: str, message: str) -> RecordError:
            return RecordError(_("line {line}: {message}").format(line=_line_of_key(text, key), message=message))

        preset_id = data.get("preset")
        if preset_id is not None and (not isinstance(preset_id, str) or preset_id not in PRESETS):
            raise fail("preset", f"unknown preset {brief(preset_id)}; known presets: {', '.join(PRESETS)}")
        base = PRESETS[preset_id].rules if preset_id else Rules()
        try:
            rules = Rules.from_dict(as_played_then(data.get("rules", {})), base=base)
        except (RulesError, TypeError, AttributeError, KeyError) as error:
            raise fail("rules", f"bad rules: {error}") from None
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("player", ""), str)
                for s in seats_data):
            raise fail("seats", "seats must be a list of {\"name\": ..., \"player\": ...} with text values")
        allowed = player_counts(rules)
        if len(seats_data) not in allowed:
            raise fail("seats", f"these rules are for {allowed.start} to {allowed.stop - 1} players, "
                                f"not {len(seats_data)}")
        seats = tuple(Seat(s["name"], s.get("player", "human")) for s in seats_data)
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise fail("seed", f"seed must be a whole number, not {brief(seed)}")
        first_dealer = data.get("first_dealer", 0)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < len(seats):
            raise fail("first_dealer", f"first_dealer must be a seat number from 0 to {len(seats) - 1}, "
                                       f"not {brief(first_dealer)}")
        decks = _read_decks(data.get("decks", []), lambda message: fail("decks", message))
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise fail("actions", "actions must be a list of strings like \"draw\"")
        actions: list[Action] = []
        for number, raw in enumerate(raw_actions):
            if not isinstance(raw, str):
                raise RecordError(_('line {line}: action {number} must be a string like "draw", not {raw}').format(
                    line=_action_line(text, number), number=number + 1, raw=brief(raw)))
            try:
                actions.append(parse_action(raw))
            except InvalidActionError as error:
                raise RecordError(_("line {line}: action {number}: {error}").format(
                    line=_action_line(text, number), number=number + 1, error=error)) from None
        meta = data.get("meta", {})
        try:
            game = cls(rules, seats, seed, first_dealer, tuple(actions), decks, preset_id,
                       meta if isinstance(meta, dict) else {})
            game.initial_state()
        except RulesError as error:
            raise fail("seats", str(error)) from None
        return game


def _read_decks(raw: Any, fail: Callable[[str], RecordError]) -> tuple[tuple[Card, ...], ...]:
    """The record's fixed deck orders; errors in words a player knows."""
    if not isinstance(raw, list):
        raise fail("decks must be a list of decks, each written like \"AS KS QS\"")
    decks: list[tuple[Card, ...]] = []
    for number, deck in enumerate(raw, start=1):
        if not isinstance(deck, str):
            raise fail(f"deck {number} must be cards written like \"AS KS QS\", not {brief(deck)}")
        try:
            cards = tuple(parse_cards(deck))
        except CardError as error:
            raise fail(f"deck {number}: {error}") from None
        decks.append(cards)
    return tuple(decks)


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
        _value, end = decoder.raw_decode(text, pos)
        spans[key] = (pos, end)
        pos = end


def _skip(text: str, pos: int, chars: str) -> int:
    while pos < len(text) and text[pos] in chars:
        pos += 1
    return pos


def _line_of_key(text: str, key: str) -> int:
    """The line on which a top-level key's value starts (1 if absent)."""
    try:
        start, _end = _top_level_values(text).get(key, (0, 0))
    except (ValueError, RecursionError):
        return 1
    return text.count("\n", 0, start) + 1


def _action_line(text: str, number: int) -> int | str:
    """The line of action ``number`` (0-based), or ``?`` if the text cannot say; only asked on errors."""
    lines = _array_item_lines(text, "actions")
    return lines[number] if number < len(lines) else "?"


def _array_item_lines(text: str, key: str) -> list[int]:
    """Line numbers of each item of a top-level array, in one pass over the text."""
    try:
        span = _top_level_values(text).get(key)
    except (ValueError, RecursionError):
        return []
    if span is None or text[span[0]] != "[":
        return []
    decoder = json.JSONDecoder()
    lines: list[int] = []
    line, counted = 1 + text.count("\n", 0, span[0]), span[0]
    pos = span[0] + 1
    while True:
        pos = _skip(text, pos, " \t\r\n,")
        if pos >= span[1] or text[pos] == "]":
            return lines
        line += text.count("\n", counted, pos)
        counted = pos
        lines.append(line)
        _value, pos = decoder.raw_decode(text, pos)


def read_record_bytes(path: str | Path) -> bytes:
    """A record file's bytes, refused by size before it is read in full; ``RecordError`` says why it cannot be read."""
    try:
        return read_regular(path)
    except UnusableFileError as error:
        raise RecordError(_("the file {error}").format(error=error.strerror)) from None
    except OSError as error:
        raise RecordError(_("cannot read the file: {reason}").format(reason=error.strerror or type(error).__name__)) from None
