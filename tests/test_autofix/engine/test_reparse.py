"""Re-parsing only the changed statements gives the tree and text of a full parse, pass after pass."""

from __future__ import annotations

import libcst as cst
import pytest
from hypothesis import given, settings

import autofix.engine.lint
from autofix.engine.edits import apply_edits
from autofix.engine.lint import lint_and_fix
from autofix.engine.reparse import Reparser
from codemods import all_rules
from codemods.core.codegen import code_and_spans
from codemods.core.tree import Tree, walk
from tests import ROOT, parses
from tests.program_strategies import torch_programs
from tests.test_autofix.engine.test_properties import PROFILE

CORPUS = sorted(p for p in (ROOT / "corpus").rglob("before.py") if parses(p))


class _CheckedReparser(Reparser):
    passes = 0
    built = 0  # passes whose edits built, in every statement, the tree a parse gives (autofix.engine.built)
    nested = 0  # statements parsed again inside a larger one (the rest of it kept)

    def _parse_nested(self, stmt, indents):
        _CheckedReparser.nested += 1
        return super()._parse_nested(stmt, indents)

    def __init__(self, module: cst.Module) -> None:
        super().__init__(module)
        assert self.original_text == module.code

    def advance(self, new: cst.Module, rebuilt=None, unproven=None) -> tuple[cst.Module, str]:
        module, text = super().advance(new, rebuilt, unproven)
        _CheckedReparser.built += unproven is not None and not unproven
        assert text == new.code, "the text kept statement by statement is not the module's code"
        assert module.deep_equals(cst.parse_module(text)), "the tree differs from a full parse of its text"
        for stmt in module.body:  # where the statements lie in a refreshed one's text, kept for the next pass
            if id(stmt) in self._spans:
                kept = self._spans[id(stmt)]
                spans = code_and_spans(stmt, module.default_indent, module.default_newline)[1]
                assert kept.items() <= spans.items(), "a statement's span is not where its code is"
                in_blocks = {id(s) for b in walk(stmt) if isinstance(b, cst.IndentedBlock) for s in b.body}
                assert in_blocks <= kept.keys(), "a statement of a block has no span"
        _CheckedReparser.passes += 1
        return module, text


@pytest.fixture
def checked(monkeypatch):
    monkeypatch.setattr(autofix.engine.lint, "Reparser", _CheckedReparser)
    _CheckedReparser.passes = 0
    _CheckedReparser.built = 0
    _CheckedReparser.nested = 0
    return _CheckedReparser


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_corpus_fixes_match_full_parses(path, checked):
    text = path.read_text()
    outcome = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
    if outcome.new_text is not None:
        assert checked.passes >= 1


@pytest.mark.slow
def test_the_whole_corpus_as_one_file(checked):
    """Many statements, fixes that enable other fixes: several passes over one module."""
    text = "".join(p.read_text().replace("from __future__ import annotations\n", "") for p in CORPUS)
    outcome = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and checked.passes >= 2
    assert checked.nested > 0  # fixes inside functions and classes: only their statements re-parsed


_NESTED_LAYOUTS = [
    # Comments at column 0 and deeper than the block, before and after the changed line.
    "import torch\n\nclass M(torch.nn.Module):\n    def f(self, x):\n        y = 1\n# left\n            # deep\n"
    "        z = x.cuda()\n        # after\n        return z\n",
    # if / elif / else, try / except / finally, with, while, a nested function: a change in each block.
    "import torch\ndef f(x, a):\n    if a:\n        x = x.cuda()\n    elif a > 1:\n        x = x.cuda()\n    else:\n"
    "        try:\n            x = x.cuda()\n        except ValueError:\n            x = x.cuda()\n        finally:\n"
    "            pass\n    with open('p') as h:\n        while a:\n            x = x.cuda()\n"
    "    def g(t):\n        return t.cuda()\n    return g(x)\n",
    # Tabs and mixed indentation per block; a decorator; CRLF.
    "import torch\r\n@dec\r\nclass M(torch.nn.Module):\r\n\tdef f(self, x):\r\n\t    y = 0\r\n\t    return x.cuda()\r\n",
    # A one-line suite inside a function: its `if` is parsed whole, at its indentation.
    "import torch\ndef f(x, a):\n    y = 1\n    if a: x = x.cuda()\n    return x\n",
    # The changed statement is the last of its block, with the block's trailing comment after it.
    "import torch\nclass M(torch.nn.Module):\n    def f(self, x):\n        return x.cuda()\n        # end of f\n\n    # before g\n"
    "    def g(self, x):\n        return x\n",
]


