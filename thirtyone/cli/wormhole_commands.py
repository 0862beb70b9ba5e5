"""The wormhole parts of ``thirtyone serve`` and ``thirtyone join``: invite friends over the internet by code.

``serve --wormhole`` prints one magic-wormhole code per remote seat and keeps a
tunnel open for each (``net.wormhole_link``); ``join --wormhole CODE`` opens the
friend's end of one and joins through it as if the table were on this machine.
``--mailbox`` and ``--transit-relay`` name other relays than magic-wormhole's public
ones (``net.wormhole_invite.relays``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from ..i18n import _
from .console import emit


def add_relay_arguments(parser: argparse.ArgumentParser) -> None:
    """``--mailbox`` and ``--transit-relay``: where wormhole codes meet and the traffic's fallback route."""
    from ..net.wormhole_invite import MAILBOX_ENV, TRANSIT_ENV
    parser.add_argument("--mailbox", metavar="URL",
                        help=_("magic-wormhole mailbox server (default: ${env} or the public one)").format(
                            env=MAILBOX_ENV))
    parser.add_argument("--transit-relay", metavar="HINT",
                        help=_("magic-wormhole transit relay, e.g. tcp:relay.example:4001 (default: ${env} or "
                               "the public one)").format(env=TRANSIT_ENV))


def add_join_arguments(parser: argparse.ArgumentParser) -> None:
    """``join --wormhole CODE`` and the relays."""
    parser.add_argument("--wormhole", metavar="CODE", type=_wormhole_code,
                        help=_("join over the internet with the wormhole code the host gave you, e.g. 7-guitar-ocean "
                               "(no address or join code needed)"))
    add_relay_arguments(parser)


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """``serve --wormhole`` and the relays."""
    parser.add_argument("--wormhole", action="store_true",
                        help=_("also invite over the internet: print one wormhole code per remote seat"))
    add_relay_arguments(parser)


def _wormhole_code(text: str) -> str:
    from ..net.wormhole_invite import normal_wormhole_code
    code = normal_wormhole_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(_("{text!r} is not a wormhole code: a number and words, like "
                                           "7-guitar-ocean").format(text=text[:40]))
    return code


def join_through_wormhole(args: argparse.Namespace, parser: argparse.ArgumentParser,
                          join: Callable[[argparse.Namespace, argparse.ArgumentParser], int]) -> int:
    """Open the tunnel for ``args.wormhole``, run ``join`` through it, close it; exit 1 with one line if it fails."""
    from ..net.wormhole_invite import relays
    from ..net.wormhole_link import WormholeError, join_tunnel
    if args.url or args.code:
        parser.error(_("--wormhole replaces the address and --code: give only the wormhole code"))
    emit(_("Opening the wormhole {code}…").format(code=args.wormhole))
    try:
        link = join_tunnel(args.wormhole, relays(args.mailbox, args.transit_relay, _saved(args)))
    except WormholeError as error:
        print(_("thirtyone join: {error}").format(error=error), file=sys.stderr)
        return 1
    try:
        emit(_("Connected to the host through the wormhole."))
        args.url, args.code, args.wormhole = f"ws://127.0.0.1:{link.port}", link.table_code, None
        return join(args, parser)
    finally:
        link.close()


def open_invites(args: argparse.Namespace, host: Any) -> list[Any]:
    """With ``--wormhole``: one tunnel per free remote seat, its code printed (an empty list otherwise)."""
    if not getattr(args, "wormhole", False):
        return []
    from ..net.wormhole_invite import invite_line, relays
    from ..net.wormhole_link import WormholeError, host_invite
    found = relays(args.mailbox, args.transit_relay, _saved(args))
    links = []
    for number in range(1, len(host.seating.waiting_for) + 1):
        link = host_invite(host.port, host.code, found)
        links.append(link)
        try:
            link.wait_for("code", 60.0)
        except WormholeError as error:
            print(_("thirtyone serve: {error}").format(error=error), file=sys.stderr)
            break
        emit(_("Invitation {number} over the internet: {line}").format(number=number, line=invite_line(link.code)))
    sys.stdout.flush()
    return links


def _saved(args: argparse.Namespace) -> Any:
    """The settings of the profile in use (their relays), or ``None`` if there are none to read."""
    from ..storage.paths import StoragePaths
    from ..storage.settings import load_settings
    try:
        folder = getattr(args, "serve_data_dir", None) or args.data_dir
        return load_settings(StoragePaths.portable(folder) if folder else StoragePaths.default())[0]
    except OSError:
        return None


def close_invites(links: list[Any]) -> None:
    """Close the tunnels of ``open_invites``."""
    for link in links:
        link.close()


__all__ = ["add_join_arguments", "add_relay_arguments", "add_serve_arguments", "close_invites",
           "join_through_wormhole", "open_invites"]
