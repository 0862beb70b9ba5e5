"""Labels and choices for every rule option, for menus and rule editors.

Each ``Option`` names a ``Rules`` field, says it in a few words, and lists
the values a player may pick, so a house-rules screen can be built from data. The
player's settings (``storage.setting_options``) are declared with the same type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import N_
from .scoring import format_value
from .rule_choices import (MAX_SEATS, Deck, Exchange, Holster, KnockFails, KnockTiming, KnockerTied, MisfireClock,
                           MisfireCost, RoundLoss, ShownLoss, StockOut)


@dataclass(frozen=True, slots=True)
class Option:
    """One editable choice, a rule of the game or a player's setting: its field, a label, a hint and
    ``(value, label)`` choices; a rule's group on the house-rules screen, a setting's default."""

    field: str
    label: str
    hint: str
    choices: tuple[tuple[Any, str], ...]
    group: str = "Table"
    """The house-rules screen's heading for a rule (settings have none of their own)."""
    default: Any = None
    """A setting's value in a fresh profile (a rule's default is the preset's)."""


def _flag(field: str, label: str, hint: str, group: str) -> Option:
    return Option(field, label, hint, ((False, N_("off")), (True, N_("on"))), group)


RULE_OPTIONS: tuple[Option, ...] = (
    Option("lives", N_("Lives"), N_("Lives each player starts with."),
               tuple((n, str(n)) for n in range(1, 11)), "Lives"),
    _flag("honor_life", N_("On your honor"), N_("One extra life after the last one: out only on the next loss."), "Lives"),
    Option("exchange", N_("Exchange"), N_("How cards change hands on a turn."),
               ((Exchange.DRAW, N_("draw and discard")), (Exchange.BOARD, N_("swap with the board")),
                (Exchange.COMMERCE, N_("commerce: swap one or all three"))), "Turn"),
    _flag("may_discard_taken", N_("Discard the card taken"), N_("May the card just taken from the pile go straight back?"), "Turn"),
    Option("stock_out", N_("Empty stock"), N_("What happens when the stock runs out."),
               ((StockOut.END_ROUND, N_("round ends")),
                (StockOut.RESHUFFLE, N_("reshuffle discards"))), "Turn"),
    _flag("dealer_choice", N_("Dealer's choice"),
          N_("The dealer keeps the dealt hand or lays it open and takes a spare hand, unseen."), "Turn"),
    _flag("board_refresh", N_("New board"), N_("With a board: when everybody passes in a row, lay a new board."), "Turn"),
    Option("refresh_short", N_("No new board left"),
               N_("New board: what happens when fewer than three cards are left to lay."),
               ((StockOut.RESHUFFLE, N_("reshuffle")), (StockOut.END_ROUND, N_("round ends"))), "Turn"),
    _flag("pass_once", N_("Pass once"), N_("With a board: each player may pass at most once a round."), "Turn"),
    _flag("pass_first_and_last_lap", N_("Pass first and last lap"),
          N_("With a board: passing only in the first lap and after a knock."), "Turn"),
    _flag("new_cards_789", N_("New cards for 7-8-9"),
          N_("A 7, an 8 and a 9 in the middle may be exchanged for three new cards; the turn goes on."), "Turn"),
    _flag("dirty_laundry", N_("Dirty laundry"),
          N_("A 7, an 8 and a 9 in the middle are replaced at once by three new cards from the stock."), "Turn"),
    Option("turn_limit", N_("Turn limit"), N_("Show hands after this many turns each with no knock."),
               ((0, N_("none")), (10, "10"), (15, "15"), (20, "20"), (30, "30")), "Turn"),
    Option("three_of_a_kind", N_("Three of a kind"), N_("The value of three cards of one rank."),
               ((None, N_("not counted")), (30.0, format_value(30.0)), (30.5, format_value(30.5))), "Hands"),
    _flag("triplet_ties_by_rank", N_("Triplets by rank"),
          N_("Equal three of a kind are compared by rank: three kings beat three sevens."), "Hands"),
    Option("three_aces", N_("Three aces"), N_("Three aces as a plain triplet or as 'fire'."),
               ((None, N_("like any triplet")), (31.0, "31"), (32.0, "32"), (33.0, "33")), "Hands"),
    _flag("lone_card_beside_pair", N_("Card beside a pair"),
          N_("On: beside two suited cards, a higher third card counts alone (A♣ 5♦ 4♦ is 11). "
             "Off: only the pair counts (9)."), "Hands"),
    _flag("instant_31", N_("Show 31 at once"), N_("A 31 made on a turn ends the round at once."), "Hands"),
    _flag("last_lap_after_31", N_("One more turn after 31"),
          N_("A 31 made on a turn is shown, and everyone else has one more turn before hands are shown."), "Hands"),
    _flag("instant_31_on_deal", N_("31 on the deal"), N_("A 31 dealt is shown before anyone plays."), "Hands"),
    Option("shown_31_loss", N_("After a 31"), N_("Who loses when a 31 shown at once ends the round."),
               ((ShownLoss.OTHERS, N_("everyone else")), (ShownLoss.LOWEST, N_("the lowest hand"))), "Hands"),
    Option("fire_loss", N_("After fire"), N_("Who loses when three aces shown at once end the round."),
               ((ShownLoss.OTHERS, N_("everyone else")), (ShownLoss.LOWEST, N_("the lowest hand"))), "Hands"),
    _flag("fire_over_31", N_("Fire beats 31"),
          N_("Fire and a 31 dealt together: on, the 31 loses a life too; off, both are safe."), "Hands"),
    Option("knock_timing", N_("Knock"), N_("When a player may knock."),
               ((KnockTiming.INSTEAD_OF_TURN, N_("instead of a turn")),
                (KnockTiming.AFTER_DISCARD, N_("after your discard"))), "Knocking"),
    Option("knock_minimum", N_("Knock minimum"), N_("The smallest hand that may knock."),
               tuple((float(v), N_("none") if v == 0 else str(v)) for v in (0, 17, 19, 21, 23, 25)), "Knocking"),
    _flag("suited_knock", N_("Suited knock"), N_("A knock needs three cards of one suit."), "Knocking"),
    _flag("no_knock_first_lap", N_("No first-lap knock"),
          N_("Nobody may knock before everyone has had a turn this round."), "Knocking"),
    _flag("under_the_gun", N_("Under the gun"), N_("The first player may knock before any draw: all show at once."), "Knocking"),
    _flag("knock_again_passes", N_("Second knock"), N_("After a knock, a further knock counts as a pass."), "Knocking"),
    _flag("second_knock_ends", N_("Two knocks end"),
          N_("After a knock, a second knock ends the round at once; a tie goes against the knockers first."),
          "Knocking"),
    Option("round_loss", N_("Who loses"), N_("At the showdown: the lowest hand, or all but the highest."),
               ((RoundLoss.LOWEST, N_("the lowest hand")), (RoundLoss.ALL_BUT_HIGHEST, N_("all but the highest"))),
               "Knocking"),
    _flag("below_21_loses", N_("Under 21 loses"),
          N_("Every hand under 21 loses a life; of the others the lowest loses one too."), "Knocking"),
    Option("knock_fails", N_("Knock fails when"), N_("When the knocker pays the knocker's penalty."),
               ((KnockFails.LOWEST, N_("lowest hand")),
                (KnockFails.NOT_HIGHEST, N_("not the highest"))), "Knocking"),
    Option("knocker_penalty", N_("Knocker's penalty"), N_("Lives a failed knocker loses."),
               ((1, N_("1 life")), (2, N_("2 lives")), (3, N_("3 lives"))), "Knocking"),
    Option("knocker_tied", N_("Knocker tied lowest"), N_("Who pays when the knocker ties for the lowest hand."),
               ((KnockerTied.PENALTY, N_("penalty, others 1")),
                (KnockerTied.ALL_ONE, N_("all tied lose 1")),
                (KnockerTied.OTHERS, N_("only the others lose")),
                (KnockerTied.KNOCKER_ONE, N_("knocker loses 1, others none (headshaker)"))), "Knocking"),
    Option("knocker_penalty_on_31", N_("Knocker vs 31"), N_("Lives the knocker loses when another shows 31."),
               ((1, N_("1 life (forgiving)")), (2, N_("2 lives")), (3, N_("3 lives"))), "Knocking"),
    Option("max_players", N_("Most players"), N_("The largest table these rules allow (one deck deals to 16)."),
               tuple((n, str(n)) for n in range(2, MAX_SEATS + 1)), "Table"),
    Option("deck", N_("Deck"), N_("Which cards are in play: the full deck, or the short German decks."),
               ((Deck.FIFTY_TWO, N_("52 cards")), (Deck.THIRTY_SIX, N_("36 (6 to ace)")),
                (Deck.THIRTY_TWO, N_("32 (7 to ace)")), (Deck.TWO_THIRTY_TWO, N_("2 × 32 (two packs)"))), "Table"),
    _flag("old_west", N_("Old West"), N_("Everyone has a one-shot derringer; a hit puts the target out of the game."),
          "Old West"),
    _flag("quick_draw", N_("Quick Draw"), N_("Draw at any moment, even out of turn; others may fire back faster."),
          "Old West"),
    Option("misfire_start", N_("Misfire at first"), N_("Each gun's chance to misfire when the game starts."),
               tuple((v, f"{v:.0%}") for v in (0.0, 0.05, 0.1, 0.2)), "Old West"),
    Option("misfire_step", N_("Sweat per turn"), N_("How much the misfire chance rises after each turn that counts."),
               tuple((v, f"{v:.0%}") for v in (0.0, 0.01, 0.02, 0.03, 0.05)), "Old West"),
    Option("misfire_clock", N_("Sweating turns"), N_("Whose turns make a gun likelier to misfire."),
               ((MisfireClock.TABLE, N_("every turn")), (MisfireClock.OWN, N_("only your own turns"))),
               "Old West"),
    Option("misfire_cap", N_("Misfire cap"), N_("The misfire chance never rises above this."),
               tuple((v, f"{v:.0%}") for v in (0.5, 0.75, 0.9, 1.0)), "Old West"),
    _flag("misfire_spends_bullet", N_("Misfire uses bullet"),
          N_("Off: a misfire only clicks and the gun may be tried again later."), "Old West"),
    _flag("shot_ends_turn", N_("Shooting is your turn"), N_("Off: fire at the start of your turn, then play it."),
          "Old West"),
    _flag("shoot_after_knock", N_("Guns after a knock"), N_("May guns still be fired once someone has knocked?"),
          "Old West"),
    Option("holster", N_("Holstered"), N_("When guns may come out at all."),
               ((Holster.NEVER, N_("never: from turn 1")),
                (Holster.FIRST_ORBIT, N_("until everyone has had a turn each round")),
                (Holster.LIFE_LOST, N_("after a lost life"))), "Old West"),
    Option("misfire_cost", N_("Misfire costs"), N_("What a misfire costs the shooter."),
               ((MisfireCost.NOTHING, N_("nothing more")), (MisfireCost.REVEAL, N_("your hand, shown face up")),
                (MisfireCost.LIFE, N_("a life"))), "Old West"),
    _flag("bounty", N_("Bounty"), N_("A shot player's remaining lives go to the shooter."), "Old West"),
    _flag("safe_until_played", N_("Safe until played"), N_("Nobody shoots or is shot before their first turn."), "Old West"),
    Option("draw_speed_ms", N_("Draw speed"), N_("Quick Draw: how long after the draw the drawn gun fires."),
               ((250, N_("250 ms")), (350, N_("350 ms")), (450, N_("450 ms"))), "Old West"),
    Option("answer_window_ms", N_("Answer window"), N_("Quick Draw: how long the others have to fire back."),
               ((500, N_("0.5 s")), (700, N_("0.7 s")), (1000, N_("1 s"))), "Old West"),
)
"""Every option a player can change, in the order a rules editor shows them."""

SOURCE_FIELDS = ("min_players", "advised_max_players", "honor_at_zero", "honor_swims", "kitty")
"""``Rules`` fields a rules editor leaves as the preset has them: a source's advice and
wording (its table-size advice, how it names the extra life, its kitty), not play."""
