"""Hypothesis strategies for the property tests: arbitrary programs, and arbitrary programs with torch in them.

``hypothesmith`` generates programs from CPython's grammar (``from_grammar``) and from libcst's node types
(``from_node``): odd names, odd whitespace, every statement form, but never torch, so on their own they
only show that the rules leave non-torch code alone. :func:`torch_programs` splices torch-shaped snippets
(``model.cuda()`` after the optimizer, ``torch.zeros(n)`` in ``forward``, ``Variable(x)``, a training loop
with ``loss.item()``, ...) into such programs at random places: the module body or any indented block of
the generated code (a function, class, loop or ``with`` body). Statements of the generated program are in
turn spliced into the snippets' own bodies (the ``HOLE`` lines), so that the rules meet strange code in
the middle of what they look for.
"""

from __future__ import annotations

import textwrap

import hypothesmith
import libcst as cst
from hypothesis import strategies as st

HEADER = "import torch\nfrom torch import nn\nfrom torch.autograd import Variable\nimport numpy as np\n"

# Each snippet is a run of statements; each ``HOLE`` line becomes generated statements (or ``pass``).
SNIPPETS = tuple(
    textwrap.dedent(s)
    for s in (
        """\
    model = nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model.cuda()
    """,
        """\
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(4, 4)
            self.running = torch.zeros(4)
            HOLE

        def forward(self, x):
            h = torch.zeros(x.size(0), 4)
            HOLE
            return self.fc(x) + h + self.running
    """,
        """\
    v = Variable(torch.randn(3), requires_grad=True)
    """,
        """\
    encoder = nn.Linear(4, 2)
    readings = torch.randn(8, 4).double()
    scores = encoder(readings)
    """,
        """\
    def train(loader):
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        net = nn.Linear(8, 1)
        net.to(device)
        opt = torch.optim.SGD(net.parameters(), lr=0.1)
        for features, target in loader:
            HOLE
            opt.zero_grad()
            loss = nn.functional.mse_loss(net(features), target)
            loss.backward()
            opt.step()
    """,
        """\
    num_gpus = torch.cuda.device_count()
    class Blocks(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList()
            for i in range(4):
                HOLE
                self.blocks.append(nn.Linear(4, 4).to(f"cuda:{i % num_gpus}"))
    """,
        """\
    mask = torch.FloatTensor(3, 3).fill_(0)
    t = mask.type(torch.cuda.FloatTensor)
    """,
        """\
    for inputs, labels in loader:
        inputs = inputs.cuda()
        HOLE
        optimizer.zero_grad()
        loss = criterion(model(inputs), labels)
        loss.backward()
        optimizer.step()
        total += loss.item()
    """,
        """\
    device = torch.device("cuda:0")
    ones = torch.ones(2).to("cuda")
    """,
        """\
    features = torch.from_numpy(np.zeros((3, 4)))
    head = nn.Linear(4, 1)
    out = head(features)
    """,
        """\
    def step(batch, net):
        batch = batch.cuda()
        HOLE
        out = net(batch)
        return out.cpu()
    """,
    )
)

_HOLE = "HOLE"


_GENERATED: st.SearchStrategy[str] | None = None


def generated_programs() -> st.SearchStrategy[str]:
    """Arbitrary Python programs, from CPython's grammar and from libcst's node types.

    Built once: ``from_grammar()`` compiles a parser for the grammar, seconds of work per call."""
    global _GENERATED
    if _GENERATED is None:
        _GENERATED = st.one_of(hypothesmith.from_grammar(), hypothesmith.from_node())
    return _GENERATED


class _Blocks(cst.CSTVisitor):
    """Every indented block of a module, in order."""

    def __init__(self) -> None:
        self.blocks: list[cst.IndentedBlock] = []

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.blocks.append(node)


class _InsertInto(cst.CSTTransformer):
    def __init__(self, target: cst.IndentedBlock, index: int, statements: list[cst.BaseStatement]) -> None:
        self.target, self.index, self.statements = target, index, statements

    def leave_IndentedBlock(
        self, original: cst.IndentedBlock, updated: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        if original is not self.target:
            return updated
        body = list(updated.body)
        at = min(self.index, len(body))
        return updated.with_changes(body=[*body[:at], *self.statements, *body[at:]])


def _insert(module: cst.Module, place: int, index: int, statements: list[cst.BaseStatement]) -> cst.Module:
    """Insert at ``place`` 0 (the module body) or ``place`` n (the n-th indented block, modulo their count)."""
    visitor = _Blocks()
    module.visit(visitor)
    if place == 0 or not visitor.blocks:
        body = list(module.body)
        at = min(index, len(body))
        return module.with_changes(body=[*body[:at], *statements, *body[at:]])
    target = visitor.blocks[(place - 1) % len(visitor.blocks)]
    return module.visit(_InsertInto(target, index, statements))


def _fill_holes(snippet: str, donors: list[str], draw: st.DrawFn) -> str:
    """Replace each HOLE line by some generated simple statements, re-indented, or by ``pass``."""
    lines = []
    for line in snippet.splitlines(keepends=True):
        if line.strip() != _HOLE:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        chosen = draw(st.lists(st.sampled_from(donors), max_size=2)) if donors else []
        lines.extend(indent + statement + "\n" for statement in chosen or ["pass"])
    return "".join(lines)


def _donor_statements(module: cst.Module) -> list[str]:
    """One-line simple statements of the generated program, to splice into snippets."""
    found = []
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            text = module.code_for_node(statement.with_changes(leading_lines=())).strip()
            if text and "\n" not in text and "\r" not in text and "\\" not in text:
                found.append(text)
    return found


@st.composite
def torch_programs(draw: st.DrawFn) -> str:
    """A generated program with torch imports and 1-4 torch snippets spliced in at random places."""
    source = draw(generated_programs())
    try:
        module = cst.parse_module(source)
    except Exception:  # noqa: BLE001 - libcst may lag CPython's grammar; splice onto an empty program
        module = cst.parse_module("")
    donors = _donor_statements(module)
    for _ in range(draw(st.integers(1, 4))):
        snippet = draw(st.sampled_from(SNIPPETS))
        try:
            statements = list(cst.parse_module(_fill_holes(snippet, donors, draw)).body)
        except cst.ParserSyntaxError:  # a donor that only parses in its own context
            statements = list(cst.parse_module(_fill_holes(snippet, [], draw)).body)
        place = draw(st.integers(0, 8))
        index = draw(st.integers(0, 8))
        module = _insert(module, place, index, statements)
    header = list(cst.parse_module(HEADER).body)
    return module.with_changes(body=[*header, *module.body]).code
