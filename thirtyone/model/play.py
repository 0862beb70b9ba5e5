"""Applying actions: the turn structure of a round (which are legal: ``legality``).

``apply`` accepts exactly the actions ``legality.legal_actions`` lists (one definition of
legality) and refuses any other with ``why_illegal``'s reason. ``apply_trusted`` is the same move
without that check, for callers whose action was taken from ``legal_actions`` of this very state
(bots' searches and benchmarks); it is the engine's hot path, so it keeps to one state copy per
action and reuses shared action instances.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from . import dealer_choice, dealing, gunplay, judge
from .actions import (Action, Deal, Discard, DrawStock, Fire, KeepHand, Knock, NewCards, Pass, QuickDraw, Swap,
                      SwapAll, TakeDiscard, TakeSpare)
from .cards import Card
from .errors import IllegalActionError
from .events import (DISCARDED, DREW_FROM_STOCK, KNOCKED, PASSED, TOOK_DISCARD, Event, Knocked, NewCardsLaid,
                     RoundEnd, Showed31, Swapped, SwappedAll)
from .legality import index_among, legal_actions, why_illegal
from .rule_choices import StockOut
from .state import AT, NO_SEAT, Draft, GameState, Phase, build, next_active
from .turns import following_seat, knock_comes_round, shows_31, turn_limit_reached

# Enum members are looked up once: a class attribute of an Enum costs ten times a global.
_TURN, _DISCARD, _GAME_OVER = Phase.TURN, Phase.DISCARD, Phase.GAME_OVER
_RESHUFFLE = StockOut.RESHUFFLE
_BY_KNOCK = RoundEnd.KNOCK

_WITHOUT = (itemgetter(1, 2, 3), itemgetter(0, 2, 3), itemgetter(0, 1, 3), itemgetter(0, 1, 2))
"""``_WITHOUT[i](hand)``: a four-card hand without its card ``i``, in one call."""

Outcome = tuple[GameState, tuple[Event, ...]]
"""The state after a move and the public events it caused."""


def apply(state: GameState, action: Action) -> Outcome:
    """The state after ``action`` and the public events it caused.

    Accepts exactly the actions of ``legal_actions(state)``, and a ``QuickDraw`` that
    ``why_illegal`` allows (any seat may draw at any moment, with answer times no list can
    hold); anything else raises ``IllegalActionError`` with the reason a player reads."""
    kind = type(action)
    if kind is QuickDraw:
        problem = why_illegal(state, action)
        if problem is not None:
            raise IllegalActionError(problem)
        return _apply_quick_draw(state, action)
    legal = legal_actions(state)
    for candidate in legal:  # ``index_among`` written out for the interned actions: found by identity
        if candidate is action:
            return _HANDLERS[kind](state, action)
    if kind is Fire and index_among(action, legal) >= 0:  # a shot is a value, equal but not the same
        return _apply_fire(state, action)
    raise IllegalActionError(why_illegal(state, action) or f"{action} is not allowed now")


def apply_trusted(state: GameState, action: Action) -> Outcome:
    """``apply`` without the legality check, for an action taken from ``legal_actions(state)`` of this
    very state (a search or a benchmark that has just listed them). Anything else gives a state no
    game can reach: players' and records' moves go through ``apply``."""
    return _HANDLERS[type(action)](state, action)


def _apply_draw(state: GameState, action: Any) -> Outcome:
    """A draw from the stock."""
    values: Draft = list(state)  # read from here on: a list's item costs less than a state's named field
    seat = values[AT.current]
    events = (DREW_FROM_STOCK[seat],)
    card = dealing.draw_top(values)
    # A list copy with one item changed is cheaper than joining two slices.
    hands = [*values[AT.hands]]
    hands[seat] += (card,)
    values[AT.hands] = tuple(hands)
    values[AT.phase] = _DISCARD
    values[AT.drawn] = card
    values[AT.log] += events
    return build(values), events


def _apply_take(state: GameState, action: Any) -> Outcome:
    """A take of the discard pile's top card."""
    values: Draft = list(state)
    discards = values[AT.discards]
    seat = values[AT.current]
    card = discards[-1]
    events = (TOOK_DISCARD[seat][card.index],)
    hands = [*values[AT.hands]]
    hands[seat] += (card,)
    values[AT.hands] = tuple(hands)
    values[AT.discards] = discards[:-1]
    values[AT.phase] = _DISCARD
    values[AT.taken] = card
    known = [*values[AT.known]]
    known[seat] += (card,)
    values[AT.known] = tuple(known)
    values[AT.log] += events
    return build(values), events


