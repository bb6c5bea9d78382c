"""A file is replaced only if it is still what was read; read-only files and owners are respected."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import textwrap

import pytest

import autofix.files.runner
import autofix.files.safe_write
from tests.conftest import DOUBLE_FIXED, DOUBLE_INPUT

# One fix for DEV002 (unsafe) and one for DEV003 (safe) in the same file.
TWO_RULES = textwrap.dedent(
    """\
    import torch
    from torch import nn


    class Decoder(nn.Module):
        def forward(self, x):
            h = torch.zeros(x.size(0), 4)
            return x + h


    model = torch.nn.Linear(4, 2)
    x = torch.randn(8, 4).double()  # inputs
    y = model(x)
    """
)
DEV002_FIXED = ".float()  # inputs"
DEV003_FIXED = "device=x.device"


def test_a_file_changed_between_read_and_write_is_left_alone(tmp_path, run_cli, monkeypatch):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    edited = DOUBLE_INPUT + "print('edited meanwhile')\n"
    original = autofix.files.runner.replace_if_unchanged

    def someone_else_writes_first(path, data, expected, **kwargs):
        target.write_text(edited)
        return original(path, data, expected, **kwargs)

    monkeypatch.setattr(autofix.files.runner, "replace_if_unchanged", someone_else_writes_first)
    code, _, err = run_cli("apply", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert target.read_text() == edited
    assert "train.py: skipped: changed on disk since it was read, left alone (run again to fix it)" in err
    assert "0 changed" in err and "1 left unfixed" in err
    assert code == 1  # the fix is not on disk: a pre-commit hook must not pass
    assert not list(tmp_path.glob(".autofix-*"))


def test_same_size_same_mtime_edit_is_caught_by_the_hash(tmp_path):
    target = tmp_path / "t.py"
    target.write_text("a = 1\n")
    data, info, stamp = autofix.files.safe_write.read_stamped(str(target))
    target.write_text("a = 2\n")
    os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))
    with pytest.raises(autofix.files.safe_write.WriteRefused, match="changed on disk"):
        autofix.files.safe_write.replace_if_unchanged(str(target), b"a = 3\n", stamp)
    assert target.read_text() == "a = 2\n"


@pytest.mark.slow
def test_two_concurrent_runs_lose_no_fix(tmp_path):
    """Different --select on the same tree at once: every fix lands, or its run says it skipped the file."""
    tree = tmp_path / "tree"
    tree.mkdir()
    for i in range(150):
        (tree / f"m{i:03}.py").write_text(TWO_RULES)
    env = dict(os.environ, OMP_NUM_THREADS="1")
    base = [sys.executable, "-m", "autofix", "apply", "--unsafe-fixes", "--no-cache", "--jobs", "1"]
    runs = [
        subprocess.Popen([*base, "--select", code, "."], cwd=tree, env=env, stderr=subprocess.PIPE, text=True)
        for code in ("DEV002", "DEV003")
    ]
    errs = [run.communicate(timeout=120)[1] for run in runs]
    skipped = [set(re.findall(r"(m\d+\.py): skipped: changed on disk", err)) for err in errs]
    assert [run.returncode for run in runs] == [1 if names else 0 for names in skipped], errs
    for path in tree.glob("*.py"):
        text = path.read_text()
        assert DEV002_FIXED in text or path.name in skipped[0]
        assert DEV003_FIXED in text or path.name in skipped[1]
    # Running again completes whatever was skipped.
    for code in ("DEV002", "DEV003"):
        subprocess.run([*base, "--select", code, "."], cwd=tree, env=env, check=True, capture_output=True)
    for path in tree.glob("*.py"):
        assert DEV002_FIXED in path.read_text() and DEV003_FIXED in path.read_text()


def test_read_only_files_are_left_alone_unless_forced(tmp_path, run_cli):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    target.chmod(0o444)
    (tmp_path / "other.py").write_text(DOUBLE_INPUT)
    code, _, err = run_cli("apply", "--unsafe-fixes", "train.py", "other.py", cwd=tmp_path)
    assert code == 1
    assert "train.py: skipped: read-only, left alone (use --force to rewrite it anyway)" in err
    assert "2 files scanned; 1 changed; fixes applied: DEV002 ×1; 1 left unfixed; 0 errors" in err
    assert target.read_text() == DOUBLE_INPUT
    code, _, err = run_cli("apply", "--check", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert code == 1 and "skipped" not in err  # nothing is written, so nothing is refused
    code, _, err = run_cli("apply", "--unsafe-fixes", "--force", "train.py", cwd=tmp_path)
    assert code == 0 and target.read_text() == DOUBLE_FIXED
    assert stat.S_IMODE(target.stat().st_mode) == 0o444  # still read-only


@pytest.mark.skipif(
    not hasattr(os, "chown") or os.geteuid() != 0, reason="needs to own files as another group"
)
def test_owner_and_group_are_kept(tmp_path, run_cli):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    os.chown(target, 12345, 54321)
    run_cli("apply", "--unsafe-fixes", "train.py", cwd=tmp_path)
    info = target.stat()
    assert target.read_text() == DOUBLE_FIXED
    assert (info.st_uid, info.st_gid) == (12345, 54321)


@pytest.mark.skipif(
    not hasattr(os, "chown") or os.geteuid() != 0, reason="needs to own files as another user"
)
def test_a_file_whose_owner_would_change_is_left_alone_and_fails_the_run(tmp_path, run_cli, monkeypatch):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    os.chown(target, 12345, 54321)

    def not_permitted(*_args, **_kwargs):  # what an unprivileged user's chown answers
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(autofix.files.safe_write.os, "chown", not_permitted)
    code, _, err = run_cli("apply", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert code == 1 and target.read_text() == DOUBLE_INPUT
    assert (
        "train.py: skipped: left alone, as replacing it would change its owner/group from 12345:54321" in err
    )
    assert "1 left unfixed" in err


def test_a_failed_write_leaves_no_temporary_file(tmp_path, run_cli, monkeypatch):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)

    def no_space(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autofix.files.safe_write.os, "replace", no_space)
    code, _, err = run_cli("apply", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert code == 2 and "train.py: error: cannot write: No space left on device" in err
    assert target.read_text() == DOUBLE_INPUT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["train.py"]


def test_temporary_names_are_unique_and_name_the_process(tmp_path):
    names = {autofix.files.safe_write.temporary_name(str(tmp_path)) for _ in range(100)}
    assert len(names) == 100
    assert all(re.search(rf"/\.autofix-{os.getpid()}-[0-9a-f]{{12}}\.tmp$", n) for n in names)
