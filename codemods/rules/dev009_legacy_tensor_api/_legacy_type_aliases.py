"""Names bound to legacy tensor types: ``Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor``.

Pre-0.4 scripts (the PyTorch-GAN collection, many tutorials) pick a tensor type once and then build
tensors with it: ``Tensor(n, 1).fill_(1.0)``, ``imgs.type(Tensor)``. Such a name stands for
``torch.FloatTensor`` (or its CUDA twin) wherever it is read, as long as it is bound exactly once in
its scope; a conditional alias also stands for a device, ``"cuda" if cuda else "cpu"``, which can be
spelled at the use only when its condition reads the same there: ``torch.cuda.is_available()``, or
a name bound once in the file, at its top level (no function can rebind it), or, for an alias made in
a function, a name bound once in that function (a parameter, ``use_cuda``) and in none inside it. A name
bound once to such an alias (``Tensor = FloatTensor``) stands for the same type and device. The choice
may also be an ``if``/``else`` whose branches bind the name once each, to a CUDA type and its CPU twin
(``if use_cuda: LongTensor = torch.cuda.LongTensor`` / ``else: LongTensor = torch.LongTensor``).

A module chosen the same way, ``tt = torch.cuda if cuda else torch`` (or ``self.tt = ...`` in a method:
OpenNMT's beam search, copied widely), makes ``tt.FloatTensor`` such a conditional alias wherever it is
read; the module alias itself is never removed (it may have other uses).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import legacy_dtype
from codemods.core.name_bindings import SCOPES, binding_counts, bindings_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree

_ALIAS = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.Module)


def _is_alias(statement: cst.CSTNode) -> bool:
    """``_ALIAS`` as type tests (``tests/test_codemods/test_fast_matchers.py`` checks the two agree): asked
    of the line of every assignment of a name, attribute or choice, where the matcher cost most of
    :class:`LegacyAliases`."""
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:
        return False
    assign = statement.body[0]
    return (
        type(assign) is cst.Assign and len(assign.targets) == 1 and type(assign.targets[0].target) is cst.Name
    )


@dataclass(frozen=True)
class LegacyAlias:
    name: str
    statement: cst.SimpleStatementLine  # `Tensor = ...`
    qualified: str  # the CUDA type when there are two: `torch.cuda.FloatTensor`
    scope: cst.CSTNode  # the function (or module) it is bound in
    device: cst.BaseExpression | None  # `"cuda" if cuda else "cpu"` for a conditional alias
    conditional: bool  # picks the type by a condition; `device` is None when it cannot be spelled
    # `torch.cuda.FloatTensor if c else torch.Tensor`: float32 on the GPU, the default dtype on the CPU,
    # which no one dtype spells (`device` is None: the calls are reported, not rewritten)
    default_on_cpu: bool = False
    # the other branch's binding where an `if`/`else` makes the choice (`statement` is the CUDA one)
    twin: cst.SimpleStatementLine | None = None
    # `self.Tensor = ...` in a method: read as `self.Tensor` in its class's methods (`scope` is the
    # class); other objects may read it too, so it is never removed
    attribute: bool = False
    # `tt.FloatTensor` with `tt = torch.cuda if cuda else torch`: not itself a binding of a type
    module: bool = False

    @property
    def spelled(self) -> str:
        twin = " or `torch.Tensor`" if self.default_on_cpu else " or its CPU twin" if self.conditional else ""
        return f"`{self.name}` (`{self.qualified}`{twin})"


class LegacyAliases:
    """The names of a file bound, once in their scope, to a legacy tensor type or to a choice of
    two of the same dtype; and which of them a name read somewhere stands for."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self._bindings: dict[tuple[int, str], int] = {}
        counts: dict[str, int] = {}  # filled when a conditional alias needs it
        self.found: dict[tuple[int, str], LegacyAlias] = {}
        # `tt = torch.cuda if cuda else torch`: read as `tt.FloatTensor`, never itself a type
        self._modules: dict[tuple[int, str], _ModuleAlias] = {}
        self._aliases = aliases
        self._counts = counts
        renames: list[
            tuple[cst.SimpleStatementLine, str, cst.Name, cst.CSTNode]
        ] = []  # `Tensor = FloatTensor`
        for assign in tree.of_type(tree.root, cst.Assign):
            if not isinstance(assign.value, (cst.Attribute, cst.IfExp, cst.Name)):
                continue  # the cheap test first: most assignments are of calls
            stmt = tree.parent(assign)
            if not (stmt is not None and _is_alias(stmt)):
                continue
            line = cst.ensure_type(stmt, cst.SimpleStatementLine)  # `name = ...`, as matched
            name = cst.ensure_type(assign.targets[0].target, cst.Name).value
            scope = next(a for a in tree.ancestors(line) if isinstance(a, _SCOPES))
            if isinstance(assign.value, cst.Name) and not aliases.qualify(assign.value):
                renames.append((line, name, assign.value, scope))
                continue
            module = _module_choice(aliases, assign.value)
            if module is not None:
                if self._bound(scope, name) == 1 and not _declared_global(tree, name):
                    self._modules[(id(scope), name)] = _ModuleAlias(
                        name, line, scope, cst.ensure_type(assign.value, cst.IfExp), module
                    )
                continue
            alias = _alias(tree, aliases, line, name, assign.value, scope, counts)
            if alias is not None and self._bound(scope, name) == 1 and not _declared_global(tree, name):
                self.found[(id(scope), name)] = alias
        self._attributes: set[str] = set()
        self._self_aliases(tree, aliases, counts)
        for choice in tree.of_type(tree.root, cst.If):
            if isinstance(choice.orelse, cst.Else):
                self._branches(aliases, choice, counts)
        self._names = {name for _, name in self.found}
        self._follow(renames)

    def _self_aliases(self, tree: Tree, aliases: ImportAliases, counts: dict[str, int]) -> None:
        """``self.Tensor = torch.cuda.FloatTensor if c else torch.FloatTensor`` in a method (the
        pix2pix family's base model): an alias its class's methods read as ``self.Tensor``, where it
        is the file's one assignment of an attribute of that name."""
        assigned: dict[str, list[cst.CSTNode]] = {}
        for node in tree.of_type(tree.root, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            for target in targets:
                if type(target) is cst.Name:
                    continue  # (most targets: a plain name holds no attribute)
                # every attribute written (`self.a, self.T = ...`, `self.x.T = ...`): counted, never read
                for written in tree.of_type(target, cst.Attribute):
                    assigned.setdefault(written.attr.value, []).append(node)
        for attr, nodes in assigned.items():
            assign = nodes[0]
            if len(nodes) != 1 or not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                continue
            attribute = assign.targets[0].target
            line = tree.parent(assign)
            if not (
                isinstance(attribute, cst.Attribute)
                and m.matches(attribute.value, m.Name("self"))
                and isinstance(line, cst.SimpleStatementLine)
            ):
                continue
            if not isinstance(assign.value, (cst.Attribute, cst.IfExp)) or len(line.body) != 1:
                continue
            method = next((a for a in tree.ancestors(line) if isinstance(a, _SCOPES)), None)
            owner = tree.parent(tree.parent(method)) if isinstance(method, cst.FunctionDef) else None
            if not isinstance(owner, cst.ClassDef):
                continue
            module = _module_choice(aliases, assign.value)
            if module is not None:
                self._modules[(id(owner), "self." + attr)] = _ModuleAlias(
                    "self." + attr, line, owner, cst.ensure_type(assign.value, cst.IfExp), module
                )
                continue
            alias = _alias(tree, aliases, line, attr, assign.value, owner, counts)
            if alias is not None:
                self.found[(id(owner), "self." + attr)] = replace(alias, name="self." + attr, attribute=True)
                self._attributes.add(attr)

    def _branches(self, aliases: ImportAliases, choice: cst.If, counts: dict[str, int]) -> None:
        """``if c: T = torch.cuda.X`` / ``else: T = torch.X``: a conditional alias for each name that
        each branch binds once, directly, to a CUDA type and its CPU twin, and nothing else in its scope
        binds; reported (and read) at the CUDA branch's line."""
        orelse = cst.ensure_type(choice.orelse, cst.Else)
        first, second = _typed_bindings(aliases, choice.body), _typed_bindings(aliases, orelse.body)
        if not first or not second:
            return  # (most `if`s: no legacy type bound in a branch)
        scope = next(a for a in self.tree.ancestors(choice) if isinstance(a, _SCOPES))
        for name, (line, qualified) in first.items():
            if name not in second or self._bound(scope, name) != 2 or _declared_global(self.tree, name):
                continue
            other, other_type = second[name]
            cuda_first = qualified.startswith("torch.cuda.")
            gpu, cpu = (qualified, other_type) if cuda_first else (other_type, qualified)
            if legacy_dtype(gpu) is None or gpu != "torch.cuda." + cpu.removeprefix("torch."):
                continue
            device = _device_choice(self.tree, aliases, choice.test, cuda_first, scope, counts)
            statement, twin = (line, other) if cuda_first else (other, line)
            self.found[(id(scope), name)] = LegacyAlias(name, statement, gpu, scope, device, True, twin=twin)

    def _follow(self, renames: list[tuple[cst.SimpleStatementLine, str, cst.Name, cst.CSTNode]]) -> None:
        """``Tensor = FloatTensor``, bound once, stands for what the alias it reads stands for there
        (a chain of such names too: each round follows one more link)."""
        while renames:
            left = []
            for line, name, value, scope in renames:
                source = self.at(value)
                if source is None:
                    left.append((line, name, value, scope))
                elif self._bound(scope, name) == 1 and not _declared_global(self.tree, name):
                    self.found[(id(scope), name)] = replace(source, name=name, statement=line, scope=scope)
                    self._names.add(name)
            if len(left) == len(renames):
                return
            renames = left

    def _bound(self, scope: cst.CSTNode, name: str) -> int:
        key = (id(scope), name)
        if key not in self._bindings:
            self._bindings[key] = len(bindings_in(self.tree, scope, name))
        return self._bindings[key]

    def read(self) -> list[LegacyAlias]:
        """The aliases some code reads (not only binds)."""
        if not self._names:
            return []
        found = [
            self.at(name)
            for name in self.tree.of_type(self.tree.root, cst.Name)
            if name.value in self._names and not _not_a_read(self.tree.parent(name), name)
        ]
        if self._attributes:
            found.extend(
                self._attribute_at(node)
                for node in self.tree.of_type(self.tree.root, cst.Attribute)
                if node.attr.value in self._attributes
                and not isinstance(self.tree.parent(node), cst.AssignTarget)
            )
        return [alias for alias in found if alias is not None]

    def at(self, node: cst.BaseExpression) -> LegacyAlias | None:
        """The alias the name (or ``self.<attr>``, or ``tt.FloatTensor`` of a module alias ``tt``) ``node``
        stands for where it is read, if it is one."""
        if isinstance(node, cst.Attribute):
            if self._modules and legacy_dtype("torch." + node.attr.value) is not None:
                module_type = self._module_type_at(node)
                if module_type is not None:
                    return module_type
            return self._attribute_at(node) if node.attr.value in self._attributes else None
        if not isinstance(node, cst.Name) or node.value not in self._names:
            return None
        in_function = False
        for scope in self.tree.ancestors(node):
            if isinstance(scope, cst.ClassDef) and in_function:
                continue  # a method does not see its class's names
            if isinstance(scope, _SCOPES) and (
                isinstance(scope, cst.Module) or self._bound(scope, node.value)
            ):
                return self.found.get((id(scope), node.value))
            in_function = in_function or isinstance(scope, (cst.FunctionDef, cst.Lambda))
        return None

    def _module_type_at(self, node: cst.Attribute) -> LegacyAlias | None:
        """``tt.FloatTensor`` (or ``self.tt.FloatTensor``) with ``tt`` a module chosen by a condition:
        the conditional alias of ``torch.cuda.FloatTensor`` and its CPU twin."""
        receiver = node.value
        module: _ModuleAlias | None = None
        if isinstance(receiver, cst.Attribute) and m.matches(receiver.value, m.Name("self")):
            method = next((a for a in self.tree.ancestors(node) if isinstance(a, _SCOPES)), None)
            owner = (
                self.tree.parent(self.tree.parent(method)) if isinstance(method, cst.FunctionDef) else None
            )
            if isinstance(owner, cst.ClassDef):
                module = self._modules.get((id(owner), "self." + receiver.attr.value))
        elif isinstance(receiver, cst.Name):
            in_function = False
            for scope in self.tree.ancestors(node):
                if isinstance(scope, cst.ClassDef) and in_function:
                    continue
                if isinstance(scope, _SCOPES) and (
                    isinstance(scope, cst.Module) or self._bound(scope, receiver.value)
                ):
                    module = self._modules.get((id(scope), receiver.value))
                    break
                in_function = in_function or isinstance(scope, (cst.FunctionDef, cst.Lambda))
        if module is None:
            return None
        scope = module.scope
        if isinstance(scope, cst.ClassDef):
            # `self.tt` read in the method that chose it: its condition (a parameter) reads the same there
            binder = next(a for a in self.tree.ancestors(module.statement) if isinstance(a, _SCOPES))
            reader = next((a for a in self.tree.ancestors(node) if isinstance(a, _SCOPES)), None)
            scope = binder if reader is binder else scope
        device = _device_choice(
            self.tree, self._aliases, module.choice.test, module.cuda_first, scope, self._counts
        )
        return LegacyAlias(
            f"{module.name}.{node.attr.value}",
            module.statement,
            "torch.cuda." + node.attr.value,
            module.scope,
            device,
            True,
            attribute=True,  # (a module alias is never removed: it may have other uses)
            module=True,
        )

    def _attribute_at(self, node: cst.Attribute) -> LegacyAlias | None:
        """``self.Tensor`` read in a method of the class whose method bound it."""
        if not m.matches(node.value, m.Name("self")):
            return None
        method = next((a for a in self.tree.ancestors(node) if isinstance(a, _SCOPES)), None)
        owner = self.tree.parent(self.tree.parent(method)) if isinstance(method, cst.FunctionDef) else None
        if not isinstance(owner, cst.ClassDef):
            return None
        alias = self.found.get((id(owner), "self." + node.attr.value))
        if alias is None or not alias.conditional or alias.device is not None or alias.default_on_cpu:
            return alias
        # Read in the method that chose it, the condition (its parameter `use_cuda`) reads the same there.
        binder = next((a for a in self.tree.ancestors(alias.statement) if isinstance(a, _SCOPES)), None)
        assign = alias.statement.body[0]
        if (
            binder is None
            or binder is not method
            or not isinstance(assign, cst.Assign)
            or not isinstance(assign.value, cst.IfExp)
        ):
            return alias
        choice = assign.value
        cuda_first = (self._aliases.qualify(choice.body) or "").startswith("torch.cuda.")
        device = _device_choice(self.tree, self._aliases, choice.test, cuda_first, binder, self._counts)
        return replace(alias, device=device) if device is not None else alias


@dataclass(frozen=True)
class _ModuleAlias:
    """``tt = torch.cuda if cuda else torch``: a module chosen by a condition."""

    name: str
    statement: cst.SimpleStatementLine
    scope: cst.CSTNode
    choice: cst.IfExp
    cuda_first: bool


def _module_choice(aliases: ImportAliases, value: cst.BaseExpression) -> bool | None:
    """For ``torch.cuda if c else torch``, whether the CUDA module is first; None for anything else."""
    if not isinstance(value, cst.IfExp):
        return None
    body, orelse = _type_name(aliases, value.body), _type_name(aliases, value.orelse)
    if {body, orelse} != {"torch.cuda", "torch"}:
        return None
    return body == "torch.cuda"


def _not_a_read(parent: cst.CSTNode | None, name: cst.Name) -> bool:
    """``name`` where it does not read the variable: bound (``FloatTensor = ...``), an attribute's name
    (the ``FloatTensor`` of ``torch.cuda.FloatTensor``, which the alias itself spells), or a keyword."""
    return (
        isinstance(parent, cst.AssignTarget)
        or (isinstance(parent, cst.Attribute) and parent.attr is name)
        or (isinstance(parent, cst.Arg) and parent.keyword is name)
    )


def _declared_global(tree: Tree, name: str) -> bool:
    """Does some function declare ``global name`` (and so may rebind it)?"""
    return any(n.name.value == name for g in tree.of_type(tree.root, cst.Global) for n in g.names)


def _alias(
    tree: Tree,
    aliases: ImportAliases,
    stmt: cst.SimpleStatementLine,
    name: str,
    value: cst.BaseExpression,
    scope: cst.CSTNode,
    counts: dict[str, int],
) -> LegacyAlias | None:
    qualified = _type_name(aliases, value)
    if legacy_dtype(qualified) is not None:
        return LegacyAlias(name, stmt, qualified, scope, None, False)
    if not isinstance(value, cst.IfExp):
        return None
    body, orelse = _type_name(aliases, value.body), _type_name(aliases, value.orelse)
    cuda_first = body.startswith("torch.cuda.")
    gpu, cpu = (body, orelse) if cuda_first else (orelse, body)
    if gpu == "torch.cuda.FloatTensor" and cpu == "torch.Tensor":
        return LegacyAlias(name, stmt, gpu, scope, None, True, default_on_cpu=True)
    if legacy_dtype(gpu) is None or gpu != "torch.cuda." + cpu.removeprefix("torch."):
        return None
    device = _device_choice(tree, aliases, value.test, cuda_first, scope, counts)
    return LegacyAlias(name, stmt, gpu, scope, device, True)


def _typed_bindings(
    aliases: ImportAliases, block: cst.BaseSuite
) -> dict[str, tuple[cst.SimpleStatementLine, str]]:
    """The names a block's own statements bind once each to a legacy type (``X = torch.cuda.X``),
    with the statement and the type."""
    found: dict[str, tuple[cst.SimpleStatementLine, str]] = {}
    seen: set[str] = set()
    for statement in block.body if isinstance(block, cst.IndentedBlock) else ():
        if not _is_alias(statement):
            continue
        line = cst.ensure_type(statement, cst.SimpleStatementLine)
        assign = cst.ensure_type(line.body[0], cst.Assign)
        name = cst.ensure_type(assign.targets[0].target, cst.Name).value
        qualified = _type_name(aliases, assign.value)
        if name in seen or legacy_dtype(qualified) is None:
            found.pop(name, None)
        else:
            found[name] = (line, qualified)
        seen.add(name)
    return found


def _device_choice(
    tree: Tree,
    aliases: ImportAliases,
    test: cst.BaseExpression,
    cuda_first: bool,
    scope: cst.CSTNode,
    counts: dict[str, int],
) -> cst.IfExp | None:
    """``"cuda" if test else "cpu"`` (or the other way round), where ``test`` reads the same wherever
    the alias is read; None where it may not."""
    if not counts:
        counts.update(binding_counts(tree))  # once per file, for its first conditional alias
    if not (_reads_the_same_everywhere(tree, aliases, test, counts) or _fixed_in(tree, scope, test)):
        return None
    choice = ('"cuda"', '"cpu"') if cuda_first else ('"cpu"', '"cuda"')
    return cst.IfExp(
        test=test.deep_clone(), body=cst.SimpleString(choice[0]), orelse=cst.SimpleString(choice[1])
    )


def _fixed_in(tree: Tree, scope: cst.CSTNode, test: cst.BaseExpression) -> bool:
    """A name bound once in the function ``scope`` (a parameter, ``use_cuda``) and in no function,
    class or comprehension inside it: it reads the same wherever an alias of that function is read."""
    if not isinstance(scope, cst.FunctionDef) or not isinstance(test, cst.Name):
        return False
    if len(bindings_in(tree, scope, test.value)) != 1:
        return False
    inner = (s for s in tree.of_type(scope, SCOPES) if s is not scope)
    return not any(bindings_in(tree, s, test.value) for s in inner)


def _type_name(aliases: ImportAliases, value: cst.BaseExpression) -> str:
    """``torch.cuda.FloatTensor`` for that very name (not for a call of it)."""
    return (aliases.qualify(value) or "") if isinstance(value, (cst.Name, cst.Attribute)) else ""


def _reads_the_same_everywhere(
    tree: Tree, aliases: ImportAliases, test: cst.BaseExpression, counts: dict[str, int]
) -> bool:
    if (
        isinstance(test, cst.Call)
        and not test.args
        and aliases.qualify(test.func) == "torch.cuda.is_available"
    ):
        return True
    if not isinstance(test, cst.Name) or counts.get(test.value) != 1:
        return False
    return any(
        isinstance(stmt, cst.SimpleStatementLine) and test.value in _targets(stmt) for stmt in tree.root.body
    )


def _targets(stmt: cst.SimpleStatementLine) -> set[str]:
    return {dotted_name(t.target) or "" for s in stmt.body if isinstance(s, cst.Assign) for t in s.targets}
