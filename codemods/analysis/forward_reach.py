"""Which functions run on a module's device, and which expression names that device in each.

``forward`` runs where the input is; so do the methods it calls (``self.reparameterize(mu, logvar)``),
the module-level functions it calls (``sequence_mask(lengths)``), the functions those call in turn,
and the methods that build a module's recurrent state (``init_hidden``), whose tensors are fed back
to ``forward``; for a rule that asks, the methods that replace a registered buffer (``self.eps =
torch.randn(n)``), whose value ``forward`` reads where the module is. In each, the device is read
from a tensor parameter: ``forward``'s first argument,
a parameter that receives the caller's tensor, or one the body itself treats as a tensor
(``logvar.exp()``, ``torch.exp(0.5 * logvar)``, ``mu: Tensor``). A method with no tensor parameter
of a module that visibly owns parameters takes the module's own device,
``next(self.parameters()).device``. A module whose only layer is handed to its constructor
(``self.rnn = decoder_rnn``, then ``self.rnn.forward_step(...)``) most likely owns parameters through
it, but that is an assumption: the device is named the same way and ``assumes`` says what it rests
on, so rules mark such fixes unsafe. Where none of this is known the device is None and rules report
without fixing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import is_legacy_constructor
from codemods.analysis.nn_modules import methods
from codemods.analysis.tensor_attributes import attribute_targets, self_attribute
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of
from codemods.core.torch_names import FACTORIES
from codemods.core.tree import Tree

# Methods that build a module's recurrent state for the caller to feed back to forward.
STATE_BUILDER = re.compile(
    r"^_?(init|initial|begin|zero|reset)_?(hidden|state|states)(_state)?$", re.IGNORECASE
)
# Annotations that say a parameter is not a tensor.
_NOT_TENSOR_ANNOTATIONS = frozenset({"int", "float", "bool", "str", "dict", "list", "tuple", "Optional"})
# Methods and attributes only a tensor has (NumPy arrays, lists and numbers have none of them).
_TENSOR_METHODS = frozenset(
    "size new_zeros new_ones new_full new_empty new_tensor type_as unsqueeze masked_fill masked_fill_"
    " contiguous detach exp exp_ mul mul_ matmul bmm view expand narrow permute softmax log_softmax"
    " sigmoid".split()
)
_TENSOR_ATTRIBUTES = frozenset({"device", "is_cuda", "grad", "requires_grad"})
# torch functions whose tensor arguments must be tensors (a number or an array fails).
_TENSOR_FUNCTIONS = frozenset(
    f"torch.{n}"
    for n in "exp log sqrt sigmoid tanh relu softmax log_softmax abs sin cos matmul bmm mm cat stack"
    " sum mean clamp unsqueeze squeeze transpose masked_fill gather".split()
)
# Layers whose input can only be a tensor on their own device.
_INPUT_LAYERS = re.compile(
    r"^torch\.nn\.(Linear|Bilinear|Conv\w*|ConvTranspose\w*|Embedding|EmbeddingBag|BatchNorm\w*|LayerNorm"
    r"|GroupNorm|InstanceNorm\w*)$"
)
# Layers that own parameters: a module that builds one has a device of its own.
_PARAMETERISED = re.compile(
    r"^torch\.nn\.(Linear|Bilinear|Conv\w*|ConvTranspose\w*|Embedding\w*|LSTM\w*|GRU\w*|RNN\w*|BatchNorm\w*"
    r"|LayerNorm|GroupNorm|MultiheadAttention|Transformer\w*|Parameter|PReLU)$"
)


@dataclass(frozen=True)
class Reached:
    """A function that runs on the module's device, and how to name that device there."""

    function: cst.FunctionDef
    tensor: str | None  # the parameter the device is read from (`x` of `x.device`), if any
    device: cst.BaseExpression | None  # `x.device`, `next(self.parameters()).device`, or None
    assumes: str | None = None  # what naming the device rests on, when it is not shown (an unsafe fix)

    @property
    def names(self) -> str:
        """Whose device ``device`` is, in words."""
        return (
            "the module's device" if self.tensor is None and self.device is not None else "the input's device"
        )


def attribute(name: str, attr: str) -> cst.Attribute:
    return cst.Attribute(value=cst.Name(name), attr=cst.Name(attr))


