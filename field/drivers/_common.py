"""What the field drivers share: load a field file, run a script-style one briefly, stub what is absent.

A driver is run as ``python field/drivers/<id>.py FILE`` (FILE: the original or the rewritten field
file), under ``autofix run --emulate-cuda`` (CUDA looks available) and plainly on the CPU. It does what
a user with a GPU would do with the file (move the model to ``device()``, feed it data on that device)
for a few steps, and exits 0; any exception fails the run. Nothing here quotes a field file.
"""

from __future__ import annotations

import builtins
import importlib.util
import json
import re
import sys
import types
from pathlib import Path

import torch

torch.manual_seed(0)
torch.set_num_threads(1)


def target() -> Path:
    """The field file this run is about (the command line's first argument)."""
    return Path(sys.argv[1]).resolve()


def device() -> torch.device:
    """The device a user with a GPU would pick: CUDA when available (the emulated one included)."""
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def load(path: Path | None = None, name: str = "field_module") -> types.ModuleType:
    """Import the field file as a module (its ``if __name__ == "__main__"`` block does not run)."""
    path = path or target()
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


LONG = 100  # a range longer than this is a training loop (epochs, steps), not a shape


def capped_range(cap: int):
    """``range`` that stops after ``cap`` items when it is long: a script's epoch and step loops run
    briefly, while short ranges (time steps, batch rows, layers) keep their meaning."""

    def capped(*args: int) -> range:
        full = builtins.range(*args)
        return full[:cap] if len(full) > LONG else full

    return capped


def run_source(
    source: str, filename: str, cap: int = 3, argv: list[str] | None = None, extra: dict | None = None
) -> dict:
    """Run a script's text as ``__main__`` with ``range`` capped; returns its globals."""
    namespace = {"__name__": "__main__", "__file__": filename, "range": capped_range(cap), **(extra or {})}
    sys.argv = [filename, *(argv or [])]
    exec(compile(source, filename, "exec"), namespace)
    return namespace


def run_script(
    path: Path | None = None, cap: int = 3, argv: list[str] | None = None, extra: dict | None = None
) -> dict:
    path = path or target()
    sys.path.insert(0, str(path.parent))
    return run_source(path.read_text(encoding="utf-8"), str(path), cap, argv, extra)


_IPYTHON = re.compile(r"^\s*[%!]")


def notebook_source(path: Path | None = None, skip: tuple[int, ...] = ()) -> str:
    """The code cells of a notebook, in order, with IPython-only lines (``%magic``, ``!shell``) dropped,
    and without the cells in ``skip`` (numbered like the labels: every cell from 1, markdown included)."""
    document = json.loads((path or target()).read_text(encoding="utf-8"))
    cells = []
    for number, cell in enumerate(document["cells"], 1):
        if cell.get("cell_type") != "code" or number in skip:
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        cells.append("\n".join(line for line in source.splitlines() if not _IPYTHON.match(line)))
    return "\n\n".join(cells) + "\n"


class _Anything:
    """Stands for a plotting or logging library: every attribute and call is accepted and does nothing."""

    def __getattr__(self, name: str) -> _Anything:
        return self

    def __call__(self, *args: object, **kwargs: object) -> _Anything:
        return self

    def __iter__(self):
        return iter((self, self))


def _anything_but_dunders(attr: str) -> _Anything:
    if attr.startswith("__"):  # the import system asks for __path__, __file__...: a plain module has none
        raise AttributeError(attr)
    return _Anything()


def stub(name: str, **attrs: object) -> types.ModuleType:
    """Register a module ``name`` (and its parents) holding ``attrs``; unknown attributes do nothing."""
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    module.__getattr__ = _anything_but_dunders  # type: ignore[method-assign]
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules.get(parent) or stub(parent), child, module)
    return module


def stub_plotting() -> None:
    """matplotlib and friends are not installed here, and a driver never draws."""
    for name in ("matplotlib", "matplotlib.pyplot", "visdom", "tensorboardX", "IPython", "IPython.display"):
        stub(name)


def train_steps(model: torch.nn.Module, batches, loss_fn, steps: int = 2) -> None:
    """A few optimizer steps: ``loss_fn(model, batch)`` returns the loss."""
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
    for _, batch in zip(builtins.range(steps), batches):
        optimizer.zero_grad()
        loss = loss_fn(model, batch)
        loss.backward()
        optimizer.step()


def load_vae(path: Path | None = None) -> types.ModuleType:
    """A model file of AntixK/PyTorch-VAE: ``from models import BaseVAE`` and ``from .types_ import *``
    are given a plain ``nn.Module`` base and the typing names, and the file is loaded inside a package."""
    from collections.abc import Callable
    from typing import Any, TypeVar, Union

    stub("models", BaseVAE=type("BaseVAE", (torch.nn.Module,), {}))
    stub("vaepkg", __path__=[])
    stub(
        "vaepkg.types_",
        Any=Any,
        Callable=Callable,
        List=list,
        Tuple=tuple,
        TypeVar=TypeVar,
        Union=Union,
        Tensor=TypeVar("torch.tensor"),
    )
    return load(path, name="vaepkg.field_module")


def exercise_vae(model: torch.nn.Module, size: int = 64, samples: bool = True) -> None:
    """What PyTorch-VAE's experiment does with a model, on ``device()``: a training step on random
    images (forward, loss_function with its minibatch weight, backward), then sample() on that device."""
    model = model.to(device())
    images = torch.rand(2, 3, size, size, device=device())
    results = model(images)
    model.loss_function(*results, M_N=0.5)["loss"].backward()
    if samples:
        with torch.no_grad():
            model.sample(2, device())
