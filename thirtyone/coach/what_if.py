"""Could I have won? For each round the reviewed seat lost lives in, the decision where its chance dropped
most, and that round played again on the same deal with the coach's move instead.

The round is replayed from the record up to that decision, so every hidden card and the stock's order
stay as they were; the coach's best move is played, and from there the seat follows the coach's best
move each turn while the other seats' bots play on as they would, asked with the game's own seeds
(``Match.bot_request``: the same generator for the same seat and action number). The Expert plays
without its clock, so the line is the same on any machine. A seat that a person or a plug-in played
is played on by Sharp (what it would have done is not in the record). The line ends with the round.
"""

from __future__ import annotations

import dataclasses
import os
from concurrent.futures import FIRST_COMPLETED, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..bots import LEVELS, SharpBot, make_bot
from ..bots.base import Bot
from ..controller import Match, Rejected
from ..i18n import _, ngettext, seat_name
from ..model import Action, Card
from ..model.actions import DRAW, parse_action
from ..model.cards import parse_cards
from ..model.errors import CardError, InvalidActionError
from ..model.events import RoundEnded
from ..model.record import GameRecord
from .. import workers
from ..model import observe
from .advice import NOW, advise, describe_action
from .review import Decision, GameReview, position_keys

MAX_LINE = 400
"""Actions a replayed round may take before it is given up (a round is a few dozen)."""


@dataclass(frozen=True)
class Step:
    """One move of the replayed line."""

    seat: int
    action: Action
    drawn: Card | None = None
    """The card a draw from the stock brought (the deal is known: the game is over)."""

    def words(self, names: Sequence[str]) -> str:
        """``Marlowe: Draw (7♠)``."""
        move = describe_action(self.action, tuple(names), NOW)
        if self.drawn is not None:
            move += f" ({self.drawn.symbol})"
        return f"{seat_name(names[self.seat])}: {move}"


@dataclass(frozen=True)
class WhatIf:
    """One lost round: the decision that cost most, and the round replayed with the coach's move."""

    round_number: int
    lost: int
    """Lives the seat lost in that round of the game."""
    decision: Decision | None
    """The costliest decision of the round (``None``: the coach agreed with every move in it)."""
    steps: tuple[Step, ...] = ()
    line_lost: int = 0
    """Lives the seat loses at the end of the replayed line."""

    @property
    def kept(self) -> bool:
        """Whether the coach's line keeps the life this round cost."""
        return self.decision is not None and self.line_lost < self.lost

    def lines(self, names: Sequence[str]) -> list[str]:
        """The round's lines for the review: the decision, the line on the same deal, and how it ends."""
        if self.decision is None:
            return [_("Round {number}: the coach would have played every move as you did; the cards decided "
                      "it.").format(number=self.round_number)]
        line = " · ".join(step.words(names) for step in self.steps)
        if self.line_lost == 0:
            end = _("you keep your lives.")
        elif self.line_lost < self.lost:
            end = ngettext("you lose only one life.", "you lose only {count} lives.", self.line_lost).format(
                count=self.line_lost)
        else:
            end = ngettext("you still lose a life.", "you still lose {count} lives.", self.line_lost).format(
                count=self.line_lost)
        return [self.decision.sentence(), _("On the same deal: {line} → {end}").format(line=line, end=end)]

    def to_dict(self, names: Sequence[str]) -> dict[str, object]:
        return {"round": self.round_number, "lives_lost": self.lost,
                "decision": None if self.decision is None else self.decision.index + 1,
                "best": None if self.decision is None else str(self.decision.advice.best.action),
                "line": [{"seat": s.seat, "move": str(s.action), "drawn": s.drawn.code if s.drawn else None}
                         for s in self.steps],
                "line_lives_lost": self.line_lost, "kept": self.kept, "text": self.lines(names)}


def what_ifs(record: GameRecord, review: GameReview,
             progress: Callable[[int, int], None] | None = None) -> tuple[WhatIf, ...]:
    """Every round the reviewed seat lost lives in, with its costliest decision replayed the coach's way."""
    seat = review.seat
    lost_rounds = [(result.round_number, result.lives_lost[seat]) for result in record.final_state().results
                   if result.lives_lost[seat] > 0]
    found = []
    for done, (number, lost) in enumerate(lost_rounds):
        decision = costliest_in_round(review.decisions, number)
        if decision is None:
            found.append(WhatIf(number, lost, None))
        else:
            steps, line_lost = replay_line(record, seat, decision.index, decision.advice.best.action)
            found.append(WhatIf(number, lost, decision, steps, line_lost))
        if progress:
            progress(done + 1, len(lost_rounds))
    return tuple(found)


def costliest_in_round(decisions: Sequence[Decision], number: int) -> Decision | None:
    """The decision of round ``number`` that cost most (the earliest of equals), or ``None`` if none cost anything."""
    costly = [d for d in decisions if d.round_number == number and d.cost > 0]
    return max(costly, key=lambda d: (d.cost, -d.index)) if costly else None


