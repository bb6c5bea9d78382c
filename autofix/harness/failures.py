"""Which kind of failure an exception is: the judge accepts only the kinds a rule cures as proof.

The kinds are recognised from PyTorch's own messages (and the emulated device's copies of them), and
only when torch's own check (or the emulated GPU's) raised the exception (:mod:`autofix.harness.origin`):
an ``assert``, a ``raise``, ``torch._check(...)``, ``exec``'d code or a generator's ``throw`` in the case is
never one of them, so a case cannot forge the proof by writing "Expected all tensors to be on the same
device".
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path

from autofix.harness.models import (
    DEVICE_MISMATCH,
    DTYPE_MISMATCH,
    ERROR,
    LEGACY_API,
    NEEDS_GPU,
    UNEMULATED,
    Failure,
)
from autofix.harness.origin import TORCH, TRUSTED, is_library, origin_of

# Each pattern must match where torch's message *starts*: torch's messages quote what a case hands them
# (a device string, a class name, a worker's exception), so a match anywhere could be the case's words
# (`x.to("... same device")` raises "Invalid device string: '... same device'").
_DEVICE = re.compile(
    r"Expected all tensors to be on the same device"
    r"|indices should be either on cpu or on the same device|Expected object of device type"
    r"|Tensor for (?:argument #\d+ )?'\w+' is on (?:CPU|cpu|GPU|cuda)"
    r"|Expected tensor for argument #\d+ '\w+' to (?:be on|have the same device)"
    r"|Input and (?:parameter|hidden) tensors are not at the same device"
    r"|expected device cuda:\d+ but got device cpu|expected device cpu but got device cuda"
    r"|Expected a 'cuda' device type for generator|can't convert cuda:\d+ device type tensor to numpy"
    r"|Cannot compare two tensors on different devices"  # torch.equal (aten/src/ATen/native/cuda/Equal.cpp)
    # masked_fill's own check (aten/src/ATen/native/TensorAdvancedIndexing.cpp), seen on an H200: "expected
    # self and mask to be on the same device, but got mask on cpu and self on cuda:0"
    r"|expected \w+ and \w+ to be on the same device",
    re.IGNORECASE,
)
# "Input type (torch.FloatTensor) and weight type (torch.cuda.FloatTensor) should be the same" is a
# device mismatch when exactly one side is a CUDA type, a dtype mismatch otherwise.
_INPUT_WEIGHT = re.compile(r"Input type \((?P<a>[\w.]+)\) and (?:weight|bias) type \((?P<b>[\w.]+)\)")
_DTYPE = re.compile(
    r"expected scalar type|Found dtype \w+ but expected|\w+ and \w+ must have the same dtype"
    r"|expected m1 and m2 to have the same dtype|Expected object of scalar type"
    r"|expected (?:both )?\w+ and \w+ to have the same dtype|Input type \(\w+\) and \w+ type \(\w+\)"
    r"|(?:RNN )?input dtype \([\w.]+\) does not match weight dtype",  # a recurrent layer's
    re.IGNORECASE,
)
_NEEDS_GPU = re.compile(
    r"Torch not compiled with CUDA enabled|No CUDA GPUs are available|Found no NVIDIA driver"
    r"|CUDA driver initialization failed"
    r"|Attempting to deserialize object on a CUDA device but torch\.cuda\.is_available\(\) is False"
    r"|no CUDA-capable device is detected|Cannot initialize CUDA without ATen_cuda library"
    r"|Invalid device, must be cuda device"
    r"|Cannot access accelerator device when none is available",  # `.cuda(0)` on a CPU-only build
    re.IGNORECASE,
)
# A CPU-only build lacks torch._C's CUDA functions; only torch._C's own AttributeError says so (a
# module's "'Linear' object has no attribute '_cuda_setDevice'" is the case's lookup).
_NO_CUDA_ATTRIBUTE = re.compile(r"module 'torch\._C' has no attribute '_cuda_\w+'")


# Indexing a 0-dim tensor, as `loss.data[0]` did when a loss was a vector of one element.
_ZERO_DIM_INDEX = re.compile(r"^invalid index of a 0-dim tensor")
# A 0-dim tensor where pre-0.4 code had a vector of one element: `loss.backward(one)` with a gradient of
# shape (1,), `type(h) == Variable` false for every tensor, which then is iterated, and `target[c]`
# given to a loss as a batch of one.
_ZERO_DIM_LEGACY = re.compile(
    r"^Mismatch in shape: grad_output\[0\] has a shape of torch\.Size\(\[1\]\) and output\[0\] has a shape"
    r" of torch\.Size\(\[\]\)|^iteration over a 0-d tensor"
    r"|^Expected input batch_size \(1\) to match target batch_size \(0\)"
)


def classify(type_name: str, message: str, origin: str = TORCH) -> str:
    """The kind of failure, from the exception's type, message and origin (only torch's or the emulator's
    checks give a kind other than ERROR)."""
    if origin not in TRUSTED:
        return ERROR
    if type_name == "IndexError":
        return LEGACY_API if _ZERO_DIM_INDEX.search(message) else ERROR
    if type_name == "AttributeError":  # a CPU-only build lacks torch._C's CUDA functions
        return NEEDS_GPU if _NO_CUDA_ATTRIBUTE.match(message) else ERROR
    if type_name not in ("RuntimeError", "AssertionError", "TypeError", "ValueError"):
        return ERROR
    if _ZERO_DIM_LEGACY.search(message):
        return LEGACY_API
    pair = _INPUT_WEIGHT.match(message)
    if pair:
        return DEVICE_MISMATCH if ("cuda" in pair["a"]) != ("cuda" in pair["b"]) else DTYPE_MISMATCH
    if _NEEDS_GPU.match(message):
        return NEEDS_GPU
    if _DEVICE.match(message):
        return DEVICE_MISMATCH
    if _DTYPE.match(message):
        return DTYPE_MISMATCH
    return ERROR


def _tensor_key(exc: BaseException) -> bool:
    """A dict looked up with a 0-dim tensor (``index2word[topi[0][0]]``): a Python number before PyTorch
    0.4, a tensor hashed by identity since. The evidence is the key object itself, not a message the
    case could have written."""
    if not isinstance(exc, KeyError) or len(exc.args) != 1:
        return False
    key = exc.args[0]
    kind = type(key)
    return kind.__name__ in ("Tensor", "Parameter") and kind.__module__.startswith("torch") and key.dim() == 0


def failure_of(exc: BaseException) -> Failure:
    """The failure an exception from the case stands for, with where (in the case's code) it surfaced."""
    if type(exc).__name__ == "Unemulated" and type(exc).__module__ == "autofix.harness.emulated_api":
        return Failure(UNEMULATED, "Unemulated", str(exc)[:300], "", "emulated GPU")
    frames = traceback.extract_tb(exc.__traceback__)
    case_frames = [f for f in frames if not is_library(f.filename)]
    where = case_frames[-1] if case_frames else (frames[-1] if frames else None)
    origin = origin_of(exc)
    text = str(exc).strip()
    message = text.splitlines()[0] if text else ""
    kind = LEGACY_API if _tensor_key(exc) else classify(type(exc).__name__, message, origin)
    return Failure(
        kind=kind,
        type=type(exc).__name__,
        message=message[:300],
        where=f"{Path(where.filename).name}:{where.lineno}" if where else "",
        origin=origin,
    )
