"""``thirtyone serve`` (host a table headless) and ``thirtyone join`` (play a seat at one, with a bot).

``serve`` prints one line with the address and the join code, plays the game
(remote seats from other machines, bot seats here), archives the finished
game's record and exits 0; Ctrl+C or SIGTERM is the host quitting: everyone is
told, the game stays in the autosave, and the same command opens it again.
``join --bot`` plays one seat with a bot running on this machine and exits 0
at the game's end with the final standings. Bad arguments exit 2 with usage.
"""

from __future__ import annotations

import argparse
import os
import signal
import ssl
import sys
from pathlib import Path
from typing import Any

from ..bots import LEVELS, is_plugin, make_bot
from ..i18n import _, ngettext
from ..model.presets import PRESETS
from ..model.rules import player_counts
from ..storage.cli_options import data_dir_argument
from ..storage.paths import StoragePaths
from .console import emit
from .wormhole_commands import (add_join_arguments, add_serve_arguments, close_invites, join_through_wormhole,
                                open_invites)


def register(subparsers: Any) -> None:
    """Add ``serve`` and ``join`` to the command line."""
    serve = subparsers.add_parser(
        "serve", help=_("host a table others join over the network (no window)"),
        description=_("Open a table on the network and play one game: remote seats are played from other machines "
                      "(thirtyone join), the others by bots here. Prints the address and the join code; "
                      "Ctrl+C ends the game for everyone, and running the same command again resumes it."))
    serve.add_argument("--preset", default="classic", choices=sorted(PRESETS), help=_("rules to play (default classic)"))
    serve.add_argument("--seats", default="remote,remote,sharp,sharp", type=_seat_words,
                       help=_("comma-separated seats in order: remote (a player joins) or a bot level "
                              "({levels}); default remote,remote,sharp,sharp").format(levels=", ".join(LEVELS)))
    serve.add_argument("--port", type=_port, default=8765, help=_("TCP port (default 8765; 0 lets the system choose)"))
    serve.add_argument("--host", default="0.0.0.0", metavar="ADDR",
                       help=_("address to listen on (default 0.0.0.0, every interface)"))
    serve.add_argument("--code", type=_code, help=_("the join code (default: a new random one), e.g. KX4-TRM"))
    serve.add_argument("--data-dir", dest="serve_data_dir", type=data_dir_argument, metavar="DIR",
                       help=_("keep the autosave and the finished game's record under DIR"))
    serve.add_argument("--certfile", type=Path, metavar="FILE", help=_("TLS certificate (PEM): serve wss://"))
    serve.add_argument("--keyfile", type=Path, metavar="FILE", help=_("TLS private key (PEM) for --certfile"))
    serve.add_argument("--seed", type=int, help=_("seed of the deals (default: random)"))
    serve.add_argument("--stand-in", default="sharp", choices=sorted(LEVELS),
                       help=_("the bot that plays a dropped player's seat until they return (default sharp)"))
    serve.add_argument("--wait-s", type=_seconds, default=10.0,
                       help=_("seconds a dropped player's seat waits before the stand-in plays it (default 10)"))
    serve.add_argument("--start-after", type=_seconds, metavar="S",
                       help=_("start S seconds after opening even if remote seats are still free: "
                              "bots of the stand-in level take them (default: wait for every player)"))
    serve.add_argument("--no-advertise", action="store_true",
                       help=_("do not announce the table on the local network (mDNS)"))
    add_serve_arguments(serve)
    serve.set_defaults(handler=_serve, subparser=serve)

    join = subparsers.add_parser(
        "join", help=_("join a hosted table and play a seat with a bot (no window)"),
        description=_("Join a table opened with thirtyone serve (or by a host's window). With --bot, a bot running "
                      "on this machine plays the seat to the end and the final standings are printed."))
    join.add_argument("url", type=_url, nargs="?", help=_("the table's address, e.g. ws://192.168.1.5:8765"))
    join.add_argument("--code", type=_code, help=_("the join code the host gave you"))
    join.add_argument("--name", default="", help=_("your name at the table"))
    join.add_argument("--bot", metavar="LEVEL|MODULE:FACTORY",
                      help=_("play the seat with this bot: a level ({levels}) or a plug-in module.path:factory").format(
                          levels=", ".join(LEVELS)))
    join.add_argument("--cafile", type=Path, metavar="FILE",
                      help=_("trust this certificate (PEM) for a wss:// table with its own certificate"))
    add_join_arguments(join)
    join.set_defaults(handler=_join, subparser=join)


