"""``autofix verify``: prove each corpus rewrite by running the before and after versions.

For every case folder (``before.py`` and the expected ``after.py``):

1. rewrite ``before.py`` as ``autofix apply`` would (the nearest ``[tool.autofix]`` configuration) and check the result is ``after.py``
   byte for byte;
2. run both versions in fresh subprocesses (:mod:`autofix.harness.child`), with the same seeds and
   pinned threads: on the CPU for the reference result and the timings, then on the device mode
   (``emulated-cuda`` without a GPU, ``cuda`` with one) for the outcome and the transfer/sync counts;
3. compare the results under :mod:`autofix.harness.compare`'s tolerance policy;
4. judge the case: a positive case (the rewrite changes the file) must run clean after, compute the
   same results wherever before ran too, and show a proof: before fails where after runs, or makes
   more transfers or host syncs, or is slower by a clear margin; a negative case must be left
   byte-identical and behave identically.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from autofix.config import ConfigResolver, Overrides
from autofix.diff import unified_diff
from autofix.harness.judge import Judge
from autofix.harness.models import CaseResult
from autofix.harness.runner import Runner
from autofix.rewrite import rewrite_file


def find_cases(paths: list[Path]) -> list[Path]:
    cases: set[Path] = set()
    for path in paths:
        if (path / "before.py").is_file():
            cases.add(path)
        else:
            cases.update(p.parent for p in path.rglob("before.py"))
    return sorted(cases)


class Verifier:
    def __init__(
        self,
        *,
        device: str,
        repeats: int,
        threads: int,
        timeout: float,
        seed: int = 0,
        root: Path | None = None,
        overrides: Overrides | None = None,
    ) -> None:
        self.device = device
        self.runner = Runner(device, repeats, threads, timeout, seed)
        self.judge = Judge(device)
        self.root = root or Path.cwd()
        self.config = ConfigResolver(overrides or Overrides())

    def verify(self, case_dir: Path) -> CaseResult:
        before_path, after_path = case_dir / "before.py", case_dir / "after.py"
        name = _relative(case_dir, self.root)
        rule = case_dir.parent.name
        expected = rewrite_file(before_path, resolver=self.config).rewritten
        checked_in = after_path.read_bytes() if after_path.is_file() else b""
        result = CaseResult(
            case=name,
            rule=rule,
            positive=before_path.read_bytes() != checked_in,
            golden=expected == checked_in,
            timed_on="cuda" if self.device == "cuda" else "cpu",
        )
        if not result.golden:
            result.golden_diff = unified_diff(
                f"{name}/after.py", checked_in.decode(errors="replace"), expected.decode(errors="replace")
            )
            result.problems.append("the rewrite of before.py differs from the checked-in after.py")
        with tempfile.TemporaryDirectory(prefix="autofix-verify-") as scratch:
            result.before = self.runner.run(before_path, Path(scratch) / "before")
            result.after = self.runner.run(after_path, Path(scratch) / "after")
        self.judge.judge(result)
        return result

def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def verify_all(
    cases: list[Path], verifier: Verifier, on_result: Callable[[CaseResult], None] | None = None
) -> list[CaseResult]:
    results = []
    for case in cases:
        result = verifier.verify(case)
        if on_result is not None:
            on_result(result)
        results.append(result)
    return results
