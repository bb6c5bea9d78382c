"""DEV022: the conversion of Python 2 files, form by form, and how the engine treats it (an unsafe text fix)."""

from __future__ import annotations

import textwrap

import pytest

from autofix.engine.lint import lint_and_fix
from autofix.files.source import SourceError
from codemods import all_rules
from codemods.rules.dev014_renamed_torch_api.rule import RenamedTorchApi
from codemods.rules.dev022_python2_syntax import _python2
from codemods.rules.dev022_python2_syntax._python2 import apply_fixes, python2_fixes
from codemods.rules.dev022_python2_syntax.rule import Python2Syntax


def converted(code: str) -> str:
    text = "import torch\n" + textwrap.dedent(code).lstrip("\n")
    fixes = python2_fixes(text)
    assert fixes, "nothing converted"
    return apply_fixes(text, [part for fix in fixes for part in fix.parts]).removeprefix("import torch\n")


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("print x\n", "print(x)\n"),
        ("print 0\nprint\n", "print(0)\nprint()\n"),
        ("print x, y\n", "print(x, y)\n"),
        ("print x,\n", 'print(x, end=" ")\n'),
        ("print 0\nprint >>f, x\n", "print(0)\nprint(x, file=f)\n"),
        ("print 0\nprint >> sys.stderr, x, y,\n", 'print(0)\nprint(x, y, end=" ", file=sys.stderr)\n'),
        ("print 0\nprint >>f\n", "print(0)\nprint(file=f)\n"),
        ("print x  # comment\n", "print(x)  # comment\n"),
        ("print x; y = 1\n", "print(x); y = 1\n"),
        ("print 'a' % (1,\n       2)\n", "print('a' % (1,\n       2))\n"),
        ("print x, \\\n    y\n", "print(x, \\\n    y)\n"),
        ("print x\nprint (a, b)\n", "print(x)\nprint((a, b))\n"),
        ("print x\nprint (a)\nprint()\n", "print(x)\nprint (a)\nprint()\n"),
        ("print x\nprint (a) + b\n", "print(x)\nprint((a) + b)\n"),
        # `print >>f, x`, `print -x` and `print [1]` compile on Python 3 (as a tuple, a subtraction, a
        # subscript): converted only in a file that needs converting.
        ("print 0\nprint -x\n", "print(0)\nprint(-x)\n"),
        ("print 0\nprint [1, 2]\n", "print(0)\nprint([1, 2])\n"),
        ('print "it\'s print x"\n', 'print("it\'s print x")\n'),
        ("while x: print x\n", "while x: print(x)\n"),
        ("print `x`\n", "print(repr(x))\n"),
    ],
)
def test_print_statements(before, after):
    assert converted(before) == after


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("print x\ntry:\n    pass\nexcept (A, B), e:\n    pass\n", "except (A, B) as e:"),
        ("print x\ntry:\n    pass\nexcept A,e:\n    pass\n", "except A as e:"),
        ("print x\nraise ValueError, 'bad %d' % n\n", "raise ValueError('bad %d' % n)\n"),
        ("print x\nif a <> b: pass\n", "if a != b: pass\n"),
        ("print x\nm = 0777\n", "m = 0o777\n"),
        ("print x\nn = 10L + 0x10\n", "n = 10 + 0x10\n"),
        ("print x\nmask = 0xFFFFFFFFL\n", "mask = 0xFFFFFFFF\n"),
        ("print x\ns = UR'a'\n", "s = R'a'\n"),
        ("print x\nexec code\n", "exec(code)\n"),
        ("print x\nimport os, cPickle\n", "import os, pickle as cPickle\n"),
        ("print x\nimport Queue as q\nfrom x import Queue\n", "import queue as q\nfrom x import Queue\n"),
        ("print x\nfrom ConfigParser import ConfigParser\n", "from configparser import ConfigParser\n"),
    ],
)
def test_other_statements_and_tokens(before, after):
    assert after in converted(before)


def test_forms_it_does_not_convert_leave_the_file_refused():
    # `raise E, v, tb` and `exec code in ns` have no one-line Python 3 spelling here: the file stays as it is.
    for code in ("print x\nraise E, v, tb\n", "print x\nexec code in ns\n"):
        assert python2_fixes("import torch\n" + code) == []


def test_strings_comments_and_python3_files_are_never_touched():
    text = 'import torch\nprint (x)\ns = """\nprint x\n\tmixed\n"""  # print y\n'
    assert python2_fixes(text) == []
    assert python2_fixes("import torch\nprint x\ns = 'print y'  # print z\n")[0].parts[1].column == 7


def test_mixed_tabs_are_expanded_to_python_2_columns_outside_strings_and_brackets():
    text = "import torch\nif x:\n        a = [1,\n\t2]\n\tb = '''\n\t'''\n"
    fixes = python2_fixes(text)
    assert [(p.line, p.old, p.new) for f in fixes for p in f.parts] == [(5, "\t", " " * 8)]
    assert apply_fixes(text, [p for f in fixes for p in f.parts]) == (
        "import torch\nif x:\n        a = [1,\n\t2]\n        b = '''\n\t'''\n"
    )


def test_tabs_are_expanded_only_when_the_file_needs_it():
    # Consistent tabs in a Python 2 file: the prints are converted, the tabs stay.
    text = "import torch\nif x:\n\tprint x\n"
    fixes = python2_fixes(text)
    assert apply_fixes(text, [p for f in fixes for p in f.parts]) == "import torch\nif x:\n\tprint(x)\n"


