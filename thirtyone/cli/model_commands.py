"""Subcommands that need only the rules engine: ``score``, ``rules``, ``replay``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..model import Card, CardError, RecordError, count_hand, format_value, parse_cards
from ..model.describe import rules_text
from ..model.events import Eliminated, LifeLost, RoundEnded, RoundStarted, Showed31, Won
from ..model.presets import PRESETS
from ..model.record import GameRecord


def register(subparsers: Any) -> None:
    """Add ``score``, ``rules`` and ``replay`` to the command line."""
    score = subparsers.add_parser("score", help="value of a three-card hand, e.g. 'score QS 7S 5S'")
    score.add_argument("cards", nargs=3, metavar="CARD", help="card codes like AS, TH or 10H, Q♣")
    score.add_argument("--preset", default="classic", choices=sorted(PRESETS), help="rules to count by")
    score.set_defaults(handler=_score, subparser=score)

    rules = subparsers.add_parser("rules", help="list the presets, or print one preset's rules")
    rules.add_argument("preset", nargs="?", metavar="ID", help="a preset id (see --list)")
    rules.add_argument("--list", action="store_true", help="list the presets")
    rules.set_defaults(handler=_rules, subparser=rules)

    replay = subparsers.add_parser("replay", help="print a saved game round by round")
    replay.add_argument("file", type=Path, help="a game record (.json)")
    replay.add_argument("--json", action="store_true", help="print the rounds as one JSON object")
    replay.set_defaults(handler=_replay, subparser=replay)


def _score(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        cards = parse_cards(args.cards)
    except CardError as error:
        parser.error(str(error))
    counted = count_hand(cards, PRESETS[args.preset].rules)
    print(f"{format_value(counted.value)}  {counted.explanation}")
    return 0


def _rules(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.list or args.preset is None:
        width = max(len(p) for p in PRESETS)
        for preset in PRESETS.values():
            print(f"{preset.id:<{width}}  {preset.title}: {preset.summary}")
        return 0
    if args.preset not in PRESETS:
        parser.error(f"unknown preset {args.preset!r}; choose one of {', '.join(PRESETS)}")
    preset = PRESETS[args.preset]
    print(rules_text(preset.rules, f"{preset.title} ({preset.id})"), end="")
    return 0


def _replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        record = GameRecord.from_file(args.file)
    except RecordError as error:
        print(f"thirtyone replay: {args.file}: {error}", file=sys.stderr)
        return 1
    names = [seat.name for seat in record.seats]
    rounds: list[dict[str, Any]] = []
    lines: list[str] = []
    winner: str | None = None
    for _before, _action, _after, events in record.replay():
        for event in events:
            if isinstance(event, RoundStarted):
                lines.append(f"Round {event.round_number}: {names[event.dealer]} deals, "
                             f"{names[event.first_player]} plays first.")
            elif isinstance(event, Showed31):
                lines.append("  " + ", ".join(f"{names[s]} shows {_hand(h)}" for s, h in zip(event.seats, event.hands)))
            elif isinstance(event, RoundEnded):
                result = event.result
                rounds.append({
                    "scores": {names[s]: v for s, v in enumerate(result.scores) if v is not None},
                    "lives_lost": {names[s]: n for s, n in enumerate(result.lives_lost) if result.scores[s] is not None},
                    "reasons": [r for r in result.reasons if r],
                })
                for seat, hand in enumerate(result.hands):
                    if hand:
                        lines.append(f"  {names[seat]:<12} {_hand(hand)}  {format_value(result.scores[seat] or 0)}")
                lines.extend(f"  {reason}" for reason in result.reasons if reason)
            elif isinstance(event, LifeLost):
                pass
            elif isinstance(event, Eliminated):
                lines.append(f"  {names[event.seat]} is out.")
            elif isinstance(event, Won):
                winner = names[event.seat]
                lines.append(f"{winner} wins the game.")
    if args.json:
        print(json.dumps({"rounds": rounds, "winner": winner}, ensure_ascii=False, indent=2))
    else:
        print("\n".join(lines) if lines else "The record has no rounds yet.")
        if winner is None and lines:
            print("(The record stops before the game is over.)")
    return 0


def _hand(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)
