"""Which expressions hold tensors on the model's device, and which hold tensors on the host, read
statement by statement.

Rules that must not mistake a Python number for a tensor (a host sync is only a sync on a device
tensor) ask :class:`TensorValues`. It knows a value is a device tensor when the code shows it: the
result of a model or a loss function (a name bound to an ``nn`` module in the file, or a parameter
named ``model``, ``criterion``, ``loss_fn``...), of a ``torch`` function, of a tensor method, a
tensor's ``.grad``/``.data``, arithmetic and comparisons with a tensor, a name that receives
``.backward()``, and a function of this file whose every ``return`` gives a tensor (or a tuple of
them). A tensor is on the host instead when the code put it there: ``.cpu()``, a factory without
``device=`` (unless the file changes the default device), ``torch.from_numpy``, a legacy
``torch.FloatTensor(...)``, and what torch computes from host tensors only.

Names and ``self.attr`` spellings are tracked (:class:`Known`) through plain assignments in source
order, and the parameters a ``for p in model.parameters():`` loop walks; anything else (another
for-target, an unknown call) is neither. Precision over recall: a miss is a finding not made.

A loss is a scalar: a name that receives ``.backward()``, or is bound from a loss function's call
(``criterion(...)``, ``loss_fn(...)``, ``F.mse_loss(...)``). :meth:`TensorValues.is_loss` says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import legacy_dtype
from codemods.analysis.nn_modules import methods, model_names, models_by_use
from codemods.core.dataflow import walk_block
from codemods.core.local_functions import LocalFunctions
from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import kwarg
from codemods.core.torch_names import FACTORIES, sets_default_device
from codemods.core.tree import Tree

# Tensor methods whose result is no device tensor (a Python value, a host copy, a size).
NOT_TENSOR_METHODS = frozenset(
    "item tolist numpy cpu size dim ndimension numel nelement element_size stride data_ptr get_device"
    " backward"
    " is_contiguous is_floating_point is_complex type __len__ zero_grad step".split()
)
# torch functions that return no tensor (`torch.equal` and `torch.allclose` answer with a Python bool).
_TORCH_NOT_TENSOR = re.compile(
    r"^torch\.(is_\w+|numel|equal|allclose|device|Size|no_grad|enable_grad|inference_mode|manual_seed|save|load|"
    r"get_\w+|set_\w+|(cuda|backends|utils|optim|distributed|nn\.init|autograd|jit|amp)\b.*|nn\.[A-Z]\w*)$"
)
# Callables that, passed in as parameters, are models and loss functions by their names.
_MODEL_NAME = re.compile(
    r"^(model|net|network|encoder|decoder|classifier|generator|discriminator|criterion|loss_fn|loss_func"
    r"|lossfn|\w+_model|\w+_net|\w+_criterion)$"
)
_TENSOR_ATTRIBUTES = frozenset({"grad", "data", "T", "mT"})
_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
# The tensors of a model's output object (Hugging Face's `ModelOutput`: `outputs.loss`, `outputs.logits`).
_OUTPUT_FIELDS = frozenset(
    "loss logits last_hidden_state pooler_output start_logits end_logits prediction_logits".split()
)
# Callables whose result is a loss (a scalar), by their names.
LOSS_CALL = re.compile(r"loss|criterion|^crit$", re.IGNORECASE)
# Methods whose items are a model's parameters (the tensor is the last name of each item).
_PARAMETER_ITERATORS = m.Call(func=m.Attribute(attr=m.Name("parameters") | m.Name("named_parameters")))
# What makes a tensor on the host: factories without device=, NumPy's memory, legacy constructors.
_HOST_FACTORIES = FACTORIES | {"torch.from_numpy", "torch.Tensor"}
_CPU = m.SimpleString(value=m.MatchRegex(r"""^['"]cpu['"]$"""))
_STRINGS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
# Methods whose result is a Python or NumPy value (`.item()`, `.numpy()`, `.size()`, `len(...)`).
_PLAIN_METHODS = NOT_TENSOR_METHODS | {"astype", "keys", "format", "join", "split", "strip", "get_lr"}
_PLAIN_BUILTINS = frozenset("len float int bool str range repr format".split())
_DATA_LOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
# A loader's batches, by its name (`train_loader`, `test_dataloader`, `val_dl`).
_LOADER = re.compile(r"(?<!down)(?<!up)loader(_\w+)?$|^dl$|_dl$", re.IGNORECASE)


