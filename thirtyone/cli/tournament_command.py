"""``thirtyone tournament``: pit bots against each other headless and print the figures."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from typing import Any, Callable

from ..i18n import N_, _
from ..bots import DEFAULT_BUDGET_MS, make_bot
from ..bots.expert import BUDGET_MS_RANGE
from ..bots.plugin import DECISION_TIMEOUT_S, TIMEOUT_RANGE_S, BotFailure
from ..model.presets import PRESETS
from ..model.rules import player_counts
from ..tournament import TournamentPlan, summarise
from ..tournament.tally import tally_tournament
from ..tournament.progress import ProgressBar
from ..tournament.runner import MAX_GAMES
from ..tournament.stats import as_json, format_table


def register(subparsers: Any) -> None:
    """Add ``tournament`` to the command line."""
    parser = subparsers.add_parser(
        "tournament", help=_("play many bot games (duplicate deals, rotating seats) and print win rates"),
        description=_("Play headless games between bots. Every deal is replayed once per rotation of the "
                    "seats so luck cancels out; --games is rounded up to whole rotations."))
    parser.add_argument("--preset", default="classic", choices=sorted(PRESETS), help=_("rules to play (default classic)"))
    parser.add_argument("--seats", default="expert,sharp,sharp,sharp",
                        help=_("comma-separated bots in seat order: level ids (random, beginner, casual, sharp, "
                             "expert) or module.path:factory"))
    parser.add_argument("--games", type=_game_count, default=200,
                        help=_("games to play (default 200, at most {most})").format(most=f"{MAX_GAMES:,}"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deals (default 1)"))
    parser.add_argument("--jobs", type=_positive_int, default=1,
                        help=_("worker processes (default 1); results do not depend on it"))
    parser.add_argument("--budget-ms", type=_budget_ms, default=None,
                        help=_("the Expert's thinking per decision in milliseconds of this machine "
                               "({low} to {high}, default {default}); it sets a fixed number of play-outs, so "
                               "results never depend on the machine").format(
                            low=f"{BUDGET_MS_RANGE[0]:g}", high=f"{BUDGET_MS_RANGE[1]:g}", default=f"{DEFAULT_BUDGET_MS:g}"))
    parser.add_argument("--bot-timeout-s", type=_timeout_s, default=DECISION_TIMEOUT_S,
                        help=_("seconds a plug-in bot may take to load or to make one decision (default {default}); "
                               "a slower, raising or illegal plug-in stops the tournament with a message and exit "
                               "status 1").format(default=f"{DECISION_TIMEOUT_S:g}"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))
    parser.set_defaults(handler=_tournament, subparser=parser)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{text} must be at least 1").format(text=text))
    return value


def _game_count(text: str) -> int:
    value = _positive_int(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(
            _("{text} games is more than one tournament plays (at most {most})").format(text=text, most=f"{MAX_GAMES:,}"))
    return value


def _number_between(low: float, high: float, unit: str) -> Callable[[str], float]:
    """An argparse type for a number from ``low`` to ``high`` (refusing inf and nan too)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text} is not a number").format(text=repr(text))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{text} must be between {low} and {high} {unit}").format(
                text=text, low=f"{low:g}", high=f"{high:g}", unit=_(unit)))
        return value
    return parse


_timeout_s = _number_between(*TIMEOUT_RANGE_S, N_("seconds"))
_budget_ms = _number_between(*BUDGET_MS_RANGE, N_("milliseconds"))


def seat_entries(parser: argparse.ArgumentParser, seats: str, preset_id: str,
                 timeout_s: float | None = None) -> tuple[str, ...]:
    """The bots of a ``--seats`` list, each loaded once to check it; exits 2 with usage if the
    count does not suit the preset or a bot cannot be made."""
    entries = tuple(spec.strip() for spec in seats.split(",") if spec.strip())
    rules = PRESETS[preset_id].rules
    if any(":" in spec for spec in entries) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like ``python -m``: bots in the current folder load
    allowed = player_counts(rules)
    if len(entries) not in allowed:
        parser.error(_("--seats lists {count} bots; {preset} is for {low} to {high} players").format(
            count=len(entries), preset=preset_id, low=allowed.start, high=allowed.stop - 1))
    for spec in entries:
        try:
            make_bot(spec, timeout_s=timeout_s)
        except ValueError as error:
            parser.error(str(error))
    return entries


def _tournament(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    entries = seat_entries(parser, args.seats, args.preset, args.bot_timeout_s)
    rules = PRESETS[args.preset].rules
    plan = TournamentPlan(rules.to_dict(), entries, args.games, args.seed, args.budget_ms, args.bot_timeout_s)
    bar = ProgressBar(plan.total_games)
    try:
        tally = tally_tournament(plan, jobs=min(args.jobs, os.cpu_count() or 1, plan.total_games), on_game=bar.update)
    except BotFailure as failure:
        bar.close()
        print(_("thirtyone tournament: {failure}").format(failure=failure), file=sys.stderr)
        return 1
    bar.close()
    per_entry, per_type = summarise(tally, entries)
    command = "thirtyone " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["tournament"] else None
    if args.json:
        print(json.dumps({
            "preset": args.preset, "seats": list(entries), "games": plan.total_games, "deals": plan.deals,
            "seed": args.seed, "budget_ms": args.budget_ms, "jobs": args.jobs,
            "entries": as_json(per_entry), "types": as_json(per_type),
        }, indent=2))
        return 0
    if command:
        print(command)
    print(_("{preset}: {games} games ({deals} deals x {rotations} rotations), seed {seed}").format(
        preset=args.preset, games=plan.total_games, deals=plan.deals, rotations=len(entries), seed=args.seed))
    print(format_table(per_entry))
    if len(per_type) < len(per_entry):
        print()
        print(format_table(per_type, heading="bot"))
    return 0
