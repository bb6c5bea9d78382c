"""The helper modules behind DEV001, one question each, on code small enough to read at a glance.

The rule's own VALID/INVALID examples test the answers together; these pin the ones an example
cannot isolate (a second reason for silence would hide a broken first one).
"""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine.lint import lint_and_fix
from codemods.analysis.moved_models import MovedModels, runs_model
from codemods.core.base import RuleContext
from codemods.rules.dev001_input_not_on_device._created_inputs import _following, loop_steps_of
from codemods.rules.dev001_input_not_on_device._model_inputs import is_lengths
from codemods.rules.dev001_input_not_on_device._moved_data import MovedData
from codemods.rules.dev001_input_not_on_device.rule import InputNotOnDevice


def _context(code: str) -> RuleContext:
    return RuleContext.of("import torch\n" + code)


@pytest.mark.parametrize(
    "func, model, expected",
    [
        ("model", "model", True),
        ("model.decoder", "model", True),
        ("model.forward", "model", True),
        ("self.model.module", "self.model", True),
        ("model.parameters", "model", False),
        ("model.eval", "model", False),
        ("models", "model", False),
        ("other", "model", False),
        (None, "model", False),
    ],
)
def test_runs_model(func, model, expected):
    assert runs_model(func, model) is expected


@pytest.mark.parametrize(
    "name, expected",
    [
        ("lengths", True),
        ("src_len", True),
        ("length_tensor", True),
        ("text_lengths", True),
        ("lenet", False),
        ("x", False),
    ],
)
def test_sequence_lengths_by_name(name, expected):
    assert is_lengths(name) is expected


def _loop_source(context: RuleContext, placements: MovedModels, function: str | None = None):
    block = next(b for b in placements.blocks if (b.function.name.value if b.function else None) == function)
    loop = context.tree.of_type(context.tree.root, cst.For)[-1]
    return loop.iter, block


@pytest.mark.parametrize(
    "code, function, on_device",
    [
        # built from tensors on the device, with no collate_fn anywhere in the file
        (
            "model = Net().to(device)\nfor x in DataLoader(torch.randn(4, 2).to(device)):\n    model(x)\n",
            None,
            True,
        ),
        ("model = Net().to(device)\nfor x in DataLoader(torch.randn(4, 2)):\n    model(x)\n", None, False),
        # a loader handed in is the caller's CPU data; tensors handed in may be on the device
        ("def f(model, train_loader):\n    for x in train_loader:\n        model(x)\n", "f", False),
        ("def f(model, states):\n    for x in chunks(states):\n        model(x)\n", "f", True),
        (
            "def f(model, views):\n    for x in views:\n        model(x)\nviews = make_loaders()\nf(net, views)\n",
            "f",
            False,
        ),
    ],
)
def test_batches_drawn_from_the_device(code, function, on_device):
    context = _context(code)
    placements = MovedModels(context.tree, context.aliases)
    source, block = _loop_source(context, placements, function)
    passed = placements.arguments_passed(block)
    assert (
        MovedData(context.tree, context.aliases).drawn_from_device(
            source, block, placements.blocks[0], passed
        )
        is on_device
    )


@pytest.mark.parametrize(
    "code, guard",
    [
        ("if use_cuda:\n    model.cuda()\n", "use_cuda"),
        ("if torch.cuda.is_available():\n    model.cuda()\n", "torch.cuda.is_available()"),
        ("if n_gpu > 0:\n    model.cuda()\n", None),  # a comparison: not a flag
        ("if use_cuda:\n    model.cuda()\nelse:\n    model.float()\n", None),
        ("if use_cuda:\n    model.cuda()\nuse_cuda = False\n", None),  # the flag changes after the move
    ],
)
def test_a_model_moved_under_a_stable_condition_keeps_it(code, guard):
    context = _context("model = Net()\n" + code)
    moved = MovedModels(context.tree, context.aliases).blocks[0].moves
    assert len(moved) == 1 and moved[0].conditional
    spelled = None if moved[0].guard is None else cst.Module([]).code_for_node(moved[0].guard)
    assert spelled == guard


def test_a_model_brought_back_to_the_host_is_not_on_the_device():
    context = _context("model = Net().to(device)\nout = model(x)\nmodel = model.cpu()\nout = model(x)\n")
    placements = MovedModels(context.tree, context.aliases)
    block = placements.blocks[0]
    (moved,) = block.moves
    assert placements.on_device_at(block, moved, 2) and not placements.on_device_at(block, moved, 4)


def test_steps_after_a_statement_in_a_loop_wrap_around_to_the_loop_top():
    context = _context("a = 1\nwhile True:\n    b = 2\n    c = 3\n    d = 4\ne = 5\n")
    steps = MovedModels(context.tree, context.aliases).blocks[0].steps
    names = [cst.Module([]).code_for_node(s.node).split(" ")[0] for s in steps]
    order = [names[i] for i in _following(context.tree, steps, names.index("c"), loop_steps_of(steps))]
    assert order == ["d", "b", "e"]


