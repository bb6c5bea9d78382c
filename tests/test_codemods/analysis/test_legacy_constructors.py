"""The shared legacy-constructor rewrite: data or size, decided from the source alone."""

from __future__ import annotations

import libcst as cst
import pytest

from codemods.analysis.evident_data import legacy_rewrite
from codemods.analysis.legacy_constructors import (
    NO_ARGUMENT_KINDS,
    legacy_array_rewrite,
    legacy_constructor_rewrite,
    legacy_dtype,
    legacy_spelling,
)
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of
from codemods.core.tree import Tree

ROWS = [
    ("torch.FloatTensor([1, 2])", "torch.tensor([1, 2], dtype=torch.float32)"),
    ("torch.FloatTensor((2, 3))", "torch.tensor((2, 3), dtype=torch.float32)"),  # a tuple is data
    ("torch.LongTensor([i for i in ids])", "torch.tensor([i for i in ids], dtype=torch.int64)"),
    ("torch.FloatTensor(3)", "torch.empty(3, dtype=torch.float32)"),
    ("torch.FloatTensor(n, m)", "torch.empty(n, m, dtype=torch.float32)"),  # several: always a size
    ("torch.FloatTensor(*shape)", "torch.empty(*shape, dtype=torch.float32)"),
    ("torch.FloatTensor(x.size(0))", "torch.empty(x.size(0), dtype=torch.float32)"),
    ("torch.FloatTensor(x.size())", "torch.empty(x.size(), dtype=torch.float32)"),
    ("torch.FloatTensor(x.shape[0], 2)", "torch.empty(x.shape[0], 2, dtype=torch.float32)"),
    ("torch.LongTensor(range(n))", "torch.tensor(range(n), dtype=torch.int64)"),  # a range is data
    ("torch.LongTensor(list(ids))", "torch.tensor(list(ids), dtype=torch.int64)"),
    # What `.tolist()` gives: a list of an array of at least one dimension, a number of a 0-d one.
    ("torch.FloatTensor(x.tolist())", None),
    ("torch.LongTensor(np.argmax(scores).tolist())", None),
    (
        "torch.FloatTensor(x.reshape(-1).tolist())",
        "torch.tensor(x.reshape(-1).tolist(), dtype=torch.float32)",
    ),
    ("torch.LongTensor(x[1:].tolist())", "torch.tensor(x[1:].tolist(), dtype=torch.int64)"),
    ("torch.LongTensor(np.arange(n).tolist())", "torch.tensor(np.arange(n).tolist(), dtype=torch.int64)"),
    ("torch.FloatTensor(np.zeros(3))", "torch.tensor(np.zeros(3), dtype=torch.float32)"),
    ("torch.LongTensor([0] * n)", "torch.tensor([0] * n, dtype=torch.int64)"),
    ("torch.Tensor([1, 2])", "torch.tensor([1, 2], dtype=torch.get_default_dtype())"),
    ("torch.Tensor([0.5, -1.0])", "torch.tensor([0.5, -1.0])"),  # floats infer the default dtype
    ("torch.Tensor(2, 3)", "torch.empty(2, 3)"),
    ("torch.FloatTensor(len(a) * 2)", "torch.empty(len(a) * 2, dtype=torch.float32)"),
    ("torch.FloatTensor(k)", "torch.empty(k, dtype=torch.float32)"),  # `k: int` below
    ("torch.FloatTensor()", "torch.empty(0, dtype=torch.float32)"),
    ("torch.cuda.ByteTensor(4)", 'torch.empty(4, dtype=torch.uint8, device="cuda")'),
    ("T.HalfTensor([0.5])", "T.tensor([0.5], dtype=T.float16)"),  # spelled as the file imports torch
    # An existing array (a slice, a reshaped one, one indexed by an array): `legacy_array_rewrite`'s.
    ("torch.FloatTensor(target[i:j])", None),
    ("torch.FloatTensor(s.reshape(1, -1))", None),
    # NumPy's random numbers: an array with a size, one number (a size) without.
    ("torch.FloatTensor(np.random.rand(3))", "torch.tensor(np.random.rand(3), dtype=torch.float32)"),
    (
        "torch.FloatTensor(np.random.randint(0, 5, 3))",
        "torch.tensor(np.random.randint(0, 5, 3), dtype=torch.float32)",
    ),
    (
        "torch.FloatTensor(np.random.normal(0, 1, size=n))",
        "torch.tensor(np.random.normal(0, 1, size=n), dtype=torch.float32)",
    ),
    ("torch.FloatTensor(np.random.randint(0, 5))", None),
    ("torch.FloatTensor(np.random.uniform(0, 1))", None),
    ("torch.FloatTensor(np.random.rand())", None),
    ("torch.FloatTensor(x.size()[1:])", None),
    # A NumPy array that may be a 0-d integer one (a number's, a file's of one number): a size to the legacy
    # constructor, so not data here; one shown to have a dimension, or to be floating, is.
    ("torch.LongTensor(np.array(label))", None),
    ("torch.FloatTensor(np.asarray(x))", None),
    ("torch.FloatTensor(np.load(path))", None),
    ("torch.LongTensor(np.loadtxt(path, dtype=int))", None),
    ("torch.LongTensor(np.loadtxt(path, **options))", None),  # a dtype the call does not show
    ("torch.LongTensor(np.loadtxt(*arguments))", None),
    ("torch.FloatTensor(np.ones(3) @ w)", None),  # two 1-d arrays make a number
    ("torch.LongTensor(np.array([label]))", "torch.tensor(np.array([label]), dtype=torch.int64)"),
    (
        "torch.LongTensor(np.array(label, ndmin=1))",
        "torch.tensor(np.array(label, ndmin=1), dtype=torch.int64)",
    ),
    ("torch.LongTensor(np.array(rows[1:]))", "torch.tensor(np.array(rows[1:]), dtype=torch.int64)"),
    (
        "torch.FloatTensor(np.asarray(x, np.float32))",
        "torch.as_tensor(np.asarray(x, np.float32), dtype=torch.float32)",
    ),
    ("torch.FloatTensor(np.loadtxt(path))", "torch.tensor(np.loadtxt(path), dtype=torch.float32)"),
    # Unclear: a name, an array, a tensor, a storage. The caller reports instead.
    ("torch.FloatTensor(values)", None),
    ("torch.FloatTensor(x.shape)", None),  # a torch.Size, or a NumPy array's tuple (data)
    ("torch.FloatTensor(x.shape[1:])", None),
    ("torch.FloatTensor(x / 2)", None),
    ("torch.FloatTensor(3, device='cuda')", None),
]


