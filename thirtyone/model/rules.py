"""Every rule option of the game as data: one frozen ``Rules`` value.

A preset (see ``presets``) is just a ``Rules`` value; house rules are made with
``rules.replace(option=value)``, which checks the result again.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, Iterable

from ..i18n import _
from .cards import Card, format_cards
from . import rule_choices
from .errors import CardError, RulesError
from .rule_choices import (MAX_SEATS, Deck, Exchange, Holster, KnockerTied, KnockFails, KnockTiming, MisfireClock,
                           MisfireCost, RoundLoss, ShownLoss, StockOut, deck_cards, deck_lowest, deck_packs, deck_seats)

@dataclass(frozen=True, slots=True)
class Rules:
    """All options of one game of 31. Build it from a preset and ``replace``."""

    min_players: int = 2
    max_players: int = MAX_SEATS
    """The largest table: a source's "can be played with 2 to 8", else as many as the deck deals."""
    advised_max_players: int = 0
    """A source's advice on the largest table ("for 2-6 players"); larger tables are allowed
    with a note. 0: no advice."""
    deck: Deck = Deck.FIFTY_TWO
    """Which cards are in play: 52, 36 (6 to ace), 32 (7 to ace) or two 32-card packs (64)."""
    lives: int = 3
    honor_life: bool = False
    """After the last life, one more "on your honor": out only on the next loss."""
    honor_at_zero: bool = False
    """With ``honor_life`` (no effect without it): that extra life is told as "still in at zero
    lives" (004) instead of "on your honor" (002); play is the same."""
    honor_swims: bool = False
    """With ``honor_life`` (no effect without it): that extra life is told as "swimming" (the German
    *schwimmen*, the Schwimmen sources' word) instead of "on your honor"; play is the same."""
    kitty: bool = False
    """Lost lives are paid into a kitty in the middle and the winner takes it (001's stakes)."""
    exchange: Exchange = Exchange.DRAW
    may_discard_taken: bool = True
    """Whether the card just taken from the discard pile may be discarded again."""
    knock_timing: KnockTiming = KnockTiming.INSTEAD_OF_TURN
    knock_again_passes: bool = False
    """After a knock, a further knock is allowed and counts as a pass."""
    second_knock_ends: bool = False
    """After a knock, any player still to play in that lap may knock too, instead of a turn, and the round
    ends at once; a tie for the lowest hand the first knocker is not in goes against the second knocker
    alone (oli-69/schwimmen's rule "Knocking")."""
    three_of_a_kind: float | None = 30.0
    """Value of three cards of one rank; ``None`` means it is not counted."""
    triplet_ties_by_rank: bool = False
    """Equal three of a kind are compared by rank: three kings beat three sevens (German Wikipedia)."""
    three_aces: float | None = None
    """Value of three aces ("fire"): 31, 32 or 33; ``None`` means like any three of a kind."""
    lone_card_beside_pair: bool = True
    """Beside two cards of a suit, the third card alone counts when it is higher (002: A♣ 5♦ 4♦ is 11).
    Off (004): a card counts only with a suit partner unless all three suits differ (A♣ 5♦ 4♦ is 9)."""
    instant_31: bool = True
    """A hand of 31 is shown at once after a turn and ends the round."""
    last_lap_after_31: bool = False
    """With ``instant_31`` (no effect without it): a 31 made on a turn is shown but closes the round as a
    knock does, so every other player has one more turn; then hands are shown and the lowest loses, the
    31's holder never paying a knocker's penalty (Games4All: "When a player has 31 points his/her cards
    are turned face up and all players get one more turn before play ends"; Board Game Arena's "usual
    game")."""
    instant_31_on_deal: bool = True
    """31s dealt are shown before the first turn (several may show at once)."""
    shown_31_loss: ShownLoss = ShownLoss.OTHERS
    """Who loses when a 31 shown at once ends the round: everyone else, or the lowest hand."""
    fire_loss: ShownLoss = ShownLoss.OTHERS
    """Who loses when three aces ("fire", ``three_aces``) shown at once end the round."""
    fire_over_31: bool = True
    """Fire worth more than 31 and a 31 shown at once (on the deal), with ``fire_loss="others"``: the 31
    loses a life like every other hand (Schwimmen Deluxe: "all other players lose the game regardless of
    their score"). Off: both are safe (as games before this option played). Fire worth 31 ties a 31."""
    below_21_loses: bool = False
    """At a showdown every hand under 21 loses a life, and of the others the lowest also loses one
    (Board Game Arena's Thirty-One)."""
    round_loss: RoundLoss = RoundLoss.LOWEST
    """Who loses at a showdown: the lowest hand, or everyone but the highest (GamePoint)."""
    knocker_penalty: int = 2
    knock_fails: KnockFails = KnockFails.LOWEST
    knocker_tied: KnockerTied = KnockerTied.PENALTY
    knocker_penalty_on_31: int = 2
    """Lives the knocker loses when another player shows 31."""
    knock_minimum: float = 0.0
    """The smallest hand value that may knock; 0 means no minimum."""
    suited_knock: bool = False
    """A knock needs all three cards in one suit."""
    no_knock_first_lap: bool = False
    """Nobody may knock before every player still in has had a turn this round (Board Game Arena)."""
    under_the_gun: bool = False
    """The first player may knock before anyone draws: everyone shows at once."""
    stock_out: StockOut = StockOut.END_ROUND
    dealer_choice: bool = False
    """With a board: the dealer deals a spare hand face down, looks at their own and keeps it (the
    spare is turned up as the middle) or lays it open as the middle and takes the spare (pagat)."""
    board_refresh: bool = False
    """With a board: when every player passes in a row, the board is replaced."""
    pass_once: bool = False
    """With a board: each player may pass at most once a round (oli-69/schwimmen)."""
    pass_first_and_last_lap: bool = False
    """With a board: passing is allowed only in the first lap and after a knock (Games4All)."""
    new_cards_789: bool = False
    """With a board: when a 7, an 8 and a 9 lie in the middle, the player to move may have three new cards
    laid from the stock and then plays the turn (Schwimmen Deluxe, oli-69/schwimmen)."""
    dirty_laundry: bool = False
    """With a board: a 7, an 8 and a 9 in the middle ("vuile was", dirty laundry) are put out of play at once
    and three new cards laid from the stock, after the deal and after every turn; no one chooses it (trend.nl's
    Eenendertigen: "Wanneer er een 7, 8 en 9 in de pot zitten noemen we dit 'vuile was' en zullen er 3 nieuwe
    kaarten in de pot gelegd worden")."""
    refresh_short: StockOut = StockOut.RESHUFFLE
    """With ``board_refresh``, when fewer than three cards are left to lay: the cards put aside are
    shuffled in (``RESHUFFLE``), or the round ends and hands are shown (``END_ROUND``, pagat)."""
    turn_limit: int = 0
    """When every player has had this many turns with no knock, hands are shown; 0 means no limit."""
    old_west: bool = False
    """Every player has a one-shot derringer; a hit puts the target out of the game."""
    quick_draw: bool = False
    """Old West: anyone may draw at any moment, and others may answer faster."""
    misfire_start: float = 0.0
    """Old West: each gun's chance to misfire at the start of the game."""
    misfire_step: float = 0.02
    """Old West: how much the misfire chance rises after each turn that counts."""
    misfire_clock: MisfireClock = MisfireClock.TABLE
    misfire_cap: float = 0.75
    """Old West: the misfire chance never rises above this."""
    misfire_spends_bullet: bool = True
    """Old West: a misfired cartridge is gone (otherwise the gun may be tried again on a later turn)."""
    shot_ends_turn: bool = True
    """Old West: firing is your whole turn (otherwise you fire, then play your turn)."""
    shoot_after_knock: bool = True
    """Old West: guns may still be fired after someone has knocked."""
    holster: Holster = Holster.NEVER
    """Old West: when guns may come out (see ``Holster``)."""
    misfire_cost: MisfireCost = MisfireCost.NOTHING
    """Old West: what a misfire costs the shooter (see ``MisfireCost``)."""
    bounty: bool = False
    """Old West: a shot player's remaining lives go to the shooter."""
    safe_until_played: bool = False
    """Old West: nobody can shoot or be shot before they have finished a turn of their own in the game."""
    draw_speed_ms: int = 350
    """Quick Draw: a drawn gun fires this long after the draw; faster answers hit first."""
    answer_window_ms: int = 700
    """Quick Draw: how long the others have to answer a draw."""
    has_board: bool = dataclasses.field(init=False, repr=False, compare=False)
    """Whether this game uses face-up board cards instead of stock and discard (derived)."""
    cards: tuple[Card, ...] = dataclasses.field(init=False, repr=False, compare=False)
    """The cards of ``deck`` in index order (derived)."""
    knock_conditions: bool = dataclasses.field(init=False, repr=False, compare=False)
    """Whether a knock has conditions to check (suit, minimum, first lap) (derived)."""

    def __post_init__(self) -> None:
        _check(self)
        # Stored, not properties: the engine asks these on every move and every deal.
        object.__setattr__(self, "has_board", self.exchange is not Exchange.DRAW)
        object.__setattr__(self, "cards", deck_cards(self.deck))
        object.__setattr__(self, "knock_conditions",
                           bool(self.suited_knock or self.knock_minimum or self.no_knock_first_lap))

    def check_in_deck(self, cards: Iterable[Card]) -> None:
        """Raise ``CardError`` naming any of ``cards`` that this deck does not hold."""
        packs = deck_packs(self.deck)
        lowest = deck_lowest(self.deck)
        outside = [card for card in cards if card.pack >= packs or (card.rank != 0 and card.rank + 1 < lowest)]
        second = [card for card in outside if card.pack >= packs]
        if second:
            raise CardError(_("a second pack's card, and this game deals from one pack: {cards}").format(
                cards=format_cards(second)))
        if outside:
            raise CardError(_("not in the {size}-card deck ({lowest} to ace): {cards}").format(
                cards=format_cards(outside), size=len(self.cards), lowest=deck_lowest(self.deck)))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; raises ``RulesError`` if they clash."""
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self) if f.init})
        if unknown:
            raise RulesError(_("unknown rule option: {names}").format(names=", ".join(unknown)))
        return dataclasses.replace(self, **changes)

    @property
    def starting_tokens(self) -> int:
        """Life tokens each player starts with, the honor life included."""
        return self.lives + (1 if self.honor_life else 0)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; ``from_dict`` reads it back."""
        out: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            if not field.init:
                continue
            value = getattr(self, field.name)
            out[field.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Rules | None = None) -> Rules:
        """Options from plain data, on top of ``base`` (default: ``Rules()``)."""
        if not isinstance(data, dict):
            raise RulesError(_("rules must be an object of option names and values"))
        types = {f.name: f.type for f in dataclasses.fields(cls) if f.init}
        changes: dict[str, Any] = {}
        for name, raw in data.items():
            if name not in types:
                raise RulesError(_("unknown rule option: {names}").format(names=name))
            changes[name] = _coerce(name, raw)
        return (base or cls()).replace(**changes)


