"""``nn.Module`` discovery: which classes of a file are modules, and which names hold models.

Classes count as modules when they derive from ``torch.nn.Module`` (or any ``torch.nn`` class)
directly or through other classes of the same file; a name holds a model when it is assigned the
construction of one (``model = Net(...).to(device)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

import libcst as cst

from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import assigned_chain, strip_method_chain
from codemods.core.torch_names import Move, as_move, moves_device
from codemods.core.tree import Tree

MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})
CONTAINER_MODULES = frozenset(f"torch.nn.{name}" for name in "Sequential ModuleList ModuleDict".split())


def _looks_like_class(qualified: str | None) -> bool:
    if not qualified:
        return False
    return qualified.rsplit(".", 1)[-1][:1].isupper()


def module_classes(tree: Tree, aliases: ImportAliases) -> set[str]:
    """Names of classes in this file that derive from ``nn.Module``, directly or through each other."""
    classes = tree.of_type(tree.root, cst.ClassDef)
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


def inferred_module_classes(tree: Tree, aliases: ImportAliases) -> set[str]:
    """Classes that derive from a class defined elsewhere (``class BetaVAE(BaseVAE)``), define
    ``forward`` and build ``torch.nn`` layers in ``__init__``: nn.Modules by every sign this file
    gives, though their base is not in it. Not in :func:`module_classes`; rules that trust them
    less (their fix would fail on a class that is not a module) mark such fixes unsafe."""
    known = module_classes(tree, aliases)
    local = {c.name.value for c in tree.of_type(tree.root, cst.ClassDef)}
    found: set[str] = set()
    for cls in tree.of_type(tree.root, cst.ClassDef):
        own = methods(cls)
        if cls.name.value in known or "forward" not in own or "__init__" not in own:
            continue
        imported = [b for b in cls.bases if dotted_name(b.value) not in local | {None, "object"}]
        builds_layers = any(
            is_module_constructor(call, aliases, set())
            for call in tree.of_type(own["__init__"].body, cst.Call)
        )
        if imported and builds_layers:
            found.add(cls.name.value)
    return found


def methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    return {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}


def is_module_constructor(node: cst.BaseExpression, aliases: ImportAliases, local_modules: set[str]) -> bool:
    """``Net(...)`` for a local nn.Module subclass, or ``nn.Linear(...)``-style torch modules."""
    if not isinstance(node, cst.Call):
        return False
    if isinstance(node.func, cst.Name) and node.func.value in local_modules:
        return True
    qualified = aliases.qualify(node.func) or ""
    return (
        qualified.startswith("torch.nn.")
        and _looks_like_class(qualified)
        and not qualified.startswith("torch.nn.Parameter")
    )


def model_names(tree: Tree, aliases: ImportAliases) -> frozenset[str]:
    """Names (and ``self.attr`` spellings) bound to an nn.Module instance anywhere in the file.

    Four rules ask it each pass: computed once per tree and ``aliases`` (the key holds them, so that
    it names them for as long as the answer is kept)."""
    return tree.memo(("model_names", aliases), lambda: frozenset(_model_names(tree, aliases)))


def models_by_use(tree: Tree) -> frozenset[str]:
    """Names (and ``self.attr`` spellings) the file uses as only a model is used, whatever built it
    (``net = ResNet18()`` imported from another file): ``net.parameters()``, ``net.eval()``,
    ``net.train()``, ``net.modules()``. Optimizers share ``state_dict`` and ``zero_grad`` with models:
    those say nothing."""
    return tree.memo("models_by_use", lambda: frozenset(_models_by_use(tree)))


_MODEL_METHODS = frozenset("parameters named_parameters eval train modules named_modules children".split())


def _models_by_use(tree: Tree) -> set[str]:
    found: set[str] = set()
    for call in tree.of_type(tree.root, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in _MODEL_METHODS:
            if func.attr.value in ("train", "eval") and not all(
                isinstance(a.value, cst.Name) and a.value.value in ("True", "False") for a in call.args
            ):
                continue  # `trainer.train(loader)`: a fit method, not the mode switch
            spelled = dotted_name(func.value)
            if spelled is not None and spelled != "self":
                found.add(spelled)
    return found | _moved_and_called_instances(tree) | _called_on_a_moved_input(tree)


# Classes called by a CapWords name that build no module: `Variable(x).cuda()` is a tensor.
_NOT_MODULE_CLASS = re.compile(r"^(Variable|Parameter|\w*Tensor)$")


# Builtins that may be given a moved tensor: they are no models.
_BUILTINS = frozenset(
    "print len float int bool str repr list tuple dict set type isinstance max min sum abs round sorted iter"
    " next zip enumerate map filter id hash any all".split()
)


def _called_on_a_moved_input(tree: Tree) -> set[str]:
    """Names the file calls with one argument, a tensor it moves to a device in that call (``cnn(x[i:i +
    64].cuda())``, ``netG(z.to(device))``), that are neither a function or class of the file nor a class
    (``Variable(x.cuda())``): what takes a batch freshly moved to the device, alone, is a model (a loss
    is given the output too, ``criterion(out, y.cuda())``)."""
    defined = {d.name.value for d in tree.of_type(tree.root, (cst.FunctionDef, cst.ClassDef))}
    found: set[str] = set()
    for call in tree.of_type(tree.root, cst.Call):
        func = call.func
        if not isinstance(func, cst.Name) or func.value in defined or func.value in _BUILTINS:
            continue
        if func.value[:1].isupper() and any(c.islower() for c in func.value):
            continue  # (a class: `Variable(x.cuda())`, `TensorDataset(x.cuda())`)
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            continue
        moved = call.args[0].value
        if (
            isinstance(moved, cst.Call)
            and isinstance(moved.func, cst.Attribute)
            and moved.func.attr.value in ("cuda", "to")
        ):
            found.add(func.value)
    return found


def _moved_and_called_instances(tree: Tree) -> set[str]:
    """Names (and ``self.attr`` spellings) bound to an instance of a class called by its CapWords name
    (``enc = Encoder()``, imported), that the file moves to a device (``enc = Encoder().cuda()``,
    ``G.to(device)``) and calls (``enc(x)``): only a module is all three (a graph's ``Data(...).to(d)``
    is moved, never called)."""
    built: set[str] = set()
    moved: set[str] = set()
    called: set[str] = set()
    for call in tree.of_type(tree.root, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("cuda", "to"):
            receiver = dotted_name(func.value)
            if receiver is not None:
                moved.add(receiver)
        else:
            spelled = dotted_name(func)
            if spelled is not None:
                called.add(spelled)
    for assign in tree.of_type(tree.root, cst.Assign):
        value = assign.value
        chained = False
        while (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in ("cuda", "to", "eval", "train", "float", "double", "half")
        ):
            chained = chained or value.func.attr.value in ("cuda", "to")
            value = value.func.value
        if not isinstance(value, cst.Call):
            continue
        cls = (dotted_name(value.func) or "").rsplit(".", 1)[-1]
        if not (cls[:1].isupper() and any(c.islower() for c in cls)) or _NOT_MODULE_CLASS.match(cls):
            continue
        for target in assign.targets:
            spelled = dotted_name(target.target)
            if spelled is not None and spelled != "self":
                built.add(spelled)
                if chained:
                    moved.add(spelled)
    return built & moved & called


def _model_names(tree: Tree, aliases: ImportAliases) -> set[str]:
    local_modules = module_classes(tree, aliases)
    found: set[str] = set()
    for assign in tree.of_type(tree.root, cst.Assign):
        if not is_module_constructor(strip_method_chain(assign.value, aliases), aliases, local_modules):
            continue
        for target in assign.targets:
            spelled = dotted_name(target.target)
            if spelled is not None:
                found.add(spelled)
    return found


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


# Methods of a module that return the module itself: `model.requires_grad_(False).double()` casts it.
_RETURNS_SELF = frozenset(
    "to cuda cpu float double half bfloat16 type train eval requires_grad_ apply share_memory".split()
)
# Methods of a module or a container that return a part of it or a value it holds:
# `model.get_submodule("fc")`, `nets.get("a")`, `parts.pop("fc")`, `parts.popitem()[1]`.
_RETURNS_PART = frozenset("get_submodule get pop popitem setdefault __getitem__".split())
# Builtins whose result is never a module, whatever they are handed (`len(models)`, `print(net)`).
_NEVER_MODULES = frozenset(
    "print len str repr int float bool isinstance issubclass id hash any all sum abs round callable hasattr"
    " vars dir format".split()
)


class ModelHolders:
    """Which expressions hold one of the file's models, a part of one, or a collection of them.

    Two readings: :meth:`holds` and :meth:`gathers` answer for what the code shows holds a model;
    :meth:`may_hold` also for what it cannot rule out (a copy or wrapper a function makes of a model,
    ``copy.deepcopy(net)``; one model or another, ``(a if c else b)``; what a loop over such a value
    gets), for the callers to whom a cast that may reach a model counts as one that does."""

    def __init__(self, names: set[str], tree: Tree, aliases: ImportAliases, local_modules: set[str]) -> None:
        self.names = names  # models, other names bound to them, and the containers holding them
        # a name that holds a model only in some scopes (a function's parameter handed one, a loop's
        # variable over models) -> those scopes
        self.scoped: dict[str, list[cst.CSTNode]] = {}
        # the same for names bound to what may hold a model (`twin = copy.deepcopy(net)`)
        self.possible: set[str] = set()
        self.possible_scoped: dict[str, list[cst.CSTNode]] = {}
        self.tree, self.aliases, self.local_modules = tree, aliases, local_modules
        self._own_methods: list[cst.FunctionDef] | None = None
        # the file's top-level functions, by name, and those whose returns are being read (a recursion)
        self._functions = {
            f.name.value: f for f in tree.of_type(tree.root, cst.FunctionDef) if tree.parent(f) is tree.root
        }
        self._reading: set[str] = set()

    def holds(self, node: cst.BaseExpression, where: cst.CSTNode, maybe: bool = False) -> bool:
        """Does ``node`` (at ``where``) hold a model or a part of one? Followed through the methods that
        return the module (``model.train()``) or a part (``model.get_submodule("fc")``), indexing
        (``model[0]``, ``list(model.children())[0]``), attributes (``model.fc``, ``getattr(model,
        "fc")``), ``next(iter(model))`` and walruses; ``self`` and ``super()`` in a method of a module
        class are that module. With ``maybe``, also what :meth:`may_hold` cannot rule out."""
        while True:
            name = dotted_name(node)
            if name is not None and self._bound(name, where, maybe):
                return True
            if is_module_constructor(node, self.aliases, self.local_modules):
                return True  # `nn.Linear(3, 1).to(ref)`
            if self._is_own_module(node, where):
                return True
            if isinstance(node, cst.NamedExpr):
                node = node.value
            elif isinstance(node, cst.Call):
                func = node.func
                callee = dotted_name(func)
                if isinstance(func, cst.Attribute) and func.attr.value in _RETURNS_SELF | _RETURNS_PART:
                    node = func.value
                elif callee == "getattr" and node.args:
                    node = node.args[0].value  # `getattr(net, "post")`: an attribute
                elif callee == "next" and node.args:
                    return self.gathers(node.args[0].value, where, maybe)  # `next(iter(model))`
                elif callee in self._functions:
                    return self._returns_model(self._functions[callee], maybe)  # `net = build()`
                else:
                    return maybe and self._may_return_module(node, where)
            elif isinstance(node, cst.Subscript):
                return self.gathers(node.value, where, maybe)
            elif isinstance(node, cst.Attribute):
                if isinstance(node.value, cst.Name) and node.value.value == "self":
                    return False  # `self.scale`: a module's attribute, bound by name where it is a module
                node = node.value
            elif maybe and isinstance(node, cst.IfExp):
                return self.holds(node.body, where, True) or self.holds(node.orelse, where, True)
            elif maybe and isinstance(node, cst.BooleanOperation):
                return self.holds(node.left, where, True) or self.holds(node.right, where, True)
            else:
                return False

    def may_hold(self, node: cst.BaseExpression, where: cst.CSTNode) -> bool:
        """May ``node`` (at ``where``) hold a model, as far as the code shows? Besides what :meth:`holds`
        answers for: one of two values (``a if c else b``, ``a or b``), what a function handed a model
        or a collection of them returns (``copy.deepcopy(net)``, ``torch.compile(net)``, ``pick(nets)``)
        and the names bound to such values or iterating over them (``for m in itertools.chain([a],
        [b])``). A model's output (``net(x)``, ``self.encode(x)``) and what a builtin that never returns
        a module makes are ruled out."""
        return self.holds(node, where, True)

    def _returns_model(self, function: cst.FunctionDef, maybe: bool) -> bool:
        """Does ``function`` return what holds a model (``def build(): return Net()``)?"""
        if function.name.value in self._reading:
            return False
        self._reading.add(function.name.value)
        try:
            return any(
                r.value is not None and self.holds(r.value, r, maybe)
                for r in self.tree.of_type(function, cst.Return)
            )
        finally:
            self._reading.discard(function.name.value)

    def _may_return_module(self, call: cst.Call, where: cst.CSTNode) -> bool:
        """May ``call`` return a model: is it handed what may hold or gather one, and neither a call of
        what holds a model (its output: ``net(x)``, ``model.encode(x)``, ``model.parameters()``) nor a
        builtin that never returns one?"""
        if self.holds(call.func, where, True) or dotted_name(call.func) in _NEVER_MODULES:
            return False
        return any(self.gathers(a.value, where, True) for a in call.args)

    def _bound(self, name: str, where: cst.CSTNode, maybe: bool) -> bool:
        if name in self.names or any(self.tree.inside(where, f) for f in self.scoped.get(name, ())):
            return True
        possible = self.possible_scoped.get(name, ())
        return maybe and (name in self.possible or any(self.tree.inside(where, f) for f in possible))

    def _is_own_module(self, node: cst.BaseExpression, where: cst.CSTNode) -> bool:
        """``self`` or ``super()`` in a method of one of the file's module classes: the module itself."""
        if not (
            (isinstance(node, cst.Name) and node.value == "self")
            or (isinstance(node, cst.Call) and dotted_name(node.func) == "super")
        ):
            return False
        if self._own_methods is None:
            self._own_methods = [
                method
                for cls in self.tree.of_type(self.tree.root, cst.ClassDef)
                if cls.name.value in self.local_modules
                for method in methods(cls).values()
            ]
        return any(self.tree.inside(where, method) for method in self._own_methods)

    def gathers(self, node: cst.BaseExpression, where: cst.CSTNode, maybe: bool = False) -> bool:
        """Does ``node`` hold a model or a collection that holds one: a literal or comprehension with a
        model in it (``[net]``, ``{"a": Net()}``), a module's or a dict's iterators (``model.children()``,
        ``models.values()``), or a builtin handed one (``enumerate(models)``)? What iterates over it, or
        indexes it, may get a model. With ``maybe``, also what :meth:`may_hold` cannot rule out."""
        if self.holds(node, where, maybe):
            return True
        if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
            return any(self.gathers(e.value, where, maybe) for e in node.elements)
        if isinstance(node, cst.Dict):
            return any(self.gathers(e.value, where, maybe) for e in node.elements)
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return self.gathers(node.elt, node.elt, maybe)
        if isinstance(node, cst.DictComp):
            return self.gathers(node.value, node.value, maybe)
        if not isinstance(node, cst.Call):
            return False
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _ITERATORS:
            return self.gathers(func.value, where, maybe)
        return dotted_name(func) in _COLLECTING_BUILTINS and any(
            self.gathers(a.value, where, maybe) for a in node.args
        )

    def bind(self, name: str, scope: cst.CSTNode, maybe: bool = False) -> bool:
        """Take ``name`` for a holder in ``scope`` (the module: everywhere), or with ``maybe`` for what
        may hold one; whether that is new."""
        names, scoped = (self.possible, self.possible_scoped) if maybe else (self.names, self.scoped)
        if scope is self.tree.root:
            if name in names:
                return False
            names.add(name)
            return True
        scopes = scoped.setdefault(name, [])
        if any(s is scope for s in scopes):
            return False
        scopes.append(scope)
        return True


