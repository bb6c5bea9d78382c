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

What this cannot stop: a case that starts another interpreter, or walks frames up to the harness's.
A proof on the emulated GPU is a proof about code that does not attack the harness.
"""

from __future__ import annotations

import contextlib
import os
import sys
import sysconfig
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import torch
import torch.overrides

from autofix.harness.origin import is_library

_STDLIB = tuple(
    os.path.join(os.path.realpath(sysconfig.get_paths()[key]), "") for key in ("stdlib", "platstdlib")
)
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


def _threads_under(modes: list[Any]) -> Callable[..., Any]:
    original = threading.Thread._bootstrap_inner  # type: ignore[attr-defined]

    def bootstrap(thread: threading.Thread) -> None:
        with contextlib.ExitStack() as stack:
            for mode in modes:
                stack.enter_context(mode)
            original(thread)

    return bootstrap


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
    """Take ``prefix``'s modules out of ``sys.modules`` for the block (the harness's, while the case runs)."""
    hidden = {n: m for n, m in sys.modules.items() if n == prefix or n.startswith(prefix + ".")}
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


_reach_hook_installed: list[bool] = []


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    """Inside the harness's function modes: threads inherit them, the case cannot remove them."""
    if not _reach_hook_installed:
        _reach_hook_installed.append(True)
        sys.addaudithook(_reach_hook)
    modes = list(torch.overrides._get_current_function_mode_stack())
    _guarding[0] += 1
    with contextlib.ExitStack() as stack:
        stack.callback(_guarding.__setitem__, 0, _guarding[0] - 1)
        stack.enter_context(_patched(threading.Thread, "_bootstrap_inner", _threads_under(modes)))
        for owner, name, what in _GUARDED:
            if hasattr(owner, name):
                stack.enter_context(_patched(owner, name, _guard(getattr(owner, name), what)))
        yield
