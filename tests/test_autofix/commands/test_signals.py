"""SIGINT and SIGTERM on a real run: files in flight finish, the summary is printed, exit 130 / 143."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import libcst
import pytest

from tests.conftest import DOUBLE_FIXED, DOUBLE_INPUT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
]


def _slow_file(functions: int) -> str:
    # 3,000 small functions keep a worker busy for about two seconds (parse, fix, re-parse).
    return DOUBLE_INPUT + "".join(f"def f_{i}(a):\n    return a * {i}\n" for i in range(functions))


def _workers(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _start(tree: Path, *args: str) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "autofix", "apply", "--unsafe-fixes", "--no-cache", "--jobs", "1", *args, "."],
        cwd=tree,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while not _workers(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _workers(process.pid), "the run never started a worker"
    return process


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except OSError:
        return False


def _make_tree(tmp_path: Path) -> Path:
    for i in range(6):
        (tmp_path / f"slow{i}.py").write_text(_slow_file(2_000))
    return tmp_path


def _check_tree(tree: Path) -> int:
    """Every file is either untouched or completely fixed, and parses; no temporary file is left."""
    fixed = 0
    for path in tree.glob("*.py"):
        text = path.read_text()
        libcst.parse_module(text)
        assert ".double()" in text or ".float()" in text
        fixed += ".float()" in text
    assert not list(tree.glob(".autofix-*"))
    return fixed


@pytest.mark.parametrize(("how", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_finishes_files_in_flight_and_prints_the_summary(tmp_path, how, code):
    tree = _make_tree(tmp_path)
    process = _start(tree)
    workers = _workers(process.pid)
    time.sleep(0.3)
    process.send_signal(how)
    out, err = process.communicate(timeout=60)
    assert process.returncode == code, err
    assert not any(_alive(w) for w in workers), "a worker outlived the run"
    summary = err.strip().splitlines()[-1]
    assert f"interrupted by {how.name}" in summary and "not processed" in summary
    assert "Traceback" not in err
    fixed = _check_tree(tree)
    assert 1 <= fixed < 6  # the file in flight was finished; the others were not started
    assert f"{fixed} changed" in summary


def test_a_second_signal_abandons_the_file_in_flight(tmp_path):
    (tmp_path / "slow.py").write_text(_slow_file(25_000))  # about 15 s
    (tmp_path / "z.py").write_text(DOUBLE_INPUT)
    process = _start(tmp_path, "--timeout", "0")
    time.sleep(0.3)
    start = time.monotonic()
    process.send_signal(signal.SIGINT)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - start < 10
    assert process.returncode == 130, err
    assert "1 abandoned in flight" in err
    assert (tmp_path / "z.py").read_text() == DOUBLE_INPUT
    _check_tree(tmp_path)


def test_stale_temporaries_are_removed_and_live_ones_kept(tmp_path, run_cli):
    import os

    (tmp_path / "train.py").write_text(DOUBLE_INPUT)
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    stale = tmp_path / f".autofix-{int(dead.stdout)}-0a1b2c.tmp"
    stale.write_bytes(b"")
    old_style = tmp_path / ".autofix-k3j4h5g6.tmp"  # from an older version: no pid, an hour old
    old_style.write_bytes(b"")
    live = tmp_path / f".autofix-{os.getppid()}-3d4e5f.tmp"  # a running process's
    live.write_bytes(b"")
    an_hour_ago = time.time() - 3700
    for path in (stale, old_style, live):
        os.utime(path, (an_hour_ago, an_hour_ago))
    code, _, err = run_cli("apply", "--unsafe-fixes", ".", cwd=tmp_path)
    assert code == 0, err
    assert (tmp_path / "train.py").read_text() == DOUBLE_FIXED
    assert not stale.exists() and not old_style.exists()
    assert live.exists()
    assert "1 file scanned" in err  # temporaries are never input


def test_sigkill_during_apply_never_leaves_a_half_written_file(tmp_path):
    """kill -9 at different moments of a run: each file is whole (as read or completely fixed); the next run
    removes what the killed one left (its temporary files) and finishes the job."""
    for i in range(40):
        (tmp_path / f"m{i:02}.py").write_text(_slow_file(150))
    originals = {p.name: p.read_text() for p in tmp_path.glob("*.py")}
    for delay in (0.4, 0.9, 1.5):
        process = _start(tmp_path, "--jobs", "2")
        workers = _workers(process.pid)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(w) for w in workers), "a worker outlived the killed run"
        for path in tmp_path.glob("*.py"):
            text = path.read_text()
            assert text in (originals[path.name], originals[path.name].replace(".double()", ".float()")), path
    done = subprocess.run(
        [sys.executable, "-m", "autofix", "apply", "--unsafe-fixes", "--no-cache", "--jobs", "2", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert _check_tree(tmp_path) == 40  # every file fixed, no temporary file left
