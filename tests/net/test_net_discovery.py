"""Tables announce themselves over mDNS (``_thirtyone._tcp.local.``) and a browser on the same network lists them;
tested on the loopback interface."""

from __future__ import annotations

import os
import time

from thirtyone.net.discovery import Advertiser, Browser, FoundTable
from thirtyone.net.protocol import PROTOCOL


def _until(check, timeout_s: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def test_an_advertised_table_is_listed_with_its_address_and_leaves_the_list_when_it_closes() -> None:
    # Other tables may be announced meanwhile (a host lobby of another test, another run on this machine):
    # the browser lists every one, so this test looks for its own by a name nobody else uses.
    name = f"Ann's table {os.getpid()}"

    def ours() -> list[FoundTable]:
        return [table for table in browser.tables() if table.name == name]

    browser = Browser("127.0.0.1")
    try:
        advertiser = Advertiser(name, 45678, "127.0.0.1", tls=True, free_seats=2)
        try:
            assert _until(ours)
            (table,) = ours()
            assert table.url == "wss://127.0.0.1:45678"
            assert table.protocol == PROTOCOL and table.free_seats == 2
        finally:
            advertiser.close()
        assert _until(lambda: not ours())
    finally:
        browser.close()
