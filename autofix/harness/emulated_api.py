"""The ``torch.cuda`` API around the emulated GPU: what a program asks of its GPUs besides tensors.

Device queries answer as one H100-like GPU per emulated device would; events and streams exist and
order nothing (the work is synchronous on the CPU); ``torch.accelerator`` names CUDA; ``torch.load``
honours ``map_location="cuda"`` (each tensor read is a host-to-device copy); ``nn.Parameter`` and
``nn.Buffer`` keep their data's device; ``autocast("cuda")`` tells the emulated device which dtype
to cast to; ``torch.Generator(device="cuda")``, ``torch.cuda.manual_seed`` and the RNG state functions
work on each GPU's own generator; ``torch.cuda.set_device`` and ``torch.cuda.device(i)`` choose the
current GPU. Everything is restored on exit.

This module knows the emulated device only through :class:`Device`, what it asks of it: the device
(:mod:`autofix.harness.emulated_cuda`) imports this module, never the other way round.
"""

from __future__ import annotations

import contextlib
import struct
import time
from collections import namedtuple
from collections.abc import Callable, Iterator
from typing import Any, Protocol, cast

import torch

from autofix.harness.disguise import disguised
from autofix.harness.guard import DEVICE_MEMORY
from autofix.harness.leaves import leaves as leaves_of


class Device(Protocol):
    """What the API needs of the emulated device (:class:`autofix.harness.emulated_cuda.EmulatedCuda`)."""

    device_count: int
    current: int
    generators: list[Any]
    counters: Any  # emulated_cuda.Counters
    memory: Any  # the emulated caching allocator (emulated_cuda.Allocator)
    autocast: list[Any]
    default_device: torch.device | None
    properties: Any  # the GPU model it presents (one of IDENTITIES)
    initialized: bool  # torch.cuda.is_initialized()

    def normalize(self, device: Any) -> torch.device: ...

    def device_of(self, tensor: torch.Tensor) -> torch.device: ...

    def tag(self, tensor: Any, device: torch.device) -> None: ...

    def count_copy(self, source: torch.device, target: torch.device, *, blocking: bool = True) -> None: ...

    def error(self, exc: BaseException) -> BaseException: ...

    def pinned(self, tensor: Any) -> Any: ...

    def read_back(self) -> None: ...

    def trace(
        self, result: Any, device: torch.device, inputs: Any = (), weight: int | None = None
    ) -> None: ...


# Held from import: guard.py replaces torch._C.DisableTorchFunction while a case runs.
_DISABLE_TORCH_FUNCTION = torch._C.DisableTorchFunction

# The seed a CUDA generator starts from (c10/core/GeneratorImpl.h: default_rng_seed_val).
DEFAULT_SEED = 67280421310721


def stream_seed(seed: int, index: int) -> int:
    """The MT19937 seed that stands for a GPU's Philox stream under ``seed``: any fixed mixing works, as long
    as the GPU's numbers are not the CPU's (a real GPU's are not). Not the GPU's index: a Philox stream is
    its seed and offset alone, so GPUs seeded alike draw alike (CUDAGeneratorImpl.cpp; q113)."""
    del index
    return (seed * 0x9E3779B97F4A7C15 + 0xD1B54A32D192ED03) % (1 << 64)


# Fields real code reads from torch.cuda.get_device_properties(...).
_Properties = namedtuple(
    "_Properties",
    "name major minor total_memory multi_processor_count is_integrated is_multi_gpu_board"
    " L2_cache_size warp_size max_threads_per_multi_processor uuid",
)
# Named as torch's own type is (torch._C._CudaDeviceProperties), which a case may print or compare.
_Properties.__name__ = _Properties.__qualname__ = "_CudaDeviceProperties"
_Properties.__module__ = "torch._C"
PROPERTIES = _Properties(
    "NVIDIA H100 80GB HBM3",
    *(9, 0, 80 * 1024**3, 132, False, False, 50 * 1024**2, 32, 2048),
    "GPU-5e1f3a2c-9b7d-4c61-8f0e-2a6d9c4b7e13",
)
# The GPUs the emulated machine can present itself as: the first is every run's; a second run of both
# versions as the other, where after asks what GPU it runs on, shows code that works on one model only.
IDENTITIES = (
    PROPERTIES,
    _Properties(
        "NVIDIA A100-SXM4-80GB",
        *(8, 0, 80 * 1024**3, 108, False, False, 40 * 1024**2, 32, 2048),
        "GPU-8a3c6d41-07e2-4b95-a1f3-6c2e9d0b5f78",
    ),
)


def _count(mode: Any) -> int:
    """How many GPUs the emulated machine has, counted as asked: code that asks may behave otherwise on
    a machine with another number (the judge runs it again on one GPU)."""
    mode.counters.count_reads += 1
    return int(mode.device_count)


def _identity(mode: Any) -> Any:
    """The GPU model the emulated machine presents, counted as read (see IDENTITIES)."""
    mode.counters.identity_reads += 1
    return mode.properties


# The toolkit and cuDNN a CUDA build of torch names (torch.version.cuda, torch.backends.cudnn.version()).
CUDA_VERSION, CUDNN_VERSION = "12.8", 91002

# The emulated GPUs in use: a synchronize anywhere lands their copies in flight (see EmulatedCuda.settle).
_ACTIVE: list[Any] = []


def _device_synchronize(*_: Any, **__: Any) -> None:
    """``torch.cuda.synchronize()``: every stream's work is done for the host."""
    ORDER[0].everything_done()
    _settle()


# How many non_blocking copies from a GPU were queued so far: an event recorded after the Nth orders them.
COPIES = [0]


def _query(waitable: Any, lands: Callable[[Any, int], bool]) -> bool:
    """An event's or a stream's ``query()``: "not yet" once while copies ``lands`` orders are in flight
    (an ignored answer lands nothing); asked again, done, as its ``synchronize()`` makes it. The next
    copies get their own "not yet"."""
    if not getattr(waitable, "_asked", False) and any(
        lands(on, order) for mode in _ACTIVE for _, _, on, order in getattr(mode, "_pending", ())
    ):
        waitable._asked = True
        return False
    waitable._asked = False
    waitable.synchronize()
    return True


def _settle(*_: Any, lands: Any = None, **__: Any) -> None:
    """The host waits for the device (``torch.cuda.synchronize()``, a stream's or an event's
    ``synchronize()``): a host sync, counted as one; the copies in flight it orders have landed (with
    ``lands``, a test of a copy's stream and order: a side stream's wait, or an event recorded before
    the copies, lands none of the default stream's later copies). A wait that lands none is idle, unless
    the host then writes pinned memory whose copy to the GPU it ordered (see EmulatedCuda.host_writes)."""
    for mode in _ACTIVE:
        mode.counters.syncs += 1
        mode.counters.waits += 1
        if not mode.settle(lands):
            mode.counters.idle_waits += 1
            mode.idle_wait()


class Unemulated(RuntimeError):
    """The case uses a part of CUDA the emulated GPU does not emulate: its outcome there says nothing of a
    GPU's, and the judge cannot judge it on the emulated device (only ``--device cuda`` can)."""


