"""The engine's contract with rules: overlapping fixes, passes until stable, suppression, errors."""

from __future__ import annotations

import libcst as cst
import pytest

from autofix.engine.lint import MAX_PASSES, lint_and_fix
from autofix.files.source import SourceError, decode
from codemods.core.base import FixSafety, Rule
from tests import ROOT


class RenameCalls(Rule):
    """Test rule: `old(...)` -> `new(...)`."""

    code, name, summary, fix_safety, triggers = "TST001", "rename-calls", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "old":
                self.report(call, "old call", edits={call: call.with_changes(func=cst.Name("new"))})


class DropStatements(Rule):
    """Test rule: a statement that calls `old` is replaced by `pass` (it encloses RenameCalls' fix)."""

    code, name, summary, fix_safety, triggers = "TST000", "drop", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        for line in self.tree.of_type(self.tree.root, cst.SimpleStatementLine):
            if "old(" in cst.Module([]).code_for_node(line) and "keep" not in cst.Module([]).code_for_node(
                line
            ):
                self.report(line, "drop", edits={line: line.with_changes(body=[cst.Pass()])})


class NeverSettles(Rule):
    code, name, summary, fix_safety, triggers = "TST002", "never", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        for name in self.tree.of_type(self.tree.root, cst.Name):
            if name.value.startswith("x"):
                self.report(name, "grow", edits={name: name.with_changes(value=name.value + "x")})
                return


def test_overlapping_fixes_wait_and_superseded_ones_are_reported():
    source = "import torch\ny = old(old(1))\nz = old(2)  # keep\n"
    outcome = lint_and_fix(source, [DropStatements, RenameCalls], fix=True)
    assert outcome.new_text == "import torch\npass\nz = new(2)  # keep\n"
    assert outcome.applied == {"TST000": 1, "TST001": 1}
    # The two renames inside the dropped statement could not be applied with it, and are gone after.
    assert outcome.dropped == ["TST001 (old call) was superseded by an overlapping fix"] * 2


def test_nested_fixes_of_one_rule_all_land_over_passes():
    outcome = lint_and_fix("import torch\ny = old(old(old(1)))\n", [RenameCalls], fix=True)
    assert outcome.new_text == "import torch\ny = new(new(new(1)))\n"
    assert outcome.applied["TST001"] == 3 and outcome.dropped == []


class RenameNew(Rule):
    """Test rule: `new(...)` -> `newer(...)`; RenameCalls' fixes create its findings without saying so."""

    code, name, summary, fix_safety, triggers = "TST004", "rename-new", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        PASSES.append(self.code)
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "new":
                self.report(call, "new call", edits={call: call.with_changes(func=cst.Name("newer"))})


class CountedRename(RenameCalls):
    def check(self) -> None:
        PASSES.append(self.code)
        super().check()


class FeedingRename(CountedRename):
    feeds = ("TST004",)


PASSES: list[str] = []  # the rules run, in order, by the counting test rules


def test_a_pass_between_the_first_and_the_last_runs_only_the_rules_with_fixes_pending():
    PASSES.clear()
    outcome = lint_and_fix("import torch\ny = old(old(1))\n", [CountedRename, RenameNew], fix=True)
    assert outcome.new_text == "import torch\ny = newer(newer(1))\n"
    assert PASSES == [
        "TST001",
        "TST004",  # every rule: the outer `old` renamed, the inner one waits (it overlaps)
        "TST001",  # the rule with a fix waiting: the inner `old`
        "TST001",
        "TST004",  # nothing waits and nothing is fed: every rule; the outer `new`, the inner waits
        "TST004",  # the inner `new`
        "TST001",
        "TST004",  # every rule, on the text returned: nothing left
    ]


class SharedCure(Rule):
    """Test rule: every `use(flag)` is cured by one fix, `flag = True` -> `flag = probe()`, which each
    `use` offers as well as the assignment (the very same edits)."""

    code, name, summary, fix_safety, triggers = "TST005", "shared", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        cure: dict[cst.CSTNode, cst.CSTNode] = {}
        for assign in self.tree.of_type(self.tree.root, cst.Assign):
            if isinstance(assign.value, cst.Name) and assign.value.value == "True":
                cure = {assign.value: cst.Call(cst.Name("probe"))}
                self.report(assign, "stuck", edits=cure)
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if cure and isinstance(call.func, cst.Name) and call.func.value == "use":
                self.report(call, "cured by the switch", edits=cure)


