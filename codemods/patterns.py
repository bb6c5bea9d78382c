"""Small, shared questions the rules ask about PyTorch code, answered from the tree alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

import libcst as cst
import libcst.matchers as m

from codemods.names import ImportAliases, dotted_name
from codemods.walk import descendants, iter_of_type, of_type

# Factories that allocate a fresh tensor on the default device unless given device=.
FACTORIES = frozenset(
    f"torch.{name}"
    for name in (
        "zeros ones empty full rand randn randint randperm arange eye linspace logspace tensor"
        " as_tensor"
    ).split()
)
# Of those, the ones whose default dtype is floating point.
FLOAT_FACTORIES = frozenset(
    f"torch.{name}" for name in "zeros ones empty full rand randn eye linspace logspace".split()
)
FLOAT64_DTYPES = frozenset({"torch.float64", "torch.double"})
MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})
CONTAINER_MODULES = frozenset(
    f"torch.nn.{name}" for name in "Sequential ModuleList ModuleDict".split()
)
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


def kwarg(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def positional(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and not a.star]


def with_kwarg(call: cst.Call, name: str, value: cst.BaseExpression) -> cst.Call:
    """``call`` with ``name=value`` appended, keeping the call's own comma and layout style."""
    new_arg = cst.Arg(
        value=value,
        keyword=cst.Name(name),
        equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")),
    )
    args = list(call.args)
    if not args:
        return call.with_changes(args=[new_arg])
    last = args[-1]
    if isinstance(last.comma, cst.Comma):
        # Trailing-comma style (often one argument per line): add ours after it, same layout.
        new_arg = new_arg.with_changes(comma=last.comma)
        args.append(new_arg)
    else:
        args[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(new_arg)
    return call.with_changes(args=args)


def with_kwarg_value(call: cst.Call, name: str, value: cst.BaseExpression) -> cst.Call:
    arg = kwarg(call, name)
    assert arg is not None
    return call.with_changes(
        args=[a.with_changes(value=value) if a is arg else a for a in call.args]
    )


def code_of(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)



@dataclass(frozen=True)
class Move:
    """``subject.to(device)`` / ``subject.cuda()``: the expression moved and where it goes."""

    call: cst.Call
    subject: cst.BaseExpression
    method: str  # "to" or "cuda"
    device: cst.BaseExpression | None  # None for a bare .cuda()


def as_move(node: cst.CSTNode) -> Move | None:
    if not m.matches(node, m.Call(func=m.Attribute(attr=m.Name("to") | m.Name("cuda")))):
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
    return None  # .to(dtype=...) moves nothing


def is_dtype_expr(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    name = aliases.qualify(node) or ""
    return name.startswith("torch.") and name.split(".")[-1] in _DTYPE_NAMES


_DTYPE_NAMES = frozenset(
    "float float16 float32 float64 double half bfloat16 int int8 int16 int32 int64 long bool"
    " uint8 complex64 complex128".split()
)


def moves_device(move: Move, aliases: ImportAliases) -> bool:
    """True unless ``.to(x)`` is really a dtype conversion (``.to(torch.float32)``)."""
    return move.device is None or not is_dtype_expr(move.device, aliases)


def names_in(node: cst.CSTNode) -> set[str]:
    """Variable names read or written under ``node`` (not attribute names, not keyword names)."""
    nodes = descendants(node)
    not_variables = {id(n.attr) for n in nodes if isinstance(n, cst.Attribute)}
    not_variables.update(id(n.keyword) for n in nodes if isinstance(n, cst.Arg) and n.keyword is not None)
    return {n.value for n in nodes if isinstance(n, cst.Name) and id(n) not in not_variables}


def module_classes(module: cst.Module, aliases: ImportAliases) -> set[str]:
    """Names of classes in this file that derive from ``nn.Module``, directly or through each other."""
    classes = [s for s in iter_classes(module)]
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for cls in classes:
            if cls.name.value in found:
                continue
            for base in cls.bases:
                qualified = aliases.qualify(base.value) or ""
                is_torch_module = qualified in MODULE_BASES or (
                    qualified.startswith("torch.nn.") and _looks_like_class(qualified)
                )
                if is_torch_module or dotted_name(base.value) in found:
                    found.add(cls.name.value)
                    changed = True
                    break
    return found


def _looks_like_class(qualified: str | None) -> bool:
    return bool(qualified) and qualified.rsplit(".", 1)[-1][:1].isupper()


def iter_classes(node: cst.CSTNode) -> Iterator[cst.ClassDef]:
    return iter_of_type(node, cst.ClassDef)


def methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    return {
        s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)
    }


def is_module_constructor(
    node: cst.BaseExpression, aliases: ImportAliases, local_modules: set[str]
) -> bool:
    """``Net(...)`` for a local nn.Module subclass, or ``nn.Linear(...)``-style torch modules."""
    if not isinstance(node, cst.Call):
        return False
    if isinstance(node.func, cst.Name) and node.func.value in local_modules:
        return True
    qualified = aliases.qualify(node.func) or ""
    return qualified.startswith("torch.nn.") and _looks_like_class(qualified) and not qualified.startswith(
        "torch.nn.Parameter"
    )


def strip_method_chain(node: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression:
    """``Net().to(d).eval()`` -> ``Net()``: the receiver at the root of a method chain."""
    return method_chain(node, aliases)[0]


def function_blocks(module: cst.Module) -> Iterator[Sequence[cst.BaseStatement]]:
    """Every straight-line block a rule may reason about: the module body and each function body."""
    yield module.body
    for function in iter_of_type(module, cst.FunctionDef):
        if isinstance(function.body, cst.IndentedBlock):
            yield function.body.body


def assigned_names(stmt: cst.CSTNode) -> set[str]:
    """Plain names bound by assignments, for-targets and with/except/import aliases under ``stmt``."""
    found: set[str] = set()

    def collect(target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            found.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                collect(element.value)
        elif isinstance(target, cst.StarredElement):
            collect(target.value)

    for node in descendants(stmt):
        if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For)):
            collect(node.target)
        elif isinstance(node, cst.AsName):
            collect(node.name)  # type: ignore[arg-type]
    return found


def calls_in(node: cst.CSTNode) -> list[cst.Call]:
    return of_type(node, cst.Call)


@dataclass(frozen=True)
class Step:
    """One step of a block in source order: a simple statement, or a ``for`` header (its body follows)."""

    node: cst.BaseSmallStatement | cst.For | cst.While
    conditional: bool  # inside an if/while/try branch: it may not run


def walk_block(block: Sequence[cst.BaseStatement], loops: tuple[type, ...] = (cst.For,)) -> list[Step]:
    """The steps of ``block`` in source order, looking inside if/for/while/with/try bodies but not
    into nested functions or classes (those are blocks of their own). Loops of the ``loops`` kinds
    are steps too, placed before their bodies."""
    out: list[Step] = []

    def walk(statements: Sequence[cst.BaseStatement], conditional: bool) -> None:
        for stmt in statements:
            if isinstance(stmt, cst.SimpleStatementLine):
                out.extend(Step(small, conditional) for small in stmt.body)
            elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                continue
            elif isinstance(stmt, cst.BaseCompoundStatement):
                if isinstance(stmt, loops):
                    out.append(Step(stmt, conditional))  # type: ignore[arg-type]
                branches = conditional or isinstance(stmt, (cst.If, cst.While, cst.Try, cst.TryStar))
                for child in _suites(stmt):
                    walk(child, branches)

    walk(block, False)
    return out


def linear_statements(block: Sequence[cst.BaseStatement]) -> list[cst.BaseSmallStatement]:
    """The simple statements of ``block`` in source order (see :func:`walk_block`)."""
    return [step.node for step in walk_block(block) if not isinstance(step.node, cst.For)]


def _suites(stmt: cst.CSTNode) -> list[Sequence[cst.BaseStatement]]:
    suites: list[Sequence[cst.BaseStatement]] = []
    for child in stmt.children:
        if isinstance(child, cst.IndentedBlock):
            suites.append(child.body)
        elif isinstance(child, cst.SimpleStatementSuite):
            suites.append([cst.SimpleStatementLine(body=child.body)])
        elif isinstance(child, (cst.Else, cst.Finally, cst.ExceptHandler, cst.If)):
            suites.extend(_suites(child))
    return suites


def method_chain(node: cst.BaseExpression, aliases: ImportAliases) -> list[cst.BaseExpression]:
    """``a.f().g()`` -> [a, a.f(), a.f().g()]: the receiver first, then each method call on it.
    ``torch.randn(3).double()`` -> [torch.randn(3), torch.randn(3).double()]."""
    chain = [node]
    while aliases.is_method_call(node):
        node = node.func.value  # type: ignore[attr-defined]
        chain.append(node)
    return list(reversed(chain))


def model_names(module: cst.Module, aliases: ImportAliases) -> set[str]:
    """Names (and ``self.attr`` spellings) bound to an nn.Module instance anywhere in the file."""
    local_modules = module_classes(module, aliases)
    found: set[str] = set()
    for assign in iter_of_type(module, cst.Assign):
        if not is_module_constructor(strip_method_chain(assign.value, aliases), aliases, local_modules):
            continue
        for target in assign.targets:
            spelled = dotted_name(target.target)
            if spelled is not None:
                found.add(spelled)
    return found


def assigned_chain(
    small: cst.BaseSmallStatement, aliases: ImportAliases
) -> tuple[str, list[cst.BaseExpression]] | None:
    """``name = a.f().g()`` as (``name``, the method chain of the value); None for other statements."""
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return None
    name = dotted_name(small.targets[0].target)
    return None if name is None else (name, method_chain(small.value, aliases))


def model_move(small: cst.BaseSmallStatement, aliases: ImportAliases) -> tuple[str, Move] | None:
    """``model.to(d)``, ``model.cuda()``, ``model = Net().to(d)``, ``model = model.cuda()``:
    the name of what was moved and the move. Dtype-only ``.to(torch.float16)`` is not a move.
    Whether the thing moved is a model (and not a tensor) is the caller's question."""
    if isinstance(small, cst.Expr):
        move = as_move(small.value)
        if move and moves_device(move, aliases):
            subject = dotted_name(move.subject)
            if subject is not None:
                return subject, move
        return None
    assigned = assigned_chain(small, aliases)
    if assigned is None:
        return None
    target, chain = assigned
    root = chain[0]
    if not (dotted_name(root) == target or isinstance(root, cst.Call)):
        return None
    for link in chain[1:]:
        move = as_move(link)
        if move and moves_device(move, aliases):
            return target, move
    return None


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


def last_top_import(module: cst.Module) -> cst.SimpleStatementLine | None:
    """The last import of the module's opening block of imports (docstring and comments allowed)."""
    last = None
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine) and all(
            isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body
        ):
            last = stmt
        elif isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr) and isinstance(
            stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString)
        ):
            continue
        elif last is not None:
            break
    return last
