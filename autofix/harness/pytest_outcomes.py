"""A pytest plugin that writes each test's outcome for ``autofix verify --tests`` (and ``migrate
--verify-tests``).

Loaded into the project's own pytest through ``PYTEST_ADDOPTS="-p autofix.harness.pytest_outcomes"``,
so the user's test command needs no change. Each report is one JSON line appended to the file named by
``$AUTOFIX_TEST_OUTCOMES``: ``{"test": nodeid, "outcome": "passed"|"failed"|"error"|"skipped", "message"}``.
A failure in setup or teardown is an ``error``; a module that fails to import (a rewrite that breaks
it) is one ``error`` line for the module, since its tests were never collected. Appending whole lines
keeps the file readable when several processes (pytest-xdist) write to it.
"""

from __future__ import annotations

import json
import os
from typing import Any

ENV_FILE = "AUTOFIX_TEST_OUTCOMES"
ENV_ORIGINAL = "AUTOFIX_ORIGINAL_ROOT"  # the folder the copy under test was made from


def _write(test: str, outcome: str, message: str = "") -> None:
    path = os.environ.get(ENV_FILE)
    if not path:
        return
    line = json.dumps({"test": test, "outcome": outcome, "message": message[:300]}) + "\n"
    with open(path, "a", encoding="utf-8") as out:
        out.write(line)


def _message(report: Any) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None:
        return str(crash.message).splitlines()[0] if crash.message else ""
    text = str(report.longrepr or "").strip().splitlines()
    return text[-1] if text else ""


def pytest_runtest_logreport(report: Any) -> None:
    if report.when == "call":
        if hasattr(report, "wasxfail"):  # an expected failure that happened, or passed unexpectedly
            _write(report.nodeid, "skipped" if report.skipped else "passed")
        elif report.failed:
            _write(report.nodeid, "failed", _message(report))
        else:
            _write(report.nodeid, report.outcome)
    elif report.failed:  # setup or teardown
        _write(report.nodeid, "error", f"in {report.when}: {_message(report)}")
    elif report.when == "setup" and report.skipped:
        _write(report.nodeid, "skipped")


def pytest_collectreport(report: Any) -> None:
    if report.failed:
        _write(report.nodeid or "<collection>", "error", f"collection: {_message(report)}")


def pytest_sessionfinish(session: Any) -> None:
    """Name the modules imported from the original folder instead of the copy under test.

    A project installed in development mode (``pip install -e .``) imports its own package from where
    it was installed, whatever the current folder: the copy's rewritten files would then never run, and
    before and after would test the same code.
    """
    import sys

    original = os.environ.get(ENV_ORIGINAL)
    if not original:
        return
    prefix = os.path.join(os.path.realpath(original), "")
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        installed = path and any(part in ("site-packages", "dist-packages") for part in path.split(os.sep))
        if path and not installed and os.path.realpath(path).startswith(prefix):
            _write(f"<import {name}>", "outside", os.path.realpath(path))
