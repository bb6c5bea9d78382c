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


SCRIPT_MODULE = """\
import torch


class Block(torch.jit.ScriptModule):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(2, 2)

    def bias(self):
        return torch.ones(2)

    @torch.jit.script_method
    def forward(self, x):
        return self.fc(x) + self.bias() + torch.zeros(2)
"""


def test_a_fix_writing_what_torchscript_refuses_is_unsafe_there(tmp_path, run_cli):
    (tmp_path / "block.py").write_text(SCRIPT_MODULE)
    out = run_cli("check", "--no-cache", "--select", "DEV003", str(tmp_path / "block.py"))[1]
    bias, forward = [line for line in out.splitlines() if "DEV003" in line]
    # `bias()` has no input: its fix reads `next(self.parameters()).device`, which does not compile
    assert "TorchScript compiles this code" in bias and "[*unsafe]" in bias
    # `forward`'s fix reads `x.device`: TorchScript compiles that, so the fix stays safe
    assert "TorchScript" not in forward and forward.endswith("[*]")
