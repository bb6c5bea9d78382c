"""What ``autofix verify`` records and concludes: plain data, no torch, read by the judge and the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PASS, FAIL, UNPROVEN = "PASS", "FAIL", "UNPROVEN"

# The failures a rewrite can cure. Only these, matched by kind, are proof that it cured something.
DEVICE_MISMATCH = "device mismatch"
DTYPE_MISMATCH = "dtype mismatch"
NEEDS_GPU = "needs a GPU"
LEGACY_API = "pre-0.4 API"  # `loss.data[0]` on a 0-dim tensor: the legacy API PyTorch 0.4 removed
FIXABLE = frozenset({DEVICE_MISMATCH, DTYPE_MISMATCH, NEEDS_GPU})
# Everything else is recorded and shown, and is never proof.
ERROR = "error"
BAD_RESULTS = "bad results"
NO_RESULTS = "no results"  # the entry returned nothing: nothing to compare, nobody to blame
EXIT = "exit"
SIGNAL = "signal"
TIMEOUT = "timeout"
NOT_RUN = "not run"
# The case used what the emulated GPU does not emulate (CUDA graphs): nothing to judge on it, nobody to blame
UNEMULATED = "not emulated"

# The judge's extra runs on the emulated GPU (kept in VersionRun.extra, never in phases):
SHARED_RNG = "emulated-cuda:shared-rng"  # the GPU draws from the CPU's random stream
LENIENT = "emulated-cuda:lenient"  # device mismatches let through: the work before would have run there
OTHER_GPU = "emulated-cuda:other-gpu"  # the emulated machine presents another GPU model (an A100)
ONE_GPU = "emulated-cuda:one-gpu"  # the emulated machine has one GPU, not two

# How after's results stand against the reference's.
EQUAL, SAME_DISTRIBUTION, DIFFER = "equal", "same distribution, different numbers", "differ"


@dataclass
class Failure:
    kind: str
    type: str = ""
    message: str = ""
    where: str = ""  # file:line in the case's code where it surfaced
    origin: str = ""  # who raised it: torch, emulator, case, unknown (autofix.harness.origin)

    def describe(self) -> str:
        if self.kind in FIXABLE:
            return self.kind
        if self.kind == ERROR:
            return f"{self.type}: {self.message}"[:70]
        return f"{self.kind}: {self.message}"[:70] if self.message else self.kind


@dataclass
class PhaseRun:
    """One version run once in one phase (``cpu``, ``emulated-cuda``, ``cuda``, or ``reference``)."""

    phase: str
    ok: bool
    failure: Failure | None = None
    counts: dict[str, int] | None = (
        None  # host_to_device, device_to_host, device_to_device, syncs, float64_ops
    )
    on_device: list[str] = field(default_factory=list)  # result keys that were on the device
    results: dict[str, Any] | None = None  # name -> CPU tensor; not written to JSON
    seconds: float = 0.0
    # Line ranges of the rewritten file where this run drew random numbers on a GPU, one per draw.
    random_sites: list[tuple[int, int]] = field(default_factory=list)
    # The entry called a second time in the same process (the cpu phase): state the first call left.
    again: PhaseRun | None = None
    # The work that fed the results, by device: {"device": elements, "host": elements} (emulated GPU).
    fed: dict[str, int] | None = None
    # Operations run by the first call and by the later calls together, and how many later calls:
    # {"first": n, "later": m, "calls": k}. A version doing far less on later calls keeps a memo.
    work: dict[str, int] | None = None
    # The plain values (its module's, builtins') the entry changed between its later calls: state it keeps.
    kept: list[str] = field(default_factory=list)
    # torch's process-wide settings after its calls (default dtype, TF32, hooks on every module, ...).
    settings: dict[str, str] = field(default_factory=dict)
    # The lines of the rewritten file that ran in this process (every call), or None: not recorded.
    covered: list[int] | None = None

    @property
    def outcome(self) -> str:
        return "ok" if self.ok else (self.failure.describe() if self.failure else "failed")

    @property
    def kind(self) -> str | None:
        return None if self.ok or self.failure is None else self.failure.kind

    @property
    def detail(self) -> str:
        """The outcome with where it surfaced in the case's code: ``RuntimeError: boom (after.py:12)``."""
        where = self.failure.where if self.failure is not None and not self.ok else ""
        return f"{self.outcome} ({where})" if where else self.outcome

    def count(self, key: str) -> int:
        """One of ``counts`` (0 when the phase counted nothing)."""
        return (self.counts or {}).get(key, 0)

    def transfers(self) -> int:
        return sum(self.count(k) for k in ("host_to_device", "device_to_host", "device_to_device"))


