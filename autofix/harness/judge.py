"""The verdict on one case, from its runs: PASS, FAIL or UNPROVEN, with the proof or the problem.

A rewritten case PASSES only when all of these hold:

* after runs in every phase (or fails only as before did with "needs a GPU" on the CPU);
* after's results equal before's wherever both ran, and after's results in a phase where before
  failed equal before's results from the other phase (the device run against the CPU run);
* when before ran nowhere, the case's own ``reference()`` is the reference; without one the verdict
  is UNPROVEN (runs now, no reference);
* a rule that moves work to the device shows work on the device: host-to-device copies, or
  results on the device;
* there is a proof: before failed *with the failure the rule cures* where after runs (a timeout, a
  signal, an exit, any other error is shown and is never proof), or after makes fewer transfers or
  host syncs, or is faster with a 99% interval above 1.0 — claimed only for rules whose fix
  changes the work done on the clock that measured it.

A case left unchanged PASSES when both versions behave identically: same outcomes, counts, results.
"""

from __future__ import annotations

from dataclasses import dataclass

from autofix.harness.compare import compare
from autofix.harness.models import (
    DEVICE_MISMATCH, DTYPE_MISMATCH, FIXABLE, LEGACY_API, NEEDS_GPU, CaseResult, PhaseRun, Timing, VersionRun,
)
from autofix.harness.stats import ratio_interval


@dataclass(frozen=True)
class RuleProfile:
    """What a rule's fix is allowed to prove. Declared here: a rule does not grade its own proof."""

    cures: frozenset[str]  # the failure kinds its fix removes
    device_work: bool  # its fix moves work to the device, so after must show some there
    work: str = ""  # what its fix saves: "dtype" (any clock), "transfers" or "syncs" (a real GPU's clock)


PROFILES = {
    "DEV001": RuleProfile(frozenset({DEVICE_MISMATCH}), True),
    "DEV002": RuleProfile(frozenset({DTYPE_MISMATCH}), False, "dtype"),
    "DEV003": RuleProfile(frozenset({DEVICE_MISMATCH}), True, "transfers"),
    "DEV004": RuleProfile(frozenset({DEVICE_MISMATCH}), True),
    "DEV005": RuleProfile(frozenset({DEVICE_MISMATCH}), True),
    "DEV006": RuleProfile(frozenset({DEVICE_MISMATCH, NEEDS_GPU}), True),
    "DEV007": RuleProfile(frozenset({NEEDS_GPU}), True),
    "DEV008": RuleProfile(frozenset(), True, "syncs"),
    "DEV010": RuleProfile(frozenset({DEVICE_MISMATCH}), True, "transfers"),
    "DEV011": RuleProfile(frozenset({LEGACY_API}), False),
}
# A rule not listed: any of the three cures, must show device work, no timing claim.
UNKNOWN = RuleProfile(FIXABLE, True)


def profile_of(rules: tuple[str, ...]) -> RuleProfile:
    profiles = [PROFILES.get(code, UNKNOWN) for code in rules] or [UNKNOWN]
    return RuleProfile(
        frozenset().union(*(p.cures for p in profiles)),
        any(p.device_work for p in profiles),
        next((p.work for p in profiles if p.work == "dtype"), next((p.work for p in profiles if p.work), "")),
    )


def timing_wanted(rules: tuple[str, ...], device: str, before: VersionRun, after: VersionRun) -> str | None:
    """The phase to time on, when a speed-up could be claimed there at all; None otherwise."""
    work = profile_of(rules).work
    phase = "cuda" if device == "cuda" else "cpu"
    if work == "dtype" or (work in ("transfers", "syncs") and device == "cuda"):
        return phase if before.ok(phase) and after.ok(phase) else None
    return None


def speed(before: list[float], after: list[float], phase: str) -> Timing:
    import statistics

    ratio, low, high = ratio_interval(before, after)
    timing = Timing(phase, len(before), statistics.median(before), statistics.median(after), ratio, low, high)
    timing.claimed = low > 1.0
    if high < 1.0:
        timing.note = "after is slower"
    elif not timing.claimed:
        timing.note = "no speed-up beyond noise"
    return timing