# -- argument types -------------------------------------------------------------------------------------------

def _seat_words(text: str) -> list[str]:
    words = [word.strip().lower() for word in text.split(",")]
    for word in words:
        if word != "remote" and word not in LEVELS:
            raise argparse.ArgumentTypeError(_("{word!r} is not a seat: use remote or a bot level ({levels})").format(
                word=word, levels=", ".join(LEVELS)))
    if "remote" not in words:
        raise argparse.ArgumentTypeError(_("at least one seat must be remote, or nobody can join"))
    return words


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(_("{text!r} is not a port from 0 to 65535").format(text=text))
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a number").format(text=text)) from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(_("{text} must be between 0 and 3600 seconds").format(text=text))
    return value


def _code(text: str) -> str:
    from ..net.protocol import CODE_ALPHABET, is_code, normal_code
    code = normal_code(text)
    if not is_code(code):
        raise argparse.ArgumentTypeError(_("{text!r} is not a join code: six of {letters}, like KX4-TRM").format(
            text=text[:40], letters=CODE_ALPHABET))
    return code


def _url(text: str) -> str:
    from ..net.protocol import address_problem
    problem = address_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


# -- serve ----------------------------------------------------------------------------------------------------

def _serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..model.presets import preset
    from ..net.host import HOST_QUIT, TableHost, TablePlan
    from ..net.hosted_save import finish_hosted, load_hosted, save_hosted
    from ..net.protocol import new_code

    rules = preset(args.preset)
    if len(args.seats) not in player_counts(rules):
        counts = player_counts(rules)
        parser.error(_("{preset} is played by {low} to {high} seats, not {count}").format(
            preset=args.preset, low=counts.start, high=counts.stop - 1, count=len(args.seats)))
    context = _server_tls(args, parser)
    if args.wormhole and context is not None:
        parser.error(_("--wormhole tunnels are encrypted already: leave out --certfile and --keyfile"))
    folder = args.serve_data_dir or args.data_dir
    paths = StoragePaths.portable(folder) if folder else StoragePaths.default()
    resumed, notes, notice = load_hosted(paths)
    if notice:
        print(notice, file=sys.stderr)
    code: str = notes["code"] if resumed is not None else (args.code or new_code())
    grace = float(notes.get("grace_s", args.wait_s)) if resumed is not None else args.wait_s
    stand_in = notes.get("stand_in", args.stand_in) if resumed is not None else args.stand_in
    if stand_in not in LEVELS:
        stand_in = args.stand_in
    plan = TablePlan(rules=resumed.rules if resumed else rules, kinds=args.seats,
                     preset=resumed.preset if resumed else args.preset, seed=args.seed, stand_in=stand_in, grace_s=grace,
                     start_after_s=args.start_after)

    def save(record: Any, tokens: list[str | None]) -> None:
        save_hosted(paths, record, code, tokens, grace, stand_in)

    host = TableHost(plan, code, host=args.host, port=args.port, ssl_context=context, resume=resumed, save=save)
    try:
        host.start()
    except OSError as error:
        print(_("thirtyone serve: cannot open the table on {host}:{port}: {error}").format(
            host=args.host, port=args.port, error=error), file=sys.stderr)
        return 1
    advertiser = _advertise(args, host.port, context is not None, len(host.seating.waiting_for))
    if resumed is not None:
        print(_("Resuming the hosted game saved in {path}: its players rejoin with the same code.").format(
            path=paths.data_dir), file=sys.stderr)
    emit(_("Table open at {url} with join code {code}").format(url=_shown_url(args.host, host.port, context), code=code))
    sys.stdout.flush()
    invites = open_invites(args, host)
    stopped = _wait_for_end(host)
    if advertiser is not None:
        advertiser.close()
    if stopped:
        host.stop(HOST_QUIT)  # English on the wire: each joiner shows it in its own language
        close_invites(invites)
        if host.record is None:
            print(_("The table is closed before the game began."), file=sys.stderr)
        else:
            print(_("The table is closed. The game is kept in {path}; run the same command to open it again.").format(
                path=paths.data_dir), file=sys.stderr)
        return 1
    host.stop()
    close_invites(invites)
    record = host.record
    if record is None or not record.final_state().is_terminal:  # the host's thread failed (its log says why)
        print(_("thirtyone serve: the table stopped before the game ended; the game is kept in {path}.").format(
            path=paths.data_dir), file=sys.stderr)
        return 1
    archived, problem = finish_hosted(paths, record)
    for line in _standings_lines(host):
        emit(line)
    if archived is not None:
        emit(_("Record: {path}").format(path=archived))
    if problem:
        print(problem, file=sys.stderr)
    return 0


