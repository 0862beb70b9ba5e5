"""Subcommands that need only the rules engine: ``score``, ``rules``, ``replay``, ``position``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..i18n import _, ngettext, seat_name
from ..model import Card, CardError, Rules, RulesError, count_hand, format_value, parse_cards, to_line
from ..model.describe import rules_text
from ..model.events import (Eliminated, Fired, GunDrawn, Hit, LifeLost, Misfired, RoundEnded, RoundStarted,
                             Showed31, Won)
from ..model.presets import PRESETS
from ..model.rule_choices import Deck, deck_seats
from ..model.reasons import lone_human
from .console import emit, emit_json, read_record

def register(subparsers: Any) -> None:
    """Add ``score``, ``rules``, ``replay`` and ``position`` to the command line."""
    score = subparsers.add_parser("score", help=_("value of a three-card hand, e.g. 'score QS 7S 5S'"),
                                  usage="%(prog)s [-h] [--preset PRESET] CARD CARD CARD")
    # Any number is taken, so a wrong count is refused in words rather than as a missing CARD.
    score.add_argument("cards", nargs="*", metavar="CARD", help=_("three card codes like AS, TH or 10H, Q♣"))
    score.add_argument("--preset", default="classic", choices=sorted(PRESETS), help=_("rules to count by"))
    score.add_argument("--deck", choices=[deck.value for deck in Deck],
                       help=_("the deck the hand is from (default: the preset's)"))
    score.set_defaults(handler=_score, subparser=score)

    rules = subparsers.add_parser("rules", help=_("list the presets, or print one preset's rules"))
    rules.add_argument("preset", nargs="?", metavar="ID", help=_("a preset id (see --list)"))
    rules.add_argument("--list", action="store_true", help=_("list the presets"))
    rules.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="house_rules",
                       help=_("a house rule on top of the preset, e.g. second_knock_ends=true (repeatable)"))
    rules.set_defaults(handler=_rules, subparser=rules)

    replay = subparsers.add_parser("replay", help=_("print a saved game round by round"))
    replay.add_argument("file", type=Path, help=_("a game record (.json)"))
    replay.add_argument("--json", action="store_true", help=_("print the rounds as one JSON object"))
    replay.set_defaults(handler=_replay, subparser=replay)

    position = subparsers.add_parser(
        "position", help=_("print the table where a saved game stops, as one line (docs/notation.md)"))
    position.add_argument("file", type=Path, help=_("a game record (.json)"))
    position.set_defaults(handler=_position, subparser=position)


def _score(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if len(args.cards) != 3:
        parser.error(ngettext("score needs three cards, for example QS 7S 5S; {count} was given",
                              "score needs three cards, for example QS 7S 5S; {count} were given",
                              len(args.cards)).format(count=len(args.cards)))
    rules = PRESETS[args.preset].rules
    try:
        if args.deck is not None:
            deck = Deck(args.deck)  # a hand's value does not depend on the table size: fit it to the deck
            rules = rules.replace(deck=deck, max_players=min(rules.max_players, deck_seats(rules.exchange, deck)))
        cards = parse_cards(args.cards)
        rules.check_in_deck(cards)
    except (CardError, RulesError) as error:
        parser.error(str(error))
    counted = count_hand(cards, rules)
    emit(f"{format_value(counted.value)}  {counted.explanation}")
    return 0


def _rules(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.house_rules and (args.list or args.preset is None):
        parser.error(_("--set needs a preset id to change"))
    if args.list and args.preset is not None:
        parser.error(_("--list takes no preset id, not {preset!r}").format(preset=args.preset))
    if args.list or args.preset is None:
        width = max(len(p) for p in PRESETS)
        emit("\n".join(f"{preset.id:<{width}}  {_(preset.title)}: {_(preset.summary)}" for preset in PRESETS.values()))
        return 0
    if args.preset not in PRESETS:
        parser.error(_("unknown preset {preset!r}; choose one of {presets}").format(
            preset=args.preset, presets=", ".join(PRESETS)))
    preset = PRESETS[args.preset]
    title = f"{_(preset.title)} ({preset.id})"
    rules = preset.rules
    if args.house_rules:
        rules = _house_rules(preset.rules, args.house_rules, parser)
        title = _("{title}, with {rules}").format(title=title, rules=", ".join(args.house_rules))
    emit(rules_text(rules, title).rstrip("\n"))
    return 0


def _house_rules(base: Rules, settings: list[str], parser: argparse.ArgumentParser) -> Rules:
    """``base`` with ``--set NAME=VALUE`` options (values as JSON: true, 5, 30.5, "32"; else the text)."""
    changes: dict[str, Any] = {}
    for setting in settings:
        name, equals, text = setting.partition("=")
        if not equals or not name.strip():
            parser.error(_("--set takes NAME=VALUE, not {setting!r}").format(setting=setting))
        try:
            changes[name.strip()] = json.loads(text)
        except ValueError:
            changes[name.strip()] = text
    try:
        return Rules.from_dict(changes, base=base)
    except RulesError as error:
        parser.error(str(error))


def _replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    record = read_record(args.file, parser, "replay")
    if record is None:
        return 1
    names = [seat.name for seat in record.seats]
    you = lone_human(record.human_seats())  # the one who played it reads it back; nobody by name
    rounds: list[dict[str, Any]] = []
    lines: list[str] = []
    winner: str | None = None
    fired: Fired | None = None
    for before, _action, _after, events in record.replay():
        for event in events:
            if isinstance(event, RoundStarted):
                lines.append(_("Round {number}: {dealer_deals}, {first_plays} first.").format(
                    number=event.round_number, dealer_deals=_clause(names, event.dealer, you, "deals"),
                    first_plays=_clause(names, event.first_player, you, "plays")))
            elif isinstance(event, Showed31):
                lines.append("  " + ", ".join(_("{name_shows} {hand}").format(name_shows=_clause(names, s, you, "shows"), hand=_hand(h))
                                            for s, h in zip(event.seats, event.hands)))
            elif isinstance(event, RoundEnded):
                result = event.result
                reasons = [reason for reason in result.reasons_for(you) if reason]
                rounds.append({
                    "scores": {names[s]: v for s, v in enumerate(result.scores) if v is not None},
                    "lives_lost": {names[s]: n for s, n in enumerate(result.lives_lost) if result.scores[s] is not None},
                    "reasons": reasons,
                })
                for seat, hand in enumerate(result.hands):
                    if hand:
                        lines.append(f"  {seat_name(names[seat]):<12} {_hand(hand)}  "
                                     f"{format_value(result.scores[seat] or 0)}")
                lines.extend(f"  {reason}" for reason in reasons)
            elif isinstance(event, LifeLost):
                pass
            elif isinstance(event, (GunDrawn, Fired, Hit, Misfired)):
                line = _shot_line(event, names, you, before.tokens, fired)
                if isinstance(event, Fired):
                    fired = event
                if line:
                    lines.append("  " + line)
            elif isinstance(event, Eliminated):
                lines.append("  " + (_("You are out.") if event.seat == you
                                     else _("{name} is out.").format(name=names[event.seat])))
            elif isinstance(event, Won):
                winner = names[event.seat]
                lines.append(_("You win the game.") if event.seat == you
                             else _("{name} wins the game.").format(name=winner))
    if args.json:
        emit_json({"rounds": rounds, "winner": winner})
    else:
        emit("\n".join(lines) if lines else _("The record has no rounds yet."))
        if winner is None and lines:
            emit(_("(The record stops before the game is over.)"))
    return 0


def _position(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    record = read_record(args.file, parser, "position")
    if record is None:
        return 1
    emit(to_line(record.final_state()))
    return 0


def _shot_line(event: GunDrawn | Fired | Hit | Misfired, names: list[str], you: int | None,
               lives: tuple[int, ...], fired: Fired | None) -> str:
    """A gunshot in the replay: who drew on whom; who fired at whom with their lives, and whether it hit."""
    if isinstance(event, GunDrawn):
        if event.shooter == you:
            return _("You draw on {target}.").format(target=names[event.target])
        if event.target == you:
            return _("{name} draws on you.").format(name=names[event.shooter])
        return _("{name} draws on {target}.").format(name=names[event.shooter], target=names[event.target])
    if isinstance(event, Fired) or fired is None:
        return ""  # said with its outcome, on the Hit or Misfired that follows
    if isinstance(event, Hit):
        outcome = _("hit")
    elif event.bullet_spent:
        outcome = _("misfire, the cartridge is spent")
    else:
        outcome = _("misfire, the cartridge stays in")

    def who(seat: int) -> str:
        return ngettext("{count} life", "{count} lives", lives[seat]).format(count=lives[seat])

    shooter, target = fired.shooter, fired.target
    fields = dict(name=names[shooter], lives=who(shooter), target=names[target], target_lives=who(target),
                  when=_(" {ms} ms after the draw").format(ms=fired.after_ms) if fired.after_ms else "",
                  percent=f"{fired.misfire_chance * 100:.0f}", outcome=outcome)
    if shooter == you:
        text = _("You ({lives}) fire at {target} ({target_lives}){when} ({percent}% misfire chance): {outcome}.")
    elif target == you:
        text = _("{name} ({lives}) fires at you ({target_lives}){when} ({percent}% misfire chance): {outcome}.")
    else:
        text = _("{name} ({lives}) fires at {target} ({target_lives}){when} ({percent}% misfire chance): {outcome}.")
    return text.format(**fields)


def _clause(names: list[str], seat: int, you: int | None, verb: str) -> str:
    """``Ada deals`` or ``You deal`` (``seat`` is ``you``): a whole clause, so each language puts the name where it goes."""
    clauses = {
        "deals": (_("You deal"), _("{name} deals")),
        "plays": (_("You play"), _("{name} plays")),
        "shows": (_("You show"), _("{name} shows")),
    }[verb]
    return clauses[0] if seat == you else clauses[1].format(name=names[seat])


def _hand(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)
