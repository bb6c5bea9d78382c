"""A rule's probe set (tests/data/<code>_probes): hits found, false positives, fixes as judged.

The generic form of ``benchmarks/dev007_probes.py``: each probe names the public repository its shape
comes from; a line marked ``# expect DEVnnn`` is a hit (``(known miss)``: one the rules do not find
yet), a probe without such marks is a look-alike (``# known false positive`` marks a line the rules
still report), and ``<probe>.after.py`` is the fixed text judged right. The rules given run together
(DEV010 and DEV003 are one pattern pair in the field's matching), and a hit is found when any of them
reports its line. Prints one line per probe and the totals:

    .venv/bin/python benchmarks/rule_probes.py DEV010 DEV003 [--diff] [--probes DIR]
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Sequence
from pathlib import Path

from autofix.engine.lint import Outcome, lint_and_fix
from codemods import rules_by_code

PROBES = Path(__file__).resolve().parents[1] / "tests" / "data"


def probe_dir(code: str) -> Path:
    """Where the probes of rule ``code`` live."""
    return PROBES / f"{code.lower()}_probes"


def probe_files(directory: Path) -> list[Path]:
    """The probes of a directory, without their judged fixed texts."""
    return sorted(p for p in directory.glob("p*.py") if not p.name.endswith(".after.py"))


def marked_lines(text: str) -> tuple[set[int], set[int]]:
    """The lines marked as hits the rules find, and those left out of the check (known misses and
    known false positives)."""
    hits, left_out = set(), set()
    for number, line in enumerate(text.splitlines(), 1):
        if "(known miss)" in line or "# known false positive" in line:
            left_out.add(number)
        elif "# expect DEV" in line:
            hits.add(number)
    return hits, left_out


def run_probe(text: str, codes: Sequence[str]) -> Outcome:
    """Lint and fix ``text`` with the rules ``codes``, unsafe fixes on."""
    table = rules_by_code()
    return lint_and_fix(text, [table[code] for code in codes], fix=True, unsafe_fixes=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="+", help="the rules to run; the first names the probe set")
    parser.add_argument("--probes", type=Path, help="the probe folder (default: the first code's)")
    parser.add_argument("--diff", action="store_true", help="print each finding and each fix")
    args = parser.parse_args()
    codes = [code.upper() for code in args.codes]
    totals = dict(hits=0, found=0, false_positives=0, lookalikes=0, kept=0, judged_fixes=0, fixed_as_judged=0)
    for path in probe_files(args.probes or probe_dir(codes[0])):
        text = path.read_text()
        lines = text.splitlines()
        hits = {n for n, line in enumerate(lines, 1) if "# expect DEV" in line}
        outcome = run_probe(text, codes)
        reported = {d.line for d in outcome.diagnostics if d.code in codes}
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
                print(f"    {d.line}: {d.code} {d.message}")
            print("".join(difflib.unified_diff(text.splitlines(True), fixed.splitlines(True), n=0)), end="")
    print(" ".join(f"{k}={v}" for k, v in totals.items()))


if __name__ == "__main__":
    main()
