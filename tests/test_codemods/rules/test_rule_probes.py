"""Every rule's probe set: small cases re-typed from public code outside the field set, judged by hand.

Each probe in ``tests/data/<code>_probes`` names the repository its shape comes from (``benchmarks/
rule_probes.py`` says how probes are marked and run). A line marked ``# expect DEVnnn`` must be reported
by that rule or edited by its fix, as the field counts a finding, and no unmarked line may be reported
(a look-alike, with no mark, stays byte-identical); known misses and known false positives are left
out of the check and counted by the benchmark. Where ``<probe>.after.py`` exists the fixed text must be
exactly it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.rule_probes import probe_sets, probes, run_probe

CASES = [(code, path) for code in probe_sets() for path in probes(code)]
# The smallest size each set may shrink to: a probe is deleted only on purpose.
SIZES = {
    "DEV001": 4,
    "DEV004": 4,
    "DEV005": 8,
    "DEV007": 40,
    "DEV008": 35,
    "DEV009": 45,
    "DEV010": 25,
    "DEV022": 6,
}


@pytest.mark.parametrize("code", SIZES)
def test_the_probe_set_is_there_and_names_its_sources(code: str):
    assert len(probes(code)) >= SIZES[code]
    assert all(path.read_text().startswith("# source: ") for path in probes(code))


@pytest.mark.parametrize(("code", "probe"), CASES, ids=lambda c: c if isinstance(c, str) else c.stem)
def test_probe(code: str, probe: Path):
    result = run_probe(probe, code)
    assert not result.reported - result.hits - result.known_false_positives
    assert result.hits - result.misses <= result.covered
    if not result.hits and not result.known_false_positives:
        assert result.fixed == result.code
    if result.judged is not None:
        assert result.fixed == result.judged
