"""What runs inside one forked process for ``autofix verify``: one version in one phase, or the timing.

A *phase* imports the script afresh (its module-level code runs now), seeds ``random``, NumPy and
torch, and calls the entry function once:

* ``cpu``: plain CPU execution, the reference result (on a GPU machine the GPU is hidden first);
* ``emulated-cuda``: as if a machine with two GPUs were present (:mod:`autofix.harness.emulated_cuda`),
  for the outcome on a GPU machine and the transfer and sync counts;
* ``cuda``: the real device, copies counted with the profiler and syncs with CUDA's sync debug mode.

Every phase runs under a function mode that marks the exceptions torch's functions raise (the emulated
GPU, or :class:`autofix.harness.recorder.Recorder`), so a failure's origin is known. The emulated phase
takes the judge's options: ``shared_rng`` (GPU draws from the CPU's stream), ``lenient`` (device
mismatches let through and counted), ``identity`` (another GPU model) and ``watch`` (the rewritten file,
whose GPU random draws are located).

It writes ``OUT.json`` (outcome, counts, which results were on the device) and ``OUT.pt`` (the
results, on the CPU). The case failing is data, not an error. *Timing* loads before and after into one
process and times them alternately (before, after, before, after, ...), so that whatever else the
machine does falls on both alike.
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import functools
import importlib.util
import json
import os
import random
import sys
import time
import types
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import torch

from autofix.harness.failures import failure_of
from autofix.harness.guard import guarded, hidden_modules, isolated, protect_reports
from autofix.harness.models import BAD_RESULTS, EXIT, NO_RESULTS, Failure

# The emulated machine has two GPUs, so code that spreads work over GPUs meets a second device.
EMULATED_GPUS = 2


class BadResults(Exception):
    kind = BAD_RESULTS


class NoResults(BadResults):
    """The entry returned nothing at all: not wrong, but nothing to compare."""

    kind = NO_RESULTS


def prepare(request: dict[str, Any]) -> None:
    """Settings every run shares: pinned threads, deterministic kernels, the script's folder."""
    if request.get("hide_gpu"):
        os.environ["CUDA_VISIBLE_DEVICES"] = ""  # before CUDA initialises: this process sees no GPU
    # On a real GPU, deterministic cuBLAS matmuls need a fixed workspace (read when the first cuBLAS
    # handle is made); without it they only warn here and may differ from run to run.
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    torch.set_num_threads(int(request.get("threads", 1)))
    # What torch.use_deterministic_algorithms(True) does, minus importing torch._inductor to set a
    # compiler flag we never use: that import costs over a second.
    torch._C._set_deterministic_algorithms(True, warn_only=True)
    torch.backends.cudnn.allow_tf32 = False  # TF32 convolutions differ from the CPU by ~1e-3
    torch.backends.cuda.matmul.allow_tf32 = False
    if request.get("cuda_build"):
        present_cuda_build()
    warnings.filterwarnings("ignore")
    os.chdir(request["cwd"])
    for entry in reversed([request["cwd"], *request.get("sys_path", [])]):
        sys.path.insert(0, entry)
    if request.get("script"):
        present_as_script(str(request["script"]))


def present_as_script(script: str) -> None:
    """The process as ``python SCRIPT`` shows itself: its ``sys.argv``, ``sys.orig_argv`` and a ``__main__``
    module of that file (whose code the harness never runs), not the fork server's. A case must not
    read from them that it runs under the harness. (``/proc/self/cmdline`` still names the server.)"""
    sys.argv = [script]
    sys.orig_argv = [sys.executable, script]
    main = types.ModuleType("__main__")
    main.__file__ = script
    main.__builtins__ = builtins  # type: ignore[attr-defined]
    sys.modules["__main__"] = main


def present_cuda_build() -> None:
    """Report a CUDA build of torch in every run, whatever this machine's build: the judged machine has a
    GPU, and its CPU phase runs the same build with the GPU hidden. Else code branching on the build
    (``torch.version.cuda is None``) would run one way on the CPU here and another on a GPU machine,
    and a failure only this CPU-only build meets would read as a proof."""
    from autofix.harness.emulated_api import CUDA_VERSION

    if torch.version.cuda is None:
        torch.version.cuda = CUDA_VERSION


