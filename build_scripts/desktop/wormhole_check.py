"""Play a table through an internet invite with the built program, as two friends would:
``python build_scripts/desktop/wormhole_check.py PROGRAM`` (run by a Python that has the test extra:
magic-wormhole-mailbox-server and magic-wormhole-transit-relay).

Starts a magic-wormhole mailbox server and transit relay on 127.0.0.1 (no other host is reachable
in CI), then ``PROGRAM serve --wormhole`` with a remote seat and a bot; reads the invitation line it
prints and runs that line with ``PROGRAM`` (a bot plays the friend's seat) to the game's end. Exits 0
when both ended well and the host printed the friend's name and the record; 1, saying what happened,
otherwise; 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.net.wormhole_support import local_relays  # noqa: E402  (the tests' relays, one definition)

GAME_S = 300
"""How long the game through the tunnel may take before it counts as hung."""


def check(program: Path, folder: Path) -> str:
    """Play the invited game; what went wrong, or "" when it ended well."""
    with local_relays(folder) as relays:
        env = {**os.environ, "THIRTYONE_WORMHOLE_MAILBOX": relays.mailbox, "THIRTYONE_WORMHOLE_TRANSIT": relays.transit}
        serve = subprocess.Popen([str(program), "--data-dir", str(folder / "host"), "serve", "--port", "0",
                                  "--host", "127.0.0.1", "--seats", "remote,casual", "--wormhole", "--no-advertise",
                                  "--seed", "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            assert serve.stdout is not None
            opened, invitation = serve.stdout.readline(), serve.stdout.readline().strip()
            if not invitation.startswith("Invitation 1 over the internet: thirtyone join --wormhole "):
                return f"serve printed no invitation: {opened.strip()!r} {invitation!r}"
            line = invitation.split(": ", 1)[1].split()[1:]
            joined = subprocess.run([str(program), "--data-dir", str(folder / "friend"), *line, "--bot", "casual",
                                     "--name", "Far"], capture_output=True, text=True, env=env, timeout=GAME_S)
            out, err = serve.communicate(timeout=GAME_S)
        except subprocess.TimeoutExpired:
            return f"the game through the tunnel did not end within {GAME_S} s"
        finally:
            if serve.poll() is None:
                serve.kill()
                serve.wait()
    if joined.returncode != 0:
        return f"join --wormhole exited {joined.returncode}: {joined.stderr.strip()[-500:]}"
    if serve.returncode != 0 or "Far" not in out or "Record: " not in out:
        return f"serve exited {serve.returncode} without the friend's game: {(out + err).strip()[-500:]}"
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wormhole_check.py", description=__doc__.splitlines()[0])
    parser.add_argument("program", type=Path, help="the built program")
    args = parser.parse_args(argv)
    if not args.program.is_file():
        parser.error(f"no program at {args.program}")
    with tempfile.TemporaryDirectory(prefix="thirtyone-wormhole-") as scratch:
        problem = check(args.program.resolve(), Path(scratch))
    if problem:
        print(f"wormhole_check: {args.program}: {problem}", file=sys.stderr)
        return 1
    print(f"wormhole_check: {args.program} hosted a table, a friend joined it by wormhole code through a local "
          "mailbox and transit relay, and the game ended with its record")
    return 0


if __name__ == "__main__":
    sys.exit(main())
