"""Does this file ever put work on a GPU? Read from its code, not its comments.

A host sync only costs something when a device runs the work, so rules about syncs ask first.
The answer is no when the code never names CUDA, a GPU, MPS or an accelerator and never mentions a
device, or when the only devices it names are the CPU (``device = torch.device("cpu")``, with the GPU
line left in a comment). Anything else may run on a GPU.

A fix that keeps a value on the device in float64 asks a second question: may the file pick a device
without float64 (Apple's MPS)? :func:`float64_on_every_device` says no only where every device the
code names is CUDA or the CPU.
"""

from __future__ import annotations

import io
import re
import tokenize
from functools import lru_cache

import libcst as cst
import libcst.matchers as m

from codemods.core.name_bindings import code_around
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, positional
from codemods.core.tree import Tree

_GPU = re.compile(
    r"cuda|gpu|GPU|\bmps\b|[Aa]ccelerator"
)  # `to_gpu(x)`, `args.gpu`, `Accelerator()`: a GPU in the code
_DEVICE = re.compile(r"device")
_CPU = m.SimpleString(value=m.MatchRegex(r"""^[rbuRBU]*['"]cpu['"]$"""))
_CPU_DEVICE = _CPU | m.Call(
    func=m.Attribute(attr=m.Name("device")) | m.Name("device"), args=[m.Arg(value=_CPU)]
)


def may_use_a_gpu(tree: Tree, source: str) -> bool:
    gpu, device = _code_mentions(source)
    if gpu:
        return True
    if not device:
        return _moves_to_a_device_elsewhere(tree, source)
    return not _only_cpu_devices(tree)


# A device by its short name, `dev`, `self.dev`, `args.dev`, `gpu_dev` (not `dev_set`: a data split).
_SHORT_DEVICE = re.compile(r"^(\w+_)?dev$")


