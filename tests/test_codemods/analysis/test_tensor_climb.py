"""The shared walk up from a tensor: where it stops, what it carries, and the verdicts of a subclass."""

import libcst as cst
import pytest

from codemods.analysis.tensor_climb import GO_ON, GoOn, TensorClimb
from codemods.core.tree import Tree


class _ReachesMove(TensorClimb[str]):
    """Answers with the move's name; follows names to their next mention."""

    def method(self, call: cst.Call, name: str) -> str | GoOn | None:
        return name if name in ("to", "cuda") else GO_ON

    def argument(self, call: cst.Call, arg: cst.Arg) -> str | GoOn | None:
        return GO_ON if isinstance(call.func, cst.Name) and call.func.value == "Variable" else None

    def bound(self, assign: cst.Assign, depth: int) -> str | None:
        name = cst.ensure_type(assign.targets[0].target, cst.Name).value
        later = [
            n
            for n in self.tree.of_type(self.tree.root, cst.Name)
            if n.value == name and not isinstance(self.tree.parent(n), cst.AssignTarget)
        ]
        return self.climb(later[0], depth + 1) if later else None

    def returned(self, ret: cst.Return, depth: int) -> str | None:
        return "returned"


class _CarriesOperands(_ReachesMove):
    carries_operands = True


def _climb(source: str, walker: type[_ReachesMove] = _ReachesMove, max_depth: int = 6) -> str | None:
    tree = Tree(cst.parse_module(source))
    made = next(
        c
        for c in tree.of_type(tree.root, cst.Call)
        if isinstance(c.func, cst.Attribute) and c.func.attr.value == "zeros"
    )
    climb = walker(tree)
    climb.max_depth = max_depth
    return climb.climb(made)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("y = torch.zeros(3).view(1, 3).cuda()\n", "cuda"),
        ("y = Variable(torch.zeros(3)).to(d)\n", "to"),
        ("y = torch.zeros(3).sum().item().to(d)\n", None),  # `.item()`: no tensor goes on
        ("y = f(torch.zeros(3)).to(d)\n", None),  # another function's result
        ("h = torch.zeros(3)\nz = h.cuda()\n", "cuda"),
        ("def f():\n    return torch.zeros(3).float()\n", "returned"),
        ("y = (torch.zeros(3) + 1).cuda()\n", None),  # an operand: stops unless carried
        ("torch.zeros(3).to\n", None),  # an attribute not called
    ],
)
def test_climb_stops_and_answers(source: str, expected: str | None) -> None:
    assert _climb(source) == expected


def test_operands_carry_the_value_when_asked() -> None:
    assert _climb("y = (torch.zeros(3) + 1).cuda()\n", _CarriesOperands) == "cuda"
    assert _climb("y = [torch.zeros(3)][0].cuda()\n", _CarriesOperands) == "cuda"


def test_names_are_followed_only_to_the_depth_bound() -> None:
    chain = "a = torch.zeros(3)\nb = a\nc = b\nd = c.cuda()\n"
    assert _climb(chain, max_depth=3) == "cuda"
    assert _climb(chain, max_depth=2) is None