# A module's and a dict's methods that iterate over what they hold: `model.children()`, `models.values()`.
_ITERATORS = frozenset("children modules named_children named_modules values items".split())
# Builtins whose result holds what they are handed: `list(models)`, `enumerate(models)`.
_COLLECTING_BUILTINS = frozenset("list tuple set dict sorted reversed iter enumerate zip filter".split())
# List and dict methods that put a value in the container they are called on: `models.append(net)`.
_ADDING = frozenset("append extend insert add update setdefault".split())
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def model_holders(
    tree: Tree, aliases: ImportAliases, models: AbstractSet[str], local_modules: set[str]
) -> ModelHolders:
    """The names that hold a model: ``models``, the names used as models (``net.parameters()``), the
    names bound to one of those (``m2 = model``), the containers that hold one (``nets = [net]``,
    ``nets.append(net)``, ``nets["a"] = net``), the variables of loops and comprehensions over such
    containers or over a module's children (``for m in nets``, ``for c in model.children()``), and the
    parameters of the file's functions and classes handed one, by position or by keyword
    (``prep(model)``, ``prep(net=model)``, ``Trainer(model)``, ``prep([model])``,
    ``model.apply(init_weights)``, ``model.apply(lambda m: m.double())``). The names bound so to what
    only may hold a model are kept apart (:meth:`ModelHolders.may_hold`)."""
    names = set(models) | set(models_by_use(tree))
    holders = ModelHolders(names, tree, aliases, local_modules)
    assigns = list(tree.of_type(tree.root, cst.Assign))
    loops = list(tree.of_type(tree.root, (cst.For, cst.CompFor)))
    calls = list(tree.of_type(tree.root, cst.Call))
    callees: dict[str, tuple[cst.FunctionDef, int]] = {
        f.name.value: (f, 0) for f in tree.of_type(tree.root, cst.FunctionDef)
    }
    for cls in tree.of_type(tree.root, cst.ClassDef):  # `Trainer(model)` hands it to `__init__`
        init = methods(cls).get("__init__")
        if init is not None:
            callees[cls.name.value] = (init, 1)
    for _ in range(3):  # `a = model; b = a`, `nets = [a]; for m in nets`: a few steps of aliasing
        changed = False
        for assign in assigns:
            for spelled, value in _assigned_pairs(assign):
                maybe = _maybe_gathers(holders, value, assign)
                name = dotted_name(spelled)
                if maybe is not None and name is not None:
                    changed = holders.bind(name, tree.root, maybe) or changed
        for loop in loops:
            maybe = _maybe_gathers(holders, loop.iter, loop)
            if maybe is not None:
                scope = _loop_scope(tree, loop)
                for name in flatten_names(loop.target):
                    changed = holders.bind(name, scope, maybe) or changed
        for call in calls:
            changed = _hand_on(holders, call, callees) or changed
        if not changed:
            break
    return holders


