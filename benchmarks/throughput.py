"""Files per second: autofix against Fixit running comparable rules, on the same trees.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/throughput.py [--files 1000] [--repeats 3]

Trees (copied into a temporary folder, so nothing here is modified):

* ``corpus``: this repository's corpus (before and after versions).
* ``generated``: ``--files`` torch training scripts made from the corpus with renamed identifiers.
* ``torch``: the Python sources of the installed torch package: real code, and every file mentions
  torch, so the plain-text pre-filter skips nothing (the worst case for autofix).
* ``stdlib``: CPython's standard library (without site-packages): a large tree that mostly never
  mentions torch, where the pre-filter does its job.

autofix runs ``apply --check --unsafe-fixes`` (all rules, fixes computed, nothing written) with
``--jobs 1`` and ``--jobs 2``. Fixit runs ``lint`` (its rules report with their fixes computed) with
benchmarks/fixit_rules.py (two simple rules written the Fixit way, with QualifiedNameProvider), once
pinned to one CPU with ``taskset`` and once free to use both. Wall time is the median of the repeats.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def generate(tree: Path, count: int) -> None:
    """``count`` torch scripts: the corpus' before.py files with their identifiers renamed."""
    sources = sorted((ROOT / "corpus").rglob("before.py"))
    tree.mkdir(parents=True)
    for index in range(count):
        text = sources[index % len(sources)].read_text()
        suffix = f"_{index}"
        text = re.sub(r"\bclass (\w+)", lambda m: f"class {m.group(1)}{suffix}", text)
        text = re.sub(r"\bdef run\(", f"def run{suffix}(", text)
        package = tree / f"pkg{index // 100:02d}"
        package.mkdir(exist_ok=True)
        (package / f"train_{index:04d}.py").write_text(text)


def copy_py(source: Path, target: Path, skip: tuple[str, ...] = ()) -> None:
    ignored = ("__pycache__", "*.so", "*.pyc", "*.a", "*.h", "*.dylib", "*.dll", "*.lib", *skip)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*ignored))


def count_py(tree: Path) -> int:
    return sum(1 for _ in tree.rglob("*.py"))


def timed(command: list[str], cwd: Path, repeats: int) -> tuple[float, str]:
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=str(ROOT / "benchmarks"))
    times = []
    last = ""
    for _ in range(repeats):
        start = time.perf_counter()
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        last = (done.stderr.strip().splitlines() or [""])[-1]
    return statistics.median(times), last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--trees", default="corpus,generated,torch,stdlib", help="comma-separated subset")
    args = parser.parse_args()
    wanted = set(args.trees.split(","))

    with tempfile.TemporaryDirectory(prefix="autofix-bench-") as scratch:
        base = Path(scratch)
        trees: dict[str, Path] = {}
        if "corpus" in wanted:
            trees["corpus"] = base / "corpus"
            copy_py(ROOT / "corpus", trees["corpus"])
        if "generated" in wanted:
            trees["generated"] = base / "generated"
            generate(trees["generated"], args.files)
        if "torch" in wanted:
            import torch  # only to find its sources

            # Not named "torch", and every tool runs from the folder above the trees: a copy of a
            # package on the import path shadows the real one (and torch/types.py the stdlib's).
            trees["torch"] = base / "torch_sources"
            copy_py(Path(torch.__file__).parent, trees["torch"])
        if "stdlib" in wanted:
            trees["stdlib"] = base / "stdlib"
            copy_py(Path(os.__file__).parent, trees["stdlib"], skip=("site-packages",))

        autofix = str(BIN / "autofix")
        fixit = str(BIN / "fixit")
        rows = []
        for name, tree in trees.items():
            files = count_py(tree)
            folder = tree.name
            for label, command in (
                ("autofix --jobs 1", [autofix, "apply", "--check", "--unsafe-fixes", "--jobs", "1", folder]),
                ("autofix --jobs 2", [autofix, "apply", "--check", "--unsafe-fixes", "--jobs", "2", folder]),
                ("fixit (1 CPU)", ["taskset", "-c", "0", fixit, "--rules", "fixit_rules", "lint", folder]),
                ("fixit (2 CPUs)", [fixit, "--rules", "fixit_rules", "lint", folder]),
            ):
                seconds, summary = timed(command, base, args.repeats)
                rows.append((name, files, label, seconds, files / seconds, summary))
                print(f"{name:10} {files:6} files  {label:18} {seconds:7.2f} s  {files / seconds:8.1f} files/s"
                      f"   [{summary[:90]}]", flush=True)

    print()
    print(f"Machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.platform()}")
    print("| tree | files | tool | wall (s) | files/s |")
    print("|---|---:|---|---:|---:|")
    for name, files, label, seconds, rate, _ in rows:
        print(f"| {name} | {files} | {label} | {seconds:.2f} | {rate:.1f} |")


if __name__ == "__main__":
    main()
