"""Where the player's files live: config, data and log folders.

By default the folders come from ``platformdirs`` (the place each platform
expects, never beside the program and never in a temporary folder). With
``--data-dir DIR`` everything goes under ``DIR/config``, ``DIR/data`` and
``DIR/logs`` ("portable" use, e.g. from a USB stick).

Folders are created only when a file is first written. A folder that cannot be
created or written is not a crash: the writer returns a one-line notice and the
game carries on with what it holds in memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "thirtyone"

SETTINGS_FILE = "settings.json"
CURRENT_GAME_FILE = "current_game.json"
CURRENT_GAME_JOURNAL = "current_game.journal"
STATS_FILE = "stats.json"
GAMES_FOLDER = "games"


@dataclass(frozen=True)
class StoragePaths:
    """The three folders the game writes to, and the files inside them."""

    config_dir: Path
    data_dir: Path
    log_dir: Path
    is_portable: bool = False

    @classmethod
    def default(cls) -> StoragePaths:
        """The platform's folders for "thirtyone" (e.g. ``~/.config/thirtyone`` on Linux)."""
        return cls(
            config_dir=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            data_dir=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
            log_dir=Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
        )

    @classmethod
    def portable(cls, root: str | Path) -> StoragePaths:
        """Everything under one folder: ``root/config``, ``root/data``, ``root/logs``."""
        base = Path(root).expanduser().absolute()
        return cls(base / "config", base / "data", base / "logs", is_portable=True)

    @property
    def settings_file(self) -> Path:
        """``config/settings.json``: the player's settings."""
        return self.config_dir / SETTINGS_FILE

    @property
    def current_game_file(self) -> Path:
        """``data/current_game.json``: the autosaved game in progress."""
        return self.data_dir / CURRENT_GAME_FILE

    @property
    def current_game_journal(self) -> Path:
        """``data/current_game.journal``: actions played since ``current_game.json`` was last written."""
        return self.data_dir / CURRENT_GAME_JOURNAL

    @property
    def games_dir(self) -> Path:
        """``data/games/``: one record per finished game."""
        return self.data_dir / GAMES_FOLDER

    @property
    def stats_file(self) -> Path:
        """``data/stats.json``: statistics of the human seats."""
        return self.data_dir / STATS_FILE

    def describe(self) -> str:
        """One line per folder, for ``--help`` texts, the README and bug reports."""
        return (f"settings: {self.config_dir}\n"
                f"saved games and statistics: {self.data_dir}\n"
                f"logs and crash logs: {self.log_dir}")


def storage_problem(sentence: str, path: Path, error: OSError) -> str:
    """A one-line notice for a file that could not be read or written: ``sentence`` (already in the
    player's language) with its ``{path}`` and ``{reason}`` filled in."""
    reason = error.strerror or error.__class__.__name__
    return sentence.format(path=path, reason=reason)
