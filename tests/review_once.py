"""The coach's review of a game worked out once per test run, by the test and the command it runs alike.

A review (and its "Could you have won?" replays) is a pure function of the record and the seat: the
coach is seeded by what the seat saw. A test that checks what ``thirtyone review`` prints against the
review it worked out itself needs the search once, not once per command; ``reuse_in_commands`` makes
the command take the kept answer for the same record and seat (any other record or seat is searched
afresh, so a command that reads the wrong seat still fails the test). Under pytest-xdist the workers of
one run share the answers through a folder of the run (the first searches, the others wait and read).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import pytest

from thirtyone import i18n
from thirtyone.coach import what_if
from thirtyone.coach.review import GameReview
from thirtyone.coach.what_if import WhatIf
from thirtyone.model.record import GameRecord

Found = tuple[GameReview, tuple[WhatIf, ...]]
T = TypeVar("T")
_real = what_if.review_with_what_ifs
_kept: dict[str, Found] = {}
shared_folder: Path | None = None
"""Where the workers of this run keep their answers: a folder in the run's own temporary folder
(pytest keeps the last three runs'), set by ``conftest.py``; None outside a run."""


def review_with_what_ifs(record: GameRecord, seat: int, progress=None) -> Found:
    """``what_if.review_with_what_ifs``, worked out once per record and seat (with ``progress``: afresh)."""
    if progress is not None:
        return _real(record, seat, progress)
    # The review holds words (a decision's move and best move) in the language in use when it was worked out.
    key = hashlib.sha256(f"{i18n.language()}\n{seat}\n{record.to_json()}".encode()).hexdigest()
    if key not in _kept:
        _kept[key] = once_per_run(f"review-{key}", lambda: _real(record, seat))
    return _kept[key]


def kept_answers(record: GameRecord, seat: int) -> dict[str, object]:
    """The coach's answers to every decision of ``seat`` as the game keeps them (through JSON, as stored),
    worked out once per record and seat."""
    import json

    from thirtyone.coach.review import advise_decisions, seat_decisions

    def work() -> dict[str, object]:
        wanted = [(index, seat) for index, _before, _action in seat_decisions(record, seat)]
        answers: dict[str, object] = json.loads(json.dumps(advise_decisions((record.to_json(), wanted))))
        return answers
    key = hashlib.sha256(f"{seat}\n{record.to_json()}".encode()).hexdigest()
    return once_per_run(f"answers-{key}", work)


def reuse_in_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """``thirtyone review`` in this process takes the review from ``review_with_what_ifs`` above."""
    monkeypatch.setattr(what_if, "review_with_what_ifs", review_with_what_ifs)


def reuse_in_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's Replay and review takes its review from ``review_with_what_ifs`` above (searched once
    per run; the scene's progress is then never told): for tests of what the review scene draws, not of
    the search behind it."""
    from thirtyone.ui.screens import review as review_scene

    def searched_once(record: GameRecord, seat: int, progress: object = None) -> Found:
        return review_with_what_ifs(record, seat)
    monkeypatch.setattr(review_scene, "review_with_what_ifs", searched_once)


def once_per_run(key: str, work: Callable[[], T]) -> T:
    """``work()``, or what another xdist worker of this run kept under ``key`` (a file name: letters,
    digits, "-"). Only for work whose answer depends on nothing but what ``key`` names."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or shared_folder is None:
        return work()
    folder = shared_folder
    folder.mkdir(exist_ok=True)
    kept = folder / f"{key}.pickle"
    with _locked(folder / f"{key}.lock"):
        if kept.exists():
            answer: T = pickle.loads(kept.read_bytes())
            return answer
        found = work()
        part = kept.with_suffix(".part")
        part.write_bytes(pickle.dumps(found))
        part.replace(kept)
        return found


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold ``path`` locked (where the system has ``fcntl``; elsewhere each worker searches itself)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
