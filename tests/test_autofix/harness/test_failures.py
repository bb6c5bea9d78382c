"""Which failures count as the ones a rule cures: recognised from PyTorch's own messages, raised by
torch's own checks (or the emulated GPU's), never by the case."""

from __future__ import annotations

import pytest

from autofix.harness.failures import classify, failure_of
from autofix.harness.models import DEVICE_MISMATCH, DTYPE_MISMATCH, ERROR, LEGACY_API, NEEDS_GPU
from autofix.harness.origin import CASE, EMULATOR, TORCH, UNKNOWN, origin_of

torch = pytest.importorskip("torch")
MISMATCH = "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"


@pytest.mark.parametrize(
    "type_name, message, kind",
    [
        (
            "RuntimeError",
            "Expected all tensors to be on the same device, but found at least two devices",
            DEVICE_MISMATCH,
        ),
        ("RuntimeError", "mat1 and mat2 must have the same dtype, but got Double and Float", DTYPE_MISMATCH),
        (
            "ValueError",
            "RNN input dtype (torch.float64) does not match weight dtype (torch.float32)",
            DTYPE_MISMATCH,
        ),
        ("AssertionError", "Torch not compiled with CUDA enabled", NEEDS_GPU),
        ("RuntimeError", "Cannot access accelerator device when none is available.", NEEDS_GPU),
        (
            "RuntimeError",
            "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend",
            NEEDS_GPU,
        ),
        ("AttributeError", "module 'torch._C' has no attribute '_cuda_setDevice'", NEEDS_GPU),
        ("RuntimeError", "Invalid device, must be cuda device", NEEDS_GPU),
        ("AttributeError", "'NoneType' object has no attribute 'same device'", ERROR),
        ("KeyError", "same device", ERROR),
        ("RuntimeError", "something else went wrong", ERROR),
        ("IndexError", "invalid index of a 0-dim tensor. Use `tensor.item()`", LEGACY_API),
        (
            "RuntimeError",
            "Mismatch in shape: grad_output[0] has a shape of torch.Size([1]) and output[0] has a shape of"
            " torch.Size([]).",
            LEGACY_API,
        ),
        ("TypeError", "iteration over a 0-d tensor", LEGACY_API),
        ("ValueError", "Expected input batch_size (1) to match target batch_size (0).", LEGACY_API),
        ("ValueError", "Expected input batch_size (4) to match target batch_size (2).", ERROR),
    ],
)
def test_kinds(type_name, message, kind):
    assert classify(type_name, message) == kind


def test_a_case_raising_the_message_itself_is_no_proof():
    assert classify("RuntimeError", "Expected all tensors to be on the same device", origin=CASE) == ERROR
    assert classify("RuntimeError", "Expected all tensors to be on the same device", origin=UNKNOWN) == ERROR


def _raised(code: str, mode: str = "recorder") -> BaseException:
    """The exception ``code`` raises, run as a case's code is (under the phase's function mode)."""
    from autofix.harness.emulated_cuda import emulated_cuda
    from autofix.harness.recorder import Recorder

    context = emulated_cuda(2) if mode == "emulated" else Recorder()
    namespace = {"torch": torch, "MISMATCH": MISMATCH}
    with context:
        try:
            exec(compile(code, "case.py", "exec"), namespace)
        except Exception as exc:  # noqa: BLE001 - the exception is what the test looks at
            return exc
    raise AssertionError(f"{code!r} raised nothing")


@pytest.mark.parametrize(
    "code",
    [
        "raise RuntimeError(MISMATCH)",
        "assert False, MISMATCH",
        "exec('raise RuntimeError(MISMATCH)')",
        "torch._check(False, lambda: MISMATCH)",
        "torch._assert(False, MISMATCH)",
        "torch._assert(torch.tensor(False), MISMATCH)",
        "torch._assert_async(torch.tensor(False), MISMATCH)",
        "torch.ops.aten._assert_async.msg(torch.tensor(False), MISMATCH)",
        "g = (i for i in [0]); next(g); g.throw(RuntimeError(MISMATCH))",
        "def inner():\n    raise RuntimeError(MISMATCH)\ninner()",
    ],
)
@pytest.mark.parametrize("mode", ["recorder", "emulated"])
def test_a_mismatch_the_case_raises_is_the_cases(code, mode):
    exc = _raised(code, mode)
    assert origin_of(exc) == CASE
    assert failure_of(exc).kind == ERROR and failure_of(exc).origin == CASE


def test_torchs_own_checks_are_torchs():
    dtype = _raised("torch.nn.Linear(4, 3)(torch.ones(2, 4, dtype=torch.float64))")
    assert origin_of(dtype) == TORCH and failure_of(dtype).kind == DTYPE_MISMATCH
    no_gpu = _raised("torch.ones(2).cuda()")
    assert origin_of(no_gpu) == TORCH and failure_of(no_gpu).kind == NEEDS_GPU