@dataclass
class Known:
    """What the code has shown so far: the names (and ``self.attr`` spellings) that hold device
    tensors, and those that hold tensors on the host."""

    device: set[str] = field(default_factory=set)
    host: set[str] = field(default_factory=set)
    # What a call the file does not show returned, given device tensors (``acc = accuracy(out, y)``):
    # a device tensor, or a value the callee has already copied to the host.
    fed: set[str] = field(default_factory=set)
    # What the code shows is no device tensor: Python and NumPy values, a loader's batches, a range.
    plain: set[str] = field(default_factory=set)

    def snapshot(self) -> Known:
        return Known(set(self.device), set(self.host), set(self.fed), set(self.plain))

    def bind(self, names: set[str], where: str | None) -> None:
        """``names`` now hold a device tensor ("device"), a host tensor ("host"), what a call was given
        device tensors for ("fed"), or none of these (None)."""
        self.device.difference_update(names)
        self.host.difference_update(names)
        self.fed.difference_update(names)
        self.plain.difference_update(names)
        if where == "device":
            self.device.update(names)
        elif where == "host":
            self.host.update(names)
        elif where == "fed":
            self.fed.update(names)
        elif where == "plain":
            self.plain.update(names)


class TensorValues:
    def __init__(self, tree: Tree, aliases: ImportAliases, functions: LocalFunctions | None = None) -> None:
        self.tree = tree
        module = tree.root
        self.aliases = aliases
        self.functions = functions or LocalFunctions(tree)
        self.modules = model_names(self.tree, aliases) | models_by_use(self.tree)
        calls = self.tree.of_type(module, cst.Call)
        self.backward_receivers = {
            dotted_name(call.func.value)
            for call in calls
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "backward"
        }
        self.losses = self.backward_receivers | {
            name
            for assign in self.tree.of_type(module, cst.Assign)
            if isinstance(assign.value, cst.Call) and LOSS_CALL.search(dotted_name(assign.value.func) or "")
            for target in assign.targets
            for name in _target_names(target.target)
        }
        # names bound to a `DataLoader(...)`: its batches are on the host until moved
        self.loaders = {
            name
            for assign in self.tree.of_type(module, cst.Assign)
            if isinstance(assign.value, cst.Call) and aliases.qualify(assign.value.func) in _DATA_LOADERS
            for target in assign.targets
            for name in _target_names(target.target)
        }
        # torch.set_default_device("cuda"): factories without device= make device tensors.
        self.factories_on_host = not sets_default_device(tree, aliases)
        self._returns: dict[int, bool] = {}
        self._walking: set[tuple[object, ...]] = set()

    # -- device tensors

    def is_tensor(self, node: cst.BaseExpression, known: Known) -> bool:
        """Is ``node`` a tensor on the device, given what is ``known``?"""
        if isinstance(node, cst.Name):
            return node.value in known.device
        if isinstance(node, cst.Call):
            return self._call_is_tensor(node, known)
        if isinstance(node, cst.Attribute):
            if dotted_name(node) in known.device:
                return True
            return (
                node.attr.value in _TENSOR_ATTRIBUTES or node.attr.value in _OUTPUT_FIELDS
            ) and self.is_tensor(node.value, known)
        if isinstance(node, cst.Subscript):
            return self.is_tensor(node.value, known)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) and self.is_tensor(node.expression, known)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.left, _STRINGS):
            return False  # `"loss %.3f" % loss`: a string
        return any(self.is_tensor(operand, known) for operand in _operands(node))

    def _call_is_tensor(self, node: cst.Call, known: Known) -> bool:
        func = node.func
        qualified = self.aliases.qualify(func)
        if qualified in _VARIABLE:
            # `Variable(x.cuda())`: the pre-0.4 wrapper is its tensor
            return bool(node.args) and self.is_tensor(node.args[0].value, known)
        if qualified is not None:
            if not qualified.startswith("torch.") or _TORCH_NOT_TENSOR.match(qualified):
                return False
            return not self._made_on_host(node, qualified, known)
        callee = self.functions.callee(node)
        if callee is not None:  # the file's own `def loss_fn(...)`: what it returns, whatever its name
            if self.returns_tensors(callee):
                return True
            # `accuracy(out, y)` returning `(out.argmax(1) == y).float().mean()`: a tensor given tensors
            given = self.given_tensors(node, callee, known)
            parts = self.returned_parts(callee, given) if given else None
            return parts is not None and all(parts)
        if isinstance(func, cst.Name) and func.value == "self":
            cls = self.functions.enclosing_class(node)  # `self(x)` in a module: its forward's output
            return cls is not None and "forward" in methods(cls)
        name = dotted_name(func)
        if name is not None and (name in self.modules or _MODEL_NAME.match(name.rsplit(".", 1)[-1])):
            # a model's output, a loss; a one-argument `*_criterion` given no tensor
            # (`stopping_criterion(env)`) is a test of something else
            last = name.rsplit(".", 1)[-1]
            return not (
                name not in self.modules
                and last.endswith("criterion")
                and len(node.args) == 1
                and not self.is_tensor(node.args[0].value, known)
                and not isinstance(node.args[0].value, cst.Call)
            )
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in ("to", "cuda"):
                return dotted_name(func.value) not in self.modules
            return method not in NOT_TENSOR_METHODS and self.is_tensor(func.value, known)
        return False

    def is_fed(self, node: cst.BaseExpression, known: Known) -> bool:
        """Is ``node`` what a call the file does not show returns when given device tensors
        (``accuracy(out, y)``, ``calc(out)[0]``, ``-elbo(x)``, or a name bound to one)? ``.item()`` of it
        waits for the GPU: it is a device tensor, or the callee copied it to the host itself (a float
        has no ``.item()``)."""
        if isinstance(node, cst.Name):
            return node.value in known.fed
        if isinstance(node, cst.Subscript) or (
            isinstance(node, cst.Attribute) and node.attr.value in _TENSOR_ATTRIBUTES
        ):
            return self.is_fed(node.value, known)  # `calc(out)[0]`, `acc.data`
        if isinstance(node, cst.UnaryOperation):
            return self.is_fed(node.expression, known)
        if not isinstance(node, cst.Call) or (self.aliases.qualify(node.func) or "").startswith("torch."):
            return False  # torch's own functions: `is_tensor` knows them
        if isinstance(node.func, cst.Attribute) and not isinstance(node.func.value, cst.Name):
            return False  # a method of a computed value: not a function the file names
        name = dotted_name(node.func) or ""
        if name.rsplit(".", 1)[-1] in NOT_TENSOR_METHODS:
            return False
        return any(not a.keyword and self.is_tensor(a.value, known) for a in node.args)

    def is_plain(self, node: cst.BaseExpression, known: Known) -> bool:
        """Does the code show ``node`` holds no device tensor: a number, a string, a NumPy value
        (``np.*``, ``.numpy()``, ``.item()``), a host tensor, a range, a loader's batch
        (``for x, y in loader``: on the host until moved), or a container of such?"""
        if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, *_STRINGS)):
            return True
        if isinstance(node, (cst.Name, cst.Attribute)):
            spelled = dotted_name(node)
            if spelled in known.plain or spelled in known.host or spelled in ("True", "False", "None"):
                return True
            if isinstance(node, cst.Attribute) and self.is_plain(node.value, known):
                return True  # `lengths.data`, `batch.text` of a batch on the host
            return spelled in self.loaders or _LOADER.search((spelled or "").rsplit(".", 1)[-1]) is not None
        if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
            return all(self.is_plain(e.value, known) for e in node.elements)
        if isinstance(node, cst.Dict):
            return not node.elements
        if isinstance(node, cst.Subscript):
            return self.is_plain(node.value, known)
        if isinstance(node, cst.UnaryOperation):
            return self.is_plain(node.expression, known)
        if isinstance(node, cst.IfExp):
            return self.is_plain(node.body, known) and self.is_plain(node.orelse, known)
        if isinstance(node, (cst.BinaryOperation, cst.Comparison)):
            return all(self.is_plain(o, known) for o in _operands(node))
        if not isinstance(node, cst.Call):
            return False
        if self.is_host(node, known):
            return True
        qualified = self.aliases.qualify(node.func) or ""
        if qualified.split(".", 1)[0] in ("numpy", "math", "time", "random"):
            return True
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _PLAIN_METHODS:
            return True
        if isinstance(func, cst.Name) and func.value in _PLAIN_BUILTINS:
            return True
        if self.is_tensor(node, known) or self.is_fed(node, known):
            return False
        callee = self.functions.callee(node)
        if callee is not None and _abstract(callee):
            return False  # `self.set_forward(x)` of an abstract method: what an override returns, unknown
        args = all(self.is_plain(a.value, known) for a in node.args)
        if isinstance(func, cst.Attribute) and self.is_plain(func.value, known):
            return args  # `counts.argmax()`, `labels.view(-1)` of a value on the host
        if isinstance(func, cst.Attribute) and _torch_only_method(node):
            return False  # `logit.argmax(dim=1)` of a value the code does not show: no host value shown
        # `enumerate(loader)`, `zip(xs, ys)`, `schedule(step, n)`: what a function makes of host values
        return bool(node.args) and args

    def is_loss(self, node: cst.BaseExpression, known: Known) -> bool:
        """A loss held in a name: a scalar tensor."""
        return dotted_name(node) in self.losses and (
            self.is_tensor(node, known) or dotted_name(node) in self.backward_receivers
        )

    # -- host tensors

    def is_host(self, node: cst.BaseExpression, known: Known) -> bool:
        """Is ``node`` a tensor on the host (copied there, or made there)?"""
        if isinstance(node, (cst.Name, cst.Attribute)) and dotted_name(node) in known.host:
            return True
        if isinstance(node, cst.Call):
            qualified = self.aliases.qualify(node.func)
            if qualified in _VARIABLE:
                return bool(node.args) and self.is_host(node.args[0].value, known)
            if qualified is not None:
                return self._made_on_host(node, qualified, known)
            if not isinstance(node.func, cst.Attribute):
                return False
            method, receiver = node.func.attr.value, node.func.value
            if method == "cpu":
                return dotted_name(receiver) not in self.modules
            return method not in NOT_TENSOR_METHODS | {"to", "cuda"} and self.is_host(receiver, known)
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            return self.is_host(node.value, known)
        if isinstance(node, cst.UnaryOperation):
            return self.is_host(node.expression, known)
        operands = _operands(node)
        return any(self.is_host(o, known) for o in operands) and not any(
            self.is_tensor(o, known) for o in operands
        )

    def _made_on_host(self, call: cst.Call, qualified: str, known: Known) -> bool:
        """``torch.zeros(3)``, ``torch.FloatTensor(x)``, ``torch.eq(a_cpu, b_cpu)``: a host tensor."""
        if (
            legacy_dtype(qualified) is not None
            and qualified.startswith("torch.")
            and ".cuda." not in qualified
        ):
            return True
        if qualified in _HOST_FACTORIES:
            device = kwarg(call, "device")
            return (device is None and self.factories_on_host) or (
                device is not None and m.matches(device.value, _CPU)
            )
        inputs = [v for a in call.args for v in _elements(a.value)]
        return any(self.is_host(i, known) for i in inputs) and not any(
            self.is_tensor(i, known) for i in inputs
        )

    # -- functions of this file

    def returns_tensors(self, function: cst.FunctionDef) -> bool:
        """Does every ``return`` of ``function`` give a device tensor, or a tuple of them?"""
        key = id(function)
        if key not in self._returns:
            self._returns[key] = False  # a recursive call proves nothing
            self._returns[key] = self._every_return_a_tensor(function)
        return self._returns[key]

    def _every_return_a_tensor(self, function: cst.FunctionDef) -> bool:
        parts = self.returned_parts(function)
        return parts is not None and all(parts)

    def returned_parts(
        self, function: cst.FunctionDef, given: frozenset[str] = frozenset()
    ) -> list[bool] | None:
        """For each position of what ``function`` returns (one, or the elements of a tuple of the same
        length in every ``return``), whether every return gives a device tensor there, when the
        parameters named in ``given`` hold device tensors; None when the returns differ in shape or
        there is none."""
        key = ("tensor_values.returned_parts", id(function), given)
        if key in self._walking:
            return None  # a recursive call proves nothing
        self._walking.add(key)
        try:
            return self.tree.memo(key, lambda: self._returned_parts(function, given))
        finally:
            self._walking.discard(key)

    def given_tensors(self, call: cst.Call, function: cst.FunctionDef, known: Known) -> frozenset[str]:
        """The parameters of the file's ``function`` that ``call`` gives device tensors (by position or
        keyword; ``self`` is not one of a method called as ``self.f(...)``)."""
        return self._given(call, function, known, self.is_tensor)

    def given_plain(self, call: cst.Call, function: cst.FunctionDef, known: Known) -> frozenset[str]:
        """The parameters of the file's ``function`` that ``call`` gives values shown to be no device
        tensors (:meth:`is_plain`)."""
        return self._given(call, function, known, self.is_plain)

    def _given(
        self,
        call: cst.Call,
        function: cst.FunctionDef,
        known: Known,
        test: Callable[[cst.BaseExpression, Known], bool],
    ) -> frozenset[str]:
        params = [p.name.value for p in function.params.params]
        if params[:1] == ["self"] and isinstance(call.func, cst.Attribute):
            params = params[1:]
        given: set[str] = set()
        for index, arg in enumerate(call.args):
            if arg.star:
                break
            name = (
                arg.keyword.value
                if arg.keyword is not None
                else (params[index] if index < len(params) else None)
            )
            if name is not None and test(arg.value, known):
                given.add(name)
        return frozenset(given)

    def _returned_parts(self, function: cst.FunctionDef, given: frozenset[str]) -> list[bool] | None:
        if not isinstance(function.body, cst.IndentedBlock):
            return None
        known = Known()
        known.bind(set(given), "device")
        returned: list[list[bool]] = []
        # Lists started as `res = []` and since only given device tensors by `res.append(t)` (None: none
        # yet): `res` returned is a list of device tensors, `res[0]` and `top1, top5 = res` are tensors.
        lists: dict[str, bool | None] = {}
        for step in walk_block(function.body.body):
            if isinstance(step.node, cst.Return):
                value = step.node.value
                parts = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
                returned.append(
                    [
                        p is not None
                        and (
                            self.is_tensor(p, known)
                            or (isinstance(p, cst.Name) and lists.get(p.value) is True)
                        )
                        for p in parts
                    ]
                )
            elif not isinstance(step.node, (cst.For, cst.While)):
                self._follow_lists(step.node, known, lists)
                self.bind(step.node, known)
        if not returned or len({len(r) for r in returned}) != 1:
            return None
        return [all(column) for column in zip(*returned)]

    def _follow_lists(self, small: cst.CSTNode, known: Known, lists: dict[str, bool | None]) -> None:
        """Update ``lists`` (see :meth:`_returned_parts`) for ``small``: ``name = []`` starts one,
        ``name.append(t)`` keeps it a list of device tensors while ``t`` is one, any other use of ``name``
        (extended, stored into, handed on) ends it."""
        if _is_empty_list_start(small):
            lists[cst.ensure_type(cst.ensure_type(small, cst.Assign).targets[0].target, cst.Name).value] = (
                None
            )
            return
        if _is_append_one(small):
            call = cst.ensure_type(cst.ensure_type(small, cst.Expr).value, cst.Call)
            name = cst.ensure_type(cst.ensure_type(call.func, cst.Attribute).value, cst.Name).value
            if name in lists:
                lists[name] = lists[name] is not False and self.is_tensor(call.args[0].value, known)
                return
        for occurrence in self.tree.of_type(small, cst.Name):
            if occurrence.value in lists:
                lists[occurrence.value] = False

    # -- bindings

    def bind_loop_target(self, loop: cst.For, known: Known) -> None:
        """``for p in model.parameters():`` and ``for p, q in zip(a.parameters(), b.parameters()):``
        bind tensors; other for-targets are no tensors."""
        names = flatten_names(loop.target, keep_underscore=True)
        known.bind(set(names), "plain" if self.is_plain(loop.iter, known) else None)
        if m.matches(loop.iter, _PARAMETER_ITERATORS):
            known.bind(set(names[-1:]), "device")
        elif m.matches(
            loop.iter, m.Call(func=m.Name("zip"), args=[m.AtLeastN(m.Arg(_PARAMETER_ITERATORS), n=1)])
        ):
            known.bind(set(names), "device")

    def bind(self, small: cst.BaseSmallStatement, known: Known) -> None:
        """Update ``known`` for what ``small`` assigns."""
        if isinstance(small, cst.Assign):
            for target in small.targets:
                self._assign(target.target, small.value, known)
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            self._assign(small.target, small.value, known)
        elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            if self.is_tensor(small.value, known):
                known.bind({small.target.value}, "device")

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression, known: Known) -> None:
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
            if len(target.elements) == len(value.elements):
                for t, v in zip(target.elements, value.elements):
                    self._assign(t.value, v.value, known)
                return
        names = _target_names(target)
        callee = self.functions.callee(value) if isinstance(value, cst.Call) else None
        if isinstance(target, (cst.Tuple, cst.List)) and callee is not None:
            # `nll, kl, weight = loss_fn(...)`: each name gets what the file's function returns there
            parts = self.returned_parts(
                callee, self.given_tensors(cst.ensure_type(value, cst.Call), callee, known)
            )
            if parts is not None and len(parts) == len(target.elements) > 1:
                for element, part in zip(target.elements, parts):
                    where = "device" if part else ("fed" if self.is_fed(value, known) else None)
                    known.bind(_target_names(element.value), where)
                known.bind(names & self.backward_receivers, "device")
                return
        if self.is_tensor(value, known):
            known.bind(names, "device")
        elif self.is_host(value, known):
            known.bind(names, "host")
        elif self.is_fed(value, known):
            known.bind(names, "fed")
        else:
            known.bind(names, "plain" if self.is_plain(value, known) else None)
        if _may_be_tensor(value):
            # `loss = compute_loss(...)`, `loss, acc = step(...)`: what receives `.backward()` is a tensor
            known.bind(names & self.backward_receivers, "device")


