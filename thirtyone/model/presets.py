"""Named presets, one per rule source (see ``shared/RULES.md``).

Each is a plain ``Rules`` value; house rules are ``preset(id).replace(...)``.
``old-west-seed`` is the Old West mode of source 003 exactly as written, on that
source's own rules (Scat: five lives, no three of a kind, a knocker without the
highest hand loses a life); ``old-west`` and ``quick-draw`` add this game's gun
options on top (why these: ``docs/old_west.md``). Guns are an option of every
preset: ``old_west=True`` on ``classic`` plays them as house rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _
from .errors import RulesError
from .rule_choices import (Deck, Exchange, Holster, KnockFails, KnockTiming, KnockerTied, MisfireClock, MisfireCost,
                           RoundLoss, ShownLoss, StockOut)
from .rules import Rules

OLD_WEST_PLAYERS = 4
"""Old West is recommended for this many players or more (source 003)."""
OLD_WEST_FEWEST = 3
"""The window seats at least this many for Old West: with two, the first hit ends the game."""
SEED_GUNS = dict(old_west=True, misfire_start=0.0, misfire_step=0.02, misfire_clock=MisfireClock.TABLE,
                 misfire_cap=0.75, misfire_spends_bullet=True, shot_ends_turn=True, shoot_after_knock=True,
                 holster=Holster.NEVER, misfire_cost=MisfireCost.NOTHING, bounty=False)
"""Source 003's Old West as written: one derringer each, misfires 2% likelier after every turn."""
GUN_DEFAULTS = dict(holster=Holster.LIFE_LOST, safe_until_played=True)
"""This game's Old West on top of the seed (measured and argued in ``docs/old_west.md``)."""
QUICK_DRAW = dict(quick_draw=True, draw_speed_ms=350, answer_window_ms=700)
"""Quick Draw on top of Old West: a drawn gun fires after 350 ms; answers count for 700 ms.

The ``quick-draw`` preset also counts only a player's own turns for the misfire chance: with
every turn at the table counting, a person answering a late draw at 300 ms won only about a
quarter of those duels, their own gun misfiring; with only their own turns counting, 41%
(``docs/old_west.md``)."""

_CLASSIC = Rules(max_players=8, lives=3, honor_life=True, exchange=Exchange.DRAW, may_discard_taken=False,
                 three_of_a_kind=30.0, instant_31=True, instant_31_on_deal=True,
                 knocker_penalty=2, knock_fails=KnockFails.LOWEST, knocker_tied=KnockerTied.PENALTY,
                 knocker_penalty_on_31=2, stock_out=StockOut.END_ROUND)

@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set with a one-line summary."""

    id: str
    title: str
    summary: str
    rules: Rules


PRESETS: dict[str, Preset] = {p.id: p for p in (
    Preset(
        "classic", N_("Classic 31"),
        N_("Draw and discard, knock instead of a turn, 31 shown at once, a failed knock costs two, "
           "three lives and one on your honor."),
        _CLASSIC,
    ),
    Preset(
        "london", N_("London board"),
        N_("Swap one card with a face-up board of three, pass or knock; three of a kind is 30½; "
           "a knocker pays like anyone else."),
        Rules(lives=3, exchange=Exchange.BOARD, knock_again_passes=True, three_of_a_kind=30.5,
              instant_31=False, instant_31_on_deal=False, knocker_penalty=1,
              knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1),
    ),
    Preset(
        "kitty", N_("31 for the kitty"),
        N_("Draw and discard, knock after your discard; a knocker with the lowest hand pays two, "
           "a tie goes against the others."),
        Rules(lives=3, kitty=True, exchange=Exchange.DRAW, knock_timing=KnockTiming.AFTER_DISCARD,
              three_of_a_kind=30.0, instant_31=False, instant_31_on_deal=False,
              knocker_penalty=2, knocker_tied=KnockerTied.OTHERS, knocker_penalty_on_31=1,
              stock_out=StockOut.RESHUFFLE),
    ),
    Preset(
        "scat", N_("Scat"),
        N_("Five lives, no three of a kind, 31 ends the round at once, and a knocker without "
           "the highest hand loses a life."),
        Rules(lives=5, exchange=Exchange.DRAW, three_of_a_kind=None, instant_31=True,
              instant_31_on_deal=True, knocker_penalty=1, knock_fails=KnockFails.NOT_HIGHEST,
              knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1, stock_out=StockOut.RESHUFFLE),
    ),
    Preset(
        "open-table", N_("Open table"),
        N_("Draw and discard (even the card just drawn), a card counts only beside its suit, still in "
           "at zero lives, a knocker's tie goes against the others; best with 2 to 6."),
        Rules(advised_max_players=6, lives=3, honor_life=True, honor_at_zero=True, exchange=Exchange.DRAW, may_discard_taken=True,
              three_of_a_kind=30.0, lone_card_beside_pair=False, instant_31=True, instant_31_on_deal=True, knocker_penalty=2,
              knocker_tied=KnockerTied.OTHERS, knocker_penalty_on_31=1, stock_out=StockOut.RESHUFFLE),
    ),
    Preset(
        "commerce", N_("Commerce"),
        N_("Swap one card or all three with the board; three aces are fire (33); a round where "
           "everyone passes brings a new board."),
        Rules(lives=3, honor_life=True, exchange=Exchange.COMMERCE, three_of_a_kind=30.5,
              three_aces=33.0, instant_31=True, instant_31_on_deal=True, knocker_penalty=1,
              knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1, board_refresh=True),
    ),
)}


SCHWIMMEN = Rules(
    deck=Deck.THIRTY_TWO, max_players=9, advised_max_players=8, lives=3, honor_life=True, honor_swims=True,
    exchange=Exchange.COMMERCE, dealer_choice=True, board_refresh=True, refresh_short=StockOut.END_ROUND,
    three_of_a_kind=30.5, three_aces=32.0, instant_31=True, instant_31_on_deal=True,
    shown_31_loss=ShownLoss.LOWEST, fire_loss=ShownLoss.OTHERS,
    knocker_penalty=1, knocker_tied=KnockerTied.KNOCKER_ONE, knocker_penalty_on_31=1)
"""pagat's German standard Schwimmen, point by point with its sources in ``docs/rules.md``."""

