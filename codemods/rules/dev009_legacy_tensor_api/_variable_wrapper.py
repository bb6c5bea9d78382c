"""What ``Variable(x)`` means since PyTorch 0.4, and when plain ``x`` means the same.

Since 0.4 ``Variable(x)`` is ``x.detach()``: a new tensor object sharing ``x``'s storage and version
counter, with no gradient history, not requiring grad (``requires_grad=True``: a new leaf that
does). Plain ``x`` means the same when both of these hold:

1. ``x`` has no gradient history, so there is nothing to cut;
2. nothing can tell the two objects apart. They differ only in identity and autograd metadata
   (``requires_grad``, ``.grad``, hooks, ``.data =``), which no code sees when nothing else holds
   ``x``'s object and nothing changes it in place (an in-place op with an operand that requires
   grad would give ``x`` a history).

:class:`VariableArguments` proves both, from the source alone, for

* a tensor made right there and held by no one else: a factory (``torch.zeros(...)``), a legacy
  constructor of a size, a literal or a NumPy array (also through an alias such as ``Tensor``; of a
  tensor it makes an alias that keeps its history), ``torch.from_numpy(...)``, ``t.data`` (a new
  object without history at every access; not of a name like ``dataset``, whose ``.data`` is the
  tensor it keeps), and such a tensor's ``.cuda()``, ``.float()``, ``.view(...)``, ``.fill_(...)``...;
* a local name whose every binding in its function is such a tensor or a batch of a ``DataLoader``
  built in this file with the default collate (tensors stacked afresh for each batch) over a dataset
  the file shows to be data (``_history_free.py``: a library's dataset, arrays read from disk, fresh
  tensors, a dataset class of the file given them; a batch of anything else may carry the gradient
  history of the network that computed it, which ``Variable`` cut), never changed in place
  nor given autograd metadata there, and either rebound by the call itself (``x = Variable(x)``:
  the old object is then out of reach) or read nowhere else but for its size.

Everything else keeps ``.detach()``, exactly what ``Variable`` did: parameters (a caller may pass
a tensor that requires grad), attributes, other calls' results (a model's output has history),
names a loop carries from one step to the next (a hidden state).
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from typing import Any, TypeVar

import libcst as cst
import libcst.matchers as m

from codemods.analysis.evident_data import every_binding_kind, reaching_kind
from codemods.analysis.legacy_constructors import argument_kinds, legacy_constructor_rewrite, legacy_dtype
from codemods.analysis.nn_modules import model_names, models_by_use, module_classes
from codemods.core.name_bindings import binding_counts, bindings_in, code_around, flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg
from codemods.core.torch_names import FACTORIES, VARIABLE
from codemods.core.tree import Tree
from codemods.rules.dev009_legacy_tensor_api._history_free import HistoryFree, calls_a_model, without_grad
from codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases import LegacyAliases

T = TypeVar("T")
# Calls that make a fresh tensor no one else holds, which never requires grad unless asked to.
_FRESH = FACTORIES - {"torch.as_tensor"} | {"torch.from_numpy"}
# Methods of a fresh tensor that give a fresh tensor without gradient history.
_FRESH_METHODS = frozenset(
    "to cuda cpu float double half long int bool byte type contiguous view reshape unsqueeze squeeze t"
    " permute transpose clone detach zero_ fill_ normal_ uniform_ random_ pin_memory".split()
)
# Reading these of a tensor neither keeps it nor changes it (`.data` is a new object each time).
_SIZE_READS = frozenset(
    "size shape dim ndimension numel nelement dtype device is_cuda data grad requires_grad"
    " grad_fn is_leaf".split()
)
# Calling these on a tensor changes its autograd state, which `Variable` would have kept apart.
_HOOKS = frozenset({"register_hook", "retain_grad"})
_DATASET_NAME = re.compile(r"data|set|loader|corpus", re.I)
_UNWRAPPING = frozenset({"enumerate", "tqdm", "tqdm.tqdm", "iter"})
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.Module)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
_LAMBDA_ALIAS = m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Lambda())


class VariableArguments:
    """The ``Variable(...)`` arguments of one file that are plain tensors (see the module docstring)."""

    def __init__(self, tree: Tree, aliases: ImportAliases, type_aliases: LegacyAliases) -> None:
        self.tree, self.aliases, self.type_aliases = tree, aliases, type_aliases
        self._cache: dict[
            tuple[object, ...], Any
        ] = {}  # per scope and name: bindings, reads, order (see _cached)
        history_free = HistoryFree(tree, aliases)
        loaders = [
            a
            for a in tree.of_type(tree.root, cst.Assign)
            if len(a.targets) == 1
            and isinstance(a.targets[0].target, cst.Name)
            and _default_loader(a.value)
            and history_free.dataset_of(cst.ensure_type(a.value, cst.Call))  # as `_default_loader` found
            and not _serves_grad_tensors(tree, aliases, a.value)
        ]
        counts = binding_counts(tree) if loaders else {}
        names = [cst.ensure_type(a.targets[0].target, cst.Name).value for a in loaders]  # as tested above
        self.loaders = {name for name in names if counts.get(name) == 1}

    def is_fresh(self, node: cst.BaseExpression) -> bool:
        """A tensor made in this expression, that no one else holds and that has no history."""
        while True:
            if isinstance(node, cst.BinaryOperation):
                # `0.9 * torch.ones(n)`, `torch.rand(n) - 0.5`: arithmetic of a fresh tensor and numbers
                # (or fresh tensors) makes a new one, with no history either.
                operands = (node.left, node.right)
                numbers = [o for o in operands if isinstance(o, (cst.Integer, cst.Float))]
                return len(numbers) < 2 and all(o in numbers or self.is_fresh(o) for o in operands)
            if isinstance(node, cst.Attribute) and node.attr.value == "data":
                # A tensor's `.data` is a new object at each access; a dataset's is the one it keeps.
                return not _DATASET_NAME.search((dotted_name(node.value) or "").rsplit(".", 1)[-1])
            if not isinstance(node, cst.Call):
                return False
            qualified = self.aliases.qualify(node.func) or ""
            alias = self.type_aliases.at(node.func)
            if legacy_dtype(qualified) or qualified == "torch.Tensor" or alias:
                # An integer tensor cannot require grad, so it never has history: whatever the legacy
                # constructor made of its argument (a copy, or an alias of an integer tensor).
                dtype = legacy_dtype(alias.qualified if alias else qualified) or ""
                return self._copies(node) or dtype.startswith(("int", "uint", "bool"))
            if qualified in _FRESH:
                requires_grad = kwarg(node, "requires_grad")
                return requires_grad is None or m.matches(requires_grad.value, m.Name("False"))
            if not (isinstance(node.func, cst.Attribute) and node.func.attr.value in _FRESH_METHODS):
                return False
            node = node.func.value

    def _cached(self, key: tuple[object, ...], compute: Callable[[], T]) -> T:
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def _copies(self, constructor: cst.Call) -> bool:
        """Does this legacy constructor make a new tensor? Of a tensor it makes an alias, which
        keeps the tensor's history; of a size, a literal, a NumPy array or a list bound before it, a new
        one."""
        kinds = argument_kinds(self.tree, constructor, self.aliases)
        rewrite = legacy_constructor_rewrite(
            constructor, "torch.FloatTensor", self.aliases, int_names=kinds.sizes, data_names=kinds.data
        )
        if rewrite is not None:
            return True
        arg = constructor.args[0].value if len(constructor.args) == 1 else None
        if isinstance(arg, cst.Name) and (
            reaching_kind(self.tree, constructor, arg.value, self.aliases)
            or every_binding_kind(self.tree, constructor, arg.value, self.aliases)
        ) not in (None, "tensor", "existing"):  # of a tensor (or maybe one), an alias
            return True  # a list, an array, or what `.tolist()` gave (a list, or a number: a size)
        if isinstance(arg, cst.BinaryOperation) and isinstance(arg.left, (cst.Float, cst.Integer)):
            arg = arg.right  # `0.75 * np.random.normal(...)`
        return isinstance(arg, cst.Call) and (self.aliases.qualify(arg.func) or "").startswith("numpy.")

    def is_plain(self, call: cst.Call, data: cst.BaseExpression) -> str | None:
        """Why ``Variable(data)`` (``call``) is plain ``data``, with ``data`` a local name or a fresh
        method of one (``x.cuda()``): "that is a batch of `loader`", "created in this function";
        None when it may not be."""
        name = _root_name(data)
        above = self.tree.ancestors(call)
        scope = next(a for a in above if isinstance(a, _SCOPES + _COMPREHENSIONS))
        if name is None or not isinstance(scope, (cst.FunctionDef, cst.Module)):
            return None  # in a lambda or a comprehension, whose own names are out of sight here
        bindings = self._cached(
            ("bindings", id(scope), name.value), lambda: bindings_in(self.tree, scope, name.value)
        )
        sources = [self._source(binding, name.value) for binding in bindings]
        if not sources or None in sources:
            return None
        order = self._cached(
            ("order", id(scope)), lambda: {id(n): i for i, n in enumerate(self.tree.descendants(scope))}
        )
        # In a loop, each pass must bind the name afresh before the call: otherwise the object the
        # call gave back on the last pass comes back to it, where `Variable` made a new one.
        fresh = [
            b for b, source in zip(bindings, sources) if source != "itself" and order[id(b)] < order[id(call)]
        ]
        for loop in (a for a in above[: above.index(scope)] if isinstance(a, (cst.For, cst.While))):
            if not any(b is loop or loop in self.tree.ancestors(b) for b in fresh):
                return None
        rebinds_itself = any(self._binds_from(binding, call) for binding in bindings)
        for read in self._cached(("reads", id(scope), name.value), lambda: self._reads(scope, name.value)):
            if read is name:
                continue
            use = self._use(read)
            if use == "changes" or (
                use == "keeps" and not (rebinds_itself and order[id(read)] > order[id(call)])
            ):
                return None
        real = sorted({s for s in sources if s is not None and s != "itself"})  # (no None: see above)
        return " and ".join(real) if real else None

    def _source(self, binding: cst.CSTNode, name: str) -> str | None:
        """Where one binding of ``name`` takes its value from, if that is a plain tensor."""
        if isinstance(binding, cst.For):
            loader = _loader_of(binding, name)
            return f"that is a batch of `{loader}`" if loader in self.loaders else None
        if isinstance(binding, cst.AssignTarget):
            assign = self.tree.parent(binding)
            value = _value_for(assign, binding, name) if isinstance(assign, cst.Assign) else None
            if value is None:
                return None
            if isinstance(value, cst.Call) and self.aliases.qualify(value.func) in VARIABLE:
                value = value.args[0].value if value.args else value
            root = _root_name(value)
            if root is not None and m.matches(root, m.Name(name)):
                return "itself"  # `x = x.cuda()`, `x = Variable(x)`: what x was, moved or wrapped
            return "created in this function" if self.is_fresh(value) else None
        return None

    def _binds_from(self, binding: cst.CSTNode, call: cst.Call) -> bool:
        assign = self.tree.parent(binding)
        return isinstance(assign, cst.Assign) and any(n is call for n in self.tree.descendants(assign.value))

    def _reads(self, scope: cst.CSTNode, name: str) -> list[cst.Name]:
        found = []
        for node in self.tree.of_type(scope, cst.Name):
            parent = self.tree.parent(node)
            if node.value != name or (isinstance(parent, cst.Attribute) and parent.attr is node):
                continue
            if isinstance(parent, cst.Param) or (isinstance(parent, cst.Arg) and parent.keyword is node):
                continue
            if self._in_target(node):
                continue
            found.append(node)
        return found

    def _in_target(self, node: cst.CSTNode) -> bool:
        """Is ``node`` bound here, as part of an unpacking target (``for i, (x, y) in ...``)?"""
        child, parent = node, self.tree.parent(node)
        while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):
            child, parent = parent, self.tree.parent(parent)
        return isinstance(parent, (cst.AssignTarget, cst.For, cst.CompFor)) and parent.target is child

    def _use(self, read: cst.Name) -> str:
        """ "size" (reads its size), "changes" (in place, or its autograd state), or "keeps" (any
        other use, which may hold on to the object)."""
        if self._rebinds_itself(read):
            return "size"  # `x = x.cuda()`: the old object goes on under the same name only
        parent = self.tree.parent(read)
        if isinstance(parent, cst.Attribute) and parent.value is read:
            attr = parent.attr.value
            above = self.tree.parent(parent)
            if isinstance(above, (cst.AssignTarget, cst.AugAssign)) or (
                isinstance(above, cst.Call)
                and above.func is parent
                and (attr.endswith("_") or attr in _HOOKS)
            ):
                return "changes"  # `x.requires_grad = True`, `x.add_(w)`, `x.register_hook(f)`
            return "size" if attr in _SIZE_READS else "keeps"
        if isinstance(parent, cst.Subscript) and isinstance(
            self.tree.parent(parent), (cst.AssignTarget, cst.AugAssign)
        ):
            return "changes"
        if (
            isinstance(parent, cst.Arg)
            and isinstance(call := self.tree.parent(parent), cst.Call)
            and m.matches(call, m.Call(func=m.Name("len")))
        ):
            return "size"
        return "keeps"

    def _rebinds_itself(self, read: cst.Name) -> bool:
        """``x = x.cuda()``, ``x, y = x.float(), y``: ``read`` flows, through fresh methods only,
        into a new binding of its own name."""
        node: cst.CSTNode = read
        while True:
            parent = self.tree.parent(node)
            above = self.tree.parent(parent) if parent is not None else None
            if not (
                isinstance(parent, cst.Attribute)
                and isinstance(above, cst.Call)
                and above.func is parent
                and parent.attr.value in _FRESH_METHODS
            ):
                break
            node = above
        parent = self.tree.parent(node)
        if isinstance(parent, cst.Element):
            parent = self.tree.parent(self.tree.parent(parent))
        if not isinstance(parent, cst.Assign) or len(parent.targets) != 1:
            return False
        return _value_for(parent, parent.targets[0], read.value) is node


def variable_wrappers(tree: Tree, aliases: ImportAliases) -> set[str]:
    """Names bound once to a ``lambda`` that calls ``Variable`` (``Variable = lambda *a, **k:
    autograd.Variable(*a, **k).cuda() if USE_CUDA else autograd.Variable(*a, **k)``)."""
    lambdas = [a for a in tree.of_type(tree.root, cst.Assign) if isinstance(a.value, cst.Lambda)]
    counts = binding_counts(tree) if lambdas else {}
    return {
        name
        for assign in lambdas
        if isinstance(assign.value, cst.Lambda)
        and m.matches(assign, _LAMBDA_ALIAS)
        and counts.get(name := cst.ensure_type(assign.targets[0].target, cst.Name).value) == 1  # as matched
        and any(aliases.qualify(c.func) in VARIABLE for c in tree.of_type(assign.value, cst.Call))
    }


def wrapper_moves(tree: Tree, aliases: ImportAliases, names: set[str]) -> dict[str, cst.BaseExpression]:
    """The wrappers of ``names`` (see :func:`variable_wrappers`) of the one shape whose meaning the file
    spells whole, ``lambda *a, **k: Variable(*a, **k).cuda() if FLAG else Variable(*a, **k)``, with
    ``FLAG`` ``torch.cuda.is_available()`` or a name bound once, at the top level, to it: by name, that
    ``FLAG``. Since 0.4 such a call is ``x.detach().cuda()`` or ``x.detach()``; as no tensor is on a
    GPU where none is available, that is ``x.detach().to("cuda" if FLAG else "cpu")``."""
    found: dict[str, cst.BaseExpression] = {}
    counts: dict[str, int] | None = None
    for statement in tree.root.body:
        line = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
        if not (isinstance(line, cst.Assign) and m.matches(line, _LAMBDA_ALIAS)):
            continue
        name = cst.ensure_type(line.targets[0].target, cst.Name).value  # as matched
        body = cst.ensure_type(line.value, cst.Lambda).body
        if name not in names or not isinstance(body, cst.IfExp):
            continue
        moved, plain = body.body, body.orelse
        if not (
            isinstance(moved, cst.Call)
            and not moved.args
            and isinstance(moved.func, cst.Attribute)
            and moved.func.attr.value == "cuda"
            and _forwards(moved.func.value, aliases)
            and _forwards(plain, aliases)
        ):
            continue
        test = body.test
        if isinstance(test, cst.Name):
            counts = counts if counts is not None else binding_counts(tree)
            bound = [
                s.body[0]
                for s in tree.root.body
                if isinstance(s, cst.SimpleStatementLine)
                and isinstance(s.body[0], cst.Assign)
                and m.matches(s.body[0].targets[0].target, m.Name(test.value))
            ]
            if counts.get(test.value) != 1 or len(bound) != 1:
                continue
            if aliases.qualify(cst.ensure_type(bound[0], cst.Assign).value) != "torch.cuda.is_available":
                flag = cst.ensure_type(bound[0], cst.Assign).value
                if not (
                    isinstance(flag, cst.Call)
                    and not flag.args
                    and aliases.qualify(flag.func) == "torch.cuda.is_available"
                ):
                    continue
        elif not (
            isinstance(test, cst.Call)
            and not test.args
            and aliases.qualify(test.func) == "torch.cuda.is_available"
        ):
            continue
        found[name] = test
    return found


def _forwards(call: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``Variable(*args, **kwargs)``: the legacy wrapper handed the lambda's arguments as they are."""
    return (
        isinstance(call, cst.Call)
        and aliases.qualify(call.func) in VARIABLE
        and [a.star for a in call.args] == ["*", "**"]
    )


