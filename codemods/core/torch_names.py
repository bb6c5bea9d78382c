"""The torch vocabulary rules share: factories, legacy constructors, dtypes, and device moves.

What counts as "a tensor factory", "a dtype" or "a move to a device" is decided here once, so that
every rule agrees on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, code_of, kwarg, positional
from codemods.core.tree import Tree

# Factories that allocate a fresh tensor on the default device unless given device=.
FACTORIES = frozenset(
    f"torch.{name}"
    for name in (
        "zeros ones empty full rand randn randint randperm arange eye linspace logspace tensor as_tensor"
    ).split()
)
# Of those, the ones whose default dtype is floating point.
FLOAT_FACTORIES = frozenset(
    f"torch.{name}" for name in "zeros ones empty full rand randn eye linspace logspace".split()
)
FLOAT64_DTYPES = frozenset({"torch.float64", "torch.double"})
# Factories that draw random numbers: on a GPU they draw from the GPU's own generator, so creating
# them there gives other numbers than the host's (the same distribution).
RANDOM_FACTORIES = frozenset(f"torch.{name}" for name in "rand randn randint randperm normal".split())
# In-place methods that fill a tensor with random numbers (`torch.empty(n).normal_()`).
RANDOM_FILLS = frozenset(
    "normal_ uniform_ bernoulli_ random_ exponential_ geometric_ log_normal_ cauchy_".split()
)
# Factory keywords that tie the new tensor to the host: a CPU generator, pinned host memory. With
# them, `device=` pointing at a GPU fails.
HOST_ONLY_KEYWORDS = frozenset({"generator", "pin_memory"})
# The pre-0.4 autograd wrapper, by the names it is imported under.
VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
# torch.cuda.<Kind>Tensor and torch.<Kind>Tensor legacy constructors and the dtype each stands for.
LEGACY_TENSOR_DTYPES = {
    "FloatTensor": "float32",
    "DoubleTensor": "float64",
    "HalfTensor": "float16",
    "LongTensor": "int64",
    "IntTensor": "int32",
    "ByteTensor": "uint8",
    "BoolTensor": "bool",
}
_DTYPE_NAMES = frozenset(
    "float float16 float32 float64 double half bfloat16 int int8 int16 int32 int64 long bool"
    " uint8 complex64 complex128".split()
)


def is_dtype_expr(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``torch.float32``, ``T.long``: an expression naming a torch dtype."""
    name = aliases.qualify(node) or ""
    return name.startswith("torch.") and name.split(".")[-1] in _DTYPE_NAMES


@dataclass(frozen=True)
class Move:
    """``subject.to(device)`` / ``subject.cuda()``: the expression moved and where it goes."""

    call: cst.Call
    subject: cst.BaseExpression
    method: str  # "to" or "cuda"
    device: cst.BaseExpression | None  # None for a bare .cuda()


def as_move(node: cst.CSTNode) -> Move | None:
    """``node`` as a move, or None (``.to(dtype=...)`` moves nothing)."""
    if called_method(node) not in ("to", "cuda"):
        return None
    assert isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
    method = node.func.attr.value
    device = kwarg(node, "device")
    pos = positional(node)
    if method == "cuda":
        return Move(node, node.func.value, method, pos[0].value if pos else None)
    if device is not None:
        return Move(node, node.func.value, method, device.value)
    if pos:
        return Move(node, node.func.value, method, pos[0].value)
    return None


# Functions from elsewhere whose names say they move what they are given: `cuda(x, use_cuda)`, `to_cuda(x)`,
# `to_gpu(x)`, `to_device(x, device)`, `cuda_variable(x)`, and the tutorials' `to_var(x)`.
_MOVER_NAME = re.compile(r"^((to|move|make|as)_)?(cuda|gpu|device)(_(var|variable|tensor))?$|^to_var$")


def named_a_mover(called: str) -> bool:
    """Does the name of a function the file does not define say it moves its first argument to a device
    (``utils.to_cuda``, ``cuda``, ``to_var``)?"""
    return bool(_MOVER_NAME.match(called.rsplit(".", 1)[-1]))


# Names that hold a dtype, not a device: `.to(dtype)`, `.to(self.dtype)`, `.to(x.dtype)`, `.to(dt)`.
DTYPE_SPELLED = re.compile(r"^(dt|dtype|\w+_dtype|dtype_\w+)$", re.IGNORECASE)


def moves_device(move: Move, aliases: ImportAliases) -> bool:
    """True unless ``.to(x)`` is really a dtype conversion (``.to(torch.float32)``, or a name spelled for a
    dtype: ``.to(dtype)``, ``.to(x.dtype)``)."""
    if move.device is None:
        return True
    spelled = (dotted_name(move.device) or "").rsplit(".", 1)[-1]
    return not is_dtype_expr(move.device, aliases) and not DTYPE_SPELLED.match(spelled)


# Spellings of a device (`device`, `args.gpu`, `"cuda:0"`, `x.device`, `torch.cuda.current_device()`).
DEVICE_SPELLED = re.compile(r"dev|gpu|cuda|cpu|rank|mps|xla|xpu|npu|accelerator", re.IGNORECASE)