_EMPTY_LIST_START = m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.List(elements=[]))
_APPEND_ONE = m.Expr(
    value=m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("append")), args=[m.Arg(keyword=None, star="")])
)


def _is_empty_list_start(node: cst.CSTNode) -> bool:
    """``_EMPTY_LIST_START``: ``name = []``. (Type tests: the matcher, asked of every statement of every
    function whose returns a step reads, was a tenth of DEV008's time on timm.)"""
    return (
        type(node) is cst.Assign
        and len(node.targets) == 1
        and type(node.targets[0].target) is cst.Name
        and type(node.value) is cst.List
        and not node.value.elements
    )


def _is_append_one(node: cst.CSTNode) -> bool:
    """``_APPEND_ONE``: ``name.append(x)``."""
    if type(node) is not cst.Expr or type(node.value) is not cst.Call:
        return False
    call = node.value
    return (
        type(call.func) is cst.Attribute
        and type(call.func.value) is cst.Name
        and call.func.attr.value == "append"
        and len(call.args) == 1
        and call.args[0].keyword is None
        and call.args[0].star == ""
    )


def _operands(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of arithmetic and comparisons (none for anything else)."""
    if isinstance(node, cst.BinaryOperation):
        return [node.left, node.right]
    if isinstance(node, cst.Comparison):
        if any(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in node.comparisons):
            return []  # `z is None`: an identity test, a bool whatever the operands
        return [node.left, *(c.comparator for c in node.comparisons)]
    return []


def _elements(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """``[a, b]`` and ``(a, b)`` as their elements (``torch.cat([a, b])``); anything else as itself."""
    if isinstance(value, (cst.List, cst.Tuple)):
        return [e.value for e in value.elements]
    return [value]


def _target_names(target: cst.BaseExpression) -> set[str]:
    """The names and ``self.attr`` spellings an assignment target binds."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in _target_names(e.value)}
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    spelled = dotted_name(target)
    return {spelled} if spelled is not None else set()


def _may_be_tensor(value: cst.BaseExpression) -> bool:
    """``loss = compute_loss(...)``, ``loss = outputs.loss``, ``loss = losses[0]``: a call's result (or a
    part of a value) that receives ``.backward()`` later is a tensor."""
    if isinstance(value, (cst.Attribute, cst.Subscript, cst.BinaryOperation)):
        return True  # (`loss = loss_d_fake + loss_d_real`, then `loss.backward()`)
    if not isinstance(value, cst.Call):
        return False
    return not (isinstance(value.func, cst.Attribute) and value.func.attr.value in NOT_TENSOR_METHODS)


# Methods only a tensor has (NumPy's arrays have none of them), and the keyword only a tensor's methods take:
# called on a value the code does not show, they make no host value of it.
_TORCH_ONLY_METHODS = frozenset(
    "view contiguous detach topk unsqueeze masked_fill masked_select eq ne gt lt ge le long half softmax"
    " log_softmax pow clamp exp sqrt abs norm sigmoid".split()
)


def _torch_only_method(call: cst.Call) -> bool:
    """``logit.argmax(dim=1)``, ``out.view(-1)``, ``h.unsqueeze(0)``: a call of a tensor's method."""
    func = cst.ensure_type(call.func, cst.Attribute)
    return func.attr.value in _TORCH_ONLY_METHODS or any(
        a.keyword is not None and a.keyword.value == "dim" for a in call.args
    )


def _abstract(function: cst.FunctionDef) -> bool:
    """A method only an override gives a body: decorated ``@abstractmethod``, or whose body is a docstring,
    ``pass``, ``...`` or ``raise NotImplementedError``. Its callers run the override, which may run the
    model on the device whatever it is given."""
    if any((dotted_name(d.decorator) or "").endswith("abstractmethod") for d in function.decorators):
        return True
    body = function.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else [body]
    smalls: list[cst.BaseSmallStatement] = []
    for statement in statements:
        if not isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return False
        smalls += statement.body
    for small in smalls:
        if isinstance(small, cst.Pass):
            continue
        if isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString, cst.Ellipsis)):
            continue
        if isinstance(small, cst.Raise) and small.exc is not None:
            raised = small.exc.func if isinstance(small.exc, cst.Call) else small.exc
            if dotted_name(raised) == "NotImplementedError":
                continue
        return False
    return bool(smalls)
