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
        "import torch\na, b = x.sum(), y.sum()\na\n",
        # the assignment that reaches the read, not every binding of the name
        "import torch\nloss = model(x)\nloss = loss.mean()\nloss\n",
        # arithmetic with Python numbers the code shows
        "import torch\ndef f(x, n):\n    return x.sum() / len(x) * x.size(0) / n\nf(a, 3)\nf(b, 4)\n",
        # a parameter: every call passes a loss module
        "import torch.nn as nn\nf(nn.MSELoss())\nf(crit=nn.L1Loss())\ndef f(crit):\n    crit(a, b)\n",
        # an instance of the file's module class, called
        "import torch.nn as nn\nclass L(nn.Module):\n    def forward(self, a):\n        return a.sum()\n"
        "l = L()\nl(x)\n",
        # an instance's `__call__`, given a number by every call of it
        "import torch\nclass C:\n    def __call__(self, x, n):\n        return x.sum() / n\nc = C()\nc(t, 2)\n",
        # a method of the file's loss modules, over the list a helper builds and returns
        "import torch.nn as nn\nclass L(nn.Module):\n    def __init__(self):\n        self.crit = nn.MSELoss()\n"
        "    def forward(self, x):\n        self.loss = self.crit(x, x)\n        return x\n"
        "    def score(self):\n        return self.loss\n"
        "def build():\n    losses = []\n    losses.append(L())\n    return 1, losses\n"
        "def run():\n    _, losses = build()\n    total = 0\n    for l in losses:\n        total += l.score()\n"
        "    total\n",
        # a closure reading its function's criterion
        "import torch.nn as nn\ndef f():\n    crit = nn.MSELoss()\n    def g():\n        crit(a, b)\n",
        # an argparse option converted with `type=float` is a number
        "import argparse\nimport torch.nn as nn\np = argparse.ArgumentParser()\n"
        "p.add_argument('--L1-lambda', type=float, default=100)\nopt = p.parse_args()\nl1 = nn.L1Loss()\n"
        "l1(a, b) + opt.L1_lambda * l1(c, d)\n",
        # a weight by position, a reducing `reduction` by position or written later, a custom loss
        # keeping its own `reduction`
        "import torch.nn as nn\ncrit = nn.CrossEntropyLoss(weights)\ncrit(out, y)\n",
        "import torch.nn as nn\ncrit = nn.MSELoss(None, None, 'sum')\ncrit(out, y)\n",
        "import torch.nn.functional as F\nF.nll_loss(out, y, w)\n",
        "import torch.nn as nn\ncrit = nn.MSELoss()\ncrit.reduction = 'sum'\ncrit(out, y)\n",
        "import torch.nn as nn\nclass Focal(nn.Module):\n    def __init__(self, reduction):\n"
        "        self.reduction = reduction\ncrit = nn.MSELoss()\ncrit(out, y)\n",
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
        "import torch\na, b = x.sum()\na\n",
        "import torch\n1 + 2\n",
        # rebound to a vector after the reduction: the assignment that reaches the read decides
        "import torch\nloss = x.sum()\nloss = loss * w\nloss\n",
        "import torch\ndef f(x):\n    y = x.sum()\n    for _ in range(3):\n        y\n        y = x\n",
        # divided by a value that may be a tensor (broadcasting may make a vector)
        "import torch\ndef f(x, w):\n    return x.sum() / w\nf(a, b)\n",
        # a parameter of a function that is handed on: its callers are not all shown
        "import torch.nn as nn\ndef f(c):\n    c\nf(nn.MSELoss()(a, b))\ng(f)\n",
        # a list handed to code the file does not show: it may add anything
        "import torch.nn as nn\nclass L(nn.Module):\n    def score(self):\n        return self.w.sum()\n"
        "losses = [L()]\nextend(losses)\nfor l in losses:\n    l.score()\n",
        # an instance handed to code the file does not show: its calls there may pass a tensor as `n`
        "import torch\nclass C:\n    def __call__(self, x, n):\n        return x.sum() / n\n"
        "c = C()\nregister(c)\nc(t, 2)\n",
        "import torch\nloss = x.sum()\nloss = model(x)\nloss\n",
        "import torch.nn as nn\ncriterion = make()\ncriterion(out, y)\n",
        # a model whose forward returns a batch, or bound to two classes
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, u):\n        return u.sum(1)\n"
        "model = M()\nmodel(a)\n",
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, u):\n        return u.sum()\n"
        "class N(torch.nn.Module):\n    def forward(self, u):\n        return u\n"
        "model = M()\nmodel = N()\nmodel(a)\n",
        # options that are lists (`nargs`), unconverted, or rebound by the file: not shown to be numbers
        "import argparse\nimport torch.nn as nn\np = argparse.ArgumentParser()\n"
        "p.add_argument('--w', type=float, nargs='+')\nopt = p.parse_args()\nl1 = nn.L1Loss()\nopt.w * l1(c, d)\n",
        "import argparse\nimport torch.nn as nn\np = argparse.ArgumentParser()\n"
        "p.add_argument('--w', default=1.0)\nopt = p.parse_args()\nl1 = nn.L1Loss()\nopt.w * l1(c, d)\n",
        "import argparse\nimport torch\nimport torch.nn as nn\np = argparse.ArgumentParser()\n"
        "p.add_argument('--w', type=float)\nopt = p.parse_args()\nopt.w = torch.ones(3)\nl1 = nn.L1Loss()\n"
        "opt.w * l1(c, d)\n",
        # the reduction chosen elsewhere: by position, through `**kwargs`, or written on the module
        "import torch.nn as nn\ncrit = nn.MSELoss(None, None, 'none')\ncrit(out, y)\n",
        "import torch.nn as nn\ncrit = nn.NLLLoss(w, None, -100, False)\ncrit(out, y)\n",
        "import torch.nn.functional as F\nF.mse_loss(out, y, None, None, red)\n",
        "import torch.nn as nn\nkw = {'reduction': 'none'}\ncrit = nn.MSELoss(**kw)\ncrit(out, y)\n",
        "import torch.nn.functional as F\nF.l1_loss(out, y, **kw)\n",
        "import torch.nn as nn\ncrit = nn.MSELoss()\ncrit.reduction = 'none'\ncrit(out, y)\n",
        "import torch.nn as nn\ncrit = nn.MSELoss()\ncrit.reduce = False\ncrit(out, y)\n",
        "import torch.nn as nn\nclass T:\n    def __init__(self):\n        self.crit = nn.L1Loss()\n"
        "        self.crit.reduction = mode\n    def step(self, a, b):\n        self.crit(a, b)\n",
        "import torch.nn as nn\ncrit = nn.MSELoss()\nsetattr(crit, 'reduction', 'none')\ncrit(out, y)\n",
    ],
)
def test_not_shown_to_be_scalars(code):
    scalars, expr = _last_expression(code)
    assert not scalars.is_scalar(expr)


