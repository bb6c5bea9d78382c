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
