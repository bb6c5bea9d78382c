"""``autofix migrate --smoke CMD``: a project's script run before and after its migration, on each device.

The fast tests run scripts that never import torch (a run takes a tenth of a second); the two marked slow
run real legacy training scripts under torch (about 5 s a run on two shared cores).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from autofix.config.settings import ConfigError, load
from autofix.migrate import smoke
from autofix.migrate.smoke import (
    BROKE,
    CPU,
    DIFFERS,
    EMULATED,
    FIXED,
    SAME,
    STILL_FAILING,
    SmokeRun,
    SmokeSettings,
    check_command,
    compare_output,
    parse_output,
    prove_root,
    verdict,
)

PY = sys.executable


@pytest.fixture(autouse=True)
def _git_identity(monkeypatch):
    for key, value in (
        ("GIT_AUTHOR_NAME", "Test"),
        ("GIT_AUTHOR_EMAIL", "t@example.com"),
        ("GIT_COMMITTER_NAME", "Test"),
        ("GIT_COMMITTER_EMAIL", "t@example.com"),
    ):
        monkeypatch.setenv(key, value)


@pytest.fixture
def two_devices(monkeypatch):
    """The CPU and the emulated GPU, without importing torch to ask about a real one."""
    monkeypatch.setattr(smoke, "devices", lambda: [CPU, EMULATED])


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def _tree(path: Path) -> dict[str, bytes]:
    """Every file under ``path`` but git's own (a new branch adds objects there)."""
    files = sorted(p for p in path.rglob("*") if p.is_file() and ".git" not in p.relative_to(path).parts)
    return {str(p.relative_to(path)): p.read_bytes() for p in files}


# -- comparing what two runs printed


def test_numbers_are_compared_with_a_tolerance_and_text_is_ignored_by_default():
    same = compare_output("loss 0.50000 acc 91\n", "Loss: 0.500001, accuracy 91.0\n", rtol=1e-4, atol=1e-6)
    assert same == ""
    differs = compare_output("epoch 1 loss 0.5\n", "epoch 1 loss 0.6\n", rtol=1e-4, atol=1e-6)
    assert differs.startswith("number 2: 0.5 before, 0.6 after")
    assert compare_output("1 2 3", "1 2", rtol=0, atol=0) == "3 numbers printed before, 2 after"
    # Near zero the absolute tolerance decides.
    assert compare_output("0.00000000", "1e-9", rtol=1e-4, atol=1e-6) == ""
    assert compare_output("0.00000000", "1e-3", rtol=1e-4, atol=1e-6) != ""


def test_a_number_printed_with_fewer_digits_matches_what_rounds_to_it():
    # tensor(0.4206) against loss.item(): the same value, printed at another precision.
    assert compare_output("loss tensor(0.4206)", "loss 0.4206455945968628", rtol=1e-6, atol=0) == ""
    assert compare_output("loss tensor(0.4206)", "loss 0.4207455945968628", rtol=1e-6, atol=0) != ""
    assert compare_output("1.5e-03", "0.00149", rtol=1e-6, atol=0) == ""
    # An integer claims no rounding: 3 steps are not 3.4 steps.
    assert compare_output("steps 3", "steps 3.4", rtol=1e-6, atol=0) != ""


def test_exact_text_compares_the_words_around_the_numbers():
    before, after = "Variable containing 0.5\n", "tensor 0.5\n"
    assert compare_output(before, after, rtol=1e-4, atol=0, text="ignore") == ""
    message = compare_output(before, after, rtol=1e-4, atol=0, text="exact")
    assert message == "text differs at word 1: 'Variable' before, 'tensor' after"


def test_addresses_device_indices_and_digits_in_names_are_text_not_numbers():
    printed = parse_output("<Net at 0x7f3a9c> conv1 MseLossBackward0 tensor(0.25, device='cuda:0') nan")
    values = [n for n, _, _ in printed.numbers]
    assert values[0] == 0.25 and values[1] != values[1] and len(values) == 2  # 0.25 and nan
    assert "<address>" in printed.words and "conv1" in printed.words
    # Two runs' addresses differ; the comparison does not see it even word for word.
    assert compare_output("m at 0x1 2.0", "m at 0xffee 2.0", rtol=0, atol=0, text="exact") == ""


