"""DEV009 and the legacy-API rules on their probe set: small cases re-typed from public code outside the
field set, judged by hand.

Each probe in ``tests/data/dev009_probes`` names the repository its shape comes from and its verdict.
A line marked ``# expect DEVnnn`` must be reported by that rule (or edited by its fix, as the field
counts a finding), and no unmarked line may be reported (a
look-alike, with no mark, stays byte-identical); ``# expect DEVnnn (known miss)`` marks a hit the rules
do not find yet and ``# known false positive DEVnnn`` a look-alike line they still report: both are
left out of the check and counted by ``benchmarks/rule_probes.py DEV009``. The rules run on the probe
without its marks (a comment changes what a fix may do on its line); where ``<probe>.after.py``
exists it is the exact text after fixing with unsafe fixes on (read and judged right).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autofix.engine.lint import lint_and_fix
from benchmarks.rule_probes import family, lines_hit, marks, probes, unmarked
from codemods import rules_by_code

CODES = family("DEV009")
RULES = [rules_by_code()[code] for code in CODES]
CASES = probes("DEV009")


def test_the_probe_set_is_there():
    assert len(CASES) >= 25
    assert all(p.read_text().startswith("# source: ") for p in CASES)


@pytest.mark.parametrize("probe", CASES, ids=lambda p: p.stem)
def test_dev009_probe(probe: Path):
    text = probe.read_text()
    hits, misses, false_positives = marks(text)
    code = unmarked(text)
    outcome = lint_and_fix(code, RULES, fix=True, unsafe_fixes=True, want_edits=True)
    reported = {(d.line, d.code) for d in outcome.diagnostics if d.code in CODES}
    assert not reported - hits - false_positives
    assert hits - misses <= lines_hit(outcome.diagnostics, CODES)
    fixed = outcome.new_text if outcome.new_text is not None else code
    if not hits:
        assert fixed == code
    after = probe.with_name(probe.stem + ".after.py")
    if after.exists():
        assert fixed == after.read_text()
