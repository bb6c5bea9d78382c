"""What a project's other files bring into a file's names, as project mode reads them.

A file alone cannot show what ``from utils import *`` binds, nor that ``helper.install()`` writes
``sys.modules["__main__"].F``: the names a fix reads may then hold something else. Given a folder, the
engine reads the project's files (``autofix.files.project_names``) and hands each file these facts:

- ``stars``: for each star import of a project module, the names that module binds at its top level
  (its ``__all__``, or its public names) and what each holds: the qualified name an import gave it
  (``torch.nn.functional`` for ``import torch.nn.functional as F``), else the module's own
  (``layers.F`` for ``class F:``). :class:`codemods.core.names.ImportAliases` binds them where the star
  import stands, so a later star that rebinds ``F`` or ``Variable`` takes them from torch.
- ``route``: how a project module the file imports (or one imported by it, and so on) reaches names no
  statement spells (:mod:`codemods.core.dynamic_names`): then no fix of this file keeps its meaning
  for sure, and :meth:`codemods.core.base.Rule.report` offers them as unsafe.
- ``switches_gpu``: which imported project module names what switches the current GPU
  (``torch.cuda.set_device``), so that ``"cuda:0"`` need not be the GPU ``.cuda()`` uses (DEV007).
- ``scripts``: a project file that hands modules to ``torch.jit.script``, which compiles the classes
  of other files too (:mod:`codemods.core.torchscript`).

A file given alone gets none of these: its star imports keep the conventions of
:mod:`codemods.core.names`, and routes in other files stay out of reach (the module docstring of
:mod:`codemods.core.dynamic_names`).
"""

from __future__ import annotations

from dataclasses import dataclass

# Names a star import binds, with what each holds (a qualified name).
StarNames = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ProjectNames:
    """The facts above, for one file: small and hashable, as a worker's task carries them."""

    # (the module as the star import spells it, relative dots included: `utils`, `.layers`) -> names
    stars: tuple[tuple[str, StarNames], ...] = ()
    route: str | None = None
    switches_gpu: str | None = None
    # A project file that hands modules to `torch.jit.script` (which may be this file's classes), said
    # as a message says it (codemods.core.torchscript).
    scripts: str | None = None

    def star_names(self, module: str) -> StarNames | None:
        """What ``from <module> import *`` binds, where the project shows it, else None."""
        return next((names for spelled, names in self.stars if spelled == module), None)


NO_PROJECT = ProjectNames()
