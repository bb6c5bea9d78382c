"""## What it does
Rewrites the tensor API that PyTorch 0.4 replaced, each to its exact modern meaning:

* `Variable(x)` is `x.detach()` since 0.4, and becomes that; `Variable(torch.zeros(n))` of a tensor
  created right there becomes the tensor itself. `Variable(x, requires_grad=True)` becomes
  `x.detach().requires_grad_()` (for a fresh tensor, `torch.zeros(n).requires_grad_()`).
  `Variable(x, volatile=True)` is reported: `volatile` does nothing since 0.4, so gradients are
  tracked there; the intent is a `with torch.no_grad():` block, which the rule cannot place.
* `torch.FloatTensor([1, 2])` (data) becomes `torch.tensor([1, 2], dtype=torch.float32)` and
  `torch.FloatTensor(n, m)` (a size) becomes `torch.empty(n, m, dtype=torch.float32)`; the
  `torch.cuda.*Tensor` constructors also get `device="cuda"`. A single argument that is neither a
  literal list nor provably a size (an int literal, `x.size(i)`, `len(...)`, an `int` parameter) is
  reported: the legacy constructor reads a tensor, a NumPy array and a size differently.
* `x.type(torch.cuda.FloatTensor)` becomes `x.to("cuda", torch.float32)` (and the CPU types
  `x.to("cpu", ...)`), unless `x` may be a module (`Module.type` also casts integer buffers).
* The `from torch.autograd import Variable` import goes once nothing uses it.

`x.data` is left alone: its replacement depends on what the code does with it.

## Why is this bad?
The legacy API hides both device and dtype: `torch.FloatTensor(x)` silently aliases, copies or
allocates depending on what `x` is, and always lives on the CPU; `torch.cuda.FloatTensor` fails
without a GPU; `Variable` is a no-op wrapper that detaches its input, which silently cuts the graph
when the input required gradients. The modern calls say what they do and accept `device=`.

## Example
```python
from torch.autograd import Variable

hidden = Variable(torch.zeros(2, batch, 64))
weights = torch.FloatTensor([0.2, 0.8])
```

Use instead:
```python
hidden = torch.zeros(2, batch, 64)
weights = torch.tensor([0.2, 0.8], dtype=torch.float32)
```

## Fix safety
Safe: each rewrite is what the legacy call does today (`Variable` detaches; the constructors make the
same dtype, shape and values). `x.type(torch.cuda.FloatTensor)` keeps a tensor that is already on a
GPU other than the current one on that GPU, where `.to("cuda")` would move it to the current one;
outside `torch.cuda.device(...)` blocks that never differs.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.legacy_constructors import legacy_constructor_rewrite, legacy_dtype
from codemods.names import dotted_name
from codemods.nn_modules import model_names
from codemods.syntax import code_of, kwarg, positional
from codemods.torch_names import FACTORIES
from codemods.tree import Tree

_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
_MODULE_NAME = re.compile(r"model|net|module|layer|encoder|decoder|block|head|backbone|policy", re.I)
_VARIABLE_MODULES = frozenset({"torch.autograd", "torch.autograd.variable"})
# Calls that make a fresh tensor no one else holds, which never requires grad unless asked to.
_FRESH = FACTORIES - {"torch.as_tensor"} | {"torch.from_numpy"}
# Methods of a fresh tensor that give another fresh tensor without gradient history.
_FRESH_METHODS = frozenset("to cuda cpu float double half long int bool contiguous view reshape zero_ fill_".split())


class LegacyTensorApi(Rule):
    code = "DEV009"
    name = "legacy-tensor-api"
    summary = "pre-0.4 tensor API (Variable, torch.FloatTensor, .type(torch.cuda.*)): use the modern call"
    fix_safety = FixSafety.SAFE
    triggers = ("Variable", "Tensor(", ".type(")

    VALID = [
        Valid(
            """
            import torch
            x = torch.tensor([1.0, 2.0], dtype=torch.float32)
            h = torch.zeros(2, 4, 8)
            """
        ),
        # Type annotations and isinstance checks name the class; they construct nothing.
        Valid(
            """
            import torch

            def scale(x: torch.FloatTensor) -> torch.Tensor:
                assert isinstance(x, torch.Tensor)
                return x * 2
            """
        ),
        # `.type()` without arguments returns the type's name; `.type(dtype)` is a conversion.
        Valid(
            """
            import torch
            name = x.type()
            y = x.type(torch.float16)
            """
        ),
        # Someone else's `type` method with a string that is no tensor type.
        Valid(
            """
            import torch
            field = form.type("torch.float32")
            """
        ),
        # Still used (isinstance): the import stays.
        Valid(
            """
            from torch.autograd import Variable

            def is_var(x):
                return isinstance(x, Variable)
            """
        ),
        # `x.data` is left alone.
        Valid(
            """
            import torch
            w = torch.ones(3)
            w.data.mul_(0.5)
            """
        ),
        # Someone else's Variable class.
        Valid(
            """
            import torch
            from sympy import Variable
            v = Variable("x")
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch.autograd import Variable

            hidden = Variable(torch.zeros(2, 4, 64))  # initial state
            """,
            """
            import torch

            hidden = torch.zeros(2, 4, 64)  # initial state
            """,
        ),
        Invalid(
            """
            import torch
            from torch.autograd import Variable, grad

            def step(model, inputs, targets):
                inputs, targets = Variable(inputs), Variable(targets)
                w = Variable(torch.randn(3), requires_grad=True)
                return model(inputs), w
            """,
            """
            import torch
            from torch.autograd import grad

            def step(model, inputs, targets):
                inputs, targets = inputs.detach(), targets.detach()
                w = torch.randn(3).requires_grad_()
                return model(inputs), w
            """,
        ),
        Invalid(
            """
            import torch
            weights = torch.FloatTensor([0.2, 0.8])
            buf = torch.LongTensor(4, 3).zero_()
            """,
            """
            import torch
            weights = torch.tensor([0.2, 0.8], dtype=torch.float32)
            buf = torch.empty(4, 3, dtype=torch.int64).zero_()
            """,
        ),
        Invalid(
            """
            import torch

            def make(x, n: int):
                a = torch.cuda.FloatTensor(x.size(0))
                b = torch.ByteTensor(n)
                return a, b
            """,
            """
            import torch

            def make(x, n: int):
                a = torch.empty(x.size(0), dtype=torch.float32, device="cuda")
                b = torch.empty(n, dtype=torch.uint8)
                return a, b
            """,
        ),
        Invalid(
            """
            import torch

            def to_gpu(x):
                return x.type(torch.cuda.FloatTensor), x.type(torch.LongTensor)
            """,
            """
            import torch

            def to_gpu(x):
                return x.to("cuda", torch.float32), x.to("cpu", torch.int64)
            """,
        ),
        # Data or size? `features` may be a list, an array or a tensor: report only.
        Invalid(
            """
            import torch

            def load(features):
                return torch.FloatTensor(features)
            """
        ),
        # A module's `.type()` casts integer buffers too, `.to()` would not: report only.
        Invalid(
            """
            import torch
            from torch import nn
            model = nn.Linear(3, 3)
            model.type(torch.cuda.FloatTensor)
            """
        ),
        # volatile has done nothing since 0.4: report, the no_grad block is the author's call.
        Invalid(
            """
            import torch
            from torch.autograd import Variable

            def predict(model, x):
                return model(Variable(x, volatile=True))
            """
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        self._models = model_names(self.tree, self.aliases)
        self._variable_uses = 0
        self._variable_names = {
            local for local, full in self.aliases.names.items() if full in _VARIABLE
        }
        for node in self.tree.of_type(module, (cst.Call, cst.Name)):
            if isinstance(node, cst.Name):
                if node.value in self._variable_names:
                    self._variable_uses += 1
                continue
            qualified = self.aliases.qualify(node.func) or ""
            if qualified in _VARIABLE:
                self._variable(node)
            elif legacy_dtype(qualified) is not None:
                self._constructor(node, qualified)
            elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "type":
                self._type(node)
        for imported in self.tree.of_type(module, cst.ImportAlias):  # the import itself is no use
            bound = imported.asname.name if imported.asname else imported.name
            if isinstance(bound, cst.Name) and bound.value in self._variable_names:
                self._variable_uses -= 1
        self._unused_import(module)

    def _variable(self, call: cst.Call) -> None:
        args = positional(call)
        requires_grad = kwarg(call, "requires_grad")
        if kwarg(call, "volatile") is not None:
            self.report(
                call,
                "`Variable(..., volatile=True)` has done nothing since PyTorch 0.4: gradients are"
                " tracked here; wrap the inference in `with torch.no_grad():`",
            )
            return
        others = [a for a in call.args if a.keyword is not None and a is not requires_grad]
        wants_grad = requires_grad is not None and code_of(requires_grad.value) == "True"
        if (
            len(args) != 1
            or len(call.args) != 1 + (requires_grad is not None)
            or others
            or args[0].star
            or (requires_grad is not None and code_of(requires_grad.value) not in ("True", "False"))
        ):
            self.report(call, "`Variable` is a deprecated wrapper (PyTorch 0.4): use the tensor itself")
            return
        data = args[0].value
        fresh = self._is_fresh(data)
        fixed: cst.BaseExpression = data if fresh else _method(data, "detach")
        if fresh:
            message = "`Variable(...)` of a tensor created right here is that tensor since PyTorch 0.4"
        else:
            message = "`Variable(x)` is `x.detach()` since PyTorch 0.4"
        if wants_grad:
            fixed = _method(fixed, "requires_grad_")
            message += " (with `requires_grad=True`: `.requires_grad_()` after it)"
        self.report(call, message, edits={call: _keep_parens(call, fixed)})

    def _is_fresh(self, node: cst.BaseExpression) -> bool:
        """A tensor created in this expression, no one else holds it and it has no gradient history."""
        while isinstance(node, cst.Call):
            qualified = self.aliases.qualify(node.func)
            if qualified in _FRESH or legacy_dtype(qualified or "") is not None:
                requires_grad = kwarg(node, "requires_grad")
                return requires_grad is None or code_of(requires_grad.value) == "False"
            if not (isinstance(node.func, cst.Attribute) and node.func.attr.value in _FRESH_METHODS):
                return False
            node = node.func.value
        return False

    def _constructor(self, call: cst.Call, qualified: str) -> None:
        fixed = legacy_constructor_rewrite(call, qualified, self.aliases, _int_params(self.tree, call))
        message = f"legacy constructor `{qualified}`"
        if fixed is None:
            self.report(
                call,
                message + ": cannot tell data from a size here; use `torch.tensor(data, dtype=...)`"
                " or `torch.empty(size, dtype=...)`",
            )
            return
        factory = "torch.tensor" if code_of(fixed.func).endswith("tensor") else "torch.empty"
        self.report(call, message + f"; use `{factory}(..., dtype=...)`", edits={call: fixed})

    def _type(self, call: cst.Call) -> None:
        """``x.type(torch.cuda.FloatTensor)`` -> ``x.to("cuda", torch.float32)``."""
        args = positional(call)
        if len(args) != 1 or any(a.keyword and a.keyword.value != "non_blocking" for a in call.args):
            return
        target = args[0].value
        qualified = self.aliases.qualify(target) or ""
        if isinstance(target, cst.SimpleString):
            qualified = target.evaluated_value if isinstance(target.evaluated_value, str) else ""
        dtype = legacy_dtype(qualified)
        if dtype is None:
            return
        assert isinstance(call.func, cst.Attribute)
        receiver = call.func.value
        name = dotted_name(receiver) or ""
        message = f"`.type({code_of(target)})` is the legacy conversion"
        if name == "self" or name.startswith("self.") or name in self._models or not _is_tensor_like(receiver):
            self.report(call, message + "; use `.to(device, dtype)` (for a module, `Module.type` also"
                        " casts integer buffers, so it is not rewritten)")
            return
        device = '"cuda"' if qualified.startswith("torch.cuda.") else '"cpu"'
        torch_dtype = self.aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}")
        new_args = [cst.Arg(cst.SimpleString(device), comma=_comma()), args[0].with_changes(value=torch_dtype)]
        fixed = call.with_changes(func=call.func.with_changes(attr=cst.Name("to")), args=new_args + [
            a for a in call.args if a.keyword is not None
        ])
        self.report(call, message + f"; use `.to({device}, torch.{dtype})`", edits={call: fixed})

    def _unused_import(self, module: cst.Module) -> None:
        """Remove ``from torch.autograd import Variable`` once nothing uses it."""
        if self._variable_uses or not self._variable_names or "__all__" in self.context.source:
            return
        for statement in module.body:  # module level only: a nested import has a reason to be there
            if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
                continue
            imported = statement.body[0]
            if not (
                isinstance(imported, cst.ImportFrom)
                and imported.module is not None
                and not imported.relative
                and dotted_name(imported.module) in _VARIABLE_MODULES
                and not isinstance(imported.names, cst.ImportStar)
            ):
                continue
            kept = [
                alias for alias in imported.names
                if (dotted_name(alias.asname.name) if alias.asname else dotted_name(alias.name))  # type: ignore[arg-type]
                not in self._variable_names
            ]
            if len(kept) == len(imported.names):
                continue
            message = "`Variable` is imported but not used: remove the import"
            if any(line.comment is not None for line in statement.leading_lines):
                self.report(imported, message)  # its comment would go with it
            elif not kept:
                self.report(imported, message, edits={statement: cst.RemovalSentinel.REMOVE})
            else:
                kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                self.report(imported, message, edits={imported: imported.with_changes(names=kept)})


def _method(receiver: cst.BaseExpression, name: str) -> cst.Call:
    if not isinstance(receiver, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or receiver.lpar:
        receiver = receiver.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) if not receiver.lpar else receiver
    return cst.Call(func=cst.Attribute(value=receiver, attr=cst.Name(name)))


def _keep_parens(original: cst.Call, fixed: cst.BaseExpression) -> cst.BaseExpression:
    return fixed.with_changes(lpar=original.lpar, rpar=original.rpar) if original.lpar else fixed


def _comma() -> cst.Comma:
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


def _is_tensor_like(node: cst.BaseExpression) -> bool:
    """A value `.type(...)` may be called on as a tensor: not named like a module (``model``,
    ``self.encoder``), whose `.type()` means something else."""
    name = dotted_name(node)
    if name is not None:
        return not _MODULE_NAME.search(name.rsplit(".", 1)[-1])
    return isinstance(node, (cst.Call, cst.Subscript, cst.BinaryOperation))


def _int_params(tree: Tree, call: cst.Call) -> frozenset[str]:
    """Parameters annotated ``int`` of the function around ``call``: sizes, not data."""
    for above in tree.ancestors(call):
        if isinstance(above, (cst.FunctionDef, cst.Lambda)):
            if isinstance(above, cst.Lambda):
                return frozenset()
            params = above.params
            return frozenset(
                p.name.value
                for p in (*params.posonly_params, *params.params, *params.kwonly_params)
                if p.annotation is not None and code_of(p.annotation.annotation) == "int"
            )
    return frozenset()
