"""The DDP scaffolding generator (codemods/fixes/ddp_scaffolding.py) on its own, without DEV006: given a
script's entry function, its model statement and its loader, what it reads and what it writes."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from autofix.engine.edits import apply_edits
from codemods.core.base import RuleContext
from codemods.core.syntax import code_of
from codemods.fixes._model_uses import unrouted_uses
from codemods.fixes.ddp_scaffolding import (
    SETUP_DISTRIBUTED,
    Script,
    distributed_entry,
    entry_function,
    find_script,
    loader_statement,
    model_statement,
    scaffolding_edits,
)
from tests import ROOT

SCRIPT = textwrap.dedent(
    '''\
    import torch
    from torch.utils.data import DataLoader


    def main():
        """Train."""
        model = Net(4)
        loader = DataLoader(dataset, batch_size=8, shuffle=True)
        for _ in range(3):
            for x, y in loader:
                loss = model(x).sum()
        print(loss)
        torch.save(model.state_dict(), "net.pt")
        return loss


    if __name__ == "__main__":
        main()
    '''
)


def _script(code: str = SCRIPT, builder: str = "Net") -> tuple[RuleContext, Script | str]:
    context = RuleContext.of(code)
    return context, find_script(context.tree, context.aliases, builder)


def test_reads_the_entry_the_model_and_the_loader():
    _, script = _script()
    assert isinstance(script, Script)
    assert script.entry.name.value == "main"
    assert code_of(script.model).strip() == "model = Net(4)"
    assert script.model_name == "model"
    assert code_of(script.loader).strip() == "loader = DataLoader(dataset, batch_size=8, shuffle=True)"


def test_the_main_guard_may_be_written_either_way_round():
    code = SCRIPT.replace('__name__ == "__main__"', "'__main__' == __name__")
    assert entry_function(RuleContext.of(code).tree).name.value == "main"
    assert entry_function(RuleContext.of(SCRIPT.replace('"__main__"', '"__other__"')).tree) is None


def test_writes_the_entry_function():
    context, script = _script()
    entry = distributed_entry(context.tree, context.aliases, script)
    assert cst.Module(body=[entry]).code.lstrip("\n") == textwrap.dedent(
        '''\
        def main():
            """Train."""
            rank, local_rank, world_size, device = setup_distributed()
            model = Net(4)
            model = model.to(device)
            ddp_model = model
            if world_size > 1:
                ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
            sampler = DistributedSampler(dataset, shuffle=True) if world_size > 1 else None
            loader = DataLoader(dataset, batch_size=8, shuffle=sampler is None, sampler=sampler)
            for _ in range(3):
                if sampler is not None:
                    sampler.set_epoch(epoch)
                for x, y in loader:
                    loss = ddp_model(x).sum()
            if rank == 0:
                print(loss)
            if rank == 0:
                torch.save(model.state_dict(), "net.pt")
            if world_size > 1:
                dist.destroy_process_group()
            return loss
        '''
    ).replace("for _ in range(3)", "for epoch in range(3)")


def test_writes_the_imports_and_the_helper_once_above_the_entry():
    context, script = _script()
    fixed = apply_edits(context.module, scaffolding_edits(context.tree, context.aliases, script)).code
    assert fixed.startswith(
        "import torch\nfrom torch.utils.data import DataLoader\nimport os\nimport torch.distributed as dist\n"
        "from torch.nn.parallel import DistributedDataParallel\n"
        "from torch.utils.data.distributed import DistributedSampler\n\n\n"
    )
    assert fixed.count(SETUP_DISTRIBUTED) == 1
    assert f"{SETUP_DISTRIBUTED}\n\ndef main():" in fixed


def test_a_shuffle_flag_is_kept_for_the_plain_run():
    code = SCRIPT.replace("shuffle=True", "shuffle=args.shuffle")
    context, script = _script(code)
    loader = [
        s
        for s in distributed_entry(context.tree, context.aliases, script).body.body
        if "DataLoader(" in code_of(s)
    ]
    assert code_of(loader[0]).strip() == (
        "loader = DataLoader(dataset, batch_size=8, shuffle=sampler is None and args.shuffle, sampler=sampler)"
    )


def test_without_a_loader_no_sampler():
    code = SCRIPT.replace("loader = DataLoader(dataset, batch_size=8, shuffle=True)", "loader = batches()")
    context, script = _script(code)
    assert script.loader is None
    fixed = apply_edits(context.module, scaffolding_edits(context.tree, context.aliases, script)).code
    assert "sampler" not in fixed and "DistributedSampler" not in fixed


@pytest.mark.parametrize(
    "change, problem",
    [
        (
            ("    main()\n", "    import torch.multiprocessing as mp\n    mp.spawn(main)\n"),
            "already starts processes",
        ),
        (("import torch\n", "import torch as T\n"), "lacks"),
        (('if __name__ == "__main__":\n    main()\n', ""), "no entry point found"),
        (("model = Net(4)", "model = make()"), "does not build the model with `Net(...)`"),
        (("    return loss\n", "    return loss\n\n\ndef other():\n    return Net(2)\n"), "called 2 times"),
        (("    print(loss)\n", "    print(loss)\n    device = 'cpu'\n"), "already uses the names device"),
        (
            ("import torch\n", "import torch\n\n\ndef setup_distributed():\n    pass\n"),
            "`setup_distributed` function",
        ),
        (("loss = model(x).sum()", "loss = model.encode(x).sum()"), "`model.encode(...)` is called directly"),
    ],
)
def test_says_what_keeps_the_scaffolding_out(change, problem):
    old, new = change
    assert old in SCRIPT
    _, script = _script(SCRIPT.replace(old, new))
    assert isinstance(script, str) and problem in script, script


def test_a_docstring_that_names_ddp_is_not_a_launcher():
    _, script = _script('"""Made for DistributedDataParallel and init_process_group."""\n' + SCRIPT)
    assert isinstance(script, Script)


@pytest.mark.parametrize(
    "use, unrouted",
    [
        ("out = model(x)", None),
        ("params = list(model.parameters())", None),
        ("model.eval()", None),
        ("model.cuda()", None),
        ("w = model[0].weight.detach()", None),
        ("flag = model.training", None),
        ("print(model)", None),
        ("torch.save(model, 'm.pt')", None),
        ("out = model.forward(x)", "`model.forward(...)` is called directly"),
        ("out = model[0](x)", "`model[0](...)` is called directly"),
        ("model.cuda(1)", "`model.cuda(...)` is called directly"),
        ("for layer in model:\n        x = layer(x)", "a loop iterates over `model`"),
        ("out = [stage(x) for stage in model.stages]", "a loop iterates over `model.stages`"),
        ("fit(model, x)", "`model` is handed to `fit()`"),
        ("net = model", "`model` is passed on"),
        ("return model", "`model` is passed on"),
        ("model = Other()", "`model` is bound again"),
    ],
)
def test_which_uses_of_the_model_go_around_the_wrapper(use, unrouted):
    code = f"import torch\n\ndef main(x):\n    model = Net()\n    {use}\n"
    context = RuleContext.of(code)
    entry = context.module.body[1]
    found = unrouted_uses(context.tree, context.aliases, entry, entry.body.body[0])
    assert found == ([unrouted] if unrouted else [])


def test_model_statement_and_loader_statement_look_at_top_level_statements_only():
    code = SCRIPT.replace("    model = Net(4)\n", "    if True:\n        model = Net(4)\n")
    entry = entry_function(RuleContext.of(code).tree)
    assert model_statement(entry, "Net") is None
    context = RuleContext.of(SCRIPT.replace("DataLoader(dataset,", "DataLoader(make(),"))
    assert loader_statement(entry_function(context.tree), context.aliases) is None


def test_the_helper_text_exists_once_in_the_code_base():
    line = 'dist.init_process_group(backend="nccl" if torch.cuda.is_available() else "gloo")'
    holders = [p.name for p in (ROOT / "codemods").rglob("*.py") if line in p.read_text()]
    assert holders == ["ddp_scaffolding.py"]
