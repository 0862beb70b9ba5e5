"""Finding tables on the local network: hosts advertise ``_thirtyone._tcp.local.``, the Join screen browses.

Built on ``python-zeroconf`` (mDNS/DNS-SD). The advertisement holds what the
list shows (the table's name, seats free, the protocol, ``ws`` or ``wss``)
and never the join code: a player reads that from the host. Both sides run on
zeroconf's own thread and never block a caller's loop. A network without
multicast (some Wi-Fi, VPNs) simply lists nothing; typing the address works there.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .protocol import PROTOCOL, SERVICE_TYPE

_MAX_LABEL = 40
"""The longest instance name advertised (mDNS labels may be 63 bytes)."""


@dataclass(frozen=True)
class FoundTable:
    """One advertised table: its name, where to connect, and what the advertisement says of it."""

    name: str
    url: str
    protocol: int
    free_seats: int


def _interfaces(address: str) -> list[str] | None:
    """Advertise on one address when bound to one (``127.0.0.1`` in tests), else on every interface."""
    return None if address in ("", "0.0.0.0", "::") else [address]


class Advertiser:
    """Announces one table until ``close``."""

    def __init__(self, table_name: str, port: int, address: str = "", tls: bool = False, free_seats: int = 0) -> None:
        interfaces = _interfaces(address)
        self._zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only) if interfaces else \
            Zeroconf(ip_version=IPVersion.V4Only)
        label = "".join(ch for ch in table_name if ch.isprintable() and ch != ".")[:_MAX_LABEL] or "thirtyone"
        addresses = [socket.inet_aton(address)] if interfaces else [socket.inet_aton(a) for a in _own_addresses()]
        self.info = ServiceInfo(
            SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=port, addresses=addresses,
            properties={"protocol": str(PROTOCOL), "scheme": "wss" if tls else "ws", "free": str(free_seats)},
            server=f"thirtyone-{port}.local.")
        self._zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        """Stop announcing the table."""
        try:
            self._zeroconf.unregister_service(self.info)
        finally:
            self._zeroconf.close()


class Browser:
    """Collects the tables announced nearby while it is open; ``tables()`` is the list as it stands."""

    def __init__(self, address: str = "") -> None:
        interfaces = _interfaces(address)
        self._zeroconf = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only) if interfaces else \
            Zeroconf(ip_version=IPVersion.V4Only)
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        table = _read(info, name) if info is not None else None
        if table is not None:
            with self._lock:
                self._found[name] = table

    def tables(self) -> list[FoundTable]:
        """The tables found so far, by name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda table: table.name.casefold())

    def close(self) -> None:
        """Stop looking."""
        self._browser.cancel()
        self._zeroconf.close()


def _read(info: ServiceInfo, name: str) -> FoundTable | None:
    """A found table from its advertisement; ``None`` for one this program cannot use (anyone may advertise)."""
    properties: dict[Any, Any] = info.properties or {}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    scheme = "wss" if properties.get(b"scheme") == b"wss" else "ws"
    try:
        protocol = int(properties.get(b"protocol", b"0"))
        free = int(properties.get(b"free", b"0"))
    except ValueError:
        return None
    label = name.removesuffix("." + SERVICE_TYPE)[:_MAX_LABEL]
    return FoundTable(label, f"{scheme}://{addresses[0]}:{info.port}", protocol, max(0, free))


def _own_addresses() -> list[str]:
    """This machine's IPv4 addresses other people on the network can reach (the ones ``ifaddr`` lists)."""
    import ifaddr
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return found or ["127.0.0.1"]


def join_addresses(port: int, tls: bool) -> list[str]:
    """The addresses to tell friends: one URL per address of this machine."""
    scheme = "wss" if tls else "ws"
    return [f"{scheme}://{address}:{port}" for address in _own_addresses()]