def test_the_emulated_gpus_check_is_marked_as_the_emulators():
    exc = _raised("torch.nn.Linear(4, 3).to('cuda')(torch.ones(2, 4))", mode="emulated")
    assert origin_of(exc) == EMULATOR
    failure = failure_of(exc)
    assert failure.kind == DEVICE_MISMATCH and failure.origin == EMULATOR and failure.where == "case.py:1"
    # The case re-raising torch's own exception keeps its origin; a copy of its message does not.
    mixed = "try:\n    torch.ones(2, device='cuda') + torch.ones(2)\n"
    again = _raised(mixed + "except RuntimeError as e:\n    raise e", mode="emulated")
    assert origin_of(again) == EMULATOR
    copied = _raised(mixed + "except RuntimeError as e:\n    raise RuntimeError(str(e))", mode="emulated")
    assert origin_of(copied) == CASE


@pytest.mark.parametrize(
    "message",
    [
        "Invalid device string: 'Expected all tensors to be on the same device'",
        "Error(s) in loading state_dict for same device:\n\tMissing key(s)",
        "Caught Expected all tensors to be on the same device in DataLoader worker process 0.",
        "Could not run 'x' because 'Torch not compiled with CUDA enabled' was written by the case",
    ],
)
def test_torch_quoting_the_cases_words_is_no_kind(message):
    # torch's messages quote what the case hands them: only the start of a message is torch's own.
    assert classify("RuntimeError", message) == ERROR


def test_only_torch_c_lacking_a_cuda_function_needs_a_gpu():
    assert classify("AttributeError", "'Linear' object has no attribute '_cuda_setDevice'") == ERROR
    assert classify("AttributeError", "module 'torch._C' has no attribute '_cuda_setDevice'") == NEEDS_GPU


def test_a_file_named_like_a_library_is_the_cases(tmp_path):
    # A library is a real folder (torch's, the interpreter's site-packages), not a path component.
    fake = "exec(compile('raise RuntimeError(MISMATCH)', '/opt/vendor/torch/checks.py', 'exec'))"
    assert origin_of(_raised(fake)) == CASE
    helper = tmp_path / "vendor" / "site-packages" / "checks.py"
    helper.parent.mkdir(parents=True)
    helper.write_text("def check(message):\n    raise RuntimeError(message)\n")
    code = f"exec(compile(open({str(helper)!r}).read(), {str(helper)!r}, 'exec'))\ncheck(MISMATCH)"
    exc = _raised(code)
    assert origin_of(exc) == CASE and failure_of(exc).kind == ERROR


@pytest.mark.parametrize("mode", ["recorder", "emulated"])
def test_an_exception_torch_passes_on_is_not_torchs_check(mode):
    code = "f = torch.futures.Future()\nf.set_exception(RuntimeError(MISMATCH))\nf.wait()"
    exc = _raised(code, mode)
    assert origin_of(exc) not in (TORCH, EMULATOR) and failure_of(exc).kind == ERROR


@pytest.mark.parametrize("mode", ["recorder", "emulated"])
def test_a_c_callable_handed_to_apply_raises_the_cases_words(mode):
    """``x.apply_(f)`` calls f from torch's C++: a C function (a ctypes one) raising the mismatch leaves no
    frame of the case's, but its words are the case's, never torch's check."""
    code = (
        "import ctypes, functools\n"
        "set_error = ctypes.PYFUNCTYPE(None, ctypes.py_object, ctypes.c_char_p, ctypes.c_double)("
        "('PyErr_SetString', ctypes.pythonapi))\n"
        "torch.ones(1).apply_(functools.partial(set_error, RuntimeError, MISMATCH.encode()))"
    )
    exc = _raised(code, mode)
    assert str(exc) == MISMATCH
    assert origin_of(exc) not in (TORCH, EMULATOR) and failure_of(exc).kind == ERROR


@pytest.mark.parametrize(
    "code",
    [
        "import gc\ngc.get_objects()",
        "import gc\ngc.get_referrers(torch)",
        "import ctypes\nctypes.pythonapi.PyErr_SetString(ctypes.py_object(RuntimeError), b'x')",
        "import ctypes\nctypes.PYFUNCTYPE(None, ctypes.py_object, ctypes.c_char_p)(('PyErr_SetObject', ctypes.pythonapi))",
    ],
)
def test_doors_around_the_mode_stack_are_closed_while_the_case_runs(code):
    """Round 3's w05 found the emulated GPU's counters with gc.get_objects(); w29 forged torch's mismatch
    from a backward hook with ctypes' PyErr_SetString. Both are refused inside the harness's guard."""
    from autofix.harness.guard import OutOfView, guarded

    with guarded(), pytest.raises(OutOfView):
        exec(compile(code, "case.py", "exec"), {"torch": torch})
    try:  # outside a case's run: allowed (the call itself may raise what it set)
        exec(compile(code, "case.py", "exec"), {"torch": torch})
    except OutOfView:
        raise
    except RuntimeError:
        pass


def test_a_dict_looked_up_with_a_0_dim_tensor_is_the_legacy_api():
    """``index2word[topi[0][0]]``: the key object itself is the evidence, whatever the message says."""
    table = {1: "a"}
    try:
        table[torch.tensor([1])[0]]  # type: ignore[index]
    except KeyError as exc:
        assert failure_of(exc).kind == LEGACY_API
    for key in ("tensor(1)", torch.tensor([1, 2])):  # the case's own words; a tensor of several elements
        try:
            table[key]  # type: ignore[index]
        except KeyError as exc:
            assert failure_of(exc).kind == ERROR
