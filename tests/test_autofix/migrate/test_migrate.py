"""``autofix migrate``: three generated projects, progress, both reports, commits on a new branch, and the
project's tests before and after (`--verify-tests`)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.throughput import generate
from tests import ROOT
from tests.test_autofix.files.test_safe_write import DEV002_FIXED, DEV003_FIXED, TWO_RULES


@pytest.fixture(autouse=True)
def _git_identity(monkeypatch):
    for key, value in (
        ("GIT_AUTHOR_NAME", "Test"),
        ("GIT_AUTHOR_EMAIL", "t@example.com"),
        ("GIT_COMMITTER_NAME", "Test"),
        ("GIT_COMMITTER_EMAIL", "t@example.com"),
    ):
        monkeypatch.setenv(key, value)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def _repo(path: Path, files: int = 3) -> Path:
    (path / "pkg").mkdir(parents=True)
    for i in range(files):
        (path / "pkg" / f"m{i}.py").write_text(TWO_RULES)
    (path / "pkg" / "plain.py").write_text("x = 1\n")
    _git(path, "init", "-q", "-b", "main")
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "init")
    return path


def test_three_generated_projects_with_progress_and_both_reports(tmp_path, run_cli):
    for index, name in enumerate(("alpha", "beta", "gamma")):
        generate(tmp_path / name, 12 + index)
    code, out, err = run_cli(
        "migrate",
        "alpha",
        "beta",
        "gamma",
        "--jobs",
        "2",
        "--report",
        "report.md",
        "--report",
        "report.json",
        cwd=tmp_path,
    )
    assert code == 0, err
    # Not a terminal: plain progress lines, the first and the last at least.
    progress = [line for line in err.splitlines() if line.startswith("migrate: ")]
    assert progress[0].startswith("migrate: 0/39 files")
    assert progress[-1].startswith("migrate: 39/39 files") and "files/s, ETA" in progress[-1]
    assert "per root" in out and "per rule" in out
    document = json.loads((tmp_path / "report.json").read_text())
    roots = {r["root"]: r for r in document["roots"]}
    assert [roots[n]["scanned"] for n in ("alpha", "beta", "gamma")] == [12, 13, 14]
    total_fixes = sum(sum(r["fixes"].values()) for r in roots.values())
    assert total_fixes > 0
    changed = [Path(tmp_path / p) for r in roots.values() for p in r["changed"]]
    assert changed and all(p.exists() for p in changed)
    # The rewrite happened: a second migrate changes nothing.
    code, _, err = run_cli("migrate", "alpha", "beta", "gamma", "--report", "again.json", cwd=tmp_path)
    again = json.loads((tmp_path / "again.json").read_text())
    assert all(r["changed"] == [] for r in again["roots"])
    markdown = (tmp_path / "report.md").read_text()
    for name in ("alpha", "beta", "gamma"):
        assert f"| {name} | {roots[name]['scanned']} | {len(roots[name]['changed'])} |" in markdown
        assert f"## {name}" in markdown
    if any(r["unsafe_withheld"] for r in roots.values()):
        assert "Unsafe fixes withheld" in markdown


LEGACY_DISTANCE = """\
import torch.nn.functional as F
from torch.autograd import Variable


def contrastive(out1, out2, label):
    distance = F.pairwise_distance(out1, out2)
    return ((1 - label) * distance.pow(2)).mean()


def step(x1, x2, label):
    return contrastive(Variable(x1), Variable(x2), label)
