from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from autofix.commands.cli import main

# Projects the tests run their own test suites on; never part of this suite.
collect_ignore = ["data"]

DOUBLE_INPUT = textwrap.dedent(
    """\
    import torch

    # A float32 model fed float64 data.
    model = torch.nn.Linear(4, 2)
    x = torch.randn(8, 4).double()  # inputs
    y = model(x)
    spread = x.std()
    """
)
# (`spread` reads the float64 data outside the model: the cast would change it, so DEV002's fix is unsafe.)
DOUBLE_FIXED = DOUBLE_INPUT.replace(".double()", ".float()")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow run first, each group in its files' order.

    pytest-xdist hands tests out in this order: long tests started last leave the other worker idle
    at the end (the end-to-end ones sat in the last files); started first, they run beside the many short
    ones, which ``--dist worksteal`` (the Makefile's) moves to whichever worker is free. Each group keeps
    its files' order, so a module's tests stay together.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2 mixes the streams unless told not to
    except TypeError:
        return CliRunner()


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    """Each test gets an empty result cache of its own, never the user's."""
    monkeypatch.setenv("AUTOFIX_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session", autouse=True)
def _shared_fork_servers_stop():
    """The fork servers tests share (``tests.helpers.fork_servers``) stop with the session."""
    yield
    shared = sys.modules.get("tests.helpers.fork_servers")
    if shared is not None:
        shared.close()


@pytest.fixture
def run_cli(monkeypatch):
    """Run ``autofix ARGS`` in-process from ``cwd``; returns (exit code, stdout, stderr)."""

    def run(*args: str, cwd: Path | None = None, stdin: bytes | None = None):
        if cwd is not None:
            monkeypatch.chdir(cwd)
        result = _runner().invoke(main, list(args), input=stdin, catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return run