def test_a_file_that_also_has_async_keywords_is_converted():
    text = "import torch\nprint x\ny = x.cuda(async=True)\n"
    outcome = lint_and_fix(text, [Python2Syntax, RenamedTorchApi], fix=True, unsafe_fixes=True)
    assert outcome.new_text == "import torch\nprint(x)\ny = x.cuda(non_blocking=True)\n"


def test_a_file_broken_otherwise_stays_refused_with_pythons_error():
    text = "import torch\nprint x\ndef f(:\n    pass\n"
    assert python2_fixes(text) == []
    with pytest.raises(SourceError):
        lint_and_fix(text, all_rules(), fix=False)


def test_python_3_files_cost_no_compile(monkeypatch):
    calls = []
    monkeypatch.setattr(_python2, "_compiles", lambda text: calls.append(text) or True)
    for text in (
        "import torch\nprint(x)\n# print x\n",
        "import torch\nif x:\n\treturn 1\n",
        "import torch\nif x:\n    y = 1\n\t\n\t# a comment\n",
    ):
        assert python2_fixes(text) == []
    assert calls == []


LEGACY = "import torch\nx = torch.ones(2).cuda()\nprint x\n"


def test_without_unsafe_fixes_nothing_is_written_but_everything_is_reported():
    outcome = lint_and_fix(LEGACY, all_rules(), fix=True)
    assert outcome.new_text is None
    assert outcome.withheld_unsafe["DEV022"] == 1
    assert not outcome.applied
    found = {(d.code, d.line, d.column) for d in outcome.diagnostics}
    assert ("DEV022", 3, 1) in found and any(code == "DEV007" and line == 2 for code, line, _ in found)
    assert all(d.safety == "unsafe" for d in outcome.diagnostics if d.code == "DEV022")


def test_with_unsafe_fixes_the_file_is_converted_and_fixed():
    outcome = lint_and_fix(LEGACY, all_rules(), fix=True, unsafe_fixes=True)
    assert outcome.new_text is not None and "print(x)" in outcome.new_text
    assert outcome.applied["DEV022"] == 1 and outcome.applied["DEV007"]
    compile(outcome.new_text, "<fixed>", "exec")


def test_findings_are_at_their_original_columns_on_a_line_with_expanded_tabs():
    text = "import torch\nif x:\n        a = 1\n\tb = torch.ones(2).cuda()\n"
    outcome = lint_and_fix(text, all_rules(), fix=False, want_edits=True)
    dev007 = next(d for d in outcome.diagnostics if d.code == "DEV007")
    assert (
        dev007.line == 4
        and text.splitlines()[3][dev007.column - 1 :].startswith("torch")
        or (text.splitlines()[3][dev007.column - 1 :].startswith(".cuda"))
    )


def test_one_finding_per_statement_with_all_its_edits():
    outcome = lint_and_fix(
        "import torch\nprint torch.ones(1),\n", [Python2Syntax], fix=False, want_edits=True
    )
    (finding,) = outcome.diagnostics
    assert [(e.line, e.column, e.end_column, e.content) for e in finding.edits] == [
        (2, 1, 7, "print("),
        (2, 20, 21, ', end=" ")'),
    ]


def test_a_python_2_notebook_is_converted_cell_by_cell():
    import json

    from autofix.files.notebook import lint_and_fix_notebook

    cells = [
        ["import torch\n", "%matplotlib inline\n", "print torch.ones(1)"],
        ["for i in xrange(2):\n", "    print i,"],
    ]
    document = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None}
            for s in cells
        ],
        "metadata": {"kernelspec": {"name": "python2", "language": "python", "display_name": "Python 2"}},
        "nbformat": 4,
        "nbformat_minor": 2,
    }
    data = json.dumps(document).encode()
    withheld = lint_and_fix_notebook("nb.ipynb", data, [Python2Syntax], fix=True)
    assert withheld.outcome.withheld_unsafe["DEV022"] == 3 and withheld.new_data is None
    fixed = lint_and_fix_notebook("nb.ipynb", data, [Python2Syntax], fix=True, unsafe_fixes=True)
    sources = ["".join(c["source"]) for c in json.loads(fixed.new_data)["cells"]]
    assert sources == [
        "import torch\n%matplotlib inline\nprint(torch.ones(1))",
        'for i in range(2):\n    print(i, end=" ")',
    ]


def test_next_of_a_generator_of_the_file_is_the_builtin_next():
    code = """
        def batches():
            while True:
                yield 1
        def tally(): return 2
        class Bar:
            def next(self):
                return 3
        data = batches()
        bar = Bar()
        made = tally()
        print data.next(), bar.next(), made.next()
        """
    assert converted(code).endswith("print(next(data), bar.next(), made.next())\n")
    assert "data.next()" in converted(code.replace("made = tally()", "data = tally()"))


def test_dict_views_are_lists_where_python_2_code_needed_one():
    code = """
        print 1
        first = weights.keys()[0]
        mean = np.mean(self.history[name].values())
        for key in weights.keys():
            pass
        names = sorted(weights.keys())
        found = "fc" in weights.keys()
        print weights.items()
        """
    assert converted(code) == textwrap.dedent(
        """\
        print(1)
        first = list(weights.keys())[0]
        mean = np.mean(list(self.history[name].values()))
        for key in weights.keys():
            pass
        names = sorted(weights.keys())
        found = "fc" in weights.keys()
        print(list(weights.items()))
        """
    )
