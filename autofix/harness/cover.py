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
import copy
import os
import sys
from types import FrameType
from typing import Any

# The tracer of the phase running now (the one file it watches), or None: read by the threads the case
# starts (guard.py), which trace themselves with it.
ACTIVE: list[LineCover] = []


# Python's own, kept: the case may replace ``sys.settrace``; the cover still stops where it stops.
_SETTRACE = sys.settrace


class LineCover:
    """The lines of one file that ran, in every thread that installs :meth:`trace`.

    With ``units`` (the spans of the statements the judge asks about, see :func:`statements`), tracing
    stops in every thread once each span has a line that ran: the judge asks only whether any line of
    each span ran, in any phase or call (``never_ran``), and that answer is then final. A trace
    function slows every Python call the case's threads make, the emulated GPU's own included (an
    emulated phase took 2.5 times as long traced); most changed statements run early in the first
    call, so the rest of the phase and its later calls run untraced. Without ``units``, every line is
    recorded to the end."""

    def __init__(self, path: str, units: list[list[int]] | None = None) -> None:
        self.path = os.path.realpath(path)
        self.lines: set[int] = set()
        self._mine: dict[str, bool] = {}  # co_filename as the code object spells it -> the file's?
        # line -> the spans holding it that have not run yet; None: record every line, never stop
        self._waiting: dict[int, list[int]] | None = None
        self._left = 0
        self.done = False
        if units is not None:
            self._waiting = {}
            for number, span in enumerate(units):
                for line in span:
                    self._waiting.setdefault(line, []).append(number)
            self._ran = [False] * len(units)
            self._left = len(units)
            self.done = not units

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        """The global trace function: a local one for the watched file's frames, None for the rest."""
        if self.done:  # another thread saw the last span run: this one stops too
            _SETTRACE(None)
            return None
        name = frame.f_code.co_filename
        mine = self._mine.get(name)
        if mine is None:
            mine = self._mine[name] = os.path.realpath(name) == self.path if os.path.isabs(name) else False
        return self._line if mine else None

    def _line(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines.add(frame.f_lineno)
            if self._waiting is not None and frame.f_lineno in self._waiting:
                for number in self._waiting.pop(frame.f_lineno):
                    if not self._ran[number]:
                        self._ran[number] = True
                        self._left -= 1
                if not self._left:
                    self.done = True
                    _SETTRACE(None)
                    return None
        return self._line


def start_thread_cover() -> Any:
    """Trace this thread (one the case runs in) with the active tracer; returns what to restore."""
    if not ACTIVE or ACTIVE[0].done:
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


# -- a removed branch whose work after now selects for every element

# Reads that bring a value to the host without changing it: ``loss.item() > 20`` tests what
# ``loss > 20`` computes on the device.
_HOST_READ_METHODS = frozenset({"item", "cpu", "detach"})
_HOST_READ_CALLS = frozenset({"float", "bool"})


def _bare(node: ast.expr) -> ast.expr:
    """``node`` without the host reads around it (``x.item()``, ``float(x)``, ``bool(x)``, ``x.cpu()``,
    and ``x.detach()``, which changes no value)."""
    while isinstance(node, ast.Call) and not node.keywords:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in _HOST_READ_METHODS and not node.args:
            node = func.value
        elif isinstance(func, ast.Name) and func.id in _HOST_READ_CALLS and len(node.args) == 1:
            node = node.args[0]
        else:
            break
    return node


def _negated(node: ast.expr) -> tuple[bool, ast.expr]:
    """(whether ``node`` is an odd number of negations, what they negate): ``not c``, ``~c``,
    ``c.logical_not()`` and ``torch.logical_not(c)`` all negate ``c``."""
    negated = False
    while True:
        node = _bare(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.Invert)):
            node = node.operand
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "logical_not"
            and not node.keywords
            and len(node.args) == (0 if _is_tensor_method(node.func) else 1)
        ):
            node = node.func.value if not node.args else node.args[0]
        else:
            return negated, node
        negated = not negated


def _is_tensor_method(func: ast.Attribute) -> bool:
    return not (isinstance(func.value, ast.Name) and func.value.id == "torch")


