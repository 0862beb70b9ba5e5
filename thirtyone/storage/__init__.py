"""Player files: settings, the autosaved game, finished games, statistics, crash logs.

Standard library and ``platformdirs`` only (no pygame): the window builds its
Settings and Statistics screens on this API. Nothing here raises for a bad or
unwritable file; functions return a one-line notice for the player instead.
"""

from .atomic import ReadResult, ReadStatus, read_json, set_aside, write_atomic
from .paths import StoragePaths
from .saves import SaveError, archive_game, archived_games, clear_saved_game, load_saved_game, save_game, saved_extras
from ..model.options import Option
from .setting_options import SETTING_OPTIONS, SPEEDS
from .settings import THEMES, Settings, SettingsError, load_settings, reset_settings, save_settings
from .stats import (GameSummary, Stats, StatsError, Totals, finishing_places, load_stats, record_finished_game,
                    reset_stats, save_stats, summarize_game)
from .crash import guarded, write_crash_log
from .cli_options import add_storage_arguments, storage_from_args

__all__ = [
    "GameSummary", "Stats", "StatsError", "Totals", "finishing_places", "load_stats", "record_finished_game",
    "reset_stats", "save_stats", "summarize_game", "guarded", "write_crash_log", "add_storage_arguments",
    "storage_from_args",
    "ReadResult", "ReadStatus", "SETTING_OPTIONS", "SPEEDS", "Option", "SaveError", "Settings", "SettingsError", "StoragePaths", "THEMES",
    "archive_game", "archived_games", "clear_saved_game", "load_saved_game", "load_settings", "read_json",
    "reset_settings", "save_game", "save_settings", "saved_extras", "set_aside", "write_atomic",
]
