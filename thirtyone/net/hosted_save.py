"""The host's autosave of a networked game, so a host that quit can open the table again and everyone rejoins.

``data/hosted_game.json`` is a game record whose ``meta.net`` holds the join
code and each remote seat's reconnect token: the host's own file, never sent
to anybody. It is written atomically after every action. A finished game is
archived like any other (``data/games/``, without the tokens) and the autosave
removed; a damaged file is set aside, never resumed.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from ..model import RecordError
from ..model.record import GameRecord
from ..storage.atomic import reject, write_atomic
from ..storage.paths import StoragePaths
from ..storage.saves import archive_game, with_meta
from .protocol import is_code

log = logging.getLogger(__name__)

FILE_NAME = "hosted_game.json"
META_KEY = "net"


def hosted_file(paths: StoragePaths) -> Path:
    """Where the host keeps its networked game in progress."""
    return paths.data_dir / FILE_NAME


def save_hosted(paths: StoragePaths, record: GameRecord, code: str, tokens: list[str | None],
                grace_s: float, stand_in: str, own_seat: int | None = None) -> None:
    """Write the game in progress with what reopening the table needs (``OSError`` if it cannot be written);
    ``own_seat`` is the seat a window's host plays itself (it takes it back with that seat's token)."""
    notes: dict[str, Any] = {"code": code, "tokens": tokens, "grace_s": grace_s, "stand_in": stand_in}
    if own_seat is not None:
        notes["own_seat"] = own_seat
    write_atomic(hosted_file(paths), with_meta(record, **{META_KEY: notes}).to_json())


def saved_tokens(record: GameRecord) -> list[Any]:
    """The seats' tokens kept in a hosted game's record (as written: ``Seating.resumed`` checks each one)."""
    notes = record.meta.get(META_KEY)
    tokens = notes.get("tokens", []) if isinstance(notes, dict) else []
    return tokens if isinstance(tokens, list) else []


class Autosaver:
    """Keeps a hosted game with ``save`` after every action, in order, on a thread of its own: a slow disk
    never delays the table, and a failed write is logged while the game goes on."""

    def __init__(self, save: Callable[[GameRecord, list[str | None]], None] | None) -> None:
        self._save = save
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="table-save")

    def keep(self, record: GameRecord, tokens: list[str | None]) -> None:
        """Write this state of the game (after the writes asked for before it); nothing without a ``save``."""
        if self._save is not None:
            self._writer.submit(self._write, self._save, record, tokens)

    @staticmethod
    def _write(save: Callable[[GameRecord, list[str | None]], None], record: GameRecord,
               tokens: list[str | None]) -> None:
        try:
            save(record, tokens)
        except OSError as error:  # the game goes on; the host is told once per failure in the log
            log.warning("could not autosave the hosted game: %s", error)

    def close(self) -> None:
        """Finish the writes asked for; no more after this."""
        self._writer.shutdown(wait=True)


def load_hosted(paths: StoragePaths) -> tuple[GameRecord | None, dict[str, Any], str | None]:
    """The unfinished hosted game (or ``None``), its ``meta.net`` notes, and a notice if a bad file was set aside."""
    path = hosted_file(paths)
    if not path.is_file():
        return None, {}, None
    try:
        record = GameRecord.from_file(path)
    except RecordError as error:
        return None, {}, reject(path, f"could not be resumed: {error}").notice
    notes = record.meta.get(META_KEY)
    tokens = notes.get("tokens") if isinstance(notes, dict) else None
    if (not isinstance(notes, dict) or not isinstance(notes.get("code"), str) or not is_code(notes["code"])
            or not isinstance(tokens, list) or len(tokens) != len(record.seats)
            or not all(token is None or isinstance(token, str) for token in tokens)):
        return None, {}, reject(path, "has no usable table notes (join code and tokens)").notice
    if record.final_state().is_terminal:
        return None, {}, None
    return record, notes, None


def own_seat(notes: dict[str, Any]) -> int | None:
    """The seat the window's host played in a resumed game, if the notes name a remote seat with a token."""
    seat, tokens = notes.get("own_seat"), notes.get("tokens")
    if type(seat) is not int or not isinstance(tokens, list) or not 0 <= seat < len(tokens) or tokens[seat] is None:
        return None
    return seat


def keeper(paths: StoragePaths, code: str, grace_s: float, stand_in: str,
           seat: int | None = None) -> Callable[[GameRecord, list[str | None]], None]:
    """A window host's ``save``: the game in progress is kept after every action, as ``thirtyone serve`` keeps
    it; once finished it is archived and the autosave removed (``OSError`` if the autosave cannot be written)."""
    def keep(record: GameRecord, tokens: list[str | None]) -> None:
        if not record.final_state().is_terminal:
            save_hosted(paths, record, code, tokens, grace_s, stand_in, seat)
            return
        _archived, notice = finish_hosted(paths, record)
        if notice:
            log.warning("%s", notice)
    return keep


def finish_hosted(paths: StoragePaths, record: GameRecord) -> tuple[Path | None, str | None]:
    """Archive the finished game (tokens left out) and remove the autosave; the archive's path and any notice."""
    archived, notice = archive_game(paths, with_meta(record, **{META_KEY: None}))
    if archived is not None:
        hosted_file(paths).unlink(missing_ok=True)
    return archived, notice