def self_assignment(tree: Tree, call: cst.Call) -> cst.Assign | None:
    """The assignment ``call`` (``Variable(x)``) gives back to ``x`` itself: ``x = Variable(x)`` or
    ``x, y = Variable(x), Variable(y)``; None for any other place."""
    parent = tree.parent(call)
    element = parent if isinstance(parent, cst.Element) else None
    assign = tree.parent(tree.parent(parent)) if element else parent
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1 or not call.args:
        return None
    target: cst.BaseExpression = assign.targets[0].target
    if element is not None:
        if not (
            isinstance(target, cst.Tuple)
            and isinstance(assign.value, cst.Tuple)
            and len(target.elements) == len(assign.value.elements)
        ):
            return None
        target = target.elements[next(i for i, e in enumerate(assign.value.elements) if e is element)].value
    arg = call.args[0].value
    return assign if isinstance(arg, cst.Name) and m.matches(target, m.Name(arg.value)) else None


def _root_name(node: cst.BaseExpression) -> cst.Name | None:
    """``x`` in ``x``, ``x.cuda()``, ``x.float().view(-1)``: the name under fresh methods."""
    while (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in _FRESH_METHODS
    ):
        node = node.func.value
    return node if isinstance(node, cst.Name) else None


def _calls_data_loader(func: cst.BaseExpression) -> bool:
    """``DataLoader`` or ``....DataLoader`` (plain type tests: asked of every loop's data source)."""
    name = func.attr if type(func) is cst.Attribute else func
    return type(name) is cst.Name and name.value == "DataLoader"


