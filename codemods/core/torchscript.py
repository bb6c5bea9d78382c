"""Code that TorchScript compiles: where a fix's Python may not compile.

TorchScript compiles a ``torch.jit.ScriptModule``'s script methods and every method they call, a
function decorated ``@torch.jit.script``, and, where the file hands a module to ``torch.jit.script``,
that module's ``forward`` and what it calls. It accepts a subset of Python: ``next(self.parameters())``,
which a fix may write for "the module's device", does not compile. Such a fix in such code turns a
program that runs into one that fails when the module is built, so :meth:`codemods.core.base.Rule.report`
offers it as unsafe and says why. Where TorchScript may reach is read coarsely (any class of a file that
names ``torch.jit.script``, or, in project mode, of a project with a file that does; a base that may be
a ``ScriptModule`` by another name); what it refuses, narrowly (:func:`writes_unscriptable`).
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of
from codemods.core.tree import Tree

# What fixes write that TorchScript refuses: the iterators a module's device is read from
# (`next(self.parameters()).device`), generators, lambdas.
_UNSCRIPTABLE = re.compile(r"\bnext\(|\.(parameters|buffers|modules|children)\(\)|\blambda\b| for ")


def writes_unscriptable(replacement: cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel) -> bool:
    """Does a fix's new code use what TorchScript does not compile (``next(self.parameters())``)?"""
    nodes = list(replacement.nodes) if isinstance(replacement, cst.FlattenSentinel) else [replacement]
    return any(isinstance(n, cst.CSTNode) and _UNSCRIPTABLE.search(code_of(n)) for n in nodes)


_SCRIPT_DECORATORS = frozenset({"torch.jit.script", "torch.jit.script_method", "torch.jit.export"})
_SCRIPT_BASES = frozenset({"torch.jit.ScriptModule", "torch.jit.RecursiveScriptModule"})


def compiled_by(
    tree: Tree, aliases: ImportAliases, source: str, node: cst.CSTNode, scripted_elsewhere: str | None = None
) -> str | None:
    """How TorchScript comes to compile ``node`` (said as a message says it), or None.
    ``scripted_elsewhere``: a project file that hands modules to ``torch.jit.script`` (project mode),
    which may be this file's classes."""
    if "jit" not in source and scripted_elsewhere is None:
        return None
    scripts_modules = scripted_elsewhere or tree.memo(
        ("torchscript", "scripts"), lambda: _names_script(tree, aliases)
    )
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
            if "ScriptModule" in source and any(
                not _plainly_not_scripted(base.value) for base in above.bases
            ):
                return "a base that may be `torch.jit.ScriptModule`"  # `SM = torch.jit.ScriptModule`
            if scripts_modules:
                return scripts_modules if isinstance(scripts_modules, str) else _HANDS_TO_SCRIPT
    return None


_HANDS_TO_SCRIPT = "the file hands modules to `torch.jit.script`"


def _names_script(tree: Tree, aliases: ImportAliases) -> bool:
    """Does the file name ``torch.jit.script`` (called, or bound to another name, or handed to ``map``)
    or reach ``torch.jit``'s private paths to it?"""
    for node in tree.of_type(tree.root, (cst.Attribute, cst.Name)):
        qualified = aliases.qualify(node) or ""
        if qualified == "torch.jit.script" or qualified.startswith("torch.jit._script"):
            return True
        if qualified == "torch.jit" and not isinstance(tree.parent(node), cst.Attribute | cst.ImportAlias):
            return True  # `jit = torch.jit`: what it is used for is not shown
    return False


def _plainly_not_scripted(base: cst.BaseExpression) -> bool:
    """``nn.Module``, ``object``: a base that is no ScriptModule however the file names it."""
    return isinstance(base, cst.Attribute | cst.Name) and (
        (base.attr.value if isinstance(base, cst.Attribute) else base.value) in ("Module", "object")
    )
