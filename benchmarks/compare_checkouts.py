"""Throughput of two checkouts of autofix on the same trees, in one run: did a change cost speed?

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/compare_checkouts.py BEFORE_DIR AFTER_DIR [--repeats 5]

``BEFORE_DIR`` and ``AFTER_DIR`` are source checkouts (e.g. ``git worktree add --detach /tmp/old COMMIT``);
each is run as ``python -m autofix check --jobs 1 --no-cache --unsafe-fixes TREE`` with its folder first on
``PYTHONPATH`` and this interpreter's packages (libcst) shared, so only the code differs. Runs alternate
(before, after, before, after, ...): on a shared machine load comes and goes, and alternating spreads it
over both sides. Each run's CPU time (user + system of the child) is reported beside its wall time: CPU
time is what the code costs, wall time also counts waiting for a busy machine. Both sides must exit with
the same code and report the same number of findings, or the row says so.

Trees: ``generated`` (``--files`` scripts made from this checkout's corpus, as benchmarks/throughput.py
makes them), ``torch.nn`` (the installed torch package's ``nn`` sources: real library code) and, with
``--zoo PATH``, a model library (timm's ``timm/`` folder: see benchmarks/throughput.py).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import copy_py, count_py, generate  # noqa: E402


def run_once(checkout: Path, tree: Path) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, exit code, findings) of one check of ``tree`` by ``checkout``."""
    env = dict(
        os.environ,
        OMP_NUM_THREADS="1",
        PYTHONPATH=str(checkout),
        AUTOFIX_CACHE_DIR=str(tree.parent / "cache"),
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "autofix", "check", "--jobs", "1", "--no-cache", "--unsafe-fixes", tree.name],
        cwd=tree.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = re.search(r"(\d+) findings?", done.stderr)
    return wall, cpu, done.returncode, int(found.group(1)) if found else -1


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} s  [{min(values):.2f}-{max(values):.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--zoo", type=Path, help="a model library's sources (e.g. timm's) as a third tree")
    args = parser.parse_args()
    import torch.nn  # noqa: F401  (only to find its sources)

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        trees = {"generated": base / "generated" / "tree", "torch.nn": base / "torchnn" / "tree"}
        generate(trees["generated"], args.files)
        copy_py(Path(sys.modules["torch.nn"].__file__).parent, trees["torch.nn"])
        if args.zoo is not None:
            trees["zoo"] = base / "zoo" / "tree"
            copy_py(args.zoo, trees["zoo"])
        print(f"{os.cpu_count()} CPUs; {args.repeats} alternating runs per side; check --jobs 1 --no-cache")
        for name, tree in trees.items():
            files = count_py(tree)
            runs: dict[str, list[tuple[float, float, int, int]]] = {"before": [], "after": []}
            for _ in range(args.repeats):
                for side, checkout in (("before", args.before), ("after", args.after)):
                    runs[side].append(run_once(checkout.resolve(), tree))
            print(f"\n{name}: {files} files")
            for side in ("before", "after"):
                walls, cpus = [r[0] for r in runs[side]], [r[1] for r in runs[side]]
                codes, found = {r[2] for r in runs[side]}, {r[3] for r in runs[side]}
                print(
                    f"  {side:6}  wall {spread(walls)}  cpu {spread(cpus)}  "
                    f"{files / statistics.median(cpus):6.1f} files/cpu-s  exit {sorted(codes)}  findings {sorted(found)}"
                )
            ratio = statistics.median(r[1] for r in runs["after"]) / statistics.median(
                r[1] for r in runs["before"]
            )
            same = {r[3] for r in runs["before"]} == {r[3] for r in runs["after"]}
            print(
                f"  after/before CPU time: {ratio:.3f}"
                + ("" if same else "  (different findings: see above)")
            )


if __name__ == "__main__":
    main()