class Judge:
    def __init__(self, device: str) -> None:
        self.device = device
        self.phases = ["cpu"] + ([device] if device != "cpu" else [])

    def judge(self, result: CaseResult) -> None:
        assert result.before is not None and result.after is not None
        if result.positive:
            self._rewritten(result, result.before, result.after)
        else:
            self._unchanged(result, result.before, result.after)

    # -- a rewritten case

    def _rewritten(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        profile = profile_of(result.rules)
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if not a.ok:
                if phase == "cpu" and a.kind == NEEDS_GPU and b.kind == NEEDS_GPU:
                    result.notes.append("needs a GPU on the CPU, before and after")
                else:
                    result.problems.append(f"after fails on {phase}: {a.outcome}")
            elif not b.ok:
                cured = b.kind in profile.cures and (b.kind != NEEDS_GPU or phase == "cpu")
                if cured:
                    result.proofs.append(f"{_short(phase)}: {b.outcome} → ok")
                else:
                    result.notes.append(f"before {b.outcome} on {phase}: not what {result.rule} cures, no proof")
        self._compare(result, before, after)
        if profile.device_work and after.ok(self.device) and self.device != "cpu":
            run = after.phases[self.device]
            if not run.count("host_to_device") and not run.on_device:
                result.problems.append(f"after does no work on {self.device}: no host-to-device copy, no result there")
        self._counts(result, before, after)
        if result.timing is not None:
            if result.timing.claimed:
                result.proofs.append(f"{result.timing.ratio:.2f}x faster (99% CI {result.timing.low:.2f}-{result.timing.high:.2f})")
            elif result.timing.note:
                result.notes.append(f"{result.timing.note}: {result.timing.describe()}")
        if not result.proofs and not result.problems and not result.unproven:
            result.problems.append("no proof: before neither fails as the rule says nor makes more transfers or syncs")

    def _compare(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        pairs = [(p, p) for p in self.phases if before.ok(p) and after.ok(p)]
        # Where before failed, after's results there must still equal before's from the other phase.
        for phase in self.phases:
            other = next((p for p in self.phases if p != phase), None)
            if other and not before.ok(phase) and before.ok(other) and after.ok(phase):
                pairs.append((other, phase))
        for b_phase, a_phase in pairs:
            self._add(result, before.phases[b_phase], after.phases[a_phase])
        if pairs:
            return
        reference = result.reference
        if reference is not None and reference.ok:
            for phase in self.phases:
                if after.ok(phase):
                    self._add(result, reference, after.phases[phase])
            return
        if reference is not None:
            result.notes.append(f"reference() fails: {reference.outcome}")
        if any(after.ok(p) for p in self.phases):
            result.unproven = "UNPROVEN (runs now, no reference): before runs nowhere and the case gives no reference()"

    def _add(self, result: CaseResult, b: PhaseRun, a: PhaseRun) -> None:
        assert b.results is not None and a.results is not None
        comparison = compare(b.results, a.results, before_phase=b.phase, after_phase=a.phase)
        result.comparisons.append(comparison)
        result.problems.extend(f"results differ ({comparison.label}): {p}" for p in comparison.problems)

    def _counts(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        if self.device == "cpu" or not (before.ok(self.device) and after.ok(self.device)):
            return
        b, a = before.phases[self.device], after.phases[self.device]
        if a.transfers() < b.transfers():
            result.proofs.append(f"transfers {b.transfers()} → {a.transfers()}")
        if profile_of(result.rules).work == "dtype":
            # Deterministic where a speed-up is not: the double-precision operations the fix took away.
            if a.count("float64_ops") < b.count("float64_ops"):
                result.proofs.append(f"float64 operations {b.count('float64_ops')} → {a.count('float64_ops')}")
        b_syncs, a_syncs = b.count("syncs"), a.count("syncs")
        if a_syncs < b_syncs:
            result.proofs.append(f"host syncs {b_syncs} → {a_syncs}")
        elif a_syncs > b_syncs:
            result.notes.append(f"host syncs {b_syncs} → {a_syncs}")

    # -- a case the rules leave alone

    def _unchanged(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if b.outcome != a.outcome:
                result.problems.append(f"unchanged code behaved differently on {phase}: {b.outcome} vs {a.outcome}")
            elif b.counts != a.counts:
                result.problems.append(f"unchanged code counted differently on {phase}: {b.counts} vs {a.counts}")
            elif b.ok and a.ok:
                self._add(result, b, a)
        if not any(after.ok(p) for p in self.phases):
            result.problems.append("the unchanged code runs nowhere: nothing was checked")


def _short(phase: str) -> str:
    return {"emulated-cuda": "emulated GPU", "cuda": "GPU"}.get(phase, phase)
