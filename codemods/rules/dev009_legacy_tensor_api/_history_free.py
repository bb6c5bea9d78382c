"""Is a ``DataLoader``'s dataset shown to hold no gradient history?

A batch of a loader with the default collate is a new tensor stacked from the dataset's samples; it has
gradient history when they do: a slice of a parameter (``DataLoader(emb.weight)``), of a model's output
(``DataLoader(TensorDataset(net[:2](x)))``), what a dataset class computes with a layer it is given.
``Variable(batch)`` cut that history; plain ``batch`` keeps it, and ``.backward()`` then reaches the
network that made the batch. So the batch is plain only where the code *shows* the dataset to be data:

* data read from disk or built by a data library (``np.load(f)``, ``pd.read_csv(f)``, ``torch.load(f)``),
  a literal;
* a call of ``torch``, of ``torchvision``'s datasets and transforms, of ``random``, ``itertools`` or
  ``collections`` (``TensorDataset``, ``Subset``, a factory, ``torch.from_numpy``, ``MNIST(root,
  transform=...)``, ``random.sample(rows, k)``) all of whose arguments are data, a ``lambda`` reading
  only data included, and no ``requires_grad=`` asked for (``torch.nn``'s layers and parameters,
  ``torch.autograd``, ``torch.hub`` and ``torch.jit`` are no data);
* arithmetic, indexing, attributes and method calls of data (``x.float()[idx]``, ``ds.train_data``),
  never ``requires_grad_()``; ``.detach()``, ``.numpy()``, ``.tolist()``, ``.item()`` of anything;
* a name every binding of which, in the scope whose variable it is, is data (``for`` targets over data
  included; under ``torch.no_grad()``, what a model or a ``torch`` function computes), and whose object
  that scope changes only with data (``x[i] = v``, ``x.view(-1)[i] += v``, ``x.add_(v)``, ``ds.rows =
  v``, a method of the file's classes, a function of the file it is handed to, another name for it or
  a view of it: ``v = x.view(-1)``, ``for row in x:``), never with ``x.requires_grad = ...`` or
  ``out=x``;
* a class or a function of the file (``Windows(series, 6)``, ``toy_images(32, 0)``) given data, whose
  code makes no layer and no tensor that requires grad and reads from outside only data, builtins, data
  libraries and ``torch``'s functions (a class's bases being ``torch.utils.data``'s, torchvision's
  datasets or such classes).

Anything else (a parameter, another module's dataset class, a model's call, a class handed a layer or
reading one from the module) is not shown to be data, and ``Variable(batch)`` keeps its ``.detach()``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import libcst as cst
import libcst.matchers as m

from codemods.analysis.nn_modules import is_module_constructor, model_names, models_by_use, module_classes
from codemods.core.name_bindings import bindings_in, is_import_binding, variable_scope
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import kwarg
from codemods.core.torch_names import VARIABLE
from codemods.core.tree import Tree

# Libraries whose results are data read from disk or built from Python values, never an object handed
# to them: none returns a tensor with gradient history (NumPy refuses a tensor that requires grad).
_DATA_READERS = (
    "numpy.",
    "pandas.",
    "h5py.",
    "scipy.",
    "PIL.",
    "cv2.",
    "pickle.",
    "json.",
    "csv.",
    "gzip.",
    "os.",
    "glob.",
    "sklearn.datasets.",
    "torchvision.io.",
    "argparse.",
    "io.",
    "math.",
    "re.",
    "string.",
)
_DATA_CALLS = frozenset({"torch.load"})
# Libraries whose results are made of their arguments (`random.choice(rows)`, `TensorDataset(x)`, a
# torchvision dataset's `target_transform`): data when their arguments are.
_DATA_BUILDERS = (
    "torch.",
    "torchvision.transforms.",
    "torchvision.datasets.",
    "random.",
    "itertools.",
    "collections.",
)
# Builtins that build a value from their arguments alone (data from data).
_BUILDING_BUILTINS = frozenset(
    "list tuple zip sorted reversed range len int float str bool dict set enumerate open abs min max sum"
    " round".split()
)


# Tensor methods whose result takes gradient history from the receiver only (`x.to(device)`,
# `x.view(*shape)`, `x.index_select(0, idx)`): their arguments are a place, a type, a shape or indices.
_SHAPING_METHODS = frozenset(
    "to cuda cpu float double half long int bool byte type type_as contiguous view view_as reshape"
    " reshape_as unsqueeze squeeze t permute transpose clone pin_memory expand expand_as repeat flatten"
    " narrow select index_select chunk split size".split()
)
# Builtins that hand out the very objects (or rows) they are given: `for i, row in enumerate(x)`.
_HANDING_OUT_BUILTINS = (
    m.Name("enumerate")
    | m.Name("zip")
    | m.Name("iter")
    | m.Name("reversed")
    | m.Name("list")
    | m.Name("tuple")
)
# Methods whose result has no gradient history, whatever their receiver has.
_CUTTING_METHODS = frozenset("detach numpy tolist item".split())
# What may give a tensor gradient history in place: asked of the names the dataset is made of.
_AUTOGRAD_ATTRIBUTES = frozenset({"requires_grad", "data", "grad"})


def _no_data_of_torch(qualified: str) -> bool:
    """What ``torch`` offers besides data and functions of data: layers, parameters, ``Variable``."""
    return qualified.startswith(("torch.nn.", "torch.autograd.", "torch.hub.", "torch.jit.")) and (
        not qualified.startswith("torch.nn.functional.")
    )


def _library_data(qualified: str) -> bool:
    """Is ``qualified`` (``np.pi``, ``torch.float32``, ``transforms.ToTensor``) a name of a data
    library, neither a layer nor a parameter?"""
    return qualified.startswith((*_DATA_READERS, *_DATA_BUILDERS)) and not _no_data_of_torch(qualified)


# The variables, definitions and aliases one question has followed (taken as data while they are read,
# so that a cycle decides nothing), and those found not to be, marked ("refuted", key).
_Seen = set[tuple[object, ...]]


class HistoryFree:
    """Answers :meth:`dataset_of` for the loaders of one file (see the module docstring)."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree, self.aliases = tree, aliases
        self._globals = tree.memo(
            "history_free.globals",
            lambda: frozenset(n.name.value for g in tree.of_type(tree.root, cst.Global) for n in g.names),
        )
        self._models = model_names(tree, aliases) | models_by_use(tree)
        self._module_classes = module_classes(tree, aliases)
        # Methods the file's classes define: called on an object of the file, they may keep their arguments.
        self._file_methods = tree.memo(
            "history_free.methods",
            lambda: frozenset(
                f.name.value
                for c in tree.of_type(tree.root, cst.ClassDef)
                for f in c.body.body
                if isinstance(f, cst.FunctionDef)
            ),
        )

    def dataset_of(self, loader: cst.Call) -> bool:
        """Is the dataset of ``loader`` (``DataLoader(dataset, ...)`` or ``dataset=``) shown to be data?"""
        given = kwarg(loader, "dataset")
        if given is None:
            positional = [a for a in loader.args if a.keyword is None and not a.star]
            given = positional[0] if positional else None
        return given is not None and self._is_data(given.value, set())

    def _is_data(self, node: cst.BaseExpression, seen: _Seen) -> bool:
        """Is ``node`` data, without gradient history? ``seen``: the (scope, name) variables being
        followed, each taken as data while its own bindings are asked (they decide it)."""
        if isinstance(
            node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString)
        ):
            return True
        if isinstance(node, cst.FormattedString):
            return True
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return all(self._is_data(e.value, seen) for e in node.elements)
        if isinstance(node, cst.Dict):
            return all(
                isinstance(e, cst.DictElement) and self._is_data(e.key, seen) and self._is_data(e.value, seen)
                for e in node.elements
            )
        if isinstance(node, (cst.BinaryOperation, cst.Comparison, cst.BooleanOperation)):
            operands = (
                (node.left, node.right)
                if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation))
                else (node.left, *(c.comparator for c in node.comparisons))
            )
            return all(self._is_data(o, seen) for o in operands)
        if isinstance(node, cst.UnaryOperation):
            return self._is_data(node.expression, seen)
        if isinstance(node, cst.IfExp):
            return self._is_data(node.body, seen) and self._is_data(node.orelse, seen)
        if isinstance(node, cst.Subscript):
            return self._is_data(node.value, seen)  # an index, even with history, gives the value's rows
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return self._comprehension(node, node.elt, seen)
        if isinstance(node, cst.Attribute):
            qualified = self.aliases.qualify(node)
            if (
                node.attr.value == "data"
                and isinstance(node.value, cst.Call)
                and self._computed(node.value, seen)
            ):
                return True  # `model(x).data`: a tensor's `.data` has no history
            if qualified is not None:
                return _library_data(qualified)  # `np.pi`, `torch.float32` (a layer is no data)
            return self._is_data(node.value, seen)
        if isinstance(node, cst.Name):
            return self._name(node, seen)
        if isinstance(node, cst.Call):
            return self._call(node, seen)
        if isinstance(node, cst.Lambda):
            return self._makes_data(node, seen)  # `target_transform=lambda y: y - 1`
        return False

    def _computed(self, value: cst.BaseExpression, seen: _Seen) -> bool:
        """Is ``value`` a new tensor computed from others (a model's call, arithmetic, a ``torch``
        function of such tensors or data), which has no gradient history when computed under
        ``torch.no_grad()``? Not a parameter, nor a view of one or the parameter itself handed back:
        under ``no_grad`` ``w[:2]``, ``w.view(-1)`` and ``w.float()`` still require grad."""
        if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation)):
            return True
        if isinstance(value, (cst.List, cst.Tuple)):
            return all(self._computed_or_data(e.value, seen) for e in value.elements)
        if isinstance(value, cst.Subscript):
            return self._computed_or_data(value.value, seen)
        if not isinstance(value, cst.Call):
            return False
        if isinstance(value.func, cst.Attribute) and value.func.attr.value in _SHAPING_METHODS:
            return self._computed_or_data(value.func.value, seen)  # a view, or itself handed back
        if self._runs_a_model(value.func):
            return True
        qualified = self.aliases.qualify(value.func) or ""
        return (
            qualified.startswith("torch.")
            and not _no_data_of_torch(qualified)
            and all(self._computed_or_data(a.value, seen) for a in value.args)
        )

    def _computed_or_data(self, value: cst.BaseExpression, seen: _Seen) -> bool:
        return self._computed(value, seen) or self._is_data(value, seen)

    def _runs_a_model(self, func: cst.BaseExpression) -> bool:
        return calls_a_model(func, self._models, self.aliases, self._module_classes)

    def _comprehension(
        self,
        node: cst.ListComp | cst.SetComp | cst.GeneratorExp,
        elt: cst.BaseExpression,
        seen: _Seen,
    ) -> bool:
        """``[torch.tensor(s) for s in sentences if s]``: each ``for``'s source is data, and so is the
        element (its names are the comprehension's, bound to that data: :meth:`_name` finds them)."""
        loop: cst.CompFor | None = node.for_in
        while loop is not None:
            if not self._is_data(loop.iter, seen):
                return False
            loop = loop.inner_for_in
        return self._is_data(elt, seen)

    def _call(self, call: cst.Call, seen: _Seen) -> bool:
        qualified = self.aliases.qualify(call.func) or ""
        if not qualified and isinstance(call.func, cst.Name):
            qualified = self._library_alias(call.func)  # `dataset_class = datasets.CIFAR10`
        requires_grad = kwarg(call, "requires_grad")
        if requires_grad is not None and not m.matches(requires_grad.value, m.Name("False")):
            return False
        if qualified in VARIABLE:
            return True  # `Variable(t)` without `requires_grad` detaches
        if qualified.startswith(_DATA_READERS) or qualified in _DATA_CALLS:
            return True
        arguments = [a.value for a in call.args]
        if qualified.startswith(_DATA_BUILDERS):
            if _no_data_of_torch(qualified):
                return False  # a layer, a parameter: no data
            return all(self._is_data(a, seen) for a in arguments)
        if qualified:
            return False  # another module's function or class: its code is not shown here
        func = call.func
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in _CUTTING_METHODS:
                return True
            if method == "requires_grad_":
                return False
            return self._is_data(func.value, seen) and (
                method in _SHAPING_METHODS or all(self._is_data(a, seen) for a in arguments)
            )
        if isinstance(func, cst.Name):
            if self._is_builtin(func):
                return func.value in _BUILDING_BUILTINS and all(self._is_data(a, seen) for a in arguments)
            code = self._definition_named(func)
            if code is not None:
                # `Pairs(rows)`, `load(path)`: a class or a function of the file, given data
                return all(self._is_data(a, seen) for a in arguments) and self._makes_data(code, seen)
        return False

    def _definition_named(self, name: cst.Name) -> cst.ClassDef | cst.FunctionDef | None:
        """The class or function of the file ``name`` reads, when its one binding is that statement."""
        scope = variable_scope(self.tree, name, name.value)
        bindings = bindings_in(self.tree, scope, name.value)
        found = bindings[0] if len(bindings) == 1 else None
        if name.value in self._globals or not isinstance(found, (cst.ClassDef, cst.FunctionDef)):
            return None
        return found

    def _makes_data(self, code: cst.ClassDef | cst.FunctionDef | cst.Lambda, seen: _Seen) -> bool:
        """Does ``code`` (a class or a function of the file), given data, hold and give data only? A
        class's bases are ``torch.utils.data``'s or such classes of the file; its code (and a
        function's) makes no layer and no tensor that requires grad, and every name it reads from
        outside is data, a builtin, a data library (``np``, ``Image``) or ``torch``'s functions. What it
        computes from its arguments and from itself then has no gradient history."""
        return self._followed((id(code), "definition"), seen, lambda: self._code_makes_data(code, seen))

    def _code_makes_data(self, code: cst.ClassDef | cst.FunctionDef | cst.Lambda, seen: _Seen) -> bool:
        if isinstance(code, cst.ClassDef):
            if code.keywords:
                return False  # a metaclass
            for base in code.bases:
                qualified = self.aliases.qualify(base.value) or ""
                if qualified.startswith(("torch.utils.data.", "torchvision.datasets.")) or m.matches(
                    base.value, m.Name("object")
                ):
                    continue
                made = self._definition_named(base.value) if isinstance(base.value, cst.Name) else None
                if not isinstance(made, cst.ClassDef) or not self._makes_data(made, seen):
                    return False
        for call in self.tree.of_type(code, cst.Call):
            requires_grad = kwarg(call, "requires_grad")
            if requires_grad is not None and not m.matches(requires_grad.value, m.Name("False")):
                return False
            if m.matches(call.func, m.Name("setattr") | m.Name("getattr")):
                return False  # an attribute named by a string: `setattr(t, "requires_grad", True)`
        for attribute in self.tree.of_type(code, cst.Attribute):
            attr = attribute.attr.value
            assigned = isinstance(self.tree.parent(attribute), (cst.AssignTarget, cst.AugAssign))
            if attr == "requires_grad_" or (
                assigned
                and attr in _AUTOGRAD_ATTRIBUTES
                and not (attr == "data" and m.matches(attribute.value, m.Name("self")))  # `self.data = rows`
            ):
                return False
        return all(self._outside_name_is_data(read, seen) for read in self._outside_reads(code))

    def _outside_reads(self, code: cst.ClassDef | cst.FunctionDef | cst.Lambda) -> list[cst.Name]:
        """The names ``code`` reads from outside it (the module, a function around it)."""
        skip = {id(a.attr) for a in self.tree.of_type(code, cst.Attribute)}
        skip |= {id(a.keyword) for a in self.tree.of_type(code, cst.Arg) if a.keyword is not None}
        skip |= {id(p.name) for p in self.tree.of_type(code, cst.Param)}
        skip |= {id(f.name) for f in self.tree.of_type(code, (cst.FunctionDef, cst.ClassDef))}
        found = []
        for read in self.tree.of_type(code, cst.Name):
            if id(read) in skip:
                continue
            scope = variable_scope(self.tree, read, read.value)
            if scope is code or self.tree.inside(scope, code):
                continue
            found.append(read)
        return found

    def _outside_name_is_data(self, read: cst.Name, seen: _Seen) -> bool:
        scope = variable_scope(self.tree, read, read.value)
        bindings = bindings_in(self.tree, scope, read.value)
        if not bindings:
            return scope is self.tree.root  # a builtin (`len`, `super`, `int`)
        if all(is_import_binding(self.tree, b) for b in bindings):
            spelled: cst.BaseExpression = read
            while isinstance(above := self.tree.parent(spelled), cst.Attribute) and above.value is spelled:
                spelled = above  # `np.random.rand`: the whole name read
            return _library_data(self.aliases.qualify(spelled) or "")
        return self._name(read, seen)

    def _library_alias(self, func: cst.Name) -> str:
        """What a name every binding of which is the same kind of library name stands for (``loader =
        datasets.CIFAR10`` or ``datasets.CIFAR100``): the first such name; "" for any other name."""
        scope = variable_scope(self.tree, func, func.value)
        bindings = bindings_in(self.tree, scope, func.value)
        assigns = [self.tree.parent(b) for b in bindings if isinstance(b, cst.AssignTarget)]
        if func.value in self._globals or not bindings or len(assigns) != len(bindings):
            return ""
        spelled = [
            self.aliases.qualify(a.value) or ""
            if isinstance(a, cst.Assign) and isinstance(a.value, cst.Attribute)
            else ""
            for a in assigns
        ]
        kinds = {s.startswith(_DATA_READERS) for s in spelled}
        return spelled[0] if all(_library_data(s) for s in spelled) and len(kinds) == 1 else ""

    def _is_builtin(self, name: cst.Name) -> bool:
        """Is ``name`` read from the builtins (bound nowhere the read can see)?"""
        scope = variable_scope(self.tree, name, name.value)
        return scope is self.tree.root and not bindings_in(self.tree, scope, name.value)

    def _name(self, name: cst.Name, seen: _Seen) -> bool:
        """Is every binding of the variable ``name`` reads data, and does its scope change it in place
        only with data?"""
        if name.value in ("None", "True", "False"):
            return True
        scope = variable_scope(self.tree, name, name.value)
        return self._followed(
            (id(scope), name.value), seen, lambda: self._variable_is_data(scope, name.value, seen)
        )

    def _variable_is_data(self, scope: cst.CSTNode, name: str, seen: _Seen) -> bool:
        if scope is self.tree.root and name in self._globals:
            return False  # functions may rebind it: `global data`
        bindings = bindings_in(self.tree, scope, name)
        if not bindings or not all(self._binding_is_data(b, name, seen) for b in bindings):
            return False
        return self._changed_only_with_data(scope, name, seen)

    @staticmethod
    def _followed(key: tuple[object, ...], seen: _Seen, decide: Callable[[], bool]) -> bool:
        """``decide()`` for ``key`` once per question: True while it is being decided (a cycle, `x =
        x.float()`, leaves it to the other bindings), True once decided so, and False once refuted,
        whichever way it is asked again."""
        if ("refuted", key) in seen:
            return False
        if key in seen:
            return True
        seen.add(key)
        if decide():
            return True
        seen.add(("refuted", key))
        return False

    def _binding_is_data(self, binding: cst.CSTNode, name: str, seen: _Seen) -> bool:
        if isinstance(binding, (cst.For, cst.CompFor)):
            return self._is_data(binding.iter, seen)  # each item of data is data
        if isinstance(binding, cst.AssignTarget):
            assign = self.tree.parent(binding)
            if not isinstance(assign, cst.Assign):
                return False
            if without_grad(self.tree, assign, self.aliases) and self._computed(assign.value, seen):
                return True  # `with torch.no_grad(): feats = model(x)`
            return self._is_data(assign.value, seen)  # (or a part of it: `x, y = data`)
        if isinstance(binding, (cst.AugAssign, cst.AnnAssign)):
            return binding.value is not None and self._is_data(binding.value, seen)
        if isinstance(binding, cst.NamedExpr):
            return self._is_data(binding.value, seen)
        if isinstance(binding, (cst.ClassDef, cst.FunctionDef)):
            return self._makes_data(binding, seen)  # `super(Pairs, self)`, a helper given to a class
        if is_import_binding(self.tree, binding):
            return False  # another module's object: what it holds is not shown here
        return False  # a parameter, `global`, `with ... as`, `except ... as`

    def _changed_only_with_data(self, scope: cst.CSTNode, name: str, seen: _Seen) -> bool:
        """Are ``scope``'s changes of what ``name`` holds made with data only: in place (``x[i] = v``,
        ``x.view(-1)[i] += v``, ``x.add_(v)``), or by a method of the file's classes
        (``pairs.load(v)``), or an attribute set (``pairs.rows = v``); and is its autograd state never
        set (``x.requires_grad = True``, ``x.requires_grad_()``, ``out=x``)?"""
        for read in self.tree.of_type(scope, cst.Name):
            if read.value != name:
                continue
            parent = self.tree.parent(read)
            if isinstance(parent, cst.Arg) and parent.keyword is not None and parent.keyword.value == "out":
                return False
            if not self._chain_changes_only_with_data(read, seen):
                return False
        return True

    def _chain_changes_only_with_data(self, read: cst.Name, seen: _Seen) -> bool:
        """Follows ``read`` up its chain of attributes, indexing and method calls (``x.view(-1)[i]``):
        does the chain change the object only with data?"""
        argument = self.tree.parent(read)
        if isinstance(argument, cst.Arg) and argument.value is read:
            call = self.tree.parent(argument)
            if isinstance(call, cst.Call) and not self._handed_over_only_with_data(call, argument, seen):
                return False  # `fill(rows)`, whose code changes `rows` with what has history
        node: cst.CSTNode = read
        while True:
            parent = self.tree.parent(node)
            if isinstance(parent, cst.Attribute) and parent.value is node:
                above = self.tree.parent(parent)
                method = parent.attr.value
                if isinstance(above, cst.Call) and above.func is parent:
                    if method == "requires_grad_":
                        return False
                    changing = method.endswith("_") or method in self._file_methods
                    if changing and not all(self._is_data(a.value, seen) for a in above.args):
                        return False
                    node = above
                    continue
                if isinstance(above, (cst.AssignTarget, cst.AugAssign)) and above.target is parent:
                    return method not in _AUTOGRAD_ATTRIBUTES and self._assigned_is_data(above, seen)
                node = parent
                continue
            if isinstance(parent, cst.Subscript) and parent.value is node:
                above = self.tree.parent(parent)
                if isinstance(above, (cst.AssignTarget, cst.AugAssign)) and above.target is parent:
                    return self._assigned_is_data(above, seen)
                node = parent
                continue
            return self._aliases_change_only_with_data(node, seen)

    def _aliases_change_only_with_data(self, value: cst.CSTNode, seen: _Seen) -> bool:
        """Where ``value`` (the object, a view or a part of it) is bound to other names (``v =
        x.view(-1)``, ``for row in x:``), are those changed only with data too (``v[0] = w`` and
        ``row.add_(w)`` change ``x``)?"""
        parent = self.tree.parent(value)
        while isinstance(parent, cst.Arg) and parent.value is value:
            call = self.tree.parent(parent)
            if not (isinstance(call, cst.Call) and m.matches(call.func, _HANDING_OUT_BUILTINS)):
                return True  # handed to a call: read by `_handed_over_only_with_data`
            value, parent = call, self.tree.parent(call)  # `enumerate(x)`: hands out x's rows
        if isinstance(parent, cst.Assign) and parent.value is value:
            targets = [t.target for t in parent.targets]
        elif isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is value:
            targets = [parent.target]
        else:
            return True
        for target in targets:
            if not isinstance(target, (cst.Name, cst.Tuple, cst.List)):
                return False  # `self.rows = x`: changed wherever the attribute is
            for bound in self.tree.of_type(target, cst.Name):
                scope = variable_scope(self.tree, bound, bound.value)
                key = (id(scope), f"alias {bound.value}")
                if not self._followed(
                    key, seen, partial(self._changed_only_with_data, scope, bound.value, seen)
                ):
                    return False
        return True

    def _handed_over_only_with_data(self, call: cst.Call, argument: cst.Arg, seen: _Seen) -> bool:
        """Does a function or class of the file that ``call`` hands ``argument`` to change what it is
        given only with data (another module's code is not asked: the names it reads are of this file)?
        A class that makes data does; a class's ``__init__`` and a function are read for changes of the
        parameter ``argument`` binds."""
        code = self._definition_named(call.func) if isinstance(call.func, cst.Name) else None
        if code is None:
            return True
        if isinstance(code, cst.ClassDef):
            if self._makes_data(code, seen):
                return True
            inits = [
                f for f in code.body.body if isinstance(f, cst.FunctionDef) and f.name.value == "__init__"
            ]
            if not inits:
                return True  # the base's `__init__`: a library's (a class of the file would be read)
            code, skip = inits[0], 1  # `self`
        else:
            skip = 0
        if argument.star:
            return False
        params = [*code.params.posonly_params, *code.params.params][skip:]
        if argument.keyword is not None:
            named = argument.keyword.value
            if named not in {p.name.value for p in (*params, *code.params.kwonly_params)}:
                return False  # into `**kwargs`
        else:
            position = [a for a in call.args if a.keyword is None].index(argument)
            if position >= len(params) or any(a.star for a in call.args):
                return False
            named = params[position].name.value
        return self._changed_only_with_data(code, named, seen)

    def _assigned_is_data(self, target: cst.AssignTarget | cst.AugAssign, seen: _Seen) -> bool:
        """Is the value assigned through ``target`` (``x[i] = v``, ``x.rows += v``) data?"""
        statement = self.tree.parent(target) if isinstance(target, cst.AssignTarget) else target
        return isinstance(statement, (cst.Assign, cst.AugAssign)) and self._is_data(statement.value, seen)