def player_counts(rules: Rules) -> range:
    """How many seats these rules can take (``len(seats) in player_counts(rules)``): the rules'
    own limits, which validation keeps within what one deck can deal."""
    return range(rules.min_players, min(rules.max_players, deck_seats(rules.exchange, rules.deck)) + 1)


OPTIONS_ADDED_LATER: dict[str, Any] = {"lone_card_beside_pair": True, "holster": "never", "misfire_cost": "nothing",
                                        "bounty": False, "safe_until_played": False, "deck": "52",
                                        "triplet_ties_by_rank": False, "shown_31_loss": "others",
                                        "fire_loss": "others", "no_knock_first_lap": False,
                                        "honor_swims": False, "refresh_short": "reshuffle",
                                        "dealer_choice": False, "below_21_loses": False,
                                        "round_loss": "lowest", "pass_once": False,
                                        "pass_first_and_last_lap": False, "new_cards_789": False,
                                        "second_knock_ends": False, "fire_over_31": False,
                                        "last_lap_after_31": False, "dirty_laundry": False}
"""Play options newer than saved games and records, with the value every game had before them."""


def as_played_then(data: Any) -> Any:
    """Saved rules as the game that wrote them played: a full dump (every record and save holds
    one; it names ``three_aces``) that lacks a newer option was played with its earlier value,
    whatever the preset says now. Anything else is returned as it is."""
    if not isinstance(data, dict) or "three_aces" not in data:
        return data
    return {**{name: value for name, value in OPTIONS_ADDED_LATER.items() if name not in data}, **data}


