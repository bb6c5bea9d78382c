"""Which files a run looks at: ``*.py`` and ``*.ipynb`` under the given paths, minus .gitignore'd and
excluded ones.

A file named explicitly on the command line is always included, as ruff and black do.
"""

from __future__ import annotations

import errno
import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

import pathspec

# Directories no one wants rewritten; skipped during the walk like ruff's defaults.
ALWAYS_SKIPPED = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        "node_modules",
        "build",
        "dist",
        "site-packages",
        ".eggs",
    }
)


# pathspec >= 0.12.2 calls git's own matching "gitignore" and deprecates the older name.
_GITIGNORE_STYLE = "gitignore" if "gitignore" in pathspec.util._registered_patterns else "gitwildmatch"


class PathError(Exception):
    pass


@cache
def _gitignore(directory: Path) -> pathspec.PathSpec | None:
    ignore_file = directory / ".gitignore"
    if not ignore_file.is_file():
        return None
    try:
        lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return pathspec.PathSpec.from_lines(_GITIGNORE_STYLE, lines)


def _repo_root(start: Path) -> Path | None:
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return None


def _ignored_by_git(path: Path, is_dir: bool, chain: list[Path]) -> bool:
    for directory in chain:
        spec = _gitignore(directory)
        if spec is None:
            continue
        relative = path.relative_to(directory).as_posix() + ("/" if is_dir else "")
        if spec.match_file(relative):
            return True
    return False


def excluded(path: Path, patterns: Iterable[str], base: Path) -> bool:
    """True if ``path`` (or one of its folders) matches a ``--exclude``/config glob."""
    if not patterns:
        return False
    try:
        relative = path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        relative = path.as_posix()
    parts = relative.split("/")
    for pattern in patterns:
        pattern = pattern.rstrip("/")
        if fnmatch.fnmatch(relative, pattern) or any(fnmatch.fnmatch(p, pattern) for p in parts):
            return True
    return False


def discover(
    paths: Iterable[str],
    exclude: Iterable[str] = (),
    base: Path | None = None,
    on_error: Callable[[str, str], None] | None = None,
) -> list[Path]:
    """Sorted, de-duplicated Python files and notebooks under ``paths``.

    A path that cannot be used (missing, unreadable, a symlink loop) raises :class:`PathError`, or, given
    ``on_error``, is reported as ``on_error(path, message)`` while everything else is still found.
    """
    base = base or Path.cwd()
    exclude = list(exclude)
    found: set[Path] = set()

    def problem(path: str, message: str) -> None:
        if on_error is None:
            raise PathError(f"{path}: {message}")
        on_error(path, message)

    for raw in paths:
        path = Path(raw)
        try:
            if not path.exists():
                # exists() is False for a link whose target is missing or a loop: stat says which.
                os.stat(path)
                problem(raw, "no such file or directory")
                continue
            if path.is_file():
                found.add(path)
                continue
            found.update(_walk(path, exclude, base, problem))
        except (OSError, RuntimeError) as exc:
            problem(raw, _describe(exc))
    return sorted(found, key=lambda p: p.as_posix())


def _describe(exc: BaseException) -> str:
    if isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == errno.ELOOP:
        return "symbolic link loop; skipped"
    if getattr(exc, "errno", None) == errno.ENOENT:
        if os.path.islink(getattr(exc, "filename", None) or ""):
            return "no such file or directory (a symbolic link to a missing file)"
        return "no such file or directory"
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot access: {exc.strerror}"
    return f"cannot access: {exc}"


def _walk(top: Path, exclude: list[str], base: Path, problem: Callable[[str, str], None]) -> Iterator[Path]:
    absolute_top = top.resolve()
    root = _repo_root(absolute_top)
    # .gitignore files from the repository root down to (not including) `top` apply too.
    inherited = [] if root is None else [p for p in reversed(absolute_top.parents) if p.is_relative_to(root)]

    def unreadable(exc: OSError) -> None:
        problem(str(exc.filename or top), _describe(exc))

    for directory, subdirs, files in os.walk(top, onerror=unreadable):
        here = Path(directory)
        here_resolved = here.resolve()  # once per folder: resolving each file costs a stat per path component
        chain = inherited + [Path(d) for d in _ancestors_within(absolute_top, here_resolved)]
        kept = []
        for name in sorted(subdirs):
            child = here / name
            if name in ALWAYS_SKIPPED or name.endswith(".egg-info"):
                continue
            try:
                if _ignored_by_git(child.resolve(), True, chain) or excluded(child, exclude, base):
                    continue
            except (OSError, RuntimeError) as exc:
                problem(str(child), _describe(exc))
                continue
            kept.append(name)
        subdirs[:] = kept
        for name in files:
            if not name.endswith((".py", ".ipynb")):
                continue
            child = here / name
            try:
                resolved = child.resolve() if os.path.islink(child) else here_resolved / name
                if _ignored_by_git(resolved, False, chain) or excluded(child, exclude, base):
                    continue
            except (OSError, RuntimeError) as exc:
                problem(str(child), _describe(exc))
                continue
            yield child


def _ancestors_within(top: Path, here: Path) -> list[Path]:
    """``top`` and each folder from it down to ``here`` (whose .gitignore files apply to ``here``)."""
    chain = [top]
    for part in here.relative_to(top).parts:
        chain.append(chain[-1] / part)
    return chain
