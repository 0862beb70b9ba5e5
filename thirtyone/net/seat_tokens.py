"""The joiner's secret seat tokens, kept on disk so a later ``thirtyone join`` gets the same seat back.

``data/table_seats.json`` holds, per join code and player name,
the seat and its token: after a dropped connection, a crash or the host
quitting and reopening the table, joining again with the same address, code
and name takes the seat back. A finished game's entry is removed; the file
keeps the newest ``MAX_ENTRIES``. Private to this machine's player, never sent
anywhere but to the table it belongs to.
"""

from __future__ import annotations

from typing import Any

from ..i18n import _
from ..storage.atomic import load_object, save_object
from ..storage.paths import StoragePaths

FILE_NAME = "table_seats.json"
VERSION = 1
MAX_ENTRIES = 50


def _key(url: str, code: str, name: str) -> str:
    # Not the address: a host's address changes (a new lease, another port after a restart); its code does not.
    del url
    return f"{code}|{name}"


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
