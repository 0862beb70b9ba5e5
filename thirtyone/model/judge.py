"""The end of a round: who loses how many lives, and a sentence saying why."""

from __future__ import annotations

from typing import Sequence

from .cards import Card
from .events import ELIMINATED, ON_HONOR, Event, LifeLost, RoundEnd, RoundResult, Showed31, Won, round_ended, shared
from .reasons import Code, Why
from .rule_choices import MAX_SEATS, KnockFails, KnockerTied, RoundLoss, ShownLoss
from .rules import Rules
from .scoring import hand_value, is_fire
from .state import AT, NO_SEAT, Draft, GameState, Phase, build, next_active


_GAME_OVER, _DEAL = Phase.GAME_OVER, Phase.DEAL
_new_result = tuple.__new__
_SEATS = tuple(tuple(range(count)) for count in range(MAX_SEATS + 1))
_NOT_HIGHEST = KnockFails.NOT_HIGHEST
_PENALTY, _ALL_ONE, _OTHERS = KnockerTied.PENALTY, KnockerTied.ALL_ONE, KnockerTied.OTHERS
_LOWEST = ShownLoss.LOWEST
_ALL_BUT_HIGHEST = RoundLoss.ALL_BUT_HIGHEST


def settle(state: GameState, reason: RoundEnd, showed: tuple[int, ...],
           events: list[Event], second_knocker: int = NO_SEAT) -> tuple[GameState, tuple[Event, ...]]:
    """Score the hands, take the lives, and move on to the next deal or the game's end
    (``second_knocker``: the seat whose knock ended the round, ``Rules.second_knock_ends``)."""
    return settle_draft(list(state), reason, showed, events, second_knocker)


