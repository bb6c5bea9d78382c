"""`autofix verify` end to end: a positive and a negative case pass; a wrong after.py fails clearly."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
POSITIVE = CORPUS / "DEV003" / "padding_zeros_mid_forward"
NEGATIVE = CORPUS / "DEV005" / "optimizer_after_move"


def verify(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "autofix", "verify", "--repeats", "1", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_positive_and_negative_cases_pass(tmp_path):
    for case in (POSITIVE, NEGATIVE):
        shutil.copytree(case, tmp_path / "corpus" / case.parent.name / case.name)
    report = tmp_path / "report.md"
    done = verify("--device", "emulated-cuda", "--json", "out.json", "--report", str(report), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads((tmp_path / "out.json").read_text())
    assert data["passed"] and data["device"] == "emulated-cuda"
    by_case = {c["case"]: c for c in data["cases"]}
    positive = by_case["corpus/DEV003/padding_zeros_mid_forward"]
    assert positive["positive"] and positive["golden"] and positive["equal"]
    assert positive["before"]["emulated-cuda"]["outcome"] == "device mismatch"
    assert positive["after"]["emulated-cuda"]["ok"]
    assert positive["proofs"] == ["emulated-cuda: device mismatch → ok"]
    negative = by_case["corpus/DEV005/optimizer_after_move"]
    assert not negative["positive"] and negative["equal"] and negative["max_abs"] == 0.0
    assert negative["before"]["emulated-cuda"]["counts"] == negative["after"]["emulated-cuda"]["counts"]
    text = report.read_text()
    assert "**Verdict: PASS**" in text and "| padding_zeros_mid_forward | DEV003 | yes |" in text


def test_a_wrong_after_fails_with_the_reason(tmp_path):
    case = tmp_path / "corpus" / "DEV003" / "broken"
    shutil.copytree(POSITIVE, case)
    after = case / "after.py"
    # Still fixes the device, but computes something else: golden check and comparison both object.
    after.write_text(after.read_text().replace("(10,)", "(10,)) + 1.0 + torch.zeros((10,)"))
    done = verify("--device", "emulated-cuda", "--json", "out.json", cwd=tmp_path)
    assert done.returncode == 1
    result = json.loads((tmp_path / "out.json").read_text())["cases"][0]
    assert not result["golden"] and "-        pad = torch.zeros((10,)) + 1.0" in result["golden_diff"]
    assert "the rewrite of before.py differs from the checked-in after.py" in result["problems"]
    assert any(p.startswith("results differ: logits") for p in result["problems"])
    assert "FAIL" in done.stdout


def test_cuda_mode_without_a_gpu_is_skipped_clearly(tmp_path):
    import torch

    if torch.cuda.is_available():
        pytest.skip("a GPU is present")
    done = verify("--device", "cuda", str(POSITIVE), cwd=tmp_path)
    assert done.returncode == 2
    assert "needs a CUDA GPU" in done.stderr
