"""The protocol's own rules: join codes, the client messages' schemas and the version check."""

from __future__ import annotations

import json

import pytest

from thirtyone.net.protocol import (CODE_ALPHABET, MAX_CLIENT_MESSAGE_BYTES, PROTOCOL, ProtocolError, check_version,
                                    clean_name, is_code, new_code, normal_code, read_client_message)

LOOK_ALIKES = ["0O", "1IL", "2Z", "5S", "8B", "6G", "UV"]


def test_join_codes_are_six_letters_without_look_alikes_and_read_back_however_typed() -> None:
    codes = {new_code() for _ in range(500)}
    assert len(codes) > 490  # 26.8 bits each: hardly ever two alike
    for code in codes:
        assert is_code(code) and len(code) == 7 and code[3] == "-"
    for group in LOOK_ALIKES:
        assert sum(ch in CODE_ALPHABET for ch in group) <= 1, group
    assert normal_code(" kx4 trm ") == "KX4-TRM" == normal_code("kx4-trm")
    assert not is_code(normal_code("OIL-015"))


@pytest.mark.parametrize("frame, words", [
    ("[1, 2]", "a JSON object"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "act"}', "'action' is missing"),
    ('{"type": "act", "action": 7}', "action must be text"),
    ('{"type": "answer", "cue": true}', "cue must be a whole number"),
    ('{"type": "act", "action": "draw", "seat": 2}', "unknown field"),
    ('{"type": "hello", "protocol": 1, "code": "A", "spectate": "yes"}', "spectate must be true or false"),
    ("[" * 200 + "]" * 200, "not JSON"),
    ('{"type": "act", "action": "' + "x" * MAX_CLIENT_MESSAGE_BYTES + '"}', "at most"),
    (b"\x00", "binary"),
])
def test_a_message_off_its_schema_is_refused_in_one_sentence(frame: str | bytes, words: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_client_message(frame)
    assert words in str(refused.value) and "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_a_message_on_its_schema_is_read() -> None:
    hello = {"type": "hello", "protocol": PROTOCOL, "code": "KX4-TRM", "name": "Ann", "seat": None, "token": None}
    assert read_client_message(json.dumps(hello)) == hello
    assert check_version(hello) is None
    other = check_version({**hello, "protocol": PROTOCOL + 1})
    assert other is not None and "newer" in other and "same version of thirtyone" in other


def test_names_are_printable_trimmed_and_never_empty() -> None:
    assert clean_name("  Ann\x1b[31m  ", "Seat 1") == "Ann[31m"
    assert clean_name("\n\t", "Seat 1") == "Seat 1"
    assert len(clean_name("x" * 500, "Seat 1")) == 24
