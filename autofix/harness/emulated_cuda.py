"""Run PyTorch code as if a CUDA GPU were present, on the CPU, and count what a GPU would pay for.

Inside :class:`EmulatedCuda`:

* ``torch.cuda.is_available()`` is True and ``.cuda()``, ``.to("cuda")``, ``device="cuda"`` and
  ``Module.to(...)`` work: the tensors they make carry a *logical* device, the computation stays on
  the CPU, so every number is exactly the CPU number;
* an operation mixing logical devices raises the same ``RuntimeError: Expected all tensors to be on
  the same device, but found at least two devices, cuda:0 and cpu!`` real CUDA raises;
* every logical host-to-device and device-to-host copy is counted, and so is every host sync on a
  device tensor (``.item()``, ``.tolist()``, ``.cpu()``, ``bool()``/``float()``/``int()``, printing);
  ``.numpy()`` of a device tensor raises, as on a GPU.

How: a ``TorchFunctionMode`` sees every torch call. Logical devices are kept in a dict keyed by
``id(tensor)`` (tensors compare by value, so they cannot be keys), cleaned by ``weakref.finalize``.
``Module._apply`` moves parameters with ``param.data = moved``, so ``Tensor.data``'s setter carries the
device over; gradients are made by autograd outside Python, so ``Tensor.grad``'s getter gives them
the parameter's device.
"""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._pytree import tree_flatten

CPU = torch.device("cpu")
_TENSOR_BASE = torch._C.TensorBase

# Methods that copy a device tensor's value to the host and so wait for the GPU.
_SYNC_METHODS = frozenset(
    {"item", "tolist", "__bool__", "__float__", "__int__", "__index__", "__repr__", "__format__", "__str__"}
)
# Questions about tensors' metadata: they compute nothing, so devices may differ.
_METADATA_QUERIES = frozenset(
    {"_has_compatible_shallow_copy_type", "is_same_size", "is_set_to", "_is_view", "size", "dim",
     "numel", "stride", "__len__", "data_ptr", "is_floating_point", "is_complex", "get_device"}
)
# Methods allowed to combine tensors on different devices (they are copies).
_CROSS_DEVICE_METHODS = frozenset({"copy_", "__setitem__"})


@dataclass
class Counters:
    host_to_device: int = 0
    device_to_host: int = 0
    syncs: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"host_to_device": self.host_to_device, "device_to_host": self.device_to_host, "syncs": self.syncs}


def _descriptor_name(func: Callable[..., Any]) -> tuple[str, str] | None:
    """(``"device"``, ``"__get__"``) for ``Tensor.device``'s getter, None for anything else."""
    owner = getattr(func, "__self__", None)
    if owner is not None and getattr(owner, "__objclass__", None) is _TENSOR_BASE:
        return owner.__name__, func.__name__
    return None


def _is_tensor_method(func: Callable[..., Any], name: str) -> bool:
    return getattr(func, "__name__", None) == name and (
        getattr(func, "__objclass__", None) is _TENSOR_BASE or getattr(_TENSOR_BASE, name, None) is func
    )


def _normalize(device: Any) -> torch.device:
    device = torch.device(device) if not isinstance(device, torch.device) else device
    if device.type == "cuda" and device.index is None:
        return torch.device("cuda", 0)
    return device


