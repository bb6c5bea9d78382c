"""Every rule's probe set (tests/data/<code>_probes): hits found, false positives, fixes as judged.

A probe is a small case re-typed from public code outside the field set; its first line names the
repository its shape comes from. ``# expect DEVnnn`` marks a hit of that rule on its line, found when a
finding is on it or its fix edits it, as the field counts (``# expect DEVnnn (known miss)``: one the
rules do not find yet; a line may carry several marks). A probe without marks is a look-alike
(``# known false positive DEVnnn`` marks a line of one still reported), and ``<probe>.after.py`` is the
fixed text judged right (unsafe fixes on). The rules run on the probe without its marks (a comment
changes what a fix may do on its line), and a set runs with its rule's family: DEV009 with the rules
that translate the pre-0.4 API (the field's P9, ``benchmarks/field_manifest.py``'s
``LEGACY_API_RULES``, and DEV021), DEV010 with DEV003 (one pattern pair in the field's matching).
``tests/test_codemods/rules/test_rule_probes.py`` checks every set. Prints one line per probe and the
totals:

    .venv/bin/python benchmarks/rule_probes.py DEV009 [--diff] [PROBE_DIR]
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from autofix.engine.diagnostic import Diagnostic
from autofix.engine.lint import lint_and_fix
from benchmarks.field_manifest import LEGACY_API_RULES
from codemods import rules_by_code

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
_MARK = re.compile(r"(expect|known false positive) (DEV\d{3})( \(known miss\))?")
_MARK_COMMENT = re.compile(r"\s*# (expect|known false positive) DEV\d{3}.*$")
Mark = tuple[int, str]  # (line, rule code)


def family(code: str) -> list[str]:
    """The rules a probe set of ``code`` is run with."""
    if code == "DEV009":  # DEV021: the pre-0.4 `.view` of a transposed tensor, as common in such code
        return ["DEV009", *sorted(LEGACY_API_RULES | {"DEV021"})]
    if code == "DEV010":
        return ["DEV010", "DEV003"]
    return [code]


def probe_sets() -> list[str]:
    """The rule codes that have a probe set."""
    return sorted(p.name.split("_")[0].upper() for p in DATA.glob("dev*_probes") if p.is_dir())


def marks(text: str) -> tuple[set[Mark], set[Mark], set[Mark]]:
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


def lines_hit(diagnostics: Iterable[Diagnostic], codes: Sequence[str]) -> set[Mark]:
    """The (line, code) pairs a finding of ``codes`` names: its own line, and, as the field's matching
    counts them (``field/README.md``), the lines its fix edits (one fix that rewrites several volatile
    wrappers and wraps their code in ``no_grad`` is reported once, on the first)."""
    found: set[Mark] = set()
    for d in diagnostics:
        if d.code not in codes:
            continue
        found.add((d.line, d.code))
        for edit in d.edits:
            last = edit.end_line - 1 if edit.end_column == 1 and edit.end_line > edit.line else edit.end_line
            found.update((line, d.code) for line in range(edit.line, last + 1))
    return found


def unmarked(text: str) -> str:
    """``text`` without its marks, line for line: the code as the rules see it."""
    return "".join(_MARK_COMMENT.sub("", line.rstrip("\n")) + "\n" for line in text.splitlines())


def probes(code: str, folder: Path | None = None) -> list[Path]:
    """The probe files of ``code``'s set, in order (not their judged ``.after.py`` texts)."""
    folder = folder or DATA / f"{code.lower()}_probes"
    return sorted(p for p in folder.glob("p*.py") if not p.name.endswith(".after.py"))


@dataclass
class ProbeResult:
    """What the rules made of one probe."""

    hits: set[Mark]
    misses: set[Mark]  # marked as known misses
    known_false_positives: set[Mark]
    reported: set[Mark]  # the findings of the family's rules
    covered: set[Mark]  # lines the findings name or their fixes edit
    code: str  # the probe without its marks
    fixed: str  # ... after fixing (``code`` when nothing changed)
    judged: str | None  # the judged fixed text, without marks, where there is one
    diagnostics: list[Diagnostic]

    @property
    def found(self) -> set[Mark]:
        return self.hits & self.covered

    @property
    def false_positives(self) -> set[Mark]:
        return self.reported - self.hits


def run_probe(path: Path, code: str) -> ProbeResult:
    """Lint and fix the probe at ``path`` with ``code``'s family, unsafe fixes on."""
    codes = family(code)
    table = rules_by_code()
    text = path.read_text()
    hits, misses, known_false_positives = marks(text)
    source = unmarked(text)
    outcome = lint_and_fix(source, [table[c] for c in codes], fix=True, unsafe_fixes=True, want_edits=True)
    after = path.with_name(path.stem + ".after.py")
    return ProbeResult(
        hits=hits,
        misses=misses,
        known_false_positives=known_false_positives,
        reported={(d.line, d.code) for d in outcome.diagnostics if d.code in codes},
        covered=lines_hit(outcome.diagnostics, codes),
        code=source,
        fixed=outcome.new_text if outcome.new_text is not None else source,
        judged=unmarked(after.read_text()) if after.exists() else None,
        diagnostics=list(outcome.diagnostics),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code", help=f"the rule whose probe set to run: {', '.join(probe_sets())}")
    parser.add_argument("probes", nargs="?", type=Path, default=None)
    parser.add_argument("--diff", action="store_true", help="print each finding and each fix")
    args = parser.parse_args()
    code = args.code.upper()
    totals = dict(hits=0, found=0, false_positives=0, lookalikes=0, kept=0, judged_fixes=0, fixed_as_judged=0)
    for path in probes(code, args.probes):
        result = run_probe(path, code)
        totals["hits"] += len(result.hits)
        totals["found"] += len(result.found)
        extra = result.false_positives
        totals["false_positives"] += len(extra)
        if not result.hits:
            totals["lookalikes"] += 1
            totals["kept"] += int(result.fixed == result.code and not result.reported)
        verdict = ""
        if result.judged is not None:
            totals["judged_fixes"] += 1
            right = result.fixed == result.judged
            totals["fixed_as_judged"] += int(right)
            verdict = "fixed as judged" if right else "FIX DIFFERS"
        missed = sorted(result.hits - result.covered)
        known = " (known)" if extra and extra <= result.known_false_positives else ""
        notes = (f"missed {missed} " if missed else "") + (
            f"FALSE POSITIVE {sorted(extra)}{known} " if extra else ""
        )
        print(f"{path.name:45} hits={len(result.hits)} found={len(result.found)} {notes}{verdict}")
        if args.diff:
            for d in result.diagnostics:
                print(f"    {d.line} {d.code}: {d.message}")
            diff = difflib.unified_diff(result.code.splitlines(True), result.fixed.splitlines(True), n=0)
            print("".join(diff), end="")
    print(" ".join(f"{k}={v}" for k, v in totals.items()))


if __name__ == "__main__":
    main()