def test_ignored_lines_are_left_out_of_both_outputs():
    before = "epoch 1 loss 0.5\ntook 1.23 s\n"
    after = "epoch 1 loss 0.5\ntook 9.87 s\n"
    assert compare_output(before, after, rtol=1e-4, atol=0) != ""
    assert compare_output(before, after, rtol=1e-4, atol=0, ignore=[r"^took "]) == ""


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ((1, ""), (0, "x 1\n"), FIXED),
        ((0, "x 1\n"), (0, "x 1.0\n"), SAME),
        ((0, "x 1\n"), (0, "x 2\n"), DIFFERS),
        ((0, "x 1\n"), (1, ""), BROKE),
        ((0, "x 1\n"), (None, ""), BROKE),  # timed out after
        ((1, ""), (2, ""), STILL_FAILING),
        ((0, ""), (0, ""), SAME),  # nothing printed: the exit status is the output
    ],
)
def test_verdicts(before, after, expected):
    runs = [SmokeRun(code, 0.1, out, "") for code, out in (before, after)]
    assert verdict(*runs, SmokeSettings())[0] == expected


def test_a_text_difference_under_the_ignore_policy_is_noted():
    runs = [SmokeRun(0, 0.1, out, "") for out in ("Variable 0.5\n", "tensor 0.5\n")]
    assert verdict(*runs, SmokeSettings()) == (
        SAME,
        "text differs at word 1: 'Variable' before, 'tensor' after (ignored)",
    )


# -- checking commands before anything runs


def test_check_command_finds_missing_programs_and_scripts(tmp_path):
    (tmp_path / "train.py").write_text("print(1)\n")
    assert check_command(f"{PY} train.py --epochs 1", tmp_path) is None
    assert check_command(f"EPOCHS=1 {PY} -u train.py", tmp_path) is None
    assert check_command(f"{PY} -m pkg.train", tmp_path) is None
    assert check_command("no-such-program-xyz train.py", tmp_path) == "command not found: no-such-program-xyz"
    assert check_command(f"{PY} tran.py", tmp_path) == f"no file tran.py in {tmp_path}"
    assert check_command("./run.sh", tmp_path).startswith("command not found: ./run.sh")
    assert check_command("python 'train.py", tmp_path).startswith("cannot read the command")


