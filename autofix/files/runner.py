"""A run over many files: read, consult the cache, parse in isolated workers, write back safely.

The main process reads each file (and stamps it: size, mtime, hash), answers it itself when no parse is
needed (too large, never mentions torch, or in the cache), and otherwise hands its bytes to the
:class:`~autofix.files.workers.WorkerPool`. Writing happens back in the main process, only if the file is
still
what was read (:mod:`autofix.files.safe_write`). SIGINT/SIGTERM stop the hand-out; files in flight finish.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from autofix.commands.signals import Abandon, StopRequests
from autofix.files.cache import Cache
from autofix.files.fix_file import FIX, FileResult, Task, preload, process_item, process_text
from autofix.files.safe_write import (
    Stamp,
    WriteRefused,
    read_stamped,
    remove_stale_temporaries,
    replace_if_unchanged,
)
from autofix.files.source import worth_parsing
from autofix.files.workers import ABANDONED, WorkerPool

# The default time limit per file grows with its size: a 2.4 MB file full of fixes takes several
# times a small file's minute on a shared machine (benchmarks/large_file.py). A megabyte is given about
# ten times what its apply takes there, so the limit still stops a file that hangs.
DEFAULT_TIMEOUT_S = 60.0
DEFAULT_TIMEOUT_PER_MB_S = 60.0


def default_timeout(size: int) -> float:
    """The default limit for a file of ``size`` bytes: 60 s, plus 60 s per MB."""
    return DEFAULT_TIMEOUT_S + DEFAULT_TIMEOUT_PER_MB_S * size / 1_000_000


# A time limit per file: seconds (None: no limit), or a function of the file's size in bytes.
Timeout = float | None | Callable[[int], float | None]


@dataclass(frozen=True)
class RunOptions:
    jobs: int = 1
    # Per file, in a worker: seconds (None: no limit), or by default what default_timeout gives.
    timeout: Timeout = default_timeout
    force: bool = False  # rewrite read-only files too
    cache: Cache | None = None
    # Where fixed bytes go instead of back into the file (``autofix migrate --branch``).
    deliver: Callable[[Task, bytes], None] | None = None


@dataclass
class RunOutcome:
    results: list[FileResult] = field(default_factory=list)  # in the tasks' order; unstarted files absent
    interrupted: int | None = None  # the signal that stopped the run
    abandoned: int = 0  # files in flight given up on a second signal
    worker_peak_rss: list[int] = field(default_factory=list)  # bytes, per worker that exited cleanly
    worker_restarts: int = 0


def human_size(size: int) -> str:
    for unit, scale in (("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}".replace(".0 ", " ")
    return f"{size} bytes"


def _prepare(task: Task, cache: Cache | None) -> tuple[FileResult | None, bytes, Stamp | None, str | None]:
    """Everything the main process can answer about one file without parsing it."""
    try:
        size = os.stat(task.path).st_size
        if task.max_file_size is not None and size > task.max_file_size:
            reason = (
                f"{human_size(size)} is over max-file-size ({human_size(task.max_file_size)});"
                " raise it with --max-file-size"
            )
            return FileResult(task.path, unsafe_fixes=task.unsafe_fixes, skipped=reason), b"", None, None
        data, _, stamp = read_stamped(task.path)
    except OSError as exc:
        return FileResult(task.path, error=f"cannot read: {exc.strerror or exc}"), b"", None, None
    if not worth_parsing(data):
        # Decoding errors are still reported; nothing is parsed (a file with a star import is: it goes
        # to a worker like any other, since parsing never happens in this process).
        result, _ = process_text(task.path, data, task)
        return result, data, stamp, None
    key = cache.key(stamp.digest, task) if cache is not None else None
    if cache is not None and key is not None:
        cached = cache.get(key, task.path)
        if cached is not None:
            return cached, data, stamp, key
    return None, data, stamp, key


def _write(task: Task, result: FileResult, new_data: bytes, stamp: Stamp, force: bool) -> FileResult:
    try:
        replace_if_unchanged(task.path, new_data, stamp, force=force)
    except WriteRefused as exc:
        return FileResult(
            task.path,
            unsafe_fixes=task.unsafe_fixes,
            skipped=str(exc),
            withheld_unsafe=result.withheld_unsafe,
            unwritten=True,
        )
    except OSError as exc:
        return FileResult(task.path, error=f"cannot write: {exc.strerror or exc}")
    return result


def run(
    tasks: Sequence[Task],
    options: RunOptions,
    on_result: Callable[[FileResult], None] | None = None,
) -> RunOutcome:
    outcome = RunOutcome()
    started = time.time()
    if options.deliver is None and any(task.mode == FIX for task in tasks):
        remove_stale_temporaries({Path(t.path).parent for t in tasks}, started)
    results: dict[int, FileResult] = {}
    stamps: dict[int, tuple[Stamp, str | None]] = {}

    def finish(index: int, result: FileResult) -> None:
        results[index] = result
        if on_result is not None:
            on_result(result)

    with StopRequests() as stop:

        def needing_a_parse() -> Iterator[tuple[int, tuple[Task, bytes]]]:
            preloaded = False
            for index, task in enumerate(tasks):
                if stop.requested:
                    return
                answer, data, stamp, key = _prepare(task, options.cache)
                if answer is not None:
                    finish(index, answer)
                    continue
                assert stamp is not None
                stamps[index] = (stamp, key)
                if not preloaded:  # before the first worker is forked
                    preload()
                    preloaded = True
                yield index, (task, data)

        pool: WorkerPool = WorkerPool(
            process_item, options.jobs, _per_item(options.timeout), _trusted_parse_in_workers
        )
        in_flight: set[int] = set()
        try:
            for index, ok, value in pool.run(_tracking(needing_a_parse(), in_flight), lambda: stop.requested):
                in_flight.discard(index)
                task = tasks[index]
                if value is ABANDONED:
                    outcome.abandoned += 1
                    continue
                if not ok:
                    finish(index, FileResult(task.path, error=value))
                    continue
                result, new_data = value
                stamp, key = stamps.pop(index)
                if new_data is not None and task.mode == FIX and options.deliver is not None:
                    options.deliver(task, new_data)
                elif new_data is not None and task.mode == FIX:
                    result = _write(task, result, new_data, stamp, options.force)
                elif key is not None and options.cache is not None:
                    options.cache.put(key, result, task.mode)
                finish(index, result)
            pool.close()
        except Abandon:
            pool.close(abandon=True)
            outcome.abandoned += len(in_flight)
        except BaseException:
            pool.close(abandon=True)
            raise
        outcome.interrupted = stop.signum
    outcome.results = [results[i] for i in sorted(results)]
    outcome.worker_peak_rss = pool.peak_rss
    outcome.worker_restarts = pool.restarts
    return outcome


def _tracking(items: Iterator[tuple[int, object]], in_flight: set[int]) -> Iterator[tuple[int, object]]:
    for index, item in items:
        in_flight.add(index)
        yield index, item


def _trusted_parse_in_workers() -> None:
    # Imported in the worker: a run answered from the cache never imports libcst.
    from autofix.engine import trusted_parse

    trusted_parse.enable()


def _per_item(timeout: Timeout) -> float | None | Callable[[tuple[Task, bytes]], float | None]:
    """The pool's limit: a file size's limit applied to a ``(task, data)`` item, or a fixed one."""
    if callable(timeout):
        by_size = timeout
        return lambda item: by_size(len(item[1]))
    return timeout


def run_one(task: Task, data: bytes, timeout: Timeout = default_timeout) -> tuple[FileResult, bytes | None]:
    """One file's bytes (from stdin) through a worker, like every other file."""
    preload()
    with WorkerPool(process_item, 1, _per_item(timeout), _trusted_parse_in_workers) as pool:
        for _, ok, value in pool.run(iter([(0, (task, data))])):
            if ok:
                return value
            return FileResult(task.path, error=value), None
    raise AssertionError("unreachable: the pool answers every item")  # pragma: no cover
