"""Project readings kept in the results cache (``autofix.files.project_cache``).

A warm run of a folder reads no project file for facts; a change to any file it read, a corrupt entry,
or ``--no-cache`` reads the project again, and the findings are those a cold run gives.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import autofix.files.project
import autofix.files.project_names
from autofix.files.cache import Cache
from autofix.files.project_cache import (
    decode_moves,
    decode_names,
    decode_taken,
    encode_moves,
    encode_names,
    encode_taken,
    remembered,
)
from codemods.core.project_names import ProjectNames

# `helper` writes `F` into the main module: the fix of `F.sigmoid` in `main.py` is unsafe in project mode.
HELPER_ROUTE = 'import sys\n\n\ndef install():\n    sys.modules["__main__"].F = None\n'
HELPER_PLAIN = "def install():\n    pass\n"
MAIN = (
    "import torch\nimport torch.nn.functional as F\nimport helper\n\n"
    "helper.install()\nprint(F.sigmoid(torch.randn(3)))\n"
)


class ReadAgain(AssertionError):
    pass


@pytest.fixture
def counted(monkeypatch):
    """How many times each project reading ran; ``forbid()`` makes any further reading fail."""
    calls = {"moves": 0, "taken": 0, "names": 0}
    real = {
        "moves": autofix.files.project.project_moves,
        "taken": autofix.files.project.project_exports,
        "names": autofix.files.project_names.project_names,
    }
    forbidden = [False]

    def wrap(kind):
        def reading(*args):
            if forbidden[0]:
                raise ReadAgain(f"the {kind} reading ran again")
            calls[kind] += 1
            return real[kind](*args)

        return reading

    monkeypatch.setattr(autofix.files.project, "project_moves", wrap("moves"))
    monkeypatch.setattr(autofix.files.project, "project_exports", wrap("taken"))
    monkeypatch.setattr(autofix.files.project_names, "project_names", wrap("names"))
    calls["forbid"] = lambda: forbidden.__setitem__(0, True)  # type: ignore[assignment]
    return calls


def _project(root: Path, helper: str = HELPER_ROUTE) -> Path:
    (root / "proj").mkdir()
    (root / "proj" / "main.py").write_text(MAIN)
    (root / "proj" / "helper.py").write_text(helper)
    return root / "proj"


def test_a_warm_run_of_a_folder_reads_no_project_file_again(tmp_path, run_cli, counted):
    _project(tmp_path)
    cold = run_cli("check", "proj", cwd=tmp_path)
    assert counted["names"] == 1 and "unsafe" in cold[1]
    counted["forbid"]()
    assert run_cli("check", "proj", cwd=tmp_path) == cold


def test_a_changed_file_reads_the_project_again(tmp_path, run_cli, counted):
    project = _project(tmp_path)
    routed = run_cli("check", "proj", cwd=tmp_path)
    (project / "helper.py").write_text(HELPER_PLAIN)
    plain = run_cli("check", "proj", cwd=tmp_path)
    assert counted["names"] == 2
    assert "DEV012" in routed[1] and "unsafe" in routed[1]
    assert "DEV012" in plain[1] and "unsafe" not in plain[1]
    assert plain == run_cli("check", "--no-cache", "proj", cwd=tmp_path)


def test_no_cache_keeps_no_reading(tmp_path, run_cli, counted):
    _project(tmp_path)
    run_cli("check", "--no-cache", "proj", cwd=tmp_path)
    run_cli("check", "--no-cache", "proj", cwd=tmp_path)
    assert counted["names"] == 2
    assert not list(Path(os.environ["AUTOFIX_CACHE_DIR"]).rglob("readings"))


def test_a_corrupt_reading_is_read_again(tmp_path, run_cli, counted):
    _project(tmp_path)
    cold = run_cli("check", "proj", cwd=tmp_path)
    readings = list(Path(os.environ["AUTOFIX_CACHE_DIR"]).rglob("readings/*.json"))
    assert readings
    for entry in readings:
        entry.write_text('{"main.py": {"stars": 7}}')
    again = run_cli("check", "proj", cwd=tmp_path)
    assert counted["names"] == 2
    assert again[:2] == cold[:2]


@pytest.mark.parametrize(
    ("value", "encode", "decode"),
    [
        ({Path("a/train.py"): (("Trainer", ("model", "opt"), ("model",)),)}, encode_moves, decode_moves),
        ({Path("model.py"): ("Net", "build")}, encode_taken, decode_taken),
        (
            {
                Path("main.py"): ProjectNames(
                    stars=(("layers", (("F", "layers.F"), ("nn", "torch.nn"))),),
                    route="`sys.modules` written through",
                    switches_gpu=None,
                    scripts="`jit.py`, which hands modules to `torch.jit.script`",
                )
            },
            encode_names,
            decode_names,
        ),
    ],
)
def test_each_reading_comes_back_as_it_was_kept(tmp_path, value, encode, decode):
    cache = Cache(tmp_path, warn=lambda _: None)
    first = remembered(cache, "kind", [], lambda: value, encode, decode)
    again = remembered(cache, "kind", [], lambda: pytest.fail("read again"), encode, decode)
    assert first == again == value
