"""Which lines of the rewritten file ran: a change the run never executed proves nothing.

An after that is wrong only on a path the harness's inputs never take (a guard for rare inputs, a
branch taken on another seed, an early stop dropped from before that the run never reached) computes
what before computes in every run, and would pass. So each phase records the lines of the one file
the rewrite changed (its copy in that version's folder) that ran, in the case's threads, and the judge
refuses a PASS where a statement the rewrite adds or changes in after never ran, or one it removes
or changes in before never ran in a before that ran to completion: "cannot judge: after.py line 23
changed and never ran".

Cheap by construction: a trace function that answers every other file's frames with ``None`` (no
line events there), and one set insertion per line run in the watched file. Only the phases' calls
are traced, never the timed ones.
"""

from __future__ import annotations

import ast
import os
import sys
from types import FrameType
from typing import Any

# The tracer of the phase running now (the one file it watches), or None: read by the threads the case
# starts (guard.py), which trace themselves with it.
ACTIVE: list[LineCover] = []


class LineCover:
    """The lines of one file that ran, in every thread that installs :meth:`trace`."""

    def __init__(self, path: str) -> None:
        self.path = os.path.realpath(path)
        self.lines: set[int] = set()
        self._mine: dict[str, bool] = {}  # co_filename as the code object spells it -> the file's?

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        """The global trace function: a local one for the watched file's frames, None for the rest."""
        name = frame.f_code.co_filename
        mine = self._mine.get(name)
        if mine is None:
            mine = self._mine[name] = os.path.realpath(name) == self.path if os.path.isabs(name) else False
        return self._line if mine else None

    def _line(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines.add(frame.f_lineno)
        return self._line


def start_thread_cover() -> Any:
    """Trace this thread (one the case runs in) with the active tracer; returns what to restore."""
    if not ACTIVE:
        return None
    previous = sys.gettrace()
    sys.settrace(ACTIVE[0].trace)
    return previous


def stop_thread_cover(previous: Any) -> None:
    if ACTIVE or previous is not None:
        sys.settrace(previous)


def gettrace_hiding(original: Any) -> Any:
    """``sys.gettrace`` as the case sees it: the harness's tracer is none of its business (a case that
    asks whether it is traced must not learn it runs under the harness); its own tracer it gets back."""

    def gettrace() -> Any:
        trace = original()
        return None if ACTIVE and getattr(trace, "__self__", None) is ACTIVE[0] else trace

    gettrace.__name__, gettrace.__qualname__ = "gettrace", "gettrace"
    gettrace.__doc__ = original.__doc__
    return gettrace


# Statements that compile to no code of their own: they never "run", whatever the run does.
_NO_CODE = (ast.Global, ast.Nonlocal)


def statements(source: str, lines: list[int]) -> list[tuple[int, list[int]]]:
    """The statements holding ``lines`` (1-based), each as (its first changed line, all its lines): a
    statement ran when any of its lines did (a multi-line call's events fall on some of its lines). A
    compound statement owns only its header (``if x > 3.9:``), its body's statements are their own;
    lines in no statement (blank, comments, ``else:``) and docstrings are left out: nothing runs there."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    spans: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or isinstance(node, _NO_CODE):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring or a bare constant: no line event
        if isinstance(node, ast.AnnAssign) and node.value is None:
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            end = max(node.lineno, body[0].lineno - 1)
        else:
            end = node.end_lineno or node.lineno
        spans.append((start, end))
    units: dict[tuple[int, int], list[int]] = {}
    for line in sorted(set(lines)):
        holding = [span for span in spans if span[0] <= line <= span[1]]
        if holding:
            innermost = min(holding, key=lambda span: span[1] - span[0])
            units.setdefault(innermost, []).append(line)
    return [(changed[0], list(range(span[0], span[1] + 1))) for span, changed in sorted(units.items())]


def never_ran(units: list[tuple[int, list[int]]], covered: set[int]) -> list[int]:
    """The first changed line of each statement none of whose lines ran."""
    return [line for line, span in units if not covered.intersection(span)]
