"""A seat record: one seat's game at a table hosted elsewhere, holding only what that seat saw.

A player who joins a table never has the deal (the seed, the stock, the other hands), so its
archived game cannot be a ``GameRecord``, which replays from the deal. A seat record keeps what
the seat was sent instead: each state's public events with the seat's own cards after it, every
finished round's showdown (the hands the rules turn face up) and the host's final standings. It
never holds another seat's hidden card, because the seat was never sent one (``docs/records.md``,
"Seat records"). Events stay in the table protocol's data form (``net.codec`` reads them back).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ..i18n import _

from .cards import Card
from .errors import RecordError
from .json_input import JsonInputError, clip, decode_json
from .record import Seat, read_record_bytes
from .rule_choices import MAX_SEATS
from .rules import Rules

FORMAT = "thirtyone-seat-record"
VERSION = 1
NETWORK_KEY = "network"
"""In a seat record's ``meta``: ``true`` (the game was played at a table hosted elsewhere)."""


class NotASeatRecordError(RecordError):
    """The file is no seat record at all (a game record, say): its own reader has the better reason."""


@dataclass(frozen=True)
class SeatStep:
    """What one state from the host brought: whose action, its public events, this seat's cards after it."""

    number: int
    """The host's action number after the step."""
    actor: int | None
    events: tuple[Mapping[str, Any], ...]
    hand: tuple[Card, ...]


@dataclass(frozen=True)
class Standing:
    """One seat's place at the game's end, as the host announced it."""

    place: int
    seat: int
    name: str
    lives: int


