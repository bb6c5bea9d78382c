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
        # Per class (by id: the tree keeps it alive), its methods defined once, by name; None for a name
        # defined twice. Rules ask `callee` of every `self.layer(x)` of every `forward`.
        self._methods: dict[int, dict[str, cst.FunctionDef | None]] = {}

    def enclosing_class(self, node: cst.CSTNode) -> cst.ClassDef | None:
        for above in self.tree.ancestors(node):
            # (`type() is`: isinstance goes through libcst's ABCMeta for every other class; ClassDef has
            # no subclass)
            if type(above) is cst.ClassDef:
                return above
        return None

    def callee(self, call: cst.Call) -> cst.FunctionDef | None:
        """The function of this file that ``call`` runs, when the source says which one."""
        func = call.func
        if type(func) is cst.Name:  # (neither class has a subclass: see enclosing_class)
            return self._by_name.get(func.value)
        # `self.name(...)`: type tests, not a matcher (a libcst matcher cost 10 % of DEV008 on timm).
        if type(func) is cst.Attribute and type(func.value) is cst.Name and func.value.value == "self":
            cls = self.enclosing_class(call)
            if cls is not None and isinstance(cls.body, cst.IndentedBlock):
                methods = self._methods.get(id(cls))
                if methods is None:
                    methods = self._methods[id(cls)] = _defined_once(cls.body)
                return methods.get(func.attr.value)
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


def _defined_once(body: cst.IndentedBlock) -> dict[str, cst.FunctionDef | None]:
    """The functions ``body`` defines, by name; None for a name it defines more than once."""
    found: dict[str, cst.FunctionDef | None] = {}
    for statement in body.body:
        if isinstance(statement, cst.FunctionDef):
            found[statement.name.value] = None if statement.name.value in found else statement
    return found
