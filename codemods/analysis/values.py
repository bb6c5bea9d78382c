"""What each name of a file holds and where it lives, statement by statement: the one value model.

For every scope of a file (the module body, each function and method) the model lists in source order
what each statement binds and what it moves to a device, and answers two ordered questions: what a
name or expression holds at a statement (:meth:`Values.holds`, :meth:`Values.value_of`: a model of
which class, an optimizer over which models, a device, a tensor and where it lives, a NumPy array, a
data loader or a batch, a number), and whether a model is on a device there
(:meth:`Values.model_move_before`). It follows assignment and tuple unpacking, ``.to()``/``.cuda()``/
``.cpu()`` (in place for modules), and the file's own functions and classes: a function that moves
a parameter moves what its callers hand it (``train(model, opt)``), also through the functions it
hands it on to; a class whose constructor keeps and moves what it is handed moves it
(``Trainer(G, D, G_opt, D_opt, use_cuda=...)`` with ``self.G, self.D = G, D`` and ``self.G.cuda()``,
``self.model = model.to(device)``, or a method the constructor calls that moves ``self.G``); a
function that returns a model it moved gives its callers a moved model (``model =
build_model(args)``). In project mode the same facts come for what the file imports from the
project's other files (:attr:`codemods.core.base.RuleContext.project_moves`). What the code does not
show is ``UNKNOWN``: the model never guesses.

Rules get the file's model with :meth:`Values.of` (built on first use, once per pass).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import libcst as cst

from codemods.analysis.nn_modules import is_module_constructor, methods, model_move, module_classes
from codemods.core.base import RuleContext
from codemods.core.dataflow import Step, assigned_names, block, walk_block
from codemods.core.local_functions import LocalFunctions
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, method_chain
from codemods.core.torch_names import FACTORIES, FLOAT_FACTORIES, as_move, is_cpu_device, moves_device
from codemods.core.tree import Tree

# What other files of the project do to what they are handed, by how this file spells the callee:
# ``{"Trainer": (("model", "opt"), ("model",))}`` (the parameters a call fills, the moved ones).
ProjectMoves = Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]

# Calls that wrap a model and run it where the model is.
WRAPPERS = frozenset(
    {
        "torch.nn.parallel.DistributedDataParallel",
        "torch.nn.DataParallel",
        "torch.nn.parallel.DataParallel",
        "torch.compile",
    }
)
_LOOPS = (cst.For, cst.While)
# Calls that pass a model's parameters on: `list(m.parameters())`, `filter(f, m.parameters())`.
_PARAMETER_CARRIERS = frozenset({"list", "tuple", "filter", "itertools.chain", "chain"})
_LOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
_NUMPY_FLOAT64 = frozenset(
    f"numpy.{n}" for n in "zeros ones empty full eye linspace random.rand random.randn".split()
)


# What a function that only reads may call: builtins that return information, and methods that do.
_READING_FUNCTIONS = frozenset(
    "print len str repr format sum min max abs int float round isinstance type id range enumerate zip"
    " sorted list tuple".split()
)
_READING_METHODS = frozenset(
    "parameters named_parameters buffers named_buffers modules named_modules children named_children"
    " numel nelement size dim format join items keys values info debug warning".split()
)
# Statements and definitions whose effects a body's own text does not show.
_MAY_ACT = (
    cst.Global,
    cst.Nonlocal,
    cst.Yield,
    cst.Await,
    cst.FunctionDef,
    cst.ClassDef,
    cst.Lambda,
    cst.Del,
)
_TARGETS = (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName, cst.NamedExpr)


class Kind(enum.Enum):
    MODULE = "nn.Module"
    PARAMETERS = "parameters"  # of the models in `over`: `list(G.parameters()) + list(D.parameters())`
    OPTIMIZER = "optimizer"
    DEVICE = "device"
    TENSOR = "tensor"
    ARRAY = "NumPy array"
    LOADER = "DataLoader"
    BATCH = "batch"
    NUMBER = "number"
    UNKNOWN = "unknown"


class Place(enum.Enum):
    """Where a tensor or a model lives."""

    HOST = "host"
    CUDA = "cuda"  # a literal GPU: `.cuda()`, `"cuda"`, `"cuda:1"`
    DEVICE = "device"  # a named device: `device`, `args.device`, `torch.device(...)`
    MODEL = "model"  # where a named model is: `next(model.parameters()).device`
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Value:
    """What an expression holds as far as the code shows.

    ``detail`` is the class of a model (``Net``, ``torch.nn.Linear``) or the optimizer's call;
    ``over`` the models an optimizer takes the parameters of; ``place`` and ``device`` (the device's
    text: ``device``, ``args.device``, ``model`` for ``Place.MODEL``) where a tensor or model lives;
    ``dtype`` a tensor's or array's dtype when known (``float32``, ``float64``)."""

    kind: Kind
    detail: str | None = None
    over: tuple[str, ...] = ()
    place: Place = Place.UNKNOWN
    device: str | None = None
    dtype: str | None = None

    @property
    def on_device(self) -> bool:
        """On a GPU-like device as written (not the host, and not unknown)."""
        return self.place in (Place.CUDA, Place.DEVICE, Place.MODEL)


UNKNOWN = Value(Kind.UNKNOWN)


@dataclass(frozen=True)
class ModelMove:
    """A move of a model to a device that a scope makes or sees: ``model.cuda()`` in it, a call of
    the file's own function or class that moves what it is handed (``via``: how the call names its
    callee), or a rebinding to a moved model (``model = build_model(args)``)."""

    name: str  # as the scope spells it: `model`, `self.G`
    node: cst.CSTNode = field(repr=False)  # the simple statement (or loop header) that moves it
    conditional: bool  # inside an `if`, loop or `try` branch: it may not run
    via: str | None = None  # `train`, `Trainer`: the callee that moves it; None for a move in sight


@dataclass(frozen=True)
class _Event:
    position: int  # the statement's place in source order (Tree.position)
    node: cst.CSTNode  # the simple statement or loop header
    name: str  # the dotted name bound or moved
    # What it is bound to (a loop for its target; None: a move, or a binding nothing is known of).
    value: cst.BaseExpression | cst.For | None
    move: ModelMove | None  # a move in place (`model.cuda()`, `train(model)`)
    to_host: bool = False  # `model.cpu()`


class Values:
    """The value model of one module; see the module docstring. Build it with :meth:`of`."""

    def __init__(self, tree: Tree, aliases: ImportAliases, project: ProjectMoves | None = None) -> None:
        self.tree = tree
        self.aliases = aliases
        self.project = project or {}
        self.functions = LocalFunctions(tree)
        self._events: dict[int, list[_Event]] = {}  # by id of the scope (a FunctionDef or the module)
        self._moved_params: dict[int, frozenset[str] | None] = {}  # None while being computed
        self._returns: dict[int, Value | None] = {}
        self._modules: set[str] | None = None
        self._classes: dict[str, list[cst.ClassDef]] | None = None
        self._reads_only: dict[int, bool] = {}

    @staticmethod
    def of(context: RuleContext) -> Values:
        """The model of ``context``'s module, built once per pass and shared by the rules."""
        return context.memo("values", lambda: Values(context.tree, context.aliases, context.project_moves))

    # ----- the ordered questions

    def model_move_before(self, model: str, at: cst.CSTNode) -> ModelMove | None:
        """The move that put ``model`` (``model``, ``self.G``) on a device before the statement ``at``
        runs, in the scope around ``at``; None when it is not (yet) on one as far as the code shows:
        never moved, brought back with ``.cpu()``, or bound to another model since its last move."""
        scope = self._scope_of(at)
        position = self.tree.position(at)
        if position is None:
            return None
        return self._move_before(scope, model, position, depth=0)

    def holds(self, name: str, at: cst.CSTNode) -> Value:
        """What the dotted ``name`` holds when the statement ``at`` runs."""
        position = self.tree.position(at)
        if position is None:
            return UNKNOWN
        return self._holds(self._scope_of(at), name, position, depth=0)

    def value_of(self, expr: cst.BaseExpression, at: cst.CSTNode | None = None) -> Value:
        """What ``expr`` holds, read at the statement ``at`` (by default the one it stands in)."""
        at = at if at is not None else expr
        position = self.tree.position(at)
        if position is None:
            return UNKNOWN
        return self._value(self._scope_of(at), expr, position, depth=0)

    def moved_by_call(self, call: cst.Call) -> set[str]:
        """The dotted names handed to ``call`` (``model``, ``self.net``) that its callee moves to a
        device: a function or class of this file, or one another file of the project defines."""
        callee, skip = self.functions.callee(call), 0
        if callee is None:
            callee, skip = self._constructor(call), 1
        elif self.functions.enclosing_class(callee) is not None:
            skip = 1  # `self.helper(model)`: the first parameter is `self`
        params: list[str]
        moved: frozenset[str]
        if callee is not None:
            params = [p.name.value for p in callee.params.params][skip:]
            moved = self._moved_parameters(callee)
        else:
            elsewhere = self.project.get(dotted_name(call.func) or "")
            if elsewhere is None:
                return set()
            params, moved = list(elsewhere[0]), frozenset(elsewhere[1])
        if not moved:
            return set()
        handed: dict[str, str] = {}  # parameter -> the dotted name the call hands it
        if skip and callee is not None and isinstance(call.func, cst.Attribute):
            receiver = dotted_name(call.func.value)  # `self.setup()`: `self` is handed as the first
            if receiver is not None:
                handed[callee.params.params[0].name.value] = receiver
        for position, arg in enumerate(call.args):
            if arg.star:
                break  # `*args` shifts every later position
            param = (
                arg.keyword.value
                if arg.keyword is not None
                else (params[position] if position < len(params) else None)
            )
            name = dotted_name(arg.value)
            if param is not None and name is not None:
                handed[param] = name
        found: set[str] = set()
        for path in moved:
            root, _, rest = path.partition(".")
            if root in handed:
                found.add(handed[root] + ("." + rest if rest else ""))
        return found

    def moved_parameters(self, function: cst.FunctionDef) -> frozenset[str]:
        """The parameters of ``function`` whose object it moves to a device (in a branch too), also
        through an attribute or name it keeps them in, the functions it hands them to, and (for
        ``__init__``) the methods of its class it calls."""
        return self._moved_parameters(function)

    def only_reads(self, function: cst.FunctionDef) -> bool:
        """Does ``function``, as its body shows, change nothing a caller can see: it binds only its
        own plain names and calls only what returns information (``print``, ``len``, ``format``,
        ``m.parameters()``, ``p.numel()``, a logger's ``info``), and a method never names its
        receiver (``def print_network(self, model, name)`` printing ``model`` and counting its
        parameters)? A nested definition, ``global``, ``yield`` or any other call: it may."""
        key = id(function)
        if key not in self._reads_only:
            self._reads_only[key] = self._find_only_reads(function)
        return self._reads_only[key]

    def _find_only_reads(self, function: cst.FunctionDef) -> bool:
        body = function.body
        if function.decorators or self.tree.of_type(body, _MAY_ACT):
            return False
        for target in self.tree.of_type(body, _TARGETS):
            bound = target.name if isinstance(target, cst.AsName) else target.target
            if not all(isinstance(n, cst.Name) for n in _target_nodes(bound)):
                return False  # `self.x = ...`, `d[k] = ...`: changes what it was handed
        for call in self.tree.of_type(body, cst.Call):
            func = call.func
            if isinstance(func, cst.Name):
                if func.value not in _READING_FUNCTIONS:
                    return False
            elif not (isinstance(func, cst.Attribute) and func.attr.value in _READING_METHODS):
                return False
        if self.functions.enclosing_class(function) is not None and function.params.params:
            receiver = function.params.params[0].name.value
            if any(n.value == receiver for n in self.tree.of_type(body, cst.Name)):
                return False
        return True

    # ----- scopes and their events

    def _scope_of(self, node: cst.CSTNode) -> cst.CSTNode:
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.FunctionDef, cst.Module)):
                return above
        return self.tree.root

    def _scope_events(self, scope: cst.CSTNode) -> list[_Event]:
        found = self._events.get(id(scope))
        if found is None:
            found = self._events[id(scope)] = self._build_events(scope)
        return found

    def _build_events(self, scope: cst.CSTNode) -> list[_Event]:
        if isinstance(scope, cst.FunctionDef):
            steps = walk_block(block(scope.body), _LOOPS)
        else:
            assert isinstance(scope, cst.Module)
            steps = walk_block(scope.body, _LOOPS)
        events: list[_Event] = []
        for step in steps:
            position = self.tree.position(step.node)
            if position is not None:
                events.extend(self._step_events(step, position))
        return events

    def _step_events(self, step: Step, position: int) -> list[_Event]:
        node = step.node
        events: list[_Event] = []
        if isinstance(node, cst.For):
            events.extend(_Event(position, node, n, None, None) for n in _target_names(node.target))
            if isinstance(node.target, cst.Name):
                events[-1:] = [_Event(position, node, node.target.value, node, None)]  # bound by the loop
            return events
        if isinstance(node, cst.While):
            return events
        # Moves made by the file's own functions and classes (and the project's) given a model.
        for call in self.tree.of_type(node, cst.Call):
            for name in sorted(self.moved_by_call(call)):
                via = dotted_name(call.func)
                events.append(
                    _Event(position, node, name, None, ModelMove(name, node, step.conditional, via))
                )
        if isinstance(node, cst.Assign):
            for target in node.targets:
                events.extend(_bindings(position, node, target.target, node.value))
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            spelled = dotted_name(node.target)
            if spelled is not None:
                value = node.value if isinstance(node, cst.AnnAssign) else None
                events.append(_Event(position, node, spelled, value, None))
        elif isinstance(node, cst.Expr):
            move = as_move(node.value)
            subject = dotted_name(move.subject) if move is not None else None
            if move is not None and subject is not None and moves_device(move, self.aliases):
                if move.method == "to" and is_cpu_device(move.device, self.aliases):
                    events.append(_Event(position, node, subject, None, None, to_host=True))
                else:
                    events.append(
                        _Event(position, node, subject, None, ModelMove(subject, node, step.conditional))
                    )
            elif isinstance(node.value, cst.Call) and _is_cpu_call(node.value):
                subject = dotted_name(cst.ensure_type(node.value.func, cst.Attribute).value)
                if subject is not None:
                    events.append(_Event(position, node, subject, None, None, to_host=True))
        else:
            bound = {n for n in assigned_names(self.tree, node)}
            events.extend(_Event(position, node, n, None, None) for n in sorted(bound))
        return events

    # ----- what moves a model

    def _move_before(self, scope: cst.CSTNode, model: str, position: int, depth: int) -> ModelMove | None:
        if depth > 8:
            return None
        for event in reversed(self._scope_events(scope)):
            if event.position >= position:
                continue
            if event.name != model and not model.startswith(event.name + "."):
                continue  # another name, or a part of the model (`model.fc = ...`): still the same model
            if event.move is not None:
                return event.move
            if event.to_host or event.value is None or event.name != model:
                return None  # back on the host, or the name now holds something else
            return self._moved_by_binding(scope, event, depth)
        return self._moved_before_scope(scope, model, depth)

    def _moved_by_binding(self, scope: cst.CSTNode, event: _Event, depth: int) -> ModelMove | None:
        """``model = Net().to(d)``, ``model = build_model()``, ``ddp = DataParallel(model)`` after
        ``model`` was moved, ``net = model``: the binding leaves the name on a device."""
        value = event.value
        if not isinstance(value, cst.BaseExpression) or isinstance(value, cst.IfExp):
            return None  # a loop's target; `m = DataParallel(model) if n > 1 else model`
        chain = method_chain(value, self.aliases)
        for link in chain[1:]:
            move = as_move(link)
            if move is not None and moves_device(move, self.aliases):
                if is_cpu_device(move.device, self.aliases):
                    return None
                return ModelMove(event.name, event.node, False)
        root = chain[0]
        if isinstance(root, cst.Call):
            callee = self.functions.callee(root)
            returned = self._returned(callee, depth) if callee is not None else None
            if returned is not None and returned.kind in (Kind.MODULE, Kind.UNKNOWN) and returned.on_device:
                return ModelMove(event.name, event.node, False, dotted_name(root.func))
        # `net = model`, `model = DataParallel(model)`, `model = nn.Sequential(model, head)`: built from
        # a model, its parameters are where that model's are.
        for inner in sorted(self._mentioned(value)):
            found = self._move_before(scope, inner, event.position, depth + 1)
            if found is not None:
                return replace(found, name=event.name)
        return None

    def _mentioned(self, value: cst.BaseExpression) -> set[str]:
        """The dotted names a binding's value is built from (not those of the calls it makes)."""
        found: set[str] = set()
        for node in self.tree.of_type(value, (cst.Name, cst.Attribute)):
            parent = self.tree.parent(node)
            if isinstance(parent, cst.Attribute) and (parent.attr is node or parent.value is node):
                continue  # part of a longer name
            if isinstance(parent, cst.Call) and parent.func is node:
                continue  # what is called
            if isinstance(parent, cst.Arg) and parent.keyword is node:
                continue
            spelled = dotted_name(node)
            if spelled is not None and spelled.split(".")[0] not in self.aliases.names:
                found.add(spelled)
        return found

    def _moved_before_scope(self, scope: cst.CSTNode, model: str, depth: int) -> ModelMove | None:
        """``self.G`` in a method: moved by the constructor of its class, to the end of ``__init__``."""
        if (
            not isinstance(scope, cst.FunctionDef)
            or not scope.params.params
            or scope.name.value == "__init__"
        ):
            return None
        this = scope.params.params[0].name.value
        if not model.startswith(this + "."):
            return None
        cls = self.functions.enclosing_class(scope)
        init = methods(cls).get("__init__") if cls is not None else None
        if init is None or not init.params.params or init.params.params[0].name.value != this:
            return None
        return self._move_before(init, model, self._end(init), depth + 1)

    def _moved_parameters(self, function: cst.FunctionDef) -> frozenset[str]:
        """The paths from its parameters (``model``, ``self.net``) that ``function`` moves."""
        key = id(function)
        if key in self._moved_params:
            return self._moved_params[key] or frozenset()  # a recursive call moves nothing more
        self._moved_params[key] = None
        # What holds which parameter's object, as a path from the parameter: `self.G` -> `G`.
        kept: dict[str, str] = {p.name.value: p.name.value for p in function.params.params}
        moved: set[str] = set()
        for event in self._scope_events(function):
            if event.move is not None:
                path = _path(kept, event.name)
                if path is not None:
                    moved.add(path)
            elif event.value is not None and not isinstance(event.value, cst.For):
                source = self._source_name(event.value)
                path = _path(kept, source) if source is not None else None
                if path is not None and self._binding_moves(event):
                    moved.add(path)  # `self.model = model.to(device)`
                if path is not None:
                    kept[event.name] = path
                else:
                    kept.pop(event.name, None)
            else:
                kept.pop(event.name, None)
        self._moved_params[key] = frozenset(moved)
        return self._moved_params[key]  # type: ignore[return-value]

    def _binding_moves(self, event: _Event) -> bool:
        """``self.model = model.to(device)``, ``model = model.cuda()``: a binding to a moved object."""
        value = event.value
        if not isinstance(value, cst.BaseExpression) or isinstance(value, cst.For):
            return False
        for link in method_chain(value, self.aliases)[1:]:
            move = as_move(link)
            if (
                move is not None
                and moves_device(move, self.aliases)
                and not is_cpu_device(move.device, self.aliases)
            ):
                return True
        return False

    def _source_name(self, value: cst.CSTNode) -> str | None:
        """The name whose object a binding keeps: ``model`` for ``model``, ``model.to(d)``,
        ``DataParallel(model)``."""
        if not isinstance(value, cst.BaseExpression):
            return None
        root = method_chain(value, self.aliases)[0]
        if isinstance(root, cst.Call) and self.aliases.qualify(root.func) in WRAPPERS and root.args:
            root = root.args[0].value
        return dotted_name(root)

    def _constructor(self, call: cst.Call) -> cst.FunctionDef | None:
        """``Trainer(...)``: the ``__init__`` of a class defined once at the file's top level."""
        if not isinstance(call.func, cst.Name):
            return None
        if self._classes is None:
            self._classes = {}
            for stmt in self.tree.root.body:
                if isinstance(stmt, cst.ClassDef):
                    self._classes.setdefault(stmt.name.value, []).append(stmt)
        classes = self._classes.get(call.func.value, [])
        if len(classes) != 1 or not isinstance(classes[0].body, cst.IndentedBlock):
            return None
        return methods(classes[0]).get("__init__")

    # ----- what a value is

    def _holds(self, scope: cst.CSTNode, name: str, position: int, depth: int) -> Value:
        if depth > 8:
            return UNKNOWN
        for event in reversed(self._scope_events(scope)):
            if event.position >= position or event.name != name or event.move is not None or event.to_host:
                continue
            if event.value is None:
                return UNKNOWN
            if isinstance(event.value, cst.For):
                iterated = self._value(scope, event.value.iter, event.position, depth + 1)
                return Value(Kind.BATCH) if iterated.kind is Kind.LOADER else UNKNOWN
            value = self._value(scope, event.value, event.position, depth + 1)
            if value.kind in (Kind.MODULE, Kind.UNKNOWN):
                # Moves in place since (`model.cuda()`, `train(model)`): only a module moves in place.
                move = self._move_before(scope, name, position, depth + 1)
                if move is not None and move.node is not event.node:
                    value = _placed_module(replace(value, kind=Kind.MODULE), move, self.aliases)
                elif value.kind is Kind.MODULE and move is None:
                    value = replace(value, place=Place.HOST)
            return value
        if isinstance(scope, cst.FunctionDef):
            return self._held_outside(scope, name, depth)
        return UNKNOWN

    def _held_outside(self, scope: cst.FunctionDef, name: str, depth: int) -> Value:
        """What a function reads of a name it does not bind: ``self.<attr>`` as its class's
        ``__init__`` leaves it, a module-level name as the module leaves it."""
        params = [p.name.value for p in scope.params.params]
        root = name.split(".")[0]
        cls = self.functions.enclosing_class(scope)
        if (
            cls is not None
            and params
            and root == params[0]
            and "." in name
            and scope.name.value != "__init__"
        ):
            init = methods(cls).get("__init__")
            if init is not None and init.params.params and init.params.params[0].name.value == root:
                return self._holds(init, name, self._end(init), depth + 1)
            return UNKNOWN
        if root in params or root in {e.name.split(".")[0] for e in self._scope_events(scope)}:
            return UNKNOWN
        body = self.tree.root.body
        return self._holds(self.tree.root, name, self._end(body[-1]), depth + 1) if body else UNKNOWN

    def _end(self, node: cst.CSTNode) -> int:
        """A position after everything under ``node``."""
        start = self.tree.position(node)
        return (start or 0) + len(self.tree.descendants(node))

    def _value(self, scope: cst.CSTNode, expr: cst.CSTNode, position: int, depth: int) -> Value:
        if depth > 8 or not isinstance(expr, cst.BaseExpression):
            return UNKNOWN
        if isinstance(expr, (cst.Integer, cst.Float)):
            return Value(Kind.NUMBER)
        if isinstance(expr, cst.SimpleString):
            text = expr.evaluated_value
            if isinstance(text, str) and (text == "cuda" or text.startswith("cuda:")):
                return Value(Kind.DEVICE, place=Place.CUDA, device=code_of(expr))
            if text == "cpu":
                return Value(Kind.DEVICE, place=Place.HOST, device=code_of(expr))
            return UNKNOWN
        if isinstance(expr, cst.IfExp):
            body = self._value(scope, expr.body, position, depth + 1)
            orelse = self._value(scope, expr.orelse, position, depth + 1)
            if body.kind is Kind.DEVICE and orelse.kind is Kind.DEVICE:
                return Value(Kind.DEVICE, place=Place.DEVICE, device=None)
            return body if body == orelse else UNKNOWN
        if isinstance(expr, cst.BinaryOperation):
            left = self._value(scope, expr.left, position, depth + 1)
            right = self._value(scope, expr.right, position, depth + 1)
            if left.kind is Kind.NUMBER and right.kind is Kind.NUMBER:
                return Value(Kind.NUMBER)
            if left.kind is right.kind is Kind.PARAMETERS and isinstance(expr.operator, cst.Add):
                return Value(Kind.PARAMETERS, over=_union(left.over, right.over))
            return UNKNOWN
        if isinstance(expr, (cst.Name, cst.Attribute)):
            if isinstance(expr, cst.Attribute) and expr.attr.value == "device":
                return self._device_attribute(scope, expr, position, depth)
            name = dotted_name(expr)
            if name is None:
                return UNKNOWN
            if name in ("True", "False", "None"):
                return UNKNOWN
            return self._holds(scope, name, position, depth + 1)
        if isinstance(expr, cst.Call):
            return self._call_value(scope, expr, position, depth)
        return UNKNOWN

    def _device_attribute(self, scope: cst.CSTNode, expr: cst.Attribute, position: int, depth: int) -> Value:
        """``x.device``, ``args.device``, ``next(model.parameters()).device``."""
        inner = expr.value
        if (
            isinstance(inner, cst.Call)
            and dotted_name(inner.func) == "next"
            and inner.args
            and isinstance(inner.args[0].value, cst.Call)
            and isinstance(inner.args[0].value.func, cst.Attribute)
            and inner.args[0].value.func.attr.value == "parameters"
        ):
            model = dotted_name(inner.args[0].value.func.value)
            return Value(Kind.DEVICE, place=Place.MODEL, device=model)
        return Value(Kind.DEVICE, place=Place.DEVICE, device=code_of(expr))

    def _call_value(self, scope: cst.CSTNode, call: cst.Call, position: int, depth: int) -> Value:
        move = as_move(call)
        if move is not None and moves_device(move, self.aliases):
            inner = self._value(scope, move.subject, position, depth + 1)
            place, device = self._place_of(scope, move.device, position, depth)
            if move.method == "cuda":
                place, device = Place.CUDA, code_of(move.device) if move.device is not None else None
            if inner.kind in (Kind.MODULE, Kind.TENSOR):
                return replace(inner, place=place, device=device)
            return Value(Kind.UNKNOWN, place=place, device=device)
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "cpu" and not call.args:
            inner = self._value(scope, call.func.value, position, depth + 1)
            return (
                replace(inner, place=Place.HOST, device=None)
                if inner.kind in (Kind.MODULE, Kind.TENSOR)
                else UNKNOWN
            )
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("parameters", "named_parameters"):
            owner = dotted_name(func.value)
            return Value(Kind.PARAMETERS, over=(owner,)) if owner is not None else UNKNOWN
        qualified = self.aliases.qualify(func) or dotted_name(func) or ""
        if qualified in _PARAMETER_CARRIERS and call.args:  # `list(m.parameters())`, `chain(a, b)`
            held = [
                self._value(scope, arg.value, position, depth + 1) for arg in call.args if not arg.keyword
            ]
            if any(v.kind is Kind.PARAMETERS for v in held):
                return Value(Kind.PARAMETERS, over=_union(*(v.over for v in held)))
        if qualified in WRAPPERS and call.args:
            return self._value(scope, call.args[0].value, position, depth + 1)
        if qualified == "torch.device":
            place, device = self._place_of(scope, call.args[0].value if call.args else None, position, depth)
            return Value(
                Kind.DEVICE, place=place if place is not Place.UNKNOWN else Place.DEVICE, device=code_of(call)
            )
        if qualified in _LOADERS:
            return Value(Kind.LOADER, detail=qualified)
        if qualified.startswith("torch.optim.") and not qualified.startswith("torch.optim.lr_scheduler."):
            return Value(Kind.OPTIMIZER, detail=qualified, over=self._parameters_of(call))
        if qualified in FACTORIES:
            return self._factory_value(scope, call, qualified, position, depth)
        if qualified == "torch.from_numpy" and call.args:
            array = self._value(scope, call.args[0].value, position, depth + 1)
            return Value(Kind.TENSOR, detail=qualified, place=Place.HOST, dtype=array.dtype)
        if qualified.startswith("numpy."):
            return Value(Kind.ARRAY, detail=qualified, dtype=self._numpy_dtype(call, qualified))
        if is_module_constructor(call, self.aliases, self._module_classes()):
            return Value(Kind.MODULE, detail=qualified or dotted_name(call.func), place=Place.HOST)
        if "optim" in (dotted_name(call.func) or "").lower() or self._parameters_of(call):
            name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
            if name[:1].isupper() or "optim" in name.lower():
                return Value(
                    Kind.OPTIMIZER, detail=qualified or dotted_name(call.func), over=self._parameters_of(call)
                )
        callee = self.functions.callee(call)
        if callee is not None:
            returned = self._returned(callee, depth + 1)
            return returned if returned is not None else UNKNOWN
        return UNKNOWN

    def _factory_value(
        self, scope: cst.CSTNode, call: cst.Call, qualified: str, position: int, depth: int
    ) -> Value:
        """``torch.zeros(n, device=d, dtype=...)``: a tensor on ``d`` (the host without it)."""
        device = kwarg(call, "device")
        place, spelled = (
            self._place_of(scope, device.value, position, depth) if device is not None else (Place.HOST, None)
        )
        dtype = kwarg(call, "dtype")
        dtype_name = (self.aliases.qualify(dtype.value) or "").removeprefix("torch.") if dtype else None
        if dtype_name is None and qualified in FLOAT_FACTORIES:
            dtype_name = "float32"
        return Value(Kind.TENSOR, detail=qualified, place=place, device=spelled, dtype=dtype_name or None)

    def _numpy_dtype(self, call: cst.Call, qualified: str) -> str | None:
        """``np.zeros(n)`` is float64, ``np.array(x, dtype=np.float32)`` float32; else unknown."""
        dtype = kwarg(call, "dtype")
        if dtype is None:
            return "float64" if qualified in _NUMPY_FLOAT64 else None
        if isinstance(dtype.value, cst.SimpleString):
            spelled = str(dtype.value.evaluated_value)
        else:
            spelled = (self.aliases.qualify(dtype.value) or dotted_name(dtype.value) or "").split(".")[-1]
        return {"float": "float64", "double": "float64"}.get(spelled, spelled) or None

    def _place_of(
        self, scope: cst.CSTNode, device: cst.BaseExpression | None, position: int, depth: int
    ) -> tuple[Place, str | None]:
        if device is None:
            return Place.CUDA, None
        if is_cpu_device(device, self.aliases):
            return Place.HOST, code_of(device)
        value = self._value(scope, device, position, depth + 1)
        if value.kind is Kind.DEVICE:
            return value.place if value.place is not Place.UNKNOWN else Place.DEVICE, code_of(device)
        return Place.DEVICE, code_of(device)  # `.to(device)`: whatever `device` is, it names one

    def parameters_of(self, expr: cst.BaseExpression, at: cst.CSTNode | None = None) -> tuple[str, ...]:
        """The models whose parameters ``expr`` holds at ``at`` (``g_params`` bound to
        ``list(G.parameters()) + list(H.parameters())``: ``G`` and ``H``); empty when it holds none."""
        value = self.value_of(expr, at)
        return value.over if value.kind is Kind.PARAMETERS else ()

    def _parameters_of(self, call: cst.Call) -> tuple[str, ...]:
        found: list[str] = []
        for inner in self.tree.of_type(call, cst.Call):
            func = inner.func
            if (
                inner is not call
                and isinstance(func, cst.Attribute)
                and func.attr.value.endswith("parameters")
            ):
                owner = dotted_name(func.value)
                if owner is not None and owner not in found:
                    found.append(owner)
        return tuple(found)

    def _returned(self, function: cst.FunctionDef, depth: int) -> Value | None:
        """What ``function`` returns when its last statement is ``return <expr>``."""
        key = id(function)
        if key in self._returns:
            return self._returns[key]
        self._returns[key] = None  # a recursive function returns nothing known
        body = block(function.body)
        last = body[-1] if body else None
        small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
        found: Value | None = None
        if isinstance(small, cst.Return) and small.value is not None:
            position = self.tree.position(small)
            if position is not None:
                found = self._value(function, small.value, position, depth + 1)
                if found.kind is Kind.UNKNOWN:
                    found = None
        self._returns[key] = found
        return found

    def _module_classes(self) -> set[str]:
        if self._modules is None:
            self._modules = module_classes(self.tree, self.aliases)
        return self._modules


