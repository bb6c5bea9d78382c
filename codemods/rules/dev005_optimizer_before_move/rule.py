"""## What it does
Finds an optimizer built from a model's parameters before that model is moved to a device, and
moves the construction (with an LR scheduler built on it right after) to just below the move. An
optimizer is any call given `model.parameters()`, `model.named_parameters()` or another
`*parameters()` method (`torch.optim.*`, other libraries' optimizers, an EMA helper copying the
parameters), or a `torch.optim` optimizer given a name that holds them (`g_params =
list(G.parameters()) + list(H.parameters())`), also on one path of a conditional expression
(`Adam(...) if fine_tune else None`), or a call of a function of the file that only returns one built
from the model it is handed (`make_optimizer(model, lr)` running `return SGD(net.parameters(), lr=lr)`,
moving nothing); `model` may be an attribute (`self.G`).
Constructions in a row move together, in order. A move counts at the top level of the same block
or under an `if` there (`if use_cuda: model.cuda()`: the optimizer goes below the whole `if`); a
model already moved earlier, or moved inside a loop to another place each time (`model.to(shard.device)`),
is not reported; one moved later inside a loop to one place, a `with` or a `try`, or by a function of
the file called later (`def train(): model.to(device)`), is reported without a fix. The move may name the
model another way, through a name bound to it and not bound again since (`self.model = model` before or
after the construction, then `self.model.cuda()`; `model = net`; `net = model.to(device)`: `.to()` and
`.cuda()` of a module return the module itself; `codemods/analysis/module_aliases.py`); what is done
to the model through that name in between counts as done to the model, and such a move is never
moved above the construction.

A construction that runs code of its own (an EMA helper copying the parameters, a class imported from
another library, anything but a `torch.optim` optimizer or a class of the file whose `__init__` calls
nothing) is not moved past calls that may change the parameters' values in place or draw random numbers
(`model.load_state_dict(sd)`, `nn.init.xavier_uniform_(model.weight)`, `torch.randn(3)`, `Net()`): it
would copy other values, or draw other numbers. Only calls known to read (`print`, `len`,
`model.parameters()`, `model.eval()`) are jumped over; a `torch.optim` optimizer, which holds the
parameter objects and reads them at its first step, is moved past the rest as before.

A call in between of a function of the file that only reads what it is handed
(`self.print_network(self.G, "G")` printing the model and counting its parameters, naming neither
`self` nor the optimizer) is jumped over, and so is an attribute of the model set to a value that
holds no parameter (`self.gamma = 0.99`, `self.memory = []`, `self.loss = nn.MSELoss()`: a module
registers only parameters and layers) and another optimizer or layer handed the same
hyperparameter (`critic_optim = Adam(critic.parameters(), lr=args.lr)` keeps `args.lr` as it is);
a builtin the construction calls (`lr=float(args["lr"])`)
changes only when bound again, not when called (`int(args["batch"])`). Reported without a fix: the
optimizer is used in between (`optimizer.load_state_dict(...)`, `self.setup()`, which may read it), what
it is built from may change in between (`model.fc = ...`, `self.setup()`, `lr = ...`), the model
is wrapped before the move (a wrapper may add parameters; `nn.DataParallel(model)` changes
`named_parameters()`, though it keeps the parameters themselves, so a construction reading only
`model.parameters()` is moved past it), it is built in
an `if` branch with the move after the `if` and what follows it there could tell the model moved
earlier (see below), `model.init_optimizer()` builds it out of sight, or
the model is handed to a function or class that moves it (`train(model, opt)` running
`model.to(device)` or handing it on to a helper that does, `Trainer(G, D, G_opt, D_opt)` keeping
`self.G, self.D = G, D` and moving them in `__init__` or a method it calls, `self.model =
model.to(device)`; in project mode, one defined in another file; outside project mode, one imported
from another module and handed the model, its optimizer and a device choice: `Trainer(G, D, G_opt,
D_opt, use_cuda=torch.cuda.is_available())`), or built in a class's `__init__`
over `self.model` that another method of the class moves (`def fit(self, device):
self.model.to(device)` runs after the constructor), or built in a method over `self.G` that a method
calling it moves once it returns (`self.build_model()`, then `self.G.cuda()` in `__init__`), or over
`self.parameters()` (`self.net.parameters()`)
where the code that makes an instance then moves it (`Policy(lr).to(device)`; `agent = Agent()` ...
`agent.net.cuda()`), or built in a top-level function that returns
it with the model (`return dataset, model, optimizer`) to a caller that then moves the model, itself
or through a function or class of the file (`Trainer(model, optimizer, device)`). Where a model
is, and what a call does to it, is read from the file's value model (`codemods/analysis/values.py`).

Built in one branch of an `if` (a fresh start; the resume branch loads its optimizer) with the model
moved after the `if`, the construction cannot go below the move. When the model is bound before the
`if`, the move goes above the `if` instead; when it is built in the branch, a copy of the move goes
right above the construction (above the first construction from the model on that path, which all
share it), and the move after the `if` stays for the other paths, where it is the only one. Only a
plain move of the model itself is moved or copied (`model = model.to(device)`, `model.cuda()`, or an
`if use_cuda:` holding one), and only where everything it comes to precede, up to where it was,
builds optimizers or schedulers from the model, loads state into it or switches its mode
(`model.load_state_dict(...)`, `model.train()`), leaves it alone otherwise (at the top level: calls no
function of the file, which could read the model as a global), changes nothing the move reads, does
not choose devices (`torch.cuda.set_device`, `CUDA_VISIBLE_DEVICES`) and cannot leave before the move
(`return`, `raise`, `break`, `continue`). The same holds where the construction cannot go below the
move for what lies in between (its state is loaded there, it is used, or what it is built from may
change): the move goes right above the construction instead, and `optimizer.load_state_dict(...)`
then puts the state where the parameters are.

## Why is this bad?
The optimizer belongs after `.to(device)`: that is the order PyTorch documents. How much it matters
depends on the optimizer. SGD, Adam and the other `torch.optim` classes create their state at the
first step and `Module.to()` moves parameters in place, so they run today; the order still bites
as soon as state is loaded into them before the move (`load_state_dict` casts it to the devices
the parameters are on then: the CPU) or when a move swaps the parameter objects (XLA, some
wrappers). Adagrad creates its state when it is built, and helpers that copy the parameters (an
EMA of the weights) copy them where they are: built before the move, both stay on the CPU while
the gradients are on the GPU, and the first step fails with `Expected all tensors to be on the
same device`.

## Example
```python
model = Net()
optimizer = torch.optim.Adagrad(model.parameters(), lr=1e-2)
model.to(device)
```

Use instead:
```python
model = Net()
model.to(device)
optimizer = torch.optim.Adagrad(model.parameters(), lr=1e-2)
```

## Fix safety
Safe: the construction moves only past statements that neither use what it builds nor change
what it is built from, and past a move that keeps the same parameter objects, so the program
computes the same thing, with the state created where the parameters end up. A move moved above
the `if`, or copied into one of its branches, runs earlier only past constructions, state loads and
mode switches of the model; a copy's original move then finds the model in place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import libcst as cst

from codemods.analysis.module_aliases import SameObject, written
from codemods.analysis.nn_modules import model_move
from codemods.analysis.values import Values
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import assigned_chain, code_of
from codemods.core.torch_names import as_move
from codemods.core.tree import Tree
from codemods.rules.dev005_optimizer_before_move._model_move_order import (
    LaterMove,
    later_move,
    move_after_enclosing_if,
    move_after_if,
    moves_model,
    statement_blocks,
    verdict,
)
from codemods.rules.dev005_optimizer_before_move._move_into_branch import (
    move_above_if,
    move_copy,
    wrapped_move_copy,
)
from codemods.rules.dev005_optimizer_before_move._optimizer_builds import (
    OptimizerBuild,
    is_scheduler,
    optimizer_build,
    optimizer_setup,
)
from codemods.rules.dev005_optimizer_before_move._optimizer_relocation import why_left_in_place
from codemods.rules.dev005_optimizer_before_move._parameter_wraps import parameter_wraps


class OptimizerBeforeMove(Rule):
    code = "DEV005"
    name = "optimizer-before-move"
    summary = "optimizer built before the model is moved; build it after .to(device)"
    fix_safety = FixSafety.SAFE
    triggers = ("parameters(", "_optimi")

    def check(self) -> None:
        # One copy of a move per place: two constructions in a row above it offer the same edit.
        self._copies: dict[tuple[int, str], dict[cst.CSTNode, Replacement]] = {}
        for statements in statement_blocks(self.tree):
            index = 0
            while index < len(statements):
                index = self._check_from(statements, index)

    def _check_from(self, statements: Sequence[cst.BaseStatement], index: int) -> int:
        """Check the construction (or run of constructions) at ``index``; the next index to look at."""
        stmt = statements[index]
        setup = optimizer_setup(stmt)
        if setup is not None:
            self._check_setup(statements, index, *setup)
            return index + 1
        group = self._group(statements, index)
        if not group:
            return index + 1
        builds = [build for build, _, _ in group]
        moved_at = max(found.index for _, _, found in group)
        wrapped = [build.models[0] for build, _, found in group if found.wrapped]
        # Other names of the models on the way (`self.model = model`): what changes through them
        # changes the model.
        also = frozenset(name for _, _, found in group for name in found.aliases)
        through = any(found.through is not None for _, _, found in group)
        moving = [s for build, scheduler, _ in group for s in (build.statement, scheduler) if s is not None]
        end = index + len(moving)
        # `nn.DataParallel(model)` keeps the parameters: jumped over when only they are read.
        keeps = (
            parameter_wraps(self.tree, self.aliases, builds, statements[end : moved_at + 1])
            if wrapped
            else None
        )
        reason = (
            f"`{wrapped[0]}` is wrapped before it is moved"
            if wrapped and keeps is None
            else why_left_in_place(
                self.tree,
                self.aliases,
                builds,
                moving,
                statements[end:moved_at],
                statements[moved_at],
                Values.of(self.context),
                keeps or frozenset(),
                also,
            )
        )
        edits: dict[cst.CSTNode, Replacement] | None = None
        lifted = None
        # A move of another name may need what comes before it (`self.model = model`): it stays.
        if reason is not None and not (wrapped and keeps is None) and not through:
            lifted = self._lift_move(statements, index, moved_at, builds)
        if reason is None:
            edits = {s: cst.RemovalSentinel.REMOVE for s in moving}
            edits[statements[moved_at]] = cst.FlattenSentinel([statements[moved_at], *moving])
        elif lifted is not None:
            edits = lifted
        for position, (build, _, found) in enumerate(group):
            message = _message(build, found.through if found.through not in build.models else None)
            if lifted is not None:
                message += f"; it cannot go below the move ({reason}): the move goes above it instead"
            elif reason is not None:
                message += f"; left in place: {reason}"
            elif position:
                message += f"; moved together with `{builds[0].target}`"
            # One fix moves the whole run; each construction's finding offers it (applied once).
            self.report(build.statement, message, edits=edits)
        return end

    def _group(
        self, statements: Sequence[cst.BaseStatement], index: int
    ) -> list[tuple[OptimizerBuild, cst.BaseStatement | None, LaterMove]]:
        """The constructions from ``index`` on, one after the other (each with the scheduler built
        on it right after), of models moved later in this block and not before."""
        group: list[tuple[OptimizerBuild, cst.BaseStatement | None, LaterMove]] = []
        while index < len(statements):
            build = optimizer_build(self.tree, self.aliases, statements[index], Values.of(self.context))
            if build is None:
                break
            scheduler = statements[index + 1] if index + 1 < len(statements) else None
            if scheduler is not None and not is_scheduler(self.aliases, scheduler, build.target):
                scheduler = None
            after = index + 1 + (scheduler is not None)
            same = SameObject.before(self.tree, self.aliases, build.statement)
            if any(
                self._moved_before(build.statement, name)
                for model in build.models
                for name in same.same(model)
            ):
                break
            for stmt in statements[index:after]:
                same.step(stmt)
            moves = [
                later_move(self.tree, self.aliases, statements, after, model, same.copy())
                for model in build.models
            ]
            found = [move for move in moves if move is not None]
            if not found:
                if not group and not self._check_outside(build):
                    handed = (
                        self._check_moved_out_of_line(statements, after, build)
                        or self._check_handed_over(statements, after, build)
                        or self._check_handed_unseen(statements, after, build)
                    )
                    if not handed and not self._check_returned(statements, after, build):
                        if not self._check_later_method(build) and not self._check_moved_on_return(build):
                            self._check_moved_by_caller(build)
                break
            group.append((build, scheduler, max(found, key=lambda move: move.index)))
            index = after
        return group

    def _check_outside(self, build: OptimizerBuild) -> bool:
        """Built in an ``if`` branch, moved after the ``if``: moving it there builds it on every path.
        A copy of the move goes above it instead, where that cannot change the program
        (:mod:`._move_into_branch`)."""
        for model in build.models:
            found = move_after_if(self.tree, self.aliases, build.statement, model)
            if found is None:
                continue
            block, branch, move = found
            placed = None
            if len(build.models) == 1 and not move.wrapped:
                builds = self._builds_of(block[branch], model)
                placed = move_above_if(
                    self.tree, self.aliases, model, block, branch, move.index, builds
                ) or move_copy(
                    self.tree, self.aliases, build.statement, model, block, branch, move.index, builds
                )
            elif len(build.models) == 1 and wrapped_move_copy(block[move.index], model, self.aliases):
                # `model = nn.DataParallel(model).cuda()`: a copy of the model's own move goes above
                # the construction; the wrapping stays where it is.
                builds = self._builds_of(block[branch], model)
                placed = move_copy(
                    self.tree, self.aliases, build.statement, model, block, branch, move.index, builds
                )
            if placed is None:
                self.report(
                    build.statement,
                    _message(build) + "; left in place: the move is after the `if` it is built in",
                )
                return True
            key = (id(placed.before), model)
            if key not in self._copies:
                edits: dict[cst.CSTNode, Replacement] = {
                    placed.before: cst.FlattenSentinel([placed.copy, placed.before])
                }
                if placed.moved:
                    edits[block[move.index]] = cst.RemovalSentinel.REMOVE
                self._copies[key] = edits
            where = (
                "the move goes above the `if`"
                if placed.moved
                else f"`{model}` is moved right above it too (the move after the `if` stays, for the"
                " other paths)"
            )
            self.report(build.statement, f"{_message(build)}; {where}", edits=self._copies[key])
            return True
        return False

    def _lift_move(
        self, statements: Sequence[cst.BaseStatement], index: int, moved_at: int, builds: list[OptimizerBuild]
    ) -> dict[cst.CSTNode, Replacement] | None:
        """The construction cannot go below the move (it is used, or what it is built from may change,
        in between): the move goes above it instead, where what it then precedes could not tell
        (:func:`move_above_if`); None where it could, or the constructions are of several models."""
        models = {model for build in builds for model in build.models}
        if len(models) != 1:
            return None
        (model,) = models
        values = Values.of(self.context)
        ids = {
            id(stmt)
            for stmt in statements[index:moved_at]
            if (built := optimizer_build(self.tree, self.aliases, stmt, values)) is not None
            and model in built.models
        }
        for position in range(index + 1, moved_at):
            previous = optimizer_build(self.tree, self.aliases, statements[position - 1], values)
            if previous is not None and is_scheduler(self.aliases, statements[position], previous.target):
                ids.add(id(statements[position]))
        placed = move_above_if(self.tree, self.aliases, model, statements, index, moved_at, frozenset(ids))
        if placed is None:
            return None
        return {
            placed.before: cst.FlattenSentinel([placed.copy, placed.before]),
            statements[moved_at]: cst.RemovalSentinel.REMOVE,
        }

    def _builds_of(self, stmt: cst.BaseStatement, model: str) -> frozenset[int]:
        """The ids of the statements under ``stmt`` that build an optimizer (or a scheduler right
        after one) from ``model``'s parameters."""
        values = Values.of(self.context)
        found: set[int] = set()
        for block in self.tree.of_type(stmt, cst.IndentedBlock):
            body = block.body
            for index, line in enumerate(body):
                built = optimizer_build(self.tree, self.aliases, line, values)
                if built is None or model not in built.models:
                    continue
                found.add(id(line))
                if index + 1 < len(body) and is_scheduler(self.aliases, body[index + 1], built.target):
                    found.add(id(body[index + 1]))
        return frozenset(found)

    def _check_later_method(self, build: OptimizerBuild) -> bool:
        """Built in a class's ``__init__`` over ``self.model``, which another method of the class (not
        one ``__init__`` calls) moves: ``def fit(self, device): self.model.to(device)`` runs on an
        instance, after its constructor, so the optimizer was built before the move."""
        constructor = _constructor(self.tree, build.statement)
        if constructor is None:
            return False
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
                    self.report(
                        build.statement,
                        _message(build) + f"; left in place: `{subject}` is moved in `{method.name.value}()`,"
                        " which runs after the constructor; build the optimizer after that move",
                    )
                    return True
        return False

    def _check_moved_on_return(self, build: OptimizerBuild) -> bool:
        """Built in a method of a class (``build_model``) over ``self.G``, which a method calling it
        moves once it returns (``self.build_model()``, then ``self.G.cuda()`` in ``__init__``): the
        optimizer was built before the move. Reported, without a fix: the construction and the move
        are in two methods, and others may call the first."""
        found = _method_of_class(self.tree, build.statement)
        if found is None:
            return False
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
                        self.report(
                            build.statement,
                            _message(build) + f"; left in place: `{model}` is moved in"
                            f" `{caller.name.value}()` once `{method.name.value}()` returns; build the"
                            " optimizer after that move",
                        )
                        return True
        return False

    def _check_moved_by_caller(self, build: OptimizerBuild) -> None:
        """Built in a class's ``__init__`` over its own parameters (``self.parameters()``) or those of
        ``self.net``, and an instance the file makes is then moved (``Net(lr).to(device)``; ``agent =
        Agent()`` ... ``agent.net.cuda()``): the move runs after the constructor built the optimizer.
        Reported, without a fix: the move is the caller's."""
        constructor = _constructor(self.tree, build.statement)
        if constructor is None:
            return
        owner = constructor[1]
        for model in build.models:
            if model != "self" and not model.startswith("self."):
                continue
            for make in self.tree.of_type(self.tree.root, cst.Call):
                if dotted_name(make.func) != owner.name.value or self.tree.inside(make, owner):
                    continue
                move = _moved_instance(self.tree, make, model[len("self") :])
                if move is not None:
                    self.report(
                        build.statement,
                        _message(build) + f"; left in place: `{owner.name.value}(...)` is moved by"
                        f" `{code_of(move.func)}(...)` after its constructor built the optimizer; build"
                        " the optimizer after that move (give the class the device)",
                    )
                    return

    def _check_handed_over(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> bool:
        """``train(model, opt)`` or ``Trainer(model, opt)`` later in the block moves the model: the
        move is inside the file's own function, so the optimizer cannot simply go below it. True when
        reported, or when the name comes to hold another model."""
        values = Values.of(self.context)
        if not self.tree.memo("calls that move an argument", lambda: _any_moving_call(self.tree, values)):
            return False  # most files hand no model to a function of their own that moves it
        models = set(build.models)
        for stmt in statements[start:]:
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                continue
            for call in self.tree.of_type(stmt, cst.Call):
                moved = models & values.moved_by_call(call)
                if moved:
                    self.report(
                        build.statement,
                        _message(build) + f"; left in place: `{dotted_name(call.func)}(...)` moves"
                        f" `{sorted(moved)[0]}` in its own body; build the optimizer after that move",
                    )
                    return True
            if models & written(self.tree, stmt):
                return True  # the name now holds another model
        return False

    def _check_handed_unseen(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> bool:
        """``Trainer(G, D, G_opt, D_opt, use_cuda=torch.cuda.is_available())``: the model, never moved in
        this block, is handed with its optimizer and a device choice to a function or class imported from
        another module, whose body is not here. Handed a device, it moves the model (after the optimizer
        was built): reported, without a fix. True when reported, or when the name comes to hold another
        model."""
        models = set(build.models)
        for stmt in statements[:start]:
            # `model = build_model(cfg, device)`: it may come back on the device already.
            if models & written(self.tree, stmt) and any(
                self._device_choice(arg) for call in self.tree.of_type(stmt, cst.Call) for arg in call.args
            ):
                return False
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
                self.report(
                    build.statement,
                    _message(build) + f"; left in place: `{model[0]}` is handed with it and"
                    f" `{_spelled(device)}` to `{dotted_name(call.func)}(...)`, defined in another file,"
                    " which likely moves it there; build the optimizer after that move",
                )
                return True
            if models & written(self.tree, stmt):
                return True  # the name now holds another model
        return False

    def _check_moved_out_of_line(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> bool:
        """A move of the model later in the block, where the fix cannot put the construction after
        it: inside a loop, ``with`` or ``try`` (``try: model.cuda()``), which may run it any number of
        times or not at all, or, for a model of the module, in a function of the file called later
        (``def train(): model.to(device)``). Reported, without a fix. True when reported."""
        for model in build.models:
            for stmt in statements[start:]:
                where = self._moved_inside(stmt, model) or self._moved_by_global_call(stmt, model)
                if where is None:
                    moved, rebinding = verdict(self.tree, self.aliases, stmt, model)
                    if moved or rebinding == "new":
                        break
                else:
                    self.report(
                        build.statement,
                        _message(build) + f"; left in place: `{model}` is moved {where}; build the optimizer"
                        " after that move",
                    )
                    return True
        return False

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

    def _check_returned(
        self, statements: Sequence[cst.BaseStatement], start: int, build: OptimizerBuild
    ) -> bool:
        """``def load_train_objs(): ...; return dataset, model, optimizer`` (a top-level function), and
        a caller of the file that unpacks it (``dataset, model, optimizer = load_train_objs()``) and then
        moves the model, itself or through a function or class of the file (``Trainer(model, ...,
        device)`` running ``model.to(device)``): the optimizer was built before that move, in another
        function. Reported, without a fix. True when reported."""
        function = self.tree.parent(self.tree.parent(statements[0])) if statements else None
        if not (isinstance(function, cst.FunctionDef) and isinstance(self.tree.parent(function), cst.Module)):
            return False
        if len(build.models) != 1:
            return False
        (model,) = build.models
        positions = None
        for stmt in statements[start:]:
            if {model, build.target} & written(self.tree, stmt):
                return False  # bound again before it is returned
            returned = _returned_names(stmt)
            if returned is not None:
                if model in returned and build.target in returned:
                    positions = (returned.index(model), returned.index(build.target))
                break
        if positions is None:
            return False
        values = Values.of(self.context)
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
                self.report(
                    build.statement,
                    _message(build) + f"; left in place: `{dotted_name(call.func)}()` returns it with"
                    f" `{model}`, and its caller {mover}; build the optimizer after that move",
                )
                return True
        return False

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
        project = Values.of(self.context).project
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

    def _check_setup(
        self, statements: Sequence[cst.BaseStatement], index: int, owner: str, method: str
    ) -> None:
        """``model.init_optimizer()`` before ``model.cuda()``: what it builds is out of sight."""
        stmt = statements[index]
        assert isinstance(stmt, cst.SimpleStatementLine)
        if self._moved_before(stmt, owner) or not (
            later_move(self.tree, self.aliases, statements, index + 1, owner)
            or move_after_enclosing_if(self.tree, self.aliases, stmt, owner)
        ):
            return
        self.report(
            stmt,
            f"`{owner}.{method}()` is called before `{owner}` is moved; an optimizer built"
            " there belongs after the move (left in place: what it builds is defined elsewhere)",
        )

    def _moved_before(self, stmt: cst.BaseStatement, model: str) -> bool:
        """Is ``model`` on a device before ``stmt`` runs? A later move is then a second one."""
        return Values.of(self.context).model_move_before(model, stmt) is not None


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


def _message(build: OptimizerBuild, through: str | None = None) -> str:
    models = " and ".join(f"`{model}`" for model in build.models)
    message = f"`{build.target}` is built before {models} {'is' if len(build.models) == 1 else 'are'} moved"
    if through is not None:
        message += f" (as `{through}`, which holds the same model)"
    if build.eager:
        return (
            message + ": Adagrad creates its state when it is built, where the parameters are then, so"
            " the first step after the move mixes devices; build it after the move"
        )
    if build.from_torch:
        return (
            message + "; build it after the move (this one runs today, as PyTorch's optimizers create"
            " their state at the first step, but state loaded before the move would stay behind)"
        )
    return (
        message + "; build it after the move (what it makes from the parameters now, state or copies,"
        " stays where they are now)"
    )


def _constructor(tree: Tree, statement: cst.CSTNode) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
    """The ``__init__`` whose body holds ``statement`` (not a function inside it), and its class."""
    init = next((a for a in tree.ancestors(statement) if isinstance(a, (cst.FunctionDef, cst.Lambda))), None)
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
