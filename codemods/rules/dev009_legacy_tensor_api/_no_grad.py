"""Where ``volatile=True`` meant ``torch.no_grad()``, and when putting that code under it is the same.

Until PyTorch 0.4 a ``Variable(x, volatile=True)`` made every value computed from it volatile: no
graph, no gradient, whatever else took part (a model's parameters), until ``v.volatile = False``
or ``.data`` let a value out. Since 0.4 ``volatile`` is ignored, so the same code builds a graph,
and where a volatile value reached a loss (a bootstrap target) the gradient now flows through it.

:class:`NoGradPlan` follows the volatile values of one function, statement by statement: a name
bound from one (not through ``.data``, ``.item()``, ``.size()``...) is volatile, ``v.volatile =
False`` ends that, ``a[i] = v`` and ``a.append(v)`` make ``a`` volatile. Each run of consecutive
statements of one block that computes with a volatile value goes under ``with torch.no_grad():``,
from the first of them that would build a graph (a model's call, a tensor that may need gradients
taking part) to the last: a statement that only shows the values made under the block or computes
with them by torch's functions (``print(out)``, ``total += F.nll_loss(out, y).data[0]``) builds no
graph once they are made there, and is left out of it.
That is the same program when every value those statements bind, change or return is volatile
(no graph before, none now) or graph-free (literals, ``.data``/``.item()``/sizes of values, and
arithmetic and torch functions of those: no parameter takes part), and no volatile value leaves
the function (returned, stored in an attribute or a global): its later uses, volatile before,
would build a graph now. Otherwise the plan gives the reason and nothing is wrapped.

A local helper whose parameter is handed to ``Variable(..., volatile=P)`` (``to_var(x,
volatile=False)``) makes its callers' ``to_var(x, volatile=True)`` volatile values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m

from codemods.core.name_bindings import SCOPES, flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import kwarg
from codemods.core.torch_names import VARIABLE
from codemods.core.tree import Tree

# Reading these of a value gives no volatile value and computes nothing with it.
_STRIP_ATTRS = frozenset("data shape dtype device is_cuda requires_grad volatile".split())
# Integer and boolean results (indices, comparisons) never carry a graph either, nor a dict's keys
# (`for key in outputs.keys()`: the names of the volatile values, not the values).
_STRIP_METHODS = frozenset(
    "item tolist numpy keys size dim ndimension numel nelement data_ptr argmax argmin argsort long int"
    " byte bool eq ne lt le gt ge nonzero".split()
)
_STRIP_FUNCTIONS = frozenset({"len", "float", "int", "bool", "isinstance", "type", "id"})
# Methods whose result is the value itself, moved, cast or viewed: no parameter takes part.
_ALIAS_METHODS = frozenset(
    "to cuda cpu float double half type contiguous view reshape unsqueeze squeeze t permute transpose clone"
    " detach".split()
)
# Builtins that compute nothing a graph could hold.
_PLAIN_BUILTINS = frozenset("len range float int bool abs round min max sum print str list tuple".split())
_GRAD_CALLS = frozenset({"backward", "torch.autograd.grad", "torch.autograd.backward"})
NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad"})

Run = tuple[cst.BaseSuite | cst.Module, int, int]  # a block, and its statements [start, end) to wrap


@dataclass
class NoGradPlan:
    """What one function's volatile values need: the runs of statements to wrap, or why not."""

    function: cst.FunctionDef | cst.Module
    seeds: list[cst.Call]
    runs: list[Run] = field(default_factory=list)
    reason: str | None = None


def under_no_grad(tree: Tree, aliases: ImportAliases, node: cst.CSTNode) -> bool:
    """Is ``node`` inside ``with torch.no_grad():`` (or ``inference_mode``), or a function decorated so?"""
    for above in tree.ancestors(node):
        if isinstance(above, cst.With) and any(
            isinstance(item.item, cst.Call) and aliases.qualify(item.item.func) in NO_GRAD
            for item in above.items
        ):
            return True
        if isinstance(above, cst.FunctionDef) and any(
            aliases.qualify(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) in NO_GRAD
            for d in above.decorators
        ):
            return True
    return False


