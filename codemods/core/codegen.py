"""Code generation as ``Module.code_for_node`` does it, a third faster.

libcst's code generation enters ``CodegenState.record_syntactic_position`` around most nodes. Only the
position-providing states record anything there; the plain state's is a ``@contextmanager`` generator
that yields and nothing else, and making one per node was a third of generating a statement's code
(measured on a 1 MB file: 0.72-0.81 s for ``module.code``, 0.51-0.56 s with a shared no-op context).
``apply`` generates the code of every top-level statement once and of each changed one after every pass,
and the rules print nodes into their messages, so this state is used wherever the engine and the rules
turn a tree back into text. The text is the same, token for token:
``tests/test_codemods/core/test_codegen.py`` checks it
against ``Module.code`` on every corpus file.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from itertools import accumulate

import libcst as cst
from libcst._nodes.internal import CodegenState as _LibcstState

_NOTHING_TO_RECORD = nullcontext()  # reusable: entering it has no effect and keeps no state


class CodegenState(_LibcstState):
    """libcst's plain code generation state, minus a generator per node."""

    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        return _NOTHING_TO_RECORD


def code_for_node(
    node: cst.CSTNode, default_indent: str = " " * 4, default_newline: str = "\n", indents: Sequence[str] = ()
) -> str:
    """What ``cst.Module(body=[], default_indent=..., default_newline=...).code_for_node(node)`` gives;
    with ``indents``, the text of a statement inside blocks indented by them, as the module generates it."""
    state = CodegenState(default_indent=default_indent, default_newline=default_newline)
    state.indent_tokens.extend(indents)
    node._codegen(state)
    return "".join(state.tokens)


def module_code_for(module: cst.Module, node: cst.CSTNode) -> str:
    """``module.code_for_node(node)``: ``node`` in ``module``'s indentation and newline."""
    return code_for_node(node, module.default_indent, module.default_newline)


def _statement_classes() -> frozenset[type]:
    found: set[type] = set()
    pending: list[type] = [cst.BaseStatement]
    while pending:
        kind = pending.pop()
        found.add(kind)
        pending.extend(kind.__subclasses__())
    return frozenset(found)


_STATEMENT_CLASSES = _statement_classes()  # a block's statements: simple lines and compound statements

# Where each statement's text lies in the text of a node that holds it: id(statement) -> (start, end).
Spans = dict[int, tuple[int, int]]


@dataclass
class _StatementRecorder(CodegenState):
    """:class:`CodegenState` that also notes, by token, where each statement's code starts and ends."""

    token_spans: dict[int, tuple[int, int]] = field(default_factory=dict)
    _open: list[int] = field(default_factory=list)

    def before_codegen(self, node: cst.CSTNode) -> None:
        if type(node) in _STATEMENT_CLASSES:
            self._open.append(len(self.tokens))

    def after_codegen(self, node: cst.CSTNode) -> None:
        if type(node) in _STATEMENT_CLASSES:
            self.token_spans[id(node)] = (self._open.pop(), len(self.tokens))


def code_and_spans(
    node: cst.CSTNode, default_indent: str = " " * 4, default_newline: str = "\n", indents: Sequence[str] = ()
) -> tuple[str, Spans]:
    """:func:`code_for_node`'s text, and where the code of each statement under ``node`` (``node`` too,
    when it is one) lies in it. The ids name the statements while ``node`` holds them."""
    state = _StatementRecorder(default_indent=default_indent, default_newline=default_newline)
    state.indent_tokens.extend(indents)
    node._codegen(state)
    offsets = [0, *accumulate(map(len, state.tokens))]
    spans = {key: (offsets[start], offsets[end]) for key, (start, end) in state.token_spans.items()}
    return "".join(state.tokens), spans
