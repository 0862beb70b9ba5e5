"""``thirtyone --seat N=module:factory``: seat a plug-in bot in the window, for this run only.

Saves never name plug-ins: the seat is recorded as the bot level the New game
screen gives it, and that level takes over if the plug-in fails (raises, sleeps
past ``bots.plugin.DECISION_TIMEOUT_S``, or returns an illegal action).
"""

from __future__ import annotations

import argparse
import os
import sys

from ..i18n import _
from ..bots import is_plugin, make_bot
from ..model.rule_choices import MAX_SEATS


def add_plugin_seat_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--seat`` (repeatable) to the window's command line."""
    parser.add_argument("--seat", action="append", type=seat_argument, default=[], metavar="N=MODULE:FACTORY",
                        help=_("play seat N (1 = first) of every new game with a plug-in bot, e.g. "
                             "--seat 2=mybots:make_bot (see docs/bots.md); if it fails, the seat's level takes over"))


def seat_argument(text: str) -> tuple[int, str]:
    """``--seat``'s type: ``"2=mybots:make_bot"`` → ``(1, "mybots:make_bot")`` (a seat index and a spec)."""
    number, equals, spec = text.partition("=")
    if not equals or not number.strip().isdigit() or not is_plugin(spec):
        raise argparse.ArgumentTypeError(
            _("{text} is not N=module.path:factory (for example 2=mybots:make_bot)").format(text=repr(text)))
    seat = int(number)
    if not 1 <= seat <= MAX_SEATS:
        raise argparse.ArgumentTypeError(
            _("seat {seat} does not exist: seats are numbered 1 to {last}").format(seat=seat, last=MAX_SEATS))
    return seat - 1, spec.strip()


def check_plugin_seats(args: argparse.Namespace, parser: argparse.ArgumentParser) -> dict[int, str]:
    """The plug-in seats asked for, each loaded once to check it; a bot that cannot load is a usage error."""
    seats = dict(getattr(args, "seat", None) or [])
    if seats and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like ``python -m``: bots in the current folder load
    for spec in seats.values():
        try:
            make_bot(spec)
        except ValueError as error:
            parser.error(str(error))
    return seats