def _default_loader(value: cst.BaseExpression) -> bool:
    """``DataLoader(...)`` with the default collate (fresh tensors per batch)."""
    if not (isinstance(value, cst.Call) and _calls_data_loader(value.func)):
        return False
    batch_size = kwarg(value, "batch_size")
    return kwarg(value, "collate_fn") is None and not (
        batch_size is not None and m.matches(batch_size.value, m.Name("None"))
    )


def _serves_grad_tensors(tree: Tree, aliases: ImportAliases, loader: cst.BaseExpression) -> bool:
    """``DataLoader(TensorDataset(data))`` where the file may make a tensor require grad: each batch may
    then be a slice of it with gradient history, which ``Variable`` cut. Names bound to the dataset are
    followed one step (``ds = TensorDataset(data)``). For a ``TensorDataset`` the question is the whole
    file's: a tensor comes to require grad in too many ways to follow (``t.requires_grad = True``,
    ``requires_grad_()`` through an alias or a loop, ``setattr``); a layer's weight given to it does,
    and so does a model's output (:func:`_computed_by_model`)."""
    if _computed_by_model(tree, aliases, loader):
        return True
    names = {n.value for n in tree.of_type(loader, cst.Name)}
    assigns, by_target = tree.memo("variable_wrapper.name_assigns", lambda: _name_assigns(tree))
    # The assignments in source order whose targets `names` holds by then, each adding what it reads:
    # taken from a heap of their positions, so that a loader costs its own assignments, not the file's.
    waiting = sorted({i for name in names for i in by_target.get(name, ())})
    taken: list[int] = []
    while waiting:
        position = heapq.heappop(waiting)
        if taken and taken[-1] == position:
            continue
        taken.append(position)
        for name in assigns[position][1] - names:
            names.add(name)
            for later in by_target.get(name, ()):
                if later > position:
                    heapq.heappush(waiting, later)
    if "TensorDataset" in names:
        if names & {"weight", "bias", "parameters"}:
            return True  # `TensorDataset(layer.weight)`: a parameter's rows
        return tree.memo("variable_wrapper.asks_for_grad", lambda: _file_asks_for_grad(tree))
    bound = sorted({i for name in names for i in by_target.get(name, ())})
    if any(_asks_for_grad(tree, assigns[i][2].value) for i in bound):
        return True
    return bool(names & tree.memo("variable_wrapper.requires_grad_", lambda: _requires_grad_called(tree)))


