"""Tensor attributes a module's own code keeps on the host on purpose.

A buffer moves with the module: after ``model.cuda()`` it is on the GPU. Code that reads the
attribute where only a host tensor will do then breaks where the plain attribute worked:
``self.probs.numpy()`` (a GPU tensor has no NumPy view), ``rng.choice(3, p=np.asarray(self.probs))``
(NumPy converts it the same way, and so do the libraries built on it: SciPy, Matplotlib, scikit-learn,
OpenCV, pandas), and arithmetic or a call with a tensor the code brings to the host
(``self.counts += torch.bincount(pred.cpu())``, ``torch.cat([self.buf, y.cpu()])``: a GPU tensor and a
host tensor in one operation raise). The read may go through a local name (``header = self.header``,
then ``header.numpy()``), or through a method of the class that returns the attribute
(``self.get_header().numpy()``). Such an attribute stays a plain attribute; the rule says why.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of
from codemods.core.tree import Tree

# Methods that bring a tensor to a device, or out of torch, before it is read: what follows reads
# the moved value (`self.probs.cpu().numpy()`), or a Python number or list (`self.k.item()`).
_MOVED_OR_CONVERTED = frozenset("cpu to cuda item tolist".split())

# Libraries that turn what they are given into a NumPy array (`np.asarray`), which a GPU tensor refuses.
_NUMPY_CONSUMERS = ("numpy.", "scipy.", "matplotlib.", "sklearn.", "cv2.", "pandas.")

# How far a read is followed through local names and methods returning it (`a = self.x; b = a; ...`).
_MAX_HOPS = 4


def host_read(tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, name: str) -> str | None:
    """The first place the code of ``cls`` reads ``self.<name>`` as a host tensor (``.numpy()``, handed
    to NumPy, combined with a tensor moved to the host), spelled as written; None without one."""
    for attribute in tree.of_type(cls, cst.Attribute):
        if (
            attribute.attr.value == name
            and isinstance(attribute.value, cst.Name)
            and attribute.value.value == "self"
        ):
            read = _host_use(tree, aliases, cls, attribute, _MAX_HOPS)
            if read is not None:
                return code_of(read).strip()
    return None


def _host_use(
    tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, read: cst.CSTNode, hops: int
) -> cst.CSTNode | None:
    """Where ``read`` (the attribute, or a name or call holding it), followed up the chain of methods
    called on it (``.detach()``, ``.data``), through a local name it is bound to and a method of
    ``cls`` returning it (``hops`` steps at most), is read as a host tensor; None where it is not (or is
    moved first)."""
    node: cst.CSTNode = read
    while True:
        parent = tree.parent(node)
        if isinstance(parent, cst.Attribute) and parent.value is node and parent.attr.value == "data":
            node = parent
            continue
        call = tree.parent(parent)
        if not (
            isinstance(parent, cst.Attribute)
            and parent.value is node
            and isinstance(call, cst.Call)
            and call.func is parent
        ):
            break
        if parent.attr.value in _MOVED_OR_CONVERTED:
            return None
        if parent.attr.value == "numpy":
            return call  # `self.probs.numpy()`
        node = call
    above = tree.parent(node)
    if isinstance(above, cst.Element):  # `torch.cat([self.buf, y.cpu()])`: an argument's element
        listed = tree.parent(above)
        arg = tree.parent(listed) if isinstance(listed, (cst.List, cst.Tuple)) else None
        if isinstance(arg, cst.Arg):
            above = arg
    if isinstance(above, cst.Arg):
        call = tree.parent(above)
        if isinstance(call, cst.Call) and (
            (aliases.qualify(call.func) or "").startswith(_NUMPY_CONSUMERS)  # `np.asarray(self.probs)`
            or any(_brought_to_host(tree, a.value) for a in call.args if a is not above)
        ):
            return call
        if (  # `torch.cat([self.buf, y.cpu()])`, `torch.maximum(self.best, y.cpu())`
            isinstance(call, cst.Call)
            and isinstance(above.value, (cst.List, cst.Tuple))
            and any(_brought_to_host(tree, e.value) for e in above.value.elements if e.value is not node)
        ):
            return call
    if isinstance(above, cst.AugAssign) and above.target is node and _brought_to_host(tree, above.value):
        return above  # `self.counts += torch.bincount(pred.cpu())`
    if isinstance(above, cst.BinaryOperation):
        other = above.right if above.left is node else above.left
        if _brought_to_host(tree, other):
            return above  # `self.table * x.cpu()`
    if hops > 0 and isinstance(above, cst.Assign) and above.value is node:
        for alias in _alias_reads(tree, above):  # `header = self.header`, then `header.numpy()`
            found = _host_use(tree, aliases, cls, alias, hops - 1)
            if found is not None:
                return found
    if hops > 0 and isinstance(above, cst.Return):
        for call in _method_calls(tree, cls, above):  # `return self.header`, then `self.get().numpy()`
            found = _host_use(tree, aliases, cls, call, hops - 1)
            if found is not None:
                return found
    return None


def _enclosing_function(tree: Tree, node: cst.CSTNode) -> cst.FunctionDef | None:
    return next((a for a in tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)


def _statement(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    """The statement holding ``node`` (a simple statement, or the compound statement whose header does)."""
    statements = (cst.BaseSmallStatement, cst.BaseCompoundStatement)
    return next((a for a in tree.ancestors(node) if isinstance(a, statements)), node)


def _alias_reads(tree: Tree, assign: cst.Assign) -> list[cst.Name]:
    """The reads of the local names ``assign`` binds (``header = self.header``) that this binding
    reaches: in the same function, after it, with no other binding of the name between them in the
    source (a loop may bring an earlier binding round again; that one is not followed)."""
    function = _enclosing_function(tree, assign)
    targets = {t.target.value for t in assign.targets if isinstance(t.target, cst.Name)}
    if function is None or not targets:
        return []
    bindings: dict[str, list[tuple[int, cst.CSTNode]]] = {name: [] for name in targets}
    reads: list[cst.Name] = []
    for name in tree.of_type(function, cst.Name):
        if name.value not in targets:
            continue
        parent = tree.parent(name)
        if isinstance(parent, cst.Attribute) and parent.attr is name:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is name:
            continue
        statement = _statement(tree, name)
        if (
            isinstance(parent, (cst.AssignTarget, cst.AnnAssign, cst.For, cst.AsName, cst.Param))
            or (
                isinstance(parent, (cst.Element, cst.StarredElement))  # `a, header = ...`
                and any(isinstance(a, (cst.AssignTarget, cst.For)) for a in tree.ancestors(parent)[:4])
            )
        ):
            bindings[name.value].append((tree.position(statement) or 0, statement))
        else:
            reads.append(name)
    reached = []
    for name in reads:
        here = tree.position(_statement(tree, name)) or 0
        before = [(p, s) for p, s in bindings[name.value] if p < here]
        if before and max(before, key=lambda b: b[0])[1] is assign:
            reached.append(name)
    return reached


def _method_calls(tree: Tree, cls: cst.ClassDef, returned: cst.Return) -> list[cst.Call]:
    """The calls ``self.<method>()`` in ``cls`` of the method of ``cls`` holding ``returned``."""
    function = _enclosing_function(tree, returned)
    if function is None or tree.parent(function) is not cls.body:
        return []
    method = function.name.value
    return [
        call
        for call in tree.of_type(cls, cst.Call)
        if isinstance(call.func, cst.Attribute)
        and call.func.attr.value == method
        and isinstance(call.func.value, cst.Name)
        and call.func.value.value == "self"
    ]


def _brought_to_host(tree: Tree, node: cst.CSTNode) -> bool:
    """Is ``node`` made from a tensor moved to the host (``x.cpu()``, ``x.to("cpu")``), and not turned
    into a Python number or list on the way (``x.cpu().item()``)?"""
    for call in tree.of_type(node, cst.Call):
        func = call.func
        to_host = isinstance(func, cst.Attribute) and (
            func.attr.value == "cpu"
            or (
                func.attr.value == "to"
                and bool(call.args)
                and isinstance(call.args[0].value, cst.SimpleString)
                and call.args[0].value.evaluated_value == "cpu"
            )
        )
        after = tree.parent(tree.parent(call))
        converted = (
            isinstance(after, cst.Call)
            and isinstance(after.func, cst.Attribute)
            and after.func.value is call
            and after.func.attr.value in ("item", "tolist")
        )
        if to_host and not converted:
            return True
    return False
