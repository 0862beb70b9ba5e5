"""Game records: JSON round trips, partial records, and refusals with line and reason."""

import json

import pytest

from thirtyone.model import RecordError
from thirtyone.model.record import GameRecord

from tests.engine_support import scripted_record
from tests.locations import DATA


def test_round_trip_and_replay():
    record = scripted_record()
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    final = again.final_state()
    assert final.tokens == (2, 4, 4)
    assert final.last_result.reasons[0] == "Kelly knocked and had the lowest hand, 25: loses 2 lives."


def test_one_action_per_line():
    text = scripted_record().to_json()
    lines = text.splitlines()
    start = lines.index('  "actions": [')
    assert lines[start + 1:start + 7] == ['    "deal",', '    "knock",', '    "draw",', '    "discard 3C",',
                                          '    "draw",', '    "discard 5S"']


def test_partial_records_are_valid():
    for count in range(0, 6):
        record = scripted_record()
        partial = GameRecord(record.rules, record.seats, record.seed, record.first_dealer,
                             record.actions[:count], record.decks)
        assert GameRecord.from_json(partial.to_json()).final_state() == partial.final_state()


def test_illegal_action_is_refused_with_line_and_reason():
    text = scripted_record().to_json().replace('"discard 3C"', '"discard QS"')
    line = text.splitlines().index('    "discard QS",') + 1
    with pytest.raises(RecordError, match=rf"line {line}: action 4 \(discard QS\) is illegal: you do not hold Q♠"):
        GameRecord.from_json(text)


def test_unreadable_action_is_refused_with_line():
    text = scripted_record().to_json().replace('"knock"', '"shout"')
    line = text.splitlines().index('    "shout",') + 1
    with pytest.raises(RecordError, match=rf"line {line}: action 2: 'shout' is not an action"):
        GameRecord.from_json(text)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(version=3), "version 3, newer than this program reads"),
    (lambda d: d.update(format="chess"), "not a thirtyone game record"),
    (lambda d: d.update(seats="nobody"), "seats must be a list"),
    (lambda d: d["rules"].update(lives=0), "bad rules: lives must be between 1 and 99"),
    (lambda d: d.update(seed="x"), "seed must be a whole number"),
    (lambda d: d.update(first_dealer=7), "first_dealer must be a seat number from 0 to 2"),
    (lambda d: d.update(decks=["AS AS"]), "deck 1: AS appears more than once"),
    (lambda d: d.update(preset="poker"), "unknown preset 'poker'"),
])
def test_malformed_records_are_refused(mutate, message):
    data = json.loads(scripted_record().to_json())
    mutate(data)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(json.dumps(data, indent=2))


def test_broken_json_reports_its_line():
    text = scripted_record().to_json()
    broken = text.replace('"seed": 3,', '"seed": 3,,')
    line = broken.splitlines().index('  "seed": 3,,') + 1
    with pytest.raises(RecordError, match=rf"line {line}: not valid JSON"):
        GameRecord.from_json(broken)


def test_a_version_1_record_is_written_back_with_its_decks():

    text = (DATA / "record_v1_classic.json").read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1 and "decks" not in json.loads(text)
    record = GameRecord.from_json(text)
    final = record.final_state()
    assert len(record.decks) == final.round_number  # every dealt round, written out
    again = GameRecord.from_json(record.to_json())
    assert json.loads(record.to_json())["version"] == 2
    assert again.final_state() == final
