"""Rules on their probe sets: small cases re-typed from public code outside the field set, judged by hand.

Each probe in ``tests/data/<code>_probes`` (``dev007_probes``, ``dev005_probes``, ...) names the
repository its shape comes from and its verdict. A line marked ``# expect DEV007`` must be reported,
and no unmarked line may be (a look-alike, with no mark, stays byte-identical); ``# expect DEV007
(known miss)`` marks a hit the rule does not find yet and ``# known false positive DEV007`` a
look-alike line it still reports: both are left out of the check and counted by
``benchmarks/rule_probes.py --rule DEV007``. Where ``<probe>.after.py`` exists it is the exact text
after fixing with unsafe fixes on (read and judged right).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autofix.engine.lint import lint_and_fix
from codemods import rules_by_code

DATA = Path(__file__).resolve().parents[2] / "data"
# The smallest set each rule's probes may shrink to: a probe is deleted only on purpose.
SIZES = {"DEV007": 40, "DEV005": 8, "DEV001": 4, "DEV004": 4}
CASES = [
    (code, probe)
    for code in SIZES
    for probe in sorted((DATA / f"{code.lower()}_probes").glob("p*.py"))
    if not probe.name.endswith(".after.py")
]


def _marked(text: str, code: str) -> tuple[set[int], set[int]]:
    """The lines marked as hits, and those marked as known misses."""
    hits, misses = set(), set()
    for number, line in enumerate(text.splitlines(), 1):
        if f"# expect {code} (known miss)" in line or f"# known false positive {code}" in line:
            misses.add(number)
        elif f"# expect {code}" in line:
            hits.add(number)
    return hits, misses


@pytest.mark.parametrize("code", SIZES)
def test_the_probe_set_is_there(code: str):
    probes = [p for c, p in CASES if c == code]
    assert len(probes) >= SIZES[code]
    assert all(p.read_text().startswith("# source: ") for p in probes)


@pytest.mark.parametrize(("code", "probe"), CASES, ids=lambda v: v if isinstance(v, str) else v.stem)
def test_rule_probe(code: str, probe: Path):
    text = probe.read_text()
    hits, misses = _marked(text, code)
    outcome = lint_and_fix(text, [rules_by_code()[code]], fix=True, unsafe_fixes=True)
    reported = {d.line for d in outcome.diagnostics if d.code == code}
    assert reported - misses == hits
    fixed = outcome.new_text if outcome.new_text is not None else text
    if not hits and not misses:
        assert fixed == text
    after = probe.with_name(probe.stem + ".after.py")
    if after.exists():
        assert fixed == after.read_text()
