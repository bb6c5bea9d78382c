"""codemods.analysis.batches: what a loop draws from a generator of the file, followed through the
ways code reaches one (round 6), and which of its values the code shows to be tensors (round 7)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods.analysis.batches import loop_batch
from codemods.analysis.values import Values
from codemods.core.base import RuleContext

_GENERATOR = """
def gen(n=3):
    for i in range(n):
        yield torch.randn(3), i * 0.5
"""


def _drawn(code: str) -> tuple[set[str], set[str]]:
    """The plain and the unshown names of the last loop of ``code``."""
    context = RuleContext.of("import torch\n" + textwrap.dedent(code))
    loops = context.tree.of_type(context.tree.root, (cst.For, cst.While))
    batch = loop_batch(context.tree, loops[-1], Values.of(context))
    assert batch is not None
    return set(batch.plain), set(batch.unshown)


@pytest.mark.parametrize(
    "code",
    [
        _GENERATOR + "def outer():\n    yield from gen()\nfor x, y in outer():\n    pass\n",
        _GENERATOR + "g = gen\nfor x, y in g():\n    pass\n",
        _GENERATOR + "make = lambda: gen(3)\nfor x, y in make():\n    pass\n",
        _GENERATOR + "for x, y in iter(gen()):\n    pass\n",
        _GENERATOR
        + "it = gen()\nwhile True:\n    try:\n        x, y = next(it)\n    except StopIteration:\n        break\n",
        _GENERATOR
        + "class DS:\n    def __iter__(self):\n        yield from gen()\nds = DS()\nfor x, y in ds:\n    pass\n",
        _GENERATOR
        + "class S:\n    def pairs(self):\n        yield from gen()\n    def fit(self):\n        for x, y in self.pairs():\n            pass\n",
        # a generator defined in the function that loops over it
        "def train():\n    def pairs():\n        for i in range(3):\n            yield torch.randn(3), i * 0.5\n"
        "    for x, y in pairs():\n        pass\n",
    ],
)
def test_a_number_a_generator_yields_is_read_through_the_way_the_loop_reaches_it(code):
    assert _drawn(code) == ({"y"}, set())


@pytest.mark.parametrize(
    "code",
    [
        "def relay(source):\n    yield from source\nfor x, y in relay(loader):\n    pass\n",
        "def rows():\n    for row in table:\n        yield row\nfor x, y in rows():\n    pass\n",
        "class S:\n    def pairs(self):\n        yield from gen()\ndef fit(s):\n    for x, y in s.pairs():\n        pass\n",
    ],
)
def test_what_a_generator_of_the_file_yields_out_of_sight_is_unshown(code):
    assert _drawn(code) == (set(), {"x", "y"})


@pytest.mark.parametrize(
    "code",
    [
        "loader = DataLoader(data)\nfor x, y in loader:\n    pass\n",
        "for x, y in batches(data):\n    pass\n",  # a function the file does not define
        "def load():\n    return zip(xs, ys)\nfor x, y in load():\n    pass\n",  # no generator
        "class DS(Dataset):\n    def __getitem__(self, i):\n        return xs[i], ys[i]\nfor x, y in DS():\n    pass\n",
        _GENERATOR + "gen = other\nfor x, y in gen():\n    pass\n",  # bound twice: not told which
        "for x, y in stream.pairs():\n    pass\n",  # no class of the file has `pairs`
    ],
)
def test_a_loop_over_what_is_no_generator_of_the_file_draws_a_batch(code):
    assert _drawn(code) == (set(), set())


@pytest.mark.parametrize(
    "value",
    [
        "math.cos(i)",  # a number made by a call
        "x.sum().item()",
        "target(i)",  # a helper's result
        "W[k]",  # a dict's value, an array's element
        "0.5 if i % 2 else t",
        "t",  # a name also bound by `+=` to a number
        "torch.Tensor.item(x)",  # torch's, but a number
        "torch.max(x, 0)",  # torch's, but a tuple
        "torch.is_tensor(x)",
        "x.split(1)",
    ],
)
def test_a_yielded_value_not_shown_to_be_a_tensor_is_unshown(value):
    code = (
        "import math\nW = {'a': 0.5}\ndef target(i):\n    return i * 0.5\n"
        "def gen():\n    t = 0.0\n    k = 'a'\n    for i in range(3):\n        x = torch.randn(3)\n"
        f"        t += 0.5\n        yield x, {value}\nfor x, y in gen():\n    pass\n"
    )
    assert _drawn(code) == (set(), {"y"})


@pytest.mark.parametrize(
    "value",
    [
        "torch.tensor(i * 0.5)",
        "x.float()",
        "x[0]",  # an item of a tensor is a tensor
        "x * 2",
        "x.sum().to(device)",
        "z",  # a name bound to a tensor
        "labels",  # a batch of a DataLoader
    ],
)
def test_a_yielded_value_shown_to_be_a_tensor_is_a_batch(value):
    code = (
        "from torch.utils.data import DataLoader\nloader = DataLoader(data)\n"
        "def gen():\n    for images, labels in loader:\n        x = torch.randn(3)\n"
        f"        z = x.view(-1)\n        yield x, {value}\nfor x, y in gen():\n    pass\n"
    )
    assert _drawn(code) == (set(), set())


def test_a_list_filled_by_append_holds_what_is_appended():
    appended = "data = []\nfor i in range(3):\n    data.append((torch.randn(3), {}))\n{}for x, y in data:\n    pass\n"
    assert _drawn(appended.format("i * 0.5", "")) == ({"y"}, set())
    assert _drawn(appended.format("torch.zeros(1)", "")) == (set(), set())
    assert _drawn(appended.format("len(x)", "")) == ({"y"}, set())
    assert _drawn(appended.format("f(i)", "")) == (set(), {"y"})
    # changed otherwise too: what it holds is not shown
    assert _drawn(appended.format("torch.zeros(1)", "data.extend(more)\n")) == (set(), {"x", "y"})
    assert _drawn(appended.format("torch.zeros(1)", "fill(data)\n")) == (set(), {"x", "y"})


def test_an_iter_method_returning_another_generator_draws_what_that_one_yields():
    code = (
        _GENERATOR
        + "class Relay:\n    def __iter__(self):\n        return iter(gen())\nfor x, y in Relay():\n    pass\n"
    )
    assert _drawn(code) == ({"y"}, set())


def test_a_list_of_the_same_name_in_another_function_is_another_list():
    code = (
        "def other(more):\n    data = []\n    data.extend(more)\n"
        "data = []\nfor i in range(3):\n    data.append((torch.randn(3), i * 0.5))\nfor x, y in data:\n    pass\n"
    )
    assert _drawn(code) == ({"y"}, set())


@pytest.mark.parametrize(
    "source",
    [
        "((torch.randn(3), math.cos(i)) for i in range(3))",  # a generator expression
        "[(torch.randn(3), W[i]) for i in range(3)]",
        "[(torch.randn(3), math.sin(1.0))]",
    ],
)
def test_a_value_the_file_writes_not_shown_to_be_a_tensor_is_unshown(source):
    assert _drawn(f"import math\nfor x, y in {source}:\n    pass\n") == (set(), {"y"})


def test_a_value_the_file_writes_shown_to_be_a_tensor_or_a_number_is_kept():
    assert _drawn("for x, y in [(torch.randn(3), torch.zeros(1))]:\n    pass\n") == (set(), set())
    assert _drawn("for x, y in ((torch.randn(3), i * 0.5) for i in range(3)):\n    pass\n") == ({"y"}, set())
