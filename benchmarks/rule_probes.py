"""A rule family on its probe set (tests/data/<code>_probes): hits found, false positives, fixes as judged.

Each probe names the public repository its shape comes from; ``# expect DEVnnn`` marks a hit of that
rule on its line (found when a finding is on it or its fix edits it, as the field counts) (``# expect DEVnnn (known miss)``: one the rules do not find yet; a line may carry
several marks), a probe without marks is a look-alike (``# known false positive DEVnnn`` marks a line
of one still reported), and ``<probe>.after.py`` is the fixed text judged right (unsafe fixes on) of the probe without its marks. The
probes of DEV009 are run with the rules that translate the pre-0.4 API beside it (the field's P9
family, ``benchmarks/field_manifest.py``'s ``LEGACY_API_RULES``, and DEV021). Prints one line per probe and the
totals:

    .venv/bin/python benchmarks/rule_probes.py DEV009 [--diff] [PROBE_DIR]
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from autofix.engine.diagnostic import Diagnostic
from autofix.engine.lint import lint_and_fix
from benchmarks.field_manifest import LEGACY_API_RULES
from codemods import rules_by_code

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
_MARK = re.compile(r"(expect|known false positive) (DEV\d{3})( \(known miss\))?")
_MARK_COMMENT = re.compile(r"\s*# (expect|known false positive) DEV\d{3}.*$")


def family(code: str) -> list[str]:
    """The rules a probe set of ``code`` is run with: for DEV009 the P9 family and DEV021 (the pre-0.4
    ``.view`` of a transposed tensor, which legacy code holds as often), else the rule alone."""
    return ["DEV009", *sorted(LEGACY_API_RULES | {"DEV021"})] if code == "DEV009" else [code]


def marks(text: str) -> tuple[set[tuple[int, str]], set[tuple[int, str]], set[tuple[int, str]]]:
    """The (line, code) pairs marked in comments: the hits (known misses included), the known misses,
    and the look-alike lines still reported (known false positives)."""
    hits, misses, false_positives = set(), set(), set()
    for number, line in enumerate(text.splitlines(), 1):
        comment = line[line.index("#") :] if "#" in line else ""
        for kind, code, miss in _MARK.findall(comment):
            if kind != "expect":
                false_positives.add((number, code))
                continue
            hits.add((number, code))
            if miss:
                misses.add((number, code))
    return hits, misses, false_positives


def lines_hit(diagnostics: Iterable[Diagnostic], codes: Sequence[str]) -> set[tuple[int, str]]:
    """The (line, code) pairs a finding of ``codes`` names: its own line, and, as the field's matching
    counts them (``field/README.md``), the lines its fix edits (one fix that rewrites several volatile
    wrappers and wraps their code in ``no_grad`` is reported once, on the first)."""
    found: set[tuple[int, str]] = set()
    for d in diagnostics:
        if d.code not in codes:
            continue
        found.add((d.line, d.code))
        for edit in d.edits:
            last = edit.end_line - 1 if edit.end_column == 1 and edit.end_line > edit.line else edit.end_line
            found.update((line, d.code) for line in range(edit.line, last + 1))
    return found


def unmarked(text: str) -> str:
    """``text`` without its marks, line for line: the code as the rules see it (a comment on a line
    changes what a fix may do there, e.g. an import with a comment is not removed)."""
    return "".join(_MARK_COMMENT.sub("", line.rstrip("\n")) + "\n" for line in text.splitlines())


def probes(code: str, folder: Path | None = None) -> list[Path]:
    """The probe files of ``code``'s set, in order (not their judged ``.after.py`` texts)."""
    folder = folder or DATA / f"{code.lower()}_probes"
    return sorted(p for p in folder.glob("p*.py") if not p.name.endswith(".after.py"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code", help="the rule whose probe set to run, e.g. DEV009")
    parser.add_argument("probes", nargs="?", type=Path, default=None)
    parser.add_argument("--diff", action="store_true", help="print each finding and each fix")
    args = parser.parse_args()
    codes = family(args.code)
    rules = [rules_by_code()[c] for c in codes]
    totals = dict(hits=0, found=0, false_positives=0, lookalikes=0, kept=0, judged_fixes=0, fixed_as_judged=0)
    for path in probes(args.code, args.probes):
        text = path.read_text()
        hits, _, known_false_positives = marks(text)
        code = unmarked(text)
        outcome = lint_and_fix(code, rules, fix=True, unsafe_fixes=True, want_edits=True)
        reported = {(d.line, d.code) for d in outcome.diagnostics if d.code in codes}
        covered = lines_hit(outcome.diagnostics, codes)
        fixed = outcome.new_text if outcome.new_text is not None else code
        totals["hits"] += len(hits)
        totals["found"] += len(hits & covered)
        extra = reported - hits
        totals["false_positives"] += len(extra)
        if not hits:
            totals["lookalikes"] += 1
            totals["kept"] += int(fixed == code and not reported)
        after = path.with_name(path.stem + ".after.py")
        verdict = ""
        if after.exists():
            totals["judged_fixes"] += 1
            right = fixed == after.read_text()
            totals["fixed_as_judged"] += int(right)
            verdict = "fixed as judged" if right else "FIX DIFFERS"
        missed = sorted(hits - covered)
        known = " (known)" if extra and extra <= known_false_positives else ""
        notes = (f"missed {missed} " if missed else "") + (
            f"FALSE POSITIVE {sorted(extra)}{known} " if extra else ""
        )
        print(f"{path.name:45} hits={len(hits)} found={len(hits & covered)} {notes}{verdict}")
        if args.diff:
            for d in outcome.diagnostics:
                print(f"    {d.line} {d.code}: {d.message}")
            print("".join(difflib.unified_diff(code.splitlines(True), fixed.splitlines(True), n=0)), end="")
    print(" ".join(f"{k}={v}" for k, v in totals.items()))


if __name__ == "__main__":
    main()
