"""Import-aware name resolution: ``T.zeros``, ``zeros`` and ``torch.zeros`` all mean ``torch.zeros``.

libcst's ``QualifiedNameProvider`` answers the same question through ``ScopeProvider``, and measured on
real trees that metadata is most of a libcst tool's run time. Rules here only need to know what an
imported name stands for, so one cheap pass over the import statements is enough. The price: a local
variable that shadows an import (``torch = 3``) is not noticed, which real code does not do.
"""

from __future__ import annotations

import libcst as cst

from codemods.walk import of_type


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` as a string, or None when the expression is not a plain dotted name."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def _module_path(node: cst.BaseExpression) -> str:
    name = dotted_name(node)
    assert name is not None  # import statements always name modules with dotted names
    return name


def _bindings(module: cst.Module) -> dict[str, str]:
    names: dict[str, str] = {}
    for node in of_type(module, (cst.Import, cst.ImportFrom)):
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = _module_path(alias.name)
                if alias.asname is not None:
                    names[_module_path(alias.asname.name)] = full  # type: ignore[arg-type]
                else:
                    top = full.split(".", 1)[0]
                    names[top] = top
        elif not (node.relative or node.module is None or isinstance(node.names, cst.ImportStar)):
            base = _module_path(node.module)
            for alias in node.names:
                imported = _module_path(alias.name)
                local = _module_path(alias.asname.name) if alias.asname else imported  # type: ignore[arg-type]
                names[local] = f"{base}.{imported}"
    return names


class ImportAliases:
    """Maps local names bound by imports anywhere in a module to fully qualified names."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    @classmethod
    def of(cls, module: cst.Module) -> "ImportAliases":
        return cls(_bindings(module))

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The qualified name of ``node`` (or of the function a call calls) if it starts with an
        imported name, else None. ``torch.randn(3).double`` is not a name: it is None."""
        if isinstance(node, cst.Call):
            node = node.func
        dotted = dotted_name(node)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        full = self.names.get(head)
        if full is None:
            return None
        return f"{full}.{rest}" if rest else full

    def is_method_call(self, node: cst.BaseExpression) -> bool:
        """``x.to(d)``, ``Net().cuda()``: a call of an attribute of a value, not of a module path."""
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and self.qualify(node.func) is None
        )

    def is_(self, node: cst.BaseExpression, *qualified: str) -> bool:
        return self.qualify(node) in qualified

    def local_name_for(self, qualified: str) -> str | None:
        """How this file spells ``qualified`` (``torch.float32`` -> ``T.float32``), if it can."""
        best: str | None = None
        for local, full in self.names.items():
            if qualified == full or qualified.startswith(full + "."):
                spelled = local + qualified[len(full):]
                if best is None or len(spelled) < len(best):
                    best = spelled
        return best

    def expr_for(self, qualified: str, fallback: str | None = None) -> cst.BaseExpression:
        spelled = self.local_name_for(qualified) or fallback or qualified
        return cst.parse_expression(spelled)