@pytest.mark.parametrize("source, expected", ROWS)
def test_legacy_constructor_rewrite(source, expected):
    header = "import torch as T" if source.startswith("T.") else "import numpy as np\nimport torch"
    module = cst.parse_module(f"{header}\n{source}\n")
    call = module.body[-1].body[0].value
    aliases = ImportAliases.of(Tree(module))
    qualified = aliases.qualify(call.func)
    fixed = legacy_constructor_rewrite(call, qualified, aliases, frozenset({"k"}))
    assert (None if fixed is None else code_of(fixed)) == expected


def test_legacy_dtype():
    assert legacy_dtype("torch.cuda.LongTensor") == "int64"
    assert legacy_dtype("torch.Tensor") is None
    assert legacy_dtype("numpy.FloatTensor") is None


def _rewrite_in(source):
    module = cst.parse_module(source)
    tree = Tree(module)
    call = next(c for c in tree.of_type(module, cst.Call) if code_of(c.func).endswith("Tensor"))
    found = legacy_rewrite(tree, call, ImportAliases.of(tree))
    return None if found is None else (code_of(found[0]), code_of(found[1]))


@pytest.mark.parametrize(
    "body, expected",
    [
        # The same name is data or a size by what every binding of it says.
        ("ids = [4, 5]\n    return torch.LongTensor(ids)", "torch.tensor(ids, dtype=torch.int64)"),
        (
            "ids = []\n    ids.append(4)\n    return torch.LongTensor(ids)",
            "torch.tensor(ids, dtype=torch.int64)",
        ),
        ("n = len(a)\n    m = n * 2\n    return torch.FloatTensor(m)", "torch.empty(m, dtype=torch.float32)"),
        ("ids = [4]\n    ids = ids[0]\n    return torch.LongTensor(ids)", None),  # rebound: unclear
        ("for ids in a:\n        pass\n    return torch.LongTensor(ids)", None),
        ("return torch.LongTensor(a)", None),  # a parameter without annotation
        # A name bound once shows what it holds by its use: appended to (a list), or one of several
        # dimensions of a constructor (anything but an int raises there).
        (
            "ids = f(a)\n    ids.append(1)\n    return torch.LongTensor(ids)",
            "torch.tensor(ids, dtype=torch.int64)",
        ),
        ("return torch.FloatTensor(a), torch.FloatTensor(a, 3)", "torch.empty(a, dtype=torch.float32)"),
        (
            "ids = f(a)\n    ids.append(1)\n    ids = g()\n    return torch.LongTensor(ids)",
            None,
        ),  # bound twice
        ("x = torch.FloatTensor(a)\n    a.append(1)\n    y = torch.FloatTensor(a, 2)", None),  # uses disagree
        ("x = torch.FloatTensor(a)\n    y = torch.FloatTensor(*a, 2)", None),  # *a: a sequence of sizes
    ],
)
def test_names_are_read_where_the_call_is(body, expected):
    found = _rewrite_in(f"import torch\ndef f(a, k: int, seq: list):\n    {body}\n")
    assert (None if found is None else found[1]) == expected


