"""``make demo``: two screens, none wider than 100 columns, showing findings per rule, two diffs, the proof
table and the time taken; no ignored error from make and no installer chatter."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_makefile_runs_the_demo_script_and_hides_the_installer():
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^demo: .*\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE).group(1)
    assert "scripts/demo.py" in recipe
    assert not re.search(r"^\t-", recipe, flags=re.MULTILINE)  # no "Error ... (ignored)"
    install = re.search(r"^\$\(STAMP\): .*\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE).group(1)
    assert "install.log 2>&1" in install  # pip's and setuptools' output goes to the log


# The demo's proof step on a few cases of several kinds (a cure, fewer copies, float64, a speed-up claim,
# a look-alike): test_verify.py verifies a sample with every rule and every kind of proof in it, and
# `make demo` verifies every case.
_PROOF_CASES = (
    "DEV001/transformer_cpu_inputs",
    "DEV001/batch_already_moved",
    "DEV002/dtype_following_mlp",
    "DEV003/guarded_moves_left_alone",
    "DEV009/legacy_rnn_hidden_state",
)


@pytest.mark.slow
def test_the_demo_fits_two_screens(tmp_path):
    """Runs the demo, its proof step on a few cases (``make demo`` proves every case; tested elsewhere)."""
    env = dict(os.environ, OMP_NUM_THREADS="1", AUTOFIX_CACHE_DIR=str(tmp_path / "cache"))
    report = Path(tempfile.mkdtemp(prefix="demo-")) / "verify-report.md"  # a short name: it is printed
    done = subprocess.run(
        [sys.executable, "scripts/demo.py", "--report", str(report), "--cases", *_PROOF_CASES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) <= 250
    assert max(map(len, lines)) <= 100
    text = "\n".join(lines)
    for heading in ("== 1. autofix check", "== 2. autofix apply --diff", "== 3. autofix verify"):
        assert heading in text
    assert re.search(r"^DEV001 +input-not-on-device +\d+ +\d+", text, flags=re.MULTILINE)  # per rule
    assert text.count("\n--- a/corpus/") == 2 and text.count("\n+++ b/corpus/") == 2  # two diffs
    assert re.search(r"^all +\d+ +\d+", text, flags=re.MULTILINE) and "Verdict: PASS" in text
    assert f"({len(_PROOF_CASES)}/{len(_PROOF_CASES)} passed" in text
    assert re.search(r"^Done in \d+ s\.$", text, flags=re.MULTILINE)
    assert "Error" not in text and "setuptools" not in text
    assert report.read_text().startswith("# autofix verify report")
    shutil.rmtree(report.parent)
