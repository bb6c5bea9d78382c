"""Which tensor a factory's size is read from (codemods/rules/dev003_factory_without_device/_size_sources.py): only where re-reading it is sure."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods.core.syntax import code_of
from codemods.core.tree import Tree
from codemods.rules.dev003_factory_without_device._size_sources import size_source

# The body of `def f(self, hs, x, arr, g):`; the factory is the last `torch.*(...)` call of the body.
ROWS = [
    ("return torch.zeros(hs[0].size())", "hs[0]"),
    ("return torch.zeros(hs[0][-1].size(1), 4)", "hs[0][-1]"),
    ("return torch.zeros((x.size(0), x.size(1)))", "x"),
    ("return torch.full(size=self.h.size(), fill_value=0.5)", "self.h"),
    ("s = hs[0][0].size()\nreturn torch.zeros(s)", "hs[0][0]"),
    ("s = hs[0].size()\nreturn tuple([torch.zeros(s)])", "hs[0]"),
    ("s = x.size()\ny = foo(x)\nreturn torch.zeros(s)", "x"),  # x a parameter never re-bound: the same tensor
    # Not sure: NumPy's shape, sizes of two tensors, a call or a slice in the chain, a non-literal dim.
    ("return torch.zeros(arr.shape)", None),
    ("return torch.zeros(hs[0].size(0), x.size(1))", None),
    ("return torch.zeros(f(hs).size())", None),
    ("return torch.zeros(hs[1:].size())", None),
    ("return torch.zeros(hs[i].size())", None),
    ("return torch.zeros(x.size(d))", None),
    ("return torch.zeros(self.size())", None),
    ("return torch.randn(x.size(), generator=g)", None),
    ("return torch.zeros(x.size(), pin_memory=True)", None),
    # The name: bound twice, bound in another block, the chain's root re-bound or touched in between,
    # a call in between, deferred in a lambda, a size read after the factory, a walrus.
    ("s = x.size()\ns = hs[0].size()\nreturn torch.zeros(s)", None),
    ("if x is not None:\n    s = x.size()\nreturn torch.zeros(s)", None),
    ("s = hs[0].size()\nhs = hs[1:]\nreturn torch.zeros(s)", None),
    ("s = hs[0].size()\nhs.pop(0)\nreturn torch.zeros(s)", None),
    ("s = self.h[0].size()\nself.reset()\nreturn torch.zeros(s)", None),
    ("s = hs[0].size()\nreturn hs.pop(0), torch.zeros(s)", None),
    ("s = hs[0].size()\nreturn lambda: torch.zeros(s)", None),
    ("s = hs[0].size()\nfor h in hs:\n    z = torch.zeros(s)\nreturn z", None),
    ("x = hs[0]\ns = x.size()\nreturn torch.zeros(s)", None),
    ("s = hs[0].size(); n = 1\nreturn torch.zeros(s)", None),
    ("s: tuple = hs[0].size()\nreturn torch.zeros(s)", None),
    ("(s := hs[0].size())\nreturn torch.zeros(s)", None),
    ("s = hs[0].size()\nreturn [torch.zeros(s) for s in hs]", None),
]


@pytest.mark.parametrize("body, expected", ROWS)
def test_size_source(body, expected):
    code = "import torch\n\ndef f(self, hs, x, arr, g):\n" + textwrap.indent(body, "    ") + "\n"
    module = cst.parse_module(code)
    tree = Tree(module)
    function = tree.of_type(module, cst.FunctionDef)[0]
    calls = [c for c in tree.of_type(function, cst.Call) if code_of(c.func).startswith("torch.")]
    found = size_source(tree, function, calls[-1])
    assert (None if found is None else code_of(found)) == expected