def test_annotated_parameters():
    assert _rewrite_in("import torch\ndef f(k: int):\n    return torch.FloatTensor(k)\n")[1] == (
        "torch.empty(k, dtype=torch.float32)"
    )
    assert _rewrite_in("import torch\ndef f(ids: List[int]):\n    return torch.LongTensor(ids)\n")[1] == (
        "torch.tensor(ids, dtype=torch.int64)"
    )


def test_a_move_right_after_is_folded_in():
    source = "import torch\ndef f(device):\n    return torch.LongTensor(range(4)).to(device)\n"
    assert _rewrite_in(source) == (
        "torch.LongTensor(range(4)).to(device)",
        "torch.tensor(range(4), dtype=torch.int64, device=device)",
    )
    # `.to(other)` copies another tensor's dtype too: not folded.
    source = "import torch\ndef f(other):\n    return torch.LongTensor(range(4)).to(other)\n"
    assert _rewrite_in(source) == ("torch.LongTensor(range(4))", "torch.tensor(range(4), dtype=torch.int64)")


SPELLINGS = [
    ("weight.data.new(2, n).zero_()", "weight.data.new_zeros(2, n)"),
    ("weight.data.new(*shape).fill_(0.5)", "weight.data.new_full(shape, 0.5)"),
    ("weight.data.new(n, m).fill_(-1)", "weight.data.new_full((n, m), -1)"),
    ("weight.data.new(len(a)).fill_(1)", "weight.data.new_full((len(a),), 1)"),
    ("weight.data.new(x.size()).fill_(1)", "weight.data.new_full(x.size(), 1)"),
    ("self.fc.weight.new(x.size()).normal_()", "self.fc.weight.new_empty(x.size()).normal_()"),
    ("weight.data.new([1, 2])", "weight.data.new_tensor([1, 2])"),
    (
        "weight.data.new(n, m).fill_(value)",
        "weight.data.new_empty(n, m).fill_(value)",
    ),  # value may be a tensor
    (
        "torch.sparse.FloatTensor(i, v, torch.Size([2, 3]))",
        "torch.sparse_coo_tensor(i, v, torch.Size([2, 3]))",
    ),
    ("torch.sparse.LongTensor(i, v, x.size())", "torch.sparse_coo_tensor(i, v, x.size())"),
    ("torch.sparse.FloatTensor(i, v, (2, 3))", "torch.sparse_coo_tensor(i, v, (2, 3))"),
    # Reported or left: a size of unknown kind, not plainly a tensor, a sparse size, `Image.new`.
    ("weight.data.new(n).zero_()", "report"),
    ("x.new(2, 3).zero_()", None),
    ("Image.new('RGB', (4, 4))", None),
    ("torch.sparse.FloatTensor(2, 3)", None),
    ("torch.sparse.FloatTensor(i, v)", None),
    ("torch.sparse.FloatTensor(i, v, x.size(0))", None),
]


@pytest.mark.parametrize("source, expected", SPELLINGS)
def test_legacy_spelling(source, expected):
    code = f"import torch\n\ndef f(self, i, v, x, n, m, a, shape, value):\n    return {source}\n"
    module = cst.parse_module(code)
    tree = Tree(module)
    aliases = ImportAliases.of(tree)
    call = next(c for c in tree.of_type(module, cst.Call) if code_of(c.func).endswith(("new", "Tensor")))
    found = legacy_spelling(tree, call, aliases)
    if expected is None:
        assert found is None
        return
    assert found is not None
    message, node, fixed = found
    if expected == "report":
        assert fixed is None and "cannot tell data from a size" in message
        return
    assert fixed is not None
    assert code_of(module.deep_replace(node, fixed)).splitlines()[-1].strip() == f"return {expected}"


