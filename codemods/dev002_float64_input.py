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
from codemods.float32_casts import Float32Casts
from codemods.float_models import float64_on_purpose, float_consuming_models
from codemods.names import dotted_name
from codemods.nn_modules import model_names
from codemods.numpy_dtypes import UNKNOWN, NumpyDtypes
from codemods.syntax import method_chain, single_target
from codemods.torch_names import picks_dtype


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
        models = model_names(self.tree, self.aliases)
        if not models or float64_on_purpose(self.tree, self.aliases, models):
            return
        self._dtypes = NumpyDtypes(self.tree, self.aliases)
        self._casts = Float32Casts(self.aliases, self._dtypes, float_consuming_models(self.tree, models, self.aliases))
        for block in function_blocks(self.tree):
            self._check_block(block, models)

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
            target = single_target(small)
            if target is None:
                continue
            arrays.pop(target, None)
            dtype = self._dtypes.of(small.value, arrays)
            model = self._model_reached(target, statements[index + 1:], models)
            if model is not None:
                self._check_direct(small.value, arrays, model)
            if dtype != UNKNOWN:
                arrays[target] = dtype

    def _model_reached(self, name: str, later: Sequence[cst.BaseSmallStatement], models: set[str]) -> str | None:
        """The model that ``name`` is fed to (``model(x)``, ``model(x[idx])``), before it is re-bound."""
        for small in later:
            for call in self.tree.of_type(small, cst.Call):
                model = dotted_name(call.func)
                if model in models and any(data_root(a.value, self.aliases) == name for a in call.args):
                    return model
            if isinstance(small, cst.Assign) and any(dotted_name(t.target) == name for t in small.targets):
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
                self.report(link, message, edits=None if replacement is None else {link: replacement})
                return