def _unemulated(name: str, what: str = "CUDA graphs") -> Any:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        # CUDA graphs capture kernels without running them and replay them later, into the same memory:
        # emulating that takes the GPU's asynchrony, which the emulated device has not. Counted too, so a
        # case that catches the error and carries on is not judged on the path a GPU would not take.
        for mode in _ACTIVE:
            mode.counters.unemulated += 1
        raise Unemulated(f"{name} ({what}) is not emulated: cannot judge on the emulated device")

    return refuse


# A GPU tensor handed to another library through DLPack: the capsule names the GPU, and what the consumer
# does with it (NumPy refuses a GPU capsule, CuPy reads it on the device) is the consumer's, out of sight.
refuse_dlpack = _unemulated("Tensor.__dlpack__ of a GPU tensor", "DLPack exchange of GPU memory")


class Order:
    """What CUDA guarantees about the order of work on its streams, as vector clocks: kernels on one stream
    run in order; kernels on two streams run concurrently unless ordered by ``wait_stream``,
    ``wait_event`` or a host sync (https://docs.pytorch.org/docs/stable/notes/cuda.html#cuda-streams:
    "it's up to the user to ensure proper synchronization"). The emulated streams run everything in
    order, so a race cannot change a number here; it is seen instead: an operation that reads (or
    writes) memory another stream wrote, with nothing ordering the two, is a race on a GPU (what
    PyTorch's CUDA sanitizer, torch.cuda._sanitizer, reports). Kept only once a second stream ran an
    operation: until then the default stream orders everything."""

    def __init__(self) -> None:
        self.tick: dict[Any, int] = {}  # operations each stream has run
        self.seen: dict[Any, dict[Any, int]] = {}  # per stream: how far each other stream is done for it
        self.host: dict[Any, int] = {}  # how far each stream is done for the host (its syncs)
        self.writes: dict[int, tuple[Any, int]] = {}  # storage address -> (stream, its tick) that wrote it
        self.active = False
        # For the caching allocator's reuse: each storage's allocation stream, the streams that used it
        # (and the tick of their last use), and those ``record_stream`` named.
        self.born: dict[int, Any] = {}
        self.used: dict[int, dict[Any, int]] = {}
        self.recorded: dict[int, set[Any]] = {}

    def _known(self, stream: Any) -> dict[Any, int]:
        known = self.seen.setdefault(stream, {})
        for other, tick in self.host.items():  # work the host saw finish is before anything it enqueues
            if known.get(other, 0) < tick:
                known[other] = tick
        return known

    def snapshot(self, stream: Any) -> dict[Any, int]:
        return {**self._known(stream), stream: self.tick.get(stream, 0)}

    def wait(self, stream: Any, done: dict[Any, int]) -> None:
        known = self._known(stream)
        for other, tick in done.items():
            known[other] = max(known.get(other, 0), tick)

    def host_waits(self, done: dict[Any, int]) -> None:
        for other, tick in done.items():
            self.host[other] = max(self.host.get(other, 0), tick)

    def everything_done(self) -> None:
        self.host_waits(dict(self.tick))

    def access(self, stream: Any, reads: list[int], writes: list[int]) -> bool:
        """One operation on ``stream`` reading and writing these storages: whether it races."""
        if stream is not _DEFAULT_STREAM:
            self.active = True
        if not self.active:
            return False
        known = self._known(stream)
        race = False
        for address in (*reads, *writes):
            writer = self.writes.get(address)
            if writer is not None and writer[0] is not stream and known.get(writer[0], 0) < writer[1]:
                race = True
        tick = self.tick[stream] = self.tick.get(stream, 0) + 1
        for address in writes:
            self.writes[address] = (stream, tick)
        for address in (*reads, *writes):
            self.used.setdefault(address, {})[stream] = tick
        return race

    def allocated(self, address: int, stream: Any) -> None:
        """New memory for a storage, on ``stream`` (the current one): nothing has used it yet."""
        self.born[address] = stream
        for known in (self.used, self.recorded, self.writes):
            known.pop(address, None)

    def record(self, address: int, stream: Any) -> None:
        self.recorded.setdefault(address, set()).add(stream)

    def freed(self, address: int) -> bool:
        """A storage freed: whether another stream may still be using it. CUDA's caching allocator hands
        freed memory to the next allocation on the storage's own stream at once, so a stream that used
        it with nothing ordering that use before the allocation stream's next work, and no
        ``record_stream`` for it, races the new owner's writes (the CUDA semantics notes, "Memory
        management" under streams: use ``record_stream``)."""
        born = self.born.pop(address, _DEFAULT_STREAM)
        used, recorded = self.used.pop(address, {}), self.recorded.pop(address, set())
        self.writes.pop(address, None)
        if not self.active:
            return False
        known = self._known(born)
        return any(
            other is not born and other not in recorded and known.get(other, 0) < tick
            for other, tick in used.items()
        )


ORDER = [Order()]  # the current emulated machine's (patched_api makes a fresh one)


class Event:
    """A CUDA event on a device that finishes each operation before the next begins."""

    def __init__(
        self, enable_timing: bool = False, blocking: bool = False, interprocess: bool = False
    ) -> None:
        self.enable_timing = enable_timing
        self._time: float | None = None

    def record(self, stream: Any = None) -> None:
        self._time = time.perf_counter()
        self._stream = stream or _current_stream()
        self._copies = COPIES[0]
        self._done = ORDER[0].snapshot(self._stream)

    def wait(self, stream: Any = None) -> None:
        ORDER[0].wait(stream or _current_stream(), getattr(self, "_done", {}))

    def query(self) -> bool:
        # query() never waits: with copies it orders still in flight, a GPU may well answer "not yet", so
        # the first answer is False and they stay in flight (an ignored query() lands nothing); asked
        # again, the work is done: the host learns what a synchronize tells it (a loop polling query() is
        # a host sync in all but name).
        return _query(self, self._lands())

    def _lands(self) -> Callable[[Any, int], bool]:
        """The copies this event orders: those queued on its stream before it was recorded (none, if
        it never was)."""
        stream, copies = getattr(self, "_stream", None), getattr(self, "_copies", 0)
        return lambda on, order: on is stream and order <= copies

    def synchronize(self) -> None:
        ORDER[0].host_waits(getattr(self, "_done", {}))
        _settle(lands=self._lands())

    def elapsed_time(self, end: Event) -> float:
        if not (self.enable_timing and end.enable_timing) or self._time is None or end._time is None:
            raise RuntimeError("Both events must be recorded with enable_timing=True before elapsed_time")
        return (end._time - self._time) * 1000.0


