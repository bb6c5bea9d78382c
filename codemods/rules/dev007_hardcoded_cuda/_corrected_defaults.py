"""GPU defaults that the code corrects, by asking the machine, before anything uses them.

A default of ``"cuda"`` or ``True`` is often only a wish that the next lines check:

- ``device = "cuda"`` followed by ``if not torch.cuda.is_available(): device = "cpu"``;
- ``def get_device(use_cuda=True): use_cuda = use_cuda and torch.cuda.is_available()``;
- ``def __init__(self, device="cuda"): self.device = torch.device(device) if torch.cuda.is_available()
  else cpu``, where every read of the default asks the machine beside it;
- ``USE_CUDA = True`` read only as ``CUDA_ENABLED = USE_CUDA and torch.cuda.is_available()``;
- an argparse ``--use-cuda`` on by default, and ``args.use_cuda = args.use_cuda and
  torch.cuda.is_available()`` in the file.

A machine without a GPU never acts on such a default, so it is not a site. The default counts as
corrected when, in the code that runs after it in its own function (or at the module's top level),
the first thing done with the name is a store that asks ``torch.cuda.is_available()`` (or puts the
CPU there under an ``if`` that asks it), or when every read of it, wherever it runs, asks the machine
beside it (``if USE_CUDA and torch.cuda.is_available():``). Reads in the bodies of functions defined
below run later than the module's own lines: a store at the top level corrects the value they see.
A default nothing reads is not shown to be corrected.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

import libcst as cst

from codemods.analysis.device_sites import looks_like_device
from codemods.core.name_bindings import parameter_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of
from codemods.core.tree import Tree

_LATER = (cst.FunctionDef, cst.ClassDef, cst.Lambda)  # code that runs when called, not in order


class CorrectedDefaults:
    """Answers :meth:`corrected` and :meth:`option_corrected` for one file."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree, self.aliases = tree, aliases
        self._asking_names: dict[tuple[str, int], bool] = {}  # (name, scope) -> _name_asks
        # see _candidates: by spelling, the names and their positions in the module
        self._spellings: dict[str, tuple[list[cst.Name | cst.Attribute], list[int]]] | None = None

    def corrected(self, spelled: str, definition: cst.CSTNode) -> bool:
        """Is the default that ``definition`` (an assignment to ``spelled``, or a parameter named it)
        corrected by asking the machine before it is used (see the module's docstring)?"""
        scope = next((a for a in self.tree.ancestors(definition) if isinstance(a, cst.FunctionDef)), None)
        root: cst.CSTNode = scope if scope is not None else self.tree.root
        inside = {id(n) for n in self.tree.descendants(definition)}
        started = False
        reads: list[cst.CSTNode] = []
        for node in self._candidates(spelled, definition, root):
            if node is definition or id(node) in inside:
                started = True
                continue
            if not self._names(node, spelled):
                continue
            store = self._store(node)
            if store is None:
                reads.append(node)
            if not started or self._runs_later(node, root):
                continue
            if store is not None and self._corrects(store, root):
                return True  # the first thing done with it corrects it
            if store is None and not self._read_asks(node, root, anywhere=False):
                break
        # Else: every read, wherever it runs (the bodies of functions included), asks the machine.
        return bool(reads) and all(self._read_asks(n, root, anywhere=True) for n in reads)

    def _candidates(
        self, spelled: str, definition: cst.CSTNode, root: cst.CSTNode
    ) -> list[cst.Name | cst.Attribute]:
        """The names and attributes under ``root`` that :meth:`corrected` must look at, in source order:
        those ``definition`` holds, and those that may spell ``spelled`` (a name of its value, an
        attribute of its last part); every other one it would pass over.

        At the module's top level they come from an index of the module's names built once: looking at
        every name of the module for each of its defaults cost time quadratic in the module's size
        (28 s of a ``check`` of the generated 2.4 MB file)."""
        first = self.tree.position(definition)
        if root is not self.tree.root or first is None:
            return self.tree.of_type(root, (cst.Name, cst.Attribute))
        if self._spellings is None:
            # From the index's lists of each class, in source order with their positions: a name's key
            # and an attribute's ("." first) never meet, so each key's nodes are in source order too.
            spellings: dict[str, tuple[list[cst.Name | cst.Attribute], list[int]]] = {}
            names, name_places = self.tree.of_class(cst.Name)
            attributes, attribute_places = self.tree.of_class(cst.Attribute)
            sources: list[tuple[list[str], Sequence[cst.Name | cst.Attribute], Sequence[int]]] = [
                ([name.value for name in names], names, name_places),
                (["." + attribute.attr.value for attribute in attributes], attributes, attribute_places),
            ]
            for keys, nodes_of_class, places_of_class in sources:
                for key, node, place in zip(keys, nodes_of_class, places_of_class):
                    entry = spellings.get(key)
                    if entry is None:
                        entry = spellings[key] = ([], [])
                    entry[0].append(node)
                    entry[1].append(place)
            self._spellings = spellings
        key = spelled if "." not in spelled else "." + spelled.rsplit(".", 1)[1]
        nodes, places = self._spellings.get(key, ([], []))
        # The definition's names are those between its first position and its last.
        own = self.tree.of_type(definition, (cst.Name, cst.Attribute))
        low = bisect_left(places, first)
        high = bisect_left(places, first + len(self.tree.descendants(definition)))
        return [*nodes[:low], *own, *nodes[high:]]

    def option_corrected(self, dest: str) -> bool:
        """Does the file store ``<options>.dest = <something that asks the machine>``?"""
        for assign in self.tree.of_type(self.tree.root, cst.Assign):
            for target in assign.targets:
                if isinstance(target.target, cst.Attribute) and target.target.attr.value == dest:
                    if self.asks(assign.value, assign):
                        return True
        return False

    def asks(self, expr: cst.CSTNode, at: cst.CSTNode) -> bool:
        """Does ``expr`` call ``torch.cuda.is_available()``, or read a name that every assignment of
        it (in the function around ``at``, else at the module's top level) binds to such a call?"""
        if any(self._is_available(c) for c in self.tree.of_type(expr, cst.Call)):
            return True
        names = {n.value for n in self.tree.of_type(expr, cst.Name)}
        return any(self._name_asks(name, at) for name in names)

    # -- helpers

    def _is_available(self, call: cst.Call) -> bool:
        return self.aliases.qualify(call.func) == "torch.cuda.is_available"

    def _name_asks(self, name: str, at: cst.CSTNode) -> bool:
        scope = next((a for a in self.tree.ancestors(at) if isinstance(a, cst.FunctionDef)), self.tree.root)
        key = (name, id(scope))
        if key not in self._asking_names:
            self._asking_names[key] = self._bound_to_asking(name, scope)
        return self._asking_names[key]

    def _bound_to_asking(self, name: str, scope: cst.CSTNode) -> bool:
        """Every assignment of ``name`` in ``scope`` asks the machine; in a function that neither
        assigns it nor takes it as a parameter, every one at the module's top level (a global)."""
        values = [
            a.value
            for a in self.tree.of_type(scope, cst.Assign)
            if len(a.targets) == 1 and dotted_name(a.targets[0].target) == name
        ]
        if not values and isinstance(scope, cst.FunctionDef) and name not in parameter_names(scope):
            return self._name_asks(name, self.tree.root)
        return bool(values) and all(self._answer(v) for v in values)

    def _answer(self, value: cst.BaseExpression) -> bool:
        """A yes/no that asks the machine: ``torch.cuda.is_available()``, or a ``not``, ``and``/``or``
        or comparison with it in (``not args.no_cuda and torch.cuda.is_available()``); not a device
        chosen by it, ``torch.device("cuda" if torch.cuda.is_available() else "cpu")``."""
        if isinstance(value, cst.Call):
            return self._is_available(value)
        if isinstance(value, (cst.BooleanOperation, cst.UnaryOperation, cst.Comparison)):
            return any(self._is_available(c) for c in self.tree.of_type(value, cst.Call))
        return False

    def _names(self, node: cst.Name | cst.Attribute, spelled: str) -> bool:
        """Is ``node`` the variable or attribute ``spelled`` (not ``x.spelled`` for a Name, nor a
        keyword argument's name)?"""
        # Exact classes (none has a subclass): isinstance goes through libcst's ABCMeta on a miss, and
        # this is asked of every name of the module spelled as a default is.
        if type(node) is cst.Name:
            if node.value != spelled:
                return False  # (the common answer: asked first, without looking the parent up)
            parent = self.tree.parent(node)
            if type(parent) is cst.Attribute and parent.attr is node:
                return False
            if type(parent) in (cst.Arg, cst.Param) and getattr(parent, "keyword", None) is node:
                return False
            return True
        return "." in spelled and dotted_name(node) == spelled

    def _runs_later(self, node: cst.CSTNode, root: cst.CSTNode) -> bool:
        for above in self.tree.ancestors(node):
            if above is root:
                return False
            if isinstance(above, _LATER):
                return True
        return False

    def _store(self, node: cst.CSTNode) -> cst.Assign | None:
        parent = self.tree.parent(node)
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            assign = self.tree.parent(parent)
            return assign if isinstance(assign, cst.Assign) else None
        return None

    def _corrects(self, store: cst.Assign, root: cst.CSTNode) -> bool:
        """A store that asks the machine (``use_cuda = use_cuda and torch.cuda.is_available()``), or
        that puts the CPU there under an ``if`` that asks it."""
        if self.asks(store.value, store):
            return True
        cpu = looks_like_device(store.value, self.aliases) and "cuda" not in code_of(store.value)
        return cpu and self._under_asking(store, root)

    def _under_asking(self, node: cst.CSTNode, root: cst.CSTNode) -> bool:
        for above in self.tree.ancestors(node):
            if above is root:
                return False
            if isinstance(above, (cst.If, cst.IfExp)) and self.asks(above.test, above):
                return True
        return False

    def _read_asks(self, node: cst.CSTNode, root: cst.CSTNode, anywhere: bool) -> bool:
        """A read beside the machine's answer: in the body of an ``if`` (or conditional expression)
        that asks it, or in an ``and``/``or`` with it; with ``anywhere`` false, not in a function below
        ``root``."""
        below = node
        for above in self.tree.ancestors(node):
            if above is root or (isinstance(above, _LATER) and not anywhere):
                return False
            if isinstance(above, (cst.If, cst.IfExp)) and below is not above.orelse:
                if self.asks(above.test, above):
                    return True
            if isinstance(above, cst.BooleanOperation) and self.asks(above, above):
                return True
            below = above
        return False
