"""The Fixit adapter (``autofix.fixit``) against autofix itself, on every corpus case.

``fixit lint`` must report what ``autofix check`` reports (code, line, column, message, and whether a
fix comes with it), and ``fixit fix --automatic`` must write what ``autofix apply`` writes, both under
the corpus configuration (corpus/pyproject.toml: ``[tool.autofix] unsafe-fixes = true``, and a
``[tool.fixit]`` table that enables ``autofix.fixit`` and disables Fixit's own rules).

Like with like: ``autofix apply`` re-runs the rules after each round of fixes until nothing changes
(a fix can uncover another, or wait for an overlapping one); ``fixit fix`` applies one round per run.
So Fixit's side is run until the file stops changing, and that fixed point is compared with autofix's.

Each case runs through Fixit's Python API in-process (one process for all of them, a few seconds);
one test runs the real ``fixit`` command over a copy of the whole corpus.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests import ROOT, parses

fixit = pytest.importorskip("fixit")
from fixit.api import fixit_bytes  # noqa: E402
from fixit.config import generate_config  # noqa: E402

from autofix.commands.cli import main  # noqa: E402
from autofix.engine.lint import MAX_PASSES  # noqa: E402
from autofix.files.rewrite import rewrite_file  # noqa: E402
from autofix.fixit import LINT_RULES  # noqa: E402
from codemods import all_rules  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.fixit]

CORPUS = ROOT / "corpus"
# Fixit parses every file itself: DEV022's Python 2 cases, which autofix reads only through its text
# fixes, are not for it.
CASES = sorted(p for p in CORPUS.glob("*/*/before.py") if parses(p))
CODE_OF = {cls.__name__: cls.CODE for cls in LINT_RULES.values()}  # Fixit's rule name -> autofix's code
FIXIT = Path(sys.executable).with_name("fixit")


def _case_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}"


def fixit_pass(path: Path, content: bytes) -> tuple[set[tuple], bytes]:
    """One ``fixit fix --automatic`` round on ``content`` (as the file at ``path``): what it reports, what it writes."""
    results = fixit_bytes(path, content, config=generate_config(path), autofix=True)
    found = set()
    try:
        while True:
            result = next(results)
            assert result.error is None, result.error[1]
            if result.violation is not None:
                v = result.violation
                found.add(
                    (
                        CODE_OF[v.rule_name],
                        v.range.start.line,
                        v.range.start.column + 1,
                        v.message,
                        v.autofixable,
                    )
                )
    except StopIteration as stop:
        return found, stop.value if stop.value is not None else content


@cache
def first_pass(path: Path) -> tuple[set[tuple], bytes]:
    return fixit_pass(path, path.read_bytes())


def _invoke(*args: str) -> tuple[int, str]:
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout


def _by_path(json_output: str) -> dict[Path, set[tuple]]:
    """``autofix check --output-format json``'s findings per file: (code, line, column, message, fix applies)."""
    found: dict[Path, set[tuple]] = {}
    for f in json.loads(json_output):
        applies = f["fix"] is not None and f["fix"]["applies"]
        found.setdefault(Path(f["path"]).resolve(), set()).add(
            (f["code"], f["line"], f["column"], f["message"], applies)
        )
    return found


@cache
def corpus_check() -> dict[Path, set[tuple]]:
    """``autofix check`` of every case's ``before.py``, named one by one: each file alone, as Fixit sees
    it (a folder would be project mode, where a fix may be safe because no other file reads a name)."""
    files = [str(case) for case in CASES]
    return _by_path(_invoke("check", "--output-format", "json", "--no-cache", "-j", "1", *files)[1])


def test_every_rule_has_a_lint_rule():
    assert sorted(CODE_OF.values()) == [rule.code for rule in all_rules()]
    for rule in all_rules():
        assert LINT_RULES[rule.code] is next(c for c in LINT_RULES.values() if c.CODE == rule.code)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_fixit_lint_reports_what_autofix_check_reports(case):
    reported, _ = first_pass(case)
    assert reported == corpus_check().get(case, set())


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_fixit_fix_writes_what_autofix_apply_writes(case):
    expected = rewrite_file(case).rewritten  # autofix apply, under the same configuration, computed in memory
    _, content = first_pass(case)
    for _ in range(MAX_PASSES):
        reported, again = fixit_pass(case, content)
        if again == content:
            break
        content = again
    assert content == expected
    assert not any(fixable for *_, fixable in reported), "Fixit still offers a fix at its fixed point"


