"""The emulated GPU against real CUDA, behaviour by behaviour.

Each row is one operation, what real CUDA does with it (per PyTorch's documented semantics, and
checked on an H100 with ``benchmarks/fidelity.py --device cuda``, which runs this same table), and
the host-to-device copies, device-to-host copies and host syncs it costs there (None: not checked).
Copies are counted as CUDA's profiler sees memcpy events and syncs as CUDA's sync debug mode
reports them, so a value read back (``.item()``) is a device-to-host copy and a sync, and a
blocking copy from pageable host memory (``.to("cuda")``) is a copy and a sync.

Every row names, in ``source``, the PyTorch documentation or source that states real CUDA's behaviour.
The rows with ``gpus=1`` up to the autocast rows were run on an H100 (torch 2.11, CUDA 13) and agreed
with this table; issue 29's probe families (in-place and advanced indexing, ``*_as``, generators and
random streams, pinned memory and DataLoader workers, the current device, save/load, repr, NumPy) were
run on an H200 (torch 2.11, CUDA 13.0; ``benchmarks/gpu_check.sh``, 2026-11-26 21:21 UTC, in
``benchmarks/results.md``). That run corrected three rows here (``torch.equal`` reads its answer back;
``repr`` reads values back one at a time) and two emulator gaps (``torch.equal``'s syncs; recurrent
layers on a CUDA build), and its other differences were the benchmark's own (real CUDA run without the
phase's function mode, so CUDA's C++ checks read as plain errors). The rows that need two GPUs, and
the rows added after that run (``torch.equal``/``allclose``, DataParallel replicas, a dict
``map_location``, ``record_stream``, the CUDA build's versions), follow the documented semantics and
have not been run on real hardware yet.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

torch = pytest.importorskip("torch")
nn = torch.nn
F = torch.nn.functional

OK = "ok"
DEVICE_MISMATCH = "device mismatch"


@dataclass(frozen=True)
class Row:
    name: str
    code: Callable[[], Any]
    outcome: str = OK  # "ok", "device mismatch", "dtype mismatch", or "error: <text in the message>"
    h2d: int | None = 0
    d2h: int | None = 0
    syncs: int | None = 0
    gpus: int = 1  # GPUs the row needs on a real machine
    source: str = ""  # where PyTorch's documentation or source states this behaviour


DOCS = "https://docs.pytorch.org/docs/stable/"
SOURCE = "https://github.com/pytorch/pytorch/blob/main/"
CUDA_SEMANTICS = DOCS + "notes/cuda.html"  # "Cross-GPU operations are not allowed by default"
TENSOR_ITERATOR = SOURCE + "aten/src/ATen/TensorIterator.cpp"  # all operands on one device, CPU scalars aside
ADVANCED_INDEXING = SOURCE + "aten/src/ATen/native/TensorAdvancedIndexing.cpp"  # _index_put_impl_, index meta
SYNC_DEBUG = DOCS + "generated/torch.cuda.set_sync_debug_mode.html"
RANDOMNESS = DOCS + "notes/randomness.html"  # CPU and GPU give different numbers for the same seed
GENERATOR_CHECK = SOURCE + "aten/src/ATen/core/Generator.h"  # check_generator: "Expected a 'cuda' device ..."
CUDA_RANDOM = DOCS + "cuda.html#random-number-generator"
PINNED = DOCS + "data.html#memory-pinning"
DATA_PARALLEL = DOCS + "generated/torch.nn.DataParallel.html"
LOAD = DOCS + "generated/torch.load.html"  # storages go back to the device they were saved from
TENSOR_STR = SOURCE + "torch/_tensor_str.py"  # the device suffix of a repr
NUMPY = DOCS + "generated/torch.Tensor.numpy.html"  # only a CPU tensor converts
EQUAL = SOURCE + "aten/src/ATen/native/cuda/Equal.cpp"  # a device check, then eq(...).all().item()


def section(source: str, rows: list[Row]) -> list[Row]:
    """Rows that state no source of their own take the section's."""
    return [row if row.source else replace(row, source=source) for row in rows]


def cuda(*shape: int) -> Any:
    return torch.ones(*shape, device="cuda")


def _default_tensor_type() -> None:
    torch.set_default_tensor_type(torch.cuda.FloatTensor)
    try:
        made = torch.ones(2)
        _assert(made.is_cuda and made.dtype == torch.float32, f"made on {made.device}")
    finally:
        torch.set_default_tensor_type(torch.FloatTensor)


def _memory_snapshot() -> None:
    held = cuda(1000)
    segments = torch.cuda.memory_snapshot()
    _assert(isinstance(segments, list), f"a {type(segments).__name__}")
    _assert(any(s["total_size"] >= held.numel() * 4 for s in segments), "no segment holds the tensor")


def _assert(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)


def _deterministic(run: Callable[[], Any]) -> Callable[[], Any]:
    """``run`` under ``torch.use_deterministic_algorithms(True)``, the switches put back after."""

    def call() -> Any:
        saved = (
            torch.are_deterministic_algorithms_enabled(),
            torch.is_deterministic_algorithms_warn_only_enabled(),
        )
        torch.use_deterministic_algorithms(True)
        try:
            return run()
        finally:
            torch.use_deterministic_algorithms(saved[0], warn_only=saved[1])

    return call


def _hook_mixing_a_cpu_tensor() -> None:
    x = torch.ones(3, device="cuda", requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g * torch.ones(3))
    y.sum().backward()


class _CpuGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: Any) -> Any:
        return x * 2

    @staticmethod
    def backward(ctx: Any, g: Any) -> Any:
        return (g * 2).cpu()


def _custom_function_cpu_grad() -> None:
    _CpuGrad.apply(torch.ones(3, device="cuda", requires_grad=True)).sum().backward()


def _linear_cpu_input() -> None:
    nn.Linear(4, 2, device="cuda")(torch.ones(3, 4))


def _embedding_cpu_0dim() -> None:
    nn.Embedding(5, 2, device="cuda")(torch.tensor(1))


def _packed_gru(lengths: torch.Tensor) -> None:
    from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

    gru = nn.GRU(3, 4, batch_first=True, device="cuda")
    packed = pack_padded_sequence(cuda(2, 5, 3), lengths, batch_first=True)
    out, lengths_out = pad_packed_sequence(gru(packed)[0], batch_first=True)
    _assert(
        out.is_cuda and not lengths_out.is_cuda and not packed.batch_sizes.is_cuda, "packed tensors misplaced"
    )


