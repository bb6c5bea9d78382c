"""The line cover stops tracing once every statement the judge asks about has run, and not before."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from autofix.harness import cover
from autofix.harness.cover import LineCover

SOURCE = "def step(n):\n    a = n + 1\n    b = a * 2\n    return b\n"


def _load(tmp_path: Path):
    path = tmp_path / "watched.py"
    path.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location("watched", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return path, module.step


def _traced(tracer: LineCover, function) -> object:
    previous = sys.gettrace()
    sys.settrace(tracer.trace)
    try:
        function(1)
        return sys.gettrace()
    finally:
        sys.settrace(previous)


def test_the_trace_stops_once_every_span_ran(tmp_path):
    path, step = _load(tmp_path)
    tracer = LineCover(str(path), units=[[2], [3]])
    left = _traced(tracer, step)
    assert tracer.done and left is None
    assert {2, 3} <= tracer.lines and 4 not in tracer.lines  # no line recorded after the last span


def test_a_span_that_never_runs_keeps_every_line_traced(tmp_path):
    path, step = _load(tmp_path)
    tracer = LineCover(str(path), units=[[2], [9]])
    left = _traced(tracer, step)
    assert not tracer.done and left is not None
    assert tracer.lines == {2, 3, 4}


def test_without_units_every_line_is_recorded(tmp_path):
    path, step = _load(tmp_path)
    tracer = LineCover(str(path))
    _traced(tracer, step)
    assert not tracer.done and tracer.lines == {2, 3, 4}


def test_nothing_to_watch_starts_no_trace(tmp_path):
    path, _ = _load(tmp_path)
    cover.ACTIVE[:] = [LineCover(str(path), units=[])]
    try:
        assert cover.start_thread_cover() is None and sys.gettrace() is not cover.ACTIVE[0].trace
    finally:
        cover.ACTIVE.clear()
