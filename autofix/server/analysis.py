"""The engine, off the event loop: an open file's text through ``process_text``, as the command line runs it.

Each analysis resolves the file's configuration afresh (the nearest ``pyproject.toml`` with
``[tool.autofix]``, so an edit of it counts from the next keystroke), applies ``exclude`` as
``--force-exclude`` does, the size limit, ``select``/``ignore`` and ``per-file-ignores``, and hands the file's
bytes to a worker process of :class:`autofix.files.workers.WorkerPool`: so a diagnostic equals a finding of
``autofix check --force-exclude FILE``, and a fix-all gives the text ``autofix apply --force-exclude FILE``
writes. A worker that crashes (libcst's parser on pathological nesting) or overruns the time limit costs
that one analysis; the server goes on.

A lane is one thread with one worker process; the server has a few, so that a slow file holds one lane
while the others serve other files. Workers are started with ``spawn``: the server has threads (pygls reads
stdin on one), and a forked child inherits their locks held.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import io
import queue
import threading
import tokenize
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autofix.config.rule_catalog import UnknownRuleError
from autofix.config.settings import ConfigError, ConfigResolver, Overrides, UnusableConfig
from autofix.files.discovery import excluded
from autofix.files.fix_file import FileResult, Task
from autofix.files.runner import default_timeout, human_size
from autofix.files.workers import WorkerPool
from autofix.server.worker import process_item

WARM_UP = b"import torch\nx = torch.zeros(1).cuda()\n"  # imports the engine and every rule in a worker


@dataclass(frozen=True)
class Request:
    path: str  # the file's path, or a name for a document that has none (per-file-ignores match it)
    folder: Path  # where the configuration is looked up from
    text: str  # the editor's text (for a notebook, its nbformat JSON)
    mode: str  # a mode of autofix.files.fix_file: LINT_WITH_EDITS for diagnostics, DRY_RUN for the fixed text


@dataclass
class Analysis:
    """What one run of the engine said about one version of a document."""

    result: FileResult | None = None  # None when the file was not analyzed (``problem`` or ``skipped``)
    new_text: str | None = None  # DRY_RUN: the text ``autofix apply`` writes, when it changes anything
    unsafe_fixes: bool = False  # the file's configuration allows unsafe fixes
    problem: str | None = None  # the configuration cannot be used: one line
    warning: str | None = (
        None  # a pyproject.toml passed over (unreadable, not TOML): the next one up was used
    )
    skipped: str | None = None  # left alone on purpose: excluded, too large
    bom: bool = False  # the text starts with U+FEFF, which the engine does not see (columns of line 1 shift)


def encode(text: str) -> tuple[bytes, bool]:
    """The bytes the file would hold: in its PEP 263 encoding, without a leading U+FEFF (and whether it had
    one). Raises UnicodeError when the text does not fit that encoding."""
    bom = text.startswith("\ufeff")
    body = text[1:] if bom else text
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(body.encode("utf-8", "replace")).readline)
    except SyntaxError:
        encoding = "utf-8"  # an unknown cookie: decode() names it, as for a file on disk
    try:
        return body.encode(encoding), bom
    except LookupError:
        return body.encode("utf-8"), bom


def _decode_new(data: bytes, bom: bool) -> str:
    from autofix.files.source import decode

    return ("\ufeff" if bom else "") + decode(data).text


def analyze(lane: Lane, request: Request) -> Analysis:
    """One request, in a lane's thread: configuration here, the engine in the lane's worker."""
    # A pyproject.toml that cannot be read raises UnusableConfig (a ConfigError): its files get no
    # diagnostics and no fixes, as on the command line, and the problem is shown instead.
    resolver = ConfigResolver(Overrides())
    path = Path(request.path)
    try:
        settings = resolver.settings_for(request.folder)
        codes = settings.rule_codes_for(path)
    except UnusableConfig as exc:
        # ... unless the configuration above it excludes the file anyway (`check --force-exclude` too).
        if exc.fallback.exclude and excluded(path, exc.fallback.exclude, exc.fallback.root):
            return Analysis(skipped="excluded by [tool.autofix] exclude")
        return Analysis(problem=str(exc))
    except (ConfigError, UnknownRuleError) as exc:
        return Analysis(problem=str(exc))
    analysis = Analysis(unsafe_fixes=settings.unsafe_fixes)
    if settings.exclude and excluded(path, settings.exclude, settings.root):
        analysis.skipped = "excluded by [tool.autofix] exclude"
        return analysis
    notebook = request.path.endswith(".ipynb")
    try:
        data, analysis.bom = (request.text.encode("utf-8"), False) if notebook else encode(request.text)
    except UnicodeError as exc:
        analysis.result = FileResult(request.path, error=f"the text does not fit the file's encoding: {exc}")
        return analysis
    if settings.max_file_size is not None and len(data) > settings.max_file_size:
        analysis.skipped = (
            f"{human_size(len(data))} is over max-file-size ({human_size(settings.max_file_size)})"
        )
        return analysis
    task = Task(
        request.path,
        codes,
        request.mode,
        settings.unsafe_fixes,
        settings.max_file_size,
        settings.device_style,
    )
    analysis.result, new_data = lane.run(task, data)
    if new_data is not None and not notebook:
        analysis.new_text = _decode_new(new_data, analysis.bom)
    elif new_data is not None:
        analysis.new_text = new_data.decode("utf-8")
    return analysis


# A time limit per analysis: seconds (None: none), or a function of the item (task and bytes).
Limit = float | None | Callable[[tuple[Task, bytes]], float | None]


def default_limit(item: tuple[Task, bytes]) -> float:
    """The command line's default time limit for one file: 60 s, plus 60 s per MB."""
    return default_timeout(len(item[1]))