def is_true(node: cst.BaseExpression) -> bool:
    return m.matches(node, m.Name("True"))


def volatile_helpers(tree: Tree, aliases: ImportAliases) -> dict[str, tuple[cst.FunctionDef, str]]:
    """Local functions handing a parameter to ``Variable(..., volatile=P)``: their name (``to_var``,
    or ``_to_var`` for a method called as ``self._to_var``), the function and ``P``."""
    # The calls `Variable(..., volatile=<name>)` first (few), then the functions whose bodies hold them:
    # reading every call of every function's body cost as much as the rest of the rule in a pass.
    calls = []
    for call in tree.of_type(tree.root, cst.Call):
        volatile = kwarg(call, "volatile")
        if (
            volatile is not None
            and isinstance(volatile.value, cst.Name)
            and aliases.qualify(call.func) in VARIABLE
        ):
            calls.append((call, volatile.value.value))
    if not calls:
        return {}
    functions = {id(f): i for i, f in enumerate(tree.of_type(tree.root, cst.FunctionDef))}
    pairs: list[tuple[int, int, cst.FunctionDef, str]] = []  # (function's place, call's place, ...)
    for place, (call, flag) in enumerate(calls):
        above = tree.ancestors(call)
        for below, function in zip(above, above[1:]):
            if isinstance(function, cst.FunctionDef) and below is function.body:
                pairs.append((functions[id(function)], place, function, flag))
    found: dict[str, tuple[cst.FunctionDef, str]] = {}
    for _, _, function, flag in sorted(pairs, key=lambda pair: pair[:2]):  # functions, then calls, in order
        if flag in {p.name.value for p in function.params.params}:
            found[function.name.value] = (function, flag)
    return found


