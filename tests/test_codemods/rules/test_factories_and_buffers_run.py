"""DEV003 and DEV004 rewrites, built and run with torch.

A rewrite of an ``nn.Module`` can parse and still fail when the module is constructed
(``register_buffer`` after a plain assignment of the same name raises ``KeyError``) or run. So every
rewritten DEV003/DEV004 corpus module is imported and its ``run()`` called (it constructs the modules
and calls forward), with the same results as before the rewrite; and each DEV004 example's rewritten
class is constructed, run, and shown to hold its tensors as buffers that ``.to()`` moves, or, for an
LSTM's state tuple, to give the same results and to run on the emulated GPU where the original fails.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap
import types
from pathlib import Path

import libcst as cst
import pytest
import torch
from torch import nn

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev003_factory_without_device.rule import FactoryWithoutDevice
from codemods.rules.dev004_tensor_attribute_not_buffer.rule import TensorAttributeNotBuffer
from tests import ROOT

CORPUS = ROOT / "corpus"
REWRITTEN = [
    case
    for rule in ("DEV003", "DEV004")
    for case in sorted((CORPUS / rule).iterdir())
    if (case / "before.py").read_bytes() != (case / "after.py").read_bytes()
]


def _load(path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(f"case_{path.parent.name}_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("case", REWRITTEN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rewritten_corpus_module_runs(case):
    torch.manual_seed(0)
    after = _load(case / "after.py").run()
    torch.manual_seed(0)
    before = _load(case / "before.py").run()  # on the CPU, before runs too: the fix keeps its results
    assert after.keys() == before.keys()
    for key in after:
        torch.testing.assert_close(after[key], before[key], msg=f"{case.name}: {key} differs")


# The rewritten classes of DEV004's examples: constructor arguments, forward inputs, and the names
# that must now be buffers.
BUILDS = {
    "Causal": ((4, [1.0, 2.0, 3.0, 4.0]), (torch.randn(4, 4),), {"alpha", "pe", "mask"}),
    "Net": ((), (torch.randn(8, 2),), {"anchors"}),
    "Attn": ((2, True, False), (torch.randn(2, 2),), {"mask", "bias"}),
    "Running": ((3,), (torch.randn(5, 3),), {"mean"}),
    "Attention": ((4,), (torch.randn(4, 4),), {"mask"}),
    "BetaVAE": ((), (torch.randn(2, 4),), {"c_max"}),
    "Head": ((), (torch.randn(8, 2),), {"anchors"}),
    "Detector": ((), (torch.randn(8, 2),), {"head.anchors"}),
    "Policy": ((4,), (torch.randn(3, 4),), {"scale"}),
    "Other": ((), (torch.randn(3),), set()),
    "Masked": ((), (torch.randn(3),), {"mask"}),
    "Scaled": ((), (torch.randn(2, 1),), {"temperature"}),
    "Halved": ((), (torch.randn(3),), {"scale"}),
    "Half": ((), (torch.randn(3),), {"scale"}),  # (a subclass of `Halved`)
    "Sampler": ((), (torch.randn(2, 3),), {"probs"}),
    "Calibrated": ((), (torch.randn(2, 3),), {"scale"}),
    "Indexed": ((), (torch.randn(2, 3),), {"index", "scale"}),
    "Tabled": ((), (torch.randn(3),), {"table"}),
    "Saver": ((), (torch.randn(3),), {"header"}),
    "EqualizedConv": ((2, 3), (torch.randn(1, 2, 4, 4),), {"scale"}),
    "Anchored": ((torch.randn(3), torch.tensor([2, 0, 1])), (torch.randn(2, 3),), {"anchors", "ids"}),
}
# The examples whose LSTM state tuple is moved where the LSTM reads it: constructor arguments, forward inputs.
STATE_BUILDS = {
    "LRCN": ((4, 1, 2), (torch.randn(3, 2, 4),)),
    "Decoder": ((10, 4), (torch.tensor([3]),)),
}


def _classes_of(code: str) -> dict[str, type]:
    """The classes ``code`` defines (with its functions and imports), without its other module-level
    statements (``Net().cuda()``)."""
    module = cst.parse_module(code)
    kept = [
        s
        for s in module.body
        if isinstance(s, (cst.ClassDef, cst.FunctionDef))
        or (isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], (cst.Import, cst.ImportFrom)))
    ]
    namespace: dict[str, object] = {}
    exec(compile(module.with_changes(body=kept).code, "<example>", "exec"), namespace)
    return {s.name.value: namespace[s.name.value] for s in kept if isinstance(s, cst.ClassDef)}  # type: ignore[misc]


@pytest.fixture
def models_package(monkeypatch):
    """``from models import BaseVAE``, as the inferred-base example imports it."""
    monkeypatch.setitem(sys.modules, "models", types.SimpleNamespace(BaseVAE=nn.Module))


@pytest.mark.parametrize("index", range(len(TensorAttributeNotBuffer.INVALID)))
def test_dev004_example_rewrites_build_and_run(index, models_package):
    example = TensorAttributeNotBuffer.INVALID[index]
    if example.after is None:
        pytest.skip("reported, not fixed")
    for name, cls in _classes_of(example.after).items():
        if name in STATE_BUILDS:
            continue  # test_dev004_state_moves_keep_cpu_results_and_cure_the_gpu
        args, inputs, buffers = BUILDS[name]
        for variant in [args] if name != "Attn" else [args, (2, False, True)]:
            module = cls(*variant)
            module(*inputs)
            registered = {n for n, _ in module.named_buffers()} | {
                n for n, b in module._buffers.items() if b is None
            }
            assert buffers <= registered, f"{name}: {buffers - registered} are not buffers"
            assert not buffers & set(module.state_dict()), "persistent=False keeps the state dict as it was"
            moved = module.to(torch.float64)
            assert all(b.dtype == torch.float64 for n, b in moved.named_buffers() if b.is_floating_point())


def _forward_twice(cls: type, args: tuple, inputs: tuple, device: str) -> list[torch.Tensor]:
    torch.manual_seed(0)
    module = cls(*args).to(device)
    return [module(*(i.to(device) for i in inputs)).detach().cpu() for _ in range(2)]


def _class_names(code: str) -> set[str]:
    return {s.name.value for s in cst.parse_module(code).body if isinstance(s, cst.ClassDef)}


@pytest.mark.parametrize(
    "index",
    [
        i
        for i, e in enumerate(TensorAttributeNotBuffer.INVALID)
        if e.after is not None and _class_names(e.after) & set(STATE_BUILDS)
    ],
)
def test_dev004_state_moves_keep_cpu_results_and_cure_the_gpu(index):
    """An LSTM's state moved where the LSTM reads it: the same results on the CPU (the second call reads the
    state the first left), and on the emulated GPU the original fails with a device mismatch where the
    rewrite runs with the CPU's results."""
    from autofix.harness.emulated_cuda import emulated_cuda

    example = TensorAttributeNotBuffer.INVALID[index]
    befores, afters = _classes_of(example.code), _classes_of(example.after)
    for name, (args, inputs) in STATE_BUILDS.items():
        if name not in afters:
            continue
        on_cpu = _forward_twice(befores[name], args, inputs, "cpu")
        for before, after in zip(on_cpu, _forward_twice(afters[name], args, inputs, "cpu")):
            assert torch.equal(before, after)
        with emulated_cuda():
            with pytest.raises(RuntimeError, match="same device"):
                _forward_twice(befores[name], args, inputs, "cuda")
            on_gpu = _forward_twice(afters[name], args, inputs, "cuda")
        for before, after in zip(on_cpu, on_gpu):
            assert torch.equal(before, after)


