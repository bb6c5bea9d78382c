"""The field-set instrument itself (benchmarks/field*.py, field/merge_labels.py), on a fake two-row set.

No real field file is used: a tiny script and a tiny notebook are written here, with labels whose
matching outcome is known by construction.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import textwrap
from pathlib import Path

import pytest

from benchmarks import field as bench
from benchmarks import field_tool
from benchmarks.field_manifest import COLUMNS, Label, ManifestError, Row, parse_labels, read_manifest
from benchmarks.field_match import Finding, judge, match, rule_stats, total
from benchmarks.field_shape import constructor_argument_shape, label_shape
from benchmarks.field_tool import apply_edits, hunk_of
from benchmarks.field_why import SAME_RULE_NEAR, message_kind, why_counts
from field import fetch, merge_labels

SCRIPT = textwrap.dedent(
    """\
    import torch

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = torch.nn.Linear(2, 2).to(device)
    for step in range(3):
        x = torch.randn(4, 2)
        y = model(x)
    z = torch.zeros(3).to(device)
    w = torch.ones(2, device=device)
    """
)
NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# title\n"]},
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": [
                "import torch\n",
                "model = torch.nn.Linear(2, 2).cuda()\n",
                "x = torch.ones(2).cuda()\n",
            ],
        },
    ],
    "metadata": {},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def manifest_line(rid: str, repo: str, data: bytes, labels: str, negatives: str, runnable: str) -> str:
    kind = "ipynb" if rid.endswith("nb") else "py"
    sha = hashlib.sha256(data).hexdigest()
    fields = (rid, repo, "a" * 40, f"src/{rid}.{kind}", sha, "MIT", kind, labels, negatives, runnable, "fake")
    return "\t".join(fields)


def fake_validation(folder: Path, repo: str = "else/where") -> Path:
    """A one-row validation.tsv beside the fake dev manifest, its file under the same files/."""
    (folder / "files" / "val-secret.py").write_text(SCRIPT)
    data = (folder / "files" / "val-secret.py").read_bytes()
    row = manifest_line("val-secret", repo, data, "P1:5-7 P10:8", "N10:9", "-")
    (folder / "validation.tsv").write_text("\t".join(COLUMNS) + "\n" + row + "\n")
    return folder / "validation.tsv"


def fake_set(tmp_path: Path) -> Path:
    """field/manifest.tsv + field/files/ for one script and one notebook; returns the field folder."""
    folder = tmp_path / "field"
    files = folder / "files"
    files.mkdir(parents=True)
    (files / "demo-train.py").write_text(SCRIPT)
    (files / "demo-nb.ipynb").write_text(json.dumps(NOTEBOOK, indent=1) + "\n")
    rows = [
        ("demo-nb", "c2:2 P7:c2:3", "N7:c1:1", "-"),
        ("demo-train", "P1:5-7 P10:8", "N10:9", "synthetic"),
    ]
    lines = ["\t".join(COLUMNS)]
    for rid, labels, negatives, runnable in rows:
        kind = "ipynb" if rid.endswith("nb") else "py"
        data = (files / f"{rid}.{kind}").read_bytes()
        labels = " ".join(f"P7:{t}" if t.startswith("c") else t for t in labels.split())
        lines.append(
            "\t".join(
                (
                    rid,
                    "someone/demo",
                    "a" * 40,
                    f"src/{rid}.{kind}",
                    hashlib.sha256(data).hexdigest(),
                    "MIT",
                    kind,
                    labels,
                    negatives,
                    runnable,
                    "a fake row",
                )
            )
        )
    (folder / "manifest.tsv").write_text("\n".join(lines) + "\n")
    return folder


# -- label syntax


def test_labels_parse_ranges_and_cells():
    assert parse_labels("P1:40-44 P7:12", negative=False, kind="py") == (
        Label(False, 1, 40, 44),
        Label(False, 7, 12, 12),
    )
    assert parse_labels("N7:c3:2-4", negative=True, kind="ipynb") == (Label(True, 7, 2, 4, cell=3),)
    assert str(Label(False, 1, 12, 14, cell=7)) == "P1:c7:12-14"
    assert parse_labels("-", negative=False, kind="py") == ()


@pytest.mark.parametrize(
    "text, kind",
    [
        ("P1:44-40", "py"),
        ("P11:3", "py"),
        ("P1:c2:3", "py"),
        ("P1:3", "ipynb"),
        ("N1:3", "py"),
        ("P1", "py"),
    ],
)
def test_bad_labels_are_refused(text, kind):
    with pytest.raises(ManifestError):
        parse_labels(text, negative=False, kind=kind)


# -- matching


def rows_of(tmp_path: Path):
    return {row.id: row for row in read_manifest(fake_set(tmp_path) / "manifest.tsv")}


def test_range_and_tolerance(tmp_path):
    row = rows_of(tmp_path)["demo-train"]
    for line, matched in ((4, True), (5, True), (7, True), (8, True), (9, False)):
        judged = judge(Finding("demo-train", "DEV001", line), row.labels, row.negatives)
        assert judged.true_positive is matched, line
    # Another rule on a labelled line matches nothing: the pattern must be the rule's.
    assert not judge(Finding("demo-train", "DEV003", 6), row.labels, row.negatives).true_positive


def test_exact_negative_beats_a_neighbouring_label(tmp_path):
    row = rows_of(tmp_path)["demo-train"]
    on_negative = judge(Finding("demo-train", "DEV010", 9), row.labels, row.negatives)
    assert not on_negative.true_positive and str(on_negative.negative) == "N10:9"
    assert judge(Finding("demo-train", "DEV010", 8), row.labels, row.negatives).true_positive


def test_notebook_findings_match_by_cell(tmp_path):
    row = rows_of(tmp_path)["demo-nb"]
    assert judge(Finding("demo-nb", "DEV007", 2, cell=2), row.labels, row.negatives).true_positive
    assert not judge(Finding("demo-nb", "DEV007", 2, cell=1), row.labels, row.negatives).true_positive
    assert not judge(Finding("demo-nb", "DEV007", 2), row.labels, row.negatives).true_positive


def test_recall_precision_and_fixed_correctly(tmp_path):
    rows = rows_of(tmp_path)
    findings = [
        Finding("demo-train", "DEV001", 7, applied=True, verdict="correct"),
        Finding("demo-train", "DEV001", 6, applied=True),  # same label, unreviewed: not yet correct
        Finding("demo-train", "DEV010", 9, applied=True, verdict="wrong"),  # on the negative
        Finding("demo-nb", "DEV007", 2, cell=2, applied=True, verdict="correct"),
        Finding("demo-nb", "DEV007", 9, cell=2),  # nowhere near a label
    ]
    matching = match(rows.values(), findings)
    stats = rule_stats(matching, ("DEV001", "DEV007", "DEV010"))
    assert (stats["DEV001"].labelled, stats["DEV001"].found, stats["DEV001"].fixed) == (1, 1, 1)
    assert (stats["DEV001"].fixed_correctly, stats["DEV001"].unreviewed) == (0, 1)
    assert (stats["DEV007"].labelled, stats["DEV007"].found, stats["DEV007"].fixed_correctly) == (2, 1, 1)
    assert (stats["DEV007"].findings, stats["DEV007"].false_positives, stats["DEV007"].precision) == (
        2,
        1,
        0.5,
    )
    assert (stats["DEV010"].found, stats["DEV010"].false_positives, stats["DEV010"].on_negatives) == (0, 1, 1)
    assert sorted(str(label) for _, label in matching.missed()) == ["P10:8", "P7:c2:3"]
    both = total(stats, ("DEV001", "DEV007"), "sum")
    assert (both.labelled, both.found, both.recall, both.precision) == (3, 2, 2 / 3, 3 / 4)


# -- the diff a review is keyed by


def test_hunk_of_one_fix():
    text = "a = 1\nb = torch.zeros(3).to(device)\nc = 3\n"
    edits = [
        {"line": 2, "column": 5, "end_line": 2, "end_column": 30, "content": "torch.zeros(3, device=device)"}
    ]
    assert apply_edits(text, edits) == "a = 1\nb = torch.zeros(3, device=device)\nc = 3\n"
    hunk = hunk_of(text, edits, cell=4)
    assert hunk.startswith("cell 4\n@@ -1,3 +1,3 @@\n a = 1\n-b = torch.zeros(3).to(device)\n")


# -- the whole script and the merge, on the fake set


def test_field_script_end_to_end(tmp_path, capsys, monkeypatch, run_cli):
    """The script's reading of check's JSON and apply's notes; autofix runs in-process to stay fast."""

    def in_process(*args: str) -> subprocess.CompletedProcess[str]:
        code, out, err = run_cli(*args, "--no-cache", "-j", "1", "--no-color")
        return subprocess.CompletedProcess(args, code, out, err)

    monkeypatch.setattr(field_tool, "autofix", in_process)
    folder = fake_set(tmp_path)
    args = [
        "--manifest",
        str(folder / "manifest.tsv"),
        "--files",
        str(folder / "files"),
        "--reviews",
        str(folder / "reviews.tsv"),
        "--no-run",
        "--json",
    ]
    assert bench.main(args) == 0
    result = json.loads(capsys.readouterr().out)["dev"]
    lines = {line["code"]: line for line in result["rules"]}
    assert lines["DEV010"]["found"] == 1 and lines["DEV010"]["fixed"] == 1
    assert lines["DEV007"]["found"] == 2 and lines["DEV007"]["false_positives"] == 0
    assert result["no_parse"] == {} and result["not_idempotent"] == {}
    assert {f["code"] for f in result["unreviewed"]} >= {"DEV007", "DEV010"}


