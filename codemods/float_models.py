"""Which models take floating point input: those whose first layer is a linear, convolutional,
recurrent or normalisation layer (an embedding takes indices). A float cast of such a model's input
is right whatever the input's dtype was."""

from __future__ import annotations

import libcst as cst

from codemods.batches import data_root
from codemods.names import ImportAliases, dotted_name
from codemods.syntax import strip_method_chain
from codemods.tree import Tree

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


PASS_THROUGH_LAYERS = frozenset(
    f"torch.nn.{name}"
    for name in (
        "Flatten Unflatten Dropout Dropout2d Identity ReLU LeakyReLU Tanh Sigmoid GELU ELU SELU SiLU Softplus"
        " MaxPool1d MaxPool2d MaxPool3d AvgPool1d AvgPool2d AdaptiveAvgPool2d ZeroPad2d"
    ).split()
)


def float_consuming_models(tree: Tree, module: cst.Module, models: set[str], aliases: ImportAliases) -> set[str]:
    """Of ``models``, those whose first layer takes floating point input (``nn.Linear``, a local
    ``nn.Module`` whose ``forward`` hands its input to a convolution first, ...): a float cast of
    their input is right whatever its dtype was."""
    classes = {c.name.value: c for c in tree.of_type(module, cst.ClassDef)}
    constructors: dict[str, cst.BaseExpression] = {}
    for assign in tree.of_type(module, cst.Assign):
        root = strip_method_chain(assign.value, aliases)
        if isinstance(root, cst.Call):
            for target in assign.targets:
                name = dotted_name(target.target)
                if name in models:
                    constructors.setdefault(name, root)
    return {name for name, ctor in constructors.items() if _takes_floats(tree, ctor, aliases, classes, 0)}


def _takes_floats(tree: Tree, node: cst.BaseExpression, aliases: ImportAliases, classes: dict[str, cst.ClassDef], depth: int) -> bool:
    if depth > 4 or not isinstance(node, cst.Call):
        return False
    qualified = aliases.qualify(node.func)
    if qualified in FLOAT_LAYERS:
        return True
    if qualified == "torch.nn.Sequential":
        for arg in node.args:
            if isinstance(arg.value, cst.Call) and aliases.qualify(arg.value.func) in PASS_THROUGH_LAYERS:
                continue
            return not arg.star and _takes_floats(tree, arg.value, aliases, classes, depth + 1)
        return False
    cls = classes.get(dotted_name(node.func) or "")
    return cls is not None and _forward_takes_floats(tree, cls, aliases, classes, depth)


def _forward_takes_floats(tree: Tree, cls: cst.ClassDef, aliases: ImportAliases, classes: dict[str, cst.ClassDef], depth: int) -> bool:
    """The first call in ``forward`` that receives its input: a float layer of ``self``?"""
    methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    forward, init = methods.get("forward"), methods.get("__init__")
    if forward is None or init is None or len(forward.params.params) < 2:
        return False
    data = forward.params.params[1].name.value
    layers: dict[str, cst.BaseExpression] = {}
    for assign in tree.of_type(init, cst.Assign):
        for target in assign.targets:
            name = dotted_name(target.target)
            if name and name.startswith("self."):
                layers.setdefault(name, assign.value)
    for call in tree.of_type(forward.body, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "float" and dotted_name(call.func.value) == data:
            return True
        if any(data_root(a.value, aliases) == data for a in call.args):
            layer = layers.get(dotted_name(call.func) or "")
            return layer is not None and _takes_floats(tree, layer, aliases, classes, depth + 1)
    return False
