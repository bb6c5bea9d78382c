"""Routes to a module's names that no statement spells (``codemods.core.dynamic_names``): every
spelling probes found, and the look-alikes of ordinary code that must not count."""

from __future__ import annotations

import libcst as cst
import pytest

from codemods.core.dynamic_names import dynamic_name_route
from codemods.core.names import ImportAliases
from codemods.core.tree import Tree


def route_of(source: str) -> str | None:
    tree = Tree(cst.parse_module(source))
    return dynamic_name_route(tree, ImportAliases.of(tree))


# Every spelling of a route that probes found, and how the message names it (also read by
# tests/test_autofix/files/test_project_names.py: project mode's reading must find each too).
ROUTES = [
    ('globals()["device"] = "cpu"\n', "`globals()`"),
    ("G = globals\nG()['x'] = 1\n", "`globals`"),
    ("exec(code)\n", "`exec()`"),
    ("value = eval(args.expr)\n", "`eval()`"),
    ("def f():\n    print(locals())\n", "`locals()`"),
    ("vars()['x'] = 1\n", "`vars()`"),
    ("m = __import__(__name__)\n", "`__import__()`"),
    ("import sys\nsys.modules[__name__].x = 1\n", "`sys.modules`"),
    ("import sys as S\nframe = S._getframe(1)\n", "`sys._getframe`"),
    ("from sys import modules as loaded\nloaded['__main__'].x = 1\n", "`sys.modules`"),
    ("import inspect\nf = inspect.currentframe()\n", "`inspect.currentframe`"),
    ("from importlib import import_module\nm = import_module('__main__')\n", "`importlib.import_module`"),
    ("import __main__\n", "`__main__`"),
    ("def f(fn):\n    return fn.__globals__\n", "`.__globals__`"),
    (
        "import traceback\nfor frame, _ in traceback.walk_stack(None):\n    frame.f_globals\n",
        "`.f_globals`",
    ),
    ("import builtins\nbuiltins.exec(code)\n", "`builtins.exec`"),
    ("import builtins\nbuiltins.float = int\n", "the builtins module written"),
    ("import sys\nthis = sys\n", "`sys` handed on"),
    ("import sys\ngetattr(sys, 'modules')['__main__'].x = 1\n", "`getattr(..., 'modules')`"),
    ("import sys\nconfigure(sys)\n", "`sys` handed on"),
    # probe 8: other paths to the same routes
    ("import inspect\ninspect.getmodule(f).F = g\n", "`inspect.getmodule`"),
    ("getattr(f, '__globals__')['F'] = g\n", "`getattr(..., '__globals__')`"),
    ("import os\nos.sys.modules[__name__].F = g\n", "`os.sys`"),
    ("from sys import *\nmodules[__name__].F = g\n", "`from sys import *`"),
    ("import gc\nfor o in gc.get_objects():\n    pass\n", "`gc.get_objects`"),
    ("import pkgutil\nm = pkgutil.resolve_name('__main__')\n", "`pkgutil.resolve_name`"),
    ("x = f.__getattribute__('__globals__')\n", "`.__getattribute__`"),
    ("print(sorted(dir()))\n", "`dir()`"),
    ("import torch\ntorch.sigmoid = torch.relu\n", "`torch.sigmoid` assigned"),
    ("import torch.nn as nn\nnn.init.xavier_uniform_ = f\n", "`torch.nn.init.xavier_uniform_` assigned"),
    ("import torch\nsetattr(torch, 'tanh', f)\n", "`setattr` on `torch`"),
]
# Ordinary code that reaches no name by a route (the last ones are coarse for project mode's reading).
ORDINARY = [
    "model.eval()\nmodel.train()\n",  # methods called eval: attributes, not the builtin
    "class Trainer:\n    def eval(self):\n        return 1\n    def run(self):\n        return self.eval()\n",
    "for k, v in vars(args).items():\n    print(k, v)\n",  # an object's attributes
    "import torch\nx = torch.stack(xs)\ny = torch.jit.trace(model, x)\n",
    "for m in model.modules():\n    print(m)\n",
    "import sys\nif getattr(sys, 'frozen', False):\n    pass\nsys.path.append('..')\nprint(sys.argv)\n",
    "import inspect\nprint(inspect.signature(f))\n",
    "import importlib.util\nspec = importlib.util.find_spec('apex')\n",
    "f(vars=1)\n",  # a keyword's name
    "import traceback\ntraceback.print_exc()\n",
    "if __name__ == '__main__':\n    main()\n",
    "import builtins\nbuiltins.print('x')\n",  # a read of the builtins module
    "import sys\nIN_COLAB = 'google.colab' in sys.modules\n",  # is a module loaded?
    "import torch\ntorch.backends.cudnn.benchmark = True\n",  # a setting, not a function
    "print(dir(model))\n",  # an object's attributes
    "import torch\nprint(getattr(torch, 'float32'))\n",
    "def evaluate(eval=None):\n    return eval\n",  # a parameter named eval
]


@pytest.mark.parametrize("source, route", ROUTES)
def test_a_route_is_found_and_named(source, route):
    assert route_of(source) == route


@pytest.mark.parametrize("source", ORDINARY)
def test_ordinary_code_reaches_no_name_dynamically(source):
    assert route_of(source) is None
