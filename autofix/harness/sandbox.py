"""Copies of a user's folder for runs to happen in: whatever a run writes stays in its copy.

Used by ``autofix verify`` (a case or a file's project, once per version) and by ``verify --tests``
and ``migrate --verify-tests`` (a project, before and after). Imports no torch.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

# Folders never copied (nor counted): they are large and no run needs them.
SKIPPED = (
    ".git",
    ".hg",
    ".venv",
    "venv",
    "__pycache__",
    "node_modules",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".tox",
    "*.egg-info",
)
MAX_COPY_BYTES = 200 * 1024 * 1024


def copy_folder(source: Path, target: Path) -> None:
    """Copy ``source`` (links kept as links), refusing one too large to copy for every run."""
    skip = shutil.ignore_patterns(*SKIPPED)
    total = 0
    for folder, dirs, files in os.walk(source):
        ignored = skip(folder, dirs + files)
        dirs[:] = [d for d in dirs if d not in ignored]
        for name in files:
            if name not in ignored:
                total += os.lstat(os.path.join(folder, name)).st_size
        if total > MAX_COPY_BYTES:
            raise ValueError(f"{source} holds over {MAX_COPY_BYTES >> 20} MB: too much to copy for each run")
    shutil.copytree(source, target, ignore=skip, symlinks=True)