def test_findings_offering_one_fix_are_applied_together_once():
    outcome = lint_and_fix("import torch\nflag = True\nuse(flag)\nuse(flag)\n", [SharedCure], fix=True)
    assert outcome.new_text == "import torch\nflag = probe()\nuse(flag)\nuse(flag)\n"
    assert outcome.applied == {"TST005": 3}
    assert outcome.dropped == []  # none waited for a later pass, so none was superseded


def test_the_rules_a_fix_feeds_run_in_the_next_pass():
    PASSES.clear()
    outcome = lint_and_fix("import torch\ny = old(old(1))\n", [FeedingRename, RenameNew], fix=True)
    assert outcome.new_text == "import torch\ny = newer(newer(1))\n"
    assert PASSES == [
        "TST001",
        "TST004",  # every rule: the outer `old` renamed, the inner one waits
        "TST001",
        "TST004",  # the waiting rule and the one its fixes feed: the inner `old`; the outer `new` waits
        "TST004",  # the outer `new`; the inner one waits
        "TST004",  # the inner `new`
        "TST001",
        "TST004",  # every rule, on the text returned
    ]
    assert outcome.applied == {"TST001": 2, "TST004": 2}


def test_a_partial_pass_with_nothing_to_apply_is_completed_by_the_other_rules():
    PASSES.clear()
    # The renames inside the dropped statement wait, then are gone: the pass that runs RenameCalls alone
    # finds nothing to apply, so RenameNew runs on the same text, and finds the `new` the first pass made.
    outcome = lint_and_fix(
        "import torch\ny = old(old(1))\nz = old(2)  # keep\n",
        [DropStatements, CountedRename, RenameNew],
        fix=True,
    )
    assert outcome.new_text == "import torch\npass\nz = newer(2)  # keep\n"
    assert PASSES == ["TST001", "TST004", "TST001", "TST004", "TST001", "TST004"]
    assert outcome.dropped == ["TST001 (old call) was superseded by an overlapping fix"] * 2


def test_fixes_that_never_settle_are_an_error():
    with pytest.raises(SourceError, match=f"did not settle after {MAX_PASSES} passes"):
        lint_and_fix("import torch\nx = 1\n", [NeverSettles], fix=True)


def test_files_without_torch_are_not_parsed():
    # Not even a syntax error is reported: the file is not ours to look at.
    assert lint_and_fix("def broken(:\n", [RenameCalls], fix=True).new_text is None


def test_a_torch_free_file_that_may_choose_the_gpu_is_read_by_the_rules_that_say_so():
    from autofix.engine.lint import parsed_for
    from autofix.files.source import worth_parsing
    from codemods import rules_by_code

    rules = list(rules_by_code().values())
    config = 'parser.add_argument("--device", default="cuda")\n'
    assert [rule.code for rule in parsed_for(config, rules)] == ["DEV007"]
    assert worth_parsing(config.encode())
    # Another framework's CUDA, and a GPU named only in prose: not read at all.
    for text in ("from numba import cuda\nUSE_CUDA = True\n", "# trains on one GPU\nx = 1\n"):
        assert parsed_for(text, rules) == []
        assert not worth_parsing(text.encode())
    assert lint_and_fix("from numba import cuda\nDEVICE = 'cuda'\n", rules, fix=True).diagnostics == []


def test_code_libcst_parses_but_python_refuses_is_a_syntax_error():
    # libcst's grammar takes bytes concatenated with a str literal; its node validation (and Python) refuse it.
    with pytest.raises(SourceError, match="^syntax error: Cannot concatenate string and bytes"):
        lint_and_fix("import torch\ns = b'a' 'b'\n", [RenameCalls], fix=True)


def test_suppressed_findings_are_not_fixed():
    source = "import torch\na = old(1)  # autofix: ignore[TST001]\nb = old(2)  # noqa: TST0\nc = old(3)\n"
    outcome = lint_and_fix(source, [RenameCalls], fix=True)
    assert outcome.new_text == source.replace("old(3)", "new(3)")


