"""Files per second: autofix against Fixit running comparable rules, on the same trees.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/throughput.py [--files 1000] [--repeats 3]

Trees (copied into a temporary folder, so nothing here is modified):

* ``corpus``: this repository's corpus (before and after versions).
* ``generated``: ``--files`` torch training scripts made from the corpus with renamed identifiers.
* ``torch``: the Python sources of the installed torch package: real code, and every file mentions
  torch, so the plain-text pre-filter skips nothing (the worst case for autofix).
* ``stdlib``: CPython's standard library (autofix only): a large tree that mostly never mentions
  torch, where the pre-filter does its job; it also holds pydoc_data/topics.py, whose huge literal
  makes libcst recurse too deep.

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


def copy_py(source: Path, target: Path) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "*.a", "*.h",
                                                                    "*.dylib", "*.dll", "*.lib"))


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
    parser.add_argument("--skip-stdlib", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="autofix-bench-") as scratch:
        base = Path(scratch)
        trees = {"corpus": base / "corpus", "generated": base / "generated", "torch": base / "torch"}
        copy_py(ROOT / "corpus", trees["corpus"])
        generate(trees["generated"], args.files)
        import torch  # only to find its sources

        copy_py(Path(torch.__file__).parent, trees["torch"])
        if not args.skip_stdlib:
            trees["stdlib"] = base / "stdlib"
            copy_py(Path(os.__file__).parent, trees["stdlib"])

        autofix = str(BIN / "autofix")
        fixit = str(BIN / "fixit")
        rows = []
        for name, tree in trees.items():
            files = count_py(tree)
            for label, command in (
                ("autofix --jobs 1", [autofix, "apply", "--check", "--unsafe-fixes", "--jobs", "1", "."]),
                ("autofix --jobs 2", [autofix, "apply", "--check", "--unsafe-fixes", "--jobs", "2", "."]),
                ("fixit (1 CPU)", ["taskset", "-c", "0", fixit, "--rules", "fixit_rules", "lint", "."]),
                ("fixit (2 CPUs)", [fixit, "--rules", "fixit_rules", "lint", "."]),
            ):
                if name == "stdlib" and label.startswith("fixit"):
                    continue
                seconds, summary = timed(command, tree, args.repeats)
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
