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
    assert err.count(": error: ") == 1 and "loop.py: error: symbolic link loop; skipped" in err
    assert code == 2


def test_missing_paths_are_one_line_each_and_the_rest_runs(tmp_path, run_cli):
    _tree(tmp_path)
    code, out, err = run_cli("apply", "--unsafe-fixes", "nope.py", "pkg", "gone/", cwd=tmp_path)
    assert "nope.py: error: no such file or directory" in err
    assert "gone/: error: no such file or directory" in err
    assert ".float()" in (tmp_path / "pkg" / "a.py").read_text()
    assert "2 files scanned; 2 changed" in err and "2 errors" in err
    assert code == 2


# -- a pyproject.toml that cannot be read may hold an exclude or an ignore: nothing under it is written.


# docs/configuration.md shows this line (tests/test_readme.py checks that it is this one).
BROKEN_CONFIG_LINE = (
    "pkg/sub/pyproject.toml:3:1: error: invalid TOML: Unclosed array; 1 file under pkg/sub/ not processed"
)


def test_malformed_pyproject_holds_back_every_file_under_it(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.autofix]\nunsafe-fixes = true\n")
    (tmp_path / "pkg" / "sub" / "pyproject.toml").write_text('[tool.autofix]\nexclude = ["b.py"\nx = 1\n')
    for command in (["apply"], ["apply", "--force-exclude", "pkg/a.py", "pkg/sub/b.py"], ["check"]):
        (tmp_path / "pkg" / "a.py").write_text(DOUBLE_INPUT)
        code, out, err = run_cli(*command, *([] if len(command) > 2 else ["pkg"]), cwd=tmp_path)
        assert code == 2, command
        problem = [line for line in err.splitlines() if ": error: " in line]
        assert problem == [BROKEN_CONFIG_LINE], (command, err)
        assert (tmp_path / "pkg" / "sub" / "b.py").read_text() == DOUBLE_INPUT
        assert "pkg/sub/b.py" not in out
        # The file the parent's valid configuration governs is still handled.
        if command == ["check"]:
            assert _findings(out) == ["pkg/a.py"]
        else:
            assert (tmp_path / "pkg" / "a.py").read_text() != DOUBLE_INPUT


def test_malformed_pyproject_without_a_parent(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pkg" / "pyproject.toml").write_bytes(b"[tool.autofix]\nexclude = ['\xff']\n")
    code, out, err = run_cli("apply", "--unsafe-fixes", "pkg", cwd=tmp_path)
    assert err.splitlines()[0] == (
        "pkg/pyproject.toml:2:13: error: cannot read: not UTF-8 text; 2 files under pkg/ not processed"
    )
    assert (tmp_path / "pkg" / "a.py").read_text() == DOUBLE_INPUT
    assert "0 files scanned" in err and code == 2


def test_malformed_pyproject_at_the_end_of_the_document(tmp_path, run_cli):
    (tmp_path / "a.py").write_text(DOUBLE_INPUT)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nselect = ["DEV002"')
    code, out, err = run_cli("apply", "--unsafe-fixes", "a.py", cwd=tmp_path)
    assert code == 2 and err.startswith("pyproject.toml:2:19: error: invalid TOML: Unclosed array;")
    assert (tmp_path / "a.py").read_text() == DOUBLE_INPUT


def test_a_broken_pyproject_under_an_excluded_folder_costs_nothing(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nexclude = ["vendor"]\n')
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "pyproject.toml").write_text("[tool.poetry\n")
    (tmp_path / "vendor" / "v.py").write_text(DOUBLE_INPUT)
    code, out, err = run_cli("check", ".", cwd=tmp_path)
    assert _findings(out) == ["pkg/a.py", "pkg/sub/b.py"]
    assert ": error: " not in err and code == 1


def test_a_readable_config_below_a_broken_one_is_used(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.poetry\n")
    (tmp_path / "pkg" / "pyproject.toml").write_text("[tool.autofix]\nunsafe-fixes = true\n")
    code, out, err = run_cli("apply", "pkg", cwd=tmp_path)
    assert code == 0, err
    assert (tmp_path / "pkg" / "a.py").read_text() != DOUBLE_INPUT


def test_a_broken_pyproject_and_stdin(tmp_path, run_cli):
    (tmp_path / "pyproject.toml").write_text("[tool.autofix\n")
    code, out, err = run_cli(
        "apply", "-", "--stdin-filename", "a.py", cwd=tmp_path, stdin=DOUBLE_INPUT.encode()
    )
    assert code == 2 and out == DOUBLE_INPUT  # a filter gives back what it was given
    assert err.startswith("pyproject.toml:1:14: error: invalid TOML: Expected ']'")


def test_an_autofix_entry_that_is_not_a_table_stops_the_run(tmp_path, run_cli):
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool]\nautofix = "DEV002"\n')
    code, out, err = run_cli("apply", "--unsafe-fixes", "pkg", cwd=tmp_path)
    assert (code, err) == (2, "error: pyproject.toml: [tool.autofix] must be a table\n")
    assert (tmp_path / "pkg" / "a.py").read_text() == DOUBLE_INPUT


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
        if (
            not isinstance(path, int)
            and Path(os.fspath(path)).absolute() != locked.absolute()
            and denied(path)
        ):
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
