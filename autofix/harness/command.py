"""The ``autofix verify`` command. torch is imported only when it runs: the fixer never needs it."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import click
from rich.console import Console

DEVICES = ("auto", "cpu", "emulated-cuda", "cuda")


@click.command()
@click.argument("case_dirs", nargs=-1, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--device", type=click.Choice(DEVICES), default="auto", show_default=True,
              help="auto: cuda when a GPU is present, else emulated-cuda.")
@click.option("--repeats", type=click.IntRange(min=1), default=5, show_default=True,
              help="Timed runs per version (after one warm-up run); short runs are repeated more.")
@click.option("--threads", type=click.IntRange(min=1), default=1, show_default=True,
              help="Intra-op threads for each run (pinned: unpinned timings are noise).")
@click.option("--timeout", type=float, default=60.0, show_default=True, help="Seconds per version before it is killed.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the results as JSON.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a markdown report for a pull request.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary line and failures.")
def verify(case_dirs, device, repeats, threads, timeout, seed, json_path, report_path, quiet):  # type: ignore[no-untyped-def]
    """Run each corpus case before and after its rewrite; prove equivalence and the fix."""
    err = Console(stderr=True, highlight=False)
    if importlib.util.find_spec("torch") is None:
        err.print("error: autofix verify runs PyTorch code and needs torch: pip install 'torch-autofix[verify]'")
        sys.exit(2)
    import torch

    from autofix.harness.report import print_table, summary_line, to_json, to_markdown
    from autofix.harness.verify import Verifier, find_cases, verify_all

    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "emulated-cuda"
    if device == "cuda" and not torch.cuda.is_available():
        err.print("skipped: --device cuda needs a CUDA GPU and none is available here"
                  " (use --device emulated-cuda to check device correctness on the CPU)")
        sys.exit(2)
    cases = find_cases(list(case_dirs) or [Path("corpus")])
    if not cases:
        err.print("error: no cases found (a case is a folder with before.py and after.py)")
        sys.exit(2)

    verifier = Verifier(device=device, repeats=repeats, threads=threads, timeout=timeout, seed=seed)
    started = time.perf_counter()
    if quiet or not err.is_terminal:
        results = verify_all(cases, verifier)
    else:
        with err.status("verifying") as status:
            results = verify_all(
                cases, verifier, on_result=lambda r: status.update(f"verified {r.case}: {'ok' if r.passed else 'FAILED'}")
            )
    elapsed = time.perf_counter() - started

    out = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
    if quiet:
        for result in results:
            if not result.passed:
                out.print(f"{result.case}: FAIL: {'; '.join(result.problems)}", markup=False)
    else:
        print_table(out, results, device)
    settings = {"repeats": repeats, "threads": threads, "seed": seed, "timeout_s": timeout}
    if json_path:
        json_path.write_text(to_json(results, device, settings))
    if report_path:
        report_path.write_text(to_markdown(results, device, settings))
    err.print(f"{summary_line(results)} in {elapsed:.1f} s")
    sys.exit(0 if all(r.passed for r in results) else 1)
