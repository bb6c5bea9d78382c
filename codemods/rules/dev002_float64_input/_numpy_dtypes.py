"""The dtype of NumPy data, by construction: float64 unless the code says otherwise.

NumPy's creating functions (``np.random.randn``, ``np.linspace``, ``np.loadtxt``), a random
``Generator``'s draws (``np.random.default_rng().normal(...)``) and arithmetic on their results are
float64; ``.astype(...)``, ``dtype=`` (or the dtype given by position, ``np.zeros(n, np.float32)``)
and NumPy's scalar types called on data (``np.float32(x)``) decide otherwise, also through the
names the data is bound to. Anything else (a parameter, ``np.load``,
a DataFrame's ``.values``) is unknown.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, method_chain
from codemods.core.tree import Tree

# NumPy functions that return float64 arrays unless told otherwise.
NUMPY_FLOAT64 = frozenset(
    f"numpy.{name}"
    for name in (
        "random.rand random.randn random.normal random.uniform random.random random.standard_normal"
        " random.random_sample linspace zeros ones eye loadtxt genfromtxt"
    ).split()
)


# NumPy random generators (``np.random.default_rng()``) and their draws that return float64.
GENERATORS = frozenset({"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator"})


GENERATOR_FLOAT_DRAWS = frozenset(
    "normal standard_normal random uniform rand randn exponential gamma beta laplace lognormal"
    " multivariate_normal standard_exponential standard_gamma random_sample".split()
)


# NumPy functions whose result is float64 when an input is.
NUMPY_FLOAT_PRESERVING = frozenset(
    f"numpy.{name}"
    for name in (
        "stack concatenate hstack vstack column_stack sin cos tan exp log tanh sqrt abs square clip"
        " outer dot matmul"
    ).split()
)


FLOAT64 = "float64"


OTHER = "other"


UNKNOWN = "unknown"


def names_float64(node: cst.BaseExpression) -> bool:
    """``np.float64``, ``"float64"``, ``float`` (NumPy reads the builtin as float64), ``np.double``."""
    text = code_of(node).rsplit(".", 1)[-1].strip("'\"")
    return text in ("float64", "double", "float", "float_")


def random_generators(tree: Tree, module: cst.Module, aliases: ImportAliases) -> set[str]:
    """Names bound to a NumPy random generator anywhere in the file (``rng = np.random.default_rng()``)."""
    found: set[str] = set()
    for assign in tree.of_type(module, cst.Assign):
        if isinstance(assign.value, cst.Call) and aliases.qualify(assign.value.func) in GENERATORS:
            found.update(n for n in (dotted_name(t.target) for t in assign.targets) if n)
    return found


# NumPy functions whose dtype may be given by position: the index of that argument.
POSITIONAL_DTYPE = {
    "numpy.array": 1,
    "numpy.asarray": 1,
    "numpy.asanyarray": 1,
    "numpy.ascontiguousarray": 1,
    "numpy.zeros": 1,
    "numpy.ones": 1,
    "numpy.empty": 1,
    "numpy.full": 2,
}


# NumPy's scalar types, called as constructors (`np.float32(x)` makes float32 data).
NUMPY_SCALAR_TYPES = frozenset(
    f"numpy.{name}"
    for name in (
        "float16 float32 float64 double single half int8 int16 int32 int64 uint8 bool_ longlong intc"
    ).split()
)


def dtype_code(call: cst.Call, qualified: str | None = None) -> str:
    """The dtype of a NumPy call as written (``dtype=`` or, for ``qualified`` in
    ``POSITIONAL_DTYPE``, by position), without the module prefix ("" when absent)."""
    dtype = kwarg(call, "dtype")
    if dtype is None and qualified in POSITIONAL_DTYPE:
        given = [a for a in call.args if a.keyword is None and a.star == ""]
        index = POSITIONAL_DTYPE[qualified]
        dtype = given[index] if len(given) > index else None
    return "" if dtype is None else code_of(dtype.value).rsplit(".", 1)[-1].strip("'\"")


def argument_values(call: cst.Call) -> list[cst.BaseExpression]:
    """Positional arguments, with the elements of a list or tuple argument taken one by one."""
    values: list[cst.BaseExpression] = []
    for arg in call.args:
        if arg.keyword is not None:
            continue
        if isinstance(arg.value, (cst.List, cst.Tuple)):
            values.extend(e.value for e in arg.value.elements)
        else:
            values.append(arg.value)
    return values


class NumpyDtypes:
    """What the dtype of NumPy data is, read from how the file makes it."""

    def __init__(self, tree: Tree, aliases: ImportAliases) -> None:
        self.tree = tree
        module = tree.root
        self.aliases = aliases
        self._generators = random_generators(self.tree, module, aliases)
        # The values assigned to a name in a function (the tree keeps the function alive, so ids name it).
        self._assigned: dict[tuple[int, str], list[cst.BaseExpression]] = {}

    def of(self, node: cst.BaseExpression, arrays: dict[str, str]) -> str:
        """FLOAT64 for NumPy data that is float64 by construction, OTHER for data of another dtype
        by construction (``.astype(np.float32)``, ``dtype=np.int64``), UNKNOWN otherwise."""
        chain = method_chain(node, self.aliases)
        # The last link that picks a dtype decides; reshape, slicing and the like keep it.
        for link in reversed(chain[1:]):
            if isinstance(link, cst.Call) and isinstance(link.func, cst.Attribute):
                method = link.func.attr.value
                if method == "astype" and link.args:
                    return FLOAT64 if names_float64(link.args[0].value) else OTHER
                if method in ("view", "tolist", "item"):
                    return OTHER
        root = chain[0]
        while isinstance(root, cst.Subscript):
            root = method_chain(root.value, self.aliases)[0]
        if isinstance(root, cst.Name) and root.value in arrays:
            return arrays[root.value]
        if isinstance(root, cst.Attribute):
            return self._instance_attribute(root)
        if isinstance(root, cst.BinaryOperation):
            sides = {self.of(side, arrays) for side in (root.left, root.right)}
            return FLOAT64 if FLOAT64 in sides else UNKNOWN
        if not isinstance(root, cst.Call):
            return UNKNOWN
        qualified = self.aliases.qualify(root.func)
        if qualified in NUMPY_SCALAR_TYPES:  # `np.float32(data)`: the type called is the dtype
            return FLOAT64 if names_float64(root.func) else OTHER
        dtype = dtype_code(root, qualified)
        if dtype:
            return FLOAT64 if dtype in ("float64", "double", "float", "float_") else OTHER
        if qualified in NUMPY_FLOAT64 or self.generator_draw(root):
            return FLOAT64
        if qualified in NUMPY_FLOAT_PRESERVING:
            values = argument_values(root)
            return FLOAT64 if any(self.of(v, arrays) == FLOAT64 for v in values) else UNKNOWN
        return UNKNOWN

    def _instance_attribute(self, node: cst.Attribute) -> str:
        """``dataset.data`` with ``dataset = Prices(...)`` bound once in this function and ``Prices``
        a class of this file whose ``__init__`` sets ``self.data`` once: the dtype of that value."""
        if not isinstance(node.value, cst.Name):
            return UNKNOWN
        function = next((a for a in self.tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
        if function is None:
            return UNKNOWN
        name = node.value.value
        key = (id(function), name)  # asked of every `name.<attr>` in the function: read its body once
        values = self._assigned.get(key)
        if values is None:
            values = self._assigned[key] = [
                a.value
                for a in self.tree.of_type(function.body, cst.Assign)
                for t in a.targets
                if name in {n.value for n in self.tree.of_type(t.target, cst.Name)}
            ]
        if (
            len(values) != 1
            or not isinstance(values[0], cst.Call)
            or not isinstance(values[0].func, cst.Name)
        ):
            return UNKNOWN
        cls = next(
            (
                c
                for c in self.tree.of_type(self.tree.root, cst.ClassDef)
                if c.name.value == values[0].func.value
            ),
            None,
        )
        if cls is None:
            return UNKNOWN
        init = next((f for f in self.tree.of_type(cls, cst.FunctionDef) if f.name.value == "__init__"), None)
        if init is None:
            return UNKNOWN
        set_here = [
            a.value
            for a in self.tree.of_type(init, cst.Assign)
            for t in a.targets
            if m.matches(t.target, m.Attribute(value=m.Name("self"), attr=m.Name(node.attr.value)))
        ]
        assigned_elsewhere = any(
            m.matches(t.target, m.Attribute(value=m.Name("self"), attr=m.Name(node.attr.value)))
            for a in self.tree.of_type(cls, cst.Assign)
            if a not in self.tree.of_type(init, cst.Assign)
            for t in a.targets
        )
        if len(set_here) != 1 or assigned_elsewhere:
            return UNKNOWN
        return self.of(set_here[0], {})

    def generator_draw(self, call: cst.Call) -> bool:
        """``rng.normal(...)`` for ``rng = np.random.default_rng()``, or drawn from one inline."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in GENERATOR_FLOAT_DRAWS):
            return False
        source = func.value
        return dotted_name(source) in self._generators or (
            isinstance(source, cst.Call) and self.aliases.qualify(source.func) in GENERATORS
        )