class VolatileFlow:
    """The volatile values of a file's functions, and the runs of statements to wrap."""

    def __init__(self, tree: Tree, aliases: ImportAliases, wrappers: frozenset[str] = frozenset()) -> None:
        self.tree, self.aliases = tree, aliases
        self.helpers = volatile_helpers(tree, aliases)
        # Local `lambda`s around `Variable` whose meaning the file spells whole (`wrapper_moves`): a call
        # of one with `volatile=True` makes a volatile value as `Variable` does.
        self.wrappers = wrappers
        self._locals: dict[int, frozenset[str]] = {}  # a function's id: the names local to it

    # -- seeds: where volatile values are made

    def is_seed(self, call: cst.Call) -> bool:
        """``Variable(x, volatile=True)``, or a volatile helper called with ``P=True``, not in ``no_grad``."""
        if self.aliases.qualify(call.func) in VARIABLE or self.is_wrapper(call):
            volatile = kwarg(call, "volatile")
            seed = volatile is not None and is_true(volatile.value)
        else:
            seed = self.helper_called(call) is not None
        return seed and not under_no_grad(self.tree, self.aliases, call)

    def is_wrapper(self, call: cst.Call) -> bool:
        """``Variable(x, ...)`` where ``Variable`` is one of the file's moving ``lambda`` wrappers."""
        return isinstance(call.func, cst.Name) and call.func.value in self.wrappers

    def helper_called(self, call: cst.Call) -> str | None:
        """The volatile helper ``call`` runs with ``P=True``, if it does."""
        if not self.helpers:
            return None  # asked of every call of a file that names `volatile`: most have no helper
        func = call.func
        name = None
        if isinstance(func, cst.Name):
            name = func.value
        elif isinstance(func, cst.Attribute) and _is_self(func.value):
            name = func.attr.value
        if name is None or name not in self.helpers:
            return None
        function, param = self.helpers[name]
        arg = kwarg(call, param)
        if arg is None:
            params = [p.name.value for p in function.params.params]
            offset = 1 if isinstance(func, cst.Attribute) else 0  # `self`
            index = params.index(param) - offset
            positional = [a for a in call.args if a.keyword is None and not a.star]
            arg = positional[index] if 0 <= index < len(positional) else None
        return name if arg is not None and is_true(arg.value) else None

    # -- one function

    def plan(self, function: cst.FunctionDef | cst.Module, seeds: list[cst.Call]) -> NoGradPlan:
        """The runs of ``function``'s statements to put under ``no_grad``, or why not. ``function`` may
        be the module (a script's top level): there a volatile name is a global, so no function or
        class of the module may read it (its uses there were volatile too, and run who knows when)."""
        plan = NoGradPlan(function, seeds)
        self._seeds = {id(s) for s in seeds}
        self._wrap: set[int] = set()  # ids of statements (lines and compound statements) to wrap
        self._function = function
        self._volatile_at: dict[int, set[str]] = {}  # per line: the names volatile before it runs
        self._graph_free = self._graph_free_names(function)
        try:
            tainted: set[str] = set()
            if isinstance(function, cst.Module):
                self._walk(function.body, tainted)
                self._globals_read(function, tainted)
            else:
                self._walk(self._suite(function.body, tainted), tainted)
            self._runs(function if isinstance(function, cst.Module) else function.body, plan)
        except _Refused as refused:
            plan.reason = str(refused)
            plan.runs = []
        return plan

    def _walk(self, statements: Sequence[cst.BaseStatement], tainted: set[str]) -> None:
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                self._line(statement, tainted)
            elif isinstance(statement, (cst.For, cst.While)):
                header = statement.iter if isinstance(statement, cst.For) else statement.test
                self._header(header, tainted)
                if isinstance(statement, cst.For):
                    self._bind(statement.target, self._tainted_value(statement.iter, tainted), tainted)
                for _ in range(2):  # a second pass sees what the previous step left volatile
                    self._walk(self._suite(statement.body, tainted), tainted)
                if statement.orelse is not None:
                    self._walk(self._suite(statement.orelse.body, tainted), tainted)
            elif isinstance(statement, cst.If):
                self._header(statement.test, tainted)
                after = set(tainted)
                self._walk(self._suite(statement.body, tainted), after)
                other = set(tainted)
                if statement.orelse is not None:
                    orelse = statement.orelse
                    branch = [orelse] if isinstance(orelse, cst.If) else self._suite(orelse.body, other)
                    self._walk(branch, other)
                tainted.clear()
                tainted.update(after | other)
            elif isinstance(statement, (cst.With, cst.Try)):
                if isinstance(statement, cst.With):
                    for item in statement.items:
                        self._header(item.item, tainted)
                self._walk(self._suite(statement.body, tainted), tainted)
                if isinstance(statement, cst.Try):
                    for handler in statement.handlers:
                        self._walk(self._suite(handler.body, tainted), tainted)
                    for extra in (statement.orelse, statement.finalbody):
                        if extra is not None:
                            self._walk(self._suite(extra.body, tainted), tainted)
            elif self._reads(statement, tainted):
                raise _Refused("a nested definition reads a volatile value")

    def _suite(self, suite: cst.BaseSuite, tainted: set[str]) -> Sequence[cst.BaseStatement]:
        """The statements of an indented block; a one-line suite (``if x: y = f(v)``) is left out, and
        refused if it reads a volatile value (no block to put under ``no_grad`` there)."""
        if isinstance(suite, cst.IndentedBlock):
            return suite.body
        if self._reads(suite, tainted):
            raise _Refused("a one-line block reads a volatile value")
        return []

    def _header(self, node: cst.BaseExpression, tainted: set[str]) -> None:
        """A header that computes with volatile values only by torch's functions, builtins and their
        methods (``if torch.argmax(out[0]) == 1:``, ``for key in Z.keys():``) builds no graph once
        they are made under ``no_grad``, as it built none before; one that calls a model is refused."""
        if self._computes(node, tainted) and self._expression_builds_graph(node, tainted):
            raise _Refused("a condition, loop or `with` computes with a volatile value")

    def _line(self, line: cst.SimpleStatementLine, tainted: set[str]) -> None:
        self._volatile_at.setdefault(id(line), set()).update(tainted)
        wrap = False
        for small in line.body:
            wrap |= self._computes(small, tainted)
            if isinstance(small, (cst.Global, cst.Nonlocal)) and set(self._names(small)) & tainted:
                raise _Refused("a volatile value is global")
            if isinstance(small, cst.Assign):
                self._assign(small, tainted)
            elif isinstance(small, cst.AugAssign):
                if self._tainted_value(small.value, tainted):
                    self._bind_into(small.target, tainted)
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                func = small.value.func
                if isinstance(func, cst.Attribute) and self._tainted_value(small.value, tainted):
                    self._bind_into(func.value, tainted)  # `a.append(v)`, `a.copy_(v)`
            elif isinstance(small, cst.Return) and small.value is not None:
                if self._tainted_value(small.value, tainted):
                    where = self._function.name.value if isinstance(self._function, cst.FunctionDef) else "?"
                    raise _Refused(f"a volatile value is returned from `{where}`")
            elif isinstance(small, cst.Expr) and isinstance(small.value, (cst.Yield, cst.Await)):
                if self._reads(small, tainted):
                    raise _Refused("a volatile value is yielded")
        if wrap and not under_no_grad(self.tree, self.aliases, line):
            self._wrap.add(id(line))  # (a line under `no_grad` already computes without a graph)

    def _assign(self, small: cst.Assign, tainted: set[str]) -> None:
        for target in small.targets:
            t = target.target
            if (
                isinstance(t, cst.Attribute)
                and t.attr.value == "volatile"
                and isinstance(t.value, cst.Name)
                and m.matches(small.value, m.Name("False"))
            ):
                tainted.discard(t.value.value)  # `v.volatile = False`: not volatile from here on
                continue
            if isinstance(t, (cst.Tuple, cst.List)) and isinstance(small.value, (cst.Tuple, cst.List)):
                if len(t.elements) == len(small.value.elements):
                    for te, ve in zip(t.elements, small.value.elements):
                        self._bind(te.value, self._tainted_value(ve.value, tainted), tainted)
                    continue
            self._bind(t, self._tainted_value(small.value, tainted), tainted)

    def _bind(self, target: cst.BaseExpression, volatile: bool, tainted: set[str]) -> None:
        if isinstance(target, cst.Name):
            (tainted.add if volatile else tainted.discard)(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, volatile, tainted)
        elif isinstance(target, cst.StarredElement):
            self._bind(target.value, volatile, tainted)
        elif volatile:
            self._bind_into(target, tainted)

    def _bind_into(self, target: cst.BaseExpression, tainted: set[str]) -> None:
        """A volatile value written into ``target`` (``a[i] = v``, ``a += v``, ``a.append(v)``)."""
        while isinstance(target, cst.Subscript):
            target = target.value
        if isinstance(target, cst.Name):
            tainted.add(target.value)
        else:
            raise _Refused(f"a volatile value is stored in `{cst.Module([]).code_for_node(target)}`")

    # -- expressions

    def _names(self, node: cst.CSTNode) -> list[str]:
        return [n.value for n in self.tree.of_type(node, cst.Name)]

    def _reads(self, node: cst.CSTNode, tainted: set[str]) -> list[cst.CSTNode]:
        """The volatile reads under ``node``: names in ``tainted`` (not attribute names, keywords or
        assignment targets) and seed calls."""
        found: list[cst.CSTNode] = []
        for n in self.tree.descendants(node):
            if isinstance(n, cst.Call) and id(n) in self._seeds:
                found.append(n)
            elif isinstance(n, cst.Name) and n.value in tainted:
                parent = self.tree.parent(n)
                if isinstance(parent, cst.Attribute) and parent.attr is n:
                    continue
                if isinstance(parent, cst.Arg) and parent.keyword is n:
                    continue
                if self._is_target(n):
                    continue
                found.append(n)
        return found

    def _is_target(self, node: cst.CSTNode) -> bool:
        child, parent = node, self.tree.parent(node)
        while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):
            child, parent = parent, self.tree.parent(parent)
        return (
            isinstance(parent, (cst.AssignTarget, cst.For, cst.CompFor))
            and parent.target is child
            or isinstance(parent, cst.AugAssign)
            and parent.target is child
        )

    def _path(self, read: cst.CSTNode, top: cst.CSTNode) -> tuple[bool, bool]:
        """How ``read`` reaches ``top``: whether something is computed with it on the way (more than
        moving, casting, viewing or indexing it), and whether it reaches ``top`` at all (``.data``,
        ``.item()``, ``.size()``, ``len()`` and use as an index let no volatile value out)."""
        computes = False
        child: cst.CSTNode = read
        node = self.tree.parent(read)
        while child is not top and node is not None:
            if isinstance(node, cst.Attribute) and node.value is child:
                above = self.tree.parent(node)
                called = isinstance(above, cst.Call) and above.func is node
                if node.attr.value in _STRIP_ATTRS or (called and node.attr.value in _STRIP_METHODS):
                    return computes, False
                if not (called and node.attr.value in _ALIAS_METHODS):
                    computes = True
                if called and above is not None:
                    child, node = above, self.tree.parent(above)
                    continue
            elif isinstance(node, cst.Arg):
                call = self.tree.parent(node)
                if isinstance(call, cst.Call) and (dotted_name(call.func) or "") in _STRIP_FUNCTIONS:
                    return computes, False
                if isinstance(call, cst.Call) and id(call) not in self._seeds:
                    computes = True
            elif isinstance(node, (cst.SubscriptElement, cst.Index, cst.Slice, cst.Comparison)):
                return computes, False  # used as an index, or compared: a bool
            elif not isinstance(node, (cst.Element, cst.Tuple, cst.List, cst.Subscript, cst.Call)):
                computes = True
            child, node = node, self.tree.parent(node)
        return computes, True

    def _computes(self, node: cst.CSTNode, tainted: set[str]) -> bool:
        """Does ``node`` compute with a volatile value (more than naming, moving or stripping it)?"""
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Return, cst.Expr)):
            if node.value is None:
                return False
            node = node.value
        return any(self._path(read, node)[0] for read in self._reads(node, tainted))

    def _tainted_value(self, value: cst.BaseExpression, tainted: set[str]) -> bool:
        return any(self._path(read, value)[1] for read in self._reads(value, tainted))

    # -- runs, and whether wrapping them is the same program

    def _globals_read(self, module: cst.Module, tainted: set[str]) -> None:
        """At a script's top level: refused when a function, class or ``lambda`` of the module reads a
        name that was volatile anywhere (a global it may read at any time, volatile before)."""
        volatile = set(tainted).union(*self._volatile_at.values())
        read = {
            name.value
            for scope in self.tree.of_type(module, (cst.FunctionDef, cst.ClassDef, cst.Lambda))
            for name in self.tree.of_type(scope, cst.Name)
            if name.value in volatile and self._reads_global(name)
        }
        if read:
            raise _Refused(f"a function or class of the module reads the volatile global `{min(read)}`")

    def _reads_global(self, name: cst.Name) -> bool:
        """``name`` may read the module's global of that name: not a parameter, an attribute's name
        (``self.out``) or a keyword, nor a local of a function around it (``out = self.fc(x)`` in a
        ``forward``: Python makes a name a function binds local to all of it)."""
        parent = self.tree.parent(name)
        if (
            isinstance(parent, cst.Param)
            and parent.name is name
            or isinstance(parent, cst.Attribute)
            and parent.attr is name
            or isinstance(parent, cst.Arg)
            and parent.keyword is name
        ):
            return False
        return not self._local_where_read(name)

    def _local_where_read(self, name: cst.Name) -> bool:
        """Whether ``name`` is in the body of a function that binds it (:meth:`_locals_of`)."""
        for scope in self.tree.ancestors(name):
            if (
                isinstance(scope, (cst.FunctionDef, cst.Lambda))
                and self.tree.inside(name, scope.body)  # a default or decorator is read outside it
                and name.value in self._locals_of(scope)
            ):
                return True
        return False

    def _locals_of(self, function: cst.FunctionDef | cst.Lambda) -> frozenset[str]:
        """The names ``function`` binds in its own scope: its parameters, and what its statements assign,
        loop over, import or define (not its nested functions' or comprehensions'); none when it declares
        one ``global`` or ``nonlocal``, or binds one with ``:=`` (left to the cautious answer)."""
        found = self._locals.get(id(function))
        if found is not None:
            return found
        names = {p.name.value for p in self.tree.of_type(function.params, cst.Param)}
        if isinstance(function, cst.FunctionDef):
            for node in self.tree.descendants(function.body):
                if isinstance(node, (cst.Global, cst.Nonlocal, cst.NamedExpr)):
                    names = set()
                    break
                if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                    if self._own_scope(node) is function:
                        names.add(node.name.value)
                    continue
                if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName)):
                    if self._own_scope(node) is function:
                        target = node.name if isinstance(node, cst.AsName) else node.target
                        names.update(flatten_names(target, keep_underscore=True))
        found = frozenset(names)
        self._locals[id(function)] = found
        return found

    def _own_scope(self, node: cst.CSTNode) -> cst.CSTNode | None:
        """The function, class, lambda or comprehension whose scope a binding of ``node`` is in."""
        return next((a for a in self.tree.ancestors(node) if isinstance(a, SCOPES)), None)

    def _runs(self, suite: cst.BaseSuite | cst.Module, plan: NoGradPlan) -> None:
        body = suite.body if isinstance(suite, (cst.IndentedBlock, cst.Module)) else None
        if body is None:
            return
        index = 0
        while index < len(body):
            statement = body[index]
            if id(statement) in self._wrap:
                end = index
                while end < len(body) and id(body[end]) in self._wrap:
                    end += 1
                # The block starts at the first statement that would build a graph and ends at the
                # last: what only shows or reduces the values made in it (`print(out)`,
                # `total += F.nll_loss(out, y).data[0]`) computes without one anyway.
                start, stop = index, end
                while start < stop and not self._builds_graph(body[start]):
                    start += 1
                while stop > start and not self._builds_graph(body[stop - 1]):
                    stop -= 1
                for line in body[start:stop]:
                    self._pure(line)
                if start < stop:
                    plan.runs.append((suite, start, stop))
                index = end
                continue
            for inner in _suites(statement):
                self._runs(inner, plan)
            index += 1

    def _builds_graph(self, line: cst.BaseStatement) -> bool:
        """Would ``line`` build a graph once the volatile values it reads are graph-free (made under
        ``no_grad``)? It does when it calls something other than torch's functions, builtins or the
        methods of volatile values (a model, a layer, a helper: they may use parameters), or combines
        the volatile values with a tensor that may need gradients. Showing or reducing them
        (``print(out)``, ``total += F.nll_loss(out, y).data[0]``, ``probs = F.softmax(out, 1)``) does not."""
        assert isinstance(line, cst.SimpleStatementLine)  # (only lines are marked for wrapping)
        tainted = self._volatile_at.get(id(line), set())
        for small in line.body:
            value = getattr(small, "value", None)
            if isinstance(value, cst.BaseExpression) and self._expression_builds_graph(value, tainted):
                return True
        return False

    def _expression_builds_graph(self, value: cst.BaseExpression, tainted: set[str]) -> bool:
        """Would ``value`` build a graph once the volatile values it reads (``tainted``) are graph-free?"""
        for n in self.tree.of_type(value, cst.Name):
            parent = self.tree.parent(n)
            if (isinstance(parent, cst.Attribute) and parent.attr is n) or (
                isinstance(parent, cst.Arg) and parent.keyword is n
            ):
                continue
            if n.value in tainted or n.value in self._graph_free or n.value in ("None", "True", "False"):
                continue
            qualified = self.aliases.qualify(n) or ""
            if qualified.split(".")[0] in ("torch", "numpy", "math") and not _is_layer(qualified):
                continue
            call = self._called(n)
            if call is not None:
                if not (_shows(call) or (call.func is n and n.value in _PLAIN_BUILTINS)):
                    return True  # a model, a layer, a helper, a method of a value not shown graph-free
            elif self._path(n, value)[1]:
                return True  # a tensor that may need gradients, kept with the volatile values
        return False

    def _called(self, name: cst.Name) -> cst.Call | None:
        """The call whose function ``name`` is, or the root of (``model(x)``, ``self.net(x)``)."""
        child: cst.CSTNode = name
        node = self.tree.parent(name)
        while isinstance(node, cst.Attribute) and node.value is child:
            child, node = node, self.tree.parent(node)
        return node if isinstance(node, cst.Call) and node.func is child else None

    def _pure(self, line: cst.BaseStatement) -> None:
        """Every value ``line`` binds, changes or returns is volatile or graph-free; else refused."""
        assert isinstance(line, cst.SimpleStatementLine)  # (only lines are marked for wrapping)
        for small in line.body:
            values: list[cst.BaseExpression] = []
            if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and small.value is not None:
                value = small.value
                # `a, b = f(v), g(y)`: each part binds its own value
                if isinstance(value, (cst.Tuple, cst.List)):
                    values.extend(e.value for e in value.elements)
                else:
                    values.append(value)
            elif isinstance(small, cst.Return) and small.value is not None:
                values.append(small.value)
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                func = small.value.func
                if isinstance(func, cst.Attribute):
                    values.extend(a.value for a in small.value.args)
            if isinstance(small, cst.Expr) and self._calls_grad(small):
                raise _Refused("a statement that computes with a volatile value also calls `backward()`")
            for value in values:
                if not (self._volatile_anywhere(line, value) or self._is_graph_free(value)):
                    raise _Refused(
                        f"`{cst.Module([]).code_for_node(small).strip()}` also computes a value that may"
                        " need gradients"
                    )

    def _volatile_anywhere(self, line: cst.SimpleStatementLine, value: cst.BaseExpression) -> bool:
        """Is ``value`` volatile: does a volatile read (of the names volatile where ``line`` runs)
        reach it other than through a strip?"""
        return self._tainted_value(value, self._volatile_at.get(id(line), set()))

    def _calls_grad(self, node: cst.CSTNode) -> bool:
        for call in self.tree.of_type(node, cst.Call):
            name = self.aliases.qualify(call.func) or ""
            if name in _GRAD_CALLS or (
                isinstance(call.func, cst.Attribute) and call.func.attr.value == "backward"
            ):
                return True
        return False

    def _is_graph_free(self, value: cst.BaseExpression) -> bool:
        """Made of literals, stripped reads and graph-free names, with torch functions, builtins and
        methods of such values: nothing with parameters takes part."""
        for n in self.tree.of_type(value, cst.Name):
            parent = self.tree.parent(n)
            if isinstance(parent, cst.Attribute) and parent.attr is n:
                continue
            if isinstance(parent, cst.Arg) and parent.keyword is n:
                continue
            if n.value in ("None", "True", "False") or not self._path(n, value)[1]:
                continue
            if n.value in self._graph_free:
                continue
            if isinstance(parent, cst.Call) and parent.func is n and n.value in _PLAIN_BUILTINS:
                continue
            # The whole dotted name (`torch.nn.Linear`, not `torch`): a layer has parameters.
            dotted: cst.BaseExpression = n
            while isinstance(up := self.tree.parent(dotted), cst.Attribute) and up.value is dotted:
                dotted = up
            qualified = self.aliases.qualify(dotted) or self.aliases.qualify(n) or ""
            if qualified.split(".")[0] in ("torch", "numpy", "math") and not _is_layer(qualified):
                continue
            return False
        return True

    def _graph_free_names(self, function: cst.FunctionDef | cst.Module) -> set[str]:
        """Names bound in ``function`` only by assignments of graph-free values (``correct = 0``,
        ``correct += pred.eq(y).sum()`` with ``pred`` graph-free), found by fixed point."""
        bindings: dict[str, list[cst.BaseExpression | None]] = {}
        for node in self.tree.descendants(function if isinstance(function, cst.Module) else function.body):
            if isinstance(node, cst.Assign):
                for target in node.targets:
                    values = _pairs(target.target, node.value)
                    for name, value in values:
                        bindings.setdefault(name, []).append(value)
            elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
                bindings.setdefault(node.target.value, []).append(node.value)
            elif isinstance(node, (cst.For, cst.CompFor)):
                for name in self._names(node.target):
                    ok = isinstance(node.iter, cst.Call) and dotted_name(node.iter.func) == "range"
                    bindings.setdefault(name, []).append(node.iter if ok else None)
            elif isinstance(node, cst.WithItem) and node.asname is not None:
                for name in self._names(node.asname.name):
                    bindings.setdefault(name, []).append(None)
        for param in function.params.params if isinstance(function, cst.FunctionDef) else ():
            bindings.setdefault(param.name.value, []).append(None)
        free = {name for name, values in bindings.items() if None not in values}
        while True:
            self._graph_free = free
            kept = {
                name for name in free if all(v is not None and self._is_graph_free(v) for v in bindings[name])
            }
            if kept == free:
                return free
            free = kept