def test_field_script_without_files_says_so(tmp_path, capsys):
    folder = fake_set(tmp_path)
    assert bench.main(["--manifest", str(folder / "manifest.tsv"), "--files", str(tmp_path / "nothing")]) == 0
    assert "absent" in capsys.readouterr().out


def test_merge_labels_checks_and_sorts(tmp_path, capsys):
    folder = fake_set(tmp_path)
    body = (folder / "manifest.tsv").read_text().splitlines()[1:]
    (tmp_path / "b.tsv").write_text(body[1] + "\n")
    (tmp_path / "a.tsv").write_text(body[0] + "\n")
    out = tmp_path / "manifest.tsv"
    argv = [
        str(tmp_path / "b.tsv"),
        str(tmp_path / "a.tsv"),
        "-o",
        str(out),
        "--files",
        str(folder / "files"),
    ]
    assert merge_labels.main(argv) == 0
    assert out.read_text() == (folder / "manifest.tsv").read_text()
    (tmp_path / "a.tsv").write_text(body[0] + "\n" + body[0].replace("P7:c2:3", "P7:c2:30") + "\n")
    assert merge_labels.main(argv) == 1
    err = capsys.readouterr().err
    assert "appears" in err or "also in" in err


def test_a_missed_label_names_the_rules_reporting_on_its_lines(tmp_path):
    rows = rows_of(tmp_path)
    matching = match(rows.values(), [Finding("demo-train", "DEV007", 8, applied=True)])
    missed = dict((str(label), rid) for rid, label in matching.missed())
    label = next(label for rid, label in matching.missed() if str(label) == "P10:8")
    assert missed["P10:8"] == "demo-train"
    assert matching.other_rules_on("demo-train", label) == ["DEV007"]
    assert len(matching.false_positives()) == 1  # the DEV007 finding matches no P7 label