def _moves_to_a_device_elsewhere(tree: Tree, source: str) -> bool:
    """``data.to(self.dev)``: a tensor moved to a device the code names by a short name and does not show
    to be the CPU (a base class in another file, or the command line, picks it): it may be a GPU."""
    if ".to(" not in source:
        return False
    for call in tree.of_type(tree.root, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "to" and positional(call):
            name = dotted_name(positional(call)[0].value)
            if name is not None and _SHORT_DEVICE.match(name.rsplit(".", 1)[-1]) and not _the_cpu(tree, name):
                return True
    return False


def _the_cpu(tree: Tree, name: str) -> bool:
    """``dev = torch.device("cpu")``: every binding of ``name`` in the file is the CPU (and there is one)."""
    values = [
        node.value
        for node in tree.of_type(tree.root, cst.Assign)
        for target in node.targets
        if dotted_name(target.target) == name
    ]
    return bool(values) and all(m.matches(v, _CPU_DEVICE) for v in values)


def _only_cpu_devices(tree: Tree) -> bool:
    """Every binding of a name with ``device`` in it is the CPU, and no parameter is such a name."""
    bound = False
    for node in tree.of_type(tree.root, (cst.Assign, cst.Param, cst.AnnAssign)):
        if isinstance(node, cst.Param):
            if "device" in node.name.value:
                return False
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        if not any("device" in code_of(t) for t in targets):
            continue
        if len(targets) != 1 or node.value is None or not m.matches(node.value, _CPU_DEVICE):
            return False
        bound = True
    return bound


# A pure function's memo, not state: every pass over a file asks about the same text again.
@lru_cache(maxsize=1)
def _code_mentions(source: str) -> tuple[bool, bool]:
    """Whether the code outside comments matches ``_GPU``, and ``_DEVICE``; the source as a whole where it
    does not tokenize. Each pattern matches within one token (no spaces, and ``\\b`` holds at a token's
    edges), so this is a search of the tokens joined by spaces, stopped as soon as the answer is known."""
    return _scan(source)


def _scan(source: str) -> tuple[bool, bool]:
    want_gpu = _GPU.search(source) is not None
    want_device = _DEVICE.search(source) is not None
    if not want_gpu and not want_device:
        return False, False
    device = False
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                continue
            text = token.string
            if want_gpu and _GPU.search(text):
                return True, device or _DEVICE.search(text) is not None
            if not device and want_device and _DEVICE.search(text):
                device = True
                if not want_gpu:
                    return False, True
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return want_gpu, want_device
    return False, device


# Devices without float64, or whose kind the code does not fix: Apple's MPS, `torch.accelerator` and
# Hugging Face's `Accelerator` (either may pick MPS), Intel's XPU, XLA (TPUs).
_NO_FLOAT64 = re.compile(r"\bmps\b|accelerat|\bxpu\b|xla", re.IGNORECASE)
# Objects that carry options: `args.device` comes from the command line, whatever the code shows.
_OPTIONS = re.compile(r"^(self|args|opts?|options|config|cfg|conf|hparams|hp|params|flags|settings)$", re.I)


def float64_on_every_device(tree: Tree, aliases: ImportAliases, source: str) -> bool:
    """Every device the file can put a tensor on has float64: only CUDA devices and the CPU, by what
    the code shows.

    Apple's MPS has no float64 (``.double()`` raises there). The answer is yes only when the code never
    names MPS, ``torch.accelerator``, an ``Accelerator``, XPU or XLA, and every device it hands to
    ``.to(...)``, ``device=``, ``map_location=`` or ``torch.device(...)`` is a CUDA or CPU literal
    (``"cuda"``, ``"cuda:1"``, ``"cuda" if ... else "cpu"``), another tensor's ``.device``, or a
    name whose every binding in the file is one of these. A device parameter, ``args.device`` or
    ``torch.device(args.device)`` may be anything: no.
    """
    if _mentions(source, _NO_FLOAT64.pattern):
        return False
    for call in tree.of_type(tree.root, cst.Call):
        places = [kwarg(call, "device"), kwarg(call, "map_location")]
        qualified = aliases.qualify(call.func)
        is_to = isinstance(call.func, cst.Attribute) and call.func.attr.value == "to"
        if (qualified == "torch.device" or is_to) and positional(call):
            places.append(positional(call)[0])
        for place in places:
            if place is not None and not _cuda_or_cpu(tree, aliases, place.value, set()):
                return False
    return True


def _cuda_or_cpu(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression, seen: set[str]) -> bool:
    """``value`` is a CUDA or CPU device (or a dtype, the other thing ``.to`` takes) by what the code
    shows."""
    if isinstance(value, cst.SimpleString):
        return str(value.evaluated_value).startswith(("cuda", "cpu"))
    if isinstance(value, cst.IfExp):
        return all(_cuda_or_cpu(tree, aliases, v, seen) for v in (value.body, value.orelse))
    if isinstance(value, cst.Lambda):
        return True  # `map_location=lambda storage, loc: storage`: loaded where it was saved, or the CPU
    if isinstance(value, cst.Call):
        if aliases.qualify(value.func) == "torch.device":
            named: list[cst.Arg | None] = [kwarg(value, "type")]
            given = [a for a in (positional(value)[:1] or named) if a is not None]
            return bool(given) and _cuda_or_cpu(tree, aliases, given[0].value, seen)
        return False
    qualified = aliases.qualify(value) or ""
    if qualified.startswith("torch.") and qualified[6:] in _DTYPES:
        return True
    name = dotted_name(value)
    if name is None:
        # `next(model.parameters()).device`: the device of a tensor the code made elsewhere
        return isinstance(value, cst.Attribute) and value.attr.value == "device"
    if name in seen:
        return False
    values = _bound_values(tree, name)
    if values is None:
        return False  # a parameter, a loop target, an import: anything
    if not values:
        # never bound here: `x.device` of a tensor, not `args.device` of the command line
        head = name.split(".", 1)[0]
        return "." in name and name.endswith(".device") and not _OPTIONS.match(head)
    # `train(model, device)` handing `device` to a parameter `device`: the other bindings decide
    others = [v for v in values if dotted_name(v) != name]
    return bool(others) and all(_cuda_or_cpu(tree, aliases, v, seen | {name}) for v in others)


def _bound_values(tree: Tree, name: str) -> list[cst.BaseExpression] | None:
    """The values the file assigns to the dotted ``name`` (``device = ...``, ``self.device = ...``);
    None when one binding is not a plain assignment of it (a parameter, an unpacking, a loop)."""
    key = ("gpu_use.bound", name)
    return tree.memo(key, lambda: _find_bound_values(tree, name))


def _find_bound_values(tree: Tree, name: str) -> list[cst.BaseExpression] | None:
    values: list[cst.BaseExpression] = []
    if "." not in name:
        for param in tree.of_type(tree.root, cst.Param):
            if param.name.value == name:
                given = _arguments_for(tree, param)
                if given is None:
                    return None
                values += given
    for node in tree.of_type(tree.root, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.WithItem)):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if dotted_name(target.target) == name:
                    values.append(node.value)
                elif name in _names_in(tree, target.target):
                    return None  # `device, n = ...`
        elif isinstance(node, cst.AnnAssign):
            if dotted_name(node.target) == name:
                if node.value is None:
                    continue
                values.append(node.value)
        elif isinstance(node, cst.AugAssign):
            if dotted_name(node.target) == name:
                return None
        elif isinstance(node, cst.For):
            if name in _names_in(tree, node.target):
                return None
        elif node.asname is not None and name in _names_in(tree, node.asname.name):
            return None
    return values


