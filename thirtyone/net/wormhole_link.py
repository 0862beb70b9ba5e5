"""A wormhole tunnel seen from the game: a child process (``net.wormhole_tunnel``) and the events it reports.

Twisted's reactor runs once per process and never again, so each tunnel gets a
process of its own: the program starts itself with the hidden first word
``_wormhole-tunnel`` (``python -m thirtyone`` from the sources, the frozen program
itself in a build, which has no Python to run). The orders go in as one JSON line
on stdin; closing stdin ends the tunnel, so a tunnel never outlives its program.
One reader thread per tunnel turns the child's lines into events; the window's
frame loop only ever takes those already read (``poll``).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from .wormhole_invite import JOIN_WAIT_S, TUNNEL_COMMAND, Relays, failure_text

STOP_WAIT_S = 6.0
"""How long a closed tunnel gets to close its wormhole and end before it is killed."""
START_WAIT_S = 60.0
"""How long the joiner waits for a code's tunnel to be ready beyond the wait for the host's program."""


class WormholeError(Exception):
    """A tunnel that failed; the message is one line for the player."""


def tunnel_command() -> list[str]:
    """The command line that runs a tunnel process: this program again, with the hidden first word."""
    if getattr(sys, "frozen", False):
        return [sys.executable, TUNNEL_COMMAND]
    return [sys.executable, "-m", "thirtyone", TUNNEL_COMMAND]


class WormholeLink:
    """One tunnel process. ``poll()`` the events read so far, or ``wait_for`` one; ``close()`` ends it.

    ``state`` follows the events: ``starting``, ``code`` (the host's code is ready: ``code``),
    ``connected``, ``ready`` (the joiner's local port: ``port``), ``failed`` (``problem`` says why)."""

    def __init__(self, orders: dict[str, Any], relays: Relays) -> None:
        self.state = "starting"
        self.code = str(orders.get("code", ""))
        self.port: int | None = None
        self.table_code = ""
        self.problem = ""
        self._relays = relays
        self._events: queue.Queue[dict[str, Any]] = queue.Queue()
        environment = dict(os.environ)
        if not getattr(sys, "frozen", False):  # the child imports this very package, wherever it is
            root = str(Path(__file__).resolve().parents[2])
            environment["PYTHONPATH"] = os.pathsep.join(filter(None, [root, environment.get("PYTHONPATH")]))
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)  # Windows: no console window for the child
        try:
            self._process: subprocess.Popen[str] | None = subprocess.Popen(
                tunnel_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL if sys.stderr is None else None, text=True, encoding="utf-8",
                env=environment, creationflags=flags)
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps({**orders, "mailbox": relays.mailbox, "transit": relays.transit})
                                      + "\n")
            self._process.stdin.flush()
        except OSError as error:
            self._process = None
            self._fail("no-tunnel", {"error": str(error)})
            self._reader: threading.Thread | None = None
            return
        self._reader = threading.Thread(target=self._read, name="wormhole-link", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """On the reader thread: every line of the child is an event; its end is one too."""
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict):
                self._events.put(event)
        self._events.put({"event": "ended"})

    def poll(self) -> list[dict[str, Any]]:
        """The events that came since the last call (never waits); ``state`` follows them."""
        events: list[dict[str, Any]] = []
        while True:
            try:
                event = self._events.get_nowait()
            except queue.Empty:
                return events
            self._take(event)
            events.append(event)

    def wait_for(self, wanted: str, timeout_s: float) -> None:
        """Wait until the tunnel reaches ``wanted`` (an event name); ``WormholeError`` if it fails first."""
        while self.state != wanted:
            if self.state == "failed":
                raise WormholeError(self.problem)
            try:
                self._take(self._events.get(timeout=timeout_s))
            except queue.Empty:
                self._fail("no-peer", {"code": self.code})
        if self.state == "failed":
            raise WormholeError(self.problem)

    def _take(self, event: dict[str, Any]) -> None:
        kind = str(event.get("event", ""))
        if self.state == "failed":
            return
        if kind == "code":
            self.state, self.code = "code", str(event.get("code", ""))
        elif kind == "connected":
            self.state = "connected"
        elif kind == "ready":
            self.state, self.port, self.table_code = "ready", int(event["port"]), str(event.get("table_code", ""))
        elif kind == "failed":
            details = event.get("details")
            self._fail(str(event.get("reason", "error")), details if isinstance(details, dict) else {})
        elif kind == "ended":
            self._fail("closed", {})

    def _fail(self, reason: str, details: dict[str, Any]) -> None:
        shown = {key: str(value) for key, value in details.items()}
        if reason == "no-mailbox":
            shown.setdefault("mailbox", self._relays.mailbox)
        self.state, self.problem = "failed", failure_text(reason, **shown)

    @property
    def running(self) -> bool:
        """Whether the tunnel process still runs."""
        return self._process is not None and self._process.poll() is None

    def close(self) -> None:
        """End the tunnel: stdin closes, the child closes its wormhole and ends (killed if it does not)."""
        process, self._process = self._process, None
        if process is not None:
            try:
                assert process.stdin is not None
                process.stdin.close()
            except OSError:
                pass
            try:
                process.wait(STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._reader is not None:
            self._reader.join()
            self._reader = None
        if process is not None and process.stdout is not None:
            process.stdout.close()


def host_invite(port: int, table_code: str, relays: Relays) -> WormholeLink:
    """Start inviting one friend to the table on 127.0.0.1:``port``; its ``code`` comes as an event."""
    return WormholeLink({"role": "host", "port": port, "table_code": table_code}, relays)


def join_tunnel(code: str, relays: Relays, wait_s: float = JOIN_WAIT_S) -> WormholeLink:
    """Open the tunnel to the host that gave ``code`` (blocks: call it off the frame loop) and wait until
    its local port is ready: ``ws://127.0.0.1:{link.port}`` with join code ``link.table_code``.
    ``WormholeError`` (the tunnel closed) if the code is wrong, nobody answers or the mailbox is away."""
    link = WormholeLink({"role": "join", "code": code, "wait_s": wait_s}, relays)
    try:
        link.wait_for("ready", wait_s + START_WAIT_S)
    except WormholeError:
        link.close()
        raise
    return link


__all__ = ["STOP_WAIT_S", "WormholeError", "WormholeLink", "host_invite", "join_tunnel", "tunnel_command"]
