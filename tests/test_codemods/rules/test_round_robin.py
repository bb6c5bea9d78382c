"""DEV006's analysis on its own: which moves place layers round-robin (codemods/rules/dev006_round_robin_placement/_round_robin.py), the
edits that take them out, and whether the placed layers form one nn.Module (codemods/rules/dev006_round_robin_placement/_placed_layers.py)."""

from __future__ import annotations

import textwrap

import pytest

from autofix.engine.edits import apply_edits
from autofix.engine.lint import lint_and_fix
from codemods.core.base import RuleContext
from codemods.core.syntax import code_of
from codemods.rules.dev006_round_robin_placement._placed_layers import unregistered
from codemods.rules.dev006_round_robin_placement._round_robin import removal_edits, round_robins
from codemods.rules.dev006_round_robin_placement.rule import RoundRobinPlacement

HEADER = "import torch\nfrom torch import nn\n\n"


def _placed(body: str):
    context = RuleContext.of(HEADER + textwrap.dedent(body))
    found = round_robins(context.tree, context.aliases)
    return context, found


def _without_placement(body: str) -> str:
    context, found = _placed(body)
    assert len(found) == 1
    edits, problem = removal_edits(context.tree, context.aliases, found[0])
    assert not problem
    return apply_edits(context.module, edits).code[len(HEADER) :]


@pytest.mark.parametrize(
    "body, placements",
    [
        (
            "def f(n):\n    return [nn.Linear(2, 2).to(f'cuda:{i % n}') for i in range(4)]\n",
            ["nn.Linear(2, 2).to(f'cuda:{i % n}')"],
        ),
        (
            "def f(k, n):\n    for i in range(k):\n        d = i % n\n        dev = torch.device('cuda', d)\n"
            "        yield nn.Linear(2, 2).to(dev)\n",
            ["nn.Linear(2, 2).to(dev)"],
        ),
        (
            "def f(k, n, layers):\n    for i, layer in enumerate(layers):\n        if n > 1:\n            d = i % n\n"
            "        else:\n            d = 0\n        layer.cuda(d)\n",
            ["layer.cuda(d)"],
        ),
        # Not placements: a modulo that is not a device, one device for all, a rank's own GPU.
        ("def f(n):\n    for i in range(4):\n        if i % 2:\n            print(i)\n", []),
        ("def f(device):\n    return [nn.Linear(2, 2).to(device) for i in range(4)]\n", []),
        ("def f(rank):\n    return nn.Linear(2, 2).to(rank % torch.cuda.device_count())\n", []),
    ],
)
def test_which_moves_are_round_robin_placements(body, placements):
    _, found = _placed(body)
    assert [code_of(move.call) for placed in found for move in placed.placements] == placements


def test_the_divisor_is_how_n_is_spelled():
    _, found = _placed(
        "def f(k):\n    for i in range(k):\n        d = i % (torch.cuda.device_count())\n"
        "        yield nn.Linear(2, 2).cuda(d)\n"
    )
    assert found[0].divisors == {"torch.cuda.device_count()"}


def test_leftovers_on_other_lines_go_too():
    assert _without_placement(
        """\
        class Net(nn.Module):
            def __init__(self, depth, n):
                super().__init__()
                self.blocks = nn.ModuleList([nn.Linear(2, 2).to(f"cuda:{i % n}") for i in range(depth)])
                last = (depth - 1) % n
                self.head = nn.Linear(2, 1).to(f"cuda:{last}")

            def forward(self, x):
                for i, block in enumerate(self.blocks):
                    x = block(x.to(f"cuda:{i % n}", non_blocking=True))
                return self.head(x.to(torch.device("cuda", (len(self.blocks) - 1) % n)))
        """
    ) == textwrap.dedent(
        """\
        class Net(nn.Module):
            def __init__(self, depth, n):
                super().__init__()
                self.blocks = nn.ModuleList([nn.Linear(2, 2) for i in range(depth)])
                self.head = nn.Linear(2, 1)

            def forward(self, x):
                for i, block in enumerate(self.blocks):
                    x = block(x)
                return self.head(x)
        """
    )


