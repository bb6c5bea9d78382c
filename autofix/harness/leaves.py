"""The leaves of a nested value, exactly as ``torch.utils._pytree.tree_flatten`` lists them, faster.

The emulated GPU asks for the tensors among every operation's arguments and results; pytree builds a
spec it never reads and makes a dozen Python calls per leaf, half of all the calls an emulated phase
made (and each of them a trace event for the line cover, see cover.py). Plain tuples, lists and dicts
are walked here, and values of a type pytree never treats as a node are leaves here too; anything
else (a namedtuple, an OrderedDict, a type a library registers) is handed to pytree itself, so the
answer is pytree's, leaf for leaf and in its order.
"""

from __future__ import annotations

from typing import Any

import torch
from torch.utils._pytree import SUPPORTED_NODES, tree_flatten

# Types pytree registers no node for (checked at each use too: a type registered later is pytree's).
_ATOMS = frozenset(
    {
        torch.Tensor,
        torch.nn.Parameter,
        int,
        float,
        bool,
        complex,
        str,
        bytes,
        type(None),
        torch.dtype,
        torch.device,
        torch.layout,
        torch.memory_format,
    }
)


def leaves(tree: Any) -> list[Any]:
    """``tree_flatten(tree)[0]``."""
    found: list[Any] = []
    _gather(tree, found)
    return found


def _gather(tree: Any, found: list[Any]) -> None:
    kind = type(tree)
    # Exactly tuple, list and dict: pytree flattens them to their items (a dict to its values, in
    # insertion order); they cannot be registered again.
    if kind is tuple or kind is list:
        items: Any = tree
    elif kind is dict:
        items = tree.values()
    elif kind in _ATOMS and kind not in SUPPORTED_NODES:
        found.append(tree)
        return
    else:
        found.extend(tree_flatten(tree)[0])
        return
    for item in items:
        kind = type(item)
        if kind in _ATOMS and kind not in SUPPORTED_NODES:
            found.append(item)
        else:
            _gather(item, found)
