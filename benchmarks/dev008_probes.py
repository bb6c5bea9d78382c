"""DEV008 on its probe set (tests/data/dev008_probes): hits found, false positives, fixes as judged.

Each probe names the public repository its shape comes from; lines marked ``# expect DEV008`` are hits
(``(known miss)``: one the rule does not find yet), a probe without such marks is a look-alike
(``# known false positive DEV008`` marks a line of one the rule still reports), and
``<probe>.after.py`` is the fixed text judged right. Prints one line per probe and the totals:

    .venv/bin/python benchmarks/dev008_probes.py [--diff] [PROBE_DIR]
"""

from __future__ import annotations

import argparse
import difflib
from pathlib import Path

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev008_host_sync_in_loop.rule import HostSyncInLoop

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "dev008_probes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("probes", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--diff", action="store_true", help="print each finding and each fix")
    args = parser.parse_args()
    totals = dict(hits=0, found=0, false_positives=0, lookalikes=0, kept=0, judged_fixes=0, fixed_as_judged=0)
    for path in sorted(p for p in args.probes.glob("p*.py") if not p.name.endswith(".after.py")):
        text = path.read_text()
        lines = text.splitlines()
        hits = {n for n, line in enumerate(lines, 1) if "# expect DEV008" in line}
        outcome = lint_and_fix(text, [HostSyncInLoop], fix=True, unsafe_fixes=True)
        reported = {d.line for d in outcome.diagnostics if d.code == "DEV008"}
        fixed = outcome.new_text if outcome.new_text is not None else text
        totals["hits"] += len(hits)
        totals["found"] += len(hits & reported)
        totals["false_positives"] += len(reported - hits)
        if not hits:
            totals["lookalikes"] += 1
            totals["kept"] += int(fixed == text and not reported)
        after = path.with_name(path.stem + ".after.py")
        verdict = ""
        if after.exists():
            totals["judged_fixes"] += 1
            right = fixed == after.read_text()
            totals["fixed_as_judged"] += int(right)
            verdict = "fixed as judged" if right else "FIX DIFFERS"
        missed, extra = sorted(hits - reported), sorted(reported - hits)
        notes = (f"missed {missed} " if missed else "") + (f"FALSE POSITIVE {extra} " if extra else "")
        print(f"{path.name:45} hits={sorted(hits)} reported={sorted(reported)} {notes}{verdict}")
        if args.diff:
            for d in outcome.diagnostics:
                print(f"    {d.line}: {d.message}")
            print("".join(difflib.unified_diff(text.splitlines(True), fixed.splitlines(True), n=0)), end="")
    print(" ".join(f"{k}={v}" for k, v in totals.items()))


if __name__ == "__main__":
    main()
