"""Fixit rules comparable to two of ours, for benchmarks/throughput.py only.

They do the simplest part of DEV002 and DEV007 the way Fixit rules are written (matchers plus
QualifiedNameProvider), so the comparison measures the engines, not our rules' extra analysis.
"""

import libcst as cst
import libcst.matchers as m
from fixit import Invalid, LintRule, Valid
from libcst.metadata import QualifiedNameProvider


class DoubleToFloat(LintRule):
    """`.double()` on a tensor fed to a float32 model: use `.float()`."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider,)
    VALID = [Valid("x = torch.randn(3).float()")]
    INVALID = [Invalid("x = torch.randn(3).double()", expected_replacement="x = torch.randn(3).float()")]

    def visit_Call(self, node: cst.Call) -> None:
        if m.matches(node, m.Call(func=m.Attribute(attr=m.Name("double")), args=[])):
            self.report(
                node, "use .float()", replacement=node.with_deep_changes(node.func.attr, value="float")
            )


class CudaToDevice(LintRule):
    """`.cuda()` crashes without a GPU: use `.to(device)`."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider,)
    VALID = [Valid("x = model.to(device)")]
    INVALID = [Invalid("x = model.cuda()", expected_replacement="x = model.to(device)")]

    def visit_Call(self, node: cst.Call) -> None:
        if m.matches(node, m.Call(func=m.Attribute(attr=m.Name("cuda")), args=[])):
            names = self.get_metadata(QualifiedNameProvider, node.func, set())
            if any(n.name.startswith("torch.") for n in names):
                return  # torch.cuda() and friends are not tensor methods
            replacement = node.with_changes(
                func=node.func.with_changes(attr=cst.Name("to")), args=[cst.Arg(cst.Name("device"))]
            )
            self.report(node, "use .to(device)", replacement=replacement)
