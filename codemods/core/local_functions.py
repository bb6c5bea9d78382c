"""Which function of this file a call runs: ``helper(x)`` and ``self.helper(x)``.

Rules that follow code into the functions it calls (a training step done in a helper, a tensor
returned by one) resolve calls here. Only what the source shows is resolved: a plain name bound
by a ``def`` outside classes (one definition of that name in the file), and ``self.name(...)``
inside a class that defines ``name`` itself. Anything else (imported, passed in, redefined,
inherited) is no local function.
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from codemods.core.tree import Tree


class LocalFunctions:
    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        functions = tree.of_type(tree.root, cst.FunctionDef)
        outside_classes = [f for f in functions if self.enclosing_class(f) is None]
        defined = Counter(f.name.value for f in outside_classes)
        self._by_name = {f.name.value: f for f in outside_classes if defined[f.name.value] == 1}
        self._calls: dict[int, list[cst.Call]] | None = None

    def enclosing_class(self, node: cst.CSTNode) -> cst.ClassDef | None:
        for above in self.tree.ancestors(node):
            if isinstance(above, cst.ClassDef):
                return above
        return None

    def callee(self, call: cst.Call) -> cst.FunctionDef | None:
        """The function of this file that ``call`` runs, when the source says which one."""
        if isinstance(call.func, cst.Name):
            return self._by_name.get(call.func.value)
        func = call.func
        # `self.name(...)`: type tests, not a matcher (a libcst matcher cost 10 % of DEV008 on timm).
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
        ):
            cls = self.enclosing_class(call)
            name = func.attr.value
            if cls is not None and isinstance(cls.body, cst.IndentedBlock):
                found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
                return found[0] if len(found) == 1 else None
        return None

    def calls_to(self, function: cst.FunctionDef) -> list[cst.Call]:
        """Every call in the file that runs ``function``."""
        if self._calls is None:
            self._calls = {}
            for call in self.tree.of_type(self.tree.root, cst.Call):
                callee = self.callee(call)
                if callee is not None:
                    self._calls.setdefault(id(callee), []).append(call)
        return self._calls.get(id(function), [])
