"""``thirtyone daily [--date YYYY-MM-DD] [--days N] [--jobs N] [--json]``: the Deal of the day and its par, headless."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from typing import Any

from ..daily import VERSION, DailyDateError, DailyResult, DailySetup, par_of, parse_day, place_text
from ..i18n import _, ngettext, seat_name
from ..bots import LEVELS
from .. import workers
from ..model import PRESETS

MAX_DAYS = 366
"""The most days one command works out (each par is a whole game of the Expert's thinking)."""


def register(subparsers: Any) -> None:
    """Add ``daily`` to the command line."""
    parser = subparsers.add_parser(
        "daily", help=_("the Deal of the day: its rules, seats and seed, and the par of the strongest bot"),
        description=_("Print the Deal of the day and its par (the strongest bot, {name}, playing your seat on the "
                      "same game). "
                      "The same date gives the same output on every machine (derivation {version}).").format(
            name=LEVELS["expert"].name, version=VERSION))
    parser.add_argument("--date", type=_day, default=None, metavar="YYYY-MM-DD",
                        help=_("the day (default today)"))
    parser.add_argument("--days", type=_days, default=1, metavar="N",
                        help=_("this many days from --date on (default 1, at most {most})").format(most=MAX_DAYS))
    parser.add_argument("--jobs", type=_days, default=1, metavar="N",
                        help=_("worker processes for the pars (default 1); the output does not depend on it"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object per day"))
    parser.set_defaults(handler=_daily, subparser=parser)


def _day(text: str) -> dt.date:
    try:
        return parse_day(text)
    except DailyDateError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _days(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None
    if not 1 <= value <= MAX_DAYS:
        raise argparse.ArgumentTypeError(_("{text} must be from 1 to {most}").format(text=text, most=MAX_DAYS))
    return value


def _daily(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    first = args.date or dt.date.today()
    days = [first + dt.timedelta(days=n) for n in range(args.days)]
    texts = [day.isoformat() for day in days]
    if args.jobs > 1 and len(days) > 1:
        with workers.task_pool(min(args.jobs, len(days))) as pool:  # its end terminates the workers
            pars = pool.map(par_of, texts, chunksize=1)
    else:
        pars = [par_of(text) for text in texts]
    for day, par in zip(days, pars):
        setup = DailySetup.for_day(day)
        result = DailyResult.from_dict(par)
        if args.json:
            print(json.dumps({**setup.to_dict(), "par": {**par, "symbols": result.symbols()}}, ensure_ascii=False))
        else:
            print(describe(setup, result))
    return 0


def describe(setup: DailySetup, par: DailyResult) -> str:
    """The day's setup and par as a few lines a person reads."""
    seats = ", ".join(f"{seat_name(seat.name)} ({_('you') if seat.player == 'human' else _(LEVELS[seat.player[4:]].name)})"
                      for seat in setup.seats())
    lives = ngettext("{count} life kept", "{count} lives kept", par.lives_kept).format(count=par.lives_kept)
    rounds = ngettext("{count} round", "{count} rounds", par.rounds).format(count=par.rounds)
    return "\n".join((
        _("Deal of the day {date} (derivation {version})").format(date=setup.day.isoformat(), version=VERSION),
        _("Rules: {rules}").format(rules=_(PRESETS[setup.preset].title)),
        _("Seats: {seats}").format(seats=seats),
        _("Seed: {seed}").format(seed=setup.seed),
        _("Par ({bot} in your seat): {place}, {lives}, {rounds}  {marks}").format(
            bot=_(LEVELS["expert"].name), place=place_text(par.place, par.players), lives=lives, rounds=rounds, marks=par.symbols()),
    ))
