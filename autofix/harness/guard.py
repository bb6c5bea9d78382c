"""Keep a case inside the harness's view while it runs: its threads, its mode stack, the report files.

The harness measures a case from inside the case's own process (a function mode sees every torch call),
so a case could step out of that view or reach into the harness. Inside :func:`guarded`:

* **threads** the case starts run under the same function modes as the thread that started it (a mode
  is per thread in torch), so work, copies and syncs in a helper thread are emulated and counted;
* **the mode stack** is the harness's: the case's own code calling ``torch._C.DisableTorchFunction()``,
  popping the stack or reading it raises :class:`OutOfView`, a failure of the version that does it
  (torch's own code, which uses them, is let through);
* **the report files** (``OUT.json``, ``OUT.pt``) are the harness's: opening, renaming or linking one
  for writing while any of the case's code is on the stack raises ``PermissionError`` (an audit hook,
  so ``open``, ``os.open``, ``torch.save`` and ``shutil`` are all covered);
* **the harness's modules** are out of ``sys.modules`` while the case runs, so a case cannot branch on
  the harness being loaded.

* **other doors**: the garbage collector's object lists (``gc.get_objects`` and its kin, which reach
  the harness's counters) and ctypes' access to ``PyErr_*`` (which sets an exception from C, with no
  frame of the case's: torch would seem to have raised it) raise :class:`OutOfView` (audit events).

* **the harness's frames**: the entry runs in a thread of its own (:func:`isolated`), whose stack holds
  none of the harness's frames, so a walk up ``sys._getframe()`` from the case never reaches the
  harness's counters; threads the case starts take their modes from a hand-off no frame keeps.

What this cannot stop: a case that starts another interpreter, or reaches the harness's objects
through the attributes of the torch functions the emulated GPU replaces (``__globals__``,
``__closure__``). A proof on the emulated GPU is a proof about code that does not attack the harness.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import sys
import sysconfig
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import torch
import torch.overrides

from autofix.harness.cover import gettrace_hiding, start_thread_cover, stop_thread_cover
from autofix.harness.origin import is_library

_STDLIB = tuple(
    os.path.join(os.path.realpath(sysconfig.get_paths()[key]), "") for key in ("stdlib", "platstdlib")
)
_POP_MODE = torch._C._pop_torch_function_stack  # before guarded() replaces it
_WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class OutOfView(RuntimeError):
    """The case stepped out of the harness's view (or reached into the harness): it cannot be judged."""


def _theirs(filename: str) -> bool:
    """Code that is not the case's: a library (see origin.is_library), the standard library, frozen."""
    if filename.startswith("<frozen") or is_library(filename):
        return True
    return os.path.isabs(filename) and os.path.realpath(filename).startswith(_STDLIB)


def _called_by_case(depth: int = 2) -> bool:
    return not _theirs(sys._getframe(depth).f_code.co_filename)


def _case_on_stack() -> bool:
    frame = sys._getframe(1)
    while frame is not None:
        if not _theirs(frame.f_code.co_filename):
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


def _guard(function: Callable[..., Any], what: str) -> Callable[..., Any]:
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if _called_by_case():
            raise OutOfView(
                f"the case calls {what}, which hides its work from the harness's function mode:"
                " it cannot be judged"
            )
        return function(*args, **kwargs)

    guarded.__wrapped__ = function  # type: ignore[attr-defined]
    return guarded


_GUARDED = (
    (torch._C, "DisableTorchFunction", "torch._C.DisableTorchFunction()"),
    (torch._C, "_pop_torch_function_stack", "torch._C._pop_torch_function_stack()"),
    (torch._C, "_get_function_stack_at", "torch._C._get_function_stack_at()"),
    (
        torch.overrides,
        "_get_current_function_mode_stack",
        "torch.overrides._get_current_function_mode_stack()",
    ),
    (torch.overrides, "_pop_mode_temporarily", "torch.overrides._pop_mode_temporarily()"),
)


@contextlib.contextmanager
def _patched(owner: Any, name: str, value: Any) -> Iterator[None]:
    saved = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, saved)


# Python's own start, kept for the harness's thread: under guarded() the module's name is patched.
_START_NEW_THREAD = _thread.start_new_thread
# The ways to start a raw thread: _thread's (start_new is an old alias) and threading's own
# reference to it, which Thread.start calls (its threads pass through: Thread.start's patch has them).
# Python 3.13's start_joinable_thread takes other arguments and is what threading uses there, so it is
# left to Thread.start's patch.
_RAW_STARTS = ((_thread, "start_new_thread"), (_thread, "start_new"), (threading, "_start_new_thread"))

# The function modes a thread the case starts runs under, handed from Thread.start() (in the starting
# thread) to the new thread's first frame, which takes them out: while the case's code runs, no frame
# of its thread holds them (a frame walk from the case finds nothing of the harness's).
_HANDOFF: dict[int, list[Any]] = {}