def seed(value: int) -> None:
    random.seed(value)
    try:
        import numpy

        numpy.random.seed(value)
    except ImportError:  # pragma: no cover - numpy ships with the verify extra
        pass
    torch.manual_seed(value)


def load(path: Path, entry: str, tag: str, module_name: str = "") -> Callable[[], Any]:
    """The entry function: from the script loaded by path, or from ``module_name`` imported by its name."""
    if module_name:
        module = importlib.import_module(module_name)
    else:
        name = _module_name(path)
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    function = getattr(module, entry, None)
    if not callable(function):
        raise BadResults(f"{path.name} defines no {entry}() function")
    return function


def _module_name(path: Path) -> str:
    """The name the script is loaded under: the one ``import`` would give it (its file's stem), as in every
    run of a version, phases and timing alike, so a case cannot tell them apart (``"timing" in
    __name__``) nor tell the harness by a name of its own; a made-up one only where the stem is taken
    by another module (a library of that name), which must not be shadowed."""
    stem = path.stem
    if stem.isidentifier() and stem not in sys.modules:
        try:
            spec = importlib.util.find_spec(stem)
        except (ImportError, ValueError):
            spec = None
        if spec is None or (spec.origin and os.path.realpath(spec.origin) == os.path.realpath(path)):
            return stem
    return f"case_{abs(hash(str(path)))}"


def forget(root: str) -> None:
    """Drop the modules imported from ``root``, so the other version's files of the same names load next.

    The loaded entry function keeps its own module's globals; only an ``import`` it runs later, inside
    a call, would look the name up again.
    """
    from autofix.harness.state import real_path

    prefix = os.path.join(os.path.realpath(root), "")
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path and real_path(path).startswith(prefix):
            del sys.modules[name]


def flatten(value: Any, prefix: str = "") -> dict[str, torch.Tensor]:
    """Everything the entry returned, as named tensors: nested dicts, lists, modules, numbers."""
    if isinstance(value, torch.Tensor):
        found = {prefix or "result": value.detach()}
        # Hooks left on a returned tensor run in the caller's backward: part of what it hands back.
        hooks = getattr(value, "_backward_hooks", None)
        if hooks:
            codes = [_fingerprint("tensor hook", _callable_code(hook)) for hook in hooks.values()]
            found[f"{prefix or 'result'}.__hooks__"] = torch.tensor(codes)
        return found
    if isinstance(value, torch.nn.Module):
        return _module_results(value, prefix)
    if isinstance(value, Mapping):
        items: Any = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    elif isinstance(value, bool):
        return {prefix or "result": torch.tensor(value)}
    elif isinstance(value, (int, float, complex)):
        # A Python float is a double: compared as float64 (a sum kept in float32 on the device for one
        # kept in a Python float differs), a complex as complex128, an int as int64.
        dtype = {int: torch.int64, float: torch.float64, complex: torch.complex128}
        return {
            prefix or "result": torch.tensor(
                value, dtype=dtype[type(value)] if type(value) in dtype else None
            )
        }
    elif value is None:
        return {}
    elif type(value).__module__ == "numpy":
        return {prefix or "result": torch.as_tensor(value)}
    else:
        raise BadResults(f"{prefix or 'the result'} is a {type(value).__name__}, not a tensor or a number")
    out: dict[str, torch.Tensor] = {}
    for key, item in items:
        out.update(flatten(item, f"{prefix}.{key}" if prefix else str(key)))
    return out


_HOOKS = (
    "_forward_hooks",
    "_forward_pre_hooks",
    "_backward_hooks",
    "_backward_pre_hooks",
    "_state_dict_hooks",
    "_load_state_dict_pre_hooks",
)