def settle_draft(values: Draft, reason: RoundEnd, showed: tuple[int, ...],
                 events: list[Event], second_knocker: int = NO_SEAT) -> tuple[GameState, tuple[Event, ...]]:
    """``settle`` for the ``Draft`` of the state whose round ends (the engine's moves end a round with one
    in hand; freezing it first would cost a copy of every field and a second draft)."""
    rules = values[AT.rules]
    old_tokens = values[AT.tokens]
    hands = values[AT.hands]
    if 0 in old_tokens:
        active: Sequence[int] = [seat for seat, tokens in enumerate(old_tokens) if tokens > 0]
        scores: list[float | None] = [hand_value(hand, rules) if hand else None for hand in hands]
    else:  # everyone still in: no seat to leave out
        active = _SEATS[len(old_tokens)]
        scores = [hand_value(hand, rules) for hand in hands]  # a tenth cheaper than map() with repeat()
    knocker = values[AT.knocker] if values[AT.knocker] != NO_SEAT else None
    closer = None
    if knocker is not None and rules.last_lap_after_31 and closed_by_31(values[AT.log], knocker):
        closer, knocker = knocker, None  # a 31 closed the round: no knocker to pay a knocker's penalty
    if showed:
        fire = [is_fire(hands[seat], rules) for seat in showed]
        if (rules.fire_loss if any(fire) else rules.shown_31_loss) is _LOWEST:
            ranked = ranked_triplets(scores, hands, rules) if rules.triplet_ties_by_rank else scores
            lost, codes = _showdown(ranked, active, knocker, rules)
            if ranked is not scores:
                codes = [_as_counted(code) for code in codes]
            for seat, fired in zip(showed, fire):
                lost[seat] = 0
                codes[seat] = ("showed_ends", scores[seat] or 0, fired)
        else:
            lost, codes = _after_31(scores, active, showed, knocker, rules)
            for seat, fired in zip(showed, fire):
                codes[seat] = ("showed", scores[seat] or 0, fired)
            if rules.fire_over_31 and any(fire) and not all(fire):
                _beaten_by_fire(scores, showed, fire, knocker, rules, lost, codes)
    elif rules.below_21_loses:
        lost, codes = _below_21_showdown(scores, active, knocker, rules)
    elif rules.round_loss is _ALL_BUT_HIGHEST:
        ranked = ranked_triplets(scores, hands, rules) if rules.triplet_ties_by_rank else scores
        lost, codes = _all_but_highest(ranked, active, knocker, rules)
        if ranked is not scores:
            codes = [_as_counted(code) for code in codes]
    elif rules.triplet_ties_by_rank:
        ranked = ranked_triplets(scores, hands, rules)
        lost, codes = _showdown(ranked, active, knocker, rules)
        if second_knocker != NO_SEAT:
            _second_knocker_tied(ranked, active, knocker, second_knocker, rules, lost, codes)
        codes = [_as_counted(code) for code in codes]
    else:
        lost, codes = _showdown(scores, active, knocker, rules)
        if second_knocker != NO_SEAT:
            _second_knocker_tied(scores, active, knocker, second_knocker, rules, lost, codes)
    if closer is not None and not lost[closer]:
        codes[closer] = ("closed_31", scores[closer] or 0.0)
    for seat in active:
        if old_tokens[seat] > lost[seat]:
            break
    else:
        _spare_last_players(old_tokens, scores, active, lost, codes)

    tokens = list(old_tokens)
    endings = [""] * len(tokens)
    tail: list[Event] = [None]  # type: ignore[list-item]  # RoundEnded goes first, once built
    for seat in active:
        if lost[seat]:
            before = tokens[seat]
            if lost[seat] > before:  # nobody loses more lives than they have: the result says what was lost
                lost[seat] = before
                codes[seat] = codes[seat][:-1] + (before,)  # type: ignore[index]
            after = tokens[seat] = before - lost[seat]
            tail.append(shared(LifeLost, seat, before - after, after))
            if after == 0:
                tail.append(ELIMINATED[seat])
                endings[seat] = "out"
            elif after == 1 and rules.honor_life:
                tail.append(ON_HONOR[seat])
                endings[seat] = "zero" if rules.honor_at_zero else "swims" if rules.honor_swims else "honor"
    # ``tuple.__new__`` with the fields in order: what ``RoundResult(...)`` does, without its Python frame.
    result = _new_result(RoundResult, (values[AT.round_number], reason, hands, tuple(scores), knocker, showed,
                                       tuple(lost), Why(values[AT.names], showed, codes, endings)))
    tail[0] = round_ended(result)
    new_tokens = tuple(tokens)
    values[AT.tokens] = new_tokens
    values[AT.results] = values[AT.results] + (result,)
    values[AT.taken] = values[AT.drawn] = None
    if new_tokens.count(0) == len(new_tokens) - 1:
        winner = next(seat for seat, t in enumerate(new_tokens) if t)
        tail.append(Won(winner))
        values[AT.phase] = _GAME_OVER
        values[AT.current] = NO_SEAT
        values[AT.winner] = winner
    else:
        values[AT.phase] = _DEAL
        old_dealer = values[AT.dealer]
        dealer = old_dealer + 1 if old_dealer + 1 < len(new_tokens) else 0
        if not new_tokens[dealer]:
            dealer = next_active(new_tokens, old_dealer)
        values[AT.dealer] = values[AT.current] = dealer
    events.extend(tail)
    values[AT.log] = values[AT.log] + tuple(tail)
    return build(values), tuple(events)


def closed_by_31(log: Sequence[Event], seat: int) -> bool:
    """Whether ``seat`` closed this round by showing 31 on a turn (``Rules.last_lap_after_31``): its
    ``Showed31`` is in the round's public log."""
    return any(type(event) is Showed31 and seat in event.seats for event in log)


_TRIPLET_STEP = 0.01
"""How far apart equal triplets are put to be compared by rank: thirteen steps stay below the half
point between 30½ and 31, so no triplet passes another hand's value."""


