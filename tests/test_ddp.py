"""DEV006's proof on a CPU-only machine: the rewritten script trains under torchrun with two gloo
processes, each on half of a fixed global batch, and ends with the parameters of one process trained
on the whole batch. It still runs plainly with `python` too."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "corpus" / "DEV006" / "round_robin_layers"
DRIVER = ROOT / "tests" / "helpers" / "ddp_driver.py"


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
    subprocess.run([sys.executable, str(DRIVER), str(CASE / "after.py"), str(single)],
                   env=env, check=True, capture_output=True, timeout=60)
    launch = [
        sys.executable, "-m", "torch.distributed.run", "--nnodes=1", "--nproc-per-node=2",
        "--master-addr=127.0.0.1", f"--master-port={_free_port()}",
        str(DRIVER), str(CASE / "after.py"), str(distributed),
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
    done = subprocess.run([sys.executable, str(CASE / "after.py")], env=_environment(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    losses = [float(line.rsplit(" ", 1)[1]) for line in done.stdout.splitlines() if line.startswith("epoch")]
    assert len(losses) == 3 and losses[-1] < losses[0]
    assert (tmp_path / "round_robin_mlp.pt").is_file()


def test_plain_run_matches_the_original_on_cpu(tmp_path):
    """On a CPU-only machine the original ran (its placement was skipped): same parameters after."""
    results = {}
    for version in ("before", "after"):
        out = tmp_path / version
        out.mkdir()
        subprocess.run([sys.executable, str(DRIVER), str(CASE / f"{version}.py"), str(out)],
                       env=_environment(tmp_path), check=True, capture_output=True, timeout=60)
        results[version] = torch.load(out / "ranksingle.pt")
    for name, value in results["before"].items():
        assert torch.equal(value, results["after"][name])
