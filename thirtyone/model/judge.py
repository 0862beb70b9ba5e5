"""The end of a round: who loses how many lives, and a sentence saying why."""

from __future__ import annotations

from typing import Any

from .events import (Eliminated, Event, LifeLost, OnHonor, RoundEnd, RoundEnded, RoundResult,
                     Won)
from .rules import KnockerTied, KnockFails, Rules
from .scoring import format_value, hand_value
from .state import (F_CURRENT, F_DEALER, F_DRAWN, F_LAST_RESULT, F_LOG, F_PHASE, F_TAKEN, F_TOKENS,
                    F_WINNER, NO_SEAT, GameState, Phase, state_from_values, next_active)


_GAME_OVER, _DEAL = Phase.GAME_OVER, Phase.DEAL
_NOT_HIGHEST = KnockFails.NOT_HIGHEST
_PENALTY, _ALL_ONE, _OTHERS = KnockerTied.PENALTY, KnockerTied.ALL_ONE, KnockerTied.OTHERS


def settle(state: GameState, reason: RoundEnd, showed: tuple[int, ...],
           events: list[Event]) -> tuple[GameState, tuple[Event, ...]]:
    """Score the hands, take the lives, and move on to the next deal or the game's end."""
    rules = state.rules
    names = state.names
    old_tokens = state.tokens
    hands = state.hands
    active = [seat for seat, tokens in enumerate(old_tokens) if tokens > 0]
    scores: list[float | None] = [hand_value(hand, rules) if hand else None for hand in hands]
    knocker = state.knocker if state.knocker != NO_SEAT else None
    if showed:
        lost, sentences = _after_31(names, scores, active, showed, knocker, rules)
    else:
        lost, sentences = _showdown(names, scores, active, knocker, rules)
    for seat in active:
        if old_tokens[seat] > lost[seat]:
            break
    else:
        _spare_last_players(old_tokens, scores, active, lost, sentences, names)

    tokens = list(old_tokens)
    tail: list[Event] = [None]  # type: ignore[list-item]  # RoundEnded goes first, once built
    for seat in active:
        if lost[seat]:
            before = tokens[seat]
            after = tokens[seat] = max(0, before - lost[seat])
            tail.append(LifeLost(seat, before - after, after))
            if after == 0:
                tail.append(Eliminated(seat))
                sentences[seat] = sentences[seat][:-1] + " and is out of the game."
            elif after == 1 and rules.honor_life:
                tail.append(OnHonor(seat))
                sentences[seat] = sentences[seat][:-1] + " and now plays on their honor."
    result = RoundResult(state.round_number, reason, hands, tuple(scores), knocker, showed, tuple(lost),
                         tuple(sentences))
    tail[0] = RoundEnded(result)
    new_tokens = tuple(tokens)
    values: list[Any] = list(state)
    values[F_TOKENS] = new_tokens
    values[F_LAST_RESULT] = result
    values[F_TAKEN] = values[F_DRAWN] = None
    if new_tokens.count(0) == len(new_tokens) - 1:
        winner = next(seat for seat, t in enumerate(new_tokens) if t)
        tail.append(Won(winner))
        values[F_PHASE] = _GAME_OVER
        values[F_CURRENT] = NO_SEAT
        values[F_WINNER] = winner
    else:
        values[F_PHASE] = _DEAL
        values[F_DEALER] = values[F_CURRENT] = next_active(new_tokens, state.dealer)
    events.extend(tail)
    values[F_LOG] = state.log + tuple(tail)
    return state_from_values(values), tuple(events)


def _lives(n: int) -> str:
    return "loses a life" if n == 1 else f"loses {n} lives"


