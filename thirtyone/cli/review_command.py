"""``thirtyone review FILE [--seat N] [--json]``: the coach's review of one seat's decisions in a record."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _, ngettext
from .console import emit_json, read_record

if TYPE_CHECKING:
    from ..coach.accuracy import Accuracy


def register(subparsers: Any) -> None:
    """Add ``review`` to the command line."""
    review = subparsers.add_parser("review", help=_("the coach's review of one seat's decisions in a game record"))
    review.add_argument("file", type=Path, help=_("a game record (.json)"))
    review.add_argument("--seat", type=int, default=1, metavar="N", help=_("the seat to review, 1 = first (default 1)"))
    review.add_argument("--json", action="store_true", help=_("print the review as one JSON object"))
    review.set_defaults(handler=_review, subparser=review)


def _review(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..coach import review_record  # the search is only loaded when asked for
    from ..coach.accuracy import accuracy_of

    record = read_record(args.file, parser, "review")
    if record is None:
        return 1
    if not 1 <= args.seat <= len(record.seats):
        parser.error(_("--seat {seat}: this game has seats 1 to {last}").format(seat=args.seat, last=len(record.seats)))
    review = review_record(record, args.seat - 1)
    accuracy = accuracy_of(review)
    if args.json:
        emit_json({**review.to_dict(), **accuracy.to_dict()})
        return 0
    marked = {d.index: rank for rank, d in enumerate(review.costliest, start=1)}
    count = len(review.decisions)
    # The reviewed seat is the one reading, whatever it is called: every line below says "you" to it.
    heading = ngettext("Your review (seat {seat}): {count} decision", "Your review (seat {seat}): {count} decisions",
                       count)
    print(heading.format(seat=args.seat, count=count))
    for decision in review.decisions:
        made, best = decision.move_chance, decision.advice.best
        line = _("{number}  R{round}  {move} ({odds})  · best: {best} ({best_odds})").format(
            number=f"{decision.index + 1:>4}", round=decision.round_number, move=decision.move_label,
            odds=_odds(made), best=best.label, best_odds=_odds(best.keep_chance))
        if decision.index in marked:
            line += "  " + _("◀ costliest #{rank}").format(rank=marked[decision.index])
        print("  " + line)
    if review.costliest:
        print(_("Costliest decisions:"))
        for rank, decision in enumerate(review.costliest, start=1):
            print(f"  {rank}. {decision.sentence()}")
    else:
        print(_("No costly decisions: the coach agreed with every move."))
    print(accuracy_line(accuracy))
    if review.round_lines:
        print(_("Lives by round:"))
        print("\n".join(f"  {line}" for line in review.round_lines))
    return 0


def accuracy_line(accuracy: Accuracy) -> str:
    """``Accuracy: 86% (19 of 22 decisions within 2 points of the best) · lives given away: 0.43``."""
    from ..coach.accuracy import MARGIN
    if accuracy.share is None:
        return _("Accuracy: no decision to score")
    return _("Accuracy: {percent} ({accurate} of {decisions} decisions within {margin} points of the best) · "
             "lives given away: {given:.2f}").format(
        percent=f"{round(accuracy.share * 100)}%", accurate=accuracy.accurate, decisions=accuracy.decisions,
        margin=round(MARGIN * 100), given=accuracy.given_away)


def _odds(chance: float | None) -> str:
    return _("no odds") if chance is None else _("keeps a life {percent}%").format(percent=round(chance * 100))