"""


def test_the_evidence_of_a_withheld_unsafe_fix_stays_and_it_is_still_reported(tmp_path, run_cli):
    # DEV013 reads the `Variable` import as the sign of pre-0.4 code. Migrate could remove that import
    # (safe in a project whose files take nothing from it), but then nothing would show DEV013's site
    # again: DEV009 leaves it while `pairwise_distance` has no `keepdim`, and a later check still finds it.
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "siamese.py").write_text(LEGACY_DISTANCE)
    code, _, err = run_cli("migrate", "proj", "--no-cache", "--report", "report.json", cwd=tmp_path)
    assert code == 0, err
    fixed = (tmp_path / "proj" / "siamese.py").read_text()
    assert "import Variable" in fixed and "keepdim" not in fixed
    (root,) = json.loads((tmp_path / "report.json").read_text())["roots"]
    assert root["unsafe_withheld"] == {"DEV013": 1}
    code, out, _ = run_cli("check", "proj/siamese.py", "--no-cache", cwd=tmp_path)
    assert code == 1 and "DEV013" in out


def test_a_read_only_file_left_unfixed_fails_the_migration(tmp_path, run_cli):
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "a.py").write_text(TWO_RULES)
    (tmp_path / "proj" / "b.py").write_text(TWO_RULES)
    (tmp_path / "proj" / "b.py").chmod(0o444)
    code, _, err = run_cli("migrate", "proj", cwd=tmp_path)
    assert code == 1, err
    assert "proj/b.py: skipped: read-only, left alone (use --force to rewrite it anyway)" in err
    assert DEV003_FIXED in (tmp_path / "proj" / "a.py").read_text()
    assert (tmp_path / "proj" / "b.py").read_text() == TWO_RULES


def test_branch_commits_the_fixes_and_leaves_the_checkout_alone(tmp_path, run_cli):
    repo = _repo(tmp_path / "proj")
    head = _git(repo, "rev-parse", "HEAD").strip()
    before = {p: p.read_bytes() for p in repo.rglob("*.py")}
    code, out, err = run_cli(
        "migrate", "--unsafe-fixes", "--branch", "autofix/devices", "proj", "--report", "r.json", cwd=tmp_path
    )
    assert code == 0, err
    # The user's files, index, HEAD and current branch are untouched.
    assert {p: p.read_bytes() for p in repo.rglob("*.py")} == before
    assert _git(repo, "status", "--porcelain") == ""
    assert _git(repo, "rev-parse", "HEAD").strip() == head
    assert _git(repo, "branch", "--show-current").strip() == "main"
    # The branch has one commit on top of HEAD with every fix, and a message listing them by rule.
    assert _git(repo, "rev-parse", "autofix/devices~1").strip() == head
    message = _git(repo, "log", "-1", "--format=%B", "autofix/devices")
    assert "DEV002: 3" in message and "DEV003: 3" in message
    changed = _git(repo, "diff", "--name-only", "HEAD", "autofix/devices").split()
    assert changed == ["pkg/m0.py", "pkg/m1.py", "pkg/m2.py"]
    for name in changed:
        text = _git(repo, "show", f"autofix/devices:{name}")
        assert DEV002_FIXED in text and DEV003_FIXED in text
    report = json.loads((tmp_path / "r.json").read_text())["roots"][0]
    assert report["branch"] == "autofix/devices"
    assert report["commit"] == _git(repo, "rev-parse", "autofix/devices").strip()
    # What the branch holds is exactly what `apply` writes.
    copy = tmp_path / "copy"
    shutil.copytree(repo, copy)
    run_cli("apply", "--unsafe-fixes", ".", cwd=copy)
    for name in changed:
        assert (copy / name).read_text() == _git(repo, "show", f"autofix/devices:{name}")


def test_branch_refuses_a_dirty_tree_and_an_existing_branch(tmp_path, run_cli):
    dirty = _repo(tmp_path / "dirty")
    (dirty / "pkg" / "m0.py").write_text(TWO_RULES + "# local edit\n")
    clean = _repo(tmp_path / "clean")
    _git(clean, "branch", "taken")
    code, out, err = run_cli("migrate", "--branch", "taken", "dirty", "clean", cwd=tmp_path)
    assert code == 2
    assert "dirty: error: the work tree has uncommitted changes" in err
    assert "clean: error: branch 'taken' already exists" in err
    assert _git(dirty, "branch", "--list", "taken") == ""
    assert (dirty / "pkg" / "m0.py").read_text() == TWO_RULES + "# local edit\n"
    assert (clean / "pkg" / "m1.py").read_text() == TWO_RULES


def test_branch_outside_git_is_refused(tmp_path, run_cli):
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "m.py").write_text(TWO_RULES)
    code, _, err = run_cli("migrate", "--branch", "x", "loose", cwd=tmp_path)
    assert code == 2 and "loose: error: not in a git work tree" in err
    assert (tmp_path / "loose" / "m.py").read_text() == TWO_RULES


EXAMPLE = ROOT / "tests" / "data" / "example_project"
PYTEST = f"{sys.executable} -m pytest"


@pytest.mark.slow
def test_verify_tests_puts_each_tests_outcome_in_the_report(tmp_path, run_cli):
    """The project's tests before and after the migration, under the emulated GPU (about 15 s of CPU)."""
    pytest.importorskip("torch")
    shutil.copytree(EXAMPLE, tmp_path / "example")
    code, out, err = run_cli(
        "migrate", "example", "--verify-tests", PYTEST, "--report", "r.json", "--report", "r.md", cwd=tmp_path
    )
    assert code == 0, err
    assert "example: tests: PASS: 3 tests: 2 fixed, 0 broke, 1 passing" in err
    tests = json.loads((tmp_path / "r.json").read_text())["roots"][0]["tests"]
    assert tests["passed"] and tests["device"] == "emulated-cuda"
    assert {t["test"]: t["verdict"] for t in tests["tests"]} == {
        "tests/test_model.py::test_scores_have_one_column_per_class": "passing",
        "tests/test_model.py::test_scores_on_the_best_device": "fixed",
        "tests/test_train.py::test_training_lowers_the_loss": "fixed",
    }
    assert tests["rewritten"] == [{"path": "scorer/model.py", "fixes": {"DEV003": 1, "DEV004": 1}}]
    assert "| `tests/test_train.py::test_training_lowers_the_loss` | failed | passed | fixed" in (
        (tmp_path / "r.md").read_text()
    )
    assert (
        "register_buffer" in (tmp_path / "example" / "scorer" / "model.py").read_text()
    )  # migrated in place


