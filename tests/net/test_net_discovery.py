"""Tables announce themselves over mDNS (``_thirtyone._tcp.local.``) and a browser on the same network lists them;
tested on the loopback interface."""

from __future__ import annotations

import time

from thirtyone.net.discovery import Advertiser, Browser
from thirtyone.net.protocol import PROTOCOL


def _until(check, timeout_s: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def test_an_advertised_table_is_listed_with_its_address_and_leaves_the_list_when_it_closes() -> None:
    browser = Browser("127.0.0.1")
    advertiser = Advertiser("Ann's table", 45678, "127.0.0.1", tls=True, free_seats=2)
    try:
        assert _until(lambda: browser.tables())
        (table,) = browser.tables()
        assert table.name == "Ann's table"
        assert table.url == "wss://127.0.0.1:45678"
        assert table.protocol == PROTOCOL and table.free_seats == 2
    finally:
        advertiser.close()
    try:
        assert _until(lambda: not browser.tables())
    finally:
        browser.close()