def _assigned_pairs(assign: cst.Assign) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Each target of ``assign`` with the value it gets: an unpacked literal pairwise (``a, b = Net(),
    Net()``), otherwise each name of an unpacking with the whole value, which may be any of them
    (``enc, dec = models``); ``nets["a"] = net`` puts the value in ``nets``."""
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for target in assign.targets:
        spelled, value = target.target, assign.value
        if isinstance(spelled, cst.Subscript):
            pairs.append((spelled.value, value))
        elif not isinstance(spelled, (cst.Tuple, cst.List)):
            pairs.append((spelled, value))
        elif (
            isinstance(value, (cst.Tuple, cst.List))
            and len(value.elements) == len(spelled.elements)
            and not any(isinstance(e, cst.StarredElement) for e in (*spelled.elements, *value.elements))
        ):
            pairs += [(t.value, v.value) for t, v in zip(spelled.elements, value.elements)]
        else:
            pairs += [(cst.Name(name), value) for name in flatten_names(spelled)]
    return pairs


def _maybe_gathers(holders: ModelHolders, node: cst.BaseExpression, where: cst.CSTNode) -> bool | None:
    """False where ``node`` gathers a model, True where it only may (:meth:`ModelHolders.may_hold`),
    None where neither: the ``maybe`` to bind a name to it with."""
    if holders.gathers(node, where):
        return False
    return True if holders.gathers(node, where, True) else None


def _loop_scope(tree: Tree, loop: cst.For | cst.CompFor) -> cst.CSTNode:
    """Where a loop's variable is bound: its comprehension, else its function, else the module."""
    for above in tree.ancestors(loop):
        if isinstance(loop, cst.CompFor) and isinstance(above, _COMPREHENSIONS):
            return above
        if isinstance(above, (cst.FunctionDef, cst.Lambda)):
            return above
    return tree.root


