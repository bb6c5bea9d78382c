"""codemods.analysis.scalars: which expressions are 0-dim tensors."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods.analysis.scalars import Scalars
from codemods.core.base import RuleContext


def _last_expression(code: str) -> tuple[Scalars, cst.BaseExpression]:
    context = RuleContext.of(textwrap.dedent(code))
    statements = context.tree.of_type(context.tree.root, cst.Expr)
    return Scalars(context.tree, context.aliases), statements[-1].value


@pytest.mark.parametrize(
    "code",
    [
        "import torch.nn.functional as F\nF.cross_entropy(out, y)\n",
        "import torch\ntorch.nn.functional.mse_loss(a, b, size_average=False)\n",
        "import torch\nx.sum()\n",
        "import torch\nx.norm(2)\n",
        "import torch\ntorch.mean(x)\n",
        "import torch\n-0.5 * torch.sum(1 + logvar)\n",
        "import torch.nn as nn\ncriterion = nn.BCELoss()\ncriterion(p, y).data\n",
        "import torch\nloss = (a - b).pow(2).mean()\nloss.detach()\n",
        "import torch\ntotal = 0\nfor b in bs:\n    total += b.sum().data\ntotal\n",
        "import torch\ndef f(x):\n    return x.abs().sum()\nf(y) + f(z)\n",
        "import torch.nn as nn\nclass T:\n    def __init__(self):\n        self.crit = nn.MSELoss()\n"
        "    def step(self, a, b):\n        self.crit(a, b)\n",
        # a model of the file whose forward returns a loss: called, or its forward called
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, u, v):\n        return -1 * (u * v).sum()\n"
        "model = M()\nmodel.forward(a, b)\n",
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, u):\n        return u.sum()\n"
        "model = M()\nmodel(a)\n",
    ],
)
def test_scalars(code):
    scalars, expr = _last_expression(code)
    assert scalars.is_scalar(expr)


@pytest.mark.parametrize(
    "code",
    [
        "import torch\nx.sum(1)\n",
        "import torch\nx.sum(dim=0)\n",
        "import torch\ntorch.max(x, 1)\n",
        "import torch.nn as nn\ncriterion = nn.CrossEntropyLoss(reduction='none')\ncriterion(out, y)\n",
        "import torch.nn.functional as F\nF.nll_loss(out, y, reduce=False)\n",
        "import torch\ndef f(loss):\n    loss\n",
        "import torch\nloss = model(x)\nloss\n",
        "import torch\ntotal = 0\ntotal\n",
        "import torch\na, b = x.sum(), y.sum()\na\n",
        "import torch\n1 + 2\n",
        "import torch\nloss = x.sum()\nloss = model(x)\nloss\n",
        "import torch.nn as nn\ncriterion = make()\ncriterion(out, y)\n",
        # a model whose forward returns a batch, or bound to two classes
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, u):\n        return u.sum(1)\n"
        "model = M()\nmodel(a)\n",
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, u):\n        return u.sum()\n"
        "class N(torch.nn.Module):\n    def forward(self, u):\n        return u\n"
        "model = M()\nmodel = N()\nmodel(a)\n",
    ],
)
def test_not_shown_to_be_scalars(code):
    scalars, expr = _last_expression(code)
    assert not scalars.is_scalar(expr)