def _placed_module(value: Value, move: ModelMove, aliases: ImportAliases) -> Value:
    """A module as ``move`` leaves it: on the device it names, or on one a callee named."""
    node = move.node
    found = model_move(node, aliases) if isinstance(node, cst.BaseSmallStatement) else None
    if found is None or found[1].device is None:
        return replace(value, place=Place.CUDA if found is not None else Place.DEVICE, device=None)
    return replace(value, place=Place.DEVICE, device=code_of(found[1].device))


def _path(kept: dict[str, str], name: str) -> str | None:
    """``name`` as a path from a parameter, through the longest name in ``kept`` it starts with."""
    rest = ""
    while True:
        if name in kept:
            return kept[name] + rest
        if "." not in name:
            return None
        name, _, last = name.rpartition(".")
        rest = f".{last}{rest}"


def _union(*groups: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(name for group in groups for name in group))


def _related(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _is_cpu_call(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "cpu"
        and not node.args
    )


def _target_nodes(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The single targets of ``target`` (``a, (b, self.c)``: ``a``, ``b``, ``self.c``)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_nodes(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_nodes(target.value)
    return [target]


def _target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    name = dotted_name(target)
    return [name] if name is not None else []


def _bindings(
    position: int, node: cst.Assign, target: cst.BaseExpression, value: cst.BaseExpression
) -> list[_Event]:
    """The names ``target = value`` binds, each with what it is bound to (element by element for
    ``a, b = x, y``; nothing known for ``a, b = f()``)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
            if not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)):
                return [
                    event
                    for left, right in zip(target.elements, value.elements)
                    for event in _bindings(position, node, left.value, right.value)
                ]
        return [_Event(position, node, n, None, None) for n in _target_names(target)]
    if isinstance(target, cst.Subscript):
        return []  # `d[k] = v` keeps `d` what it was
    name = dotted_name(target)
    return [_Event(position, node, name, value, None)] if name is not None else []
