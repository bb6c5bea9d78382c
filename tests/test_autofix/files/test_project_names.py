"""Project mode: what a project's other files bring into a file's names (``autofix.files.project_names``).

A star import of a project module binds what that module binds; a module the file imports that reaches
names by a route no statement spells makes the file's fixes unsafe; one that switches the current GPU
keeps ``.cuda(0)`` from being read as the portable device. A file given alone keeps today's readings.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from autofix.files.project_names import _import_aliases, _route, project_names
from tests.test_codemods.core.test_dynamic_names import ORDINARY, ROUTES

MAIN_F = """\
import torch
import torch.nn.functional as F
from layers import *

x = torch.randn(3)
print(F.sigmoid(x))
"""

HELPER_ROUTE = """\
import sys


def install():
    sys.modules["__main__"].F = None
"""

MAIN_IMPORTING_HELPER = """\
import torch
import torch.nn.functional as F
import helper

helper.install()
print(F.sigmoid(torch.randn(3)))
"""


def _write(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def _facts(root: Path, name: str = "main.py"):
    return project_names(sorted(root.glob("*.py"))).get(root / name)


@pytest.fixture
def check(run_cli):
    def run(*paths: Path) -> str:
        return run_cli("check", "--no-cache", "--select", "DEV012,DEV007", *map(str, paths))[1]

    return run


def test_a_star_import_binds_what_the_project_module_binds(tmp_path):
    layers = "import torch\n\n\nclass F:\n    @staticmethod\n    def sigmoid(x):\n        return x\n"
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": layers})
    facts = _facts(root)
    assert facts is not None and facts.star_names("layers") == (("F", "layers.F"), ("torch", "torch"))


def test_a_star_import_that_rebinds_a_torch_name_keeps_its_fix_away(tmp_path, check):
    layers = "class F:\n    @staticmethod\n    def sigmoid(x):\n        return x\n"
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": layers})
    assert "DEV012" not in check(root)  # the project: `F` is layers' class
    assert "DEV012" in check(root / "main.py")  # alone: the import's reading stands


def test_a_star_import_that_re_exports_torch_keeps_the_fix(tmp_path, check):
    layers = "import torch.nn.functional as F\nfrom torch.autograd import Variable\n"
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": layers})
    out = check(root)
    assert "DEV012" in out and "unsafe" not in out


@pytest.mark.parametrize(
    "layers, meaning",
    [
        ("__all__ = ['G']\nclass F:\n    pass\nG = 1\n", None),  # not listed: not bound by the star
        ("try:\n    import torch.nn.functional as F\nexcept ImportError:\n    F = None\n", "layers.F"),
        ("_F = 1\n", None),  # private
        ("import torch\nF = torch.nn.functional\n", "torch.nn.functional"),  # bound to what an import binds
        ("from .sub import *\n", None),  # relative star of a module outside the run: unknown
    ],
)
def test_what_a_star_import_binds(tmp_path, layers, meaning):
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": layers})
    facts = _facts(root)
    names = dict(facts.star_names("layers") or ()) if facts is not None else {}
    assert names.get("F") == meaning


def test_stars_of_stars_are_followed(tmp_path):
    root = _write(
        tmp_path / "p",
        {"main.py": MAIN_F, "layers.py": "from ops import *\n", "ops.py": "class F:\n    pass\n"},
    )
    facts = _facts(root)
    assert facts is not None and dict(facts.star_names("layers") or ()).get("F") == "ops.F"


def test_a_cycle_of_star_imports_ends_with_what_each_module_binds(tmp_path):
    # (at run time `ops` takes what a half-run `layers` has bound: none of torch's names)
    ops = "from layers import *\nclass F:\n    pass\n"
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": "from ops import *\n", "ops.py": ops})
    facts = _facts(root)
    assert facts is not None and dict(facts.star_names("layers") or ()).get("F") == "ops.F"


def test_an_import_only_a_type_checker_runs_binds_nothing(tmp_path):
    layers = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import torch.nn.functional as F\n"
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": layers})
    facts = _facts(root)
    assert facts is None or "F" not in dict(facts.star_names("layers") or ())


@pytest.mark.parametrize(
    "layers",
    [
        # probe 9: what binds `F` in a way the order of statements does not show
        "import torch.nn.functional as F\ndel F\n",
        "def _setup():\n    global F\n    F = 1\n_setup()\n",
        "_ = [(F := 1) for _k in range(1)]\n",
        "match 1:\n    case F:\n        pass\n",
        "__all__ = ['helper']\nF = 1\n__all__ += ['F']\n",
        "__all__ = ['helper']\nF = 1\n__all__.append('F')\n",
        "__all__ = ['helper', 'F']\ndef __getattr__(name):\n    return 1\n",
    ],
)
def test_a_name_bound_out_of_order_is_the_modules_own(tmp_path, layers):
    root = _write(tmp_path / "p", {"main.py": MAIN_F, "layers.py": layers})
    facts = _facts(root)
    assert facts is not None and dict(facts.star_names("layers") or ()).get("F") == "layers.F"


def test_a_route_in_an_imported_project_file_makes_fixes_unsafe(tmp_path, check):
    root = _write(tmp_path / "p", {"main.py": MAIN_IMPORTING_HELPER, "helper.py": HELPER_ROUTE})
    out = check(root)
    assert "unsafe: the project's `helper.py`, imported here, reaches names by `sys.modules`" in out
    assert "[*unsafe]" in out and "[*]" not in out


def test_a_route_two_imports_away_counts_and_plain_helpers_do_not(tmp_path, check):
    root = _write(
        tmp_path / "p",
        {
            "main.py": MAIN_IMPORTING_HELPER,
            "helper.py": "from deep import install\n",
            "deep.py": HELPER_ROUTE,
        },
    )
    assert "`deep.py`, imported here" in check(root)
    plain = _write(
        tmp_path / "q", {"main.py": MAIN_IMPORTING_HELPER, "helper.py": "def install():\n    pass\n"}
    )
    out = check(plain)
    assert "[*]" in out and "unsafe" not in out


def test_a_gpu_switch_in_an_imported_project_file_keeps_cuda_zero_explicit(tmp_path, check):
    main_py = "import torch\nimport helper\n\nhelper.pick()\nx = torch.zeros(2).cuda(0)\n"
    helper = "import torch\n\n\ndef pick():\n    torch.cuda.set_device(1)\n"
    root = _write(tmp_path / "p", {"main.py": main_py, "helper.py": helper})
    facts = _facts(root)
    assert facts is not None and facts.switches_gpu == "`helper.py` (`torch.cuda.set_device`)"
    assert "main.py:5:" in check(root) and "pins an explicit GPU" in check(root)


# Routes that reach only the project file's own names (called there), or a module object that nothing
# writes through (a registry reading `sys.modules[fn.__module__]`): no other file's names change.
NOT_ACROSS_FILES = {
    "`globals()`",
    "`locals()`",
    "`vars()`",
    "`dir()`",
    "`importlib.import_module`",
    "`pkgutil.resolve_name`",
}


@pytest.mark.parametrize("source, route", [(s, r) for s, r in ROUTES if r not in NOT_ACROSS_FILES])
def test_project_mode_sees_every_route_dynamic_names_sees_across_files(source, route):
    tree = ast.parse(source)
    assert _route(tree, _import_aliases(tree)) is not None


@pytest.mark.parametrize(
    "source",
    [
        "import importlib\nm = importlib.import_module('__main__')\nm.F = g\n",
        "import sys\nsetattr(sys.modules['__main__'], 'F', g)\n",
        "import sys\nsys.modules['__main__'].__dict__.update(F=g)\n",
        "import sys\ndef install(name):\n    vars(sys.modules[name])['F'] = g\n",
        "G = globals\n",  # handed out: called in the importing file, it gives that file's names
        "import sys as _sys\nmodules = _sys.modules\n",  # handed out: an importer may write through it
    ],
)
def test_a_module_object_written_through_or_a_route_handed_out_counts(source):
    tree = ast.parse(source)
    assert _route(tree, _import_aliases(tree)) is not None


def test_a_registry_reading_module_objects_does_not_count():
    source = (
        "import sys\n\n\ndef register_model(fn):\n    mod = sys.modules[fn.__module__]\n"
        "    if hasattr(mod, '__all__'):\n        mod.__all__.append(fn.__name__)\n    return fn\n"
    )
    tree = ast.parse(source)
    assert _route(tree, _import_aliases(tree)) is None


@pytest.mark.parametrize("source", ORDINARY[:-1])  # (a parameter named `eval` is read coarsely)
def test_project_mode_sees_no_route_in_ordinary_code(source):
    tree = ast.parse(source)
    assert _route(tree, _import_aliases(tree)) is None
