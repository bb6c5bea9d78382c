"""The proof on a user's own code, end to end through the real command line, on tests/data/example_project.

The example project's model has two device bugs (DEV003, DEV004) that its tests do not see on a CPU-only
machine; under the emulated GPU two of its three tests fail until the model is fixed. Each test works on
a copy of the project and checks the original is left alone. About 90 s of CPU in all (each test command
imports torch twice); several times that in wall time on a loaded 2-core machine.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import ROOT

pytestmark = pytest.mark.slow  # end to end: `make check` skips it, `make test` runs it

pytest.importorskip("torch")

EXAMPLE = ROOT / "tests" / "data" / "example_project"
PYTEST = f"{sys.executable} -m pytest"
DEVICE_TESTS = [
    "tests/test_model.py::test_scores_on_the_best_device",
    "tests/test_train.py::test_training_lowers_the_loss",
]


def autofix(*args: str, cwd: Path, timeout: float = 400) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autofix", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    copy = tmp_path / "example_project"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_verify_a_file_by_its_entry_function(project):
    original = (project / "scorer" / "model.py").read_bytes()
    done = autofix("verify", "scorer/model.py", "--entry", "example", "--json", "out.json", cwd=project)
    assert done.returncode == 0, done.stdout + done.stderr
    case = json.loads((project / "out.json").read_text())["cases"][0]
    assert case["case"] == "scorer/model.py:example" and case["verdict"] == "PASS"
    assert case["rules"] == ["DEV003", "DEV004"]
    assert case["before"]["emulated-cuda"]["outcome"] == "device mismatch"
    assert case["proofs"] == ["emulated GPU: device mismatch → ok"]
    assert (project / "scorer" / "model.py").read_bytes() == original  # proved in copies, nothing written
    assert all(len(line) <= 100 for line in done.stdout.splitlines())


def test_verify_a_file_through_another_modules_entry(project):
    """``module:FUNC``: the training script imports the rewritten model by its package name."""
    done = autofix(
        "verify", "scorer/model.py", "--entry", "scorer.train:train", "--json", "out.json", cwd=project
    )
    assert done.returncode == 0, done.stdout + done.stderr
    case = json.loads((project / "out.json").read_text())["cases"][0]
    assert case["verdict"] == "PASS" and case["proofs"] == ["emulated GPU: device mismatch → ok"]
    assert {c["after_phase"] for c in case["comparisons"]} == {"cpu", "emulated-cuda"}


def test_a_hand_written_after_that_stays_on_the_cpu_fails(project):
    model = (project / "scorer" / "model.py").read_text()
    (project / "cpu_only.py").write_text(
        model.replace('"cuda" if torch.cuda.is_available() else "cpu"', '"cpu"')
    )
    done = autofix(
        "verify",
        "scorer/model.py",
        "--entry",
        "example",
        "--after",
        "cpu_only.py",
        "--json",
        "out.json",
        cwd=project,
    )
    assert done.returncode == 1
    case = json.loads((project / "out.json").read_text())["cases"][0]
    assert case["verdict"] == "FAIL" and "FAIL" in done.stdout
    assert "after does no work on emulated-cuda: no host-to-device copy, no result there" in case["problems"]


def test_run_emulate_cuda_finds_the_bugs_a_cpu_test_run_misses(project):
    plain = subprocess.run(
        [sys.executable, "-m", "pytest"], cwd=project, capture_output=True, text=True, timeout=300
    )
    assert plain.returncode == 0, plain.stdout  # a CPU-only CI machine sees nothing wrong
    emulated = autofix("run", "--emulate-cuda", "--", sys.executable, "-m", "pytest", "-rf", cwd=project)
    assert emulated.returncode == 1, emulated.stdout + emulated.stderr
    assert all(f"FAILED {test}" in emulated.stdout for test in DEVICE_TESTS)
    assert "Expected all tensors to be on the same device" in emulated.stdout
    assert "autofix run: emulated GPU: copies host→device" in emulated.stderr
    assert autofix("apply", ".", cwd=project).returncode == 0
    fixed = autofix("run", "--emulate-cuda", "--", sys.executable, "-m", "pytest", cwd=project)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr


def test_run_emulate_cuda_reaches_every_python_process(tmp_path):
    """A script that starts another Python: both see the GPU, both report their counts."""
    (tmp_path / "inner.py").write_text(
        "import torch\nprint('inner', torch.cuda.is_available())\ntorch.ones(2).cuda().sum().item()\n"
    )
    (tmp_path / "outer.py").write_text(
        textwrap.dedent(f"""\
        import subprocess, sys, torch
        print('outer', torch.cuda.is_available(), torch.cuda.device_count())
        sys.exit(subprocess.run([{sys.executable!r}, 'inner.py']).returncode or 3)
        """)
    )
    done = autofix("run", "--emulate-cuda", "--gpus", "2", "--", sys.executable, "outer.py", cwd=tmp_path)
    assert done.returncode == 3  # the command's own exit status
    assert "outer True 2" in done.stdout and "inner True" in done.stdout
    assert "host→device 1, device→host 1, device→device 0; host syncs 2 (2 processes)" in done.stderr


def test_verify_tests_reports_each_test_fixed_or_passing(project):
    original = (project / "scorer" / "model.py").read_bytes()
    done = autofix("verify", "--tests", PYTEST, ".", "--json", "out.json", "--report", "out.md", cwd=project)
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads((project / "out.json").read_text())
    verdicts = {t["test"]: (t["before"], t["after"], t["verdict"]) for t in data["tests"]}
    assert verdicts == {
        "tests/test_model.py::test_scores_have_one_column_per_class": ("passed", "passed", "passing"),
        DEVICE_TESTS[0]: ("failed", "passed", "fixed"),
        DEVICE_TESTS[1]: ("failed", "passed", "fixed"),
    }
    assert data["passed"] and data["rewritten"] == [
        {"path": "scorer/model.py", "fixes": {"DEV003": 1, "DEV004": 1}}
    ]
    assert data["after"]["counts"]["total"]["host_to_device"] > 0
    assert "PASS: 3 tests: 2 fixed, 0 broke, 1 passing" in done.stdout
    assert "| `tests/test_train.py::test_training_lowers_the_loss` | failed | passed | fixed" in (
        (project / "out.md").read_text()
    )
    assert (project / "scorer" / "model.py").read_bytes() == original
    assert all(len(line) <= 100 for line in done.stdout.splitlines())


# Passes before; after DEV004 registers the class weights as a buffer, the model has one: it breaks.
BREAKS = """
from scorer.model import Scorer