def _hand_on(holders: ModelHolders, call: cst.Call, callees: dict[str, tuple[cst.FunctionDef, int]]) -> bool:
    """Take what ``call`` hands a model for a holder: the parameters of a function of the file
    (``prep(model)``, ``prep(net=model)``, ``model.apply(fn)``), of a class's ``__init__``
    (``Trainer(model)``), and a container the model is added to (``nets.append(net)``); whether that
    is new. ``callees``: the file's functions and classes by name, with the parameters a call skips."""
    tree = holders.tree
    handed: list[tuple[cst.FunctionDef | cst.Lambda, str, bool]] = []  # (function, parameter, maybe)
    callee, skipped = callees.get(dotted_name(call.func) or "", (None, 0))
    if callee is not None:
        positional = [p.name.value for p in (*callee.params.posonly_params, *callee.params.params)][skipped:]
        for i, arg in enumerate(call.args):
            if arg.star:
                continue
            param = arg.keyword.value if arg.keyword is not None else None
            if param is None and i < len(positional):
                param = positional[i]
            maybe = _maybe_gathers(holders, arg.value, call)
            if param is not None and maybe is not None:
                handed.append((callee, param, maybe))
    func = call.func
    changed = False
    if isinstance(func, cst.Attribute) and func.attr.value == "apply" and holders.holds(func.value, call):
        for arg in call.args:
            named, skips = callees.get(dotted_name(arg.value) or "", (None, 0))
            applied = arg.value if isinstance(arg.value, cst.Lambda) else named if not skips else None
            if applied is not None and applied.params.params:
                handed.append((applied, applied.params.params[0].name.value, False))
    elif isinstance(func, cst.Attribute) and func.attr.value in _ADDING:
        container = dotted_name(func.value)
        if container is not None and any(holders.gathers(a.value, call) for a in call.args):
            changed = holders.bind(container, tree.root)
    for function, param, maybe in handed:
        changed = holders.bind(param, function, maybe) or changed
    return changed


