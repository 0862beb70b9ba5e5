"""A game review: the coach at each of one seat's decisions, the costliest marked, and each round's lives.

Built from a game record, so any finished (or unfinished) game can be
reviewed, old records included: the record reader writes their decks out.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping, Sequence

from ..bots.base import PLAY_VERSION
from ..i18n import _, seat_name
from ..model import Action, Deal, GameState, Phase, QuickDraw, format_value, hand_value
from ..model import Observation, legal_actions, observe
from ..model.actions import parse_action
from ..model.errors import InvalidActionError
from ..model.legality import index_among
from ..model.record import GameRecord
from .search import MIN_WORLDS, PLAYOUTS, SEARCH_VERSION
from .advice import GUN_ODDS, ING, PAST, Advice, Option, advise, label_for, percent

COSTLIEST = 3
"""How many decisions a review marks as the costliest."""


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    index: int
    """Position of the action in the record (0-based)."""
    round_number: int
    move: Action
    move_label: str
    hand_value: float
    """The seat's hand value before the move (three cards; four while discarding: the best three)."""
    advice: Advice
    best_words: str = ""
    """The coach's best move as the subject of a sentence (``knocking now``)."""

    @property
    def move_chance(self) -> float | None:
        """The odds the coach gave the move made."""
        return self.advice.chance_of(self.move)

    @property
    def cost(self) -> float:
        """How much more often the best move would have kept the seat's lives (0 when it was played)."""
        best, made = self.advice.best.keep_chance, self.move_chance
        if best is None or made is None:
            return 0.0
        return max(0.0, best - made)

    def sentence(self) -> str:
        """``Round 3: you knocked with 19; Draw would have kept your life 23% more often``."""
        made = self.move_label[0].lower() + self.move_label[1:]
        text = _("Round {number}: {move} with {value}").format(number=self.round_number, move=made,
                                                              value=format_value(self.hand_value))
        if self.cost > 0:
            text += _("; {move} would have kept your life {percent} more often").format(
                move=self.best_words, percent=percent(self.cost))
        return text


@dataclass(frozen=True)
class GameReview:
    """Every decision of one seat, the costliest marked, and a line per round."""

    seat: int
    names: tuple[str, ...]
    decisions: tuple[Decision, ...]
    round_lines: tuple[str, ...] = field(default=())

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The (up to) three decisions that cost the most, costliest first; free ones are never marked."""
        ranked = sorted((d for d in self.decisions if d.cost > 0), key=lambda d: (-d.cost, d.index))
        return tuple(ranked[:COSTLIEST])

    def to_dict(self) -> dict[str, object]:
        """The review as plain data (for ``--json``)."""
        marked = {d.index for d in self.costliest}
        return {
            "seat": self.seat + 1,  # counted from 1, as --seat and every line of the review count seats
            "name": self.names[self.seat],
            "decisions": [{
                "action": d.index + 1,
                "round": d.round_number,
                "move": str(d.move),
                "move_text": d.move_label,
                "move_chance": d.move_chance,
                "best": str(d.advice.best.action),
                "best_text": d.advice.best.label,
                "best_chance": d.advice.best.keep_chance,
                "costliest": d.index in marked,
            } for d in self.decisions],
            "rounds": list(self.round_lines),
        }


def seat_decisions(record: GameRecord, seat: int) -> Iterator[tuple[int, GameState, Action]]:
    """``(index, state before, action)`` for every choice the seat made (forced moves left out)."""
    for index, (before, action, _after, _events) in enumerate(record.replay()):
        if type(action) is Deal or isinstance(action, QuickDraw) or before.current != seat:
            continue
        if before.phase not in (Phase.TURN, Phase.DISCARD) or len(legal_actions(before)) < 2:
            continue
        yield index, before, action


def round_lines(record: GameRecord, reader: int) -> tuple[str, ...]:
    """One line per finished round: who lost lives, and why, told to ``reader`` (the seat under review)."""
    names = [seat.name for seat in record.seats]
    lines = []
    for result in record.final_state().results:
        losers = [f"{seat_name(names[s])} -{n}" for s, n in enumerate(result.lives_lost) if n > 0]
        reasons = result.reasons_for(reader)  # the reviewed seat reads its own sentence, as at the table
        why = next((reasons[s] for s, n in enumerate(result.lives_lost) if n > 0), "")
        line = _("Round {number}: {losses}").format(number=result.round_number,
                                                      losses=", ".join(losers) or _("no lives lost"))
        lines.append(f"{line} ({why})" if why else line)
    return tuple(lines)


def review_decision(index: int, before: GameState, action: Action, seat: int,
                    advice: Advice | None = None) -> Decision:
    """The review of one decision: ``action`` played by ``seat`` in ``before`` (action ``index`` of
    the record); ``advice`` when the coach's answer is already known (``kept_advice``)."""
    observation = observe(before, seat)
    hand = observation.hand
    value = max(hand_value(tuple(c for c in hand if c is not drop), before.rules) for drop in hand) \
        if len(hand) == 4 else hand_value(hand, before.rules)
    if advice is None:
        advice = advise(observation, also=action)
    label = label_for(action, observation, PAST)
    best_words = label_for(advice.best.action, observation, ING)
    return Decision(index, before.round_number, action, label, value, advice, best_words)


