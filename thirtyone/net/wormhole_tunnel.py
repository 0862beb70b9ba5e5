"""The wormhole tunnel itself: a child process running Twisted's reactor for one invitation.

``python -m thirtyone _wormhole-tunnel`` (or the frozen program with that first
word) runs ``main``: it reads one JSON line of orders from stdin, writes one JSON
line per event to stdout and ends when stdin closes (its parent is done, or gone).

* The host's side (``role: host``) allocates a code on the mailbox, waits for the
  friend, tells the friend's side the table's join code inside the encrypted
  wormhole, dilates it, and connects every subchannel the friend opens to the
  table's websocket port on 127.0.0.1.
* The joiner's side (``role: join``) claims the code, learns the join code,
  dilates, and listens on a free 127.0.0.1 port: each connection there (the
  ordinary ``TableClient``) becomes a subchannel to the host.

Dilation keeps the tunnel up across dropped connections and address changes; the
bytes are the table's own websocket frames, unchanged. Events: ``code``,
``connected``, ``ready`` (joiner: ``port`` and ``table_code``) and ``failed``
(a ``reason`` key of ``wormhole_invite.REASONS``).
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import IO, Any

from twisted.internet import defer, endpoints, protocol
from twisted.internet.interfaces import IReactorCore
from twisted.python.failure import Failure

from .wormhole_invite import APP_ID, SUBPROTOCOL

WELCOME_WAIT_S = 20.0
"""How long the mailbox server gets to answer before it counts as unreachable."""
CLOSE_WAIT_S = 3.0


class Pipe(protocol.Protocol):
    """One end of a forwarded stream: what arrives goes to its partner, kept until the partner is connected."""

    def __init__(self) -> None:
        self.partner: Pipe | None = None
        self.pending: list[bytes] = []
        self.gone = False

    def write(self, data: bytes) -> None:
        """Send ``data`` out of this end."""
        out: Any = self.transport
        out.write(data)

    def hang_up(self) -> None:
        """Close this end (its partner's closed)."""
        out: Any = self.transport
        if out is not None:
            out.loseConnection()

    def dataReceived(self, data: bytes) -> None:
        if self.partner is not None:
            self.partner.write(data)
        else:
            self.pending.append(data)

    def connectionLost(self, reason: Failure = protocol.connectionDone) -> None:
        self.gone = True
        if self.partner is not None:
            self.partner.hang_up()

    def join(self, partner: Pipe) -> None:
        """Pair with ``partner`` (just connected): both flush what they kept."""
        self.partner, partner.partner = partner, self
        for one, other in ((self, partner), (partner, self)):
            for data in one.pending:
                other.write(data)
            one.pending = []
        if self.gone:
            partner.hang_up()


class Bridge(protocol.Factory):
    """Every connection it builds is piped to a new connection made with ``endpoint``."""

    def __init__(self, endpoint: Any) -> None:
        self.endpoint = endpoint

    def buildProtocol(self, addr: Any) -> Pipe:
        near = Pipe()
        far_factory = protocol.Factory.forProtocol(Pipe)

        def connected(far: Pipe) -> None:
            near.join(far)

        def failed(_failure: Failure) -> None:
            near.hang_up()

        deferred = self.endpoint.connect(far_factory)
        deferred.addCallbacks(connected, failed)
        return near


class Tunnel:
    """One side of one invitation, on the reactor; ``report`` writes an event for the parent."""

    def __init__(self, reactor: Any, orders: dict[str, Any], out: IO[str]) -> None:
        self.reactor, self.orders, self.out = reactor, orders, out
        self.wormhole: Any = None
        self.listening: Any = None
        self.stopping = False

    def report(self, event: str, **fields: Any) -> None:
        self.out.write(json.dumps({"event": event, **fields}) + "\n")
        self.out.flush()

    async def run(self) -> None:
        """Open the wormhole and forward; failures end as one ``failed`` event."""
        import wormhole  # type: ignore[import-untyped]
        from wormhole.errors import LonelyError, WormholeClosed, WrongPasswordError  # type: ignore[import-untyped]
        orders = self.orders
        self.wormhole = wormhole.create(APP_ID, orders["mailbox"], self.reactor, dilation=True)
        try:
            await self._wait(self.wormhole.get_welcome(), WELCOME_WAIT_S)
        except defer.TimeoutError:
            return self.fail("no-mailbox", mailbox=orders["mailbox"])
        try:
            if orders["role"] == "host":
                await self._host()
            else:
                await self._join()
        except WrongPasswordError:
            self.fail("spent" if orders["role"] == "host" else "wrong-code")
        except defer.TimeoutError:
            self.fail("no-peer", code=str(orders.get("code", "")))
        except (WormholeClosed, LonelyError, defer.CancelledError):
            if not self.stopping:
                self.fail("closed")

    async def _host(self) -> None:
        w = self.wormhole
        w.allocate_code(2)
        self.report("code", code=await w.get_code())
        await w.get_verifier()
        w.send_message(json.dumps({"table_code": self.orders["table_code"]}).encode("utf-8"))
        dilated = w.dilate(transit_relay_location=self.orders["transit"])
        local = endpoints.TCP4ClientEndpoint(self.reactor, "127.0.0.1", int(self.orders["port"]))
        await dilated.listener_for(SUBPROTOCOL).listen(Bridge(local))
        self.report("connected")

    async def _join(self) -> None:
        w = self.wormhole
        w.set_code(self.orders["code"])
        await self._wait(w.get_verifier(), float(self.orders.get("wait_s", 90.0)))
        self.report("connected")
        message = json.loads((await w.get_message()).decode("utf-8"))
        dilated = w.dilate(transit_relay_location=self.orders["transit"])
        local: Any = endpoints.TCP4ServerEndpoint(self.reactor, 0, interface="127.0.0.1")  # type: ignore[no-untyped-call]
        self.listening = await local.listen(Bridge(dilated.connector_for(SUBPROTOCOL)))
        self.report("ready", port=self.listening.getHost().port, table_code=str(message["table_code"]))

    async def _wait(self, deferred: Any, seconds: float) -> Any:
        return await deferred.addTimeout(seconds, self.reactor)

    def fail(self, reason: str, **details: str) -> None:
        """Tell the parent why the tunnel ends (the parent closes it)."""
        self.report("failed", reason=reason, details=details)

    async def stop(self) -> None:
        """Close the local port and the wormhole (with dilation), then the reactor."""
        self.stopping = True
        if self.listening is not None:
            await self.listening.stopListening()
        if self.wormhole is not None:
            closing = defer.ensureDeferred(_quietly(self.wormhole.close()))
            await closing.addTimeout(CLOSE_WAIT_S, self.reactor).addErrback(lambda _failure: None)


async def _quietly(deferred: Any) -> None:
    try:
        await deferred
    except Exception:  # noqa: BLE001 - closing a wormhole that never met its peer reports that; it is closed
        pass


def main(stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Run one tunnel from the orders on ``stdin`` until ``stdin`` closes; the exit status."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    try:
        orders = json.loads(stdin.readline() or "{}")
        role = orders["role"]
    except (ValueError, KeyError):
        out.write(json.dumps({"event": "failed", "reason": "error", "details": {"error": "no orders"}}) + "\n")
        return 2
    # autobahn's native UTF-8 check compiles its C source at import, which a frozen program does not carry;
    # the pure-Python check is plenty for the few mailbox messages of an invitation.
    os.environ.setdefault("AUTOBAHN_USE_NVX", "0")
    from twisted.internet import reactor as default_reactor
    reactor: Any = default_reactor
    assert IReactorCore.providedBy(reactor)
    tunnel = Tunnel(reactor, {**orders, "role": role}, out)

    def stop() -> None:
        if not tunnel.stopping:
            done = defer.ensureDeferred(tunnel.stop())
            done.addBoth(lambda _result: reactor.stop())

    def watch_stdin() -> None:
        while stdin.readline():
            pass
        reactor.callFromThread(stop)

    threading.Thread(target=watch_stdin, name="tunnel-stdin", daemon=True).start()

    def crashed(failure: Failure) -> None:
        if not tunnel.stopping:
            tunnel.fail("error", error=failure.getErrorMessage() or repr(failure.value))

    reactor.callWhenRunning(lambda: defer.ensureDeferred(tunnel.run()).addErrback(crashed))
    reactor.run()
    return 0


__all__ = ["Bridge", "Pipe", "Tunnel", "main"]