@dataclass
class VersionRun:
    phases: dict[str, PhaseRun]
    extra: dict[str, PhaseRun] = field(default_factory=dict)  # SHARED_RNG, LENIENT: runs for the judge

    def ok(self, phase: str) -> bool:
        run = self.phases.get(phase)
        return run is not None and run.ok


@dataclass
class Comparison:
    """Results of ``after`` in one phase against the reference results of ``before`` in one phase."""

    before_phase: str
    after_phase: str
    equal: bool
    max_rel: float = 0.0  # largest |difference| / (|before| + S), S the tensor's scale (compare.py)
    dtype_changed: bool = False
    problems: list[str] = field(default_factory=list)
    outcome: str = ""  # EQUAL, SAME_DISTRIBUTION or DIFFER, once judged
    note: str = ""

    @property
    def label(self) -> str:
        if self.before_phase == self.after_phase:
            return self.before_phase
        if self.before_phase == "reference":
            return f"reference vs {self.after_phase}"
        return f"before {self.before_phase} vs after {self.after_phase}"


@dataclass
class Timing:
    """Before and after timed alternately (ABAB...) in one process; ratio = before time / after time."""

    phase: str
    pairs: int = 0
    before_median: float = 0.0
    after_median: float = 0.0
    ratio: float = 1.0  # geometric mean of the per-pair ratios
    low: float = 1.0  # 99% bootstrap interval of that mean
    high: float = 1.0
    claimed: bool = False
    note: str = ""

    def describe(self) -> str:
        return f"{self.ratio:.2f}x (99% CI {self.low:.2f}-{self.high:.2f}, {self.pairs} pairs)"


@dataclass
class CaseResult:
    case: str
    rules: tuple[str, ...]
    positive: bool  # the rewrite changes the file
    golden: bool = True  # the rewrite equals the checked-in after.py (corpus cases)
    golden_diff: str = ""
    before: VersionRun | None = None
    after: VersionRun | None = None
    reference: PhaseRun | None = None  # the case's own reference(), when it gives one
    comparisons: list[Comparison] = field(default_factory=list)
    timing: Timing | None = None
    proofs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unproven: str = ""  # why nothing could be compared, when nothing could
    seconds: float = 0.0
    rewritten: str = ""  # the file the rewrite changed, as named in messages (after.py)
    changed_lines: list[int] = field(default_factory=list)  # its lines the rewrite changed (1-based)
    unsafe_lines: list[int] = field(default_factory=list)  # ... that only unsafe fixes change
    # The statements the rewrite adds or changes in after, and removes or changes in before, each as
    # (its first changed line, its lines): each must have run (see cover.py).
    after_units: list[tuple[int, list[int]]] = field(default_factory=list)
    before_units: list[tuple[int, list[int]]] = field(default_factory=list)
    # A before unit's first line -> the lines of after's statements that select its branch's work for
    # every element (``torch.where``): run there, the branch counts as compared (cover.selected_by).
    before_selected: dict[int, list[int]] = field(default_factory=dict)
    before_file: str = ""  # the rewritten file in before, as named in messages
    own_rewrite: bool = False  # after is autofix's own rewrite, not a hand-written after

    @property
    def rule(self) -> str:
        return ",".join(self.rules) or "-"

    @property
    def verdict(self) -> str:
        if self.problems:
            return FAIL
        return UNPROVEN if self.unproven else PASS

    @property
    def passed(self) -> bool:
        return self.verdict == PASS

    @property
    def equal(self) -> bool | None:
        if not self.comparisons:
            return None
        return all(c.equal for c in self.comparisons)

    @property
    def different_numbers(self) -> bool:
        """Some comparison found the same distribution with different random numbers."""
        return any(c.outcome == SAME_DISTRIBUTION for c in self.comparisons)

    @property
    def max_rel(self) -> float:
        return max((c.max_rel for c in self.comparisons), default=0.0)

    def reason(self) -> str:
        """One line: what decided the verdict."""
        if self.problems:
            return "; ".join(self.problems)
        if self.unproven:
            return self.unproven
        return "; ".join(self.proofs) if self.positive else "unchanged, same behaviour"