def test_smoke_commands_in_the_configuration(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nsmoke = ["python train.py --epochs 1"]\n')
    assert load(tmp_path / "pyproject.toml").smoke == ("python train.py --epochs 1",)
    (tmp_path / "pyproject.toml").write_text('[tool.autofix]\nsmoke = "python train.py"\n')
    with pytest.raises(ConfigError, match="smoke must be a list of strings"):
        load(tmp_path / "pyproject.toml")


# -- running


SCRIPT = textwrap.dedent(
    """\
    import os, random, sys
    # What one run writes, the next never sees: every run has a fresh copy.
    if os.path.exists("out.txt"):
        sys.exit("out.txt left by an earlier run")
    open("out.txt", "w").write("x")
    print("cwd has train.py:", os.path.exists("train.py"))
    print("seeded:", random.random(), os.environ.get("EXTRA"))
    print("value", VALUE)
    """
)


def _versions(tmp_path: Path, before_value: str, after_value: str) -> tuple[Path, Path]:
    paths = []
    for name, value in (("before", before_value), ("after", after_value)):
        folder = tmp_path / name / "proj"
        folder.mkdir(parents=True)
        (folder / "train.py").write_text(SCRIPT.replace("VALUE", value))
        paths.append(folder)
    return paths[0], paths[1]


def test_runs_happen_in_fresh_copies_with_the_seed_and_environment(tmp_path, two_devices):
    before, after = _versions(tmp_path, "1.0", "1.00001")
    settings = SmokeSettings(env=(("EXTRA", "given"),))
    proof = prove_root("proj", [f"{PY} train.py"], before, after, settings)
    assert [(r.device, r.verdict) for r in proof.results] == [(CPU, SAME), (EMULATED, SAME)]
    out = proof.results[0].after.stdout
    assert "cwd has train.py: True" in out and "given" in out
    assert "seeded: 0.844421851525" in out  # random.seed(0)
    assert not (before / "out.txt").exists() and not (after / "out.txt").exists()
    data = smoke.as_json(proof, settings)
    assert data["passed"] and data["after_across_devices"][0]["same_output"]
    assert smoke.summary(data) == "2 runs: 2 same output"


def test_fixed_broke_and_differs(tmp_path, two_devices):
    before, after = _versions(tmp_path, "undefined_name", "2.0")
    proof = prove_root("proj", [f"{PY} train.py"], before, after, SmokeSettings())
    assert {r.verdict for r in proof.results} == {FIXED}
    assert proof.results[0].before.why() == "NameError: name 'undefined_name' is not defined"
    assert proof.passed
    proof = prove_root("proj", [f"{PY} train.py"], after, before, SmokeSettings())
    assert {r.verdict for r in proof.results} == {BROKE} and not proof.passed
    other = tmp_path / "other" / "proj"
    other.mkdir(parents=True)
    (other / "train.py").write_text(SCRIPT.replace("VALUE", "3.0"))
    proof = prove_root("proj", [f"{PY} train.py"], after, other, SmokeSettings())
    assert {r.verdict for r in proof.results} == {DIFFERS}
    assert proof.results[0].difference.startswith("number 2: 2 before, 3 after")


def test_a_run_past_its_time_limit_is_killed_and_said(tmp_path, two_devices):
    before, after = _versions(tmp_path, "1", "1")
    (after / "train.py").write_text("import time\ntime.sleep(30)\n")
    settings = SmokeSettings(timeout=0.5)
    proof = prove_root("proj", [f"{PY} train.py"], before, after, settings)
    assert {r.verdict for r in proof.results} == {BROKE}
    assert proof.results[0].after.state(settings.timeout) == "timed out after 0.5 s"
    assert proof.results[0].after.seconds < 10


# -- through `autofix migrate`


LEGACY_SCRIPT = textwrap.dedent(
    """\
    import torch

    model = torch.nn.Linear(3, 1).cuda()
    print("steps", 3)
    """
)


def test_bad_smoke_commands_stop_the_migration_before_anything_is_written(tmp_path, run_cli):
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "train.py").write_text(LEGACY_SCRIPT)
    code, _, err = run_cli("migrate", "proj", "--smoke", "no-such-program-xyz train.py", cwd=tmp_path)
    assert code == 2
    assert (
        err.strip()
        == "proj: error: smoke command 'no-such-program-xyz train.py': command not found: no-such-program-xyz"
    )
    code, _, err = run_cli("migrate", "proj", "--smoke", f"{PY} main.py", cwd=tmp_path)
    assert code == 2 and f"smoke command '{PY} main.py': no file main.py in proj" in err
    assert (proj / "train.py").read_text() == LEGACY_SCRIPT
    for option, value, message in (
        ("--smoke-env", "NOEQUALS", "'NOEQUALS': write NAME=VALUE"),
        ("--smoke-ignore", "(", "not a regular expression"),
        ("--smoke-seed", "x", "a whole number or none"),
        ("--smoke-timeout", "0", "--smoke-timeout"),
    ):
        code, _, err = run_cli("migrate", "proj", "--smoke", f"{PY} train.py", option, value, cwd=tmp_path)
        assert code == 2 and message in err, (option, err)
        assert "Traceback" not in err
    assert (proj / "train.py").read_text() == LEGACY_SCRIPT