def _fields_typed(annotation: str) -> set[str]:
    """The option names whose field is annotated ``annotation``: the one place a new option's type is written."""
    return {f.name for f in dataclasses.fields(Rules) if f.init and f.type == annotation}


_CHOICE_TYPES = {name: kind for name, kind in vars(rule_choices).items()
                 if isinstance(kind, type) and issubclass(kind, enum.Enum) and kind.__module__ == rule_choices.__name__}
_ENUMS: dict[str, type[enum.Enum]] = {f.name: _CHOICE_TYPES[str(f.type)] for f in dataclasses.fields(Rules)
                                      if f.init and str(f.type) in _CHOICE_TYPES}
"""Each option whose value is one of a ``rule_choices`` enum's members, with that enum (from the annotations)."""
_BOOLS = _fields_typed("bool")
_INTS = _fields_typed("int")
_OPTIONAL_FLOATS = _fields_typed("float | None")


def _coerce(name: str, raw: Any) -> Any:
    if name in _ENUMS:
        enum_type = _ENUMS[name]
        if isinstance(raw, enum_type):
            return raw
        if name == "deck" and type(raw) is int:
            raw = str(raw)  # "deck": 32 as a number means the same as "32"
        try:
            return enum_type(raw)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in enum_type)
            raise RulesError(_("{name} must be one of {choices}, not {value}").format(
                name=name, choices=choices, value=repr(raw))) from None
    if name in _BOOLS:
        if not isinstance(raw, bool):
            raise RulesError(_("{name} must be true or false, not {value}").format(name=name, value=repr(raw)))
        return raw
    if name in _INTS:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesError(_("{name} must be a whole number, not {value}").format(name=name, value=repr(raw)))
        return raw
    if raw is None and name in _OPTIONAL_FLOATS:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        raise RulesError(_("{name} must be a number, not {value}").format(name=name, value=repr(raw)))
    return float(raw)