def _module_results(module: torch.nn.Module, prefix: str) -> dict[str, torch.Tensor]:
    """A returned module as what decides how it computes, not only what it saves: its state_dict, its
    non-persistent buffers, each submodule's class and train/eval mode, and the hooks and instance-level
    ``forward`` put on it (as fingerprints of their code and captured values). A model handed back with a
    changed normalisation buffer or an output-doubling hook computes differently, so it compares
    differently."""
    saved = dict(module.state_dict())
    out = flatten(saved, prefix)
    dot = f"{prefix}." if prefix else ""
    # Which names its checkpoints hold: a tensor made a persistent buffer changes what loads strictly.
    out[f"{dot}__saved__"] = torch.tensor(sorted(_fingerprint(name) for name in saved), dtype=torch.int64)
    for name, buffer in module.named_buffers():
        out.setdefault(f"{dot}{name}", buffer.detach())
    # A tensor a submodule holds as a plain attribute decides how it computes as a buffer does, under
    # the same name: a fix that registers it as a buffer (DEV004) keeps what the module is.
    for path, sub in module.named_modules():
        for name, value in vars(sub).items():
            if isinstance(value, torch.Tensor) and not name.startswith("_"):
                out.setdefault(f"{dot}{path + '.' if path else ''}{name}", value.detach())
    modules = list(module.modules())
    out[f"{dot}__training__"] = torch.tensor([m.training for m in modules])
    # Which parameters train: a model handed back frozen computes alike and learns nothing.
    out[f"{dot}__requires_grad__"] = torch.tensor(
        [p.requires_grad for p in module.parameters()], dtype=torch.bool
    )
    out[f"{dot}__classes__"] = torch.tensor([_fingerprint(type(m).__qualname__) for m in modules])
    # What a call leaves on the model for whatever runs next: gradients left on its parameters (a
    # caller's next optimizer step adds to them) and which parameters hold one.
    grads = [(name, p.grad) for name, p in module.named_parameters()]
    out[f"{dot}__has_grad__"] = torch.tensor([g is not None for _, g in grads], dtype=torch.bool)
    for name, grad in grads:
        if grad is not None:
            out[f"{dot}{name}.grad"] = grad.detach()
    # The plain numbers and switches a submodule computes by, outside its state_dict (a BatchNorm's
    # momentum and eps, a Dropout's p): a model handed back with another momentum trains otherwise.
    out[f"{dot}__settings__"] = torch.tensor([_fingerprint(_numbers(m)) for m in modules])
    added = [
        _fingerprint(kind, _callable_code(hook))
        for m in modules
        for kind in _HOOKS
        for hook in getattr(m, kind, {}).values()
    ]
    added += [
        _fingerprint("forward", _callable_code(m.__dict__["forward"]))
        for m in modules
        if "forward" in m.__dict__
    ]
    # Hooks on the parameters themselves (``p.register_hook(...)``): they change every gradient.
    added += [
        _fingerprint("tensor hook", name, _callable_code(hook))
        for name, p in module.named_parameters()
        for hook in (getattr(p, "_backward_hooks", None) or {}).values()
    ]
    if added:  # only when there are any: a plain model's results keep their names
        out[f"{dot}__hooks__"] = torch.tensor(added)
    return out


def _numbers(module: torch.nn.Module) -> str:
    """The plain numbers and switches an instance holds (``momentum``, ``eps``, ``p``, ``affine``), by name:
    strings left out (a device's name is no computation), as are the module's own bookkeeping."""
    found = {
        name: value
        for name, value in vars(module).items()
        if not name.startswith("_")
        and name != "training"
        and isinstance(value, (bool, int, float, complex, type(None)))
    }
    return repr(sorted(found.items()))


def _callable_code(value: Any, depth: int = 0) -> str:
    """What a hook computes, independent of the file and line it is written on: its bytecode, the
    names it uses, its constants and the values its closure captured (recursively, a little)."""
    func = getattr(value, "__func__", value)
    if isinstance(func, functools.partial):
        return f"partial({_callable_code(func.func, depth)}, {func.args!r}, {func.keywords!r})"
    code = getattr(func, "__code__", None)
    if code is None or depth > 3:
        return type(value).__qualname__
    return _code_text(code, depth) + repr(
        [_captured(c.cell_contents, depth) for c in (getattr(func, "__closure__", None) or ())]
    )


