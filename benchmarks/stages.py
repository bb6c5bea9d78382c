"""Where ``check`` and ``apply`` of one file spend their time, in-process, stage by stage.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/stages.py FILE [--top 25]

Runs :func:`autofix.engine.lint_and_fix` as a worker does (the worker's collector settings), with each
stage wrapped in a CPU timer: the screen, the first parse, the rules (each pass), positions of findings,
applying a pass's edits, re-parsing what a pass changed (:mod:`autofix.reparse`); then a bare
``libcst.parse_module`` of the same text for the ratio, and the top of a cProfile of ``apply`` (cumulative),
which shows which rules' code the rule time goes to. cProfile slows Python code more than libcst's native
parser, so its shares overstate the rules; the stage table is the one to quote.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

import libcst

import autofix.engine as engine
import autofix.reparse as reparse
from autofix.workers import _WORKER_GC_THRESHOLDS
from codemods import all_rules

SECONDS: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)


def _timed(name: str, function):  # type: ignore[no-untyped-def]
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            SECONDS[name] += time.process_time() - start
            CALLS[name] += 1

    return wrapper


def _instrument() -> None:
    engine.refuse_if_too_deep = _timed("screen (nesting depth)", engine.refuse_if_too_deep)
    engine.parse = _timed("first parse (libcst)", engine.parse)
    engine.run_rules = _timed("rules (one call per pass)", engine.run_rules)
    engine.spans = _timed("positions of findings", engine.spans)
    engine.apply_edits = _timed("apply a pass's edits (path copy)", engine.apply_edits)
    reparse.Reparser.__init__ = _timed("statement texts (once)", reparse.Reparser.__init__)
    reparse.Reparser.advance = _timed("re-parse changed statements", reparse.Reparser.advance)


def _stages(text: str, fix: bool) -> float:
    SECONDS.clear()
    CALLS.clear()
    start = time.process_time()
    outcome = engine.lint_and_fix(text, all_rules(), fix=fix, unsafe_fixes=True, want_positions=not fix)
    total = time.process_time() - start
    what = f"{len(outcome.diagnostics)} findings" if not fix else f"{sum(outcome.applied.values())} fixes"
    print(f"{'apply' if fix else 'check'}: {total:.2f} s CPU in all ({what})")
    for name, seconds in SECONDS.items():
        print(f"  {name:36} {seconds:7.2f} s  {100 * seconds / total:5.1f} %  x{CALLS[name]}")
    print(f"  {'other':36} {total - sum(SECONDS.values()):7.2f} s")
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    text = args.file.read_text()
    gc.freeze()
    gc.set_threshold(*_WORKER_GC_THRESHOLDS)
    _instrument()
    check = _stages(text, fix=False)
    apply = _stages(text, fix=True)
    gc.collect()
    start = time.process_time()
    libcst.parse_module(text)
    bare = time.process_time() - start
    print(f"bare libcst.parse_module (same process, same collector settings): {bare:.2f} s CPU;"
          f" check {check / bare:.2f}x, apply {apply / bare:.2f}x")
    profiler = cProfile.Profile()
    profiler.runcall(engine.lint_and_fix, text, all_rules(), fix=True, unsafe_fixes=True)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.top)
    print("\ncProfile of apply, cumulative, top", args.top)
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:20000])


if __name__ == "__main__":
    sys.exit(main())
