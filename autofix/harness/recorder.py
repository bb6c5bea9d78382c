"""What the ``cpu`` and ``cuda`` phases see of a case's torch calls: who raised, and where the work ran.

A pass-through ``TorchFunctionMode`` (the emulated GPU does the same inside its own mode):

* an exception raised inside a torch function is marked with that function's name, so that
  :func:`autofix.harness.origin.origin_of` can tell torch's checks from the case's ``torch._assert_async``;
* with ``count=True`` (the ``cuda`` phase), each operation is counted on the device its result is on,
  with the elements it produced, and each random draw on a GPU: the same counters as the emulated GPU's;
  with ``watch=FILE``, the lines of FILE that drew on a GPU are recorded too, as the emulated GPU does
  (the judge accepts a draw moved to the GPU only on a line an unsafe fix made).
"""

from __future__ import annotations

import os
from typing import Any

import torch
from torch.overrides import TorchFunctionMode

from autofix.harness.emulated_cuda import Counters, call_site, draws
from autofix.harness.leaves import leaves as leaves_of
from autofix.harness.origin import TORCH, mark

# Questions about a tensor, moves and read-backs: not operations on it (the emulated GPU counts moves as
# copies, never as work, and so does this).
_SKIP = frozenset(
    {
        "size",
        "dim",
        "numel",
        "stride",
        "is_floating_point",
        "__len__",
        "data_ptr",
        "is_contiguous",
        "get_device",
        "element_size",
        "storage_offset",
        "to",
        "cuda",
        "cpu",
        "type",
        "pin_memory",
        "numpy",
        "item",
        "tolist",
        "__bool__",
        "__float__",
        "__int__",
        "__index__",
        "__repr__",
        "__format__",
        "__str__",
        "__array__",
        "untyped_storage",
        "is_pinned",
    }
)
# What a phase on real CUDA reports of its work, as the emulated GPU reports it: the host tensors made from
# data or a size among them (the judge's "same computation" leaves them out of a legacy constructor's
# respelling; without them the H200 run of 2026-11-27 found DEV009's `torch.empty(n)` 4 operations more).
_WORK = (
    "host_ops",
    "device_ops",
    "host_elements",
    "device_elements",
    "device_random",
    "gpus",
    "by_name",
    "constructor_ops",
    "constructor_elements",
)


class Recorder(TorchFunctionMode):
    def __init__(self, count: bool = False, watch: str = "") -> None:
        super().__init__()
        self.count = count
        self.counters = Counters()
        self.watch = os.path.realpath(watch) if watch else ""
        self.random_sites: list[tuple[int, int]] = []
        self.operations = 0  # every operation, counted or not: the work of one call, for the judge

    @property
    def counts(self) -> dict[str, Any]:
        return {key: getattr(self.counters, key) for key in _WORK}

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        try:
            result = func(*args, **kwargs)
        except BaseException as exc:
            mark(exc, TORCH, getattr(func, "__name__", ""))
            raise
        name = getattr(func, "__name__", "")
        if name not in _SKIP:
            self.operations += 1
        if self.count and name not in _SKIP:
            leaves = [leaf for leaf in leaves_of((result, args)) if isinstance(leaf, torch.Tensor)]
            if leaves:
                device = leaves[0].device
                self.counters.count_work(device, result, name, args)
                if device.type != "cpu" and draws(name, args, kwargs):
                    self.counters.device_random += 1
                    site = call_site(self.watch)
                    if site is not None:
                        self.random_sites.append(site)
        return result
