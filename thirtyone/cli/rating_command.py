"""``thirtyone rating [--json]``: your rating on the bots' ladder, its last changes, and the ladder itself."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..i18n import _
from .console import emit_json

RECENT = 10
"""Games whose changes are listed."""


def register(subparsers: Any) -> None:
    """Add ``rating`` to the command line."""
    parser = subparsers.add_parser(
        "rating", help=_("your rating against the bots, its last changes, and the bots' ladder"),
        description=_("Your Elo rating, moved by every finished game you played alone against bots of the "
                      "built-in levels; the bots' ratings are measured (docs/bots.md)."))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    parser.set_defaults(handler=_rating, subparser=parser)


def _rating(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..bots import LEVELS
    from ..rating import LADDER
    from ..storage.paths import StoragePaths
    from ..storage.rating_log import load_rating, signed

    paths = StoragePaths.portable(args.data_dir) if args.data_dir else StoragePaths.default()
    log, notice = load_rating(paths)
    if notice:  # the damaged file is set aside; the rating starts again
        print(_("thirtyone rating: {notice}").format(notice=notice), file=sys.stderr)
    recent = log.games[-RECENT:]
    if args.json:
        emit_json({"rating": round(log.rating, 2), "games": len(log.games),
                   "recent": [g.to_dict() for g in recent], "ladder": dict(LADDER)})
        return 0
    if log.games:
        print(_("Your rating: {rating} ({change} last game, {count} rated games)").format(
            rating=round(log.rating), change=signed(log.games[-1].change), count=len(log.games)))
        print(_("Last games: {changes}").format(changes=" ".join(signed(g.change) for g in recent)))
    else:
        print(_("Your rating: {rating} (no game against bots yet)").format(
            rating=round(log.rating)))
    print(_("The bots' ladder:"))
    for level, rated in sorted(LADDER.items(), key=lambda item: -item[1]):
        print(f"  {round(rated):>5}  {_(LEVELS[level].name)} ({level})")
    return 0
