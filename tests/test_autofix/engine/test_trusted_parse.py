"""The parse that skips the checks the tokenizer and grammar already made: the same trees, the same refusals,
and the checks back on for every node built after it."""

from __future__ import annotations

import libcst as cst
import pytest
from hypothesis import given

from autofix.engine import trusted_parse
from tests import ROOT, parses
from tests.program_strategies import generated_programs
from tests.test_autofix.engine.test_properties import examples


@pytest.fixture(autouse=True)
def trusted(monkeypatch):
    """Every test here parses as a worker does (the trusted parse is on only in workers)."""
    monkeypatch.setattr(trusted_parse, "_enabled", True)


# The corpus, and every third of the project's own sources (the suite's time grows with the project;
# a third still holds every kind of statement the project writes).
REAL_FILES = (
    sorted(p for p in ROOT.joinpath("corpus").rglob("*.py") if parses(p))
    + sorted(
        p for folder in ("autofix", "codemods", "tests") for p in (ROOT / folder).rglob("*.py") if parses(p)
    )[::3]
)


@pytest.mark.slow
def test_real_files_give_the_tree_libcst_gives():
    for path in REAL_FILES:
        text = path.read_text()
        assert trusted_parse.parse_module(text).deep_equals(cst.parse_module(text)), path


@pytest.mark.parametrize(
    "source",
    [
        "b'a' 'b'\n",  # the grammar takes it; ConcatenatedString's check refuses it, as Python does
        "try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass\n",  # a bare except: before another
        "x = 0777\n",
        "def f(a=1, b): pass\n",
        "f(a=1, b)\n",
        "x = (1,\n",
    ],
)
def test_code_libcst_refuses_is_refused_alike(source):
    with pytest.raises(Exception) as expected:
        cst.parse_module(source)
    with pytest.raises(type(expected.value)):
        trusted_parse.parse_module(source)


@examples(60)
@given(generated_programs())
def test_generated_programs_give_the_tree_or_the_error_libcst_gives(source):
    """Programs from CPython's grammar and libcst's node types (hypothesmith): the same tree, or the same
    kind of refusal, as libcst's parse with every check on."""
    try:
        expected = cst.parse_module(source)
    except Exception as refusal:  # a syntax error, a failed check, a recursion limit: the same again
        with pytest.raises(type(refusal)):
            trusted_parse.parse_module(source)
        return
    assert trusted_parse.parse_module(source).deep_equals(expected)


def test_the_checks_are_on_again_after_a_parse_and_after_a_refusal():
    trusted_parse.parse_module("x = f(a, b=1)\n")
    with pytest.raises(cst.ParserSyntaxError):
        trusted_parse.parse_module("x = (\n")
    for kind in trusted_parse._GUARANTEED:
        assert "__post_init__" not in vars(kind), kind
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")
    with pytest.raises(cst.CSTValidationError):
        cst.SimpleWhitespace("x")


def test_outside_a_worker_the_parse_is_libcst_own(monkeypatch):
    monkeypatch.setattr(trusted_parse, "_enabled", False)
    seen = []
    monkeypatch.setattr(cst.Name, "__post_init__", lambda self: seen.append(self.value), raising=False)
    trusted_parse.parse_module("x = y\n")
    assert seen == ["x", "y"]


def _trusted_here(_item: object) -> bool:
    return trusted_parse._enabled


def test_a_runs_workers_parse_with_the_trusted_parse(monkeypatch):
    from autofix.files import runner
    from autofix.files.workers import WorkerPool

    monkeypatch.setattr(trusted_parse, "_enabled", False)
    with WorkerPool(_trusted_here, 1, None, runner._trusted_parse_in_workers) as pool:
        assert [value for _, _, value in pool.run(iter([(0, None)]))] == [True]
    assert trusted_parse._enabled is False  # the main process is left as it was


def test_every_listed_class_is_skipped():
    """A class left out because libcst gave it a ``__post_init__`` of its own is checked while parsing
    again (safe, but slower): this says so, so that someone looks at that class's new check."""
    assert trusted_parse._GUARANTEED == trusted_parse._LISTED
