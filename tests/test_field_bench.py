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
from benchmarks.field_manifest import COLUMNS, Label, ManifestError, parse_labels, read_manifest
from benchmarks.field_match import Finding, judge, match, rule_stats, total
from benchmarks.field_tool import apply_edits, hunk_of
from field import merge_labels

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
    result = json.loads(capsys.readouterr().out)
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
    matching = match(rows.values(), [Finding("demo-train", "DEV003", 8, applied=True)])
    missed = dict((str(label), rid) for rid, label in matching.missed())
    label = next(label for rid, label in matching.missed() if str(label) == "P10:8")
    assert missed["P10:8"] == "demo-train"
    assert matching.other_rules_on("demo-train", label) == ["DEV003"]
    assert len(matching.false_positives()) == 1  # the DEV003 finding matches no P3 label
