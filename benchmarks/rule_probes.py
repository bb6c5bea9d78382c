"""A rule on its probe set (tests/data/<code>_probes): hits found, false positives, fixes as judged.

Each probe names the public repository its shape comes from; lines marked ``# expect DEV007`` are hits
(``(known miss)``: one the rule does not find yet), a probe without such marks is a look-alike
(``# known false positive DEV007`` marks a line of one the rule still reports), and
``<probe>.after.py`` is the fixed text judged right. Prints one line per probe and the totals:

    .venv/bin/python benchmarks/rule_probes.py [--rule DEV007] [--diff] [PROBE_DIR]
"""

from __future__ import annotations

import argparse
import difflib
from pathlib import Path

from autofix.engine.lint import lint_and_fix
from codemods import rules_by_code

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("probes", nargs="?", type=Path, help="the probe folder (default: the rule's)")
    parser.add_argument("--rule", default="DEV007", help="the rule's code (default DEV007)")
    parser.add_argument("--diff", action="store_true", help="print each finding and each fix")
    args = parser.parse_args()
    code = args.rule.upper()
    rule = rules_by_code()[code]
    folder = args.probes or DATA / f"{code.lower()}_probes"
    mark = f"# expect {code}"
    totals = dict(hits=0, found=0, false_positives=0, lookalikes=0, kept=0, judged_fixes=0, fixed_as_judged=0)
    for path in sorted(p for p in folder.glob("p*.py") if not p.name.endswith(".after.py")):
        text = path.read_text()
        lines = text.splitlines()
        hits = {n for n, line in enumerate(lines, 1) if mark in line}
        outcome = lint_and_fix(text, [rule], fix=True, unsafe_fixes=True)
        reported = {d.line for d in outcome.diagnostics if d.code == code}
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
