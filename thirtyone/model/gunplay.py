"""Old West: one-shot derringers, rising misfire chances and Quick Draw duels.

No rule source says more than "fire at another player, who is out; the misfire
chance rises 2% after each turn". Every open point is an option of ``Rules``
(see ``describe``); every trigger pull is a seeded chance event, so records
replay shots and misfires exactly.
"""

from __future__ import annotations


from ..i18n import _, seat_name
from .actions import Action, Fire, QuickDraw
from .events import Eliminated, Event, Fired, GunDrawn, Hit, LifeLost, Misfired, Won
from .rng import uniform
from .rule_choices import Holster, MisfireClock, MisfireCost
from .rules import Rules
from .state import AT, NO_SEAT, Draft, GameState, Phase, build, next_active


def misfire_chance(rules: Rules, sweat: int) -> float:
    """The chance that a gun which has sweated ``sweat`` turns fails to fire."""
    return min(rules.misfire_cap, rules.misfire_start + rules.misfire_step * sweat)


def holstered(state: GameState, seat: int) -> str | None:
    """Why ``seat``'s gun must stay holstered now under ``Rules.holster``, or ``None``."""
    holster = state.rules.holster
    if holster is Holster.FIRST_ORBIT and state.turns_taken < sum(1 for t in state.tokens if t > 0):
        return _("guns stay holstered until everyone has had a turn this round")
    if holster is Holster.LIFE_LOST and 0 <= seat < len(state.tokens) \
            and state.tokens[seat] >= state.rules.starting_tokens:
        return _("you may draw your gun only once you have lost a life")
    return None


def gun_actions(state: GameState) -> list[Action]:
    """The current player's shots: ``Fire`` on a turn, or a ``QuickDraw`` in Quick Draw."""
    rules = state.rules
    seat = state.current
    if (not rules.old_west or state.phase is not Phase.TURN or not state.bullets[seat] or state.fired
            or (state.knocker != NO_SEAT and not rules.shoot_after_knock)
            or (rules.holster is not Holster.NEVER and holstered(state, seat)) or shot_waits(state, seat)):
        return []
    targets = [t for t, tokens in enumerate(state.tokens) if tokens > 0 and t != seat and not shot_waits(state, t)]
    if rules.quick_draw:
        return [QuickDraw(seat, t) for t in targets]
    return [Fire(t) for t in targets]


def why_gun_illegal(state: GameState, action: Fire | QuickDraw) -> str | None:
    """Why a shot is not allowed now, or ``None``."""
    rules = state.rules
    if not rules.old_west:
        return _("there are no guns in these rules (Old West is off)")
    if state.phase not in (Phase.TURN, Phase.DISCARD):
        return _("guns come out only while a round is being played")
    if state.knocker != NO_SEAT and not rules.shoot_after_knock:
        return _("after a knock the guns stay holstered")
    tokens = state.tokens
    if isinstance(action, Fire):
        if rules.quick_draw:
            return _("in Quick Draw you draw on someone (quickdraw), not fire on your turn")
        shooter = state.current
        if state.phase is not Phase.TURN:
            return _("fire at the start of your turn, before you draw")
        if state.fired:
            return _("you have already fired this turn")
    else:
        if not rules.quick_draw:
            return _("drawing at any moment is Quick Draw; here you fire on your turn")
        shooter = action.shooter
        if not 0 <= shooter < len(tokens) or not tokens[shooter]:
            return _("seat {seat} is not in the game").format(seat=shooter)
    if not state.bullets[shooter]:
        return _("{name}'s derringer is empty").format(name=state.names[shooter])
    waiting = holstered(state, shooter)
    if waiting is not None:
        return waiting
    if shot_waits(state, shooter):
        return _("guns come out only after your own first turn")
    target = action.target
    if not 0 <= target < len(tokens) or not tokens[target]:
        return _("seat {seat} is not in the game").format(seat=target)
    if target == shooter:
        return _("you cannot aim at yourself")
    if shot_waits(state, target):
        return _("{name} has not had a turn yet and cannot be shot before it").format(name=seat_name(state.names[target]))
    if isinstance(action, QuickDraw):
        seats = [seat for seat, _after_ms in action.answers]
        if len(set(seats)) != len(seats):
            return _("each player answers a draw at most once")
        for seat, after_ms in action.answers:
            if not 0 <= seat < len(tokens) or not tokens[seat] or seat == shooter:
                return _("seat {seat} cannot answer this draw").format(seat=seat)
            if not state.bullets[seat]:
                return _("{name}'s derringer is empty").format(name=state.names[seat])
            if not 0 <= after_ms <= rules.answer_window_ms:
                return _("an answer must come within {ms} ms of the draw").format(ms=rules.answer_window_ms)
    return None


