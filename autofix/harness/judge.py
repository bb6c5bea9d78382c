"""The verdict on one case, from its runs: PASS, FAIL or UNPROVEN, with the proof or the problem.

A rewritten case PASSES only when all of these hold:

* after runs in every phase (or fails only as before did with "needs a GPU" on the CPU);
* after's results equal before's wherever both ran, and after's results in a phase where before
  failed equal before's results from the other phase (the device run against the CPU run);
* when before ran nowhere, the case's own ``reference()`` is the reference; without one the verdict
  is UNPROVEN (runs now, no reference); when the entry returns nothing at all, UNPROVEN too ("cannot
  judge: the entry returns nothing to compare"), which blames no version;
* dtypes change only under a rule whose fix changes them (DEV002), by the pairs and tolerances of
  :mod:`autofix.harness.compare`;
* random numbers: a GPU draws from its own generator. Where after's results differ from the reference's
  and after drew random numbers on the GPU, both are run again with the GPU drawing from the CPU's
  stream. Equal then, the difference is "same distribution, different numbers": accepted only when the
  lines that draw on the GPU were put there by an unsafe fix. Draws the fix did not move (dropout in a
  model that before too ran on the GPU) are compared on the CPU's stream and count as equal;
* a rule that moves work to the device shows work on the device: host-to-device copies, or
  results on the device; and after runs no smaller share of its operations (nor of the elements they
  produce) on the device than before does, or would have had its mismatch been fixed (a lenient run
  of before): else "moves work to the host";
* there is a proof: before failed *with the failure the rule cures*, raised by torch's own check or the
  emulated GPU's, where after runs (a timeout, a signal, an exit, any other error, and any failure the
  case raises itself are shown and never proof), or after makes fewer transfers or host syncs while
  keeping its work on the device, or is faster with a 99% interval above 1.0 — claimed only for rules
  whose fix changes the work done on the clock that measured it; for a rule whose fix only respells
  the computation (DEV012), both versions run in every phase with equal results and equal counts;
  for a rule whose fix restores what code meant where PyTorch changed its meaning silently (DEV019),
  before fails on one of torch's own checks in every phase and after equals the case's reference();
  for a rule whose fix converts a file Python 3 does not compile (DEV022), before fails to import with
  the compiler's own error in every phase and after equals the case's reference().

A case left unchanged PASSES when both versions behave identically: same outcomes, counts, results.

Either is UNPROVEN ("cannot judge") when both versions run nowhere and fail on the device alike for a
GPU the machine lacks (``cuda:1`` on a machine with one GPU): nobody's fault, nothing proved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from autofix.harness.compare import compare
from autofix.harness.cover import never_ran
from autofix.harness.emulated_api import IDENTITIES
from autofix.harness.emulated_cuda import CONSTRUCTORS
from autofix.harness.models import (
    DEVICE_MISMATCH,
    DIFFER,
    DTYPE_MISMATCH,
    EQUAL,
    FIXABLE,
    LEGACY_API,
    LENIENT,
    NEEDS_GPU,
    NO_RESULTS,
    ONE_GPU,
    OTHER_GPU,
    SAME_DISTRIBUTION,
    SHARED_RNG,
    UNEMULATED,
    CaseResult,
    Comparison,
    Failure,
    PhaseRun,
    Timing,
    VersionRun,
)
from autofix.harness.origin import TORCH, TRUSTED
from autofix.harness.stats import ratio_interval

NOTHING_TO_COMPARE = "cannot judge: the entry returns nothing to compare"


@dataclass(frozen=True)
class RuleProfile:
    """What a rule's fix is allowed to prove. Declared here: a rule does not grade its own proof."""

    cures: frozenset[str]  # the failure kinds its fix removes
    device_work: bool  # its fix moves work to the device, so after must show some there
    work: str = ""  # what its fix saves: "dtype" (any clock), "transfers" or "syncs" (a real GPU's clock)
    dtype: bool = False  # its fix changes dtypes: results may change dtype (by an allowed pair)
    # its fix spells the same computation another way (a deprecated name): cures nothing and saves
    # nothing, so its proof is that both versions run everywhere and count and compute the same
    same: bool = False
    # its fix restores what code meant where PyTorch now silently does something else (DEV019's
    # `x.data.t_()`): before fails on one of torch's own checks in every phase, and after computes what
    # the case's own reference() does (compared as for any case that before runs nowhere)
    restores: bool = False
    # its fix converts a file Python 3 does not compile (DEV022's Python 2 syntax): before fails to import
    # in every phase with the compiler's own SyntaxError (raised by the import machinery, not by a line of
    # the case), and after computes what the case's own reference() does
    converts: bool = False


