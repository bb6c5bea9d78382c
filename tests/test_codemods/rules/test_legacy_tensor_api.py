"""DEV009 shapes beyond its examples: imports in a top-level `try`, legacy type aliases in their
scopes, `torch.Tensor` literals, and the runtime facts the rewrites stand on."""

from __future__ import annotations

import textwrap

import torch

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev009_legacy_tensor_api.rule import LegacyTensorApi


def _fix(code: str, unsafe: bool = False) -> str | None:
    return lint_and_fix(
        textwrap.dedent(code).lstrip("\n"), [LegacyTensorApi], fix=True, unsafe_fixes=unsafe
    ).new_text


def _messages(code: str) -> list[str]:
    outcome = lint_and_fix(textwrap.dedent(code).lstrip("\n"), [LegacyTensorApi], fix=False)
    return [f"{d.line}: {d.message}" for d in outcome.diagnostics]


def test_import_in_a_top_level_try_is_reported_and_goes():
    code = """
        try:
            import torch

            from torch.autograd import Variable
        except ImportError:
            raise
        h = Variable(torch.zeros(3))
        """
    assert any(m.startswith("4: `Variable` is the pre-0.4 wrapper") for m in _messages(code))
    assert (
        _fix(code, unsafe=True)
        == "try:\n    import torch\nexcept ImportError:\n    raise\nh = torch.zeros(3)\n"
    )
    # Safe fixes alone keep the import: another module may take `Variable` from this one (`import *`).
    assert "from torch.autograd import Variable" in (_fix(code) or "")


def test_a_function_local_alias_shadows_the_module_one():
    code = """
        import torch
        Tensor = torch.FloatTensor

        def sample(n):
            Tensor = torch.cuda.FloatTensor
            return Tensor(n, 2)

        ones = Tensor(4).fill_(1)
        """
    fixed = _fix(code)
    assert fixed is not None
    assert 'return torch.empty(n, 2, dtype=torch.float32, device="cuda")' in fixed
    assert "ones = torch.empty(4, dtype=torch.float32).fill_(1)" in fixed
    assert "    Tensor = torch.cuda.FloatTensor\n" not in fixed  # unused local alias: safe to remove
    assert "Tensor = torch.FloatTensor\n" in fixed  # a module-level one may be imported elsewhere


def test_unused_module_level_alias_goes_only_with_unsafe_fixes():
    code = "import torch\nTensor = torch.FloatTensor\nx = Tensor(3)\n"
    assert _fix(code, unsafe=True) == "import torch\nx = torch.empty(3, dtype=torch.float32)\n"


def test_a_condition_that_may_read_differently_is_not_copied():
    code = """
        import torch

        def reparameterize(mu):
            Tensor = torch.cuda.FloatTensor if mu.is_cuda else torch.FloatTensor
            return Tensor(mu.size(0), 2).normal_()
        """
    messages = _messages(code)
    assert any("chosen by a condition" in m for m in messages)
    assert any("its device is chosen by a condition that may read differently here" in m for m in messages)
    assert _fix(code) is None


def test_torch_tensor_of_int_literals_keeps_the_default_dtype():
    fixed = _fix("import torch\nx = torch.Tensor([1, 2])\n")
    assert fixed == "import torch\nx = torch.tensor([1, 2], dtype=torch.get_default_dtype())\n"
    assert torch.Tensor([1, 2]).dtype == torch.tensor([1, 2], dtype=torch.get_default_dtype()).dtype
    assert torch.Tensor([0.5]).dtype == torch.tensor([0.5]).dtype
    assert torch.Tensor(2, 3).dtype == torch.empty(2, 3).dtype


def test_type_through_a_cpu_alias_is_a_conversion_and_a_move():
    x = torch.arange(3, dtype=torch.float64)
    assert torch.equal(x.type(torch.FloatTensor), x.to("cpu", torch.float32))
    assert x.type(torch.FloatTensor).dtype == x.to("cpu", torch.float32).dtype