def _captured(value: Any, depth: int) -> str:
    # Plain values by value; a tensor by its kind only (its repr names its device, and reads it back).
    if isinstance(value, (bool, int, float, complex, str, bytes, type(None))):
        return repr(value)
    if callable(value) and not isinstance(value, torch.nn.Module):
        return _callable_code(value, depth + 1)
    return type(value).__qualname__


def _code_text(code: Any, depth: int) -> str:
    consts = [_code_text(c, depth + 1) if hasattr(c, "co_code") else repr(c) for c in code.co_consts]
    return f"{code.co_code.hex()}|{code.co_names}|{consts}"


def _fingerprint(*parts: str) -> int:
    import hashlib

    return int.from_bytes(hashlib.sha256("\0".join(parts).encode()).digest()[:7], "big")


def _reports_sync(warning: warnings.WarningMessage) -> bool:
    """CUDA's sync debug mode reporting a sync (c10/cuda/CUDAFunctions.h, warn_or_error_on_sync). Not the
    notice a process gets the first time it turns the mode on ("Synchronization debug mode is a prototype
    feature and does not yet detect all synchronizing operations"): counted as a sync, it added one to
    every phase of the H200 run of 2026-11-27."""
    return "called a synchronizing CUDA operation" in str(warning.message)


@contextlib.contextmanager
def real_cuda_counting() -> Iterator[dict[str, int]]:
    """Count memcpys with the profiler and syncs with CUDA's sync debug mode.

    The profiler hands its events over only once it has stopped, so ``counts`` is filled in when the
    block is left (a block that raised too: how far a failing run got): read it after the ``with``."""
    from torch.profiler import ProfilerActivity, profile

    counts = {"host_to_device": 0, "device_to_host": 0, "device_to_device": 0, "syncs": 0, "waits": 0}
    caught: list[warnings.WarningMessage] = []
    prof = None
    explicit = [0, 0]  # the case's own synchronize() calls: those the sync debug mode missed, all
    synchronize = torch.cuda.synchronize

    def counted(function: Callable[..., Any]) -> Callable[..., Any]:
        def wait(*args: Any, **kwargs: Any) -> Any:
            reported = sum(map(_reports_sync, caught))
            result = function(*args, **kwargs)
            explicit[0] += sum(map(_reports_sync, caught)) == reported
            explicit[1] += 1
            return result

        return wait

    # An explicit wait for the device is a host sync too (the emulated GPU counts it so): counted once,
    # whether or not CUDA's sync debug mode reports it (it does for a stream's, c10/cuda/CUDAFunctions.h).
    waits = [
        (torch.cuda, "synchronize"),
        (torch.cuda.Stream, "synchronize"),
        (torch.cuda.Event, "synchronize"),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name in waits]

    def restore() -> None:
        torch.cuda.set_sync_debug_mode(0)
        for owner, name, original in saved:
            setattr(owner, name, original)

    try:
        with (
            warnings.catch_warnings(record=True) as caught,
            profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof,
        ):
            warnings.simplefilter("always")
            # Counted only inside the profiler: leaving it, torch's profiler waits for the device itself
            # (torch.cuda.synchronize() in its __exit__), a wait that is not the case's. So is the one
            # below. The H200 run of 2026-11-27 counted one more sync than the case made in every phase.
            for owner, name, original in saved:
                setattr(owner, name, counted(original))
            torch.cuda.set_sync_debug_mode("warn")
            try:
                yield counts
            finally:
                restore()
                with contextlib.suppress(RuntimeError):  # a failed kernel re-raises here: the case's
                    synchronize()
    finally:
        restore()
        counts["syncs"] = sum(map(_reports_sync, caught or [])) + explicit[0]
        counts["waits"] = explicit[1]
        for event in prof.events() if prof is not None else []:
            if "HtoD" in event.name:
                counts["host_to_device"] += 1
            elif "DtoH" in event.name:
                counts["device_to_host"] += 1
            elif "PtoP" in event.name:  # between two GPUs (DtoD within one GPU is no transfer)
                counts["device_to_device"] += 1


