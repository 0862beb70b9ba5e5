"""What the autosave journal's tests share: a journal writer saving into a folder, and an action list
that counts how many actions are read out of it (the cost of a save, by the actions it reads)."""

from __future__ import annotations

from functools import partial
from typing import Any

from thirtyone.storage import StoragePaths, save_game
from thirtyone.storage.journal import JournalWriter


class CountingList(list[Any]):
    """An action list that counts how many actions are read out of it."""

    read = 0

    def __getitem__(self, index):
        found = super().__getitem__(index)
        CountingList.read += len(found) if isinstance(index, slice) else 1
        return found


def writer_for(paths: StoragePaths) -> tuple[JournalWriter, partial[Any]]:
    """A journal writer for ``paths`` and its ``save``, writing the base file as the window does."""
    writer = JournalWriter(paths)
    return writer, partial(writer.save, write_base=lambda r, e, t: save_game(paths, r, e, journal_token=t))
