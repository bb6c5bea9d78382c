"""The dated section ``benchmarks/gpu_check.sh`` appends to ``benchmarks/results.md``.

Reads what the script's two runs wrote: the fidelity table's JSON (``benchmarks/fidelity.py --json``)
and ``autofix verify --json`` on the corpus, and appends one markdown section: the machine, the
fidelity tally and every row that differs, the verify summary and every case that did not pass, and
every timed case with its speed-up and 99% interval (claimed or not).

    python benchmarks/gpu_check_report.py --fidelity F.json --verify V.json --results results.md \\
        --mode cuda --seconds 312 --fidelity-exit 0 --verify-exit 0
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
from pathlib import Path
from typing import Any


def machine(mode: str) -> str:
    import torch

    if mode == "cuda" and torch.cuda.is_available():
        gpus = ", ".join(torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count()))
        return (
            f"{gpus}; torch {torch.__version__}, CUDA {torch.version.cuda};"
            f" Python {platform.python_version()}"
        )
    return (
        f"dry run on the CPU (emulated GPU), {platform.processor() or platform.machine()};"
        f" torch {torch.__version__}; Python {platform.python_version()}"
    )


def fidelity_lines(records: list[dict[str, Any]] | None, exit_code: int) -> list[str]:
    if records is None:
        return [f"The fidelity table did not run to the end (exit {exit_code}): no JSON."]
    differ = [
        r
        for r in records
        if any(v for k, v in r["problems"].items() if k != "emulated vs cuda")
        or ("cuda" in r["problems"] and r["problems"]["cuda"])
    ]
    on_cuda = sum(r["cuda"] is not None for r in records)
    agree = len(records) - len(differ)
    lines = [
        f"{len(records)} rows; {agree} agree; {len(differ)} differ; {on_cuda} ran on real CUDA"
        f" (exit {exit_code})."
    ]
    for record in differ:
        texts = "; ".join(f"{where}: {' / '.join(p)}" for where, p in record["problems"].items() if p)
        lines.append(f"* {record['row']}: {texts} (CUDA's behaviour: {record.get('source', '-')})")
    return lines


def verify_lines(data: dict[str, Any] | None, exit_code: int) -> list[str]:
    if data is None:
        return [f"`autofix verify` did not finish (exit {exit_code}): no JSON."]
    lines = [f"{data['summary']} on `{data['device']}` (exit {exit_code})."]
    failed = [c for c in data["cases"] if c["verdict"] != "PASS"]
    for case in failed:
        why = "; ".join(case["problems"]) or case["unproven"]
        lines.append(f"* {case['verdict']} {case['case']}: {why}")
    timed = [c for c in data["cases"] if c.get("timing")]
    if timed:
        lines += [
            "",
            "| case | rule | clock | before (ms) | after (ms) | speed-up | 99% CI | pairs | claimed |",
            "|---|---|---|---:|---:|---:|---|---:|---|",
        ]
        for case in timed:
            t = case["timing"]
            clock = "GPU" if t["phase"] == "cuda" else "CPU"
            cells = [
                case["case"],
                ",".join(case["rules"]),
                clock,
                f"{t['before_median'] * 1e3:.2f}",
                f"{t['after_median'] * 1e3:.2f}",
                f"{t['ratio']:.2f}x",
                f"{t['low']:.2f}-{t['high']:.2f}",
                str(t["pairs"]),
                "yes" if t["claimed"] else "no",
            ]
            lines.append("| " + " | ".join(cells) + " |")
    else:
        lines.append(
            "No case was timed (speed-ups are claimed only for rules whose fix changes the work"
            " on that clock)."
        )
    return lines


def load(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fidelity", type=Path, required=True)
    parser.add_argument("--verify", type=Path, required=True)
    parser.add_argument("--results", type=Path, required=True)
    parser.add_argument("--mode", choices=["cuda", "dry-run"], required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--fidelity-exit", type=int, default=0)
    parser.add_argument("--verify-exit", type=int, default=0)
    args = parser.parse_args()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    title = "GPU check" if args.mode == "cuda" else "GPU check, dry run on the CPU"
    section = [
        "",
        f"## {title} ({now})",
        "",
        f"`benchmarks/gpu_check.sh{' --dry-run' if args.mode == 'dry-run' else ''}`: {machine(args.mode)};"
        f" {args.seconds:.0f} s wall for the whole script.",
        "",
        f"### The fidelity table (`benchmarks/fidelity.py{' --device cuda' if args.mode == 'cuda' else ''}`)",
        "",
        *fidelity_lines(load(args.fidelity), args.fidelity_exit),
        "",
        "### `autofix verify` on the corpus",
        "",
        *verify_lines(load(args.verify), args.verify_exit),
        "",
    ]
    with args.results.open("a", encoding="utf-8") as out:
        out.write("\n".join(section))
    print("\n".join(section))
    return 0


if __name__ == "__main__":
    sys.exit(main())