def test_an_attribute_assigned_from_itself_is_a_cycle_not_a_recursion() -> None:
    # `self.c = self.c.to(d)` once sent is_scalar round the same value until Python's stack ran out
    code = (
        "import torch\nclass L(torch.nn.Module):\n    def __init__(self):\n        self.c = torch.ones(3).sum()\n"
        "    def forward(self, x):\n        self.c = self.c.to(x.device)\n        self.c\n"
    )
    scalars, expr = _last_expression(code)
    assert not scalars.is_scalar(expr)


@pytest.mark.parametrize(
    ("code", "rank"),
    [
        ("import torch\ntorch.zeros(3, 4)\n", 2),
        ("import torch\ntorch.zeros((3, 4, 5))\n", 3),
        ("import torch\nx = torch.zeros(len(s)).long()\nx.cuda()\n", 1),
        ("import torch\ntorch.LongTensor(ids).view(-1, 1)\n", 2),
        ("import torch\ndef make(n):\n    t = torch.ones(n)\n    return t\nmake(3)\n", 1),
        ("import torch\nfrom torch.autograd import Variable\nVariable(torch.randn(2, 2))\n", 2),
        ("import torch\ntorch.LongTensor([1, 2])\n", None),  # data: its rank is the list's nesting
        ("import torch\ntorch.zeros(*shape)\n", None),
        ("import torch\nx = torch.zeros(3)\nx = x.view(3, 1)\nx\n", 2),
        ("import torch\ndef f(x):\n    x\n", None),
    ],
)
def test_rank_of(code, rank):
    scalars, expr = _last_expression(code)
    assert scalars.rank_of(expr) == rank


def test_range_counters_are_numbers():
    scalars, expr = _last_expression("import torch\nfor c in range(3):\n    c\n")
    assert scalars.is_number(expr)
    scalars, expr = _last_expression("import torch\nfor c in items:\n    c\n")
    assert not scalars.is_number(expr)


