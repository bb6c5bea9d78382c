"""codemods.analysis.batches: what a loop draws from a generator of the file, followed through the
ways code reaches one (round 6)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from codemods.analysis.batches import loop_batch
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
    batch = loop_batch(context.tree, loops[-1])
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