ARRAYS = [
    ("torch.FloatTensor(target[i:j])", "torch.as_tensor(target[i:j], dtype=torch.float32)"),
    ("torch.FloatTensor(s.reshape(1, -1))", "torch.as_tensor(s.reshape(1, -1), dtype=torch.float32)"),
    ("torch.LongTensor(s.flatten())", None),  # a 1-d tensor's is itself: `as_tensor` would hand it back
    ("torch.LongTensor(np.load(p).flatten())", "torch.as_tensor(np.load(p).flatten(), dtype=torch.int64)"),
    ("torch.Tensor(s.ravel())", "torch.as_tensor(s.ravel(), dtype=torch.get_default_dtype())"),
    ("torch.FloatTensor(s[np.arange(3)])", "torch.as_tensor(s[np.arange(3)], dtype=torch.float32)"),
    ("torch.FloatTensor(s[[0, 2]])", "torch.as_tensor(s[[0, 2]], dtype=torch.float32)"),
    ("torch.FloatTensor(s[0])", None),  # one element: a number (a size) or a row
    ("torch.FloatTensor(s.reshape(shape))", None),  # `shape` may be `()`: a 0-d array is a size
    ("torch.FloatTensor(sizes[1:])", None),  # a slice of a torch.Size is a torch.Size
    ("torch.FloatTensor(x.size()[1:])", None),
    ("torch.FloatTensor(np.reshape(s, (1, -1)))", None),  # a module function: `is_data` decides
    ("torch.cuda.FloatTensor(s[i:j])", None),
]


@pytest.mark.parametrize("source, expected", ARRAYS)
def test_legacy_array_rewrite(source, expected):
    module = cst.parse_module(f"import numpy as np\nimport torch\n{source}\n")
    call = module.body[-1].body[0].value
    aliases = ImportAliases.of(Tree(module))
    fixed = legacy_array_rewrite(call, aliases.qualify(call.func), aliases, NO_ARGUMENT_KINDS)
    assert (None if fixed is None else code_of(fixed)) == expected


def _last_rewrite(source: str) -> str | None:
    """The rewrite of the last legacy constructor of ``source``, or None where it is not read."""
    module = cst.parse_module(source)
    tree = Tree(module)
    call = [c for c in tree.of_type(module, cst.Call) if code_of(c.func).endswith("Tensor")][-1]
    found = legacy_rewrite(tree, call, ImportAliases.of(tree))
    return None if found is None else code_of(found[1])


_NP = "import numpy as np\nimport torch\n"


@pytest.mark.parametrize(
    "source",
    [
        # a comprehension's own variable, not the list bound before it
        _NP + "def f():\n    x = [1.0, 2.0]\n    ys = [torch.FloatTensor(x) for x in (3, 4)]\n",
        _NP + "def f():\n    x = [1.0, 2.0]\n    total = sum(torch.FloatTensor(x).sum() for x in (3, 4))\n",
        # a nested function's parameters and bindings are its own: their uses say nothing of `f`'s names
        _NP
        + "def f(a):\n    def make(a, n):\n        return torch.FloatTensor(a, n)\n    return torch.FloatTensor(a)\n",
        _NP + "def f(a):\n    def collect(a):\n        a.append(1)\n    return torch.FloatTensor(a)\n",
        _NP + "x = 5\ndef f():\n    def g():\n        x = [1.0]\n    return torch.FloatTensor(x)\n",
        # a `match` capture rebinds it
        _NP + "def f(v):\n    x = [1.0, 2.0]\n    match v:\n        case int() as x:\n            pass\n"
        "    return torch.FloatTensor(x)\n",
        _NP + "def f(v):\n    x = np.zeros(2)\n    match v:\n        case [*x]:\n            pass\n"
        "    return torch.FloatTensor(x)\n",
        # a walrus: in a comprehension (it binds the code around's name), an `if` test, the same statement
        _NP + "x = np.zeros(2)\n_ = [(x := k) for k in [3]]\nt = torch.FloatTensor(x)\n",
        _NP + "x = np.zeros(2)\nif (x := 3):\n    t = torch.FloatTensor(x)\n",
        _NP + "x = np.zeros(2)\nt = ((x := 3), torch.FloatTensor(x))\n",
        # a nested function that declares the name `nonlocal` rebinds it when called
        _NP + "def f():\n    ids = [1, 2]\n    def g():\n        nonlocal ids\n        ids = 3\n    g()\n"
        "    return torch.LongTensor(ids)\n",
    ],
)
def test_a_binding_the_call_does_not_see_is_not_read_for_it(source):
    assert _last_rewrite(source) is None


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            _NP + "def f():\n    x = [1.0, 2.0]\n    ys = [torch.FloatTensor(x) for _ in range(2)]\n",
            "torch.tensor(x, dtype=torch.float32)",
        ),
        (
            _NP
            + "def f():\n    a = [1.0]\n    def g(a):\n        return a\n    return torch.FloatTensor(a)\n",
            "torch.tensor(a, dtype=torch.float32)",
        ),
        (  # a walrus in a lambda in a comprehension binds the lambda's name
            _NP + "x = np.zeros(2)\n_ = [(lambda: (x := 3)) for k in [3]]\nt = torch.FloatTensor(x)\n",
            "torch.as_tensor(x, dtype=torch.float32)",
        ),
        (
            _NP + "def f(v):\n    x = [1.0, 2.0]\n    match v:\n        case int() as y:\n            pass\n"
            "    return torch.FloatTensor(x)\n",
            "torch.tensor(x, dtype=torch.float32)",
        ),
    ],
)
def test_the_binding_the_call_sees_is_still_read(source, expected):
    assert _last_rewrite(source) == expected


