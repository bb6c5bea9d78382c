"""The corpus's ``before.py`` texts and the engine's plain run over each, made once per test process.

Several tests compare the plain run (every rule, fixes applied, unsafe ones too) with a variant of it (a
whole last pass, every rule on every pass, a traced run) or read its rewrites: they share this one run
instead of each making it again (about 4 CPU seconds each). Results are read, never changed.
"""

from __future__ import annotations

import functools
import os

from autofix.engine.lint import WHOLE_LAST_PASS, Outcome, lint_and_fix
from codemods import all_rules
from tests import ROOT

CASES = tuple(sorted(ROOT.glob("corpus/*/*/before.py")))


@functools.cache
def texts() -> tuple[str, ...]:
    """Each corpus case's ``before.py``, in the order of ``CASES``."""
    return tuple(path.read_text(encoding="utf-8") for path in CASES)


@functools.cache
def _plain() -> tuple[Outcome, ...]:
    return tuple(lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True) for text in texts())


def plain_runs() -> tuple[Outcome, ...]:
    """``lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)`` of each of ``texts()``.

    Call it before patching the engine: the first call runs the engine as it is then.
    """
    assert os.environ.get(WHOLE_LAST_PASS) != "1", "the shared run is the engine's default, incremental one"
    return _plain()