@contextlib.contextmanager
def real_cuda(watch: str = "", counting: _Counting | None = None) -> Iterator[dict[str, Any]]:
    """Real CUDA as a phase sees it: copies and syncs counted (:func:`real_cuda_counting`), the work and
    the GPU's random draws counted, and every exception a torch function raises marked as torch's
    (:class:`autofix.harness.recorder.Recorder`). Without that mark, CUDA's own checks, raised in C++
    straight under the case's ``a + b``, would be of unknown origin and never proof of a cure.

    The dict it gives is complete once the block is left (see real_cuda_counting)."""
    from autofix.harness.recorder import Recorder

    counts: dict[str, Any] = {}
    recorder = Recorder(count=True, watch=watch)
    try:
        if counting is not None:
            counting.operations = lambda: recorder.operations
        with real_cuda_counting() as copies, recorder:
            yield counts
    finally:
        counts.update(copies)
        counts.update(recorder.counts)
        counts["random_sites"] = list(recorder.random_sites)


class _Counting:
    """What a phase counted, read the same way for every phase (after a failure too)."""

    def __init__(self) -> None:
        self.read: Callable[[], dict[str, Any]] = dict
        # The work that fed the results, by device (the emulated GPU traces it; see EmulatedCuda.fed).
        self.fed: Callable[[list[torch.Tensor]], dict[str, int]] | None = None
        # The operations run so far, on any device: the work of each call, compared across calls.
        self.operations: Callable[[], int] = lambda: 0

    def counts(self) -> dict[str, Any]:
        return self.read()


@contextlib.contextmanager
def _device_context(phase: str, request: dict[str, Any]) -> Iterator[_Counting]:
    from autofix.harness.recorder import Recorder

    counting = _Counting()
    if phase == "emulated-cuda":
        from autofix.harness.emulated_cuda import emulated_cuda

        options = {
            "shared_rng": bool(request.get("shared_rng")),
            "lenient": bool(request.get("lenient")),
            "watch": request.get("watch", ""),
            "identity": int(request.get("identity", 0)),
        }
        gpus = int(request.get("gpus", EMULATED_GPUS))
        with emulated_cuda(device_count=gpus, **options) as mode:
            counting.read = lambda: {**mode.counters.as_dict(), "random_sites": list(mode.random_sites)}
            counting.fed = mode.fed
            counting.operations = lambda: mode.counters.host_ops + mode.counters.device_ops
            yield counting
    elif phase == "cuda":
        with real_cuda(request.get("watch", ""), counting) as counts:
            counting.read = lambda: dict(counts)
            yield counting
    else:
        recorder = Recorder()
        counting.operations = lambda: recorder.operations
        with recorder:
            yield counting


def _call(function: Callable[[], Any]) -> dict[str, torch.Tensor]:
    """The entry's results, called with the harness's modules out of sight (see guard.hidden_modules)."""
    with hidden_modules():
        return flatten(function())


def _first_call(request: dict[str, Any], phase: str) -> tuple[Callable[[], Any], dict[str, torch.Tensor]]:
    """The script loaded and its entry called once: run in the case's own thread (guard.isolated)."""
    seed(request["seed"])
    with hidden_modules():
        function = load(Path(request["script"]), request["entry"], phase, request.get("module", ""))
    seed(request["seed"])
    return function, _call(function)


def _checked(tensors: dict[str, torch.Tensor], entry: str) -> dict[str, torch.Tensor]:
    """The results read back to the CPU, as plain tensors (a subclass of the case's, a sparse tensor)."""
    results = {k: _plain(t.cpu()) for k, t in tensors.items()}
    if not results:
        raise NoResults(f"{entry}() returned no tensors or numbers")
    if all(t.numel() == 0 for t in results.values()):
        raise BadResults(f"{entry}() returned only empty tensors")
    return results


def _plain(tensor: torch.Tensor) -> torch.Tensor:
    if type(tensor) is not torch.Tensor:  # a subclass the case defines: its class is not loadable later
        tensor = tensor.as_subclass(torch.Tensor)
    if tensor.layout != torch.strided:
        try:
            tensor = tensor.to_dense()
        except (RuntimeError, NotImplementedError, TypeError) as exc:
            raise BadResults(f"a result with layout {tensor.layout} cannot be compared: {exc}") from None
    if tensor.is_quantized:
        tensor = tensor.dequantize()
    return tensor


