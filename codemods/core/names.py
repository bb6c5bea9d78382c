"""Import-aware name resolution: ``T.zeros``, ``zeros`` and ``torch.zeros`` all mean ``torch.zeros``.

libcst's ``QualifiedNameProvider`` answers the same question through ``ScopeProvider``, and measured on
real trees that metadata is most of a libcst tool's run time. Rules here only need to know what an
imported name stands for, so one cheap pass over the import statements is enough. A function, class,
lambda or comprehension that binds an imported name otherwise (``def go(F=Acts):``, ``F = Acts`` in its
body) has its own: reads of it there are not the import's. The price: a module-level variable that
shadows an import (``torch = 3``) is not noticed, which real code does not do.

Imports anywhere count for *reading* code (inside functions, under ``if TYPE_CHECKING:``). Legacy
scripts often get ``torch`` from a star import (``from utils import *``): when a file has one and
never binds ``torch`` (or ``np``, ``nn``) itself, the name is taken to mean the module it
conventionally names (in project mode, a star import of a project module binds what that module
binds: :mod:`codemods.core.project_names`). Code a rule *writes* at module level may only use names
that are bound there when the module runs: :meth:`ImportAliases.module_name_for` answers that
narrower question.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TypeGuard

import libcst as cst

from codemods.core.name_bindings import (
    binding_counts,
    binding_scope,
    bindings_in,
    bound_otherwise,
    is_import_binding,
)
from codemods.core.project_names import NO_PROJECT, ProjectNames, StarNames
from codemods.core.route_vocabulary import STAR_EXPORTS
from codemods.core.tree import Tree, children, instance_test

_IS_CALL = instance_test(cst.Call)  # isinstance, cached per class


# Per class: 1 for a Name, 2 for an Attribute, 0 else. isinstance() against libcst's classes goes through
# ABCMeta.__instancecheck__ whenever the class is not the node's own; dotted_name is asked of most nodes.
_DOTTED_KIND: dict[type, int] = {}


def _dotted_kind(kind: type) -> int:
    answer = _DOTTED_KIND[kind] = (
        1 if issubclass(kind, cst.Name) else 2 if issubclass(kind, cst.Attribute) else 0
    )
    return answer


def root_name(node: cst.BaseExpression) -> str | None:
    """``os`` of ``os.environ["X"]``, ``cfg`` of ``cfg.train.lr``: the name under attributes and
    indexing; None when something else is there (a call, a literal)."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` as a string, or None when the expression is not a plain dotted name."""
    kind = _DOTTED_KIND.get(type(node))
    if kind is None:
        kind = _dotted_kind(type(node))
    # The kind already says which class node is; isinstance, true on the node's own class without going
    # through ABCMeta, tells the type checker.
    if kind == 1 and isinstance(node, cst.Name):
        return node.value
    if kind == 2 and isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def _builtins_written(tree: Tree, imported: dict[str, str]) -> frozenset[str] | None:
    """The names the file sets on the builtins module (``builtins.float = int``, ``del builtins.len``,
    ``setattr(builtins, "float", int)``), reached through ``import builtins`` (under any alias) or
    ``__builtins__``; None where it may set any: the module handed on or indexed (``vars(builtins)``,
    ``__builtins__["float"] = int``, ``b = builtins``), ``setattr`` of a name the call does not spell."""
    spellings = {name for name, qualified in imported.items() if qualified == "builtins"} | {"__builtins__"}
    written: set[str] = set()
    for name in tree.of_type(tree.root, cst.Name):
        if name.value not in spellings:
            continue
        parent = tree.parent(name)
        if isinstance(parent, (cst.ImportAlias, cst.AsName)) or any(
            isinstance(a, (cst.Import, cst.ImportFrom)) for a in tree.ancestors(name)
        ):
            continue  # `import builtins`: the binding itself
        if isinstance(parent, cst.Attribute) and parent.value is name:
            above = tree.parent(parent)
            if parent.attr.value == "__dict__":
                return None  # `builtins.__dict__["float"] = int`
            if isinstance(above, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del, cst.For)) or (
                isinstance(above, (cst.Element, cst.Tuple, cst.List, cst.StarredElement))
            ):
                written.add(parent.attr.value)  # `builtins.float = int` (or unpacked into it)
            continue  # a read: `builtins.print(...)`
        call = tree.parent(parent) if isinstance(parent, cst.Arg) else None
        if (
            isinstance(call, cst.Call)
            and dotted_name(call.func) in ("getattr", "hasattr")
            and call.args[0] is parent
        ):
            continue  # a read of one attribute
        if (
            isinstance(call, cst.Call)
            and dotted_name(call.func) in ("setattr", "delattr")
            and call.args[0] is parent
        ):
            key = call.args[1].value if len(call.args) > 1 else None
            if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str):
                written.add(key.evaluated_value)
                continue
        return None
    return frozenset(written)