def test_emptied_blocks_go_and_a_dtype_stays():
    assert _without_placement(
        """\
        def build(k, n):
            layers = nn.ModuleList(nn.Linear(2, 2) for _ in range(k))
            for i, layer in enumerate(layers):
                if torch.cuda.is_available():
                    layer.cuda(i % n)
            for i in range(k):
                layers[i] = layers[i].to(f"cuda:{i % n}", torch.float64)
            return layers
        """
    ) == textwrap.dedent(
        """\
        def build(k, n):
            layers = nn.ModuleList(nn.Linear(2, 2) for _ in range(k))
            for i in range(k):
                layers[i] = layers[i].to(torch.float64)
            return layers
        """
    )


def test_a_branch_that_cannot_go_keeps_a_pass():
    assert _without_placement(
        """\
        def build(k, n, verbose):
            for i in range(k):
                if verbose:
                    print(i)
                else:
                    nn.Linear(2, 2).cuda(i % n)
        """
    ).endswith("        else:\n            pass\n")


def test_a_modulo_the_edits_would_leave_is_a_reason_not_to_fix():
    context, found = _placed(
        "def build(k, n):\n    for i in range(k):\n        d = i % n\n        print(d)\n"
        "        yield nn.Linear(2, 2).cuda(d)\n"
    )
    edits, problem = removal_edits(context.tree, context.aliases, found[0])
    assert edits == {} and problem == "`d = i % n` would still compute a GPU index with `% n`"


@pytest.mark.parametrize(
    "body, problems",
    [
        # An nn.ModuleList attribute, a list wrapped in nn.Sequential, a comprehension in nn.ModuleList.
        (
            "class Net(nn.Module):\n    def __init__(self, n):\n        super().__init__()\n"
            "        self.blocks = nn.ModuleList()\n        for i in range(4):\n"
            "            self.blocks.append(nn.Linear(2, 2).cuda(i % n))\n",
            [],
        ),
        (
            "def build(n):\n    layers = []\n    for i in range(4):\n        layer = nn.Linear(2, 2).cuda(i % n)\n"
            "        layers.append(layer)\n    return nn.Sequential(*layers)\n",
            [],
        ),
        (
            "class Net(nn.Module):\n    def __init__(self, n):\n        super().__init__()\n"
            "        self.blocks = nn.ModuleList(nn.Linear(2, 2).cuda(i % n) for i in range(4))\n",
            [],
        ),
        (
            "class Net(nn.Module):\n    def __init__(self, n):\n        super().__init__()\n"
            "        for i in range(4):\n            self.add_module(f'b{i}', nn.Linear(2, 2).cuda(i % n))\n",
            [],
        ),
        # A plain list attribute, a builder returning a list, a class that is no module, nowhere to tell.
        (
            "class Net(nn.Module):\n    def __init__(self, n):\n        super().__init__()\n        self.blocks = []\n"
            "        for i in range(4):\n            self.blocks.append(nn.Linear(2, 2).cuda(i % n))\n",
            ["the layers are kept in `self.blocks`, a Python list that no nn.Module registers"],
        ),
        (
            "def build(n):\n    return [nn.Linear(2, 2).cuda(i % n) for i in range(4)]\n",
            ["`build()` returns `[nn.Linear(2, 2).cuda(i % n) for i in range(4)]`, a Python list"],
        ),
        (
            "def build(n):\n    stages = [nn.Linear(2, 2).cuda(i % n) for i in range(4)]\n    return stages\n",
            ["`build()` returns `stages`, a Python list", "the layers are kept in `stages`, a Python list"],
        ),
        (
            "class Holder:\n    def __init__(self, n):\n        self.blocks = nn.ModuleList()\n        for i in range(4):\n"
            "            self.blocks.append(nn.Linear(2, 2).cuda(i % n))\n",
            ["`Holder` is not an nn.Module"],
        ),
        (
            "class Net(nn.Module):\n    def __init__(self, n, blocks):\n        super().__init__()\n"
            "        for i in range(4):\n            blocks.append(nn.Linear(2, 2).cuda(i % n))\n",
            ["nothing shows whether `blocks` is an nn.Module"],
        ),
    ],
)
def test_whether_the_placed_layers_form_one_module(body, problems):
    context, found = _placed(body)
    reported = unregistered(context.tree, context.aliases, found[0])
    assert len(reported) == len(problems) and all(p in r for p, r in zip(problems, reported)), reported