def _check(rules: Rules) -> None:
    """Refuse contradictory or impossible option sets with a clear message."""
    for name in _ENUMS:
        if not isinstance(getattr(rules, name), _ENUMS[name]):
            raise RulesError(_("{name} must be a {kind}").format(name=name, kind=_ENUMS[name].__name__))
    if rules.min_players > deck_seats(rules.exchange, rules.deck):
        # "Most players" may be above what a short deck deals (``player_counts`` stops there), the fewest not.
        raise RulesError(_("at least {low} players cannot be dealt: a {size}-card deck deals three cards each and the "
                           "first table cards to {most} players at most").format(
            most=deck_seats(rules.exchange, rules.deck), low=rules.min_players, size=len(deck_cards(rules.deck))))
    dealt = deck_seats(rules.exchange)
    if not 2 <= rules.min_players <= rules.max_players <= dealt:
        raise RulesError((
            _("players must be between 2 and {most} with min ≤ max (got {low}–{high}): one deck deals three cards "
              "each and a board of three to {most} players at most") if rules.exchange is not Exchange.DRAW else
            _("players must be between 2 and {most} with min ≤ max (got {low}–{high}): one deck deals three cards "
              "each and an upcard and a stock to {most} players at most")).format(
                most=dealt, low=rules.min_players, high=rules.max_players))
    if rules.advised_max_players and not rules.min_players <= rules.advised_max_players <= rules.max_players:
        raise RulesError(_("advised_max_players must be 0 (no advice) or between {low} and {high}, not {value}").format(
            low=rules.min_players, high=rules.max_players, value=rules.advised_max_players))
    if rules.honor_swims and rules.honor_at_zero:
        raise RulesError(_("the extra life is told either as swimming or as zero lives, not both"))
    if not 1 <= rules.lives <= 99:
        raise RulesError(_("lives must be between 1 and 99, not {value}").format(value=rules.lives))
    if rules.three_of_a_kind not in (None, 30.0, 30.5):
        raise RulesError(_("three_of_a_kind must be none, 30 or 30.5, not {value}").format(value=rules.three_of_a_kind))
    if rules.triplet_ties_by_rank and rules.three_of_a_kind is None:
        raise RulesError(_("three of a kind compared by rank needs three of a kind to count: choose 30 or 30½"))
    if rules.three_aces not in (None, 31.0, 32.0, 33.0):
        raise RulesError(_("three_aces must be none (a plain triplet), 31, 32 or 33, not {value}").format(
            value=rules.three_aces))
    for name in ("knocker_penalty", "knocker_penalty_on_31"):
        if not 1 <= getattr(rules, name) <= 3:
            raise RulesError(_("{name} must be 1, 2 or 3 lives, not {value}").format(name=name, value=getattr(rules, name)))
    if not 0 <= rules.knock_minimum <= 31:
        raise RulesError(_("knock_minimum must be between 0 (none) and 31, not {value}").format(value=rules.knock_minimum))
    if not 0 <= rules.turn_limit <= 1000:
        raise RulesError(_("turn_limit must be between 0 (none) and 1000, not {value}").format(value=rules.turn_limit))
    if rules.exchange is not Exchange.DRAW and rules.knock_timing is KnockTiming.AFTER_DISCARD:
        raise RulesError(_("a knock after your discard needs draw-and-discard play; with a board there is no discard"))
    if rules.under_the_gun and rules.no_knock_first_lap:
        raise RulesError(_("knocking under the gun is a knock before the first lap is over: choose one of the two"))
    if rules.under_the_gun and rules.knock_timing is KnockTiming.AFTER_DISCARD:
        raise RulesError(_("knocking under the gun happens before any draw, so it needs knocks instead of a turn"))
    if rules.dealer_choice and rules.exchange is Exchange.DRAW:
        raise RulesError(_("the dealer's choice needs a board: choose the board or commerce exchange"))
    if rules.board_refresh and rules.exchange is Exchange.DRAW:
        raise RulesError(_("board_refresh needs a board: choose the board or commerce exchange"))
    for name in ("pass_once", "pass_first_and_last_lap", "new_cards_789"):
        if getattr(rules, name) and rules.exchange is Exchange.DRAW:
            raise RulesError(_("{name} needs a board: choose the board or commerce exchange").format(name=name))
    if rules.round_loss is RoundLoss.ALL_BUT_HIGHEST and rules.below_21_loses:
        raise RulesError(_("everyone but the highest hand losing and every hand under 21 losing are two ways to "
                           "judge a round: choose one"))
    if rules.exchange is not Exchange.DRAW and (rules.knock_minimum or rules.suited_knock) and not rules.turn_limit:
        # Hands and board hold the same few cards all round (new boards only come when everyone
        # passes in a row): they may never make the knock, and then no stock running out ends it.
        raise RulesError((
            _("with a board, a knock that needs three cards of one suit may never come and the round never end: "
              "choose a turn limit too") if rules.suited_knock else
            _("with a board, a knock that needs a hand of {value} may never come and the round never end: "
              "choose a turn limit too")).format(value=f"{rules.knock_minimum:g}"))
    if rules.knock_again_passes and rules.knock_timing is KnockTiming.AFTER_DISCARD:
        raise RulesError(_("a second knock as a pass needs knocks instead of a turn"))
    if rules.second_knock_ends and rules.knock_again_passes:
        raise RulesError(_("a second knock either ends the round or counts as a pass: choose one"))
    if rules.second_knock_ends and rules.knock_timing is KnockTiming.AFTER_DISCARD:
        raise RulesError(_("a second knock that ends the round needs knocks instead of a turn"))
    if rules.quick_draw and not rules.old_west:
        raise RulesError(_("Quick Draw is a way to play Old West: turn old_west on too"))
    for name in ("misfire_start", "misfire_step", "misfire_cap"):
        if not 0.0 <= getattr(rules, name) <= 1.0:
            raise RulesError(_("{name} must be a chance between 0 and 1, not {value}").format(name=name, value=getattr(rules, name)))
    if rules.misfire_start > rules.misfire_cap:
        raise RulesError(_("misfire_start must not be above misfire_cap"))
    if not 50 <= rules.draw_speed_ms <= rules.answer_window_ms <= 5000:
        raise RulesError(_("draw_speed_ms must be at least 50 and at most answer_window_ms (at most 5000 ms)"))
