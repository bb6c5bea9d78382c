"""Where a model is moved out of the fix's reach, after its optimizer was built.

DEV005 fixes a construction by moving it below the model's move later in the same block. When the
model is moved somewhere else, the optimizer was still built before the move, but the construction
cannot simply follow it: the move is inside a loop, a ``with`` or a ``try``; in a function of the file
called later, or handed the model (``train(model, opt)``, ``Trainer(G, D, G_opt, D_opt)``); in a
function of another file handed the model and a device choice; in the caller of a function that
returns the model with its optimizer; in another method of the class (a later one, or the one that
called the method building the optimizer); or by the code that makes an instance of the class. The
finding is then a report without a fix, and :meth:`OutOfReach.reason` says where the move is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import libcst as cst

from codemods.analysis.module_aliases import written
from codemods.analysis.nn_modules import model_move
from codemods.analysis.values import Values
from codemods.core.name_bindings import code_around
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import assigned_chain, code_of
from codemods.core.torch_names import as_move
from codemods.core.tree import Tree
from codemods.rules.dev005_optimizer_before_move._model_move_order import later_move, moves_model, verdict
from codemods.rules.dev005_optimizer_before_move._optimizer_builds import OptimizerBuild

# What a check answers when the model's name comes to hold another model before any move: nothing to
# report, and nothing further to ask.
ANOTHER_MODEL = ""


class OutOfReach:
    """The questions of one file: each says where the model is moved out of reach, or None."""

    def __init__(self, tree: Tree, aliases: ImportAliases, values: Values) -> None:
        self.tree, self.aliases, self.values = tree, aliases, values

    def reason(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> str | None:
        """Why ``build`` (``statements[start - 1]`` or a scheduler before ``start``), whose model is not
        moved later in ``statements``, was built before a move it cannot be put after; None when no
        such move is found."""
        for check in (self._moved_out_of_line, self._handed_over, self._handed_unseen):
            found = check(statements, start, build)
            if found is not None:
                return found or None
        return (
            self._returned(statements, start, build)
            or self._moved_in_a_later_method(build)
            or self._moved_on_return(build)
            or self._moved_by_caller(build)
        )

    def _moved_in_a_later_method(self, build: OptimizerBuild) -> str | None:
        """Built in a class's ``__init__`` over ``self.model``, which another method of the class (not
        one ``__init__`` calls) moves: ``def fit(self, device): self.model.to(device)`` runs on an
        instance, after its constructor, so the optimizer was built before the move."""
        constructor = _constructor(self.tree, build.statement)
        if constructor is None:
            return None
        init, owner = constructor
        called = {
            call.func.attr.value
            for call in self.tree.of_type(init, cst.Call)
            if isinstance(call.func, cst.Attribute)
        }
        models = {model for model in build.models if model.startswith("self.")}
        for method in owner.body.body:
            if not isinstance(method, cst.FunctionDef) or method.name.value in ("__init__", *called):
                continue
            for call in self.tree.of_type(method, cst.Call):
                move = as_move(call)
                subject = dotted_name(move.subject) if move is not None else None
                if subject in models:
                    return (
                        f"`{subject}` is moved in `{method.name.value}()`, which runs after the constructor;"
                        " build the optimizer after that move"
                    )
        return None

    def _moved_on_return(self, build: OptimizerBuild) -> str | None:
        """Built in a method of a class (``build_model``) over ``self.G``, which a method calling it
        moves once it returns (``self.build_model()``, then ``self.G.cuda()`` in ``__init__``): the
        optimizer was built before the move. Reported, without a fix: the construction and the move
        are in two methods, and others may call the first."""
        found = _method_of_class(self.tree, build.statement)
        if found is None:
            return None
        method, owner = found
        models = [model for model in build.models if model.startswith("self.")]
        for caller in owner.body.body:
            if not isinstance(caller, cst.FunctionDef) or caller is method:
                continue
            if not isinstance(caller.body, cst.IndentedBlock):
                continue  # `def f(self): self.build_model()` on one line moves nothing after it
            body = caller.body.body
            for index, stmt in enumerate(body):
                if not _calls_own_method(stmt, method.name.value):
                    continue
                for model in models:
                    move = later_move(self.tree, self.aliases, body, index + 1, model)
                    if move is not None:
                        return (
                            f"`{model}` is moved in `{caller.name.value}()` once `{method.name.value}()`"
                            " returns; build the optimizer after that move"
                        )
        return None

    def _moved_by_caller(self, build: OptimizerBuild) -> str | None:
        """Built in a class's ``__init__`` over its own parameters (``self.parameters()``) or those of
        ``self.net``, and an instance the file makes is then moved (``Net(lr).to(device)``; ``agent =
        Agent()`` ... ``agent.net.cuda()``): the move runs after the constructor built the optimizer.
        Reported, without a fix: the move is the caller's."""
        constructor = _constructor(self.tree, build.statement)
        if constructor is None:
            return None
        owner = constructor[1]
        for model in build.models:
            if model != "self" and not model.startswith("self."):
                continue
            for make in self.tree.of_type(self.tree.root, cst.Call):
                if dotted_name(make.func) != owner.name.value or self.tree.inside(make, owner):
                    continue
                move = _moved_instance(self.tree, make, model[len("self") :])
                if move is not None:
                    return (
                        f"`{owner.name.value}(...)` is moved by `{code_of(move.func)}(...)` after its"
                        " constructor built the optimizer; build the optimizer after that move (give the"
                        " class the device)"
                    )
        return None

    def _handed_over(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> str | None:
        """``train(model, opt)`` or ``Trainer(model, opt)`` later in the block moves the model: the
        move is inside the file's own function, so the optimizer cannot simply go below it. Empty when
        the name comes to hold another model first."""
        values = self.values
        if not self.tree.memo("calls that move an argument", lambda: _any_moving_call(self.tree, values)):
            return None  # most files hand no model to a function of their own that moves it
        models = set(build.models)
        for stmt in statements[start:]:
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                continue
            for call in self.tree.of_type(stmt, cst.Call):
                moved = models & values.moved_by_call(call)
                if moved:
                    return (
                        f"`{dotted_name(call.func)}(...)` moves `{sorted(moved)[0]}` in its own body;"
                        " build the optimizer after that move"
                    )
            if models & written(self.tree, stmt):
                return ANOTHER_MODEL  # the name now holds another model
        return None

    def _handed_unseen(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> str | None:
        """``Trainer(G, D, G_opt, D_opt, use_cuda=torch.cuda.is_available())``: the model, never moved in
        this block, is handed with its optimizer and a device choice to a function or class imported from
        another module, whose body is not here. Handed a device, it moves the model (after the optimizer
        was built). Empty when the name comes to hold another model first."""
        models = set(build.models)
        for stmt in statements[:start]:
            # `model = build_model(cfg, device)`: it may come back on the device already.
            if models & written(self.tree, stmt) and any(
                self._device_choice(arg) for call in self.tree.of_type(stmt, cst.Call) for arg in call.args
            ):
                return None
        for stmt in statements[start:]:
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                continue
            for call in self.tree.of_type(stmt, cst.Call):
                if not self._imported_elsewhere(call):
                    continue
                handed = {dotted_name(arg.value) for arg in call.args}
                device = next((arg for arg in call.args if self._device_choice(arg)), None)
                model = sorted(models & handed)
                if device is None or not model or build.target not in handed:
                    continue
                return (
                    f"`{model[0]}` is handed with it and `{_spelled(device)}` to"
                    f" `{dotted_name(call.func)}(...)`, defined in another file, which likely moves it"
                    " there; build the optimizer after that move"
                )
            if models & written(self.tree, stmt):
                return ANOTHER_MODEL  # the name now holds another model
        return None

    def _moved_out_of_line(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> str | None:
        """A move of the model later in the block, where the fix cannot put the construction after
        it: inside a loop, ``with`` or ``try`` (``try: model.cuda()``), which may run it any number of
        times or not at all, or, for a model of the module, in a function of the file called later
        (``def train(): model.to(device)``)."""
        for model in build.models:
            for stmt in statements[start:]:
                where = self._moved_inside(stmt, model) or self._moved_by_global_call(stmt, model)
                if where is None:
                    moved, rebinding = verdict(self.tree, self.aliases, stmt, model)
                    if moved or rebinding == "new":
                        break
                else:
                    return f"`{model}` is moved {where}; build the optimizer after that move"
        return None

    def _moved_inside(self, stmt: cst.BaseStatement, model: str) -> str | None:
        """``inside a loop`` (or ``with``, ``try``) when ``stmt`` is one whose body moves ``model``."""
        kind = _OUT_OF_LINE_BLOCKS.get(type(stmt))
        if kind is None:
            return None
        run_here = self.tree.unnested(stmt, _SCOPES) or []
        smalls = [n for n in run_here if isinstance(n, cst.BaseSmallStatement)]
        if not _moves_the_same(self.tree, self.aliases, smalls, model):
            return None
        if kind == "a loop":
            # `for shard in shards: model.to(shard.device)` moves it somewhere else each time: no one
            # place to build the optimizer after. Report only a move to one place, every time.
            bound = written(self.tree, stmt)
            for small in smalls:
                found = model_move(small, self.aliases) if moves_model(small, model, self.aliases) else None
                device = found[1].device if found is not None else None
                if device is not None and any(
                    dotted_name(n) in bound for n in self.tree.of_type(device, (cst.Name, cst.Attribute))
                ):
                    return None
        return f"inside {kind}"

    def _moved_by_global_call(self, stmt: cst.BaseStatement, model: str) -> str | None:
        """``by `train()`, called later`` when ``stmt`` calls a top-level function of the file that
        moves ``model``, a name of the module it does not bind itself (or declares ``global``)."""
        if "." in model or not isinstance(self.tree.parent(stmt), cst.Module):
            return None
        functions = {f.name.value: f for f in self.tree.root.body if isinstance(f, cst.FunctionDef)}
        for call in self.tree.of_type(stmt, cst.Call):
            function = functions.get(dotted_name(call.func) or "")
            if function is None or not _moves_global(self.tree, self.aliases, function, model):
                continue
            return f"by `{function.name.value}()`, called later"
        return None

    def _returned(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> str | None:
        """``def load_train_objs(): ...; return dataset, model, optimizer`` (a top-level function), and
        a caller of the file that unpacks it (``dataset, model, optimizer = load_train_objs()``) and then
        moves the model, itself or through a function or class of the file (``Trainer(model, ...,
        device)`` running ``model.to(device)``): the optimizer was built before that move, in another
        function."""
        function = self.tree.parent(self.tree.parent(statements[0])) if statements else None
        if not (isinstance(function, cst.FunctionDef) and isinstance(self.tree.parent(function), cst.Module)):
            return None
        if len(build.models) != 1:
            return None
        (model,) = build.models
        positions = None
        for stmt in statements[start:]:
            if {model, build.target} & written(self.tree, stmt):
                return None  # bound again before it is returned
            returned = _returned_names(stmt)
            if returned is not None:
                if model in returned and build.target in returned:
                    positions = (returned.index(model), returned.index(build.target))
                break
        if positions is None:
            return None
        values = self.values
        for call, block, index in _unpacked_calls(self.tree, function.name.value):
            target = block[index]
            assert isinstance(target, cst.SimpleStatementLine)
            assign = target.body[0]
            assert isinstance(assign, cst.Assign)
            names = _target_names(assign)
            if names is None or len(names) <= max(positions):
                continue
            caller_model = names[positions[0]]
            if caller_model is None:
                continue
            mover = None
            if later_move(self.tree, self.aliases, block, index + 1, caller_model) is not None:
                mover = "moves it"
            else:
                for stmt in block[index + 1 :]:
                    moving = next(
                        (
                            c
                            for c in self.tree.of_type(stmt, cst.Call)
                            if caller_model in values.moved_by_call(c)
                        ),
                        None,
                    )
                    if moving is not None:
                        mover = f"hands it to `{dotted_name(moving.func)}(...)`, which moves it"
                        break
                    if caller_model in written(self.tree, stmt):
                        break
            if mover is not None:
                return (
                    f"`{dotted_name(call.func)}()` returns it with `{model}`, and its caller {mover};"
                    " build the optimizer after that move"
                )
        return None

    def _imported_elsewhere(self, call: cst.Call) -> bool:
        """Does ``call`` run a function or class imported from a module other than torch's, whose body
        this file does not show (nor the project's facts, in project mode)?"""
        root = call.func
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value not in self.aliases.names:
            return False
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.split(".", 1)[0] in ("torch", "torchvision", "numpy", "builtins"):
            return False
        project = self.values.project
        # `tr.Trainer(...)` after `import trainer as tr`: the module `tr` is a project file, in sight.
        return dotted_name(call.func) not in project and root.value not in project

    def _device_choice(self, arg: cst.Arg) -> bool:
        """``use_cuda=torch.cuda.is_available()``, ``device=device``, ``args.cuda``: an argument that
        says where the callee is to run."""
        if arg.keyword is not None and _DEVICE_WORD.match(arg.keyword.value):
            return True
        name = dotted_name(arg.value)
        if name is not None and _DEVICE_WORD.match(name.rpartition(".")[2]):
            return True
        return any(
            self.aliases.qualify(call.func) == "torch.cuda.is_available"
            for call in self.tree.of_type(arg.value, cst.Call)
        )


_DEVICE_WORD = re.compile(r"^((use|with)_)?(cuda|gpus?)$|^device$", re.IGNORECASE)


def _spelled(arg: cst.Arg) -> str:
    return f"{arg.keyword.value}={code_of(arg.value)}" if arg.keyword is not None else code_of(arg.value)


def _returned_names(stmt: cst.BaseStatement) -> list[str | None] | None:
    """The names ``return a, model, opt`` hands back, by position; None where ``stmt`` is no return
    of names."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Return)):
        return None
    value = stmt.body[0].value
    if isinstance(value, cst.Tuple):
        return [dotted_name(e.value) for e in value.elements if isinstance(e, cst.Element)]
    return None


def _unpacked_calls(tree: Tree, name: str) -> list[tuple[cst.Call, Sequence[cst.BaseStatement], int]]:
    """Each ``a, b, c = name(...)`` of the module, with the block it is a statement of and its index."""
    found = []
    for block in tree.of_type(tree.root, (cst.IndentedBlock, cst.Module)):
        for index, stmt in enumerate(block.body):
            if not (isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Assign)):
                continue
            value = stmt.body[0].value
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == name:
                found.append((value, block.body, index))
    return found


def _target_names(assign: cst.Assign) -> list[str | None] | None:
    """``a, b, c = ...`` as its names by position; None for any other target."""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, (cst.Tuple, cst.List)):
        return None
    return [dotted_name(e.value) for e in assign.targets[0].target.elements]


def _any_moving_call(tree: Tree, values: Values) -> bool:
    return any(values.moved_by_call(call) for call in tree.of_type(tree.root, cst.Call))


def _constructor(tree: Tree, statement: cst.CSTNode) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
    """The ``__init__`` whose body holds ``statement`` (not a function inside it), and its class."""
    init = code_around(tree, statement)
    if not isinstance(init, cst.FunctionDef) or init.name.value != "__init__":
        return None
    owner = tree.parent(tree.parent(init))
    return (init, owner) if isinstance(owner, cst.ClassDef) else None


_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
_OUT_OF_LINE_BLOCKS = {
    cst.For: "a loop",
    cst.While: "a loop",
    cst.With: "a `with`",
    cst.Try: "a `try`",
    cst.TryStar: "a `try`",
}


def _moves_global(tree: Tree, aliases: ImportAliases, function: cst.FunctionDef, model: str) -> bool:
    """Does ``function`` move the module's ``model``: a move of the name in its body (not in a function
    inside it), which it binds only if it declares it ``global``?"""
    declared = {name.name.value for node in tree.of_type(function.body, cst.Global) for name in node.names}
    if model in written(tree, function.body) and model not in declared:
        return False  # a local name of the function
    if any(p.name.value == model for p in tree.of_type(function.params, cst.Param)):
        return False
    run_here = tree.unnested(function.body, _SCOPES) or []
    return _moves_the_same(
        tree, aliases, [n for n in run_here if isinstance(n, cst.BaseSmallStatement)], model
    )


def _moves_the_same(
    tree: Tree, aliases: ImportAliases, smalls: Sequence[cst.BaseSmallStatement], model: str
) -> bool:
    """Does one of ``smalls`` move ``model``, none of them binding the name to another object
    (``model = Net().cuda()`` moves a new model; ``model = model.cuda()`` the same one)?"""
    for small in smalls:
        if any(model == w or model.startswith(w + ".") for w in written(tree, small)):
            chain = assigned_chain(small, aliases)
            if chain is None or dotted_name(chain[1][0]) != model:
                return False
    return any(moves_model(small, model, aliases) for small in smalls)


def _method_of_class(tree: Tree, statement: cst.CSTNode) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
    """The method (not ``__init__``, not a function inside one) whose body holds ``statement``, and
    its class."""
    method = next(
        (a for a in tree.ancestors(statement) if isinstance(a, (cst.FunctionDef, cst.Lambda))), None
    )
    if not isinstance(method, cst.FunctionDef) or method.name.value == "__init__":
        return None
    owner = tree.parent(tree.parent(method))
    return (method, owner) if isinstance(owner, cst.ClassDef) else None


def _calls_own_method(stmt: cst.CSTNode, name: str) -> bool:
    """Is ``stmt`` the line ``self.<name>(...)``?"""
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(small, cst.Expr)
        and isinstance(small.value, cst.Call)
        and dotted_name(small.value.func) == f"self.{name}"
        for small in stmt.body
    )


def _moved_instance(tree: Tree, make: cst.Call, path: str) -> cst.Call | None:
    """The move of the instance ``make`` builds (``path`` ""), or of its attribute (``path``
    ".net"): ``Net().to(d)`` itself, or a move of ``x`` (``x.net``) later in the block that binds ``x =
    Net()``, before ``x`` is bound again."""
    above = tree.parent(make)
    if not path and isinstance(above, cst.Attribute) and isinstance(outer := tree.parent(above), cst.Call):
        move = as_move(outer)
        if move is not None and move.subject is make:
            return outer
    if not (isinstance(above, cst.Assign) and len(above.targets) == 1):
        return None
    name = dotted_name(above.targets[0].target)
    line = tree.parent(above)
    block = tree.parent(line) if line is not None else None
    if name is None or not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None
    body = list(block.body)
    index = next((i for i, s in enumerate(body) if s is line), None)
    if index is None:
        return None
    for statement in body[index + 1 :]:
        for call in tree.of_type(statement, cst.Call):
            move = as_move(call)
            if move is not None and dotted_name(move.subject) == name + path:
                return call
        if any(w == name or w.startswith(name + ".") for w in written(tree, statement)):
            return None
    return None
