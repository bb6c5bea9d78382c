"""Project mode: which names a project's other files take from a file, so that removing an unused
``from torch.autograd import Variable`` is safe exactly where none of them can take it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofix.files.project import closed_root, project_exports

MODEL = """\
import torch
from torch.autograd import Variable


class Net(torch.nn.Module):
    def forward(self, x):
        return x
"""

MODEL_FIXED = """\
import torch


class Net(torch.nn.Module):
    def forward(self, x):
        return x
"""


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return _write(tmp_path / "proj", {"model.py": MODEL})


def _taken(root: Path, name: str = "model.py") -> tuple[str, ...] | None:
    return project_exports([root], [root / name]).get(root / name)


@pytest.mark.parametrize(
    "importer, taken",
    [
        ("from model import Net\nnet = Net()\n", ("Net",)),
        ("import model\nnet = model.Net()\n", ("Net",)),
        ("import model as m\nnet = m.Net()\n", ("Net",)),
        ("from model import Net, Variable\n", ("Net", "Variable")),
        ("import torch\n", ()),  # names nothing of it
        ("def f():\n    from model import Net as N\n    return N\n", ("Net",)),
        ("import pkg\nnet = pkg.model.Net()\n", ("Net",)),  # through a package importing it
    ],
)
def test_names_taken_by_name(project, importer, taken):
    _write(project, {"train.py": importer})
    assert _taken(project) == taken


@pytest.mark.parametrize(
    "files",
    [
        {"train.py": "from model import *\n"},
        {"scripts/train.py": "import sys\nsys.path.append('..')\nfrom model import *\n"},
        {"pkg/model.py": MODEL, "pkg/__init__.py": "", "pkg/train.py": "from .model import *\n"},
        {"train.py": "import model\nparts = vars(model)\n"},  # the module handed on as a value
        {"train.py": "import importlib\nm = importlib.import_module('model')\n"},
        {"train.py": "from model import (\n"},  # cannot be parsed, names the module
        {
            "nb.ipynb": json.dumps(
                {
                    "cells": [
                        {"cell_type": "code", "source": ["%matplotlib inline\n", "from model import *\n"]}
                    ]
                }
            )
        },
    ],
)
def test_anything_may_be_taken(project, files):
    _write(project, files)
    assert _taken(project) is None
    if "pkg/model.py" in files:
        assert _taken(project, "pkg/model.py") is None


def test_a_package_init_is_never_closed(project):
    _write(project, {"pkg/__init__.py": MODEL})
    assert _taken(project, "pkg/__init__.py") is None


def test_notebook_and_subfolder_importers_by_name(project):
    cell = {"cell_type": "code", "source": "!pip install x\nfrom model import Net\n"}
    _write(project, {"nb.ipynb": json.dumps({"cells": [cell]}), "sub/run.py": "from model import Net\n"})
    assert _taken(project) == ("Net",)


def test_version_control_and_environments_are_not_the_project(project):
    _write(
        project,
        {
            ".git/hooks/x.py": "from model import *\n",
            "venv/pyvenv.cfg": "",
            "venv/lib/y.py": "from model import *\n",
        },
    )
    assert _taken(project) == ()
    _write(project, {".github/check.py": "from model import *\n"})  # other hidden folders are walked
    assert _taken(project) is None


def test_a_closed_root_is_no_package_and_has_no_python_beside_it(tmp_path):
    root = _write(tmp_path / "repo", {"src/model.py": MODEL, "train.py": "from src.model import *\n"})
    assert closed_root(root)
    assert not closed_root(root / "src")  # `train.py` above it may import from it
    _write(root, {"pkg/__init__.py": ""})
    assert not closed_root(root / "pkg")


# -- the rule, through the command line


def test_apply_on_a_folder_removes_the_unused_import_safely(project, run_cli):
    _write(project, {"train.py": "from model import Net\n\nnet = Net()\n"})
    code, _, _ = run_cli("apply", "--select", "DEV009", "proj", cwd=project.parent)
    assert code == 0
    assert (project / "model.py").read_text() == MODEL_FIXED


def test_a_file_alone_keeps_the_removal_unsafe(project, run_cli):
    run_cli("apply", "--select", "DEV009", "proj/model.py", cwd=project.parent)
    assert (project / "model.py").read_text() == MODEL


@pytest.mark.parametrize(
    "files",
    [
        {"sub/train.py": "from model import *\n"},  # a star-importer in a subfolder
        {"pkg/__init__.py": "", "pkg/model.py": MODEL, "pkg/train.py": "from .model import *\n"},
        {"train.py": "from model import Variable\n"},
    ],
)
def test_a_folder_whose_files_may_take_it_keeps_it(project, files, run_cli):
    _write(project, files)
    run_cli("apply", "--select", "DEV009", "proj", cwd=project.parent)
    assert (project / "model.py").read_text() == MODEL
    if "pkg/model.py" in files:
        assert (project / "pkg" / "model.py").read_text() == MODEL


def test_a_subfolder_of_a_project_is_not_closed(tmp_path, run_cli):
    root = _write(tmp_path / "repo", {"train.py": "from src.model import *\n", "src/model.py": MODEL})
    run_cli("apply", "--select", "DEV009", "src", cwd=root)
    assert (root / "src" / "model.py").read_text() == MODEL


ALIASED = """\
import torch

FLOAT = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
x = FLOAT(2, 3)
"""


@pytest.mark.parametrize("importer, kept", [("import torch\n", False), ("from net import FLOAT\n", True)])
def test_an_unused_module_level_alias_goes_safely_where_no_file_takes_it(tmp_path, run_cli, importer, kept):
    root = _write(tmp_path / "proj", {"net.py": ALIASED, "train.py": importer})
    run_cli("apply", "--select", "DEV009", "proj", cwd=tmp_path)
    fixed = (root / "net.py").read_text()
    assert ("FLOAT =" in fixed) is kept
    assert "torch.empty(2, 3" in fixed