def _legacy_cuda_constructor_sizes() -> None:
    made = torch.cuda.FloatTensor(2, 3)
    _assert(made.is_cuda and made.shape == (2, 3) and made.dtype == torch.float32, "not a float32 GPU tensor")
    _assert(
        isinstance(made, torch.cuda.FloatTensor) and not isinstance(torch.ones(1), torch.cuda.FloatTensor),
        "isinstance disagrees",
    )
    _assert(made.type() == "torch.cuda.FloatTensor", f"type() is {made.type()}")


def _legacy_cuda_constructor_data() -> None:
    made = torch.cuda.LongTensor([4, 5])
    _assert(made.is_cuda and made.tolist() == [4, 5] and made.dtype == torch.int64, "data not on the GPU")


def _parameter_on_cuda() -> None:
    weight = nn.Parameter(torch.ones(3, device="cuda"))
    _assert(weight.is_cuda and weight.device == torch.device("cuda", 0), "parameter left the device")
    (weight * cuda(3)).sum().backward()
    _assert(weight.grad is not None and weight.grad.is_cuda, "gradient not on the device")


def _module_to_cuda() -> None:
    model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2)).to("cuda")
    _assert(all(p.is_cuda for p in model.parameters()), "a parameter stayed on the CPU")


def _load_map_location() -> None:
    buffer = io.BytesIO()
    torch.save({"w": torch.ones(3)}, buffer)
    buffer.seek(0)
    state = torch.load(buffer, map_location="cuda")
    _assert(state["w"].is_cuda, "loaded tensor is not on the device")


def _pin_memory() -> None:
    pinned = torch.ones(3).pin_memory()
    _assert(pinned.is_pinned() and not pinned.is_cuda, "pin_memory")
    _assert(pinned.to("cuda", non_blocking=True).is_cuda, "non_blocking copy")


def _device_properties() -> None:
    properties = torch.cuda.get_device_properties(0)
    _assert(properties.total_memory > 0 and properties.multi_processor_count > 0, "properties")
    major, minor = torch.cuda.get_device_capability()
    _assert(isinstance(major, int) and isinstance(minor, int), "capability")
    _assert(isinstance(torch.cuda.is_bf16_supported(), bool), "bf16")
    _assert(isinstance(torch.cuda.get_device_name(0), str), "name")


def _accelerator() -> None:
    _assert(torch.accelerator.is_available(), "torch.accelerator.is_available")
    _assert(torch.accelerator.current_accelerator().type == "cuda", "current_accelerator")
    _assert(torch.accelerator.device_count() >= 1, "device_count")


def _event_timing() -> None:
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    cuda(64, 64).matmul(cuda(64, 64))
    end.record()
    end.synchronize()
    _assert(start.elapsed_time(end) >= 0.0, "elapsed_time")


def _streams() -> None:
    side = torch.cuda.Stream()
    x = cuda(8)
    with torch.cuda.stream(side):
        y = x * 2
    torch.cuda.current_stream().wait_stream(side)
    _assert(y.is_cuda, "result of a side stream")


def _clip_grad_norm() -> None:
    model = nn.Linear(4, 2, device="cuda")
    model(cuda(3, 4)).sum().backward()
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)


def _autocast_matmul() -> None:
    with torch.autocast("cuda", dtype=torch.float16):
        out = cuda(4, 4) @ cuda(4, 4)
        soft = torch.softmax(out, dim=-1)
    _assert(out.dtype == torch.float16, f"matmul under autocast gave {out.dtype}")
    _assert(soft.dtype == torch.float32, f"softmax under autocast gave {soft.dtype}")


def _autocast_linear_bf16() -> None:
    with torch.autocast(device_type="cuda", dtype=torch.bfloat16):
        out = nn.Linear(4, 2, device="cuda")(cuda(3, 4))
    _assert(out.dtype == torch.bfloat16, f"linear under autocast gave {out.dtype}")


def _adam_step() -> None:
    model = nn.Linear(4, 2, device="cuda")
    optimizer = torch.optim.Adam(model.parameters())
    model(cuda(3, 4)).sum().backward()
    optimizer.step()


def _optimizer_state_before_move() -> None:
    model = nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters())
    model(torch.ones(2, 4)).sum().backward()
    optimizer.step()
    model.to("cuda")
    model(cuda(2, 4)).sum().backward()
    optimizer.step()


def _grad_scaler() -> None:
    model = nn.Linear(4, 2, device="cuda")
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cuda")
    scaler.scale(model(cuda(3, 4)).sum()).backward()
    scaler.step(optimizer)
    scaler.update()


def _to_other_gpu() -> None:
    cuda(3) + torch.ones(3, device="cuda:1")


def _cuda_string_index() -> None:
    _assert(torch.ones(3).cuda("cuda:1").device == torch.device("cuda", 1), "cuda('cuda:1')")


def _on_device(made: Any, what: str) -> None:
    _assert(isinstance(made, torch.Tensor) and made.is_cuda, f"{what} left the GPU")


def _gpu_draws_its_own_numbers() -> None:
    torch.manual_seed(0)
    on_cpu = torch.randn(8)
    torch.manual_seed(0)
    on_gpu = torch.randn(8, device="cuda")
    _assert(not torch.equal(on_gpu.cpu(), on_cpu), "the GPU drew the CPU's numbers")
    torch.manual_seed(0)
    _assert(torch.equal(torch.randn(8), on_cpu), "a draw on the GPU moved the CPU's stream")


def _cuda_manual_seed_repeats() -> None:
    torch.cuda.manual_seed(3)
    first = torch.rand(4, device="cuda")
    torch.cuda.manual_seed(3)
    _assert(torch.equal(first, torch.rand(4, device="cuda")), "cuda.manual_seed does not repeat the draw")


def _rng_state_round_trip() -> None:
    state = torch.cuda.get_rng_state()
    first = torch.randn(4, device="cuda")
    torch.cuda.set_rng_state(state)
    _assert(torch.equal(first, torch.randn(4, device="cuda")), "set_rng_state does not restore the stream")
    with torch.random.fork_rng(devices=[0]):
        torch.randn(4, device="cuda")
    _assert(isinstance(torch.cuda.initial_seed(), int), "initial_seed")


def _cuda_generator() -> None:
    generator = torch.Generator(device="cuda").manual_seed(5)
    _assert(generator.device.type == "cuda" and isinstance(generator, torch.Generator), "generator device")
    _on_device(torch.randn(3, device="cuda", generator=generator), "randn with a CUDA generator")


def _pinned_factory() -> None:
    pinned = torch.empty(3, pin_memory=True)
    _assert(pinned.is_pinned() and not pinned.is_cuda, "pin_memory=True")
    _on_device(pinned.to("cuda", non_blocking=True), "non_blocking copy")