class Stream:
    _handles = iter(range(0x5000, 1 << 40, 0x10))

    def __init__(self, device: Any = None, priority: int = 0, **kwargs: Any) -> None:
        self.device = torch.device("cuda", 0) if device is None else torch.device(device)
        self.priority = priority
        self.cuda_stream = next(Stream._handles)  # a cudaStream_t, as an int

    def wait_stream(self, stream: Stream) -> None:
        ORDER[0].wait(self, ORDER[0].snapshot(stream))

    def wait_event(self, event: Event) -> None:
        event.wait(self)

    def record_event(self, event: Event | None = None) -> Event:
        event = event or Event()
        event.record(self)
        return event

    def synchronize(self) -> None:
        ORDER[0].host_waits({self: ORDER[0].tick.get(self, 0)})
        _settle(lands=lambda on, _: on is self)  # this stream's copies, not another's

    def query(self) -> bool:
        # as Event.query: "not yet" once while this stream's copies are in flight, then done
        return _query(self, lambda on, _: on is self)

    def is_capturing(self) -> bool:
        return False

    def __enter__(self) -> Stream:
        _STREAMS.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _STREAMS.pop()


_DEFAULT_STREAM = Stream()
_DEFAULT_STREAM.cuda_stream = 0  # the legacy default stream's handle
# The current stream, innermost last (``with torch.cuda.stream(s)`` enqueues its kernels on ``s``).
_STREAMS: list[Stream] = [_DEFAULT_STREAM]


@contextlib.contextmanager
def _stream(stream: Any = None) -> Iterator[Any]:
    if stream is None:
        yield stream
        return
    _STREAMS.append(stream)
    try:
        yield stream
    finally:
        _STREAMS.pop()


def _current_stream(device: Any = None) -> Stream:
    return _STREAMS[-1]


class _Accelerator:
    def __init__(self, mode: Device) -> None:
        self.mode = mode

    def patches(self) -> dict[str, Any]:
        return {
            "is_available": lambda: True,
            "current_accelerator": lambda check_available=False: torch.device("cuda"),
            "device_count": lambda: _count(self.mode),
            "current_device_index": lambda: self.mode.current,
            "current_device_idx": lambda: self.mode.current,
            "set_device_index": lambda device: _set_device(self.mode, device),
            "set_device_idx": lambda device: _set_device(self.mode, device),
            "synchronize": _device_synchronize,
            "current_stream": _current_stream,
            "get_device_capability": lambda device=None: {"dtypes": set()},
            "empty_cache": lambda: None,
            "memory_allocated": lambda device=None: _memory(self.mode, device)["allocated_bytes.all.current"],
            "max_memory_allocated": lambda device=None: _memory(self.mode, device)[
                "allocated_bytes.all.peak"
            ],
            "reset_peak_memory_stats": lambda device=None: self.mode.memory.reset_peak(
                _index(self.mode, device)
            ),
        }


def _memory(mode: Device, device: Any) -> dict[str, int]:
    """``torch.cuda.memory_stats``'s main counters for one GPU, from the emulated caching allocator."""
    index = _index(mode, device)
    return mode.memory.stats(mode.current if index < 0 else index)


def _summary(stats: dict[str, int]) -> str:
    rows = [f"|  {key:<40} | {value:>16} |" for key, value in sorted(stats.items())]
    rule = "|" + "=" * 63 + "|"
    title = "|  PyTorch CUDA memory summary (emulated GPU)" + " " * 19 + "|"
    return "\n".join([rule, title, rule, *rows, rule])


def _index(mode: Device, device: Any) -> int:
    """``torch.cuda._get_device_index``: an int, "cuda:1", a torch.device; -1 for None or a negative int."""
    if device is None or (isinstance(device, int) and device < 0):
        return -1
    if isinstance(device, str) and device == "cuda":
        return mode.current
    normal = mode.normalize(device)
    if normal.type != "cuda":
        raise ValueError(f"Expected a cuda device, but got: {device}")
    return normal.index


def _ordinal(mode: Device, device: Any) -> int:
    """The GPU index ``device`` names, unchecked (``_get_device_index(device, optional=True)``): the
    current one for None, a negative int or an indexless "cuda"."""
    if device is None or (isinstance(device, int) and device < 0):
        return mode.current
    if isinstance(device, int):
        return device
    normal = torch.device(device) if not isinstance(device, torch.device) else device
    if normal.type != "cuda":
        raise ValueError(f"Expected a cuda device, but got: {device}")
    return mode.current if normal.index is None else normal.index


def _properties(mode: Device, device: Any = None) -> Any:
    """``torch.cuda.get_device_properties``: an index beyond the machine's GPUs is refused by an assert
    (torch/cuda/__init__.py: ``raise AssertionError("Invalid device id")``), so on one GPU
    ``get_device_name(1)``, ``get_device_capability(1)`` and DataParallel's ``device_ids=[0, 1]``
    (its ``_check_balance`` reads each GPU's properties) raise."""
    index = _ordinal(mode, device)
    if not 0 <= index < mode.device_count:
        raise mode.error(AssertionError("Invalid device id"))
    return _identity(mode)


def _checked(mode: Device, device: Any) -> Any:
    """CUDA's check of a device index where it switches to it or asks for its stream
    (``synchronize(1)``, ``current_stream(1)``): an invalid device ordinal beyond the machine's GPUs."""
    mode.initialized = True
    if device is not None and not (isinstance(device, int) and device < 0):
        mode.normalize(device)
    return None


def _stream_checked(mode: Device, device: Any) -> Any:
    """``current_stream(2)`` on a machine with fewer GPUs: c10's own check of the index, in its words (an
    H200, torch 2.11: "Device index value 2 is out of index range [0, 1)"), before CUDA is asked."""
    mode.initialized = True
    if isinstance(device, int) and device >= mode.device_count:
        raise mode.error(
            RuntimeError(f"Device index value {device} is out of index range [0, {mode.device_count})")
        )
    return _checked(mode, device)


def _set_device(mode: Device, device: Any) -> None:
    mode.initialized = True
    index = _index(mode, device)
    if index >= 0:
        mode.current = index


class _DeviceContext:
    """``torch.cuda.device(i)``: the current GPU is ``i`` inside the block, as before after it."""

    def __init__(self, mode: Device, device: Any) -> None:
        self.mode, self.idx, self.prev_idx = mode, _index(mode, device), -1

    def __enter__(self) -> None:
        self.prev_idx = self.mode.current
        if self.idx >= 0:
            self.mode.current = self.idx

    def __exit__(self, *exc: Any) -> None:
        self.mode.current = self.prev_idx


def _device_class(mode: Device) -> type:
    """``torch.cuda.device``, a class (torch's own code asks ``isinstance(d, torch.cuda.device)``)."""

    class device(_DeviceContext):  # noqa: N801 - torch's name
        def __init__(self, device: Any) -> None:
            super().__init__(mode, device)

    device.__module__ = "torch.cuda"
    return device


