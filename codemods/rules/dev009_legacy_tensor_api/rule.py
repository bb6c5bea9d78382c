"""## What it does
Rewrites the tensor API that PyTorch 0.4 replaced, each to its exact modern meaning:

* `Variable(x)` is `x.detach()` since 0.4, and becomes that, unless plain `x` is provably the same
  (see `codemods/rules/dev009_legacy_tensor_api/_variable_wrapper.py`): a tensor made right there
  (`Variable(torch.zeros(n))`, `Variable(0.9 * torch.ones(n))`,
  `Variable(t.data)`, an integer legacy constructor `Variable(torch.LongTensor(x))` whatever `x` is,
  integer tensors having no gradient history) or a local name only ever bound to such tensors or to
  the batches of a `DataLoader` built in the file over data it shows (a torchvision dataset, arrays
  read from disk, fresh tensors, a dataset class of the file given them), never changed in place,
  and either rebound by the call (`x = Variable(x)` then goes) or read elsewhere only for its size.
  Parameters, attributes, other calls' results and the batches of any other loader keep `.detach()`:
  they may carry gradients. `requires_grad=True` (or a
  flag) becomes `.requires_grad_()` (`.requires_grad_(flag)`) after it. A local `lambda` around
  `Variable` that moves to the GPU when one is available (`Variable = lambda *a, **k:
  autograd.Variable(*a, **k).cuda() if USE_CUDA else autograd.Variable(*a, **k)`, `USE_CUDA =
  torch.cuda.is_available()`) makes `Variable(x)` become `x.detach().to("cuda" if USE_CUDA else
  "cpu")` (`x.to(...)` for a tensor made right there): no tensor is on a GPU where none is
  available. Its calls with `volatile=True` are volatile values as `Variable`'s (below), moved the
  same way; its calls with other arguments, and other such `lambda`s, are reported. Once nothing reads
  the `lambda`'s name, its assignment goes (unsafe unless project mode shows no other file takes it).
  `type(Variable())`, the type of an empty tensor, becomes `torch.Tensor`. A top-level subclass of
  `Variable` that adds only an `__init__` rebinding its data (`if USE_CUDA: data = data.cuda()`) before
  the base's `__init__` (2017's DQN homework) never moved anything: the variable was made from the
  arguments as given before `__init__` ran, and since 0.4 no `__init__` runs. Its calls are rewritten as
  `Variable`'s (volatile ones too), and the class goes once nothing reads it (unsafe unless project mode
  shows no other file takes it); a subclass doing more is reported, at the class and each call.
* `Variable(x, volatile=True)`: until 0.4 nothing computed from it built a graph; since, `volatile`
  is ignored (with a warning). The statements that compute with a volatile value (followed
  through names, `a[i] = v`, `a.append(v)`, until `.data`, `.item()`, sizes, integer results or
  `v.volatile = False`) go under `with torch.no_grad():`, each run of them in one block (from its
  first statement that would build a graph to its last: `print(out)` after the model's call stays
  out), as one fix with the wrappers (`codemods/rules/dev009_legacy_tensor_api/_no_grad.py`); a local helper
  handing its parameter to `volatile=` (`to_var(x, volatile=True)`) makes its callers' values
  volatile the same way (a dict's `keys()` are not volatile, its values are). At a script's top level
  the same holds while no function or class of the module reads a volatile name (a global; a function
  that binds the name itself, a `forward` with its own `out`, reads its local), an unsafe fix
  (another module may import what the wrapped statements bind; safe in project mode where none does).
  Where that is not provably the same program (a volatile value returned, stored in an attribute, read
  by a condition; a statement also computing a value that may need its gradient) the site is reported
  with the reason and left as it is (it still runs). Another
  `volatile=flag` goes with the wrapper; with `requires_grad` too (an error today) or a flag that
  calls something, it is reported. On a tensor (a name every binding of which makes one),
  `t.volatile = False` goes and a read of `t.volatile` becomes `False`, what they are today.
* `torch.FloatTensor([1, 2])` (data) becomes `torch.tensor([1, 2], dtype=torch.float32)` and
  `torch.FloatTensor(n, m)` (a size) becomes `torch.empty(n, m, dtype=torch.float32)`; the
  `torch.cuda.*Tensor` constructors also get `device="cuda"`. `torch.Tensor(n, m)` becomes
  `torch.empty(n, m)` (both make the default dtype), except as a parameter's storage:
  `nn.Parameter(torch.Tensor(n, m))`, how `torch.nn`'s own layers made their weights until 1.8, hides
  neither dtype (the default) nor device (the module's), and is left as it is. A single argument that is
  neither a literal list nor provably a size is reported: the legacy constructor reads a tensor, a NumPy
  array and
  a size differently. Data that may be an array someone else holds (`np.asarray(x)`, a name bound to
  `np.zeros(...)`) becomes `torch.as_tensor`: a host constructor shared its memory, so an in-place change
  to either side showed in the other, which `torch.tensor`'s copy would break; data nothing else holds (a
  list, `x.tolist()`, `np.arange(n)`) becomes `torch.tensor`. An argument that is an array by its own
  expression (`x.reshape(...)`,
  `f(x).flatten()`, `x.ravel()`, a float `x.astype(np.float32)` for a float type, `np.where(c)[i]`)
  is data: `torch.FloatTensor(state.reshape(1, -1))` becomes
  `torch.as_tensor(state.reshape(1, -1), dtype=torch.float32)`, which shares a NumPy array's memory
  where the legacy call did and copies where it did; so does a slice of an array or an array indexed
  by one (`self.state[ind]`). Data by what the file shows around the call
  (`codemods/analysis/evident_data.py`): a call of a function of the file that
  returns a fresh list (`torch.LongTensor(indexes_from(s))`), and a name whose one binding reaching
  the call on every path (in its block or one around it, at a script's top level too) is a fresh list,
  a tuple unpacked from `zip(...)` or a NumPy array (`x = np.asarray(ids)`, `np.diff(x)`). A list becomes
  `torch.tensor` (both copy it), an array `torch.as_tensor` (both share its memory: never
  `torch.tensor`, which would copy it). A NumPy array that may have no dimension (`np.array(label)` of
  a number, `np.load(path)`, `np.loadtxt(path, dtype=int)` of a file holding one number, `a @ b` of two
  1-d arrays, a name bound to one) is read as data only as an unsafe fix: the legacy call read a 0-d
  integer array as a size; one shown to have a dimension (`np.array([k])`, `ndmin=1`, of a list or a
  slice) or to be floating (`dtype=np.float32`, a text file's default) is data. What `.tolist()` gave
  (`x = np.array(x).tolist()`, in the call or bound before it) of what may be a 0-d array becomes
  `torch.tensor` too, as an unsafe fix: a 0-d array's `.tolist()` is a number, which the legacy call read as
  a size. A tensor a name holds (`x = torch.zeros(n)`, a view bound before that may be a tensor's,
  `t.flatten()` of a name) becomes `torch.as_tensor` as an unsafe fix: it hands that very tensor back where
  the legacy call made a new one sharing its memory, so an in-place change of shape or `requires_grad`, a
  gradient or an `is` test tells them apart; safe where the statement just before binds the name and the
  call's own rebinds it (`x = torch.FloatTensor(x)`: nothing else sees the object). A slice of a name bound
  to a `torch.Size` (`dims = x.size()`; `dims[1:]`) is a size, not an array: reported. A float type's one
  argument the file shows nothing about
  (`codemods/rules/dev009_legacy_tensor_api/_opaque_arguments.py`: a batch unpacked from a call,
  `batch.reward`, `data["loss"]`, a true division; no name spelled like a size, no `range` counter,
  no fill right after) is read as data, `torch.as_tensor(...)`, as an unsafe fix; so is, for every
  legacy type, a transpose (`torch.FloatTensor(x.T)`: an array or a tensor, since neither an int nor a
  `torch.Size` has `.T`; only a 0-d integer array, its own transpose, was a size), a plural name or
  attribute (`torch.LongTensor(nodes)`, `torch.ByteTensor(dones)`:
  `codemods/rules/dev009_legacy_tensor_api/_named_arguments.py`; not `steps`, `classes`, `sizes`, nor
  a name bound to an int), and a name whose first element the `if` around the call tests to be a
  number (`elif isinstance(batch[0], int): return torch.LongTensor(batch)`, PyTorch 0.3's collate).
  The same collate's `numpy_type_map = {"float64": torch.DoubleTensor, ...}`, only ever looked up and
  called on data, maps to dtypes (`"float64": torch.float64`), each call becoming
  `torch.tensor(values, dtype=numpy_type_map[name])` (unsafe: another module may read the map).
* `w.new(2, n).zero_()` becomes `w.new_zeros(2, n)` (`.fill_(v)`: `w.new_full((2, n), v)`; a size
  alone: `new_empty`; data: `new_tensor`, or for an array that exists
  `torch.as_tensor(a, dtype=w.dtype, device=w.device)`, sharing it as `new` did), where `w` is plainly a
  tensor (`.data`, `.weight`,
  `next(self.parameters())`) or is given its own size (`input.new(input.size())`, `.size()` being a
  tensor's method); `torch.sparse.FloatTensor(i, v, shape)` (`shape` a literal, `torch.Size(...)`,
  `.shape`, or a name bound once in its scope to one) becomes
  `torch.sparse_coo_tensor(i, v, shape)`, which, like it, takes `v`'s dtype
  (`codemods/analysis/legacy_constructors.py`, `legacy_spelling`).
* A name bound once to a legacy type (`Tensor = torch.cuda.FloatTensor if cuda else
  torch.FloatTensor`) is read as that type: `Tensor(n, 1)` becomes `torch.empty(n, 1,
  dtype=torch.float32, device="cuda" if cuda else "cpu")` when the condition reads the same at the
  call (`torch.cuda.is_available()`, a name bound once, at the top level, or, for an alias made in a
  function, a name bound once there and in nothing inside it, e.g. its `use_cuda` parameter); so is a
  name bound once to such a name (`Tensor = FloatTensor`), and one that an `if`/`else` binds once in
  each branch, to a CUDA type and its CPU twin (reported at the CUDA branch and never removed: that
  could empty a branch); and `self.Tensor = ...` in a method, the file's one assignment of an
  attribute of that name, read as `self.Tensor` in its class's methods (the pix2pix family's base
  model; never removed: another object may read it; chosen by a parameter, read in the method that
  chose it). `out=Tensor()` of a conditional alias, an empty buffer, is not reported again. The conditional
  alias itself is reported (a device in disguise) where it spells the legacy types, not again at a
  `Tensor = FloatTensor` that only renames it. `torch.cuda.FloatTensor if cuda else torch.Tensor`
  (float32 on the GPU, the default dtype on the CPU) is read as such an alias too, but its calls and
  conversions are only reported: no one dtype says what it makes. An alias nothing reads any more is removed
  (an unsafe fix at module level, where another module may import it; safe there in project mode
  where no other file of the project takes it).
* `x.type(torch.cuda.FloatTensor)` (or `x.type(Tensor)`) becomes `x.to("cuda", torch.float32)`
  (the CPU types `x.to("cpu", ...)`), unless `x` may be a module (`Module.type` also casts integer
  buffers): a name like `model`, `self`, or what a call other than a torch function returns
  (`q_func(n).type(dtype)`, `nn.Linear(n, m).type(dtype)`) is only reported. `x.type(type(y))` is
  reported: `type(y)` is `torch.Tensor` since 0.4.
* `from torch.autograd import Variable` (at the top level, or in a top-level `try`) is reported
  while every use of it is a call (or an `isinstance(x, Variable)` test, which asks
  `isinstance(x, torch.Tensor)` since 0.4 and works as it is: reported only), and goes once nothing
  uses it (an unsafe fix: another module may
  import `Variable` from this one, `from model import *`). In project mode (a folder given whole,
  `autofix/files/project.py`, `project_exports`), where no other file of the project can take it (none
  star-imports the module or imports `Variable` from it, and it is no package's `__init__.py`), the
  removal is safe.

  One argument the file does not show to be data or a size, filled in place right after
  (`torch.FloatTensor(n).fill_(1)`: storage of a size was asked for, its values never mattered) or
  named as a count (`torch.LongTensor(batch_size)`, `opt.n_classes`, `seq_len * batch_size`) is read as
  a size, `torch.empty(n, dtype=...)`, an unsafe fix (a list or an array there was data).

Not handled: `x.data` (its replacement depends on what the code does with it); a legacy
constructor of a name, a NumPy array or an expression with no sign of data or of a size
(an integer type's `torch.LongTensor(action)`, a plural filled right after), except a name the
statements just before bind to data (`ids = [w for w in ...]`); `Variable(x)` of a
parameter, an attribute or another call's result (it may require grad: the `.detach()` stays).

## Why is this bad?
The legacy API hides both device and dtype: `torch.FloatTensor(x)` silently aliases, copies or
allocates depending on what `x` is, and always lives on the CPU; `torch.cuda.FloatTensor` fails
without a GPU; `Variable` is a no-op wrapper that detaches its input, which silently cuts the graph
when the input required gradients. The modern calls say what they do and accept `device=`.

## Example
```python
from torch.autograd import Variable

hidden = Variable(torch.zeros(2, batch, 64))
weights = torch.FloatTensor([0.2, 0.8])
```

Use instead:
```python
hidden = torch.zeros(2, batch, 64)
weights = torch.tensor([0.2, 0.8], dtype=torch.float32)
```

## Fix safety
Safe: each rewrite is what the legacy call does today (`Variable` detaches; the constructors make the
same dtype, shape and values; `torch.as_tensor` of an array also shares memory exactly where the
legacy call did, and differs only where that raised: on a tensor of another dtype it converts).
Unsafe: a NumPy array that may be 0-d, what `.tolist()` gave, and a tensor a name holds, read as data
(a 0-d integer array or a number was a size; a held tensor was aliased by a new tensor object).
Unsafe: a float constructor of what the file shows nothing about is read as data; were it an int,
the legacy call made an uninitialised tensor of that size, `torch.as_tensor` a 0-dim one. A count's
name or a fill read as a size: were it a list or an array, the legacy call made a tensor of its values.
`x.type(torch.cuda.FloatTensor)` keeps a tensor that is already on a
GPU other than the current one on that GPU, where `.to("cuda")` would move it to the current one;
outside `torch.cuda.device(...)` blocks that never differs. The `torch.no_grad()` block for
`volatile=True` computes the same values in every statement; what it changes against today's
PyTorch is which gradients flow: none through a volatile value, as the code says and as it ran
until 0.4 (a DQN's bootstrap target). It is placed only where every value the wrapped statements
bind, change or return was volatile or holds no graph, so no gradient the code asks for is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m

from codemods.analysis.legacy_constructors import legacy_dtype, legacy_spelling
from codemods.analysis.legacy_era import shape_changed_in_0_4
from codemods.analysis.nn_modules import model_names
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.name_bindings import binding_counts
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import (
    code_of,
    kwarg,
    leading_lines,
    method_call,
    positional,
    statement_removal,
    strip_method_chain,
    with_kwarg,
)
from codemods.core.torch_names import VARIABLE, sets_default_device
from codemods.core.tree import Tree
from codemods.fixes.import_removal import bound_names, import_removal
from codemods.rules.dev009_legacy_tensor_api._legacy_constructor_calls import constructor_call
from codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases import LegacyAlias, LegacyAliases
from codemods.rules.dev009_legacy_tensor_api._legacy_type_casts import type_cast
from codemods.rules.dev009_legacy_tensor_api._legacy_type_maps import legacy_type_maps
from codemods.rules.dev009_legacy_tensor_api._no_grad import VolatileFlow
from codemods.rules.dev009_legacy_tensor_api._variable_wrapper import (
    VariableArguments,
    self_assignment,
    variable_wrappers,
    wrapper_moves,
)


# `from torch.autograd import Variable` (or `torch.autograd.variable`), alone on its line.
def _is_autograd(module: cst.Attribute | cst.Name | None) -> bool:
    return module is not None and dotted_name(module) in ("torch.autograd", "torch.autograd.variable")


_VARIABLE_IMPORT = m.SimpleStatementLine(
    body=[
        m.ImportFrom(
            module=m.MatchIfTrue(_is_autograd),
            names=m.MatchIfTrue(lambda names: not isinstance(names, cst.ImportStar)),
            relative=[],
        )
    ]
)


# `nn.Parameter`, however imported.
_PARAMETER = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})

_VOLATILE = (
    "`volatile` has done nothing since PyTorch 0.4: gradients are tracked here; wrap the inference in"
    " `with torch.no_grad():`"
)


_NOT_A_TENSOR = (
    "`Variable(...)` of a NumPy array or a Python value raises (`Variable data has to be a tensor`);"
    " left in place: make the tensor first (`torch.from_numpy(...)`, `torch.tensor(...)`)"
)


def _not_a_tensor(data: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A literal or a NumPy call (``np.zeros(2)``): what ``Variable`` refuses, and ``.detach()`` is no
    method of (the call raises before and after, with another error)."""
    if isinstance(data, (cst.List, cst.Tuple, cst.Integer, cst.Float, cst.SimpleString, cst.Dict)):
        return True
    return isinstance(data, cst.Call) and (aliases.qualify(data.func) or "").startswith("numpy.")


