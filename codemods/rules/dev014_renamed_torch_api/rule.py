"""## What it does
Finds the names PyTorch renamed and keeps only as deprecated aliases, and writes the new ones:

* the initialisers of `torch.nn.init` without the trailing underscore (`xavier_uniform`,
  `xavier_normal`, `kaiming_uniform`, `kaiming_normal`, `uniform`, `normal`, `constant`, `orthogonal`,
  `sparse`, `eye`, `dirac`), however `torch.nn.init` is imported (`nn.init.`, `init.` after
  `import torch.nn.init as init` or `from torch.nn import init`), called or passed on;
* `torch.nn.utils.clip_grad_norm`, which becomes `clip_grad_norm_`;
* `torch.nn.NLLLoss2d`, which becomes `NLLLoss` (its drop-in replacement since PyTorch 0.4), and
  `torch.nn.functional.upsample`, which becomes `interpolate`;
* `x.cuda(async=True)`, `x.to(device, async=True)`, `x.type(t, async=True)` and
  `x.copy_(y, async=True)`: PyTorch 0.4 renamed the argument `non_blocking`. Since Python 3.7 `async`
  is a keyword and such a file does not parse at all, for autofix either: this one fix is made in the
  text before the file is parsed, so that the other rules can read it.

A function imported on its own (`from torch.nn.init import xavier_uniform`) is reported at each use,
and its import binds the new function under the name the file uses: `from torch.nn.init import
xavier_uniform_ as xavier_uniform` (the uses, and any module importing the name from this one, then get
the new function; renaming each use is left to the author). `NLLLoss2d` imported so is only reported:
under its old name, `NLLLoss` would pass `isinstance` tests that class failed. Functions of other
libraries with these names (`torch.normal`, `np.random.uniform`, a user's `init.uniform`) are left alone.

## Why is this bad?
The old initialisers and `clip_grad_norm` warn on every call (`FutureWarning`) and may go in any
release; `async=True` stops the file from running on any Python since 3.7 (`SyntaxError`).

## Example
```python
nn.init.xavier_uniform(layer.weight)
torch.nn.utils.clip_grad_norm(model.parameters(), 0.5)
input = input.cuda(async=True)
```

Use instead:
```python
nn.init.xavier_uniform_(layer.weight)
torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
input = input.cuda(non_blocking=True)
```

## Fix safety
Safe. In PyTorch 2.13 each old initialiser is `_make_deprecate(new)`, which warns and calls the new one
with the same arguments; `clip_grad_norm` warns and returns `clip_grad_norm_(...)` of its arguments;
`NLLLoss2d` is a subclass of `NLLLoss` that only warns (a test `isinstance(c, nn.NLLLoss)` is true of both);
`upsample(input, size, scale_factor, mode, align_corners)` warns and returns `interpolate` of the same five.
`non_blocking` is the same argument under its new name: PyTorch 0.4 renamed it, its meaning unchanged.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.base import FixSafety, Rule, TextFix
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of
from codemods.fixes.async_keyword import async_keyword_fixes

_INIT = "torch.nn.init"
_INITIALISERS = frozenset(
    {
        "xavier_uniform",
        "xavier_normal",
        "kaiming_uniform",
        "kaiming_normal",
        "uniform",
        "normal",
        "constant",
        "orthogonal",
        "sparse",
        "eye",
        "dirac",
    }
)
_RENAMED = {f"{_INIT}.{name}": f"{name}_" for name in _INITIALISERS} | {
    "torch.nn.utils.clip_grad_norm": "clip_grad_norm_",
    "torch.nn.utils.clip_grad.clip_grad_norm": "clip_grad_norm_",
    "torch.nn.NLLLoss2d": "NLLLoss",
    "torch.nn.modules.loss.NLLLoss2d": "NLLLoss",
    "torch.nn.functional.upsample": "interpolate",
}

_RENAMED_LAST = frozenset(name.rpartition(".")[2] for name in _RENAMED)


class RenamedTorchApi(Rule):
    code = "DEV014"
    name = "renamed-torch-api"
    summary = (
        "renamed PyTorch API: `nn.init.xavier_uniform` -> `xavier_uniform_`,"
        " `clip_grad_norm` -> `clip_grad_norm_`, `async=` -> `non_blocking=`"
    )
    fix_safety = FixSafety.SAFE
    triggers = ("init", "clip_grad_norm", "async", "NLLLoss2d", "upsample")
    reads = ("aliases",)  # what a name stands for, from the imports (codemods.core.facts)

    @classmethod
    def text_fixes(cls, text: str) -> list[TextFix]:
        return async_keyword_fixes(text)

    def check(self) -> None:
        # Each import of a renamed function by name, with its one rewrite (every finding it cures offers it)
        self._renamed_imports = {
            id(alias): (alias, renamed, message)
            for imported in self.tree.of_type(self.tree.root, cst.ImportFrom)
            for alias, renamed, message in _imported_by_name(imported)
        }
        for imported in self.sites(cst.ImportFrom):
            for alias in imported.names if not isinstance(imported.names, cst.ImportStar) else ():
                if id(alias) in self._renamed_imports:
                    _, renamed, message = self._renamed_imports[id(alias)]
                    self.report(alias, message, edits={alias: renamed})
        for node in self._candidates():
            new = _RENAMED.get(self.aliases.qualify(node) or "")
            if new is None or self._is_part_of_a_name(node) or self._is_bound_here(node):
                continue
            old = code_of(node)
            spelled = f"{old.rpartition('.')[0]}.{new}" if isinstance(node, cst.Attribute) else new
            deprecated = f"`{old}` is deprecated; `{spelled}` is its new name and does the same"
            if isinstance(node, cst.Name):
                rewrite = self._import_of(node.value)
                if rewrite is None:
                    self.report(node, f"{deprecated} (imported by name: import `{new}` instead)")
                else:
                    alias, renamed, _ = rewrite
                    cured = f"{deprecated} (imported by name: its import is rewritten)"
                    self.report(node, cured, edits={alias: renamed})
            else:
                self.report(node, deprecated, edits={node.attr: cst.Name(new)})

    def _import_of(self, local: str) -> tuple[cst.ImportAlias, cst.ImportAlias, str] | None:
        """The rewrite of the import that binds ``local``, where it is the file's one binding of it."""
        found = [entry for entry in self._renamed_imports.values() if _local_name(entry[0]) == local]
        return found[0] if len(found) == 1 else None

    def _candidates(self) -> list[cst.Attribute | cst.Name]:
        """The sites that may qualify to a renamed function, in source order: an attribute qualifies to a
        name that ends in its own last part, a name to what its import binds. Tested before qualify, which
        most of a file's names and attributes fail; the module's names and attributes are filtered class by
        class (the few left sorted back into source order), not merged into one list first."""
        renamed = {local for local, full in self.aliases.names.items() if full in _RENAMED}
        if self.context.focus is not None:
            return [
                node
                for node in self.sites((cst.Attribute, cst.Name))
                if (
                    node.attr.value in _RENAMED_LAST if type(node) is cst.Attribute else node.value in renamed
                )
            ]
        root = self.tree.root
        found: list[cst.Attribute | cst.Name] = [
            a for a in self.tree.of_type(root, cst.Attribute) if a.attr.value in _RENAMED_LAST
        ]
        if renamed:
            found += [n for n in self.tree.of_type(root, cst.Name) if n.value in renamed]
            found.sort(key=lambda node: self.tree.position(node) or 0)  # (every one is in the tree)
        return found

    def _is_part_of_a_name(self, node: cst.CSTNode) -> bool:
        """``torch`` in ``torch.nn.init.uniform``, or the ``uniform`` of ``init.uniform``: one report, for the
        whole dotted name."""
        parent = self.tree.parent(node)
        return isinstance(parent, cst.Attribute) and (parent.value is node or parent.attr is node)

    def _is_bound_here(self, node: cst.CSTNode) -> bool:
        """An import, an assignment to the name or an attribute of it: not a use of PyTorch's function."""
        return any(
            isinstance(above, (cst.ImportAlias, cst.AssignTarget, cst.ImportFrom, cst.Import))
            for above in (self.tree.parent(node), *self.tree.ancestors(node))
        )


def _local_name(alias: cst.ImportAlias) -> str | None:
    local = alias.asname.name if alias.asname is not None else alias.name
    return local.value if isinstance(local, cst.Name) else None


def _imported_by_name(imported: cst.ImportFrom) -> list[tuple[cst.ImportAlias, cst.ImportAlias, str]]:
    """``from torch.nn.init import xavier_uniform``: each renamed function it imports, the import rewritten
    to bind the new one under the name the file reads (``xavier_uniform_ as xavier_uniform``), and why."""
    module = dotted_name(imported.module) if imported.module is not None else None
    if not module or imported.relative or isinstance(imported.names, cst.ImportStar):
        return []
    found = []
    for alias in imported.names:
        old = dotted_name(alias.name)
        new = _RENAMED.get(f"{module}.{old}")
        local = _local_name(alias)
        if new is None or new == "NLLLoss" or local is None:
            continue  # (a class under its old name would pass `isinstance` tests it failed)
        renamed = alias.with_changes(name=cst.Name(new), asname=cst.AsName(name=cst.Name(local)))
        message = (
            f"`{module}.{old}` is deprecated; `{new}` is its new name and does the same: import it under"
            f" the name the file uses, `{new} as {local}`"
        )
        found.append((alias, renamed, message))
    return found
