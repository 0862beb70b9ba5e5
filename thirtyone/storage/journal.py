"""The autosave as a base record plus a journal of actions, so a save costs the same at any game length.

``current_game.json`` is a whole game record (written atomically, as
``save_game`` does); its ``meta["journal"]`` holds a random token.
``current_game.journal`` starts with that token and then holds one line per
action played since: ``<action number> <action text>``, and one per note made in
the record's ``meta`` since (``noted_record``: the coach's kept answers, the hints
used): ``note <JSON [key, path, value]>``. Saving an action appends its line (and
the notes' lines) and syncs them; once the journal holds as many actions as the base
(and at least ``COMPACT_AFTER``), the base is rewritten and the journal starts
afresh, so the total cost of a game grows linearly with its length.

Reading takes the base and the journal lines that belong to it: a journal with
another token (a kill between writing a new base and starting its journal), a
line cut short by a kill, a line out of sequence or a note that cannot be read
ends the journal there, and the game resumes at the last complete line.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from typing import Any, Callable, Mapping

from ..i18n import _
from ..model.actions import Action, parse_action
from ..model.errors import IllegalActionError, InvalidActionError
from ..model.growing_record import RecordSnapshot
from ..model.json_input import JsonInputError, brief, decode_json, decode_text
from ..noted_record import Note, NotedSnapshot, apply_notes
from ..paths import read_regular
from ..model.record import GameRecord
from .atomic import write_atomic
from .paths import StoragePaths
from ..model import apply

log = logging.getLogger(__name__)

JOURNAL_KEY = "journal"
"""The key in the base record's ``meta`` that names its journal."""
COMPACT_AFTER = 256
"""The journal is folded into the base once it holds this many actions and as many as the base."""
_HEADER = "thirtyone-journal "
_NOTE = "note "
MAX_NOTE_PATH = 8
"""A note's path is never deeper than this (the coach's answers use two levels)."""

BaseWriter = Callable[[GameRecord, "Mapping[str, Any] | None", str], "str | None"]
"""Writes a whole base record with a journal token (``saves.save_game``); returns a notice on failure."""


def new_token() -> str:
    """A fresh journal token for a new base record."""
    return secrets.token_hex(8)


def start_journal(paths: StoragePaths, token: str) -> None:
    """Replace the journal by an empty one for the base with ``token``; raises ``OSError``."""
    write_atomic(paths.current_game_journal, f"{_HEADER}{token}\n")


def read_journal(paths: StoragePaths, base: GameRecord) -> GameRecord:
    """``base`` with the journal's actions that follow it legally (the base itself if there are none)."""
    token = base.meta.get(JOURNAL_KEY)
    if not isinstance(token, str):
        return base
    try:
        text = decode_text(read_regular(paths.current_game_journal))
    except FileNotFoundError:
        return base
    except (OSError, JsonInputError) as error:
        log.warning("ignoring the journal %s: %s", paths.current_game_journal, error)
        return base
    lines = text.split("\n")
    if lines[0] != _HEADER + token:
        log.info("the journal belongs to another base record; resuming from the base")
        return base
    actions: list[Action] = []
    notes: list[Note] = []
    expected = len(base.actions) + 1
    for line in lines[1:-1]:  # the last piece follows the last newline: empty, or a line cut short
        if line.startswith(_NOTE):
            try:
                notes.append(read_note(line[len(_NOTE):]))
            except JsonInputError as error:
                log.warning("the journal stops at a note that cannot be read: %s", error)
                break
            continue
        number, _space, text_form = line.partition(" ")
        try:
            if number != str(expected):
                raise InvalidActionError(_("action number {number} where {expected} was expected").format(
                    number=repr(number[:12]), expected=expected))
            actions.append(parse_action(text_form))
        except InvalidActionError as error:
            log.warning("the journal stops at a damaged line: %s", error)
            break
        expected += 1
    meta = apply_notes(base.meta, notes) if notes else base.meta
    if not actions:
        return GameRecord(base.rules, base.seats, base.seed, base.first_dealer, base.actions, base.decks,
                          base.preset, meta) if notes else base
    state = base.final_state()
    for count, action in enumerate(actions):
        try:
            state, _events = apply(state, action)
        except IllegalActionError as error:
            log.warning("the journal stops at action %d, which does not replay: %s",
                        len(base.actions) + count + 1, error)
            actions = actions[:count]
            break
    return GameRecord(base.rules, base.seats, base.seed, base.first_dealer, base.actions + tuple(actions),
                      base.decks, base.preset, meta)


def note_line(note: Note) -> str:
    """A note as one journal line (JSON has no raw newlines)."""
    key, path, value = note
    return _NOTE + json.dumps([key, list(path), value], ensure_ascii=False, separators=(",", ":")) + "\n"


def read_note(text: str) -> Note:
    """The note in a journal line's JSON; ``JsonInputError`` if it is not one."""
    value = decode_json(text)
    if not (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str) and isinstance(value[1], list)
            and len(value[1]) <= MAX_NOTE_PATH and all(isinstance(step, str) for step in value[1])):
        raise JsonInputError(_("is not a note ({value})").format(value=brief(value)))
    return value[0], tuple(value[1]), value[2]


