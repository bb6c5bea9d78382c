"""Run PyTorch code as if CUDA GPUs were present, on the CPU, and count what a GPU would pay for.

Inside :func:`emulated_cuda`:

* ``torch.cuda.is_available()`` is True and ``.cuda()``, ``.to("cuda")``, ``device="cuda"``,
  ``Module.to(...)``, ``nn.Parameter``, ``torch.load(map_location="cuda")`` work: tensors carry a
  *logical* device while the arithmetic stays on the CPU, so every number is the CPU's number;
* mixing logical devices raises the RuntimeError real CUDA raises, with CUDA's exceptions: a CPU
  0-dim tensor is a scalar to elementwise ops (not to ``cat``, ``stack``, ``embedding``, ...), a
  device tensor may be indexed with CPU indices (copied over), and ``device="cuda:7"`` beyond
  ``device_count()`` is an invalid device ordinal;
* copies and host syncs are counted as CUDA's profiler and sync debug mode count them: a blocking
  host-to-device copy is a copy and a sync (``non_blocking=True``: a copy only); reading a value back
  (``.item()``, ``.tolist()``, ``bool()``, ``.cpu()``, printing, ``nonzero``, ``unique``,
  ``masked_select``, boolean-mask indexing) is a device-to-host copy and a sync;
* ``autocast("cuda", dtype)`` casts what CUDA autocast casts: matmuls, linear layers and convolutions
  to ``dtype``, softmax, norms and losses to float32, on device tensors only;
* random numbers drawn on a GPU come from that GPU's own generator, as on real CUDA (a Philox stream
  there, an MT19937 here seeded from a scrambled seed: distinct from the CPU's numbers either way), seeded
  by ``torch.manual_seed`` and ``torch.cuda.manual_seed``; a CPU generator handed to a GPU draw raises;
* the work is counted: operations (and the elements they produce) on the host and on the device, so a
  judge can see where a program computes.

Options, for the judge: ``shared_rng=True`` draws the GPU's random numbers from the CPU's stream (the
same numbers as the CPU, to tell "different numbers" from "different results"); ``lenient=True`` does
not raise on a device mismatch but counts it and computes on the GPU (what a program would have run on
the device had its mismatch been fixed); ``watch=FILE`` records the lines of FILE that draw random
numbers on a GPU; ``identity=1`` presents another GPU model (``emulated_api.IDENTITIES``), to show code
that runs on one model only.

The ``torch.cuda`` API a program calls around its tensors (properties, events, streams,
``torch.accelerator``) is in :mod:`autofix.harness.emulated_api`.
``tests/test_autofix/harness/test_emulation_fidelity.py``
holds the behaviour table this must match, and ``benchmarks/fidelity.py --device cuda`` runs it on a GPU.

How: a ``TorchFunctionMode`` sees every torch call. Logical devices are kept in a dict keyed by
``id(tensor)`` (tensors compare by value, so they cannot be keys), cleaned by ``weakref.finalize``.
``Module._apply`` moves parameters with ``param.data = moved``, so ``Tensor.data``'s setter carries the
device over; gradients are made by autograd outside Python, so ``Tensor.grad``'s getter gives them
the parameter's device.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from typing import Any

import torch
from torch.overrides import TorchFunctionMode

from autofix.harness.emulated_api import (
    _DEFAULT_STREAM,
    COPIES,
    IDENTITIES,
    ORDER,
    _current_stream,
    patched_api,
    refuse_dlpack,
    stream_seed,
)
from autofix.harness.leaves import leaves as leaves_of
from autofix.harness.origin import EMULATOR, TORCH, is_library, mark

CPU = torch.device("cpu")
_TENSOR_BASE = torch._C.TensorBase
# Held from import: the emulator's own bookkeeping runs outside every function mode, its own included.
_DisableTorchFunction = torch._C.DisableTorchFunction

# Methods that read a device tensor's value back to the host: a copy and a sync.
_READ_BACK = frozenset(
    {
        "item",
        "tolist",
        "__bool__",
        "__float__",
        "__int__",
        "__index__",
        "__repr__",
        "__format__",
        "__str__",
        "__complex__",
    }
)
# Operations whose output size depends on the data: the host waits for the device to learn it.
_DATA_DEPENDENT = frozenset(
    {"nonzero", "argwhere", "unique", "unique_consecutive", "masked_select", "bincount", "nonzero_static_"}
)
# Questions about tensors' metadata: they compute nothing, so devices may differ.
_METADATA = frozenset(
    {
        "_has_compatible_shallow_copy_type",
        "is_same_size",
        "is_set_to",
        "_is_view",
        "size",
        "dim",
        "numel",
        "stride",
        "__len__",
        "data_ptr",
        "is_floating_point",
        "is_complex",
        "get_device",
        "element_size",
        "nelement",
        "is_contiguous",
        "storage_offset",
        "is_pinned",
        "is_shared",
    }
)
# Operations that take no CPU 0-dim tensor as a scalar beside device tensors (real CUDA raises).
_NO_CPU_SCALARS = frozenset(
    {
        "cat",
        "concat",
        "concatenate",
        "stack",
        "hstack",
        "vstack",
        "dstack",
        "column_stack",
        "embedding",
        "embedding_bag",
        "index_select",
        "gather",
        "take",
        "take_along_dim",
        "scatter",
        "scatter_add",
        "scatter_reduce",
        "index_add",
        "index_copy",
        "index_fill",
        "matmul",
        "mm",
        "bmm",
        "mv",
        "dot",
        "__matmul__",
        "linear",
        "conv1d",
        "conv2d",
        "conv3d",
        "searchsorted",
        "bucketize",
    }
)
# Packed sequences keep their lengths and batch sizes on the host whatever the device: the argument at
# this position stays on the CPU (`pack_padded_sequence` moves `lengths` there itself), and the
# second result of the (un)packing is a CPU tensor. The RNN kernels take the batch sizes (int64) in
# their packed overload only; in the other, that position holds the hidden state, a device tensor.
_HOST_ARGUMENT = {
    "_pack_padded_sequence": 1,
    "_pad_packed_sequence": 1,
    "gru": 1,
    "lstm": 1,
    "rnn_tanh": 1,
    "rnn_relu": 1,
}
_HOST_SECOND_RESULT = frozenset({"_pack_padded_sequence", "_pad_packed_sequence"})
_SCALAR_TYPE_NAMES = {
    torch.int64: "Long",
    torch.int32: "Int",
    torch.int16: "Short",
    torch.int8: "Char",
    torch.uint8: "Byte",
    torch.float32: "Float",
    torch.float64: "Double",
}
# Matrix products: CUDA has no integer kernels for them (pytorch/pytorch#44428).
_MATMUL = frozenset(
    {
        *("mm", "bmm", "matmul", "__matmul__", "__rmatmul__", "mv", "addmm", "addmv", "baddbmm"),
        *("addbmm", "linear", "chain_matmul", "multi_dot", "einsum", "tensordot", "inner", "outer", "ger"),
    }
)
# Operations that accept a CPU 0-dim tensor beside device tensors by copying it over first.
_COPIES_CPU_SCALARS = frozenset({"where"})
# Factories that copy host data to the device when given ``device="cuda"``.
_FROM_HOST_DATA = frozenset({"tensor", "as_tensor", "asarray"})
# Factories that ``torch.set_default_device`` sends to its device when no device is given.
_FACTORIES = frozenset(
    {
        "tensor",
        "as_tensor",
        "asarray",
        "zeros",
        "ones",
        "empty",
        "full",
        "rand",
        "randn",
        "randint",
        "randperm",
        "arange",
        "range",
        "linspace",
        "logspace",
        "eye",
        "empty_strided",
        "tril_indices",
        "triu_indices",
        "normal",
        "sparse_coo_tensor",
        "scalar_tensor",
        "bartlett_window",
        "blackman_window",
        "hamming_window",
        "hann_window",
        "kaiser_window",
        "complex",
        "polar",
    }
)
# Factories whose tensor arguments are numbers (sizes, ends, fill values): read back, never a device.
_NUMBER_FACTORIES = frozenset(
    {"arange", "range", "linspace", "logspace", "full", "zeros", "ones", "empty", "rand", "randn", "randint"}
    | {"randperm", "eye", "tril_indices", "triu_indices", "scalar_tensor"}
)
# Factories whose values a device makes as well as the host: made on the host and copied to a GPU, each
# copy is a transfer a `device=` argument saves (DEV003's and DEV010's point). Random draws are not among
# them (the GPU draws other numbers), nor data from the host (`torch.tensor(list)` must copy).
_CONSTANT_FACTORIES = frozenset(
    {"zeros", "ones", "empty", "full", "arange", "range", "linspace", "logspace", "eye", "scalar_tensor"}
    | {"tril_indices", "triu_indices", "empty_strided"}
)
# Operations that read only the other tensor's shape: any device will do; the result is on self's.
_SHAPE_OF_OTHER = frozenset({"expand_as", "view_as", "reshape_as"})
_INDEX_PUT = frozenset({"index_put_", "index_put", "_index_put_impl_"})

# What CUDA autocast runs in the lower precision, and what it runs in float32 (PyTorch's AMP docs).
AUTOCAST_LOWER = frozenset(
    {
        "__matmul__",
        "matmul",
        "mm",
        "bmm",
        "baddbmm",
        "addmm",
        "addbmm",
        "addmv",
        "addr",
        "mv",
        "linear",
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
        "prelu",
        "chain_matmul",
        "multi_dot",
        "scaled_dot_product_attention",
    }
)
AUTOCAST_FLOAT32 = frozenset(
    {
        "acos",
        "asin",
        "cosh",
        "erfinv",
        "exp",
        "expm1",
        "log",
        "log10",
        "log2",
        "log1p",
        "reciprocal",
        "rsqrt",
        "sinh",
        "tan",
        "pow",
        "softplus",
        "layer_norm",
        "group_norm",
        "norm",
        "nll_loss",
        "cosine_similarity",
        "poisson_nll_loss",
        "cosine_embedding_loss",
        "hinge_embedding_loss",
        "kl_div",
        "l1_loss",
        "smooth_l1_loss",
        "huber_loss",
        "mse_loss",
        "margin_ranking_loss",
        "multilabel_margin_loss",
        "soft_margin_loss",
        "triplet_margin_loss",
        "multi_margin_loss",
        "binary_cross_entropy_with_logits",
        "dist",
        "pdist",
        "cdist",
        "renorm",
        "logsumexp",
        "softmax",
        "log_softmax",
        "cross_entropy",
        "sum",
        "prod",
        "cumsum",
        "cumprod",
        "batch_norm",
        "instance_norm",
    }
)


# Operations that draw random numbers: on a GPU, from that GPU's generator. The dropout family draws
# only in training with p > 0 (see draws).
RANDOM = frozenset(
    {
        "rand",
        "randn",
        "randint",
        "randperm",
        "normal",
        "bernoulli",
        "multinomial",
        "poisson",
        "binomial",
        "rand_like",
        "randn_like",
        "randint_like",
        "normal_",
        "uniform_",
        "bernoulli_",
        "exponential_",
        "geometric_",
        "cauchy_",
        "log_normal_",
        "random_",
        "rrelu",
        "rrelu_",
        "rrelu_with_noise",
        "_standard_gamma",
        "_sample_dirichlet",
        "trunc_normal_",
        "kaiming_uniform_",
        "kaiming_normal_",
        "xavier_uniform_",
        "xavier_normal_",
        "orthogonal_",
        "sparse_",
        "gumbel_softmax",
    }
)
_DROPOUT = frozenset(
    {
        "dropout",
        "dropout_",
        "feature_dropout",
        "feature_dropout_",
        "alpha_dropout",
        "alpha_dropout_",
        "feature_alpha_dropout",
        "feature_alpha_dropout_",
        "dropout1d",
        "dropout2d",
        "dropout3d",
        "native_dropout",
        "_fused_dropout",
    }
)


# Operations that compute nothing (views, aliases, autograd flags): not counted as work, so that
# ``Variable(x)`` becoming ``x.detach()`` moves no work anywhere.
NO_WORK = frozenset(
    {
        "detach",
        "detach_",
        "view",
        "view_as",
        "reshape",
        "reshape_as",
        "expand",
        "expand_as",
        "t",
        "transpose",
        "permute",
        "unsqueeze",
        "squeeze",
        "narrow",
        "select",
        "flatten",
        "unflatten",
        "unbind",
        "split",
        "chunk",
        "as_strided",
        "alias",
        "contiguous",
        "requires_grad_",
        "retain_grad",
        "movedim",
        "swapaxes",
        "swapdims",
        "type_as",
        "__get__",
        "__set__",
    }
)


@dataclass
class Counters:
    host_to_device: int = 0
    device_to_host: int = 0
    device_to_device: int = 0
    syncs: int = 0
    float64_ops: int = 0  # operations computing on float64 tensors: the work DEV002's fix takes away
    host_ops: int = 0  # tensor operations (factories included) computed on the host
    device_ops: int = 0  # ... and on a GPU
    host_elements: int = 0  # elements those operations produced
    # Host operations on values read back from a GPU alone (stacking, casting the losses a loop copied
    # back): reading results, counted apart from the host's share of the work.
    readback_ops: int = 0
    readback_elements: int = 0
    device_elements: int = 0
    device_random: int = 0  # operations drawing random numbers on a GPU
    mismatches: int = 0  # device mismatches let through (``lenient``)
    gpus: int = 0  # GPUs the run used: the highest index that held a tensor, plus one
    waits: int = 0  # explicit waits for the device (torch.cuda.synchronize() and kin), syncs among them
    # ... of which no non_blocking copy to the host was in flight: they land nothing the host reads, and
    # only stall the device (a synchronize each step); a wait that makes such copies readable does not
    idle_waits: int = 0
    # host-to-device copies of a tensor a constant factory made on the host (torch.zeros(n).to(device)),
    # each a transfer that making it on the device saves
    factory_copies: int = 0
    # operations reading (or writing) memory another CUDA stream wrote with nothing ordering the two: a
    # race on a GPU (see emulated_api.Order), and where the first one was in the case's code
    races: int = 0
    unemulated: int = 0  # calls of what the emulated GPU does not emulate (CUDA graphs), caught or not
    identity_reads: int = 0  # questions about the GPU's model: its name, properties, capability
    count_reads: int = 0  # questions about how many GPUs the machine has (device_count)
    race_site: str = ""
    # Host tensors made from data or a size (``torch.tensor``, ``as_tensor``, ``empty``, ...), counted
    # among host_ops too: a legacy constructor (``torch.FloatTensor(data)``) does the same out of the
    # emulator's sight, so a respelling of one compares its counts without these (judge: same computation).
    constructor_ops: int = 0
    constructor_elements: int = 0
    # host writes into pinned memory that a non_blocking copy to a GPU may still be reading (no wait
    # ordered the copy before the write): on a GPU the copy may carry the new data; and the first's line
    overwrites: int = 0
    overwrite_site: str = ""
    # The operations by name: {name: [on the host, on a GPU]}, so that a judge can see which work moved.
    by_name: dict[str, list[int]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def count_work(
        self, device: torch.device, result: Any, name: str = "", args: Any = (), read_back: bool = False
    ) -> None:
        """One operation on ``device`` that made ``result``, counted when it made a tensor.

        ``torch.device(...)``, ``_set_grad_enabled`` and the like compute nothing. A ``_foreach_``
        operation counts as one per tensor of its first list, so an optimizer counts the same looping
        over parameters or not."""
        if name in NO_WORK:
            return
        ops, elements = 1, _elements(result)
        if name.startswith("_foreach_") and args and isinstance(args[0], (list, tuple)):
            ops, elements = len(args[0]), _elements(list(args[0]))
        if elements is None:
            return
        if device.type == "cuda":
            self.gpus = max(self.gpus, (device.index or 0) + 1)
        if read_back:
            self.readback_ops += ops
            self.readback_elements += elements
        elif device.type == "cpu":
            self.host_ops += ops
            self.host_elements += elements
            if name in CONSTRUCTORS:
                self.constructor_ops += ops
                self.constructor_elements += elements
        else:
            self.device_ops += ops
            self.device_elements += elements
        if name:
            # One name per operation, however it is spelled: `_foreach_add_` over a list (an optimizer on
            # one device), `add_` per tensor (spread over devices), `add` out of place.
            key = name.removeprefix("_foreach_").rstrip("_") or name
            self.by_name.setdefault(key, [0, 0])[device.type != "cpu"] += ops


# What a legacy constructor makes, spelt as a factory (tensor_new.cpp, legacy_tensor_ctor: from data, as
# torch.tensor or as_tensor does; from a size, uninitialised, as torch.empty does).
CONSTRUCTORS = frozenset({"tensor", "as_tensor", "asarray", "from_numpy", "empty"})


def _elements(result: Any) -> int | None:
    """The elements of the tensors ``result`` holds (None: it holds none)."""
    if isinstance(result, torch.Tensor):
        return result.numel()
    if isinstance(result, (tuple, list)):
        tensors = [r for r in result if isinstance(r, torch.Tensor)]
        return sum(t.numel() for t in tensors) if tensors else None
    return None


def draws(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    """Whether this call draws random numbers."""
    if name in RANDOM:
        return True
    if name not in _DROPOUT:
        return False
    p = args[1] if len(args) > 1 else kwargs.get("p", 0.5)
    train = args[2] if len(args) > 2 else kwargs.get("training", kwargs.get("train", True))
    return bool(train) and not (isinstance(p, (int, float)) and p == 0)


_CONVOLUTIONS = frozenset(
    {"conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "convolution"}
)


def _tf32_allowed(name: str) -> bool:
    """Whether a float32 ``name`` on the GPU computes in TF32: matrix products when
    ``torch.backends.cuda.matmul.allow_tf32`` (or ``set_float32_matmul_precision("high")``), convolutions
    when ``torch.backends.cudnn.allow_tf32`` (the emulated GPU is an H100: Ampere or later)."""
    if name in _MATMUL:
        return bool(torch.backends.cuda.matmul.allow_tf32)
    return name in _CONVOLUTIONS and bool(torch.backends.cudnn.allow_tf32)


def _tf32(tensor: torch.Tensor) -> torch.Tensor:
    """``tensor`` (float32) with its mantissa rounded to TF32's 10 bits, as tensor cores read it; the
    gradient passes through unchanged."""
    with _DisableTorchFunction():
        bits = tensor.detach().contiguous().view(torch.int32).to(torch.int64)
        rounded = ((bits + 0x1000) & ~0x1FFF).to(torch.int32).view(torch.float32).view(tensor.shape)
        return tensor + (rounded - tensor.detach())


def _tf32_inputs(args: Any, kwargs: Any) -> tuple[Any, Any]:
    def convert(value: Any) -> Any:
        if isinstance(value, torch.Tensor) and value.dtype == torch.float32 and value.dim() > 0:
            return _tf32(value)
        if isinstance(value, (list, tuple)):
            return type(value)(convert(v) for v in value)
        return value

    return tuple(convert(a) for a in args), {k: convert(v) for k, v in kwargs.items()}


def call_site(watch: str) -> tuple[int, int] | None:
    """The line range of the call in file ``watch`` (a real path) that is running now, if one is on the
    stack; None when nothing is watched or the code running is another file's (a helper module's,
    torch's own)."""
    if not watch:
        return None
    frame = sys._getframe(1)
    while frame is not None and _real(frame.f_code.co_filename) != watch:
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None
    # The call's whole span (3.11+: a call over several lines names its first and last); else its line.
    positions = getattr(frame.f_code, "co_positions", lambda: iter(()))()
    span = next((p[:2] for i, p in enumerate(positions) if i == frame.f_lasti // 2), (None, None))
    start = span[0] or frame.f_lineno
    return start, span[1] or start


_STDLIB = os.path.join(os.path.dirname(os.path.realpath(os.__file__)), "")


def _in_stdlib(filename: str) -> bool:
    return os.path.realpath(filename).startswith(_STDLIB) and "site-packages" not in filename


def _case_line() -> str:
    """``file:line`` of the innermost frame of the case's own code (not torch's, not the harness's)."""
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if not is_library(name) and not name.startswith("<") and not _in_stdlib(name):
            return f"{os.path.basename(name)}:{frame.f_lineno}"
        frame = frame.f_back  # type: ignore[assignment]
    return ""


def _storage_address(tensor: torch.Tensor) -> int:
    """The address of the host memory ``tensor``'s storage holds (0: none to give)."""
    with _DisableTorchFunction():
        try:
            return tensor.untyped_storage().data_ptr()
        except (NotImplementedError, RuntimeError):
            return 0


def _copied(result: Any, data: Any) -> Any:
    """``result`` made from ``data``, as a tensor of its own when it shares ``data``'s memory."""
    if not isinstance(result, torch.Tensor):
        return result
    if isinstance(data, torch.Tensor):
        shares = result is data or _storage_address(result) == _storage_address(data)
    else:
        interface = getattr(data, "__array_interface__", None)
        start = interface["data"][0] if isinstance(interface, dict) else None
        nbytes = getattr(data, "nbytes", 0)
        shares = start is not None and start <= result.data_ptr() < start + max(nbytes, 1)
    return result.clone() if shares else result


def _host_span(tensor: torch.Tensor) -> tuple[int, int]:
    """The bytes of host memory ``tensor`` covers (from its first element to its last)."""
    with _DisableTorchFunction():
        start, size = tensor.data_ptr(), tensor.element_size()
        extent = sum((n - 1) * abs(st) for n, st in zip(tensor.shape, tensor.stride())) + 1
    return (start, start + extent * size) if tensor.numel() else (start, start)


def _poison(tensor: torch.Tensor) -> None:
    """What a host buffer holds before an async copy lands: garbage; NaN (or the largest value) here."""
    if tensor.is_floating_point() or tensor.is_complex():
        tensor.fill_(float("nan"))
    elif tensor.dtype != torch.bool:
        tensor.fill_(torch.iinfo(tensor.dtype).max)


def _advanced(index: Any) -> bool:
    """Whether an index takes the advanced (index_put_) path: a tensor with dimensions, or a mask."""
    leaves = leaves_of(index if isinstance(index, tuple) else (index,))
    return any(
        isinstance(leaf, torch.Tensor) and (leaf.dim() > 0 or leaf.dtype == torch.bool) for leaf in leaves
    )


@functools.lru_cache(maxsize=256)
def _real(filename: str) -> str:
    return os.path.realpath(filename)


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


def _nondeterministic(name: str, args: Any, kwargs: dict[str, Any]) -> bool:
    """Whether CUDA has only a nondeterministic kernel for this call: the forward operations that
    ``torch.use_deterministic_algorithms``'s documentation lists as raising on a CUDA tensor, less those
    a real GPU ran in deterministic mode (an H200, torch 2.11, 2026-11-27: kthvalue, and cumsum of floats,
    which now has a deterministic kernel)."""
    base = name.rstrip("_")
    if base in ("histc", "put", "max_unpool1d", "max_unpool2d", "max_unpool3d"):
        return True
    if base == "bincount":
        return (len(args) > 1 and args[1] is not None) or kwargs.get("weights") is not None
    if base == "median":
        return len(args) > 1 or "dim" in kwargs
    if base == "scatter_reduce":
        return (args[3] if len(args) > 3 else kwargs.get("reduce")) == "prod"
    return False


_UPSAMPLING = {
    "linear": "linear1d",
    "bilinear": "bilinear2d",
    "bicubic": "bicubic2d",
    "trilinear": "trilinear3d",
}
_BACKWARD_ONLY = {
    "avg_pool3d": "avg_pool3d_backward_cuda",
    "adaptive_avg_pool2d": "adaptive_avg_pool2d_backward_cuda",
    "adaptive_avg_pool3d": "adaptive_avg_pool3d_backward_cuda",
    "adaptive_max_pool2d": "adaptive_max_pool2d_backward_cuda",
    "adaptive_max_pool2d_with_indices": "adaptive_max_pool2d_backward_cuda",
    "fractional_max_pool2d": "fractional_max_pool2d_backward_cuda",
    "fractional_max_pool2d_with_indices": "fractional_max_pool2d_backward_cuda",
    "fractional_max_pool3d": "fractional_max_pool3d_backward_cuda",
    "fractional_max_pool3d_with_indices": "fractional_max_pool3d_backward_cuda",
    "grid_sample": "grid_sampler_2d_backward_cuda",
    "ctc_loss": "ctc_loss_backward_gpu",
}


def _nondeterministic_backward(name: str, args: Any, kwargs: dict[str, Any]) -> str:
    """The CUDA kernel of this call's backward when CUDA has only a nondeterministic one (the operations
    ``torch.use_deterministic_algorithms``'s documentation lists as raising "when attempting to
    differentiate a CUDA tensor"), else ``""``."""
    if name in _BACKWARD_ONLY:
        return _BACKWARD_ONLY[name]
    if name == "interpolate":
        mode = args[3] if len(args) > 3 else kwargs.get("mode", "nearest")
        return f"upsample_{_UPSAMPLING[mode]}_backward_out_cuda" if mode in _UPSAMPLING else ""
    if name == "pad":
        mode = args[2] if len(args) > 2 else kwargs.get("mode", "constant")
        pad = args[1] if len(args) > 1 else kwargs.get("pad", ())
        return f"reflection_pad{len(pad) // 2}d_backward_out_cuda" if mode == "reflect" else ""
    if name == "embedding_bag":
        mode = args[5] if len(args) > 5 else kwargs.get("mode", "mean")
        return "embedding_bag_backward_cuda_max" if mode == "max" else ""
    return ""


def _not_deterministic(kernel: str) -> RuntimeError:
    return RuntimeError(
        f"{kernel} does not have a deterministic implementation, but you set"
        " 'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for this"
        " operation, or you can use the 'warn_only=True' option, if that's acceptable for your"
        " application."
    )


def _alert_in_backward(result: Any, kernel: str) -> None:
    """Autograd runs the backward of ``result`` in C++, unseen by the mode: a pre-hook on its node raises
    there, as CUDA's ``alertNotDeterministic`` in that kernel does, when the program's own
    ``use_deterministic_algorithms(True)`` (not warn_only) holds at backward time."""

    def alert(grad_outputs: Any) -> None:
        if (
            torch.are_deterministic_algorithms_enabled()
            and not torch.is_deterministic_algorithms_warn_only_enabled()
        ):
            raise mark(_not_deterministic(kernel), EMULATOR, "emulated GPU")

    nodes = {id(t.grad_fn): t.grad_fn for t in _tensors(result) if t.grad_fn is not None}
    for node in nodes.values():
        node.register_prehook(alert)


def _deterministic_only(name: str, args: Any, kwargs: dict[str, Any]) -> None:
    """``torch.use_deterministic_algorithms(True)`` (not warn_only): a GPU call with only a
    nondeterministic kernel raises, as CUDA's ``alertNotDeterministic`` does."""
    if not torch.are_deterministic_algorithms_enabled():
        return
    if torch.is_deterministic_algorithms_warn_only_enabled() or not _nondeterministic(name, args, kwargs):
        return
    raise mark(_not_deterministic(f"{name.rstrip('_')}_cuda"), EMULATOR, "emulated GPU")


# Multiplications: a zero factor leaves nothing of the others in the result.
_PRODUCTS = frozenset({"mul", "mul_", "multiply", "multiply_", "__mul__", "__rmul__", "__imul__"})
# Sums: a zero term adds nothing, and an operation that only adds zeros to its input does no work.
_SUMS = frozenset({"add", "add_", "__add__", "__radd__", "__iadd__", "sub", "sub_", "__sub__", "__isub__"})


def _is_zero(value: Any) -> bool:
    if isinstance(value, (bool, int, float)):
        return value == 0
    if isinstance(value, torch.Tensor) and value.numel():
        with _DisableTorchFunction():
            return not bool(value.any())
    return False


def _feeding(name: str, args: Any, tensors: list[torch.Tensor]) -> tuple[list[torch.Tensor], bool]:
    """The inputs whose values can reach the result, and whether the operation leaves its other input
    as it was (no work). All of them, but where the operation's values throw one away (work hidden
    as padding that feeds a result in form only): the other factors of a product with a zero factor
    (``y_host + pad * 0``), a zero term of a sum (which then does no work), the branch of
    ``torch.where`` its mask never selects, and the tensor a ``*_like`` factory takes only its shape
    from. Values are read with the mode off (no count). Value-blind still: a factor of 1e-30."""
    if name.endswith("_like"):
        return [], False
    if name in _PRODUCTS and len(args) >= 2:
        zero = next((a for a in args[:2] if _is_zero(a)), None)
        if zero is not None:
            return ([zero] if isinstance(zero, torch.Tensor) else []), False
    if name in _SUMS and len(args) >= 2:
        first, second = args[0], args[1]
        if _is_zero(second):
            return [t for t in tensors if t is not second], True
        if _is_zero(first):
            return [t for t in tensors if t is not first], not name.startswith(("sub", "__sub", "__isub"))
    if name == "where" and len(args) == 3 and isinstance(args[0], torch.Tensor) and args[0].numel():
        with _DisableTorchFunction():
            never = args[1] if not bool(args[0].any()) else args[2] if bool(args[0].all()) else None
        if isinstance(never, torch.Tensor):  # a copy of the other branch's values: no work
            return [t for t in tensors if t is not never and t is not args[0]], True
    return tensors, False


class Allocator:
    """What CUDA's caching allocator reports (``torch.cuda.memory_stats``): the bytes of the storages
    GPU tensors hold (in 512-byte blocks), their peak, and the memory reserved for them (in 2 MiB
    segments, kept until ``empty_cache``)."""

    BLOCK, SEGMENT = 512, 2 << 20

    def __init__(self, device_count: int) -> None:
        self.current = [0] * device_count
        self.peak = [0] * device_count
        self.reserved = [0] * device_count
        self.reserved_peak = [0] * device_count
        self._storages: dict[tuple[int, int], list[int]] = {}  # (GPU, address) -> [bytes, holders]
        self._holders: dict[int, tuple[int, int]] = {}  # id(tensor) -> its storage's key
        self._extent: dict[tuple[int, int], int] = {}  # (GPU, address) -> the storage's bytes, exactly
        # Called when a storage another stream may still use is freed (see emulated_api.Order.freed).
        self.on_unsafe_free: Callable[[], None] | None = None

    def allocate(self, key: int, tensor: torch.Tensor, index: int) -> None:
        with _DisableTorchFunction():
            try:
                storage = tensor.untyped_storage()
            except (NotImplementedError, RuntimeError):  # a sparse or nested tensor: no one storage
                return
            where = (index, storage.data_ptr())
            size = -(-storage.nbytes() // self.BLOCK) * self.BLOCK
        self._holders[key] = where
        entry = self._storages.get(where)
        if entry is not None:
            entry[1] += 1
            return
        self._storages[where] = [size, 1]
        self._extent[where] = storage.nbytes()
        ORDER[0].allocated(where[1], _current_stream())
        self.current[index] += size
        self.peak[index] = max(self.peak[index], self.current[index])
        need = -(-self.current[index] // self.SEGMENT) * self.SEGMENT
        self.reserved[index] = max(self.reserved[index], need)
        self.reserved_peak[index] = max(self.reserved_peak[index], self.reserved[index])

    def adopt(self, index: int, storage: Any) -> None:
        """A storage made without a tensor (``torch.load`` restoring it to GPU ``index``): on that GPU."""
        with _DisableTorchFunction():
            where, size = (index, storage.data_ptr()), -(-storage.nbytes() // self.BLOCK) * self.BLOCK
        if where[1] and where not in self._storages:
            self._storages[where] = [size, 1]
            self._extent[where] = size
            self.current[index] += size
            self.peak[index] = max(self.peak[index], self.current[index])

    def hold(self, index: int, storage: Any) -> None:
        """A GPU tensor's storage handed to the case: it keeps the memory (and its GPU) as long as it lives,
        the tensor gone or not."""
        with _DisableTorchFunction():
            where = (index, storage.data_ptr())
        entry = self._storages.get(where)
        if entry is None or not where[1]:
            return
        try:
            weakref.finalize(storage, self._drop, where)
        except TypeError:  # a storage that takes no weak reference: the tensor's lifetime it is
            return
        entry[1] += 1

    def _drop(self, where: tuple[int, int]) -> None:
        entry = self._storages.get(where)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] <= 0:
            del self._storages[where]
            self._extent.pop(where, None)
            self.current[where[0]] -= entry[0]
            if ORDER[0].freed(where[1]) and self.on_unsafe_free is not None:
                self.on_unsafe_free()

    def device_of(self, storage: Any) -> torch.device | None:
        """The GPU a storage lives on, if it holds a GPU tensor's data (None: host memory)."""
        with _DisableTorchFunction():
            address = storage.data_ptr()
        if not address:
            return None
        return next(
            (torch.device("cuda", i) for i in range(len(self.current)) if (i, address) in self._storages),
            None,
        )

    def snapshot(self) -> list[dict[str, Any]]:
        """``torch.cuda.memory_snapshot()``: a list of segments with their blocks (CUDACachingAllocator's
        SegmentInfo), one segment per live storage here."""
        segments = []
        for (index, address), (size, _) in sorted(self._storages.items()):
            requested = self._extent.get((index, address), size)
            block = {
                "address": address,
                "size": size,
                "requested_size": requested,
                "state": "active_allocated",
            }
            segments.append(
                {
                    "device": index,
                    "address": address,
                    "total_size": size,
                    "allocated_size": size,
                    "active_size": size,
                    "requested_size": requested,
                    "stream": 0,
                    "segment_type": "small" if size <= 1 << 20 else "large",
                    "blocks": [block],
                }
            )
        return segments

    def holds(self, address: int) -> bool:
        """Whether ``address`` lies in a GPU tensor's memory: on a GPU, a device address the host cannot
        read or write (a raw pointer from ``data_ptr()``)."""
        return any(start <= address < start + size for (_, start), size in self._extent.items() if start)

    def release(self, key: int) -> None:
        where = self._holders.pop(key, None)
        if where is not None:
            self._drop(where)

    def empty_cache(self) -> None:
        for index, current in enumerate(self.current):
            self.reserved[index] = -(-current // self.SEGMENT) * self.SEGMENT

    def reset_peak(self, index: int) -> None:
        for i in range(len(self.current)) if index < 0 else (index,):
            self.peak[i], self.reserved_peak[i] = self.current[i], self.reserved[i]

    def stats(self, index: int) -> dict[str, int]:
        return {
            "allocated_bytes.all.current": self.current[index],
            "allocated_bytes.all.peak": self.peak[index],
            "active_bytes.all.current": self.current[index],
            "active_bytes.all.peak": self.peak[index],
            "reserved_bytes.all.current": self.reserved[index],
            "reserved_bytes.all.peak": self.reserved_peak[index],
            "num_alloc_retries": 0,
            "num_ooms": 0,
        }


class _Node:
    """One operation in the trace of what fed a tensor: where it ran, what it produced, its inputs'."""

    __slots__ = ("device", "weight", "parents")

    def __init__(self, device: bool, weight: int, parents: tuple[_Node, ...]) -> None:
        self.device, self.weight, self.parents = device, weight, parents


def _tensors(value: Any) -> list[torch.Tensor]:
    leaves = leaves_of(value)
    return [leaf for leaf in leaves if isinstance(leaf, torch.Tensor)]


class EmulatedCuda(TorchFunctionMode):
    def __init__(
        self,
        device_count: int = 1,
        *,
        shared_rng: bool = False,
        lenient: bool = False,
        watch: str = "",
        identity: int = 0,
    ) -> None:
        super().__init__()
        self.device_count = device_count
        self.properties = IDENTITIES[identity]  # the GPU model it presents itself as
        self.counters = Counters()
        self._devices: dict[int, torch.device] = {}
        self.memory = Allocator(device_count)
        self.memory.on_unsafe_free = self._unsafe_free
        # What fed each live tensor (see fed): the operation that made it, and its inputs' operations.
        self._nodes: dict[int, _Node] = {}
        self._pinned: set[int] = set()
        # ... and the host memory they hold, by its storage's address: a view of pinned memory is pinned
        self._pinned_memory: set[int] = set()
        self._host_made: set[int] = set()  # host tensors fresh from a constant factory (see factory_copies)
        self._read_back: set[int] = set()  # host tensors holding values read back from a GPU, or made of such
        # Host tensors written by a non_blocking copy from a GPU, with the data they will hold once the
        # device is synchronized: until then they hold garbage (NaN here), as on a real GPU.
        # Each with the stream it was queued on and its place in the order of such copies (COPIES), so that
        # a stream's or an event's synchronize lands only the copies it orders (see settle).
        self._pending: list[tuple[torch.Tensor, torch.Tensor, Any, int]] = []
        # Pinned host memory (its byte range) that a non_blocking copy to a GPU reads until a wait orders
        # the copy, with its stream and place in the order of copies, as for ``_pending``.
        # The tensor is held until then, as CUDA's caching host allocator holds the block until the copy's
        # event completes: its memory is not handed to another tensor meanwhile.
        self._reading: list[tuple[tuple[int, int], Any, int, torch.Tensor]] = []
        # The spans the last wait released, and, for each idle wait that released some, those spans
        # (the tensors only weakly: once one is gone its memory may hold another tensor, no longer guarded)
        self._released: list[tuple[tuple[int, int], Any]] = []
        self._idle_released: list[list[tuple[tuple[int, int], Any]]] = []
        # The process that initialised CUDA (made the first GPU tensor): a fork of it cannot use CUDA.
        self._pid = os.getpid()
        self._initialized = False
        self.autocast: list[torch.dtype | None] = []  # the active ``autocast("cuda")`` dtypes
        self.current = 0  # torch.cuda.current_device()
        self.shared_rng = shared_rng
        self.lenient = lenient
        self.watch = os.path.realpath(watch) if watch else ""
        self.random_sites: list[tuple[int, int]] = []  # lines of ``watch`` that drew random numbers on a GPU
        self.default_device: torch.device | None = None  # torch.set_default_device("cuda")
        # Each GPU's default generator; emulated_api gives them their torch.Generator face.
        self.generators: list[Any] = []
        for index in range(device_count):
            generator = torch.Generator()
            generator.manual_seed(stream_seed(generator.initial_seed(), index))
            self.generators.append(generator)
        self._drawing = False

    @property
    def initialized(self) -> bool:
        """``torch.cuda.is_initialized()``: CUDA starts lazily, at the first GPU tensor, stream or sync."""
        return self._initialized

    @initialized.setter
    def initialized(self, value: bool) -> None:
        self._initialized = bool(value) and os.getpid() == self._pid

    # -- logical devices

    def normalize(self, device: Any) -> torch.device:
        if isinstance(device, int):
            device = torch.device("cuda", device)
        device = torch.device(device) if not isinstance(device, torch.device) else device
        if device.type != "cuda":
            return device
        self.check_process()
        if device.index is None:
            return torch.device("cuda", self.current)
        if not 0 <= device.index < self.device_count:
            raise self.error(
                RuntimeError(
                    "CUDA error: invalid device ordinal\nCUDA kernel errors might be asynchronously"
                    " reported at"
                    " some other API call, so the stacktrace below might be incorrect."
                )
            )
        return device

    def check_process(self) -> None:
        """CUDA in a forked child of a process that initialised it raises (torch.cuda._lazy_init)."""
        if self._initialized and os.getpid() != self._pid:
            raise self.error(
                RuntimeError(
                    "Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing,"
                    " you must use the 'spawn' start method"
                )
            )

    @staticmethod
    def error(exc: BaseException) -> BaseException:
        """``exc``, marked as raised by the emulated GPU's own check (see autofix.harness.origin)."""
        return mark(exc, EMULATOR, "emulated GPU")

    def device_of(self, tensor: torch.Tensor) -> torch.device:
        return self._devices.get(id(tensor), CPU)

    def tag(self, tensor: Any, device: torch.device) -> None:
        if not isinstance(tensor, torch.Tensor):
            return
        key = id(tensor)
        if device.type == "cpu":
            if self._devices.pop(key, None) is not None:
                self.memory.release(key)
            return
        if not self._initialized:
            self._initialized = os.getpid() == self._pid
        self.counters.gpus = max(self.counters.gpus, (device.index or 0) + 1)
        if key not in self._devices:
            weakref.finalize(tensor, self._forget, key)
            self.memory.allocate(key, tensor, device.index or 0)
        self._devices[key] = device

    def _forget(self, key: int) -> None:
        self._devices.pop(key, None)
        self.memory.release(key)

    def tag_all(self, result: Any, device: torch.device) -> None:
        leaves = leaves_of(result)
        for leaf in leaves:
            self.tag(leaf, device)

    # -- the work that feeds the results

    def trace(self, result: Any, device: torch.device, inputs: Any = (), weight: int | None = None) -> None:
        """Record that ``result`` was made on ``device`` from ``inputs``, producing ``weight`` elements of
        work (its own elements by default; 0 for a view or a copy)."""
        made = _tensors(result)
        if not made:
            return
        parents = tuple(
            node for node in (self._nodes.get(id(t)) for t in _tensors(inputs)) if node is not None
        )
        if weight is None:
            weight = sum(t.numel() for t in made)
        node = _Node(device.type != "cpu", weight, parents)
        for tensor in made:
            key = id(tensor)
            if key not in self._nodes:
                weakref.finalize(tensor, self._nodes.pop, key, None)
            self._nodes[key] = node

    def trace_copy(self, result: Any, source: Any) -> None:
        """A copy: no work of its own, but data nobody saw made (a NumPy array, a list, a tensor made out
        of view) came from the host, and counts as host work of its size."""
        if isinstance(source, torch.Tensor) and id(source) in self._nodes:
            self.trace(result, CPU, (source,), weight=0)
        else:
            self.trace(result, CPU, (), weight=sum(t.numel() for t in _tensors(result)))

    def fed(self, results: list[torch.Tensor]) -> dict[str, int]:
        """The elements produced by the operations that fed ``results``, on the device and on the host:
        work that nothing returned (dummy operations, padding) is not in it."""
        seen: set[int] = set()
        stack = [node for node in (self._nodes.get(id(t)) for t in results) if node is not None]
        # A result nobody saw made (another thread's, under DisableTorchFunction) is host work.
        totals = {"device": 0, "host": sum(t.numel() for t in results if id(t) not in self._nodes)}
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            totals["device" if node.device else "host"] += node.weight
            stack.extend(node.parents)
        return totals

    def count_copy(self, source: torch.device, target: torch.device, *, blocking: bool = True) -> None:
        if source == target:
            return
        if source.type == "cpu":
            self.counters.host_to_device += 1
            self.counters.syncs += blocking  # a blocking copy from pageable memory waits for the device
        elif target.type == "cpu":
            self.counters.device_to_host += 1
            self.counters.syncs += blocking
        else:
            self.counters.device_to_device += 1

    def on_stream(self, reads: Any, writes: Any) -> None:
        """One operation on the current stream, reading ``reads`` and writing ``writes`` (tensors): a race
        when it touches memory another stream wrote, unordered (see emulated_api.Order)."""
        order, stream = ORDER[0], _current_stream()
        if stream is _DEFAULT_STREAM and not order.active:
            return
        read_at = [a for a in map(self._address, _tensors(reads)) if a]
        write_at = [a for a in map(self._address, _tensors(writes)) if a]
        if order.access(stream, read_at, write_at):
            self.counters.races += 1
            if not self.counters.race_site:
                self.counters.race_site = _case_line()

    def _unsafe_free(self) -> None:
        """A race on a GPU: memory another stream may still use was freed without ``record_stream``."""
        self.counters.races += 1
        if not self.counters.race_site:
            self.counters.race_site = _case_line()

    def _address(self, tensor: torch.Tensor) -> int:
        if self.device_of(tensor).type == "cpu":
            return 0
        with _DisableTorchFunction():
            try:
                return tensor.untyped_storage().data_ptr()
            except (NotImplementedError, RuntimeError):
                return 0

    def host_waits_for_stream(self) -> None:
        order = ORDER[0]
        if order.active:
            stream = _current_stream()
            order.host_waits({stream: order.tick.get(stream, 0)})

    def read_back(self) -> None:
        self.counters.device_to_host += 1
        self.counters.syncs += 1
        self.settle()

    def settle(self, lands: Callable[[Any, int], bool] | None = None) -> int:
        """The host waited for the device: copies still in flight have landed, all of them, or with
        ``lands`` only those it orders (a stream's own, an event's earlier ones); how many landed."""
        if lands is None:
            self.host_waits_for_stream()
        self._released = []
        if self._reading:
            still = []
            for reading in self._reading:
                if lands is None or lands(reading[1], reading[2]):
                    self._released.append((reading[0], weakref.ref(reading[3])))
                else:
                    still.append(reading)
            self._reading = still
        if not self._pending:
            return 0
        landed: list[tuple[torch.Tensor, torch.Tensor, Any, int]] = []
        kept: list[tuple[torch.Tensor, torch.Tensor, Any, int]] = []
        for entry in self._pending:
            (landed if lands is None or lands(entry[2], entry[3]) else kept).append(entry)
        if not landed:
            return 0
        self._pending = kept
        with _DisableTorchFunction():
            for target, data, _, _ in landed:
                target.copy_(data)
        return len(landed)

    def idle_wait(self) -> None:
        """The last wait landed nothing the host reads: idle, unless the host then writes pinned memory
        whose copy to the GPU it ordered (reusing a staging buffer safely needs that wait)."""
        if self._released:
            self._idle_released.append(self._released)

    def staged(self, source: torch.Tensor) -> None:
        """A non_blocking copy from ``source`` to a GPU: from pinned memory, the device reads it after the
        call returns, until a wait that orders the copy (pageable memory is staged before the call
        returns: CUDA's "Pinned Memory Buffers" notes, and the non_blocking tutorial's warning)."""
        if self.is_pinned(source):
            COPIES[0] += 1
            self._reading.append((_host_span(source), _current_stream(), COPIES[0], source))

    def host_writes(self, tensors: Any) -> None:
        """The host writes ``tensors``: a hazard where a non_blocking copy to a GPU may still read them."""
        if not (self._reading or self._idle_released):
            return
        for tensor in _tensors(tensors):
            if self.device_of(tensor).type != "cpu":
                continue
            low, high = _host_span(tensor)
            guarded = [
                spans
                for spans in self._idle_released
                if any(low < end and start < high and held() is not None for (start, end), held in spans)
            ]
            for spans in guarded:  # the wait that let this write be safe was no idle one
                self._idle_released.remove(spans)
                self.counters.idle_waits -= 1
            if any(low < end and start < high for (start, end), _, _, _ in self._reading):
                self.counters.overwrites += 1
                if not self.counters.overwrite_site:
                    self.counters.overwrite_site = _case_line()
                return

    def queue_copy(self, target: torch.Tensor) -> None:
        """A non_blocking copy from a GPU into ``target``: in flight on the current stream until a wait
        that orders it."""
        COPIES[0] += 1
        self._pending.append((target, target.clone(), _current_stream(), COPIES[0]))

    # -- the interception

    def __torch_function__(self, func, types, args=(), kwargs=None):
        try:
            return self._dispatch(func, args, dict(kwargs or {}))
        except BaseException as exc:  # whoever raised it inside a torch function: torch, unless marked
            mark(exc, TORCH, getattr(func, "__name__", ""))
            raise

    def _dispatch(self, func, args, kwargs):
        descriptor = _descriptor_name(func)
        if descriptor is not None:
            return self._attribute(func, descriptor, args)
        name = getattr(func, "__name__", "")
        handler = self._METHODS.get(name)
        if handler is not None and _is_tensor_method(func, name):
            return handler(self, func, args, kwargs)
        if name in _READ_BACK and args and isinstance(args[0], torch.Tensor):
            device = self.device_of(args[0])
            if device.type == "cpu":
                return func(*args, **kwargs)
            if name in ("__repr__", "__str__"):
                # torch/_tensor_str.py formats a GPU tensor where it is, reading values back one by one
                # (masked_select, a bool per element and per range test, .tolist()): run it under this
                # mode again, so each read is counted as real CUDA counts it, and its suffix names the device.
                with self:
                    return torch._tensor_str._str(args[0], **kwargs)  # Tensor.__repr__'s body
            if name == "__format__" and args[0].dim() != 0:  # f"{x}": str(x), as object.__format__ does
                with self:
                    return object.__format__(args[0], *args[1:])
            self.on_stream(args[0], ())
            self.read_back()
            return func(*args, **kwargs)
        function = self._FUNCTIONS.get(name)
        if function is not None:
            return function(self, func, args, kwargs)
        if name in _METADATA:
            if name == "get_device" and self.device_of(args[0]).type == "cuda":
                return self.device_of(args[0]).index
            if name == "is_pinned":
                return self.is_pinned(args[0]) or func(*args, **kwargs)
            if name == "is_shared" and self.device_of(args[0]).type == "cuda":
                return True  # Tensor.is_shared: "always True for CUDA tensors"

            return func(*args, **kwargs)
        if kwargs.get("device") is None and self.default_device is not None and name in _FACTORIES:
            kwargs["device"] = self.default_device
        if kwargs.get("device") is not None:
            return self._factory(func, name, args, kwargs)
        if kwargs.get("pin_memory"):  # a pinned host tensor: this CPU build has no pinned memory to give
            kwargs["pin_memory"] = False
            return self.pinned(func(*args, **kwargs))
        return self._compute(func, name, args, kwargs)

    def read_back_made(self, tensor: Any) -> None:
        """Mark a host tensor as holding values read back from a GPU (or made from such alone)."""
        if isinstance(tensor, torch.Tensor) and id(tensor) not in self._read_back:
            self._read_back.add(id(tensor))
            weakref.finalize(tensor, self._read_back.discard, id(tensor))

    def host_made(self, tensor: torch.Tensor) -> None:
        """Mark a host tensor as a constant factory's (or made from such alone): see factory_copies."""
        if id(tensor) not in self._host_made:
            self._host_made.add(id(tensor))
            weakref.finalize(tensor, self._host_made.discard, id(tensor))

    def pinned(self, tensor: Any) -> Any:
        """Mark a host tensor pinned (page-locked): ``is_pinned()`` says so; copies from it may be async."""
        if isinstance(tensor, torch.Tensor):
            self._pinned.add(id(tensor))
            weakref.finalize(tensor, self._pinned.discard, id(tensor))
            address = _storage_address(tensor)
            if address:
                self._pinned_memory.add(address)
                weakref.finalize(tensor, self._pinned_memory.discard, address)
        return tensor

    def is_pinned(self, tensor: torch.Tensor) -> bool:
        """Whether ``tensor`` (or the tensor it views) was pinned here."""
        return id(tensor) in self._pinned or _storage_address(tensor) in self._pinned_memory

    def _attribute(self, func, descriptor, args):
        attribute, access = descriptor
        tensor = args[0]
        if access == "__get__" and attribute == "device":
            return self.device_of(tensor)
        if access == "__get__" and attribute == "is_cuda":
            return self.device_of(tensor).type == "cuda"
        if access == "__get__" and attribute == "is_cpu":
            return self.device_of(tensor).type == "cpu"
        if access == "__set__" and attribute == "data":
            # The tensor lets its old storage go and holds args[1]'s from now on: that one is the GPU
            # memory it keeps alive (``untyped_storage().device`` of a moved parameter says cuda).
            device = self.device_of(args[1])  # before the untagging: args[1] may be the tensor itself
            self.tag(tensor, CPU)
            result = func(*args)
            self.tag(tensor, device)
            self.trace(tensor, CPU, (args[1],), weight=0)
            return result
        result = func(*args)
        if access == "__get__" and attribute in ("data", "grad", "T", "mT", "H", "mH", "real", "imag"):
            self.tag(result, self.device_of(tensor))
            if attribute == "grad":  # made by autograd, out of sight: the backward pass's work
                if isinstance(result, torch.Tensor) and id(result) not in self._nodes:
                    self.trace(result, self.device_of(tensor), (tensor,))
            else:
                self.trace(result, CPU, (tensor,), weight=0)
        return result

    def _factory(self, func, name, args, kwargs):
        target = self.normalize(kwargs["device"])
        kwargs["device"] = CPU
        pin = bool(kwargs.get("pin_memory"))
        if pin:
            if target.type != "cpu":  # cuda/EmptyTensor.cpp: empty_cuda
                raise self.error(RuntimeError("Only dense CPU tensors can be pinned"))
            kwargs["pin_memory"] = False
        with self._drawing_on(target, name, args, kwargs):
            result = func(*args, **kwargs)
        if pin and target.type == "cpu":
            self.pinned(result)
        if target.type == "cpu" and name in _CONSTANT_FACTORIES and isinstance(result, torch.Tensor):
            self.host_made(result)
        if name in _FROM_HOST_DATA and args:
            source = self.device_of(args[0]) if isinstance(args[0], torch.Tensor) else CPU
            if source != target:
                if target.type != "cpu":
                    self.count_copy(source, target)
                # Data that crosses devices is copied (as_tensor's docs: memory is shared only where the
                # data already is where asked); here both live in host memory, so ``as_tensor(arr,
                # device="cuda")`` would alias ``arr``, and NumPy's later in-place writes reach it.
                with _DisableTorchFunction():
                    result = _copied(result, args[0])
        if name in _FROM_HOST_DATA and args:
            self.trace_copy(result, args[0])
        else:
            self.trace(result, target, (args, kwargs))
        self.counters.count_work(target, result, name)
        self.tag_all(result, target)
        if target.type != "cpu":
            self.on_stream((), result)
        return result

    # -- random numbers: each GPU draws from its own generator

    @contextlib.contextmanager
    def _drawing_on(self, device, name, args, kwargs):
        """Run a call that may draw random numbers with ``device``'s generator as the default one."""
        if not draws(name, args, kwargs):
            yield
            return
        generator = kwargs.get("generator")
        if generator is not None:
            source = getattr(generator, "device", CPU)
            if source.type != device.type:  # ATen's check_generator
                raise self.error(
                    RuntimeError(
                        f"Expected a '{device.type}' device type for generator but found '{source.type}'"
                    )
                )
        if device.type == "cpu":
            yield
            return
        self.counters.device_random += 1
        self._note_site()
        if generator is not None or self.shared_rng or self._drawing:
            yield
            return
        # The CPU's default generator is the one every CPU kernel draws from: lend it the GPU's state.
        default = torch.default_generator
        own = self.generators[device.index or 0]
        saved = default.get_state()
        default.set_state(torch._C.Generator.get_state(own))  # its MT19937 state, not Philox's face
        self._drawing = True
        try:
            yield
        finally:
            self._drawing = False
            torch._C.Generator.set_state(own, default.get_state())
            default.set_state(saved)

    def _note_site(self) -> None:
        """The line range of ``watch`` (the rewritten file) where the case drew on the GPU, if there."""
        site = call_site(self.watch)
        if site is not None:
            self.random_sites.append(site)

    # Tensor methods with their own handling, looked up by name.
    def _to(self, func, args, kwargs):
        tensor, rest = args[0], args[1:]
        copy = bool(kwargs.pop("copy", False))
        blocking = not kwargs.pop("non_blocking", False)
        if rest and isinstance(rest[0], torch.Tensor):  # .to(other): other's device and dtype
            other = rest[0]
            return self.move(tensor, self.device_of(other), dtype=other.dtype, copy=copy, blocking=blocking)
        if len(rest) > 1 and isinstance(rest[-1], bool):  # .to(device, dtype, non_blocking, copy)
            rest, blocking = rest[:-1], not rest[-1]
        device, dtype, _, memory_format = torch._C._nn._parse_to(*rest, **kwargs)
        target = self.device_of(tensor) if device is None else self.normalize(device)
        return self.move(
            tensor, target, dtype=dtype, copy=copy, blocking=blocking, memory_format=memory_format
        )

    def _cuda(self, func, args, kwargs):
        index = args[1] if len(args) > 1 else kwargs.get("device")
        blocking = not (args[2] if len(args) > 2 else kwargs.get("non_blocking", False))
        target = self.normalize("cuda" if index is None else index)
        if target.type != "cuda":
            raise self.error(RuntimeError(f"Invalid device, must be cuda device, got {target}"))
        return self.move(args[0], target, blocking=blocking)

    def _cpu(self, func, args, kwargs):
        return self.move(args[0], CPU)

    def _numpy(self, func, args, kwargs):
        device = self.device_of(args[0])
        if device.type != "cpu" and kwargs.get("force"):  # t.detach().cpu().resolve_conj()...numpy()
            self.read_back()
            return func(*args, **kwargs)
        if device.type != "cpu":
            raise self.error(
                TypeError(
                    f"can't convert {device} device type tensor to numpy."
                    " Use Tensor.cpu() to copy the tensor to"
                    " host memory first."
                )
            )
        return func(*args, **kwargs)

    def _untyped_storage(self, func, args, kwargs):
        storage = func(*args, **kwargs)
        device = self.device_of(args[0])
        if device.type == "cuda":
            self.memory.hold(device.index or 0, storage)
        return storage

    def _pin_memory(self, func, args, kwargs):
        if id(args[0]) in self._pinned:  # Memory.cpp: an already pinned tensor is returned as it is
            return args[0]
        if self.device_of(args[0]).type != "cpu":
            raise self.error(
                RuntimeError("cannot pin 'torch.cuda.FloatTensor' only dense CPU tensors can be pinned")
            )
        result = self.pinned(args[0].clone())  # a copy in page-locked memory; this CPU build has none to give
        self.trace(result, CPU, (args[0],), weight=0)
        if id(args[0]) in self._host_made:
            self.host_made(result)
        return result

    def _getitem(self, func, args, kwargs):
        target = self.device_of(args[0])
        self._index(target, args[1])
        result = func(*args, **kwargs)
        self.counters.count_work(target, result, "__getitem__")
        self.tag_all(result, target)
        self.trace(result, target, args)
        return result

    def _setitem(self, func, args, kwargs):
        target = self.device_of(args[0])
        self._index(target, args[1])
        value = args[2] if len(args) > 2 else None
        if isinstance(value, torch.Tensor) and not (value.dim() == 0 and self.device_of(value).type == "cpu"):
            source = self.device_of(value)
            if source != target and _advanced(args[1]):  # index_put_: values must be on self's device
                self._mismatch([target, source])
            self.count_copy(source, target)
        if target.type == "cpu":
            self.host_writes(args[0])
        self.counters.count_work(target, args[0], "__setitem__")
        result = func(*args, **kwargs)
        self.trace(args[0], target, args)
        return result

    def _copy_(self, func, args, kwargs):
        blocking = not (args[2] if len(args) > 2 else kwargs.get("non_blocking", False))
        source, target = self.device_of(args[1]), self.device_of(args[0])
        if source == target:
            self.counters.count_work(target, args[0], "copy_")
        if target.type == "cpu":
            self.host_writes(args[0])
        self.count_copy(source, target, blocking=blocking)
        result = func(*args, **kwargs)
        if source == target:
            self.trace(args[0], target, args[:2])
        else:
            self.trace_copy(args[0], args[1])
            if blocking:
                self.settle()
            elif source.type == "cpu":
                self.staged(args[1])
            elif source.type != "cpu" and target.type == "cpu":
                self.queue_copy(args[0])
                _poison(args[0])
        return result

    def _type(self, func, args, kwargs):
        legacy = args[1] if len(args) > 1 else kwargs.get("dtype")
        if legacy is None and self.device_of(args[0]).type == "cuda":  # x.type() names the CUDA type
            return func(*args, **kwargs).replace("torch.", "torch.cuda.", 1)
        if isinstance(legacy, str) and legacy.startswith("torch.") and legacy.endswith("Tensor"):
            legacy = getattr(
                torch.cuda if legacy.startswith("torch.cuda.") else torch, legacy.rsplit(".", 1)[1], legacy
            )
        if isinstance(legacy, torch.dtype):
            # `x.type(torch.float16)`: a dtype keeps x's device (THPVariable_type: only a type string or a
            # legacy class names a device); a conversion where x is
            return self.move(args[0], self.device_of(args[0]), dtype=legacy)
        if not isinstance(getattr(legacy, "is_cuda", None), bool):
            return func(*args, **kwargs)
        # `x.type(torch.cuda.FloatTensor)` (or `torch.FloatTensor`): a dtype conversion and a move.
        target = self.normalize("cuda") if legacy.is_cuda else CPU
        return self.move(args[0], target, dtype=legacy.dtype)

    def _index_put(self, func, args, kwargs):
        """``index_put_``: indices on the host are copied over (ATen's make_info); values must be on self's
        device, but for a host 0-dim tensor, which is copied too."""
        target = self.device_of(args[0])
        indices = args[1] if len(args) > 1 else kwargs.get("indices", ())
        for index in indices or ():
            if isinstance(index, torch.Tensor):
                self._index(target, index)
        value = args[2] if len(args) > 2 else kwargs.get("values")
        if isinstance(value, torch.Tensor) and self.device_of(value) != target:
            if value.dim() == 0 and self.device_of(value).type == "cpu":
                self.count_copy(CPU, target)
            else:
                self._mismatch([target, self.device_of(value)])
        result = func(*args, **kwargs)
        self.counters.count_work(target, result, "index_put_")
        self.tag(result, target)
        self.trace(result, target, (args, kwargs))
        return result

    def _shape_as(self, func, args, kwargs):
        result = func(*args, **kwargs)
        self.tag(result, self.device_of(args[0]))
        self.trace(result, CPU, args[:1], weight=0)
        return result

    def _type_as(self, func, args, kwargs):
        """``x.type_as(other)`` is ``x.to(other.options())``: other's dtype and device, copied if needed."""
        other = args[1] if len(args) > 1 else kwargs["other"]
        return self.move(args[0], self.device_of(other), dtype=other.dtype)

    def _broadcast_tensors(self, func, args, kwargs):
        """Views, each on its own tensor's device: no device check (torch.broadcast_tensors)."""
        inputs = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        results = func(*args, **kwargs)
        for made, given in zip(results, inputs):
            self.tag(made, self.device_of(given))
            self.trace(made, CPU, (given,), weight=0)
        return results

    def _equal(self, func, args, kwargs):
        """``torch.equal``: CUDA's kernel checks the devices itself (its own message, no CPU scalars), then
        reads its answer back: ``eq(a, b).all().item()``, a copy and a sync (aten/.../cuda/Equal.cpp)."""
        first, second = (self.device_of(t) for t in args[:2])
        if first.type == "cpu" and second.type == "cpu":
            return func(*args, **kwargs)
        if first != second:
            if not self.lenient:
                raise self.error(
                    RuntimeError(
                        f"Cannot compare two tensors on different devices. Got: {first} and {second}"
                    )
                )
            self.counters.mismatches += 1
        if args[0].shape == args[1].shape and args[0].numel():
            self.read_back()
        return func(*args, **kwargs)

    def _dlpack(self, func, args, kwargs):
        if args and isinstance(args[0], torch.Tensor) and self.device_of(args[0]).type != "cpu":
            refuse_dlpack()
        return func(*args, **kwargs)

    def _register_hook(self, func, args, kwargs):
        """``tensor.register_hook(hook)``: the hook runs in backward, where autograd calls it outside this
        mode, on a gradient made in C++ (untagged, so it would read as a host tensor). On a GPU the
        gradient is where its tensor is, and the hook's work runs there: both emulated, so a hook that
        mixes a CPU tensor into a GPU gradient fails as on CUDA."""
        tensor, hook = (tuple(args) + (None, None))[:2]
        if not isinstance(tensor, torch.Tensor) or not callable(hook) or self.device_of(tensor).type == "cpu":
            return func(*args, **kwargs)
        return func(tensor, self.in_backward(hook, [self.device_of(tensor)]), *args[2:], **kwargs)

    def in_backward(self, function: Callable[..., Any], devices: list[torch.device | None]) -> Any:
        """``function`` (a hook, a custom Function's backward) as autograd calls it in backward: its
        gradients tagged with ``devices`` in order, run under this mode (unless it is active already)."""
        mode = self

        def on_device(*grads: Any) -> Any:
            for grad, device in zip(grads, devices):
                if device is not None:
                    mode.tag(grad, device)
            if torch._C._len_torch_function_stack():
                return function(*grads)
            with mode:
                return function(*grads)

        on_device.__wrapped__ = function  # type: ignore[attr-defined]
        return on_device

    _FUNCTIONS: dict[str, Callable[..., Any]] = {
        **dict.fromkeys(_INDEX_PUT, _index_put),
        **dict.fromkeys(_SHAPE_OF_OTHER, _shape_as),
        "type_as": _type_as,
        "broadcast_tensors": _broadcast_tensors,
        "equal": _equal,
        "__array__": _numpy,
        "register_hook": _register_hook,
        "__dlpack__": _dlpack,
    }

    _METHODS: dict[str, Callable[..., Any]] = {
        "type": _type,
        "to": _to,
        "cuda": _cuda,
        "cpu": _cpu,
        "numpy": _numpy,
        "pin_memory": _pin_memory,
        "untyped_storage": _untyped_storage,
        "__getitem__": _getitem,
        "__setitem__": _setitem,
        "copy_": _copy_,
    }

    def _index(self, target: torch.device, index: Any) -> None:
        """Indices on the host are copied to the device; a mask on the device is read back (nonzero)."""
        leaves = leaves_of(index if isinstance(index, tuple) else (index,))
        for leaf in leaves:
            if not isinstance(leaf, torch.Tensor):
                continue
            source = self.device_of(leaf)
            if target.type == "cpu" and source.type != "cpu":
                raise self.error(
                    RuntimeError(
                        "indices should be either on cpu or on the same device as the indexed tensor (cpu)"
                    )
                )
            if source.type == "cpu" and target.type != "cpu" and leaf.dim() > 0:
                self.count_copy(source, target, blocking=leaf.dtype != torch.bool)
            elif source == target and target.type != "cpu" and leaf.dtype == torch.bool:
                self.read_back()
            elif source.type != "cpu" and source != target:
                self._mismatch([target, source])

    def move(self, tensor, target, *, dtype=None, copy=False, blocking=True, memory_format=None):
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
            self.count_copy(source, target, blocking=blocking)
            if source.type == "cpu" and id(tensor) in self._host_made:
                self.counters.factory_copies += 1
            if blocking:
                self.settle()
            elif source.type == "cpu":
                self.staged(tensor)
            elif source.type != "cpu" and target.type == "cpu":
                # Queued behind the device's work: the host sees it only after a synchronize. Its output
                # is pinned memory (TensorConversions.cpp, _to_copy: pin_out for a non_blocking D2H).
                self.queue_copy(result)
                with _DisableTorchFunction():
                    _poison(result)
                self.pinned(result)
            self.trace_copy(result, tensor)
            if source.type != "cpu" and target.type == "cpu":
                self.read_back_made(result)
        elif result is not tensor:  # a dtype conversion: work where the tensor is
            self.trace(result, target, (tensor,))
        self.tag(result, target)
        if source.type != "cpu" or target.type != "cpu":
            self.on_stream(tensor, result if result is not tensor else ())
        return result

    def _compute(self, func, name, args, kwargs):
        if (
            name == "fill_"
            and len(args) > 1
            and isinstance(args[1], torch.Tensor)
            and args[1].dim() == 0
            and self.device_of(args[0]).type == "cpu"
            and self.device_of(args[1]).type != "cpu"
        ):
            # A host tensor filled from a GPU 0-dim value: Fill.cpp reads the value with item() (a copy
            # and a sync), where every other mix of a host tensor with a device one raises.
            self.read_back()
            with _DisableTorchFunction():
                number = args[1].item()
            return self._compute(func, name, (args[0], number, *args[2:]), kwargs)
        leaves = leaves_of((args, kwargs))
        tensors = [leaf for leaf in leaves if isinstance(leaf, torch.Tensor)]
        if name in _NUMBER_FACTORIES and tensors and all(t.dim() == 0 for t in tensors):
            # `torch.arange(n)` with n a 0-dim tensor: torch reads n as a number (.item(), on a GPU a copy
            # and a sync) and makes its result on the default device, never on n's (q137).
            for tensor in tensors:
                if self.device_of(tensor).type != "cpu":
                    self.read_back()
            with self._drawing_on(CPU, name, args, kwargs):
                result = func(*args, **kwargs)
            self.counters.count_work(CPU, result, name, args)
            self.trace(result, CPU, ())
            return result
        host = self._host_argument(name, args)
        if host is not None:
            tensors = [t for t in tensors if t is not host]
        devices: list[torch.device] = []
        scalars = []
        for tensor in tensors:
            device = self.device_of(tensor)
            if (
                device.type == "cpu"
                and tensor.dim() == 0
                and len(tensors) > 1
                and name not in _NO_CPU_SCALARS
            ):
                scalars.append(tensor)  # a CPU 0-dim tensor may meet device tensors, as a scalar
                continue
            if device not in devices:
                devices.append(device)
        out = kwargs.get("out")
        if (
            isinstance(out, torch.Tensor)
            and scalars
            and self.device_of(out).type != "cpu"
            and all(t is out or any(t is s for s in scalars) for t in tensors)
        ):  # TensorIterator: CPU scalars are lifted only beside a device input, never for an out= alone
            devices.insert(0, CPU)
        device = self._mismatch(devices) if len(devices) > 1 else (devices[0] if devices else CPU)
        if device.type != "cpu":
            self.check_process()
            _deterministic_only(name, args, kwargs)
            if name in _MATMUL and any(
                not (t.is_floating_point() or t.is_complex()) for t in tensors if t.dim() > 0
            ):
                integral = next(t for t in tensors if not (t.is_floating_point() or t.is_complex()))
                kernel = "bmm_cuda" if name in ("bmm", "baddbmm") else "addmm_cuda"
                type_name = _SCALAR_TYPE_NAMES.get(integral.dtype, str(integral.dtype))
                raise self.error(RuntimeError(f"\"{kernel}\" not implemented for '{type_name}'"))
            if name in _COPIES_CPU_SCALARS:
                for _ in scalars:
                    self.count_copy(CPU, device)
            if (
                name in _DATA_DEPENDENT
                or (name == "where" and len(tensors) == 1)
                or name == "allclose"  # isclose(...).all().item()
                or (name == "repeat_interleave" and len(tensors) > 1 and kwargs.get("output_size") is None)
            ):
                self.read_back()
            if self.autocast and self.autocast[-1] is not None:
                args, kwargs = self._autocast(name, args, kwargs, self.autocast[-1])
            if _tf32_allowed(name):
                args, kwargs = _tf32_inputs(args, kwargs)
        if any(tensor.dtype is torch.float64 for tensor in tensors):
            self.counters.float64_ops += 1
        with self._drawing_on(device, name, args, kwargs):
            result = func(*args, **kwargs)
        if device.type != "cpu" and torch.is_grad_enabled():
            kernel = _nondeterministic_backward(name, args, kwargs)
            if kernel:
                _alert_in_backward(result, kernel)
        # Host work on values read back from the GPU alone (a loop's losses stacked and cast): reading
        # results, not work the host took from the device. Nothing else may enter it (a parameter, an
        # input made on the host): then it is host work.
        read_back = device.type == "cpu" and bool(tensors) and all(id(t) in self._read_back for t in tensors)
        self.counters.count_work(device, result, name, args, read_back=read_back)
        if read_back:
            for made in _tensors(result):
                self.read_back_made(made)
        if device.type != "cpu":
            self.tag_all(result[0] if name in _HOST_SECOND_RESULT else result, device)
            written = [args[0]] if name.endswith("_") and args else []
            if isinstance(kwargs.get("out"), torch.Tensor):
                written.append(kwargs["out"])
            self.on_stream(tensors, (result, written))
        else:
            constant = (name in _CONSTANT_FACTORIES and not tensors) or (
                # made from such tensors alone, on the host (`torch.zeros(n).float()`, `torch.arange(n) * 2`):
                # as constant, and as cheap to make on the device
                tensors and not draws(name, args, kwargs) and all(id(t) in self._host_made for t in tensors)
            )
            if constant and isinstance(result, torch.Tensor):
                self.host_made(result)
            elif not constant and name.endswith("_") and args and isinstance(args[0], torch.Tensor):
                # filled in place with data or random numbers (a layer's `empty` weight initialised)
                self._host_made.discard(id(args[0]))
        if device.type == "cpu" and self._reading:
            self.host_writes(([args[0]] if name.endswith("_") and args else []) + [kwargs.get("out")])
        if name.startswith("_foreach_") and name.endswith("_") and args:  # in place, over a list
            self.trace(args[0], device, tensors)
        else:
            feeding, identity = _feeding(name, args, tensors)
            self.trace(result, device, feeding, weight=0 if name in NO_WORK or identity else None)
        return result

    def _host_argument(self, name, args):
        """The argument of ``name`` that lives on the host beside device tensors (see _HOST_ARGUMENT)."""
        position = _HOST_ARGUMENT.get(name)
        if position is None or len(args) <= position or not isinstance(args[position], torch.Tensor):
            return None
        argument = args[position]
        if name in _HOST_SECOND_RESULT:
            if self.device_of(argument).type != "cpu":  # real CUDA's message, as of PyTorch 2.x
                scalar_type = _SCALAR_TYPE_NAMES.get(argument.dtype, str(argument.dtype))
                raise self.error(
                    RuntimeError(
                        f"'lengths' argument should be a 1D CPU int64 tensor, but got {argument.dim()}D "
                        f"{self.device_of(argument)} {scalar_type} tensor"
                    )
                )
            return argument
        return argument if argument.dtype == torch.int64 and argument.dim() == 1 else None

    def _autocast(self, name, args, kwargs, dtype):
        if name == "binary_cross_entropy":  # autocast_mode.cpp: banned on CUDA, whatever the dtypes
            raise self.error(
                RuntimeError(
                    "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast.\n"
                    "Many models use a sigmoid layer right before the binary cross entropy layer.\n"
                    "In this case, combine the two layers using "
                    "torch.nn.functional.binary_cross_entropy_with_logits\n"
                    "or torch.nn.BCEWithLogitsLoss.  binary_cross_entropy_with_logits and BCEWithLogits are\n"
                    "safe to autocast."
                )
            )
        leaves = leaves_of((args, kwargs))
        if any(isinstance(t, torch.Tensor) and t.dtype == torch.float64 for t in leaves):
            return args, kwargs  # autocast_mode.h is_eligible: float64 operations are not
        if name in AUTOCAST_LOWER:
            cast = dtype
        elif name in AUTOCAST_FLOAT32:
            cast = torch.float32
        else:
            return args, kwargs

        def convert(value: Any) -> Any:
            if isinstance(value, torch.Tensor) and value.is_floating_point() and value.dtype != cast:
                return value.to(cast)
            if isinstance(value, (list, tuple)):
                return type(value)(convert(v) for v in value)
            return value

        return tuple(convert(a) for a in args), {k: convert(v) for k, v in kwargs.items()}

    def _mismatch(self, devices: list[torch.device]) -> torch.device:
        """Raise CUDA's device mismatch; ``lenient``: count it and compute on the (first) GPU instead."""
        first, second = sorted(devices, key=lambda d: (d.type != "cuda", str(d)))[:2]
        if self.lenient:
            self.counters.mismatches += 1
            return first
        raise self.error(
            RuntimeError(
                "Expected all tensors to be on the same device, but found at least two devices,"
                f" {first} and {second}!"
            )
        )


@contextlib.contextmanager
def emulated_cuda(device_count: int = 1, **options: Any) -> Iterator[EmulatedCuda]:
    """Enter the emulation: ``torch.cuda`` reports GPUs and tensors carry logical devices (options: see
    :class:`EmulatedCuda`)."""
    mode = EmulatedCuda(device_count, **options)
    with patched_api(mode), mode:
        yield mode
