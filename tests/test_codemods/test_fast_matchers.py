"""Type tests that stand in for libcst matchers on hot paths answer exactly what the matchers answer.

A libcst matcher costs a dozen Python calls per node; where a rule asks one of every node of every step
(DEV008) or of every call of every function (DEV010), the matcher was most of the rule's time. Each
matcher stays beside the function that replaced it, as its specification; here both are asked of every
node of every corpus case's ``before.py`` and every legacy file, and of a snippet that holds each shape
and its near misses.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import libcst as cst
import libcst.matchers as m
import pytest

from codemods.analysis import legacy_constructors, tensor_attributes, tensor_values, training_loops
from codemods.core.tree import walk
from codemods.rules.dev008_host_sync_in_loop import _host_syncs
from codemods.rules.dev009_legacy_tensor_api import _legacy_type_aliases
from codemods.rules.dev010_create_on_device import _later_moves

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*(ROOT / "corpus").rglob("before.py"), *(ROOT / "legacy").rglob("*.py")])

# Each shape the matchers match, and near misses: other names, arguments, quotes, keywords, string kinds.
SNIPPET = """
import itertools
class Net(nn.Module):
    def __init__(self, n):
        super().__init__()
        super(Net, self).__init__()
        nn.Module.__init__(self, n)
        nn.Module.__init__(other)
        Base.__init__(*args)
        self.__init__()
        Base.init(self)
Tensor = torch.cuda.FloatTensor
T = U = torch.FloatTensor
a, b = torch.FloatTensor, 1
x.y = torch.FloatTensor
c = d; e = f
for i in range(10): pass
for i in tqdm(range(10)): pass
for i in enumerate(itertools.count()): pass
for i in trange(3): pass
for i in count(): pass
for i in tqdm.tqdm(range(3), total=3): pass
for i in tqdm(loader): pass
for i in enumerate(): pass
for i in sorted(range(3)): pass
for x in enumerate(val_loader): pass
for x in iter(val_loader): pass
for x in tqdm.tqdm(val_loader): pass
for x in list(val_loader): pass
print("%f" % loss, "a" "b" % loss, f"{x}" % y, x % 2, "{}".format(x), ("a" "b").format(x), x.format(y))
loss.item(); loss.item(1); loss.tolist(); loss.cpu(); loss.numpy(); loss.cuda(); item()
loss.data[0]; loss.data[1]; loss.data[0, 1]; loss.grad[0]; loss.data[x]; loss.data[0:1]
x.to("cpu"); x.to('cpu'); x.to(r"cpu"); x.to("cuda"); x.to(device="cpu"); x.to("cpu", non_blocking=True)
x.to(torch.device("cpu")); x.to(torch.device("cpu", 0)); x.to(device("cpu")); x.to(torch.device(type="cpu"))
x.cuda(); x.to(d); x.cpu(); cuda(x); x.cuda
x = [w for w in ws]; x = y = 1; x, y = 1, 2; (x) = 3; self.x = 1; x += 1; x: int = 1; xs = 1
xs = []; xs = [1]; xs = y = []; self.xs = []; xs = (); xs: list = []; xs = [*()]
xs.append(t); xs.append(t, 1); xs.append(*t); xs.append(k=t); xs.extend(t); self.xs.append(t); xs.append()
"""


def _cases() -> list[
    tuple[str, Callable[[cst.CSTNode], bool], m.BaseMatcherNode | m.OneOf[m.BaseMatcherNode]]
]:
    later_moves = _later_moves._is_move_method
    return [
        ("_STRING_FORMAT", _host_syncs._is_string_format, _host_syncs._STRING_FORMAT),
        ("_PERCENT_FORMAT", _host_syncs._is_percent_format, _host_syncs._PERCENT_FORMAT),
        ("_SYNC_METHOD_CALL", _host_syncs._is_sync_method_call, _host_syncs._SYNC_METHOD_CALL),
        ("_DATA_AT_0", _host_syncs._is_data_at_0, _host_syncs._DATA_AT_0),
        ("_CPU", _host_syncs._is_cpu, _host_syncs._CPU),
        ("_TO_CPU", _host_syncs._is_to_cpu, _host_syncs._TO_CPU),
        ("_COUNTING", training_loops._is_counting, training_loops._COUNTING),
        ("_OVER_NUMBERS", training_loops._is_over_numbers, training_loops._OVER_NUMBERS),
        ("_LOADER_WRAPPERS", training_loops._is_loader_wrapper, training_loops._LOADER_WRAPPERS),
        ("_SUPER_INIT", tensor_attributes._is_super_init, tensor_attributes._SUPER_INIT),
        ("_EMPTY_LIST_START", tensor_values._is_empty_list_start, tensor_values._EMPTY_LIST_START),
        ("_APPEND_ONE", tensor_values._is_append_one, tensor_values._APPEND_ONE),
        ("_ALIAS", _legacy_type_aliases._is_alias, _legacy_type_aliases._ALIAS),
        (
            "binds x",
            lambda n: legacy_constructors.binds_name(n, "x"),
            m.Assign(targets=[m.AssignTarget(m.Name("x"))]),
        ),
        # (asked of calls only)
        ("_MOVE_METHOD", lambda n: isinstance(n, cst.Call) and later_moves(n), _later_moves._MOVE_METHOD),
    ]


def _nodes() -> list[cst.CSTNode]:
    modules = [cst.parse_module(SNIPPET)]
    for path in FILES:
        try:
            modules.append(cst.parse_module(path.read_text()))
        except cst.ParserSyntaxError:
            continue  # (legacy scripts in Python 2)
    return [node for module in modules for node in walk(module)]


@pytest.fixture(scope="module")
def nodes() -> list[cst.CSTNode]:
    return _nodes()


def test_the_files_are_there() -> None:
    assert len(FILES) > 200


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case[0])
def test_type_tests_answer_as_the_matcher(
    case: tuple[str, Callable[[cst.CSTNode], bool], m.BaseMatcherNode], nodes: list[cst.CSTNode]
) -> None:
    _, fast, matcher = case
    matched = [node for node in nodes if m.matches(node, matcher)]
    assert matched, "the snippet holds each shape: a test that never sees a match proves nothing"
    assert [node for node in nodes if fast(node)] == matched