def replay_line(record: GameRecord, seat: int, index: int, move: Action) -> tuple[tuple[Step, ...], int]:
    """Play ``move`` instead of the record's action ``index`` and the round on from there: the steps, and
    the lives ``seat`` loses when the round ends."""
    bots = {other: _stand_in(spec.player) for other, spec in enumerate(record.seats) if other != seat}
    head = dataclasses.replace(record, actions=record.actions[:index], meta={})
    match = Match(head, bots)
    steps: list[Step] = []
    next_move: Action | None = move
    for _move in range(MAX_LINE):
        request = match.bot_request()
        if request is not None:
            actor, action = request.seat, request.decide()
        else:
            actor = match.state.current
            if actor != seat:
                break  # a seat with nobody to play it: the line stops
            action = next_move if next_move is not None else advise(match.observation(seat)).best.action
            next_move = None
        before = len(match.events)
        outcome = match.submit(actor, action)
        if isinstance(outcome, Rejected):
            break  # not a move the engine takes here
        steps.append(Step(actor, action, match.state.drawn if action is DRAW and actor == match.state.current else None))
        ended = [e for e in match.events[before:] if isinstance(e, RoundEnded)]
        if ended:
            return tuple(steps), ended[0].result.lives_lost[seat]
    return tuple(steps), 0


def _stand_in(player: str) -> Bot:
    """The seat's own bot level (the Expert without its clock), or Sharp for a person or a plug-in."""
    level = player[len("bot:"):] if player.startswith("bot:") else ""
    return make_bot(level, clock=False) if level in LEVELS else SharpBot()




def review_with_what_ifs(record: GameRecord, seat: int, progress: Callable[[int, int], None] | None = None,
                         jobs: int | None = None) -> tuple[GameReview, tuple[WhatIf, ...]]:
    """The review of ``seat`` and its lost rounds replayed (``progress`` hears of both); lines kept with the
    record (``KEPT_LINES_KEY``) are read, not replayed. A decision whose answer is not kept sends the
    rounds to ``jobs`` worker processes (``REVIEW_JOBS``; 1: all in this one), a round each."""
    from .review import kept_answers, review_record, seat_decisions
    jobs = REVIEW_JOBS if jobs is None else jobs
    if jobs > 1:
        known, keys = kept_answers(record), position_keys(record)
        unknown = {before.round_number for index, before, _action in seat_decisions(record, seat) if keys[index] not in known}
        if len(unknown) > 1:  # one round's work is not worth a worker
            return review_in_rounds(record, seat, progress, jobs)
    review = review_record(record, seat, progress)
    kept = kept_what_ifs(record, review)
    if kept is not None:
        return review, kept
    if progress is None:
        return review, what_ifs(record, review)
    total = len(review.decisions)
    return review, what_ifs(record, review, lambda done, count: progress(total + done, total + count))


REVIEW_JOBS = min(4, os.cpu_count() or 1)
"""Worker processes a review worked out afresh spreads its rounds over (the rounds are independent)."""
WAIT_S = 0.2
"""How often a review waiting for its workers tells ``progress`` (which may stop it by raising)."""


def review_in_rounds(record: GameRecord, seat: int, progress: Callable[[int, int], None] | None,
                     jobs: int) -> tuple[GameReview, tuple[WhatIf, ...]]:
    """``review_with_what_ifs`` with every round of ``seat`` worked out in a pool of ``jobs`` worker
    processes (``round_task``): the answers are the same (each is seeded by its position), only sooner."""
    from .review import review_record, seat_decisions
    lost = {r.round_number: r.lives_lost[seat] for r in record.final_state().results if r.lives_lost[seat] > 0}
    sizes: dict[int, int] = {}
    for _index, before, _action in seat_decisions(record, seat):
        sizes[before.round_number] = sizes.get(before.round_number, 0) + 1
    # The longest rounds first, so no worker is left with a long one while the others are done.
    numbers = sorted(set(sizes) | set(lost), key=lambda number: (-sizes.get(number, 0) - 3 * (number in lost), number))
    total, done = sum(sizes.values()) + len(lost), 0
    text = record.to_json()
    answers: dict[str, object] = {}
    lines: dict[int, object] = {}
    pool = workers.process_pool(min(jobs, len(numbers)))
    try:
        with workers.starting_workers():  # each submit may start a worker
            pending = {pool.submit(round_task, (text, seat, number, lost.get(number, 0))): number for number in numbers}
        while pending:
            finished, _waiting = wait(pending, timeout=WAIT_S, return_when=FIRST_COMPLETED)
            for future in finished:
                number = pending.pop(future)
                part = future.result()
                answers.update(part["answers"])
                lines[number] = part["line"]
                done += sizes.get(number, 0) + (number in lost)
            if progress:
                progress(done, total)
    except (OSError, BrokenProcessPool):  # no worker to be had, or one died: worked out here instead
        workers.end_pool(pool)
        return review_with_what_ifs(record, seat, progress, jobs=1)
    except BaseException:
        workers.end_pool(pool)
        raise
    pool.shutdown(wait=True)
    review = review_record(record, seat, known=answers)
    found = lines_from_data([lines[number] for number in sorted(lost)], review)
    return review, what_ifs(record, review) if found is None else found  # None: not expected (the lines are this review's)