def _generator_class(mode: Device) -> type:
    """``torch.Generator``: a CPU one as before; a CUDA one is a CPU MT19937 with its own seed (see
    :func:`stream_seed`) that reports its GPU. ``isinstance(g, torch.Generator)`` holds for both."""
    base = torch._C.Generator

    class _Meta(type(base)):  # type: ignore[misc]
        def __instancecheck__(cls, obj: Any) -> bool:
            return isinstance(obj, base)

        def __subclasscheck__(cls, sub: Any) -> bool:
            return isinstance(sub, type) and issubclass(sub, base)

    class Generator(base, metaclass=_Meta):  # type: ignore[misc, valid-type]
        def __new__(cls, device: Any = "cpu") -> Any:
            made = base.__new__(cls, "cpu")  # type: ignore[call-arg]
            made._device = mode.normalize("cpu" if device is None else device)
            made._seed = DEFAULT_SEED
            if made._device.type == "cuda":
                base.manual_seed(made, stream_seed(DEFAULT_SEED, made._device.index))
            return made

        def __init__(self, device: Any = "cpu") -> None:
            pass

        @property
        def device(self) -> torch.device:
            return self._device

        def manual_seed(self, seed: int) -> Any:
            if self._device.type != "cuda":
                return base.manual_seed(self, seed)
            seed = int(seed)
            self._seed = seed + 0xFFFF_FFFF_FFFF_FFFF if seed < 0 else seed  # torch.manual_seed's remapping
            base.manual_seed(self, stream_seed(self._seed, self._device.index))
            return self

        def initial_seed(self) -> int:
            return self._seed if self._device.type == "cuda" else base.initial_seed(self)

        def get_state(self) -> torch.Tensor:
            """A CUDA generator's state is Philox's: 16 bytes, its seed and an offset. The offset here is a
            token for the MT19937 state kept aside, so set_state restores the very same stream; the same
            state gives the same token, so, as on CUDA, the state moves only when this GPU draws (a draw on
            the CPU, or asking twice, leaves it as it was)."""
            if self._device.type != "cuda":
                return base.get_state(self)
            snapshots = self.__dict__.setdefault("_snapshots", [])
            with torch._C.DisableTorchFunction():
                state = base.get_state(self)
                token = next((i for i, kept in enumerate(snapshots) if torch.equal(kept, state)), None)
            if token is None:
                snapshots.append(state)
                token = len(snapshots) - 1
            packed = struct.pack("<QQ", self._seed % (1 << 64), token)
            return torch.frombuffer(bytearray(packed), dtype=torch.uint8)

        def set_state(self, new_state: torch.Tensor) -> Any:
            if self._device.type != "cuda":
                return base.set_state(self, new_state)
            # Generator.h, check_rng_state (CUDAGeneratorImpl::set_state calls it first): a strided CPU
            # byte tensor, whatever the generator's device; then TORCH_CHECK(... "RNG state is wrong size")
            if (
                not isinstance(new_state, torch.Tensor)
                or new_state.dtype != torch.uint8
                or new_state.layout != torch.strided
                or mode.device_of(new_state).type != "cpu"
            ):
                if not isinstance(new_state, torch.Tensor):
                    raise TypeError("expected a torch.ByteTensor, but got " + type(new_state).__name__)
                raise mode.error(TypeError("RNG state must be a torch.ByteTensor"))
            if new_state.numel() != 16:
                raise mode.error(RuntimeError("RNG state is wrong size"))
            seed, token = struct.unpack("<QQ", bytes(new_state.tolist()))
            snapshots = self.__dict__.get("_snapshots", [])
            self._seed = seed
            if token < len(snapshots):
                base.set_state(self, snapshots[token])
            else:  # an offset this run never handed out: the stream's start
                base.manual_seed(self, stream_seed(seed, self._device.index))
            return self

        def seed(self) -> int:
            if self._device.type != "cuda":
                return base.seed(self)
            fresh = base.seed(base())  # a non-deterministic 64-bit seed, as CUDA's seed() takes one
            self.manual_seed(fresh)
            return fresh

    Generator.__module__, Generator.__qualname__ = "torch", "Generator"
    return Generator


def _rng_patches(mode: Device) -> dict[str, Any]:
    """Seeding and RNG state of each GPU's own generator (torch/cuda/random.py)."""

    def of(device: Any = "cuda") -> Any:
        # torch/cuda/random.py: ``torch.cuda.default_generators[idx]``, one per GPU: an index beyond
        # them is an IndexError, not CUDA's invalid ordinal.
        index = _ordinal(mode, device)
        if not 0 <= index < mode.device_count:
            raise mode.error(IndexError("tuple index out of range"))
        return mode.generators[index]

    def seed_all() -> None:
        fresh = mode.generators[0].seed()
        for generator in mode.generators[1:]:
            generator.manual_seed(fresh)

    def set_all(states: Any) -> None:
        for generator, state in zip(mode.generators, states):
            generator.set_state(state)

    return {
        "manual_seed": lambda seed: (of().manual_seed(seed), None)[1],
        "manual_seed_all": lambda seed: [g.manual_seed(seed) for g in mode.generators] and None,
        "seed": lambda: (of().seed(), None)[1],
        "seed_all": seed_all,
        "initial_seed": lambda: of().initial_seed(),
        "get_rng_state": lambda device="cuda": of(device).get_state().clone(),
        "set_rng_state": lambda new_state, device="cuda": of(device).set_state(new_state),
        "get_rng_state_all": lambda: [g.get_state() for g in mode.generators],
        "set_rng_state_all": set_all,
        "default_generators": tuple(mode.generators),
    }


def _cuda_patches(mode: Device) -> dict[str, Any]:
    return {
        "is_available": lambda: True,
        "device_count": lambda: _count(mode),
        "current_device": lambda: mode.current,
        "set_device": lambda device: _set_device(mode, device),
        "device": _device_class(mode),
        "device_of": lambda obj: _DeviceContext(
            mode, obj.get_device() if mode.device_of(obj).type == "cuda" else -1
        ),
        "synchronize": lambda device=None: _device_synchronize(_checked(mode, device)),
        "CUDAGraph": _unemulated("torch.cuda.CUDAGraph"),
        "graph": _unemulated("torch.cuda.graph"),
        "make_graphed_callables": _unemulated("torch.cuda.make_graphed_callables"),
        "graph_pool_handle": _unemulated("torch.cuda.graph_pool_handle"),
        "get_device_name": lambda device=None: _properties(mode, device).name,
        "get_device_properties": lambda device=None: _properties(mode, device),
        "get_device_capability": lambda device=None: (
            _properties(mode, device).major,
            _properties(mode, device).minor,
        ),
        "is_bf16_supported": lambda including_emulation=True: True,
        # CUDA starts lazily: False until something needs the device (a tensor there, a stream, init()).
        "is_initialized": lambda: mode.initialized,
        "init": lambda: setattr(mode, "initialized", True),
        "empty_cache": lambda: mode.memory.empty_cache(),
        "mem_get_info": lambda device=None: (
            mode.properties.total_memory - _memory(mode, device)["reserved_bytes.all.current"],
            mode.properties.total_memory,
        ),
        "memory_allocated": lambda device=None: _memory(mode, device)["allocated_bytes.all.current"],
        "max_memory_allocated": lambda device=None: _memory(mode, device)["allocated_bytes.all.peak"],
        "memory_reserved": lambda device=None: _memory(mode, device)["reserved_bytes.all.current"],
        "max_memory_reserved": lambda device=None: _memory(mode, device)["reserved_bytes.all.peak"],
        "memory_stats": lambda device=None: _memory(mode, device),
        "memory_snapshot": lambda *args, **kwargs: mode.memory.snapshot(),
        "memory_summary": lambda device=None, abbreviated=False: _summary(_memory(mode, device)),
        "reset_peak_memory_stats": lambda device=None: mode.memory.reset_peak(_index(mode, device)),
        "Event": Event,
        "Stream": Stream,
        "stream": _stream,
        "current_stream": lambda device=None: _current_stream(_stream_checked(mode, device)),
        "default_stream": lambda device=None: _checked(mode, device) or _DEFAULT_STREAM,
        "is_current_stream_capturing": lambda: False,
    }


