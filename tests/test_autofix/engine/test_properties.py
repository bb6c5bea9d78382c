"""Property tests on generated programs (hypothesmith): the fixer never raises, what it writes parses,
a second pass changes nothing, and code without torch comes back byte for byte.

Bounded by default (a fixed, derandomized set of examples, about 20-30 s), so that ``make test`` and CI are
reproducible. A longer, randomized search:

    AUTOFIX_HYPOTHESIS_PROFILE=long OMP_NUM_THREADS=1 .venv/bin/python -m pytest -q tests/test_autofix/engine/test_properties.py

("long": 40x the examples, failures kept in .hypothesis/ and replayed first next time.)
"""

from __future__ import annotations

import os

import libcst as cst
import pytest
from hypothesis import HealthCheck, Phase, event, given, settings

from autofix.engine.lint import Outcome, lint_and_fix
from autofix.engine.text_edits import apply_edits
from autofix.files.fix_file import FIX, LINT_WITH_EDITS, Task, process_text
from autofix.files.source import SourceError
from codemods import all_rules
from tests.program_strategies import HEADER, SNIPPETS, generated_programs, torch_programs

pytestmark = pytest.mark.slow  # end to end: `make check` skips it, `make test` runs it

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
# hypothesmith steers towards bigger programs (Phase.target): worth it in the long search only.
settings.register_profile(
    "bounded",
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
    suppress_health_check=_SLOW_IS_FINE,
    print_blob=True,
)
settings.register_profile("long", deadline=None, suppress_health_check=_SLOW_IS_FINE, print_blob=True)
PROFILE = os.environ.get("AUTOFIX_HYPOTHESIS_PROFILE", "bounded")
if PROFILE not in ("bounded", "long"):
    raise pytest.UsageError(f"AUTOFIX_HYPOTHESIS_PROFILE={PROFILE!r}: use 'bounded' or 'long'")
_SCALE = 40 if PROFILE == "long" else 1


def examples(count: int) -> settings:
    return settings(settings.get_profile(PROFILE), max_examples=count * _SCALE)


RULES = all_rules()
# What the fixer may say instead of fixing: it cannot read the program (libcst's grammar differs from
# CPython's in corners hypothesmith finds), or the program is too deep to parse safely. Anything else,
# an exception or an "internal error", a fix that breaks code, fixes that never settle, is a bug.
REFUSALS = ("syntax error", "too deeply nested", "cannot decode")


def _run(text: str, **options: object) -> Outcome | None:
    """``lint_and_fix`` with every rule and unsafe fixes on; None when it refused the program."""
    try:
        return lint_and_fix(text, RULES, unsafe_fixes=True, **options)  # type: ignore[arg-type]
    except SourceError as exc:
        # The round-trip guard's refusal is one too, where libcst itself does not give the text back.
        guarded = str(exc).startswith("left untouched: libcst does not reproduce") and not _round_trips(text)
        assert guarded or str(exc).startswith(REFUSALS), f"not a refusal but a failure: {exc}"
        event(f"refused: {str(exc).split(':')[0]}")
        return None


def _round_trips(text: str) -> bool:
    try:
        return cst.parse_module(text).code == text
    except Exception:  # what libcst cannot parse it cannot give back
        return False


def _compiles(text: str) -> bool:
    try:
        compile(text, "<generated>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


@examples(40)
@given(generated_programs())
def test_programs_without_torch_come_back_byte_for_byte(source):
    outcome = _run(source, fix=True, want_positions=True)
    if "torch" not in source:
        assert outcome is not None and outcome.new_text is None and not outcome.diagnostics
    # The word alone gets a program past the plain-text pre-filter: now the rules really run on it.
    mentioned = "# torch\n" + source
    outcome = _run(mentioned, fix=True, want_positions=True)
    if outcome is not None:
        event("parsed and checked by every rule")
        assert outcome.new_text is None, "a program without torch was rewritten"
        assert not outcome.diagnostics, [d.code for d in outcome.diagnostics]


@examples(60)
@given(torch_programs())
def test_fixes_parse_and_a_second_pass_changes_nothing(source):
    fixed = _run(source, fix=True, want_positions=True)
    if fixed is None:
        return
    event(f"findings: {'yes' if fixed.diagnostics else 'no'}; rewritten: {'yes' if fixed.new_text else 'no'}")
    for diagnostic in fixed.diagnostics:
        event(f"fires: {diagnostic.code}")
    after = source if fixed.new_text is None else fixed.new_text
    cst.parse_module(after)
    if _compiles(source):
        assert _compiles(after), "the fixed program no longer compiles"
    again = _run(after, fix=True)
    assert again is not None, "the fixer refused its own output"
    assert again.new_text is None, "a second pass changed the fixed program"

    # check (no fixes) reports what apply saw, and each finding's own fix, alone, gives code that parses.
    linted = _run(source, fix=False, want_positions=True, want_edits=True)
    assert linted is not None
    assert [(d.code, d.line, d.column) for d in linted.diagnostics] == [
        (d.code, d.line, d.column) for d in fixed.diagnostics
    ]
    for diagnostic in linted.diagnostics:
        if diagnostic.edits:
            cst.parse_module(apply_edits(source, diagnostic.edits))


@examples(25)
@given(torch_programs())
def test_files_round_trip_through_bytes(source):
    """The file-level path (decode, fix, encode), as a worker runs it."""
    data = source.encode("utf-8", errors="surrogatepass")
    task = Task("generated.py", tuple(rule.code for rule in RULES), FIX, True)
    result, new_data = process_text("generated.py", data, task)
    if result.error:
        assert result.error.startswith(REFUSALS), result.error
        return
    if new_data is not None:
        assert result.changed
        cst.parse_module(new_data)
        second, again = process_text("generated.py", new_data, task)
        assert second.error is None and again is None
    lint_task = Task("generated.py", task.rule_codes, LINT_WITH_EDITS, True)
    linted, nothing = process_text("generated.py", data, lint_task)
    assert nothing is None and linted.error is None


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda s: s.split("\n")[0][:40])
def test_each_snippet_makes_a_rule_fire(snippet):
    """The splicing strategy is only worth its time if its snippets are what the rules look for."""

    def findings(text: str) -> set[tuple[str, str]]:
        return {(d.code, d.message) for d in lint_and_fix(text, RULES, fix=False).diagnostics}

    assert findings(HEADER + snippet.replace("HOLE", "pass")) - findings(HEADER), (
        "no rule fires on this snippet"
    )
