"""A fork server: imports torch once, then runs each request in a freshly forked process.

Every run still gets a process of its own (a crash, an ``os._exit`` or a hang touches nothing else),
without paying torch's import (about 1.5 s of CPU) per run. The protocol is one JSON line in (a
request for :func:`autofix.harness.child.execute`, plus ``timeout`` and ``log``), one JSON line out:
``{"status": "exited", "code": 0}``, ``{"status": "signal", "signal": 11}`` or
``{"status": "timeout"}``. The forked process leads its own process group, so a timeout kills
whatever it started too.
"""

from __future__ import annotations

import importlib
import json
import os
import select
import signal
import sys
import time
from typing import Any

import torch  # noqa: F401 - imported once here, inherited by every fork

from autofix.harness import child

# Imported lazily by common code (an optimizer's first step imports torch._dynamo: about a second
# and 800 modules), so imported here once instead of in every fork. Only imports: no tensor
# operation runs before the fork, so no thread pool exists to be forked.
_WARM = (
    "torch._dynamo",
    "torch.optim",
    "torch.utils.data",
    "torch.profiler",
    "numpy",
    "autofix.harness.emulated_cuda",
)


def _in_child(request: dict[str, Any]) -> None:
    code = 0
    try:
        os.setpgid(0, 0)
        log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        sys.stdin = open(os.devnull)
        child.execute(request)
    except BaseException:  # a harness failure: say so in the log, exit non-zero
        import traceback

        traceback.print_exc()
        code = 70
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


def _wait(pid: int, timeout: float) -> dict[str, Any]:
    if not _exited_in_time(pid, timeout):
        _kill_group(pid)
        os.waitpid(pid, 0)
        return {"status": "timeout"}
    _, status = os.waitpid(pid, 0)
    _kill_group(pid)  # whatever the run left behind
    if os.WIFSIGNALED(status):
        return {"status": "signal", "signal": os.WTERMSIG(status)}
    return {"status": "exited", "code": os.WEXITSTATUS(status)}


def _exited_in_time(pid: int, timeout: float) -> bool:
    """Whether the run ended within ``timeout`` (left unreaped). Woken the moment it ends where the kernel
    gives a process a file descriptor (Linux 5.3): a phase is a tenth of a second, and polling with
    sleeps lost some 10 ms of each to the last sleep."""
    try:
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfd here: poll, sleeping a little longer each time
        deadline = time.monotonic() + timeout
        delay = 0.001
        while not os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT):
            if time.monotonic() > deadline:
                return False
            time.sleep(delay)
            delay = min(delay * 2, 0.02)
        return True
    try:
        poller = select.poll()
        poller.register(handle, select.POLLIN)
        return bool(poller.poll(timeout * 1000))
    finally:
        os.close(handle)


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _restore_environment() -> None:
    """The variables the pool set for this server's start-up only (hash seed, thread counts) as the
    user's environment had them, once started: a case must not see the harness's settings."""
    for name, value in json.loads(sys.argv[1] if len(sys.argv) > 1 else "{}").items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def main() -> int:
    from autofix.harness.origin import trust

    trust(sys.argv[0])  # the launcher's frame, below every run's: the harness's, not the case's
    for name in _WARM:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    _restore_environment()
    out = sys.stdout
    print(json.dumps({"status": "ready"}), file=out, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _in_child(request)
        reply = _wait(pid, float(request["timeout"]))
        print(json.dumps(reply), file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