# The methods of an nn.Module that may change the dtype of its parameters and buffers; `_apply(fn)` runs
# any function on each of them (`net._apply(torch.Tensor.double)`).
MODULE_CASTS = frozenset("to type half float double bfloat16 _apply".split())


@dataclass(frozen=True)
class ModuleCast:
    """A call, or a mention of a method, that casts a module to a dtype if it is handed one.

    ``receiver`` is what the method is called on (``model`` of ``model.half()`` and of ``getattr(model,
    name)()``); None for a method of a module class itself (``nn.Module.double(net)``, ``to_half =
    nn.Module.half``, ``type(net).double(net)``), which is handed modules only, and for a method called
    by name on whatever it is handed (``operator.methodcaller("double")``). ``method`` is None where the
    code does not say which (``getattr(model, name)()``). ``args`` are the arguments after the module,
    None where the code does not show them (a method named without being called,
    ``nn.Module.to(*args)``)."""

    node: cst.CSTNode  # the call, or the method named
    receiver: cst.BaseExpression | None
    method: str | None
    args: Sequence[cst.Arg] | None


def module_casts(tree: Tree, aliases: ImportAliases) -> tuple[ModuleCast, ...]:
    """The file's calls and mentions of a module's cast methods (:data:`MODULE_CASTS`), whatever they
    are called on: ``x.half()``, ``x.to(...)``, ``x._apply(fn)``, ``getattr(x, "double")()``,
    ``getattr(x, name)()``, ``nn.Module.double(net)``, ``type(net).double(net)``, ``to_half =
    nn.Module.half``, ``operator.methodcaller("half")``. Whether ``x`` holds a model, and what dtype the
    arguments make, are the caller's questions. A module's own override handing the cast on
    (``def half(self): return super().half()``) casts only when it is called, and is not one.
    Computed once per tree and ``aliases``."""
    return tree.memo(("module_casts", aliases), lambda: tuple(_module_casts(tree, aliases)))


