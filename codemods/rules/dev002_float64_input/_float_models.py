"""The dtype a file's models compute in.

Which models take floating point input: those whose first layer is a linear, convolutional,
recurrent or normalisation layer (an embedding takes indices); a float cast of such a model's input
is right whatever the input's dtype was. And whether the file makes its models float64 on purpose
(then float64 inputs are what they need)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import libcst as cst

from codemods.analysis.batches import data_root
from codemods.analysis.nn_modules import (
    ModuleCast,
    is_module_constructor,
    model_holders,
    module_casts,
    module_classes,
)
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, strip_method_chain
from codemods.core.torch_names import DEVICE_SPELLED, DTYPE_SPELLED, FACTORIES, FLOAT64_DTYPES
from codemods.core.tree import Tree

# Layers whose input is floating point data (an embedding's is indices), and layers that pass their
# input's dtype through to the next one.
FLOAT_LAYERS = frozenset(
    f"torch.nn.{name}"
    for name in (
        "Linear Bilinear LazyLinear Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d"
        " LazyConv1d LazyConv2d LazyConv3d LSTM GRU RNN LSTMCell GRUCell RNNCell BatchNorm1d BatchNorm2d"
        " BatchNorm3d LayerNorm GroupNorm InstanceNorm1d InstanceNorm2d InstanceNorm3d MultiheadAttention"
        " Transformer TransformerEncoder TransformerDecoder TransformerEncoderLayer TransformerDecoderLayer"
    ).split()
)


# Of those, the layers that always raise on a float64 input (a norm layer without affine weights or
# running statistics has no float32 tensor to disagree with, and runs).
RAISING_LAYERS = FLOAT_LAYERS - {
    f"torch.nn.{name}"
    for name in (
        "BatchNorm1d BatchNorm2d BatchNorm3d LayerNorm GroupNorm InstanceNorm1d InstanceNorm2d InstanceNorm3d"
    ).split()
}


PASS_THROUGH_LAYERS = frozenset(
    f"torch.nn.{name}"
    for name in (
        "Flatten Unflatten Dropout Dropout2d Identity ReLU LeakyReLU Tanh Sigmoid GELU ELU SELU SiLU Softplus"
        " MaxPool1d MaxPool2d MaxPool3d AvgPool1d AvgPool2d AdaptiveAvgPool2d ZeroPad2d"
    ).split()
)


def float_consuming_models(
    tree: Tree, models: AbstractSet[str], aliases: ImportAliases, layers: AbstractSet[str] = FLOAT_LAYERS
) -> set[str]:
    """Of ``models``, those whose first layer takes floating point input (``nn.Linear``, a local
    ``nn.Module`` whose ``forward`` hands its input to a convolution first, ...): a float cast of
    their input is right whatever its dtype was. ``layers``: which layers count as such."""
    module = tree.root
    classes = {c.name.value: c for c in tree.of_type(module, cst.ClassDef)}
    constructors: dict[str, cst.BaseExpression] = {}
    for assign in tree.of_type(module, cst.Assign):
        root = strip_method_chain(assign.value, aliases)
        if isinstance(root, cst.Call):
            for target in assign.targets:
                name = dotted_name(target.target)
                if name is not None and name in models:
                    constructors.setdefault(name, root)
    return {
        name for name, ctor in constructors.items() if _takes_floats(tree, ctor, aliases, classes, 0, layers)
    }


def _takes_floats(
    tree: Tree,
    node: cst.BaseExpression,
    aliases: ImportAliases,
    classes: dict[str, cst.ClassDef],
    depth: int,
    layers: AbstractSet[str],
) -> bool:
    if depth > 4 or not isinstance(node, cst.Call):
        return False
    qualified = aliases.qualify(node.func)
    if qualified in layers:
        return True
    if qualified == "torch.nn.Sequential":
        for arg in node.args:
            if isinstance(arg.value, cst.Call) and aliases.qualify(arg.value.func) in PASS_THROUGH_LAYERS:
                continue
            return not arg.star and _takes_floats(tree, arg.value, aliases, classes, depth + 1, layers)
        return False
    cls = classes.get(dotted_name(node.func) or "")
    return cls is not None and _forward_takes_floats(tree, cls, aliases, classes, depth, layers)


def _forward_takes_floats(
    tree: Tree,
    cls: cst.ClassDef,
    aliases: ImportAliases,
    classes: dict[str, cst.ClassDef],
    depth: int,
    layers: AbstractSet[str],
) -> bool:
    """The first call in ``forward`` that receives its input: a float layer of ``self``?"""
    methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    forward, init = methods.get("forward"), methods.get("__init__")
    if forward is None or init is None or len(forward.params.params) < 2:
        return False
    data = forward.params.params[1].name.value
    attributes: dict[str, cst.BaseExpression] = {}
    for assign in tree.of_type(init, cst.Assign):
        for target in assign.targets:
            name = dotted_name(target.target)
            if name and name.startswith("self."):
                attributes.setdefault(name, assign.value)
    for call in tree.of_type(forward.body, cst.Call):
        if (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "float"
            and dotted_name(call.func.value) == data
        ):
            return True
        if any(data_root(a.value, aliases) == data for a in call.args):
            layer = attributes.get(dotted_name(call.func) or "")
            return layer is not None and _takes_floats(tree, layer, aliases, classes, depth + 1, layers)
    return False


def float64_on_purpose(tree: Tree, aliases: ImportAliases, models: AbstractSet[str]) -> bool:
    """Does the file make its models float64 on purpose: ``model.double()``, ``model.to(torch.float64)``,
    layers built with ``dtype=torch.float64`` (or a name bound to it),
    ``torch.set_default_dtype(torch.float64)``, ``torch.set_default_tensor_type(torch.DoubleTensor)``?

    The model may be reached another way: a chain of its methods
    (``model.requires_grad_(False).double()``), a part (``model[0]``, ``model.fc``), another name
    (``m2 = model``), or a parameter of a function handed the model (``prep(model)``,
    ``model.apply(lambda m: m.double())``)."""
    return _float64_casts(tree, aliases, models)[0]


def float64_maybe(tree: Tree, aliases: ImportAliases, models: AbstractSet[str]) -> str | None:
    """A cast of a model to a dtype the file does not show (``nn.Linear(3, 1, dtype=dtype)`` with
    ``dtype`` a parameter, ``model.to(ref)`` with ``ref`` a tensor, ``model.to(x.dtype)``), spelled as
    written; None when there is none. The model may then compute in float64, and a float32 cast of
    its input would break it or round the input."""
    return _float64_casts(tree, aliases, models)[1]


def _float64_casts(tree: Tree, aliases: ImportAliases, models: AbstractSet[str]) -> tuple[bool, str | None]:
    """(whether a model is made float64 on purpose, a cast to a dtype not shown), from one walk."""
    local_modules = module_classes(tree, aliases)
    bound = _bound_values(tree)
    holders = model_holders(tree, aliases, models, local_modules)
    maybe: str | None = None
    loop_names = {
        n.value for loop in tree.of_type(tree.root, cst.For) for n in tree.of_type(loop.target, cst.Name)
    }

    for call in tree.of_type(tree.root, cst.Call):
        name = aliases.qualify(call.func)
        if name == "torch.set_default_dtype" and call.args:
            found = _dtype_of(aliases, bound, call.args[0].value)
            if found == _FLOAT64:
                return True, None
            if found == _UNSHOWN:  # `torch.set_default_dtype(ref.dtype)`, `(cfg["dtype"])`
                maybe = maybe or code_of(call)
        if name == "torch.set_default_tensor_type" and call.args and "Double" in code_of(call.args[0].value):
            return True, None
        if _may_cast_unseen(call, loop_names):
            maybe = maybe or code_of(call)
        dtype = kwarg(call, "dtype")
        if dtype is not None and is_module_constructor(call, aliases, local_modules):
            found = _dtype_of(aliases, bound, dtype.value)
            if found == _FLOAT64:
                return (
                    True,
                    None,
                )  # layers created in double precision: `nn.Linear(4, 2, dtype=torch.float64)`
            if found == _UNSHOWN:
                maybe = maybe or code_of(call)
    for cast in module_casts(tree, aliases):
        # (`nn.Module.double(net)`, without a receiver, casts whatever module it is handed)
        if cast.receiver is not None and not holders.holds(cast.receiver, cast.node):
            if holders.may_hold(cast.receiver, cast.node) and _may_cast(aliases, bound, cast):
                # `copy.deepcopy(model).double()`, `(a if c else b).double()`: a model may be float64
                maybe = maybe or code_of(cast.node)
            continue
        if cast.method == "double":
            return True, None
        if cast.method in (None, "_apply") or (cast.method in ("to", "type") and cast.args is None):
            # `getattr(model, name)()`, `to = nn.Module.to`, `model._apply(fn)`
            maybe = maybe or code_of(cast.node)
        elif cast.method in ("to", "type") and cast.args is not None:
            found = max((_arg_dtype(aliases, bound, a) for a in cast.args), key=_RANK.index, default=_OTHER)
            if found == _FLOAT64:
                return True, None
            if found == _UNSHOWN:
                maybe = maybe or code_of(cast.node)
    return False, maybe


def _may_cast(aliases: ImportAliases, bound: dict[str, list[cst.BaseExpression]], cast: ModuleCast) -> bool:
    """May ``cast`` make float64 what it casts (``.double()``, ``.to(dtype)``, ``_apply(fn)``), as far as
    the code shows (not ``.half()``, ``.to(torch.float32)``, ``.to(device)``)?"""
    if cast.method in (None, "_apply", "double") or cast.args is None:
        return cast.method not in ("half", "float", "bfloat16")
    if cast.method not in ("to", "type"):
        return False
    return any(_arg_dtype(aliases, bound, a) != _OTHER for a in cast.args)


def _arg_dtype(aliases: ImportAliases, bound: dict[str, list[cst.BaseExpression]], arg: cst.Arg) -> str:
    """:func:`_dtype_of` an argument of ``.to()``; for ``**options``, of the values of the dict it is
    shown to be (``options = dict(dtype=torch.float64)``), else UNSHOWN, as for ``*args``."""
    if arg.star == "*":
        return _UNSHOWN
    if arg.star != "**":
        return _dtype_of(aliases, bound, arg.value)
    options = bound.get(arg.value.value, []) if isinstance(arg.value, cst.Name) else [arg.value]
    values = [v for option in options for v in _dict_values(option)]
    if not options or None in values:
        return _UNSHOWN  # (a dict the file does not show: any dtype may be in it)
    return max(
        (_dtype_of(aliases, bound, v) for v in values if v is not None), key=_RANK.index, default=_OTHER
    )


def _dict_values(node: cst.BaseExpression) -> list[cst.BaseExpression | None]:
    """The values of a dict as written (``{"dtype": d}``, ``dict(dtype=d)``); None for a part not shown
    (``**base``, ``dict(pairs)``), and ``[None]`` for what is no dict the file spells."""
    if isinstance(node, cst.Dict):
        return [None if isinstance(e, cst.StarredDictElement) else e.value for e in node.elements]
    if isinstance(node, cst.Call) and dotted_name(node.func) == "dict":
        return [a.value if a.keyword is not None else None for a in node.args]
    return [None]


def _dtype_of(
    aliases: ImportAliases,
    bound: dict[str, list[cst.BaseExpression]],
    node: cst.BaseExpression,
    depth: int = 0,
) -> str:
    """FLOAT64, OTHER (a dtype or device shown not float64) or UNSHOWN. (A function of the module, not a
    closure of ``_float64_casts``: a recursive closure is a cycle, which the engine's paused collector
    would keep with every node it saw.)"""
    if aliases.qualify(node) in FLOAT64_DTYPES or "Double" in code_of(node):
        return _FLOAT64
    if isinstance(node, cst.Name) and node.value in bound and depth < 4:
        kinds = {_dtype_of(aliases, bound, value, depth + 1) for value in bound[node.value]}
        return _FLOAT64 if _FLOAT64 in kinds else _UNSHOWN if _UNSHOWN in kinds else _OTHER
    if isinstance(node, cst.Attribute) and node.attr.value == "dtype":
        return _UNSHOWN  # `model.to(x.dtype)`
    if isinstance(node, cst.Name) and DTYPE_SPELLED.match(node.value):
        return _UNSHOWN  # a parameter named for a dtype
    if isinstance(node, cst.Call) and aliases.qualify(node.func) in FACTORIES:
        dtype = kwarg(node, "dtype")  # `model.to(ref)`: a tensor's dtype (and device)
        return _dtype_of(aliases, bound, dtype.value) if dtype is not None else _OTHER
    if isinstance(node, cst.IfExp):  # `torch.float64 if double else torch.float32`
        kinds = {_dtype_of(aliases, bound, branch, depth + 1) for branch in (node.body, node.orelse)}
        return _FLOAT64 if _FLOAT64 in kinds else _UNSHOWN if _UNSHOWN in kinds else _OTHER
    if (
        isinstance(node, (cst.Name, cst.SimpleString, cst.Integer))
        or aliases.qualify(node) is not None
        or DEVICE_SPELLED.search(code_of(node))
    ):
        return _OTHER  # another dtype or a device, as written (`torch.float32`, `"cuda"`, `args.device`)
    # `cfg["dtype"]`, `args.precision`, `getattr(torch, name)`: any dtype, float64 among them
    return _UNSHOWN


def _may_cast_unseen(call: cst.Call, loop_names: set[str]) -> bool:
    """A float64 cast of what may be a model or its parameters, in a form the holders do not follow:
    ``m.double()`` of a loop's variable (``for m in [model]``), ``p.data.double()``, ``getattr(model,
    "double")()``, a class (a module, maybe) built with ``**options`` (a ``dtype`` the call does not
    show), however it is spelled."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == "double":
        receiver = func.value
        return (isinstance(receiver, cst.Name) and receiver.value in loop_names) or (
            isinstance(receiver, cst.Attribute) and receiver.attr.value == "data"
        )
    if isinstance(func, cst.Call) and dotted_name(func.func) == "getattr":
        return "double" in code_of(func)
    # (`nn.Linear(**options)`, `Linear(4, 2, **factory)` imported by its name)
    called = func.attr.value if isinstance(func, cst.Attribute) else dotted_name(func) or ""
    return any(arg.star == "**" for arg in call.args) and called[:1].isupper()


_FLOAT64, _UNSHOWN, _OTHER = "float64", "unshown", "other"
_RANK = [_OTHER, _UNSHOWN, _FLOAT64]


def _bound_values(tree: Tree) -> dict[str, list[cst.BaseExpression]]:
    """Each plain name the file assigns (``dtype = torch.float64``), with every value assigned to it."""
    found: dict[str, list[cst.BaseExpression]] = {}
    for assign in tree.of_type(tree.root, cst.Assign):
        for target in assign.targets:
            if isinstance(target.target, cst.Name):
                found.setdefault(target.target.value, []).append(assign.value)
    return found