PROFILES = {
    "DEV001": RuleProfile(frozenset({DEVICE_MISMATCH}), True),
    "DEV002": RuleProfile(frozenset({DTYPE_MISMATCH}), False, "dtype", dtype=True),
    "DEV003": RuleProfile(frozenset({DEVICE_MISMATCH}), True, "transfers"),
    "DEV004": RuleProfile(frozenset({DEVICE_MISMATCH}), True),
    # The optimizer built after the move: it cures the mismatch of state an optimizer makes when built
    # (Adagrad's sums on the CPU); with state made at the first step (SGD), `model.to` keeps each
    # parameter, so before trains alike on a GPU and the fix computes (and counts) the same.
    "DEV005": RuleProfile(frozenset({DEVICE_MISMATCH}), True, same=True),
    "DEV006": RuleProfile(frozenset({DEVICE_MISMATCH, NEEDS_GPU}), True),
    "DEV007": RuleProfile(frozenset({NEEDS_GPU}), True),
    "DEV008": RuleProfile(frozenset(), True, "syncs"),
    "DEV010": RuleProfile(frozenset({DEVICE_MISMATCH}), True, "transfers"),
    # The exact modern call for a pre-0.4 one (`Variable(x)`, `torch.cuda.FloatTensor(data)`): it cures a
    # crash or a GPU-only placement where before had one, else it computes the same (and counts the same).
    "DEV009": RuleProfile(FIXABLE, True, same=True),
    "DEV011": RuleProfile(frozenset({LEGACY_API}), False),
    "DEV012": RuleProfile(frozenset(), False, same=True),
    "DEV013": RuleProfile(frozenset(), False, same=True),
    "DEV014": RuleProfile(frozenset(), False, same=True),
    # Both repair crashes of the pre-0.4 API on today's PyTorch, like DEV011.
    "DEV017": RuleProfile(frozenset({LEGACY_API}), False),
    "DEV018": RuleProfile(frozenset({LEGACY_API}), False),
    "DEV019": RuleProfile(frozenset(), False, restores=True),
    "DEV020": RuleProfile(frozenset({LEGACY_API}), False),
    # `.view()` that raised becomes `.reshape()`: before fails on torch's own check, after runs.
    "DEV021": RuleProfile(frozenset(), False, restores=True),
    # A Python 2 file converted: before does not compile, after runs and equals the case's reference().
    "DEV022": RuleProfile(frozenset(), False, converts=True),
}
# A rule not listed: any of the three cures, must show device work, no timing claim.
UNKNOWN = RuleProfile(FIXABLE, True)


def profile_of(rules: tuple[str, ...]) -> RuleProfile:
    profiles = [PROFILES.get(code, UNKNOWN) for code in rules] or [UNKNOWN]
    return RuleProfile(
        frozenset().union(*(p.cures for p in profiles)),
        any(p.device_work for p in profiles),
        next((p.work for p in profiles if p.work == "dtype"), next((p.work for p in profiles if p.work), "")),
        any(p.dtype for p in profiles),
        all(p.same for p in profiles),
        any(p.restores for p in profiles),
        any(p.converts for p in profiles),
    )