def round_task(task: tuple[str, int, int, int]) -> dict[str, Any]:
    """A worker process's part of ``review_in_rounds``, given ``(record as JSON text, seat, round number,
    lives the seat lost in it)``: the coach's answers to the seat's decisions in that round (``advice_data``,
    by ``position_keys``) and, for a lost round, its line (``line_data``; ``None`` otherwise)."""
    from .review import advice_data, review_decision, seat_decisions
    text, seat, number, lost = task
    record = GameRecord.from_json(text)
    keys = position_keys(record)
    answers: dict[str, object] = {}
    decisions = []
    for index, before, action in seat_decisions(record, seat):
        if before.round_number > number:
            break
        if before.round_number == number:
            advice = advise(observe(before, seat), also=action)
            answers[keys[index]] = advice_data(advice, action)
            decisions.append(review_decision(index, before, action, seat, advice))
    if not lost:
        return {"answers": answers, "line": None}
    decision = costliest_in_round(decisions, number)
    if decision is None:
        return {"answers": answers, "line": line_data(WhatIf(number, lost, None))}
    steps, line_lost = replay_line(record, seat, decision.index, decision.advice.best.action)
    return {"answers": answers, "line": line_data(WhatIf(number, lost, decision, steps, line_lost))}


KEPT_LINES_KEY = "coach_lines"
"""The record's ``meta`` entry that keeps each reviewed seat's could-have-won lines (``kept_lines_entry``)."""


def kept_lines_entry(record: GameRecord, found: Sequence[WhatIf], seat: int) -> dict[str, object]:
    """``record``'s ``KEPT_LINES_KEY`` value with ``seat``'s lines added: filed under the whole game's key
    and what the coach and the bots are (``KEPT_VERSION``), so another game, rule set or coach never reads them."""
    from .review import KEPT_VERSION, game_key
    old = record.meta.get(KEPT_LINES_KEY)
    key = game_key(record)
    seats = dict(old["seats"]) if (isinstance(old, dict) and old.get("version") == KEPT_VERSION
                                   and old.get("game") == key and isinstance(old.get("seats"), dict)) else {}
    seats[str(seat)] = [line_data(w) for w in found]
    return {"version": KEPT_VERSION, "game": key, "seats": seats}


def line_data(what_if: WhatIf) -> dict[str, object]:
    """One round's line as plain JSON data (no words: those are written when read), ``lines_from_data`` reads it."""
    decision = what_if.decision
    return {"round": what_if.round_number, "lost": what_if.lost, "decision": None if decision is None else decision.index,
            "steps": [[s.seat, str(s.action), s.drawn.code if s.drawn else ""] for s in what_if.steps],
            "line_lost": what_if.line_lost}


def kept_what_ifs(record: GameRecord, review: GameReview) -> tuple[WhatIf, ...] | None:
    """The review's seat's lines kept with ``record``, or ``None`` when there are none that fit (another
    game, coach or bots, or anything malformed: then they are replayed)."""
    from .review import KEPT_VERSION, game_key
    entry = record.meta.get(KEPT_LINES_KEY)
    if not (isinstance(entry, dict) and entry.get("version") == KEPT_VERSION and isinstance(entry.get("seats"), dict)):
        return None
    lines = entry["seats"].get(str(review.seat))
    if not isinstance(lines, list) or entry.get("game") != game_key(record):
        return None
    return lines_from_data(lines, review)


def lines_from_data(lines: Sequence[object], review: GameReview) -> tuple[WhatIf, ...] | None:
    """``line_data`` entries read back against ``review`` (their decisions are its), or ``None`` if any is malformed."""
    by_index = {d.index: d for d in review.decisions}
    found = []
    try:
        for line in lines:
            if not isinstance(line, dict):
                return None
            decision = None if line["decision"] is None else by_index[line["decision"]]
            steps = tuple(Step(int(who), parse_action(str(move)[:80]), parse_cards(drawn)[0] if drawn else None)
                          for who, move, drawn in line["steps"])
            found.append(WhatIf(int(line["round"]), int(line["lost"]), decision, steps, int(line["line_lost"])))
    except (KeyError, TypeError, ValueError, IndexError, InvalidActionError, CardError):
        return None
    return tuple(found)


def what_if_lines(found: Sequence[WhatIf], names: Sequence[str]) -> list[str]:
    """The review's "Could you have won?" section: a heading and each lost round's lines."""
    if not found:
        return [_("Could you have won? You lost no life.")]
    return [_("Could you have won?")] + [line for what_if in found for line in what_if.lines(names)]


__all__ = ["KEPT_LINES_KEY", "Step", "WhatIf", "costliest_in_round", "kept_lines_entry", "kept_what_ifs", "line_data",
           "lines_from_data", "REVIEW_JOBS", "replay_line", "review_in_rounds", "review_with_what_ifs", "round_task", "what_if_lines",
           "what_ifs"]