def _on_device(map_location: Any) -> torch.device | None:
    """The device ``map_location`` puts tensors on, when that is a CUDA device."""
    if isinstance(map_location, (str, torch.device)) and torch.device(map_location).type == "cuda":
        return torch.device(map_location)
    return None


def _device_keeping_variable(mode: Device) -> type:
    """``Variable(t)`` makes a new tensor object without a torch function call the mode would see;
    this stand-in gives the new tensor ``t``'s logical device, as a real GPU would."""
    legacy = torch.autograd.variable.Variable  # type: ignore[attr-defined]  # the module, not the function

    class Variable(legacy):  # type: ignore[misc, valid-type]
        def __new__(cls, *args: Any, **kwargs: Any) -> Any:
            made = legacy(*args, **kwargs)
            data = args[0] if args else kwargs.get("data")
            if isinstance(data, torch.Tensor):
                mode.tag(made, mode.device_of(data))
            return made

    return Variable


_LEGACY_TYPES = (
    "FloatTensor",
    "DoubleTensor",
    "HalfTensor",
    "BFloat16Tensor",
    "ByteTensor",
    "CharTensor",
    "ShortTensor",
    "IntTensor",
    "LongTensor",
    "BoolTensor",
)


def _c10_name(dtype: torch.dtype) -> str:
    """A dtype as c10 prints it in TensorOptions: float, double, long int, ..."""
    names = {torch.float32: "float", torch.float64: "double", torch.int64: "long int", torch.int32: "int"}
    return names.get(dtype, str(dtype).removeprefix("torch."))


class _LegacyCudaType(type):
    """``torch.cuda.FloatTensor`` and kin, which a CPU-only build refuses to call: calling one makes a
    device tensor (data given is copied over, a size is allocated there), ``isinstance`` asks dtype
    and device, and ``x.type(torch.cuda.FloatTensor)`` reads ``is_cuda`` and ``dtype`` as on the real type."""

    is_cuda = True
    dtype: torch.dtype
    _cpu_type: Any
    _mode: Device

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        target = cls._mode.normalize("cuda")
        if len(args) == 1 and not kwargs and isinstance(args[0], torch.Tensor):
            # tensor_new.cpp, legacy_tensor_ctor: a tensor of this very type is aliased, any other refused
            other = args[0]
            where = cls._mode.device_of(other)
            if other.dtype != cls.dtype or where.type != "cuda":
                wanted, got = _c10_name(cls.dtype), _c10_name(other.dtype)
                raise cls._mode.error(
                    TypeError(
                        f"expected TensorOptions(dtype={wanted}, device={target}, layout=Strided)"
                        f" (got TensorOptions(dtype={got}, device={where}, layout=Strided))"
                    )
                )
            alias = other.view_as(other)
            cls._mode.tag(alias, where)
            return alias
        made = cls._cpu_type(*args, **kwargs)
        size = (all(isinstance(a, int) for a in args) and not kwargs) or (
            len(args) == 1 and isinstance(args[0], torch.Size)
        )
        if not size:  # data is copied over; a size is allocated on the device
            cls._mode.count_copy(torch.device("cpu"), target)
        cls._mode.tag(made, target)
        return made

    def __instancecheck__(cls, obj: Any) -> bool:
        return (
            isinstance(obj, torch.Tensor)
            and obj.dtype == cls.dtype
            and cls._mode.device_of(obj).type == "cuda"
        )


def _legacy_cuda_types(mode: Device) -> dict[str, Any]:
    types = {}
    for name in _LEGACY_TYPES:
        cpu_type = getattr(torch, name, None)
        if cpu_type is not None:
            types[name] = _LegacyCudaType(
                name,
                (),
                {"dtype": cpu_type.dtype, "_cpu_type": cpu_type, "_mode": mode, "__module__": "torch.cuda"},
            )
    return types


@contextlib.contextmanager
def patched_api(mode: Device) -> Iterator[None]:
    saved: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, value: Any) -> None:
        original = getattr(owner, name, None)
        # Put back as the owner held it: a class's own entry raw (a staticmethod ``__new__`` stays one).
        raw = vars(owner).get(name, original) if isinstance(owner, type) else original
        saved.append((owner, name, raw))
        # Looking like torch's own to introspection: a case must not tell the emulator by asking.
        if isinstance(value, staticmethod):
            value = staticmethod(disguised(original, value.__func__))
        else:
            value = disguised(original, value)
        setattr(owner, name, value)

    generator = _generator_class(mode)
    mode.generators = [generator(f"cuda:{i}") for i in range(mode.device_count)]
    patch(torch, "Generator", generator)
    for name, value in {**_cuda_patches(mode), **_rng_patches(mode), **_legacy_cuda_types(mode)}.items():
        patch(torch.cuda, name, value)
    if hasattr(torch, "accelerator"):
        for name, value in _Accelerator(mode).patches().items():
            patch(torch.accelerator, name, value)

    _patch_serialization(mode, patch)
    _patch_storage(mode, patch)
    _patch_default_device(mode, patch)
    _patch_parallel(mode, patch)
    variable = _device_keeping_variable(mode)
    patch(torch.autograd, "Variable", variable)
    patch(torch.autograd.variable, "Variable", variable)
    patch(torch._C, "_group_tensors_by_device_and_dtype", _grouping(mode))
    for cls in (torch.nn.Parameter, getattr(torch.nn, "Buffer", None)):
        if cls is not None:
            patch(cls, "__new__", _keeping_device(mode, cls.__new__))
    _patch_autocast(mode, patch)
    _patch_custom_functions(mode, patch, saved)
    # What a CUDA build reports of itself (no code path of this CPU build depends on it but cuDNN's,
    # which is_acceptable below keeps closed).
    patch(torch.version, "cuda", CUDA_VERSION)
    patch(torch.backends.cudnn, "is_available", lambda: True)
    patch(torch.backends.cudnn, "version", lambda: CUDNN_VERSION)
    patch(torch.backends.cuda, "is_built", lambda: True)
    # A CUDA build ships NCCL (https://pytorch.org/docs/stable/distributed.html); its collectives are
    # not emulated (a process group of one with the nccl backend still fails here).
    import torch.distributed as distributed

    if hasattr(distributed, "is_nccl_available"):
        patch(distributed, "is_nccl_available", lambda: True)
    # A CUDA build's recurrent layers flatten their weights with cuDNN when a weight is a GPU tensor
    # with cuDNN present (nn.RNNBase.flatten_parameters): an emulated GPU tensor's data is a CPU
    # tensor, which cuDNN's kernels refuse ("'aten::_cudnn_rnn_flatten_weight' ... 'CPU' backend").
    # No tensor here is one cuDNN can take; a CPU-only build says the same (no cuDNN at all).
    patch(torch.backends.cudnn, "is_acceptable", lambda tensor: False)
    patch(torch.Tensor, "record_stream", _record_stream(mode, torch.Tensor.record_stream))
    # TorchScript runs its operations in C++, where no function mode sees them: a scripted function
    # mixing devices would run, a traced module's output would be untagged. torch.jit.script and
    # trace give the Python code back (torch's own switch, PYTORCH_JIT=0), which runs here as on CUDA.
    import torch.jit._state as jit_state

    patch(jit_state._enabled, "enabled", False)
    _ACTIVE.append(mode)
    DEVICE_MEMORY.append(mode.memory.holds)
    ORDER[0] = Order()
    try:
        yield
    finally:
        _ACTIVE.remove(mode)
        DEVICE_MEMORY.remove(mode.memory.holds)
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


