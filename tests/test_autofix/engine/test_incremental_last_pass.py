"""The incremental last pass (``Rule.reads``, ``codemods.core.facts``) against a whole last pass.

A rule that declares the module facts it reads is run, in the engine's last pass, only on the statements
it has not looked at since they changed, while those facts keep their fingerprint. These tests compare
that with the engine's debug switch (``AUTOFIX_WHOLE_LAST_PASS=1``: every rule whole, as before): the
fixed text, the fixes applied, withheld and dropped, and the findings must be the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import libcst as cst
import pytest

import autofix.engine.lint as engine
from autofix.engine.lint import lint_and_fix
from autofix.files.source import SourceError
from codemods import all_rules
from codemods.core.base import FixSafety, Rule
from codemods.core.facts import FACTS
from tests import ROOT, parses
from tests.helpers import corpus_runs

FUTURE = "from __future__ import annotations\n"


def _outcome(text: str, rules: Sequence[type[Rule]], unsafe_fixes: bool) -> object:
    try:
        found = lint_and_fix(text, rules, fix=True, unsafe_fixes=unsafe_fixes)
    except SourceError as exc:
        return str(exc)
    return found.new_text, found.applied, found.withheld_unsafe, found.dropped, found.diagnostics


def _differences(
    monkeypatch: pytest.MonkeyPatch,
    texts: list[str],
    unsafe_fixes: bool,
    rules: list[type[Rule]] | None = None,
    incremental: Sequence[object] = (),
) -> list[int]:
    """The indexes of ``texts`` on which the incremental and the whole last pass disagree.

    ``incremental``: the incremental pass's outcomes (``_outcome``) of the first texts, made already.
    """
    chosen = rules or all_rules()
    monkeypatch.setenv(engine.WHOLE_LAST_PASS, "1")
    whole = [_outcome(text, chosen, unsafe_fixes) for text in texts]
    monkeypatch.setenv(engine.WHOLE_LAST_PASS, "0")
    made = list(incremental) + [_outcome(text, chosen, unsafe_fixes) for text in texts[len(incremental) :]]
    return [n for n in range(len(texts)) if made[n] != whole[n]]


def _corpus() -> list[str]:
    return list(corpus_runs.texts())


def _python3_corpus() -> list[str]:
    """The corpus cases libcst parses as they are (not DEV022's Python 2 ones): material to cut and join."""
    return [text for path, text in zip(corpus_runs.CASES, corpus_runs.texts(), strict=True) if parses(path)]


def _edited(texts: list[str], seed: int) -> str:
    """A module made by random edits of corpus files: the top-level statements of a few of them, some
    dropped, some repeated, in an order shuffled by short moves (so that imports mostly stay first)."""
    pick = random.Random(seed)
    statements: list[str] = []
    for text in pick.sample(texts, 4):
        module = cst.parse_module(text.replace(FUTURE, ""))
        statements += [module.code_for_node(s) for s in module.body]
    edited = []
    for statement in statements:
        roll = pick.random()
        if roll < 0.1:
            continue
        edited.append(statement)
        if roll > 0.95:
            edited.append(statement)
    for _ in range(len(edited) // 4):
        at = pick.randrange(len(edited))
        to = min(len(edited) - 1, max(0, at + pick.randint(-3, 3)))
        edited.insert(to, edited.pop(at))
    return "".join(edited)


def test_every_fact_a_rule_reads_has_a_fingerprint():
    declared = {rule.code: rule.reads for rule in all_rules() if rule.reads is not None}
    assert declared  # the mechanism is in use
    for code, reads in declared.items():
        assert set(reads) <= set(FACTS), code


@pytest.mark.slow
def test_on_the_corpus_the_incremental_last_pass_gives_what_a_whole_one_gives(monkeypatch):
    texts = _corpus()
    assert len(texts) > 90
    # The incremental pass on each file: the engine's default run, which other tests of the corpus share.
    shared = [
        (found.new_text, found.applied, found.withheld_unsafe, found.dropped, found.diagnostics)
        for found in corpus_runs.plain_runs()
    ]
    assert _differences(monkeypatch, texts, unsafe_fixes=True, incremental=shared) == []


@pytest.mark.slow
def test_on_the_corpus_as_one_module_the_same(monkeypatch):
    """Fixes in some statements, the facts they change elsewhere (a test of its own: pytest-xdist runs it
    beside the others, some 15 s of CPU)."""
    one_module = "".join(t.replace(FUTURE, "") for t in _python3_corpus())
    assert _differences(monkeypatch, [one_module], unsafe_fixes=True) == []


def test_after_random_edits_the_incremental_last_pass_gives_what_a_whole_one_gives(monkeypatch):
    texts = _python3_corpus()
    edited = [_edited(texts, seed) for seed in range(12)]
    real = engine._Known.carried
    incremental: list[str] = []  # the rules run on changed statements only: the comparison is not vacuous

    def carried(self, context, rule):
        answer = real(self, context, rule)
        if answer is not None and answer[1]:
            incremental.append(rule.code)
        return answer

    monkeypatch.setattr(engine._Known, "carried", carried)
    assert _differences(monkeypatch, edited, unsafe_fixes=True) == []
    assert _differences(monkeypatch, edited[:6], unsafe_fixes=False) == []
    # Not vacuous: a declaring rule took the incremental path (which ones depends on the corpus's texts).
    assert set(incremental) & {"DEV014", "DEV018", "DEV019"}


@pytest.mark.slow
@pytest.mark.parametrize("unsafe_fixes", [True, False], ids=["unsafe", "safe-with-corpus"])
def test_on_the_legacy_scripts_and_without_unsafe_fixes_the_same(monkeypatch, unsafe_fixes):
    """The legacy scripts with unsafe fixes; them and the corpus without (one test each: pytest-xdist
    spreads them)."""
    legacy = [p.read_text() for p in sorted(ROOT.glob("legacy/**/*.py"))]
    assert len(legacy) > 20
    texts = legacy if unsafe_fixes else [*legacy, *_corpus()]
    assert _differences(monkeypatch, texts, unsafe_fixes=unsafe_fixes) == []


class Enable(Rule):
    """Test rule: `disable()` -> `enable()`, a module fact."""

    code, name, summary, fix_safety, triggers = "TST105", "enable", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        for call in self.sites(cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "disable":
                self.report(call, "disabled", edits={call: call.with_changes(func=cst.Name("enable"))})


class Rename(Rule):
    """Test rule: `old(...)` -> `new(...)` once the module calls `enable()` somewhere; it declares that it
    reads no module fact, which is false: the test below shows that the comparison catches it."""

    code, name, summary, fix_safety, triggers = "TST106", "rename", "", FixSafety.SAFE, ("torch",)
    reads = ()

    def check(self) -> None:
        calls = self.tree.of_type(self.tree.root, cst.Call)
        if not any(isinstance(c.func, cst.Name) and c.func.value == "enable" for c in calls):
            return
        for call in self.sites(cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "old":
                self.report(call, "old call", edits={call: call.with_changes(func=cst.Name("new"))})


def test_a_false_declaration_is_caught_by_the_comparison(monkeypatch):
    text = "import torch\ndisable()\ny = old(1)\n"
    assert _differences(monkeypatch, [text], unsafe_fixes=True, rules=[Enable, Rename]) == [0]
    monkeypatch.setenv(engine.WHOLE_LAST_PASS, "0")
    # Incremental: `y = old(1)` was looked at before `enable()` existed, and is not looked at again.
    assert lint_and_fix(text, [Enable, Rename], fix=True).new_text == "import torch\nenable()\ny = old(1)\n"
    monkeypatch.setattr(Rename, "reads", None)  # undeclared: whole in the last pass, and right
    assert lint_and_fix(text, [Enable, Rename], fix=True).new_text == "import torch\nenable()\ny = new(1)\n"
    assert _differences(monkeypatch, [text], unsafe_fixes=True, rules=[Enable, Rename]) == []


class Local(Rule):
    """Test rule: reports every `old(...)`, fixing none: a finding a whole last pass would repeat."""

    code, name, summary, fix_safety, triggers = "TST107", "local", "", FixSafety.UNSAFE, ("torch",)
    reads = ()
    runs: list[int] = []

    def check(self) -> None:
        sites = self.sites(cst.Call)
        Local.runs.append(len(sites))
        for call in sites:
            if isinstance(call.func, cst.Name) and call.func.value == "old":
                self.report(call, "old call", edits={call: call.with_changes(func=cst.Name("new"))})


def test_a_declared_rule_looks_again_only_at_the_statements_that_changed(monkeypatch):
    monkeypatch.setenv(engine.WHOLE_LAST_PASS, "0")
    Local.runs.clear()
    text = "import torch\ndisable()\ny = old(1)\nz = old(2)\n"
    outcome = lint_and_fix(text, [Enable, Local], fix=True)  # Local's fixes are unsafe: withheld
    assert outcome.new_text == "import torch\nenable()\ny = old(1)\nz = old(2)\n"
    assert outcome.withheld_unsafe == {"TST107": 2}  # the findings noted in the first pass, carried
    # The whole module's calls; then the pass after the fix, on `enable()` (every rule runs when no rule
    # is fed), which leaves the last pass nothing to look at again.
    assert Local.runs == [3, 1]
    monkeypatch.setenv(engine.WHOLE_LAST_PASS, "1")
    Local.runs.clear()
    assert lint_and_fix(text, [Enable, Local], fix=True).withheld_unsafe == {"TST107": 2}
    assert Local.runs == [3, 1, 3]  # and the last pass on the whole module again
