"""## What it does
Finds layers built in a loop and spread over the GPUs round-robin (`layer.to(f"cuda:{i % n}")`,
`.cuda(i % n)`, `device_id = i % torch.cuda.device_count()`), and replaces that placement with data
parallelism: the model is built whole, and the script's entry point (the function its
`if __name__ == "__main__":` block calls) becomes DistributedDataParallel scaffolding for `torchrun`:

* a `setup_distributed()` helper reads `RANK`, `LOCAL_RANK` and `WORLD_SIZE` from the environment
  torchrun sets, picks `cuda:<local rank>` (or the CPU), and joins the process group with `nccl` on
  GPUs or `gloo` on CPUs: no hard-coded `MASTER_ADDR`/`MASTER_PORT`, no `mp.spawn`;
* the model is moved to that device and wrapped in `DistributedDataParallel` (with
  `device_ids=[local_rank]` on a GPU);
* a `DataLoader` gets a `DistributedSampler` (each process takes its share of every epoch) and the
  epoch loop calls `sampler.set_epoch(epoch)`;
* printing and `torch.save` run on rank 0 only; the process group is destroyed at the end.

Run plainly (`python train.py`) the script is a group of one and initialises nothing. On N GPUs:

```
torchrun --nproc-per-node=N train.py
```

Each process then keeps the batch size it had, so the global batch is N times larger: scale the
learning rate or the batch size as you would for any data-parallel run.

Layers placed by hand on fixed GPUs (`self.net1.to("cuda:0")`, `self.net2.to("cuda:1")`, with
`x.to("cuda:1")` hops in `forward`) are pipeline-style model parallelism: that is reported, not
rewritten. When the script's structure is not recognisable (no entry point, the model built outside
it, an existing launcher or process group), the finding says what is missing and nothing is changed.

## Why is this bad?
Round-robin placement gives no parallelism: block i+1 waits for block i on another GPU, and the
activations hop between devices at every block. It also breaks the forward pass as soon as two
consecutive blocks sit on different GPUs (`Expected all tensors to be on the same device`), unless
every hop is written by hand. DistributedDataParallel runs one full replica per GPU on its own share
of the data and averages gradients, which is what the loop was reaching for.

## Example
```python
for i in range(blocks):
    block = nn.Linear(hidden, hidden)
    self.blocks.append(block.to(f"cuda:{i % num_gpus}"))
```

Use instead: build the blocks on one device and run `torchrun --nproc-per-node=N train.py` with the
generated scaffolding.

## Fix safety
Unsafe: it restructures the program and changes how it must be launched to use several GPUs.
Applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Sequence

import libcst as cst
import libcst.matchers as m

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.dataflow import assigned_names, names_in
from codemods.inserts import after_imports, import_if_missing
from codemods.names import dotted_name
from codemods.syntax import code_of, kwarg, positional
from codemods.torch_names import as_move
from codemods.tree import Tree

_TORCHRUN_VARIABLES = ("rank", "local_rank", "world_size", "device", "sampler", "ddp_model")
_INDEXED_CUDA = re.compile(r"\.cuda\(\s*\d")
_LAUNCHED_ALREADY = ("init_process_group", "mp.spawn", "multiprocessing.spawn", "DistributedDataParallel")


@dataclass
class _Placement:
    loop: cst.CSTNode  # a for-loop, or a comprehension
    owner: str  # the class (or function) whose construction runs the loop
    edits: dict[cst.CSTNode, Replacement] = field(default_factory=dict)
    node: cst.CSTNode | None = None


_SCRIPT_BEFORE = textwrap.dedent(
            """
            import torch
            from torch import nn

            class Stack(nn.Module):
                def __init__(self, n=4):
                    super().__init__()
                    self.layers = nn.ModuleList()
                    for i in range(n):
                        device_id = i % torch.cuda.device_count()
                        layer = nn.Linear(8, 8)
                        layer = layer.to(f"cuda:{device_id}")
                        self.layers.append(layer)

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x

            def train():
                model = Stack()
                optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
                for step in range(10):
                    loss = model(torch.randn(4, 8)).sum()
                    loss.backward()
                    optimizer.step()
                print("done")

            if __name__ == "__main__":
                train()
            """
)
_SCRIPT_AFTER = textwrap.dedent(
            '''
            import torch
            from torch import nn
            import os
            import torch.distributed as dist
            from torch.nn.parallel import DistributedDataParallel

            class Stack(nn.Module):
                def __init__(self, n=4):
                    super().__init__()
                    self.layers = nn.ModuleList()
                    for i in range(n):
                        layer = nn.Linear(8, 8)
                        self.layers.append(layer)

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x

            def setup_distributed():
                """Join the process group torchrun describes in the environment.

                Run plainly (`python script.py`) there is no such environment: a group of one, nothing to join.
                """
                rank = int(os.environ.get("RANK", 0))
                local_rank = int(os.environ.get("LOCAL_RANK", 0))
                world_size = int(os.environ.get("WORLD_SIZE", 1))
                if torch.cuda.is_available():
                    torch.cuda.set_device(local_rank)
                    device = torch.device("cuda", local_rank)
                else:
                    device = torch.device("cpu")
                if world_size > 1:
                    dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
                return rank, local_rank, world_size, device

            def train():
                rank, local_rank, world_size, device = setup_distributed()
                model = Stack()
                model = model.to(device)
                ddp_model = model
                if world_size > 1:
                    ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
                optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
                for step in range(10):
                    loss = ddp_model(torch.randn(4, 8)).sum()
                    loss.backward()
                    optimizer.step()
                if rank == 0:
                    print("done")
                if world_size > 1:
                    dist.destroy_process_group()

            if __name__ == "__main__":
                train()
            '''
)


class RoundRobinPlacement(Rule):
    code = "DEV006"
    name = "round-robin-placement"
    summary = "layers placed on GPUs round-robin; use DistributedDataParallel under torchrun"
    fix_safety = FixSafety.UNSAFE
    triggers = ("cuda",)

    VALID = [
        Valid(
            """
            import torch
            layers = [torch.nn.Linear(4, 4) for _ in range(3)]
            model = torch.nn.Sequential(*layers).to("cuda")
            """
        ),
        # One device for all layers, chosen once.
        Valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            blocks = torch.nn.ModuleList()
            for i in range(4):
                blocks.append(torch.nn.Linear(4, 4).to(device))
            """
        ),
        # Modulo on the loop variable, but not for a device.
        Valid(
            """
            import torch
            for i in range(8):
                if i % 2 == 0:
                    print(torch.cuda.device_count())
            """
        ),
        # Data sharded per device is not layer placement.
        Valid(
            """
            import torch
            shards = [torch.randn(2, 2) for _ in range(4)]
            """
        ),
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 4).cuda(0)
            """
        ),
        # Already data parallel.
        Valid(
            """
            import torch
            from torch.nn.parallel import DistributedDataParallel
            model = DistributedDataParallel(torch.nn.Linear(4, 4).cuda(local_rank), device_ids=[local_rank])
            """
        ),
    ]
    INVALID = [
        # No entry point to turn into DDP scaffolding: report what is missing.
        Invalid(
            """
            import torch
            from torch import nn

            class Stack(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.layers = nn.ModuleList()
                    for i in range(n):
                        self.layers.append(nn.Linear(8, 8).to(f"cuda:{i % torch.cuda.device_count()}"))
            """
        ),
        Invalid(
            """
            import torch
            from torch import nn

            num_gpus = torch.cuda.device_count()

            class Stack(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.layers = nn.ModuleList()
                    for i in range(n):
                        layer = nn.Linear(8, 8)
                        layer.cuda(i % num_gpus)
                        self.layers.append(layer)
            """
        ),
        # Hand-split model parallelism: reported with advice, left alone.
        Invalid(
            """
            import torch
            from torch import nn

            class TwoPart(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net1 = nn.Linear(8, 8).to("cuda:0")
                    self.net2 = nn.Linear(8, 2).to("cuda:1")

                def forward(self, x):
                    return self.net2(self.net1(x.to("cuda:0")).to("cuda:1"))
            """
        ),
        # A script that launches its own processes already: not ours to restructure.
        Invalid(
            """
            import torch
            import torch.multiprocessing as mp
            from torch import nn

            class Stack(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList(
                        nn.Linear(4, 4).to(f"cuda:{i % 2}") for i in range(4)
                    )

            def main(rank):
                model = Stack()

            if __name__ == "__main__":
                mp.spawn(main, nprocs=2)
            """
        ),
        Invalid(_SCRIPT_BEFORE, _SCRIPT_AFTER),
        Invalid(
            _SCRIPT_BEFORE.replace(
                'layer = layer.to(f"cuda:{device_id}")',
                'layer = layer.to(f"cuda:{device_id}") if torch.cuda.is_available() else layer',
            ).replace("def train():\n", "def train():\n    device = 'cpu'\n")
        ),
    ]

    def check(self) -> None:
        source = self.context.source
        if "%" not in source and "cuda:" not in source and not _INDEXED_CUDA.search(source):
            return  # neither a modulo placement nor GPUs named by index: nothing to look at
        module = self.context.module
        self._report_hand_split(module)
        placements = self._placements(module)
        if not placements:
            return
        missing = self._structure_problems(module, placements)
        message = (
            "layers are placed on GPUs round-robin (`i % n`): no parallelism, and consecutive layers"
            " on different GPUs break the forward pass; use DistributedDataParallel under torchrun"
        )
        if missing:
            for placement in placements:
                self.report(placement.node or placement.loop, f"{message} (not rewritten: {missing})")
            return
        edits: dict[cst.CSTNode, Replacement] = {}
        for placement in placements:
            edits.update(placement.edits)
        edits.update(self._scaffolding(module, placements[0].owner))
        self.report(placements[0].node or placements[0].loop, message, edits=edits)

    # -- finding the placements

    def _placements(self, module: cst.Module) -> list[_Placement]:
        found: list[_Placement] = []
        for owner, loop, target, body in _loops_with_owner(self.tree, module):
            loop_vars = names_in(self.tree, target)
            derived = {
                name
                for small in _loop_statements(loop)
                if isinstance(small, cst.Assign) and _modulo_of(self.tree, small.value, loop_vars)
                for name in assigned_names(self.tree, small)
            }
            placement = _Placement(loop, owner)
            for call in self.tree.of_type(body, cst.Call):
                move = as_move(call)
                if move is None or move.device is None:
                    continue
                device_names = names_in(self.tree, move.device)
                if _modulo_of(self.tree, move.device, loop_vars) or device_names & derived:
                    placement.node = placement.node or call
                    placement.edits.update(self._strip(loop, call, move.subject))
            if placement.node is not None:
                placement.edits.update(_drop_unused(self.tree, loop, derived, placement.edits))
                found.append(placement)
        return found

    def _strip(self, loop: cst.CSTNode, call: cst.Call, subject: cst.BaseExpression) -> dict[cst.CSTNode, Replacement]:
        """Remove the statement that only places the layer (with an `if` around it that only guards
        the placement), or unwrap the move inside an expression."""
        for stmt in _loop_body(loop):
            if isinstance(stmt, cst.SimpleStatementLine) and _only_places(stmt, call, subject):
                return {stmt: cst.RemovalSentinel.REMOVE}
            if (
                isinstance(stmt, cst.If)
                and stmt.orelse is None
                and isinstance(stmt.body, cst.IndentedBlock)
                and len(stmt.body.body) == 1
                and isinstance(stmt.body.body[0], cst.SimpleStatementLine)
                and _only_places(stmt.body.body[0], call, subject)
            ):
                return {stmt: cst.RemovalSentinel.REMOVE}
        return {call: subject}

    # -- is the script a shape we can make distributed?

    def _structure_problems(self, module: cst.Module, placements: list[_Placement]) -> str:
        if any(marker in self.context.source for marker in _LAUNCHED_ALREADY):
            return "the script already starts processes or a process group; convert it by hand"
        if self.aliases.local_name_for("torch") != "torch":
            return "the fix is written against `import torch`, which this file lacks"
        entry = _entry_function(self.tree, module)
        if entry is None:
            return "no entry point found (an `if __name__ == \"__main__\":` block calling a function)"
        owner = placements[0].owner
        if _model_statement(entry, owner) is None:
            return f"the entry point `{entry.name.value}()` does not build the `{owner}` model"
        taken = sorted(set(_TORCHRUN_VARIABLES) & assigned_names(self.tree, entry) | (
            {p.name.value for p in entry.params.params} & set(_TORCHRUN_VARIABLES)
        ))
        if taken:
            return f"`{entry.name.value}()` already uses the names {', '.join(taken)}"
        if any(isinstance(s, cst.FunctionDef) and s.name.value == "setup_distributed" for s in module.body):
            return "a `setup_distributed` function exists already"
        return ""

    # -- the scaffolding

    def _scaffolding(self, module: cst.Module, owner: str) -> dict[cst.CSTNode, Replacement]:
        entry = _entry_function(self.tree, module)
        assert entry is not None
        loader = _loader_statement(entry, self.aliases)
        wanted = ["import os", "import torch.distributed as dist",
                  "from torch.nn.parallel import DistributedDataParallel"]
        if loader is not None:
            wanted.append("from torch.utils.data.distributed import DistributedSampler")
        imports = [line for line in (import_if_missing(self.aliases, w) for w in wanted) if line is not None]
        edits: dict[cst.CSTNode, Replacement] = dict(after_imports(module, imports))
        # The helper goes right above the entry point, with the same blank lines around both.
        helper = cst.parse_module(_SETUP_HELPER).body[0].with_changes(leading_lines=entry.leading_lines)
        blank_lines = [cst.EmptyLine() for line in entry.leading_lines if line.comment is None] or [cst.EmptyLine()]
        new_entry = _distribute(self.tree, entry, owner, loader, self.aliases).with_changes(leading_lines=blank_lines)
        edits[entry] = cst.FlattenSentinel([helper, new_entry])
        return edits

    # -- hand-split model parallelism

    def _report_hand_split(self, module: cst.Module) -> None:
        for cls in _classes(module):
            indices: set[str] = set()
            for call in self.tree.of_type(cls, cst.Call):
                move = as_move(call)
                if move is None or move.device is None:
                    continue
                literal = code_of(move.device).strip("'\"")
                if move.method == "cuda" and isinstance(move.device, cst.Integer):
                    literal = f"cuda:{move.device.value}"
                if literal.startswith("cuda:") and literal[5:].isdigit():
                    indices.add(literal)
            if len(indices) >= 2:
                self.report(
                    cls.name,
                    f"`{cls.name.value}` splits its layers by hand over {', '.join(sorted(indices))}: that is"
                    " pipeline-style model parallelism, left as is (the GPUs take turns). For data"
                    " parallelism use DistributedDataParallel under torchrun; to shard a model too big for"
                    " one GPU, use FSDP",
                )


_SETUP_HELPER = '''def setup_distributed():
    """Join the process group torchrun describes in the environment.

    Run plainly (`python script.py`) there is no such environment: a group of one, nothing to join.
    """
    rank = int(os.environ.get("RANK", 0))
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    world_size = int(os.environ.get("WORLD_SIZE", 1))
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
        device = torch.device("cuda", local_rank)
    else:
        device = torch.device("cpu")
    if world_size > 1:
        dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")
    return rank, local_rank, world_size, device
'''


def _distribute(tree: Tree, 
    entry: cst.FunctionDef, owner: str, loader: cst.SimpleStatementLine | None, aliases
) -> cst.FunctionDef:  # type: ignore[no-untyped-def]
    """The entry function with the DDP scaffolding woven into its body."""
    assert isinstance(entry.body, cst.IndentedBlock)
    body = list(entry.body.body)
    start = 1 if body and _is_docstring(body[0]) else 0
    new_body: list[cst.BaseStatement] = body[:start] + [
        cst.parse_statement("rank, local_rank, world_size, device = setup_distributed()\n")
    ]
    model_stmt = _model_statement(entry, owner)
    dataset = None
    if loader is not None:
        dataset = positional(loader.body[0].value)[0].value  # type: ignore[attr-defined]
    wrapped: str | None = None
    for stmt in body[start:]:
        if stmt is loader and dataset is not None:
            new_body.extend(_with_sampler(loader, dataset))
            continue
        if isinstance(stmt, cst.For) and loader is not None and _iterates(tree, stmt, _assigned(loader)):
            stmt = _with_set_epoch(stmt)
        if wrapped is not None:
            stmt = stmt.visit(_CallThrough(wrapped))  # type: ignore[assignment]
        new_body.append(stmt)
        if stmt is model_stmt:
            # `model` stays the plain module (its attributes, indexing and state_dict keys unchanged);
            # the forward passes go through the DistributedDataParallel wrapper, which syncs gradients.
            wrapped = _assigned(model_stmt)
            new_body.extend(
                cst.parse_statement(line)
                for line in (
                    f"{wrapped} = {wrapped}.to(device)\n",
                    f"ddp_model = {wrapped}\n",
                    f"if world_size > 1:\n    ddp_model = DistributedDataParallel({wrapped}, device_ids=[local_rank]"
                    " if torch.cuda.is_available() else None)\n",
                )
            )
    destroy = cst.parse_statement("if world_size > 1:\n    dist.destroy_process_group()\n")
    if new_body and m.matches(new_body[-1], m.SimpleStatementLine(body=[m.Return()])):
        new_body.insert(len(new_body) - 1, destroy)
    else:
        new_body.append(destroy)
    new_entry = entry.with_changes(body=entry.body.with_changes(body=new_body))
    return new_entry.visit(_OnRankZero(aliases))  # type: ignore[return-value]


class _CallThrough(cst.CSTTransformer):
    """``model(x)`` -> ``ddp_model(x)``."""

    def __init__(self, model: str) -> None:
        super().__init__()
        self.model = model

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        if m.matches(updated_node.func, m.Name(self.model)):
            return updated_node.with_changes(func=cst.Name("ddp_model"))
        return updated_node


class _OnRankZero(cst.CSTTransformer):
    """``print(...)`` and ``torch.save(...)`` statements run on rank 0 only."""

    def __init__(self, aliases) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.aliases = aliases

    def leave_SimpleStatementLine(
        self, original_node: cst.SimpleStatementLine, updated_node: cst.SimpleStatementLine
    ) -> cst.BaseStatement:
        if len(updated_node.body) != 1 or not isinstance(updated_node.body[0], cst.Expr):
            return updated_node
        call = updated_node.body[0].value
        if not isinstance(call, cst.Call):
            return updated_node
        if dotted_name(call.func) != "print" and self.aliases.qualify(call.func) != "torch.save":
            return updated_node
        return cst.If(
            test=cst.parse_expression("rank == 0"),
            body=cst.IndentedBlock(body=[updated_node.with_changes(leading_lines=[])]),
            leading_lines=updated_node.leading_lines,
        )


def _with_sampler(loader: cst.SimpleStatementLine, dataset: cst.BaseExpression) -> list[cst.BaseStatement]:
    assign = loader.body[0]
    assert isinstance(assign, cst.Assign) and isinstance(assign.value, cst.Call)
    call = assign.value
    shuffle = kwarg(call, "shuffle")
    shuffle_code = code_of(shuffle.value) if shuffle is not None else "False"
    sampler = cst.parse_statement(
        f"sampler = DistributedSampler({code_of(dataset)}, shuffle={shuffle_code}) if world_size > 1 else None\n"
    ).with_changes(leading_lines=loader.leading_lines)
    args = list(call.args)
    if shuffle is not None and shuffle_code != "False":
        # DataLoader refuses shuffle=True beside a sampler: the sampler shuffles instead.
        args = [
            a.with_changes(value=cst.parse_expression(f"sampler is None and {shuffle_code}"
                                                      if shuffle_code != "True" else "sampler is None"))
            if a is shuffle else a
            for a in args
        ]
    last = args[-1]
    args[-1] = last.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    args.append(cst.Arg(cst.Name("sampler"), keyword=cst.Name("sampler"),
                        equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
    new_loader = loader.with_changes(
        body=[assign.with_changes(value=call.with_changes(args=args))], leading_lines=[]
    )
    return [sampler, new_loader]


def _with_set_epoch(loop: cst.For) -> cst.For:
    epoch = dotted_name(loop.target)
    if epoch is None or epoch == "_":
        epoch = "epoch"
        loop = loop.with_changes(target=cst.Name("epoch"))
    set_epoch = cst.parse_statement(f"if sampler is not None:\n    sampler.set_epoch({epoch})\n")
    assert isinstance(loop.body, cst.IndentedBlock)
    return loop.with_changes(body=loop.body.with_changes(body=[set_epoch, *loop.body.body]))


def _iterates(tree: Tree, loop: cst.For, name: str) -> bool:
    """Does ``loop`` (or a loop inside it) iterate over ``name``?"""
    inner = [loop] + [n for n in _fors(tree, loop)]
    return any(dotted_name(f.iter) == name for f in inner)


def _fors(tree: Tree, node: cst.CSTNode) -> list[cst.For]:
    return tree.of_type(node, cst.For)


def _assigned(stmt: cst.SimpleStatementLine) -> str:
    assign = stmt.body[0]
    assert isinstance(assign, cst.Assign)
    name = dotted_name(assign.targets[0].target)
    assert name is not None
    return name


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return m.matches(stmt, m.SimpleStatementLine(body=[m.Expr(value=m.SimpleString() | m.ConcatenatedString())]))


def _entry_function(tree: Tree, module: cst.Module) -> cst.FunctionDef | None:
    """The module-level function that ``if __name__ == "__main__":`` calls."""
    functions = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    for stmt in module.body:
        if not (isinstance(stmt, cst.If) and "__name__" in code_of(stmt.test) and "__main__" in code_of(stmt.test)):
            continue
        for call in tree.of_type(stmt.body, cst.Call):
            name = dotted_name(call.func)
            if name in functions and isinstance(functions[name].body, cst.IndentedBlock):
                return functions[name]
    return None


def _model_statement(entry: cst.FunctionDef, owner: str) -> cst.SimpleStatementLine | None:
    """``model = Owner(...)`` among the entry function's top-level statements."""
    assert isinstance(entry.body, cst.IndentedBlock)
    for stmt in entry.body.body:
        if m.matches(
            stmt,
            m.SimpleStatementLine(
                body=[m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call(func=m.Name(owner)))]
            ),
        ):
            return stmt  # type: ignore[return-value]
    return None


def _loader_statement(entry: cst.FunctionDef, aliases) -> cst.SimpleStatementLine | None:  # type: ignore[no-untyped-def]
    """``loader = DataLoader(dataset, ...)`` (dataset a plain name) among the top-level statements."""
    assert isinstance(entry.body, cst.IndentedBlock)
    for stmt in entry.body.body:
        if not m.matches(
            stmt, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call())])
        ):
            continue
        call = stmt.body[0].value  # type: ignore[attr-defined]
        if aliases.qualify(call.func) == "torch.utils.data.DataLoader" and positional(call):
            if isinstance(positional(call)[0].value, cst.Name) and kwarg(call, "sampler") is None:
                return stmt  # type: ignore[return-value]
    return None