def test_a_form_feed_does_not_move_a_suppression_to_another_line():
    # str.splitlines ends a line at a form feed; Python, libcst and the positions printed do not.
    source = "import torch\n\x0c\na = old(1)  # noqa: TST001\nb = old(2)\n"
    outcome = lint_and_fix(source, [RenameCalls], fix=True)
    assert outcome.new_text == source.replace("old(2)", "new(2)")


def test_diagnostics_describe_the_original_file():
    outcome = lint_and_fix("import torch\n\nvalue = old(1)\n", [RenameCalls], fix=True)
    [diagnostic] = outcome.diagnostics
    assert (diagnostic.line, diagnostic.column, diagnostic.code) == (3, 9, "TST001")


@pytest.mark.parametrize(
    "data, encoding, bom",
    [
        (b"x = 1\n", "utf-8", False),
        (b"\xef\xbb\xbfx = 1\r\n", "utf-8", True),
        ("# -*- coding: latin-1 -*-\nx = 'é'\n".encode("latin-1"), "iso-8859-1", False),
    ],
)
def test_decode_round_trips(data, encoding, bom):
    source = decode(data)
    assert (source.encoding, source.bom) == (encoding, bom)
    assert source.encode(source.text) == data


def test_decode_refuses_binary_and_bad_bytes():
    with pytest.raises(SourceError, match="binary"):
        decode(b"\x00\x01")
    with pytest.raises(SourceError, match="cannot decode"):
        decode(b"x = '\xff'\n")


def test_on_the_corpus_the_schedule_gives_what_running_every_rule_every_pass_gives(monkeypatch):
    # ... on the whole module each time.
    # Not a law (a fix found a pass later may meet different neighbours), but what the corpus, the field
    # files and timm show, and the check that the schedule only saves work.

    import autofix.engine.lint as engine
    from codemods import all_rules
    from tests.helpers import corpus_runs

    texts = corpus_runs.texts()
    scheduled = corpus_runs.plain_runs()  # the engine's run, shared with other tests of the corpus
    monkeypatch.setattr(engine, "_next_rules", lambda rules, active, chosen, deferred: active)
    monkeypatch.setattr(engine, "_focus", lambda tree, held: None)
    every_pass = [lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True) for text in texts]
    assert len(texts) > 90
    for one, other in zip(scheduled, every_pass):
        assert (one.new_text, one.applied, one.dropped) == (other.new_text, other.applied, other.dropped)


class Enable(Rule):
    """Test rule: `disable()` -> `enable()`, a fact about the module that SitesRename reads."""

    code, name, summary, fix_safety, triggers = "TST005", "enable", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "disable":
                self.report(call, "disabled", edits={call: call.with_changes(func=cst.Name("enable"))})


