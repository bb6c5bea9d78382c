"""Paths and configuration that cannot be used cost one line each; the run goes on and exits 2."""

from __future__ import annotations

import builtins
import os
from pathlib import Path

import pytest

import autofix.files.safe_write
from tests.conftest import DOUBLE_INPUT

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "a.py").write_text(DOUBLE_INPUT)
    (tmp_path / "pkg" / "sub" / "b.py").write_text(DOUBLE_INPUT)
    return tmp_path


def _findings(out: str) -> list[str]:
    return sorted(line.split(":")[0] for line in out.splitlines())


def test_symlink_loops_are_reported_and_skipped(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pkg" / "loop1.py").symlink_to("loop2.py")
    (tmp_path / "pkg" / "loop2.py").symlink_to("loop1.py")
    (tmp_path / "pkg" / "sub" / "up").symlink_to("..")  # a folder cycle, not followed
    (tmp_path / "pkg" / "self").symlink_to("self")
    code, out, err = run_cli("check", "pkg", cwd=tmp_path)
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert "pkg/loop1.py: error: symbolic link loop; skipped" in err
    assert "pkg/loop2.py: error: symbolic link loop; skipped" in err
    assert "Traceback" not in err
    assert code == 2


def test_a_symlink_loop_named_on_the_command_line(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "loop.py").symlink_to("loop.py")
    code, out, err = run_cli("check", "loop.py", "pkg", cwd=tmp_path)
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert err.count(": error: ") == 1 and "loop.py: error:" in err
    assert code == 2


def test_missing_paths_are_one_line_each_and_the_rest_runs(tmp_path, run_cli):
    _tree(tmp_path)
    code, out, err = run_cli("apply", "--unsafe-fixes", "nope.py", "pkg", "gone/", cwd=tmp_path)
    assert "nope.py: error: no such file or directory" in err
    assert "gone/: error: no such file or directory" in err
    assert ".float()" in (tmp_path / "pkg" / "a.py").read_text()
    assert "2 files scanned; 2 changed" in err and "2 errors" in err
    assert code == 2


def test_malformed_pyproject_in_a_subfolder_falls_back_to_the_parent(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nunsafe-fixes = true\n')
    (tmp_path / "pkg" / "sub" / "pyproject.toml").write_text("[tool.poetry\nname = \n")
    code, out, err = run_cli("check", "pkg", cwd=tmp_path)
    sub = (tmp_path / "pkg" / "sub").resolve()
    parent_config = (tmp_path / "pyproject.toml").resolve()
    assert f"files under {sub} use {parent_config} instead" in err
    assert err.count("cannot read") == 1
    # The parent's unsafe-fixes = true applies to the subfolder: its finding is marked fixable.
    assert [line for line in out.splitlines() if line.startswith("pkg/sub/b.py")][0].endswith("[*]")
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert code == 2


def test_malformed_pyproject_without_a_parent_uses_the_defaults(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pkg" / "pyproject.toml").write_bytes(b"\xff\xfe not toml")
    code, out, err = run_cli("check", "pkg", cwd=tmp_path)
    assert "use the defaults instead" in err
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert code == 2


def test_an_invalid_autofix_table_is_still_fatal(tmp_path, run_cli):
    """Our own configuration, wrong: guessing could run rules the user turned off."""
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nselect = "DEV002"\n')
    code, out, err = run_cli("apply", "--unsafe-fixes", "pkg", cwd=tmp_path)
    assert code == 2 and "select must be a list of strings" in err
    assert (tmp_path / "pkg" / "a.py").read_text() == DOUBLE_INPUT


# -- unreadable folders and files. As root nothing is unreadable, so the operating system's answer is
# -- simulated where the tool asks for it; the real thing runs when the tests are not root.


@pytest.fixture
def locked_folder(tmp_path, monkeypatch):
    locked = tmp_path / "pkg" / "locked"
    locked.mkdir(parents=True)
    (locked / "c.py").write_text(DOUBLE_INPUT)
    if not IS_ROOT:
        locked.chmod(0)
        yield locked
        locked.chmod(0o755)
        return
    real_scandir, real_stat = os.scandir, os.stat

    def denied(path):
        return Path(os.fspath(path)).absolute().is_relative_to(locked.absolute()) if path != -1 else False

    def scandir(path="."):
        if not isinstance(path, int) and denied(path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    def fake_stat(path, *args, **kwargs):
        if not isinstance(path, int) and Path(os.fspath(path)).absolute() != locked.absolute() and denied(path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "stat", fake_stat)
    yield locked


def test_an_unreadable_folder_is_reported_and_the_rest_runs(tmp_path, run_cli, locked_folder):
    _tree(tmp_path)
    code, out, err = run_cli("check", "pkg", cwd=tmp_path)
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert "pkg/locked: error: cannot access: Permission denied" in err
    assert code == 2


def test_a_file_named_inside_an_unreadable_folder(tmp_path, run_cli, locked_folder):
    _tree(tmp_path)
    code, out, err = run_cli("check", "pkg/locked/c.py", "pkg/a.py", cwd=tmp_path)
    assert _findings(out) == ["pkg/a.py"]
    assert "pkg/locked/c.py: error: cannot access: Permission denied" in err
    assert "Traceback" not in err
    assert code == 2


def test_an_unreadable_file_is_reported_and_the_rest_runs(tmp_path, run_cli, monkeypatch):
    _tree(tmp_path)
    secret = tmp_path / "pkg" / "secret.py"
    secret.write_text(DOUBLE_INPUT)
    if IS_ROOT:
        def fake_open(path, *args, **kwargs):
            if os.fspath(path).endswith("secret.py"):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return builtins.open(path, *args, **kwargs)

        monkeypatch.setattr(autofix.files.safe_write, "open", fake_open, raising=False)
    else:
        secret.chmod(0)
    code, out, err = run_cli("check", "pkg", cwd=tmp_path)
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert "pkg/secret.py: error: cannot read: Permission denied" in err
    assert code == 2