def calls_a_model(
    func: cst.BaseExpression, models: frozenset[str], aliases: ImportAliases, local_modules: set[str]
) -> bool:
    """Does calling ``func`` run a model or a part of one: ``model(x)``, ``net.features(x)``, an indexed
    layer of one (``enc[0](x)``, ``self.blocks[2].fc(x)``, ``getattr(model, name)(x)``), a layer made in
    place (``nn.Linear(2, 2)(x)``, ``nn.Sequential(...)[0](x)``)?"""
    node: cst.BaseExpression = func
    while True:
        if dotted_name(node) in models or is_module_constructor(node, aliases, local_modules):
            return True
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        elif isinstance(node, cst.Call) and dotted_name(node.func) == "getattr" and node.args:
            node = node.args[0].value  # `getattr(model, "fc")(x)`: a part of the model
        else:
            return False


def without_grad(tree: Tree, assign: cst.Assign, aliases: ImportAliases) -> bool:
    """Is ``assign`` under ``with torch.no_grad():`` (or ``torch.inference_mode()``), where what it
    computes has no gradient history?"""
    return any(
        isinstance(above, cst.With)
        and any(
            isinstance(item.item, cst.Call)
            and aliases.qualify(item.item.func) in ("torch.no_grad", "torch.inference_mode")
            for item in above.items
        )
        for above in tree.ancestors(assign)
    )
