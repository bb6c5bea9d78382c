"""The fork servers of one test process, shared by the tests that verify cases in-process.

Each fork server imports torch and the modules every case uses (about 3.5 s of CPU); a test that
verifies one case spends most of its time there. Every run is still a process of its own, forked from
the server, so sharing the servers between tests shares no state between the cases they run. Tests
about the servers themselves (their environment, their first call) start their own.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from autofix.harness.models import CaseResult
from autofix.harness.runner import ZygotePool
from autofix.harness.verify import Subject, Verifier

_pool: ZygotePool | None = None


def verify_shared(subjects: list[Subject], verifier: Verifier, *, jobs: int = 1) -> list[CaseResult]:
    """``verify_all`` on this test process's fork servers: results in the subjects' order."""
    global _pool
    assert verifier.runner.threads == 1, "the shared servers pin one thread"
    if _pool is None:
        _pool = ZygotePool(1)
    pool = _pool

    def one(subject: Subject) -> CaseResult:
        with pool.lend() as zygote:
            return verifier.verify(subject, zygote)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as executor:
        return list(executor.map(one, subjects))


def close() -> None:
    """Stops the servers (the session's end)."""
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None
