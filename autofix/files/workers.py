"""A pool of worker processes that a crashing, hanging or runaway file cannot take down.

Parsing untrusted source is the dangerous part of a run: libcst's native parser can overflow the C stack
(a segfault, not an exception) or take minutes on pathological input. So parsing never happens in the
main process, not even with one job: each worker takes one item at a time, and the main process watches
every worker's pipe, its process handle and a per-item deadline at once. A worker that dies or overruns
costs exactly the item it held, which comes back as an ordinary failure; a fresh worker takes its place
and the run goes on.

Workers die with the main process: on Linux the kernel sends them SIGKILL (``PR_SET_PDEATHSIG``), and
everywhere a watchdog thread notices that their parent has changed.
"""

from __future__ import annotations

import faulthandler
import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

_PR_SET_PDEATHSIG = 1
_WATCHDOG_PERIOD_S = 0.5
# After a stop request, files in flight get this long to finish before their workers are killed.
STOP_GRACE_S = 10.0
# libcst makes millions of small objects for a large file, and CPython's collector rescans the growing heap
# as they accumulate: with its default thresholds a quarter of a bare parse of a 1 MB file (7.0 s -> 5.3 s
# with these). Trees have no cycles and are freed by reference counting; cycles are still collected.
_WORKER_GC_THRESHOLDS = (100_000, 50, 100)
# What :meth:`WorkerPool.run` yields for an item given up because of a stop request.
ABANDONED = "abandoned: the run was interrupted before this file finished"


def _die_with_parent(parent_pid: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no libc with prctl
            pass
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)

    def watchdog() -> None:
        while os.getppid() == parent_pid:
            time.sleep(_WATCHDOG_PERIOD_S)
        os._exit(1)

    threading.Thread(target=watchdog, name="autofix-watchdog", daemon=True).start()


def _peak_rss_bytes() -> int:
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _worker_main(
    connection: Connection,
    function: Callable[[Any], Any],
    parent_pid: int,
    initializer: Callable[[], None] | None,
) -> None:
    _die_with_parent(parent_pid)
    # A crash is reported as one line by the main process, not as a C-level traceback dump.
    faulthandler.disable()
    # Ctrl-C reaches the whole process group; the main process decides what an interrupt means.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    gc.freeze()  # what the worker inherited is never garbage: keep the collector off it
    gc.set_threshold(*_WORKER_GC_THRESHOLDS)
    if initializer is not None:
        initializer()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            connection.send(("peak-rss", _peak_rss_bytes()))
            return
        index, item = message
        try:
            reply = (index, True, function(item))
        except RecursionError:
            reply = (index, False, "too deeply nested to process (RecursionError)")
        except MemoryError:
            reply = (index, False, "out of memory while processing this file")
        except Exception as exc:  # noqa: BLE001 - any bug becomes this file's error, not the run's end
            reply = (index, False, f"internal error: {type(exc).__name__}: {exc}; please report it")
        connection.send(reply)


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    connection: Connection
    index: int | None = None  # the item it is working on
    deadline: float = 0.0
    limit: float | None = None  # the item's time limit, in seconds


def _seconds(limit: float | None) -> str:
    return f"{limit:.0f}" if limit and limit >= 10 else f"{limit:g}"


def _signal_name(exitcode: int | None) -> str:
    if exitcode is None or exitcode >= 0:
        return f"exit code {exitcode}"
    try:
        return signal.Signals(-exitcode).name
    except ValueError:
        return f"signal {-exitcode}"


