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