def _name_assigns(
    tree: Tree,
) -> tuple[list[tuple[frozenset[str], frozenset[str], cst.Assign]], dict[str, list[int]]]:
    """Each assignment of the file to a plain name, in source order (the names it binds, the names its
    value reads, and the assignment), and the positions of each name's assignments in that list: one
    walk of the module, not one per loader asked about."""
    found: list[tuple[frozenset[str], frozenset[str], cst.Assign]] = []
    by_target: dict[str, list[int]] = {}
    for assign in tree.of_type(tree.root, cst.Assign):
        targets = frozenset(t.target.value for t in assign.targets if isinstance(t.target, cst.Name))
        if targets:
            for target in targets:
                by_target.setdefault(target, []).append(len(found))
            found.append((targets, frozenset(n.value for n in tree.of_type(assign.value, cst.Name)), assign))
    return found, by_target


def _requires_grad_called(tree: Tree) -> frozenset[str]:
    """The names the file calls ``.requires_grad_()`` on, or sets ``.requires_grad`` of."""
    called = (
        call.func.value.value
        for call in tree.of_type(tree.root, cst.Call)
        if isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "requires_grad_"
        and isinstance(call.func.value, cst.Name)
    )
    set_to = (
        target.target.value.value
        for target in tree.of_type(tree.root, cst.AssignTarget)
        if isinstance(target.target, cst.Attribute)
        and target.target.attr.value == "requires_grad"
        and isinstance(target.target.value, cst.Name)
    )
    return frozenset((*called, *set_to))


