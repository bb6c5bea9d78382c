"""Syntax helpers: reading and rebuilding calls, statements and expressions, with no torch knowledge.

Every rule that edits an argument list, adds a keyword, prints a node or follows a method chain uses
these, so that one call is rewritten one way everywhere (layout, commas and spacing kept).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

import libcst as cst

from codemods.core.codegen import code_for_node
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import instance_test

T = TypeVar("T", bound=cst.CSTNode)
# What a suite's ``body`` holds: statements, or the small statements of a one-line suite (``if x: a; b``).
SuiteStatement = cst.BaseStatement | cst.BaseSmallStatement

_NO_SPACE = cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))


def code_of(node: cst.CSTNode) -> str:
    """The source text of ``node``, as it would be printed."""
    return code_for_node(node)


_IS_CALL = instance_test(cst.Call)
_IS_ATTRIBUTE = instance_test(cst.Attribute)


def called_method(node: object) -> str | None:
    """``name`` when ``node`` is a method call ``x.name(...)``, else None. The cheap test to make before
    (or instead of) a libcst matcher on a call: a matcher costs a dozen Python calls per node, and the
    rules ask it of every call of the module."""
    if _IS_CALL(node) and _IS_ATTRIBUTE(node.func):  # isinstance, cached per class (see codemods.core.tree)
        return node.func.attr.value
    return None


def func_attribute(call: cst.Call) -> cst.Attribute:
    """``x.name`` of a method call ``x.name(...)``, for a call already known to be one (by a matcher,
    :func:`called_method` or ``ImportAliases.is_method_call``); raises for any other call."""
    return cst.ensure_type(call.func, cst.Attribute)


def line_statement(stmt: cst.CSTNode, kind: type[T]) -> T:
    """The first small statement of ``stmt``, a simple statement line that a matcher has found to hold a
    ``kind`` there (``x = f()`` for ``cst.Assign``); raises for anything else."""
    return cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0], kind)


def leading_lines(stmt: cst.BaseStatement) -> Sequence[cst.EmptyLine]:
    """The blank and comment lines above ``stmt``: both kinds of statement have them, their base does not."""
    if isinstance(stmt, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        return stmt.leading_lines
    raise TypeError(f"{type(stmt).__name__} is not a statement")


def kwarg(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def positional(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and not a.star]


def keyword_arg(name: str, value: cst.BaseExpression) -> cst.Arg:
    """``name=value``, spelled the PEP 8 way (no spaces around ``=``)."""
    return cst.Arg(value=value, keyword=cst.Name(name), equal=_NO_SPACE)


def with_args_appended(call: cst.Call, *new_args: cst.Arg) -> cst.Call:
    """``call`` with ``new_args`` appended, keeping the call's own comma and layout style."""
    args = list(call.args)
    for new_arg in new_args:
        if not args:
            args.append(new_arg)
            continue
        last = args[-1]
        if isinstance(last.comma, cst.Comma) and isinstance(
            last.comma.whitespace_after, cst.ParenthesizedWhitespace
        ):
            # One argument per line, trailing comma: ours goes on a line of its own, indented as the
            # first argument is, and takes over the comma before the closing parenthesis.
            indent = call.whitespace_before_args
            if isinstance(indent, cst.ParenthesizedWhitespace):
                # Its layout only: a comment after `(` or above the first argument stays there.
                indent = indent.with_changes(first_line=cst.TrailingWhitespace(), empty_lines=())
            else:
                indent = last.comma.whitespace_after
            args[-1] = last.with_changes(comma=last.comma.with_changes(whitespace_after=indent))
            args.append(new_arg.with_changes(comma=last.comma))
        elif isinstance(last.comma, cst.Comma):
            # `f(a,)`: keep the trailing comma after ours, and a space after the old one.
            args[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            args.append(new_arg.with_changes(comma=cst.Comma()))
        else:
            args[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            args.append(new_arg)
    return call.with_changes(args=args)


def with_kwarg(call: cst.Call, name: str, value: cst.BaseExpression) -> cst.Call:
    """``call`` with ``name=value`` appended (see :func:`with_args_appended`)."""
    return with_args_appended(call, keyword_arg(name, value))


def with_arg_value(call: cst.Call, arg: cst.Arg | str, value: cst.BaseExpression) -> cst.Call:
    """``call`` with one argument's value replaced: ``arg`` is the argument or its keyword."""
    if isinstance(arg, str):
        found = kwarg(call, arg)
        if found is None:
            raise ValueError(f"{code_of(call)} has no {arg}= argument")
        arg = found
    return call.with_changes(args=[a.with_changes(value=value) if a is arg else a for a in call.args])


def without_args(call: cst.Call, drop: Sequence[cst.Arg]) -> cst.Call:
    """``call`` without the arguments in ``drop``; the new last argument loses a dangling comma
    unless the call was written in trailing-comma style."""
    kept = [a for a in call.args if not any(a is d for d in drop)]
    if kept and call.args and not isinstance(call.args[-1].comma, cst.Comma):
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(args=kept)


def single_target(small: cst.CSTNode) -> str | None:
    """``name = value`` / ``self.attr = value``: the dotted target of a one-target assignment."""
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return dotted_name(small.targets[0].target)
    return None


def method_chain(node: cst.BaseExpression, aliases: ImportAliases) -> list[cst.BaseExpression]:
    """``a.f().g()`` -> [a, a.f(), a.f().g()]: the receiver first, then each method call on it.
    ``torch.randn(3).double()`` -> [torch.randn(3), torch.randn(3).double()]."""
    chain = [node]
    while aliases.is_method_call(node):
        node = func_attribute(node).value
        chain.append(node)
    return list(reversed(chain))


def strip_method_chain(node: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression:
    """``Net().to(d).eval()`` -> ``Net()``: the receiver at the root of a method chain."""
    return method_chain(node, aliases)[0]


def assigned_chain(
    small: cst.BaseSmallStatement, aliases: ImportAliases
) -> tuple[str, list[cst.BaseExpression]] | None:
    """``name = a.f().g()`` as (``name``, the method chain of the value); None for other statements."""
    name = single_target(small)
    if name is None or not isinstance(small, cst.Assign):  # a name comes from an Assign only
        return None
    return name, method_chain(small.value, aliases)


def is_docstring(stmt: cst.CSTNode) -> bool:
    return (
        isinstance(stmt, cst.SimpleStatementLine)
        and isinstance(stmt.body[0], cst.Expr)
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def method_call(receiver: cst.BaseExpression, name: str, args: Sequence[cst.Arg] = ()) -> cst.Call:
    """``receiver.name(args)``, with ``receiver`` in parentheses unless it is a name, an attribute,
    a call or a subscript (``(a + b).detach()``)."""
    if not isinstance(receiver, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) and not receiver.lpar:
        receiver = receiver.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name(name)), args=list(args))


def statement_removal(
    line: cst.SimpleStatementLine, statements: Sequence[cst.BaseStatement]
) -> dict[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel] | None:
    """The edits that remove ``line`` from its block ``statements``, its blank lines before it
    kept (they go to the next statement); ``pass`` takes the place of a block's only statement.
    None when a comment on the line would go with it."""
    if any(empty.comment is not None for empty in line.leading_lines) or line.trailing_whitespace.comment:
        return None
    if len(statements) == 1:
        return {line: line.with_changes(body=[cst.Pass()])}
    edits: dict[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel] = {line: cst.RemovalSentinel.REMOVE}
    if not line.leading_lines:
        return edits  # nothing to hand on: no need to find the line in a (long) module body
    index = list(map(id, statements)).index(id(line))  # (identity, at C speed: a module's body is long)
    if index + 1 < len(statements):
        following = statements[index + 1]
        edits[following] = following.with_changes(
            leading_lines=[*line.leading_lines, *leading_lines(following)]
        )
    return edits


# A `%` conversion of a format string: a mapping key, flags, width, precision, then its type.
_PERCENT_CONVERSION = re.compile(r"%(\([^)]*\))?[#0\- +]*(\*|\d+)?(\.(\*|\d+))?[hlL]?([a-zA-Z%])")


def percent_conversion(
    parent_of: Callable[[cst.CSTNode], cst.CSTNode | None], operand: cst.CSTNode
) -> str | None:
    """The type of the conversion (``d``, ``f``, ``s``...) a ``%`` format applies to ``operand``: its
    right side itself (``"%.4f" % x``) or an element of its tuple (``"%d %.4f" % (i, x)``). None where
    the operands do not line up one to one with the conversions (a mapping key, a ``*`` width, a starred
    element, a count that differs) or the left side is not a literal string."""
    parent = parent_of(operand)
    own: cst.CSTNode = operand  # what stands in the operands for ``operand``: itself or its element
    if isinstance(parent, cst.Element):
        own = parent
        operands: cst.CSTNode | None = parent_of(parent)
        if not isinstance(operands, cst.Tuple) or any(
            isinstance(e, cst.StarredElement) for e in operands.elements
        ):
            return None
        elements: Sequence[cst.CSTNode] = operands.elements
        operation = parent_of(operands)
    else:
        operands, elements, operation = operand, (operand,), parent
    if not (
        isinstance(operation, cst.BinaryOperation)
        and isinstance(operation.operator, cst.Modulo)
        and operation.right is operands
        and isinstance(operation.left, (cst.SimpleString, cst.ConcatenatedString))
    ):
        return None
    text = operation.left.evaluated_value
    if not isinstance(text, str):
        return None
    specs = [spec for spec in _PERCENT_CONVERSION.finditer(text) if spec.group(5) != "%"]
    if len(specs) != len(elements) or any(s.group(1) or "*" in (s.group(2), s.group(4)) for s in specs):
        return None
    position = next(i for i, e in enumerate(elements) if e is own)
    return specs[position].group(5)
