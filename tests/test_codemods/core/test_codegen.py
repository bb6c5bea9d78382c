"""The engine's code generation gives libcst's text, token for token."""

from __future__ import annotations

import libcst as cst
import pytest

from codemods.core import codegen
from codemods.core.tree import Tree
from tests import ROOT, parses
from tests.test_autofix.engine.test_reparse import _NESTED_LAYOUTS

FILES = sorted(p for p in (ROOT / "corpus").rglob("*.py") if parses(p)) + sorted(
    (ROOT / "codemods").rglob("*.py")
)
LAYOUTS = [
    *_NESTED_LAYOUTS,
    "import torch\r\nif x:\r\n\ty = (1,\r\n  2)  # c\r\n",  # CRLF, a tab, a bracket continued
    "try:\n\x0c pass\nfinally:\n pass\n",  # a form feed opens the first indented line
    "x = 1",  # no trailing newline
    "\n\n# only comments\n",
]


@pytest.mark.parametrize("text", [p.read_text() for p in FILES] + LAYOUTS)
def test_the_text_of_every_node_is_libcsts(text):
    module = cst.parse_module(text)
    assert codegen.module_code_for(module, module) == module.code == text
    for node in Tree(module).of_type(module, (cst.BaseStatement, cst.BaseExpression, cst.Comment)):
        assert codegen.module_code_for(module, node) == module.code_for_node(node)


def test_a_detached_node_prints_as_in_an_empty_module():
    call = cst.parse_expression("f(a,  b)[0]")
    assert codegen.code_for_node(call) == cst.Module(body=[]).code_for_node(call) == "f(a,  b)[0]"
