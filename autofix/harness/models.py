"""What ``autofix verify`` records: one version's phases, one case's result. Plain data, no torch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

@dataclass
class PhaseRun:
    phase: str
    ok: bool
    error: dict[str, str] | None = None
    counts: dict[str, int] | None = None
    median_time: float | None = None
    results: dict[str, Any] | None = None

    @property
    def outcome(self) -> str:
        return "ok" if self.ok else describe_error(self.error or {})


@dataclass
class VersionRun:
    phases: dict[str, PhaseRun]
    timed_out: bool = False


@dataclass
class CaseResult:
    case: str
    rule: str
    positive: bool
    golden: bool
    golden_diff: str = ""
    before: VersionRun | None = None
    after: VersionRun | None = None
    equal: bool | None = None
    compared_on: str | None = None
    max_abs: float = 0.0
    max_rel: float = 0.0
    dtype_changed: bool = False
    timed_on: str = "cpu"
    proofs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def describe_error(error: dict[str, str]) -> str:
    message = error.get("message", "")
    if "same device" in message:
        return "device mismatch"
    if "same dtype" in message or "expected scalar type" in message.lower():
        return "dtype mismatch"
    if "compiled with CUDA" in message or "No CUDA GPUs" in message:
        return "needs a GPU"
    if error.get("type") == "Timeout":
        return "timeout"
    return f"{error.get('type', 'error')}: {message[:60]}"


def speedup_of(result: CaseResult) -> float | None:
    """Before's median time over after's, on the phase that measures time (the GPU when there is one)."""
    b = result.before.phases.get(result.timed_on) if result.before else None
    a = result.after.phases.get(result.timed_on) if result.after else None
    if b and a and b.ok and a.ok and b.median_time and a.median_time:
        return b.median_time / a.median_time
    return None
