"""The dtype a file's models compute in.

Which models take floating point input: those whose first layer is a linear, convolutional,
recurrent or normalisation layer (an embedding takes indices); a float cast of such a model's input
is right whatever the input's dtype was. And whether the file makes its models float64 on purpose
(then float64 inputs are what they need)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import libcst as cst

from codemods.analysis.batches import data_root
from codemods.analysis.nn_modules import is_module_constructor, module_classes
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, strip_method_chain
from codemods.core.torch_names import FLOAT64_DTYPES
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
    layers built with ``dtype=torch.float64``, ``torch.set_default_dtype(torch.float64)``,
    ``torch.set_default_tensor_type(torch.DoubleTensor)``?"""
    local_modules = module_classes(tree, aliases)

    def is_float64(node: cst.BaseExpression) -> bool:
        return aliases.qualify(node) in FLOAT64_DTYPES

    for call in tree.of_type(tree.root, cst.Call):
        name = aliases.qualify(call.func)
        if name == "torch.set_default_dtype" and call.args and is_float64(call.args[0].value):
            return True
        if name == "torch.set_default_tensor_type" and call.args and "Double" in code_of(call.args[0].value):
            return True
        dtype = kwarg(call, "dtype")
        if (
            dtype is not None
            and is_float64(dtype.value)
            and is_module_constructor(call, aliases, local_modules)
        ):
            return True  # layers created in double precision: `nn.Linear(4, 2, dtype=torch.float64)`
        if not isinstance(call.func, cst.Attribute):
            continue
        receiver = call.func.value
        is_model = dotted_name(receiver) in models or is_module_constructor(
            strip_method_chain(receiver, aliases), aliases, local_modules
        )
        makes_double = call.func.attr.value == "double" or (
            call.func.attr.value in ("to", "type")
            and any(is_float64(a.value) or "Double" in code_of(a.value) for a in call.args)
        )
        if is_model and makes_double:
            return True
    return False