def test_why_counts_labels_by_the_idea_their_messages_name(tmp_path):
    rows = rows_of(tmp_path)
    findings = [
        Finding("demo-train", "DEV001", 6, message="`x` reaches `model`; not fixed: moved under `if`"),
        Finding("demo-train", "DEV007", 8, message="`.cuda()` fails without a GPU"),  # near P10:8
        Finding("demo-nb", "DEV007", 3, cell=2, applied=True, verdict="partial", message="`.cuda()` pins"),
        Finding("demo-nb", "DEV007", 9, cell=2, message="`.cuda(1)` pins"),
    ]
    why = why_counts(match(rows.values(), findings), ("DEV001", "DEV007", "DEV010"))
    assert why.not_fixed == {("DEV001", "`X` reaches `X`; not fixed: moved under `X`"): 1}
    assert why.fixed_not_correct == {("DEV007", "`X` pins"): 1}
    # P10:8 has the DEV001 and DEV007 findings within 3 lines; P7:c2:2 the applied DEV007 fix of c2:3.
    assert why.missed == {("DEV010", "near DEV001, DEV007"): 1, ("DEV007", SAME_RULE_NEAR): 1}
    assert why.false_positives == {("DEV007", "`X` fails without a GPU"): 1, ("DEV007", "`X` pins"): 1}
    assert message_kind("`a` then `b` and more", width=12) == "`X` … d more"