def shoot(state: GameState, values: Draft, shooter: int, target: int, after_ms: int,
          events: list[Event]) -> bool:
    """Pull ``shooter``'s trigger at ``target`` (in ``values``); returns whether it hit."""
    rules = state.rules
    chance = misfire_chance(rules, values[AT.sweat][shooter])
    events.append(Fired(shooter, target, chance, after_ms))
    roll = uniform(state.seed, values[AT.chance])
    values[AT.chance] += 1
    bullets = list(values[AT.bullets])
    if roll < chance:
        bullets[shooter] = not rules.misfire_spends_bullet
        values[AT.bullets] = tuple(bullets)
        _misfire(rules, values, shooter, events)
        return False
    bullets[shooter] = False
    values[AT.bullets] = tuple(bullets)
    events.append(Hit(shooter, target))
    if rules.bounty:
        tokens = list(values[AT.tokens])
        tokens[shooter] += tokens[target]
        values[AT.tokens] = tuple(tokens)
    _remove(values, target, events)
    return True


def _misfire(rules: Rules, values: Draft, shooter: int, events: list[Event]) -> None:
    """The gun clicked: the shooter pays what ``Rules.misfire_cost`` says."""
    cost = rules.misfire_cost
    hand = values[AT.hands][shooter]
    events.append(Misfired(shooter, rules.misfire_spends_bullet, hand if cost is MisfireCost.REVEAL else ()))
    if cost is MisfireCost.REVEAL:
        known = list(values[AT.known])
        known[shooter] = hand
        values[AT.known] = tuple(known)
    elif cost is MisfireCost.LIFE:
        tokens = list(values[AT.tokens])
        tokens[shooter] -= 1
        values[AT.tokens] = tuple(tokens)
        events.append(LifeLost(shooter, 1, tokens[shooter]))
        if not tokens[shooter]:
            _remove(values, shooter, events)


def _remove(values: Draft, seat: int, events: list[Event]) -> None:
    """Take a shot player out at once; their cards go face down under the stock."""
    tokens = list(values[AT.tokens])
    tokens[seat] = 0
    values[AT.tokens] = tuple(tokens)
    hands = list(values[AT.hands])
    values[AT.stock] = values[AT.stock] + hands[seat]
    hands[seat] = ()
    values[AT.hands] = tuple(hands)
    known = list(values[AT.known])
    known[seat] = ()
    values[AT.known] = tuple(known)
    events.append(Eliminated(seat))
    alive = [s for s, t in enumerate(tokens) if t > 0]
    if len(alive) == 1:
        events.append(Won(alive[0]))
        values[AT.phase] = Phase.GAME_OVER
        values[AT.current] = NO_SEAT
        values[AT.winner] = alive[0]
        values[AT.taken] = values[AT.drawn] = None


def duel(state: GameState, action: QuickDraw, values: Draft, events: list[Event]) -> None:
    """Resolve a Quick Draw: every gun fires in order of speed; the dead fire no more."""
    events.append(GunDrawn(action.shooter, action.target))
    shots = [(after_ms, 0, seat, action.shooter) for seat, after_ms in action.answers]
    shots.append((state.rules.draw_speed_ms, 1, action.shooter, action.target))
    died_at: dict[int, int] = {}
    for after_ms, _order, gunman, aim in sorted(shots):
        if values[AT.phase] is Phase.GAME_OVER:
            return
        if died_at.get(gunman, after_ms) < after_ms or not values[AT.tokens][aim]:
            continue  # shot down before pulling the trigger, or the target already fell
        if shoot(state, values, gunman, aim, after_ms, events):
            died_at[aim] = after_ms


def add_sweat(state: GameState, values: Draft, seat: int) -> None:
    """A turn ended: raise the misfire chances that count it."""
    sweat = list(values[AT.sweat])
    if state.rules.misfire_clock is MisfireClock.OWN:
        sweat[seat] += 1
    else:
        for other, tokens in enumerate(values[AT.tokens]):
            if tokens > 0:
                sweat[other] += 1
    values[AT.sweat] = tuple(sweat)
    values[AT.fired] = False


def mark_played(values: Draft, seat: int) -> None:
    """``seat`` has finished a turn of its own: from now on it may be shot (``Rules.safe_until_played``)."""
    played = list(values[AT.played])
    played[seat] = True
    values[AT.played] = tuple(played)


def shot_waits(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has not had a turn yet, and so may neither be shot nor shoot (``Rules.safe_until_played``).

    Drawing first is barred too: in Quick Draw a draw is answered, and a player who drew
    before ever playing could be shot before their first turn by the answer.
    """
    return state.rules.safe_until_played and not state.played[seat]


def finish(values: Draft, state: GameState, events: list[Event]) -> tuple[GameState, tuple[Event, ...]]:
    """Close an action whose state is complete in ``values``."""
    values[AT.log] = state.log + tuple(events)
    return build(values), tuple(events)


__all__ = ["add_sweat", "duel", "finish", "gun_actions", "holstered", "mark_played", "misfire_chance", "next_active",
           "shoot", "shot_waits", "why_gun_illegal"]