def ranked_triplets(scores: list[float | None], hands: Sequence[Sequence[Card]],
                    rules: Rules) -> list[float | None]:
    """``scores`` with each three of a kind at ``rules.three_of_a_kind`` raised a little by its rank
    (sevens lowest, aces highest), so three kings beat three sevens; only for comparing."""
    ranked = list(scores)
    for seat, hand in enumerate(hands):
        value = scores[seat]
        if value is not None and value == rules.three_of_a_kind:
            rank = hand[0].rank
            ranked[seat] = value + (13 if rank == 0 else rank) * _TRIPLET_STEP
    return ranked


def _as_counted(code: Code | None) -> Code | None:
    """A code written from ranked scores, with its hand values as they count (multiples of ½)."""
    if code is None:
        return None
    return tuple(round(part * 2) / 2 if type(part) is float else part for part in code)


BELOW = 21
"""``Rules.below_21_loses``: a hand under this loses a life at any showdown."""


def _below_21_showdown(scores: list[float | None], active: Sequence[int], knocker: int | None,
                       rules: Rules) -> tuple[list[int], list[Code | None]]:
    """Every hand under 21 loses a life (a knocker's, the knocker's penalty); the hands of 21 or more
    are judged among themselves as at any showdown, so their lowest loses one too."""
    above = [seat for seat in active if (scores[seat] or 0.0) >= BELOW]
    if len(above) > 1:
        lost, codes = _showdown(scores, above, knocker if knocker in above else None, rules)
    else:
        lost, codes = [0] * len(scores), [None] * len(scores)
        for seat in above:  # alone at 21 or more: still the lowest of them
            lost[seat] = 1
            codes[seat] = ("lowest", scores[seat] or 0.0, False)
    for seat in active:
        if seat not in above:
            lost[seat] = rules.knocker_penalty if seat == knocker else 1
            codes[seat] = ("below_21", scores[seat] or 0.0, lost[seat])
    return lost, codes


def _all_but_highest(scores: list[float | None], active: Sequence[int], knocker: int | None,
                     rules: Rules) -> tuple[list[int], list[Code | None]]:
    """GamePoint's game type: everyone but the highest hand (all tied for it) loses a life; a knocker
    who is not highest pays the knocker's penalty."""
    lost = [0] * len(scores)
    codes: list[Code | None] = [None] * len(scores)
    high = max(scores[seat] or 0.0 for seat in active)
    for seat in active:
        value = scores[seat] or 0.0
        if value == high:
            codes[seat] = ("highest", value)
        elif seat == knocker:
            lost[seat] = rules.knocker_penalty
            codes[seat] = ("knock_not_highest", value, high, lost[seat])
        else:
            lost[seat] = 1
            codes[seat] = ("not_highest", value, high)
    return lost, codes


def _after_31(scores: list[float | None], active: Sequence[int], showed: tuple[int, ...], knocker: int | None,
              rules: Rules) -> tuple[list[int], list[Code | None]]:
    lost = [0] * len(scores)
    codes: list[Code | None] = [None] * len(scores)
    for seat in active:
        if seat in showed:
            codes[seat] = ("showed", scores[seat] or 0)
        elif seat == knocker:
            lost[seat] = rules.knocker_penalty_on_31
            codes[seat] = ("knocked_31", lost[seat])
        else:
            lost[seat] = 1
            codes[seat] = ("had_31", scores[seat] or 0)
    return lost, codes


def _beaten_by_fire(scores: list[float | None], showed: tuple[int, ...], fire: list[bool], knocker: int | None,
                    rules: Rules, lost: list[int], codes: list[Code | None]) -> None:
    """Fire and a 31 shown at once (on the deal): fire worth more than 31 beats the 31, whose holder loses
    like everyone else (Schwimmen Deluxe: "If one player holds 3 aces, all other players lose the game
    regardless of their score"). Fire worth 31 ties it: both are safe, as two 31s on the deal are."""
    top = max(scores[seat] or 0.0 for seat in showed)
    for seat, fired in zip(showed, fire):
        value = scores[seat] or 0.0
        if not fired and value < top:
            lost[seat] = rules.knocker_penalty_on_31 if seat == knocker else 1
            codes[seat] = ("beaten_by_fire", value, lost[seat])