SHAPED = """\
import torch


class Net(torch.nn.Module):
    def forward(self, x):
        mask = torch.zeros(4)  # a comment naming .item() does not count
        return x * mask


def train(model, loader, secret_meter):
    for x, y in loader:
        secret_meter.update(model(x).sum().item())
    print("the loss.item() in a string does not count")
"""


def test_a_miss_is_shaped_by_the_code_around_it_and_the_api_it_names():
    assert label_shape(SHAPED, Label(False, 3, 6, 6)) == "forward, no loop there | factory"
    assert label_shape(SHAPED, Label(False, 8, 12, 12)) == "function, in a loop | .item() add_scalar/log"
    assert label_shape(SHAPED, Label(False, 8, 13, 13)) == "function, beside a loop | print()"
    assert (
        label_shape(SHAPED, Label(False, 8, 1, 1)) == "module level, no loop there | none of the vocabulary"
    )
    assert label_shape("def f(:\n", Label(False, 8, 1, 1)).startswith("unparsed | ")
    # a Python 2 file is read as DEV022 converts it
    python2 = "for x in xs:\n    print x.cuda()\n"
    assert label_shape(python2, Label(False, 7, 2, 2)) == "module level, in a loop | print() .cuda()"
    # no identifier of the file's own is ever printed
    assert "secret" not in label_shape(SHAPED, Label(False, 8, 11, 12))


