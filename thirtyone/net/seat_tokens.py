"""The joiner's secret seat tokens, kept on disk so a later ``thirtyone join`` gets the same seat back.

``data/table_seats.json`` holds, per join code and player name,
the seat and its token: after a dropped connection, a crash or the host
quitting and reopening the table, joining again with the same address, code
and name takes the seat back (``take_seat``: ``thirtyone join`` and the window's
Join screen alike). A finished game's entry is removed; the file
keeps the newest ``MAX_ENTRIES``. Private to this machine's player, never sent
anywhere but to the table it belongs to.
"""

from __future__ import annotations

import ssl
from typing import Any

from ..i18n import _
from ..storage.atomic import load_object, save_object
from ..storage.paths import StoragePaths
from .admission import TOKEN_REFUSED
from .client import JoinError, TableClient
from .protocol import normal_code

FILE_NAME = "table_seats.json"
VERSION = 1
MAX_ENTRIES = 50


def _key(url: str, code: str, name: str) -> str:
    # Not the address: a host's address changes (a new lease, another port after a restart); its code does not.
    del url
    return f"{normal_code(code)}|{name}"


def _parse(data: Any) -> dict[str, dict[str, Any]]:
    seats = data.get("seats")
    if not isinstance(seats, dict):
        raise ValueError("no seats")
    return {key: entry for key, entry in seats.items()
            if isinstance(entry, dict) and isinstance(entry.get("seat"), int) and isinstance(entry.get("token"), str)}


def _load(paths: StoragePaths) -> tuple[dict[str, dict[str, Any]], str | None]:
    return load_object(paths.data_dir / FILE_NAME, VERSION, _parse, {},
                       _("could not be read ({problem}); the seats of tables joined before are forgotten"))


def remembered(paths: StoragePaths, url: str, code: str, name: str) -> tuple[int | None, str | None, str | None]:
    """The seat and token kept for this table and name (``None`` if none) and a notice if the file was bad."""
    seats, notice = _load(paths)
    entry = seats.get(_key(url, code, name))
    if entry is None:
        return None, None, notice
    return entry["seat"], entry["token"], notice


def remember(paths: StoragePaths, url: str, code: str, name: str, seat: int, token: str) -> str | None:
    """Keep this seat's token; a notice if it could not be written (the game goes on)."""
    seats, _notice = _load(paths)
    seats.pop(_key(url, code, name), None)
    seats[_key(url, code, name)] = {"seat": seat, "token": token}
    newest = dict(list(seats.items())[-MAX_ENTRIES:])
    return save_object(paths.data_dir / FILE_NAME, {"version": VERSION, "seats": newest},
                       _("Could not keep the seat's token in {path}: {reason}. Rejoining after a restart will not work."))


def forget(paths: StoragePaths, url: str, code: str, name: str) -> None:
    """The game at that table is over: its token opens nothing any more."""
    seats, _notice = _load(paths)
    if seats.pop(_key(url, code, name), None) is not None:
        save_object(paths.data_dir / FILE_NAME, {"version": VERSION, "seats": seats}, "{path}: {reason}")


def take_seat(paths: StoragePaths | None, url: str, code: str, name: str,
              ssl_context: ssl.SSLContext | None = None) -> tuple[TableClient, list[str]]:
    """A client connected to the seat kept for this table and name (a free seat if none is kept, or if the
    kept token is an old game's), its token kept for the next time; the notices to show (a file that could
    not be read or written). ``paths`` ``None``: nothing is kept (a joiner with no data folder).
    ``JoinError`` if the table cannot be joined."""
    notices: list[str] = []
    seat, token, notice = remembered(paths, url, code, name) if paths is not None else (None, None, None)
    if notice:
        notices.append(notice)
    client = TableClient(url, code, name=name, seat=seat, token=token, ssl_context=ssl_context)
    try:
        welcome = client.connect()
    except JoinError as error:
        if token is None or error.refusal != TOKEN_REFUSED or paths is None:
            raise
        forget(paths, url, code, name)  # an old game's token: join as a newcomer
        client = TableClient(url, code, name=name, ssl_context=ssl_context)
        welcome = client.connect()
    if paths is not None:
        problem = remember(paths, url, code, name, int(welcome["seat"]), str(welcome["token"]))
        if problem:
            notices.append(problem)
    return client, notices


def settle(paths: StoragePaths | None, url: str, code: str, name: str, end: dict[str, Any] | None) -> None:
    """The table let go: a game played to its end forgets its token; any other end keeps it for a rejoin."""
    if paths is not None and end is not None and end.get("reason") == "game-over":
        forget(paths, url, code, name)