def warm_up(lane: Lane) -> None:
    """Start the lane's worker, and import the rules there and here (hover reads their documentation)."""
    lane.run(None, b"")


class Lane:
    """One thread and its worker process; jobs run one at a time, in order.

    A spawned worker takes a second or more to start and import libcst and the rules, which must not count
    against ``--timeout``: the worker is started, with no time limit, by a first small file before the first
    item and again after each item that cost the worker (a time-out, a crash)."""

    def __init__(self, timeout: Limit) -> None:
        self.timeout = timeout
        self.pool: WorkerPool = WorkerPool(process_item, 1, timeout, start_method="spawn")
        self._warm = False
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name="autofix-lane", daemon=True)
        self._thread.start()

    def submit(self, function: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._jobs.put((future, function, args))
        return future

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                self.pool.close(abandon=True)
                return
            future, function, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(function(self, *args))
            except BaseException as exc:  # noqa: BLE001 - handed to the awaiting request
                future.set_exception(exc)

    def close(self) -> None:
        self._jobs.put(None)

    def run(self, task: Task | None, data: bytes) -> tuple[FileResult, bytes | None]:
        """``task`` on ``data`` in this lane's worker (in its thread); None only starts the worker."""
        if not self._warm:
            from autofix.config.rule_catalog import rule_codes, use_manifest_folder
            from autofix.files.fix_file import LINT
            from codemods import all_rules

            use_manifest_folder(None)  # the rules are imported here anyway: their codes come from them
            all_rules()
            self.pool.timeout = None
            try:
                self._warm = (
                    self._item(Task("warm-up.py", rule_codes(), LINT, False), WARM_UP)[0].error is None
                )
            finally:
                self.pool.timeout = self.timeout
        if task is None:
            return FileResult("warm-up.py"), None
        restarts = self.pool.restarts
        result = self._item(task, data)
        if self.pool.restarts != restarts:  # a time-out or a crash: the worker was replaced, not yet started
            self._warm = False
        return result

    def _item(self, task: Task, data: bytes) -> tuple[FileResult, bytes | None]:
        for _, ok, value in self.pool.run(iter([(0, (task, data))])):
            if ok:
                return value
            return FileResult(task.path, error=value), None
        raise AssertionError("unreachable: the pool answers every item")  # pragma: no cover


class Analyzer:
    """Runs requests on a free lane: the one that analysed the same file last, when it is free.

    A worker keeps what the last version of each file left (:class:`autofix.engine.pieces.PieceCache`):
    sent back to it, the next version is parsed only where it changed, and the file is kept in one worker's
    memory, not in each's."""

    def __init__(self, lanes: int, timeout: Limit) -> None:
        self.lanes = [Lane(timeout) for _ in range(max(1, lanes))]
        self._idle: list[Lane] = list(self.lanes)
        self._waiting: collections.deque[asyncio.Future[Lane]] = collections.deque()
        self._last: dict[str, Lane] = {}  # by file: the lane that analysed it last
        self._others_warmed = False

    def warm_up(self) -> concurrent.futures.Future[Any]:
        """Start the first lane's worker; the others' start once a first analysis is done (or when one
        is needed before). Workers starting while the first file is analysed delay its diagnostics
        (2,000-line file, load 12 on 2 cores: 5.9-6.8 s with two workers started at once, 3.8-4.7 s with
        one worker), and a file goes to the first lane first."""
        return self.lanes[0].submit(warm_up)

    def _warm_the_others(self) -> None:
        if not self._others_warmed:
            self._others_warmed = True
            for lane in self.lanes[1:]:
                lane.submit(warm_up)

    async def run(self, request: Request) -> Analysis:
        lane = await self._acquire(request.path)
        self._last[request.path] = lane
        try:
            return await asyncio.wrap_future(lane.submit(analyze, request))
        finally:
            self._release(lane)
            self._warm_the_others()

    async def _acquire(self, path: str) -> Lane:
        if self._idle:
            lane = self._last.get(path)
            if lane is None or lane not in self._idle:
                lane = self._idle[0]
            self._idle.remove(lane)
            return lane
        waiter: asyncio.Future[Lane] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # handed over, but no longer wanted
            raise

    def _release(self, lane: Lane) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(lane)
                return
        self._idle.append(lane)

    def close(self) -> None:
        for lane in self.lanes:
            lane.close()