SIZE_SLICES = [
    # A slice of a name bound to a `torch.Size` (`x.size()`, `x.shape`, `torch.Size(...)`, a slice of
    # one, another such name) is a `torch.Size`, a size to the legacy constructor: no array.
    ("dims = x.size()\nt = torch.FloatTensor(dims[1:])", None),
    ("dims = x.shape[1:]\nt = torch.FloatTensor(dims[1:])", None),
    # bound with others, by a walrus, a choice, getattr; or unshown and spelled for a size
    ("dims, k = x.size(), 0\nt = torch.FloatTensor(dims[1:])", None),
    ("if (dims := x.size()):\n    t = torch.FloatTensor(dims[1:])", None),
    ("dims = x.shape if x is not None else None\nt = torch.FloatTensor(dims[1:])", None),
    ('dims = getattr(x, "shape")\nt = torch.FloatTensor(dims[1:])', None),
    ("def f(dims):\n    return torch.FloatTensor(dims[1:])", None),
    ("for shape in [x.size()]:\n    t = torch.FloatTensor(shape[1:])", None),
    ("a = x.size()\nb = a\nc = b\nd = c\ne = d\nt = torch.FloatTensor(e[1:])", None),
    # an unshown value not spelled for a size: an array's slice, as before
    (
        "def f(rows):\n    return torch.FloatTensor(rows[1:])",
        "torch.as_tensor(rows[1:], dtype=torch.float32)",
    ),
    ("s = torch.Size([2, 3])\ndims = s\nt = torch.FloatTensor(dims[:1])", None),
    ("def f(x):\n    dims = x.shape\n    return torch.FloatTensor(dims[1:])", None),
    # The same name bound to an array or a list elsewhere, or only in another function: an array's slice.
    ("dims = np.zeros(3)\nt = torch.FloatTensor(dims[1:])", "torch.as_tensor(dims[1:], dtype=torch.float32)"),
    (
        "def f(x):\n    values = x.size()\n\ndef g(values):\n    return torch.FloatTensor(values[1:])",
        "torch.as_tensor(values[1:], dtype=torch.float32)",
    ),
    # An attribute that an assignment of the file sets to a `torch.Size` (`setattr` too), or spelled for one.
    ("s.feat = x.size()\nt = torch.FloatTensor(s.feat[1:])", None),
    ("s.feat, k = x.shape, 0\nt = torch.FloatTensor(s.feat[1:])", None),
    ('setattr(s, "feat", x.shape)\nt = torch.FloatTensor(s.feat[1:])', None),
    ("def f(cfg):\n    return torch.FloatTensor(cfg.dims[1:])", None),
    ("feat = s.feat\ns.feat = x.size()\nt = torch.FloatTensor(feat[1:])", None),
    # A call of a bound method of size, of a function, method or lambda of the file returning one (or of a
    # name bound to such a function), directly or through a name bound to its result.
    ("get = x.size\nt = torch.FloatTensor(get()[1:])", None),
    ('get = getattr(x, "size")\nt = torch.FloatTensor(get()[1:])', None),
    ("def tail(x):\n    return x.size()\n\nfeat = tail(x)\nt = torch.FloatTensor(feat[1:])", None),
    ("def tail(x):\n    s = x.shape\n    return s\n\nt = torch.FloatTensor(tail(x)[1:])", None),
    ("tail = lambda x: x.size()\nt = torch.FloatTensor(tail(x)[1:])", None),
    ("def tail(x):\n    return x.size()\n\nget = tail\nt = torch.FloatTensor(get(x)[1:])", None),
    (
        "class A:\n    def feat_of(self, x):\n        return x.shape\n\n"
        "    def make(self, x):\n        return torch.FloatTensor(self.feat_of(x)[1:])",
        None,
    ),
    # A name a function declaring it `global` (`nonlocal`) sets, or read through such a declaration.
    (
        "feat = None\n\ndef setup(x):\n    global feat\n    feat = x.shape\n\n"
        "def make():\n    return torch.FloatTensor(feat[1:])",
        None,
    ),
    ("feat = x.size()\n\ndef make():\n    global feat\n    return torch.FloatTensor(feat[1:])", None),
    (
        "def outer(x):\n    feat = None\n\n    def setup():\n        nonlocal feat\n        feat = x.size()\n\n"
        "    setup()\n    return torch.FloatTensor(feat[1:])",
        None,
    ),
    # A `torch.Size` reaching the name through a parameter's default (of a lambda too, or a helper's
    # result), a loop or a comprehension over sizes (unpacked from `zip`, `enumerate`, `.items()`), a lambda
    # mapped over sizes, a list the file appends sizes to.
    ("def make(d=x.size()):\n    return torch.FloatTensor(d[1:])", None),
    ("make = lambda d=x.shape: torch.FloatTensor(d[1:])", None),
    ("def tail(t):\n    return t.shape\n\ndef make(d=tail(x)):\n    return torch.FloatTensor(d[1:])", None),
    ("for s in [t.size() for t in xs]:\n    u = torch.FloatTensor(s[1:])", None),
    ("found = [t.size() for t in xs]\nfor s in found:\n    u = torch.FloatTensor(s[1:])", None),
    (
        "found = []\nfor t in xs:\n    found.append(t.shape)\nfor s in found:\n    u = torch.FloatTensor(s[1:])",
        None,
    ),
    ("us = [torch.FloatTensor(s[1:]) for s in (t.size() for t in xs)]", None),
    ("for k, s in zip(keys, [t.size() for t in xs]):\n    u = torch.FloatTensor(s[1:])", None),
    ("for i, s in enumerate(t.shape for t in xs):\n    u = torch.FloatTensor(s[1:])", None),
    ("us = list(map(lambda s: torch.FloatTensor(s[1:]), [t.size() for t in xs]))", None),
    (
        "got = {k: v.shape for k, v in xs.items()}\nus = {k: torch.FloatTensor(s[1:]) for k, s in got.items()}",
        None,
    ),
    (
        "got = {k: v.shape for k, v in xs.items()}\nfor s in got.values():\n    u = torch.FloatTensor(s[1:])",
        None,
    ),
    # A parameter the file's own calls hand a size (by position, keyword, to a method or a named lambda), a
    # loop over what a function of the file returns or yields.
    ("def make(d):\n    return torch.FloatTensor(d[1:])\n\nu = make(x.size())", None),
    ("def make(n, d=None):\n    return torch.FloatTensor(d[1:])\n\nu = make(3, d=x.shape)", None),
    (
        "class A:\n    def make(self, d):\n        return torch.FloatTensor(d[1:])\n\n"
        "    def run(self, x):\n        return self.make(x.size())",
        None,
    ),
    ("make = lambda d: torch.FloatTensor(d[1:])\nu = make(x.shape)", None),
    (
        "def every(xs):\n    return [t.size() for t in xs]\n\nfor s in every(xs):\n    u = torch.FloatTensor(s[1:])",
        None,
    ),
    (
        "def every(xs):\n    for t in xs:\n        yield t.shape\n\nfor s in every(xs):\n    u = torch.FloatTensor(s[1:])",
        None,
    ),
    # An item taken from a container of sizes by its index or key (a dictionary's value, not its key).
    ("found = [t.size() for t in xs]\ns = found[0]\nu = torch.FloatTensor(s[1:])", None),
    ('got = {k: v.shape for k, v in xs.items()}\ns = got["a"]\nu = torch.FloatTensor(s[1:])', None),
    (
        "got = {t.size(): np.zeros(3) for t in xs}\ns = got[k]\nu = torch.FloatTensor(s[1:])",
        "torch.as_tensor(s[1:], dtype=torch.float32)",
    ),
    (
        "found = [np.zeros(3)]\ns = found[0]\nu = torch.FloatTensor(s[1:])",
        "torch.as_tensor(s[1:], dtype=torch.float32)",
    ),
    # A container of sizes an attribute holds (set or appended to), a loop over containers of sizes (nested,
    # zipped), a parameter handed one, a map of `torch.Size` or of a method of size.
    ("self.found = [t.size() for t in xs]\nfor s in self.found:\n    u = torch.FloatTensor(s[1:])", None),
    ("self.found.append(x.shape)\nfor s in self.found:\n    u = torch.FloatTensor(s[1:])", None),
    (
        "for group in [[t.size() for t in xs]]:\n    for s in group:\n        u = torch.FloatTensor(s[1:])",
        None,
    ),
    (
        "for pair in zip(ys, [t.size() for t in xs]):\n    for s in pair:\n        u = torch.FloatTensor(s[1:])",
        None,
    ),
    (
        "def make(group):\n    for s in group:\n        u = torch.FloatTensor(s[1:])\n\nmake([t.shape for t in xs])",
        None,
    ),
    ("for s in map(torch.Size, rows):\n    u = torch.FloatTensor(s[1:])", None),
    ("for s in map(torch.Tensor.size, xs):\n    u = torch.FloatTensor(s[1:])", None),
    # ... or of arrays: an array's slice
    (
        "self.found = [np.zeros(3)]\nfor r in self.found:\n    u = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "for group in [[np.zeros(3)]]:\n    for r in group:\n        u = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    # An item of a container of sizes taken by `pop`, `get`, `next` or unpacking (a starred name: the rest).
    ("found = [t.size() for t in xs]\ns = found.pop()\nu = torch.FloatTensor(s[1:])", None),
    ('got = {k: v.shape for k, v in xs.items()}\ns = got.get("a")\nu = torch.FloatTensor(s[1:])', None),
    ("found = [t.size() for t in xs]\ns = next(iter(found))\nu = torch.FloatTensor(s[1:])", None),
    ("found = [t.size() for t in xs]\nfirst, s = found\nu = torch.FloatTensor(s[1:])", None),
    (
        "found = [t.size() for t in xs]\nfirst, *rest = found\nfor s in rest:\n    u = torch.FloatTensor(s[1:])",
        None,
    ),
    # A part of a pair that holds a size (a comprehension of pairs, pairs appended to a list).
    ("for k, s in [(k, t.size()) for k, t in xs.items()]:\n    u = torch.FloatTensor(s[1:])", None),
    ("pairs = []\npairs.append((k, x.shape))\nfor k, s in pairs:\n    u = torch.FloatTensor(s[1:])", None),
    # ... of arrays (a dictionary's values, not its keys): an array's slice
    (
        "found = [np.zeros(3)]\nr = found.pop()\nu = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "got = {t.size(): np.zeros(3) for t in xs}\nr = got.get(k)\nu = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "found = [np.zeros(3), np.ones(3)]\nfirst, r = found\nu = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "for k, r in [(k, np.zeros(3)) for k in ks]:\n    u = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    # The same shapes over arrays, or over values the code does not show (not spelled for sizes).
    (
        "def make(d=np.zeros(3)):\n    return torch.FloatTensor(d[1:])",
        "torch.as_tensor(d[1:], dtype=torch.float32)",
    ),
    (
        "for r in [np.zeros(3), np.ones(3)]:\n    u = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "def f(rows):\n    for i, r in enumerate(rows):\n        u = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "for k, s in zip([t.size() for t in xs], rows):\n    u = torch.FloatTensor(s[1:])",
        "torch.as_tensor(s[1:], dtype=torch.float32)",
    ),
    (
        "us = list(map(lambda r: torch.FloatTensor(r[1:]), [np.zeros(3)]))",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    (
        "def make(d):\n    return torch.FloatTensor(d[1:])\n\nu = make(np.zeros(3))",
        "torch.as_tensor(d[1:], dtype=torch.float32)",
    ),
    (
        "def every(xs):\n    for t in xs:\n        yield t.T\n\nfor r in every(xs):\n    u = torch.FloatTensor(r[1:])",
        "torch.as_tensor(r[1:], dtype=torch.float32)",
    ),
    # The same shapes giving an array: an array's slice, as before.
    (
        "s.feat = np.zeros(3)\nt = torch.FloatTensor(s.feat[1:])",
        "torch.as_tensor(s.feat[1:], dtype=torch.float32)",
    ),
    (
        "def rows_of(x):\n    return np.zeros(3)\n\nfeat = rows_of(x)\nt = torch.FloatTensor(feat[1:])",
        "torch.as_tensor(feat[1:], dtype=torch.float32)",
    ),
    (
        "feat = None\n\ndef setup(x):\n    global feat\n    feat = np.zeros(3)\n\n"
        "def make():\n    return torch.FloatTensor(feat[1:])",
        "torch.as_tensor(feat[1:], dtype=torch.float32)",
    ),
    (
        "class A:\n    def feat_of(self, x):\n        return x.T\n\n"
        "    def make(self, x):\n        return torch.FloatTensor(self.feat_of(x)[1:])",
        "torch.as_tensor(self.feat_of(x)[1:], dtype=torch.float32)",
    ),
]


@pytest.mark.parametrize("source, expected", SIZE_SLICES)
def test_a_slice_of_a_name_holding_a_size_is_no_array(source, expected):
    module = cst.parse_module(f"import numpy as np\nimport torch\n{source}\n")
    tree = Tree(module)
    aliases = ImportAliases.of(tree)
    call = next(c for c in tree.of_type(module, cst.Call) if code_of(c.func).endswith("Tensor"))
    fixed = legacy_array_rewrite(call, aliases.qualify(call.func), aliases, NO_ARGUMENT_KINDS, tree=tree)
    assert (None if fixed is None else code_of(fixed)) == expected


FLOAT_NAMES = [
    # `float` is NumPy's floating dtype only where it is the builtin: `float = int` (or a parameter named
    # `float`) makes `np.loadtxt(f, dtype=float)` an integer array, 0-d for a file of one number, which the
    # legacy call read as a size; likewise `x.astype(float)` of a 0-d array for a floating type.
    (
        "a = torch.LongTensor(np.loadtxt(f, dtype=float))",
        "torch.tensor(np.loadtxt(f, dtype=float), dtype=torch.int64)",
    ),
    ("float = int\na = torch.LongTensor(np.loadtxt(f, dtype=float))", None),
    ("def load(f, float=int):\n    return torch.LongTensor(np.loadtxt(f, dtype=float))", None),
    ("float = int\na = torch.LongTensor(np.array(k, dtype=float))", None),
    ("a = np.loadtxt(f, dtype=float)\nt = torch.LongTensor(a)", "torch.as_tensor(a, dtype=torch.int64)"),
    ("float = int\na = np.loadtxt(f, dtype=float)\nt = torch.LongTensor(a)", None),
    ("t = torch.FloatTensor(x.astype(float))", "torch.as_tensor(x.astype(float), dtype=torch.float32)"),
    ("float = int\nt = torch.FloatTensor(x.astype(float))", None),
    # `float` set on the builtins module (under any alias, through `setattr` or `__builtins__`), or that
    # module handed to code that may set it: not the builtin either. Another name set there leaves it.
    ("import builtins\nbuiltins.float = int\na = torch.LongTensor(np.loadtxt(f, dtype=float))", None),
    ("import builtins as b\nb.float = int\na = np.loadtxt(f, dtype=float)\nt = torch.LongTensor(a)", None),
    ('import builtins\nsetattr(builtins, "float", int)\nt = torch.FloatTensor(x.astype(float))', None),
    ("__builtins__.float = int\na = torch.LongTensor(np.loadtxt(f, dtype=float))", None),
    (
        "import builtins\nvars(builtins).update(float=int)\na = torch.LongTensor(np.loadtxt(f, dtype=float))",
        None,
    ),
    (
        "import builtins\nbuiltins.print = log\nx = builtins.len(y)\na = torch.LongTensor(np.loadtxt(f, dtype=float))",
        "torch.tensor(np.loadtxt(f, dtype=float), dtype=torch.int64)",
    ),
    # NumPy's own floating dtype, and a text file's default dtype (float), whatever `float` is
    (
        "float = int\na = torch.LongTensor(np.array(k, dtype=np.float32))",
        "torch.tensor(np.array(k, dtype=np.float32), dtype=torch.int64)",
    ),
    ("float = int\na = torch.LongTensor(np.loadtxt(f))", "torch.tensor(np.loadtxt(f), dtype=torch.int64)"),
]


@pytest.mark.parametrize("source, expected", FLOAT_NAMES)
def test_float_is_a_floating_dtype_only_where_it_is_the_builtin(source, expected):
    module = cst.parse_module(f"import numpy as np\nimport torch\n{source}\n")
    tree = Tree(module)
    aliases = ImportAliases.of(tree)
    call = [c for c in tree.of_type(module, cst.Call) if code_of(c.func).endswith("Tensor")][-1]
    found = legacy_rewrite(tree, call, aliases)
    assert (None if found is None else code_of(found[1])) == expected
