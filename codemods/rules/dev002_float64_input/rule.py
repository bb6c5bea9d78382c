"""## What it does
Finds float64 (double precision) tensors fed to a model whose weights are float32, and makes the
input match the model: `.double()` becomes `.float()`, `dtype=torch.float64` becomes
`dtype=torch.float32`, `.to(torch.double)` becomes `.to(torch.float32)`, and NumPy data (float64 by
default) gets `.float()` after `torch.from_numpy(...)` or `dtype=torch.float32` in `torch.tensor(...)`.

NumPy data is float64 by construction when it comes from `np.random.randn` and friends, a
`np.random.default_rng()` generator's draws (`rng.normal(...)`), `np.loadtxt`, `np.genfromtxt`,
`np.linspace` and the like, also sliced (`data[:, :3]`) and fed one minibatch at a time
(`model(X_t[idx])`). `torch.from_numpy` of an array whose dtype the file does not show (a
parameter, `np.load`, a DataFrame's `.values`) is fixed with `.float()` only when the model's first
layer takes floats (`nn.Linear`, a convolution, a local module whose `forward` starts with one):
then `.float()` is right whatever the array's dtype; an embedding's integer input is left alone.
Data the code makes float32 where it is built (`np.array(..., dtype='float32')`, `np.float32(x)`,
`.astype(np.float32)`, a dtype given by position) is left alone, followed through the names it is
bound to, also when `x = torch.from_numpy(x)` rebinds the array's own name.

## Why is this bad?
`nn.Linear` and friends are float32. A float64 input either stops the forward pass with
`RuntimeError: mat1 and mat2 must have the same dtype`, or (where PyTorch promotes) runs every
matmul in double precision: about half the speed on a CPU and far worse on most GPUs, for precision
the float32 weights cannot use.

The rule checks dtype consistency, not float32 everywhere: it stays silent when the model itself is
made float64 on purpose (`model.double()`, `model.to(torch.float64)`, layers built with
`dtype=torch.float64`, `torch.set_default_dtype(torch.float64)`,
`torch.set_default_tensor_type(torch.DoubleTensor)`), and when the float64 value never reaches a model.
The model may be made so through a chain of its methods (`model.requires_grad_(False).double()`), a
part of it (`model[0].double()`, `model.get_submodule("0")`, `next(iter(model))`), another name (`m2 =
model`), a container and a loop over it (`for m in [model]: m.double()`), a function or class of the
file handed it (`prep(model)`, `prep(net=model)`, `Trainer(model)`, `prep([model])`,
`model.apply(lambda m: m.double())`), `nn.Module`'s own method (`nn.Module.double(model)`,
`type(model).double(model)`), a dtype bound to a name (`dtype = torch.float64`), options shown
(`model.to(**dict(dtype=torch.float64))`) or a float64 tensor it is moved to (`model.to(ref)`). Where
the file casts a model to a dtype it does not show
(`nn.Linear(3, 1, dtype=dtype)` with `dtype` a parameter, `model.to(x.dtype)`, `model.to(**options)`,
`getattr(model, name)()`, `model._apply(fn)`), or casts to float64 what may be a model though the code
does not show it is (`copy.deepcopy(model).double()`), the finding is reported, not fixed: the model
may be float64, and the cast would break it.

## Example
```python
model = Net()
features = torch.from_numpy(np.random.randn(64, 16))
logits = model(features)
```

Use instead:
```python
model = Net()
features = torch.from_numpy(np.random.randn(64, 16)).float()
logits = model(features)
```

## Fix safety
Safe where the cast only changes code that raised: the value reaches nothing but models whose first
layer takes floats (through indexing, moves, `Variable` and rebinding of its own name), or reads
only its size (`codemods/rules/dev002_float64_input/_crash_points.py`). A float32 layer raises on a
float64 input on every PyTorch version, so the original stopped there. A float64 batch of a local
`Dataset` (`DataLoader(Windows(series))` with `Windows.__getitem__` returning float64 NumPy data)
is cast in the model's call for the same reason. Unsafe elsewhere: a value also used where float64
runs (a loss beside the model's output, arithmetic, printing) loses precision there, so results
change in the last digits; applied only with `--unsafe-fixes`. Not under `autocast`, where a float64
input does not raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

import libcst as cst
import libcst.matchers as m

from codemods.analysis.batches import data_root
from codemods.analysis.nn_modules import model_names
from codemods.core.base import Finding, FixSafety, Rule
from codemods.core.dataflow import function_blocks, linear_statements
from codemods.core.names import dotted_name
from codemods.core.syntax import method_call, method_chain, single_target
from codemods.core.torch_names import picks_dtype
from codemods.rules.dev002_float64_input._crash_points import CrashPoints
from codemods.rules.dev002_float64_input._dataset_batches import DatasetBatches
from codemods.rules.dev002_float64_input._float32_casts import Float32Casts, may_cast
from codemods.rules.dev002_float64_input._float_models import (
    RAISING_LAYERS,
    float64_maybe,
    float64_on_purpose,
    float_consuming_models,
)
from codemods.rules.dev002_float64_input._numpy_dtypes import UNKNOWN, NumpyDtypes


class Float64Input(Rule):
    code = "DEV002"
    name = "float64-input"
    summary = "float64 input fed to a float32 model; cast the input to the model's dtype"
    fix_safety = FixSafety.SAFE
    triggers = ("double", "float64", "from_numpy", "tensor(", "DataLoader")

    def check(self) -> None:
        # The blocks that hold a call a fix may cast: in the others no value fed to a model has one.
        producers = self._blocks_with_producers()
        loader = "DataLoader" in self.context.source
        if not producers and not loader:
            return
        models = model_names(self.tree, self.aliases)
        if not models:
            return
        # The module-wide analyses below are built when a finding first needs them: on most files
        # (and blocks) there is none to make.
        self._models = models
        self._crash_points: CrashPoints | None = None
        self._dtypes = NumpyDtypes(self.tree, self.aliases)
        self._casts = Float32Casts(self.tree, self.aliases, self._dtypes, models)
        for block in function_blocks(self.tree):
            if id(block) in producers:
                self._check_block(block, models)
        if loader:
            batches = DatasetBatches(self.tree, self._dtypes)
            for loop in self.sites(cst.For):
                self._check_loop(loop, batches.float64_targets(loop))
        if self.findings and float64_on_purpose(self.tree, self.aliases, models):
            self.findings.clear()  # float64 on purpose: nothing to report (asked only once there is)
        elif self.findings:
            cast = float64_maybe(self.tree, self.aliases, models)
            if cast is not None:
                # A model may be float64: a float32 cast of its input would then break it or round the
                # input. Reported, not fixed.
                why = f"; left in place: `{cast}` may make a model float64, which this cast would break"
                self.findings[:] = [
                    Finding(f.code, f.message + why, f.node, {}, FixSafety.NONE) for f in self.findings
                ]

    @property
    def _crashes(self) -> CrashPoints:
        """Where float64 input raises (the models with raising layers), built once."""
        if self._crash_points is None:
            raising = float_consuming_models(self.tree, self._models, self.aliases, RAISING_LAYERS)
            self._crash_points = CrashPoints(self.tree, self.aliases, raising)
        return self._crash_points

    def _check_loop(self, loop: cst.For, names: AbstractSet[str]) -> None:
        """Float64 batches fed to a float32 model: cast them in the call, where they raised; and
        float64 targets that meet the model's output in a loss (:meth:`_check_targets`)."""
        if names:
            self._check_targets(loop, names)
        for call in self.tree.of_type(loop.body, cst.Call):
            model = dotted_name(call.func)
            if model not in self._crashes.float_models or not call.args or call.args[0].keyword is not None:
                continue
            value = call.args[0].value
            name = data_root(value, self.aliases)
            if name is None or name not in names or not self._keeps_dtype(loop, name):
                continue
            if picks_dtype(method_chain(value, self.aliases)[1:], self.aliases):
                continue  # `model(x.float())`
            self.report(
                value,
                f"`{name}` is a float64 batch (its dataset's items are float64 NumPy data) fed to `{model}`,"
                " whose float32 layers raise on it; cast it there with `.float()`",
                edits={value: method_call(value, "float")},
                safety=FixSafety.SAFE,
            )

    def _check_targets(self, loop: cst.For, names: AbstractSet[str]) -> None:
        """A float64 batch handed to a loss beside a float32 model's output (``mse_loss(model(x), y)``,
        ``criterion(out, y)`` with ``out = model(x)``): torch 2.11 computes the loss in float64 and then
        raises in its backward (``Found dtype Double but expected Float``, seen on an H200), where 2.13
        runs it; cast the target in the loss's call. Unsafe: on a torch that runs it, the loss was
        float64 and the cast changes its last digits."""
        models = self._crashes.float_models
        outputs = {
            target
            for assign in self.tree.of_type(loop.body, cst.Assign)
            if (target := single_target(assign)) is not None
            and any(
                isinstance(c, cst.Call) and (dotted_name(c.func) or "") in models
                for c in method_chain(assign.value, self.aliases)
            )
        }
        for call in self.tree.of_type(loop.body, cst.Call):
            callee = (dotted_name(call.func) or "").rsplit(".", 1)[-1].lower()
            if not ("loss" in callee or "criterion" in callee) or len(call.args) < 2:
                continue
            values = [arg.value for arg in call.args if arg.keyword is None]
            meets_output = any(
                (isinstance(v, cst.Call) and dotted_name(v.func) in models)
                or (isinstance(v, cst.Name) and v.value in outputs)
                for v in values
            )
            if not meets_output:
                continue
            for value in values:
                if not (isinstance(value, cst.Name) and value.value in names):
                    continue
                if self._keeps_dtype(loop, value.value):
                    self.report(
                        value,
                        f"`{value.value}` is a float64 batch fed to `{dotted_name(call.func)}` beside a"
                        " float32 model's output: torch 2.11 raises in the loss's backward (Found dtype"
                        " Double but expected Float); cast it with `.float()` (where torch runs it, the"
                        " loss was float64 and the cast changes its last digits)",
                        edits={value: method_call(value, "float")},
                        safety=FixSafety.UNSAFE,
                    )

    def _keeps_dtype(self, loop: cst.For, name: str) -> bool:
        """Every binding of ``name`` in the loop's body is its own data (``x = Variable(x)``,
        ``x = x.cuda()``) without a cast."""
        for assign in self.tree.of_type(loop.body, cst.Assign):
            for target in assign.targets:
                pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = (
                    [(t.value, v.value) for t, v in zip(target.target.elements, assign.value.elements)]
                    if isinstance(target.target, cst.Tuple) and isinstance(assign.value, cst.Tuple)
                    else [(target.target, assign.value)]
                )
                for bound, value in pairs:
                    if name in {n.value for n in self.tree.of_type(bound, cst.Name)}:
                        if data_root(value, self.aliases) != name and not self._moved(value, name):
                            return False
                        if picks_dtype(method_chain(value, self.aliases)[1:], self.aliases):
                            return False
        return True

    def _moved(self, value: cst.BaseExpression, name: str) -> bool:
        """``x.cuda()``, ``x.to(device)``: ``x`` moved (its dtype kept unless the chain picks one)."""
        chain = method_chain(value, self.aliases)
        return m.matches(chain[0], m.Name(name)) and all(
            isinstance(link, cst.Call) and isinstance(link.func, cst.Attribute) for link in chain[1:]
        )

    def _blocks_with_producers(self) -> set[int]:
        """The blocks of :func:`function_blocks` (by id) that hold a call :func:`may_cast` takes: every
        value :meth:`_check_block` casts is a call in its block. Most functions of a model library hold
        none, and following each one's data flow was half of this rule's time."""
        module = self.tree.root
        assert isinstance(module, cst.Module)
        blocks: set[int] = set()
        for call in self.tree.of_type(module, cst.Call):
            if may_cast(call, self.aliases):
                blocks.add(id(module.body))
                for above in self.tree.ancestors(call):
                    if isinstance(above, cst.FunctionDef) and isinstance(above.body, cst.IndentedBlock):
                        blocks.add(id(above.body.body))
        return blocks

    # -- the data flow: a float64 value assigned to a name, then passed to a model

    def _check_block(self, block: Sequence[cst.BaseStatement], models: AbstractSet[str]) -> None:
        statements = linear_statements(block)
        # Each statement's calls of a model, found once: every assignment looks through the rest of the
        # block for one, which made a long block cost the square of its length in index lookups.
        model_calls = [
            [
                (call, model)
                for call in self.tree.of_type(small, cst.Call)
                if (model := dotted_name(call.func)) is not None and model in models
            ]
            for small in statements
        ]
        arrays: dict[str, str] = {}  # NumPy array names -> FLOAT64 or OTHER (see NumpyDtypes.of)
        for index, small in enumerate(statements):
            for call, model in model_calls[index]:
                for arg in call.args:
                    self._check_direct(arg.value, arrays, model)
            target = single_target(small)
            if target is None or not isinstance(small, cst.Assign):  # (a target is an Assign's)
                continue
            # The value is read before the name is bound again: `x = torch.from_numpy(x)` reads the
            # array `x` was.
            dtype = self._dtypes.of(small.value, arrays)
            model = self._model_reached(target, statements, model_calls, index + 1)
            if model is not None:
                self._check_direct(small.value, arrays, model)
            arrays.pop(target, None)
            if dtype != UNKNOWN:
                arrays[target] = dtype

    def _model_reached(
        self,
        name: str,
        statements: Sequence[cst.BaseSmallStatement],
        model_calls: Sequence[Sequence[tuple[cst.Call, str]]],
        start: int,
    ) -> str | None:
        """The model that ``name`` is fed to (``model(x)``, ``model(x[idx])``) in ``statements`` from
        ``start`` on, before it is re-bound; ``model_calls``: each statement's calls of a model."""
        for index in range(start, len(statements)):
            small = statements[index]
            for call, model in model_calls[index]:
                if any(data_root(a.value, self.aliases) == name for a in call.args):
                    return model
            # (the exact class, which has no subclass: isinstance goes through libcst's ABCMeta for every
            # other statement, and this walks the rest of the block from each assignment)
            if type(small) is cst.Assign and any(dotted_name(t.target) == name for t in small.targets):
                # `x = x.to(device)` keeps the value flowing; anything else replaces it, and so does
                # a cast (`x = x.float()`: the model gets what the cast makes).
                chain = method_chain(small.value, self.aliases)
                if dotted_name(chain[0]) != name or picks_dtype(chain[1:], self.aliases):
                    return None
        return None

    def _check_direct(self, value: cst.BaseExpression, arrays: dict[str, str], model: str) -> None:
        """Report the float64 producer at the spine of ``value`` (its chain of method calls)."""
        for link in method_chain(value, self.aliases):
            if not isinstance(link, cst.Call):
                continue
            fix = self._casts.fix_for(link, value, arrays, model)
            if fix is not None:
                message, replacement = fix
                safe = self._crashes.fed_only(link)
                if replacement is not None and not safe:
                    message += " (the value is also used where float64 runs: the cast changes those results)"
                self.report(
                    link,
                    message,
                    edits=None if replacement is None else {link: replacement},
                    safety=FixSafety.SAFE if safe else FixSafety.UNSAFE,
                )
                return