def test_a_root_too_large_to_copy_is_refused_before_anything_is_written(tmp_path, run_cli, monkeypatch):
    monkeypatch.setattr("autofix.harness.sandbox.MAX_COPY_BYTES", 10)
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "train.py").write_text(LEGACY_SCRIPT)
    code, _, err = run_cli("migrate", "proj", "--smoke", f"{PY} train.py", cwd=tmp_path)
    assert code == 2
    assert err.strip().endswith(
        "proj: error: smoke not run: proj holds over 0 MB: too much to copy for each run; nothing migrated"
    )
    assert (proj / "train.py").read_text() == LEGACY_SCRIPT


def test_configured_smoke_runs_and_what_is_left_for_a_human(tmp_path, run_cli, two_devices):
    """Without --smoke the root's [tool.autofix] smoke commands run; the unsafe fix left is listed."""
    proj = tmp_path / "proj"
    proj.mkdir()
    # A switch stuck on: DEV007's fix for it is unsafe (a placement that raised would be a safe fix).
    (proj / "train.py").write_text("import torch\n\nUSE_CUDA = True\nprint('steps', 3)\n")
    (proj / "count.py").write_text("print('items', 3, 'mean', 0.25)\n")
    (proj / "pyproject.toml").write_text(f'[tool.autofix]\nsmoke = ["{PY} count.py"]\n')
    code, out, err = run_cli(
        "migrate", "proj", "--report", "r.json", "--report", "r.md", "--report", "r.txt", cwd=tmp_path
    )
    assert code == 0, err
    root = json.loads((tmp_path / "r.json").read_text())["roots"][0]
    assert [(r["device"], r["verdict"]) for r in root["smoke"]["runs"]] == [(CPU, SAME), (EMULATED, SAME)]
    assert [(f["location"], f["code"], f["fix"]) for f in root["remaining"]] == [
        ("proj/train.py:3:1", "DEV007", "unsafe")
    ]
    assert "Left for a human in proj (1):\n  proj/train.py:3:1: DEV007" in out
    markdown = (tmp_path / "r.md").read_text()
    assert "### Smoke runs: 2 runs: 2 same output" in markdown
    assert f"| {PY} count.py | emulated-cuda | yes | yes | yes |" in markdown
    assert "- `proj/train.py:3:1`: DEV007" in markdown
    text = (tmp_path / "r.txt").read_text()
    assert "smoke runs, before and after" in text and "proj/train.py:3:1: DEV007" in text


READS_ITS_SOURCE = textwrap.dedent(
    """\
    import sys

    if "--never" in sys.argv:  # the legacy code is never run, so torch is never imported
        import torch
        from torch.autograd import Variable

        x = Variable(torch.zeros(3))
    print("legacy spelling", 1 if "Var" + "iable(" in open(__file__).read() else 0)
    """
)


def test_output_that_differs_after_the_migration_fails_it(tmp_path, run_cli, two_devices):
    """A script that reads its own source sees the rewrite: it prints another number after (exit 1)."""
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "train.py").write_text(READS_ITS_SOURCE)
    code, out, err = run_cli(
        "migrate", "proj", "--smoke", f"{PY} train.py", "--report", "r.json", cwd=tmp_path
    )
    assert code == 1, err
    runs = json.loads((tmp_path / "r.json").read_text())["roots"][0]["smoke"]["runs"]
    assert [r["verdict"] for r in runs] == [DIFFERS, DIFFERS]
    assert runs[0]["difference"].startswith("number 1: 1 before, 0 after")
    assert "Variable(" not in (proj / "train.py").read_text()  # migrated in place, as without --smoke
    assert "output differs" in out