def _loops_with_owner(tree: Tree, module: cst.Module,
) -> list[tuple[str, cst.CSTNode, cst.BaseExpression, cst.CSTNode]]:
    """Every loop (for-statement or comprehension) as (owner, loop, target, body), the owner being the
    class or top-level function it belongs to."""
    found: list[tuple[str, cst.CSTNode, cst.BaseExpression, cst.CSTNode]] = []
    for stmt in module.body:
        if not isinstance(stmt, (cst.ClassDef, cst.FunctionDef)):
            continue
        for node in tree.descendants(stmt):
            if isinstance(node, cst.For):
                found.append((stmt.name.value, node, node.target, node.body))
            elif isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
                found.append((stmt.name.value, node, node.for_in.target, node.elt))
    return found


def _classes(module: cst.Module) -> list[cst.ClassDef]:
    return [s for s in module.body if isinstance(s, cst.ClassDef)]


def _loop_body(loop: cst.CSTNode) -> Sequence[cst.BaseStatement]:
    if not isinstance(loop, cst.For) or not isinstance(loop.body, cst.IndentedBlock):
        return []
    return loop.body.body


def _loop_lines(loop: cst.CSTNode) -> Sequence[cst.SimpleStatementLine]:
    return [s for s in _loop_body(loop) if isinstance(s, cst.SimpleStatementLine)]


