"""Code that TorchScript compiles: where a fix's Python may not compile.

TorchScript compiles a ``torch.jit.ScriptModule``'s script methods and every method they call, a
function decorated ``@torch.jit.script``, and, where the file hands a module to ``torch.jit.script``,
that module's ``forward`` and what it calls. It accepts a subset of Python: ``next(self.parameters())``,
which a fix may write for "the module's device", does not compile. A fix in such code may turn a
program that runs into one that fails when the module is built, so :meth:`codemods.core.base.Rule.report`
offers it as unsafe and says why. The reading is coarse on purpose (any class of a file that calls
``torch.jit.script`` counts): TorchScript is rare in the legacy code the rules fix.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.tree import Tree

_SCRIPT_DECORATORS = frozenset({"torch.jit.script", "torch.jit.script_method", "torch.jit.export"})
_SCRIPT_BASES = frozenset({"torch.jit.ScriptModule", "torch.jit.RecursiveScriptModule"})


def compiled_by(tree: Tree, aliases: ImportAliases, source: str, node: cst.CSTNode) -> str | None:
    """How TorchScript comes to compile ``node`` (said as a message says it), or None."""
    if "jit" not in source:
        return None
    scripts_modules = tree.memo(("torchscript", "scripts"), lambda: _calls_script(tree, aliases))
    for above in tree.ancestors(node):
        if isinstance(above, cst.FunctionDef):
            for decorator in above.decorators:
                expr = (
                    decorator.decorator.func
                    if isinstance(decorator.decorator, cst.Call)
                    else decorator.decorator
                )
                if aliases.qualify(expr) in _SCRIPT_DECORATORS:
                    return f"`@{aliases.qualify(expr)}`"
        elif isinstance(above, cst.ClassDef):
            if any(aliases.qualify(base.value) in _SCRIPT_BASES for base in above.bases):
                return "a `torch.jit.ScriptModule`"
            if scripts_modules:
                return "the file hands modules to `torch.jit.script`"
    return None


def _calls_script(tree: Tree, aliases: ImportAliases) -> bool:
    return any(aliases.qualify(call.func) == "torch.jit.script" for call in tree.of_type(tree.root, cst.Call))
