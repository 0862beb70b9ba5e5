"""Where the game's own files are (the assets shipped inside the package), and the one guarded way
to open a file the game reads.

Assets (cards, tokens, felts, sounds, fonts, icons) sit at the top of the source
tree in ``assets/``; the wheel and both PyInstaller builds ship them inside the
package as ``thirtyone/assets`` (the build backend and the spec map them there),
where ``importlib.resources`` finds them. A source checkout and an editable install
read the top-level folder itself. User
files (settings, saves, statistics) never go here but under the platform
folders (see ``storage``).

Every file the game or a command reads (settings, statistics, the autosave and
its journal, game records) is opened by ``read_regular``: only a regular file,
opened without blocking (a FIFO where a file should be would otherwise wait
for a writer for ever) and read up to a size limit (so ``/dev/zero`` or a
20 MB file is refused before it is read in full).
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import stat
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import BinaryIO, Iterator

from .i18n import _

PACKAGE = "thirtyone"
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The most ``read_regular`` reads of a file by default: no file the game reads comes near this
(a 100,000-action record is about 2 MB)."""
ASSETS = "assets"
"""The assets' folder: ``thirtyone/assets`` when installed or frozen, ``assets/`` beside the package in the tree."""

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


@cache
def assets_root() -> Traversable:
    """The folder holding ``cards/``, ``sounds/``, ``fonts/`` and the rest (a ``Path`` when on disk)."""
    shipped = resources.files(PACKAGE) / ASSETS
    if shipped.is_dir():
        return shipped  # an installed wheel or a frozen build
    return Path(__file__).resolve().parent.parent / ASSETS  # the source tree (an editable install runs it too)


@cache
def asset_path(*parts: str) -> Path:
    """A file-system path to one asset, e.g. ``asset_path("cards", "classic", "AS.png")``.

    pygame opens files by name, so an asset inside a zip (a zipped install) is
    extracted once to a temporary file that lives until the program exits.
    """
    resource = assets_root().joinpath(*parts)
    if isinstance(resource, Path):
        return resource
    return _extracted.enter_context(resources.as_file(resource))


def asset_files() -> Iterator[tuple[str, ...]]:
    """Every shipped asset file, as the ``parts`` that ``asset_path`` takes, in a stable order."""
    def walk(folder: Traversable, prefix: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        for entry in sorted(folder.iterdir(), key=lambda item: item.name):
            if entry.is_dir():
                yield from walk(entry, prefix + (entry.name,))
            elif entry.is_file():
                yield prefix + (entry.name,)
    return walk(assets_root(), ())


class UnusableFileError(OSError):
    """A path that names something the game will not read: not a regular file, or far too large.
    ``strerror`` completes a sentence about the file ("is not a regular file ...")."""


def open_regular(path: str | Path) -> BinaryIO:
    """``path`` opened for reading bytes, if it is a regular file (following symbolic links).

    A folder, FIFO, device or socket raises ``UnusableFileError`` without waiting: the open does
    not block (a FIFO with no writer would wait for ever) and the kind is checked on the opened
    file itself, so nothing can be swapped in between. Other problems raise ``OSError`` as ``open`` does.
    """
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFOs in the file system
    flags = os.O_RDONLY | nonblocking | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError:  # a socket cannot be opened at all, nor a folder on Windows: name what it is
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        _refuse_unless_regular(mode, path)
        raise
    try:
        _refuse_unless_regular(os.fstat(descriptor).st_mode, path)
        if nonblocking:
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _refuse_unless_regular(mode: int, path: str | Path) -> None:
    if stat.S_ISDIR(mode):
        raise UnusableFileError(errno.EISDIR, _("is a folder, not a file"), str(path))
    if not stat.S_ISREG(mode):
        raise UnusableFileError(errno.EINVAL, _("is not a regular file (a pipe, device or socket)"), str(path))


def read_regular(path: str | Path, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``; ``UnusableFileError`` if it is not one or holds more
    than ``limit`` bytes (default ``MAX_FILE_BYTES``, checked before reading it all);
    ``OSError`` if it cannot be read."""
    if limit is None:
        limit = MAX_FILE_BYTES
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise UnusableFileError(errno.EFBIG, _("is larger than {size} MB, far more than any game file").format(
            size=limit // (1024 * 1024)), str(path))
    return data