def test_the_model_has_no_buffers():
    assert not list(Scorer().buffers())


def test_four_classes_by_default():
    assert Scorer().linear.out_features == 4
"""


def test_verify_tests_fails_when_a_test_that_passed_before_fails_after(project):
    (project / "tests" / "test_contract.py").write_text(BREAKS)
    done = autofix("verify", "--tests", PYTEST, ".", "--json", "out.json", cwd=project)
    assert done.returncode == 1, done.stdout + done.stderr
    data = json.loads((project / "out.json").read_text())
    verdicts = {t["test"].rpartition("::")[2]: t["verdict"] for t in data["tests"]}
    assert verdicts["test_the_model_has_no_buffers"] == "broke"
    assert verdicts["test_four_classes_by_default"] == "still failing"
    assert data["tally"] == {"fixed": 2, "broke": 1, "still failing": 1, "passing": 1, "skipped": 0}
    assert data["problems"] == ["1 test broke: tests/test_contract.py::test_the_model_has_no_buffers"]
    assert "FAIL: 5 tests: 2 fixed, 1 broke, 1 still failing, 1 passing" in done.stdout


@pytest.mark.parametrize(
    "before, after, verdict",
    [
        ("failed", "passed", "fixed"),
        ("error", "passed", "fixed"),
        ("passed", "failed", "broke"),
        ("passed", "error", "broke"),  # a rewrite that breaks a fixture
        ("passed", "-", "broke"),  # its module no longer imports, or the run was killed
        ("passed", "skipped", "broke"),  # a pass that became a skip proves nothing
        ("-", "failed", "broke"),  # a failure that exists only after (a module's collection error)
        ("failed", "failed", "still failing"),
        ("failed", "-", "still failing"),
        ("passed", "passed", "passing"),
        ("skipped", "skipped", "skipped"),
    ],
)
def test_each_pair_of_outcomes_has_one_verdict(before, after, verdict):
    from autofix.harness.suite import classify

    assert classify(before, after) == verdict


def test_a_run_killed_at_its_time_limit_fails_the_verify(tmp_path):
    from autofix.harness.suite import SuiteRun, compare_runs, problems_of

    before = SuiteRun("before", 0, {"t::a": ("passed", ""), "t::b": ("failed", "boom")}, None, 1.0)
    after = SuiteRun("after", None, {"t::b": ("passed", "")}, None, 9.0)
    verdicts = compare_runs(before, after)
    assert [(v.test, v.verdict, v.message) for v in verdicts] == [
        ("t::a", "broke", "did not run after the rewrite (time limit)"),
        ("t::b", "fixed", "boom"),
    ]
    assert problems_of(before, after, verdicts) == [
        "after: the command ran past its time limit and was killed",
        "1 test broke: t::a",
    ]


def test_outcome_lines_keep_each_tests_worst_report(tmp_path):
    from autofix.harness.suite import read_outcomes

    lines = [
        {"test": "t::a", "outcome": "passed"},
        {"test": "t::a", "outcome": "error", "message": "teardown"},
        {"test": "t::b", "outcome": "skipped"},
        {"test": "<import scorer.model>", "outcome": "outside"},
    ]
    path = tmp_path / "outcomes.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines) + '{"test": "cut sh')
    tests, outside = read_outcomes(path)
    assert tests == {"t::a": ("error", "teardown"), "t::b": ("skipped", "")}
    assert outside == ["scorer.model"]


def test_verify_tests_refuses_tests_that_import_the_original_instead_of_the_copy(project):
    """As an editable install (``pip install -e .``) would: the rewritten copy never runs, so nothing is proved."""
    (project / "tests" / "conftest.py").write_text(f"import sys\nsys.path.insert(0, {str(project)!r})\n")
    done = autofix("verify", "--tests", PYTEST, ".", "--json", "out.json", cwd=project)
    assert done.returncode == 1, done.stdout + done.stderr
    problems = json.loads((project / "out.json").read_text())["problems"]
    assert any(
        p.startswith("after: imported from the original folder, not the copy under test: scorer")
        for p in problems
    ), problems


def test_the_file_is_rewritten_with_the_users_whole_configuration(tmp_path):
    """What verify proves is what apply writes: the config's device spelling included."""
    from autofix.config.settings import ConfigResolver, Overrides
    from autofix.files.rewrite import rewrite_file

    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nunsafe-fixes = true\ndevice = "accelerator"\n')
    (tmp_path / "a.py").write_text("import torch\nmodel = torch.nn.Linear(2, 2).cuda()\n")
    rewrite = rewrite_file(tmp_path / "a.py", resolver=ConfigResolver(Overrides()))
    assert b"torch.accelerator.current_accelerator()" in rewrite.rewritten and rewrite.applied == {
        "DEV007": 1
    }