def _does_not_compile(failure: Failure | None) -> bool:
    """Whether ``failure`` is the compiler's refusal of the case's file at its import (a ``SyntaxError``
    or ``TabError`` that surfaced in the import machinery), not an error raised by a line of the case."""
    return (
        failure is not None
        and failure.type in ("SyntaxError", "TabError", "IndentationError")
        and failure.where.startswith("<frozen importlib")
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


def _dtype_changes(result: CaseResult) -> bool:
    """May this case's fix change a result's dtype (its rule's profile says so, DEV002)?"""
    return profile_of(result.rules).dtype if result.positive else False


class Judge:
    # One Judge serves every thread of `verify_all`: it keeps no state of the case it judges.
    def __init__(self, device: str) -> None:
        self.device = device
        self.phases = ["cpu"] + ([device] if device != "cpu" else [])

    def judge(self, result: CaseResult) -> None:
        assert result.before is not None and result.after is not None
        unemulated = next(
            (
                run.failure.message
                for version in (result.after, result.before)
                for run in version.phases.values()
                if run.failure is not None and run.failure.kind == UNEMULATED
            ),
            "",
        )
        runs = [run for version in (result.after, result.before) for run in version.phases.values()]
        if not unemulated and any(run.count("unemulated") for run in runs):
            unemulated = "it uses CUDA graphs, which the emulated GPU does not emulate"
        if unemulated:
            result.unproven = f"cannot judge on the emulated device: {unemulated.split(':')[0]}"
            return
        lacking = self._lacks_a_gpu(result.before, result.after)
        if lacking:
            result.unproven = lacking
            return
        if result.positive:
            self._rewritten(result, result.before, result.after)
        else:
            self._unchanged(result, result.before, result.after)

    def _lacks_a_gpu(self, before: VersionRun, after: VersionRun) -> str:
        """Why nothing can be judged on this machine, when both versions ran nowhere and fail on the device
        alike for want of a GPU it lacks (``cuda:1`` on a machine with one GPU): "" otherwise. Not the
        code's fault, nor proof of anything; a version that alone asks for a missing GPU still fails."""
        if self.device == "cpu" or any(v.ok(p) for v in (before, after) for p in self.phases):
            return ""
        b, a = before.phases[self.device].failure, after.phases[self.device].failure
        if not (b and a and _missing_gpu(b) and _missing_gpu(a)):
            return ""
        return f"cannot judge: the case uses a GPU this machine lacks ({a.message} on {self.device})"

    # -- a rewritten case

    def _rewritten(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        profile = profile_of(result.rules)
        nothing = _returns_nothing(before)
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if not a.ok:
                if phase == "cpu" and a.kind == NEEDS_GPU and b.kind == NEEDS_GPU:
                    result.notes.append("needs a GPU on the CPU, before and after")
                elif not (nothing and a.kind == NO_RESULTS):
                    result.problems.append(f"after fails on {phase}: {a.detail}")
            elif not b.ok:
                cured = b.kind in profile.cures and (b.kind != NEEDS_GPU or phase == "cpu")
                if cured and b.kind == DTYPE_MISMATCH and phase == "cpu" and before.ok(self.device):
                    # A dtype is the same on every device: a mismatch on the CPU alone, where before runs
                    # on the GPU, comes from the environment (a CPU-only build), not from its dtypes.
                    cured = False
                restored = profile.restores and b.failure is not None and b.failure.origin == TORCH
                restored = restored or (profile.converts and _does_not_compile(b.failure))
                if restored and not any(before.ok(p) for p in self.phases):
                    result.proofs.append(f"{_short(phase)}: {b.outcome} → ok, as reference() computes")
                elif cured:
                    result.proofs.append(f"{_short(phase)}: {b.outcome} → ok")
                elif not nothing:
                    result.notes.append(
                        f"before {b.detail} on {phase}: not what {result.rule} cures, no proof"
                    )
        if nothing:
            result.unproven = NOTHING_TO_COMPARE
            return
        self._unrun(result, before, after)
        self._compare(result, before, after)
        self._again(result, before.phases["cpu"], after.phases["cpu"])
        if self.device != "cpu":
            # The second call on the device too: state damaged only there (an input changed in place on
            # the GPU alone) shows only there. Where before fails on the device, its CPU second call is
            # the reference, as for the first call.
            a = after.phases[self.device]
            b = before.phases[self.device] if before.ok(self.device) else before.phases["cpu"]
            drew = a.count("device_random") and any(
                c.outcome == SAME_DISTRIBUTION or c.note for c in result.comparisons
            )
            if not drew:  # the GPU's own random numbers differ by design (judged on the first call)
                self._again(result, b, a)
        if profile.device_work and after.ok(self.device) and self.device != "cpu":
            run = after.phases[self.device]
            prior = before.phases.get(self.device)
            # a program that used no GPU before (it ran there, with nothing to copy and no result there)
            # has no device work for the rewrite to keep
            idle_before = (
                prior is not None and prior.ok and not prior.count("host_to_device") and not prior.on_device
            )
            if not run.count("host_to_device") and not run.on_device and not idle_before:
                result.problems.append(
                    f"after does no work on {self.device}: no host-to-device copy, no result there"
                )
        self._gpus(result, before, after)
        self._races(result, before, after)
        self._memo(result, before, after)
        self._leaves(result, before, after)
        self._other_gpu(result, before, after)
        self._one_gpu(result, before, after, profile)
        if profile.work == "transfers":
            self._factory_copies(result, before, after)
        keeps_work = self._device_work(result, before, after) if profile.device_work else True
        self._counts(result, before, after, keeps_work)
        if result.timing is not None:
            clock = _clock(result.timing.phase)
            if result.timing.claimed:
                result.proofs.append(
                    f"{result.timing.ratio:.2f}x faster on {clock}"
                    f" (99% CI {result.timing.low:.2f}-{result.timing.high:.2f})"
                )
            elif result.timing.high < 1.0:
                # A fix whose point is to save this work, measurably slower on this clock: whatever the
                # counts say, it costs more than it saves.
                result.problems.append(f"after is slower on {clock}: {result.timing.describe()}")
            elif result.timing.note:
                result.notes.append(f"{result.timing.note} on {clock}: {result.timing.describe()}")
        if profile.same and not result.proofs and not result.problems and not result.unproven:
            self._same_computation(result, before, after)
        undecided = not (result.proofs or result.problems or result.unproven)
        if profile.work in ("transfers", "syncs") and undecided:
            self._no_cost(result, before, after)
        if not result.proofs and not result.problems and not result.unproven:
            result.problems.append(
                "no proof: before neither fails as the rule says nor makes more transfers or syncs"
            )

    def _unrun(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """A statement the rewrite adds or changes in after that never ran, in any phase or call, or one it
        removes or changes in before that never ran in a before that ran to completion: the runs never
        compared what it computes (a guard for rare inputs, a branch for another seed, a dropped early
        stop), so nothing is proved about it. Cannot judge (see cover.py)."""
        missing: list[str] = []
        same_name = result.before_file == (result.rewritten or "after")  # a user's file: one name twice
        after_lines = {n for p in self.phases if p in after.phases for n in (after.phases[p].covered or ())}
        # a branch of before that never ran, whose work after selects for every element where it ran
        selected = {first for first, lines in result.before_selected.items() if after_lines & set(lines)}
        for version, units, name, verb in (
            (after, result.after_units, result.rewritten or "after", "changed"),
            (before, result.before_units, result.before_file or "before", "removed"),
        ):
            runs = [version.phases[p] for p in self.phases if p in version.phases]
            recorded = [run.covered for run in runs if run.covered is not None]
            if not recorded or not any(run.ok for run in runs):
                continue  # not traced, or ran nowhere to completion (its failure is judged elsewhere)
            lines = {n for covered in recorded for n in covered}
            label = f"{name} ({'after' if version is after else 'before'})" if same_name else name
            unrun = never_ran(units, lines)
            if version is before:
                for n in (n for n in unrun if n in selected):
                    result.notes.append(
                        f"{label} line {n} never ran; after selects its work for every element where it ran"
                    )
                unrun = [n for n in unrun if n not in selected]
            missing += [f"{label} line {n} {verb} and never ran" for n in unrun]
        if not missing:
            return
        more = f" (and {len(missing) - 2} more)" if len(missing) > 2 else ""
        text = f"{'; '.join(missing[:2])}{more} in any phase or call"
        if result.own_rewrite:
            # autofix's own rewrite (a DDP branch taken only under torchrun): the rule's tests answer for
            # the paths this run cannot take; said, not hidden.
            result.notes.append(f"autofix's own rewrite, not judged where it never ran: {text}")
        elif not result.unproven:
            result.unproven = f"cannot judge: {text}: the runs never compared what it computes"

    def _no_cost(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """A rewrite of a rule that saves copies or syncs, where this code leaves nothing to save (a tensor
        made from a Python list crosses to the GPU either way): harmless, when both versions run in every
        phase with equal results, and after makes as many copies and syncs on the device as before,
        keeping its work there (checked before this). Said as such: no saving is claimed."""
        if self.device == "cpu" or not result.comparisons:
            return
        if not all(c.outcome == EQUAL for c in result.comparisons):
            return
        if not all(before.ok(p) and after.ok(p) for p in self.phases):
            return
        b, a = before.phases[self.device], after.phases[self.device]
        if a.transfers() != b.transfers() or a.count("syncs") != b.count("syncs"):
            return
        result.proofs.append(
            f"no saving, no cost: equal results, transfers {b.transfers()} → {a.transfers()}, host syncs"
            f" {b.count('syncs')} → {a.count('syncs')} on {_short(self.device)}"
        )

    def _same_computation(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """The proof of a rule whose fix only respells the computation: both versions run in every
        phase, with equal results (already compared) and the same counts (operations, copies, syncs)."""
        if not result.comparisons or not all(c.outcome == EQUAL for c in result.comparisons):
            return
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if not (b.ok and a.ok) or _without_constructors(b.counts) != _without_constructors(a.counts):
                return
        where = " and ".join(_short(p) for p in self.phases)
        result.proofs.append(f"same computation: equal results and counts on {where}")

    def _compare(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        pairs = [(p, p) for p in self.phases if before.ok(p) and after.ok(p)]
        # Where before failed, after's results there must still equal before's from the other phase.
        for phase in self.phases:
            other = next((p for p in self.phases if p != phase), None)
            if other and not before.ok(phase) and before.ok(other) and after.ok(phase):
                pairs.append((other, phase))
        for b_phase, a_phase in pairs:
            self._add(result, before.phases[b_phase], after.phases[a_phase], before, after)
        if pairs:
            return
        reference = result.reference
        if reference is not None and reference.ok:
            for phase in self.phases:
                if after.ok(phase):
                    self._add(result, reference, after.phases[phase], before, after)
            return
        if reference is not None:
            result.notes.append(f"reference() fails: {reference.outcome}")
        if any(after.ok(p) for p in self.phases):
            result.unproven = (
                "UNPROVEN (runs now, no reference): before runs nowhere and the case gives no reference()"
            )

    def _again(self, result: CaseResult, b: PhaseRun, a: PhaseRun) -> None:
        """The entry called again in one process, a drawn number of times: what the earlier calls left
        behind (an input it mutated, a memo, a counter) must not make after differ from before."""
        if b.again is None or a.again is None or not b.again.ok:
            return
        if not a.again.ok:
            result.problems.append(f"after fails when called again on {a.phase}: {a.again.detail}")
            return
        assert b.again.results is not None and a.again.results is not None
        comparison = compare(
            b.again.results,
            a.again.results,
            before_phase=b.phase,
            after_phase=a.phase,
            dtype_changes=_dtype_changes(result),
        )
        result.problems.extend(
            f"results differ on a later call in one process ({a.phase}): {p}" for p in comparison.problems
        )

    def _add(
        self,
        result: CaseResult,
        b: PhaseRun,
        a: PhaseRun,
        before: VersionRun | None = None,
        after: VersionRun | None = None,
    ) -> None:
        assert b.results is not None and a.results is not None
        comparison = self._compared(result, b, a)
        result.comparisons.append(comparison)
        if comparison.equal:
            comparison.outcome = EQUAL
            return
        comparison.outcome = DIFFER
        if before is not None and after is not None and self._random(result, comparison, b, a, before, after):
            return
        result.problems.extend(f"results differ ({comparison.label}): {p}" for p in comparison.problems)

    def _compared(self, result: CaseResult, b: PhaseRun, a: PhaseRun) -> Comparison:
        assert b.results is not None and a.results is not None
        return compare(
            b.results,
            a.results,
            before_phase=b.phase,
            after_phase=a.phase,
            dtype_changes=_dtype_changes(result),
        )

    def _random(
        self,
        result: CaseResult,
        comparison: Comparison,
        b: PhaseRun,
        a: PhaseRun,
        before: VersionRun,
        after: VersionRun,
    ) -> bool:
        """Whether differing results are only the GPU's random numbers (then judged here, True)."""
        if not (a.count("device_random") or b.count("device_random")):
            return False
        shared_a = after.extra.get(SHARED_RNG) if a.phase == self.device else a
        drew_before = b.phase == self.device and b.count("device_random")
        shared_b = before.extra.get(SHARED_RNG, b) if drew_before else b
        if shared_a is None or shared_b is None or not (shared_a.ok and shared_b.ok):
            return False
        again = self._compared(result, shared_b, shared_a)
        if not again.equal:
            return False  # not the random numbers alone: the first comparison's problems stand
        # Draws the fix put on the GPU: more than before makes there (or would make, its mismatches let
        # through), so a draw moved into a helper the rewrite did not touch is caught too.
        ran_there = before.phases[self.device] if before.ok(self.device) else before.extra.get(LENIENT)
        if ran_there is not None and ran_there.ok:
            extra = a.count("device_random") - ran_there.count("device_random")
        else:  # nothing to count against: the draws on lines the rewrite changed
            extra = len(_moved(result, a, shared_a))
        if b.phase != a.phase and extra <= 0:
            # The GPU's own draws (dropout, an init on the device), not the fix's: before would draw them
            # there too. On the CPU's stream the computations agree.
            comparison.outcome, comparison.equal, comparison.problems = EQUAL, True, []
            comparison.max_rel = again.max_rel
            comparison.note = "the GPU's random draws compared on the CPU's stream"
            result.notes.append(
                f"{comparison.label}: equal with the GPU drawing from the CPU's random stream"
                " (its own draws, as many as before's)"
            )
            return True
        comparison.outcome, comparison.max_rel = SAME_DISTRIBUTION, again.max_rel
        moved = _moved(result, a, shared_a)
        where = ", ".join(sorted({f"{result.rewritten or 'after'}:{start}" for start, _ in moved})) or "after"
        # Accepted only when the moved draws are on lines that only unsafe fixes changed, all of them.
        changed, unsafe_lines = set(result.changed_lines), set(result.unsafe_lines)
        unsafe = len(moved) >= max(extra, 1) and all(_lines(site) & changed <= unsafe_lines for site in moved)
        text = (
            f"same distribution, different numbers ({comparison.label}): {where} draws random numbers"
            " on the GPU, from the GPU's own generator; the results agree only when it draws the CPU's"
            " numbers"
        )
        if unsafe:
            comparison.note = "an unsafe fix moved random draws to the GPU"
            result.notes.append(text + " (an unsafe fix: accepted)")
        else:
            result.problems.append(text + "; only a fix marked unsafe may change the numbers")
        return True

    def _gpus(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """After may use no more GPUs than before does (or would, its mismatches let through): the emulated
        machine has two, so code hard-wired to ``cuda:1`` runs here and fails on a machine with one."""
        if self.device == "cpu" or not after.ok(self.device):
            return
        b = before.phases[self.device] if before.ok(self.device) else before.extra.get(LENIENT)
        if b is None or not b.ok or b.counts is None or after.phases[self.device].counts is None:
            return
        used, allowed = after.phases[self.device].count("gpus"), max(b.count("gpus"), 1)
        if used > allowed:
            result.problems.append(
                f"after uses {used} GPUs where before uses {allowed}: it fails on a machine with fewer"
                " (an invalid device ordinal)"
            )

    def _other_gpu(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """Where after asks what GPU it runs on (its name, properties, capability), it must run as well
        on another model as on the emulated one: code that fixes itself only on one GPU (or only on the
        emulated one, by its name) fails everywhere else."""
        other = after.extra.get(OTHER_GPU)
        if other is None:
            return
        model = IDENTITIES[1].name
        if not other.ok:
            result.problems.append(
                f"after fails on another GPU model ({model}): {other.detail}; it asks what GPU it runs"
                " on, and works on one model only"
            )
            return
        b = before.extra.get(OTHER_GPU)
        if b is None or not b.ok:
            b = before.phases["cpu"] if before.ok("cpu") else None
        if b is None or b.results is None or other.results is None:
            return
        comparison = self._compared(result, b, other)
        result.problems.extend(
            f"results differ on another GPU model ({model}, before {b.phase}): {p}"
            for p in comparison.problems
        )

    def _one_gpu(
        self, result: CaseResult, before: VersionRun, after: VersionRun, profile: RuleProfile
    ) -> None:
        """Where after asks how many GPUs the machine has, it must run on a machine with one (the emulated
        one has two) as well: equal results, and, for a rule that moves work to the device, work there
        (``"cuda" if device_count() > 1 else "cpu"`` hard-codes the CPU on every one-GPU machine)."""
        run = after.extra.get(ONE_GPU)
        if run is None:
            return
        b = before.extra.get(ONE_GPU)
        if not run.ok:
            if b is None or b.ok or b.kind != run.kind:
                result.problems.append(
                    f"after fails on a machine with one GPU: {run.detail}; it asks how many GPUs there are"
                )
            return
        if profile.device_work and not run.count("host_to_device") and not run.on_device:
            result.problems.append(
                "after does no work on the GPU of a machine with one GPU (no host-to-device copy, no result"
                " there): it asks how many GPUs there are, and leaves a single GPU unused"
            )
            return
        if run.count("device_random") or (b is not None and b.count("device_random")):
            return  # the GPU's own numbers: judged on the two-GPU machine
        reference = b if b is not None and b.ok else (before.phases["cpu"] if before.ok("cpu") else None)
        if reference is None or reference.results is None or run.results is None:
            return
        comparison = self._compared(result, reference, run)
        result.problems.extend(
            f"results differ on a machine with one GPU (before {reference.phase}): {p}"
            for p in comparison.problems
        )

    def _leaves(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """After may not keep state between its calls that before does not keep (a call counter that
        goes wrong after the calls the harness makes), nor leave torch's process-wide settings otherwise
        than before does (a default dtype of float64, a global forward hook): what runs next in the
        program would compute differently. Both compared where both ran their later calls."""
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if not (b.ok and a.ok and b.again and a.again and b.again.ok and a.again.ok):
                continue
            extra = sorted(set(a.kept) - set(b.kept))
            if extra:
                result.problems.append(
                    f"keeps state between calls: after changes {', '.join(extra[:4])} from one call to the"
                    f" next (on {phase}), before does not: a program calls it more often than the harness"
                )
                return
            changed = [
                f"{name} {a.settings.get(name)} (before {b.settings.get(name)})"
                for name in sorted(a.settings.keys() | b.settings.keys())
                if a.settings.get(name) != b.settings.get(name)
            ]
            if changed:
                result.problems.append(
                    f"leaves torch's settings changed after its calls (on {phase}): {'; '.join(changed[:3])}:"
                    " whatever the program runs next computes differently"
                )
                return

    def _memo(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """After may not do far less work on its later calls in one process than on its first, where
        before does not: it keeps its result somewhere that survives the call (builtins, a torch
        attribute, a file) and returns it, so its later calls, and any timing of them, prove nothing."""
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if not (b.ok and a.ok and b.again and a.again and b.again.ok and a.again.ok):
                continue
            a_share, b_share = _later_share(a), _later_share(b)
            if a_share is None or b_share is None or (a.work or {}).get("first", 0) < MEMO_MIN_WORK:
                continue
            if a_share < MEMO_SHARE and a_share < MEMO_SHARE * b_share:
                result.problems.append(
                    "keeps state between calls: after's later calls in one process run"
                    f" {_percent_of(a_share)} of the operations its first call runs,"
                    f" before's {_percent_of(b_share)} (on {phase}):"
                    " it returns what an earlier call left behind, so its later calls prove nothing and"
                    " cannot be timed"
                )
                return

    def _races(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """After may not read on one CUDA stream what another wrote with nothing ordering the two (more
        often than before does): a race on a GPU, whose numbers the emulated GPU, running every stream in
        order, cannot show; so its equal results here prove nothing about a GPU."""
        if self.device == "cpu" or not after.ok(self.device):
            return
        a = after.phases[self.device]
        b = before.phases[self.device] if before.ok(self.device) else before.extra.get(LENIENT)
        allowed = b.count("races") if b is not None and b.ok else 0
        if a.count("races") > allowed:
            site = (a.counts or {}).get("race_site") or "after"
            result.problems.append(
                f"races between CUDA streams: {site} reads (or writes) what another stream wrote, with no"
                f" wait_stream, event or synchronize between ({a.count('races')} times, before {allowed});"
                " cannot judge its results on the emulated device, whose streams run in order"
            )
        allowed = b.count("overwrites") if b is not None and b.ok else 0
        if a.count("overwrites") > allowed:
            site = (a.counts or {}).get("overwrite_site") or "after"
            result.problems.append(
                f"overwrites pinned memory a non_blocking copy to the GPU may still be reading: {site}"
                f" writes it with no synchronize, event or stream wait ordering the copy first"
                f" ({a.count('overwrites')} times, before {allowed}); on a GPU the copy may carry the new"
                " data, which the emulated device, copying at once, cannot show"
            )

    def _factory_copies(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        """A rule that saves transfers (DEV003, DEV010) makes tensors on the device: an after that makes them
        on the host and copies each to the GPU (``torch.zeros(n).to(x.device)`` on every call) cures the
        mismatch with the very transfer the rule removes. Counted against before (or before with its
        mismatches let through, which copies nothing it made on the host)."""
        if self.device == "cpu" or not after.ok(self.device):
            return
        b = before.phases[self.device] if before.ok(self.device) else before.extra.get(LENIENT)
        if b is None or not b.ok or b.counts is None:
            return
        a_copies, b_copies = after.phases[self.device].count("factory_copies"), b.count("factory_copies")
        if a_copies > b_copies:
            would = "does" if b.phase == self.device else "would (its mismatches let through)"
            result.problems.append(
                f"copies a tensor it makes on the host (torch.zeros(...), torch.arange(...)) to the GPU"
                f" {a_copies} times, before {would} {b_copies}: the transfer {result.rule} removes; make it"
                " on the device (device=...)"
            )

    def _device_work(self, result: CaseResult, before: VersionRun, after: VersionRun) -> bool:
        """Whether after keeps (at least) before's share of its work on the device; a problem if not."""
        if self.device == "cpu" or not after.ok(self.device):
            return True
        a = after.phases[self.device]
        b = before.phases[self.device] if before.ok(self.device) else before.extra.get(LENIENT)
        if b is None or not b.ok or not b.counts or not a.counts:
            return True
        a_ops, b_ops = _share(a, "ops"), _share(b, "ops")
        a_elements, b_elements = _share(a, "elements"), _share(b, "elements")
        would = "runs" if b.phase == self.device else "would run (its mismatches let through)"
        if _less(a_ops, b_ops) or _less(a_elements, b_elements):
            result.problems.append(
                f"moves work to the host: after runs {_percent(a_ops)} of its operations"
                f" ({_percent(a_elements)} of their elements) on the GPU, before {would} {_percent(b_ops)}"
                f" ({_percent(b_elements)})"
            )
            return False
        # Operation by operation: an operation before runs (or would run) on the GPU that after runs
        # fewer times there is work moved off the device, to the host or out of torch's sight (NumPy),
        # whatever padding restores the shares. Both counted by the emulated GPU alone: real CUDA's
        # counter names some operations otherwise.
        if a.phase != "cuda" and b.phase != "cuda":
            moved = _moved_off(a, b)
            if moved:
                result.problems.append(
                    f"moves work off the GPU: after runs {moved} there fewer times than before {would}"
                )
                return False
        # The share of only the work that feeds the results: dummy work on the device (padding) next
        # to a result computed on the host (NumPy, model.cpu(), a thread, a file) is not in it. Half
        # of before's share at least: a correct fix may add host work that feeds the results (its
        # copies' sources, a batch built on the host); a fallback moves the work wholesale.
        a_fed, b_fed = _fed_share(a), _fed_share(b)
        if a_fed is not None and b_fed is not None and _less((2 * a_fed[0], a_fed[1]), b_fed):
            result.problems.append(
                f"moves work to the host: the work that feeds after's results runs {_percent(a_fed)}"
                f" on the GPU (by elements produced); before {would} {_percent(b_fed)}"
            )
            return False
        return True

    def _counts(
        self, result: CaseResult, before: VersionRun, after: VersionRun, keeps_work: bool = True
    ) -> None:
        if self.device == "cpu" or not (before.ok(self.device) and after.ok(self.device)):
            return
        b, a = before.phases[self.device], after.phases[self.device]
        if not keeps_work:  # fewer copies because less runs on the device is no saving
            return
        if a.transfers() < b.transfers():
            result.proofs.append(f"transfers {b.transfers()} → {a.transfers()}")
        if profile_of(result.rules).work == "dtype":
            # Deterministic where a speed-up is not: the double-precision operations the fix took away.
            # A fix that changes dtypes runs the same operations; fewer of one (bar the casts) is work
            # gone where the counters cannot see it (NumPy), not work saved.
            vanished = _fewer_ops(a, b)
            if vanished:
                result.problems.append(
                    f"runs {vanished} fewer times than before: the work went where the counters cannot see"
                    " it (NumPy, another process), which proves no saving"
                )
            elif a.count("float64_ops") < b.count("float64_ops"):
                result.proofs.append(
                    f"float64 operations {b.count('float64_ops')} → {a.count('float64_ops')}"
                )
        b_syncs, a_syncs = b.count("syncs"), a.count("syncs")
        # A wait that lands no copy in flight only stalls the device (the real GPU's counts cannot tell
        # which: every wait counts there).
        idle = "idle_waits" if "idle_waits" in (a.counts or {}) else "waits"
        if a.count(idle) > b.count(idle):
            # A fix that saves copies or syncs never stops the host for the device but to read what it
            # copied without blocking (one synchronize before reading non_blocking copies).
            result.problems.append(
                f"after waits for the device explicitly {a.count(idle)} times (torch.cuda.synchronize()"
                f" and kin) with no copy to the host in flight, before {b.count(idle)}: it stalls the GPU,"
                " whatever the counts"
            )
        elif a_syncs < b_syncs:
            result.proofs.append(f"host syncs {b_syncs} → {a_syncs}")
        elif a_syncs > b_syncs:
            result.notes.append(f"host syncs {b_syncs} → {a_syncs}")

    # -- a case the rules leave alone

    def _unchanged(self, result: CaseResult, before: VersionRun, after: VersionRun) -> None:
        if _returns_nothing(before) and _returns_nothing(after):
            result.unproven = NOTHING_TO_COMPARE
            return
        for phase in self.phases:
            b, a = before.phases[phase], after.phases[phase]
            if b.outcome != a.outcome:
                result.problems.append(
                    f"unchanged code behaved differently on {phase}: {b.outcome} vs {a.outcome}"
                )
            elif b.counts != a.counts:
                result.problems.append(
                    f"unchanged code counted differently on {phase}: {b.counts} vs {a.counts}"
                )
            elif b.ok and a.ok:
                self._add(result, b, a)
        if not any(after.ok(p) for p in self.phases):
            result.problems.append("the unchanged code runs nowhere: nothing was checked")


def _missing_gpu(failure: Failure) -> bool:
    """torch (or the emulated GPU) refused a GPU index beyond the machine's: CUDA's invalid device ordinal,
    or c10's own check of a stream's device ("Device index value 2 is out of index range [0, 1)")."""
    return failure.origin in TRUSTED and (
        "invalid device ordinal" in failure.message or "is out of index range" in failure.message
    )


def _short(phase: str) -> str:
    return {"emulated-cuda": "emulated GPU", "cuda": "GPU"}.get(phase, phase)


def _clock(phase: str) -> str:
    """Whose clock timed it: a CPU-timed speed-up says so."""
    return "the GPU clock" if phase == "cuda" else "the CPU clock"


def _returns_nothing(run: VersionRun) -> bool:
    """The version ran nowhere to completion, and somewhere its entry returned nothing at all."""
    phases = list(run.phases.values())
    return not any(p.ok for p in phases) and any(p.kind == NO_RESULTS for p in phases)


# A version whose later calls run under half the operations of its first (and under half of before's
# share) memoises; entries of a handful of operations are too small to tell.
MEMO_SHARE = 0.5
MEMO_MIN_WORK = 4


def _later_share(run: PhaseRun) -> float | None:
    """The operations of one later call as a share of the first call's; None when not counted."""
    work = run.work or {}
    if not work.get("calls") or "later" not in work:
        return None
    return work["later"] / work["calls"] / max(work.get("first", 0), 1)


def _without_constructors(counts: dict[str, Any] | None) -> dict[str, Any] | None:
    """``counts`` less the host tensors made from data or a size: a legacy constructor
    (``torch.FloatTensor(data)``, ``torch.Tensor(n)``) makes them where the emulated GPU cannot see, its
    respelling (``torch.as_tensor``, ``torch.empty``) where it can. What they hold is compared by the
    results (a copy where before shared memory shows once the data changes); their count proves nothing
    about the computation."""
    if counts is None:
        return None
    kept = {k: v for k, v in counts.items() if k not in ("constructor_ops", "constructor_elements")}
    if "host_ops" in kept:
        kept["host_ops"] -= counts.get("constructor_ops", 0)
        kept["host_elements"] -= counts.get("constructor_elements", 0)
    by_name = {}
    for name, (host, device) in (counts.get("by_name") or {}).items():
        host = 0 if name in CONSTRUCTORS else host
        if host or device:
            by_name[name] = [host, device]
    kept["by_name"] = by_name
    return kept


def _percent_of(share: float) -> str:
    return f"{100 * share:.0f}%"


def _share(run: PhaseRun, unit: str) -> tuple[int, int]:
    """(work on the GPU, all work), less the host tensors made from data or a size: a legacy constructor
    makes them out of the emulated GPU's sight, its respelling in it (:func:`_without_constructors`)."""
    device = run.count(f"device_{unit}")
    return device, device + run.count(f"host_{unit}") - run.count(f"constructor_{unit}")


def _fed_share(run: PhaseRun) -> tuple[int, int] | None:
    if not run.fed:
        return None
    return run.fed.get("device", 0), run.fed.get("device", 0) + run.fed.get("host", 0)


def _moved_off(a: PhaseRun, b: PhaseRun) -> str:
    """The operations ``b`` runs on the GPU that ``a`` runs there fewer times, as ``linear (0 of 2)``."""
    a_names: dict[str, list[int]] = (a.counts or {}).get("by_name") or {}  # type: ignore[assignment]
    b_names: dict[str, list[int]] = (b.counts or {}).get("by_name") or {}  # type: ignore[assignment]
    fewer = [
        f"{name} ({a_names.get(name, [0, 0])[1]} of {counts[1]})"
        for name, counts in sorted(b_names.items())
        if counts[1] > a_names.get(name, [0, 0])[1]
    ]
    return ", ".join(fewer[:4]) + (f" and {len(fewer) - 4} more" if len(fewer) > 4 else "")


# Conversions between dtypes: a dtype fix may well run other ones than before (`.float()` for `.double()`).
_CASTS = frozenset(
    {"double", "float", "half", "bfloat16", "int", "long", "short", "char", "byte", "bool", "to", "type"}
    | {"type_as", "cfloat", "cdouble", "numpy", "from_numpy", "as_tensor", "tensor"}
)


def _fewer_ops(a: PhaseRun, b: PhaseRun) -> str:
    """The operations (by name, anywhere, casts aside) that ``a`` runs fewer times than ``b``."""
    a_names: dict[str, list[int]] = (a.counts or {}).get("by_name") or {}  # type: ignore[assignment]
    b_names: dict[str, list[int]] = (b.counts or {}).get("by_name") or {}  # type: ignore[assignment]
    fewer = [
        f"{name} ({sum(a_names.get(name, [0, 0]))} of {sum(counts)})"
        for name, counts in sorted(b_names.items())
        if name not in _CASTS and sum(counts) > sum(a_names.get(name, [0, 0]))
    ]
    return ", ".join(fewer[:4]) + (f" and {len(fewer) - 4} more" if len(fewer) > 4 else "")


def _less(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """a's share below b's, in exact integers (an empty run has the share 1: nothing left the device)."""
    (a_part, a_total), (b_part, b_total) = (a if a[1] else (1, 1)), (b if b[1] else (1, 1))
    return a_part * b_total < b_part * a_total


def _percent(share: tuple[int, int]) -> str:
    part, total = share
    return f"{100 * part / total:.0f}%" if total else "-"


def _lines(site: tuple[int, int]) -> set[int]:
    return set(range(site[0], site[1] + 1))


def _moved(result: CaseResult, run: PhaseRun, shared: PhaseRun | None = None) -> list[tuple[int, int]]:
    """The GPU random draws of ``run`` (one per draw) on lines the rewrite changed; where ``run`` located
    none (a run that could not see its lines), those of ``shared``, the same version on the CPU's stream."""
    changed = set(result.changed_lines)
    sites = run.random_sites or (shared.random_sites if shared is not None else [])
    return [site for site in sites if _lines(site) & changed]
