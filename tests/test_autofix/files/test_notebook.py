"""Notebooks: code cells read as one program, IPython syntax masked, JSON written back in its own format."""

from __future__ import annotations

import json

import pytest

from autofix.files.notebook import _program, lint_and_fix_notebook
from codemods import all_rules

SETUP = (
    "import torch\n%matplotlib inline\ndevice = torch.device('cuda' if torch.cuda.is_available() else 'cpu')"
)
MODEL = "model = torch.nn.Linear(4, 2).to(device)\n!nvidia-smi\nmodel?"
LOOP = "for x, y in loader:\n    # forward\n    loss = torch.nn.functional.mse_loss(model(x), y)"
LOOP_FIXED = (
    "for x, y in loader:\n    x, y = x.to(device), y.to(device)\n    # forward\n"
    "    loss = torch.nn.functional.mse_loss(model(x), y)"
)
TIMED = "%%time\nfor x, y in loader:\n    model(x)"


def cell(source, cell_type="code", as_list=True, number=None):
    body = source.splitlines(keepends=True) if as_list else source
    if cell_type == "markdown":
        return {"cell_type": "markdown", "id": f"md{len(source)}", "metadata": {}, "source": body}
    return {
        "cell_type": "code",
        "execution_count": number,
        "id": f"c{number}",
        "metadata": {"scrolled": True},
        "outputs": [{"name": "stdout", "output_type": "stream", "text": ["ünïcode output ✓\n"]}],
        "source": body,
    }


