"""The ``thirtyone`` command: the game window, plus headless subcommands.

``thirtyone`` alone opens the window; ``score``, ``rules``, ``replay``, ``position`` and ``tournament`` work
without one. Bad arguments exit with status 2 and a usage message.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from .. import __version__
from ..workers import Terminated, ending_on_sigterm
from ..i18n import AUTO, LANGUAGES, N_, _, ngettext, set_language
from ..storage.cli_options import add_storage_arguments
from . import daily_command, model_commands, net_commands, rating_command, review_command, tournament_command
from .console import use_console_encoding
from .plugin_seats import add_plugin_seat_arguments, check_plugin_seats

COMMANDS = (model_commands, tournament_command, review_command, daily_command, rating_command, net_commands)
"""Modules that each add subcommands with ``register(subparsers)``."""

# argparse words its own parts ("usage:", "options", its errors) through gettext's global domain,
# which follows only the environment; routed through ours they follow --language and the setting too.
argparse._ = _  # type: ignore[attr-defined]
argparse.ngettext = ngettext  # type: ignore[attr-defined]
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("not allowed with argument %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""The argparse messages a player may read, so the catalogue holds them."""


def speech_argument(text: str) -> str:
    """``--speech``'s type: ``system``, ``off`` or ``log:FILE`` with a folder that can be written to."""
    import os
    from pathlib import Path
    if text in ("system", "off"):
        return text
    if not text.startswith("log:") or not text[4:].strip():
        raise argparse.ArgumentTypeError(_("use system, off or log:FILE, not {text!r}").format(text=text))
    path = Path(text[4:]).expanduser().absolute()
    if path.is_dir():
        raise argparse.ArgumentTypeError(_("{path} is a folder, not a file").format(path=path))
    if not path.parent.is_dir() or not os.access(path.parent, os.W_OK):
        raise argparse.ArgumentTypeError(_("cannot write a file in {folder}").format(folder=path.parent))
    return text


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the whole command line."""
    parser = argparse.ArgumentParser(
        prog="thirtyone",
        description=_("The card game 31 (Thirty-One, Scat, Blitz). Without a command, opens the game window."),
    )
    parser.add_argument("--version", action="version", version=f"thirtyone {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--demo", action="store_true", help=_("open the window with bots in every seat, playing on"))
    parser.add_argument("--seed", type=int, metavar="N", help=_("seed for the window's games (for replays)"))
    parser.add_argument("--self-test", action="store_true",
                        help=_("check this copy of the game headless (assets, a bots' game, the window) and exit"))
    parser.add_argument("--language", choices=(AUTO, *LANGUAGES), metavar="CODE",
                        help=_("the language this time: auto (the system's) or one of {codes} "
                             "(the saved setting is unchanged)").format(codes=", ".join(LANGUAGES)))
    parser.add_argument("--speech", type=speech_argument, metavar="HOW",
                        help=_("speak the game this time: system (the system's voice or screen reader), off, or "
                             "log:FILE (every line with its time, written to FILE, for tests and braille readers)"))
    add_storage_arguments(parser)
    add_plugin_seat_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    from ..net.wormhole_invite import TUNNEL_COMMAND
    if list(sys.argv[1:] if argv is None else argv)[:1] == [TUNNEL_COMMAND]:  # a child of this program
        from ..net.wormhole_tunnel import main as run_tunnel
        return run_tunnel()
    use_console_encoding()  # a cp1252 console writes suits as letters instead of raising
    set_language(_early_language(argv))  # --help is written before the arguments are read
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if args.self_test:
        from ..ui.selftest import run_self_test
        return run_self_test()
    if handler is None:
        return _open_window(args, parser)
    set_language(args.language or _saved_language(args))
    try:
        with ending_on_sigterm():  # the pools' owners end them on the way out
            return int(handler(args, getattr(args, "subparser", parser)) or 0)
    except Terminated as stopped:
        print(_("thirtyone: stopped by SIGTERM; the worker processes were ended"), file=sys.stderr)
        return int(stopped.code or 1)
    except BrokenPipeError:
        # The reader went away (``thirtyone review F | head``): what it wanted was written. Python would
        # otherwise report the pipe again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _early_language(argv: Sequence[str] | None) -> str:
    """The language for the parser's own words: ``--language`` if given (and valid), else the saved setting."""
    words = list(sys.argv[1:] if argv is None else argv)
    found: dict[str, str | None] = {"language": None, "data_dir": None}
    for i, word in enumerate(words):  # read by hand: a mistake here is reported by the real parser, once
        for option in found:
            flag = "--" + option.replace("_", "-")
            if word == flag and i + 1 < len(words):
                found[option] = words[i + 1]
            elif word.startswith(flag + "="):
                found[option] = word.split("=", 1)[1]
    if found["language"] in (AUTO, *LANGUAGES):
        return str(found["language"])
    return _saved_language(argparse.Namespace(data_dir=found["data_dir"]))


def _saved_language(args: argparse.Namespace) -> str:
    """The Language setting of the profile in use, for the headless commands."""
    from ..storage.paths import StoragePaths
    from ..storage.settings import saved_language
    try:
        paths = StoragePaths.portable(args.data_dir) if args.data_dir else StoragePaths.default()
        return saved_language(paths)
    except OSError:  # no readable profile: the system's language
        return AUTO


def _open_window(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    args.plugin_seats = check_plugin_seats(args, parser)
    try:
        from ..ui import launch
    except ImportError as error:  # pygame-ce missing or broken: the headless commands still work
        print(_("thirtyone: cannot open the game window ({error}); reinstall with 'pip install -e .', "
                "or use the headless commands (thirtyone --help).").format(error=error), file=sys.stderr)
        return 1
    return int(launch.run(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
