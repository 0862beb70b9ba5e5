"""Command-line options about files and the window: ``--windowed``/``--fullscreen``,
``--data-dir DIR`` and ``--reset-settings``.

The lead wires these into ``thirtyone.cli.build_parser`` with
``add_storage_arguments(parser)``; after parsing, ``storage_from_args(args)``
gives the folders, the settings (with the command line's window mode applied)
and the notices to show the player.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..i18n import _
from .logs import setup_logging
from .paths import StoragePaths
from .settings import Settings, load_settings, reset_settings


def data_dir_argument(text: str) -> Path:
    """``--data-dir``'s type: a folder that exists or can be created; else ``ArgumentTypeError``."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("the data folder must not be empty"))
    folder = Path(text).expanduser().absolute()
    if folder.exists():
        if not folder.is_dir():
            raise argparse.ArgumentTypeError(_("{folder} is a file, not a folder").format(folder=folder))
        if not os.access(folder, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError(_("{folder} cannot be written to").format(folder=folder))
        return folder
    parent = folder.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise argparse.ArgumentTypeError(_("{folder} cannot be created: {parent} is a file").format(folder=folder, parent=parent))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(
            _("{folder} cannot be created: {parent} cannot be written to").format(folder=folder, parent=parent))
    return folder


def add_storage_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--windowed``/``--fullscreen`` (either), ``--data-dir DIR`` and ``--reset-settings``."""
    display = parser.add_mutually_exclusive_group()
    display.add_argument("--windowed", dest="display", action="store_const", const="windowed",
                         help=_("open in a window this time (the saved setting is unchanged)"))
    display.add_argument("--fullscreen", dest="display", action="store_const", const="fullscreen",
                         help=_("open full screen this time (the saved setting is unchanged)"))
    parser.add_argument("--data-dir", type=data_dir_argument, metavar="DIR",
                        help=_("portable use: keep settings, saved games, statistics and logs in DIR "
                             "(DIR/config, DIR/data, DIR/logs) instead of the usual folders"))
    parser.add_argument("--reset-settings", action="store_true",
                        help=_("put every setting back to its default before starting"))


def storage_from_args(args: argparse.Namespace) -> tuple[StoragePaths, Settings, list[str]]:
    """The folders, the settings to start with, and one-line notices for the player."""
    data_dir = getattr(args, "data_dir", None)
    paths = StoragePaths.portable(data_dir) if data_dir is not None else StoragePaths.default()
    setup_logging(paths)
    notices: list[str] = []
    if getattr(args, "reset_settings", False):
        problem = reset_settings(paths)
        notices.append(problem or _("Settings were reset to their defaults."))
    settings, notice = load_settings(paths)
    if notice:
        notices.append(notice)
    display = getattr(args, "display", None)
    if display is not None:
        settings = settings.replace(fullscreen=display == "fullscreen")
    return paths, settings, notices
