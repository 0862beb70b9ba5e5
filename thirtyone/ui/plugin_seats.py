"""Plug-in bots at the window's table: seated from ``--seat``, replaced by their seat's level when they fail.

The record (and so every save) names only the seat's level, ``bot:<level>``; the
plug-in itself lives only in the match's bots for this run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .. import bots
from ..i18n import _
from ..bots import Bot, PluginBot, make_bot
from ..bots.plugin import is_plugin
from ..model.record import Seat

if TYPE_CHECKING:
    from ..storage import Settings


def bots_with_plugins(seats: Sequence[Seat], plugin_seats: dict[int, str] | None) -> dict[int, Bot] | None:
    """Bots for a new match's seats, plug-ins in the bot seats ``plugin_seats`` names; ``None`` without plug-ins.

    A plug-in for a human seat or a seat the game does not have is left out: that seat keeps its
    player. Each plug-in loads in its own process on the bot runner's thread at its first
    decision, so a new game never waits for it; one that no longer loads fails like any other.
    """
    wanted = {index: spec for index, spec in (plugin_seats or {}).items()
              if index < len(seats) and seats[index].player.startswith("bot:")}
    if not wanted:
        return None
    chosen: dict[int, Bot] = {index: make_bot(seat.player[4:]) for index, seat in enumerate(seats)
                              if seat.player.startswith("bot:")}
    for index, spec in wanted.items():
        chosen[index] = PluginBot(spec)
    return chosen


def default_seat_notices(settings: Settings) -> list[str]:
    """One line per plug-in the settings' default seats name: New game seats a built-in level there
    instead (saves and settings never start a plug-in), and says which and how to seat the plug-in."""
    from .game_setup import GameSetup
    chosen = GameSetup.from_settings(settings).seats
    notices = []
    for index, seat in enumerate(settings.default_seats):
        spec = seat.player.removeprefix("bot:")
        if seat.player.startswith("bot:") and is_plugin(spec) and index < len(chosen):
            level = bots.LEVELS.get(chosen[index].player)
            notices.append(_("Default seat {number} ({name}) names the plug-in bot {spec}; New game seats only "
                             "built-in levels, so {level} plays there. To seat the plug-in, start with "
                             "--seat {number}={spec}.").format(
                number=index + 1, name=seat.name, spec=spec, level=_(level.name) if level else _("a casual bot")))
    return notices