class WorkerPool(Generic[Item, Result]):
    """Runs ``function(item)`` in ``jobs`` worker processes, with a time limit per item.

    :meth:`run` yields ``(index, ok, value)`` as items finish: ``value`` is the function's result when
    ``ok``, otherwise a one-line reason (crash, time limit, exception). Workers start lazily, so a run
    whose every item is answered elsewhere (from a cache) never starts one. ``timeout`` is seconds (None:
    no limit), or a function of the item that gives them (a larger file may take longer).
    """

    def __init__(
        self,
        function: Callable[[Item], Result],
        jobs: int,
        timeout: float | None | Callable[[Item], float | None],
        initializer: Callable[[], None] | None = None,
        start_method: str | None = None,
    ) -> None:
        self.function = function
        self.initializer = initializer  # run once in each worker before its first item
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self.peak_rss: list[int] = []  # of each worker that exited cleanly, in bytes
        self.restarts = 0
        self._workers: list[_Worker] = []
        # fork is cheap and needs no re-import; elsewhere spawn is the only safe choice. A process with
        # threads of its own (the language server: one blocks reading stdin, holding its lock) asks for
        # spawn, since a forked child inherits such locks held and can deadlock on them.
        method = start_method or ("fork" if sys.platform.startswith("linux") else "spawn")
        self._context: Any = multiprocessing.get_context(method)  # typeshed's BaseContext lacks Process

    # -- lifecycle

    def _start_worker(self) -> _Worker:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_worker_main,
            args=(theirs, self.function, os.getpid(), self.initializer),
            name="autofix-worker",
            daemon=True,
        )
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self._workers.append(worker)
        return worker

    def _discard(self, worker: _Worker) -> None:
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join()
        worker.connection.close()
        self._workers.remove(worker)

    def close(self, *, abandon: bool = False) -> None:
        """Stop every worker: politely (collecting peak memory) unless ``abandon``."""
        for worker in list(self._workers):
            if not abandon and worker.index is None and worker.process.is_alive():
                try:
                    worker.connection.send(None)
                    if worker.connection.poll(5):
                        tag, value = worker.connection.recv()
                        if tag == "peak-rss":
                            self.peak_rss.append(value)
                    worker.process.join(5)
                except (OSError, EOFError, ValueError):
                    pass
            self._discard(worker)

    def __enter__(self) -> WorkerPool[Item, Result]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close(abandon=exc_info[0] is not None)

    # -- the loop

    def run(
        self, items: Iterable[tuple[int, Item]], should_stop: Callable[[], bool] = lambda: False
    ) -> Iterator[tuple[int, bool, Any]]:
        """Process ``(index, item)`` pairs; stop handing out new items once ``should_stop()``."""
        pending = iter(items)
        exhausted = False
        grace_deadline = float("inf")
        while True:
            stopping = should_stop()
            if not exhausted and not stopping:
                exhausted = self._hand_out(pending)
            busy = [w for w in self._workers if w.index is not None]
            if not busy:
                if exhausted or stopping:
                    return
                continue
            if stopping and grace_deadline == float("inf"):
                grace_deadline = time.monotonic() + STOP_GRACE_S
            if time.monotonic() >= grace_deadline:
                for worker in busy:
                    index = worker.index
                    assert index is not None  # a busy worker holds an item
                    self._replace(worker)
                    yield index, False, ABANDONED
                return
            yield from self._collect(busy)

    def _hand_out(self, pending: Iterator[tuple[int, Item]]) -> bool:
        """Give every idle worker (starting them as needed) an item; True when no items are left."""
        while True:
            idle = next((w for w in self._workers if w.index is None), None)
            if idle is None and len(self._workers) >= self.jobs:
                return False
            entry = next(pending, None)
            if entry is None:
                return True
            worker = idle or self._start_worker()
            index, item = entry
            worker.index = index
            worker.limit = self.timeout(item) if callable(self.timeout) else self.timeout
            worker.deadline = time.monotonic() + worker.limit if worker.limit else float("inf")
            try:
                worker.connection.send((index, item))
            except (OSError, ValueError):
                pass  # it died; _collect sees its sentinel and reports the item

    def _collect(self, busy: list[_Worker]) -> Iterator[tuple[int, bool, Any]]:
        by_handle: dict[Any, _Worker] = {}
        for worker in busy:
            by_handle[worker.connection] = worker
            by_handle[worker.process.sentinel] = worker
        soonest = min(w.deadline for w in busy)
        wait_s = None if soonest == float("inf") else max(0.0, soonest - time.monotonic())
        # Wake at least every second so that an interrupt is noticed while a slow file is parsed.
        ready = wait(list(by_handle), timeout=1.0 if wait_s is None else min(wait_s, 1.0))
        handled: set[int] = set()
        for handle in ready:
            worker = by_handle[handle]
            if id(worker) in handled or worker.index is None:
                continue
            handled.add(id(worker))
            index = worker.index
            try:
                if worker.connection.poll():
                    got_index, ok, value = worker.connection.recv()
                    worker.index = None
                    yield got_index, ok, value
                    continue
            except (EOFError, OSError):
                pass
            worker.process.join(1)
            reason = (
                f"the worker process crashed ({_signal_name(worker.process.exitcode)}) on this file;"
                " it is probably too deeply nested for libcst's parser"
            )
            self._replace(worker)
            yield index, False, reason
        now = time.monotonic()
        for worker in busy:
            if worker.index is not None and id(worker) not in handled and now >= worker.deadline:
                index = worker.index
                self._replace(worker)
                limit = _seconds(worker.limit)
                yield index, False, f"timed out after {limit} s (see --timeout); left untouched"

    def _replace(self, worker: _Worker) -> None:
        worker.index = None
        self._discard(worker)
        self.restarts += 1  # the next _hand_out starts a fresh one when there is work
