"""The command line as a user (and pre-commit, and CI) meets it."""

from __future__ import annotations

import codecs
import os
import shutil
import stat
import subprocess
import sys

import pytest

from tests.conftest import DOUBLE_FIXED, DOUBLE_INPUT


def test_diff_prints_and_leaves_the_file_alone(tmp_path, run_cli):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    code, out, err = run_cli("apply", "--diff", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert code == 1
    assert "--- a/train.py" in out and "+++ b/train.py" in out
    assert "-x = torch.randn(8, 4).double()  # inputs" in out
    assert "+x = torch.randn(8, 4).float()  # inputs" in out
    assert target.read_text() == DOUBLE_INPUT
    assert "1 would change" in err


def test_apply_rewrites_once_and_check_flips(tmp_path, run_cli):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    assert run_cli("apply", "--check", "--unsafe-fixes", "train.py", cwd=tmp_path)[0] == 1
    code, _, err = run_cli("apply", "--unsafe-fixes", "train.py")
    assert code == 0
    assert target.read_text() == DOUBLE_FIXED
    assert "fixes applied: DEV002 ×1" in err
    assert run_cli("apply", "--unsafe-fixes", "train.py")[0] == 0
    assert target.read_text() == DOUBLE_FIXED
    assert run_cli("apply", "--check", "--unsafe-fixes", "train.py")[0] == 0


def test_unsafe_fixes_are_withheld_and_counted(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    code, out, err = run_cli("apply", "train.py", cwd=tmp_path)
    assert code == 0
    assert (tmp_path / "train.py").read_text() == DOUBLE_INPUT
    assert "1 unsafe fix withheld (DEV002; use --unsafe-fixes)" in err


def test_unsafe_fixes_from_config(tmp_path, run_cli):
    (tmp_path / "pyproject.toml").write_text("[tool.autofix]\nunsafe-fixes = true\n")
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    assert run_cli("apply", "train.py", cwd=tmp_path)[0] == 0
    assert (tmp_path / "train.py").read_text() == DOUBLE_FIXED


def test_check_reports_positions_and_fixability(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    code, out, _ = run_cli("check", "train.py", cwd=tmp_path)
    assert code == 1
    assert out.splitlines() == [
        "train.py:5:5: DEV002 `.double()` makes a float64 input for a float32 model; use `.float()` (the value"
        " is also used where float64 runs: the cast changes those results) [*unsafe]"
    ]
    _, out, _ = run_cli("check", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert out.rstrip().endswith("the cast changes those results) [*]")


def test_mixed_directory(tmp_path, run_cli):
    """A syntax error gets one line and exit 2; the other files are still processed, byte-exact."""
    tree = tmp_path / "pkg"
    tree.mkdir()
    (tree / "broken.py").write_text("import torch\ndef f(:\n")
    latin1 = "# -*- coding: latin-1 -*-\nimport torch\nname = 'café'\n".encode("latin-1")
    (tree / "latin1.py").write_bytes(latin1)
    crlf_bom = codecs.BOM_UTF8 + DOUBLE_INPUT.replace("\n", "\r\n").encode()
    (tree / "crlf_bom.py").write_bytes(crlf_bom)
    (tree / "good.py").write_text(DOUBLE_INPUT)
    code, _, err = run_cli("apply", "--unsafe-fixes", "pkg", cwd=tmp_path)
    assert code == 2
    error_lines = [line for line in err.splitlines() if ": error: " in line]
    assert len(error_lines) == 1 and error_lines[0].startswith("pkg/broken.py: error: syntax error")
    assert (tree / "broken.py").read_text() == "import torch\ndef f(:\n"
    assert (tree / "latin1.py").read_bytes() == latin1
    assert (tree / "crlf_bom.py").read_bytes() == codecs.BOM_UTF8 + DOUBLE_FIXED.replace(
        "\n", "\r\n"
    ).encode()
    assert (tree / "good.py").read_text() == DOUBLE_FIXED


def test_crlf_bom_latin1_survive_when_nothing_is_fixed(tmp_path, run_cli):
    untouched = {
        "crlf.py": codecs.BOM_UTF8 + b"import torch\r\nx = torch.zeros(3)\r\n",
        "latin1.py": "# coding: latin-1\nimport torch\ns = 'ñ'\n".encode("latin-1"),
        "binary.py": b"import torch\x00\x01\x02",
        "badutf8.py": b"import torch\nx = '\xff'\n",
    }
    for name, data in untouched.items():
        (tmp_path / name).write_bytes(data)
    code, _, err = run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)
    assert code == 2
    assert "binary.py: error: binary file" in err
    assert "badutf8.py: error: cannot decode as utf-8" in err
    for name, data in untouched.items():
        assert (tmp_path / name).read_bytes() == data


def test_plain_diff_applies_with_patch(tmp_path, run_cli):
    if shutil.which("patch") is None:
        pytest.skip("patch(1) is not installed")
    source = tmp_path / "src"
    source.mkdir()
    (source / "a.py").write_text(DOUBLE_INPUT)
    (source / "b.py").write_text(DOUBLE_INPUT.rstrip("\n"))  # no newline at end of file
    (source / "c.py").write_text(
        "\x0c\n" + DOUBLE_INPUT.replace("\n\n", "\n\x0c\n")
    )  # form feeds end no line
    _, diff, _ = run_cli("apply", "--diff", "--unsafe-fixes", ".", cwd=source)
    assert "@@ -3,6 +3,6 @@\n \x0c\n" in diff  # the hunk counts lines as patch does
    copy = tmp_path / "copy"
    shutil.copytree(source, copy)
    subprocess.run(["patch", "-p1", "-s", "--fuzz=0"], input=diff.encode(), cwd=copy, check=True)
    run_cli("apply", "--unsafe-fixes", ".", cwd=source)
    for name in ("a.py", "b.py", "c.py"):
        assert (copy / name).read_bytes() == (source / name).read_bytes()


def test_permissions_and_symlinks_are_kept(tmp_path, run_cli):
    real = tmp_path / "real.py"
    real.write_text(DOUBLE_INPUT)
    os.chmod(real, 0o751)
    link = tmp_path / "link.py"
    link.symlink_to(real)
    assert run_cli("apply", "--unsafe-fixes", "link.py", cwd=tmp_path)[0] == 0
    assert link.is_symlink()
    assert real.read_text() == DOUBLE_FIXED
    assert stat.S_IMODE(real.stat().st_mode) == 0o751
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".autofix-")]


def test_roundtrip_guard_leaves_file_untouched(tmp_path, run_cli):
    # libcst drops the space in `except X :` (libcst issue #1457); writing would smuggle that in.
    text = DOUBLE_INPUT + "try:\n    pass\nexcept ValueError :\n    pass\n"
    (tmp_path / "a.py").write_text(text)
    code, _, err = run_cli("apply", "--unsafe-fixes", "a.py", cwd=tmp_path)
    assert code == 2
    assert "does not reproduce this file byte for byte" in err
    assert (tmp_path / "a.py").read_text() == text


def test_deep_nesting_is_an_error_not_a_crash(tmp_path, run_cli):
    deep = "import torch\nx = " + "(" * 3000 + "1" + ")" * 3000 + "\n"
    (tmp_path / "deep.py").write_text(deep)
    (tmp_path / "good.py").write_text(DOUBLE_INPUT)
    code, _, err = run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)
    assert code == 2
    assert "deep.py: error:" in err
    assert (tmp_path / "good.py").read_text() == DOUBLE_FIXED


