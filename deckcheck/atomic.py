"""Writing a file whole: a reader (or a crash) finds the old file or the new one, never half
of one. The one way deckcheck replaces a file it writes (a formatted list, a sheet, a cache
entry) and flushes one to the disk (a card database built beside the installed one)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from deckcheck.errors import DeckcheckError


class NotTheOwner(DeckcheckError, PermissionError):
    """The file belongs to another user, and a new file in its place would not."""


def fsync_path(path: str | os.PathLike[str], *, directory: bool = False) -> None:
    """Flush a file (or a folder's entries: a rename into it) to the disk; a folder that
    cannot be flushed (Windows, some file systems) is left as it is."""
    if directory and os.name == "nt":
        return
    flags = os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if directory else 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        if directory:
            return
        raise
    try:
        os.fsync(fd)
    except OSError:
        if not directory:
            raise
    finally:
        os.close(fd)


def write_atomically(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    keep: bool = False,
    exclusive: bool = False,
    durable: bool = True,
    still: Callable[[], bool] | None = None,
) -> bool:
    """Write ``data`` to a temporary file beside ``path`` and put it at ``path``.

    ``keep``: the new file keeps the mode, owner and group of the file it replaces
    (:class:`NotTheOwner` where the owner cannot be kept: the rename would take the file
    over); else it gets the mode a new file gets (0666 less the umask). ``exclusive``:
    the file is linked in, which fails (``FileExistsError``) where ``path`` exists, so of
    writers that overlap one wins. ``durable``: the file and the folder's entry are on the
    disk when it returns (a cache entry need not be). ``still``: asked just before the new file
    is put in place; where it says False (the old file was changed meanwhile) nothing is written
    and the answer is False. True: the file is there."""
    # tempfile imports random and more: a check of a deck writes no file and loads none of it.
    import tempfile

    path = Path(path)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        if keep:
            _keep_mode_and_owner(path, name)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(name, 0o666 & ~umask)
        if still is not None and not still():
            os.unlink(name)
            return False
        if exclusive:
            os.link(name, path)
            os.unlink(name)
        else:
            os.replace(name, path)
    except BaseException:
        try:
            os.unlink(name)
        except OSError:
            pass
        raise
    if durable:
        fsync_path(path.parent, directory=True)
    return True


def _keep_mode_and_owner(old: Path, new: str) -> None:
    os.chmod(new, old.stat().st_mode & 0o7777)
    before, after = old.stat(), os.stat(new)
    if (after.st_uid, after.st_gid) != (before.st_uid, before.st_gid) and hasattr(os, "chown"):
        try:
            os.chown(new, before.st_uid, before.st_gid)
        except PermissionError:
            raise NotTheOwner(str(old)) from None
