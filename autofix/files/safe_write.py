"""Replacing a source file without ever losing someone else's change to it.

A file is read once (:func:`read_stamped`), its fix computed elsewhere, and only then replaced
(:func:`replace_if_unchanged`). In between, an editor, a formatter or a second autofix run may have written
it; replacing it then would silently undo their change. So the replacement happens only if the file's
size, modification time and content hash are still the ones read, checked under an exclusive ``flock`` that
every autofix run takes, so that two runs cannot both pass the check. The new content goes to a uniquely
named temporary file beside the target and is renamed over it: readers see the old file or the new one,
never a half-written one. Temporary files left by a killed run are removed by the next run
(:func:`remove_stale_temporaries`).
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMP_PREFIX = ".autofix-"
TEMP_SUFFIX = ".tmp"
# ".autofix-<pid>-<random>.tmp" from this version; ".autofix-<random>.tmp" from older ones (no pid).
_TEMP_NAME = re.compile(r"^\.autofix-(?:(?P<pid>\d+)-)?[A-Za-z0-9_]+\.tmp$")
_OLD_STYLE_STALE_AFTER_S = 3600.0

# For tests: called between the final check and the rename.
before_replace: Callable[[str], None] | None = None


class WriteRefused(Exception):
    """The file was left alone on purpose; the message says why (one line)."""


@dataclass(frozen=True)
class Stamp:
    size: int
    mtime_ns: int
    digest: str


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def read_stamped(path: str) -> tuple[bytes, os.stat_result, Stamp]:
    """The file's bytes, its stat, and the stamp that :func:`replace_if_unchanged` checks against."""
    with open(path, "rb") as handle:
        info = os.fstat(handle.fileno())
        data = handle.read()
    return data, info, Stamp(len(data), info.st_mtime_ns, digest(data))


def is_read_only(info: os.stat_result, path: str) -> bool:
    # The mode bits say what the user meant even where root's os.access says yes.
    return not (info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) or not os.access(path, os.W_OK)


def temporary_name(directory: str) -> str:
    return os.path.join(directory, f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(6)}{TEMP_SUFFIX}")


def replace_if_unchanged(path: str, data: bytes, expected: Stamp, *, force: bool = False) -> None:
    """Replace ``path``'s content with ``data`` if it still matches ``expected``.

    Raises :class:`WriteRefused` when the file changed since it was read, is read-only (unless ``force``),
    or could not be replaced without changing its owner or group; :class:`OSError` when writing fails. A
    symbolic link stays a link: the file it points to is the one rewritten.
    """
    target = os.path.realpath(path)
    info = os.stat(target)
    if not force and is_read_only(info, target):
        raise WriteRefused("read-only, left alone (use --force to rewrite it anyway)")
    directory = os.path.dirname(target) or "."
    tmp = temporary_name(directory)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, stat.S_IMODE(info.st_mode))
        _keep_owner(tmp, info)
        with open(target, "rb") as locked:
            if fcntl is not None:
                fcntl.flock(locked.fileno(), fcntl.LOCK_EX)
            _check_unchanged(target, expected)
            if before_replace is not None:
                before_replace(target)
            os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _keep_owner(tmp: str, info: os.stat_result) -> None:
    try:
        os.chown(tmp, info.st_uid, info.st_gid)
    except (PermissionError, AttributeError):
        pass
    if not hasattr(os, "chown"):  # pragma: no cover - Windows has no owner bits to keep
        return
    now = os.stat(tmp)
    if (now.st_uid, now.st_gid) != (info.st_uid, info.st_gid):
        raise WriteRefused(
            f"left alone, as replacing it would change its owner/group from {info.st_uid}:{info.st_gid}"
            f" to {now.st_uid}:{now.st_gid}"
        )


def _check_unchanged(target: str, expected: Stamp) -> None:
    with open(target, "rb") as handle:
        info = os.fstat(handle.fileno())
        if info.st_size != expected.size or info.st_mtime_ns != expected.mtime_ns:
            raise WriteRefused("changed on disk since it was read, left alone (run again to fix it)")
        if digest(handle.read()) != expected.digest:
            raise WriteRefused("changed on disk since it was read, left alone (run again to fix it)")


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError as exc:  # pragma: no cover
        return exc.errno != errno.ESRCH
    return True


def remove_stale_temporaries(directories: set[Path], started: float) -> list[Path]:
    """Delete temporary files of earlier, dead autofix runs in ``directories``; returns what was removed.

    A file is removed only if its name is ours, it is older than this run, and the process named in it
    is gone (old-style names carry no process id: they must be an hour old).
    """
    removed = []
    for directory in directories:
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            match = _TEMP_NAME.match(entry.name)
            if match is None:
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode) or info.st_mtime >= started:
                continue
            pid = match.group("pid")
            if pid is not None and (int(pid) == os.getpid() or _process_alive(int(pid))):
                continue
            if pid is None and time.time() - info.st_mtime < _OLD_STYLE_STALE_AFTER_S:
                continue
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed
