"""DEV006's proof on a CPU-only machine.

* `round_robin_layers` rewritten trains under torchrun with two gloo processes, each on half of a fixed
  global batch, and ends with the parameters of one process trained on the whole batch.
* Every rewritten DEV006 corpus script is built and run plainly (a group of one, as `python train.py`
  runs it); where the original ran too (its placement skipped without a GPU) both compute the same,
  and where it did not, it had divided by `device_count() == 0`, which the rewrite no longer does.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT

pytestmark = pytest.mark.slow  # end to end: `make check` skips it, `make test` runs it

torch = pytest.importorskip("torch")

CORPUS = ROOT / "corpus" / "DEV006"
CASE = CORPUS / "round_robin_layers"
DRIVER = ROOT / "tests" / "helpers" / "ddp_driver.py"
REWRITTEN = sorted(
    case.name
    for case in CORPUS.iterdir()
    if (case / "after.py").is_file() and (case / "after.py").read_bytes() != (case / "before.py").read_bytes()
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _environment(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RANK", "LOCAL_RANK", "WORLD_SIZE")}
    env.update(OMP_NUM_THREADS="1", CUDA_VISIBLE_DEVICES="", TMPDIR=str(tmp_path))
    return env


def test_two_gloo_ranks_match_one_process_on_the_full_batch(tmp_path):
    env = _environment(tmp_path)
    single = tmp_path / "single"
    distributed = tmp_path / "ddp"
    single.mkdir()
    distributed.mkdir()
    subprocess.run(
        [sys.executable, str(DRIVER), str(CASE / "after.py"), str(single)],
        env=env,
        check=True,
        capture_output=True,
        timeout=60,
    )
    launch = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--nnodes=1",
        "--nproc-per-node=2",
        "--master-addr=127.0.0.1",
        f"--master-port={_free_port()}",
        str(DRIVER),
        str(CASE / "after.py"),
        str(distributed),
    ]
    done = subprocess.run(launch, env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]

    reference = torch.load(single / "ranksingle.pt")
    rank0 = torch.load(distributed / "rank0.pt")
    rank1 = torch.load(distributed / "rank1.pt")
    assert sorted(rank0) == sorted(reference)
    for name in reference:
        assert torch.equal(rank0[name], rank1[name]), f"ranks disagree on {name}"
        assert torch.allclose(rank0[name], reference[name], rtol=1e-5, atol=1e-6), name
    largest = max(float((rank0[n] - reference[n]).abs().max()) for n in reference)
    print(f"largest |2-rank - 1-process| parameter difference: {largest:.3e}")
    # Only rank 0 printed.
    assert done.stdout.count("epoch 0:") == 1


def test_rewritten_script_still_runs_plainly(tmp_path):
    done = subprocess.run(
        [sys.executable, str(CASE / "after.py")],
        env=_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    losses = [float(line.rsplit(" ", 1)[1]) for line in done.stdout.splitlines() if line.startswith("epoch")]
    assert len(losses) == 3 and losses[-1] < losses[0]
    assert (tmp_path / "round_robin_mlp.pt").is_file()


def _run(script: Path) -> dict:
    spec = importlib.util.spec_from_file_location(f"dev006_{script.parent.name}_{script.stem}", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.run()


@pytest.fixture
def plain_process(monkeypatch, tmp_path):
    """No torchrun environment (a group of one), no GPU to place anything on, files in tmp_path."""
    for name in ("RANK", "LOCAL_RANK", "WORLD_SIZE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 0)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)


def test_the_rewritten_cases_include_the_new_shapes():
    assert {
        "explained_example",
        "device_id_two_branches",
        "cuda_device_name_builder",
        "module_list_comprehension",
        "round_robin_layers",
    } <= set(REWRITTEN)


@pytest.mark.parametrize("case", REWRITTEN)
def test_rewritten_case_runs_as_the_original_did_without_a_gpu(case, plain_process):
    after = _run(CORPUS / case / "after.py")
    assert after and all(isinstance(v, torch.Tensor) and torch.isfinite(v).all() for v in after.values())
    try:
        before = _run(CORPUS / case / "before.py")
    except ZeroDivisionError:
        return  # `i % device_count()` with no GPU: the rewrite no longer divides by it
    assert sorted(before) == sorted(after)
    for name, value in before.items():
        assert torch.equal(value, after[name]), name