def _module_path(node: cst.BaseExpression) -> str:
    name = dotted_name(node)
    assert name is not None  # import statements always name modules with dotted names
    return name


# Names that, arriving through a star import, conventionally stand for these modules.
_STAR_CONVENTIONS = {"torch": "torch", "np": "numpy", "nn": "torch.nn"}


def _import_bindings(
    imports: Sequence[cst.Import | cst.ImportFrom], project: ProjectNames = NO_PROJECT
) -> dict[str, str]:
    names: dict[str, str] = {}
    for node in imports:
        resolved = _resolved_star(node, project)
        if resolved is not None:
            names.update(resolved)  # where the star import stands: a later import binds over it
        elif isinstance(node, cst.Import):
            for alias in node.names:
                full = _module_path(alias.name)
                if alias.asname is not None:
                    names[_module_path(alias.asname.name)] = full
                else:
                    top = full.split(".", 1)[0]
                    names[top] = top
        elif not (node.relative or node.module is None or isinstance(node.names, cst.ImportStar)):
            base = _module_path(node.module)
            for alias in node.names:
                imported = _module_path(alias.name)
                local = _module_path(alias.asname.name) if alias.asname else imported
                names[local] = f"{base}.{imported}"
    return names


def _resolved_star(node: cst.Import | cst.ImportFrom, project: ProjectNames) -> StarNames | None:
    """What a star import of a project module binds, where project mode read that module."""
    if not (project.stars and isinstance(node, cst.ImportFrom) and isinstance(node.names, cst.ImportStar)):
        return None
    module = dotted_name(node.module) if node.module is not None else ""
    return project.star_names("." * len(node.relative) + (module or ""))


def _star_bindings(
    tree: Tree,
    imports: Sequence[cst.Import | cst.ImportFrom],
    names: dict[str, str],
    project: ProjectNames = NO_PROJECT,
) -> dict[str, str]:
    """Names a star import may have brought in, when nothing else binds them: the conventional ones
    (``torch`` from ``from utils import *``), and the public names of torch's own modules. A star
    import of a module project mode read binds what that module binds instead (``_import_bindings``)."""
    stars = [
        n
        for n in imports
        if isinstance(n, cst.ImportFrom)
        and isinstance(n.names, cst.ImportStar)
        and _resolved_star(n, project) is None
    ]
    if not stars:
        return {}
    meanings: dict[str, str] = {}
    if any(star_binds_torch(n) for n in stars):
        # Only names the file reads (`torch.zeros`): one it never uses may not come with the star at all.
        read = {
            n.value.value for n in tree.of_type(tree.root, cst.Attribute) if isinstance(n.value, cst.Name)
        }
        meanings = {name: _STAR_CONVENTIONS[name] for name in _STAR_CONVENTIONS if name in read}
    exported = {
        name: f"{module}.{name}"
        for module in map(_star_module, stars)
        for name in STAR_EXPORTS.get(module or "", ())
    }
    if exported:
        read_names = {n.value for n in tree.of_type(tree.root, cst.Name)}
        meanings.update({name: full for name, full in exported.items() if name in read_names})
    free = {name for name in meanings if name not in names}
    if not free:
        return {}
    for node in tree.of_type(
        tree.root,
        (
            cst.AssignTarget,
            cst.AnnAssign,
            cst.AugAssign,
            cst.For,
            cst.Param,
            cst.FunctionDef,
            cst.ClassDef,
            cst.AsName,
            cst.CompFor,
            cst.NamedExpr,
        ),
    ):
        bound = getattr(node, "name", None) or getattr(node, "target", None)
        for name in tree.of_type(bound, cst.Name) if isinstance(bound, cst.CSTNode) else ():
            free.discard(name.value)
    return {name: meanings[name] for name in free}