def _computed_by_model(tree: Tree, aliases: ImportAliases, loader: cst.BaseExpression) -> bool:
    """Is a tensor the loader serves computed by a model of the file, with gradients on: ``data =
    model(x)``, ``net.features(x)``, ``enc[0](x)``, ``nn.Linear(2, 2)(x)``, or a function of the file that
    returns one (``embed(x)``), or the code of a dataset class of the file (``Pairs()`` whose
    ``__getitem__`` runs a model, or which makes a tensor require grad)? Followed through the names the
    loader's expression reads and what binds them in its scope (else at the top level), to any depth. A
    model's parameters require grad, so its output has gradient history, and each batch is a slice of
    it. Not what is computed under ``torch.no_grad()`` or cut from the graph on the way (``.detach()``,
    ``.data``, ``Variable(...)``)."""
    models = model_names(tree, aliases) | models_by_use(tree)
    local_modules = module_classes(tree, aliases)
    functions = tree.memo(
        "variable_wrapper.module_functions",
        lambda: {s.name.value: s for s in tree.root.body if isinstance(s, cst.FunctionDef)},
    )
    classes = _classes_of_the_file(tree)
    values: list[cst.CSTNode] = [loader]
    seen: set[tuple[int, str]] = set()  # (scope, name) followed
    followed: set[int] = set()  # functions whose returns are followed, classes whose code is
    made_to_require_grad = tree.memo("variable_wrapper.requires_grad_", lambda: _requires_grad_called(tree))
    while values:
        value = values.pop()
        scope = next((a for a in tree.ancestors(value) if isinstance(a, cst.FunctionDef)), tree.root)
        if _asks_for_grad(tree, value) or _read_names(tree, value) & made_to_require_grad:
            return True  # `w = torch.randn(2, requires_grad=True)` read by a dataset class's `__getitem__`
        for call in tree.of_type(value, cst.Call):
            if _cut_from_graph(tree, call, value, aliases):
                continue
            if calls_a_model(call.func, models, aliases, local_modules):
                return True
            spelled = dotted_name(call.func) or ""
            function = functions.get(spelled)
            if function is not None and id(function) not in followed:
                followed.add(id(function))
                values += [
                    r.value
                    for r in tree.of_type(function, cst.Return)
                    if r.value is not None and code_around(tree, r) is function
                ]
            made = classes.get(spelled)
            if made is not None and id(made) not in followed and spelled not in local_modules:
                # `Pairs()`, a dataset class of the file: what its methods compute (`__getitem__`
                # returning `model(x)`, `__init__` keeping one) is what its samples are made of
                if _class_asks_for_grad(tree, made):
                    return True
                followed.add(id(made))
                values.append(made)
        for name in _read_names(tree, value):
            if (id(scope), name) in seen:
                continue
            seen.add((id(scope), name))
            for binding in bindings_in(tree, scope, name) or bindings_in(tree, tree.root, name):
                assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
                if isinstance(assign, cst.Assign) and not without_grad(tree, assign, aliases):
                    values.append(assign.value)
    return False


