"""Tensor attributes a module's own code keeps on the host on purpose.

A buffer moves with the module: after ``model.cuda()`` it is on the GPU. Code that reads the
attribute where only a host tensor will do then breaks where the plain attribute worked:
``self.probs.numpy()`` (a GPU tensor has no NumPy view), ``rng.choice(3, p=np.asarray(self.probs))``
(NumPy converts it the same way), and arithmetic or a call with a tensor the code brings to the host
(``self.counts += torch.bincount(pred.cpu())``, ``torch.cat([self.buf, y.cpu()])``: a GPU tensor and a
host tensor in one operation raise). Such an attribute stays a plain attribute; the rule says why.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of
from codemods.core.tree import Tree

# Methods that bring a tensor to a device, or out of torch, before it is read: what follows reads
# the moved value (`self.probs.cpu().numpy()`), or a Python number or list (`self.k.item()`).
_MOVED_OR_CONVERTED = frozenset("cpu to cuda item tolist".split())


def host_read(tree: Tree, aliases: ImportAliases, cls: cst.ClassDef, name: str) -> str | None:
    """The first place the code of ``cls`` reads ``self.<name>`` as a host tensor (``.numpy()``, handed
    to NumPy, combined with a tensor moved to the host), spelled as written; None without one."""
    for attribute in tree.of_type(cls, cst.Attribute):
        if (
            attribute.attr.value == name
            and isinstance(attribute.value, cst.Name)
            and attribute.value.value == "self"
        ):
            read = _host_use(tree, aliases, attribute)
            if read is not None:
                return code_of(read).strip()
    return None


def _host_use(tree: Tree, aliases: ImportAliases, attribute: cst.Attribute) -> cst.CSTNode | None:
    """Where ``attribute``, followed up the chain of methods called on it (``.detach()``, ``.data``),
    is read as a host tensor; None where it is not (or is moved first)."""
    node: cst.CSTNode = attribute
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
            (aliases.qualify(call.func) or "").startswith("numpy.")  # `np.asarray(self.probs)`
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
    return None


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