def _only_places(stmt: cst.SimpleStatementLine, call: cst.Call, subject: cst.BaseExpression) -> bool:
    """``layer.to(d)``, ``layer = layer.to(d)``, ``layer = layer.to(d) if cond else layer``."""
    if len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if isinstance(small, cst.Expr):
        return small.value is call
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return False
    target = dotted_name(small.targets[0].target)
    if target is None or dotted_name(subject) != target:
        return False
    value = small.value
    if value is call:
        return True
    return isinstance(value, cst.IfExp) and value.body is call and dotted_name(value.orelse) == target


def _loop_statements(loop: cst.CSTNode) -> list[cst.BaseSmallStatement]:
    return [small for line in _loop_lines(loop) for small in line.body]


def _modulo_of(tree: Tree, node: cst.CSTNode, loop_vars: set[str]) -> bool:
    """Does ``node`` compute ``<loop variable> % <something>``?"""
    return any(
        isinstance(n.operator, cst.Modulo) and names_in(tree, n.left) & loop_vars
        for n in tree.of_type(node, cst.BinaryOperation)
    )


def _drop_unused(tree: Tree, loop: cst.CSTNode, derived: set[str], edits: dict[cst.CSTNode, Replacement]
) -> dict[cst.CSTNode, Replacement]:
    """``device_id = i % n`` goes too once nothing left in the loop reads ``device_id``."""
    removed = {id(node) for node, replacement in edits.items() if replacement is cst.RemovalSentinel.REMOVE}
    drops: dict[cst.CSTNode, Replacement] = {}
    lines = _loop_lines(loop)
    for line in lines:
        if len(line.body) != 1 or not isinstance(line.body[0], cst.Assign):
            continue
        names = assigned_names(tree, line) & derived
        if not names:
            continue
        readers = [
            other for other in lines
            if other is not line and id(other) not in removed and names & names_in(tree, other)
        ]
        if not readers:
            drops[line] = cst.RemovalSentinel.REMOVE
    return drops