def test_suppression_comments(tmp_path, run_cli):
    variants = [
        "x = torch.randn(8, 4).double()  # autofix: ignore",
        "x = torch.randn(8, 4).double()  # autofix: ignore[DEV002]",
        "x = torch.randn(8, 4).double()  # noqa: DEV002",
        "x = torch.randn(8, 4).double()  # noqa",
    ]
    for i, line in enumerate(variants):
        text = DOUBLE_INPUT.replace("x = torch.randn(8, 4).double()  # inputs", line)
        (tmp_path / f"s{i}.py").write_text(text)
    other = DOUBLE_INPUT.replace("# inputs", "# autofix: ignore[DEV001]")
    (tmp_path / "other.py").write_text(other)
    code, out, _ = run_cli("check", ".", cwd=tmp_path)
    assert code == 1
    assert [line.split(":")[0] for line in out.splitlines()] == ["other.py"]


def test_config_errors_name_the_key(tmp_path, run_cli):
    (tmp_path / "a.py").write_text(DOUBLE_INPUT)
    for body, expected in [
        ("[tool.autofix]\nselct = ['DEV']\n", "unknown key [tool.autofix] 'selct'"),
        ("[tool.autofix]\nselect = ['DEV999']\n", "select: unknown rule code or prefix 'DEV999'"),
        ("[tool.autofix]\nunsafe-fixes = 'yes'\n", "unsafe-fixes must be true or false"),
        ("[tool.autofix]\nignore = 'DEV002'\n", "ignore must be a list of strings"),
        ("[tool.autofix]\ndevice = 'mps'\n", "device must be one of 'classic', 'accelerator', got 'mps'"),
        ("[tool.autofix\n", "pyproject.toml:1:14: error: invalid TOML: Expected ']'"),
    ]:
        (tmp_path / "pyproject.toml").write_text(body)
        code, _, err = run_cli("check", "a.py", cwd=tmp_path)
        assert code == 2, body
        assert expected in err, (body, err)
        assert "Traceback" not in err


