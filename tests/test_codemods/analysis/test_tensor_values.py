"""codemods.analysis.tensor_values and training_loops: which values the code shows hold no device
tensor, and which loops run once per batch."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods.analysis.tensor_values import Known, TensorValues
from codemods.analysis.training_loops import TrainingLoops
from codemods.core.base import RuleContext
from codemods.core.syntax import code_of


def _known_after(code: str) -> tuple[TensorValues, Known, cst.BaseExpression]:
    """What is known before the last expression statement of ``code`` (its simple statements bound in
    order), and that expression."""
    context = RuleContext.of(textwrap.dedent(code))
    values = TensorValues(context.tree, context.aliases)
    known = Known()
    module = context.tree.root
    assert isinstance(module, cst.Module)
    *before, last = module.body
    for statement in before:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                values.bind(small, known)
        elif isinstance(statement, cst.For):
            values.bind_loop_target(statement, known)
    expression = cst.ensure_type(cst.ensure_type(last, cst.SimpleStatementLine).body[0], cst.Expr).value
    return values, known, expression


@pytest.mark.parametrize(
    "code",
    [
        "import numpy as np\ncounts = np.bincount(y)\ncounts.argmax()\n",
        "import torch\nx = out.cpu()\nx.sum()\n",
        "import torch\nfor x, y in train_loader:\n    pass\ny\n",
        "import torch\nfrom torch.utils.data import DataLoader\ndata = DataLoader(ds)\nfor x, y in data:\n"
        "    pass\ny.view(-1)\n",
        "import torch\nfor batch in test_loader:\n    pass\nlabels = batch['label']\nlabels\n",
        "import torch\nn = len(xs)\nn * 2\n",
        "import torch\nratio = schedule(3, 4)\nratio\n",
        "import torch\nv = 1 if a else 2\nv\n",
    ],
)
def test_values_shown_on_the_host_are_plain(code):
    values, known, expression = _known_after(code)
    assert values.is_plain(expression, known)


@pytest.mark.parametrize(
    "code",
    [
        "import torch\nout = model(x)\nout\n",
        "import torch\nstats = tracker.summary()\nstats\n",
        "import torch\nfor batch in batches:\n    pass\nbatch\n",  # not known to be a loader
        "import torch\nx = x.to(device)\nx\n",
        "import torch\nloss_dict = detector(images)\nloss_dict['cls']\n",
    ],
)
def test_device_and_unknown_values_are_not_plain(code):
    values, known, expression = _known_after(code)
    assert not values.is_plain(expression, known)


def _loops(code: str) -> tuple[TrainingLoops, list[str]]:
    context = RuleContext.of(textwrap.dedent(code))
    loops = TrainingLoops(context.tree, context.aliases)
    return loops, [
        code_of(loop).splitlines()[0].strip()
        for loop in loops.loops.values()
        if id(loop) in loops.evaluation_loops
    ]


def test_loops_that_draw_batches_with_next_evaluate():
    _, evaluation = _loops(
        """
        import torch
        it = iter(loader)
        for i in range(len(loader)):
            x, y = next(it)
            out = model(x.to(device))
        while True:
            x, y = next(it)
            out = net(x)
        for i in range(steps):
            out, hidden = model(inp, hidden)
        """
    )
    assert evaluation == ["for i in range(len(loader)):", "while True:"]


def test_a_loop_over_a_loader_evaluates_also_through_a_nested_loop_and_inside_training():
    _, evaluation = _loops(
        """
        import torch
        for images, labels in test_loader:
            for crop in images.unbind(1):
                scores.append(model(crop))
        for step, (x, y) in enumerate(train_loader):
            loss = criterion(model(x), y)
            loss.backward()
            if step % 100 == 0:
                for vx, vy in val_loader:
                    out = model(vx)
        """
    )
    assert evaluation == ["for images, labels in test_loader:", "for vx, vy in val_loader:"]


def test_self_model_runs_a_model_and_save_model_does_not():
    _, evaluation = _loops(
        """
        import torch
        class Trainer:
            def validate(self):
                for x, y in self.val_loader:
                    out = self.model(x)
            def fit(self, paths):
                for path in paths:
                    self._save_model(path)
                    save_model(path)
            def _save_model(self, path):
                torch.save(self.state, path)
        """
    )
    assert evaluation == ["for x, y in self.val_loader:"]
