"""Notes added to a game's record while it is played, kept as an append-only list like its actions.

A match notes things in its record's ``meta`` as the game goes on; the coach's answer to
each decision a person made (``coach.keeper``) lands every few actions. Replacing the
record's head for each note made the autosave compare the whole game and copy it every
time (0.109 ms per action in the first tenth of a 50,000-action game, 0.168 ms in the last:
``build_scripts/bench_autosave.py --kept-answers``), and the journal did not even write the
note until its next compaction. So a note is a ``Note``, appended to a list the match shares
with its snapshots as it shares its actions (``NotedSnapshot``), and the autosave journal
appends the notes made since its last save as lines of their own (``storage.journal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .model.growing_record import RecordSnapshot
from .model.record import GameRecord

Note = tuple[str, tuple[str, ...], Any]
"""``(key, path, value)``: set ``meta[key][path[0]]…[path[-1]]`` to ``value`` (``meta[key]`` if no path)."""


def apply_notes(meta: Mapping[str, Any], notes: Iterable[Note]) -> dict[str, Any]:
    """``meta`` with ``notes`` set in order; levels of a path that are missing or not objects
    become empty objects. Neither ``meta`` nor anything in it is changed: what a note changes is
    copied once per call, so applying many notes costs as much as their number."""
    result = dict(meta)
    copied: set[int] = set()
    for key, path, value in notes:
        parent, name = result, key
        for step in path:
            child = parent.get(name)
            if not isinstance(child, dict) or id(child) not in copied:
                child = dict(child) if isinstance(child, dict) else {}
                copied.add(id(child))
                parent[name] = child
            parent, name = child, step
        parent[name] = value
    return result


@dataclass(frozen=True, eq=False)
class NotedSnapshot(RecordSnapshot):
    """A ``RecordSnapshot`` whose record's ``meta`` also holds the first ``note_count`` of ``notes``.

    ``notes`` is append-only for as long as anybody holds a snapshot of it, as ``actions`` is.
    """

    notes: Sequence[Note] = ()
    note_count: int = 0

    def record(self) -> GameRecord:
        """The whole record, notes included (copies every action and note: for rare whole writes)."""
        record = super().record()
        if not self.note_count:
            return record
        return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions,
                          record.decks, record.preset, apply_notes(record.meta, self.notes[:self.note_count]))

    def notes_from(self, start: int) -> tuple[Note, ...]:
        """The notes numbered ``start + 1`` to ``note_count`` (what was noted since ``start``)."""
        return tuple(self.notes[start:self.note_count])

    def shares_history(self, other: RecordSnapshot) -> bool:
        """Whether both are snapshots of one game's action and note lists, ``self`` no shorter in either."""
        return (isinstance(other, NotedSnapshot) and super().shares_history(other)
                and other.notes is self.notes and self.note_count >= other.note_count)


__all__ = ["Note", "NotedSnapshot", "apply_notes"]
