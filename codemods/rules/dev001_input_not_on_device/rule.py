"""## What it does
Finds data fed to a model that is on a device while the data never was moved, and moves it once, at
its boundary: where a loop's batch arrives (`x, y = x.to(device), y.to(device)`), where a value of a
dict or tuple batch is read (`batch["ids"].to(device)`), or where a tensor is made (`torch.randint(...,
device=device)`, `torch.from_numpy(obs).to(device)`); targets that meet the model's output go too,
also a tensor the code makes beside its input (`y = torch.randn(4, 1)` meeting `out = model(x)` in
`criterion(out, y)` or `out - y`; not a 0-dim `torch.tensor(2.0)`, which mixes with any device).

The model may be moved in the same function (under `if use_cuda:`, the data is moved under it too),
at the module's top level, in the constructor of the class whose method uses it or of an instance
(`agent.critic`), by every caller of a function it is passed to, by a function of the file that
builds, moves and returns it (`model = build_model(args)`), or named by
`next(model.parameters()).device`. Batches arrive from `for` headers (`enumerate`, `zip`), `x, y =
batch`, `next(it)` in a `while` loop, or as `model(**batch)`.

A batch handed in by a caller may be on the device already, except where the loop itself moves one
value of it in the model's call (`critic(states_i.to(device))`): then a value of the same unpacking
that meets the output unmoved (`returns_i - value`, `F.mse_loss(value, returns_i)`) is moved the same
way, where it meets it, when the code shows it is a tensor (see
`codemods/rules/dev001_input_not_on_device/_batch_partners.py`).

## Why is this bad?
On a GPU the forward pass stops with `RuntimeError: Expected all tensors to be on the same device`;
the code ran on a laptop only because everything was on the CPU there.

Silent when the data is moved on its path (`Variable(x.cuda())`, `if use_cuda: x = x.cuda()`, a
helper such as `to_var(x)`, a method of the class such as `self.create_labels(c)` that moves what it
makes), by the loader's `collate_fn` or dataset, or by the model's `forward`; for tensors a caller
hands in, for sequence lengths (kept on the CPU for packing), and for a loop over a literal list of
names or numbers (`for domain in ["CelebA", "RaFD"]:`), which draws no data, and for the numbers a
generator of the file yields (`yield x, i * 0.5`, `np.float64(...)`), reached by its name, an alias,
a lambda, a method, `__iter__` (also one returning another's generator), `next()` or `yield from`, or
a list of the file filled by `append` holds (see `codemods/analysis/batches.py`).

## Example
```python
model = Net().to(device)
for x, y in loader:
    loss = criterion(model(x), y)
```

Use instead:
```python
model = Net().to(device)
for x, y in loader:
    x, y = x.to(device), y.to(device)
    loss = criterion(model(x), y)
```

## Fix safety
Safe: `.to(device)` of a tensor already on that device returns it unchanged. Reported without a fix,
saying why: a model moved under a condition that cannot be repeated, or in another method, a device
the code cannot name there, a batch also used in host memory, a list or dict passed whole, a value
drawn from a generator of the file whose yields do not show what it is (`yield from` of what the file
does not show, `yield sample`, and a value not shown to be a tensor: `math.cos(i)`, `x.item()`, a
helper's result, a dict's value, an array's element), or from a list it fills by `append` with
such values: it may be a number, which has no `.to()`. A value moved like its
partner must be shown to be a tensor (a number has no `.to()`): otherwise no finding.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.batches import Batch, loop_batch
from codemods.analysis.moved_models import Block, MovedModel, MovedModels
from codemods.analysis.nn_modules import model_names
from codemods.analysis.values import Values
from codemods.core.base import FixSafety, Rule
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of
from codemods.core.torch_names import is_simple_device
from codemods.rules.dev001_input_not_on_device._batch_partners import batch_partners
from codemods.rules.dev001_input_not_on_device._created_inputs import CreatedInput, CreatedInputs
from codemods.rules.dev001_input_not_on_device._model_inputs import LoopInputs, first_fed
from codemods.rules.dev001_input_not_on_device._moved_data import MovedData


class InputNotOnDevice(Rule):
    code = "DEV001"
    name = "input-not-on-device"
    summary = "data fed to a model moved to a device was never moved itself; move it at the boundary"
    fix_safety = FixSafety.SAFE
    triggers = (".to(", ".cuda(", "parameters()).device")
    # the `.to(device)` it adds after a host creation is one DEV010 folds into the creation
    feeds = ("DEV010",)

    def check(self) -> None:
        placements = MovedModels(self.tree, self.aliases, Values.of(self.context))
        if not any(block.moves for block in placements.blocks):
            return  # no model is moved (or asked for its device) anywhere
        known_models = model_names(self.tree, self.aliases)
        self.moved_data = MovedData(self.tree, self.aliases)
        for block in placements.blocks:
            for loop, models in placements.loops_calling(block, known_models):
                self._check_loop(loop, models, block, placements)
            for created in CreatedInputs(self.tree, self.aliases, placements, block, known_models):
                if not self.moved_data.forward_moves_inputs(created.model.name):
                    self._fix_created(created)

    def _check_loop(
        self, loop: cst.For | cst.While, models: list[MovedModel], block: Block, placements: MovedModels
    ) -> None:
        batch = loop_batch(self.tree, loop, Values.of(self.context))
        if batch is None or _constants(batch.source):
            return  # `for dataset in ["CelebA", "RaFD"]:` draws names, not data
        if isinstance(loop, cst.For) and self.moved_data.moved_in_enclosing_loop(batch.source, loop):
            return  # `a = label.to(device)` in the loop around, then `for action in a.unique():`
        module, passed = placements.blocks[0], placements.arguments_passed(block)
        drawn_from = self.moved_data.drawn_from(batch.source, block, module, passed)
        if drawn_from == "caller":  # the caller's tensors: the loop's own moves say where they are
            self._check_partners(loop, batch, models, block)
        if drawn_from:
            return
        fed = first_fed(self.tree, self.aliases, batch, models, skip=self.moved_data.forward_moves_inputs)
        if fed is None:
            return
        model, found = fed
        named = found.named()
        verb, be = ("reach", "are") if len(named) > 1 else ("reaches", "is")
        listed = ", ".join(f"`{n}`" for n in named)
        message = f"{listed} {verb} `{model.name}`, which was moved to a device, but {be} never moved"
        torch = self.aliases.local_name_for("torch")
        unsure = (
            model.why_unsure
            or ("" if is_simple_device(model.move.device, self.aliases) else "its device is not a plain name")
            or _why_unshown(batch, found)
            or found.why_not_moved(self.tree, batch, torch, model.guard)
        )
        if unsure:
            self.report(loop, f"{message}; not fixed: {unsure}")
        else:
            edits = found.moves(self.tree, batch, model.move, torch, model.guard)
            where = (
                "under the same condition as the model"
                if model.guard is not None
                else "at the top of the loop"
            )
            self.report(loop, f"{message}; move {where}", edits=edits)

    def _check_partners(
        self, loop: cst.For | cst.While, batch: Batch, models: list[MovedModel], block: Block
    ) -> None:
        """Values of a handed-in batch that meet a model's output unmoved while the loop moves another
        value of the same batch in the model's call (see
        :mod:`codemods.rules.dev001_input_not_on_device._batch_partners`)."""
        for partner in batch_partners(
            self.tree, self.aliases, self.moved_data, loop, batch, models, block.function
        ):
            message = (
                f"`{partner.name}` meets the output of `{partner.model}`, which is on a device,"
                f" but stays in host memory while `{partner.moved}` of the same batch is moved"
                " for the call; move it the same way"
            )
            if partner.why_not_moved:
                self.report(partner.uses[0], f"{message}; not fixed: {partner.why_not_moved}")
            else:
                self.report(partner.uses[0], message, edits=partner.moves())

    def _fix_created(self, created: CreatedInput) -> None:
        where = "create it on the device" if created.fixed_in_place else "move it where it is made"
        model = created.model.name
        message = (
            f"`{created.name}` is created on the CPU and fed to `{model}`, which is on a device; {where}"
        )
        unsure = created.why_not_moved(self.tree, self.aliases)
        if unsure:
            self.report(created.made, f"{message}; not fixed: {unsure}")
        else:
            self.report(created.made, message, edits=created.moves(self.tree))


def _why_unshown(batch: Batch, found: LoopInputs) -> str:
    """Why a value of the batch may have no ``.to()``: it is drawn from a generator of the file whose
    yields do not show what it is (a Python number there, ``yield x, i * 0.5``, is no tensor)."""
    roots = [
        *found.tensors,
        *found.starred,
        *found.passed_whole,
        *(dotted_name(i.value) for i in found.items),
    ]
    unshown = next((name for name in roots if name in batch.unshown), None)
    if unshown is None:
        return ""
    source = code_of(batch.source)
    source = f"`{source}`" if len(source) <= 40 else "its source"
    return f"what {source} yields is not shown: `{unshown}` may be a number, which has no `.to()`"


def _constants(source: cst.BaseExpression) -> bool:
    """A literal list, tuple or set of strings and numbers: what a loop over it draws is no batch."""
    if not isinstance(source, (cst.List, cst.Tuple, cst.Set)) or not source.elements:
        return False
    return all(
        isinstance(e.value, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float))
        for e in source.elements
    )