class EmulatedCuda(TorchFunctionMode):
    def __init__(self, device_count: int = 1) -> None:
        super().__init__()
        self.device_count = device_count
        self.counters = Counters()
        self._devices: dict[int, torch.device] = {}

    # -- logical devices

    def device_of(self, tensor: torch.Tensor) -> torch.device:
        return self._devices.get(id(tensor), CPU)

    def _tag(self, tensor: Any, device: torch.device) -> None:
        if not isinstance(tensor, torch.Tensor):
            return
        key = id(tensor)
        if device.type == "cpu":
            self._devices.pop(key, None)
            return
        if key not in self._devices:
            weakref.finalize(tensor, self._devices.pop, key, None)
        self._devices[key] = device

    def _tag_all(self, result: Any, device: torch.device) -> None:
        leaves, _ = tree_flatten(result)
        for leaf in leaves:
            self._tag(leaf, device)

    def _count_copy(self, source: torch.device, target: torch.device) -> None:
        if source == target:
            return
        if source.type == "cpu":
            self.counters.host_to_device += 1
        elif target.type == "cpu":
            self.counters.device_to_host += 1
            self.counters.syncs += 1  # a copy to the host waits for the device
        else:
            self.counters.host_to_device += 1  # GPU to GPU: count it as a transfer too

    # -- the interception

    def __torch_function__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        kwargs = dict(kwargs or {})
        descriptor = _descriptor_name(func)
        if descriptor is not None:
            return self._attribute(func, descriptor, args)
        name = getattr(func, "__name__", "")
        if _is_tensor_method(func, "to"):
            return self._to(func, args, kwargs)
        if _is_tensor_method(func, "cuda"):
            index = args[1] if len(args) > 1 else kwargs.pop("device", None)
            target = _normalize(index if isinstance(index, torch.device) else f"cuda:{index or 0}")
            return self._move(args[0], target, copy=False)
        if _is_tensor_method(func, "type") and len(args) > 1 and isinstance(getattr(args[1], "is_cuda", None), bool):
            # `x.type(torch.cuda.FloatTensor)` (or `torch.FloatTensor`): a dtype conversion and a move.
            target = _normalize("cuda") if args[1].is_cuda else CPU
            return self._move(args[0], target, dtype=args[1].dtype, copy=False)
        if _is_tensor_method(func, "cpu"):
            return self._move(args[0], CPU, copy=False)
        if _is_tensor_method(func, "numpy") and self.device_of(args[0]).type != "cpu":
            raise TypeError(
                f"can't convert {self.device_of(args[0])} device type tensor to numpy. Use Tensor.cpu() to"
                " copy the tensor to host memory first."
            )
        if name in _SYNC_METHODS and args and isinstance(args[0], torch.Tensor):
            if self.device_of(args[0]).type != "cpu":
                self.counters.syncs += 1
            return func(*args, **kwargs)
        if name in _METADATA_QUERIES:
            if name == "get_device" and self.device_of(args[0]).type == "cuda":
                return self.device_of(args[0]).index
            return func(*args, **kwargs)
        if "device" in kwargs and kwargs["device"] is not None:
            target = _normalize(kwargs["device"])
            kwargs["device"] = CPU
            result = func(*args, **kwargs)
            self._tag_all(result, target)
            return result
        return self._compute(func, name, args, kwargs)

    def _attribute(self, func, descriptor, args):  # type: ignore[no-untyped-def]
        attribute, access = descriptor
        tensor = args[0]
        if access == "__get__" and attribute == "device":
            return self.device_of(tensor)
        if access == "__get__" and attribute == "is_cuda":
            return self.device_of(tensor).type == "cuda"
        if access == "__set__" and attribute == "data":
            self._tag(tensor, self.device_of(args[1]))
            return func(*args)
        result = func(*args)
        if access == "__get__" and attribute in ("data", "grad", "T", "mT", "H", "real", "imag"):
            self._tag(result, self.device_of(tensor))
        return result

    def _to(self, func, args, kwargs):  # type: ignore[no-untyped-def]
        tensor, rest = args[0], args[1:]
        if rest and isinstance(rest[0], torch.Tensor):  # .to(other): other's device and dtype
            other = rest[0]
            return self._move(tensor, self.device_of(other), dtype=other.dtype, copy=kwargs.get("copy", False))
        device, dtype, non_blocking, memory_format = torch._C._nn._parse_to(*rest, **kwargs)
        target = self.device_of(tensor) if device is None else _normalize(device)
        return self._move(
            tensor, target, dtype=dtype, copy=kwargs.get("copy", False), memory_format=memory_format
        )

    def _move(self, tensor, target, *, dtype=None, copy=False, memory_format=None):  # type: ignore[no-untyped-def]
        source = self.device_of(tensor)
        options: dict[str, Any] = {"copy": copy}
        if dtype is not None:
            options["dtype"] = dtype
        if memory_format is not None:
            options["memory_format"] = memory_format
        result = tensor.to(**options)
        if source != target:
            if result is tensor:
                result = tensor.clone()  # a copy on another device is a new tensor
            self._count_copy(source, target)
        self._tag(result, target)
        return result

    def _compute(self, func, name, args, kwargs):  # type: ignore[no-untyped-def]
        leaves, _ = tree_flatten((args, kwargs))
        devices: list[torch.device] = []
        for leaf in leaves:
            if isinstance(leaf, torch.Tensor):
                device = self.device_of(leaf)
                # A 0-dim CPU tensor may meet CUDA tensors, as on a real GPU.
                if device.type == "cpu" and leaf.dim() == 0 and len(leaves) > 1:
                    continue
                if device not in devices:
                    devices.append(device)
        if len(devices) > 1:
            if name in _CROSS_DEVICE_METHODS:
                target = self.device_of(args[0])
                self._count_copy(next(d for d in devices if d != target), target)
                return func(*args, **kwargs)
            first, second = sorted(devices, key=lambda d: (d.type != "cuda", str(d)))[:2]
            raise RuntimeError(
                "Expected all tensors to be on the same device, but found at least two devices,"
                f" {first} and {second}!"
            )
        result = func(*args, **kwargs)
        if devices and devices[0].type != "cpu":
            self._tag_all(result, devices[0])
        return result