def notebook(*cells, language="python"):
    return {
        "cells": list(cells),
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": language, "name": "python3"},
            "language_info": {"name": language, "version": "3.11.4"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def jupyter_bytes(document):
    """What Jupyter (nbformat) writes: indent 1, sorted keys, UTF-8 as is, final newline."""
    return (json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


TRAINING = notebook(
    cell("# Training\nSome *markdown* with `model(x)`.", "markdown"),
    cell(SETUP, number=1),
    cell(MODEL, number=2),
    cell("files = !ls data\nprint(len(files))", number=3),
    cell(TIMED, number=4),
    cell(LOOP, number=5),
)


@pytest.fixture
def training(tmp_path):
    path = tmp_path / "train.ipynb"
    path.write_bytes(jupyter_bytes(TRAINING))
    return path


def test_check_names_the_cell_and_knows_earlier_cells(training, run_cli):
    code, out, err = run_cli("check", "train.ipynb", cwd=training.parent)
    assert code == 1, err
    # The device and the model come from cells 2 and 3; the loop is cell 6 (the markdown cell counts).
    assert out.startswith("train.ipynb:cell 6:1:1: DEV001 ")
    assert "DEV001" in out and out.count("\n") == 1


def test_apply_rewrites_only_the_cell_source(training, run_cli):
    before = training.read_bytes()
    code, _, err = run_cli("apply", "train.ipynb", cwd=training.parent)
    assert code == 0, err
    after = json.loads(training.read_bytes())
    expected = json.loads(before)
    expected["cells"][5]["source"] = LOOP_FIXED.splitlines(keepends=True)
    assert after == expected  # outputs, metadata, execution counts, ids, magics: all as they were
    assert training.read_bytes() == jupyter_bytes(expected)  # same format: indent 1, sorted keys
    # Idempotent: nothing left to do, and the bytes stay.
    assert run_cli("apply", "--check", "train.ipynb")[0] == 0
    assert run_cli("apply", "train.ipynb")[0] == 0
    assert training.read_bytes() == jupyter_bytes(expected)


def test_diff_names_the_cell_and_writes_nothing(training, run_cli):
    before = training.read_bytes()
    code, out, _ = run_cli("apply", "--diff", "train.ipynb", cwd=training.parent)
    assert code == 1
    assert "--- a/train.ipynb:cell 6\n+++ b/train.ipynb:cell 6\n" in out
    assert "+    x, y = x.to(device), y.to(device)\n" in out
    assert training.read_bytes() == before


def test_magics_are_neither_parsed_nor_changed(tmp_path):
    document = notebook(
        cell(SETUP, number=1),
        cell(
            "model = torch.nn.Linear(4, 2).cuda()\n!pip install \\\n    torch\nx = !ls\n%time y = model(x)",
            number=2,
        ),
        cell("for i in range(2):\n    !echo {i}\n    %time model.cuda()\nhelp(model)\nmodel??", number=3),
        cell("%%bash\nfor f in *; do echo $f; done", number=4),
        cell(TIMED, number=5),
    )
    data = jupyter_bytes(document)
    result = lint_and_fix_notebook("nb.ipynb", data, all_rules(), fix=True, unsafe_fixes=True)
    assert result.new_data is not None
    fixed = json.loads(result.new_data)
    sources = ["".join(c["source"]) for c in fixed["cells"]]
    assert "cuda" not in sources[1].split("\n")[0]  # DEV007 fixed the plain Python line ...
    for kept in ("!pip install \\\n    torch\n", "x = !ls\n", "%time y = model(x)"):
        assert kept in sources[1]  # ... and left the IPython lines alone
    assert "    !echo {i}\n    %time model.cuda()\n" in sources[2] and sources[2].endswith("model??")
    assert sources[3:] == ["".join(c["source"]) for c in document["cells"][3:]]


def test_unchanged_notebook_is_byte_identical(tmp_path, run_cli):
    path = tmp_path / "clean.ipynb"
    document = notebook(cell("import torch\nx = torch.zeros(3)", number=1))
    path.write_bytes(jupyter_bytes(document))
    stamp = path.stat().st_mtime_ns
    assert run_cli("apply", "clean.ipynb", cwd=tmp_path)[0] == 0
    assert path.read_bytes() == jupyter_bytes(document) and path.stat().st_mtime_ns == stamp


@pytest.mark.parametrize(
    "dump",
    [
        lambda d: json.dumps(d, indent=2, ensure_ascii=True),  # key order as given, escaped, no newline
        lambda d: json.dumps(d, indent="\t", ensure_ascii=False) + "\n",
        lambda d: json.dumps(d) + "\n",
        lambda d: json.dumps(d, separators=(",", ":")),
    ],
    ids=["indent2-ascii", "tabs", "compact", "minified"],
)
def test_the_notebook_s_own_json_format_is_kept(tmp_path, run_cli, dump):
    path = tmp_path / "nb.ipynb"
    path.write_text(dump(TRAINING), encoding="utf-8")
    assert run_cli("apply", "nb.ipynb", cwd=tmp_path)[0] == 0
    expected = json.loads(dump(TRAINING))
    expected["cells"][5]["source"] = LOOP_FIXED.splitlines(keepends=True)
    assert path.read_text(encoding="utf-8") == dump(expected)


def test_a_format_that_cannot_be_reproduced_is_refused(tmp_path, run_cli):
    path = tmp_path / "nb.ipynb"
    text = (
        jupyter_bytes(TRAINING).decode().replace('"version": "3.11.4"', '"version": "3.11.4", "ratio": 1.50')
    )
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("apply", "nb.ipynb", cwd=tmp_path)
    assert code == 2
    assert (
        err.count("\n") == 2
        and "nb.ipynb: error: left untouched: its JSON formatting cannot be reproduced" in err
    )
    assert path.read_text(encoding="utf-8") == text
    assert run_cli("check", "nb.ipynb")[0] == 1  # reading it is fine


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"cells": [', "not a valid notebook: invalid JSON at line 1"),
        ('{"cells": {}, "nbformat": 4}', "not a valid notebook: no list of cells"),
        ('{"cells": [], "nbformat": 3}', "unsupported notebook format 3"),
        (
            '{"cells": [{"cell_type": "code", "source": 5}], "nbformat": 4}',
            "not a valid notebook: cell 1 has no source text",
        ),
    ],
)
def test_an_invalid_notebook_gets_one_line(tmp_path, run_cli, content, message):
    path = tmp_path / "bad.ipynb"
    path.write_text(content)
    code, out, err = run_cli("apply", "bad.ipynb", cwd=tmp_path)
    assert code == 2 and out == ""
    assert err.startswith(f"bad.ipynb: error: {message}")
    assert err.count("\n") == 2  # the error and the summary
    assert path.read_text() == content


def test_a_syntax_error_names_its_cell(tmp_path, run_cli):
    path = tmp_path / "nb.ipynb"
    path.write_bytes(jupyter_bytes(notebook(cell("import torch", number=1), cell("x = (\n", number=2))))
    code, _, err = run_cli("check", "nb.ipynb", cwd=tmp_path)
    assert code == 2 and "syntax error in cell 2 at line 1, column 5: " in err


def test_folder_walk_includes_notebooks(training, run_cli):
    (training.parent / "script.py").write_text("import torch\n")
    code, out, err = run_cli("check", ".", cwd=training.parent)
    assert "2 files scanned" in err and "train.ipynb:cell 6:" in out


def test_other_languages_are_left_alone(tmp_path, run_cli):
    path = tmp_path / "r.ipynb"
    data = jupyter_bytes(notebook(cell(LOOP, number=1), language="R"))
    path.write_bytes(data)
    assert run_cli("apply", "r.ipynb", cwd=tmp_path)[0] == 0 and path.read_bytes() == data


def test_stdin_notebook(training, run_cli):
    data = training.read_bytes()
    code, out, _ = run_cli("apply", "--stdin-filename", "train.ipynb", "-", cwd=training.parent, stdin=data)
    assert code == 0
    assert json.loads(out)["cells"][5]["source"] == LOOP_FIXED.splitlines(keepends=True)


def test_json_output_gives_cell_relative_positions_and_edits(training, run_cli):
    code, out, _ = run_cli("check", "--output-format", "json", "train.ipynb", cwd=training.parent)
    (finding,) = json.loads(out)
    assert (finding["cell"], finding["line"], finding["end_line"]) == (6, 1, 3)
    (edit,) = finding["fix"]["edits"]
    lines = LOOP.splitlines(keepends=True)
    assert (
        edit["line"] == 2
        and edit["column"] == 1
        and edit["content"] == "    x, y = x.to(device), y.to(device)\n"
    )
    assert lines[edit["line"] - 1].startswith("    # forward")


def test_a_fix_may_move_a_statement_into_a_later_cell_as_in_a_script():
    document = notebook(
        cell(
            "import torch\nmodel = torch.nn.Linear(4, 2)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)",
            number=1,
        ),
        cell(
            "device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')\nmodel.to(device)",
            number=2,
        ),
    )
    result = lint_and_fix_notebook("nb.ipynb", jupyter_bytes(document), all_rules(), fix=True)
    sources = ["".join(c["source"]) for c in json.loads(result.new_data)["cells"]]
    assert sources == [
        "import torch\nmodel = torch.nn.Linear(4, 2)",
        "device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')\nmodel.to(device)\n"
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)",
    ]


def test_json_edits_of_a_fix_across_cells_each_name_their_cell(tmp_path, run_cli):
    first = (
        "import torch\nmodel = torch.nn.Linear(4, 2)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)"
    )
    second = "device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')\nmodel.to(device)"
    (tmp_path / "nb.ipynb").write_bytes(
        jupyter_bytes(notebook(cell(first, number=1), cell(second, number=2)))
    )
    _, out, _ = run_cli("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path)
    (finding,) = [f for f in json.loads(out) if f["code"] == "DEV005"]
    sources = {1: first + "\n", 2: second + "\n"}
    for edit in sorted(finding["fix"]["edits"], key=lambda e: (e["cell"], e["line"]), reverse=True):
        lines = sources[edit["cell"]].splitlines(keepends=True) + [""]
        start = sum(map(len, lines[: edit["line"] - 1])) + edit["column"] - 1
        end = sum(map(len, lines[: edit["end_line"] - 1])) + edit["end_column"] - 1
        sources[edit["cell"]] = sources[edit["cell"]][:start] + edit["content"] + sources[edit["cell"]][end:]
    assert {e["cell"] for e in finding["fix"]["edits"]} == {1, 2}
    assert sources == {
        1: "import torch\nmodel = torch.nn.Linear(4, 2)\n",
        2: second + "\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n",
    }


def test_a_fix_that_moves_a_cell_boundary_or_a_magic_is_refused():
    from autofix.files.notebook import _split
    from autofix.files.source import SourceError

    document = notebook(
        cell("import torch\n!ls\nx = 1", number=1), cell("y = 2", number=2), cell("z = 3", number=3)
    )
    program = _program(document)
    assert _split(program.text, program) == ["import torch\n!ls\nx = 1", "y = 2", "z = 3"]
    lines = program.text.splitlines(keepends=True)
    marker_1, marker_2 = (i for i, line in enumerate(lines) if line.startswith("__autofix_cell_"))
    mask = next(i for i, line in enumerate(lines) if line.startswith("pass  # "))
    broken = {
        "swapped markers": _swap(lines, marker_1, marker_2),
        "removed marker": lines[:marker_2] + lines[marker_2 + 1 :],
        "indented marker": lines[:marker_1] + ["    " + lines[marker_1]] + lines[marker_1 + 1 :],
        "removed magic": lines[:mask] + lines[mask + 1 :],
        "magic moved to another cell": _swap(lines, mask, marker_1 + 1),
    }
    for what, text in broken.items():
        with pytest.raises(SourceError, match="left untouched"):
            _split("".join(text), program)
            pytest.fail(what)


def _swap(lines, i, j):
    lines = list(lines)
    lines[i], lines[j] = lines[j], lines[i]
    return lines


def test_automagic_lines_are_masked_and_look_alike_python_is_not():
    magic = "pip install torchviz\ncd data\nmatplotlib inline\ntime model(x)\n"
    python = "ls -la\ntime = 3\nrun if ok else skip\nmatplotlib\n"
    document = notebook(
        cell("import torch\n" + magic + "model = torch.nn.Linear(4, 2).cuda()", number=1),
        cell("torch.manual_seed(0)\n" + python, number=2),
    )
    assert [len(cell.masks) for cell in _program(document).cells] == [4, 0]
    result = lint_and_fix_notebook(
        "nb.ipynb", jupyter_bytes(document), all_rules(), fix=True, unsafe_fixes=True
    )
    sources = ["".join(c["source"]) for c in json.loads(result.new_data)["cells"]]
    assert magic in sources[0] and ".cuda()" not in sources[0]
    assert sources[1] == "torch.manual_seed(0)\n" + python
