"""Statements that touch other attributes of the object a tensor attribute belongs to, and only them.

    self.h = torch.zeros(1, n)
    self.c = torch.zeros(1, n)          (mentions ``self``, not ``self.h``)
    if use_cuda:
        self.h = self.h.cuda()
        self.c = self.c.cuda()

Between ``self.h``'s creation and its move, a statement that mentions ``self`` could read ``self.h``
through it: ``self.reset()`` or ``log(self)`` may. One that mentions ``self`` only to read or assign
other attributes (``self.c = torch.zeros(1, n)``, ``self.c = self.c.cuda()``), none of them called
(``self.helper()`` is a method of the object) nor the one holding the tensor (``self.h``'s own), cannot:
the tensor attribute's creation and move are then as plainly one after the other as a local name's.
"""

from __future__ import annotations

import libcst as cst

from codemods.core.tree import Tree


def only_other_attributes(tree: Tree, statement: cst.CSTNode, spelled: str) -> bool:
    """Does ``statement`` mention the object of ``spelled`` (``self`` of ``self.h``) only as the owner of
    other attributes (``self.c``), none of them called?"""
    root, _, rest = spelled.partition(".")
    own = rest.split(".", 1)[0]
    if not own:
        return False
    for name in tree.of_type(statement, cst.Name):
        if name.value != root:
            continue
        owner = tree.parent(name)
        if not (isinstance(owner, cst.Attribute) and owner.value is name):
            return False  # `log(self)`, `self` itself handed on or rebound
        if owner.attr.value == own or owner.attr.value.startswith("__"):
            return False  # `self.h.x`, `self.h` rebinding the object it hangs on, `self.__dict__.update(d)`
        called = tree.parent(owner)
        if isinstance(called, cst.Call) and called.func is owner:
            return False  # `self.reset()` may read `self.h`
    return True
