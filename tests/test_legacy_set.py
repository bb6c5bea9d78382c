"""The legacy script set (``legacy/``, issue 28): its shape, its references, its look-alikes.

The set is the yardstick for "runs after migration" (``benchmarks/legacy_runs.py``). Fast tests check
that every folder is well formed and that the benchmark's comparison and failure sorting behave; the
slow ones run every reference and the benchmark itself on one script.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEGACY = ROOT / "legacy"
sys.path.insert(0, str(ROOT))

from benchmarks import legacy_runs  # noqa: E402

FOLDERS = sorted(p for p in LEGACY.iterdir() if p.is_dir())
SCRIPTS = [p for p in FOLDERS if (p / "before.py").exists()]
LOOK_ALIKES = [p for p in FOLDERS if (p / "modern.py").exists()]
# Look-alikes the tool changes today, with the reason: a finding of this set, kept until the rule is fixed.
CHANGED_TODAY: dict[str, str] = {}
ALLOWED_IMPORTS = {"torch", "numpy"} | set(sys.stdlib_module_names)


def _tree(path: Path) -> ast.Module:
    # Python 3.6's grammar: a legacy script may say `.cuda(async=True)`, which 3.7+ cannot parse.
    return ast.parse(path.read_text(), filename=str(path), feature_version=(3, 6))


def _defines_run(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.FunctionDef) and node.name == "run" and not node.args.args for node in tree.body
    )


def test_the_set_is_big_enough():
    assert len(SCRIPTS) >= 30
    assert len(LOOK_ALIKES) >= 6
    assert (LEGACY / "README.md").is_file()


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_folder_holds_a_script_and_its_reference_or_a_look_alike(folder):
    files = sorted(p.name for p in folder.iterdir() if p.name != "__pycache__")
    assert files in (["before.py", "reference.py"], ["modern.py"]), files


@pytest.mark.parametrize("path", sorted(LEGACY.glob("*/*.py")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_file_defines_run_and_needs_only_torch_and_numpy(path):
    tree = _tree(path)
    assert _defines_run(tree), f"{path} has no top-level run() without arguments"
    assert ast.get_docstring(tree), f"{path} has no module docstring saying what it is"
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.split(".")[0])
    assert imported <= ALLOWED_IMPORTS, imported - ALLOWED_IMPORTS


def test_references_and_look_alikes_parse_on_todays_python():
    for path in [p / "reference.py" for p in SCRIPTS] + [p / "modern.py" for p in LOOK_ALIKES]:
        compile(path.read_text(), str(path), "exec")


@pytest.fixture(scope="module")
def look_alikes_after_apply(tmp_path_factory):
    """Every look-alike after one `autofix apply --unsafe-fixes` over copies: name -> changed."""
    work = tmp_path_factory.mktemp("look-alikes")
    for folder in LOOK_ALIKES:
        (work / folder.name).mkdir()
        (work / folder.name / "modern.py").write_bytes((folder / "modern.py").read_bytes())
    command = [sys.executable, "-m", "autofix", "apply", "--unsafe-fixes", "--no-cache", "-q", str(work)]
    done = subprocess.run(command, capture_output=True, text=True)
    assert "error" not in done.stderr, done.stderr
    return {
        f.name: (work / f.name / "modern.py").read_bytes() != (f / "modern.py").read_bytes()
        for f in LOOK_ALIKES
    }


@pytest.mark.parametrize("folder", LOOK_ALIKES, ids=lambda p: p.name)
def test_look_alike_is_unchanged_by_apply_unsafe_fixes(folder, look_alikes_after_apply, request):
    if folder.name in CHANGED_TODAY:
        request.applymarker(pytest.mark.xfail(reason=CHANGED_TODAY[folder.name], strict=True))
    assert not look_alikes_after_apply[folder.name]


def _result(values, shape=None, kind="float"):
    return {"shape": [len(values)] if shape is None else shape, "kind": kind, "values": values}


def test_compare_accepts_rounding_and_rejects_real_differences():
    ref = {"losses.0": _result([2.0]), "losses.1": _result([0.001]), "correct": _result([7], kind="int")}
    assert legacy_runs.compare(dict(ref), ref) == []
    # 1e-7 off a 0.001 loss is rounding on the scale of the loss history (2.0)
    close = dict(ref, **{"losses.1": _result([0.0010001])})
    assert legacy_runs.compare(close, ref) == []
    assert legacy_runs.compare(dict(ref, **{"losses.1": _result([0.0015])}), ref)
    assert legacy_runs.compare(dict(ref, correct=_result([8], kind="int")), ref)
    assert legacy_runs.compare(dict(ref, **{"losses.0": _result([float("nan")])}), ref)
    assert legacy_runs.compare({"losses.0": ref["losses.0"]}, ref)  # a name missing
    assert legacy_runs.compare(dict(ref, correct=_result([7, 7], kind="int")), ref)  # a shape changed


def test_failures_are_sorted_by_the_pattern_behind_them():
    zero_dim = {"type": "IndexError", "message": "invalid index of a 0-dim tensor. Use `tensor.item()`"}
    assert legacy_runs.cause_of(zero_dim).startswith("`x.data[0]`")
    no_cuda = {"type": "AssertionError", "message": "Torch not compiled with CUDA enabled"}
    assert legacy_runs.cause_of(no_cuda) == "hard-coded CUDA on a CPU-only machine"
    syntax = {"type": "SyntaxError", "message": "invalid syntax (x.py, line 3)"}
    assert legacy_runs.cause_of(syntax).startswith("does not parse")
    assert legacy_runs.cause_of({"type": "ZeroDivisionError", "message": "division by zero"}) == (
        "ZeroDivisionError: division by zero"
    )
    assert legacy_runs.cause_of(None) == ""


def test_markdown_section_is_replaced_in_place_and_appended_when_absent(tmp_path):
    doc = tmp_path / "field.md"
    doc.write_text("# Field\n\nintro\n\n## Later section\n\nkept\n")
    legacy_runs.write_section(doc, legacy_runs.SECTION + "\n\nfirst\n")
    assert doc.read_text().endswith(legacy_runs.SECTION + "\n\nfirst\n")
    doc.write_text(doc.read_text() + "\n## After\n\nalso kept\n")
    legacy_runs.write_section(doc, legacy_runs.SECTION + "\n\nsecond\n")
    text = doc.read_text()
    assert "first" not in text and "second" in text
    assert text.count(legacy_runs.SECTION) == 1
    assert "intro" in text and "## Later section\n\nkept" in text and "## After\n\nalso kept" in text


def test_markdown_section_keeps_the_marker_of_the_generated_section_after_it(tmp_path):
    doc = tmp_path / "field.md"
    other = "<!-- field-migrate:start -->\n## Drivers\n\ntable\n<!-- field-migrate:end -->\n"
    doc.write_text(legacy_runs.SECTION + "\n\nold\n" + other)
    legacy_runs.write_section(doc, legacy_runs.SECTION + "\n\nnew\n")
    assert doc.read_text() == legacy_runs.SECTION + "\n\nnew\n\n" + other


@pytest.mark.slow
@pytest.mark.parametrize("folder", SCRIPTS, ids=lambda p: p.name)
def test_reference_runs_on_the_cpu_and_returns_a_dict(folder, monkeypatch):
    path = folder / "reference.py"
    monkeypatch.setattr(sys, "argv", [str(path)])  # module-level argparse sees the script's defaults
    monkeypatch.chdir(folder)
    spec = importlib.util.spec_from_file_location(f"legacy_reference_{folder.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.run()
    assert isinstance(result, dict) and result


@pytest.mark.slow
def test_benchmark_end_to_end_on_a_script_that_already_runs(tmp_path):
    out = tmp_path / "runs.json"
    env = dict(os.environ, OMP_NUM_THREADS="1")
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "legacy_runs.py"),
        "--only",
        "gan_1d",
        "-q",
        "--json",
        str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    script = data["scripts"][0]
    assert script["reference"]["cpu"]["ok"] and script["reference"]["emulated"]["match"]
    # gan_1d runs unchanged on today's PyTorch: every variant must run and match on both devices
    for variant in ("original", "apply", "migrate"):
        for mode in ("cpu", "emulated"):
            assert script["variants"][variant]["runs"][mode]["match"], (variant, mode)
    assert data["totals"]["original"]["matches"] == 1


def test_a_saved_run_renders_the_same_table_again():
    ok = legacy_runs.Run(True, results={"loss": _result([1.0])}, match=True)
    crash = legacy_runs.Run(
        False,
        error={
            "type": "IndexError",
            "message": "invalid index of a 0-dim tensor",
            "where": {"line": 3, "code": "total += loss.data[0]"},
        },
    )
    script = legacy_runs.Script("toy", "legacy", {"cpu": ok, "emulated": ok})
    for name, run in (("original", crash), ("apply", ok), ("migrate", crash)):
        changed = name != "original"
        runs = {"cpu": run, "emulated": run}
        script.variants[name] = legacy_runs.Variant(name, changed, 0, [], {"DEV008": 1}, runs)
    again = legacy_runs.Script.from_json(json.loads(json.dumps(script.to_json())))
    modes = ("cpu", "emulated")
    table = legacy_runs.table([script], modes, markdown=True)
    assert legacy_runs.table([again], modes, markdown=True) == table
    assert legacy_runs.totals([again], "apply", modes)["matches"] == 1
    assert legacy_runs.totals([again], "migrate", modes)["runs_cpu"] == 0
    assert "line 3" in legacy_runs.first_problem(again, "migrate", modes)