def _wait_for_end(host: Any) -> bool:
    """Wait for the game's end; ``True`` if Ctrl+C or SIGTERM stopped the host first."""
    stop = {"asked": False}

    def on_signal(_number: int, _frame: Any) -> None:
        stop["asked"] = True

    previous = signal.signal(signal.SIGTERM, on_signal)
    try:
        while not host.wait(0.2):
            if stop["asked"]:
                return True
    except KeyboardInterrupt:
        return True
    finally:
        signal.signal(signal.SIGTERM, previous)
    return bool(host.quit_by_host)


def _server_tls(args: argparse.Namespace, parser: argparse.ArgumentParser) -> ssl.SSLContext | None:
    if (args.certfile is None) != (args.keyfile is None):
        parser.error(_("--certfile and --keyfile go together"))
    if args.certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(args.certfile, args.keyfile)
    except (OSError, ssl.SSLError) as error:
        parser.error(_("cannot use the certificate {cert} with the key {key}: {error}").format(
            cert=args.certfile, key=args.keyfile, error=getattr(error, "strerror", None) or error))
    return context


def _advertise(args: argparse.Namespace, port: int, tls: bool, free_seats: int) -> Any:
    if args.no_advertise:
        return None
    try:
        from ..net.discovery import Advertiser
        return Advertiser(_("thirtyone table {port}").format(port=port), port, args.host, tls, free_seats)
    except Exception as error:  # noqa: BLE001 - no multicast here (or mDNS refuses): typing the address still works
        print(_("The table is not announced on the local network ({error}); give friends the address.").format(
            error=error), file=sys.stderr)
        return None


def _shown_url(bind: str, port: int, context: ssl.SSLContext | None) -> str:
    if bind in ("", "0.0.0.0", "::"):
        from ..net.discovery import join_addresses
        return join_addresses(port, context is not None)[0]
    scheme = "wss" if context is not None else "ws"
    return f"{scheme}://{bind}:{port}"


def _standings_lines(host: Any) -> list[str]:
    from ..net.messages import standings
    return [standing_line(row) for row in standings(host.match)]


def standing_line(row: dict[str, Any]) -> str:
    """One line of the final standings: place, name and lives left."""
    lives = int(row.get("lives", 0))
    return ngettext("{place}. {name}: {lives} life", "{place}. {name}: {lives} lives", lives).format(
        place=row.get("place"), name=row.get("name"), lives=lives)


# -- join -----------------------------------------------------------------------------------------------------

