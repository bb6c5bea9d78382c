"""The shared call-editing helpers keep the call's own layout."""

from __future__ import annotations

import libcst as cst
import pytest

from codemods.core.syntax import code_of, with_arg_value, with_kwarg, without_args


@pytest.mark.parametrize(
    "source, expected",
    [
        ("f()", "f(k=v)"),
        ("f(a)", "f(a, k=v)"),
        ("f(a,)", "f(a, k=v,)"),
        ("f(a, *b)", "f(a, *b, k=v)"),
        ("f(\n    a,\n)", "f(\n    a,\n    k=v,\n)"),
        ("f(\n    a,\n    b,\n)", "f(\n    a,\n    b,\n    k=v,\n)"),
        ("f(a,\n  b)", "f(a,\n  b, k=v)"),
        # A comment after `(` or above the first argument is not copied onto the new one's line.
        ("f(  # rows\n    a,\n)", "f(  # rows\n    a,\n    k=v,\n)"),
        ("f(\n    # rows\n    a,\n)", "f(\n    # rows\n    a,\n    k=v,\n)"),
    ],
)
def test_with_kwarg_keeps_the_layout(source, expected):
    assert code_of(with_kwarg(cst.parse_expression(source), "k", cst.Name("v"))) == expected


def test_with_arg_value_by_argument_or_keyword():
    call = cst.parse_expression("f(a, dtype=x)")
    assert code_of(with_arg_value(call, "dtype", cst.Name("y"))) == "f(a, dtype=y)"
    assert code_of(with_arg_value(call, call.args[0], cst.Name("b"))) == "f(b, dtype=x)"
    with pytest.raises(ValueError):
        with_arg_value(call, "device", cst.Name("d"))


def test_without_args_drops_a_dangling_comma():
    call = cst.parse_expression("f(a, b, c)")
    assert code_of(without_args(call, [call.args[2]])) == "f(a, b)"
    trailing = cst.parse_expression("f(a, b,)")
    assert code_of(without_args(trailing, [trailing.args[0]])) == "f(b,)"
