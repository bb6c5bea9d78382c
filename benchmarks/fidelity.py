"""Run the emulation-fidelity table (tests/test_autofix/harness/test_emulation_fidelity.py) on the emulated GPU and, with
``--device cuda``, on a real one; print where each disagrees with the table and with each other.

    python benchmarks/fidelity.py                  # the emulated GPU against the table
    python benchmarks/fidelity.py --device cuda    # real CUDA too (needs a GPU)
    python benchmarks/fidelity.py --sample 5       # 5 rows spread over the table (a quick check of the plumbing)

Exit status 0 when every row the machine can run agrees with the table everywhere.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from tests.test_autofix.harness.test_emulation_fidelity import ROWS, Observed, disagreements, observe  # noqa: E402


def emulated():
    from autofix.harness.emulated_cuda import emulated_cuda

    return emulated_cuda(device_count=2)


def real():
    """Real CUDA as ``autofix verify``'s cuda phase runs a case: counted, and torch's exceptions marked as
    torch's (else CUDA's own device checks, raised in C++, read as errors of unknown origin)."""
    from autofix.harness.child import real_cuda

    return real_cuda()


def _show(seen: Observed | None) -> str:
    if seen is None:
        return "-"
    return f"{seen.outcome} h2d={seen.h2d} d2h={seen.d2h} syncs={seen.syncs}"


def sample(rows: list, count: int) -> list:
    """``count`` rows at even steps through ``rows``, the first and the last among them: the table's sections
    (copies, syncs, streams, several GPUs) each have rows in the sample, and the same rows every run."""
    if count >= len(rows):
        return list(rows)
    if count == 1:
        return [rows[0]]
    return [rows[round(n * (len(rows) - 1) / (count - 1))] for n in range(count)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", choices=["emulated-cuda", "cuda"], default="emulated-cuda")
    parser.add_argument("--json", type=Path, help="write every observation here")
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="run N rows spread evenly over the table, not all of them (the test of gpu_check.sh's dry run;"
        " the test suite checks every row on the emulated GPU itself)",
    )
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    if args.device == "cuda" and not torch.cuda.is_available():
        print("no CUDA GPU here: run without --device cuda to check the emulation alone", file=sys.stderr)
        return 2
    gpus = torch.cuda.device_count() if args.device == "cuda" else 0
    rows = sample(ROWS, args.sample) if args.sample else ROWS
    records = []
    bad = 0
    for row in rows:
        # The real device first: the emulation patches torch.cuda while it is active.
        on_cuda = observe(row, real) if args.device == "cuda" and row.gpus <= gpus else None
        on_emulated = observe(row, emulated)
        problems = {"emulated": disagreements(row, on_emulated)}
        if on_cuda is not None:
            problems["cuda"] = disagreements(row, on_cuda)
            if (on_cuda.outcome, on_cuda.h2d, on_cuda.d2h, on_cuda.syncs) != (
                on_emulated.outcome,
                on_emulated.h2d,
                on_emulated.d2h,
                on_emulated.syncs,
            ):
                problems["emulated vs cuda"] = [f"emulated {_show(on_emulated)}; cuda {_show(on_cuda)}"]
        flagged = {k: v for k, v in problems.items() if v}
        # Counts the table leaves unchecked (None) may differ without failing; outcomes may not.
        failing = {k: v for k, v in flagged.items() if k != "emulated vs cuda"} or (
            {"emulated vs cuda": flagged["emulated vs cuda"]}
            if on_cuda is not None and on_cuda.outcome != on_emulated.outcome
            else {}
        )
        bad += bool(failing)
        mark = "DIFF" if failing else ("note" if flagged else "ok")
        print(f"{mark:<5} {row.name}")
        for where, texts in flagged.items():
            for text in texts:
                print(f"        {where}: {text}")
        if failing:
            print(f"        real CUDA, per {row.source}")
        records.append(
            {
                "row": row.name,
                "source": row.source,
                "expected": [row.outcome, row.h2d, row.d2h, row.syncs],
                "emulated": on_emulated.__dict__,
                "cuda": on_cuda.__dict__ if on_cuda else None,
                "problems": problems,
            }
        )
    ran_on_cuda = sum(r["cuda"] is not None for r in records)
    print(
        f"\n{len(rows)} rows; {len(rows) - bad} agree; {bad} differ;"
        f" {ran_on_cuda} ran on real CUDA ({torch.cuda.get_device_name(0) if ran_on_cuda else 'none'})"
    )
    if args.json:
        args.json.write_text(json.dumps(records, indent=2))
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