PRESETS["schwimmen"] = Preset(
    "schwimmen", N_("Schwimmen"),
    N_("The German table: 32 cards; swap one or all three, pass or knock; a new middle when all pass; "
       "31 and fire end the round at once; then you swim."),
    SCHWIMMEN)


DUTCH = Rules(
    deck=Deck.THIRTY_TWO, max_players=4, lives=3, exchange=Exchange.BOARD, three_of_a_kind=30.5,
    lone_card_beside_pair=False, instant_31=True, instant_31_on_deal=True, round_loss=RoundLoss.ALL_BUT_HIGHEST,
    knocker_penalty=1, knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1, dirty_laundry=True)
"""Eenendertigen as played in the Netherlands (trend.nl), point by point in ``docs/rules.md``."""

PRESETS["dutch"] = Preset(
    "dutch", N_("Dutch 31"),
    N_("The Dutch table: 32 cards, up to four players; swap one card with the pot, pass or knock; 31 ends the "
       "round; a 7, an 8 and a 9 in the pot are dirty laundry and replaced; all but the best hand lose a life."),
    DUTCH)


def _gun_presets(seed_rules: Rules) -> tuple[Preset, ...]:
    """Old West on source 003's own rules: as written, with this game's defaults, and Quick Draw."""
    seed = seed_rules.replace(**SEED_GUNS)
    ours = seed.replace(**GUN_DEFAULTS)
    return (
        Preset("old-west-seed", N_("Old West (as written)"),
               N_("Scat with a one-shot derringer each, exactly as the source has it: fire on your turn instead of "
                  "playing and the target is out; guns are out from the first turn and 2% likelier to misfire "
                  "after every turn."), seed),
        Preset("old-west", N_("Old West"),
               N_("Scat with a one-shot derringer each, drawn only once you have lost a life: fire instead of "
                  "playing and the target is out. Every turn makes guns likelier to misfire. Best with four or more."),
               ours),
        Preset("quick-draw", N_("Quick Draw"),
               N_("Old West where anyone who has lost a life may draw at any moment, and every loaded player may "
                  "fire back within 0.7 s: the faster shot lands first. Only your own turns make your gun sweat."),
               ours.replace(**QUICK_DRAW, misfire_clock=MisfireClock.OWN)),
    )


PRESETS.update((p.id, p) for p in _gun_presets(PRESETS["scat"].rules))


def preset(preset_id: str) -> Rules:
    """The rules of a named preset; an unknown name raises ``RulesError``."""
    try:
        return PRESETS[preset_id].rules
    except KeyError:
        raise RulesError(_("unknown preset {name!r}; choose one of {known}").format(
            name=preset_id, known=", ".join(PRESETS))) from None


def too_few_players(rules: Rules, players: int) -> str | None:
    """Why the window will not start these rules with ``players`` seats, or ``None``."""
    if rules.old_west and players < OLD_WEST_FEWEST:
        return _("Old West needs at least {fewest} players: with {players}, the first hit "
                 "would end the game at once.").format(fewest=OLD_WEST_FEWEST, players=players)
    return None


def recommendation(rules: Rules, players: int) -> str | None:
    """A note for the new-game screen when these rules suit the table poorly, else ``None``."""
    if rules.old_west and players < OLD_WEST_PLAYERS:
        return _("Old West is recommended for {fewest} or more players: with {players}, "
                 "a single shot can settle the whole game.").format(fewest=OLD_WEST_PLAYERS, players=players)
    if rules.advised_max_players and players > rules.advised_max_players:
        return _("These rules are meant for {fewest} to {most} players: with {players}, rounds are long "
                 "and the lowest hand is hard to escape.").format(fewest=rules.min_players,
                                                                  most=rules.advised_max_players, players=players)
    return None