def test_a_script_that_still_fails_is_left_for_a_human_at_its_line(tmp_path, run_cli, two_devices):
    """The last traceback frame in the project's own files (here a helper, not the script) is named."""
    proj = tmp_path / "proj"
    (proj / "pkg").mkdir(parents=True)
    (proj / "pkg" / "__init__.py").write_text("")
    (proj / "pkg" / "data.py").write_text("def batches():\n    return 1 / 0\n")
    (proj / "train.py").write_text("import json\nfrom pkg.data import batches\n\nbatches()\n")
    code, out, err = run_cli(
        "migrate", "proj", "--smoke", f"{PY} train.py", "--report", "r.json", cwd=tmp_path
    )
    assert code == 0, err  # still failing: not made worse by the migration
    root = json.loads((tmp_path / "r.json").read_text())["roots"][0]
    runs = root["smoke"]["runs"]
    assert [r["verdict"] for r in runs] == [STILL_FAILING, STILL_FAILING]
    assert runs[0]["after"]["state"] == "exit 1: ZeroDivisionError: division by zero (at pkg/data.py:2)"
    assert [(f["location"], f["code"], f["message"]) for f in root["remaining"]] == [
        (
            "proj/pkg/data.py:2",
            "SMOKE",
            f"`{PY} train.py` fails after the migration on cpu, emulated-cuda: exit 1: ZeroDivisionError:"
            " division by zero",
        )
    ]
    assert "proj/pkg/data.py:2: SMOKE" in out


LEGACY_TRAINING = textwrap.dedent(
    """\
    import torch
    from torch.autograd import Variable

    x = Variable(torch.randn(16, 3))
    y = Variable(torch.randn(16, 1))
    model = torch.nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(3):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        print("step", step, "loss", loss.data[0])
    """
)
MODERN_EVAL = "import torch\n\nprint('norm', torch.randn(4, 4).norm().item())\n"


@pytest.mark.slow
def test_smoke_on_a_branch_proves_the_migration_and_leaves_the_tree_alone(tmp_path, run_cli):
    """A legacy script that crashes on today's torch runs after; a modern one prints the same numbers."""
    pytest.importorskip("torch")
    repo = tmp_path / "proj"
    repo.mkdir()
    (repo / "train.py").write_text(LEGACY_TRAINING)
    (repo / "evaluate.py").write_text(MODERN_EVAL)
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "init")
    tree = _tree(repo)
    code, out, err = run_cli(
        "migrate",
        "proj",
        "--branch",
        "autofix/migrate",
        "--smoke",
        f"{PY} train.py",
        "--smoke",
        f"{PY} evaluate.py",
        "--report",
        "r.json",
        cwd=tmp_path,
    )
    assert code == 0, err
    assert _tree(repo) == tree  # the checkout: not a byte written, not a file left behind
    root = json.loads((tmp_path / "r.json").read_text())["roots"][0]
    runs = {(r["command"].split()[-1], r["device"]): r for r in root["smoke"]["runs"]}
    devices = [CPU, EMULATED] + (["cuda"] if len(runs) == 6 else [])
    for device in devices:
        train = runs["train.py", device]
        assert (train["ran_before"], train["runs_after"], train["verdict"]) == (False, True, FIXED)
        assert "IndexError: invalid index of a 0-dim tensor" in train["before"]["state"]
        assert train["after"]["stdout_tail"].count("loss") == 3
        assert runs["evaluate.py", device]["verdict"] == SAME
    # Under the emulated GPU each run's copies and syncs are counted (none: the script stays on the CPU).
    counts = runs["train.py", EMULATED]["after"]["emulated_gpu_counts"]
    assert counts == "copies host→device 0, device→host 0, device→device 0; host syncs 0 (1 process)"
    assert runs["train.py", CPU]["after"]["emulated_gpu_counts"] is None
    # On the CPU and the emulated GPU the migrated script prints the same losses.
    assert root["smoke"]["after_across_devices"][0]["same_output"]
    message = _git(repo, "log", "-1", "--format=%B", "autofix/migrate")
    assert f"{PY} train.py [cpu]: ran before: no; runs after: yes; fixed" in message
    assert f"{PY} evaluate.py [emulated-cuda]: ran before: yes; runs after: yes; same output" in message
    assert "before: exit 1: IndexError: invalid index of a 0-dim tensor" in message
    # A folder is a project: no file of it takes `Variable` from `train.py`, so its unused import goes
    # under safe fixes too (a file alone keeps it: another module may take it with `import *`).
    assert "Left for a human: 0 findings" in message
    migrated = _git(repo, "show", "autofix/migrate:train.py")
    assert "Variable" not in migrated and "import torch\n" in migrated
