"""Installs the emulated GPU in a Python process started by ``autofix run --emulate-cuda``.

:mod:`autofix.harness.launch` puts a ``sitecustomize.py`` first on ``PYTHONPATH`` that calls
:func:`install` in every Python process the command starts (pytest, its workers, a script's
subprocesses). Installing must cost nothing in a process that never uses torch, so nothing is imported
here: a finder waits for ``import torch`` to finish, and only then enters the emulation, for good.

At exit each process that used torch writes its transfer and sync counts to
``$AUTOFIX_EMULATE_DIR/<pid>.json``, which the launcher sums and prints.

Limits, said where they bite: the emulation is a ``TorchFunctionMode``, which PyTorch keeps per
thread, so tensors made in threads other than the main one (a pin-memory thread, a thread pool) are
plain CPU tensors there.
"""

from __future__ import annotations

import atexit
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

ENV_ON = "AUTOFIX_EMULATE_CUDA"  # the emulated GPU count; unset or empty: do nothing
ENV_DIR = "AUTOFIX_EMULATE_DIR"  # where each process leaves its counts
ENV_SITE = "AUTOFIX_EMULATE_SITE"  # our sitecustomize's folder, skipped when chaining to the next one
_ENTERED: list[Any] = []


class _AfterTorchImport(importlib.abc.MetaPathFinder):
    """Finds ``torch`` through the other finders, and enters the emulation once it has loaded."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "torch":
            return None
        sys.meta_path.remove(self)  # one torch per process: never asked again
        spec = next(
            filter(None, (f.find_spec(name, path, target) for f in sys.meta_path if hasattr(f, "find_spec"))),
            None,
        )
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader_exec = spec.loader.exec_module

        def exec_module(module: Any) -> None:
            loader_exec(module)
            _enter()

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_SETTINGS: dict[str, str] = {}


def install() -> None:
    """Called by the sitecustomize: enter the emulation now or as soon as torch is imported."""
    if not os.environ.get(ENV_ON):
        return
    _SETTINGS.update({name: os.environ.get(name, "") for name in (ENV_ON, ENV_DIR, ENV_SITE)})
    if "torch" in sys.modules:
        _enter()
    else:
        sys.meta_path.insert(0, _AfterTorchImport())


def _enter() -> None:
    try:
        from autofix.harness.emulated_cuda import emulated_cuda
    except ImportError as exc:  # torch without what the emulation needs: say so, run unemulated
        print(f"autofix: no emulated GPU in this process: {exc}", file=sys.stderr)
        return
    context = emulated_cuda(device_count=int(_SETTINGS.get(ENV_ON) or 1))
    mode = context.__enter__()  # never left: the process ends inside the emulation
    _forget_sitecustomize()
    _ENTERED.append(context)  # held: a collected generator would leave the emulation
    atexit.register(_write_counts, mode)


def _write_counts(mode: Any) -> None:
    folder = _SETTINGS.get(ENV_DIR)
    if not folder:
        return
    record = {"pid": os.getpid(), "argv": sys.argv[:4], "counts": mode.counters.as_dict()}
    try:
        Path(folder, f"{os.getpid()}.json").write_text(json.dumps(record))
    except OSError:
        pass  # the launcher is gone or its folder with it: nobody to tell


def hide() -> None:
    """Out of the case's sight once installed: our variables and our folder on ``PYTHONPATH`` leave
    ``os.environ`` (the process's own environment keeps them, so the processes it starts inherit the
    emulation), our folder leaves ``sys.path``, our ``sitecustomize`` leaves ``sys.modules``. A case
    must not read from them that it runs under the emulated GPU."""
    site = _SETTINGS.get(ENV_SITE) or os.environ.get(ENV_SITE, "")
    data = getattr(os.environ, "_data", None)
    if not site or not isinstance(data, dict):
        return
    for name in (ENV_ON, ENV_DIR, ENV_SITE):
        data.pop(os.environ.encodekey(name), None)
    path = os.environ.get("PYTHONPATH", "")
    kept = os.pathsep.join(p for p in path.split(os.pathsep) if os.path.abspath(p or ".") != site)
    key = os.environ.encodekey("PYTHONPATH")
    if kept:
        data[key] = os.environ.encodevalue(kept)
    else:
        data.pop(key, None)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != site]
    _forget_sitecustomize()


def _forget_sitecustomize() -> None:
    """Our ``sitecustomize`` out of ``sys.modules``, once its import is over (site.py reads it back)."""
    module = sys.modules.get("sitecustomize")
    site = _SETTINGS.get(ENV_SITE, "")
    if module is None or not site or getattr(getattr(module, "__spec__", None), "_initializing", False):
        return
    if os.path.dirname(os.path.abspath(getattr(module, "__file__", "") or "")) == os.path.abspath(site):
        del sys.modules["sitecustomize"]


def chain_sitecustomize() -> None:
    """Run the ``sitecustomize`` ours shadows (a distribution's or a virtualenv's), if there is one."""
    ours = _SETTINGS.get(ENV_SITE) or os.environ.get(ENV_SITE, "")
    search = [p for p in sys.path if p and os.path.abspath(p) != os.path.abspath(ours)]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", search)
    if spec is None or spec.loader is None or spec.origin == os.path.join(ours, "sitecustomize.py"):
        return
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # as Python itself does with a broken sitecustomize: warn, go on
        print(f"autofix: the project's sitecustomize failed: {exc!r}", file=sys.stderr)