def _failure(exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, BadResults):
        return Failure(exc.kind, "BadResults", str(exc)).__dict__
    if isinstance(exc, SystemExit):
        return Failure(EXIT, "SystemExit", f"sys.exit({exc.code!r})").__dict__
    return failure_of(exc).__dict__


def run_phase(request: dict[str, Any]) -> None:
    prepare(request)
    phase, out = request["phase"], request["out"]
    protect_reports([f"{out}.json", f"{out}.pt", f"{out}.again.pt"])
    report: dict[str, Any] = {"phase": phase, "ok": False}
    started = time.perf_counter()
    results: dict[str, torch.Tensor] = {}
    again: dict[str, torch.Tensor] = {}
    counting: _Counting | None = None
    counts: dict[str, Any] | None = None
    # The emulated GPU's second call runs on the same emulated machine as the first (a new one would not
    # know the devices of the tensors the first call left behind), after its counts are taken.
    again_inside = bool(request.get("again")) and phase == "emulated-cuda"
    from autofix.harness import cover

    if request.get("cover"):  # the lines of the rewritten file that run, in the case's threads
        cover.ACTIVE[:] = [cover.LineCover(request["cover"], request.get("cover_units"))]
    try:
        try:
            with _device_context(phase, request) as counting, guarded():
                function, tensors = isolated(lambda: _first_call(request, phase))
                # Asked inside the device context, where a tensor's device is the logical one.
                report["on_device"] = sorted(k for k, t in tensors.items() if t.device.type != "cpu")
                fed = getattr(counting, "fed", None)
                if fed is not None:
                    report["fed"] = fed(list(tensors.values()))
                first_work = counting.operations()
                report["work"] = {"first": first_work}
                if again_inside:
                    counts = copy.deepcopy(counting.counts())  # by_name goes on counting the 2nd call
                    results = _kept(_checked(tensors, request["entry"]))
                    report["again"], again = _second_call(function, request)
                    report["work"].update(later=counting.operations() - first_work, calls=request["again"])
        finally:
            # A failed run's counts too (how far it got). Read once the device context is left: real
            # CUDA's profiler gives its copies only when it stops, so inside they would all be 0.
            if counting is not None:
                report["counts"] = (counts if counts is not None else counting.counts()) or None
        # Out of the device context: reading the results back is the harness's doing, not the case's.
        results = results or _checked(tensors, request["entry"])
        report["ok"] = True
    except BaseException as exc:  # the case's failure is what we measure; KeyboardInterrupt included
        report["failure"] = _failure(exc)
        report.pop("again", None)
        again = {}
    if report["ok"]:  # saved now: results may share storage with state the second call changes
        torch.save(results, f"{out}.pt")
    if report["ok"] and request.get("again") and not again_inside:
        # A second call in the same process: state the first call left behind (an input it mutated,
        # a memo) shows here; both versions must agree on it too.
        try:
            with _device_context(phase, request) as later, guarded():
                report["again"], again = _second_call(function, request)
                report.setdefault("work", {}).update(later=later.operations(), calls=request["again"])
        except BaseException as exc:  # noqa: BLE001 - leaving the context re-raises the case's failure
            report["again"], again = {"ok": False, "failure": _failure(exc)}, {}
    report["seconds"] = time.perf_counter() - started
    if cover.ACTIVE:
        report["covered"] = sorted(cover.ACTIVE[0].lines)
        cover.ACTIVE.clear()
    if again:
        torch.save(again, f"{out}.again.pt")
    Path(f"{out}.json").write_text(json.dumps(report))