def review_record(record: GameRecord, seat: int, progress: Callable[[int, int], None] | None = None,
                  known: Mapping[str, object] | None = None) -> GameReview:
    """The coach's review of ``seat``'s decisions; ``progress(done, total)`` is told as it goes.

    ``known`` maps positions (``position_keys``) to the coach's answers worked out earlier (plain
    data, ``advice_data``); without it, those kept in the record (``kept_answers``) are used. A valid
    answer to the same position and move is used as it is, any other decision is worked out now.
    The answers are the same either way (the coach is seeded by what the seat saw), only sooner.
    """
    if not 0 <= seat < len(record.seats):
        raise ValueError(_("seat {number} is not at this table (seats 1 to {count})").format(
            number=seat + 1, count=len(record.seats)))
    names = tuple(s.name for s in record.seats)
    todo = list(seat_decisions(record, seat))
    if known is None:
        known = kept_answers(record)
    keys = position_keys(record) if known else []
    decisions = []
    for done, (index, before, action) in enumerate(todo):
        advice = None
        if known and keys[index] in known:
            advice = advice_from_data(known[keys[index]], observe(before, seat), action)
        decisions.append(review_decision(index, before, action, seat, advice))
        if progress:
            progress(done + 1, len(todo))
    return GameReview(seat, names, tuple(decisions), round_lines(record, seat))


def advice_data(advice: Advice, move: Action) -> dict[str, object]:
    """The coach's answer to a decision where ``move`` was played, as plain JSON data: each option's
    move and numbers, best first (no words: those are written in the reader's language when read)."""
    return {"move": str(move), "options": [[str(o.action), o.keep_chance, o.hit_chance, o.shot_chance]
                                           for o in advice.options], "note": advice.note}


def advice_from_data(data: object, observation: Observation, move: Action) -> Advice | None:
    """``advice_data`` read back for the seat that sees ``observation`` and played ``move``; ``None``
    for anything that is not such an answer (another move, wrong shapes, moves not legal now, numbers
    out of range)."""
    if not isinstance(data, dict) or data.get("move") != str(move):
        return None
    if not isinstance(data.get("options"), list) or not data["options"]:
        return None
    note = data.get("note", "")
    if note not in ("", GUN_ODDS):
        return None
    options = []
    for entry in data["options"][:MAX_OPTIONS]:
        if not (isinstance(entry, list) and len(entry) == 4 and isinstance(entry[0], str)):
            return None
        try:
            action = parse_action(entry[0][:80])
        except InvalidActionError:
            return None
        if index_among(action, observation.legal_actions) < 0:
            return None
        chances = entry[1:]
        if not all(c is None or (type(c) is float and 0.0 <= c <= 1.0) for c in chances):
            return None
        options.append(Option(action, label_for(action, observation), *chances))
    if len(data["options"]) > MAX_OPTIONS:
        return None
    return Advice(observation.seat, tuple(options), note)