def reached_functions(
    tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, buffer_writers: bool = False
) -> list[Reached]:
    """The functions that run on ``cls``'s device (see the module docstring), ``forward`` first; with
    ``buffer_writers``, also the methods that replace a registered buffer (:func:`_buffer_writers`)."""
    own = methods(cls)
    forward = own.get("forward")
    if forward is None:
        return []
    functions = {f.name.value: f for f in _module_functions(tree)}
    owns_parameters = _owns_parameters(tree, aliases, own.get("__init__"))
    handed_in = None if owns_parameters else _handed_in_layer(tree, cls, own.get("__init__"))
    too_early = _called_before_layers(tree, aliases, own.get("__init__"))
    first = _params(forward)[:1]
    start = (
        first[0]
        if first and _may_be_tensor(first[0]) and not _used_as_mapping(tree, forward, first[0].name.value)
        else None
    )
    queue: list[tuple[cst.FunctionDef, str | None, bool]] = [
        (forward, start.name.value if start else None, True)
    ]
    # State builders last: when forward calls one, what forward passes it comes first.
    builders = [(f, None, True) for name, f in own.items() if STATE_BUILDER.match(name)]
    found: dict[int, Reached] = {}
    while queue or builders:
        function, known, is_method = queue.pop(0) if queue else builders.pop(0)
        if id(function) in found:
            continue
        tensor = known or _tensor_by_use(tree, aliases, function, is_method)
        if tensor is not None:
            device: cst.BaseExpression | None = attribute(tensor, "device")
        elif is_method and (owns_parameters or handed_in) and function.name.value not in too_early:
            device = cst.parse_expression("next(self.parameters()).device")
        else:
            device = None
        assumes = None
        if tensor is None and device is not None and handed_in is not None:
            assumes = (
                f"it assumes `self.{handed_in[0]}`, handed to the constructor"
                f" as `{handed_in[1]}`, is a module with parameters"
            )
        found[id(function)] = Reached(function, tensor, device, assumes)
        for call in tree.of_type(function.body, cst.Call):
            func = call.func
            if (
                isinstance(func, cst.Attribute)
                and dotted_name(func.value) == "self"
                and func.attr.value in own
            ):
                callee, callee_is_method = own[func.attr.value], True
            elif isinstance(func, cst.Name) and func.value in functions:
                callee, callee_is_method = functions[func.value], False
            else:
                continue
            if callee is not forward:
                queue.append((callee, _receiver_of(call, callee, callee_is_method, tensor), callee_is_method))
    if buffer_writers:
        for writer, buffer in _buffer_writers(tree, aliases, cls, own):
            if id(writer) not in found:
                # a tensor it is handed names the device as in forward's methods; else the buffer's own
                tensor = _tensor_by_use(tree, aliases, writer, True)
                device = attribute(tensor, "device") if tensor else attribute("self", buffer)
                if tensor is None:
                    device = cst.Attribute(value=device, attr=cst.Name("device"))
                found[id(writer)] = Reached(writer, tensor, device)
    return list(found.values())


def _buffer_writers(
    tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, own: dict[str, cst.FunctionDef]
) -> list[tuple[cst.FunctionDef, str]]:
    """The methods of ``cls`` that replace a registered buffer with a tensor they allocate (``self.eps =
    torch.randn(n)`` in NoisyNet's ``sample_noise``, ``noise = torch.randn(n); self.eps = noise.sign()``;
    not ``self.eps = self.eps.cuda()``), each with the first buffer it writes: the buffer
    lives on the module's device, so what replaces it must be made there, and the buffer's own device
    (``self.eps.device``, read before the assignment) names it. Only buffers registered with a tensor
    and never set to None (the device of None is an error); not ``__init__`` nor the methods it calls,
    which run before the module is moved."""
    registered: dict[str, bool] = {}  # buffer -> registered with something other than None
    for call in tree.of_type(cls, cst.Call):
        if (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "register_buffer"
            and len(call.args) >= 2
            and isinstance(call.args[0].value, cst.SimpleString)
        ):
            name = str(call.args[0].value.evaluated_value)
            value = call.args[1].value
            registered[name] = registered.get(name, True) and not m.matches(value, m.Name("None"))
    set_to_none = {
        target
        for assign in tree.of_type(cls, cst.Assign)
        if m.matches(assign.value, m.Name("None"))
        for target in attribute_targets(assign)
    }
    buffers = {name for name, tensor in registered.items() if tensor and name not in set_to_none}
    if not buffers:
        return []
    init = own.get("__init__")
    early = {"__init__", "forward"} | (
        {
            c.func.attr.value
            for c in tree.of_type(init.body, cst.Call)
            if isinstance(c.func, cst.Attribute) and dotted_name(c.func.value) == "self"
        }
        if init is not None
        else set()
    )
    writers = []
    for name, method in own.items():
        if name in early:
            continue
        made = _made_here(tree, aliases, method)
        written = [
            target
            for assign in tree.of_type(method.body, cst.Assign)
            for target in attribute_targets(assign)
            if target in buffers and _reads_made(tree, aliases, assign.value, made)
        ]
        if written:
            writers.append((method, written[0]))
    return writers


