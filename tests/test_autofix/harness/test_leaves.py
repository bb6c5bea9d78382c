"""The emulated GPU's fast leaves are pytree's, leaf for leaf and in its order."""

from __future__ import annotations

from collections import OrderedDict, defaultdict, deque, namedtuple

import pytest
import torch
from torch.utils._pytree import tree_flatten

from autofix.harness.leaves import leaves

Pair = namedtuple("Pair", "left right")
t = torch.ones(2)
p = torch.nn.Parameter(torch.zeros(1))

TREES = [
    t,
    (t, 1, 2.5, None, "x", torch.float32, torch.device("cpu")),
    [t, [p, (t, {"a": t, "b": [1, 2]})]],
    {"z": t, "a": (p, None), 3: [torch.Size([2, 3])]},
    (Pair(t, p), OrderedDict(b=t, a=p), defaultdict(list, {"k": [t]}), deque([t, p])),
    torch.max(torch.arange(6.0).view(2, 3), dim=1),  # a structseq
    ((), [], {}, [[[]]]),
    (slice(0, 2), Ellipsis, True, 3j, b"raw"),
]


@pytest.mark.parametrize("tree", TREES, ids=range(len(TREES)))
def test_same_leaves_as_pytree(tree: object) -> None:
    expected = tree_flatten(tree)[0]
    found = leaves(tree)
    assert len(found) == len(expected)
    assert all(a is b for a, b in zip(found, expected))