def _renames(alias: LegacyAlias) -> bool:
    """``Tensor = FloatTensor``: a name bound to another alias, which spells no legacy type itself."""
    assign = alias.statement.body[0]
    return isinstance(assign, cst.Assign) and isinstance(assign.value, cst.Name)


def _may_act(flag: cst.BaseExpression) -> bool:
    """Whether evaluating ``flag`` could do something, so that dropping it is not a no-op: anything but
    a constant, a name, a dotted name or ``not`` of those."""
    if isinstance(flag, cst.UnaryOperation) and isinstance(flag.operator, cst.Not):
        return _may_act(flag.expression)
    return dotted_name(flag) is None and not isinstance(flag, cst.Integer)


def _an_out_buffer(tree: Tree, call: cst.Call) -> bool:
    """``torch.arange(0, n, out=Tensor())``: an empty tensor of the alias's type made only to receive a
    result (no size, no data to tell apart)."""
    arg = tree.parent(call)
    return (
        not call.args and isinstance(arg, cst.Arg) and arg.keyword is not None and arg.keyword.value == "out"
    )


def _instance_test_operand(tree: Tree, name: cst.Name) -> bool:
    """``isinstance(h, Variable)`` (alone or in a tuple of types): since PyTorch 0.4 ``Variable``'s
    metaclass answers it as ``isinstance(h, torch.Tensor)``."""
    parent = tree.parent(name)
    holder = tree.parent(tree.parent(parent)) if isinstance(parent, cst.Element) else parent
    test = tree.parent(holder) if isinstance(holder, cst.Arg) else None
    return (
        isinstance(test, cst.Call)
        and m.matches(test.func, m.Name("isinstance"))
        and len(test.args) == 2
        and test.args[1] is holder
    )


