"""Import-aware name resolution: star imports, imports inside functions, TYPE_CHECKING blocks."""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.tree import Tree


def aliases_of(source: str) -> ImportAliases:
    return ImportAliases.of(Tree(cst.parse_module(source)))


def test_torch_from_a_star_import_when_the_file_reads_it_and_never_binds_it():
    found = aliases_of("from utils import *\nx = torch.zeros(3)\n")
    assert found.qualify(cst.parse_expression("torch.zeros")) == "torch.zeros"
    assert found.module_name_for("torch") == "torch"


def test_a_star_import_brings_nothing_the_file_does_not_read_or_binds_itself():
    assert aliases_of("from utils import *\nnet = Net()\n").local_name_for("torch") is None
    bound = aliases_of("from utils import *\ntorch = load()\nx = torch.zeros(3)\n")
    assert bound.qualify(cst.parse_expression("torch.zeros")) is None


def test_a_star_import_of_torchs_own_modules_brings_their_public_names_not_torch():
    found = aliases_of("from torch import *\nfrom torch.autograd import *\nx = Variable(FloatTensor(3))\n")
    assert found.qualify(cst.parse_expression("Variable(x)")) == "torch.autograd.Variable"
    assert found.qualify(cst.parse_expression("FloatTensor")) == "torch.FloatTensor"
    # torch's `__all__` has no `torch`, and a name the file binds itself is its own
    assert aliases_of("from torch import *\nx = torch.zeros(3)\n").local_name_for("torch") is None
    own = aliases_of("from torch import *\ndef zeros(n): ...\nx = zeros(3)\n")
    assert own.qualify(cst.parse_expression("zeros(3)")) is None


def test_imports_inside_functions_and_type_checking_are_read_but_not_module_level():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    import numpy as np\n"
        "def main():\n"
        "    import torch\n"
        "    return torch.zeros(3)\n"
        "try:\n"
        "    import pandas as pd\n"
        "except ImportError:\n"
        "    pd = None\n"
    )
    found = aliases_of(source)
    assert found.qualify(cst.parse_expression("torch.zeros")) == "torch.zeros"
    assert found.local_name_for("numpy") == "np"
    assert found.module_name_for("torch") is None
    assert found.module_name_for("numpy") is None
    assert found.module_name_for("pandas") == "pd"


def test_answers_carried_to_the_next_pass_only_for_nodes_still_there_and_the_same_imports():
    module = cst.parse_module("import torch as T\nx = T.zeros(1)\ny = T.ones(1)\n")
    tree = Tree(module)
    aliases = ImportAliases.of(tree)
    kept_call, changed_call = (stmt.body[0].value for stmt in module.body[1:])
    assert aliases.qualify(kept_call) == "torch.zeros" and aliases.qualify(changed_call) == "torch.ones"
    # The next pass's module: the first assignment is the same node, the second was replaced.
    after = module.with_changes(body=[*module.body[:2], cst.parse_statement("y = T.eye(1)\n")])
    carried = ImportAliases.of(Tree(after, tree), aliases)
    assert set(carried._qualified) == {id(kept_call)}
    assert carried.qualify(after.body[2].body[0].value) == "torch.eye"
    # Other imports: nothing is carried (an answer depends on them).
    renamed = after.with_changes(body=[cst.parse_statement("import numpy as T\n"), *after.body[1:]])
    assert ImportAliases.of(Tree(renamed, Tree(after, tree)), carried)._qualified == {}


def _qualified_calls(source: str) -> list[str | None]:
    """What each call of ``source`` calls, in source order, as the file's imports read it where it is."""
    tree = Tree(cst.parse_module(source))
    aliases = ImportAliases.of(tree)
    return [aliases.qualify(call) for call in tree.of_type(tree.root, cst.Call)]


def test_a_name_a_function_binds_itself_is_not_the_import_there():
    # an assignment in the function, a parameter, a lambda's parameter, a comprehension's variable
    local = "import torch.nn.functional as F\ndef go(x):\n    F = Acts\n    return F.sigmoid(x)\ny = F.sigmoid(x)\n"
    assert _qualified_calls(local) == [None, "torch.nn.functional.sigmoid"]
    parameter = "from torch.nn import init\ndef setup(w, init=Mine):\n    return init.xavier_uniform(w)\n"
    assert _qualified_calls(parameter) == [None]
    in_lambda = "import torch.nn.functional as F\nact = lambda x, F=Acts: F.relu(x)\n"
    assert _qualified_calls(in_lambda) == [None]
    in_comprehension = "import torch.nn.functional as F\nys = [F.relu(x) for F in (Acts,)]\n"
    assert _qualified_calls(in_comprehension) == [None]


def test_a_function_that_imports_the_name_or_declares_it_global_reads_the_import():
    imported = "import torch.nn.functional as F\ndef go(x):\n    import torch.nn.functional as F\n    return F.relu(x)\n"
    assert _qualified_calls(imported) == ["torch.nn.functional.relu"]
    declared = "import torch.nn.functional as F\ndef go(x):\n    global F\n    return F.relu(x)\n"
    assert _qualified_calls(declared) == ["torch.nn.functional.relu"]
    # a class body's `F` is not seen from its methods
    in_class = (
        "import torch.nn.functional as F\nclass Net:\n    F = Acts\n    a = F.relu(1)\n"
        "    def forward(self, x):\n        return F.relu(x)\n"
    )
    assert _qualified_calls(in_class) == [None, "torch.nn.functional.relu"]


def test_a_builtin_name_is_one_only_where_nothing_in_the_file_binds_it():
    def reads_builtin(source: str, names: dict[str, str] | None = None, which: int = -1) -> bool:
        """Is the ``which``-th name ``float`` of ``source`` the builtin, as the file's aliases say?"""
        tree = Tree(cst.parse_module(source))
        aliases = ImportAliases.of(tree) if names is None else ImportAliases(names)
        return aliases.is_builtin([n for n in tree.of_type(tree.root, cst.Name) if n.value == "float"][which])

    assert reads_builtin("a = np.zeros(2, dtype=float)\n")
    assert not reads_builtin("a = np.zeros(2, dtype=float)\nfloat = int\n", which=0)  # bound anywhere
    assert not reads_builtin("def f(float=int):\n    return float\n")
    assert not reads_builtin("from numpy import float64 as float\nb = float\n")
    assert not reads_builtin("a = float\n", names={})  # names given by hand: the file is not known
    # set on the builtins module, or that module handed to code that may set it (`vars`, an alias of it)
    assert not reads_builtin("import builtins\nbuiltins.float = int\nb = float\n")
    assert not reads_builtin("import builtins as B\nB.float, B.int = int, float\nb = float\n")
    assert not reads_builtin('import builtins\nsetattr(builtins, "float", int)\nb = float\n')
    assert not reads_builtin("__builtins__.float = int\nb = float\n")
    assert not reads_builtin('__builtins__["float"] = int\nb = float\n')
    assert not reads_builtin("import builtins\nvars(builtins).update(float=int)\nb = float\n")
    assert not reads_builtin("import builtins\nb = builtins\nb.float = int\nc = float\n")
    # another name set there, or the module only read: still the builtin
    assert reads_builtin("import builtins\nbuiltins.print = log\nn = builtins.len(y)\nb = float\n")
    assert reads_builtin('import builtins\nf = getattr(builtins, "float")\nb = float\n', which=-1)