class SitesRename(Rule):
    """Test rule: renames `old(...)` at its sites, once the module calls `enable()` somewhere."""

    code, name, summary, fix_safety, triggers = "TST006", "sites", "", FixSafety.SAFE, ("torch",)

    def check(self) -> None:
        PASSES.append(self.code + (" focused" if self.context.focus is not None else ""))
        calls = self.tree.of_type(self.tree.root, cst.Call)  # the fact: read on the whole module
        if not any(isinstance(c.func, cst.Name) and c.func.value == "enable" for c in calls):
            return
        for call in self.sites(cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "old":
                self.report(call, "old call", edits={call: call.with_changes(func=cst.Name("new"))})


def test_a_rule_that_looked_at_the_changed_statements_only_runs_on_the_whole_module_last():
    PASSES.clear()
    source = "import torch\ndisable()\ny = old(old(1))\n"
    outcome = lint_and_fix(source, [Enable, SitesRename], fix=True)
    assert outcome.new_text == "import torch\nenable()\ny = new(new(1))\n"
    assert PASSES == [
        "TST006",  # the first pass, on the whole module: nothing is enabled yet
        "TST006 focused",  # the `enable()` statement only: no `old` there
        "TST006",  # so the last pass looks at the whole module: the outer `old`, the inner waits
        "TST006 focused",  # the statement with the fix waiting: the inner `old`
        "TST006 focused",
        "TST006",  # nothing left there, nor anywhere
    ]


def _comparable(findings, tree):
    from codemods.core.codegen import code_for_node

    def text(replacement):
        if isinstance(replacement, cst.FlattenSentinel):
            return tuple(code_for_node(node) for node in replacement.nodes)
        return "removed" if isinstance(replacement, cst.RemovalSentinel) else code_for_node(replacement)

    return {
        (
            f.code,
            f.message,
            id(f.node),
            f.safety,
            tuple((id(k), text(v)) for k, v in f.edits.items()),
        ): tree.top_level(f.node)
        for f in findings
    }


@pytest.mark.slow
def test_a_focused_run_finds_what_a_whole_run_finds_in_the_focus(monkeypatch):
    """The contract of ``Rule.sites``, on every pass over the corpus: a rule that looks only at the
    changed statements finds there what it finds on the whole module, and nothing it would not."""
    from dataclasses import replace

    import autofix.engine.lint as engine
    from codemods import all_rules

    real = engine._check
    compared: list[str] = []

    def both(context, rules, narrowed=None):
        found = real(context, rules, narrowed)
        if context.focus is not None:
            whole = _comparable(real(replace(context, focus=None), rules), context.tree)
            focused = _comparable(found, context.tree)
            assert set(focused) <= set(whole)
            focus = {id(top) for top in context.focus}
            assert {key for key, top in whole.items() if id(top) in focus} <= set(focused)
            compared.extend(rule.code for rule in rules)
        return found

    monkeypatch.setattr(engine, "_check", both)
    corpus = sorted(ROOT.glob("corpus/*/*/before.py"))
    texts = [p.read_text().replace("from __future__ import annotations\n", "") for p in corpus]
    for text in [*texts, "".join(texts)]:  # each file, and all of them in one module
        lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
    assert {"DEV007", "DEV009", "DEV010"} <= set(compared)


def test_every_pass_gives_the_rules_the_text_of_the_module_they_read(monkeypatch):
    """``RuleContext.source`` is the code of ``RuleContext.module`` on every pass (the first, those in
    between, the last) over the corpus, legacy scripts and the corpus as one module: rules search the
    text instead of generating the module's code (DEV007's multi-GPU test did, every pass)."""
    import autofix.engine.lint as engine
    from codemods import all_rules

    real = engine._check
    passes: list[int] = []
    # The engine checks each rule on its own with one context: a module and its text, both immutable,
    # are compared once (held here, so that no other pair can take their ids).
    compared: dict[tuple[int, int], tuple[cst.Module, str]] = {}

    def checked(context, rules, narrowed=None):
        pair = (id(context.module), id(context.source))
        if pair not in compared:
            assert context.source == context.module.code
            compared[pair] = (context.module, context.source)
        passes.append(context.focus is not None)
        return real(context, rules, narrowed)

    monkeypatch.setattr(engine, "_check", checked)
    corpus = [p.read_text() for p in sorted(ROOT.glob("corpus/*/*/before.py"))]
    legacy = [p.read_text() for p in sorted(ROOT.glob("legacy/**/*.py"))]
    one_module = "".join(t.replace("from __future__ import annotations\n", "") for t in corpus)
    for text in [*corpus, *legacy, one_module]:
        try:
            lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
        except SourceError:
            pass  # refused: what it read before the refusal was checked
    assert True in passes and False in passes
    assert len(compared) > len(corpus) + len(legacy)  # a module per pass, the first passes' at least


@pytest.mark.slow
def test_a_run_leaves_no_cyclic_garbage_of_this_projects_code():
    """lint_and_fix turns the cycle collector off (``engine._collector_paused``): what it makes must be
    freed by reference counting. A recursive closure is a cycle that keeps what it saw, nodes of trees
    already replaced included, until the collector runs: every corpus file, fixed and with its findings'
    edits, leaves no node, no object of this project's classes and no function of its code to collect."""
    import gc
    import types

    from codemods import all_rules

    ours = ("autofix", "codemods")
    corpus = sorted(ROOT.glob("corpus/*/*/before.py"))
    gc.collect()
    flags = gc.get_debug()
    gc.set_debug(gc.DEBUG_SAVEALL)  # the collector keeps what it finds in gc.garbage, for a look
    try:
        for path in corpus:
            lint_and_fix(path.read_text(), all_rules(), fix=True, unsafe_fixes=True, want_edits=True)
        gc.collect()
        kept = [
            o
            for o in gc.garbage
            if isinstance(o, cst.CSTNode)
            or type(o).__module__.startswith(ours)
            or isinstance(o, types.FunctionType)
            and (o.__module__ or "").startswith(ours)
        ]
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
    assert not kept, sorted({getattr(o, "__qualname__", type(o).__qualname__) for o in kept})[:10]


@pytest.mark.parametrize(
    "ending",
    [
        " ",
        "\t",
        "  \f",
        "\n ",
        "\n\n   ",
        "\n \n",
        "\n\n \n\n",
        "\n\t\n \n",
        "\n\n",
        "  \n#a\n    \n \t\t \t\n\t\t\n\t\t\t\t  \n#b",
        "\n \t\n\t\n#b\n",
    ],
)
def test_trailing_blank_lines_with_spaces_are_kept_and_the_file_still_fixed(ending):
    """libcst loses blank lines before a last line of spaces (``x = 1\\n\\n \\n`` comes back ``x = 1\\n \\n``):
    the file was refused by the round-trip guard (found by the long property run). Those lines are set
    aside and put back."""
    from codemods import all_rules

    for newline in ("\n", "\r\n"):
        source = (
            f"import torch{newline}def f():{newline}    return torch.zeros(3).cuda(){newline}"
            f"{ending.replace(chr(10), newline)}"
        )
        fixed = lint_and_fix(source, all_rules(), fix=True, unsafe_fixes=True)
        assert fixed.new_text is not None and fixed.new_text.endswith(ending.replace("\n", newline))
        assert lint_and_fix(fixed.new_text, all_rules(), fix=True, unsafe_fixes=True).new_text is None
        linted = lint_and_fix(source, all_rules(), fix=False, want_edits=True)
        assert [d.line for d in linted.diagnostics] == [d.line for d in fixed.diagnostics]


def test_the_trailing_lines_search_from_the_last_code_line_finds_what_a_whole_search_finds():
    """The search for the blank and comment lines that end a file starts at its last line of code (a
    search from every line break cost 1 % of a check of timm): the same match, on generated endings."""
    import random

    from autofix.engine import lint

    lines = ["x = 1", "", " ", "\t", "# c", "  # c ", "\\", "y", "#", "\f", "'#'", "  \f# c"]
    randoms = random.Random(30)
    for _ in range(20_000):
        text = "".join(
            randoms.choice(lines) + randoms.choice(["\n", "\r\n", "\r"]) for _ in range(randoms.randint(0, 7))
        )
        text += randoms.choice(["", *lines])
        whole = lint._TRAILING_LINES.search(text)
        tail = lint._TRAILING_LINES.search(text, lint._last_code_line(text))
        assert (whole and (whole.start(), whole.group(1))) == (tail and (tail.start(), tail.group(1))), text


def test_the_bracket_depth_screen_says_what_counting_bracket_by_bracket_says():
    """``screen._deep_brackets`` takes the running depth's maximum in C; counted one bracket at a time (as
    it was), with a stop past the limit, the answer is the same on random bracket strings."""
    import random

    from autofix.engine import screen

    def counted(text: str) -> bool:
        depth = 0
        for bracket in text:
            depth += 1 if bracket in "([{" else -1 if bracket in ")]}" else 0
            if depth > 200:
                return True
        return False

    randoms = random.Random(30)
    answers = set()
    for _ in range(1_000):
        opening = randoms.random()
        text = "".join(
            randoms.choice("([{" if randoms.random() < opening else ")]} x")
            for _ in range(randoms.randint(0, 900))
        )
        answers.add(counted(text))
        assert screen._deep_brackets(text) == counted(text), text
    assert answers == {True, False}


class SpellWithTorch(Rule):
    """Test rule: `zeros(n)` (imported from torch) -> `torch.zeros(n)`, as rules spell what they write."""

    code, name, summary, fix_safety, triggers = "TST009", "spell", "", FixSafety.SAFE, ("zeros",)

    def check(self) -> None:
        for call in self.tree.of_type(self.tree.root, cst.Call):
            if isinstance(call.func, cst.Name) and call.func.value == "zeros":
                spelled = cst.Attribute(cst.Name("torch"), cst.Name("zeros"))
                self.report(call, "spell", edits={call: call.with_changes(func=spelled)})


@pytest.mark.parametrize(
    "before, after",
    [
        # The fix spells `torch.zeros` in a file that binds no `torch`: it gets the import after its own.
        (
            '"""Doc."""\nfrom torch import zeros\nimport numpy as np\n\nx = zeros(3)\n',
            '"""Doc."""\nfrom torch import zeros\nimport numpy as np\nimport torch\n\nx = torch.zeros(3)\n',
        ),
        # `from torch.nn import Linear` does not bind `torch`; `import torch.nn` does.
        (
            "from torch.nn import Linear\nfrom torch import zeros\nx = zeros(3)\n",
            "from torch.nn import Linear\nfrom torch import zeros\nimport torch\nx = torch.zeros(3)\n",
        ),
        (
            "import torch.nn\nfrom torch import zeros\nx = zeros(3)\n",
            "import torch.nn\nfrom torch import zeros\nx = torch.zeros(3)\n",
        ),
        # Already read unbound (a notebook's other cell, a star import may bind it): left as it reads.
        (
            "from torch import zeros\nx = zeros(3)\ntorch.manual_seed(0)\n",
            "from torch import zeros\nx = torch.zeros(3)\ntorch.manual_seed(0)\n",
        ),
        (
            "from utils import *\nfrom torch import zeros\nx = zeros(3)\n",
            "from utils import *\nfrom torch import zeros\nx = torch.zeros(3)\n",
        ),
        # `torch` imported inside a function only is not the module-level name the fix reads.
        (
            "from torch import zeros\ndef f():\n    import torch\n    return torch.ones(1)\nx = zeros(3)\n",
            "from torch import zeros\nimport torch\ndef f():\n    import torch\n    return torch.ones(1)\n"
            "x = torch.zeros(3)\n",
        ),
        # `import torch` late in a script does not bind it yet where the fix spells it above.
        (
            "from torch import zeros\nx = zeros(3)\nimport torch\nprint(torch.__name__)\n",
            "from torch import zeros\nimport torch\nx = torch.zeros(3)\nimport torch\nprint(torch.__name__)\n",
        ),
        (
            "from torch import zeros\nif True:\n    x = zeros(3)\ntry:\n    import torch\nexcept ImportError:\n    pass\n",
            "from torch import zeros\nimport torch\nif True:\n    x = torch.zeros(3)\ntry:\n    import torch\n"
            "except ImportError:\n    pass\n",
        ),
        # A function may be called before the late import runs: the import is added at the top.
        (
            "from torch import zeros\ndef f():\n    return zeros(3)\nprint(f())\nimport torch\n",
            "from torch import zeros\nimport torch\ndef f():\n    return torch.zeros(3)\nprint(f())\nimport torch\n",
        ),
        # A default argument and a decorator run when the `def` does.
        (
            "from torch import zeros\ndef g(v=zeros(1)):\n    return v\nimport torch\n",
            "from torch import zeros\nimport torch\ndef g(v=torch.zeros(1)):\n    return v\nimport torch\n",
        ),
        # An import under an `if`, in an `except`, a `for` or a `with` may not run.
        (
            "import sys\nfrom torch import zeros\nif len(sys.argv) > 5:\n    import torch\ny = zeros(2)\n",
            "import sys\nfrom torch import zeros\nimport torch\nif len(sys.argv) > 5:\n    import torch\ny = torch.zeros(2)\n",
        ),
        (
            "from torch import zeros\ntry:\n    import numpy\nexcept ImportError:\n    import torch\ndef f():\n    return zeros(3)\n",
            "from torch import zeros\nimport torch\ntry:\n    import numpy\nexcept ImportError:\n    import torch\ndef f():\n"
            "    return torch.zeros(3)\n",
        ),
        (
            "from torch import zeros\nfor _ in range(0):\n    import torch\ndef f():\n    return zeros(3)\nf()\n",
            "from torch import zeros\nimport torch\nfor _ in range(0):\n    import torch\ndef f():\n    return torch.zeros(3)\nf()\n",
        ),
        # An unconditional `import torch` in the opening imports binds it everywhere below.
        (
            "import torch\nfrom torch import zeros\ndef f():\n    return zeros(3)\n",
            "import torch\nfrom torch import zeros\ndef f():\n    return torch.zeros(3)\n",
        ),
    ],
)
def test_a_fix_that_spells_torch_gets_it_imported(before, after):
    outcome = lint_and_fix(before, [SpellWithTorch], fix=True)
    assert outcome.new_text == after
    assert lint_and_fix(after, [SpellWithTorch], fix=True).new_text is None


@pytest.mark.parametrize(
    "text",
    [
        "from torch import zeros\ndef make(torch):\n    return zeros(3)\n",  # a parameter
        "from torch import zeros\ndef make():\n    torch = 'cpu'\n    return zeros(3), torch\n",  # a local
        "from torch import zeros\nclass Box:\n    torch = 5\n    w = zeros(3)\n",  # a class attribute
        "from torch import zeros\nimport numpy as np\ntorch = np\nx = zeros(3)\n",  # rebound at the top
        "from torch import zeros\nfrom utils import torch\nx = zeros(3)\n",  # another module's `torch`
        "import torch as T\nfrom torch import zeros\ndef f(T):\n    return zeros(3)\n",  # `T` shadowed
    ],
)
def test_a_fix_is_not_spelled_with_a_torch_that_is_another_name_there(text):
    class SpellWithModule(SpellWithTorch):
        def check(self) -> None:
            name = self.aliases.module_name_for("torch") or "torch"
            for call in self.tree.of_type(self.tree.root, cst.Call):
                if isinstance(call.func, cst.Name) and call.func.value == "zeros":
                    spelled = cst.Attribute(cst.Name(name), cst.Name("zeros"))
                    self.report(call, "spell", edits={call: call.with_changes(func=spelled)})

    outcome = lint_and_fix(text, [SpellWithModule], fix=True)
    assert outcome.new_text is None
    (diagnostic,) = outcome.diagnostics
    assert "is another name here than the module `torch`" in diagnostic.message
    assert not diagnostic.fixable


def test_a_class_attribute_named_torch_is_not_seen_from_its_methods():
    text = "import torch\nfrom torch import zeros\nclass Box:\n    torch = 5\n    def f(self):\n        return zeros(3)\n"
    outcome = lint_and_fix(text, [SpellWithTorch], fix=True)
    assert outcome.new_text == text.replace("return zeros(3)", "return torch.zeros(3)")


@pytest.mark.parametrize(
    "text",
    [
        "from torch.cuda import FloatTensor\nx = FloatTensor([1, 2])\n",
        "from torch import cuda\nx = cuda.LongTensor([1, 2])\n",
    ],
)
def test_the_rules_read_the_torch_import_the_engine_adds(text):
    """DEV009 writes `torch.tensor(..., device="cuda")` in a file that binds no `torch`; the engine adds
    the import as a pass of its own, so that DEV007 then makes the device portable in the same run and a
    second `apply` has nothing to do."""
    from codemods import all_rules

    rules = all_rules()
    fixed = lint_and_fix(text, rules, fix=True).new_text
    assert fixed is not None and "import torch\n" in fixed and 'device="cuda"' not in fixed
    assert lint_and_fix(fixed, rules, fix=True).new_text is None


def test_a_fix_inside_a_match_case_keeps_its_indentation():
    """The passes parse again only the statements they changed, at the indentation of the blocks around
    them; a `match`'s cases are one level in though no block holds them (a probe found the fixed line
    dedented under its `case`, which Python cannot read)."""
    from codemods import all_rules

    text = (
        "import torch\nimport torch.nn.functional as F\n\n\ndef f(x, mode):\n    match mode:\n"
        '        case "a":\n            if x.sum() > 0:\n                y = F.sigmoid(x)\n'
        "        case _:\n                y = F.tanh(x)\n    return y\n"
    )
    fixed = lint_and_fix(text, all_rules(), fix=True).new_text
    assert fixed == text.replace("F.sigmoid", "torch.sigmoid").replace("F.tanh", "torch.tanh")
    compile(fixed, "<fixed>", "exec")