def _type_test_operand(tree: Tree, name: cst.Name) -> bool:
    """``type(h) == Variable`` (``!=``, ``is``, ``is not``, either side): the test DEV018 rewrites to
    ``torch.Tensor``, which leaves the import unused like a rewritten call."""
    parent = tree.parent(name)
    comparison = tree.parent(parent) if isinstance(parent, cst.ComparisonTarget) else parent
    if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
        return False
    target = comparison.comparisons[0]
    if not isinstance(target.operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)):
        return False
    other = comparison.left if target.comparator is name else target.comparator
    if other is name or (comparison.left is not name and target.comparator is not name):
        return False
    return (
        isinstance(other, cst.Call)
        and m.matches(other.func, m.Name("type"))
        and len(other.args) == 1
        and not other.args[0].keyword
    )


_SUBCLASS = (
    "`{name}` subclasses `Variable`, whose constructor returns a plain tensor since PyTorch 0.4: this"
    " class's `__init__` never runs (a move to the GPU there never happens) and its calls make tensors;"
    " use a function that does what `__init__` meant"
)
_SUBCLASS_CALL = (
    "`{name}(...)` makes a plain tensor since PyTorch 0.4: the `__init__` of the file's `Variable` subclass"
    " never runs (a move to the GPU there never happens); move the tensor here, or make `{name}` a function"
)


def _variable_subclasses(tree: Tree, aliases: ImportAliases) -> dict[str, cst.ClassDef]:
    """The module's top-level classes that subclass ``Variable`` and define ``__init__`` but not
    ``__new__`` (``class Variable(autograd.Variable):`` moving ``data`` to CUDA: 2017's DQN homework),
    by name, where nothing else of the module binds the name."""
    found: dict[str, cst.ClassDef] = {}
    for statement in tree.root.body:
        if not isinstance(statement, cst.ClassDef):
            continue
        if not any(aliases.qualify(base.value) in VARIABLE for base in statement.bases):
            continue
        methods = {d.name.value for d in statement.body.body if isinstance(d, cst.FunctionDef)}
        if "__init__" in methods and "__new__" not in methods:
            found[statement.name.value] = statement
    counts = binding_counts(tree) if found else {}
    return {name: klass for name, klass in found.items() if counts.get(name) == 1}


# `data.cuda()`, `data.cuda(async=True)`, `data.float()`: a new tensor of a name, nothing changed in place.
_COPY_OF_NAME = m.Call(
    func=m.Attribute(value=m.Name(), attr=m.Name("cuda") | m.Name("to") | m.Name("float") | m.Name("cpu"))
)
# `super(Variable, self).__init__(data, *args, **kwargs)`, `super().__init__(...)`, `Base.__init__(self, ...)`
# with names or such copies: the base's `__init__`, which ignores its arguments.
_BASE_INIT = m.SimpleStatementLine(
    body=[
        m.Expr(
            value=m.Call(
                func=m.Attribute(attr=m.Name("__init__")),
                args=[m.ZeroOrMore(m.Arg(value=m.Name() | _COPY_OF_NAME))],
            )
        )
    ]
)
# `data = data.cuda()`, alone or under `if USE_CUDA:`: a local name rebound, nothing changed in place.
_REBIND = m.SimpleStatementLine(
    body=[m.Assign(targets=[m.AssignTarget(target=m.Name())], value=_COPY_OF_NAME)]
)
_DOCSTRING = m.SimpleStatementLine(body=[m.Expr(value=m.SimpleString())])