def _class_asks_for_grad(tree: Tree, cls: cst.ClassDef) -> bool:
    """Does the code of ``cls`` make a tensor require grad (a factory asked for it, ``nn.Parameter``,
    ``.requires_grad_()``, ``.requires_grad = ...``)? Its samples may then carry gradient history."""
    if _asks_for_grad(tree, cls):
        return True
    return any(
        a.attr.value == "requires_grad_"
        or (a.attr.value == "requires_grad" and isinstance(tree.parent(a), cst.AssignTarget))
        for a in tree.of_type(cls, cst.Attribute)
    )


def _classes_of_the_file(tree: Tree) -> dict[str, cst.ClassDef]:
    """The classes the module defines at its top level, by name."""
    return tree.memo(
        "variable_wrapper.classes",
        lambda: {s.name.value: s for s in tree.root.body if isinstance(s, cst.ClassDef)},
    )


def _read_names(tree: Tree, node: cst.CSTNode) -> set[str]:
    """The names ``node`` reads (not an attribute's name, ``x`` of ``a.x``, nor a keyword's)."""
    skip = {id(a.attr) for a in tree.of_type(node, cst.Attribute)}
    skip |= {id(a.keyword) for a in tree.of_type(node, cst.Arg) if a.keyword is not None}
    return {n.value for n in tree.of_type(node, cst.Name) if id(n) not in skip}