@dataclass(frozen=True)
class SeatRecord:
    """One seat's game (``seat``), as it saw it; ``game`` names it (archived and counted once)."""

    rules: Rules
    seat: int
    seats: tuple[Seat, ...]
    game: str
    steps: tuple[SeatStep, ...]
    results: tuple[Mapping[str, Any], ...]
    """Every finished round as shown at the table: ``round_number``, ``reason``, ``hands`` (face up),
    ``scores``, ``knocker``, ``showed_31``, ``lives_lost``."""
    standings: tuple[Standing, ...]
    preset: str | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_finished(self) -> bool:
        """The host's standings place every seat."""
        return sorted(row.seat for row in self.standings) == list(range(len(self.seats)))

    def places(self) -> tuple[int, ...]:
        """Each seat's place (1: won); ``RecordError`` if the standings do not cover every seat."""
        if not self.is_finished:
            raise RecordError(_("the game is not finished: the standings do not place every seat"))
        places = [0] * len(self.seats)
        for row in self.standings:
            places[row.seat] = row.place
        return tuple(places)

    def with_meta(self, **notes: Any) -> SeatRecord:
        """This record with these ``meta`` entries set."""
        return dataclasses.replace(self, meta={**self.meta, **notes})

    def to_json(self) -> str:
        """The record as JSON text, one step per line."""
        head: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.preset:
            head["preset"] = self.preset
        head["rules"] = self.rules.to_dict()
        head["seats"] = [{"name": s.name, "player": s.player} for s in self.seats]
        head["seat"], head["game"] = self.seat, self.game
        head["results"] = [dict(result) for result in self.results]
        head["standings"] = [dataclasses.asdict(row) for row in self.standings]
        if self.meta:
            head["meta"] = dict(self.meta)
        text = json.dumps(head, indent=2, ensure_ascii=False)[:-2]
        steps = ",\n".join("    " + json.dumps({"number": step.number, "actor": step.actor,
                                                "events": [dict(event) for event in step.events],
                                                "hand": [card.code for card in step.hand]}, ensure_ascii=False)
                           for step in self.steps)
        return text + ',\n  "steps": [\n' + steps + ("\n" if steps else "") + "  ]\n}\n"

    @classmethod
    def from_json(cls, raw: str | bytes) -> SeatRecord:
        """Read and check a seat record; ``RecordError`` says in one line what is wrong."""
        try:
            data = decode_json(raw)
        except JsonInputError as error:
            raise RecordError(_("not a seat record: the file {error}").format(error=error)) from None
        if not is_seat_record(data):
            raise NotASeatRecordError(_('not a thirtyone seat record (no "format": "{format}")').format(format=FORMAT))
        try:
            return _read(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:  # CardError and RulesError are ValueErrors
            raise RecordError(clip(_("the seat record cannot be read: {problem}").format(problem=_problem(error)))) from None

    @classmethod
    def from_file(cls, path: str | Path) -> SeatRecord:
        """Read a seat record file (refused by size before it is read in full); ``RecordError`` on any problem."""
        return cls.from_json(read_record_bytes(path))


def merged(earlier: SeatRecord, later: SeatRecord) -> SeatRecord:
    """``later`` (the same game seen since) with the steps of ``earlier`` it does not hold: those of rounds
    kept before a crash, when a new window took the seat back. Steps are matched by action number."""
    if earlier.game != later.game or not earlier.steps:
        return later
    last = earlier.steps[-1].number
    return dataclasses.replace(later, steps=earlier.steps + tuple(step for step in later.steps if step.number > last))


def with_every_showdown(record: SeatRecord) -> SeatRecord:
    """``record`` with the end of every round no step holds (played while the seat was away) as a step of its
    own, from the results the seat was sent, before the first step of a later round: a review narrates every
    showdown."""
    ended = {event["result"].get("round_number") for step in record.steps for event in step.events
             if event.get("event") == "RoundEnded" and isinstance(event.get("result"), dict)}
    missed = [result for result in record.results if result.get("round_number") not in ended]
    if not missed:
        return record
    steps: list[SeatStep] = []
    for step in record.steps:
        starts = [event.get("round_number") for event in step.events if event.get("event") == "RoundStarted"]
        while missed and starts and isinstance(starts[0], int) and missed[0].get("round_number", 0) < starts[0]:
            steps.append(SeatStep(step.number, None, ({"event": "RoundEnded", "result": missed.pop(0)},), ()))
        steps.append(step)
    number = record.steps[-1].number if record.steps else 0
    steps.extend(SeatStep(number, None, ({"event": "RoundEnded", "result": result},), ()) for result in missed)
    return dataclasses.replace(record, steps=tuple(steps))


def is_seat_record(data: Any) -> bool:
    """Whether decoded JSON says it is a seat record (not a game record)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def _problem(error: Exception) -> str:
    return f"missing {error}" if isinstance(error, KeyError) else str(error)


def _int(value: Any, low: int = 0, high: int = 10**9) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{clip(repr(value), 40)} is not a whole number from {low} to {high}")
    return value


def _cards(codes: Any) -> tuple[Card, ...]:
    if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
        raise ValueError("cards must be a list of card codes")
    return tuple(Card.from_code(code) for code in codes)  # two packs may deal the same card twice


def _read(data: dict[str, Any]) -> SeatRecord:
    version = data.get("version")
    if version != VERSION:
        raise ValueError(f"version {clip(repr(version), 20)}: this program reads version {VERSION}")
    rules = Rules.from_dict(data["rules"])
    seats = tuple(Seat(str(s["name"]), str(s["player"])) for s in data["seats"])
    if not 2 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"{len(seats)} seats")
    count = len(seats)
    seat = _int(data["seat"], 0, count - 1)
    steps = []
    for step in data["steps"]:
        events = tuple(step["events"])
        if not all(isinstance(event, dict) and isinstance(event.get("event"), str) for event in events):
            raise ValueError("an event without a name")
        actor = step["actor"]
        steps.append(SeatStep(_int(step["number"]), None if actor is None else _int(actor, 0, count - 1), events,
                              _cards(step["hand"])))
    results = []
    for result in data["results"]:
        hands = [_cards(hand) for hand in result["hands"]]
        lives = [_int(lost) for lost in result["lives_lost"]]
        if len(hands) != count or len(lives) != count or len(result["scores"]) != count:
            raise ValueError("a round's result does not cover every seat")
        knocker = result.get("knocker")
        if knocker is not None:
            _int(knocker, 0, count - 1)
        for shown in result.get("showed_31", []):
            _int(shown, 0, count - 1)
        results.append(dict(result))
    standings = tuple(Standing(_int(row["place"], 1, count), _int(row["seat"], 0, count - 1), str(row["name"]),
                               _int(row["lives"])) for row in data["standings"])
    meta = data.get("meta", {})
    preset = data.get("preset")
    return SeatRecord(rules, seat, seats, str(data["game"]), tuple(steps), tuple(results), standings,
                      preset if isinstance(preset, str) else None, meta if isinstance(meta, dict) else {})


__all__ = ["FORMAT", "NETWORK_KEY", "VERSION", "NotASeatRecordError", "SeatRecord", "SeatStep", "Standing", "is_seat_record",
           "merged", "with_every_showdown"]