def test_why_is_counts_only_for_validation(tmp_path, capsys, in_process):
    folder = fake_set(tmp_path)
    fake_validation(folder)
    common = ["--manifest", str(folder / "manifest.tsv"), "--files", str(folder / "files"), "--no-run"]
    assert bench.main([*common, "--split", "validation", "--why", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["validation"]
    assert set(result) == {"counts", "rules", "why"}
    assert set(result["why"]) == {
        "not_fixed",
        "fixed_not_correct",
        "missed",
        "missed_shape",
        "undecided_argument",
        "false_positives",
    }
    assert bench.main([*common, "--split", "validation", "--why"]) == 0
    out = capsys.readouterr().out
    assert "Why labels are not fixed" in out and "missed (by the findings within 3 lines of it)" in out
    assert "val-secret" not in out and "else/where" not in out


UNDECIDED = """\
import numpy as np
import torch


def load(secret_path, secret_n, secret_rows):
    secret_x = np.load(secret_path)
    secret_x = secret_x - 1
    secret_x = torch.FloatTensor(secret_x)
    return torch.LongTensor(secret_n), torch.LongTensor(secret_rows[0]), torch.Tensor(secret_helper(3))
"""


def test_an_undecided_argument_is_described_by_what_binds_it_never_by_its_name():
    assert (
        constructor_argument_shape(UNDECIDED, 8)
        == "a local bound 3 times, from: arithmetic (Sub); np.load(); torch.FloatTensor()"
    )
    assert constructor_argument_shape(UNDECIDED, 9) == "a parameter"  # the line's first constructor
    assert constructor_argument_shape("x = 1\n", 1) == "no legacy constructor on the line"
    assert constructor_argument_shape("torch.FloatTensor(rows[0])\n", 1) == "an item of a name"
    assert constructor_argument_shape("torch.Tensor(helper(3))\n", 1) == "a call of a function of the file"
    assert "secret" not in " ".join(constructor_argument_shape(UNDECIDED, n) for n in range(1, 11))


# -- the two splits (issue 27): dev in detail, validation in numbers only


@pytest.fixture
def in_process(monkeypatch, run_cli):
    def call(*args: str) -> subprocess.CompletedProcess[str]:
        code, out, err = run_cli(*args, "--no-cache", "-j", "1", "--no-color")
        return subprocess.CompletedProcess(args, code, out, err)

    monkeypatch.setattr(field_tool, "autofix", call)


def test_validation_shows_only_aggregate_numbers(tmp_path, capsys, in_process):
    folder = fake_set(tmp_path)
    fake_validation(folder)
    doc = tmp_path / "field.md"
    doc.write_text("# old\n\nold field text\n\n## Runs after migration (legacy script set)\n\nkept\n")
    common = ["--manifest", str(folder / "manifest.tsv"), "--files", str(folder / "files"), "--no-run"]
    assert bench.main([*common, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"dev", "validation"}
    assert set(result["validation"]) == {"counts", "rules"}  # no missed, false positives, hunks
    assert result["validation"]["counts"]["files"] == 1
    total = result["validation"]["rules"][-1]
    assert (total["labelled"], total["found"], total["negatives"], total["negatives_kept"]) == (2, 2, 1, 1)
    assert "missed" in result["dev"]
    dev = result["dev"]["rules"][-1]
    recall = f"| recall | {dev['found']}/{dev['labelled']} ({100 * dev['recall']:.0f}%) | 2/2 (100%) |"
    assert bench.main([*common, "--markdown", str(doc)]) == 0
    out = capsys.readouterr().out
    text = doc.read_text()
    for shown in (out, text):
        assert "val-secret" not in shown and "else/where" not in shown
        assert "demo-train" in shown  # dev is still listed file by file
        assert recall in shown  # dev and validation columns
    assert text.endswith("## Runs after migration (legacy script set)\n\nkept\n")
    assert "old field text" not in text


def test_labels_in_a_refused_validation_file_are_counted_as_such(tmp_path, capsys, in_process):
    folder = fake_set(tmp_path)
    broken = "import torch\ndef broken(:\n" + SCRIPT
    (folder / "files" / "val-secret.py").write_text(broken)
    row = manifest_line("val-secret", "else/where", broken.encode(), "P1:7-9 P10:10", "N10:11", "-")
    (folder / "validation.tsv").write_text("\t".join(COLUMNS) + "\n" + row + "\n")
    common = ["--manifest", str(folder / "manifest.tsv"), "--files", str(folder / "files"), "--no-run"]
    assert bench.main([*common, "--split", "validation", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)["validation"]["counts"]
    assert (counts["refused_files"], counts["labels_in_refused_files"]) == (1, 2)
    assert bench.main([*common, "--split", "validation"]) == 0
    out = capsys.readouterr().out
    assert "Files the tool refused: 1 (holding 2 labels)" in out
    assert "val-secret" not in out


def test_validation_details_need_the_reviewer_flag(tmp_path, capsys, in_process):
    folder = fake_set(tmp_path)
    fake_validation(folder)
    common = ["--manifest", str(folder / "manifest.tsv"), "--files", str(folder / "files"), "--no-run"]
    assert bench.main([*common, "--unreviewed"]) == 2
    assert "--validation-reviewer" in capsys.readouterr().err
    assert bench.main([*common, "--split", "validation", "--unreviewed", "--validation-reviewer"]) == 0
    assert "val-secret" in capsys.readouterr().out
    assert bench.main([*common, "--split", "dev", "--unreviewed"]) == 0
    assert "val-secret" not in capsys.readouterr().out


def test_a_repository_in_both_splits_is_refused(tmp_path, capsys):
    folder = fake_set(tmp_path)
    fake_validation(folder, repo="someone/demo")
    common = ["--manifest", str(folder / "manifest.tsv"), "--files", str(folder / "files")]
    assert bench.main([*common, "--no-run"]) == 2
    assert "repository someone/demo is in both the dev and the validation split" in capsys.readouterr().err
    assert fetch.main([*common, "--repos"]) == 2
    capsys.readouterr()
    out = tmp_path / "merged.tsv"
    merge = ["--files", str(folder / "files"), "--other", str(folder / "validation.tsv"), "-o", str(out)]
    assert merge_labels.main([str(folder / "manifest.tsv"), *merge]) == 1
    assert "in both" in capsys.readouterr().err and not out.exists()


def test_fetch_lists_the_repositories_of_a_split(tmp_path, capsys):
    folder = fake_set(tmp_path)
    fake_validation(folder)
    common = ["--manifest", str(folder / "manifest.tsv"), "--files", str(tmp_path / "out")]
    for split, repos in (("dev", ["someone/demo"]), ("validation", ["else/where"]), ("all", None)):
        assert fetch.main([*common, "--split", split, "--repos"]) == 0
        assert capsys.readouterr().out.split() == (repos or ["else/where", "someone/demo"])


def test_committed_validation_rows_are_frozen(tmp_path, capsys):
    folder = fake_set(tmp_path)
    frozen = fake_validation(folder)
    edited = tmp_path / "fragment.tsv"
    edited.write_text(frozen.read_text().replace("P10:8", "P10:8 P7:3"))
    out = tmp_path / "validation.tsv"
    merge = ["--split", "validation", "--files", str(folder / "files"), "-o", str(out)]
    merge += ["--other", str(folder / "manifest.tsv"), "--frozen", str(frozen)]
    assert merge_labels.main([str(frozen), *merge]) == 0
    assert out.read_text() == frozen.read_text()
    assert merge_labels.main([str(edited), *merge]) == 1
    assert "val-secret was committed and is frozen" in capsys.readouterr().err


def test_a_legacy_api_rule_counts_for_p9_and_is_reviewed_under_its_own_code():
    """`loss.data[0]` is labelled P9 (legacy API); DEV011 fixes it: found in DEV009's row."""
    from benchmarks.field_manifest import pattern_rule
    from benchmarks.field_report import Review, attach_reviews

    label = Label(False, 9, 40, 40)
    finding = Finding("f", pattern_rule("DEV011"), 40, rule="DEV011", applied=True, hunk_sha="abc")
    assert judge(finding, [label], []).label == label
    attach_reviews([finding], {("f", "DEV011", "abc"): Review("correct", "-", "40")})
    assert finding.verdict == "correct"
    assert bench.selected_codes("DEV011,DEV009") == ("DEV009",)
    with pytest.raises(SystemExit):
        bench.selected_codes("DEV099")


def test_a_factory_moved_in_forward_matches_p3_or_p10_whichever_the_labeller_chose():
    """The book names `init_hidden`'s factories P3 and host-made-then-moved tensors P10; one line that
    is both may carry either label, and either rule's finding on it is the same problem found."""
    p3, p10, n10 = Label(False, 3, 20, 20), Label(False, 10, 30, 30), Label(True, 10, 20, 20)
    assert judge(Finding("f", "DEV010", 20), [p3], []).label == p3
    assert judge(Finding("f", "DEV003", 30), [p10], []).label == p10
    # Its own pattern's label or look-alike comes first; other patterns never match across.
    own = Label(False, 10, 21, 21)
    assert judge(Finding("f", "DEV010", 20), [p3, own], []).label == own
    assert judge(Finding("f", "DEV010", 20), [p3], [n10]).negative == n10
    assert not judge(Finding("f", "DEV007", 20), [p3], []).true_positive


def test_a_finding_whose_fix_edits_the_labelled_line_found_it():
    """Reported at the creation, labelled at the move three lines down that its fix removes."""
    move = Label(False, 10, 24, 24)
    fixed = Finding("f", "DEV010", 21, spans=((None, 21, 21), (None, 24, 24)))
    assert judge(fixed, [move], []).label == move
    assert not judge(Finding("f", "DEV010", 21), [move], []).true_positive  # no fix: the line decides
    assert not judge(Finding("f", "DEV010", 21, spans=((2, 24, 24),)), [move], []).true_positive
    # Only a label of the finding's own pattern.
    assert not judge(Finding("f", "DEV007", 21, spans=((None, 24, 24),)), [move], []).true_positive


def row_with(*labels: Label) -> Row:
    return Row("f", "some/repo", "", "f.py", "", "", "script", labels, (), "-", "")


def test_one_finding_resolves_every_label_of_the_one_problem():
    """A line labelled both P3 and P10 is found by one DEV010 finding there; a fix that edits a second
    label of its own pattern (both branches of an `if` rewritten) resolves that label too."""
    p3, p10 = Label(False, 3, 20, 20), Label(False, 10, 20, 20)
    moved = Finding("f", "DEV010", 20, applies=True, applied=True, spans=((None, 20, 20),))
    matching = match([row_with(p3, p10)], [moved])
    assert matching.matches[("f", p10)] == [moved] and matching.matches[("f", p3)] == [moved]
    assert len(matching.judged) == 1  # one finding, counted once for precision
    first, second = Label(False, 8, 7, 7), Label(False, 8, 9, 9)
    both = Finding("f", "DEV008", 7, applies=True, applied=True, spans=((None, 7, 7), (None, 9, 9)))
    superseded = Finding("f", "DEV008", 9, applies=True)
    matching = match([row_with(first, second)], [both, superseded])
    assert matching.matches[("f", second)] == [both, superseded]
    # A neighbouring label the finding only lies next to (the tolerance) is not a second one.
    near = Label(False, 3, 21, 21)
    matching = match([row_with(near, p10)], [moved])
    assert matching.matches[("f", near)] == []


# -- fixes apply makes in a later pass (on code an earlier fix wrote): credited, and counted

LATER = textwrap.dedent(
    """\
    import torch
    from torch.autograd import Variable

    model = torch.nn.Linear(2, 2)
    x = Variable(torch.randn(4, 2))
    y = model(x)
    """
)


def later_pass_row(tmp_path: Path, labels: str, negatives: str, text: str = LATER) -> list[str]:
    """A one-row dev set of ``text`` (by default one whose import of ``Variable`` is removed only in
    apply's second pass, once the first pass rewrote its one use); returns the script's arguments."""
    folder = tmp_path / "field"
    (folder / "files").mkdir(parents=True)
    (folder / "files" / "later-train.py").write_text(text)
    row = manifest_line("later-train", "some/later", text.encode(), labels, negatives, "-")
    (folder / "manifest.tsv").write_text("\t".join(COLUMNS) + "\n" + row + "\n")
    return [
        "--manifest",
        str(folder / "manifest.tsv"),
        "--files",
        str(folder / "files"),
        "--reviews",
        str(folder / "reviews.tsv"),
        "--split",
        "dev",
        "--no-run",
    ]


def test_a_label_fixed_only_in_a_later_pass_is_credited(tmp_path, capsys, in_process):
    # check reports the import (its fix waits for the last call to go) and fixes the call; apply's
    # second pass removes the import: that label was found, not fixed, and is now fixed.
    args = later_pass_row(tmp_path, "P9:2 P9:5", "-")
    assert bench.main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["dev"]
    line = {line["code"]: line for line in result["rules"]}["DEV009"]
    assert (line["labelled"], line["found"], line["fixed"]) == (2, 2, 2)
    assert (line["found_by_check"], line["found_by_apply"]) == (2, 0)
    assert (line["later_findings"], line["later_false_positives"], line["false_positives"]) == (1, 0, 0)
    later = [f for f in result["unreviewed"] if f["found_by"] == "apply"]
    assert [(f["rule"], f["line"], f["pass_number"]) for f in later] == [("DEV009", 2, 2)]
    assert result["unreported_fixes"] == {"later-train": {"DEV009": 1}} and result["untraced"] == {}
    assert result["misplaced"] == {}
    # Its hunk is reviewed like any fix: listed with --unreviewed, with the line to paste.
    assert bench.main([*args, "--unreviewed"]) == 0
    out = capsys.readouterr().out
    assert "## later-train:2 DEV009" in out and "(apply, pass 2" in out
    assert "\n-from torch.autograd import Variable\n" in out
    assert "| found by check / only by apply (later pass) | 2 / 0 |" in out


ENCODE = textwrap.dedent(
    """\
    import torch


    def encode(text, device):
        ids = [ord(c) for c in text]
        codes = torch.LongTensor(ids)
        codes = codes.to(device)
        return codes
    """
)


def test_a_factory_fixed_only_in_a_later_pass_is_found_by_apply(tmp_path, capsys, in_process):
    # check reports the legacy constructor (DEV009) on line 6, a conversion of data DEV010 leaves to the
    # batch's boundary; once DEV009 spelled it `torch.tensor(ids, ...)`, DEV010 makes it where it is moved
    # (pass 2 or later).
    args = later_pass_row(tmp_path, "P9:6 P10:6", "-", ENCODE)
    assert bench.main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["dev"]
    lines = {line["code"]: line for line in result["rules"]}
    ten = lines["DEV010"]
    assert (ten["found"], ten["found_by_check"], ten["found_by_apply"], ten["fixed"]) == (1, 0, 1, 1)
    assert (ten["later_findings"], ten["later_false_positives"]) == (1, 0)
    assert (lines["DEV009"]["found_by_check"], lines["DEV009"]["found_by_apply"]) == (1, 0)
    (later,) = [f for f in result["unreviewed"] if f["rule"] == "DEV010"]
    assert later["found_by"] == "apply" and later["line"] == 6 and later["pass_number"] >= 2


def test_a_label_only_a_later_pass_fix_matches_is_found_by_apply(tmp_path):
    later_pass_row(tmp_path, "P8:9 P9:5", "-")
    rows = read_manifest(tmp_path / "field" / "manifest.tsv")
    check = Finding("later-train", "DEV009", 5, applies=True, applied=True)
    later = Finding("later-train", "DEV008", 9, applied=True, found_by="apply", pass_number=2)
    stats = rule_stats(match(rows, [check, later]), ("DEV008", "DEV009"))
    assert (stats["DEV008"].found, stats["DEV008"].found_by_check, stats["DEV008"].found_by_apply) == (
        1,
        0,
        1,
    )
    assert (stats["DEV008"].recall, stats["DEV008"].recall_by_check) == (1.0, 0.0)
    assert (stats["DEV009"].found_by_check, stats["DEV009"].found_by_apply) == (1, 0)


def test_a_look_alike_changed_in_a_later_pass_counts_against_precision(tmp_path, capsys, in_process):
    args = later_pass_row(tmp_path, "P9:5", "N9:2")
    assert bench.main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["dev"]
    line = {line["code"]: line for line in result["rules"]}["DEV009"]
    # check's report on the import, and the fix apply's second pass makes there: both on the look-alike
    assert (line["findings"], line["false_positives"], line["on_negatives"]) == (3, 2, 2)
    assert (line["later_findings"], line["later_false_positives"]) == (1, 1)
    assert (line["negatives"], line["negatives_kept"]) == (1, 0)  # edited, though in no check fix
    later = [fp for fp in result["false_positives"] if fp["found_by"] == "apply"]
    assert [(fp["line"], fp["negative"]) for fp in later] == [(2, "N9:2")]


def test_the_place_of_a_later_pass_fix_is_checked_against_the_original(tmp_path):
    from dataclasses import replace

    from autofix.config.settings import Overrides
    from autofix.files.rewrite import rewrite_file

    path = tmp_path / "later.py"
    path.write_text(LATER)
    (fix,) = [f for f in rewrite_file(path, Overrides(unsafe_fixes=True), trace=True).fixes if not f.reported]
    assert field_tool.placed(fix, path)
    assert not field_tool.placed(replace(fix, spans=((None, 5, 5),)), path)  # the import is on line 2


SUPERSEDED = textwrap.dedent(
    """\
    import numpy as np
    import torch

    a = np.zeros(3)
    x = torch.from_numpy(a).float().cuda()
    y = torch.zeros(3).float().cuda()
    """
)


def test_a_superseded_fix_is_charged_to_its_own_line(tmp_path, capsys, in_process):
    # Two DEV007 findings with one message: line 5's fix is applied; line 6's is superseded (DEV010
    # makes it `device="cuda"`, fixed again in a later pass). The superseded note names no line: the
    # traced rewrite says which one it was.
    args = later_pass_row(tmp_path, "P7:5 P7:6", "-", SUPERSEDED)
    assert bench.main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["dev"]
    applied = sorted((f["line"], f["found_by"]) for f in result["unreviewed"] if f["rule"] == "DEV007")
    assert applied == [(5, "check"), (6, "apply")]