def _only_init(klass: cst.ClassDef) -> bool:
    """A subclass of ``Variable`` that adds nothing but an ``__init__`` of the 2017 DQN homework's shape
    (``if USE_CUDA: data = data.cuda()``, then the base's ``__init__``), and maybe a docstring. Its
    calls are the legacy ``Variable``'s: since 0.4 ``Variable(...)`` returns a plain tensor and no
    ``__init__`` runs; before, the variable was made in ``__new__`` from the arguments as given, and an
    ``__init__`` that only rebinds a local name and calls the base's (which ignored its arguments:
    "Variables ignore ``__init__``", PyTorch's maintainers, 2017) changed nothing about it."""
    if klass.decorators or klass.keywords or len(klass.bases) != 1:
        return False
    for statement in klass.body.body:
        if isinstance(statement, cst.FunctionDef):
            if statement.name.value != "__init__" or statement.decorators:
                return False
            if not all(_init_statement(s) for s in statement.body.body):
                return False
        elif not m.matches(statement, _DOCSTRING):
            return False
    return True


def _init_statement(statement: cst.BaseStatement | cst.BaseSmallStatement) -> bool:
    """A statement of :func:`_only_init`'s ``__init__``: a docstring, a rebinding of a name to a copy
    of a tensor (under an ``if`` of a name or an attribute, no ``else``), or the base's ``__init__``."""
    if isinstance(statement, cst.If):
        return (
            statement.orelse is None
            and isinstance(statement.test, (cst.Name, cst.Attribute))
            and all(m.matches(s, _REBIND) for s in statement.body.body)
        )
    return m.matches(statement, _REBIND | _BASE_INIT | _DOCSTRING)


def _class_removal(
    klass: cst.ClassDef, statements: Sequence[cst.BaseStatement]
) -> dict[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel] | None:
    """The edits that remove the top-level ``klass``, its blank lines handed on to the next statement
    where it has none of its own (else they go with it: blank lines apart stay as they were); None where
    a comment above it would go with it."""
    if any(empty.comment is not None for empty in klass.leading_lines):
        return None
    edits: dict[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel] = {klass: cst.RemovalSentinel.REMOVE}
    index = list(map(id, statements)).index(id(klass))
    if index + 1 < len(statements) and klass.leading_lines:
        following = statements[index + 1]
        if not leading_lines(following):
            edits[following] = following.with_changes(leading_lines=klass.leading_lines)
    return edits


def _not_a_use(parent: cst.CSTNode | None, name: cst.Name) -> bool:
    """``name`` where it does not read the imported ``Variable``: the import itself, an attribute's
    name (the ``Variable`` of ``torch.autograd.Variable(x)``) or a keyword."""
    return (
        isinstance(parent, (cst.ImportAlias, cst.AsName))
        or (isinstance(parent, cst.Attribute) and parent.attr is name)
        or (isinstance(parent, cst.Arg) and parent.keyword is name)
    )