def _head(record: GameRecord, extra: Mapping[str, Any] | None) -> tuple[Any, ...]:
    """Everything of a record but its actions, with the window's extras: a change means a whole write."""
    return (record.rules, record.seats, record.seed, record.first_dealer, record.decks, record.preset, record.meta,
            extra)


def new_notes(game: RecordSnapshot, last: RecordSnapshot) -> tuple[Note, ...]:
    """The notes ``game`` holds that ``last``, an earlier snapshot of the same game, did not."""
    if isinstance(game, NotedSnapshot) and isinstance(last, NotedSnapshot):
        return game.notes_from(last.note_count)
    return ()


class JournalWriter:
    """Saves one game after every action by appending to the journal; not thread-safe (one writer thread)."""

    def __init__(self, paths: StoragePaths) -> None:
        self.paths = paths
        self._written: tuple[Action, ...] | None = None
        """The actions on disk (base and journal), ``None`` before the first base is written."""
        self._head: tuple[Any, ...] | None = None
        self._base_length = 0
        self._handle: Any = None
        self._snapshot: RecordSnapshot | None = None
        """The snapshot on disk, when the last save was one: the next of the same game appends in constant time."""
        self._extra: dict[str, Any] | None = None
        self.base_writes = 0
        self.appends = 0

    def save(self, game: GameRecord | RecordSnapshot, extra: Mapping[str, Any] | None,
             write_base: BaseWriter) -> str | None:
        """Save ``game``; ``write_base(record, extra, token)`` writes a whole base. A notice on failure.

        A ``RecordSnapshot`` of the game last saved costs the same at any length of the game;
        a ``GameRecord`` is compared action by action with what is on disk.
        """
        extra_now = dict(extra) if extra else None
        if isinstance(game, RecordSnapshot):
            last = self._snapshot
            if self._written is not None and last is not None and game.shares_history(last) and extra_now == self._extra:
                if game.count - self._base_length < max(COMPACT_AFTER, self._base_length):
                    try:
                        self._append_new(game.actions_from(last.count), last.count, new_notes(game, last))
                        self._snapshot = game
                        return None
                    except OSError as error:
                        log.warning("could not append to the journal (%s); writing the whole game instead", error)
            self._catch_up_written()
            notice = self._save_record(game.record(), extra_now, write_base)
            self._snapshot = game if self._written is not None else None
            return notice
        self._catch_up_written()
        return self._save_record(game, extra_now, write_base)

    def _catch_up_written(self) -> None:
        """Before a whole comparison: what is on disk, including what was appended from snapshots."""
        if self._snapshot is not None and self._written is not None:
            record = self._snapshot.record()
            self._written, self._head = record.actions, _head(record, self._extra)
        self._snapshot = None

    def _save_record(self, record: GameRecord, extra: dict[str, Any] | None, write_base: BaseWriter) -> str | None:
        self._extra = extra
        head = _head(record, extra)
        written = self._written
        count = len(record.actions)
        extends = (written is not None and head == self._head and count >= len(written)
                   and record.actions[:len(written)] == written)
        if extends and count - self._base_length < max(COMPACT_AFTER, self._base_length):
            try:
                self._append(record.actions, len(written))  # type: ignore[arg-type]
                self._written = record.actions
                return None
            except OSError as error:
                log.warning("could not append to the journal (%s); writing the whole game instead", error)
        return self._rewrite(record, extra, head, write_base)

    def forget(self) -> None:
        """The save was cleared: the next save writes a new base."""
        self._close()
        self._written = None
        self._snapshot = None

    def _append(self, actions: tuple[Action, ...], start: int) -> None:
        self._append_new(actions[start:], start)

    def _append_new(self, new: tuple[Action, ...], start: int, notes: tuple[Note, ...] = ()) -> None:
        """Append ``new``, the actions numbered from ``start + 1``, then ``notes``, and sync them to disk."""
        if not new and not notes:
            return
        if self._handle is None:
            self._handle = open(self.paths.current_game_journal, "a", encoding="utf-8", newline="\n")
        lines = "".join(f"{number} {action}\n" for number, action in enumerate(new, start + 1))
        lines += "".join(note_line(note) for note in notes)
        self._handle.write(lines)
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.appends += 1

    def _rewrite(self, record: GameRecord, extra: Mapping[str, Any] | None, head: tuple[Any, ...],
                 write_base: BaseWriter) -> str | None:
        self._close()
        token = new_token()
        notice = write_base(record, extra, token)
        if notice is not None:
            self._written = None
            return notice
        self.base_writes += 1
        try:
            start_journal(self.paths, token)
        except OSError as error:
            log.warning("could not start the journal: %s", error)
            self._written = None  # the base is complete; the next save writes a base again
            return None
        self._written, self._head, self._base_length = record.actions, head, len(record.actions)
        return None

    def _close(self) -> None:
        if self._handle is not None:
            try:
                self._handle.close()
            except OSError as error:
                log.warning("could not close the journal: %s", error)
            self._handle = None