def _names_in(tree: Tree, target: cst.BaseExpression) -> set[str | None]:
    """The dotted names a target binds (``a, self.b`` binds ``a`` and ``self.b``; ``x[i]`` none)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in _names_in(tree, e.value)}
    if isinstance(target, cst.StarredElement):
        return _names_in(tree, target.value)
    return {dotted_name(target)}


def _arguments_for(tree: Tree, param: cst.Param) -> list[cst.BaseExpression] | None:
    """What the calls of a module-level function pass its parameter ``param`` (its default where a call
    passes nothing); None when the function may be called where the file does not show (it is read
    other than by a call, it is a method or nested, the parameter is ``*args``) or a call hides it."""
    function = code_around(tree, param)
    if not isinstance(function, cst.FunctionDef):
        return None
    called = function.name
    plain_params = [id(p) for p in function.params.params]
    if not isinstance(tree.parent(function), cst.Module):
        # `Trainer(model, device)`: the `__init__` of a class at the module's top level, called by its name
        block = tree.parent(function)
        cls = tree.parent(block) if block is not None else None
        if not (
            function.name.value == "__init__"
            and isinstance(cls, cst.ClassDef)
            and isinstance(tree.parent(cls), cst.Module)
            and plain_params
        ):
            return None
        called = cls.name
        plain_params = plain_params[1:]  # `self`
    if id(param) not in plain_params and id(param) not in [id(p) for p in function.params.kwonly_params]:
        return None
    name = called.value
    calls: list[cst.Call] = []
    for read in tree.of_type(tree.root, cst.Name):
        if read.value != name or read is called:
            continue
        call = tree.parent(read)
        if (isinstance(call, cst.Attribute) and call.attr is read) or (
            isinstance(call, cst.Arg) and call.keyword is read
        ):
            continue  # `model.train()`, `f(train=...)`: another name
        if not (isinstance(call, cst.Call) and call.func is read):
            return None  # handed on, imported, rebound: called elsewhere
        calls.append(call)
    if not calls:
        return None  # called by an importer
    index = plain_params.index(id(param)) if id(param) in plain_params else None
    values: list[cst.BaseExpression] = []
    for call in calls:
        if any(a.star for a in call.args):
            return None
        given = kwarg(call, param.name.value)
        plain = positional(call)
        if given is None and index is not None and index < len(plain):
            given = plain[index]
        if given is not None:
            values.append(given.value)
        elif param.default is not None:
            values.append(param.default)
        else:
            return None
    return values


_DTYPES = frozenset(
    "float float32 float64 double half float16 bfloat16 int int32 int64 long short int16 int8 uint8 bool"
    " complex64 complex128 cfloat cdouble".split()
)


@lru_cache(maxsize=8)
def _mentions(source: str, pattern: str) -> bool:
    """Whether one token of the code (strings included, comments not) matches ``pattern``; the source as
    a whole where it does not tokenize."""
    compiled = re.compile(pattern, re.IGNORECASE)
    if compiled.search(source) is None:
        return False
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type != tokenize.COMMENT and compiled.search(token.string):
                return True
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return True
    return False
