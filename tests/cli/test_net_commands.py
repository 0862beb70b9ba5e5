"""``thirtyone serve`` and ``thirtyone join --bot`` as separate programs on 127.0.0.1, over ws:// and wss://,
and their refusals of bad arguments (exit 2 with usage)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_support import run
from tests.locations import ROOT

ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
TABLE_LINE = re.compile(r"Table open at (wss?://127\.0\.0\.1:\d+) with join code ([A-Z0-9]{3}-[A-Z0-9]{3})")


def _serve(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], str, str]:
    serve = subprocess.Popen(
        [sys.executable, "-m", "thirtyone", "--language", "en", "serve", "--preset", "london", "--seats", "remote,remote,sharp",
         "--port", "0", "--host", "127.0.0.1", "--code", "kx4 trm", "--data-dir", str(tmp_path / "host"),
         "--seed", "3", "--no-advertise", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    assert serve.stdout is not None
    line = serve.stdout.readline()
    found = TABLE_LINE.search(line)
    assert found, line + (serve.stderr.read() if serve.stderr else "")
    return serve, found.group(1), found.group(2)


def _join(url: str, code: str, name: str, *extra: str, folder: Path, bot: str = "casual") -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "thirtyone", "--language", "en", "--data-dir", str(folder / name),
                             "join", url, "--code", code, "--name", name, "--bot", bot, *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def _standings(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\d+\. ", line)]


def test_serve_and_two_joiners_play_a_game_to_the_end_and_the_host_keeps_its_record(tmp_path: Path) -> None:
    serve, url, code = _serve(tmp_path)
    assert code == "KX4-TRM"
    joiners = [_join(url, code, name, folder=tmp_path) for name in ("Ann", "Ben")]
    outputs = [joiner.communicate(timeout=60) for joiner in joiners]
    served, problems = serve.communicate(timeout=60)
    assert serve.returncode == 0, problems
    for joiner, (out, err) in zip(joiners, outputs):
        assert joiner.returncode == 0, err
        assert "Joined " + url in out
        assert _standings(out) == _standings(served) and len(_standings(out)) == 3
    archived = re.search(r"Record: (\S+)", served)
    assert archived, served
    record = json.loads(Path(archived.group(1)).read_text(encoding="utf-8"))
    assert [seat["name"] for seat in record["seats"]][:2] in (["Ann", "Ben"], ["Ben", "Ann"])
    assert "tokens" not in json.dumps(record.get("meta", {}))
    assert not (tmp_path / "host" / "data" / "hosted_game.json").exists()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
def test_a_table_over_tls_with_a_self_made_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=localhost", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    serve, url, code = _serve(tmp_path, "--certfile", str(cert), "--keyfile", str(key))
    assert url.startswith("wss://")
    untrusting = _join(url, code, "Eve", folder=tmp_path)
    _out, err = untrusting.communicate(timeout=60)
    assert untrusting.returncode == 1 and "certificate" in err.lower()
    joiners = [_join(url, code, name, "--cafile", str(cert), folder=tmp_path) for name in ("Ann", "Ben")]
    outputs = [joiner.communicate(timeout=60) for joiner in joiners]
    served, problems = serve.communicate(timeout=60)
    assert serve.returncode == 0, problems
    assert all(joiner.returncode == 0 for joiner in joiners), [err for _out, err in outputs]
    assert _standings(outputs[0][0]) == _standings(served)


def test_a_joiner_of_a_closed_table_says_so_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "join", "ws://127.0.0.1:9", "--code", "KX4-TRM", "--bot", "casual")
    assert code == 1 and out == ""
    assert err.startswith("thirtyone join: cannot reach ws://127.0.0.1:9") and err.count("\n") == 1


@pytest.mark.parametrize("argv, words", [
    (["serve", "--seats", "sharp,sharp,sharp"], "at least one seat must be remote"),
    (["serve", "--seats", "remote,wizard"], "'wizard' is not a seat"),
    (["serve", "--seats", "remote"], "classic is played by 2 to"),
    (["serve", "--port", "70000"], "is not a port"),
    (["serve", "--code", "OIL-015"], "is not a join code"),
    (["serve", "--certfile", "c.pem"], "--certfile and --keyfile go together"),
    (["serve", "--preset", "nope"], "invalid choice"),
    (["join", "http://x:1", "--code", "KX4-TRM", "--bot", "casual"], "is not a table address"),
    (["join", "ws://x:1", "--bot", "casual"], "give the table's address and --code, or --wormhole CODE"),
    (["join", "--code", "KX4-TRM", "--bot", "casual"], "give the table's address and --code, or --wormhole CODE"),
    (["join", "ws://x:1", "--wormhole", "7-guitar-ocean"], "--wormhole replaces the address and --code"),
    (["join", "ws://x:1", "--code", "KX4-TRM", "--bot", "wizard"], "'wizard' is not a bot"),
])
def test_bad_arguments_exit_2_with_usage(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "usage: thirtyone" in err and words in err


def test_a_refusal_is_shown_in_the_joiners_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from thirtyone import i18n
    from tests.net.net_support import open_table
    host = open_table("classic", ["remote", "sharp"])
    try:
        code, out, err = run(capsys, "--language", "de", "--data-dir", str(tmp_path), "join", host.url, "--code", "AAA-AAA", "--bot", "casual")
    finally:
        host.stop()
        i18n.set_language("en")
    assert code == 1 and out == ""
    assert err == "thirtyone join: falscher Tischcode\n"


def test_the_host_quits_mid_game_and_the_same_commands_again_finish_it_with_the_same_seats(tmp_path: Path) -> None:
    serve, url, code = _serve(tmp_path)
    joiners = [_join(url, code, name, folder=tmp_path, bot="tests.net.slow_bot:make") for name in ("Ann", "Ben")]
    saved = tmp_path / "host" / "data" / "hosted_game.json"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if len(json.loads(saved.read_text(encoding="utf-8"))["actions"]) >= 10:
                break
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.02)
    serve.send_signal(signal.SIGTERM)
    _out, problems = serve.communicate(timeout=120)
    assert serve.returncode == 1 and "The game is kept in" in problems
    seats_before = []
    for joiner in joiners:
        out, err = joiner.communicate(timeout=120)
        assert joiner.returncode == 1 and "The host left the table" in err, err
        seats_before.append(re.search(r"in seat (\d)", out).group(1))
    kept = json.loads(saved.read_text(encoding="utf-8"))
    assert 10 <= len(kept["actions"])

    again, url, code_again = _serve(tmp_path)
    assert code_again == code
    joiners = [_join(url, code, name, folder=tmp_path) for name in ("Ann", "Ben")]
    outputs = [joiner.communicate(timeout=60) for joiner in joiners]
    served, problems = again.communicate(timeout=60)
    assert again.returncode == 0 and "Resuming the hosted game" in problems
    assert [re.search(r"in seat (\d)", out).group(1) for out, _err in outputs] == seats_before
    assert all(joiner.returncode == 0 for joiner in joiners)
    record = json.loads(Path(re.search(r"Record: (\S+)", served).group(1)).read_text(encoding="utf-8"))
    assert record["actions"][:len(kept["actions"])] == kept["actions"]
