"""A local magic-wormhole mailbox server and transit relay on 127.0.0.1, as child processes, for the tunnel tests.

Both are Twisted plug-ins of their packages (``twist wormhole-mailbox``, ``twist transitrelay``;
see twisted/plugins/magic_wormhole_*.py), run here as ``python -m twisted``.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from thirtyone.net.wormhole_invite import Relays

START_WAIT_S = 60.0
"""How long a server gets to start listening (Twisted's imports are slow on a busy machine)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_listening(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server ended at once: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.1)
    raise RuntimeError(f"the server did not listen on {port}")


@contextlib.contextmanager
def local_relays(folder: Path) -> Iterator[Relays]:
    """A mailbox server and a transit relay on free loopback ports, stopped afterwards."""
    mailbox_port, transit_port = free_port(), free_port()
    commands = [
        ["wormhole-mailbox", f"--port=tcp:{mailbox_port}:interface=127.0.0.1",
         f"--channel-db={folder / 'mailbox.sqlite'}"],
        ["transitrelay", f"--port=tcp:{transit_port}:interface=127.0.0.1"],
    ]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for command, port in zip(commands, (mailbox_port, transit_port)):
            log = folder / f"{command[0]}.log"
            with log.open("wb") as out:
                process = subprocess.Popen([sys.executable, "-m", "twisted", *command], stdout=out,
                                           stderr=subprocess.STDOUT, cwd=folder)
            processes.append(process)
            _wait_listening(process, port, log)
        yield Relays(f"ws://127.0.0.1:{mailbox_port}/v1", f"tcp:127.0.0.1:{transit_port}")
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def relays(tmp_path: Path) -> Iterator[Relays]:
    """The local mailbox and transit relay of one test."""
    with local_relays(tmp_path) as found:
        yield found
