"""``autofix server`` without the ``[server]`` extra: the fixer stays light, the command says what to
install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests import ROOT


def _without_pygls(tmp_path: Path) -> dict[str, str]:
    """An environment where ``import pygls`` fails as it does when the package is not installed."""
    hidden = tmp_path / "hidden"
    hidden.mkdir(exist_ok=True)
    (hidden / "pygls.py").write_text("raise ModuleNotFoundError(\"No module named 'pygls'\", name='pygls')\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(hidden), str(ROOT)])}


def test_server_without_pygls_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "autofix", "server"],
        capture_output=True,
        text=True,
        env=_without_pygls(tmp_path),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert (
        done.stderr
        == "error: autofix server needs pygls 2 and lsprotocol: pip install 'torch-autofix[server]'\n"
    )


def test_the_command_line_never_imports_pygls(tmp_path: Path) -> None:
    script = (
        "import sys\nfrom click.testing import CliRunner\nfrom autofix.commands.cli import main\n"
        "result = CliRunner().invoke(main, ['--help'])\nassert result.exit_code == 0, result.output\n"
        "assert 'server' in result.output\n"
        "assert not {'pygls', 'lsprotocol'} & set(sys.modules), sorted(sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env=_without_pygls(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    help_text = subprocess.run(
        [sys.executable, "-m", "autofix", "server", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=_without_pygls(tmp_path),
    )
    assert help_text.returncode == 0 and "--debounce" in help_text.stdout