def _snapshot(tree: Path) -> dict[str, bytes]:
    return {p.relative_to(tree).as_posix(): p.read_bytes() for p in sorted(tree.glob("*/*/before.py"))}


_FIXIT_LINE = re.compile(
    r"^(?P<path>.+?)@(?P<line>\d+):(?P<col>\d+) (?P<rule>\w+): (?P<message>.*?)(?P<fix> \(has autofix\))?$"
)


def test_the_fixit_command_line_over_the_corpus(tmp_path):
    """The real ``fixit lint`` and ``fixit fix --automatic`` on cases of one copy of the corpus, ``autofix
    check`` and ``autofix apply`` on another: the same findings, then the same files.

    Every case is compared in process above; the command line is run on a sample (each rule's first case
    and every eighth), which tests the same plumbing in a fifth of the time of the whole corpus."""
    ignore = shutil.ignore_patterns("__pycache__")
    by_fixit, by_autofix = tmp_path / "fixit" / "corpus", tmp_path / "autofix" / "corpus"
    shutil.copytree(CORPUS, by_fixit, ignore=ignore)
    shutil.copytree(CORPUS, by_autofix, ignore=ignore)
    names = [name for name in _snapshot(by_fixit) if parses(by_fixit / name)]
    firsts = {name.split("/")[0]: name for name in reversed(names)}.values()
    cases = [f"corpus/{name}" for name in sorted({*names[::8], *firsts})]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1", "OMP_NUM_THREADS": "1"}

    def fixit_cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(FIXIT), *args], cwd=by_fixit.parent, env=env, capture_output=True, text=True, timeout=300
        )

    lint = fixit_cli("lint", *cases)
    assert lint.returncode == 1, lint.stderr  # there are findings
    reported: dict[Path, set[tuple]] = {}
    for line in lint.stdout.splitlines():
        match = _FIXIT_LINE.match(line)
        assert match, f"unexpected fixit output: {line!r}"
        reported.setdefault((by_fixit.parent / match["path"]).resolve(), set()).add(
            (
                CODE_OF[match["rule"]],
                int(match["line"]),
                int(match["col"]) + 1,
                match["message"],
                match["fix"] is not None,
            )
        )
    _, out = _invoke(
        "check",
        "--output-format",
        "json",
        "--no-cache",
        "-j",
        "1",
        *(str(by_autofix.parent / case) for case in cases),
    )
    expected = {by_fixit / path.relative_to(by_autofix): found for path, found in _by_path(out).items()}
    assert reported == expected

    # Passes of `fixit fix --automatic`: a file a pass leaves alone is at its fixed point, so each later
    # pass names only the files the previous one changed.
    changing = cases
    for _ in range(MAX_PASSES + 1):
        before = _snapshot(by_fixit)
        fix = fixit_cli("fix", "--automatic", *changing)
        assert "EXCEPTION" not in fix.stdout + fix.stderr, fix.stdout + fix.stderr
        after = _snapshot(by_fixit)
        changing = [f"corpus/{name}" for name in after if after[name] != before[name]]
        if not changing:
            break
    assert not changing, "fixit fix did not settle"
    code, _ = _invoke(
        "apply", "--no-cache", "-j", "1", "-q", *(str(by_autofix.parent / case) for case in cases)
    )
    assert code == 0
    assert _snapshot(by_fixit) == _snapshot(by_autofix)
    assert _snapshot(by_fixit) != _snapshot(CORPUS)  # something was fixed


# -- Configuration, fix safety, suppression


FLOAT64 = textwrap.dedent(
    """\
    import torch

    model = torch.nn.Linear(4, 2)
    x = torch.randn(8, 4).double()
    y = model(x)
    spread = x.std()
    """
)
# (`spread` reads the float64 data outside the model: the cast would change it, so DEV002's fix is unsafe.)


