"""When every human at the table is out: watch the bots finish, skip to the result, or start anew.

The table keeps playing the bots' turns; these choices only change the pace. Watching
lets round-end panels continue by themselves (``RoundEndScene(watching=True)``); skipping plays the rest with no
animation, no thinking time and no panels, straight to the game-over screen.
"""

from __future__ import annotations

from ...i18n import _
from ..keys import OUT, TABLE, keys_of
from .reader import TableIntent


def out_hint(local: bool = True) -> str:
    """The line under the table once the player is out: the keys of the out seat's choices. At a table kept
    by a network host the game goes on at the host's pace, and leaving it is the pause menu's."""
    if not local:
        return _("You are out: the others play on at the host's table · {pause} to leave").format(
            **keys_of(TABLE, "pause"))
    return _("You are out. {watch} watch the bots play on · {skip} skip to the result · {new} new game").format(
        **keys_of(OUT, "watch", "skip", "new"))


def humans_all_out(humans: tuple[int, ...], tokens: tuple[int, ...], over: bool) -> bool:
    """Whether the game goes on without any of ``humans`` still in it (and at least one human sat down)."""
    if not humans or over:
        return False
    return all(tokens[seat] == 0 for seat in humans)


class Spectator:
    """The pace chosen by a player who is out: ``watching`` (default once out) or ``skipping``."""

    def __init__(self) -> None:
        self.out = False
        self.skipping = False

    def update(self, humans: tuple[int, ...], tokens: tuple[int, ...], over: bool) -> bool:
        """Refresh from the seats played here and everyone's lives; whether those players are out
        (it stays so to the game's end)."""
        self.out = self.out or humans_all_out(humans, tokens, over)
        return self.out

    def take(self, intent: TableIntent, local: bool = True) -> str:
        """'watch', 'skip', 'new' or '' for an intent while out (a key of ``keys.OUT``); none at a network
        host's table, whose pace and next game are the host's."""
        if not self.out or intent.place != OUT or not local:
            return ""
        self.skipping = {"watch": False, "skip": True}.get(intent.command, self.skipping)
        return intent.command
