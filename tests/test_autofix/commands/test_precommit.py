"""Real pre-commit against a repository whose hooks come from a snapshot of this checkout.

pre-commit clones the hook repository at a tag, builds the hook's virtualenv (``pip install .``: libcst,
click, rich, pathspec from PyPI, and no torch) and runs ``autofix apply --force-exclude`` on the files it
names. This takes about half a minute, most of it pip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT
from tests.test_autofix.files.test_notebook import LOOP, LOOP_FIXED, cell, jupyter_bytes, notebook

TAG = "v0.0.0-test"

SCRIPT = """\
import torch

model = torch.nn.Linear(4, 2).to(device)
for x, y in loader:
    loss = torch.nn.functional.mse_loss(model(x), y)
"""
SCRIPT_FIXED = SCRIPT.replace("in loader:\n", "in loader:\n    x, y = x.to(device), y.to(device)\n")

pytestmark = [pytest.mark.slow, pytest.mark.precommit]


def _git(*args: str, cwd: Path) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    done = subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True)
    return done.stdout


def _snapshot_of_this_checkout(target: Path) -> None:
    """The working tree as it is (tracked and untracked files git does not ignore), committed and tagged."""
    listed = _git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT)
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    _git("init", "-q", cwd=target)
    _git("add", "-A", cwd=target)
    _git("commit", "-q", "-m", "snapshot", cwd=target)
    _git("tag", TAG, cwd=target)


def _pre_commit(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--all-files"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_pre_commit_fixes_then_passes_and_honours_exclude(tmp_path):
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    _snapshot_of_this_checkout(hooks)

    user = tmp_path / "project"
    (user / "legacy").mkdir(parents=True)
    (user / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {TAG}\n    hooks:\n      - id: torch-autofix\n"
    )
    (user / "pyproject.toml").write_text('[tool.autofix]\nexclude = ["legacy/*"]\n')
    (user / "train.py").write_text(SCRIPT)
    (user / "legacy" / "old.py").write_text(SCRIPT)
    (user / "README.md").write_text("model(x) in prose is not Python\n")
    original_notebook = notebook(
        cell("import torch\nmodel = torch.nn.Linear(4, 2).to(device)", number=1), cell(LOOP, number=2)
    )
    (user / "nb.ipynb").write_bytes(jupyter_bytes(original_notebook))
    _git("init", "-q", cwd=user)
    _git("add", "-A", cwd=user)

    first = _pre_commit(user, tmp_path / "cache")
    assert first.returncode == 1, first.stdout + first.stderr
    assert "files were modified by this hook" in first.stdout
    assert (user / "train.py").read_text() == SCRIPT_FIXED
    assert (user / "legacy" / "old.py").read_text() == SCRIPT  # excluded, although pre-commit named it
    fixed = json.loads((user / "nb.ipynb").read_bytes())
    assert "".join(fixed["cells"][1]["source"]) == LOOP_FIXED

    second = _pre_commit(user, tmp_path / "cache")
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Passed" in second.stdout

    # A configuration that cannot be read writes nothing: its exclude may be what keeps legacy/ as it is.
    (user / "pyproject.toml").write_text('[tool.autofix]\nexclude = ["legacy/*"\n')
    (user / "new.py").write_text(SCRIPT)
    _git("add", "-A", cwd=user)
    broken = _pre_commit(user, tmp_path / "cache")
    assert broken.returncode != 0
    assert "pyproject.toml:3:1: error: invalid TOML: Unclosed array;" in broken.stdout, broken.stdout
    assert (user / "new.py").read_text() == SCRIPT
    assert (user / "legacy" / "old.py").read_text() == SCRIPT

    # The hook's environment has the fixer's dependencies only: no torch.
    envs = [p for p in (tmp_path / "cache").glob("repo*/py_env-*") if p.is_dir()]
    assert envs
    probe = (
        "import importlib.util as u; print(u.find_spec('torch') is None, u.find_spec('libcst') is not None)"
    )
    for env in envs:
        python = env / "bin" / "python"
        assert subprocess.run([python, "-c", probe], capture_output=True, text=True).stdout.split() == [
            "True",
            "True",
        ]