def _project(tmp_path: Path, autofix_table: str, source: str, fixit_enable: str = '"autofix.fixit"') -> Path:
    (tmp_path / "pyproject.toml").write_text(
        f"[tool.autofix]\n{autofix_table}\n\n[tool.fixit]\nroot = true\n"
        f'enable = [{fixit_enable}]\ndisable = ["fixit.rules"]\n'
    )
    path = tmp_path / "train.py"
    path.write_text(source)
    return path


def test_unsafe_fixes_are_offered_only_where_autofix_would_apply_them(tmp_path):
    path = _project(tmp_path, "", FLOAT64)  # unsafe-fixes off: DEV002's fix is unsafe
    reported, fixed = fixit_pass(path, path.read_bytes())
    assert [(code, fixable) for code, _, _, _, fixable in reported] == [("DEV002", False)]
    assert fixed == path.read_bytes()

    _project(tmp_path, "unsafe-fixes = true", FLOAT64)
    reported, fixed = fixit_pass(path, path.read_bytes())
    assert [(code, fixable) for code, _, _, _, fixable in reported] == [("DEV002", True)]
    assert fixed.decode() == FLOAT64.replace(".double()", ".float()")


@pytest.mark.parametrize(
    "comment",
    [
        "# autofix: ignore[DEV002]",
        "# noqa: DEV002",
        "# lint-ignore: Float64Input",
        "# lint-fixme: DEV002",
    ],
)
def test_suppression_comments_of_both_tools(tmp_path, comment):
    source = FLOAT64.replace(".double()", f".double()  {comment}")
    path = _project(tmp_path, "unsafe-fixes = true", source)
    assert fixit_pass(path, path.read_bytes()) == (set(), path.read_bytes())


def test_autofix_configuration_selects_rules_and_files(tmp_path):
    path = _project(tmp_path, 'ignore = ["DEV002"]', FLOAT64)
    assert fixit_pass(path, path.read_bytes())[0] == set()
    path = _project(tmp_path, 'exclude = ["train.py"]', FLOAT64)
    assert fixit_pass(path, path.read_bytes())[0] == set()


@pytest.mark.parametrize("name", ["autofix.fixit:DEV002", "autofix.fixit:Float64Input"])
def test_one_rule_by_code_or_by_name(tmp_path, name):
    path = _project(tmp_path, "", FLOAT64 + "z = torch.zeros(3).cuda()\n", fixit_enable=f'"{name}"')
    assert {finding[0] for finding in fixit_pass(path, path.read_bytes())[0]} == {"DEV002"}


def test_rule_examples_as_fixit_tests():
    """``fixit test autofix.fixit``: every VALID example is clean and every INVALID one is reported."""
    import unittest

    from fixit.testing import generate_lint_rule_test_cases

    cases = generate_lint_rule_test_cases([cls() for cls in {*LINT_RULES.values()}])
    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromTestCase(case) for case in cases)
    result = unittest.TextTestRunner(stream=open(os.devnull, "w")).run(suite)
    assert result.testsRun >= 12 * len(all_rules())
    assert result.wasSuccessful(), [str(e) for _, e in result.failures + result.errors][:3]


def test_nothing_but_the_adapter_imports_fixit():
    """fixit is an optional extra: no other module imports it, and the command line runs without it."""
    root = ROOT
    for path in [*root.glob("autofix/**/*.py"), *root.glob("codemods/**/*.py")]:
        if path == root / "autofix" / "fixit.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            assert not any(n == "fixit" or n.startswith("fixit.") for n in names), f"{path} imports fixit"
    code = 'import sys; sys.modules["fixit"] = None; from autofix.commands.cli import main; main(["rules"])'
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "DEV010" in run.stdout, run.stderr


def test_the_documented_snippet_is_a_working_configuration(tmp_path):
    from tests.test_readme import ROOT, blocks

    (snippet,) = [b for b in blocks("toml", ROOT / "docs" / "integrations.md") if "[tool.fixit]" in b]
    (tmp_path / "pyproject.toml").write_text(snippet)
    path = tmp_path / "train.py"
    path.write_text(FLOAT64)
    reported, fixed = fixit_pass(path, path.read_bytes())
    assert [(code, fixable) for code, _, _, _, fixable in reported] == [
        ("DEV002", True)
    ]  # unsafe-fixes = true
    assert fixed.decode() == FLOAT64.replace(".double()", ".float()")
