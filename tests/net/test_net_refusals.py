"""Every refusal a host sends travels as a key with its English sentence and reaches a German player in German."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from thirtyone import i18n
from thirtyone.net import messages
from thirtyone.net.client import JoinError, TableClient
from thirtyone.net.protocol import PROTOCOL, ProtocolError, read_client_message
from thirtyone.net.refusals import REFUSALS, Refusal, refusal_text

from tests.net.net_support import CODE, open_table

GERMAN: dict[str, tuple[dict[str, object], str]] = {
    "binary": ({}, "Nachrichten sind JSON-Textframes, keine Binärdaten"),
    "too-big": ({"limit": 4096}, "eine Nachricht darf höchstens 4096 Bytes lang sein"),
    "not-json": ({"detail": "line 1"}, "kein JSON: line 1"),
    "not-object": ({}, "eine Nachricht ist ein JSON-Objekt mit einem \"type\""),
    "unknown-type": ({"kind": "'dance'", "types": "hello, act"},
                     "unbekannte Nachrichtenart 'dance'; ein Client sendet hello, act"),
    "missing-field": ({"kind": "hello", "field": "'code'"}, "hello: das Feld 'code' fehlt"),
    "wrong-type": ({"kind": "hello", "field": "seat", "types": ("a whole number", "null"), "value": "'x'"},
                   "hello: seat muss eine ganze Zahl oder null sein, nicht 'x'"),
    "unknown-field": ({"kind": "act", "field": "'seat'"}, "act: unbekanntes Feld 'seat'"),
    "hello-first": ({}, "zuerst hello senden"),
    "protocol-newer": ({"host": 1, "client": 2}, "dieser Tisch spricht Protokoll 1 und dein Programm Protokoll 2 "
                       "(neuer): Spiel mit derselben Version von thirtyone wie der Gastgeber"),
    "protocol-older": ({"host": 2, "client": 1}, "dieser Tisch spricht Protokoll 2 und dein Programm Protokoll 1 "
                       "(älter): Spiel mit derselben Version von thirtyone wie der Gastgeber"),
    "wrong-code": ({}, "falscher Tischcode"),
    "token": ({}, "dieses Token öffnet diesen Platz nicht"),
    "started": ({}, "das Spiel hat schon begonnen: Nur seine Spieler können zurückkommen (mit ihrem Token), "
                "alle anderen nur zuschauen"),
    "full": ({}, "an diesem Tisch ist kein Platz frei"),
    "flooding": ({}, "zu viele Nachrichten: bitte langsamer"),
    "hello-twice": ({}, "hello wird nur einmal gesendet"),
    "spectator": ({}, "Zuschauer schauen zu, sie spielen nicht"),
    "not-started": ({}, "das Spiel hat noch nicht begonnen"),
    "already-started": ({}, "das Spiel hat schon begonnen"),
    "guessing": ({"limit": 5, "minutes": 1}, "zu viele falsche Tischcodes von deiner Adresse: versuch es in 1 Min. wieder"),
    "host-starts": ({}, "nur der Gastgeber beginnt das Spiel (Jetzt beginnen, in seiner Lobby)"),
    "early-answer": ({}, "diese Antwort kam vor dem Ziehen: schieß erst nach dem Signal zurück"),
    "not-text": ({"kind": "hello", "field": "code"}, "hello: code ist kein gültiger Text (er enthält ein einzelnes Surrogat)"),
    "duel-on": ({}, "auf ein Ziehen wird gerade geantwortet: warte auf den Schuss"),
    "stale": ({}, "dieser Zug galt einem früheren Moment: Am Tisch ist es inzwischen weitergegangen"),
    "unreadable-action": ({"detail": "'dance'"}, "die Aktion ist nicht lesbar: 'dance'"),
    "quickdraw-form": ({}, "ziehen mit \"quickdraw DEIN-PLATZ ZIEL\"; die Antworten misst der Gastgeber"),
    "no-draw-target": ({}, "auf diesen Platz kannst du jetzt nicht ziehen"),
    "illegal": ({"reason": "the game has not started"}, "das Spiel hat noch nicht begonnen"),
}


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    try:
        yield
    finally:
        i18n.set_language("en")


def test_every_refusal_has_a_german_sentence_here() -> None:
    assert set(GERMAN) == set(REFUSALS)


@pytest.mark.parametrize("key", sorted(GERMAN))
def test_a_refusal_on_the_wire_reads_in_german(german: None, key: str) -> None:
    args, words = GERMAN[key]
    frame = json.dumps(messages.refused(Refusal(key, args)))  # type: ignore[arg-type]
    received = json.loads(frame)
    assert received["key"] == key and received["reason"] == str(Refusal(key, args))  # type: ignore[arg-type]
    assert refusal_text(received) == words
    assert refusal_text(json.loads(json.dumps(messages.error(Refusal(key, args))))) == words  # type: ignore[arg-type]


def test_the_english_sentence_is_the_reason_on_the_wire() -> None:
    sent = messages.refused(Refusal("wrong-type", {"kind": "hello", "field": "seat", "types": ("a whole number", "null"),
                                                   "value": "'x'"}))
    assert sent["reason"] == "hello: seat must be a whole number or null, not 'x'"
    assert refusal_text(sent) == sent["reason"]


@pytest.mark.parametrize("frame, words", [
    (b"\x00", "keine Binärdaten"),
    ("x" * 5000, "höchstens 4096 Bytes"),
    ("{nope", "kein JSON"),
    ("[1]", "JSON-Objekt"),
    ('{"type": "dance"}', "unbekannte Nachrichtenart 'dance'"),
    ('{"type": "hello", "code": "A"}', "hello: das Feld 'protocol' fehlt"),
    ('{"type": "answer", "cue": true}', "answer: cue muss eine ganze Zahl sein, nicht True"),
    ('{"type": "act", "action": "draw", "seat": 2}', "act: unbekanntes Feld 'seat'"),
])
def test_a_message_off_its_schema_is_refused_with_a_key_the_client_translates(german: None, frame: str | bytes,
                                                                               words: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_client_message(frame)
    assert words in refusal_text(json.loads(json.dumps(messages.refused(refused.value.refusal))))


def test_an_unknown_key_or_args_that_do_not_fit_show_the_reason_as_sent(german: None) -> None:
    assert refusal_text({"type": "refused", "key": "from-the-future", "reason": "wrong join code"}) == "falscher Tischcode"
    assert refusal_text({"type": "refused", "key": "too-big", "args": {}, "reason": "too big"}) == "too big"
    assert refusal_text({"type": "error", "reason": "x" * 10_000}).endswith("…")


def test_a_real_host_refuses_a_joiner_in_their_language(german: None) -> None:
    host = open_table("classic", ["remote", "sharp"])
    try:
        refusals = []
        for client in (TableClient(host.url, "AAA-AAA", name="Eve", seat=0),
                       TableClient(host.url, CODE, name="Eve", seat=0, token="x" * 32),
                       TableClient(host.url, CODE, name="Eve", seat=0, protocol=PROTOCOL + 1)):
            with pytest.raises(JoinError) as refused:
                client.connect()
            refusals.append((str(refused.value), refused.value.refusal))
        spectator = TableClient(host.url, CODE, spectate=True)
        spectator.connect()
        spectator.act("draw")
        error = spectator.receive(10)
        while error is not None and error["type"] != "error":
            error = spectator.receive(10)
        spectator.close()
    finally:
        host.stop()
    assert refusals == [("falscher Tischcode", "wrong-code"), ("dieses Token öffnet diesen Platz nicht", "token"),
                        (GERMAN["protocol-newer"][1].replace("Protokoll 2", f"Protokoll {PROTOCOL + 1}", 1)
                         .replace("Protokoll 1", f"Protokoll {PROTOCOL}", 1),
                         "protocol-newer")]
    assert error is not None and refusal_text(error) == "Zuschauer schauen zu, sie spielen nicht"


def test_an_address_that_tried_too_many_wrong_codes_is_refused_even_with_the_right_one() -> None:
    from thirtyone.net.admission import WRONG_CODES_PER_ADDRESS
    from thirtyone.net.protocol import CODE_SPACE
    import math
    assert round(math.log2(CODE_SPACE), 1) == 26.8
    host = open_table("classic", ["remote", "sharp"])
    try:
        keys = []
        for code in ["AAA-AAA"] * WRONG_CODES_PER_ADDRESS + [CODE]:
            with pytest.raises(JoinError) as refused:
                TableClient(host.url, code, name="Eve", seat=0).connect()
            keys.append(refused.value.refusal)
    finally:
        host.stop()
    assert keys == ["wrong-code"] * WRONG_CODES_PER_ADDRESS + ["guessing"]
    assert "too many wrong join codes" in str(refused.value)