def shown_a_device(tree: Tree, node: cst.BaseExpression, depth: int = 0) -> bool:
    """Is ``.to(node)`` shown a move (a device, as spelled or as bound: ``d = torch.device("cuda")``),
    not a cast to a tensor's dtype (``.to(ref)``) or to a dtype a container holds?"""
    if isinstance(node, cst.Integer):
        return True  # `model.to(0)`: a GPU's index
    if isinstance(node, cst.IfExp):
        return shown_a_device(tree, node.body, depth) and shown_a_device(tree, node.orelse, depth)
    if isinstance(node, cst.Call):  # `torch.device(...)`, not `torch.zeros(1, device="cuda")`
        return bool(DEVICE_SPELLED.search(code_of(node.func)))
    if DEVICE_SPELLED.search(code_of(node)):
        return True
    if not isinstance(node, cst.Name) or depth > 3:
        return False
    values = _assigned(tree).get(node.value, [])
    return bool(values) and all(shown_a_device(tree, v, depth + 1) for v in values)


def _assigned(tree: Tree) -> dict[str, list[cst.BaseExpression]]:
    """Each plain name the file assigns, with every value assigned to it; once per tree."""

    def find() -> dict[str, list[cst.BaseExpression]]:
        found: dict[str, list[cst.BaseExpression]] = {}
        for assign in tree.of_type(tree.root, cst.Assign):
            for target in assign.targets:
                if isinstance(target.target, cst.Name):
                    found.setdefault(target.target.value, []).append(assign.value)
        return found

    return tree.memo("torch_names.assigned", find)


def is_cpu_device(node: cst.BaseExpression | None, aliases: ImportAliases) -> bool:
    """``"cpu"``, ``torch.device("cpu")``: a device expression that is the CPU as written."""
    if isinstance(node, cst.Call) and aliases.qualify(node.func) == "torch.device" and len(node.args) == 1:
        node = node.args[0].value
    return isinstance(node, cst.SimpleString) and node.evaluated_value == "cpu"


def is_simple_device(node: cst.BaseExpression | None, aliases: ImportAliases) -> bool:
    """A device expression that can be repeated elsewhere without changing its meaning."""
    if node is None or isinstance(node, (cst.Name, cst.Attribute, cst.SimpleString, cst.Integer)):
        return True
    if isinstance(node, cst.Call) and aliases.qualify(node.func) == "torch.device":
        return all(isinstance(a.value, (cst.SimpleString, cst.Integer)) for a in node.args)
    return False


def move_call(subject: cst.BaseExpression, move: Move) -> cst.Call:
    """``subject.to(<same device>)`` or ``subject.cuda(<same args>)``, mirroring ``move``."""
    if move.method == "cuda":
        args = [cst.Arg(move.device.deep_clone())] if move.device is not None else []
        return cst.Call(func=cst.Attribute(value=subject, attr=cst.Name("cuda")), args=args)
    assert move.device is not None
    return cst.Call(
        func=cst.Attribute(value=subject, attr=cst.Name("to")), args=[cst.Arg(move.device.deep_clone())]
    )


_CASTS = frozenset({"float", "half", "bfloat16", "double", "type", "long", "int"})


def picks_dtype(links: list[cst.BaseExpression], aliases: ImportAliases) -> bool:
    """Does one of these method-chain links choose a dtype (``.float()``, ``.to(torch.float32)``,
    ``.to(dtype=...)``)? Then whatever dtype came before it does not reach the next consumer."""
    for link in links:
        if isinstance(link, cst.Call) and isinstance(link.func, cst.Attribute):
            if link.func.attr.value in _CASTS:
                return True
            if link.func.attr.value == "to" and (
                kwarg(link, "dtype") is not None
                or any(is_dtype_expr(a.value, aliases) for a in positional(link))
            ):
                return True
    return False


# Calls after which `torch.zeros(...)`, `torch.tensor(...)` no longer make CPU tensors by default.
DEFAULT_DEVICE_SETTERS = frozenset({"torch.set_default_tensor_type", "torch.set_default_device"})


def sets_default_device(tree: Tree, aliases: ImportAliases) -> bool:
    """Does the file call ``torch.set_default_tensor_type`` or ``torch.set_default_device``, which the
    factories follow (and the typed legacy constructors did not)? Asked once per tree."""
    return tree.memo(
        "torch_names.sets_default_device",
        lambda: any(
            _may_name_a_setter(c.func, aliases) and aliases.qualify(c.func) in DEFAULT_DEVICE_SETTERS
            for c in tree.of_type(tree.root, cst.Call)
        ),
    )


_SETTER_NAMES = frozenset(setter.rpartition(".")[2] for setter in DEFAULT_DEVICE_SETTERS)


def _may_name_a_setter(func: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """Whether ``func`` may qualify to a default-device setter: ``x.set_default_device`` or a name
    imported as one. A cheap test first, as the question is asked of every call of the module."""
    if isinstance(func, cst.Attribute):
        return func.attr.value in _SETTER_NAMES
    return isinstance(func, cst.Name) and aliases.names.get(func.value) in DEFAULT_DEVICE_SETTERS
