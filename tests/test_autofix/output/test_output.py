"""Machine-readable output: JSON, SARIF 2.1.0 (validated against the OASIS schema), GitHub annotations."""

from __future__ import annotations

import json

import jsonschema
import pytest

from autofix.engine.lint import lint_and_fix
from autofix.engine.text_edits import apply_edits, text_edits
from codemods import all_rules
from tests import ROOT
from tests.conftest import DOUBLE_FIXED, DOUBLE_INPUT

CASES = sorted(ROOT.glob("corpus/*/*/before.py"))
SCHEMA = json.loads((ROOT / "tests/data/sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

UNFIXABLE = """\
import torch

class Net(torch.nn.Module):
    def forward(self):
        return torch.zeros(3)
"""


@pytest.mark.parametrize(
    "old, new",
    [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ("a\r\nb\r\n", "a\r\nbb\r\nc\r\n"),
        ("x = 1", "x = 1\ny = 2\n"),
        ("one\ntwo\nthree\n", "three\n"),
        ("f(a)\x0cg(b)\n", "f(a)\x0cg(c)\n"),  # a form feed is not a line end for Python
        ("", "import torch\n"),
    ],
)
def test_text_edits_turn_one_text_into_the_other(old, new):
    assert apply_edits(old, text_edits(old, new)) == new


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_each_findings_edits_are_its_fix(case):
    """The edits of a finding, applied to the file, give what that finding's fix alone gives."""
    text = case.read_text(encoding="utf-8")
    outcome = lint_and_fix(text, all_rules(), fix=False, want_edits=True)
    # A Python 2 file (DEV022) compiles only with all its conversions made, not with one finding's.
    python2 = any(rule.text_fixes(text) for rule in all_rules())
    for d in outcome.diagnostics:
        assert d.end_line >= d.line and (d.end_line, d.end_column) > (d.line, d.column)
        if not d.fixable:
            assert d.edits == ()
            continue
        fixed = apply_edits(text, d.edits)
        assert fixed != text
        if not python2:
            compile(fixed, str(case), "exec")


@pytest.mark.slow
def test_a_lone_fix_s_edits_are_the_whole_rewrite():
    from tests.helpers import corpus_runs

    compared = 0
    # The whole rewrite: the engine's default run, which other tests of the corpus share.
    for case, text, whole in zip(corpus_runs.CASES, corpus_runs.texts(), corpus_runs.plain_runs()):
        if sum(whole.applied.values()) != 1:
            continue
        # Findings that share one fix (a step's two returned numbers kept on the device together) list
        # the same edits: that is still one fix.
        (edits,) = {
            tuple(d.edits)
            for d in lint_and_fix(text, all_rules(), fix=False, want_edits=True).diagnostics
            if d.fixable
        }
        assert apply_edits(text, list(edits)) == whole.new_text, case
        compared += 1
    assert compared >= 5


def test_json_lists_findings_with_fixes_as_edits(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    (tmp_path / "net.py").write_text(UNFIXABLE)
    code, out, _ = run_cli("check", "--output-format", "json", ".", cwd=tmp_path)
    assert code == 1
    findings = json.loads(out)
    assert [(f["path"], f["code"]) for f in findings] == [("net.py", "DEV003"), ("train.py", "DEV002")]
    unfixable, double = findings
    assert unfixable["fixable"] is False and unfixable["fix"] is None and unfixable["safety"] == "none"
    assert double == {
        "path": "train.py",
        "cell": None,
        "line": 5,
        "column": 5,
        "end_line": 5,
        "end_column": 31,
        "code": "DEV002",
        "name": "float64-input",
        "message": double["message"],
        "fixable": True,
        "safety": "unsafe",
        "fix": {
            "applicability": "unsafe",
            "applies": False,
            "edits": [{"line": 5, "column": 23, "end_line": 5, "end_column": 29, "content": "float"}],
        },
    }
    assert "float64" in double["message"]
    edit = double["fix"]["edits"][0]
    line = DOUBLE_INPUT.splitlines()[edit["line"] - 1]
    assert line[edit["column"] - 1 : edit["end_column"] - 1] == "double"
    # --unsafe-fixes: the same fix now applies.
    _, out, _ = run_cli("check", "--output-format", "json", "--unsafe-fixes", "train.py", cwd=tmp_path)
    assert json.loads(out)[0]["fix"]["applies"] is True


def test_json_of_a_clean_tree_is_an_empty_list_and_exit_0(tmp_path, run_cli):
    (tmp_path / "ok.py").write_text("import torch\nx = torch.zeros(2)\n")
    assert run_cli("check", "--output-format", "json", ".", cwd=tmp_path)[:2] == (0, "[]\n")


def test_apply_check_in_json_keeps_its_exit_code_and_writes_nothing(tmp_path, run_cli):
    target = tmp_path / "train.py"
    target.write_text(DOUBLE_INPUT)
    code, out, _ = run_cli(
        "apply", "--check", "--unsafe-fixes", "--output-format", "json", "train.py", cwd=tmp_path
    )
    assert code == 1
    assert [f["code"] for f in json.loads(out)] == ["DEV002"]
    assert target.read_text() == DOUBLE_INPUT
    assert apply_edits(DOUBLE_INPUT, _edits(json.loads(out)[0])) == DOUBLE_FIXED
    target.write_text(DOUBLE_FIXED)
    code, out, _ = run_cli("apply", "--check", "--output-format", "json", "train.py", cwd=tmp_path)
    assert (code, json.loads(out)) == (0, [])


def _edits(finding):
    from autofix.engine.text_edits import TextEdit

    return tuple(TextEdit(**e) for e in finding["fix"]["edits"])


def test_output_format_needs_check_when_applying(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    code, _, err = run_cli("apply", "--output-format", "sarif", "train.py", cwd=tmp_path)
    assert code == 2 and "--check" in err
    assert (tmp_path / "train.py").read_text() == DOUBLE_INPUT


def test_sarif_is_valid_against_the_oasis_schema(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    (tmp_path / "net.py").write_text(UNFIXABLE)
    (tmp_path / "broken.py").write_text("import torch\ndef f(:\n")
    code, out, err = run_cli("check", "--output-format", "sarif", ".", cwd=tmp_path)
    assert code == 2  # the broken file; the others are still reported
    log = json.loads(out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == [r.code for r in all_rules()]
    results = {r["ruleId"]: r for r in run["results"]}
    assert set(results) == {"DEV002", "DEV003"}
    region = results["DEV002"]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 5, "startColumn": 5, "endLine": 5, "endColumn": 31}
    replacement = results["DEV002"]["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement["insertedContent"]["text"] == "float"
    assert "fixes" not in results["DEV003"]
    assert run["invocations"][0]["executionSuccessful"] is False
    assert "broken.py" in json.dumps(run["invocations"][0]["toolExecutionNotifications"])


@pytest.mark.slow
def test_sarif_of_the_whole_corpus_is_valid(run_cli):
    code, out, _ = run_cli("check", "--output-format", "sarif", "--unsafe-fixes", "corpus", cwd=ROOT)
    assert code == 1
    log = json.loads(out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    assert len(log["runs"][0]["results"]) >= 20


def test_github_annotations(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    code, out, _ = run_cli("check", "--output-format", "github", "train.py", cwd=tmp_path)
    assert code == 1
    (line,) = out.splitlines()
    head, message = line.split("::", 2)[1:]
    assert head == "error file=train.py,line=5,col=5,endLine=5,endColumn=31,title=DEV002"
    assert message.startswith("DEV002 ") and "float64" in message


def test_github_escapes_what_would_end_a_field():
    from autofix.output.formats import _annotation

    assert (
        _annotation({"file": "a,b:c.py"}, "50% done\nnext")
        == "::error file=a%2Cb%3Ac.py::50%25 done%0Anext\n"
    )


def test_concise_is_one_line_per_finding_and_nothing_else(tmp_path, run_cli):
    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    code, out, err = run_cli("check", "--output-format", "concise", "train.py", cwd=tmp_path)
    assert code == 1
    assert out.startswith("train.py:5:5: DEV002 ") and out.count("\n") == 1 and "[*" not in out
    assert err == ""