def _loader_batches(workers: int) -> None:
    data = torch.utils.data.TensorDataset(torch.arange(8.0))
    loader = torch.utils.data.DataLoader(data, batch_size=4, num_workers=workers, pin_memory=True)
    _assert(all(batch.is_pinned() for (batch,) in loader), "a batch was not pinned")


def _data_parallel() -> None:
    model = nn.DataParallel(nn.Linear(3, 2).to("cuda:0"))
    _assert(model(torch.ones(4, 3)).device == torch.device("cuda", 0), "output not on cuda:0")


class _Counting(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.calls = 0

    def forward(self, x: Any) -> Any:
        self.calls += 1  # set on the replica that ran, never on the module DataParallel wraps
        return self.linear(x)


def _data_parallel_replicas() -> None:
    inner = _Counting().cuda()
    out = nn.DataParallel(inner, device_ids=[0, 1])(torch.ones(4, 2))
    _assert(inner.calls == 0, f"the wrapped module counted {inner.calls} calls")
    out.sum().backward()
    _assert(inner.linear.weight.grad is not None and inner.linear.weight.grad.is_cuda, "no gradient back")


def _data_parallel_scalars() -> None:
    class Loss(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.linear = nn.Linear(2, 2)

        def forward(self, x: Any) -> Any:
            return self.linear(x).sum()

    out = nn.DataParallel(Loss().cuda(), device_ids=[0, 1])(torch.ones(4, 2))
    _assert(
        tuple(out.shape) == (2,) and out.device == torch.device("cuda", 0), f"gathered {tuple(out.shape)}"
    )


def _load_map_location_dict_of_other_tags() -> None:
    saved = _saved(torch.ones(2, device="cuda:1"))
    _assert(torch.load(saved, map_location={"cuda:0": "cpu"}).device.index == 1, "an unnamed tag moved")
    saved.seek(0)
    _assert(torch.load(saved, map_location={"cuda:1": "cuda:0"}).device.index == 0, "a named tag stayed")


def _record_stream() -> None:
    side = torch.cuda.Stream()
    x = cuda(4)
    with torch.cuda.stream(side):
        y = x * 2
    _assert(y.record_stream(torch.cuda.current_stream()) is None, "record_stream returned something")


def _cuda_build() -> None:
    _assert(isinstance(torch.version.cuda, str), f"torch.version.cuda is {torch.version.cuda!r}")
    _assert(torch.backends.cudnn.is_available() and isinstance(torch.backends.cudnn.version(), int), "cuDNN")


def _cuda_is_built() -> None:
    _assert(torch.backends.cuda.is_built(), "torch.backends.cuda.is_built() is False")


def _moved_parameter_storage() -> None:
    weight = next(nn.Linear(2, 2).to("cuda").parameters())  # Module.to sets each parameter's .data
    storage = weight.untyped_storage()
    _assert(storage.device == torch.device("cuda", 0) and storage.is_cuda, f"storage on {storage.device}")
    _assert(nn.BatchNorm1d(2).cuda().running_mean.untyped_storage().is_cuda, "a moved buffer's storage")


def _is_cpu() -> None:
    _assert(not cuda(2).is_cpu and torch.ones(2).is_cpu, "is_cpu of a GPU tensor")


def _cuda_rng_state_after_cpu_draw() -> None:
    state = torch.cuda.get_rng_state()
    torch.rand(5)
    _assert(torch.equal(state, torch.cuda.get_rng_state()), "a CPU draw moved the GPU's generator")


def _cuda_array_interface() -> None:
    described = cuda(2, 3).t().__cuda_array_interface__
    _assert(described["shape"] == (3, 2) and described["strides"] == (4, 12), f"described as {described}")
    _assert(not hasattr(torch.ones(2), "__cuda_array_interface__"), "a CPU tensor has a CUDA interface")


def _data_parallel_one_gpu_moves_module() -> None:
    # DataParallel.__init__: with one device id the module is moved there (self.module.to(src_device_obj))
    out = nn.DataParallel(nn.Linear(2, 2), device_ids=[0])(torch.ones(3, 2, device="cuda"))
    _assert(out.device == torch.device("cuda", 0), f"output on {out.device}")


def _data_parallel_module_on_cpu() -> None:
    nn.DataParallel(nn.Linear(2, 2), device_ids=[0, 1])(torch.ones(4, 2, device="cuda"))


def _tf32_matmul() -> None:
    torch.manual_seed(0)
    a, b = torch.randn(64, 64), torch.randn(64, 64)
    try:
        torch.backends.cuda.matmul.allow_tf32 = True
        on_gpu = (a.cuda() @ b.cuda()).cpu()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = False
    exact = a @ b
    error = float((on_gpu - exact).abs().max() / exact.abs().max())
    _assert(1e-5 < error < 1e-2, f"a TF32 matmul differs from float32's by {error:.1e}")


def _scripted_mix() -> None:
    @torch.jit.script
    def add(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return a + b

    try:  # CUDA raises it from the TorchScript interpreter, its message wrapped: looked for inside
        add(cuda(2), torch.ones(2))
    except RuntimeError as exc:
        _assert("same device" in str(exc), str(exc)[:100])
        return
    raise AssertionError("a scripted function mixed devices and ran")


def _traced_output() -> None:
    traced = torch.jit.trace(nn.Linear(2, 2).cuda(), cuda(1, 2))
    _assert(traced(cuda(3, 2)).device == torch.device("cuda", 0), "a traced module's output left the GPU")


def _set_device() -> None:
    try:
        torch.cuda.set_device(1)
        _assert(torch.cuda.current_device() == 1, "current_device")
        _assert(torch.ones(2).cuda().device == torch.device("cuda", 1), ".cuda() after set_device(1)")
        made = torch.zeros(2, device="cuda")
        _assert(made.device == torch.device("cuda", 1), "device='cuda' after set_device(1)")
    finally:
        torch.cuda.set_device(0)


def _device_context() -> None:
    with torch.cuda.device(1):
        made = torch.zeros(2, device="cuda")
        _assert(made.device == torch.device("cuda", 1), "inside torch.cuda.device(1)")
    _assert(torch.cuda.current_device() == 0, "the context did not restore the device")


def _default_device() -> None:
    try:
        torch.set_default_device("cuda")
        _assert(torch.ones(2).device.type == "cuda", "torch.ones after set_default_device('cuda')")
        _assert(nn.Linear(2, 2).weight.is_cuda, "a layer's parameters")
    finally:
        torch.set_default_device(None)


def _saved(tensor: torch.Tensor) -> io.BytesIO:
    buffer = io.BytesIO()
    torch.save(tensor, buffer)
    buffer.seek(0)
    return buffer


def _load_saved_gpu_tensor() -> None:
    _assert(torch.load(_saved(cuda(2))).device == torch.device("cuda", 0), "not restored to cuda:0")


def _load_map_location_function() -> None:
    on_gpu = torch.load(_saved(torch.ones(2)), map_location=lambda storage, location: storage.cuda(0))
    _assert(on_gpu.is_cuda, "storage.cuda(0) in map_location")
    on_cpu = torch.load(_saved(cuda(2)), map_location=lambda storage, location: storage)
    _assert(not on_cpu.is_cuda, "map_location returning the CPU storage")
    _assert(not torch.load(_saved(cuda(2)), map_location={"cuda:0": "cpu"}).is_cuda, "a dict map_location")


def _storage_on_the_device() -> None:
    storage = cuda(2).untyped_storage()
    _assert(storage.device == torch.device("cuda", 0) and storage.is_cuda, f"storage on {storage.device}")


def _pickled_gpu_tensor() -> None:
    import pickle

    back = pickle.loads(pickle.dumps(cuda(2)))
    _assert(back.device == torch.device("cuda", 0), f"unpickled on {back.device}")


def _repr_names_the_device() -> None:
    text = repr(torch.ones(2, dtype=torch.float64, device="cuda"))
    _assert(text == "tensor([1., 1.], device='cuda:0', dtype=torch.float64)", text)


ROWS = [
    # Mixing devices
    *section(
        TENSOR_ITERATOR,
        [
            Row("linear: model on the GPU, input on the CPU", _linear_cpu_input, DEVICE_MISMATCH),
            Row("add: GPU tensor + CPU tensor", lambda: cuda(3) + torch.ones(3), DEVICE_MISMATCH),
            Row("add: GPU tensor + CPU 0-dim tensor (a scalar)", lambda: cuda(3) + torch.tensor(2.0)),
            Row(
                "mul: CPU tensor * GPU 0-dim tensor",
                lambda: torch.ones(3) * torch.tensor(2.0, device="cuda"),
                DEVICE_MISMATCH,
                h2d=1,
                syncs=1,
            ),
            Row(
                "where: GPU condition and tensor, CPU 0-dim other",
                lambda: torch.where(cuda(3) > 0, cuda(3), torch.tensor(0.0)),
                h2d=1,
                syncs=1,
            ),
            Row("matmul: GPU @ CPU", lambda: cuda(2, 2) @ torch.ones(2, 2), DEVICE_MISMATCH),
            Row(
                "stack: GPU 0-dim with CPU 0-dim",
                lambda: torch.stack([torch.tensor(1.0, device="cuda"), torch.tensor(2.0)]),
                DEVICE_MISMATCH,
                h2d=1,
                syncs=1,
            ),
            Row("cat: GPU with CPU", lambda: torch.cat([cuda(2), torch.ones(2)]), DEVICE_MISMATCH),
        ],
    ),
    # Legacy CUDA types (a CPU-only build refuses them outright)
    *section(
        DOCS + "tensors.html",
        [
            Row(
                "torch.cuda.FloatTensor(2, 3): allocated on the GPU; isinstance and type() agree",
                _legacy_cuda_constructor_sizes,
            ),
            Row(
                "torch.cuda.LongTensor([4, 5]): the data copied over",
                _legacy_cuda_constructor_data,
                h2d=1,
                d2h=1,
                syncs=2,
            ),
            Row(
                "torch.cuda.FloatTensor(a CPU tensor) is refused; of a GPU float tensor, an alias",
                lambda: (
                    _assert(torch.cuda.FloatTensor(cuda(2)).is_cuda, "alias")
                    or torch.cuda.FloatTensor(torch.ones(2))
                ),
                "error: expected TensorOptions(dtype=float, device=cuda",
                source=SOURCE + "torch/csrc/utils/tensor_new.cpp",
            ),
            Row(
                "x.type('torch.cuda.FloatTensor'): a conversion and a copy",
                lambda: torch.ones(2).type("torch.cuda.FloatTensor"),
                h2d=1,
                syncs=1,
            ),
            Row(
                "torch.set_default_tensor_type(torch.cuda.FloatTensor): factories make GPU tensors",
                lambda: _default_tensor_type(),
                source=DOCS + "generated/torch.set_default_tensor_type.html",
            ),
            Row(
                "torch.cuda.memory_snapshot(): a list of segments, one holding a live tensor's memory",
                lambda: _memory_snapshot(),
                source=DOCS + "generated/torch.cuda.memory_snapshot.html",
            ),
            Row(
                "x.type(torch.float16) of a GPU tensor: a dtype keeps the device",
                lambda: _assert(cuda(2).type(torch.float16).is_cuda, "on the GPU"),
                source=SOURCE + "tools/autograd/templates/python_variable_methods.cpp",
            ),
        ],
    ),
    # Packed sequences: lengths and batch sizes live on the host (PyTorch requires CPU lengths since 1.7)
    *section(
        DOCS + "generated/torch.nn.utils.rnn.pack_padded_sequence.html",
        [
            Row(
                "pack_padded_sequence + GRU + pad_packed_sequence, CPU lengths",
                lambda: _packed_gru(torch.tensor([5, 3])),
            ),
            Row(
                "pack_padded_sequence, lengths on the GPU",
                lambda: _packed_gru(torch.tensor([5, 3], device="cuda")),
                "error: 'lengths' argument should be a 1D CPU int64 tensor, but got 1D cuda:0 Long tensor",
                h2d=1,
                syncs=1,
            ),
            Row(
                "embedding: GPU table, CPU 0-dim index",
                _embedding_cpu_0dim,
                DEVICE_MISMATCH,
                source=CUDA_SEMANTICS,
            ),
            Row(
                "cross_entropy: GPU logits, CPU labels",
                lambda: F.cross_entropy(cuda(4, 3), torch.zeros(4, dtype=torch.long)),
                DEVICE_MISMATCH,
                source=CUDA_SEMANTICS,
            ),
            Row("add: cuda:0 + cuda:1", _to_other_gpu, DEVICE_MISMATCH, gpus=2, source=CUDA_SEMANTICS),
            Row(
                "device='cuda:7' beyond device_count()",
                lambda: torch.zeros(1, device="cuda:7"),
                "error: invalid device ordinal",
                source=CUDA_SEMANTICS,
            ),
        ],
    ),
    # Indexing
    *section(
        ADVANCED_INDEXING,
        [
            Row(
                "index a GPU tensor with a CPU LongTensor",
                lambda: cuda(5)[torch.tensor([0, 2])],
                h2d=1,
                syncs=1,
            ),
            Row(
                "index a GPU tensor with a CPU bool mask",
                lambda: cuda(3)[torch.tensor([True, False, True])],
                h2d=1,
            ),
            Row(
                "index a GPU tensor with a GPU bool mask (sync)", lambda: cuda(3)[cuda(3) > 0], d2h=1, syncs=1
            ),
            Row(
                "index a CPU tensor with a GPU index",
                lambda: torch.ones(5)[torch.zeros(2, dtype=torch.long, device="cuda")],
                DEVICE_MISMATCH,
            ),
            Row(
                "assign a CPU tensor into a GPU slice",
                lambda: cuda(4).__setitem__(slice(0, 2), torch.zeros(2)),
                h2d=1,
                syncs=1,
            ),
            Row("index a GPU tensor with a Python int", lambda: cuda(5)[1]),
        ],
    ),
    # Syncs
    *section(
        SYNC_DEBUG,
        [
            Row("nonzero of a GPU tensor", lambda: torch.nonzero(cuda(4)), d2h=1, syncs=1),
            Row("unique of a GPU tensor", lambda: torch.unique(cuda(4)), d2h=1, syncs=1),
            Row(
                "masked_select on the GPU", lambda: torch.masked_select(cuda(4), cuda(4) > 0), d2h=1, syncs=1
            ),
            Row(".item() of a GPU tensor", lambda: cuda(1).sum().item(), d2h=1, syncs=1),
            Row(".tolist() of a GPU tensor", lambda: cuda(3).tolist(), d2h=1, syncs=1),
            Row("bool() of a GPU tensor", lambda: bool(cuda(1).sum() > 0), d2h=1, syncs=1),
            Row("float() of a GPU tensor", lambda: float(cuda(1).sum()), d2h=1, syncs=1),
            Row("format a GPU scalar", lambda: f"{cuda(1).sum():.2f}", d2h=1, syncs=1),
            Row(".cpu() of a GPU tensor", lambda: cuda(3).cpu(), d2h=1, syncs=1),
            Row(
                "a non_blocking copy to the host lands in pinned memory",
                lambda: _assert(cuda(3).to("cpu", non_blocking=True).is_pinned(), "pageable"),
                d2h=1,
                source=SOURCE + "aten/src/ATen/native/TensorConversions.cpp",
            ),
            Row(".numpy() of a GPU tensor", lambda: cuda(3).numpy(), DEVICE_MISMATCH),
            Row(".cpu().numpy() of a GPU tensor", lambda: cuda(3).cpu().numpy(), d2h=1, syncs=1),
            Row("clip_grad_norm_ on the GPU", _clip_grad_norm),
            Row("Adam step on the GPU", _adam_step),
            Row("GradScaler step on the GPU", _grad_scaler, d2h=1, syncs=1),
        ],
    ),
    # Moving and making tensors
    *section(
        CUDA_SEMANTICS,
        [
            Row("tensor.to('cuda')", lambda: torch.ones(3).to("cuda"), h2d=1, syncs=1),
            Row("tensor.cuda(non_blocking=True)", lambda: torch.ones(3).cuda(non_blocking=True), h2d=1),
            Row("tensor.cuda('cuda:0')", lambda: torch.ones(3).cuda("cuda:0"), h2d=1, syncs=1),
            Row("tensor.cuda('cuda:1')", _cuda_string_index, h2d=1, syncs=1, gpus=2),
            Row("GPU tensor .to('cuda', copy=True)", lambda: cuda(3).to("cuda", copy=True), h2d=0),
            Row(
                "GPU tensor .to(torch.float64) stays on the GPU",
                lambda: _assert(cuda(3).to(torch.float64).is_cuda, "moved"),
            ),
            Row("torch.zeros(device='cuda'): made there, no copy", lambda: torch.zeros(3, device="cuda")),
            Row("torch.arange(device='cuda')", lambda: torch.arange(5, device="cuda")),
            Row(
                "torch.arange(a GPU 0-dim tensor): the end read back, the result on the CPU",
                lambda: _assert(
                    torch.arange(torch.tensor(4, device="cuda")).device.type == "cpu", "on the GPU"
                ),
                h2d=1,  # torch.tensor(4, device="cuda")
                d2h=1,
                syncs=2,
                source=DOCS + "generated/torch.arange.html",
            ),
            Row(
                "torch.tensor(list, device='cuda'): copied from the host",
                lambda: torch.tensor([1.0, 2.0], device="cuda"),
                h2d=1,
                syncs=1,
            ),
            Row(
                "new_zeros and zeros_like follow the GPU",
                lambda: _assert(
                    cuda(2).new_zeros(3).is_cuda and torch.zeros_like(cuda(2)).is_cuda, "left the device"
                ),
            ),
            Row("Module.to('cuda'): one copy per parameter", _module_to_cuda, h2d=4, syncs=4),
            Row("nn.Parameter(torch.ones(d, device='cuda'))", _parameter_on_cuda),
            Row("torch.load(map_location='cuda')", _load_map_location, h2d=1, syncs=1),
            Row("pin_memory() then to('cuda', non_blocking=True)", _pin_memory, h2d=1),
            Row(
                "optimizer state made on the CPU, model moved after",
                _optimizer_state_before_move,
                DEVICE_MISMATCH,
                h2d=4,
                syncs=4,
            ),
        ],
    ),
    # The torch.cuda API
    *section(
        DOCS + "cuda.html",
        [
            Row("get_device_properties, capability, bf16, name", _device_properties),
            Row("torch.accelerator", _accelerator),
            # Explicit waits for the device are host syncs, counted once each (the real-CUDA counter adds
            # those CUDA's sync debug mode does not report; a stream's it does: c10/cuda/CUDAFunctions.h).
            Row("cuda.Event timing", _event_timing, syncs=1),
            Row("torch.cuda.synchronize(): the host waits", lambda: torch.cuda.synchronize(), syncs=1),
            Row(
                "Stream.synchronize(): the host waits",
                lambda: torch.cuda.current_stream().synchronize(),
                syncs=1,
                source=SOURCE + "c10/cuda/CUDAFunctions.h",
            ),
            Row("cuda.Stream and wait_stream", _streams),
            Row(
                "record_stream of a GPU tensor on a CUDA stream",
                _record_stream,
                source=DOCS + "generated/torch.Tensor.record_stream.html",
            ),
            Row(
                "a CUDA build names its CUDA version; cuDNN is available",
                _cuda_build,
                source=DOCS + "backends.html#torch.backends.cudnn.is_available",
            ),
            Row(
                "a CUDA build says torch.backends.cuda.is_built()",
                _cuda_is_built,
                source=DOCS + "backends.html#torch.backends.cuda.is_built",
            ),
            Row(
                "autocast('cuda', float16): matmul in float16, softmax in float32",
                _autocast_matmul,
                source=DOCS + "amp.html#cuda-ops-that-can-autocast-to-float16",
            ),
            Row(
                "allow_tf32: a float32 matmul on the GPU rounds its inputs to TF32 (Ampere and later)",
                _tf32_matmul,
                h2d=None,
                d2h=None,
                syncs=None,
                source=DOCS + "notes/cuda.html#tensorfloat-32-tf32-on-ampere-and-later-devices",
            ),
            Row(
                "autocast('cuda', bfloat16): linear in bfloat16",
                _autocast_linear_bf16,
                source=DOCS + "amp.html",
            ),
        ],
    ),
]

# Issue 29's probe families, each row with the documentation or source that says what CUDA does.
ROWS += [
    *section(
        TENSOR_ITERATOR,
        [
            Row("add_: GPU tensor += CPU tensor", lambda: cuda(3).add_(torch.ones(3)), DEVICE_MISMATCH),
            Row("mul_: GPU tensor *= CPU 0-dim tensor", lambda: cuda(3).mul_(torch.tensor(2.0))),
            Row(
                "copy_: GPU tensor from a CPU tensor",
                lambda: cuda(3).copy_(torch.zeros(3)),
                h2d=1,
                syncs=1,
                source=CUDA_SEMANTICS,
            ),
        ],
    ),
    *section(
        ADVANCED_INDEXING,
        [
            Row(
                "index_put_: GPU tensor, CPU indices, CPU 0-dim value",
                lambda: cuda(5).index_put_((torch.tensor([0, 2]),), torch.tensor(3.0)),
                h2d=None,
                syncs=None,
            ),
            Row(
                "index_put_: GPU tensor, CPU indices, CPU values",
                lambda: cuda(5).index_put_((torch.tensor([0, 2]),), torch.ones(2)),
                DEVICE_MISMATCH,
                h2d=None,
                syncs=None,
            ),
            Row(
                "x[CPU index] = CPU tensor on a GPU tensor",
                lambda: cuda(5).__setitem__(torch.tensor([0, 2]), torch.ones(2)),
                DEVICE_MISMATCH,
                h2d=None,
                syncs=None,
            ),
            Row(  # its own words on an H200: "expected self and mask to be on the same device, but got ..."
                "masked_fill of a GPU tensor with a CPU mask",
                lambda: cuda(5).masked_fill(torch.tensor([True, False, True, False, False]), 0.0),
                DEVICE_MISMATCH,
            ),
            Row(
                "x[CPU index] = 0.0 on a GPU tensor",
                lambda: cuda(5).__setitem__(torch.tensor([0, 2]), 0.0),
                h2d=None,
                syncs=None,
            ),
        ],
    ),
    *section(
        DOCS + "generated/torch.Tensor.expand_as.html",
        [
            Row(
                "expand_as a CPU tensor",
                lambda: _on_device(cuda(1, 3).expand_as(torch.ones(2, 3)), "expand_as"),
            ),
            Row(
                "view_as a CPU tensor",
                lambda: _on_device(cuda(6).view_as(torch.ones(2, 3)), "view_as"),
                source=DOCS + "generated/torch.Tensor.view_as.html",
            ),
            Row(
                "reshape_as a CPU tensor",
                lambda: _on_device(cuda(6).reshape_as(torch.ones(2, 3)), "reshape_as"),
                source=DOCS + "generated/torch.Tensor.reshape_as.html",
            ),
            Row(
                "torch.arange(n).type_as(GPU tensor): moved and cast",
                lambda: _on_device(torch.arange(3).type_as(cuda(1)), "type_as"),
                h2d=1,
                syncs=1,
                source=DOCS + "generated/torch.Tensor.type_as.html",
            ),
            Row(
                "broadcast_tensors(GPU, CPU): views, each on its own device",
                lambda: _assert(
                    [t.device.type for t in torch.broadcast_tensors(cuda(1, 3), torch.ones(2, 1))]
                    == ["cuda", "cpu"],
                    "devices",
                ),
                source=DOCS + "generated/torch.broadcast_tensors.html",
            ),
        ],
    ),
    *section(
        CUDA_RANDOM,
        [
            Row(
                "torch.Generator(device='cuda') for a GPU draw",
                _cuda_generator,
                source=DOCS + "generated/torch.Generator.html",
            ),
            Row(
                "randn(device='cuda') with a CPU generator",
                lambda: torch.randn(3, device="cuda", generator=torch.Generator()),
                DEVICE_MISMATCH,
                source=GENERATOR_CHECK,
            ),
            Row(
                "multinomial of GPU weights with a CPU generator",
                lambda: torch.multinomial(cuda(4), 2, generator=torch.Generator()),
                DEVICE_MISMATCH,
                source=GENERATOR_CHECK,
            ),
            Row(
                "the GPU draws other numbers than the CPU for one seed",
                _gpu_draws_its_own_numbers,
                d2h=1,
                syncs=1,
                source=RANDOMNESS,
            ),
            # The copy and sync are torch.equal's, which checks the draws: it reads its answer back.
            Row(
                "two GPUs seeded alike draw alike (a Philox stream is its seed and offset)",
                lambda: _assert(
                    torch.equal(torch.rand(4, device="cuda:0").cpu(), torch.rand(4, device="cuda:1").cpu())
                    if torch.manual_seed(7) is not None and torch.cuda.manual_seed_all(7) is None
                    else False,
                    "cuda:0 and cuda:1 drew other numbers",
                ),
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
                source=SOURCE + "aten/src/ATen/cuda/CUDAGeneratorImpl.cpp",
            ),
            Row("torch.cuda.manual_seed repeats the GPU's draws", _cuda_manual_seed_repeats, d2h=1, syncs=1),
            Row("cuda.get_rng_state / set_rng_state / fork_rng", _rng_state_round_trip, d2h=1, syncs=1),
            # CUDAGeneratorImpl::get_state packs the seed and philox_offset_per_thread, which only the
            # GPU's own draws advance: asking twice, or a draw on the CPU, leaves it as it was.
            Row(
                "cuda.get_rng_state unchanged by a CPU draw",
                _cuda_rng_state_after_cpu_draw,
                source=SOURCE + "aten/src/ATen/cuda/CUDAGeneratorImpl.cpp",
            ),
            # check_rng_state: TORCH_CHECK_TYPE(... device().type() == kCPU && dtype() == kByte, ...)
            Row(
                "cuda.set_rng_state with the state on the GPU",
                lambda: torch.cuda.set_rng_state(torch.cuda.get_rng_state().cuda()),
                "error: RNG state must be a torch.ByteTensor",
                h2d=1,
                syncs=1,
                source=GENERATOR_CHECK,
            ),
        ],
    ),
    *section(
        PINNED,
        [
            Row("torch.empty(pin_memory=True) then a non-blocking copy", _pinned_factory, h2d=1),
            Row(
                "DataLoader(pin_memory=True), no workers",
                lambda: _loader_batches(0),
                h2d=None,
                d2h=None,
                syncs=None,
            ),
            Row(
                "DataLoader(pin_memory=True, num_workers=2)",
                lambda: _loader_batches(2),
                h2d=None,
                d2h=None,
                syncs=None,
            ),
        ],
    ),
    *section(
        DATA_PARALLEL,
        [
            Row(
                "DataParallel on one GPU id of a module on the CPU: moved to cuda:0 when wrapped",
                _data_parallel_one_gpu_moves_module,
                h2d=None,
                d2h=None,
                syncs=None,
                source=SOURCE + "torch/nn/parallel/data_parallel.py",  # __init__: module.to(src_device_obj)
            ),
            Row(
                "DataParallel over two GPUs of a module on the CPU",
                _data_parallel_module_on_cpu,
                "error: module must have its parameters and buffers on device cuda:0",
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
                source=SOURCE + "torch/nn/parallel/data_parallel.py",  # forward's device check
            ),
            Row(
                "DataParallel over two GPUs, CPU batch: output on cuda:0",
                _data_parallel,
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
            ),
            Row(
                "DataParallel: an attribute set in forward stays on the replicas; gradients come back",
                _data_parallel_replicas,
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
            ),
            Row(
                "DataParallel: 0-dim outputs of the replicas are gathered into a vector",
                _data_parallel_scalars,
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
            ),
            Row(
                "DataParallel with the module left on the CPU",
                lambda: nn.DataParallel(nn.Linear(3, 2))(torch.ones(4, 3)),
                "error: module must have its parameters and buffers on device cuda:0",
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
            ),
        ],
    ),
    *section(
        DOCS + "generated/torch.cuda.set_device.html",
        [
            Row(
                "set_device(1): current_device, .cuda() and device='cuda' follow",
                _set_device,
                h2d=1,
                syncs=1,
                gpus=2,
            ),
            Row(
                "torch.cuda.device(1) as a context",
                _device_context,
                gpus=2,
                source=DOCS + "generated/torch.cuda.device.html",
            ),
            Row(
                "set_default_device('cuda'): factories and layers made there",
                _default_device,
                source=DOCS + "generated/torch.set_default_device.html",
            ),
        ],
    ),
    *section(
        LOAD,
        [
            Row(
                "torch.load of a saved GPU tensor: back on cuda:0",
                _load_saved_gpu_tensor,
                h2d=None,
                d2h=None,
                syncs=None,
            ),
            Row(
                "torch.load with a dict map_location: tags it does not name stay where they were saved",
                _load_map_location_dict_of_other_tags,
                h2d=None,
                d2h=None,
                syncs=None,
                gpus=2,
            ),
            Row(
                "torch.load with map_location functions and a dict",
                _load_map_location_function,
                h2d=None,
                d2h=None,
                syncs=None,
            ),
        ],
    ),
    *section(
        TENSOR_STR,
        [
            # _tensor_str formats a GPU tensor where it is, reading values back one at a time: for this
            # tensor masked_select, a bool per element and per range test, a format per element, a
            # tolist. 11 on an H200 (torch 2.11, 2026-11-26), not the 1 first written here.
            Row("repr of a GPU tensor names its device", _repr_names_the_device, d2h=11, syncs=11),
            Row(
                "a GPU tensor's storage is on the GPU",
                _storage_on_the_device,
                source=DOCS + "storage.html",
            ),
            Row(
                "a parameter or buffer moved by Module.to: its storage is on the GPU",
                _moved_parameter_storage,
                h2d=None,
                d2h=None,
                syncs=None,
                source=DOCS + "storage.html",
            ),
            Row(
                "is_cpu is False for a GPU tensor",
                _is_cpu,
                h2d=None,
                d2h=None,
                syncs=None,
                source=SOURCE + "c10/core/TensorImpl.h",  # is_cpu(): the device type is kCPU
            ),
            Row(
                "__cuda_array_interface__ of a GPU tensor; a CPU tensor has none",
                _cuda_array_interface,
                h2d=None,
                d2h=None,
                syncs=None,
                source=SOURCE + "torch/_tensor.py",  # Tensor.__cuda_array_interface__
            ),
            Row(
                "storage.tolist() of a GPU tensor reads each byte back",
                lambda: cuda(1).untyped_storage().tolist(),
                d2h=4,
                syncs=4,
                source=SOURCE + "torch/storage.py",
            ),
            Row(
                "pickle of a GPU tensor: back on the GPU",
                _pickled_gpu_tensor,
                h2d=None,
                d2h=None,
                syncs=None,
                source=DOCS + "notes/serialization.html",
            ),
            Row(
                "f-string of a GPU vector is its repr",
                lambda: _assert(f"{cuda(2)}" == "tensor([1., 1.], device='cuda:0')", f"{cuda(2)}"),
                d2h=None,
                syncs=None,
            ),
        ],
    ),
    *section(
        DOCS + "jit.html",
        [
            Row("a scripted function adding a GPU and a CPU vector raises", _scripted_mix),
            Row(
                "a traced module's output is on the GPU",
                _traced_output,
                h2d=None,
                d2h=None,
                syncs=None,
                source=DOCS + "generated/torch.jit.trace.html",
            ),
        ],
    ),
    *section(
        EQUAL,
        [
            Row(
                "torch.equal of two GPU tensors reads its answer back",
                lambda: torch.equal(cuda(3), cuda(3)),
                d2h=1,
                syncs=1,
            ),
            Row(
                "torch.equal of a GPU and a CPU tensor",
                lambda: torch.equal(cuda(3), torch.ones(3)),
                DEVICE_MISMATCH,
            ),
            Row(
                "torch.allclose of two GPU tensors reads its answer back",
                lambda: torch.allclose(cuda(3), cuda(3)),
                d2h=1,
                syncs=1,
                source=SOURCE + "aten/src/ATen/native/TensorCompare.cpp",
            ),
        ],
    ),
    *section(
        # Indices beyond the machine's GPUs (2 on the two-GPU table, 1 on a one-GPU machine).
        SOURCE + "torch/cuda/__init__.py",
        [
            Row(
                "get_device_name of a GPU beyond the machine's",
                lambda: torch.cuda.get_device_name(2),
                "error: Invalid device id",
            ),
            Row(
                "get_device_properties of a GPU beyond the machine's",
                lambda: torch.cuda.get_device_properties(2),
                "error: Invalid device id",
            ),
            Row(
                "synchronize of a GPU beyond the machine's",
                lambda: torch.cuda.synchronize(2),
                "error: invalid device ordinal",
                source=SOURCE + "c10/cuda/CUDAFunctions.cpp",
            ),
            Row(
                "current_stream of a GPU beyond the machine's",
                lambda: torch.cuda.current_stream(2),
                "error: is out of index range",  # an H200's words (torch 2.11): c10's check, not CUDA's
                source=SOURCE + "c10/cuda/CUDAStream.cpp",
            ),
            Row(
                "get_rng_state of a GPU beyond the machine's",
                lambda: torch.cuda.get_rng_state(2),
                "error: tuple index out of range",
                source=SOURCE + "torch/cuda/random.py",
            ),
            Row(
                "DataParallel over GPUs beyond the machine's",
                lambda: nn.DataParallel(nn.Linear(2, 2).cuda(), device_ids=[0, 2]),
                "error: Invalid device id",
                h2d=None,
                syncs=None,
                source=SOURCE + "torch/nn/parallel/data_parallel.py",
            ),
        ],
    ),
    *section(
        SOURCE + "aten/src/ATen/native/Fill.cpp",  # fill_ reads a 0-dim value with item()
        [
            Row(
                "a CPU tensor filled from a GPU 0-dim value",
                lambda: torch.zeros(3).fill_(torch.tensor(2.0, device="cuda")),
                h2d=1,  # torch.tensor(..., device="cuda") copies its value over
                d2h=1,
                syncs=2,
            ),
        ],
    ),
    *section(
        DOCS + "generated/torch.use_deterministic_algorithms.html",  # "will throw a RuntimeError"
        [
            Row(
                "deterministic mode: histc on the GPU",
                _deterministic(lambda: torch.histc(cuda(10))),
                "error: does not have a deterministic implementation",
            ),
            # Listed as raising in the documentation, yet run by an H200 (torch 2.11, 2026-11-27).
            Row(
                "deterministic mode: cumsum of floats on the GPU",
                _deterministic(lambda: torch.cumsum(cuda(10), 0)),
            ),
            Row("deterministic mode: sum on the GPU runs", _deterministic(lambda: cuda(10).sum())),
            Row(
                "deterministic mode: kthvalue on the GPU", _deterministic(lambda: torch.kthvalue(cuda(10), 2))
            ),
        ],
    ),
    *section(
        DOCS + "generated/torch.Tensor.is_shared.html",  # "always True for CUDA tensors"
        [Row("is_shared of a GPU tensor", lambda: _assert(cuda(3).is_shared(), "is_shared"))],
    ),
    *section(
        DOCS + "distributed.html",  # NCCL ships in the binaries built with CUDA
        [Row("a CUDA build has NCCL", lambda: _assert(torch.distributed.is_nccl_available(), "nccl"))],
    ),
    *section(
        SOURCE + "torch/csrc/autograd/engine.cpp",  # validate_outputs; hooks get the GPU's gradient
        [
            Row(
                "a backward hook mixing a CPU tensor into a GPU gradient",
                _hook_mixing_a_cpu_tensor,
                DEVICE_MISMATCH,
                syncs=None,
                d2h=None,
            ),
            Row(
                "a custom Function's backward returning a CPU gradient for a GPU input",
                _custom_function_cpu_grad,
                "error: returned an invalid gradient",
                syncs=None,
                d2h=None,
            ),
        ],
    ),
    *section(
        NUMPY,
        [
            Row("np.asarray of a GPU tensor", lambda: __import__("numpy").asarray(cuda(3)), DEVICE_MISMATCH),
            Row("np.array of a GPU tensor", lambda: __import__("numpy").array(cuda(3)), DEVICE_MISMATCH),
            Row(
                "torch.from_numpy(...).cuda()",
                lambda: torch.from_numpy(__import__("numpy").ones(3)).cuda(),
                h2d=1,
                syncs=1,
            ),
        ],
    ),
]


@dataclass
class Observed:
    outcome: str
    message: str
    h2d: int
    d2h: int
    syncs: int


def observe(row: Row, counting: Callable[[], Any]) -> Observed:
    """Run the row twice (the first warms up lazy initialisation) and count the second run."""
    from autofix.harness.failures import failure_of

    with counting():
        try:
            row.code()
        except Exception:
            pass
    outcome, message = OK, ""
    with counting() as counter:
        try:
            row.code()
        except Exception as exc:  # the row's outcome is what we observe
            failure = failure_of(exc)
            outcome, message = failure.kind, f"{failure.type}: {failure.message}"
    counts = counter if isinstance(counter, dict) else counter.counters.as_dict()
    return Observed(outcome, message, counts["host_to_device"], counts["device_to_host"], counts["syncs"])


def disagreements(row: Row, seen: Observed) -> list[str]:
    problems = []
    if row.outcome.startswith("error: "):
        if seen.outcome != "error" or row.outcome[len("error: ") :] not in seen.message:
            problems.append(f"outcome {seen.outcome} ({seen.message}), expected {row.outcome}")
    elif seen.outcome != row.outcome:
        problems.append(f"outcome {seen.outcome} ({seen.message}), expected {row.outcome}")
    for key in ("h2d", "d2h", "syncs"):
        expected = getattr(row, key)
        if expected is not None and getattr(seen, key) != expected:
            problems.append(f"{key} {getattr(seen, key)}, expected {expected}")
    return problems


def test_the_table_is_large_enough():
    assert len(ROWS) >= 90 and len({r.name for r in ROWS}) == len(ROWS)


def test_every_row_says_where_pytorch_states_it():
    homes = ("https://docs.pytorch.org/", "https://github.com/pytorch/pytorch/")
    assert all(r.source.startswith(homes) for r in ROWS)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_emulation_matches_cuda(row):
    from autofix.harness.emulated_cuda import emulated_cuda

    def counting():
        return emulated_cuda(device_count=2)

    seen = observe(row, counting)
    assert not disagreements(row, seen), disagreements(row, seen)