class LegacyTensorApi(Rule):
    code = "DEV009"
    name = "legacy-tensor-api"
    summary = "pre-0.4 tensor API (Variable, torch.FloatTensor, .type(torch.cuda.*)): use the modern call"
    fix_safety = FixSafety.SAFE
    triggers = ("Variable", "Tensor", ".type(", ".new(")
    # `.type(torch.cuda.FloatTensor)` becomes `.to("cuda", ...)` (DEV007; on `torch.zeros(n)`, DEV010 too),
    # an unwrapped `Variable` leaves its import unused (DEV009), and `Tensor(n).fill_(1).to(device)` with
    # `Tensor` a legacy type becomes `torch.empty(n, dtype=...)`, created then moved (DEV010)
    feeds = ("DEV007", "DEV009", "DEV010")

    @property
    def aliases(self) -> ImportAliases:
        # The file's import names, and its `Variable` subclasses read as the legacy `Variable` they are
        # (`_only_init`); other rules share the context's names, which stay as the file binds them.
        return getattr(self, "_own_aliases", None) or self.context.aliases

    def check(self) -> None:
        root = self.tree.root
        self._own_aliases: ImportAliases | None = None
        self._variable_names = {local for local, full in self.aliases.names.items() if full in VARIABLE}
        subclasses = _variable_subclasses(self.tree, self.aliases) if "class " in self.context.source else {}
        plain = {name: klass for name, klass in subclasses.items() if _only_init(klass)}
        if plain:
            own = dict.fromkeys(plain, "torch.autograd.Variable")
            names = self.context.aliases
            self._own_aliases = ImportAliases({**names.names, **own}, {**names.module_names, **own})
            subclasses = {name: klass for name, klass in subclasses.items() if name not in plain}
        # Names bound to modules, whose `.type()` is another method: only asked about `.type(` calls.
        models = model_names(self.tree, self.aliases) if ".type(" in self.context.source else set()
        self._type_aliases = LegacyAliases(self.tree, self.aliases)
        self._arguments = VariableArguments(self.tree, self.aliases, self._type_aliases)
        wrappers = variable_wrappers(self.tree, self.aliases)
        moves = wrapper_moves(self.tree, self.aliases, wrappers) if wrappers else {}
        self._planned: set[int] = set()
        self._moves = moves
        self._flow = VolatileFlow(self.tree, self.aliases, frozenset(moves))
        self._seeds = (
            [c for c in self.tree.of_type(root, cst.Call) if self._flow.is_seed(c)]
            if "volatile" in self.context.source
            else []
        )
        self._volatile()
        if ".volatile" in self.context.source:
            self._volatile_attributes()
        self._identities: dict[cst.Assign, list[tuple[cst.Call, str, str]]] = {}
        for klass in self.sites(cst.ClassDef) if subclasses else ():
            if subclasses.get(klass.name.value) is klass:
                self.report(klass.name, _SUBCLASS.format(name=klass.name.value))
        for call in self.sites(cst.Call):
            qualified = self.aliases.qualify(call.func) or ""
            alias = self._type_aliases.at(call.func)
            if subclasses and isinstance(call.func, cst.Name) and call.func.value in subclasses:
                self.report(call, _SUBCLASS_CALL.format(name=call.func.value))
            elif qualified in VARIABLE:
                self._variable(call)
            elif wrappers and isinstance(call.func, cst.Name) and call.func.value in wrappers:
                if id(call) not in self._planned:  # a volatile one: its function's plan fixes it
                    self._wrapper_call(call, moves.get(call.func.value))
            elif legacy_dtype(qualified) is not None or qualified == "torch.Tensor" or alias is not None:
                if alias is not None and alias.conditional and _an_out_buffer(self.tree, call):
                    continue  # `out=self.tensor()`: the choice is reported where the alias is made
                self._constructor(call, qualified, alias)
            elif isinstance(call.func, cst.Attribute) and call.func.attr.value == "type":
                cast = type_cast(call, self.aliases, self._type_aliases, models, self.tree)
                if cast is not None:
                    self.report(call, cast[0], edits={call: cast[1]} if cast[1] is not None else None)
            elif (spelling := legacy_spelling(self.tree, call, self.aliases)) is not None:
                message, node, fixed = spelling  # `w.new(n).zero_()`, `torch.sparse.FloatTensor(i, v, shape)`
                self.report(call, message, edits={node: fixed} if fixed is not None else None)
        self._type_maps()
        self._report_identities()
        self._report_aliases()
        self._import(root)
        if wrappers:
            self._unused_wrappers(root, wrappers)
        if plain:
            self._plain_subclasses(root, plain)

    def _plain_subclasses(self, module: cst.Module, classes: dict[str, cst.ClassDef]) -> None:
        """A ``Variable`` subclass that only adds an ``__init__`` (``_only_init``): its calls are
        rewritten as the legacy ``Variable``'s; the class goes once nothing outside it reads its name
        (unsafe unless project mode shows no other file takes it), and is reported while something does."""
        read = {
            n.value
            for n in self.tree.of_type(module, cst.Name)
            if n.value in classes
            and not _not_a_use(self.tree.parent(n), n)
            and not any(a is classes[n.value] for a in self.tree.ancestors(n))
        }
        for klass in self.sites(cst.ClassDef):
            name = klass.name.value
            if classes.get(name) is not klass:
                continue
            message = (
                f"`{name}` subclasses `Variable` and adds only an `__init__`, which never changed what"
                " `Variable(...)` made (it moved nothing): its calls are the legacy `Variable`'s"
            )
            if name in read:
                self.report(klass.name, message + ", rewritten as such; it goes once none is left")
                continue
            private = self._private({name})
            self.report(
                klass.name,
                message
                + ", and none is left: it goes"
                + ("" if private else f" (unsafe: another module may import `{name}` from this one)"),
                edits=_class_removal(klass, module.body),
                safety=FixSafety.SAFE if private else FixSafety.UNSAFE,
            )

    def _unused_wrappers(self, module: cst.Module, wrappers: set[str]) -> None:
        """``Variable = lambda *a, **k: autograd.Variable(*a, **k)...`` at the top level once every call
        of it is rewritten (nothing in the file reads the name): the assignment goes, as an unused
        import of ``Variable`` does. Unsafe unless project mode shows no other file takes the name."""
        if "__all__" in self.context.source:
            return
        read = {
            n.value
            for n in self.tree.of_type(module, cst.Name)
            if n.value in wrappers
            and not _not_a_use(parent := self.tree.parent(n), n)
            and not (
                isinstance(parent, cst.AssignTarget) and isinstance(self.tree.parent(parent), cst.Assign)
            )
        }
        for line in module.body:
            if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1):
                continue
            assign = line.body[0]
            if not (
                isinstance(assign, cst.Assign)
                and isinstance(assign.value, cst.Lambda)
                and len(assign.targets) == 1
                and isinstance(target := assign.targets[0].target, cst.Name)
                and target.value in wrappers
                and target.value not in read
            ):
                continue
            removal = self._removal(line)
            if removal is None:
                continue
            private = self._private({target.value})
            self.report(
                assign,
                f"`{target.value}`, a `lambda` around the legacy `Variable`, is called nowhere now: it goes"
                + ("" if private else f" (unsafe: another module may import `{target.value}` from this one)"),
                edits=removal,
                safety=FixSafety.SAFE if private else FixSafety.UNSAFE,
            )

    def _type_maps(self) -> None:
        """``numpy_type_map[name](values)`` of a dictionary of legacy types (PyTorch 0.3's collate):
        :mod:`codemods.rules.dev009_legacy_tensor_api._legacy_type_maps`. One fix for the dictionary and
        its calls (another module may read the dictionary: unsafe unless project mode shows none does)."""
        for found in legacy_type_maps(self.tree, self.aliases):
            edits: dict[cst.CSTNode, cst.CSTNode] = dict(found.values)
            for call, fixed in found.calls.items():
                edits[call] = fixed
            private = self._private({found.name})
            why = "" if private else f" (unsafe: another module may read `{found.name}`'s legacy types)"
            for call in found.calls:
                self.report(
                    call,
                    f"`{found.name}` maps names to legacy tensor types, called on data: its values become the"
                    f" dtypes they stand for and the call `torch.tensor(..., dtype={found.name}[...])`{why}",
                    edits=edits,
                    safety=FixSafety.SAFE if private else FixSafety.UNSAFE,
                )

    def _variable(self, call: cst.Call) -> None:
        if id(call) in self._planned:
            return  # a volatile value: its function's plan fixes it or says why not
        volatile = kwarg(call, "volatile")
        if volatile is not None and isinstance(volatile.value, cst.Name):
            if self._waiting_callers(call, volatile.value.value):
                self.report(
                    call,
                    f"{_VOLATILE}: the code that computes with what callers passing"
                    f" `{volatile.value.value}=True` get goes under it first",
                )
                return
        fixed = self._variable_fix(call)
        if fixed is None:
            return
        message, replacement, plain = fixed
        if volatile is not None:
            message += f"; {_VOLATILE}"
        if plain and replacement is positional(call)[0].value and self._identity_assignment(call, plain):
            return
        self.report(call, message, edits={call: replacement})

    def _wrapper_fix(self, call: cst.Call) -> tuple[str, cst.BaseExpression, str | None] | None:
        """``Variable(x, volatile=True)`` of a moving ``lambda`` wrapper (a seed of a volatile value):
        ``x.to("cuda" if FLAG else "cpu")`` (after ``.detach()`` unless ``x`` is made right there), as
        :meth:`_wrapper_call` spells it without ``volatile``; None for other arguments (reported)."""
        flag = self._moves.get(cst.ensure_type(call.func, cst.Name).value)
        args = positional(call)
        if flag is None or len(args) != 1 or len(call.args) != 2:
            self.report(call, f"{_VOLATILE}; `{code_of(call.func)}` is a `lambda` around `Variable`")
            return None
        fixed, why = self._moved(call, args[0].value, flag)
        return why, fixed, None

    def _moved(
        self, call: cst.Call, data: cst.BaseExpression, flag: cst.BaseExpression
    ) -> tuple[cst.BaseExpression, str]:
        """``data.to("cuda" if FLAG else "cpu")``, after ``.detach()`` unless ``data`` is made right
        there, in ``call``'s parentheses; and why no ``.detach()`` or why one."""
        fresh = self._arguments.is_fresh(data)
        moved = data if fresh else method_call(data, "detach")
        device = cst.IfExp(
            test=flag.deep_clone(), body=cst.SimpleString('"cuda"'), orelse=cst.SimpleString('"cpu"')
        )
        fixed = method_call(moved, "to", [cst.Arg(device)]).with_changes(lpar=call.lpar, rpar=call.rpar)
        why = "a tensor made right here has nothing to detach" if fresh else "`Variable` only detaches"
        return fixed, why

    def _wrapper_call(self, call: cst.Call, flag: cst.BaseExpression | None) -> None:
        """``Variable(x)`` where ``Variable`` is a local ``lambda`` around the legacy one that moves to
        the GPU under ``flag`` (:func:`wrapper_moves`): ``x.to("cuda" if flag else "cpu")``, after
        ``.detach()`` unless ``x`` is a tensor made right there. Other arguments (``volatile=``,
        ``requires_grad=``) and other wrappers are reported."""
        name = cst.ensure_type(call.func, cst.Name).value
        message = f"`{name}` here is a `lambda` around the legacy `Variable`"
        args = positional(call)
        if flag is None or len(args) != 1 or len(call.args) != 1:
            self.report(
                call,
                message + ": pass the tensor itself (moved with `.to(device)` where the `lambda` moved it)",
            )
            return
        fixed, why = self._moved(call, args[0].value, flag)
        self.report(
            call,
            message + f" that moves to the GPU when `{code_of(flag)}`: since PyTorch 0.4 it gives"
            f" `{code_of(fixed) if len(code_of(fixed)) <= 60 else 'x.to(...)'}` ({why})",
            edits={call: fixed},
        )

    def _type_of_empty(self, call: cst.Call) -> bool:
        """``type(Variable())``, the legacy spelling of the type a tensor has: since PyTorch 0.4
        ``Variable()`` is an empty ``torch.Tensor``, so ``type(...)`` of it is ``torch.Tensor`` itself
        (as the file spells it). Reported with that fix; False where the call is not so used."""
        arg = self.tree.parent(call)
        outer = self.tree.parent(arg) if isinstance(arg, cst.Arg) else None
        spelled = self.aliases.local_name_for("torch.Tensor")
        if not (
            isinstance(outer, cst.Call)
            and isinstance(outer.func, cst.Name)
            and outer.func.value == "type"
            and self.aliases.qualify(outer.func) is None
            and "type" not in binding_counts(self.tree)  # the builtin, not a function of the file's
            and len(outer.args) == 1
            and spelled is not None
        ):
            return False
        self.report(
            call,
            f"`type(Variable())` is `{spelled}` since PyTorch 0.4 (`Variable()` makes an empty tensor):"
            " name the type",
            edits={outer: cst.parse_expression(spelled).with_changes(lpar=outer.lpar, rpar=outer.rpar)},
        )
        return True

    def _variable_fix(self, call: cst.Call) -> tuple[str, cst.BaseExpression, str | None] | None:
        """``Variable(...)``'s modern spelling, the message saying why, and why its argument is plain
        (None: it keeps `.detach()`); None, reported, where there is none."""
        requires_grad = kwarg(call, "requires_grad")
        volatile = kwarg(call, "volatile")
        if volatile is not None and (requires_grad is not None or _may_act(volatile.value)):
            # With requires_grad it raises today; a flag with calls in it does something when evaluated.
            self.report(call, _VOLATILE)
            return None
        args = positional(call)
        if not call.args and self._type_of_empty(call):
            return None
        if len(args) != 1 or len(call.args) != 1 + (requires_grad is not None) + (volatile is not None):
            self.report(call, "`Variable` is a deprecated wrapper (PyTorch 0.4): use the tensor itself")
            return None
        data = args[0].value
        if _not_a_tensor(data, self.aliases):
            self.report(call, _NOT_A_TENSOR)
            return None
        plain = (
            "created right here" if self._arguments.is_fresh(data) else self._arguments.is_plain(call, data)
        )
        fixed: cst.BaseExpression = data if plain else method_call(data, "detach")
        if plain:
            message = (
                f"`Variable(...)` of a tensor {plain} is that tensor: since PyTorch 0.4 it only detaches,"
                " and there is nothing to detach"
            )
        else:
            message = "`Variable(x)` is `x.detach()` since PyTorch 0.4"
        if requires_grad is not None and not m.matches(requires_grad.value, m.Name("False")):
            flag = [] if m.matches(requires_grad.value, m.Name("True")) else [cst.Arg(requires_grad.value)]
            fixed = method_call(fixed, "requires_grad_", flag)
            message += " (with `requires_grad=...`: `.requires_grad_(...)` after it)"
        if fixed is not data:
            fixed = fixed.with_changes(lpar=call.lpar, rpar=call.rpar)
        elif isinstance(data, (cst.BinaryOperation, cst.UnaryOperation)) and not data.lpar:
            # `Variable(0.9 * ones).cuda()`: the product, not `ones`, is what is moved.
            if not isinstance(self.tree.parent(call), (cst.Arg, cst.Assign, cst.Return, cst.Element)):
                fixed = data.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return message, fixed, plain

    def _identity_removal(
        self, seed: cst.Call, fixed: cst.BaseExpression
    ) -> dict[cst.CSTNode, Replacement] | None:
        """``x = Variable(x, volatile=True)`` (or ``x, y = Variable(x, volatile=True), Variable(y)``)
        where every wrapper is plain ``x``: the statement goes. Its other ``Variable`` calls are then
        part of this fix (and not reported on their own). None for any other shape."""
        assign = self_assignment(self.tree, seed)
        if assign is None or not isinstance(fixed, cst.Name):
            return None
        values = assign.value.elements if isinstance(assign.value, cst.Tuple) else None
        calls = [e.value for e in values] if values is not None else [assign.value]
        others: list[cst.Call] = []
        for call in calls:
            if call is seed:
                continue
            if not isinstance(call, cst.Call) or self.aliases.qualify(call.func) not in VARIABLE:
                return None
            if self_assignment(self.tree, call) is not assign or len(call.args) != 1:
                return None
            arg = call.args[0].value
            if not (isinstance(arg, cst.Name) and self._arguments.is_plain(call, arg)):
                return None
            others.append(call)
        line = self.tree.parent(assign)
        removal = self._removal(line) if isinstance(line, cst.SimpleStatementLine) else None
        return dict(removal) if removal is not None else None

    def _volatile_attributes(self) -> None:
        """``t.volatile = ...`` and ``t.volatile`` on a tensor: a no-op and ``False`` since PyTorch 0.4
        (with a warning). Only where every binding of ``t`` in its function makes a tensor
        (``Variable(...)``, a ``torch`` function): on another object ``volatile`` is its own."""
        for node in self.sites(cst.Attribute):
            if node.attr.value != "volatile" or not isinstance(node.value, cst.Name):
                continue
            if not self._is_tensor_name(node, node.value.value):
                continue
            parent = self.tree.parent(node)
            if isinstance(parent, cst.AssignTarget):
                assign = self.tree.parent(parent)
                line = self.tree.parent(assign)
                if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                    continue
                if m.matches(assign.value, m.Name("False")):
                    self.report(
                        assign,
                        "`t.volatile = False` has done nothing since PyTorch 0.4 (`volatile` is gone):"
                        " remove it",
                        edits=self._removal(line) if isinstance(line, cst.SimpleStatementLine) else None,
                    )
                else:
                    self.report(assign, f"`t.volatile = ...` has done nothing since PyTorch 0.4; {_VOLATILE}")
            elif not isinstance(parent, (cst.AugAssign, cst.Del)):
                self.report(
                    node,
                    "`t.volatile` is always `False` since PyTorch 0.4 (`volatile` is gone)",
                    edits={node: cst.Name("False", lpar=node.lpar, rpar=node.rpar)},
                )

    def _is_tensor_name(self, at: cst.CSTNode, name: str) -> bool:
        function = next((a for a in self.tree.ancestors(at) if isinstance(a, cst.FunctionDef)), None)
        if function is None:
            return False
        values = []
        for assign in self.tree.of_type(function.body, cst.Assign):
            for target in assign.targets:
                if m.matches(target.target, m.Name(name)):
                    values.append(assign.value)
                elif name in {n.value for n in self.tree.of_type(target.target, cst.Name)} and not isinstance(
                    target.target, (cst.Subscript, cst.Attribute)
                ):
                    return False  # bound by unpacking: what is not shown here
        if not values or any(
            isinstance(p, cst.Param) and p.name.value == name for p in self.tree.descendants(function.params)
        ):
            return False
        for value in values:
            root = strip_method_chain(value, self.aliases)
            qualified = (self.aliases.qualify(root.func) or "") if isinstance(root, cst.Call) else ""
            if not (
                qualified in VARIABLE
                or (qualified.startswith("torch.") and not qualified.startswith("torch.nn"))
            ):
                return False
        return True

    def _waiting_callers(self, call: cst.Call, param: str) -> bool:
        """``Variable(x, volatile=P)`` in a volatile helper: does a caller pass ``P=True`` outside
        ``no_grad``? (While one does, the helper keeps its `volatile`.)"""
        function = next((a for a in self.tree.ancestors(call) if isinstance(a, cst.FunctionDef)), None)
        if function is None or self._flow.helpers.get(function.name.value, (None, ""))[1] != param:
            return False
        return function.name.value in self._pending_helpers

    def _volatile(self) -> None:
        """Each function's volatile values: the code computing with them under ``torch.no_grad()``,
        with their ``Variable`` calls rewritten, as one fix; or reported with the reason."""
        self._pending_helpers: set[str] = set()
        by_function: dict[int, tuple[cst.FunctionDef | None, list[cst.Call]]] = {}
        for seed in self._seeds:
            function = next((a for a in self.tree.ancestors(seed) if isinstance(a, cst.FunctionDef)), None)
            by_function.setdefault(id(function), (function, []))[1].append(seed)
        focus = {id(c) for c in self.sites(cst.Call)}
        torch_name = next(
            (local for local, full in self.aliases.module_names.items() if full == "torch"), None
        )
        for function, seeds in by_function.values():
            self._planned.update(id(s) for s in seeds)
            # A helper keeps its `volatile` until its callers' code is under `no_grad` (or is reported).
            pending = {name for s in seeds if (name := self._flow.helper_called(s)) is not None}
            variables = [
                s for s in seeds if self.aliases.qualify(s.func) in VARIABLE or self._flow.is_wrapper(s)
            ]
            first = seeds[0]
            if torch_name is None:
                self._pending_helpers |= pending
                for seed in variables:
                    if id(seed) in focus:
                        self.report(seed, f"{_VOLATILE} (not placed where `torch` is not imported)")
                continue
            plan = self._flow.plan(function if function is not None else self.tree.root, seeds)
            fixes: dict[int, cst.BaseExpression] = {}
            for seed in variables:
                fixed = self._wrapper_fix(seed) if self._flow.is_wrapper(seed) else self._variable_fix(seed)
                if fixed is None:
                    plan.reason = plan.reason or "a `Variable` call here is reported on its own"
                    break
                fixes[id(seed)] = fixed[1]
            if plan.reason is not None:
                self._pending_helpers |= pending
                for seed in (s for s in seeds if id(s) in focus):
                    self.report(
                        seed,
                        f"{_VOLATILE}; not placed here: {plan.reason}",
                    )
                continue
            if not plan.runs and not variables:
                continue  # a helper's volatile values, all computed under `no_grad` already
            self._pending_helpers |= pending
            edits: dict[cst.CSTNode, Replacement] = {}
            inside: set[int] = set()
            for suite, start, end in plan.runs:
                statements = [cst.ensure_type(s, cst.SimpleStatementLine) for s in suite.body[start:end]]
                for statement in statements:
                    inside.update(id(n) for n in self.tree.descendants(statement) if id(n) in fixes)
                edits.update(_no_grad_block(statements, fixes, torch_name))
            for seed in variables:
                if id(seed) in inside or seed in edits:
                    continue
                removal = self._identity_removal(seed, fixes[id(seed)])
                if removal is not None and not any(node in edits for node in removal):
                    edits.update(removal)
                    assign = self_assignment(self.tree, seed)
                    if assign is not None:
                        self._planned.update(id(c) for c in self.tree.of_type(assign, cst.Call))
                else:
                    edits[seed] = fixes[id(seed)]
            if id(first) not in focus:
                continue
            # At a script's top level the volatile names are globals another module may import.
            exposed = function is None and not self._private(self._bound_at_top(plan.runs))
            self.report(
                first,
                f"`volatile=True` has done nothing since PyTorch 0.4: the code that computes"
                f" with it goes under `with {torch_name}.no_grad():`, as it meant"
                + (" (unsafe: at the top level, another module may import what it binds)" if exposed else ""),
                edits=edits,
                safety=FixSafety.UNSAFE if exposed else None,
            )

    def _bound_at_top(self, runs: list[tuple[cst.BaseSuite | cst.Module, int, int]]) -> set[str]:
        """The names the wrapped top-level statements bind (what another module could import)."""
        names: set[str] = set()
        for suite, start, end in runs:
            for statement in suite.body[start:end]:
                for assign in self.tree.of_type(statement, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                    targets = assign.targets if isinstance(assign, cst.Assign) else [assign]
                    for target in targets:
                        names.update(n.value for n in self.tree.of_type(target.target, cst.Name))
        return names

    def _identity_assignment(self, call: cst.Call, reason: str) -> bool:
        """``x = Variable(x)`` (or a part of ``x, y = Variable(x), Variable(y)``) with plain ``x``
        right: remembered, so that the statement goes when every part of it is one."""
        assign = self_assignment(self.tree, call)
        if assign is not None:
            name = cst.ensure_type(positional(call)[0].value, cst.Name).value  # as self_assignment found
            self._identities.setdefault(assign, []).append((call, name, reason))
        return assign is not None

    def _report_identities(self) -> None:
        """``x = Variable(x)`` with plain ``x`` right: the statement goes, or each call becomes ``x``."""
        for assign, calls in self._identities.items():
            names = ", ".join(f"`Variable({name})`" for _, name, _ in calls)
            reasons = " and ".join(sorted({reason for _, _, reason in calls}))
            message = (
                f"{names}: `Variable` only detaches since PyTorch 0.4, and a tensor {reasons} has"
                " nothing to detach: it is the tensor itself"
            )
            whole = assign.value is calls[0][0] or (
                isinstance(assign.value, cst.Tuple) and len(assign.value.elements) == len(calls)
            )
            line = self.tree.parent(assign)
            removal = self._removal(line) if whole and isinstance(line, cst.SimpleStatementLine) else None
            if removal is not None:
                self.report(calls[0][0], message + "; the assignment goes", edits=removal)
                continue
            for call, name, _ in calls:
                self.report(call, message, edits={call: cst.Name(name)})

    def _constructor(self, call: cst.Call, qualified: str, alias: LegacyAlias | None) -> None:
        message, fixed, likely = constructor_call(self.tree, self.aliases, call, qualified, alias)
        if self._parameter_storage(call, qualified, alias, fixed):
            return
        if (
            fixed is not None
            and sets_default_device(self.tree, self.aliases)
            and kwarg(fixed, "device") is None
        ):
            if (alias.qualified if alias else qualified) != "torch.Tensor":
                # `torch.set_default_tensor_type(torch.cuda.FloatTensor)`: a typed CPU constructor still
                # made a CPU tensor, where `torch.tensor`/`torch.empty` follow the default device
                fixed = with_kwarg(fixed, "device", cst.SimpleString('"cpu"'))
        safety = FixSafety.UNSAFE if likely else None
        self.report(call, message, edits={call: fixed} if fixed is not None else None, safety=safety)

    def _parameter_storage(
        self, call: cst.Call, qualified: str, alias: LegacyAlias | None, fixed: cst.Call | None
    ) -> bool:
        """``nn.Parameter(torch.Tensor(n, m))``: the storage of a parameter, sized, not filled with data.
        Until PyTorch 1.8 ``torch.nn``'s own layers made their weights so (initialised after, in
        ``reset_parameters``); ``torch.Tensor`` is the default dtype, and a parameter lives where its
        module is moved, so the call hides neither device nor dtype. Left alone, as such code reads.
        A typed constructor (``torch.FloatTensor(n)``) names a dtype of the legacy API and is still
        rewritten; so is data (``nn.Parameter(torch.Tensor([0.5]))``)."""
        if qualified != "torch.Tensor" or alias is not None or fixed is None:
            return False
        if not code_of(fixed.func).endswith("empty"):
            return False
        arg = self.tree.parent(call)
        wrapper = self.tree.parent(arg) if isinstance(arg, cst.Arg) else None
        return (
            isinstance(wrapper, cst.Call)
            and len(wrapper.args) >= 1
            and wrapper.args[0] is arg
            and self.aliases.qualify(wrapper.func) in _PARAMETER
        )

    def _report_aliases(self) -> None:
        """A name choosing a legacy type by a condition is a device in disguise; an alias nothing
        reads any more goes (at module level another module may import it: an unsafe fix)."""
        read = self._type_aliases.read()
        for alias in self._type_aliases.found.values():
            unused = alias not in read
            if not (alias.conditional or unused):
                continue
            message = f"{alias.spelled} is a legacy tensor type"
            if alias.conditional:
                message += " chosen by a condition: choose a `device` instead and give it to the calls"
            if not unused:
                if not _renames(alias):  # `Tensor = FloatTensor`: reported where the choice is made
                    self.report(alias.statement, message)
                continue
            if alias.attribute and not alias.conditional:
                continue  # `self.Tensor = torch.FloatTensor` that nothing here reads: another object may
            if alias.twin is not None or alias.attribute:
                # Chosen by an `if`/`else`: removing both bindings may empty a branch; left to the author.
                self.report(alias.statement, message + "; nothing here reads it")
                continue
            # At module level another module may import it (unless the project says none does).
            exposed = isinstance(alias.scope, cst.Module) and not self._private({alias.name})
            self.report(
                alias.statement,
                message + "; nothing uses it any more: remove it",
                edits=self._removal(alias.statement),
                safety=FixSafety.UNSAFE if exposed else FixSafety.SAFE,
            )

    def _import(self, module: cst.Module) -> None:
        """``from torch.autograd import Variable``: reported while every use is a call this rule
        reports, removed once nothing uses it. Only imports that run with the module (at its top
        level, or in a top-level ``try``/``if``); one in a function has a reason to be there."""
        if not self._variable_names or "__all__" in self.context.source:
            return
        uses = [
            n
            for n in self.tree.of_type(module, cst.Name)
            if n.value in self._variable_names and not _not_a_use(self.tree.parent(n), n)
        ]
        called = [n for n in uses if isinstance(parent := self.tree.parent(n), cst.Call) and parent.func is n]
        # `isinstance(x, Variable)` still works (it asks `torch.Tensor`), and keeps the import: reported only
        instance_tests = [n for n in uses if _instance_test_operand(self.tree, n)]
        if any(
            n not in called and n not in instance_tests and not _type_test_operand(self.tree, n) for n in uses
        ):
            return  # `Variable` handed on, or subclassed: still needed
        for imported in self.tree.of_type(module, cst.ImportFrom):
            statement = self.tree.parent(imported)
            if (
                not isinstance(statement, cst.SimpleStatementLine)
                or not m.matches(statement, _VARIABLE_IMPORT)
                or any(isinstance(a, (cst.FunctionDef, cst.ClassDef)) for a in self.tree.ancestors(statement))
            ):
                continue
            if not set(bound_names(imported)) & self._variable_names:
                continue
            if instance_tests:
                self.report(
                    imported,
                    "`Variable` is the pre-0.4 wrapper; since PyTorch 0.4 `isinstance(x, Variable)` asks"
                    " `isinstance(x, torch.Tensor)`: test that, and the import can go (not rewritten: the"
                    " test works as it is)",
                )
                continue
            if uses:
                self.report(
                    imported,
                    "`Variable` is the pre-0.4 wrapper, only called here"
                    + ("" if len(called) == len(uses) else " or tested as a type (DEV018)")
                    + ": its import goes when no call is left",
                )
                continue
            block = self.tree.parent(statement)
            assert isinstance(block, (cst.Module, cst.IndentedBlock))  # where a line of statements is
            edits = import_removal(statement, block.body, self._variable_names)
            # Unsafe, as for an unused alias at module level: another module of the project may take
            # `Variable` from this one (`from model import *`); reviewers found such scripts in both splits.
            # Safe in project mode where no file of the project takes it (none star-imports this one).
            private = self._private(self._variable_names)
            if not edits:
                why = " (left: its comment would go with it)"
            elif private and any(
                shape_changed_in_0_4(call, self.aliases) for call in self.tree.of_type(module, cst.Call)
            ):
                # Removed by the safe fixes alone (`migrate`), the import would take with it the only mark
                # DEV013 has that the file meant the (N, 1) result; its unsafe fix would be lost unseen.
                edits, private = {}, False
                why = (
                    " (left: it marks the file as written for PyTorch before 0.4, which DEV013 reads for"
                    " `F.pairwise_distance` without `keepdim`; it goes with that fix)"
                )
            elif private:
                why = " (no other file of the project imports it from this one)"
            else:
                why = " (unsafe: another module may import `Variable` from this one, e.g. with `import *`)"
            self.report(
                imported,
                "`Variable` is imported but not used: remove the import" + why,
                edits=edits,
                safety=FixSafety.SAFE if private else FixSafety.UNSAFE,
            )

    def _private(self, names: set[str]) -> bool:
        """Whether no other file of the project takes any of the module-level ``names`` from this one
        (project mode: ``RuleContext.project_taken``; a file alone: not known, False)."""
        taken = self.context.project_taken
        return taken is not None and not taken.intersection(names)

    def _removal(self, line: cst.CSTNode) -> dict[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel] | None:
        block = self.tree.parent(line)  # (a Module or an IndentedBlock: where a line is, if in the tree)
        if (
            not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
            or not isinstance(block, (cst.Module, cst.IndentedBlock))
        ):
            return None
        return statement_removal(line, block.body)


class _Replace(cst.CSTTransformer):
    def __init__(self, replacements: dict[int, cst.BaseExpression]) -> None:
        self.replacements = replacements

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode) -> cst.CSTNode:  # type: ignore[override]
        return self.replacements.get(id(original_node), updated_node)


def _no_grad_block(
    statements: list[cst.SimpleStatementLine], fixes: dict[int, cst.BaseExpression], torch_name: str
) -> dict[cst.CSTNode, Replacement]:
    """The edits that put ``statements`` (a run of one block) under ``with torch.no_grad():``, with
    the ``Variable`` calls in them rewritten."""
    inner = [cst.ensure_type(s.visit(_Replace(fixes)), cst.SimpleStatementLine) for s in statements]
    first = inner[0]
    block = cst.With(
        items=[cst.WithItem(cst.parse_expression(f"{torch_name}.no_grad()"))],
        body=cst.IndentedBlock(body=[first.with_changes(leading_lines=[]), *inner[1:]]),
        leading_lines=first.leading_lines,
    )
    edits: dict[cst.CSTNode, Replacement] = {statements[0]: block}
    for statement in statements[1:]:
        edits[statement] = cst.RemovalSentinel.REMOVE
    return edits
