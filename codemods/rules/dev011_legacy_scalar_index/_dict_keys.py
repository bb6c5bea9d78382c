"""A tensor element used as the key of a dictionary lookup (``index2word[ni]`` with ``ni = topi[0][0]``).

Before PyTorch 0.4, indexing a tensor down to one element gave a Python number; since, it gives a 0-dim
tensor. A tensor hashes by identity, so a dictionary keyed by numbers never finds it: ``d[ni]`` raises
``KeyError`` on every run. ``d[ni.item()]`` looks up the number, as the code did before 0.4 (on a NumPy
scalar ``.item()`` gives the same number, so the lookup is unchanged there).

The proof has three parts, all read from the function: the key is a name every binding of which is an
element picked by integer literals (``t[0][0]``, ``t[0, 0]``) out of a tensor the code shows
(``.data``, an index result of ``topk``/``max``/``sort``/``argmax``); that name is never stored into a
container or handed to a call other than torch's or a builtin (so the dictionary cannot hold that very
tensor as a key); and the dictionary is one the file builds, every binding of it a dict display, a
dict comprehension or ``dict(...)`` (not a ``defaultdict``, whose lookup of a missing key inserts it).
"""

from __future__ import annotations

import libcst as cst

from codemods.core.name_bindings import bindings_in
from codemods.core.names import ImportAliases
from codemods.core.tree import Tree

# Tensor methods whose result (or whose second result, the indices) is a tensor, whatever the receiver
# is in NumPy terms: `topk` and `kthvalue` exist on tensors only, and `a, b = arr.max(1)` on an array
# gives NumPy elements, whose `.item()` is the same number.
_INDEX_METHODS = frozenset({"topk", "max", "min", "sort", "kthvalue", "median", "mode", "argmax", "argmin"})
_TENSOR_ATTRIBUTES = frozenset({"data"})
# Builtins that read a value and keep nothing of it (not `dict`, `set`, `setattr`...: they may store it).
_BUILTINS = frozenset(
    "print str repr format int float bool abs round len range min max isinstance type hash".split()
)
_DICT_CALLS = frozenset({"dict", "collections.OrderedDict"})
_HOLDERS = (cst.Element, cst.StarredElement, cst.List, cst.Tuple, cst.Set)