def test_steps_after_a_statement_in_nested_loops_wrap_around_the_innermost():
    context = _context(
        "a = 1\nfor i in x:\n    b = 2\n    for j in y:\n        c0 = 0\n        c = 3\n        d = 4\n"
        "    e = 5\nf = 6\n"
    )
    steps = MovedModels(context.tree, context.aliases).blocks[0].steps
    names = [cst.Module([]).code_for_node(s.node).split(" ")[0] for s in steps]
    order = [names[i] for i in _following(context.tree, steps, names.index("c"), loop_steps_of(steps))]
    assert order == ["d", "c0", "e", "f"]  # the inner loop's next iteration, then what follows it


def _traced_walking_every_assignment(data: set[str], assignments) -> tuple[set[str], bool]:
    """MovedData._traced as first written: every assignment read, last first (the reference)."""
    from codemods.rules.dev001_input_not_on_device._moved_data import _data_names

    assigned: set[str] = set()
    roots = {n.split(".")[0] for n in data}
    for node, names, on_device in assignments:
        if names.isdisjoint(roots):
            continue
        assigned |= {n for n in data if n.split(".")[0] in names}
        data |= set(_data_names(context_tree[0], node.value))
        roots = {n.split(".")[0] for n in data}
        if on_device:
            return data, True
    return {n for n in data if n not in assigned}, False


context_tree: list = [None]


def _random_script(rng) -> str:
    lines = []
    for _ in range(rng.randrange(3, 25)):
        target = f"v{rng.randrange(8)}"
        if rng.random() < 0.2:
            target += f", v{rng.randrange(8)}"
        reads = ", ".join(
            f"v{rng.randrange(8)}" + (".x" if rng.random() < 0.3 else "") for _ in range(rng.randrange(3))
        )
        value = f"v{rng.randrange(8)}.to(device)" if rng.random() < 0.1 else f"g({reads})"
        lines.append(f"{target} = {value}\n")
    return (
        "".join(lines)
        + f"for batch in DataLoader(v{rng.randrange(8)}, v{rng.randrange(8)}.x):\n    model(batch)\n"
    )


@pytest.mark.parametrize("seed", range(60))
def test_tracing_batches_back_visits_the_assignments_a_full_walk_would(seed):
    import random

    context = _context(_random_script(random.Random(seed)))
    context_tree[0] = context.tree
    placements = MovedModels(context.tree, context.aliases)
    source, block = _loop_source(context, placements)
    moved = MovedData(context.tree, context.aliases)
    from codemods.rules.dev001_input_not_on_device._moved_data import _data_names

    data = set(_data_names(context.tree, source))
    reference = [
        (node, names, moved._puts_on_device(node.value))
        for node, names in moved._assignments_of(block.steps)[0]
    ]
    assert moved._traced(set(data), block.steps) == _traced_walking_every_assignment(set(data), reference)


@pytest.mark.parametrize(
    "code, function, reason",
    [
        (
            "model = Net().to(device)\nfor x in DataLoader(torch.randn(4, 2).to(device)):\n    model(x)\n",
            None,
            "device",
        ),
        ("def f(model, states):\n    for x in chunks(states):\n        model(x)\n", "f", "caller"),
        ("def f(model, train_loader):\n    for x in train_loader:\n        model(x)\n", "f", ""),
    ],
)
def test_batches_drawn_from_say_why(code, function, reason):
    context = _context(code)
    placements = MovedModels(context.tree, context.aliases)
    source, block = _loop_source(context, placements, function)
    passed = placements.arguments_passed(block)
    assert (
        MovedData(context.tree, context.aliases).drawn_from(source, block, placements.blocks[0], passed)
        == reason
    )


_GENERATOR = """device = torch.device("cuda")
class Agent:
    def __init__(self):
        self.critic = Critic().to(device)
    {decorator}def minibatches({self}states, returns):
        for ids in torch.randperm(len(states)).split(8):
            yield states[ids], {returned}
    def update(self, states, returns):
        for states_i, returns_i in self.minibatches(states, returns):
            value = self.critic(states_i.to(device))
            loss = (returns_i - value).pow(2).mean()
Agent().update(states, {passed})
"""


@pytest.mark.parametrize(
    "decorator, self_, returned, passed, found",
    [
        ("", "self, ", "returns[ids]", "returns.detach()", True),
        ("", "self, ", "returns", "torch.cat(returns)", True),
        ("", "self, ", "returns[ids]", "returns", False),  # nothing shows a tensor: maybe a list of numbers
        ("", "self, ", "returns[ids]", "returns.detach().to(device)", False),  # on the device already
        ("", "self, ", "float(returns[ids])", "returns.detach()", False),  # not an item of the parameter
        ("@staticmethod\n    ", "", "returns[ids]", "returns.detach()", False),  # positions not read
    ],
)
def test_batch_partners_shown_tensors_through_a_generator(decorator, self_, returned, passed, found):
    code = _GENERATOR.format(decorator=decorator, self=self_, returned=returned, passed=passed)
    context = _context(code)
    findings = [
        d
        for d in lint_and_fix(context.source, [InputNotOnDevice], fix=False).diagnostics
        if "returns_i" in d.message
    ]
    assert bool(findings) is found