def _made_here(tree: Tree, aliases: ImportAliases, method: cst.FunctionDef) -> set[str]:
    """The local names ``method`` binds to a tensor it allocates (``noise = torch.randn(n)``)."""
    return {
        target.target.value
        for assign in tree.of_type(method.body, cst.Assign)
        if _allocates_in(tree, aliases, assign.value)
        for target in assign.targets
        if isinstance(target.target, cst.Name)
    }


def _allocates_in(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression) -> bool:
    """A factory or a legacy constructor called in ``value``."""
    return any(
        (qualified := aliases.qualify(call.func) or "") in FACTORIES or is_legacy_constructor(qualified)
        for call in tree.of_type(value, cst.Call)
    )


def _reads_made(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression, made: set[str]) -> bool:
    """Is ``value`` a tensor allocated right here (a factory in it, or a name bound to one)? A buffer moved
    (``self.buf = self.buf.cuda()``) or handed in is no new tensor."""
    return _allocates_in(tree, aliases, value) or any(n.value in made for n in tree.of_type(value, cst.Name))


def _module_functions(tree: Tree) -> list[cst.FunctionDef]:
    module = tree.root
    assert isinstance(module, cst.Module)
    return [s for s in module.body if isinstance(s, cst.FunctionDef)]


def _params(function: cst.FunctionDef, is_method: bool = True) -> list[cst.Param]:
    params = [*function.params.posonly_params, *function.params.params]
    return params[1:] if is_method else params


def _may_be_tensor(param: cst.Param) -> bool:
    if param.default is not None:
        return False  # often `mask=None`: no device to take
    annotation = code_of(param.annotation.annotation) if param.annotation else ""
    return not any(word in annotation for word in _NOT_TENSOR_ANNOTATIONS)


def _receiver_of(call: cst.Call, callee: cst.FunctionDef, is_method: bool, tensor: str | None) -> str | None:
    """The parameter of ``callee`` that receives the caller's tensor ``tensor`` at ``call``."""
    if tensor is None:
        return None
    params = _params(callee, is_method)
    for position, arg in enumerate(call.args):
        if arg.star or dotted_name(arg.value) != tensor:
            continue
        if arg.keyword is not None:
            match = [p for p in params if p.name.value == arg.keyword.value]
        else:
            match = params[position : position + 1]
        if match and _may_be_tensor(match[0]):
            return match[0].name.value
    return None


def _tensor_by_use(
    tree: Tree, aliases: ImportAliases, function: cst.FunctionDef, is_method: bool
) -> str | None:
    """The first parameter that is annotated ``Tensor`` or that the body uses as only a tensor can be used."""
    candidates = [p.name.value for p in _params(function, is_method) if _may_be_tensor(p)]
    for param in _params(function, is_method):
        if _annotated_tensor(param):
            return param.name.value
    used = used_as_tensors(tree, aliases, function)
    return next((name for name in candidates if name in used), None)


def shown_tensor_parameter(tree: Tree, aliases: ImportAliases, function: cst.FunctionDef, name: str) -> bool:
    """Is parameter ``name`` of ``function`` annotated ``Tensor``, or used by the body as only a tensor
    can be?"""
    params = [p for p in _params(function, False) if p.name.value == name]
    return bool(params) and (_annotated_tensor(params[0]) or name in used_as_tensors(tree, aliases, function))


def fed_to_a_layer(
    tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, function: cst.FunctionDef
) -> set[str]:
    """Parameters of ``function`` (a method of ``cls``) handed first to a layer the constructor builds
    (``self.embed(x)``, ``self.embed = nn.Embedding(...)``): such a layer takes only a tensor on its
    own device. Not recurrent layers, which also take a ``PackedSequence`` (no ``.device``)."""
    init = methods(cls).get("__init__")
    if init is None:
        return set()
    layers: set[str] = set()
    for assign in tree.of_type(init.body, cst.Assign):
        if isinstance(assign.value, cst.Call) and _INPUT_LAYERS.match(
            aliases.qualify(assign.value.func) or ""
        ):
            layers.update(attribute_targets(assign))
    params = {p.name.value for p in _params(function)}
    fed: set[str] = set()
    for call in tree.of_type(function.body, cst.Call):
        args = call.args
        if (
            self_attribute(call.func) in layers
            and args
            and args[0].keyword is None
            and not args[0].star
            and isinstance(args[0].value, cst.Name)
            and args[0].value.value in params
        ):
            fed.add(args[0].value.value)
    return fed