def test_verify_proves_the_device_style_apply_writes(tmp_path, run_cli):
    """``autofix verify`` runs the after version ``rewrite_file`` computes: the one ``apply`` writes."""
    from autofix.files.rewrite import rewrite_file

    (tmp_path / "a.py").write_text("import torch\nmodel = torch.nn.Linear(2, 2).cuda()\n")
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\ndevice = "accelerator"\nunsafe-fixes = true\n')
    computed = rewrite_file(tmp_path / "a.py").rewritten
    assert b"torch.accelerator" in computed
    assert run_cli("apply", "a.py", cwd=tmp_path)[0] == 0
    assert (tmp_path / "a.py").read_bytes() == computed


def test_device_style_from_config(tmp_path, run_cli):
    source = "import torch\nmodel = torch.nn.Linear(2, 2).cuda()\n"
    (tmp_path / "a.py").write_text(source)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\ndevice = "accelerator"\n')
    assert run_cli("apply", "--unsafe-fixes", "a.py", cwd=tmp_path)[0] == 0
    assert (tmp_path / "a.py").read_text() == (
        "import torch\n\n"
        'device = torch.accelerator.current_accelerator() if torch.accelerator.is_available() else torch.device("cpu")\n'
        "model = torch.nn.Linear(2, 2).to(device)\n"
    )
    try:
        import torch  # noqa: F401
    except ImportError:  # the fixer alone: the rewrite cannot be run here
        pass
    else:  # on this CPU-only machine the portable device is the CPU and the file runs
        assert subprocess.run([sys.executable, "a.py"], cwd=tmp_path).returncode == 0
    (tmp_path / "a.py").write_text(source)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\ndevice = "classic"\n')
    assert run_cli("apply", "--unsafe-fixes", "a.py", cwd=tmp_path)[0] == 0
    assert 'torch.device("cuda" if torch.cuda.is_available() else "cpu")' in (tmp_path / "a.py").read_text()


def test_select_ignore_and_per_file_ignores(tmp_path, run_cli):
    (tmp_path / "a.py").write_text(DOUBLE_INPUT)
    (tmp_path / "b.py").write_text(DOUBLE_INPUT)
    assert run_cli("check", "--ignore", "DEV0", ".", cwd=tmp_path)[0] == 0
    assert run_cli("check", "--select", "DEV00", ".", cwd=tmp_path)[0] == 1
    code, _, err = run_cli("check", "--select", "NOPE", ".", cwd=tmp_path)
    assert code == 2 and "unknown rule code or prefix 'NOPE'" in err
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nper-file-ignores = { "b.py" = ["DEV002"] }\n')
    _, out, _ = run_cli("check", ".", cwd=tmp_path)
    assert [line.split(":")[0] for line in out.splitlines()] == ["a.py"]


def test_gitignore_and_exclude(tmp_path, run_cli):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("generated/\nskip_me.py\n")
    for name in ("keep.py", "skip_me.py", "generated/g.py", "vendor/v.py", ".venv/x.py"):
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(DOUBLE_INPUT)
    _, out, _ = run_cli("check", "--exclude", "vendor", ".", cwd=tmp_path)
    assert sorted(line.split(":")[0] for line in out.splitlines()) == ["keep.py"]
    # A file named on the command line is always looked at.
    _, out, _ = run_cli("check", "skip_me.py")
    assert out.startswith("skip_me.py:")


def test_missing_path_and_unknown_rule_are_clear_errors(tmp_path, run_cli):
    code, _, err = run_cli("check", "nope.py", cwd=tmp_path)
    assert code == 2 and "nope.py: error: no such file or directory" in err
    code, _, err = run_cli("explain", "DEV999")
    assert code == 2 and "unknown rule code 'DEV999'" in err


def test_parallel_run_matches_serial(tmp_path, run_cli):
    for i in range(20):
        (tmp_path / f"m{i:02}.py").write_text(DOUBLE_INPUT if i % 2 else "import torch\n")
    serial = run_cli("check", "--jobs", "1", ".", cwd=tmp_path)
    parallel = run_cli("check", "--jobs", "2", ".")
    assert serial == parallel
    assert len(serial[1].splitlines()) == 10


def test_stdin_filter_and_diff():
    command = [sys.executable, "-m", "autofix", "apply", "--unsafe-fixes", "-", "--stdin-filename", "t.py"]
    fixed = subprocess.run(command, input=DOUBLE_INPUT.encode(), capture_output=True, check=True)
    assert fixed.stdout.decode() == DOUBLE_FIXED
    diff = subprocess.run(command[:5] + ["--diff", "-"], input=DOUBLE_INPUT.encode(), capture_output=True)
    assert diff.returncode == 1 and "+x = torch.randn(8, 4).float()" in diff.stdout.decode()


def test_rules_and_explain(run_cli):
    code, out, _ = run_cli("rules")
    assert code == 0 and "DEV002" in out and "float64-input" in out
    code, out, _ = run_cli("explain", "dev002")
    assert code == 0
    for heading in ("What it does", "Why is this bad?", "Example", "Fix safety"):
        assert heading in out


def test_version(run_cli):
    code, out, _ = run_cli("--version")
    assert code == 0 and "autofix" in out
