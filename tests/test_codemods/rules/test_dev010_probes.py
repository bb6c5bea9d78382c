"""DEV010 and DEV003 on their probe set: small cases re-typed from public code outside the field set.

Each probe in ``tests/data/dev010_probes`` names the repository its shape comes from and its verdict.
The two rules run together, as the field matches them (a factory without ``device=`` that is then
moved is both patterns). A line marked ``# expect DEV010`` or ``# expect DEV003`` must be reported,
and no unmarked line may be (a look-alike, with no mark, stays byte-identical); ``(known miss)`` marks
a hit the rules do not find yet and ``# known false positive`` a look-alike line they still report:
both are left out of the check and counted by ``benchmarks/rule_probes.py DEV010 DEV003``. Where
``<probe>.after.py`` exists it is the exact text after fixing with unsafe fixes on (read and judged
right).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.rule_probes import marked_lines, probe_dir, probe_files, run_probe

CODES = ("DEV010", "DEV003")
CASES = probe_files(probe_dir("DEV010"))


def test_the_probe_set_is_there():
    assert len(CASES) >= 25
    assert all(p.read_text().startswith("# source: ") for p in CASES)


@pytest.mark.parametrize("probe", CASES, ids=lambda p: p.stem)
def test_dev010_probe(probe: Path):
    text = probe.read_text()
    hits, left_out = marked_lines(text)
    outcome = run_probe(text, CODES)
    reported = {d.line for d in outcome.diagnostics if d.code in CODES}
    assert reported - left_out == hits
    fixed = outcome.new_text if outcome.new_text is not None else text
    if not hits and not left_out:
        assert fixed == text
    after = probe.with_name(probe.stem + ".after.py")
    if after.exists():
        assert fixed == after.read_text()
