"""Names that hold the same module object: ``self.model = model``, ``model = net``.

A model is often reached through two names at once: a constructor keeps what it is handed
(``self.model = model``) and goes on using either name, a script renames it (``model = net``). A
rule that asks "is this the model the optimizer was built from" must then read a move of either
name as a move of that model. :class:`SameObject` follows the bindings of a scope, statement by
statement, and says which names hold the object a name holds there.

Only a binding of one name to another makes two names share an object, also through ``.to(...)``,
``.cuda()`` or ``.cpu()``, which return the module itself (``self.model = self.model.cuda()``,
``net = model.to(device)``). Anything else that binds a name (``model = Other()``, ``net =
copy.deepcopy(model)``, a binding in a branch or a loop, ``del``) ends what was known of it; so do,
for an attribute (``self.model``), a call of a method of the object it lives on (``self.setup()``)
and a call that is handed that object (``reset(self)``), and at the top level of a module, for a
name some function declares ``global``, any call. The answers only ever leave names out.
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, method_chain
from codemods.core.torch_names import as_move, is_cpu_device, moves_device
from codemods.core.tree import Tree

# Methods of a module that return the module itself.
_RETURN_SELF = frozenset({"to", "cuda", "cpu"})
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def written(tree: Tree, node: cst.CSTNode) -> set[str]:
    """Dotted names bound under ``node``: assignment, ``for``, ``with ... as``, ``del``, ``:=``
    targets."""
    targets: list[cst.BaseExpression] = []
    kinds = (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName, cst.Del)
    for found in tree.of_type(node, kinds):
        targets.append(found.name if isinstance(found, cst.AsName) else found.target)
    targets.extend(walrus.target for walrus in tree.of_type(node, cst.NamedExpr))
    names: set[str] = set()
    while targets:
        target = targets.pop()
        if isinstance(target, (cst.Tuple, cst.List)):
            targets.extend(e.value for e in target.elements)
        elif isinstance(target, cst.StarredElement):
            targets.append(target.value)
        elif isinstance(target, cst.Subscript):
            targets.append(target.value)  # `d[k] = v` changes `d`
        else:
            spelled = dotted_name(target)
            if spelled is not None:
                names.add(spelled)
    return names


def alias_binding(small: cst.CSTNode, aliases: ImportAliases) -> tuple[str, str, bool] | None:
    """``X = Y``, ``X = Y.cuda()``, ``X = Y.to(device)`` (one target, dotted names): (``X``, ``Y``,
    whether it moves ``Y`` to a device). Of a module, ``X`` then holds ``Y``'s object."""
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target = dotted_name(small.targets[0].target)
    chain = method_chain(small.value, aliases)
    source = dotted_name(chain[0])
    if target is None or source is None or source.split(".")[0] in aliases.names:
        return None
    if source in ("None", "True", "False", "self"):
        return None
    moves = False
    for link in chain[1:]:
        if called_method(link) not in _RETURN_SELF:
            return None
        move = as_move(link)
        if move is not None and moves_device(move, aliases) and not is_cpu_device(move.device, aliases):
            moves = True
    return target, source, moves


class SameObject:
    """Which names hold the same object, at one point of a scope; :meth:`step` moves the point on
    past a statement. Start one with :meth:`before`."""

    def __init__(self, tree: Tree, aliases: ImportAliases, module_level: bool) -> None:
        self._tree = tree
        self._aliases = aliases
        self._module_level = module_level
        self._held: dict[str, int] = {}  # name -> the object it holds, as a number
        self._count = 0

    @classmethod
    def before(cls, tree: Tree, aliases: ImportAliases, stmt: cst.BaseStatement) -> SameObject:
        """What is known just before ``stmt`` runs, from the statements of its scope that run before
        it every time: those above it in its block and in each block around it. Entering a loop,
        ``with`` or ``try`` forgets every name bound in it (an earlier turn, or the part of the
        ``try`` that ran, may have bound it)."""
        path: list[tuple[cst.CSTNode, int]] = []  # innermost first: (block or compound, index)
        node: cst.CSTNode = stmt
        module_level = True
        for above in tree.ancestors(stmt):
            if isinstance(above, _SCOPES):
                module_level = False
                break
            if isinstance(above, (cst.IndentedBlock, cst.Module)):
                index = next((i for i, s in enumerate(above.body) if s is node), None)
                if index is not None:
                    path.append((above, index))
            elif isinstance(above, cst.BaseCompoundStatement) and not isinstance(above, cst.If):
                path.append((above, -1))
            node = above
        found = cls(tree, aliases, module_level)
        for where, index in reversed(path):
            if index < 0:
                found._forget(written(tree, where))
            else:
                assert isinstance(where, (cst.IndentedBlock, cst.Module))
                for earlier in where.body[:index]:
                    found.step(earlier)
        return found

    def copy(self) -> SameObject:
        other = SameObject(self._tree, self._aliases, self._module_level)
        other._held = dict(self._held)
        other._count = self._count
        return other

    def same(self, name: str) -> frozenset[str]:
        """The names that hold what ``name`` holds (``name`` among them)."""
        held = self._held.get(name)
        if held is None:
            return frozenset({name})
        return frozenset(n for n, h in self._held.items() if h == held) | {name}

    def step(self, stmt: cst.CSTNode) -> None:
        """Past ``stmt`` (a statement, or a simple statement of one): a compound statement only
        forgets what it may bind."""
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                self._small(small)
        elif isinstance(stmt, cst.BaseSmallStatement):
            self._small(stmt)
        else:
            self._calls(stmt)
            self._forget(written(self._tree, stmt))

    def _small(self, small: cst.BaseSmallStatement) -> None:
        self._calls(small)
        binding = alias_binding(small, self._aliases)
        if binding is None:
            self._forget(written(self._tree, small))
            return
        target, source, _ = binding
        held = self._held.get(source)
        if held is None:
            held = self._held[source] = self._count
            self._count += 1
        self._forget({target})
        self._held[target] = held

    def _calls(self, node: cst.CSTNode) -> None:
        """``self.setup()``, ``reset(self)``: what lives on an object a call may change may be bound
        again; at the top level, a function's ``global`` names too."""
        owners: set[str] = set()
        calls = self._tree.of_type(node, cst.Call)
        for call in calls:
            if isinstance(call.func, cst.Attribute):
                owners.add(dotted_name(call.func.value) or "")
            owners.update(dotted_name(arg.value) or "" for arg in call.args)
        owners.discard("")
        if owners:
            self._forget_inside(owners)
        if calls and self._module_level:
            self._forget(self._globals())

    def _globals(self) -> set[str]:
        return self._tree.memo(
            "names declared global",
            lambda: {
                n.name.value
                for g in self._tree.of_type(self._tree.root, cst.Global)
                for n in g.names
                if isinstance(n.name, cst.Name)
            },
        )

    def _forget(self, names: Iterable[str]) -> None:
        names = set(names)
        if not names or not self._held:
            return
        for held in list(self._held):
            if held in names or any(held.startswith(n + ".") for n in names):
                del self._held[held]

    def _forget_inside(self, owners: set[str]) -> None:
        for held in list(self._held):
            if any(held.startswith(o + ".") for o in owners):
                del self._held[held]