def _showdown(scores: list[float | None], active: Sequence[int], knocker: int | None,
              rules: Rules) -> tuple[list[int], list[Code | None]]:
    lost = [0] * len(scores)
    codes: list[Code | None] = [None] * len(scores)
    # Seats in the game always hold a hand; with everyone in, ``scores`` has no gaps.
    values: list[float] = (scores if len(active) == len(scores)  # type: ignore[assignment]
                           else [scores[s] or 0.0 for s in active])
    ordered = sorted(values)  # one call instead of min, max and count
    low, high = ordered[0], ordered[-1]
    tied = ordered[1] == low
    for seat, value in zip(active, values):
        if value == low:
            lost[seat] = 1
            codes[seat] = ("lowest", low, tied)
        else:
            codes[seat] = ("safe", value)
    if knocker is None:
        return lost, codes
    value = scores[knocker] or 0
    if rules.knock_fails is _NOT_HIGHEST:
        if value < high:
            lost[knocker] = rules.knocker_penalty
            codes[knocker] = ("knock_not_highest", value, high, lost[knocker])
        elif value == low:
            codes[knocker] = ("knock_all_tied", value)
        else:
            codes[knocker] = ("knock_highest", value)
        return lost, codes
    if value != low:
        codes[knocker] = ("knock_safe", value)
        return lost, codes
    if not tied:
        lost[knocker] = rules.knocker_penalty
        codes[knocker] = ("knock_lowest", value, lost[knocker])
        return lost, codes
    tie_rule = rules.knocker_tied
    if tie_rule is _PENALTY:
        lost[knocker] = rules.knocker_penalty
        codes[knocker] = ("knock_tied_penalty", value, lost[knocker])
    elif tie_rule is _ALL_ONE:
        codes[knocker] = ("knock_tied_all", value)
    elif tie_rule is _OTHERS:
        lost[knocker] = 0
        codes[knocker] = ("knock_tied_others", value)
    else:
        for seat in active:
            if scores[seat] == low and seat != knocker:
                lost[seat] = 0
                codes[seat] = ("tied_knocker", scores[seat] or 0)
        codes[knocker] = ("knock_tied_alone", value)
    return lost, codes


def _second_knocker_tied(scores: list[float | None], active: Sequence[int], knocker: int | None, second: int,
                         rules: Rules, lost: list[int], codes: list[Code | None]) -> None:
    """Two knocks: a tie for the lowest hand goes against the knockers in the order they knocked
    (oli-69/schwimmen, ``getKnockPriority``: "2 (highest) if the player did first knock, 1 if the
    player did the 2nd knock, 0 otherwise", and only the highest priority among the lowest pays).
    A first knocker in the tie is settled by ``knocker_tied`` as ever; without them, the second
    knocker tied for the lowest hand loses alone."""
    if rules.knock_fails is _NOT_HIGHEST:
        return  # the knocker is judged against the highest hand, not the lowest: no tie to break
    low = min(scores[seat] or 0.0 for seat in active)
    if scores[second] != low or (knocker is not None and knocker in active and scores[knocker] == low):
        return
    tied = [seat for seat in active if seat != second and scores[seat] == low]
    if not tied:
        return
    for seat in tied:
        lost[seat] = 0
        codes[seat] = ("tied_second_knocker", scores[seat] or 0.0)
    codes[second] = ("second_knock_tied", low)


def _spare_last_players(tokens: tuple[int, ...], scores: list[float | None], active: Sequence[int],
                        lost: list[int], codes: list[Code | None]) -> None:
    """If everyone left would go out, the best hands keep their last life.

    No source decides this case; the game needs one winner, so the players with
    the highest hand this round stay in on one token (several if they tie, who
    then play on).
    """
    best = max(scores[s] or 0.0 for s in active)
    for seat in active:
        if scores[seat] == best and lost[seat]:
            lost[seat] = tokens[seat] - 1
            codes[seat] = ("spared", best, lost[seat])