def _scope_of(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    return next((a for a in tree.ancestors(node) if isinstance(a, cst.FunctionDef)), tree.root)


def _element_names(tree: Tree) -> frozenset[str]:
    """The names the file assigns an element picked by integer literals (``ni = topi[0][0]``) anywhere: a
    key's every binding must be one of these assignments."""
    return frozenset(
        target.target.value
        for assign in tree.of_type(tree.root, cst.Assign)
        if _integer_path(assign.value) is not None
        for target in assign.targets
        if isinstance(target.target, cst.Name)
    )


def _integer_path(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The tensor ``t`` of ``t[0][1]`` or ``t[0, 1]``: subscripts with integer literals only."""
    depth = 0
    while isinstance(node, cst.Subscript):
        for element in node.slice:
            index = element.slice
            if not (isinstance(index, cst.Index) and isinstance(index.value, cst.Integer)):
                return None
        node = node.value
        depth += 1
    return node if depth else None


class DictKeys:
    """Answers whether ``d[k]`` looks a tensor element ``k`` up in a dictionary of the file."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        self.aliases = aliases

    def tensor_key(self, subscript: cst.Subscript) -> cst.Name | None:
        """The key of ``subscript`` when the lookup is one the module docstring describes, else None."""
        if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
            return None
        key = subscript.slice[0].slice.value
        if not isinstance(key, cst.Name) or self._written(subscript):
            return None
        if key.value not in self.tree.memo("dev011.element_names", lambda: _element_names(self.tree)):
            return None  # (what _is_element asks of every binding, asked of the file once: most keys fail it)
        scope = _scope_of(self.tree, subscript)
        if not self._is_element(key, scope) or not self._stays_local(key.value, scope):
            return None
        return key if self._is_dict(subscript.value, scope) else None

    def _written(self, subscript: cst.Subscript) -> bool:
        parent = self.tree.parent(subscript)
        return isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)) or (
            isinstance(parent, (cst.Element, cst.StarredElement))  # `a, d[k] = ...`
            and any(isinstance(a, cst.AssignTarget) for a in self.tree.ancestors(parent))
        )

    # -- the key

    def _is_element(self, key: cst.Name, scope: cst.CSTNode) -> bool:
        bindings = bindings_in(self.tree, scope, key.value)
        if not bindings:
            return False
        for binding in bindings:
            assign = self.tree.parent(binding)
            if not (
                isinstance(binding, cst.AssignTarget)
                and isinstance(binding.target, cst.Name)
                and isinstance(assign, cst.Assign)
            ):
                return False
            base = _integer_path(assign.value)
            if base is None or not self._is_tensor(base, scope):
                return False
        return True

    def _is_tensor(self, node: cst.BaseExpression, scope: cst.CSTNode, follow: bool = True) -> bool:
        """A tensor the code shows: ``x.data``, an index method's result (``out.topk(1)[1]``), or a name
        every binding of which is one of these or the unpacked pair of an index method."""
        if isinstance(node, cst.Attribute):
            return node.attr.value in _TENSOR_ATTRIBUTES
        if isinstance(node, cst.Call):
            return self._index_call(node)
        if isinstance(node, cst.Subscript):
            return isinstance(node.value, cst.Call) and self._index_call(node.value)
        if not isinstance(node, cst.Name) or not follow:
            return False
        bindings = bindings_in(self.tree, scope, node.value)
        for binding in bindings:
            assign = self.tree.parent(binding)
            if not isinstance(binding, cst.AssignTarget) or not isinstance(assign, cst.Assign):
                return False
            target, value = binding.target, assign.value
            if isinstance(target, cst.Name):
                ok = self._is_tensor(value, scope, follow=False)
            else:
                # `_, topi = out.topk(1)`: the (values, indices) pair of an index method
                ok = (
                    isinstance(target, (cst.Tuple, cst.List))
                    and len(target.elements) == 2
                    and isinstance(value, cst.Call)
                    and self._index_call(value)
                )
            if not ok:
                return False
        return bool(bindings)

    def _index_call(self, call: cst.Call) -> bool:
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith("torch."):
            return qualified.rsplit(".", 1)[1] in _INDEX_METHODS
        return (
            isinstance(call.func, cst.Attribute)
            and not qualified
            and call.func.attr.value in _INDEX_METHODS
            and bool(call.args)  # `x.max()` of a list-like is its own method; these take a size or a dim
        )

    def _stays_local(self, name: str, scope: cst.CSTNode) -> bool:
        """The tensor ``name`` holds is only read in place: never a store's key, aliased, returned, or
        handed (alone or in a list or tuple) to a call that could keep it, anything but torch's functions
        and the builtins. So no dictionary can hold that very tensor as a key."""
        for node in self.tree.of_type(scope, cst.Name):
            if node.value != name:
                continue
            child: cst.CSTNode = node
            parent = self.tree.parent(node)
            while isinstance(parent, _HOLDERS):  # containers hold the object itself
                child, parent = parent, self.tree.parent(parent)
            if isinstance(parent, cst.Arg):
                call = self.tree.parent(parent)
                if not isinstance(call, cst.Call) or not self._harmless(call):
                    return False
            elif isinstance(parent, cst.Index):
                element = self.tree.parent(parent)
                if isinstance(element, cst.SubscriptElement) and self._written_subscript(element):
                    return False
            elif isinstance(parent, (cst.Return, cst.Yield, cst.NamedExpr, cst.DictElement)):
                return False
            elif isinstance(parent, (cst.Assign, cst.AnnAssign)) and getattr(parent, "value", None) is child:
                return False
        return True

    def _written_subscript(self, element: cst.SubscriptElement) -> bool:
        subscript = self.tree.parent(element)
        return isinstance(subscript, cst.Subscript) and self._written(subscript)

    def _harmless(self, call: cst.Call) -> bool:
        qualified = self.aliases.qualify(call.func) or ""
        if qualified.startswith("torch."):
            return True
        return isinstance(call.func, cst.Name) and call.func.value in _BUILTINS and not qualified

    # -- the dictionary

    def _is_dict(self, node: cst.BaseExpression, scope: cst.CSTNode) -> bool:
        if isinstance(node, cst.Name):
            bindings = bindings_in(self.tree, scope, node.value) or bindings_in(
                self.tree, self.tree.root, node.value
            )
            values = [self._assigned(b) for b in bindings]
        elif isinstance(node, cst.Attribute):
            values = [
                assign.value
                for assign in self.tree.of_type(self.tree.root, cst.Assign)
                for target in assign.targets
                if isinstance(target.target, cst.Attribute) and target.target.attr.value == node.attr.value
            ]
            if any(
                isinstance(a.target, cst.Attribute) and a.target.attr.value == node.attr.value
                for a in self.tree.of_type(self.tree.root, cst.AugAssign)
            ):
                return False
        else:
            return False
        return bool(values) and all(v is not None and self._dict_value(v) for v in values)

    def _assigned(self, binding: cst.CSTNode) -> cst.BaseExpression | None:
        assign = self.tree.parent(binding)
        if isinstance(binding, cst.AssignTarget) and isinstance(binding.target, cst.Name):
            return assign.value if isinstance(assign, cst.Assign) else None
        return None

    def _dict_value(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.Dict, cst.DictComp)):
            return True
        if isinstance(value, cst.Call):
            qualified = self.aliases.qualify(value.func)
            if qualified is None and isinstance(value.func, cst.Name):
                qualified = value.func.value
            return qualified in _DICT_CALLS
        return False