def _second_call(function: Callable[[], Any], request: dict[str, Any]) -> tuple[dict[str, Any], dict]:
    """The entry called again ``request["again"]`` times, in the process (and device context) of its
    first call, each call's results named with its number (``out (call 3)``). The number of calls is
    drawn by the harness (:class:`autofix.harness.runner.Runner`), not fixed: state a version keeps
    across calls (a counter in a module or in builtins) cannot count them to go wrong only after the
    calls the harness makes."""
    later: dict[str, torch.Tensor] = {}
    kept: set[str] = set()
    try:
        traces = _traces(function)
        for number in range(2, 2 + int(request["again"])):
            # Each call under a seed of its own (the same for both versions): code right for one seed
            # only (the harness's) is wrong under the next.
            seed(request["seed"] + number - 1)
            results = _kept(_checked(isolated(lambda: _call(function)), request["entry"]))
            later.update({f"{key} (call {number})": tensor for key, tensor in results.items()})
            now = _traces(function)
            kept |= {name for name in now.keys() | traces.keys() if now.get(name) != traces.get(name)}
            traces = now
        return {"ok": True, "kept": sorted(kept), "settings": settings()}, later
    except BaseException as exc:  # noqa: BLE001 - the case's failure is data
        return {"ok": False, "failure": _failure(exc)}, {}


_PLAIN = (int, float, complex, str, bytes, bool, type(None))


def _trace(value: Any) -> str | None:
    """What a plain value (a number, a string, a small container of them) holds; None for the rest."""
    if isinstance(value, _PLAIN):
        return repr(value)
    if isinstance(value, (list, tuple, set, frozenset, dict)) and len(value) <= 64:
        items = list(value.items()) if isinstance(value, dict) else list(value)
        flat = [x for item in items for x in (item if isinstance(item, tuple) else (item,))]
        if all(isinstance(x, _PLAIN) for x in flat):
            return repr(sorted(map(repr, items)) if isinstance(value, (set, frozenset)) else items)
    return None


def _traces(function: Callable[[], Any]) -> dict[str, str]:
    """The plain values the entry's module and ``builtins`` hold (counters, flags, small lists): what a
    version changes from one call to the next is state it keeps between calls (a call counter)."""
    import builtins as host

    namespaces = (("", getattr(function, "__globals__", {})), ("builtins.", vars(host)))
    found: dict[str, str] = {}
    for prefix, namespace in namespaces:
        for name, value in list(namespace.items()):
            trace = _trace(value)
            if trace is not None and not name.startswith("__"):
                found[prefix + name] = trace
    return found


def settings() -> dict[str, str]:
    """torch's process-wide settings a call may leave changed for whatever runs next in the program:
    the default dtype and device, the float32 matmul precision and TF32, cuDNN's and the deterministic
    switches, and the hooks put on every module (``register_module_forward_hook`` and kin)."""
    from torch.nn.modules import module as modules

    found = {
        "default dtype": str(torch.get_default_dtype()),
        "float32 matmul precision": torch.get_float32_matmul_precision(),
        "TF32 matmuls": str(torch.backends.cuda.matmul.allow_tf32),
        "TF32 convolutions": str(torch.backends.cudnn.allow_tf32),
        "cuDNN benchmark": str(torch.backends.cudnn.benchmark),
        "cuDNN deterministic": str(torch.backends.cudnn.deterministic),
        "deterministic algorithms": str(torch.are_deterministic_algorithms_enabled()),
        "anomaly detection": str(torch.is_anomaly_enabled()),
    }
    if hasattr(torch, "get_default_device"):
        found["default device"] = str(torch.get_default_device())
    for name in dir(modules):
        hooks = getattr(modules, name)
        if name.startswith("_global_") and name.endswith("hooks") and isinstance(hooks, dict):
            found[f"hooks on every module ({name.strip('_')})"] = str(len(hooks))
    return found


