"""Generate one large torch file, and profile ``check``/``apply`` of it against bare ``libcst.parse_module``.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/large_file.py --size-mb 1 [--size-mb 5] [--profile]

The file is the corpus' ``before.py`` files, concatenated with their classes and functions renamed per
copy until it reaches the size asked for: real torch code, with findings throughout. Each measurement runs
in a fresh process under ``/usr/bin/time -v`` (wall time, CPU time, peak RSS); ``--profile`` adds the top of
a cProfile of ``check`` in-process.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def generate(path: Path, size: int) -> Path:
    """Write a torch file of about ``size`` bytes to ``path``."""
    sources = [p.read_text() for p in sorted((ROOT / "corpus").rglob("before.py"))]
    sources = ["\n".join(l for l in s.splitlines() if not l.startswith("from __future__")) + "\n" for s in sources]
    parts = ["import torch\n"]
    total = len(parts[0])
    index = 0
    while total < size:
        text = sources[index % len(sources)]
        suffix = f"_{index}"
        text = re.sub(r"\b(class|def) (\w+)", lambda m: f"{m.group(1)} {m.group(2)}{suffix}", text)
        parts.append(text)
        total += len(text)
        index += 1
    path.write_text("".join(parts))
    return path


def _measure(label: str, command: list[str]) -> dict:
    """Run ``command`` under /usr/bin/time -v: wall and CPU seconds, peak RSS (largest process) in MB."""
    done = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True,
                          env=dict(os.environ, OMP_NUM_THREADS="1"))
    stats = dict(re.findall(r"^\s*(.+?): (.+)$", done.stderr, re.MULTILINE))
    wall_parts = [float(p) for p in stats["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":")]
    wall = sum(p * 60 ** i for i, p in enumerate(reversed(wall_parts)))
    cpu = float(stats["User time (seconds)"]) + float(stats["System time (seconds)"])
    row = {"label": label, "exit": done.returncode, "wall_s": wall, "cpu_s": cpu,
           "peak_rss_mb": int(stats["Maximum resident set size (kbytes)"]) / 1024}
    tail = [line for line in done.stderr.splitlines() if "scanned" in line]
    row["summary"] = tail[-1] if tail else ""
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, action="append", help="file size(s) to test (default 1)")
    parser.add_argument("--keep", type=Path, help="write the generated files here instead of a temporary folder")
    args = parser.parse_args()
    python = sys.executable
    autofix = str(Path(python).parent / "autofix")
    print(f"Machine: {os.cpu_count()} CPUs; OMP_NUM_THREADS=1; each row a fresh process under /usr/bin/time -v")
    print("| file | what | exit | wall (s) | CPU (s) | peak RSS (MB) | wall / bare parse | RSS / bare parse |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="autofix-large-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for size_mb in args.size_mb or [1.0]:
            path = generate(folder / f"big_{size_mb:g}mb.py", int(size_mb * 1_000_000))
            copy = path.with_name(path.stem + "_apply.py")
            copy.write_bytes(path.read_bytes())
            no_cache = ["--no-cache", "--jobs", "1", "--timeout", "0", "--max-file-size", "0"]
            rows = [
                _measure("bare libcst.parse_module", [python, "-c",
                         "import sys, libcst; libcst.parse_module(open(sys.argv[1]).read())", str(path)]),
                _measure("bare parse + codegen", [python, "-c",
                         "import sys, libcst; libcst.parse_module(open(sys.argv[1]).read()).code", str(path)]),
                _measure("autofix check", [autofix, "check", *no_cache, str(path)]),
                _measure("autofix apply --unsafe-fixes", [autofix, "apply", "--unsafe-fixes", *no_cache, str(copy)]),
            ]
            bare = rows[0]
            for row in rows:
                print(f"| {size_mb:g} MB | {row['label']} | {row['exit']} | {row['wall_s']:.1f} | {row['cpu_s']:.1f} |"
                      f" {row['peak_rss_mb']:.0f} | {row['wall_s'] / bare['wall_s']:.2f} |"
                      f" {row['peak_rss_mb'] / bare['peak_rss_mb']:.2f} |", flush=True)
                if row["summary"]:
                    print(f"|  | ({row['summary']}) | | | | | | |", flush=True)


if __name__ == "__main__":
    main()
