"""Notes made while a game is played (the coach's kept answers, the hints used) go into the autosave
journal as lines of their own, cost the same at any length of the game, and come back on resume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from thirtyone.coach.keeper import note_answers, start_kept
from thirtyone.coach.review import KEPT_KEY, kept_answers
from thirtyone.controller import Match
from thirtyone.model import Phase, preset
from thirtyone.model.record import HINTS_USED, Seat
from thirtyone.storage import StoragePaths

from tests.storage.journal_support import CountingList, writer_for
from thirtyone.storage.saves import load_saved_game

EXTRA = {"humans": [0]}
ANSWER = {"move": "draw", "note": "", "options": [["draw", 0.41, 0.23, 0.0], ["take", 0.38, 0.2, 0.0]]}


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)



def person_and_bots(lives: int = 30) -> Match:
    """Seat 0 is a person (played here by seat 1's kind of bot), the others random bots."""
    seats = [Seat("You", "human"), *(Seat(f"B{n}", "bot:random") for n in range(1, 4))]
    match = Match.new(preset("scat").replace(lives=lives), seats, seed=5, preset="scat")
    start_kept(match)
    return match


def play(match: Match, actions: int, save: Any) -> list[str]:
    """Play ``actions`` actions, saving after each; the coach's answer to each of the person's decisions
    is noted before the save, as the review keeper notes them. The positions answered, in order."""
    answered: list[str] = []
    for _ in range(actions):
        seat = match.current_seat
        deciding = seat == 0 and match.state.phase in (Phase.TURN, Phase.DISCARD)
        if seat == 0:
            action = match.observation(0).legal_actions[0]
        else:
            request = match.bot_request()
            assert request is not None
            action = request.decide()
        assert type(match.submit(seat, action)).__name__ == "Accepted"
        if deciding:
            position = f"position-{match.action_count}"
            note_answers(match, {position: {**ANSWER, "move": str(action)}})
            answered.append(position)
        save(match.snapshot(), EXTRA)
    return answered


def test_kept_answers_and_a_hint_count_come_back_from_the_journal_as_noted(paths: StoragePaths) -> None:
    match = person_and_bots()
    writer, save = writer_for(paths)
    answered = play(match, 60, save)
    match.note(HINTS_USED, 1)
    answered += play(match, 40, save)
    assert writer.base_writes == 1, "one base, then the journal (no compaction in 100 actions)"
    assert len(answered) >= 10
    loaded, notice = load_saved_game(paths)
    assert notice is None and loaded is not None
    assert loaded.actions == match.record.actions
    assert loaded.meta[KEPT_KEY] == match.record.meta[KEPT_KEY]
    assert list(kept_answers(loaded)) == answered
    assert loaded.meta[HINTS_USED] == 1


def test_a_journal_cut_inside_its_last_note_loses_only_that_note(paths: StoragePaths) -> None:
    match = person_and_bots()
    _, save = writer_for(paths)
    answered = play(match, 80, save)
    journal = paths.current_game_journal
    while not journal.read_text(encoding="utf-8").splitlines()[-1].startswith("note "):
        answered += play(match, 1, save)  # until the last save wrote an answer last
    text = journal.read_text(encoding="utf-8")
    assert text.endswith("\n")
    journal.write_text(text[:-15], encoding="utf-8")  # a kill in the middle of the last line
    loaded, notice = load_saved_game(paths)
    assert notice is None and loaded is not None
    assert loaded.actions == match.record.actions, "every action is still there"
    assert list(kept_answers(loaded)) == answered[:-1], "only the answer on the cut line is gone"


def test_a_damaged_note_ends_the_journal_there(paths: StoragePaths) -> None:
    match = person_and_bots()
    _, save = writer_for(paths)
    play(match, 30, save)
    journal = paths.current_game_journal
    lines = journal.read_text(encoding="utf-8").splitlines()
    first_note = next(n for n, line in enumerate(lines) if line.startswith("note "))
    played_before = int(lines[first_note - 1].split()[0])  # the action the note followed
    assert played_before < len(match.record.actions)
    for damage in ('note {"not": "a note"}', "note " + "[" * 100_000, 'note ["k", [1], 2]', "note \ufffd",
                   'note ["k", ["a","b","c","d","e","f","g","h","i"], 1]'):
        journal.write_text("\n".join([*lines[:first_note], damage, *lines[first_note + 1:]]) + "\n", encoding="utf-8")
        loaded, notice = load_saved_game(paths)
        assert notice is None and loaded is not None
        assert loaded.actions == match.record.actions[:played_before], damage[:20]
        assert kept_answers(loaded) == {}, damage[:20]


def test_a_save_late_in_a_long_game_with_answers_landing_reads_no_more_than_one_early_on(
        paths: StoragePaths) -> None:
    match = person_and_bots(lives=99)
    match._actions = CountingList()  # the match appends to it; snapshots share it
    writer, counted = writer_for(paths)
    reads: list[int] = []

    def save(snapshot: Any, extra: Any) -> None:
        before = CountingList.read
        assert counted(snapshot, extra) is None
        reads.append(CountingList.read - before)

    answered = play(match, 1200, save)
    assert len(answered) > 100
    # An append reads the one new action; only the compactions (whole rewrites, after the first
    # base) read the game so far, whether or not an answer landed.
    whole = [r for r in reads if r > 1]
    assert len(whole) == writer.base_writes - 1 and 2 <= len(whole) <= 4
    loaded, _notice = load_saved_game(paths)
    assert loaded is not None and list(kept_answers(loaded)) == answered