def _apply_discard(state: GameState, action: Any) -> Outcome:
    """A discard (with a knock, if it says so)."""
    values: Draft = list(state)
    seat = values[AT.current]
    hands = [*values[AT.hands]]
    hand = hands[seat]
    card = action.card
    # The card found by index: int comparisons, where ``hand.index(card)`` asks ``Card``'s Python-level
    # comparison for every card before it; the three kept are at hand (``_WITHOUT`` is a call).
    at = card.index
    a, b, c, d = hand
    if at == a.index:
        kept = b, c, d
    elif at == b.index:
        kept = a, c, d
    elif at == c.index:
        kept = a, b, d
    else:
        kept = a, b, c
    hands[seat] = kept
    values[AT.hands] = tuple(hands)
    values[AT.discards] += (card,)
    known = values[AT.known][seat]
    for held in known:  # by identity, as ``card in known`` would ask ``Card``'s comparison of each other card
        if held is card:
            values[AT.known] = _set(values[AT.known], seat, _without_card(known, card))
            break
    if action.knock:
        values[AT.knocker] = seat
        return _end_turn(state, [DISCARDED[seat][card.index], KNOCKED[seat]], values)
    return _end_turn(state, [DISCARDED[seat][card.index]], values)


def _apply_swap(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    give, take = action.give, action.take
    values: Draft = list(state)
    values[AT.hands] = _set(state.hands, seat, tuple(take if c is give else c for c in state.hands[seat]))
    values[AT.board] = tuple(give if c is take else c for c in state.board)
    values[AT.known] = _set(state.known, seat, tuple(c for c in state.known[seat] if c is not give) + (take,))
    values[AT.passes_in_row] = 0
    return _end_turn(state, [Swapped(seat, give, take)], values)


def _apply_swap_all(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    hand, board = state.hands[seat], state.board
    values: Draft = list(state)
    values[AT.hands] = _set(state.hands, seat, board)
    values[AT.board] = hand
    values[AT.known] = _set(state.known, seat, board)
    values[AT.passes_in_row] = 0
    return _end_turn(state, [SwappedAll(seat, hand, board)], values)


def _apply_pass(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    events: list[Event] = [PASSED[state.current]]
    if not state.rules.has_board:  # declining the discard with an empty stock
        return judge.settle(state.evolve(log=state.log + tuple(events)), RoundEnd.STOCK_OUT, (), events)
    values: Draft = list(state)
    values[AT.passes_in_row] = state.passes_in_row + 1
    if state.rules.pass_once:
        values[AT.passed] = _set(state.passed, state.current, True)
    return _end_turn(state, events, values)


def _apply_new_cards(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """The 7-8-9 middle goes out of play and three cards from the stock are laid; the turn goes on."""
    values: Draft = list(state)
    old = state.board
    new = (dealing.draw_top(values), dealing.draw_top(values), dealing.draw_top(values))
    values[AT.board], values[AT.discards] = new, state.discards + old
    values[AT.passes_in_row] = 0
    events: tuple[Event, ...] = (NewCardsLaid(state.current, old, new),)
    values[AT.log] = state.log + events
    return build(values), events


def _apply_knock(state: GameState, action: Any) -> Outcome:
    """A knock (or a second one)."""
    values: Draft = list(state)
    rules = values[AT.rules]
    seat = values[AT.current]
    if values[AT.knocker] != NO_SEAT:
        if rules.second_knock_ends:
            return _second_knock(state, values)
        values[AT.passes_in_row] += 1  # a second knock counts as a pass
        return _end_turn(state, [PASSED[seat]], values)
    if rules.under_the_gun and values[AT.turns_taken] == 0:
        events: list[Event] = [Knocked(seat, under_the_gun=True)]
        state = state.evolve(knocker=seat, log=state.log + tuple(events))
        return judge.settle(state, RoundEnd.UNDER_THE_GUN, (), events)
    values[AT.knocker] = seat
    return _end_turn(state, [KNOCKED[seat]], values)


def _second_knock(state: GameState, values: Draft) -> tuple[GameState, tuple[Event, ...]]:
    """A knock after the first ends the round there: the players still to play have no turn (oli-69/schwimmen:
    ``if (round.getKnockCount() > 1) { discover(); }``)."""
    seat = state.current
    events: list[Event] = [Knocked(seat, second=True)]
    values[AT.turns_taken] = state.turns_taken + 1
    values[AT.log] = state.log + tuple(events)
    return judge.settle_draft(values, _BY_KNOCK, (), events, second_knocker=seat)


def _apply_fire(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    values: Draft = list(state)
    events: list[Event] = []
    gunplay.shoot(state, values, state.current, action.target, 0, events)
    if values[AT.phase] is _GAME_OVER:
        return gunplay.finish(values, state, events)
    if not values[AT.tokens][state.current]:  # a misfire cost the shooter's last life
        return _turn_passes_from_fallen(state, values, events)
    if state.rules.shot_ends_turn:
        return _end_turn(state, events, values)
    values[AT.fired] = True
    return gunplay.finish(values, state, events)


def _apply_quick_draw(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    values: Draft = list(state)
    events: list[Event] = []
    gunplay.duel(state, action, values, events)
    if values[AT.phase] is _GAME_OVER or values[AT.tokens][state.current]:
        return gunplay.finish(values, state, events)
    return _turn_passes_from_fallen(state, values, events)


def _turn_passes_from_fallen(state: GameState, values: Draft, events: list[Event]) -> tuple[GameState, tuple[Event, ...]]:
    """The player whose turn it was is out of the game: the turn passes on (or the knock comes round)."""
    seat = state.current
    tokens = values[AT.tokens]
    following = next_active(tokens, seat)
    values[AT.current], values[AT.phase], values[AT.fired] = following, _TURN, False
    values[AT.taken] = values[AT.drawn] = None
    if knock_comes_round(tokens, seat, following, values[AT.knocker]):
        values[AT.log] = state.log + tuple(events)
        return judge.settle_draft(values, _BY_KNOCK, (), events)
    return gunplay.finish(values, state, events)


_HANDLERS: dict[type[Action], Callable[[GameState, Any], Outcome]] = {
    Deal: dealing.deal, DrawStock: _apply_draw, TakeDiscard: _apply_take, Discard: _apply_discard, Knock: _apply_knock,
    Swap: _apply_swap, SwapAll: _apply_swap_all, Pass: _apply_pass,
    Fire: _apply_fire, QuickDraw: _apply_quick_draw,
    KeepHand: dealer_choice.keep_hand, TakeSpare: dealer_choice.take_spare, NewCards: _apply_new_cards,
}
"""Each kind of move's handler; none checks legality (``apply`` does, once, against ``legal_actions``)."""


def _end_turn(state: GameState, events: list[Event], values: Draft) -> tuple[GameState, tuple[Event, ...]]:
    """Finish a turn whose changes are in ``values``: a shown 31, the next player, or the round's end."""
    # Fields are read from the draft (a list: a third cheaper than a state's named field); the
    # handlers change none of these before they get here.
    seat = values[AT.current]
    rules = values[AT.rules]
    log = values[AT.log]
    hand = values[AT.hands][seat]
    if rules.old_west and not values[AT.played][seat]:
        gunplay.mark_played(values, seat)
    if rules.instant_31:
        a, b, c = hand
        # ``scoring.may_reach_31`` written out, as the deal does: most hands end the test here, without a call.
        if a.kin & b.kin & c.kin and shows_31(hand, rules):
            events.append(Showed31((seat,), (hand,)))
            if not rules.last_lap_after_31:
                values[AT.log] = log + tuple(events)
                return judge.settle_draft(values, RoundEnd.THIRTY_ONE, (seat,), events)
            # Shown face up, and closing the round as a knock does: everyone else has one more turn.
            values[AT.known] = _set(values[AT.known], seat, hand)
            if values[AT.knocker] == NO_SEAT:
                values[AT.knocker] = seat
    turns = values[AT.turns_taken] = values[AT.turns_taken] + 1
    tokens = values[AT.tokens]
    # The left neighbour, when still in, without a call; ``following_seat`` finds the next one still in.
    following = seat + 1 if seat + 1 < len(tokens) else 0
    if not tokens[following]:
        following = following_seat(tokens, seat)
    knocker = values[AT.knocker]
    if rules.old_west:
        gunplay.add_sweat(state, values, seat)
    # Nobody knocked, or play is passing to a knocker still in, or to someone else while the knocker
    # is still in: each answered without a call (``knock_comes_round`` decides the rest: a shot knocker).
    if knocker != NO_SEAT and (following == knocker or (
            not tokens[knocker] and knock_comes_round(tokens, seat, following, knocker))):
        values[AT.log] = log + tuple(events)
        return judge.settle_draft(values, _BY_KNOCK, (), events)
    values[AT.current] = following
    values[AT.phase] = _TURN
    values[AT.taken] = values[AT.drawn] = None
    if rules.turn_limit or rules.board_refresh:
        players = sum(1 for t in tokens if t > 0)
        if turn_limit_reached(rules, knocker, turns, players):
            values[AT.log] = log + tuple(events)
            return judge.settle_draft(values, RoundEnd.TURN_LIMIT, (), events)
        if rules.board_refresh and values[AT.passes_in_row] >= players:
            if len(values[AT.stock]) < 3 and rules.refresh_short is not _RESHUFFLE:
                values[AT.log] = log + tuple(events)
                return judge.settle_draft(values, RoundEnd.STOCK_OUT, (), events)
            dealing.refresh_board(state, values, events)
    if rules.dirty_laundry:
        dealing.wash_laundry(values, events)
    if not values[AT.stock] and not rules.has_board and rules.stock_out is _RESHUFFLE:
        dealing.reshuffle(state, values, events)
    log_events = tuple(events)
    values[AT.log] = log + log_events
    return build(values), log_events


# Helpers, so that no comprehension in a handler makes the handler's own variables closure cells
# (dearer to read, and made anew on every call).
def _place(cards: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` is among ``cards``, by identity (``cards.index`` would ask ``Card``'s comparison)."""
    for place, held in enumerate(cards):
        if held is card:
            return place
    raise ValueError(f"{card} is not among the cards")


def _without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` without ``card``."""
    return tuple(held for held in cards if held is not card)


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of ``items`` with one element replaced."""
    changed = [*items]
    changed[index] = value
    return tuple(changed)