@pytest.mark.parametrize("source", _NESTED_LAYOUTS)
def test_statements_changed_inside_larger_ones(source, checked):
    outcome = lint_and_fix(source, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and checked.passes >= 1
    untouched = [line for line in source.splitlines() if ".cuda()" not in line]
    assert [line for line in untouched if line not in outcome.new_text.splitlines()] == []


@pytest.fixture
def parsed_lengths(monkeypatch) -> list[int]:
    """The length of every text libcst parses from here on."""
    parsed: list[int] = []
    real = cst.parse_module

    def counting(text, *args, **kwargs):
        parsed.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(cst, "parse_module", counting)
    return parsed


def test_only_the_changed_statements_of_a_large_function_are_parsed_again(
    parsed_lengths, checked, monkeypatch
):
    monkeypatch.setenv(autofix.engine.lint.REPARSE_CHANGED, "1")  # (else nothing is parsed again: below)
    body = "".join(f"    y{i} = {i}\n" for i in range(200))
    source = f"import torch\ndef f(x):\n{body}    x = x.cuda()\n    return x\n"
    parsed = parsed_lengths
    outcome = lint_and_fix(source, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and checked.nested >= 1
    # The first parse, then pieces far smaller than the function (checked's own full parses aside).
    assert [n for n in parsed[1:] if n != len(outcome.new_text)] and max(
        n for n in parsed[1:] if n != len(outcome.new_text)
    ) < len(body) / 10


def test_the_built_tree_is_kept_without_a_parse(parsed_lengths, checked):
    """A fix whose edits build the tree a parse gives: nothing is parsed again, not even the statement."""
    body = "".join(f"    y{i} = {i}\n" for i in range(200))
    source = f"import torch\ndef f(x):\n{body}    x = x.cuda()\n    return x\n"
    outcome = lint_and_fix(source, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and checked.built == checked.passes >= 1
    assert [n for n in parsed_lengths[1:] if n != len(outcome.new_text)] == []  # checked's full parses aside


@pytest.mark.parametrize(
    "source",
    [
        "import torch\nx = torch.zeros(3).cuda()",  # no trailing newline
        "# header comment\n\nimport torch\r\nx = torch.zeros(3).cuda()\r\n# footer\n",
        "import torch\nif True:\n\tx = torch.zeros(3).cuda()\n\t# trailing\n# after\ny = x.cuda()\n",
        "import torch\n\nclass M(torch.nn.Module):\n  def f(self, x):\n    return x.cuda()  # c\n",
        # The first block sets the file's default indentation; later blocks use another (a real file did).
        "import torch\ndef f(t):\n        return t\n\nclass M(torch.nn.Module):\n    def f(self, x):\n        return x.cuda()\n",
        "import torch\ndef f(t):\n\treturn t\n\nclass M(torch.nn.Module):\n    def f(self, x):\n        return x.cuda()\n",
        # A form feed opens the first indented line: libcst's default indentation is then "\x0c ", which its
        # parser config refuses (hypothesmith found it).
        "import torch\ntry:\n\x0c pass\nfinally:\n pass\nx = torch.zeros(3).cuda()\n",
    ],
)
def test_edge_layouts(source, checked):
    outcome = lint_and_fix(source, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and checked.passes >= 1
    # Only the lines with a fix change: none is re-indented.
    untouched = [line for line in source.splitlines() if ".cuda()" not in line]
    assert [line for line in untouched if line not in outcome.new_text.splitlines()] == []


@settings(settings.get_profile(PROFILE), max_examples=30 * (40 if PROFILE == "long" else 1))
@given(torch_programs())
def test_generated_programs_match_full_parses(source):
    original = autofix.engine.lint.Reparser
    autofix.engine.lint.Reparser = _CheckedReparser
    try:
        lint_and_fix(source, all_rules(), fix=True, unsafe_fixes=True)
    except autofix.engine.lint.SourceError:
        pass  # refusals are test_properties' business
    finally:
        autofix.engine.lint.Reparser = original


def test_apply_parses_the_whole_file_once(parsed_lengths):
    """Issue 14: apply of a large file cost several parses of it (one per pass of fixes)."""
    text = "".join(p.read_text().replace("from __future__ import annotations\n", "") for p in CORPUS)
    parsed = parsed_lengths
    outcome = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and sum(outcome.applied.values()) > 50
    first_parse, parsed_so_far = 0, 0  # the file is parsed once, in pieces (autofix.engine.pieces)
    while parsed_so_far < len(text):
        parsed_so_far += parsed[first_parse]
        first_parse += 1
    assert parsed_so_far < len(text) + 25 * first_parse  # each piece has a one-line opener, at most
    later = parsed[first_parse:]
    assert max(later) < len(text) / 10  # statements, not the file
    assert sum(later) < len(text)  # what changed, not the file per pass


_OWN_SOURCES = sorted(
    p
    for folder in ("autofix", "codemods", "benchmarks")
    for p in (ROOT / folder).rglob("*.py")
    if "_zoo" not in p.parts and "_tree" not in p.parts  # fetched and generated trees
)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_random_edits_deep_inside_real_files_match_full_parses(seed):
    """Not only the rules' fixes: names renamed at random anywhere in this project's own sources (classes,
    nested functions, comprehensions, decorators, try/with blocks), two passes per file."""
    import random

    rng = random.Random(seed)
    for path in rng.sample(_OWN_SOURCES, 12):
        module = cst.parse_module(path.read_text())
        reparser = Reparser(module)
        for _ in range(2):
            tree = Tree(module)
            names = tree.of_type(module, cst.Name)
            if not names:
                break
            edits = {name: cst.Name(name.value + "_x") for name in rng.sample(names, min(len(names), 6))}
            rebuilt: dict[int, cst.CSTNode] = {}
            new = apply_edits(module, edits, tree, rebuilt)
            module, text = reparser.advance(new, rebuilt)
            assert text == new.code
            assert module.deep_equals(cst.parse_module(text)), path
