"""Labels and choices for every rule option, for menus and rule editors.

Each ``RuleOption`` names a ``Rules`` field, says it in a few words, and lists
the values a player may pick, so a house-rules screen can be built from data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .rules import (MAX_SEATS, Exchange, Holster, KnockerTied, KnockFails, KnockTiming, MisfireClock, MisfireCost,
                    StockOut)


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One editable option: its field, a label, a hint, and ``(value, label)`` choices."""

    field: str
    label: str
    hint: str
    choices: tuple[tuple[Any, str], ...]
    group: str = "Table"


def _flag(field: str, label: str, hint: str, group: str) -> RuleOption:
    return RuleOption(field, label, hint, ((False, "off"), (True, "on")), group)


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("lives", "Lives", "Lives each player starts with.",
               tuple((n, str(n)) for n in range(1, 11)), "Lives"),
    _flag("honor_life", "On your honor", "One extra life after the last one: out only on the next loss.", "Lives"),
    RuleOption("exchange", "Exchange", "How cards change hands on a turn.",
               ((Exchange.DRAW, "draw and discard"), (Exchange.BOARD, "swap with the board"),
                (Exchange.COMMERCE, "commerce: swap one or all three")), "Turn"),
    _flag("may_discard_taken", "Discard the card taken", "May the card just taken from the pile go straight back?", "Turn"),
    RuleOption("stock_out", "Empty stock", "What happens when the stock runs out.",
               ((StockOut.END_ROUND, "round ends if the discard is declined"),
                (StockOut.RESHUFFLE, "reshuffle the discard pile")), "Turn"),
    _flag("board_refresh", "New board", "With a board: when everybody passes in a row, lay a new board.", "Turn"),
    RuleOption("turn_limit", "Turn limit", "Show hands after this many turns each with no knock.",
               ((0, "none"), (10, "10"), (15, "15"), (20, "20"), (30, "30")), "Turn"),
    RuleOption("three_of_a_kind", "Three of a kind", "The value of three cards of one rank.",
               ((None, "not counted"), (30.0, "30"), (30.5, "30½")), "Hands"),
    RuleOption("three_aces", "Three aces", "Three aces as a plain triplet or as 'fire'.",
               ((None, "like any triplet"), (32.0, "32"), (33.0, "33")), "Hands"),
    _flag("lone_card_beside_pair", "Lone card beside a pair",
          "On: beside two suited cards, a higher third card counts alone (A♣ 5♦ 4♦ is 11). "
          "Off: only the pair counts (9).", "Hands"),
    _flag("instant_31", "Show 31 at once", "A 31 made on a turn ends the round at once.", "Hands"),
    _flag("instant_31_on_deal", "31 on the deal", "A 31 dealt is shown before anyone plays.", "Hands"),
    RuleOption("knock_timing", "Knock", "When a player may knock.",
               ((KnockTiming.INSTEAD_OF_TURN, "instead of a turn"),
                (KnockTiming.AFTER_DISCARD, "after your discard")), "Knocking"),
    RuleOption("knock_minimum", "Knock minimum", "The smallest hand that may knock.",
               tuple((float(v), "none" if v == 0 else str(v)) for v in (0, 17, 19, 21, 23, 25)), "Knocking"),
    _flag("suited_knock", "Suited knock", "A knock needs three cards of one suit.", "Knocking"),
    _flag("under_the_gun", "Under the gun", "The first player may knock before any draw: all show at once.", "Knocking"),
    _flag("knock_again_passes", "Second knock", "After a knock, a further knock counts as a pass.", "Knocking"),
    RuleOption("knock_fails", "Knock fails when", "When the knocker pays the knocker's penalty.",
               ((KnockFails.LOWEST, "knocker has the lowest hand"),
                (KnockFails.NOT_HIGHEST, "knocker lacks the highest hand")), "Knocking"),
    RuleOption("knocker_penalty", "Knocker's penalty", "Lives a failed knocker loses.",
               ((1, "1 life"), (2, "2 lives"), (3, "3 lives")), "Knocking"),
    RuleOption("knocker_tied", "Knocker tied lowest", "Who pays when the knocker ties for the lowest hand.",
               ((KnockerTied.PENALTY, "knocker pays the penalty, others 1"),
                (KnockerTied.ALL_ONE, "everyone tied loses 1 (shared pain)"),
                (KnockerTied.OTHERS, "only the others lose"),
                (KnockerTied.KNOCKER_ONE, "knocker loses 1, others none (headshaker)")), "Knocking"),
    RuleOption("knocker_penalty_on_31", "Knocker vs 31", "Lives the knocker loses when another shows 31.",
               ((1, "1 life (forgiving)"), (2, "2 lives"), (3, "3 lives")), "Knocking"),
    RuleOption("max_players", "Most players", "The largest table these rules allow (one deck deals to 16).",
               tuple((n, str(n)) for n in range(2, MAX_SEATS + 1)), "Table"),
    _flag("old_west", "Old West", "Everyone has a one-shot derringer; a hit puts the target out of the game.",
          "Old West"),
    _flag("quick_draw", "Quick Draw", "Draw at any moment, even out of turn; others may fire back faster.",
          "Old West"),
    RuleOption("misfire_start", "Misfire at first", "Each gun's chance to misfire when the game starts.",
               tuple((v, f"{v:.0%}") for v in (0.0, 0.05, 0.1, 0.2)), "Old West"),
    RuleOption("misfire_step", "Sweat per turn", "How much the misfire chance rises after each turn that counts.",
               tuple((v, f"{v:.0%}") for v in (0.0, 0.01, 0.02, 0.03, 0.05)), "Old West"),
    RuleOption("misfire_clock", "Sweating turns", "Whose turns make a gun likelier to misfire.",
               ((MisfireClock.TABLE, "every turn at the table"), (MisfireClock.OWN, "only your own turns")),
               "Old West"),
    RuleOption("misfire_cap", "Misfire cap", "The misfire chance never rises above this.",
               tuple((v, f"{v:.0%}") for v in (0.5, 0.75, 0.9, 1.0)), "Old West"),
    _flag("misfire_spends_bullet", "Misfire wastes the bullet",
          "Off: a misfire only clicks and the gun may be tried again later.", "Old West"),
    _flag("shot_ends_turn", "Shooting is your turn", "Off: fire at the start of your turn, then play it.",
          "Old West"),
    _flag("shoot_after_knock", "Guns after a knock", "May guns still be fired once someone has knocked?",
          "Old West"),
    RuleOption("holster", "Holstered", "When guns may come out at all.",
               ((Holster.NEVER, "never: out from the first turn"),
                (Holster.FIRST_ORBIT, "until everyone has had a turn each round"),
                (Holster.LIFE_LOST, "until you have lost a life")), "Old West"),
    RuleOption("misfire_cost", "Misfire costs", "What a misfire costs the shooter.",
               ((MisfireCost.NOTHING, "nothing more"), (MisfireCost.REVEAL, "your hand, shown face up"),
                (MisfireCost.LIFE, "a life")), "Old West"),
    _flag("bounty", "Bounty", "A shot player's remaining lives go to the shooter.", "Old West"),
    RuleOption("draw_speed_ms", "Draw speed", "Quick Draw: how long after the draw the drawn gun fires.",
               ((250, "250 ms"), (350, "350 ms"), (450, "450 ms")), "Old West"),
    RuleOption("answer_window_ms", "Answer window", "Quick Draw: how long the others have to fire back.",
               ((500, "0.5 s"), (700, "0.7 s"), (1000, "1 s")), "Old West"),
)
"""Every option a player can change, in the order a rules editor shows them."""

SOURCE_FIELDS = ("min_players", "advised_max_players", "honor_at_zero", "kitty")
"""``Rules`` fields a rules editor leaves as the preset has them: a source's advice and
wording (its table-size advice, how it names the extra life, its kitty), not play."""
