"""Hostile and damaged game records: every one ends in one clear line, never a traceback or a hang.

The big inputs are generated here, not committed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirtyone.model.errors import IllegalActionError, InvalidActionError, RecordError
from thirtyone.model.actions import parse_action
from thirtyone.paths import MAX_FILE_BYTES
from thirtyone.model.record import GameRecord
from tests.locations import ROOT

HEAD = {"format": "thirtyone-record", "version": 2, "preset": "classic",
        "seats": [{"name": "Ann", "player": "human"}, {"name": "Bob", "player": "bot:sharp"}], "seed": 7}


def record_text(**changes: object) -> str:
    data = dict(HEAD, actions=["deal", "draw"])
    data.update(changes)
    return json.dumps(data, indent=2, ensure_ascii=False)


def refusal(raw: str | bytes) -> str:
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(raw)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= 240
    return message


def test_a_byte_order_mark_is_accepted() -> None:
    record = GameRecord.from_json(b"\xef\xbb\xbf" + record_text().encode())
    assert [seat.name for seat in record.seats] == ["Ann", "Bob"] and len(record.actions) == 2


@pytest.mark.parametrize("raw, words", [
    (record_text(seats=[{"name": "José"}, {"name": "Bob"}]).encode("latin-1"), "not UTF-8 text"),
    (record_text().encode("utf-16"), "UTF-16 text; it must be saved as UTF-8"),
    (bytes(range(256)) * 4, "not UTF-8 text"),
    (b"\x00" * 1000, "not valid JSON"),
    (b"[" * 50_000 + b"]" * 50_000, "nested too deeply"),
    (b'{"a":' * 40 + b"1" + b"}" * 40, "nested too deeply"),
    (record_text().replace('"seed": 7', '"seed": ' + "9" * 5000).encode(), "a number 5000 digits long"),
    (record_text().replace('"seed": 7', '"seed": 1e999').encode(), "too large"),
    (record_text().replace('"seed": 7', '"seed": NaN').encode(), "NaN"),
    (b"", "is empty"),
])
def test_undecodable_files_are_refused_in_one_line(raw: bytes, words: str) -> None:
    assert words in refusal(raw)


@pytest.mark.parametrize("changes, words", [
    ({"preset": ["classic"]}, "unknown preset ['classic']"),
    ({"preset": {"x": 1}}, "unknown preset"),
    ({"version": 0}, "version must be a whole number from 1 to 2, not 0"),
    ({"version": -3}, "version must be a whole number from 1 to 2, not -3"),
    ({"seats": []}, "these rules are for 2 to 8 players, not 0"),
    ({"seats": [{"name": "Solo"}]}, "these rules are for 2 to 8 players, not 1"),
    ({"seats": [{"name": "A", "player": 5}, {"name": "B"}]}, "seats must be a list"),
    ({"decks": [5]}, "deck 1 must be cards written like \"AS KS QS\", not 5"),
    ({"decks": "AS KS QS"}, "decks must be a list of decks"),
    ({"decks": ["AS ZZ"]}, "deck 1: "),
    ({"rules": ["lives"]}, "bad rules"),
    ({"actions": "deal"}, "actions must be a list"),
    ({"actions": ["deal", 7]}, "action 2 must be a string like \"draw\", not 7"),
])
def test_wrong_types_are_refused_in_player_words(changes: dict[str, object], words: str) -> None:
    message = refusal(record_text(**changes))
    assert words in message
    assert "object is not" not in message and "Traceback" not in message


def test_a_huge_bad_value_is_not_repeated_back() -> None:
    huge = "x" * 1_000_000
    for changes in ({"preset": huge}, {"actions": ["deal", huge]}, {"decks": [huge]}, {"seed": huge}):
        message = refusal(record_text(**changes))
        assert "xxxxxxxxxx" in message or "seed" in message or "deck" in message
        assert len(message) <= 240


def test_malformed_action_text_is_invalid_not_illegal() -> None:
    with pytest.raises(InvalidActionError, match="is not an action"):
        parse_action("dance")
    assert not issubclass(InvalidActionError, IllegalActionError)


@pytest.mark.bench  # a speed limit: measured apart (pytest -m bench), never in the default run
def test_line_numbers_of_actions_are_found_in_linear_time() -> None:
    actions = ["deal"] + ["draw"] * 80_000 + ["shout"]
    text = json.dumps(dict(HEAD, actions=actions), indent=2)
    line = text.splitlines().index('    "shout"') + 1
    started = time.process_time()
    message = refusal(text)
    spent = time.process_time() - started
    assert message.startswith(f"line {line}: action 80002: 'shout' is not an action")
    assert spent < 8.0, f"80,000 actions took {spent:.1f} CPU s (quadratic line counting took 68 s)"


def run_replay(path: Path | str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "thirtyone", "replay", str(path)], capture_output=True,
                          text=True, timeout=300, env=env)  # only bounds a hang


@pytest.mark.parametrize("name, content, words", [
    ("latin1.json", record_text(seats=[{"name": "José"}, {"name": "Bob"}]).encode("latin-1"), "not UTF-8"),
    ("deep.json", b"[" * 50_000 + b"]" * 50_000, "nested too deeply"),
    ("number.json", record_text().replace('"seed": 7', '"seed": ' + "1" * 4400).encode(), "4400 digits"),
    ("preset.json", record_text(preset=["classic"]).encode(), "unknown preset"),
    ("version.json", record_text(version=0).encode(), "version must be"),
    ("big.json", b" " * (MAX_FILE_BYTES + 1), "larger than 16 MB"),
])
def test_replay_command_refuses_hostile_files_in_one_line(tmp_path: Path, name: str, content: bytes,
                                                          words: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    result = run_replay(path)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in result.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_replay_refuses_an_endless_file_before_reading_it() -> None:
    result = run_replay("/dev/zero")  # reading it would never end: the timeout would fail the test
    assert result.returncode == 2 and "not a regular file" in result.stderr


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=20)
FIELDS = st.sampled_from(["format", "version", "preset", "rules", "seats", "seed", "first_dealer", "decks",
                          "meta", "actions"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_give_a_record_error_or_a_record(raw: bytes) -> None:
    try:
        GameRecord.from_json(raw)
    except RecordError as error:
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(FIELDS, JSON, max_size=4), JSON)
def test_random_json_gives_a_record_error_or_a_record(changes: dict[str, object], anything: object) -> None:
    for data in ({**HEAD, "actions": ["deal"], **changes}, anything):
        try:
            GameRecord.from_json(json.dumps(data))
        except RecordError as error:
            assert "\n" not in str(error)