def _device_keeping_variable(mode: EmulatedCuda) -> type:
    """``Variable(t)`` makes a new tensor object without a torch function call the mode would see;
    this stand-in gives the new tensor ``t``'s logical device, as a real GPU would."""
    legacy = torch.autograd.variable.Variable

    class Variable(legacy):  # type: ignore[misc, valid-type]
        def __new__(cls, *args: Any, **kwargs: Any) -> Any:
            made = legacy(*args, **kwargs)
            data = args[0] if args else kwargs.get("data")
            if isinstance(data, torch.Tensor):
                mode._tag(made, mode.device_of(data))
            return made

    return Variable


def _device_mapping_load(mode: EmulatedCuda, load: Callable[..., Any]) -> Callable[..., Any]:
    """``torch.load(f, map_location="cuda")`` would need a CUDA build: load on the CPU and give the
    loaded tensors the logical device asked for."""

    def emulated_load(*args: Any, **kwargs: Any) -> Any:
        target = kwargs.get("map_location")
        if isinstance(target, (str, torch.device)) and torch.device(target).type == "cuda":
            kwargs["map_location"] = CPU
            loaded = load(*args, **kwargs)
            mode._tag_all(loaded, _normalize(target))
            return loaded
        return load(*args, **kwargs)

    return emulated_load


@contextlib.contextmanager
def emulated_cuda(device_count: int = 1) -> Iterator[EmulatedCuda]:
    """Enter the emulation: ``torch.cuda`` reports a GPU and tensors carry logical devices."""
    mode = EmulatedCuda(device_count)
    patches = {
        "is_available": lambda: True,
        "device_count": lambda: device_count,
        "current_device": lambda: 0,
        "set_device": lambda device: None,
        "synchronize": lambda device=None: None,
        "get_device_name": lambda device=None: "emulated CUDA device",
        "manual_seed": lambda seed: None,
        "manual_seed_all": lambda seed: None,
        "is_initialized": lambda: True,
        "empty_cache": lambda: None,
    }
    saved = {name: getattr(torch.cuda, name) for name in patches}
    for name, replacement in patches.items():
        setattr(torch.cuda, name, replacement)
    legacy_variable, load = torch.autograd.Variable, torch.load
    torch.autograd.Variable = torch.autograd.variable.Variable = _device_keeping_variable(mode)
    torch.load = _device_mapping_load(mode, load)
    try:
        with mode:
            yield mode
    finally:
        for name, original in saved.items():
            setattr(torch.cuda, name, original)
        torch.autograd.Variable = torch.autograd.variable.Variable = legacy_variable
        torch.load = load
