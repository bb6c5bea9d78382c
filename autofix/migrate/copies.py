"""Copies of each root before and after its migration, for ``--verify-tests`` and ``--smoke`` to run in.

The *before* copy is taken ahead of the migration. The *after* copy is taken from the migrated root; with
``--branch`` the working tree is untouched, so it is the before copy with the files that went onto the
branch written over it. Neither run ever happens in the user's tree.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class Copies:
    """Holds the before and after copies of the roots until :meth:`close`."""

    def __init__(self, prefix: str) -> None:
        self._scratch = tempfile.TemporaryDirectory(prefix=prefix)
        self.before: dict[str, Path] = {}

    def snapshot(self, roots: list[str], what: str) -> dict[str, str]:
        """Copy each root as it is now; returns the roots that could not be copied, with why."""
        from autofix.harness.sandbox import copy_folder

        failed = {}
        for index, root in enumerate(roots):
            target = Path(self._scratch.name, "before", str(index), Path(root).resolve().name)
            try:
                copy_folder(Path(root), target)
            except (OSError, ValueError) as exc:
                failed[root] = f"{what} not run: {exc}"
                continue
            self.before[root] = target
        return failed

    def after(self, root: str, delivered: dict[str, bytes] | None) -> Path:
        """The migrated root, copied (``delivered``: the branch's files, the tree being untouched)."""
        from autofix.harness.sandbox import copy_folder

        before = self.before[root]
        after = Path(self._scratch.name, "after", before.parent.name, before.name)
        if after.exists():
            return after
        if delivered is None:
            copy_folder(Path(root), after)
        else:
            copy_folder(before, after)
            for path, data in delivered.items():
                relative = os.path.relpath(path, root)
                if not relative.startswith(".."):
                    (after / relative).write_bytes(data)
        return after

    def close(self) -> None:
        self._scratch.cleanup()
