"""Inviting over the internet with a magic-wormhole code: the relays used, the code's form, what a tunnel says.

A host invites one friend per code ("7-guitar-ocean"); the code meets the
friend's program at a *mailbox* server and the two build an encrypted tunnel,
directly or through a *transit relay* (``net.wormhole_tunnel``). The table's own
protocol then runs unchanged through the tunnel. Nothing here imports Twisted:
the tunnel runs in a child process (``net.wormhole_link``).

The relays are magic-wormhole's public ones unless a command-line flag, the
environment (``THIRTYONE_WORMHOLE_MAILBOX``, ``THIRTYONE_WORMHOLE_TRANSIT``) or the
settings (``wormhole_mailbox``, ``wormhole_transit``) name others; ``relays()`` is
the one place that decides.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _

PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
"""magic-wormhole's public mailbox server (``wormhole.cli.public_relay.MAILBOX_RELAY``; a test checks they agree)."""
PUBLIC_TRANSIT = "tcp:transit.magic-wormhole.io:4001"
"""magic-wormhole's public transit relay (``wormhole.cli.public_relay.TRANSIT_RELAY``)."""
MAILBOX_ENV = "THIRTYONE_WORMHOLE_MAILBOX"
TRANSIT_ENV = "THIRTYONE_WORMHOLE_TRANSIT"
APP_ID = "thirtyone.game/table/v1"
"""The wormhole application id: codes of other programs on the same mailbox never meet ours."""
SUBPROTOCOL = "thirtyone-table"
"""The name of the dilated subchannels that carry the table's websocket connections."""
TUNNEL_COMMAND = "_wormhole-tunnel"
"""The hidden first word of the command line that runs a tunnel process (``net.wormhole_tunnel``)."""
JOIN_WAIT_S = 90.0
"""How long a joiner waits for the host's program to answer its code (an unknown code is never answered)."""

_CODE = re.compile(r"^[0-9]{1,4}(-[a-z]{2,12}){1,8}$")

REASONS = {
    "wrong-code": N_("The wormhole code did not match: check it with your host (each code works once)."),
    "spent": N_("Someone tried a wrong wormhole code, so this invitation is closed: make a new one."),
    "no-mailbox": N_("The wormhole mailbox server {mailbox} cannot be reached: is this computer online?"),
    "no-peer": N_("Nobody answered the wormhole code {code}: check it with your host (each code works once)."),
    "closed": N_("The wormhole tunnel closed."),
    "no-tunnel": N_("The wormhole tunnel could not be started: {error}"),
    "error": N_("The wormhole tunnel failed: {error}"),
}
"""What a tunnel's failure (its ``reason`` key) says to the player."""


@dataclass(frozen=True)
class Relays:
    """Where codes meet (the mailbox, a ``ws://`` URL) and the fallback route of the traffic (the transit
    relay, a Twisted endpoint hint like ``tcp:host:port``)."""

    mailbox: str = PUBLIC_MAILBOX
    transit: str = PUBLIC_TRANSIT


def relays(mailbox: str | None = None, transit: str | None = None, saved: Any = None) -> Relays:
    """The relays to use: a given value (a command-line flag) first, then the environment, then the ``saved``
    settings (``wormhole_mailbox``, ``wormhole_transit``), then the public ones."""
    return Relays(mailbox or os.environ.get(MAILBOX_ENV, "").strip() or getattr(saved, "wormhole_mailbox", "")
                  or PUBLIC_MAILBOX,
                  transit or os.environ.get(TRANSIT_ENV, "").strip() or getattr(saved, "wormhole_transit", "")
                  or PUBLIC_TRANSIT)


def normal_wormhole_code(text: str) -> str | None:
    """``text`` as a wormhole code (``7-guitar-ocean``; read leniently: case, spaces), or ``None`` if it is none."""
    code = "-".join(text.strip().lower().replace("-", " ").split())
    return code if _CODE.match(code) else None


def invite_line(code: str) -> str:
    """The command a friend runs to join with ``code`` (also what the host copies to send)."""
    return f"thirtyone join --wormhole {code}"


def failure_text(reason: str, **details: str) -> str:
    """One line, in the player's language, for a tunnel's failure ``reason`` (see ``REASONS``)."""
    template = REASONS.get(reason, REASONS["error"])
    values = {"mailbox": "", "code": "", "error": reason, **details}
    return _(template).format(**values)


__all__ = ["APP_ID", "JOIN_WAIT_S", "MAILBOX_ENV", "PUBLIC_MAILBOX", "PUBLIC_TRANSIT", "REASONS", "Relays",
           "SUBPROTOCOL", "TRANSIT_ENV", "TUNNEL_COMMAND", "failure_text", "invite_line", "normal_wormhole_code", "relays"]