class _Refused(Exception):
    """Why a function's volatile values cannot go under ``no_grad`` as they are."""


def _pairs(target: cst.BaseExpression, value: cst.BaseExpression) -> list[tuple[str, cst.BaseExpression]]:
    """The names ``target`` binds, each with the value it gets (``a, b = f(x)``: ``f(x)`` for both)."""
    if isinstance(target, cst.Name):
        return [(target.value, value)]
    if isinstance(target, (cst.Tuple, cst.List)):
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
            return [p for t, v in zip(target.elements, value.elements) for p in _pairs(t.value, v.value)]
        return [p for t in target.elements for p in _pairs(t.value, value)]
    if isinstance(target, cst.StarredElement):
        return _pairs(target.value, value)
    return []


def _is_layer(qualified: str) -> bool:
    """``torch.nn.Linear``: a module with parameters (``torch.nn.functional.relu`` is not)."""
    return qualified.startswith("torch.nn.") and not qualified.startswith("torch.nn.functional")


# Calls that only show their arguments: printing, formatting, logging, summaries.
_SHOWING_FUNCTIONS = frozenset({"print", "str", "repr", "format"})
_SHOWING_METHODS = frozenset(
    "format info debug warning warn error critical log write add_scalar add_scalars add_text".split()
)


def _shows(call: cst.Call) -> bool:
    func = call.func
    if isinstance(func, cst.Name):
        return func.value in _SHOWING_FUNCTIONS
    if isinstance(func, cst.Attribute) and func.attr.value in _SHOWING_METHODS:
        return func.attr.value != "format" or isinstance(
            func.value, (cst.SimpleString, cst.ConcatenatedString)
        )
    return False


def _suites(statement: cst.BaseStatement) -> list[cst.BaseSuite]:
    found: list[cst.BaseSuite] = []
    if isinstance(statement, (cst.For, cst.While, cst.With, cst.Try, cst.If)):
        found.append(statement.body)
        orelse = getattr(statement, "orelse", None)
        if isinstance(orelse, cst.If):
            found.extend(_suites(orelse))
        elif orelse is not None:
            found.append(orelse.body)
        if isinstance(statement, cst.Try):
            found.extend(h.body for h in statement.handlers)
            if statement.finalbody is not None:
                found.append(statement.finalbody.body)
    return found


def _is_self(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "self"