def _patch_storage(mode: Device, patch: Any) -> None:
    """A GPU tensor's storage is on the GPU: ``untyped_storage().device`` (and ``is_cuda``) say so, and
    reading it from the host is a copy and a sync per read, as CUDA's (``storage[i]``, ``tolist()``,
    which reads element by element, ``cpu()``); ``clone()`` copies in host memory, which is all there
    is here. The storage's GPU is the emulated allocator's record of it (see Allocator.device_of)."""
    untyped = torch.UntypedStorage
    device_getter = untyped.device.__get__
    getitem, cpu = untyped.__getitem__, untyped.cpu

    def on(storage: Any) -> torch.device | None:
        return mode.memory.device_of(storage)

    def device(self: Any) -> torch.device:
        return on(self) or device_getter(self)

    def getitem_(self: Any, *args: Any, **kwargs: Any) -> Any:
        if on(self) is not None:
            mode.read_back()
        return getitem(self, *args, **kwargs)

    def cpu_(self: Any) -> Any:
        if on(self) is None:
            return cpu(self)
        mode.read_back()
        return untyped(self.nbytes()).copy_(self, False)

    def clone(self: Any) -> Any:
        return untyped(self.nbytes()).copy_(self)

    original_interface = torch.Tensor.__cuda_array_interface__

    def cuda_array_interface(self: torch.Tensor) -> dict[str, Any]:
        # torch's own property asks is_cuda with torch functions off, where every tensor is a CPU one:
        # a GPU tensor describes itself as on CUDA (torch/_tensor.py), a CPU one raises AttributeError.
        if mode.device_of(self).type != "cuda":
            return original_interface.__get__(self)
        with torch._C.DisableTorchFunction():
            if self.is_sparse:
                raise AttributeError(f"Can't get __cuda_array_interface__ on sparse type: {self.type()}")
            if self.requires_grad:
                raise RuntimeError("Can't get __cuda_array_interface__ on Variable that requires grad.")
            itemsize = self.element_size()
            strides = None if self.is_contiguous() else tuple(s * itemsize for s in self.stride())
            data = (self.data_ptr() if self.numel() > 0 else 0, False)
            typestr = torch._tensor._dtype_to_typestr(self.dtype)
            return {
                "typestr": typestr,
                "shape": tuple(self.shape),
                "strides": strides,
                "data": data,
                "version": 2,
            }

    patch(torch.Tensor, "__cuda_array_interface__", property(cuda_array_interface))
    patch(untyped, "device", property(device))
    patch(untyped, "__getitem__", getitem_)
    patch(untyped, "cpu", cpu_)
    patch(untyped, "clone", clone)


def _record_stream(mode: Device, original: Any) -> Any:
    """``x.record_stream(s)`` tells CUDA's caching allocator that stream ``s`` uses x's memory; the emulated
    streams order nothing (the work is synchronous), so there is nothing to record. torch's argument
    parser refuses an emulated stream before any function mode sees the call, hence a patch."""

    def record_stream(self: torch.Tensor, stream: Any) -> None:
        if not isinstance(stream, Stream):
            return original(self, stream)
        if mode.device_of(self).type != "cuda":
            # aten::record_stream has a CUDA kernel only (RecordStream.cu): the dispatcher's refusal
            raise mode.error(
                NotImplementedError(
                    "Could not run 'aten::record_stream' with arguments from the 'CPU' backend."
                )
            )
        with _DISABLE_TORCH_FUNCTION():
            ORDER[0].record(self.untyped_storage().data_ptr(), stream)
        return None

    return record_stream


def _tensors(value: Any) -> list[torch.Tensor]:
    """The tensors in a saved or loaded object: containers' leaves, a module's state."""
    if isinstance(value, torch.nn.Module):
        value = value.state_dict()
    leaves = leaves_of(value)
    found = []
    for leaf in leaves:
        if isinstance(leaf, torch.Tensor):
            found.append(leaf)
        elif isinstance(leaf, torch.nn.Module):
            found.extend(leaf.state_dict().values())
    return found


def _patch_serialization(mode: Device, patch: Any) -> None:
    """``torch.save`` of a GPU tensor records its GPU (the storage's location tag, "cuda:0"), and
    ``torch.load`` puts it back there unless ``map_location`` says otherwise (a device, a dict, or a
    function of (storage, location) that may call ``storage.cuda(i)``): torch.load's documented rules."""
    import torch.serialization as serialization

    original_load, original_save, original_tag = torch.load, torch.save, serialization.location_tag
    saving: dict[int, str] = {}  # storage address -> location tag, while a save runs

    def location_tag(storage: Any) -> str:
        return saving.get(storage.data_ptr()) or original_tag(storage)

    def save(obj: Any, f: Any, *args: Any, **kwargs: Any) -> Any:
        for tensor in _tensors(obj):
            device = mode.device_of(tensor)
            if device.type == "cuda":
                saving[tensor.untyped_storage().data_ptr()] = str(device)
        try:
            return original_save(obj, f, *args, **kwargs)
        finally:
            saving.clear()

    def load(f: Any, map_location: Any = None, *args: Any, **kwargs: Any) -> Any:
        target = _on_device(map_location)  # map_location="cuda": every storage goes there
        # A dict renames the location tags it names; the others stay where they were saved from.
        renamed = {str(k): str(v) for k, v in map_location.items()} if isinstance(map_location, dict) else {}
        if target is None and map_location is not None and not callable(map_location) and not renamed:
            return _read(mode, original_load(f, map_location, *args, **kwargs))
        placed: dict[int, str] = {}  # storage address -> the GPU it is restored to

        def restore(storage: Any, location: str) -> Any:
            location = renamed.get(location, location)
            if target is not None:
                chosen: tuple[Any, str | None] | None = (storage, str(target))
            elif callable(map_location):
                chosen = _call_map_location(map_location, storage, location)
            else:
                chosen = None
            if chosen is None:  # the default: back where it was saved from
                chosen = (storage, location if location.startswith("cuda") else None)
            restored, device = chosen
            if device is not None:
                placed[restored.data_ptr()] = device
                # A storage pickled on its own (a pickled tensor's) is rebuilt on its storage's device.
                mode.memory.adopt(mode.normalize(device).index or 0, restored)
            return restored

        return _read(mode, _placed(mode, placed, original_load(f, restore, *args, **kwargs)))

    patch(serialization, "location_tag", location_tag)
    patch(torch, "save", save)
    patch(torch, "load", load)


