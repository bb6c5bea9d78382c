"""The tensor attributes of an ``nn.Module`` class: what each ``self.<name> = ...`` assigns, and
which of those assignments run first when ``__init__`` runs.

A value is a tensor when the code shows it (a ``torch`` function or legacy constructor, a tensor
method on a tensor, arithmetic with one, a local name, a method of the class or a top-level function of
the file that returns one),
``None``, provably something else (a number, a string, a container, a module, a ``Parameter``) or
unknown (a parameter, a call of something else). Local names are followed statement by statement
inside each method.

``__init__`` is read from ``super().__init__()`` on, with the methods it calls
(``self._build()``) read where they are called. The *first assignments* of an attribute are those
that may run before any other assignment of it: the first one in straight-line code, or the first
one of every branch of an ``if``. A buffer must be registered there; later assignments update it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import is_legacy_constructor
from codemods.analysis.nn_modules import is_module_constructor, methods
from codemods.core.dataflow import linear_statements, suites
from codemods.core.names import ImportAliases
from codemods.core.syntax import SuiteStatement
from codemods.core.torch_names import FACTORIES
from codemods.core.tree import Tree

TENSOR, NONE, OTHER, UNKNOWN = "tensor", "none", "other", "unknown"
TENSORS = "tensors"  # a tuple of tensors (an LSTM's `(h, c)`): not one buffer
_ASSIGNS = (cst.Assign, cst.AnnAssign)

_TENSOR_FUNCTIONS = FACTORIES | frozenset(
    f"torch.{name}"
    for name in (
        "from_numpy exp log sin cos sqrt pow triu tril outer cat stack matmul mm diag cumsum cumprod"
        " zeros_like ones_like rand_like randn_like full_like empty_like clone einsum polar where"
        " autograd.Variable"
        # reductions over every element and element-wise functions: one tensor whatever they are given
        " mean sum prod std var norm logsumexp abs neg sign sigmoid tanh relu softmax log_softmax rsqrt"
        " log2 log10 log1p expm1 floor ceil round clamp reciprocal square flatten reshape squeeze unsqueeze"
        " transpose permute flip roll bmm tensordot kron inverse"
    ).split()
)
# Methods a tensor has and a module, a NumPy array, a list or a number has not (`float`, `half`, `cuda`
# cast a module too; `squeeze`, `view`, `repeat` are NumPy's too): what they return is a tensor.
_TENSOR_ONLY_METHODS = frozenset(
    "unsqueeze contiguous detach long int bool byte short char permute expand expand_as t masked_fill"
    " index_select narrow clamp new_zeros new_ones new_full new_tensor type_as".split()
)
_NON_TENSOR_METHODS = frozenset({"item", "tolist", "numpy", "size", "dim", "numel", "__len__", "data_ptr"})
_OTHER_VALUES = (
    cst.Integer,
    cst.Float,
    cst.SimpleString,
    cst.FormattedString,
    cst.ConcatenatedString,
    cst.List,
    cst.Dict,
    cst.Set,
    cst.ListComp,
    cst.DictComp,
    cst.SetComp,
    cst.Lambda,
)
# `requires_grad=True` (any value but False), `.requires_grad_()`.
_WANTS_GRAD = m.Arg(keyword=m.Name("requires_grad"), value=~m.Name("False")) | m.Call(
    func=m.Attribute(attr=m.Name("requires_grad_"))
)
# `super().__init__(...)`, `super(Cls, self).__init__()`, `Base.__init__(self, ...)`.
_SUPER_INIT = m.Expr(
    value=m.Call(func=m.Attribute(value=m.Call(func=m.Name("super")), attr=m.Name("__init__")))
    | m.Call(func=m.Attribute(attr=m.Name("__init__")), args=[m.Arg(value=m.Name("self")), m.ZeroOrMore()])
)


def _is_super_init(small: cst.CSTNode) -> bool:
    """``_SUPER_INIT`` as type tests (``tests/test_codemods/test_fast_matchers.py`` checks the two agree):
    asked of every statement of ``__init__`` up to the call, where the matcher cost a fifth of DEV004."""
    if type(small) is not cst.Expr:
        return False
    call = small.value
    if type(call) is not cst.Call:
        return False
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value != "__init__":
        return False
    base = func.value
    if type(base) is cst.Call and type(base.func) is cst.Name and base.func.value == "super":
        return True
    return bool(call.args) and type(call.args[0].value) is cst.Name and call.args[0].value.value == "self"


@dataclass(frozen=True)
class Assignment:
    method: cst.FunctionDef
    assign: cst.Assign | cst.AnnAssign
    name: str
    kind: str  # TENSOR, TENSORS, NONE, OTHER or UNKNOWN
    # A tensor only if the attribute already was one (`self.y = self.y - np.mean(self.y)`): no evidence.
    derived: bool = False


@dataclass(frozen=True)
class Candidate:
    """A tensor attribute that should be a buffer."""

    name: str
    firsts: list[cst.Assign | cst.AnnAssign]  # where it is first set on each path: register it there
    starts_none: bool  # one of those sets it to None
    doubtful: Assignment | None  # an assignment elsewhere of a value that may not be a tensor
    grouped: bool  # it holds a tuple of tensors: no single buffer can
    unrewritable: str | None  # why a first assignment cannot become a registration, if one cannot


def self_attribute(node: cst.BaseExpression) -> str | None:
    """``self.name`` -> "name"."""
    # Plain type tests, not a libcst matcher: this runs for every assignment of every method.
    if type(node) is cst.Attribute and type(node.value) is cst.Name and node.value.value == "self":
        return node.attr.value
    return None


def attribute_targets(small: cst.CSTNode) -> list[str]:
    """The ``self`` attributes ``self.a = self.b = v`` or ``self.a: T = v`` sets (a bare annotation sets
    none)."""
    if isinstance(small, cst.AnnAssign):
        name = self_attribute(small.target) if small.value is not None else None
        return [name] if name else []
    if isinstance(small, cst.Assign):
        return [n for n in (self_attribute(t.target) for t in small.targets) if n]
    return []


class ModuleAttributes:
    """The ``self`` attributes one ``nn.Module`` class sets, each assignment with the kind of its value."""

    def __init__(
        self, tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, local_modules: set[str]
    ) -> None:
        self.tree = tree
        self.aliases = aliases
        self.methods = methods(cls)
        self.local_modules = local_modules
        self.assignments: list[Assignment] = []
        for method in self.methods.values():
            if isinstance(method.body, cst.IndentedBlock):
                self._read_method(method)

    def init_steps(self) -> Sequence[cst.BaseStatement] | None:
        """The statements of ``__init__`` after ``super().__init__()`` (None without one at its top level)."""
        init = self.methods.get("__init__")
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        body = init.body.body
        for index, stmt in enumerate(body):
            if isinstance(stmt, cst.SimpleStatementLine) and any(_is_super_init(s) for s in stmt.body):
                return body[index + 1 :]
        return None

    def buffer_candidates(self, registered: set[str]) -> list[Candidate]:
        """Attributes set to a tensor in ``__init__`` (after ``super().__init__()``, or in a method it
        calls), read by another method, never trained and never set to a non-tensor; not those in
        ``registered`` or set before ``super().__init__()``."""
        steps = self.init_steps()
        if steps is None:
            return []
        init = [self.methods["__init__"], *self.called_from_init(steps)]
        skipped = registered | self.set_before_super(steps)
        found = []
        for name in dict.fromkeys(
            a.name
            for a in self.assignments
            if a.method in init and a.kind in (TENSOR, TENSORS) and not a.derived
        ):
            assignments = [a for a in self.assignments if a.name == name]
            firsts, _ = self.first_assignments(steps, name)
            if name in skipped or not firsts or any(a.kind == OTHER for a in assignments):
                continue
            if self.reads(name, init) and not self.is_learned(name):
                starts_none = any(a.kind == NONE for a in assignments if a.assign in firsts)
                doubtful = next((a for a in assignments if a.kind == UNKNOWN), None)
                grouped = any(a.kind == TENSORS for a in assignments)
                found.append(Candidate(name, firsts, starts_none, doubtful, grouped, _unrewritable(firsts)))
        return found

    def set_before_super(self, steps: Sequence[cst.BaseStatement]) -> set[str]:
        """Attributes ``__init__`` sets before ``super().__init__()`` (``steps`` are those after it)."""
        body = self.methods["__init__"].body.body
        head = body[: len(body) - len(steps)]
        # (the head's assignments once, not once per assignment of the class; nodes are equal by identity)
        in_head = {id(a) for s in head for a in self.tree.of_type(s, _ASSIGNS)}
        return {a.name for a in self.assignments if id(a.assign) in in_head}

    def called_from_init(self, steps: Sequence[cst.BaseStatement]) -> list[cst.FunctionDef]:
        """The methods ``__init__`` calls from ``steps`` on (``self._build()``), and those they call."""
        found: list[cst.FunctionDef] = []
        pending: list[cst.CSTNode] = [s for s in steps]
        while pending:
            for call in self.tree.of_type(pending.pop(), cst.Call):
                name = self_attribute(call.func)
                method = self.methods.get(name or "")
                if method is not None and name != "__init__" and method not in found:
                    found.append(method)
                    pending.append(method.body)
        return found

    def first_assignments(
        self, statements: Sequence[SuiteStatement], name: str, seen: frozenset[str] = frozenset()
    ) -> tuple[list[cst.Assign | cst.AnnAssign], bool]:
        """The assignments of ``self.name`` in ``statements`` that may run first, and whether one
        surely runs (every branch of an ``if`` assigns it)."""
        found: list[cst.Assign | cst.AnnAssign] = []
        for stmt in statements:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    # (attribute_targets finds none in other statements)
                    if isinstance(small, (cst.Assign, cst.AnnAssign)) and name in attribute_targets(small):
                        return found + [small], True
                    helper = self._helper_called(small, seen)
                    if helper is not None:
                        inner, sure = self.first_assignments(
                            helper.body.body, name, seen | {helper.name.value}
                        )
                        found += inner
                        if sure:
                            return found, True
            elif isinstance(stmt, cst.BaseCompoundStatement) and not isinstance(
                stmt, (cst.FunctionDef, cst.ClassDef)
            ):
                branches = [self.first_assignments(s, name, seen) for s in suites(stmt)]
                for inner, _ in branches:
                    found += inner
                if isinstance(stmt, cst.If) and _has_else(stmt) and all(sure for _, sure in branches):
                    return found, True
                if isinstance(stmt, cst.With) and branches and branches[0][1]:
                    return found, True
        return found, False

    def _helper_called(self, small: cst.BaseSmallStatement, seen: frozenset[str]) -> cst.FunctionDef | None:
        """``self._build(...)`` as a statement: the method it calls (once per chain)."""
        if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)):
            return None
        name = self_attribute(small.value.func)
        method = self.methods.get(name or "")
        if (
            method is None
            or name in seen
            or name == "__init__"
            or not isinstance(method.body, cst.IndentedBlock)
        ):
            return None
        return method

    def reads(self, name: str, outside: Sequence[cst.FunctionDef]) -> bool:
        """Is ``self.name`` read in a method not in ``outside``?"""
        for method in self.methods.values():
            if method in outside:
                continue
            for node in self.tree.of_type(method.body, cst.Attribute):
                if self_attribute(node) == name and not isinstance(self.tree.parent(node), cst.AssignTarget):
                    return True
        return False

    def is_learned(self, name: str) -> bool:
        """Is ``self.name`` trained (``requires_grad``, or handed to an optimizer)? Such a tensor is
        a parameter, not a buffer: a buffer moved by ``.to()`` is a new tensor the optimizer never sees."""
        for assignment in self.assignments:
            value = assignment.assign.value  # (not None: an annotation without a value sets no attribute)
            for node in self.tree.descendants(value) if assignment.name == name and value is not None else ():
                if m.matches(node, _WANTS_GRAD):
                    return True
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if (self.aliases.qualify(call.func) or "").startswith("torch.optim.") and any(
                isinstance(a, cst.Attribute) and a.attr.value == name for a in self.tree.descendants(call)
            ):
                return True
        for assign in self.tree.of_type(self.tree.root, cst.Assign):
            if any(
                m.matches(t.target, m.Attribute(attr=m.Name("requires_grad")))
                and self_attribute(cst.ensure_type(t.target, cst.Attribute).value) == name  # as matched
                for t in assign.targets
            ) and not m.matches(assign.value, m.Name("False")):
                return True
        return False

    def kind(
        self,
        node: cst.BaseExpression | None,
        local: dict[str, str],
        attribute: str | None = None,
        depth: int = 0,
    ) -> str:
        """TENSOR, TENSORS, NONE, OTHER or UNKNOWN (see the module docstring)."""
        if node is None or depth > 6:
            return UNKNOWN
        if type(node) is cst.Name and node.value == "None":
            return NONE
        if isinstance(node, _OTHER_VALUES) or (type(node) is cst.Name and node.value in ("True", "False")):
            return OTHER
        if isinstance(node, cst.Name):
            return local.get(node.value, UNKNOWN)
        if attribute is not None and self_attribute(node) == attribute:
            return TENSOR
        if isinstance(node, cst.Tuple):
            kinds = {self.kind(e.value, local, attribute, depth + 1) for e in node.elements}
            return TENSORS if kinds == {TENSOR} else OTHER
        if isinstance(node, cst.Call):
            return self._call_kind(node, local, attribute, depth)
        if isinstance(node, cst.BinaryOperation):
            sides = {self.kind(s, local, attribute, depth + 1) for s in (node.left, node.right)}
            return TENSOR if TENSOR in sides else UNKNOWN
        if isinstance(node, cst.Comparison):
            return TENSOR if self.kind(node.left, local, attribute, depth + 1) == TENSOR else UNKNOWN
        if isinstance(node, cst.Subscript):
            return TENSOR if self.kind(node.value, local, attribute, depth + 1) == TENSOR else UNKNOWN
        return UNKNOWN

    def _call_kind(self, call: cst.Call, local: dict[str, str], attribute: str | None, depth: int) -> str:
        qualified = self.aliases.qualify(call.func) or ""
        if qualified in _TENSOR_FUNCTIONS or is_legacy_constructor(qualified):
            return TENSOR
        if qualified.startswith("torch.nn.") or is_module_constructor(call, self.aliases, self.local_modules):
            return OTHER  # a Parameter or a module: never a buffer
        func = call.func
        method = self.methods.get(self_attribute(func) or "")
        if method is not None:  # `self._causal(n)`: what the method returns
            return self.returns_kind(method, depth + 1)
        if isinstance(func, cst.Name) and func.value not in local:  # `make_mask(n)`: what it returns
            function = _top_functions(self.tree).get(func.value)
            if function is not None:
                return self.returns_kind(function, depth + 1)
        if isinstance(func, cst.Attribute) and not qualified:
            if func.attr.value in _NON_TENSOR_METHODS:
                return OTHER
            if func.attr.value in _TENSOR_ONLY_METHODS:
                return TENSOR  # `anchors.unsqueeze(0)` of a parameter: only a tensor has the method
            return TENSOR if self.kind(func.value, local, attribute, depth + 1) == TENSOR else UNKNOWN
        return UNKNOWN

    def returns_kind(self, method: cst.FunctionDef, depth: int = 0) -> str:
        """The kind every ``return`` of ``method`` gives (UNKNOWN when they differ)."""
        returns = [r.value for r in self.tree.of_type(method.body, cst.Return)]
        kinds = {self.kind(r, self._locals_at(method, r), None, depth) for r in returns}
        return kinds.pop() if len(kinds) == 1 else UNKNOWN

    def _read_method(self, method: cst.FunctionDef) -> None:
        if not any(attribute_targets(a) for a in self.tree.of_type(method.body, _ASSIGNS)):
            return  # it sets no attribute (most methods do not): nothing to walk its statements for
        statements = linear_statements(method.body.body)
        # Local names matter only up to the method's last attribute assignment (most of a `forward` sets
        # none): their kinds after it would be read by nothing.
        last = next(
            (
                at
                for at in range(len(statements) - 1, -1, -1)
                if isinstance(statements[at], _ASSIGNS) and attribute_targets(statements[at])
            ),
            -1,
        )
        local: dict[str, str] = {}
        for small in statements[: last + 1]:
            if isinstance(small, (cst.Assign, cst.AnnAssign)):  # attribute_targets finds none in others
                for name in attribute_targets(small):
                    kind = self.kind(small.value, local, name)
                    derived = kind in (TENSOR, TENSORS) and self.kind(small.value, local) not in (
                        TENSOR,
                        TENSORS,
                    )
                    self.assignments.append(Assignment(method, small, name, kind, derived))
            if not isinstance(small, cst.Assign):
                continue
            for target in small.targets:
                if isinstance(target.target, cst.Name):
                    local[target.target.value] = self.kind(small.value, local)
                elif isinstance(target.target, (cst.Tuple, cst.List)):  # unpacked: unknown
                    for inner in self.tree.of_type(target.target, cst.Name):
                        local[inner.value] = UNKNOWN

    def _locals_at(self, method: cst.FunctionDef, node: cst.CSTNode | None) -> dict[str, str]:
        """The kinds of ``method``'s local names, read up to the statement holding ``node`` (all of them
        for None: a bare ``return``)."""
        local: dict[str, str] = {}
        for small in linear_statements(method.body.body):
            if any(n is node for n in self.tree.descendants(small)):
                break
            if (
                isinstance(small, cst.Assign)
                and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)
            ):
                local[small.targets[0].target.value] = self.kind(small.value, local)
        return local


def _top_functions(tree: Tree) -> dict[str, cst.FunctionDef]:
    """The module's top-level functions, by name; a name defined twice is left out (which one a call
    runs depends on the order)."""

    def compute() -> dict[str, cst.FunctionDef]:
        module = tree.root
        assert isinstance(module, cst.Module)
        found: dict[str, cst.FunctionDef] = {}
        twice: set[str] = set()
        for stmt in module.body:
            if isinstance(stmt, cst.FunctionDef) and isinstance(stmt.body, cst.IndentedBlock):
                if stmt.name.value in found:
                    twice.add(stmt.name.value)
                found[stmt.name.value] = stmt
        return {name: f for name, f in found.items() if name not in twice}

    return tree.memo(_top_functions, compute)


def _unrewritable(firsts: list[cst.Assign | cst.AnnAssign]) -> str | None:
    if any(isinstance(f, cst.AnnAssign) for f in firsts):
        return "its type annotation would be lost"
    if any(isinstance(f, cst.Assign) and len(f.targets) > 1 for f in firsts):
        return "it is assigned together with other names"
    return None


def _has_else(stmt: cst.If) -> bool:
    orelse = stmt.orelse
    while isinstance(orelse, cst.If):
        orelse = orelse.orelse
    return orelse is not None


def registered_buffers(tree: Tree, cls: cst.ClassDef) -> set[str]:
    """Names passed to ``self.register_buffer("name", ...)`` anywhere in ``cls``."""
    pattern = m.Call(
        func=m.Attribute(attr=m.Name("register_buffer")), args=[m.Arg(value=m.SimpleString()), m.ZeroOrMore()]
    )
    return {
        str(cst.ensure_type(call.args[0].value, cst.SimpleString).evaluated_value)  # as the pattern matched
        for call in tree.of_type(cls, cst.Call)
        if type(call.func) is cst.Attribute
        and call.func.attr.value == "register_buffer"
        and m.matches(call, pattern)
    }
