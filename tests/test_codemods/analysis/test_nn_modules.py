"""The shared reading of what may hold a model (``ModelHolders``) and of what may cast one
(``module_casts``), and what DEV004 makes of a cast it reaches by a way the file does not name."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from autofix.engine.lint import lint_and_fix
from codemods import rules_by_code
from codemods.analysis.nn_modules import model_holders, model_names, module_casts, module_classes
from codemods.core.base import RuleContext
from codemods.core.syntax import code_of


def _holders_at_end(code: str) -> tuple[RuleContext, cst.BaseExpression, cst.CSTNode]:
    """The context, and the expression of the last statement with the statement."""
    context = RuleContext.of(textwrap.dedent(code))
    last: cst.CSTNode = context.module.body[-1]
    while isinstance(last, (cst.For, cst.FunctionDef)):
        last = last.body.body[-1]
    assert isinstance(last, cst.SimpleStatementLine)
    expr = last.body[0]
    assert isinstance(expr, cst.Expr)
    return context, expr.value, last


@pytest.mark.parametrize(
    "code, held",
    [
        ("net = Net()\nlayers = [net]\nlayers[0]\n", True),  # a list holding the model
        ('nets = {"a": Net()}\nnets["a"]\n', True),  # a dict's value
        ("nets = []\nnets.append(Net())\nnets[0]\n", True),  # added later
        ("nets = {}\nnets['a'] = Net()\nnets\n", True),
        ("net = Net()\nfor m in [net]:\n    m\n", True),  # a loop over the models
        ("model = nn.Sequential(Net())\nfor i, c in enumerate(model.children()):\n    c\n", True),
        ("def prep(models):\n    for m in models:\n        m\n\nprep([Net()])\n", False),  # (last: the call)
        ("net = Net()\nout = net(x)\nout\n", False),  # what a model returns
        ("net = Net()\nfor x in batches:\n    x\n", False),  # a loop over something else
        ("net = Net()\nouts = [net(x)]\nouts[0]\n", False),
        # (round 7) a part picked by a method, `getattr`, an index into a list of its children, `next`
        ('net = Net()\nnet.get_submodule("post")\n', True),
        ('net = Net()\ngetattr(net, "post")\n', True),
        ("net = nn.Sequential(Net())\nlist(net.children())[0]\n", True),
        ('nets = {"a": Net()}\nm = nets.get("a")\nm\n', True),
        ("parts = dict(Net().named_children())\nparts.popitem()[1]\n", True),
        ("model = nn.Sequential(Net())\nfirst = next(iter(model))\nfirst\n", True),
        ("nets = [Net()]\n(m := nets[0])\n", True),
        ("a, b = Net(), Net()\nb\n", True),  # unpacked
        ("def build():\n    return Net()\n\nnet = build()\nnet\n", True),  # a function's result
        ("def run(x):\n    return Net()(x)\n\nout = run(x)\nout\n", False),  # (its output)
        # handed by keyword, or to a class that keeps it
        ("def prep(model):\n    model\n\nprep(model=Net())\n", False),  # (last: the call)
        ("net = Net()\nout = net.encode(x)\nout\n", False),  # what a model's method returns
        ("net = Net()\nlen(net)\n", False),
    ],
)
def test_what_holds_a_model(code, held):
    source = "import torch\nfrom torch import nn\n\nclass Net(nn.Module):\n    pass\n\n" + code
    context, expr, where = _holders_at_end(source)
    tree, aliases = context.tree, context.aliases
    holders = model_holders(tree, aliases, model_names(tree, aliases), module_classes(tree, aliases))
    assert holders.holds(expr, where) is held


def _holds_at_casts(source: str, maybe: bool = False) -> list[bool]:
    """Whether what each `.half()` of ``source`` is called on holds (or with ``maybe`` may hold) a model."""
    context = RuleContext.of(textwrap.dedent(source))
    tree, aliases = context.tree, context.aliases
    holders = model_holders(tree, aliases, model_names(tree, aliases), module_classes(tree, aliases))
    ask = holders.may_hold if maybe else holders.holds
    return [
        ask(call.func.value, call)
        for call in tree.of_type(tree.root, cst.Call)
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "half"
    ]


def test_a_parameter_handed_a_model_by_keyword_or_to_a_class_holds_one():
    source = """
        import torch
        from torch import nn

        def prep(model, other):
            model.half()
            other.half()

        class Trainer:
            def __init__(self, net):
                self.model = net

            def setup(self):
                self.model.half()

        prep(other=torch.ones(2), model=nn.Linear(2, 2))
        Trainer(nn.Linear(2, 2)).setup()
        """
    assert _holds_at_casts(source) == [True, False, True]


def test_self_and_super_are_the_module_in_its_own_methods_only():
    source = """
        import torch
        from torch import nn

        class Net(nn.Module):
            def to_half(self):
                for child in self.children():
                    child.half()
                super().half()
                self.scale.half()  # an attribute of the module: a tensor
                self.fc(x).half()  # a layer's output

        class Trainer:
            def setup(self):
                self.half()
        """
    assert _holds_at_casts(source) == [True, True, False, False, False]


def test_what_may_hold_a_model():
    source = """
        import copy, itertools
        import torch
        from torch import nn

        a, b = nn.Linear(2, 2), nn.Linear(2, 2)
        copy.deepcopy(a).half()
        (a if flag else b).half()
        for m in itertools.chain([a], [b]):
            m.half()
        twin = torch.compile(a)
        twin.half()
        a(x).half()  # its output
        len([a]).half()
        make(x).half()  # handed no model
        """
    assert _holds_at_casts(source) == [False, False, False, False, False, False, False]
    assert _holds_at_casts(source, maybe=True) == [True, True, True, True, False, False, False]


def test_a_loop_variable_over_models_holds_one_only_in_its_function():
    source = textwrap.dedent(
        """
        import torch
        from torch import nn

        def prep(models):
            return [m.half() for m in models]

        def other(m):
            return m.half()

        prep([nn.Linear(2, 2)])
        """
    )
    context = RuleContext.of(source)
    tree, aliases = context.tree, context.aliases
    holders = model_holders(tree, aliases, model_names(tree, aliases), module_classes(tree, aliases))
    held = [
        holders.holds(call.func.value, call)
        for call in tree.of_type(tree.root, cst.Call)
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "half"
    ]
    assert held == [True, False]


@pytest.mark.parametrize(
    "line, found",
    [
        ("model.half()", ("model.half()", "model", "half", "")),
        (
            "model.to(device, torch.float64)",
            ("model.to(device, torch.float64)", "model", "to", "device|torch.float64"),
        ),
        ("nn.Module.double(net)", ("nn.Module.double(net)", None, "double", "")),
        ("nn.Module.to(net, device)", ("nn.Module.to(net, device)", None, "to", "device")),
        ("to_half = nn.Module.half", ("nn.Module.half", None, "half", None)),
        ("getattr(net, precision)()", ("getattr(net, precision)()", "net", None, "")),
        ('getattr(net, "double")()', ('getattr(net, "double")()', "net", "double", "")),
        ("cast = net.half", ("net.half", "net", "half", None)),
        ("type(net).double(net)", ("type(net).double(net)", None, "double", "")),
        ("net.__class__.half(net)", ("net.__class__.half(net)", None, "half", "")),
        (
            "net._apply(torch.Tensor.double)",
            ("net._apply(torch.Tensor.double)", "net", "_apply", "torch.Tensor.double"),
        ),
        ('map(operator.methodcaller("half"), nets)', ('operator.methodcaller("half")', None, "half", "")),
        ('map(operator.methodcaller("eval"), nets)', None),
        ("class Net(nn.Module):\n    def half(self):\n        return super().half()", None),  # forwarded
        ('getattr(net, "fc")(x)', None),  # a layer
        ("x = torch.float", None),  # a dtype
        ("kind = layer.type", None),  # an attribute so named
        ("y = torch.Tensor.half(x)", None),  # a tensor's method
    ],
)
def test_module_casts(line, found):
    context = RuleContext.of(f"import operator\nimport torch\nfrom torch import nn\n{line}\n")
    casts = [
        (
            code_of(c.node),
            None if c.receiver is None else code_of(c.receiver),
            c.method,
            None if c.args is None else "|".join(code_of(a.value) for a in c.args),
        )
        for c in module_casts(context.tree, context.aliases)
    ]
    assert casts == ([found] if found else [])


_MODULE = """\
import torch
from torch import nn