def _join(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..net.client import JoinError

    if args.wormhole:
        return join_through_wormhole(args, parser, _join)
    if not args.url or not args.code:
        parser.error(_("give the table's address and --code, or --wormhole CODE"))
    context = _client_tls(args, parser)
    paths = StoragePaths.portable(args.data_dir) if args.data_dir else StoragePaths.default()
    if not args.bot:
        return _join_window(args, context, paths)
    if args.bot not in LEVELS and not is_plugin(args.bot):
        parser.error(_("{bot!r} is not a bot: use a level ({levels}) or module.path:factory").format(
            bot=args.bot, levels=", ".join(LEVELS)))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like ``python -m``: plug-in bots in the current folder load
    try:
        bot = make_bot(args.bot)
    except ValueError as error:
        parser.error(str(error))
    try:
        end = _play_seat(args, bot, context, paths)
    except (JoinError, ssl.SSLError, OSError) as error:
        print(_("thirtyone join: {error}").format(error=error), file=sys.stderr)
        return 1
    if end.get("reason") != "game-over":
        message = str(end.get("message") or "") or _("the table closed")
        print(_("thirtyone join: {message}").format(message=_(message)), file=sys.stderr)
        return 1
    for row in end.get("standings", []):
        emit(standing_line(row))
    return 0


def _client_tls(args: argparse.Namespace, parser: argparse.ArgumentParser) -> ssl.SSLContext | None:
    if not args.url.startswith("wss:"):
        return None
    try:
        context = ssl.create_default_context(cafile=str(args.cafile) if args.cafile else None)
    except (OSError, ssl.SSLError) as error:  # a --cafile that is missing, unreadable or no certificate
        parser.error(_("cannot trust the certificate {file}: {error}").format(
            file=args.cafile, error=getattr(error, "strerror", None) or error))
    if args.cafile:
        context.check_hostname = False  # a self-made certificate names no host: trusting the file is the check
    return context


def _take_seat(args: argparse.Namespace, context: ssl.SSLContext | None, paths: StoragePaths) -> Any:
    """A connected client in the seat kept for this table and name (if any, else a free one); its token kept."""
    from ..net.seat_tokens import take_seat

    client, notices = take_seat(paths, args.url, args.code, args.name, context)
    for notice in notices:
        print(notice, file=sys.stderr)
    assert client.seat is not None  # a player's welcome names the seat
    emit(_("Joined {url} in seat {seat}.").format(url=args.url, seat=client.seat + 1))
    return client


def _play_seat(args: argparse.Namespace, bot: Any, context: ssl.SSLContext | None, paths: StoragePaths) -> Any:
    """Join, let ``bot`` play the seat to the end, forget the token of a finished game."""
    from ..net.client import BotPlayer
    from ..net.seat_tokens import settle

    client = _take_seat(args, context, paths)
    try:
        end = BotPlayer(client, bot).play()
    finally:
        client.close()
    settle(paths, args.url, args.code, args.name, end)
    return end


def _join_window(args: argparse.Namespace, context: ssl.SSLContext | None, paths: StoragePaths) -> int:
    """Join and play the seat in the game window (the table waits for the game to start here first)."""
    from ..net.client import JoinError
    from ..net.seat_tokens import settle
    try:
        from ..net.session import NetworkSession
        from ..ui.remote_table import run_remote_table
    except ImportError as error:  # pygame-ce missing or broken: --bot still works
        print(_("thirtyone: cannot open the game window ({error}); reinstall with 'pip install -e .', "
                "or use the headless commands (thirtyone --help).").format(error=error), file=sys.stderr)
        return 1
    try:
        client = _take_seat(args, context, paths)
        emit(_("Waiting for the game to start…"))
        session = NetworkSession(client)
    except (JoinError, ssl.SSLError, OSError) as error:
        print(_("thirtyone join: {error}").format(error=error), file=sys.stderr)
        return 1
    status = run_remote_table(args, session, client.welcome.get("preset"))
    settle(paths, args.url, args.code, args.name, session.end)
    return status
