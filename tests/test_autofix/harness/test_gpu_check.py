"""benchmarks/gpu_check.sh: its dry run does on the CPU every step the real-GPU check does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT

torch = pytest.importorskip("torch")

from benchmarks.fidelity import sample  # noqa: E402
from tests.test_autofix.harness.test_emulation_fidelity import ROWS  # noqa: E402

SCRIPT = ROOT / "benchmarks" / "gpu_check.sh"


def run(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHON": sys.executable,
        "HOME": str(Path.home()),
        "OMP_NUM_THREADS": "1",
    }
    return subprocess.run(
        ["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout, env=env
    )


@pytest.mark.skipif(
    shutil.which("bash") is None or shutil.which("timeout") is None, reason="needs bash and timeout"
)
def test_the_dry_run_appends_a_dated_section(tmp_path):
    """Fidelity table (a sample of 6 rows: test_emulation_fidelity.py checks every row in-process) and
    verify (one DEV002 case, which is timed), about 15 s on a shared 2-core machine."""
    results = tmp_path / "results.md"
    results.write_text("# Results\n")
    case = ROOT / "corpus" / "DEV002" / "dtype_following_mlp"
    keep = tmp_path / "keep"
    done = run(
        "--dry-run", "--fidelity-sample", "6", "--keep", str(keep), "--results", str(results), str(case)
    )
    assert done.returncode == 0, done.stderr
    text = results.read_text()
    assert text.startswith("# Results\n") and "## GPU check, dry run on the CPU (20" in text
    assert "6 rows; 6 agree; 0 differ; 0 ran on real CUDA (exit 0)." in text
    observed = json.loads((keep / "fidelity.json").read_text())
    assert [r["row"] for r in observed] == [r.name for r in sample(ROWS, 6)]
    summary = "1/1 passed, 0 failed, 0 unproven (1 rewritten, 0 left unchanged) on `emulated-cuda` (exit 0)."
    assert summary in text
    row = next(line for line in text.splitlines() if line.startswith("| DEV002/dtype_following_mlp |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1:3] == ["DEV002", "CPU"] and cells[5].endswith("x") and "-" in cells[6]
    assert "appended to" in done.stderr


@pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is present: the real check would run")
def test_without_a_gpu_the_real_check_refuses_in_one_line(tmp_path):
    results = tmp_path / "results.md"
    done = run("--results", str(results), timeout=60)
    assert done.returncode == 2 and not results.exists()
    assert done.stderr.strip().splitlines() == [
        "gpu_check.sh: no CUDA GPU here (torch.cuda.is_available() is False);"
        " --dry-run runs the steps on the CPU"
    ]


def test_the_fidelity_sample_spreads_over_the_table_and_is_the_same_each_time():
    rows = list(range(138))
    assert sample(rows, 6) == [0, 27, 55, 82, 110, 137] == sample(rows, 6)
    assert sample(rows, 1) == [0] and sample(rows, 200) == rows and sample(rows, 138) == rows
