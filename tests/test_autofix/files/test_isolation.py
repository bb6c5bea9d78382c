"""One file cannot take a run down: crashes, runaway parses and exceptions stay in a worker process.

The pathological files are built here, at test time. Which ones reach libcst's parser was measured
(libcst 1.9.0, CPython 3.11): ``x = ----…1`` (30,000 minus signs) segfaults it in 0.2 s, 5,000 chained
``.abs()`` and 20,000 ``+ 1`` run for over a minute (or segfault); the screen in autofix.engine.screen refuses all
three before parsing. A run of unary minus signs with a comment after each one gets past the screen and
segfaults the parser, which exercises the crash path for real.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import autofix.files.fix_file
from tests.conftest import DOUBLE_INPUT


def _minus_chain(n: int) -> str:
    return "import torch\nx = " + "-" * n + "1\n"


def _abs_chain(n: int) -> str:
    return "import torch\nx = torch.ones(1)" + ".abs()" * n + "\n"


def _plus_chain(n: int) -> str:
    return "import torch\nx = 1" + " + 1" * n + "\n"


def _commented_minus_chain(n: int) -> str:
    """Deep unary nesting the cheap screen does not see: one '-' per line, each followed by a comment."""
    return "import torch\nx = (" + "- # c\n" * n + "1)\n"


def _multiline_plus_chain(n: int) -> str:
    """Slow for libcst (quadratic), shallow enough for the screen: a time-limit case."""
    return "import torch\nx = (1\n" + "+ 1\n" * n + ")\n"


def _error_lines(err: str) -> dict[str, str]:
    return {line.split(": error: ")[0]: line for line in err.splitlines() if ": error: " in line}


def _assert_clean_failure(err: str) -> None:
    assert "Traceback" not in err and "BrokenProcessPool" not in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_deep_files_are_refused_before_parsing(tmp_path, run_cli, jobs):
    (tmp_path / "minus.py").write_text(_minus_chain(30_000))
    (tmp_path / "abs.py").write_text(_abs_chain(5_000))
    (tmp_path / "plus.py").write_text(_plus_chain(20_000))
    (tmp_path / "good.py").write_text(DOUBLE_INPUT)
    start = time.monotonic()
    code, out, err = run_cli("check", "--jobs", jobs, ".", cwd=tmp_path)
    assert time.monotonic() - start < 20
    errors = _error_lines(err)
    assert set(errors) == {"minus.py", "abs.py", "plus.py"}
    assert all("too deeply nested to parse safely" in line for line in errors.values())
    assert out.startswith("good.py:5:5: DEV002")
    assert "4 files scanned" in err and "3 errors" in err
    assert code == 2
    _assert_clean_failure(err)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_segfaulting_file_costs_only_itself(tmp_path, run_cli, jobs):
    (tmp_path / "a_crash.py").write_text(_commented_minus_chain(30_000))
    for i in range(3):
        (tmp_path / f"good{i}.py").write_text(DOUBLE_INPUT)
    code, out, err = run_cli("apply", "--unsafe-fixes", "--jobs", jobs, ".", cwd=tmp_path)
    errors = _error_lines(err)
    assert list(errors) == ["a_crash.py"]
    assert "worker process crashed (SIGSEGV)" in errors["a_crash.py"]
    for i in range(3):  # processed after the crash, by a fresh worker
        assert ".float()" in (tmp_path / f"good{i}.py").read_text()
    assert "4 files scanned; 3 changed" in err and "1 error" in err
    assert code == 2
    _assert_clean_failure(err)


def test_the_default_time_limit_grows_with_the_file(tmp_path, run_cli, monkeypatch):
    """60 s plus 60 s per MB: 204 s for a 2.4 MB file. Here scaled down, so that the slow file times out
    at its size's limit, which the message names."""
    import autofix.files.runner as runner

    assert runner.default_timeout(2_400_000) == pytest.approx(204.0)
    slow = tmp_path / "a_slow.py"
    slow.write_text(_multiline_plus_chain(8_000))
    monkeypatch.setattr(runner, "DEFAULT_TIMEOUT_S", 0.5)
    monkeypatch.setattr(runner, "DEFAULT_TIMEOUT_PER_MB_S", 1.0 / (slow.stat().st_size / 1_000_000))
    code, _, err = run_cli("check", "--jobs", "1", "a_slow.py", cwd=tmp_path)
    assert "a_slow.py: error: timed out after 1.5 s (see --timeout)" in err and code == 2


def test_a_file_over_the_time_limit_is_reported_and_the_run_goes_on(tmp_path, run_cli):
    (tmp_path / "a_slow.py").write_text(_multiline_plus_chain(8_000))
    (tmp_path / "good.py").write_text(DOUBLE_INPUT)
    start = time.monotonic()
    code, out, err = run_cli("check", "--jobs", "1", "--timeout", "1", ".", cwd=tmp_path)
    assert time.monotonic() - start < 15
    assert "a_slow.py: error: timed out after 1 s (see --timeout)" in err
    assert out.startswith("good.py:5:5: DEV002")
    assert code == 2
    _assert_clean_failure(err)


def _raising_process_text(exception: BaseException):
    original = autofix.files.fix_file.process_text

    def process_text(path, data, task, **kwargs):
        if path.endswith("bad.py"):
            raise exception
        return original(path, data, task, **kwargs)

    return process_text


@pytest.mark.parametrize(
    ("exception", "message"),
    [
        (RecursionError("deep"), "too deeply nested to process (RecursionError)"),
        (KeyError("oops"), "internal error: KeyError: 'oops'; please report it"),
    ],
)
def test_an_exception_in_a_worker_is_one_line(tmp_path, run_cli, monkeypatch, exception, message):
    # Workers are forked from this process, so they see the patched function.
    monkeypatch.setattr(autofix.files.fix_file, "process_text", _raising_process_text(exception))
    (tmp_path / "bad.py").write_text(DOUBLE_INPUT)
    (tmp_path / "good.py").write_text(DOUBLE_INPUT)
    code, out, err = run_cli("check", "--jobs", "1", ".", cwd=tmp_path)
    assert f"bad.py: error: {message}" in err
    assert out.startswith("good.py:5:5: DEV002")
    assert code == 2


def _children(pid: int) -> set[int]:
    try:
        return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_the_main_process(tmp_path):
    """SIGKILL gives the main process no chance to stop its workers: the kernel and a watchdog must."""
    (tmp_path / "slow.py").write_text(_multiline_plus_chain(20_000))
    main = subprocess.Popen(
        [sys.executable, "-m", "autofix", "check", "--jobs", "1", "--timeout", "0", "--no-cache", "slow.py"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        workers: set[int] = set()
        while not workers and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = _children(main.pid)
        assert workers, "no worker process started"
        time.sleep(0.3)
        main.send_signal(signal.SIGKILL)
        main.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers)
    finally:
        if main.poll() is None:
            main.kill()
            main.wait()


@pytest.mark.slow
def test_a_star_import_file_is_parsed_in_a_worker(tmp_path):
    """A star import may bring torch in unnamed, so such a file is parsed: never in the main process."""
    (tmp_path / "star.py").write_text("from os.path import *\nx = join('a', 'b')\n")
    done = subprocess.run(
        [sys.executable, "-m", "autofix", "check", "--no-cache", "--jobs", "1", "star.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "AUTOFIX_STATS": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert "worker peak RSS MB: -" not in done.stderr and "worker peak RSS MB: " in done.stderr