def _module_casts(tree: Tree, aliases: ImportAliases) -> list[ModuleCast]:
    found: list[ModuleCast] = []
    local_modules: set[str] | None = None  # (read only for `Net.half(net)`)
    for node in tree.of_type(tree.root, (cst.Call, cst.Attribute)):
        if isinstance(node, cst.Call):
            callee = dotted_name(node.func)
            if callee == "getattr" and len(node.args) >= 2:
                attribute = node.args[1].value
                method = attribute.evaluated_value if isinstance(attribute, cst.SimpleString) else None
                if method is not None and method not in MODULE_CASTS:
                    continue  # `getattr(model, "fc")`
                prefix = _leading_text(attribute)
                if not any(cast.startswith(prefix) for cast in MODULE_CASTS):
                    continue  # `getattr(self, "layer" + str(i))`, `getattr(self, f"fc{i}")`: a layer
                site, args = _called(tree, node)
                found.append(ModuleCast(site, node.args[0].value, method, args))
            elif aliases.qualify(node.func) == "operator.methodcaller" and node.args:
                named = node.args[0].value
                method = named.evaluated_value if isinstance(named, cst.SimpleString) else None
                if method is None or method in MODULE_CASTS:  # (not `methodcaller("eval")`)
                    found.append(ModuleCast(node, None, method, node.args[1:]))
            continue
        method = node.attr.value
        if method not in MODULE_CASTS:
            continue
        qualified = aliases.qualify(node) or ""
        site, args = _called(tree, node)
        parts = qualified.split(".")
        owner = dotted_name(node.value)
        if owner is not None and owner[:1].isupper() and local_modules is None:
            local_modules = module_classes(tree, aliases)
        if (
            (qualified.startswith("torch.nn.") and len(parts) > 3 and _looks_like_class(parts[-2]))
            or (owner is not None and local_modules is not None and owner in local_modules)
            or _is_class_of(node.value)
        ):
            # `nn.Module.double(net)`, `type(net).double(net)`: the module is the first argument
            handed = None if args is None or not args or args[0].star else args[1:]
            found.append(ModuleCast(site, None, method, handed))
        elif qualified.startswith("torch."):
            continue  # `torch.float`, `torch.half`: dtypes; `torch.Tensor.half(x)`: a tensor's
        elif args is None and method in ("to", "type"):
            continue  # `self.type == "lstm"`: attributes are often so named; methods seldom named bare
        elif _forwards_the_cast(tree, node.value, method):
            continue  # `def to(self, *args): return super().to(*args)`: what calls it casts
        else:
            found.append(ModuleCast(site, node.value, method, args))
    return found