# Operators whose operands commute exactly (IEEE sums and products of two operands do): ``0.1 * loss``
# is ``loss * 0.1``.
_COMMUTING = (ast.Add, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
_MIRRORED: dict[type, type] = {ast.Lt: ast.Gt, ast.LtE: ast.GtE, ast.Eq: ast.Eq, ast.NotEq: ast.NotEq}


class _NoHostReads(ast.NodeTransformer):
    """An expression as compared: host reads dropped, commuting operands in one order, ``a < b`` as
    ``b > a``."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        bare = _bare(node)
        return self.visit(bare) if bare is not node else self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, _COMMUTING) and ast.dump(node.right) < ast.dump(node.left):
            node.left, node.right = node.right, node.left
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in _MIRRORED:
            left, right = node.left, node.comparators[0]
            if type(node.ops[0]) in (ast.Lt, ast.LtE) or ast.dump(right) < ast.dump(left):
                node.left, node.comparators = right, [left]
                node.ops = [_MIRRORED[type(node.ops[0])]()]
        return node


def _same(a: ast.expr, b: ast.expr) -> bool:
    """The same expression, host reads anywhere in it aside."""
    return _canonical(a) == _canonical(b)


def _canonical(node: ast.expr) -> str:
    return ast.dump(_NoHostReads().visit(copy.deepcopy(node)))


def _select(node: ast.expr) -> tuple[ast.expr, ast.expr, ast.expr] | None:
    """(condition, value where true, value where false) of an elementwise select: ``torch.where(c, a, b)``
    or ``a.where(c, b)``; None for anything else."""
    if not isinstance(node, ast.Call) or node.keywords or not isinstance(node.func, ast.Attribute):
        return None
    if node.func.attr != "where":
        return None
    if isinstance(node.func.value, ast.Name) and node.func.value.id == "torch" and len(node.args) == 3:
        return node.args[0], node.args[1], node.args[2]
    if len(node.args) == 2 and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "torch"):
        return node.args[0], node.func.value, node.args[1]
    return None


def _assigned(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """(the one name a simple assignment sets, the value it sets): ``y = a``, ``y: T = a``, and
    ``y += a`` as ``y = y + a``; None for anything else."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return stmt.target.id, stmt.value
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        name = stmt.target.id
        return name, ast.BinOp(left=ast.Name(id=name, ctx=ast.Load()), op=stmt.op, right=stmt.value)
    return None


def _arms(tree: ast.Module, line: int) -> tuple[ast.expr, str, ast.expr, ast.expr] | None:
    """For the statement at ``line`` when it is the one assignment of an ``if``'s arm: (the ``if``'s
    condition, the name, the value where the condition holds, the value where it does not), an arm
    left out keeping the name's value; None for any other statement."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        for arm, other in ((node.body, node.orelse), (node.orelse, node.body)):
            if len(arm) != 1 or arm[0].lineno != line:
                continue
            mine = _assigned(arm[0])
            if mine is None:
                return None
            if not other:
                kept: ast.expr = ast.Name(id=mine[0], ctx=ast.Load())
            else:
                theirs = _assigned(other[0]) if len(other) == 1 else None
                if theirs is None or theirs[0] != mine[0]:
                    return None
                kept = theirs[1]
            if arm is node.body:
                return node.test, mine[0], mine[1], kept
            return node.test, mine[0], kept, mine[1]
    return None


def selected_by(
    before: str, after: str, removed: list[tuple[int, list[int]]], added: list[tuple[int, list[int]]]
) -> dict[int, list[int]]:
    """The statements of after (their lines) that compute, for every element, what a removed statement of
    before computed only in the branch it sits in: ``if c: y = a`` (``else: y = b``) become ``y =
    torch.where(c, a, y)`` (``b``). Such a branch need not have run in before for its work to be
    compared: after evaluates both arms on every run, so where the run compared after with before it
    compared ``a`` too; the condition and the arms are the same expressions (host reads such as
    ``.item()`` aside, the condition maybe negated with the arms swapped), so the branch is taken where
    before took it. Anything else (another threshold, another arm, an ``elif``, a statement that is no
    single assignment, a select spelt any other way) stays uncovered. Maps a removed statement's first
    changed line to the lines of each added statement that selects its work."""
    try:
        old, new = ast.parse(before), ast.parse(after)
    except (SyntaxError, ValueError):
        return {}
    selects: list[tuple[str, ast.expr, ast.expr, ast.expr, list[int]]] = []
    for _, span in added:
        for node in ast.walk(new):
            if isinstance(node, ast.stmt) and node.lineno == span[0]:
                assigned = _assigned(node) if not isinstance(node, ast.AugAssign) else None
                select = _select(assigned[1]) if assigned else None
                if assigned and select:
                    selects.append((assigned[0], *select, span))
                break
    found: dict[int, list[int]] = {}
    for first, span in removed:
        arms = _arms(old, span[0])
        if arms is None:
            continue
        test, name, taken, kept = arms
        neg, core = _negated(test)
        for target, condition, yes, no, lines in selects:
            if target != name:
                continue
            their_neg, their_core = _negated(condition)
            if not _same(core, their_core):
                continue
            want_yes, want_no = (kept, taken) if neg != their_neg else (taken, kept)
            if _same(want_yes, yes) and _same(want_no, no):
                found.setdefault(first, []).extend(lines)
    return found
