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
`self` nor the optimizer) is jumped over; a builtin the construction calls (`lr=float(args["lr"])`)
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

from collections.abc import Sequence

import libcst as cst

from codemods.analysis.module_aliases import SameObject
from codemods.analysis.values import Values
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.rules.dev005_optimizer_before_move._model_move_order import (
    LaterMove,
    later_move,
    move_after_enclosing_if,
    move_after_if,
    statement_blocks,
)
from codemods.rules.dev005_optimizer_before_move._move_into_branch import (
    move_above_if,
    move_copy,
    wrapped_move_copy,
)
from codemods.rules.dev005_optimizer_before_move._moves_out_of_reach import OutOfReach
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
                    values = Values.of(self.context)
                    reason = OutOfReach(self.tree, self.aliases, values).reason(statements, after, build)
                    if reason is not None:
                        self.report(build.statement, _message(build) + f"; left in place: {reason}")
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
