"""Named presets, one per rule source (see ``shared/RULES.md``).

Each is a plain ``Rules`` value; house rules are ``preset(id).replace(...)``.
``old-west`` and ``quick-draw`` are the Old West mode of source 003 on classic play.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .rules import Exchange, KnockerTied, KnockFails, KnockTiming, MisfireClock, Rules, StockOut

OLD_WEST_PLAYERS = 4
"""Old West is recommended for this many players or more (source 003)."""

_CLASSIC = Rules(max_players=8, lives=3, honor_life=True, exchange=Exchange.DRAW, may_discard_taken=False,
                 three_of_a_kind=30.0, instant_31=True, instant_31_on_deal=True,
                 knocker_penalty=2, knock_fails=KnockFails.LOWEST, knocker_tied=KnockerTied.PENALTY,
                 knocker_penalty_on_31=2, stock_out=StockOut.END_ROUND)
_OLD_WEST = _CLASSIC.replace(old_west=True, misfire_start=0.0, misfire_step=0.02, misfire_clock=MisfireClock.TABLE,
                             misfire_cap=0.75, misfire_spends_bullet=True, shot_ends_turn=True,
                             shoot_after_knock=True)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set with a one-line summary."""

    id: str
    title: str
    summary: str
    rules: Rules


PRESETS: dict[str, Preset] = {p.id: p for p in (
    Preset(
        "classic", "Classic 31",
        "Draw and discard, knock instead of a turn, 31 shown at once, a failed knock costs two, "
        "three lives and one on your honor.",
        _CLASSIC,
    ),
    Preset(
        "london", "London board",
        "Swap one card with a face-up board of three, pass or knock; three of a kind is 30.5; "
        "a knocker pays like anyone else.",
        Rules(lives=3, exchange=Exchange.BOARD, knock_again_passes=True, three_of_a_kind=30.5,
              instant_31=False, instant_31_on_deal=False, knocker_penalty=1,
              knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1),
    ),
    Preset(
        "kitty", "31 for the kitty",
        "Draw and discard, knock after your discard; a knocker with the lowest hand pays two, "
        "a tie goes against the others.",
        Rules(lives=3, kitty=True, exchange=Exchange.DRAW, knock_timing=KnockTiming.AFTER_DISCARD,
              three_of_a_kind=30.0, instant_31=False, instant_31_on_deal=False,
              knocker_penalty=2, knocker_tied=KnockerTied.OTHERS, knocker_penalty_on_31=1,
              stock_out=StockOut.RESHUFFLE),
    ),
    Preset(
        "scat", "Scat",
        "Five lives, no three of a kind, 31 ends the round at once, and a knocker without "
        "the highest hand loses a life.",
        Rules(lives=5, exchange=Exchange.DRAW, three_of_a_kind=None, instant_31=True,
              instant_31_on_deal=True, knocker_penalty=1, knock_fails=KnockFails.NOT_HIGHEST,
              knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1, stock_out=StockOut.RESHUFFLE),
    ),
    Preset(
        "open-table", "Open table",
        "Draw and discard (even the card just drawn), a card counts only beside its suit, still in "
        "at zero lives, a knocker's tie goes against the others; best with 2 to 6.",
        Rules(advised_max_players=6, lives=3, honor_life=True, honor_at_zero=True, exchange=Exchange.DRAW, may_discard_taken=True,
              three_of_a_kind=30.0, lone_card_beside_pair=False, instant_31=True, instant_31_on_deal=True, knocker_penalty=2,
              knocker_tied=KnockerTied.OTHERS, knocker_penalty_on_31=1, stock_out=StockOut.RESHUFFLE),
    ),
    Preset(
        "commerce", "Commerce",
        "Swap one card or all three with the board; three aces are fire (33); a round where "
        "everyone passes brings a new board.",
        Rules(lives=3, honor_life=True, exchange=Exchange.COMMERCE, three_of_a_kind=30.5,
              three_aces=33.0, instant_31=True, instant_31_on_deal=True, knocker_penalty=1,
              knocker_tied=KnockerTied.ALL_ONE, knocker_penalty_on_31=1, board_refresh=True),
    ),
    Preset(
        "old-west", "Old West",
        "Classic 31 with a one-shot derringer each: fire on your turn instead of playing and the target is "
        "out; every turn at the table makes guns 2% likelier to misfire. Best with four or more.",
        _OLD_WEST,
    ),
    Preset(
        "quick-draw", "Quick Draw",
        "Old West where anyone may draw at any moment, even out of turn, and the others may fire back "
        "within a fraction of a second: the faster shot lands first.",
        _OLD_WEST.replace(quick_draw=True, draw_speed_ms=350, answer_window_ms=700),
    ),
)}


def preset(preset_id: str) -> Rules:
    """The rules of a named preset; an unknown name raises ``RulesError``."""
    try:
        return PRESETS[preset_id].rules
    except KeyError:
        raise RulesError(f"unknown preset {preset_id!r}; choose one of {', '.join(PRESETS)}") from None


def recommendation(rules: Rules, players: int) -> str | None:
    """A note for the new-game screen when these rules suit the table poorly, else ``None``."""
    if rules.old_west and players < OLD_WEST_PLAYERS:
        return (f"Old West is recommended for {OLD_WEST_PLAYERS} or more players: with {players}, "
                "a single shot can settle the whole game.")
    if rules.advised_max_players and players > rules.advised_max_players:
        return (f"These rules are meant for {rules.min_players} to {rules.advised_max_players} players: "
                f"with {players}, rounds are long and the lowest hand is hard to escape.")
    return None