@pytest.mark.parametrize(
    "example",
    [e for e in RoundRobinPlacement.INVALID if e.message or e.line],
    ids=lambda e: e.message or str(e.line),
)
def test_invalid_examples_pin_their_message_and_line(example):
    diagnostics = lint_and_fix(example.code, [RoundRobinPlacement], fix=False).diagnostics
    assert example.message is None or any(example.message in d.message for d in diagnostics), diagnostics
    assert example.line is None or diagnostics[0].line == example.line


def test_explain_shows_the_whole_fixed_example():
    doc = RoundRobinPlacement.doc()
    before, after = RoundRobinPlacement.INVALID[0].code, RoundRobinPlacement.INVALID[0].after
    assert f"```python\n{before}```" in doc and f"```python\n{after}```" in doc
    assert after.count("def setup_distributed():") == 1


@pytest.mark.parametrize(
    "body, by_index, choices",
    [
        ("def f(layers):\n    for i in range(4):\n        layers[i].cuda(i)\n", ["layers[i].cuda(i)"], []),
        (
            "def f(layers):\n    return [l.to(f'cuda:{i + 1}') for i, l in enumerate(layers)]\n",
            ["l.to(f'cuda:{i + 1}')"],
            [],
        ),
        # Inputs hopping to GPU i on their way into a call, and GPUs looked up in a list: not placements.
        (
            "def f(nets, x, ok):\n    return [net(x.cuda(i) if ok else x) for i, net in enumerate(nets)]\n",
            [],
            [],
        ),
        ("def f(layers, ids):\n    for i in range(4):\n        layers[i].cuda(ids[i])\n", [], []),
        # GPUs picked `% n` and kept for objects built elsewhere.
        (
            "def f(n):\n    devices = []\n    for i in range(4):\n"
            "        devices.append(torch.device('cuda:{}'.format(i % n)))\n    return devices\n",
            [],
            ["'cuda:{}'.format(i % n)"],
        ),
        ("def f(n):\n    return ['cuda:%d' % (i % n) for i in range(4)]\n", [], ["'cuda:%d' % (i % n)"]),
    ],
)
def test_gpus_picked_by_index_or_for_other_objects(body, by_index, choices):
    _, found = _placed(body)
    assert [code_of(move.call) for placed in found for move in placed.by_index] == by_index
    assert [code_of(choice) for placed in found for choice in placed.choices] == choices
    assert not any(placed.placements for placed in found)


def test_a_definition_in_another_branch_does_not_reach():
    _, found = _placed(
        "def f(layers, n, ids):\n    for i, layer in enumerate(layers):\n        if ids:\n            d = ids[i]\n"
        "            layer.cuda(d)\n        else:\n            d = i % n\n            layer.cuda(d)\n"
    )
    assert [move.call.func.value.value for move in found[0].placements] == ["layer"]
    assert found[0].placements[0].call is found[0].placements[-1].call


def test_another_placement_of_the_same_layers_is_a_reason_not_to_fix():
    context, found = _placed(
        "def f(layers, n, device):\n    for i, layer in enumerate(layers):\n        layer.cuda(i % n)\n"
        "        layer.to(device)\n"
    )
    edits, problem = removal_edits(context.tree, context.aliases, found[0])
    assert problem == "`layer.to(device)` places the same layers another way"
