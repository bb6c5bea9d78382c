"""codemods.rules.dev010_create_on_device._host_creations.returns_host_tensors: functions whose every return is a tensor made on the host."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst
import pytest

from codemods.core.names import ImportAliases
from codemods.core.tree import Tree
from codemods.rules.dev010_create_on_device._host_creations import (
    host_creation,
    may_create,
    returns_host_tensors,
)
from tests import parses

ROOT = Path(__file__).resolve().parents[3]


def _first_function(source: str) -> bool:
    module = cst.parse_module(textwrap.dedent(source))
    tree = Tree(module)
    function = tree.of_type(module, cst.FunctionDef)[0]
    return returns_host_tensors(tree, function, ImportAliases.of(tree))


@pytest.mark.parametrize(
    "body",
    [
        "return torch.zeros(n)",
        "return torch.log(torch.tril(torch.ones(n, n)))",
        "return torch.ones(n, n).triu(1).bool()",
        "if n > 3:\n        return torch.zeros(n)\n    return torch.LongTensor([0, 1])",
    ],
)
def test_host_made_returns(body):
    assert _first_function(f"import torch\ndef make(n):\n    {body}\n")


@pytest.mark.parametrize(
    "body",
    [
        "return torch.zeros(n, device=device)",  # made where it is asked to be
        "return torch.zeros(n).to(device)",  # moved already
        "return torch.from_numpy(n)",  # data that exists
        "if n > 3:\n        return torch.zeros(n)\n    return n",  # one return is not made here
        "t = torch.zeros(n)\n    return t",  # through a name: not followed
        "yield torch.zeros(n)",  # a generator
        "def inner():\n        return torch.zeros(n)\n    return inner",  # another function's return
        "pass",  # no return at all
    ],
)
def test_other_functions(body):
    assert not _first_function(f"import torch\ndef make(n, device=None):\n    {body}\n")


def test_may_create_holds_for_every_call_that_is_its_own_creation() -> None:
    """``may_create`` is the quick test DEV010 asks before ``host_creation``: it must hold wherever
    ``host_creation(call)`` is a creation by ``call`` itself, or a finding would be lost."""
    seen = 0
    for path in sorted(p for p in (ROOT / "corpus").rglob("before.py") if parses(p)):
        module = cst.parse_module(path.read_text())
        tree = Tree(module)
        aliases = ImportAliases.of(tree)
        for call in tree.of_type(module, cst.Call):
            creation = host_creation(call, aliases)
            if creation is not None and creation.factory is call:
                seen += 1
                assert may_create(call, aliases), (path, cst.Module([]).code_for_node(call))
    assert seen > 100
