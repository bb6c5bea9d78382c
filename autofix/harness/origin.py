"""Where an exception came from: torch's own checks, the emulated GPU's, or the case's own code.

Only a failure raised by torch's checks (or by the emulated GPU's copies of them) can prove that a rewrite
cured something; the message alone proves nothing, since a case can write any message. Origins:

* ``emulator``: raised by the emulated GPU's device check, which marks the exception it raises (and
  the traceback must end in the emulator);
* ``case``: a ``raise`` or ``assert`` in the case's code (``exec``'d code included), an exception thrown
  into a generator, or an exception raised by one of torch's functions that raise the *caller's* message
  (``torch._check``, ``torch._assert``, ``torch._assert_async``, ...) when the case called it;
* ``torch``: raised by torch's code: a ``raise`` in torch's Python files, or C++ under a torch function
  that the phase's function mode saw raise it (:mod:`autofix.harness.recorder`, the emulated GPU);
* ``unknown``: raised in C code called straight from the case's code, and no torch function was seen
  raising it; or raised under a torch function that calls the case's callable (``apply_``, ``map_``),
  which may be a C function raising the case's words. Never proof either.

No torch import: the tracebacks are read with :mod:`dis`.
"""

from __future__ import annotations

import dis
import functools
import importlib.util
import os
import site
import sysconfig
from pathlib import Path
from types import CodeType, FrameType, TracebackType
from typing import Any

TORCH, EMULATOR, CASE, UNKNOWN = "torch", "emulator", "case", "unknown"
TRUSTED = frozenset({TORCH, EMULATOR})

# Set on an exception by whoever saw it raised: (EMULATOR, what) or (TORCH, the torch function's name).
_MARK = "_autofix_origin"
# torch functions whose message is the caller's: their failure is the caller's failure.
USER_MESSAGE = frozenset(
    {
        "_check",
        "_check_with",
        "_check_index",
        "_check_value",
        "_check_type",
        "_check_not_implemented",
        "_check_is_size",
        "_check_tensor_all",
        "_check_tensor_all_with",
        "_assert",
        "_assert_async",
        "_assert_scalar",
        "_functional_assert_async",
        "_functional_assert_scalar",
        "_assert_tensor_metadata",
        "assert_close",
        "assert_allclose",
    }
)
# torch functions that call a callable the caller hands them: an exception from them may be that
# callable's own, raised from C (a ctypes function, a partial) without a frame of the case's to show it.
CALLS_BACK = frozenset({"apply_", "map_", "map2_"})
_RAISES = frozenset({"RAISE_VARARGS", "RERAISE"})
# torch functions that raise an exception made elsewhere (a future's, a DataLoader worker's, a spawned
# process's): who raised it first is out of sight, so it is never torch's check.
RELAYS = frozenset({"wait", "value", "reraise", "_wait_all", "wait_all", "collect_all", "join"})
_THROWN = frozenset({"YIELD_VALUE", "SEND", "RESUME", "RETURN_GENERATOR"})
_EMULATOR_FILES = ("emulated_cuda.py", "emulated_api.py")


def mark(exc: BaseException, origin: str, what: str = "") -> BaseException:
    """Record who raised ``exc``, unless an inner raiser already did."""
    if getattr(exc, _MARK, None) is None:
        try:
            setattr(exc, _MARK, (origin, what))
        except (AttributeError, TypeError):  # an exception type without a __dict__: left unmarked
            pass
    return exc


@functools.lru_cache(maxsize=1)
def _library_roots() -> tuple[str, ...]:
    """The folders whose files are not the case's: the installed torch, the interpreter's package
    folders, and this harness. Real folders, not names: a case's ``vendor/site-packages/`` or a file
    compiled under the name ``/opt/torch/checks.py`` is the case's code."""
    roots = [os.path.dirname(os.path.realpath(__file__))]
    spec = importlib.util.find_spec("torch")
    if spec is not None and spec.origin:
        roots.append(os.path.dirname(os.path.realpath(spec.origin)))
    folders = {sysconfig.get_paths().get(key, "") for key in ("purelib", "platlib")}
    try:
        folders.update(site.getsitepackages())
    except AttributeError:  # pragma: no cover - a virtualenv's old site module
        pass
    roots.extend(os.path.realpath(folder) for folder in folders if folder)
    return tuple(os.path.join(root, "") for root in roots)


# Files of the harness's outside its package: the fork server's launcher (see runner.Zygote).
_HARNESS_FILES: set[str] = set()


def trust(filename: str) -> None:
    """Count ``filename`` as the harness's own code (never the case's)."""
    _HARNESS_FILES.add(os.path.realpath(filename))
    is_library.cache_clear()


@functools.lru_cache(maxsize=4096)
def is_library(filename: str) -> bool:
    """torch, an installed package, or this harness: code that is not the case's. The file must exist
    under one of those folders (see _library_roots), or be one of the harness's (see trust)."""
    if not os.path.isabs(filename) or not os.path.isfile(filename):
        return False
    real = os.path.realpath(filename)
    return real in _HARNESS_FILES or real.startswith(_library_roots())


def _instruction(code: CodeType, offset: int) -> str:
    for instruction in dis.get_instructions(code):
        if instruction.offset == offset:
            return instruction.opname
    return ""


def _entries(tb: TracebackType | None) -> list[tuple[FrameType, int]]:
    entries = []
    while tb is not None:
        entries.append((tb.tb_frame, tb.tb_lasti))
        tb = tb.tb_next
    return entries


def _base_name(what: Any) -> str:
    # "_assert_async.msg" (an OpOverload) and "aten::_assert_async" name the same function.
    return str(what).rsplit("::", 1)[-1].split(".", 1)[0]


def origin_of(exc: BaseException) -> str:
    """One of TORCH, EMULATOR, CASE, UNKNOWN (see the module's docstring)."""
    entries = _entries(exc.__traceback__)
    if not entries:
        return UNKNOWN
    marked = getattr(exc, _MARK, None)
    origin, what = marked if isinstance(marked, tuple) and len(marked) == 2 else (None, "")
    frame, offset = entries[-1]
    filename = frame.f_code.co_filename
    if origin == EMULATOR and Path(filename).name in _EMULATOR_FILES and is_library(filename):
        return EMULATOR
    if origin == TORCH and _base_name(what) in USER_MESSAGE:
        return CASE
    if origin == TORCH and _base_name(what) in CALLS_BACK:
        return UNKNOWN
    instruction = _instruction(frame.f_code, offset)
    if not is_library(filename):
        if instruction in _RAISES or instruction in _THROWN:
            return CASE  # `raise`, `assert`, exec'd code, generator.throw()
        return TORCH if origin == TORCH else UNKNOWN  # C code called by the case: torch's only if seen so
    # Library code raised it. The first library frame the case's code called is the API it used.
    called = next(
        (
            entries[i + 1][0]
            for i in range(len(entries) - 2, -1, -1)
            if not is_library(entries[i][0].f_code.co_filename)
        ),
        None,
    )
    if called is not None and called.f_code.co_name in USER_MESSAGE:
        return CASE
    if frame.f_code.co_name in RELAYS or (called is not None and called.f_code.co_name in RELAYS):
        return UNKNOWN
    return TORCH
