"""Code TorchScript compiles (``codemods.core.torchscript``): a fix there is offered as unsafe."""

from __future__ import annotations

import libcst as cst
import pytest

from codemods.core.names import ImportAliases
from codemods.core.torchscript import compiled_by
from codemods.core.tree import Tree


def _compiled(source: str) -> str | None:
    """How TorchScript compiles the first ``torch.zeros(...)`` call of ``source``."""
    tree = Tree(cst.parse_module(source))
    aliases = ImportAliases.of(tree)
    call = next(c for c in tree.of_type(tree.root, cst.Call) if aliases.qualify(c.func) == "torch.zeros")
    return compiled_by(tree, aliases, source, call)


@pytest.mark.parametrize(
    "source, how",
    [
        (
            "import torch\nclass Block(torch.jit.ScriptModule):\n    def keep(self):\n"
            "        return torch.zeros(1)\n",
            "a `torch.jit.ScriptModule`",
        ),
        (
            "from torch import jit\nimport torch\n@jit.script\ndef f(x):\n    return x + torch.zeros(1)\n",
            "`@torch.jit.script`",
        ),
        (
            "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return torch.zeros(1)\n"
            "m = torch.jit.script(M())\n",
            "the file hands modules to `torch.jit.script`",
        ),
    ],
)
def test_compiled_code_is_named(source, how):
    assert _compiled(source) == how


@pytest.mark.parametrize(
    "source",
    [
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return torch.zeros(1)\n",
        # tracing runs Python: it compiles nothing the fix writes
        "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return torch.zeros(1)\n"
        "m = torch.jit.trace(M(), torch.ones(1))\n",
        # a function outside the scripted class
        "import torch\ndef f():\n    return torch.zeros(1)\nclass B(torch.jit.ScriptModule):\n    pass\n",
    ],
)
def test_python_code_is_not(source):
    assert _compiled(source) is None


def test_a_fix_in_a_script_module_is_unsafe(tmp_path, run_cli):
    (tmp_path / "block.py").write_text(
        "import torch\n\n\nclass Block(torch.jit.ScriptModule):\n    def __init__(self):\n"
        "        super().__init__()\n        self.fc = torch.nn.Linear(2, 2)\n\n"
        "    @torch.jit.script_method\n    def forward(self, x):\n        return self.fc(x) + torch.zeros(2)\n"
    )
    out = run_cli("check", "--no-cache", "--select", "DEV003", str(tmp_path / "block.py"))[1]
    assert "TorchScript compiles this code" in out and "[*unsafe]" in out