def _call_map_location(map_location: Any, storage: Any, location: str) -> tuple[Any, str | None] | None:
    """The user's ``map_location(storage, location)``, with ``storage.cuda(i)`` recorded, not refused."""
    requested: list[str] = []
    untyped = torch.UntypedStorage
    original_cuda = untyped.cuda

    def cuda(self: Any, device: Any = None, non_blocking: bool = False) -> Any:
        if isinstance(device, int) or device is None:
            index = device
        else:
            index = torch.device(device).index
        requested.append(f"cuda:{index or 0}")
        return self

    untyped.cuda = cuda  # type: ignore[method-assign]
    try:
        result = map_location(storage, location)
    finally:
        untyped.cuda = original_cuda  # type: ignore[method-assign]
    if result is None:
        return None
    return result, (requested[-1] if requested else None)


def _read(mode: Device, loaded: Any) -> Any:
    """Tensors read from a file are data nobody computed here: for the work that feeds a result, host
    work of their size (a result read back from a file an earlier run wrote is no device work)."""
    for tensor in _tensors(loaded):
        mode.trace(tensor, torch.device("cpu"), (), weight=tensor.numel())
    return loaded


def _placed(mode: Device, placed: dict[int, str], loaded: Any) -> Any:
    """Give the loaded tensors whose storages go to a GPU that GPU: one host-to-device copy per storage."""
    copied: set[int] = set()
    for tensor in _tensors(loaded):
        address = tensor.untyped_storage().data_ptr()
        location = placed.get(address)
        if location is None:
            continue
        device = mode.normalize(location)
        if address not in copied:
            copied.add(address)
            mode.count_copy(torch.device("cpu"), device)
        mode.tag(tensor, device)
    return loaded


def _patch_default_device(mode: Device, patch: Any) -> None:
    """``torch.set_default_device("cuda")``: factories given no device make their tensors on the GPU."""
    original_set, original_get = torch.set_default_device, torch.get_default_device

    def set_default_device(device: Any) -> None:
        target = None if device is None else mode.normalize(device)
        mode.default_device = target if target is not None and target.type == "cuda" else None
        if mode.default_device is None:
            original_set(device)

    def get_default_device() -> torch.device:
        return mode.default_device or original_get()

    patch(torch, "set_default_device", set_default_device)
    patch(torch, "get_default_device", get_default_device)
    original_type = torch.set_default_tensor_type

    def set_default_tensor_type(t: Any) -> None:
        """``torch.set_default_tensor_type(torch.cuda.FloatTensor)`` (deprecated, still there): the dtype
        and the device of the factories given neither (torch/csrc/tensor/python_tensor.cpp,
        set_default_tensor_type). torch's C++ refuses the emulated CUDA classes, so they are read here."""
        name = t if isinstance(t, str) else f"{getattr(t, '__module__', '')}.{getattr(t, '__name__', '')}"
        if not name.startswith("torch.cuda."):
            mode.default_device = None
            return original_type(t)
        cpu_name = name.replace("torch.cuda.", "torch.", 1)
        original_type(cpu_name)
        mode.default_device = mode.normalize("cuda")
        return None

    patch(torch, "set_default_tensor_type", set_default_tensor_type)


def _patch_custom_functions(mode: Device, patch: Any, saved: list[tuple[Any, str, Any]]) -> None:
    """A custom ``torch.autograd.Function``'s backward as on a GPU: autograd calls it outside the function
    mode, with gradients made in C++ (untagged: host tensors to the emulator). Its forward records the
    devices of its inputs and outputs on its node; its backward then gets gradients on the outputs'
    devices, runs under the mode, and must return each input's gradient on that input's device, or
    raises as autograd's ``validate_outputs`` does on CUDA ("returned an invalid gradient at index 0 -
    expected device cuda:0 but got cpu")."""
    from torch.autograd import function as autograd

    raw = vars(autograd.Function)["apply"]  # a classmethod
    forward = raw.__func__
    backward = autograd.BackwardCFunction.apply

    def apply(cls: Any, *args: Any, **kwargs: Any) -> Any:
        outputs = forward(cls, *args, **kwargs)
        results = outputs if isinstance(outputs, tuple) else (outputs,)
        node = next(
            (o.grad_fn for o in results if isinstance(o, torch.Tensor) and o.grad_fn is not None), None
        )
        if isinstance(node, autograd.BackwardCFunction):
            devices = (
                [mode.device_of(a) if isinstance(a, torch.Tensor) else None for a in args],
                [mode.device_of(o) if isinstance(o, torch.Tensor) else None for o in results],
            )
            with contextlib.suppress(AttributeError, TypeError):
                node._emulated_devices = devices
        return outputs

    def backward_apply(self: Any, *grads: Any) -> Any:
        devices = getattr(self, "_emulated_devices", None)
        if devices is None:
            return backward(self, *grads)
        inputs, outputs = devices
        result = cast(Any, mode).in_backward(lambda *g: backward(self, *g), outputs)(*grads)
        grads_out = result if isinstance(result, tuple) else (result,)
        for index, (grad, device) in enumerate(zip(grads_out, inputs)):
            if isinstance(grad, torch.Tensor) and device is not None and mode.device_of(grad) != device:
                raise mode.error(
                    RuntimeError(
                        f"Function {type(self).__name__} returned an invalid gradient at index {index} -"
                        f" expected device {device} but got {mode.device_of(grad)}"
                    )
                )
        return result

    saved.append((autograd.Function, "apply", raw))
    autograd.Function.apply = classmethod(disguised(forward, apply))  # type: ignore[method-assign,assignment]
    patch(autograd.BackwardCFunction, "apply", backward_apply)