def _threads_under() -> tuple[Callable[..., Any], Callable[..., Any]]:
    original_start = threading.Thread.start
    original = threading.Thread._bootstrap_inner  # type: ignore[attr-defined]

    def start(thread: threading.Thread) -> None:
        _HANDOFF[id(thread)] = list(torch.overrides._get_current_function_mode_stack())
        original_start(thread)

    def bootstrap(thread: threading.Thread) -> None:
        count = _enter_modes(_HANDOFF.pop(id(thread), []))
        traced = start_thread_cover()
        try:
            original(thread)
        finally:
            stop_thread_cover(traced)
            _leave_modes(count)

    return start, bootstrap


def _raw_threads_under(original: Callable[..., Any]) -> Callable[..., Any]:
    """``_thread.start_new_thread`` (and its aliases) as ``Thread.start``: the new thread runs under
    the starting thread's function modes, so a raw thread's ``.item()`` is a counted sync too."""

    def start_new_thread(function: Callable[..., Any], args: Any = (), kwargs: Any = None, /) -> Any:
        if isinstance(getattr(function, "__self__", None), threading.Thread):  # Thread.start's own
            return original(function, args, *([kwargs] if kwargs is not None else []))
        payload: dict[str, Any] = {"modes": list(torch.overrides._get_current_function_mode_stack())}
        payload["call"] = (function, args, kwargs or {})
        return original(_raw_thread, (payload,))

    return start_new_thread


def _raw_thread(payload: dict[str, Any]) -> None:
    # As _case_thread: the payload is emptied first, so no frame of this thread holds the modes.
    count = _enter_modes(payload.pop("modes"))
    function, args, kwargs = payload.pop("call")
    traced = start_thread_cover()
    try:
        function(*args, **kwargs)
    finally:
        stop_thread_cover(traced)
        function = args = kwargs = None
        _leave_modes(count)


def _enter_modes(modes: list[Any]) -> int:
    for mode in modes:
        mode.__enter__()
    return len(modes)


def _leave_modes(count: int) -> None:
    for _ in range(count):
        _POP_MODE()


def isolated(job: Callable[[], Any]) -> Any:
    """``job()`` (the case's code) in a thread of its own, under this thread's function modes, and its
    result (or its exception, raised here). The case's frames then sit on a stack that holds none of the
    harness's: a walk up ``sys._getframe()`` from the case ends at its own thread's first frame, and
    never reaches the harness's counters or reports. Thread-local settings the case makes (grad mode,
    autocast) hold for its own code, which runs in one thread per call."""
    box: list[tuple[bool, Any]] = []
    done = _thread.allocate_lock()
    done.acquire()
    payload = {"modes": list(torch.overrides._get_current_function_mode_stack()), "job": job}
    _START_NEW_THREAD(_case_thread, (box, payload, done))  # torch's own, not the case's patched one
    done.acquire()
    ok, value = box[0]
    if not ok:
        raise value
    return value


def _case_thread(box: list[tuple[bool, Any]], payload: dict[str, Any], done: Any) -> None:
    # The payload is emptied first: the modes (and the counters behind them) are then reachable from
    # no frame of this thread, only through torch's own mode stack, which the case may not read.
    count = _enter_modes(payload.pop("modes"))
    job = payload.pop("job")
    # The entry runs where a program runs it: on the main thread, as threading reports it (a case must
    # not behave one way on the main thread and another in the harness's).
    main, me = threading._main_thread, threading.current_thread()  # type: ignore[attr-defined]
    name, me.name = me.name, main.name
    threading._main_thread = me  # type: ignore[attr-defined]
    traced = start_thread_cover()  # the lines of the rewritten file that run (see cover.py)
    try:
        box.append((True, job()))
    except BaseException as exc:  # noqa: BLE001 - handed to the harness's thread, raised there
        box.append((False, exc))
    finally:
        stop_thread_cover(traced)
        threading._main_thread = main  # type: ignore[attr-defined]
        me.name = name
        job = None
        _leave_modes(count)
        done.release()


def _report_hook(paths: Iterable[str]) -> Callable[[str, tuple[Any, ...]], None]:
    protected = frozenset(os.path.realpath(p) for p in paths)

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                mode is None and isinstance(flags, int) and flags & _WRITES
            )
            targets = [path] if writes else []
        elif event in ("os.rename", "os.link", "os.symlink", "shutil.copyfile", "shutil.move"):
            targets = [args[1]]
        else:
            return
        for target in targets:
            if isinstance(target, (str, bytes, os.PathLike)) and not isinstance(target, int):
                real = os.path.realpath(os.fsdecode(target))
                if real in protected and _case_on_stack():
                    raise PermissionError(f"the case may not write the harness's report {real}")

    return hook