def star_binds_torch(node: cst.ImportFrom) -> bool:
    """Whether ``from <module> import *`` may bind ``torch`` (and the other conventional names): any
    module's may but torch's own, whose public names are known."""
    return _star_module(node) not in STAR_EXPORTS


def _star_module(node: cst.ImportFrom) -> str | None:
    return None if node.relative or node.module is None else _module_path(node.module)


def _module_level_imports(body: Sequence[cst.CSTNode]) -> list[cst.Import | cst.ImportFrom]:
    """Import statements that run when the module is imported: not in functions or classes, not
    under ``if TYPE_CHECKING:``."""
    found: list[cst.Import | cst.ImportFrom] = []
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine):
            found.extend(s for s in stmt.body if isinstance(s, (cst.Import, cst.ImportFrom)))
        elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            continue
        elif isinstance(stmt, cst.If) and dotted_name(stmt.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            if stmt.orelse is not None:
                found.extend(_module_level_imports([stmt.orelse]))
        elif isinstance(stmt, cst.BaseCompoundStatement) or isinstance(
            stmt, (cst.Else, cst.Finally, cst.ExceptHandler)
        ):
            for child in children(stmt):
                if isinstance(child, (cst.IndentedBlock, cst.SimpleStatementSuite)):
                    found.extend(
                        _module_level_imports(
                            child.body
                            if isinstance(child, cst.IndentedBlock)
                            else [cst.SimpleStatementLine(child.body)]
                        )
                    )
                elif isinstance(child, (cst.Else, cst.Finally, cst.ExceptHandler, cst.If)):
                    found.extend(_module_level_imports([child]))
    return found


class ImportAliases:
    """Maps local names bound by imports anywhere in a module to fully qualified names."""

    def __init__(
        self,
        names: dict[str, str],
        module_names: dict[str, str] | None = None,
        tree: Tree | None = None,
    ) -> None:
        self.names = names
        # The tree read, and those of its imported names that another binding of it also binds (`def
        # go(): F = Acts`): :meth:`qualify` asks where such a name is read which binding it sees. A weak
        # reference: the tree's memos hold answers that hold this object, and a cycle would keep both
        # (and the tree's nodes) until the cycle collector, which the engine pauses, runs.
        self._tree = weakref.ref(tree) if tree is not None else None
        self._rebound: frozenset[str] = frozenset()
        if tree is not None:
            self._rebound = bound_otherwise(tree, names)
        # The subset bound when the module runs, at its top level (see the module docstring).
        self.module_names = dict(names) if module_names is None else module_names
        # qualify's answers, by id(node), each with its node (which keeps the id from being reused): every
        # rule asks about most calls of the module, and a pass shares one ImportAliases between them.
        self._qualified: dict[int, tuple[cst.CSTNode, str | None]] = {}

    @classmethod
    def of(
        cls, tree: Tree, earlier: ImportAliases | None = None, project: ProjectNames = NO_PROJECT
    ) -> ImportAliases:
        """The names bound in ``tree``'s module (a :class:`codemods.core.tree.Tree` of a ``cst.Module``).

        ``earlier``: those of an earlier version of the module (the last pass's). When its imports bind the
        same names, its answers of :meth:`qualify` for the nodes the module still holds are kept: such an
        answer depends only on the node and on those names, and a pass of fixes leaves most nodes alone."""
        imports = tree.of_type(tree.root, (cst.Import, cst.ImportFrom))
        names = _import_bindings(imports, project)
        star = _star_bindings(tree, imports, names, project)
        module_names = _import_bindings(_module_level_imports(tree.root.body), project)
        aliases = cls({**names, **star}, {**module_names, **star}, tree)
        if earlier is not None and earlier.names == aliases.names and earlier._rebound == aliases._rebound:
            aliases._qualified = tree.still_held(earlier._qualified)
        return aliases

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The qualified name of ``node`` (or of the function a call calls) if it starts with an
        imported name, else None. ``torch.randn(3).double`` is not a name: it is None."""
        known = self._qualified.get(id(node))
        if known is not None and known[0] is node:
            return known[1]
        asked = node
        if _IS_CALL(node):
            node = node.func
        dotted = dotted_name(node)
        full = None
        if dotted is not None:
            head, _, rest = dotted.partition(".")
            full = self.names.get(head)
            if full is not None and head in self._rebound and self._bound_locally(asked, head):
                full = None  # `F = Acts` in the function that reads `F.sigmoid`: not the import's `F`
            if full is not None and rest:
                full = f"{full}.{rest}"
        self._qualified[id(asked)] = (asked, full)
        return full

    def _bound_locally(self, node: cst.BaseExpression, name: str) -> bool:
        """Does the ``name`` read at ``node`` (a node of the tree read) come from a binding of a function,
        class, lambda or comprehension around it that is no import (a parameter, an assignment)?"""
        tree = self._tree() if self._tree is not None else None
        if tree is None or not tree.contains(node):
            return False
        scope = binding_scope(tree, node, name)
        if scope is tree.root:
            return False  # the module's: its imports are read as the module docstring says
        return any(
            not (is_import_binding(tree, b) or isinstance(b, cst.Global))  # (`global F`: the module's)
            for b in bindings_in(tree, scope, name)
        )

    def is_builtin(self, node: cst.BaseExpression) -> bool:
        """Is ``node`` a plain name that only Python's builtins bind (``float``, ``len``)?

        Not where an import or any other binding of the file binds that name: ``float = int`` anywhere in
        it makes every ``float`` of it suspect (which reads see which binding is not worth telling apart
        for a builtin's name); nor where the file sets it on the builtins module (``builtins.float =
        int``, ``setattr(builtins, "float", int)``), or hands that module to code that may
        (:func:`_builtins_written`). False where the module read is not known (names given by hand)."""
        tree = self._tree() if self._tree is not None else None
        if tree is None or not isinstance(node, cst.Name) or node.value in self.names:
            return False
        if node.value in binding_counts(tree):
            return False
        written = tree.memo("names.builtins_written", lambda: _builtins_written(tree, self.names))
        return written is not None and node.value not in written

    def is_method_call(self, node: cst.BaseExpression) -> TypeGuard[cst.Call]:
        """``x.to(d)``, ``Net().cuda()``: a call of an attribute of a value, not of a module path."""
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and self.qualify(node.func) is None
        )

    def local_name_for(self, qualified: str) -> str | None:
        """How this file spells ``qualified`` (``torch.float32`` -> ``T.float32``), if it can."""
        return _spelling(self.names, qualified)

    def module_name_for(self, qualified: str) -> str | None:
        """How code at the module's top level may spell ``qualified``: only runtime module-level
        imports count (not one inside a function or under ``if TYPE_CHECKING:``)."""
        return _spelling(self.module_names, qualified)

    def expr_for(self, qualified: str, fallback: str | None = None) -> cst.BaseExpression:
        spelled = self.local_name_for(qualified) or fallback or qualified
        return cst.parse_expression(spelled)


def _spelling(names: dict[str, str], qualified: str) -> str | None:
    best: str | None = None
    for local, full in names.items():
        if qualified == full or qualified.startswith(full + "."):
            spelled = local + qualified[len(full) :]
            if best is None or len(spelled) < len(best):
                best = spelled
    return best