@pytest.mark.parametrize(
    "code",
    [
        "import torch.nn.functional as F\nF.cross_entropy(out, y)\n",
        "import torch.nn.functional as F\nloss_fn = F.cross_entropy\nloss_fn(out, y)\n",
        "import torch\n(out.argmax(1) == y).sum() / len(y)\n",  # true division of a count
        "import torch\n100.0 * (out.argmax(1) == y).sum()\n",  # a float promotes an int tensor
        "import torch\n(out.argmax(1) == y).float().sum()\n",
        "import torch\ntorch.mean(x)\n",
        "import torch\nx.data.mean().detach()\n",
        "import torch\nacc = hits / n\nacc\n",
        "import torch\ndef accuracy(o, y):\n    c = (o == y).sum()\n    return c / len(y)\naccuracy(a, b)\n",
        "import torch\ndef f(o):\n    if o is None:\n        return 0.0\n    return o.mean()\nf(a)\n",
    ],
)
def test_floating_values(code: str) -> None:
    scalars, expression = _last_expression(code)
    assert scalars.is_floating(expression)


@pytest.mark.parametrize(
    "code",
    [
        "import torch\n(out.argmax(1) == y).sum()\n",  # a count: int64
        "import torch\nout.argmax(1).sum()\n",
        "import torch\nhits = (a == b).sum()\nhits * 2\n",
        "import torch\nx.sum()\n",  # of a tensor whose dtype the code does not show
        "import torch\nmodel(x).sum()\n",
        "import torch\ndef f(o):\n    if o is None:\n        return 0\n    return o.mean()\nf(a)\n",  # may be an int
        "import torch\nloss_fn = pick()\nloss_fn(out, y)\n",
        "import torch\nacc = 0\nfor b in bs:\n    acc = acc + 1\nacc\n",
    ],
)
def test_values_not_shown_floating(code: str) -> None:
    scalars, expression = _last_expression(code)
    assert not scalars.is_floating(expression)


_LOSS = "import torch\nimport torch.nn.functional as F\nloss = F.mse_loss(a, b)\n"


@pytest.mark.parametrize(
    "handed",
    [
        "grow = lambda t: t.unsqueeze_(0)\ngrow(loss)\n",
        "list(map(fn, [loss]))\n",
        "fixer.grow(loss)\n",  # a method of an object the file does not show
        "holder = Holder(loss)\n",
        "fns[0](loss)\n",
        "fx.state.loss = loss\nfx.grow()\n",  # held by an object whose method runs
    ],
)
def test_a_loss_handed_to_code_not_shown_may_be_reshaped(handed: str) -> None:
    context = RuleContext.of(_LOSS + handed + "loss\n")
    loss = context.tree.of_type(context.tree.root, cst.Expr)[-1].value
    assert not Scalars(context.tree, context.aliases).is_scalar(loss)
    # ... which only that code keeps from being 0-dim
    assert Scalars(context.tree, context.aliases, unread_code_reshapes=False).is_scalar(loss)


@pytest.mark.parametrize(
    "reshaped",
    [
        "[t.unsqueeze_(0) for t in [loss]]\n",
        "if (u := loss) is not None:\n    u.unsqueeze_(0)\n",
        "for k, t in {'l': loss}.items():\n    t.data = t.data.reshape(1)\n",
        "def same(t):\n    return t\nu = same(loss)\nu.resize_(2)\n",
        "torch.Tensor.unsqueeze_(loss, 0)\n",
        "grow = loss.unsqueeze_\n",
        "def grow(*ts):\n    for t in ts:\n        t.unsqueeze_(0)\ngrow(loss)\n",
        "def grow(**ts):\n    ts['a'].unsqueeze_(0)\ngrow(a=loss)\n",
    ],
)
def test_a_loss_the_file_shows_reshaped_is_no_scalar(reshaped: str) -> None:
    context = RuleContext.of(_LOSS + reshaped + "loss\n")
    loss = context.tree.of_type(context.tree.root, cst.Expr)[-1].value
    assert not Scalars(context.tree, context.aliases, unread_code_reshapes=False).is_scalar(loss)


@pytest.mark.parametrize(
    "handed",
    [
        "print(loss, float(loss), '{}'.format(loss))\n",
        "losses.append(loss)\ntorch.stack([loss])\ntotal.add_(loss)\n",
        "meter.update(loss.data[0])\n",  # an element of a tensor is a new one: the loss keeps its shape
        "def same(t):\n    return t\nu = same(loss)\n",
        "setattr(loss, 'requires_grad', True)\n",
    ],
)
def test_a_loss_handed_to_code_that_reshapes_nothing_stays_a_scalar(handed: str) -> None:
    context = RuleContext.of(_LOSS + handed + "loss\n")
    loss = context.tree.of_type(context.tree.root, cst.Expr)[-1].value
    assert Scalars(context.tree, context.aliases).is_scalar(loss)