@pytest.mark.slow
def test_verify_tests_on_a_branch_tests_the_branch_and_fails_when_a_test_broke(tmp_path, run_cli):
    """With --branch the tree is not written: the after copy is the branch's files over the before copy."""
    pytest.importorskip("torch")
    repo = tmp_path / "example"
    shutil.copytree(EXAMPLE, repo)
    (repo / "tests" / "test_contract.py").write_text(
        "from scorer.model import Scorer\n\n\ndef test_no_buffers():\n    assert not list(Scorer().buffers())\n"
    )
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "init")
    code, out, err = run_cli(
        "migrate",
        "example",
        "--branch",
        "autofix/devices",
        "--verify-tests",
        PYTEST,
        "--report",
        "r.json",
        cwd=tmp_path,
    )
    assert code == 1, err  # a test broke
    tests = json.loads((tmp_path / "r.json").read_text())["roots"][0]["tests"]
    verdicts = {t["test"].rpartition("::")[2]: t["verdict"] for t in tests["tests"]}
    assert verdicts == {
        "test_scores_have_one_column_per_class": "passing",
        "test_scores_on_the_best_device": "fixed",
        "test_training_lowers_the_loss": "fixed",
        "test_no_buffers": "broke",
    }
    assert tests["problems"] == ["1 test broke: tests/test_contract.py::test_no_buffers"]
    assert "register_buffer" not in (repo / "scorer" / "model.py").read_text()  # the checkout is untouched
    assert "register_buffer" in _git(repo, "show", "autofix/devices:scorer/model.py")