def _kept(results: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """Copies of the first call's results, out of the emulated GPU's sight: a second call may change
    the tensors they share storage with."""
    from autofix.harness.emulated_cuda import _DisableTorchFunction

    with _DisableTorchFunction():
        return {k: t.clone() for k, t in results.items()}


def _same(first: dict[str, torch.Tensor], later: dict[str, torch.Tensor]) -> bool:
    return sorted(first) == sorted(later) and all(
        first[k].dtype == later[k].dtype
        and first[k].shape == later[k].shape
        and torch.equal(first[k], later[k])
        for k in first
    )


def run_timing(request: dict[str, Any]) -> None:
    """Warm each up once, then time pairs (before, after) until enough pairs and seconds are measured.

    Each timed call gets its script loaded afresh (outside the clock), so a memo kept in the module
    between calls is gone, and its results must equal its first call's: a call that skips the work (a
    memo elsewhere, an entry that returns nothing from its second call) times nothing and ends the
    timing with an error."""
    prepare(request)
    cuda = request["phase"] == "cuda"
    tags = ("before", "after")

    def fresh(where: dict[str, Any], tag: str) -> Callable[[], Any]:
        os.chdir(where["cwd"])
        # The two copies hold modules of the same names: both forgotten, or a version imported by its
        # dotted name would get the other's module, still in sys.modules.
        for version in request["versions"]:
            forget(version["root"])
        sys.path[:0] = [where["cwd"], *where["sys_path"]]
        try:
            seed(request["seed"])
            return load(Path(where["script"]), request["entry"], f"timing_{tag}", where["module"])
        finally:
            del sys.path[: 1 + len(where["sys_path"])]

    from autofix.harness.state import left_behind, snapshot

    if cuda:
        # CUDA's lazy initialisation binds torch.cuda._get_device_properties at the first GPU call: torch's
        # own state, not the case's. Left to the warm-up, it read as a memo the case keeps, and the H200
        # run of 2026-11-27 timed no case on the GPU.
        torch.cuda.init()
    first: dict[str, dict[str, torch.Tensor]] = {}
    for where, tag in zip(request["versions"], tags):  # warm-up: first-call costs (allocations, imports)
        roots = [version["root"] for version in request["versions"]]
        before = snapshot(roots)
        function = fresh(where, tag)
        seed(request["seed"])
        first[tag] = {k: t.cpu() for k, t in flatten(function()).items()}
        # Its module is loaded afresh for each timed call; state it keeps elsewhere (builtins, a torch
        # attribute) would survive, and its later calls could return a memo: nothing to time.
        kept = left_behind(before, roots)
        if kept:
            times_error = (
                f"keeps state between calls: {tag} leaves {', '.join(kept)} behind outside its module"
                " (a memo would survive into its timed calls): cannot time"
            )
            Path(f"{request['out']}.json").write_text(json.dumps({"error": times_error}))
            return
    # For the judge: the timed work must be the work the phases judged (see verify.Verifier._time).
    torch.save(
        {tag: {k: _plain(t) for k, t in results.items()} for tag, results in first.items()},
        f"{request['out']}.first.pt",
    )
    times: dict[str, Any] = {"before": [], "after": []}
    measured = 0.0
    pairs = 0
    while pairs < request["min_pairs"] or (
        measured < request["min_seconds"] and pairs < request["max_pairs"]
    ):
        for where, tag in zip(request["versions"], tags):
            function = fresh(where, tag)
            seed(request["seed"])
            if cuda:
                torch.cuda.synchronize()
            start = time.perf_counter()
            value = function()
            if cuda:
                torch.cuda.synchronize()
            elapsed = time.perf_counter() - start
            if not _same(first[tag], {k: t.cpu() for k, t in flatten(value).items()}):
                times["error"] = (
                    f"{tag}'s timed call {pairs + 1} returned other results than its first call:"
                    " it did not do the same work, so nothing was timed"
                )
                Path(f"{request['out']}.json").write_text(json.dumps(times))
                return
            times[tag].append(elapsed)
            measured += elapsed
        pairs += 1
    Path(f"{request['out']}.json").write_text(json.dumps(times))


def execute(request: dict[str, Any]) -> None:
    if request["action"] == "phase":
        run_phase(request)
    elif request["action"] == "timing":
        run_timing(request)
    else:  # pragma: no cover - a harness bug
        raise ValueError(f"unknown action {request['action']!r}")


if __name__ == "__main__":  # for debugging one run by hand: python -m autofix.harness.child REQUEST.json
    execute(json.loads(Path(sys.argv[1]).read_text()))