def _after_31(names: tuple[str, ...], scores: list[float | None], active: list[int],
              showed: tuple[int, ...], knocker: int | None, rules: Rules) -> tuple[list[int], list[str]]:
    lost = [0] * len(names)
    sentences = [""] * len(names)
    shower_names = " and ".join(names[s] for s in showed)
    for seat in active:
        value = format_value(scores[seat] or 0)
        if seat in showed:
            sentences[seat] = f"{names[seat]} showed {value}: safe, everyone else loses a life."
        elif seat == knocker:
            lost[seat] = rules.knocker_penalty_on_31
            sentences[seat] = f"{names[seat]} knocked, but {shower_names} showed 31: {_lives(lost[seat])}."
        else:
            lost[seat] = 1
            sentences[seat] = f"{names[seat]} had {value} when {shower_names} showed 31: {_lives(1)}."
    return lost, sentences


def _showdown(names: tuple[str, ...], scores: list[float | None], active: list[int],
              knocker: int | None, rules: Rules) -> tuple[list[int], list[str]]:
    lost = [0] * len(names)
    sentences = [""] * len(names)
    values = [scores[s] or 0.0 for s in active]
    low, high = min(values), max(values)
    lowest = [s for s in active if scores[s] == low]
    tied = len(lowest) > 1
    for seat in active:
        value = format_value(scores[seat] or 0)
        name = names[seat]
        if seat in lowest:
            where = "tied for the lowest hand" if tied else "had the lowest hand"
            lost[seat] = 1
            sentences[seat] = f"{name} {where}, {value}: loses a life."
        else:
            sentences[seat] = f"{name} had {value}: safe."
    if knocker is None:
        return lost, sentences
    name = names[knocker]
    value = format_value(scores[knocker] or 0)
    if rules.knock_fails is _NOT_HIGHEST:
        if (scores[knocker] or 0) < high:
            lost[knocker] = rules.knocker_penalty
            sentences[knocker] = (f"{name} knocked without the highest hand ({value} against "
                                  f"{format_value(high)}): {_lives(lost[knocker])}.")
        elif knocker in lowest:
            sentences[knocker] = f"{name} knocked and everyone tied at {value}: loses a life."
        else:
            sentences[knocker] = f"{name} knocked with the highest hand, {value}: safe."
        return lost, sentences
    if knocker not in lowest:
        sentences[knocker] = f"{name} knocked and had {value}: safe."
        return lost, sentences
    if not tied:
        lost[knocker] = rules.knocker_penalty
        sentences[knocker] = f"{name} knocked and had the lowest hand, {value}: {_lives(lost[knocker])}."
        return lost, sentences
    others = [s for s in lowest if s != knocker]
    tie_rule = rules.knocker_tied
    if tie_rule is _PENALTY:
        lost[knocker] = rules.knocker_penalty
        sentences[knocker] = f"{name} knocked and tied for the lowest hand, {value}: {_lives(lost[knocker])}."
    elif tie_rule is _ALL_ONE:
        sentences[knocker] = f"{name} knocked and tied for the lowest hand, {value}: loses a life like the others tied."
    elif tie_rule is _OTHERS:
        lost[knocker] = 0
        sentences[knocker] = (f"{name} knocked and tied for the lowest hand, {value}: safe, "
                              "because a tie goes against the players who did not knock.")
    else:
        for seat in others:
            lost[seat] = 0
            sentences[seat] = f"{names[seat]} tied the knocker for the lowest hand, {format_value(scores[seat] or 0)}: safe."
        sentences[knocker] = f"{name} knocked and tied for the lowest hand, {value}: loses a life, the others tied lose none."
    return lost, sentences


def _spare_last_players(tokens: tuple[int, ...], scores: list[float | None], active: list[int],
                        lost: list[int], sentences: list[str], names: tuple[str, ...]) -> None:
    """If everyone left would go out, the best hands keep their last life.

    No source decides this case; the game needs one winner, so the players with
    the highest hand this round stay in on one token (several if they tie, who
    then play on).
    """
    best = max(scores[s] or 0.0 for s in active)
    for seat in active:
        if scores[seat] == best and lost[seat]:
            lost[seat] = tokens[seat] - 1
            paid = f"{_lives(lost[seat])} but " if lost[seat] else ""
            sentences[seat] = (f"{names[seat]} had the best hand left, {format_value(best)}, when everyone "
                               f"would have gone out: {paid}keeps one last life.")