_installed_hooks: set[frozenset[str]] = set()


def protect_reports(paths: Iterable[str]) -> None:
    """Forbid the case to write ``paths`` (an audit hook: it lasts as long as the process, a fork's)."""
    key = frozenset(paths)
    if key not in _installed_hooks:
        _installed_hooks.add(key)
        sys.addaudithook(_report_hook(key))


@contextlib.contextmanager
def hidden_modules(prefix: str = "autofix") -> Iterator[None]:
    """Take ``prefix``'s modules out of ``sys.modules`` for the block (the harness's, while the case runs),
    and the finder module an editable install of it loads at start-up (``__editable___torch_autofix_...``)."""
    hidden = {
        n: m
        for n, m in sys.modules.items()
        if n == prefix or n.startswith(prefix + ".") or (n.startswith("__editable__") and prefix in n)
    }
    for name in hidden:
        del sys.modules[name]
    try:
        yield
    finally:
        sys.modules.update(hidden)


# Reaching the harness's objects, or forging torch's failures, by other doors than the mode stack: the
# garbage collector hands out every object (the emulated GPU's counters among them), and ctypes can set
# a Python exception from C, with no frame of the case's to show whose words it is (from a backward
# hook, torch's C++ relays it as if torch had raised it). Audit events, refused while the case runs.
_GC_EVENTS = frozenset({"gc.get_objects", "gc.get_referrers", "gc.get_referents"})
_SETS_EXCEPTIONS = ("PyErr_", "PyThreadState_SetAsyncExc", "_PyErr_")
_guarding = [0]


def _reach_hook(event: str, args: tuple[Any, ...]) -> None:
    if not _guarding[0]:
        return
    if event in _GC_EVENTS and _case_on_stack():
        raise OutOfView(
            f"the case calls {event}(), which reaches the harness's own objects: it cannot be judged"
        )
    if event == "ctypes.dlsym" and len(args) > 1 and isinstance(args[1], str) and _case_on_stack():
        if args[1].startswith(_SETS_EXCEPTIONS):
            raise OutOfView(
                f"the case sets Python exceptions through ctypes ({args[1]}): a failure it raises so cannot"
                " be told from torch's, and it cannot be judged"
            )


# Who can tell a GPU address (the emulated GPU, while it runs: see emulated_api.patched_api). On a GPU,
# data_ptr() is a device address: the host reading or writing it through ctypes crashes (or reads
# another process's memory); here it is host memory, and the read would be a read-back nobody counted.
DEVICE_MEMORY: list[Callable[[int], bool]] = []
_ADDRESS_EVENTS = frozenset({"ctypes.cdata", "ctypes.string_at", "ctypes.wstring_at", "ctypes.call_function"})


class DeviceMemoryFault(BaseException):
    """The host touched GPU memory through a raw pointer: a crash on a GPU, so no handler of the case's
    (``except Exception``) may carry on past it."""


def _addresses(event: str, args: tuple[Any, ...]) -> list[int]:
    if event == "ctypes.call_function":  # memmove, memset, cast: (function, its arguments)
        values = args[1] if len(args) > 1 and isinstance(args[1], tuple) else ()
    else:
        values = args[:1]
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool) and v > 4096]


def _device_memory_hook(event: str, args: tuple[Any, ...]) -> None:
    if not (_guarding[0] and DEVICE_MEMORY and event in _ADDRESS_EVENTS):
        return
    for address in _addresses(event, args):
        if any(holds(address) for holds in DEVICE_MEMORY) and _case_on_stack():
            raise DeviceMemoryFault(
                f"the host touches GPU memory at {address:#x} through ctypes ({event}): data_ptr() of a GPU"
                " tensor is a device address, and this crashes on a GPU"
            )


_reach_hook_installed: list[bool] = []


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    """Inside the harness's function modes: threads inherit them, the case cannot remove them."""
    if not _reach_hook_installed:
        _reach_hook_installed.append(True)
        sys.addaudithook(_reach_hook)
        sys.addaudithook(_device_memory_hook)
    _guarding[0] += 1
    start, bootstrap = _threads_under()
    with contextlib.ExitStack() as stack:
        stack.callback(_guarding.__setitem__, 0, _guarding[0] - 1)
        stack.enter_context(_patched(threading.Thread, "start", start))
        stack.enter_context(_patched(threading.Thread, "_bootstrap_inner", bootstrap))
        stack.enter_context(_patched(sys, "gettrace", gettrace_hiding(sys.gettrace)))
        for owner, name in _RAW_STARTS:
            if hasattr(owner, name):
                stack.enter_context(_patched(owner, name, _raw_threads_under(getattr(owner, name))))
        for owner, name, what in _GUARDED:
            if hasattr(owner, name):
                stack.enter_context(_patched(owner, name, _guard(getattr(owner, name), what)))
        yield
