"""Small things users hit: check's summary, help texts, explain by name, a --select that config undoes."""

from __future__ import annotations

from tests.conftest import DOUBLE_INPUT

UNSAFE_ONLY = DOUBLE_INPUT  # DEV002's fix is unsafe
SAFE = """\
import torch

class Net(torch.nn.Module):
    def forward(self, x):
        return x + torch.zeros(3)
"""


def test_check_summary_counts_files_with_fixes(tmp_path, run_cli):
    (tmp_path / "safe.py").write_text(SAFE)
    (tmp_path / "unsafe.py").write_text(UNSAFE_ONLY)
    (tmp_path / "clean.py").write_text("import torch\n")
    _, _, err = run_cli("check", ".", cwd=tmp_path)
    assert "3 files scanned; 1 file with fixes available (1 more with --unsafe-fixes); 2 findings" in err
    assert "would change" not in err
    _, _, err = run_cli("check", "--unsafe-fixes", ".", cwd=tmp_path)
    assert "3 files scanned; 2 files with fixes available; 2 findings" in err


def test_check_help_does_not_promise_to_apply(run_cli):
    _, out, _ = run_cli("check", "--help")
    unsafe = out[out.index("--unsafe-fixes") : out.index("--jobs")]
    assert "apply" not in unsafe.lower() and "Writes nothing" in unsafe
    assert "Rewrite read-only" not in out  # --force means nothing to a command that writes nothing
    _, out, _ = run_cli("apply", "--help")
    assert "Also apply fixes marked unsafe" in out and "Rewrite read-only files too" in out


def test_check_still_accepts_force(tmp_path, run_cli):
    (tmp_path / "ok.py").write_text("import torch\n")
    assert run_cli("check", "--force", "ok.py", cwd=tmp_path)[0] == 0


def test_explain_by_name_and_by_code(run_cli):
    by_name = run_cli("explain", "input-not-on-device")
    by_code = run_cli("explain", "dev001")
    assert by_name[0] == by_code[0] == 0
    assert by_name[1] == by_code[1] and by_name[1].startswith("# DEV001 (input-not-on-device)")
    assert run_cli("explain", "InputNotOnDevice")[1] == by_code[1]  # as `fixit lint` names it
    code, _, err = run_cli("explain", "input-not-on-gpu")
    assert code == 2 and "input-not-on-device" in err


def test_select_undone_by_config_ignore_is_said_once(tmp_path, run_cli):
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nignore = ["DEV002"]\n')
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text(UNSAFE_ONLY)
    code, _, err = run_cli("check", "--select", "DEV002,DEV003", ".", cwd=tmp_path)
    assert code == 0
    assert err.count("warning: --select DEV002 has no effect") == 1
    assert "DEV003" not in err.split("\n")[0]
    _, _, err = run_cli("check", "--select", "DEV0", ".", cwd=tmp_path)  # DEV0 still selects others
    assert "warning" not in err


def test_force_exclude_applies_exclude_to_named_files(tmp_path, run_cli):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.autofix]\nexclude = ["legacy/*"]\nunsafe-fixes = true\nper-file-ignores = { "tests/*" = ["DEV002"] }\n'
    )
    for name in ("legacy/old.py", "tests/test_x.py", "train.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(UNSAFE_ONLY)
    named = ("legacy/old.py", "tests/test_x.py", "train.py")
    # Named files are processed even when excluded, as ruff and black do ...
    code, out, _ = run_cli("check", *named, cwd=tmp_path)
    assert code == 1 and "legacy/old.py" in out and "tests/test_x.py" not in out
    # ... unless --force-exclude, which pre-commit's hooks pass.
    code, out, err = run_cli("apply", "--force-exclude", *named, cwd=tmp_path)
    assert code == 0 and "2 files scanned" in err
    assert (tmp_path / "legacy/old.py").read_text() == UNSAFE_ONLY
    assert (tmp_path / "tests/test_x.py").read_text() == UNSAFE_ONLY  # per-file-ignores
    assert (tmp_path / "train.py").read_text() != UNSAFE_ONLY
    # --exclude on the command line counts too.
    (tmp_path / "train.py").write_text(UNSAFE_ONLY)
    code, out, err = run_cli("check", "--force-exclude", "--exclude", "train.py", "train.py", cwd=tmp_path)
    assert code == 0 and out == "" and "0 files scanned" in err


def test_force_exclude_passes_an_excluded_stdin_file_through(tmp_path, run_cli):
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nexclude = ["legacy/*"]\nunsafe-fixes = true\n')
    args = ("apply", "--force-exclude", "--stdin-filename", "legacy/old.py", "-")
    code, out, _ = run_cli(*args, cwd=tmp_path, stdin=UNSAFE_ONLY.encode())
    assert (code, out) == (0, UNSAFE_ONLY)
    code, out, _ = run_cli(
        "apply", "--stdin-filename", "legacy/old.py", "-", cwd=tmp_path, stdin=UNSAFE_ONLY.encode()
    )
    assert code == 0 and out != UNSAFE_ONLY


def test_the_progress_bar_says_what_the_command_does(tmp_path, run_cli):
    """Over 200 files on a terminal (--color stands in for one) a progress bar names the work."""
    for i in range(201):
        (tmp_path / f"m{i:03}.py").write_text(f"x = {i}\n")
    for command, label in (
        (["check"], "checking"),
        (["apply", "--check"], "checking"),
        (["apply", "--diff"], "diffing"),
        (["apply"], "fixing"),
    ):
        _, _, err = run_cli(*command, "--color", ".", cwd=tmp_path)
        labels = {word for word in ("checking", "diffing", "fixing") if f"{word} " in err}
        assert labels == {label}, (command, err[-300:])
