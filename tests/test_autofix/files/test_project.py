"""Project mode: a folder's files know what the functions and classes they import from each other move."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest

from autofix.files.project import _exported_moves, project_moves
from codemods.analysis.values import Values
from codemods.core.names import ImportAliases
from codemods.core.tree import Tree

TRAINER = """\
import torch


class Trainer:
    def __init__(self, model, optimizer, use_cuda=False):
        self.model = model
        if use_cuda:
            self.model.cuda()


def fit(net, loader, device):
    net.to(device)


def half(net):
    net.to(torch.float16)
"""

MAIN = """\
import torch
import trainer as tr
from trainer import Trainer


def main():
    model = Net()
    opt = torch.optim.Adagrad(model.parameters())
    Trainer(model, opt, use_cuda=True)
    net = Net()
    net_opt = torch.optim.Adagrad(net.parameters())
    tr.fit(net, [], "cpu")
"""


def _project(tmp_path: Path) -> Path:
    (tmp_path / "trainer.py").write_text(TRAINER)
    (tmp_path / "main.py").write_text(MAIN)
    return tmp_path


def test_imports_carry_what_the_imported_names_move(tmp_path):
    root = _project(tmp_path)
    facts = project_moves([root / "main.py", root / "trainer.py"])
    assert facts == {
        root / "main.py": (
            ("Trainer", ("model", "optimizer", "use_cuda"), ("model",)),
            ("tr", (), ()),  # the module itself is in sight: it moves nothing
            ("tr.Trainer", ("model", "optimizer", "use_cuda"), ("model",)),
            ("tr.fit", ("net", "loader", "device"), ("net",)),
        )
    }


def test_relative_imports_and_packages(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text("def place(module):\n    return module.cuda()\n")
    builds = "opt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
    (package / "run.py").write_text("from .helpers import place as put\nimport torch\n" + builds)
    (tmp_path / "script.py").write_text("from pkg.helpers import place\n" + builds)
    files = [package / "__init__.py", package / "helpers.py", package / "run.py", tmp_path / "script.py"]
    facts = project_moves(files)
    assert facts[package / "run.py"] == (("put", ("module",), ("module",)),)
    assert facts[tmp_path / "script.py"] == (("place", ("module",), ("module",)),)


def test_a_module_outside_the_run_and_a_broken_file_give_nothing(tmp_path):
    (tmp_path / "main.py").write_text(MAIN)
    (tmp_path / "broken.py").write_text("def (:\n")
    assert project_moves([tmp_path / "main.py", tmp_path / "broken.py"]) == {}


@pytest.mark.parametrize(
    "source",
    [
        TRAINER,
        "def f(a, b):\n    a = a.to(dev)\n    b.float()\n",
        "class C:\n    def __init__(self, m, n):\n        self.m = m\n        self.m.to(d)\n        n.cpu()\n",
        "def g(m):\n    def inner(m):\n        m.cuda()\n    return inner\n",
        "class T:\n    def __init__(self, g, d, ok):\n        self.g, self.d = g, d\n        if ok:\n            self.d.cuda()\n",
        "class K:\n    def __init__(self, net, device):\n        self.net = net.to(device)\n",
        "class S:\n    def __init__(self, g):\n        self.g = g\n        self._gpu()\n\n"
        "    def _gpu(self):\n        self.g.cuda()\n",
        # helpers handing on to helpers: by position, by keyword, kept on self; `log` moves nothing
        "def place(m, d):\n    m.to(d)\n\n\ndef setup(net, opt, d):\n    place(net, d=d)\n\n\n"
        "def train(model, opt, dev):\n    setup(model, opt, dev)\n\n\ndef log(model):\n    print(model)\n\n\n"
        "class Runner:\n    def __init__(self, g, d):\n        self.g = g\n        place(m=self.g, d=d)\n",
    ],
)
def test_the_project_reading_agrees_with_the_rules_reading(source):
    """The same question asked of another file (ast) and of this one (libcst) gets the same answer."""
    exported = {name: set(moved) for name, (_, moved) in _exported_moves(ast.parse(source)).items()}
    tree = Tree(cst.parse_module(source))
    values = Values(tree, ImportAliases.of(tree))
    in_file = {}
    for stmt in tree.root.body:
        function = stmt
        if isinstance(stmt, cst.ClassDef):
            inits = [
                s for s in stmt.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ]
            function = inits[0]
        if isinstance(function, cst.FunctionDef):
            # The model also knows the attributes a method moves (`self.net`): the files' facts are
            # what a call moves of what it is handed.
            moved = {p for p in values.moved_parameters(function) if "." not in p and p != "self"}
            if moved:
                in_file[stmt.name.value] = moved
    assert exported == in_file


def test_a_folder_reports_the_optimizer_another_file_moves_the_model_of(tmp_path, run_cli):
    root = _project(tmp_path)
    code, out, _ = run_cli("check", "--select", "DEV005", ".", cwd=root)
    assert code == 1
    assert "main.py:8:5: DEV005" in out and "`Trainer(...)` moves `model`" in out
    assert "main.py:11:5: DEV005" in out and "`tr.fit(...)` moves `net`" in out
    # A file given alone stays alone: only the guess about a callee out of sight handed a device choice.
    code, out, _ = run_cli("check", "--select", "DEV005", "main.py", cwd=root)
    assert code == 1 and "moves `model` in its own body" not in out and "main.py:11" not in out
    assert "main.py:8:5: DEV005" in out and "which likely moves it there" in out


def test_the_cache_follows_the_imported_file(tmp_path, run_cli):
    root = _project(tmp_path)
    assert run_cli("check", "--select", "DEV005", ".", cwd=root)[0] == 1
    (root / "trainer.py").write_text(
        TRAINER.replace("self.model.cuda()", "pass").replace("net.to(device)", "pass")
    )
    code, out, _ = run_cli("check", "--select", "DEV005", ".", cwd=root)
    assert code == 0, out


def test_a_gan_trainer_in_another_file_that_keeps_both_networks_in_one_line(tmp_path, run_cli):
    """Issue 27 shape 1: ``Trainer(G, D, G_opt, D_opt, use_cuda=...)`` defined in ``training.py``
    keeps ``self.G, self.D = generator, discriminator`` and moves both under its flag."""
    (tmp_path / "training.py").write_text(
        "class Trainer:\n"
        "    def __init__(self, generator, discriminator, g_opt, d_opt, use_cuda=False):\n"
        "        self.G, self.D = generator, discriminator\n"
        "        if use_cuda:\n"
        "            self.G.cuda()\n"
        "            self.D.cuda()\n"
    )
    (tmp_path / "main.py").write_text(
        "import torch\n"
        "from training import Trainer\n"
        "G, D = Generator(), Discriminator()\n"
        "G_opt = torch.optim.Adam(G.parameters())\n"
        "D_opt = torch.optim.Adam(D.parameters())\n"
        "trainer = Trainer(G, D, G_opt, D_opt, use_cuda=torch.cuda.is_available())\n"
    )
    code, out, _ = run_cli("check", "--select", "DEV005", ".", cwd=tmp_path)
    assert code == 1
    assert "main.py:4:1: DEV005" in out and "`Trainer(...)` moves `G`" in out
    assert "main.py:5:1: DEV005" in out and "`Trainer(...)` moves `D`" in out


def test_a_helper_chain_in_the_imported_file(tmp_path):
    """``train(model, opt)`` in trainer.py moves nothing itself but hands the model to a helper of
    its own file that does: the importing file learns that ``train`` moves ``model``."""
    (tmp_path / "trainer.py").write_text(
        "def to_device(net, device):\n    return net.to(device)\n\n\n"
        "def train(model, opt, loader, device):\n    to_device(model, device)\n"
        "    for x in loader:\n        opt.step()\n"
    )
    (tmp_path / "main.py").write_text(
        "import torch\nfrom trainer import train\n\n\ndef main(loader):\n    model = Net()\n"
        "    opt = torch.optim.Adagrad(model.parameters())\n    train(model, opt, loader, 'cuda')\n"
    )
    facts = project_moves([tmp_path / "main.py", tmp_path / "trainer.py"])
    assert facts == {tmp_path / "main.py": (("train", ("model", "opt", "loader", "device"), ("model",)),)}