MAX_OPTIONS = 64
"""More options than any position has legal moves: longer lists are refused, not read."""


def advise_decisions(task: tuple[str, Sequence[tuple[int, int]]]) -> dict[str, dict[str, object]]:
    """The coach's answers (``advice_data``, by ``position_keys``) to the decisions at these
    ``(record index, seat)`` pairs that are decisions: a worker process's task, given the record as
    JSON text."""
    text, wanted = task
    record = GameRecord.from_json(text)
    keys = position_keys(record)
    answers: dict[str, dict[str, object]] = {}
    for seat in sorted({seat for _index, seat in wanted}):
        indices = {index for index, who in wanted if who == seat}
        for index, before, action in seat_decisions(record, seat):
            if index in indices:
                answers[keys[index]] = advice_data(advise(observe(before, seat), also=action), action)
    return answers


KEPT_KEY = "coach_review"
"""The record's ``meta`` entry that keeps the coach's answers worked out while the game was played."""
KEPT_VERSION = f"coach {SEARCH_VERSION}/{PLAYOUTS}/{MIN_WORLDS}, bots {PLAY_VERSION}"
"""What a kept answer depends on besides its position: the coach's search and the bots its play-outs
and lines model. Answers kept under other values are not used (the search may answer otherwise);
the program's version is not part of it, so an upgrade that changes neither keeps them. The rules,
seats, deal and moves are in every answer's key (``position_keys``): another rule set never reads them."""


def position_keys(record: GameRecord) -> list[str]:
    """A key for the table before each action: the game (rules, seats, seed, decks) and every action
    before it, hashed. A take-back and another move make other keys, so a kept answer is only ever
    read for the position it answered."""
    head = GameRecord(record.rules, record.seats, record.seed, record.first_dealer, (), record.decks, record.preset)
    running = hashlib.blake2b(head.to_json().encode("utf-8"), digest_size=12)
    keys = []
    for action in record.actions:
        keys.append(running.hexdigest())
        running.update(f"{action}\n".encode("utf-8"))
    return keys


def game_key(record: GameRecord) -> str:
    """A key for the whole game (rules, seats, seed, decks and every action), as ``position_keys`` makes
    one for each position: what the could-have-won lines kept with a record are filed under."""
    head = GameRecord(record.rules, record.seats, record.seed, record.first_dealer, (), record.decks, record.preset)
    running = hashlib.blake2b(head.to_json().encode("utf-8"), digest_size=12)
    for action in record.actions:
        running.update(f"{action}\n".encode("utf-8"))
    return running.hexdigest()


def kept_answers(record: GameRecord) -> dict[str, object]:
    """The coach's answers kept in ``record`` (``KEPT_KEY``), by position; empty when there are none
    or they are not this coach's (each answer is still checked against its position when read)."""
    kept = record.meta.get(KEPT_KEY)
    return dict(kept["answers"]) if isinstance(kept, dict) and is_kept_entry(kept) else {}


def is_kept_entry(kept: object) -> bool:
    """Whether ``kept`` (a record's ``KEPT_KEY`` entry) holds answers of this coach, if any."""
    return isinstance(kept, dict) and kept.get("version") == KEPT_VERSION and isinstance(kept.get("answers"), dict)


def kept_entry(answers: Mapping[str, object]) -> dict[str, object]:
    """The ``meta`` value (``KEPT_KEY``) that keeps these answers with a record."""
    return {"version": KEPT_VERSION, "answers": dict(answers)}


__all__ = ["COSTLIEST", "KEPT_KEY", "Decision", "GameReview", "advice_data", "advice_from_data", "advise_decisions", "is_kept_entry", "kept_answers",
           "kept_entry",
           "game_key", "position_keys", "review_decision",
           "review_record", "round_lines", "seat_decisions"]