def test_a_package_module_with_relative_imports_is_verified_and_timed(tmp_path):
    """Imported by its dotted name (its relative import works); timed with both versions in one process."""
    (tmp_path / "pyproject.toml").write_text("[tool.autofix]\nunsafe-fixes = true\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "sizes.py").write_text("WIDTH = 256\n")
    mlp = (ROOT / "corpus" / "DEV002" / "dtype_following_mlp" / "before.py").read_text()
    (tmp_path / "pkg" / "mlp.py").write_text("from .sizes import WIDTH  # noqa: F401\n" + mlp)
    done = autofix("verify", "pkg/mlp.py", "--entry", "run", "--json", "out.json", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    case = json.loads((tmp_path / "out.json").read_text())["cases"][0]
    assert case["rules"] == ["DEV002"] and case["timing"]["pairs"] >= 10
    # The proof is the double-precision work gone; a speed-up, when claimed, comes beside it (timing on a
    # shared machine is not something a test can count on).
    assert case["proofs"][0] == "float64 operations 33 → 0"
    # A CPU-timed speed-up says whose clock timed it.
    assert case["timing"]["claimed"] == any("x faster on the CPU clock (99% CI" in p for p in case["proofs"])


def test_a_command_that_checks_nothing_fails_the_verify(tmp_path):
    """A misspelt command fails before and after alike: nothing broke, and nothing was proved either."""
    from autofix.harness.suite import prove_suite

    (tmp_path / "m.py").write_text("x = 1\n")
    proof = prove_suite(tmp_path, "no-such-test-runner -q", device="cpu", timeout=60)
    assert [(v.before, v.after, v.verdict) for v in proof.verdicts] == [("failed", "failed", "still failing")]
    assert not proof.passed
    assert proof.problems[0].startswith("no test passes after the rewrite (exit 127): nothing was checked;")
    assert "not found" in proof.problems[0]