# Methods whose result has no gradient history, whatever their receiver has.
_CUTTING_METHODS = frozenset("detach detach_ numpy tolist item".split())


def _cut_from_graph(tree: Tree, call: cst.Call, top: cst.CSTNode, aliases: ImportAliases) -> bool:
    """Is ``call``'s result cut from the autograd graph before ``top`` (the value that holds it) is:
    ``model(x).detach()``, ``model(x).data``, ``Variable(model(x))`` (without ``requires_grad``)?"""
    for above in tree.ancestors(call):
        if isinstance(above, cst.Attribute) and above.attr.value == "data":
            return True
        if isinstance(above, cst.Call) and (
            (isinstance(above.func, cst.Attribute) and above.func.attr.value in _CUTTING_METHODS)
            or (aliases.qualify(above.func) in VARIABLE and kwarg(above, "requires_grad") is None)
        ):
            return True
        if above is top:
            return False
    return False


def _file_asks_for_grad(tree: Tree) -> bool:
    """May some tensor of the file be made to require grad (a factory asked for it, ``nn.Parameter``,
    ``requires_grad_()``, ``.requires_grad = ...``, ``setattr``)?"""
    for call in tree.of_type(tree.root, cst.Call):
        wanted = kwarg(call, "requires_grad")
        if wanted is not None and not m.matches(wanted.value, m.Name("False")):
            return True
        spelled = dotted_name(call.func) or ""
        if spelled.split(".")[-1] == "Parameter" or (
            spelled == "setattr" and "requires_grad" in code_of(call)
        ):
            return True
    for attribute in tree.of_type(tree.root, cst.Attribute):
        if attribute.attr.value == "requires_grad_":
            return True
        if attribute.attr.value == "requires_grad" and isinstance(tree.parent(attribute), cst.AssignTarget):
            return True
    return False


