"""The value model: what names hold at a statement, and which models are on a device there."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods.analysis.values import Kind, Place, Values
from codemods.core.base import RuleContext


def _model(code: str, project: dict | None = None) -> tuple[Values, RuleContext]:
    context = RuleContext.of(textwrap.dedent(code).lstrip("\n"))
    if project:
        context.project_moves = project
    return Values.of(context), context


def _line(context: RuleContext, text: str) -> cst.CSTNode:
    """The (last) simple statement whose code is ``text``."""
    found = [
        s
        for s in context.tree.of_type(context.module, cst.SimpleStatementLine)
        if context.module.code_for_node(s).strip() == text
    ]
    assert found, text
    return found[-1]


def test_built_once_per_context():
    values, context = _model("import torch\n")
    assert Values.of(context) is values
    assert Values.of(RuleContext.of("import torch\n")) is not values


@pytest.mark.parametrize(
    ("code", "name", "kind", "place", "dtype"),
    [
        ("x = torch.zeros(3)", "x", Kind.TENSOR, Place.HOST, "float32"),
        ("x = torch.zeros(3, device=device)", "x", Kind.TENSOR, Place.DEVICE, "float32"),
        ('x = torch.arange(3, device="cuda")', "x", Kind.TENSOR, Place.CUDA, None),
        ("x = torch.ones(2, dtype=torch.float64)", "x", Kind.TENSOR, Place.HOST, "float64"),
        ("a = np.zeros(3)\nx = torch.from_numpy(a)", "x", Kind.TENSOR, Place.HOST, "float64"),
        ("a = np.array(v, dtype=np.float32)", "a", Kind.ARRAY, Place.UNKNOWN, "float32"),
        ("d = torch.device('cuda' if ok else 'cpu')", "d", Kind.DEVICE, Place.DEVICE, None),
        ("d = next(model.parameters()).device", "d", Kind.DEVICE, Place.MODEL, None),
        ("n = 3 * 4", "n", Kind.NUMBER, Place.UNKNOWN, None),
        ("loader = DataLoader(ds)\nfor batch in loader:\n    pass", "batch", Kind.BATCH, Place.UNKNOWN, None),
        ("net = nn.Linear(2, 3)", "net", Kind.MODULE, Place.HOST, None),
        ("net = nn.Linear(2, 3)\nnet.cuda()", "net", Kind.MODULE, Place.CUDA, None),
        ("net = nn.Linear(2, 3).to(device)", "net", Kind.MODULE, Place.DEVICE, None),
        ("net = nn.Linear(2, 3).to(device)\nnet.cpu()", "net", Kind.MODULE, Place.HOST, None),
        ("a, (b, c) = 1, f()\nb2, c2 = 2, 3", "c2", Kind.NUMBER, Place.UNKNOWN, None),
    ],
)
def test_what_a_name_holds(code, name, kind, place, dtype):
    values, context = _model(
        "import numpy as np\nimport torch\nfrom torch import nn\nfrom torch.utils.data import DataLoader\n"
        + code
        + "\nprint()\n"
    )
    held = values.holds(name, context.module.body[-1])
    assert (held.kind, held.place, held.dtype) == (kind, place, dtype)


def test_an_optimizer_and_the_parameters_it_takes():
    values, context = _model(
        """
        import torch
        params = list(G.parameters()) + list(H.parameters())
        opt = torch.optim.Adam(params)
        other = torch.optim.SGD(D.parameters(), lr=0.1)
        print()
        """
    )
    end = context.module.body[-1]
    assert values.holds("opt", end).kind is Kind.OPTIMIZER
    assert values.holds("other", end).over == ("D",)
    assert values.parameters_of(cst.Name("params"), end) == ("G", "H")


def test_is_the_model_on_a_device_yet():
    values, context = _model(
        """
        import torch
        model = Net()
        a = 1
        model.to(device)
        b = 2
        model = Net()
        c = 3
        """
    )
    assert values.model_move_before("model", _line(context, "a = 1")) is None
    assert values.model_move_before("model", _line(context, "b = 2")) is not None
    assert values.model_move_before("model", _line(context, "c = 3")) is None  # another model now


def test_moves_inside_the_files_own_functions_and_classes():
    values, context = _model(
        """
        import torch

        def place(net):
            net.cuda()

        def train(model, opt):
            place(model)

        def build():
            model = Net()
            model.to(device)
            return model

        class Trainer:
            def __init__(self, G, D, use_cuda=False):
                self.G, self.D = G, D
                self.use_cuda = use_cuda
                self._setup()

            def _setup(self):
                if self.use_cuda:
                    self.D.cuda()

        class Keeper:
            def __init__(self, model, device):
                self.model = model.to(device)

        a, b, c, d = Net(), Net(), Net(), Net()
        train(a, None)
        trainer = Trainer(b, c, use_cuda=True)
        keeper = Keeper(d, "cuda")
        e = build()
        print()
        """
    )
    end = context.module.body[-1]
    moved = {name: values.model_move_before(name, end) for name in "abcde"}
    assert moved["a"] is not None and moved["a"].via == "train"
    assert moved["b"] is None  # the trainer keeps G and never moves it
    assert moved["c"] is not None and moved["c"].via == "Trainer"
    assert moved["d"] is not None and moved["d"].via == "Keeper"
    assert moved["e"] is not None and moved["e"].via == "build"


def test_a_copy_and_a_dtype_change_move_nothing():
    values, context = _model(
        """
        import copy
        import torch

        def export(model):
            twin = copy.deepcopy(model)
            twin.cuda()

        def halve(model):
            model.to(torch.float16)

        net = Net()
        export(net)
        halve(net)
        print()
        """
    )
    assert values.model_move_before("net", context.module.body[-1]) is None


def test_the_projects_other_files():
    values, context = _model(
        """
        from trainer import Trainer
        net = Net()
        t = Trainer(net, opt)
        print()
        """,
        project={"Trainer": (("model", "optimizer"), ("model",))},
    )
    move = values.model_move_before("net", context.module.body[-1])
    assert move is not None and move.via == "Trainer"


def test_an_attribute_of_self_as_the_constructor_leaves_it():
    values, context = _model(
        """
        import torch
        from torch import nn

        class Agent:
            def __init__(self, device):
                self.net = nn.Linear(4, 2)
                self.net.to(device)
                self.memory = torch.zeros(10)

            def act(self, state):
                print(state)

        scale = 3.0
        def helper():
            print(scale)
        """
    )
    act = _line(context, "print(state)")
    net = values.holds("self.net", act)
    assert (net.kind, net.place, net.device) == (Kind.MODULE, Place.DEVICE, "device")
    assert values.holds("self.memory", act).place is Place.HOST
    assert values.model_move_before("self.net", act) is not None
    assert values.holds("scale", _line(context, "print(scale)")).kind is Kind.NUMBER


@pytest.mark.parametrize(
    ("body", "reads"),
    [
        ("n = 0\n    for p in model.parameters():\n        n += p.numel()\n    print(model, n)", True),
        ('print("{}: {}".format(name, len(model)))', True),
        ("for p in model.parameters():\n        p.data.normal_(0, 0.02)", False),  # changes the weights
        ("model.fc = None", False),  # rebinds a part of what it was handed
        ("cache[name] = model", False),
        ("global seen\n    seen = model", False),
        ("helper(model)", False),  # a call whose effects its body does not show
        ("self.count += 1", False),  # a method naming its receiver
    ],
)
def test_only_reads_what_it_is_handed(body, reads):
    code = f"class Solver:\n    def show(self, model, name):\n        {body.replace(chr(10), chr(10) + '    ')}\n"
    values, context = _model(code)
    function = next(
        f for f in context.tree.of_type(context.module, cst.FunctionDef) if f.name.value == "show"
    )
    assert values.only_reads(function) is reads