def _leading_text(node: cst.BaseExpression) -> str:
    """The text a string built by ``node`` starts with, as far as the code shows (``"fc"`` of ``"fc" +
    str(i)`` and of ``f"fc{i}"``; ``""`` of a name)."""
    while isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        node = node.left
    if isinstance(node, cst.SimpleString):
        text = node.evaluated_value
        return text if isinstance(text, str) else ""
    if isinstance(node, cst.FormattedString) and node.parts:
        first = node.parts[0]
        return first.value if isinstance(first, cst.FormattedStringText) else ""
    return ""


def _is_class_of(node: cst.BaseExpression) -> bool:
    """``type(x)`` or ``x.__class__``: the class of an object, whose methods are handed the object."""
    if isinstance(node, cst.Call):
        return dotted_name(node.func) == "type" and len(node.args) == 1
    return isinstance(node, cst.Attribute) and node.attr.value == "__class__"


def _forwards_the_cast(tree: Tree, receiver: cst.BaseExpression, method: str) -> bool:
    """Is ``receiver.method`` the module's own method called by an override of the same name
    (``super().half()`` in ``def half(self)``, ``super()._apply(fn)`` in ``def _apply(self, fn)``)?"""
    own = (isinstance(receiver, cst.Name) and receiver.value == "self") or (
        isinstance(receiver, cst.Call) and dotted_name(receiver.func) == "super"
    )
    if not own:
        return False
    function = next((f for f in tree.ancestors(receiver) if isinstance(f, cst.FunctionDef)), None)
    return function is not None and function.name.value == method


def _called(tree: Tree, node: cst.BaseExpression) -> tuple[cst.CSTNode, Sequence[cst.Arg] | None]:
    """The call of ``node`` and its arguments, or ``node`` itself and None where it is not called."""
    parent = tree.parent(node)
    if isinstance(parent, cst.Call) and parent.func is node:
        return parent, parent.args
    return node, None