def test_an_override_is_kept_and_still_moves_the_buffer():
    """A child module's ``to()`` override that moved an attribute by hand: the attribute becomes a
    buffer, the override stays, and both moving the parent and moving the child itself move it."""
    code = textwrap.dedent(
        """
        import torch
        from torch import nn

        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.anchors = torch.rand(8, 2)

            def to(self, device):
                print("moving")
                self.anchors = self.anchors.to(device)
                return super().to(device)

        class Detector(nn.Module):
            def __init__(self):
                super().__init__()
                self.head = Head()
        """
    )
    outcome = lint_and_fix(code, [TensorAttributeNotBuffer], fix=True, unsafe_fixes=True)
    assert outcome.new_text == code.replace(
        "self.anchors = torch.rand(8, 2)",
        'self.register_buffer("anchors", torch.rand(8, 2), persistent=False)',
    )
    namespace: dict[str, object] = {}
    exec(compile(outcome.new_text, "<after>", "exec"), namespace)
    detector = namespace["Detector"]()  # type: ignore[operator]
    assert "head.anchors" in dict(detector.named_buffers())
    detector.to(torch.float64)
    assert detector.head.anchors.dtype == torch.float64
    detector.head.to(torch.device("meta"))
    assert detector.head.anchors.device.type == "meta"


def test_registering_after_a_plain_none_is_the_failure_avoided():
    """Why the None is registered: ``register_buffer`` after ``self.mask = None`` raises."""

    class Late(nn.Module):
        def __init__(self):
            super().__init__()
            self.mask = None
            self.register_buffer("mask", torch.ones(2), persistent=False)

    with pytest.raises(KeyError, match="already exists"):
        Late()


def test_an_annotated_first_assignment_is_reported_not_fixed():
    """``self.x: Tensor | None = None`` then a tensor in a helper: registering after the annotated
    None would raise, and replacing the annotated line would lose its type; report it."""
    code = textwrap.dedent(
        """
        import torch
        from torch import nn

        class Reducer(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.grads: torch.Tensor | None = None
                self._build(n)

            def _build(self, n):
                self.grads = torch.zeros(n)

            def forward(self, x):
                return x + self.grads
        """
    )
    outcome = lint_and_fix(code, [TensorAttributeNotBuffer], fix=True, unsafe_fixes=True)
    assert outcome.new_text is None
    assert [(d.line, "annotation would be lost" in d.message) for d in outcome.diagnostics] == [(8, True)]


def test_a_chained_assignment_is_reported_not_fixed():
    """``self.a = self.b = t``: one registration cannot stand for both names."""
    code = textwrap.dedent(
        """
        import torch
        from torch import nn

        class Pair(nn.Module):
            def __init__(self):
                super().__init__()
                self.low = self.high = torch.zeros(2)

            def forward(self, x):
                return x.clamp(self.low, self.high + 1)
        """
    )
    outcome = lint_and_fix(code, [TensorAttributeNotBuffer], fix=True, unsafe_fixes=True)
    assert outcome.new_text is None
    assert all("assigned together with other names" in d.message for d in outcome.diagnostics)


def test_a_state_builder_called_before_the_layers_gets_no_module_device():
    """``next(self.parameters())`` fails while ``__init__`` has built no layer yet: report only."""
    code = textwrap.dedent(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.hidden = self.init_hidden()
                self.rnn = nn.GRU(4, 4)

            def init_hidden(self):
                return torch.zeros(1, 1, 4)

            def forward(self, x):
                return self.rnn(x, self.hidden)
        """
    )
    outcome = lint_and_fix(code, [FactoryWithoutDevice], fix=True, unsafe_fixes=True)
    assert outcome.new_text is None
    assert ["not known here" in d.message for d in outcome.diagnostics] == [True]
