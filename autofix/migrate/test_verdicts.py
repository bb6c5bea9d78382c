"""``autofix migrate --verify-tests CMD``: each root's tests before and after its migration.

Before anything is written, each root is copied (the *before* copy). After the migration the root is
copied again (the *after* copy); with ``--branch`` the working tree is untouched, so the after copy is
the before copy with the fixed files that went onto the branch written over it. The test command runs
in both copies under the emulated GPU (:func:`autofix.harness.suite.prove_suite`), and each test's
verdict (fixed, still failing, broke, ...) goes into the root's report. A test that broke makes the
migration exit 1.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from autofix.files.fix_file import FileResult
from autofix.migrate.copies import Copies


class TestsUnavailable(Exception):
    """The tests cannot be run here (no torch to emulate a GPU with)."""


class MigrationTests:
    """Holds the before copies from :meth:`snapshot` until :meth:`prove` has run each root's tests."""

    def __init__(self, command: str, timeout: float | None = None) -> None:
        if importlib.util.find_spec("torch") is None:
            raise TestsUnavailable(
                "--verify-tests runs the tests under an emulated GPU and needs torch:"
                " pip install 'torch-autofix[verify]'"
            )
        self.command = command
        self.timeout = timeout
        self._copies = Copies("autofix-migrate-tests-")

    def snapshot(self, roots: list[str]) -> dict[str, str]:
        """Copy each root as it is now; returns the roots that could not be copied, with why."""
        return self._copies.snapshot(roots, "tests")

    def prove(
        self, root: str, results: list[FileResult], delivered: dict[str, bytes] | None
    ) -> dict[str, Any] | None:
        """Run the root's tests on its before copy and its migrated version; the report's ``tests`` entry."""
        from autofix.harness.suite import DEFAULT_TIMEOUT_S, prove_suite
        from autofix.harness.suite_report import as_json

        before = self._copies.before.get(root)
        if before is None:
            return None
        after = self._copies.after(root, delivered)
        rewritten = [_relative(r, root) for r in results if r.changed]
        device = _device()
        proof = prove_suite(
            Path(root),
            self.command,
            device=device,
            timeout=self.timeout or DEFAULT_TIMEOUT_S,
            before_copy=before,
            after_copy=after,
            rewritten=rewritten,
        )
        return as_json(proof)

    def close(self) -> None:
        self._copies.close()


def _relative(result: FileResult, root: str) -> FileResult:
    copy = FileResult(result.path, changed=result.changed)
    copy.path = os.path.relpath(result.path, root)
    copy.applied = result.applied
    return copy


def _device() -> str:
    """The real GPU when there is one, else the emulated one (as ``autofix verify --device auto``)."""
    import torch

    return "cuda" if torch.cuda.is_available() else "emulated-cuda"