def is_tensor_method_call(node: cst.BaseExpression) -> bool:
    """``h.view(...)``, ``h.contiguous()``: a method only a tensor has, called on a name; its result is a
    tensor."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and isinstance(node.func.value, cst.Name)
        and node.func.attr.value in _TENSOR_METHODS
    )


def _annotated_tensor(param: cst.Param) -> bool:
    return param.annotation is not None and code_of(param.annotation.annotation).split(".")[-1] == "Tensor"


def used_as_tensors(tree: Tree, aliases: ImportAliases, function: cst.FunctionDef) -> set[str]:
    """Names the body of ``function`` uses as only a tensor can be used: ``x.size(0)``, ``x.device``,
    ``torch.exp(0.5 * x)``."""
    used: set[str] = set()
    for node in tree.descendants(function.body):
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            parent = tree.parent(node)
            is_call = isinstance(parent, cst.Call) and parent.func is node
            if (node.attr.value in _TENSOR_METHODS and is_call) or node.attr.value in _TENSOR_ATTRIBUTES:
                used.add(node.value.value)
        elif isinstance(node, cst.Call) and aliases.qualify(node.func) in _TENSOR_FUNCTIONS and node.args:
            used.update(_operand_names(node.args[0].value))
    return used


def _operand_names(node: cst.BaseExpression) -> set[str]:
    """Names whose value is an operand of ``node``: ``0.5 * logvar`` -> {logvar}, ``[a, b]`` -> {a, b}."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.BinaryOperation):
        return _operand_names(node.left) | _operand_names(node.right)
    if isinstance(node, cst.UnaryOperation):
        return _operand_names(node.expression)
    if isinstance(node, (cst.List, cst.Tuple)):
        return {n for e in node.elements for n in _operand_names(e.value)}
    return set()


def _used_as_mapping(tree: Tree, function: cst.FunctionDef, name: str) -> bool:
    """``batch["x"]``, ``batch.items()``: a dict, not a tensor with a device (``x[0]`` is a tensor's row)."""
    for node in tree.descendants(function.body):
        if isinstance(node, cst.Subscript) and dotted_name(node.value) == name:
            if any(
                isinstance(e.slice, cst.Index) and isinstance(e.slice.value, cst.SimpleString)
                for e in node.slice
            ):
                return True
        elif isinstance(node, cst.Attribute) and dotted_name(node.value) == name:
            if node.attr.value in ("items", "keys", "values", "append"):
                return True
    return False


def _called_before_layers(tree: Tree, aliases: ImportAliases, init: cst.FunctionDef | None) -> set[str]:
    """Methods ``__init__`` calls before it builds a layer: ``next(self.parameters())`` fails there."""
    called: set[str] = set()
    for stmt in init.body.body if init is not None and isinstance(init.body, cst.IndentedBlock) else ():
        calls = tree.of_type(stmt, cst.Call)
        if any(_PARAMETERISED.match(aliases.qualify(c.func) or "") for c in calls):
            break
        called.update(
            c.func.attr.value
            for c in calls
            if isinstance(c.func, cst.Attribute) and dotted_name(c.func.value) == "self"
        )
    return called


def _handed_in_layer(tree: Tree, cls: cst.ClassDef, init: cst.FunctionDef | None) -> tuple[str, str] | None:
    """``self.rnn = decoder_rnn`` in ``__init__`` (a constructor parameter) and a method of it called in
    the class (``self.rnn.forward_step(...)``): (``rnn``, ``decoder_rnn``), a layer handed in. A
    handed-in callable called directly (``self.criterion(out, y)``) is as often a loss without
    parameters, so it does not count."""
    if init is None:
        return None
    params = {p.name.value for p in _params(init) if p.default is None}
    stored: dict[str, str] = {}
    for assign in tree.of_type(init.body, cst.Assign):
        if isinstance(assign.value, cst.Name) and assign.value.value in params:
            stored.update(dict.fromkeys(attribute_targets(assign), assign.value.value))
    for call in tree.of_type(cls.body, cst.Call):
        layer = self_attribute(call.func.value) if isinstance(call.func, cst.Attribute) else None
        if layer in stored:
            return layer, stored[layer]
    return None


def _owns_parameters(tree: Tree, aliases: ImportAliases, init: cst.FunctionDef | None) -> bool:
    """Does ``__init__`` build a layer with parameters (so ``next(self.parameters())`` exists)?"""
    if init is None:
        return False
    return any(_PARAMETERISED.match(aliases.qualify(c.func) or "") for c in tree.of_type(init.body, cst.Call))
