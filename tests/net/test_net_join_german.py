"""``thirtyone join`` in German: what the joining program says itself about reaching a table, in German,
with the documented exit codes (1: the table cannot be joined or is lost; 2: bad arguments)."""

from __future__ import annotations

import ast
import http.server
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from thirtyone import i18n
from thirtyone.net.client import TableClient

from tests.cli_support import run
from tests.locations import ROOT
from tests.net.net_support import CODE, open_table

TRANSLATING = {"_", "refusal_text", "unreachable", "closed_by_host"}
"""What a ``JoinError``'s words may come from: ``_()`` itself, or a function of ``net/`` that words them with it."""


@pytest.fixture
def english_after() -> Iterator[None]:
    """``main`` switches the whole process to German: the tests after this one read English again."""
    yield
    i18n.set_language("en")


def _join_in_german(capsys: pytest.CaptureFixture[str], folder: Path, url: str,
                    *extra: str) -> tuple[object, str, str]:
    result: tuple[object, str, str] = run(capsys, "--language", "de", "--data-dir", str(folder), "join", url,
                                          "--code", CODE, "--bot", "casual", *extra)
    return result


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_nobody_listening_at_the_address_is_said_in_german_and_exits_1(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, english_after: None) -> None:
    url = f"ws://127.0.0.1:{_closed_port()}"
    code, out, err = _join_in_german(capsys, tmp_path, url)
    assert (code, out) == (1, "")
    assert err == f"thirtyone join: {url} ist nicht erreichbar: An dieser Adresse und diesem Port ist kein Tisch offen\n"


def _join_in_german_after_ann(capsys: pytest.CaptureFixture[str], folder: Path,
                              **options: int) -> tuple[object, str, str]:
    """``join`` in German at a two-seat table (one remote seat, one bot) where Ann sat down first."""
    host = open_table("classic", ["remote", "sharp"], **options)
    try:
        first = TableClient(host.url, CODE, name="Ann")
        first.connect()
        result = _join_in_german(capsys, folder, host.url)
        first.close()
    finally:
        host.stop()
    return result


def test_a_host_with_no_room_for_another_connection_is_said_in_german_and_exits_1(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, english_after: None) -> None:
    code, out, err = _join_in_german_after_ann(capsys, tmp_path, max_connections=1)
    assert (code, out) == (1, "")
    assert err == ("thirtyone join: der Gastgeber hat dich nicht an den Tisch gelassen "
                   "(zu viele Verbindungen: Versuche es später noch einmal)\n")


def test_a_table_with_every_seat_taken_is_said_in_german_and_exits_1(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, english_after: None) -> None:
    """Its one remote seat taken, the table starts: a newcomer is refused by the host, in German."""
    code, out, err = _join_in_german_after_ann(capsys, tmp_path)
    assert (code, out) == (1, "")
    assert err == ("thirtyone join: das Spiel hat schon begonnen: Nur seine Spieler können zurückkommen "
                   "(mit ihrem Token), alle anderen nur zuschauen\n")


class _NotATable(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"a web page")

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_an_address_where_something_else_answers_is_said_in_german_and_exits_1(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, english_after: None) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NotATable)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    url = f"ws://127.0.0.1:{server.server_address[1]}"
    try:
        code, out, err = _join_in_german(capsys, tmp_path, url)
    finally:
        server.shutdown()
        server.server_close()
    assert (code, out) == (1, "")
    assert err == f"thirtyone join: {url} ist nicht erreichbar: Dort ist kein Tisch (ein Tisch mit TLS hat wss://)\n"


def test_a_certificate_file_that_is_not_there_is_a_bad_argument_said_in_german(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, english_after: None) -> None:
    missing = tmp_path / "missing.pem"
    code, out, err = _join_in_german(capsys, tmp_path, "wss://127.0.0.1:9", "--cafile", str(missing))
    assert (code, out) == (2, "")
    assert err.startswith("Aufruf: thirtyone join") and "Traceback" not in err
    assert err.splitlines()[-1].startswith(f"thirtyone join: Fehler: Dem Zertifikat {missing} kann nicht vertraut "
                                           "werden: ")


def test_every_join_error_the_client_raises_goes_through_the_catalogue() -> None:
    """The lines above cover a few causes; this covers the rest: no ``JoinError`` in ``net/`` is raised with
    words that skip ``_()`` (an f-string or a bare literal would reach a German player in English)."""
    unmarked = []
    for path in sorted((ROOT / "thirtyone" / "net").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "JoinError" and node.args:
                words = node.args[0]
                if isinstance(words, ast.Call) and isinstance(words.func, ast.Attribute):
                    words = words.func.value  # _("…").format(…)
                marked = isinstance(words, ast.Call) and getattr(words.func, "id", "") in TRANSLATING
                if not marked and not isinstance(words, ast.Name):  # a name holds words worded elsewhere
                    unmarked.append(f"{path.name}:{node.lineno}")
    assert unmarked == []
