"""Judges a case from its two runs: equal results, and a proof that the rewrite fixed something."""

from __future__ import annotations

from autofix.harness.models import CaseResult, speedup_of

# A rewrite counts as a speed-up proof when the after version's median time is at least this much
# lower, on runs long enough (TIMING_FLOOR_S) that the difference is not Python overhead and noise:
# identical code measured in two processes was seen to differ by 2x on runs of a few milliseconds.
SPEEDUP_PROOF = 1.3
TIMING_FLOOR_S = 0.02


def judge(result: CaseResult, device: str) -> None:
    Judge(device).judge(result)


class Judge:
    def __init__(self, device: str) -> None:
        self.device = device

    def judge(self, result: CaseResult) -> None:
        from autofix.harness.compare import compare

        before, after = result.before, result.after
        assert before is not None and after is not None
        if result.positive:
            for phase in after.phases.values():
                if not phase.ok:
                    result.problems.append(f"after fails on {phase.phase}: {phase.outcome}")
        elif not (after.phases.get(self.device) and after.phases[self.device].ok):
            result.problems.append(f"the unchanged code does not run on {self.device}")
        # Compare where both ran; the CPU phase first (it is the reference), then the device phase.
        for name in ("cpu", self.device):
            b, a = before.phases.get(name), after.phases.get(name)
            if b and a and b.ok and a.ok and b.results is not None and a.results is not None:
                comparison = compare(b.results, a.results)
                result.equal, result.compared_on = comparison.equal, name
                result.max_abs, result.max_rel = comparison.max_abs, comparison.max_rel
                result.dtype_changed = comparison.dtype_changed
                result.problems.extend(f"results differ: {p}" for p in comparison.problems)
                break
        if result.positive:
            self._prove(result)
        else:
            self._check_identical(result)

    def _prove(self, result: CaseResult) -> None:
        before, after = result.before, result.after
        assert before is not None and after is not None
        for name, b in before.phases.items():
            a = after.phases.get(name)
            if a and a.ok and not b.ok:
                result.proofs.append(f"{name}: {b.outcome} → ok")
        b_dev, a_dev = before.phases.get(self.device), after.phases.get(self.device)
        if b_dev and a_dev and b_dev.ok and a_dev.ok and b_dev.counts and a_dev.counts:
            b_transfers = b_dev.counts["host_to_device"] + b_dev.counts["device_to_host"]
            a_transfers = a_dev.counts["host_to_device"] + a_dev.counts["device_to_host"]
            if a_transfers < b_transfers:
                result.proofs.append(f"transfers {b_transfers} → {a_transfers}")
            if a_dev.counts["syncs"] < b_dev.counts["syncs"]:
                result.proofs.append(f"host syncs {b_dev.counts['syncs']} → {a_dev.counts['syncs']}")
        speedup = speedup_of(result)
        before_time = before.phases.get(result.timed_on)
        long_enough = before_time is not None and (before_time.median_time or 0) >= TIMING_FLOOR_S
        if speedup is not None and speedup >= SPEEDUP_PROOF and long_enough:
            result.proofs.append(f"{speedup:.2f}x faster")
        if not result.proofs:
            result.problems.append("no proof: before neither fails nor makes more transfers, syncs or time")

    def _check_identical(self, result: CaseResult) -> None:
        before, after = result.before, result.after
        assert before is not None and after is not None
        for name, b in before.phases.items():
            a = after.phases.get(name)
            if a is None or a.outcome != b.outcome:
                result.problems.append(f"unchanged code behaved differently on {name}")
            elif a.counts != b.counts:
                result.problems.append(f"unchanged code counted differently on {name}: {b.counts} vs {a.counts}")
        if result.equal is False:
            result.problems.append("unchanged code gave different results")