def _asks_for_grad(tree: Tree, value: cst.CSTNode) -> bool:
    """``torch.randn(n, requires_grad=True)``, ``nn.Parameter(w)``: a tensor that requires grad."""
    for call in tree.of_type(value, cst.Call):
        wanted = kwarg(call, "requires_grad")
        if wanted is not None and not m.matches(wanted.value, m.Name("False")):
            return True
        if (dotted_name(call.func) or "").split(".")[-1] == "Parameter":
            return True
    return False


def _loader_of(loop: cst.For, name: str) -> str | None:
    """``for i, (x, y) in enumerate(loader)``: ``loader`` when ``name`` is part of the batch."""
    source: cst.BaseExpression = loop.iter
    target: cst.BaseExpression = loop.target
    while isinstance(source, cst.Call) and dotted_name(source.func) in _UNWRAPPING and source.args:
        if dotted_name(source.func) == "enumerate":
            if not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
                return None
            target = target.elements[1].value
        source = source.args[0].value
    return dotted_name(source) if name in flatten_names(target) else None


def _value_for(assign: cst.Assign, binding: cst.AssignTarget, name: str) -> cst.BaseExpression | None:
    """The value ``assign`` gives ``name`` through ``binding``: ``x = v`` or ``x, y = v, w``."""
    target, value = binding.target, assign.value
    if isinstance(target, cst.Name):
        return value if len(assign.targets) == 1 else None
    if (
        isinstance(target, cst.Tuple)
        and isinstance(value, cst.Tuple)
        and len(target.elements) == len(value.elements)
    ):
        for t, v in zip(target.elements, value.elements):
            if m.matches(t.value, m.Name(name)):
                return v.value
    return None
