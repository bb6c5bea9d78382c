"""The GPU a file names (``"cuda"``, ``torch.device("cuda:1")``) and the portable device that replaces it.

A portable device is CUDA when the machine has a GPU and the CPU otherwise. Fixes spell it in the
style ``[tool.autofix] device`` chooses:

- ``"classic"`` (the default): ``torch.device("cuda" if torch.cuda.is_available() else "cpu")``.
  Every PyTorch version runs it (``torch.cuda.is_available`` and ``torch.device`` exist since 0.4).
- ``"accelerator"``: ``torch.accelerator.current_accelerator() if torch.accelerator.is_available()
  else torch.device("cpu")``: CUDA, MPS and XPU alike. Needs PyTorch 2.6 or later, where
  ``torch.accelerator`` first appeared.

A device that names its GPU (``"cuda:1"``) keeps that GPU when there is one, in the classic style
whatever the configuration: the index is a CUDA index. Switches named after CUDA (``USE_CUDA``) and
legacy ``torch.cuda.*Tensor`` types always ask ``torch.cuda.is_available()``: the code they guard
calls ``.cuda()``.
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.core.base import RuleContext
from codemods.core.names import ImportAliases

_INDEXED_CUDA = re.compile(r"cuda:\d+")


def device_string(node: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    """The text of a device written as a string: ``"cuda:1"`` or ``torch.device("cuda:1")``."""
    # Exact classes (neither has a subclass): isinstance goes through libcst's ABCMeta on a miss, and
    # DEV007 asks this of every argument of every call.
    if type(node) is cst.Call and len(node.args) == 1 and aliases.qualify(node.func) == "torch.device":
        node = node.args[0].value
    if type(node) is cst.SimpleString:
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def is_cuda(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``"cuda"`` or ``torch.device("cuda")``: the current GPU, with no index."""
    return device_string(node, aliases) == "cuda"


def is_indexed_cuda(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``"cuda:1"`` or ``torch.device("cuda:1")``: a GPU named by its index."""
    return bool(_INDEXED_CUDA.fullmatch(device_string(node, aliases) or ""))


class PortableDevice:
    """How one file spells "CUDA if there is a GPU, else the CPU", in its own name for ``torch``.

    ``torch`` is None when no module-level name reaches torch (imported only inside a function or
    under ``if TYPE_CHECKING:``): then nothing can be spelled, and fixes become reports.
    """

    def __init__(self, torch: str | None, style: str = "classic") -> None:
        self.torch = torch
        self.style = style

    @classmethod
    def of(cls, context: RuleContext) -> PortableDevice:
        # Code written here runs at the module's top level or in its functions: only a torch
        # imported at the top level (or through a star import) is surely bound there.
        return cls(context.aliases.module_name_for("torch"), context.device_style)

    def available(self) -> cst.BaseExpression:
        """``torch.cuda.is_available()``."""
        return cst.parse_expression(f"{self.torch}.cuda.is_available()")

    def spelled(self, *, device_object: bool) -> str:
        """The portable device as source text: a ``torch.device``, or a string like ``"cuda"``."""
        torch = self.torch
        if self.style == "accelerator":
            found = f"{torch}.accelerator.current_accelerator()"
            if device_object:
                return f'{found} if {torch}.accelerator.is_available() else {torch}.device("cpu")'
            return f'{found}.type if {torch}.accelerator.is_available() else "cpu"'
        choice = f'"cuda" if {torch}.cuda.is_available() else "cpu"'
        return f"{torch}.device({choice})" if device_object else choice

    def choice(self, value: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression:
        """``value`` (``"cuda"``, ``torch.device("cuda:0")``) made portable, keeping its form (string or
        device object) and the GPU it names."""
        device_object = isinstance(value, cst.Call)
        if not is_indexed_cuda(value, aliases):
            return cst.parse_expression(self.spelled(device_object=device_object))
        named = value.args[0].value if isinstance(value, cst.Call) else value
        choice = cst.IfExp(test=self.available(), body=named, orelse=cst.SimpleString('"cpu"'))
        if isinstance(value, cst.Call):
            return value.with_changes(args=[value.args[0].with_changes(value=choice)])
        return choice

    def definition(self, name: str = "device") -> cst.SimpleStatementLine:
        """``device = <portable device>``, after a blank line, as a formatter would put it below imports."""
        statement = cst.parse_statement(f"{name} = {self.spelled(device_object=True)}\n")
        assert isinstance(statement, cst.SimpleStatementLine)
        return statement.with_changes(leading_lines=[cst.EmptyLine()])

    def cpu_fallback(self, cuda_type: cst.BaseExpression, kind: str) -> cst.IfExp:
        """``torch.cuda.FloatTensor`` -> ``torch.cuda.FloatTensor if torch.cuda.is_available() else
        torch.FloatTensor``: every use of a type alias (``x.type(dtype)``, ``dtype(2, 3)``) keeps working."""
        return cst.IfExp(
            test=self.available(), body=cuda_type, orelse=cst.parse_expression(f"{self.torch}.{kind}")
        )

    def only_with_gpu(self, statement: cst.SimpleStatementLine) -> cst.If:
        """``torch.cuda.set_device(i)`` -> ``if torch.cuda.is_available():\\n    torch.cuda.set_device(i)``;
        the statement's comments and blank lines above it stay above the ``if``."""
        return cst.If(
            test=self.available(),
            body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=[])]),
            leading_lines=statement.leading_lines,
        )
