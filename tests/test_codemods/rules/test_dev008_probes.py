"""DEV008 on its probe set: small cases re-typed from public code outside the field set, judged by hand.

Each probe in ``tests/data/dev008_probes`` names the repository its shape comes from and its verdict.
A line marked ``# expect DEV008`` must be reported, and no unmarked line may be (a look-alike, with no
mark, stays byte-identical); ``# expect DEV008 (known miss)`` marks a hit the rule does not find yet
and ``# known false positive DEV008`` a look-alike line it still reports: both are left out of the
check and counted by ``benchmarks/dev008_probes.py``. Where ``<probe>.after.py`` exists
it is the exact text after fixing with unsafe fixes on (read and judged right); a probe marked
``# fix not made yet`` has the fix judged right that the rule does not make yet (the benchmark counts it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev008_host_sync_in_loop.rule import HostSyncInLoop

PROBES = Path(__file__).resolve().parents[2] / "data" / "dev008_probes"
CASES = sorted(p for p in PROBES.glob("p*.py") if not p.name.endswith(".after.py"))


def _marked(text: str) -> tuple[set[int], set[int]]:
    """The lines marked as hits, and those marked as known misses."""
    hits, misses = set(), set()
    for number, line in enumerate(text.splitlines(), 1):
        if "# expect DEV008 (known miss)" in line or "# known false positive DEV008" in line:
            misses.add(number)
        elif "# expect DEV008" in line:
            hits.add(number)
    return hits, misses


def test_the_probe_set_is_there():
    assert len(CASES) >= 30
    assert all(p.read_text().startswith("# source: ") for p in CASES)


@pytest.mark.parametrize("probe", CASES, ids=lambda p: p.stem)
def test_dev008_probe(probe: Path):
    text = probe.read_text()
    hits, misses = _marked(text)
    outcome = lint_and_fix(text, [HostSyncInLoop], fix=True, unsafe_fixes=True)
    reported = {d.line for d in outcome.diagnostics if d.code == "DEV008"}
    assert reported - misses == hits
    fixed = outcome.new_text if outcome.new_text is not None else text
    if not hits and not misses:
        assert fixed == text
    after = probe.with_name(probe.stem + ".after.py")
    if after.exists() and "# fix not made yet" not in text:
        assert fixed == after.read_text()
