"""``thirtyone-window``: the game window without a console window beside it.

Installed as a GUI script, which on Windows starts with ``pythonw`` (no console);
elsewhere it is the same as ``thirtyone``. Takes the same arguments.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with somewhere to write even when there is no console."""
    # pythonw gives no standard streams: anything printed (a notice, --version) would raise.
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    from .cli import main as cli_main
    return cli_main(argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
