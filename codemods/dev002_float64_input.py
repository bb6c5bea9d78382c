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

## Why is this bad?
`nn.Linear` and friends are float32. A float64 input either stops the forward pass with
`RuntimeError: mat1 and mat2 must have the same dtype`, or (where PyTorch promotes) runs every
matmul in double precision: about half the speed on a CPU and far worse on most GPUs, for precision
the float32 weights cannot use.

The rule checks dtype consistency, not float32 everywhere: it stays silent when the model itself is
made float64 on purpose (`model.double()`, `model.to(torch.float64)`, layers built with
`dtype=torch.float64`, `torch.set_default_dtype(torch.float64)`,
`torch.set_default_tensor_type(torch.DoubleTensor)`), and when the float64 value never reaches a model.

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
Unsafe: the input loses precision (float64 -> float32), so results change in the last digits.
Applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.batches import data_root
from codemods.dataflow import function_blocks, linear_statements
from codemods.float_models import float_consuming_models
from codemods.names import dotted_name
from codemods.nn_modules import is_module_constructor, model_names, module_classes
from codemods.numpy_dtypes import FLOAT64, UNKNOWN, NumpyDtypes
from codemods.syntax import (
    code_of,
    kwarg,
    method_chain,
    positional,
    strip_method_chain,
    with_arg_value,
    with_kwarg,
)
from codemods.torch_names import FACTORIES, FLOAT64_DTYPES, is_dtype_expr


