"""The shared legacy-constructor rewrite: data or size, decided from the source alone."""

from __future__ import annotations

import libcst as cst
import pytest

from codemods.legacy_constructors import legacy_constructor_rewrite, legacy_dtype
from codemods.names import ImportAliases
from codemods.syntax import code_of
from codemods.tree import Tree

ROWS = [
    ("torch.FloatTensor([1, 2])", "torch.tensor([1, 2], dtype=torch.float32)"),
    ("torch.FloatTensor((2, 3))", "torch.tensor((2, 3), dtype=torch.float32)"),  # a tuple is data
    ("torch.LongTensor([i for i in ids])", "torch.tensor([i for i in ids], dtype=torch.int64)"),
    ("torch.FloatTensor(3)", "torch.empty(3, dtype=torch.float32)"),
    ("torch.FloatTensor(n, m)", "torch.empty(n, m, dtype=torch.float32)"),  # several: always a size
    ("torch.FloatTensor(*shape)", "torch.empty(*shape, dtype=torch.float32)"),
    ("torch.FloatTensor(x.size(0))", "torch.empty(x.size(0), dtype=torch.float32)"),
    ("torch.FloatTensor(x.shape)", "torch.empty(x.shape, dtype=torch.float32)"),
    ("torch.FloatTensor(len(a) * 2)", "torch.empty(len(a) * 2, dtype=torch.float32)"),
    ("torch.FloatTensor(k)", "torch.empty(k, dtype=torch.float32)"),  # `k: int` below
    ("torch.FloatTensor()", "torch.empty(0, dtype=torch.float32)"),
    ("torch.cuda.ByteTensor(4)", 'torch.empty(4, dtype=torch.uint8, device="cuda")'),
    ("T.HalfTensor([0.5])", "T.tensor([0.5], dtype=T.float16)"),  # spelled as the file imports torch
    # Unclear: a name, an array, a tensor, a storage. The caller reports instead.
    ("torch.FloatTensor(values)", None),
    ("torch.FloatTensor(np.zeros(3))", None),
    ("torch.FloatTensor(x / 2)", None),
    ("torch.FloatTensor(3, device='cuda')", None),
]


@pytest.mark.parametrize("source, expected", ROWS)
def test_legacy_constructor_rewrite(source, expected):
    header = "import torch as T" if source.startswith("T.") else "import torch"
    module = cst.parse_module(f"{header}\n{source}\n")
    call = module.body[-1].body[0].value
    aliases = ImportAliases.of(Tree(module))
    qualified = aliases.qualify(call.func)
    fixed = legacy_constructor_rewrite(call, qualified, aliases, frozenset({"k"}))
    assert (None if fixed is None else code_of(fixed)) == expected


def test_legacy_dtype():
    assert legacy_dtype("torch.cuda.LongTensor") == "int64"
    assert legacy_dtype("torch.Tensor") is None
    assert legacy_dtype("numpy.FloatTensor") is None