class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.ones(3)

    def forward(self, x):
        return x * self.scale

"""


@pytest.mark.parametrize(
    "code, safety",
    [
        # a cast the file makes by a way the reading follows now: unsafe
        ("net = Scaled()\nfor m in [net]:\n    m.double()\n", "unsafe"),
        ("net = Scaled()\nlayers = [net]\nlayers[0].double()\n", "unsafe"),
        ('models = {"a": Scaled()}\nfor k in models:\n    models[k] = models[k].double()\n', "unsafe"),
        ("nets = []\nnets.append(Scaled())\nfor n in nets:\n    n.half()\n", "unsafe"),
        ("outer = nn.Sequential(Scaled())\nfor c in outer.children():\n    c.half()\n", "unsafe"),
        ("net = Scaled()\nnn.Module.double(net)\n", "unsafe"),
        ("half = nn.Module.half\nhalf(Scaled())\n", "unsafe"),
        ("net = Scaled()\nname = 'half'\ngetattr(net, name)()\n", "unsafe"),
        ("net = Scaled()\nnet.to(**cfg)\n", "unsafe"),
        ("ref = torch.zeros(1, dtype=torch.float64)\nnet = Scaled().to(ref)\n", "unsafe"),
        ("dtypes = {'fp64': torch.float64}\nnet = Scaled()\nnet.to(dtypes['fp64'])\n", "unsafe"),
        ("net = Scaled().to(torch.zeros(1, device='cuda', dtype=torch.half))\n", "unsafe"),
        # (round 7) a part picked otherwise, a class's method, `_apply`, `methodcaller`, a keyword
        # parameter, a trainer's attribute, the module's own `self`/`super()`, what may hold a model
        ("net = nn.Sequential(Scaled())\nnet.get_submodule('0').half()\n", "unsafe"),
        ("net = nn.Sequential(Scaled())\nnext(iter(net)).half()\n", "unsafe"),
        ("net = Scaled()\ntype(net).double(net)\n", "unsafe"),
        ("net = Scaled()\nnet._apply(lambda t: t.double())\n", "unsafe"),
        ("import operator\nnets = [Scaled()]\nlist(map(operator.methodcaller('half'), nets))\n", "unsafe"),
        ("def prep(model):\n    model.half()\n\nprep(model=Scaled())\n", "unsafe"),
        (
            "class Trainer:\n    def __init__(self, net):\n        self.net = net\n\n"
            "    def go(self):\n        self.net.half()\n\nTrainer(Scaled()).go()\n",
            "unsafe",
        ),
        ("class Half(Scaled):\n    def prepare(self):\n        return super().half()\n", "unsafe"),
        ("import copy\nnet = Scaled()\ntwin = copy.deepcopy(net).double()\n", "unsafe"),
        ("a, b = Scaled(), nn.Linear(2, 2)\n(a if flag else b).half()\n", "unsafe"),
        ("def build():\n    return Scaled()\n\nnet = build()\nnet.half()\n", "unsafe"),
        # look-alikes: a move, a layer, a tensor's cast, a loop over something else: safe as before
        ("net = Scaled()\nfor m in [net]:\n    m.to(device)\n", "safe"),
        ("net = Scaled()\nnet.to(x.device)\n", "safe"),
        ("d = torch.device('cuda')\nnet = Scaled()\nnet.to(d)\n", "safe"),
        ("net = Scaled()\nnet.to(0)\n", "safe"),
        ("net = Scaled()\nnet.to('cuda' if torch.cuda.is_available() else 'cpu')\n", "safe"),
        ("net = Scaled()\nnet.to(torch.device('cuda', 0))\n", "safe"),
        ("net = Scaled()\nnn.Module.to(net, 'cuda')\n", "safe"),
        ("net = Scaled()\ngetattr(net, 'scale')\n", "safe"),
        (
            "class Stack(nn.Module):\n    def forward(self, x):\n        return getattr(self, 'l' + str(1))(x)\n",
            "safe",
        ),
        ("net = Scaled()\nout = net(x)\nout.double()\n", "safe"),
        ("net = Scaled()\nfor b in batches:\n    b.half()\n", "safe"),
        ("net = Scaled()\nx = torch.ones(3, dtype=torch.half)\n", "safe"),
        ("import copy\nnet = Scaled()\ny = copy.deepcopy(batch).half()\n", "safe"),  # handed no model
        ("net = Scaled()\nh = net.encode(x).half()\n", "safe"),  # a model's method's result
        (
            "class Half(Scaled):\n    def half(self):\n        return super().half()\n\n"
            "    def go(self, x):\n        return self.scale.half() + self.fc(x).half()\n",
            "safe",
        ),
    ],
)
def test_dev004_reads_every_cast_that_may_reach_the_module(code, safety):
    outcome = lint_and_fix(_MODULE + code, [rules_by_code()["DEV004"]], fix=False)
    assert [d.safety for d in outcome.diagnostics] == [safety]