def _patch_parallel(mode: Device, patch: Any) -> None:
    """``nn.DataParallel`` and the DataLoader's pinning: what CUDA's kernels would do, in Python.

    DataParallel's forward is torch's own (scatter the batch in chunks along ``dim``, replicate the module
    onto each GPU, run each replica on its chunk, gather the outputs on ``output_device``), with CUDA's
    collectives done by moves: a replica's parameters are copies on its GPU (on ``device_ids[0]``
    aliases of the module's own), so attributes a forward sets stay on the replicas, buffers updated in
    place on the first GPU are the module's, gradients flow back summed, and 0-dim outputs gather into a
    vector. The replicas run one after the other in this thread (CUDA runs them in one thread per GPU):
    the same numbers. Pinning (the DataLoader's ``pin_memory=True``, in its pin thread too) copies to
    pinned memory.
    """
    import sys
    import warnings
    from itertools import chain

    from torch.utils._pytree import tree_map
    from torch.utils.data._utils import pin_memory as pinning

    def on(index: Any) -> torch.device:
        return torch.device("cpu") if index == "cpu" else mode.normalize(torch.device("cuda", index))

    def forward(self: Any, *inputs: Any, **kwargs: Any) -> Any:
        if not self.device_ids:
            return self.module(*inputs, **kwargs)
        for tensor in chain(self.module.parameters(), self.module.buffers()):
            if tensor.device != self.src_device_obj:
                raise mode.error(
                    RuntimeError(
                        "module must have its parameters and buffers on device"
                        f" {self.src_device_obj} (device_ids[0]) but found one of them on device:"
                        f" {tensor.device}"
                    )
                )
        inputs, module_kwargs = self.scatter(inputs, kwargs, self.device_ids)
        if not inputs and not module_kwargs:
            inputs, module_kwargs = ((),), ({},)
        if len(self.device_ids) == 1:
            return self.module(*inputs[0], **module_kwargs[0])
        replicas = self.replicate(self.module, self.device_ids[: len(inputs)])
        outputs = []
        for replica, index, args, kw in zip(replicas, self.device_ids, inputs, module_kwargs):
            with torch.cuda.device(index):
                outputs.append(replica(*args, **kw))
        return self.gather(outputs, self.output_device)

    def broadcast(tensors: Any, devices: Any, detach: bool = False) -> list[list[torch.Tensor]]:
        """replicate's broadcast: the first GPU's copies are the tensors themselves (torch's
        broadcast_coalesced), the others' copies made by moves (differentiable, unless ``detach``)."""
        copies = []
        for number, index in enumerate(devices):
            made = [t.view_as(t) if number == 0 else t.to(on(index)) for t in tensors]
            copies.append([t.detach() for t in made] if detach else made)
        return copies

    class Scatter:
        @staticmethod
        def apply(target_gpus: Any, chunk_sizes: Any, dim: int, tensor: torch.Tensor) -> tuple[Any, ...]:
            pieces = tensor.split(chunk_sizes, dim) if chunk_sizes else tensor.chunk(len(target_gpus), dim)
            return tuple(piece.to(on(index)) for piece, index in zip(pieces, target_gpus))

    class Gather:
        @staticmethod
        def apply(target_device: Any, dim: int, *tensors: torch.Tensor) -> torch.Tensor:
            if all(t.dim() == 0 for t in tensors) and dim == 0:
                tensors = tuple(t.view(1) for t in tensors)
                warnings.warn(
                    "Was asked to gather along dimension 0, but all input tensors were scalars; will instead"
                    " unsqueeze and return a vector.",
                    stacklevel=2,
                )
            target = on(
                target_device if target_device == "cpu" else torch.device("cuda", target_device).index
            )
            return torch.cat([t.to(target) for t in tensors], dim)

    def pin(tensor: torch.Tensor) -> torch.Tensor:
        # A copy into page-locked memory, as Tensor.pin_memory() makes it: no computation on the host
        # (its work weighs nothing), so pinning a batch moves no share of the work off the device.
        if mode.device_of(tensor).type != "cpu":  # a batch of GPU tensors: Memory.cpp refuses to pin it
            raise mode.error(
                RuntimeError("cannot pin 'torch.cuda.FloatTensor' only dense CPU tensors can be pinned")
            )
        with _DISABLE_TORCH_FUNCTION():
            copy = tensor.clone()
        mode.trace(copy, torch.device("cpu"), (tensor,), weight=0)
        return mode.pinned(copy)

    def pin_memory(data: Any, device: Any = None) -> Any:
        return tree_map(lambda v: pin(v) if isinstance(v, torch.Tensor) else v, data)

    patch(torch.nn.DataParallel, "forward", forward)
    patch(sys.modules["torch.nn.parallel.replicate"], "_broadcast_coalesced_reshape", broadcast)
    patch(sys.modules["torch.nn.parallel.scatter_gather"], "Scatter", Scatter)
    patch(sys.modules["torch.nn.parallel.scatter_gather"], "Gather", Gather)
    patch(pinning, "pin_memory", pin_memory)


def _grouping(mode: Device) -> Any:
    """Optimizers and clip_grad_norm_ group tensors by device in C++, which sees only the CPU: group
    them by their logical devices instead, or each step would copy its coefficients to the host."""

    def group(tensorlistlist: list[list[Any]], with_indices: bool = False) -> dict[Any, Any]:
        groups: dict[Any, Any] = {}
        for i, tensor in enumerate(tensorlistlist[0]):
            key = (mode.device_of(tensor), tensor.dtype)
            lists, indices = groups.setdefault(key, ([[] for _ in tensorlistlist], []))
            for source, target in zip(tensorlistlist, lists):
                if source:
                    target.append(source[i])
            if with_indices:
                indices.append(i)
        return groups

    return group


def _keeping_device(mode: Device, new: Any) -> Any:
    """``Parameter(data)`` is a new tensor object made in C++: give it ``data``'s logical device."""

    def __new__(cls: Any, data: Any = None, *args: Any, **kwargs: Any) -> Any:
        made = new(cls, data, *args, **kwargs)
        if isinstance(data, torch.Tensor):
            mode.tag(made, mode.device_of(data))
        return made

    return staticmethod(__new__)


def _patch_autocast(mode: Device, patch: Any) -> None:
    """``autocast("cuda", dtype)`` becomes a disabled CPU autocast plus a note to the emulated device."""
    from torch.amp.autocast_mode import autocast

    init, enter, exit_ = autocast.__init__, autocast.__enter__, autocast.__exit__

    def __init__(
        self: Any, device_type: str, dtype: Any = None, enabled: bool = True, cache_enabled: Any = None
    ) -> None:
        self._emulated = device_type == "cuda"
        if self._emulated:
            self._emulated_dtype = (dtype or torch.float16) if enabled else None
            init(self, "cpu", dtype=torch.bfloat16, enabled=False)
            self.device = "cuda"
        else:
            init(self, device_type, dtype=dtype, enabled=enabled, cache_enabled=cache_enabled)

    def __enter__(self: Any) -> Any:
        if getattr(self, "_emulated", False):
            mode.autocast.append(self._emulated_dtype)
            return self
        return enter(self)

    def __exit__(self: Any, *exc: Any) -> Any:
        if getattr(self, "_emulated", False):
            mode.autocast.pop()
            return False
        return exit_(self, *exc)

    patch(autocast, "__init__", __init__)
    patch(autocast, "__enter__", __enter__)
    patch(autocast, "__exit__", __exit__)
    original_enabled = torch.is_autocast_enabled

    def is_autocast_enabled(device_type: Any = None) -> bool:
        if device_type in (None, "cuda") and mode.autocast and mode.autocast[-1] is not None:
            return True
        return original_enabled() if device_type is None else original_enabled(device_type)

    patch(torch, "is_autocast_enabled", is_autocast_enabled)
    original_dtype = torch.get_autocast_dtype

    def get_autocast_dtype(device_type: str) -> Any:
        if device_type == "cuda":
            return next((d for d in reversed(mode.autocast) if d is not None), torch.float16)
        return original_dtype(device_type)

    patch(torch, "get_autocast_dtype", get_autocast_dtype)