class Float64Input(Rule):
    code = "DEV002"
    name = "float64-input"
    summary = "float64 input fed to a float32 model; cast the input to the model's dtype"
    fix_safety = FixSafety.UNSAFE
    triggers = ("double", "float64", "from_numpy", "tensor(")

    VALID = [
        # The model is double on purpose: dtypes agree.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).double()
            x = torch.randn(8, 4).double()
            y = model(x)
            """
        ),
        Valid(
            """
            import torch
            torch.set_default_dtype(torch.float64)
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4, dtype=torch.float64)
            y = model(x)
            """
        ),
        # Float64 used for a statistic that never reaches a model.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4)
            total = torch.zeros(2, dtype=torch.float64)
            total += model(x).sum(0).double()
            """
        ),
        # Already cast to float32.
        Valid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.from_numpy(np.random.randn(8, 4)).float()
            y = model(x)
            """
        ),
        # NumPy data made float32 before conversion.
        Valid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2)
            data = np.random.randn(8, 4).astype(np.float32)
            y = model(torch.from_numpy(data))
            """
        ),
        # Integer NumPy data (token ids) must stay integer.
        Valid(
            """
            import numpy as np
            import torch
            emb = torch.nn.Embedding(10, 4)
            ids = torch.from_numpy(np.random.randint(0, 10, size=(8,)))
            y = emb(ids)
            """
        ),
        # A name re-bound to something else before the model sees it.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4).double()
            x = torch.randn(8, 4)
            y = model(x)
            """
        ),
        # Layers created in double precision on purpose.
        Valid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2, dtype=torch.float64)
            x = torch.from_numpy(np.loadtxt("data.csv"))
            y = model(x)
            """
        ),
        # An embedding takes indices: NumPy data of unknown dtype is left as it is.
        Valid(
            """
            import numpy as np
            import torch
            emb = torch.nn.Embedding(10, 4)
            ids = torch.from_numpy(np.load("ids.npy"))
            out = emb(ids)
            """
        ),
        # Generator data made float32 before conversion.
        Valid(
            """
            import numpy as np
            import torch
            rng = np.random.default_rng(0)
            model = torch.nn.Linear(4, 2)
            x = torch.from_numpy(rng.normal(size=(8, 4)).astype(np.float32))
            y = model(x[:4])
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4).double()
            y = model(x)
            """,
            """
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4).float()
            y = model(x)
            """,
        ),
        Invalid(
            """
            import torch as T
            net = T.nn.Sequential(T.nn.Linear(4, 2))
            out = net(T.ones(3, 4, dtype=T.float64))
            """,
            """
            import torch as T
            net = T.nn.Sequential(T.nn.Linear(4, 2))
            out = net(T.ones(3, 4, dtype=T.float32))
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x

            def run():
                model = Net()
                x = torch.rand(2, 3, dtype=torch.double)
                return model(x)
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x

            def run():
                model = Net()
                x = torch.rand(2, 3, dtype=torch.float32)
                return model(x)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.from_numpy(np.random.randn(8, 4)).to("cpu")
            y = model(x)
            """,
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.from_numpy(np.random.randn(8, 4)).float().to("cpu")
            y = model(x)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2)
            data = np.linspace(0, 1, 32).reshape(8, 4)
            y = model(torch.tensor(data))
            """,
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2)
            data = np.linspace(0, 1, 32).reshape(8, 4)
            y = model(torch.tensor(data, dtype=torch.float32))
            """,
        ),
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to("cpu")
            x = torch.randn(8, 4)
            x = x.to(torch.float64)
            y = model(x)
            """,
            """
            import torch
            model = torch.nn.Linear(4, 2).to("cpu")
            x = torch.randn(8, 4)
            x = x.to(torch.float32)
            y = model(x)
            """,
        ),
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4)
            y = model(x.to(dtype=torch.double))  # keep this comment
            """,
            """
            import torch
            model = torch.nn.Linear(4, 2)
            x = torch.randn(8, 4)
            y = model(x.to(dtype=torch.float32))  # keep this comment
            """,
        ),
        # NumPy's Generator API draws float64.
        Invalid(
            """
            import numpy as np
            import torch
            rng = np.random.default_rng(0)
            model = torch.nn.Linear(4, 2)
            x = torch.from_numpy(rng.normal(size=(8, 4)))
            y = model(x)
            """,
            """
            import numpy as np
            import torch
            rng = np.random.default_rng(0)
            model = torch.nn.Linear(4, 2)
            x = torch.from_numpy(rng.normal(size=(8, 4))).float()
            y = model(x)
            """,
        ),
        # `np.loadtxt` data, sliced, then fed one minibatch at a time.
        Invalid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(3, 1)
            data = np.loadtxt("table.csv", delimiter=",")
            X = torch.from_numpy(data[:, :3])
            out = model(X[idx])
            """,
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(3, 1)
            data = np.loadtxt("table.csv", delimiter=",")
            X = torch.from_numpy(data[:, :3]).float()
            out = model(X[idx])
            """,
        ),
        # A DataFrame's values (dtype unknown here) into a model whose first layer takes floats.
        Invalid(
            """
            import pandas as pd
            import torch
            model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3, 1))
            frame = pd.read_csv("table.csv")
            X = torch.from_numpy(frame[["a", "b", "c"]].values)
            out = model(X)
            """,
            """
            import pandas as pd
            import torch
            model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3, 1))
            frame = pd.read_csv("table.csv")
            X = torch.from_numpy(frame[["a", "b", "c"]].values).float()
            out = model(X)
            """,
        ),
        # Any array of unknown dtype, into a local module whose forward starts with a convolution.
        Invalid(
            """
            import torch
            from torch import nn
            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(1, 4, 3)
                def forward(self, x):
                    return self.conv(x).relu()
            model = Net()
            def predict(images):
                return model(torch.from_numpy(images))
            """,
            """
            import torch
            from torch import nn
            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(1, 4, 3)
                def forward(self, x):
                    return self.conv(x).relu()
            model = Net()
            def predict(images):
                return model(torch.from_numpy(images).float())
            """,
        ),
        # `.double()` then `.to(device)`.
        Invalid(
            """
            import torch
            model = torch.nn.Linear(3, 1).to(device)
            x = torch.tensor(values).double().to(device)
            out = model(x)
            """,
            """
            import torch
            model = torch.nn.Linear(3, 1).to(device)
            x = torch.tensor(values).float().to(device)
            out = model(x)
            """,
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        models = model_names(self.tree, self.aliases)
        if not models or self._model_is_float64_on_purpose(module, models):
            return
        self._float_models = float_consuming_models(self.tree, module, models, self.aliases)
        self._dtypes = NumpyDtypes(self.tree, self.aliases)
        for block in function_blocks(self.tree):
            self._check_block(block, models)

    # -- what counts as deliberate double precision

    def _model_is_float64_on_purpose(self, module: cst.Module, models: set[str]) -> bool:
        local_modules = module_classes(self.tree, self.aliases)
        for call in self.tree.of_type(module, cst.Call):
            name = self.aliases.qualify(call.func)
            if name == "torch.set_default_dtype" and call.args and self._is_float64(call.args[0].value):
                return True
            if name == "torch.set_default_tensor_type" and call.args and "Double" in code_of(
                call.args[0].value
            ):
                return True
            dtype = kwarg(call, "dtype")
            if dtype is not None and self._is_float64(dtype.value) and is_module_constructor(
                call, self.aliases, local_modules
            ):
                return True  # layers created in double precision: `nn.Linear(4, 2, dtype=torch.float64)`
            if not isinstance(call.func, cst.Attribute):
                continue
            receiver = call.func.value
            is_model = dotted_name(receiver) in models or is_module_constructor(
                strip_method_chain(receiver, self.aliases), self.aliases, local_modules
            )
            makes_double = call.func.attr.value == "double" or (
                call.func.attr.value in ("to", "type")
                and any(self._is_float64(a.value) or "Double" in code_of(a.value) for a in call.args)
            )
            if is_model and makes_double:
                return True
        return False

    def _is_float64(self, node: cst.BaseExpression) -> bool:
        return self.aliases.qualify(node) in FLOAT64_DTYPES

    # -- the data flow: a float64 value assigned to a name, then passed to a model

    def _check_block(self, block: Sequence[cst.BaseStatement], models: set[str]) -> None:
        statements = linear_statements(block)
        arrays: dict[str, str] = {}  # NumPy array names -> FLOAT64 or OTHER (see NumpyDtypes.of)
        for index, small in enumerate(statements):
            for call in self.tree.of_type(small, cst.Call):
                model = dotted_name(call.func)
                if model in models:
                    for arg in call.args:
                        self._check_direct(arg.value, arrays, model)
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
                continue
            target = dotted_name(small.targets[0].target)
            if target is None:
                continue
            arrays.pop(target, None)
            dtype = self._dtypes.of(small.value, arrays)
            model = self._model_reached(target, statements[index + 1:], models)
            if model is not None:
                self._check_direct(small.value, arrays, model)
            if dtype != UNKNOWN:
                arrays[target] = dtype

    def _model_reached(
        self, name: str, later: Sequence[cst.BaseSmallStatement], models: set[str]
    ) -> str | None:
        """The model that ``name`` is fed to (``model(x)``, ``model(x[idx])``), before it is re-bound."""
        for small in later:
            for call in self.tree.of_type(small, cst.Call):
                model = dotted_name(call.func)
                if model in models and any(data_root(a.value, self.aliases) == name for a in call.args):
                    return model
            if isinstance(small, cst.Assign) and any(
                dotted_name(t.target) == name for t in small.targets
            ):
                # `x = x.to(device)` keeps the value flowing; anything else replaces it, and so does
                # a cast (`x = x.float()`: the model gets what the cast makes).
                if dotted_name(strip_method_chain(small.value, self.aliases)) != name or self._sets_dtype(
                    small.value
                ):
                    return None
        return None

    def _check_direct(self, value: cst.BaseExpression, arrays: dict[str, str], model: str) -> None:
        """Report the float64 producer at the spine of ``value`` (its chain of method calls)."""
        for link in method_chain(value, self.aliases):
            if not isinstance(link, cst.Call):
                continue
            fix = self._fix_for(link, value, arrays, model)
            if fix is not None:
                message, replacement = fix
                if replacement is None:
                    self.report(link, message)
                else:
                    self.report(link, message, edits={link: replacement})
                return

    def _fix_for(
        self, call: cst.Call, whole: cst.BaseExpression, arrays: dict[str, str], model: str
    ) -> tuple[str, cst.BaseExpression | None] | None:
        float32 = self.aliases.expr_for("torch.float32", "torch.float32")
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "double" and not call.args:
            if self._chain_sets_dtype(whole, call):
                return None
            return (
                "`.double()` makes a float64 input for a float32 model; use `.float()`",
                call.with_changes(func=func.with_changes(attr=cst.Name("float"))),
            )
        if isinstance(func, cst.Attribute) and func.attr.value in ("to", "type"):
            dtype_arg = kwarg(call, "dtype") or next(
                (a for a in positional(call) if self._is_float64(a.value)), None
            )
            if dtype_arg is not None and self._is_float64(dtype_arg.value):
                return (
                    "float64 input for a float32 model; convert to `torch.float32`",
                    call.with_changes(
                        args=[a.with_changes(value=float32) if a is dtype_arg else a for a in call.args]
                    ),
                )
            return None
        qualified = self.aliases.qualify(func)
        dtype = kwarg(call, "dtype")
        if qualified in FACTORIES and dtype is not None and self._is_float64(dtype.value):
            return (
                "float64 tensor created for a float32 model; use `dtype=torch.float32`",
                with_arg_value(call, "dtype", float32),
            )
        if qualified == "torch.from_numpy" and call.args and not self._chain_sets_dtype(whole, call):
            made_float = cst.Call(func=cst.Attribute(value=call, attr=cst.Name("float")))
            array = self._dtypes.of(call.args[0].value, arrays)
            if array == FLOAT64:
                return "NumPy data is float64; `torch.from_numpy` keeps that; add `.float()` for the model", made_float
            if array == UNKNOWN:
                # Any dtype but float32 fails in a float32 layer; `.float()` is right for all of them,
                # but only when the model's first layer takes floats (an embedding takes indices).
                message = f"`torch.from_numpy` keeps the array's dtype (float64 unless made float32) into `{model}`"
                return (message + "; add `.float()`", made_float) if model in self._float_models else None
            return None
        if (
            qualified in ("torch.tensor", "torch.as_tensor")
            and dtype is None
            and call.args
            and self._dtypes.of(call.args[0].value, arrays) == FLOAT64
            and not self._chain_sets_dtype(whole, call)
        ):
            return (
                "NumPy data is float64; give the tensor `dtype=torch.float32` for the model",
                with_kwarg(call, "dtype", float32),
            )
        return None

    def _chain_sets_dtype(self, whole: cst.BaseExpression, inner: cst.Call) -> bool:
        """True if a later link of the chain already picks a dtype (``.float()``, ``.to(torch.float32)``)."""
        chain = method_chain(whole, self.aliases)
        return self._sets_dtype_links(chain[chain.index(inner) + 1:] if inner in chain else [])

    def _sets_dtype(self, value: cst.BaseExpression) -> bool:
        return self._sets_dtype_links(method_chain(value, self.aliases)[1:])

    def _sets_dtype_links(self, later: list[cst.BaseExpression]) -> bool:
        for link in later:
            if isinstance(link, cst.Call) and isinstance(link.func, cst.Attribute):
                if link.func.attr.value in ("float", "half", "bfloat16", "double", "type", "long", "int"):
                    return True
                if link.func.attr.value == "to" and (
                    kwarg(link, "dtype") is not None
                    or any(is_dtype_expr(a.value, self.aliases) for a in positional(link))
                ):
                    return True
        return False
