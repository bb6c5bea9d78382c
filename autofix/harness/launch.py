"""``autofix run --emulate-cuda -- COMMAND...``: any command, with the emulated GPU in its Python processes.

The command runs unchanged, in the user's own environment (its ``PATH``, its interpreter, its torch).
What changes is ``PYTHONPATH``: a temporary folder holding a ``sitecustomize.py`` comes first, so every
Python process the command starts (a script, pytest, pytest's workers, a subprocess it spawns) runs
:func:`autofix.harness.hook.install` at start-up. A process started with ``python -I`` or ``-E`` ignores
``PYTHONPATH`` and runs unemulated.

Each process that imported torch leaves its transfer and sync counts behind at exit; they are summed and
printed on stderr when the command ends. The command's exit code is returned unchanged (128 + N for a
process killed by signal N), so ``autofix run`` can stand in for the command in CI.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import autofix
from autofix.harness.hook import ENV_DIR, ENV_ON, ENV_SITE

# Where the ``autofix`` package lives, for interpreters that do not have it installed.
HOME = str(Path(autofix.__file__).resolve().parent.parent)
SITECUSTOMIZE = """\
# Written by `autofix run --emulate-cuda`: the emulated GPU in this Python process.
import sys
try:
    try:
        from autofix.harness import hook
    except ImportError:
        sys.path.append({home!r})
        from autofix.harness import hook
    hook.install()
    hook.chain_sitecustomize()
    hook.hide()
except Exception as exc:  # an interpreter autofix cannot run in: run it unemulated, say so
    print("autofix: no emulated GPU in this process:", repr(exc), file=sys.stderr)
"""
COUNT_KEYS = ("host_to_device", "device_to_host", "device_to_device", "syncs")


@dataclass
class Counts:
    """What the Python processes of one command did with the emulated GPU."""

    processes: list[dict] = field(default_factory=list)  # {"pid", "argv", "counts"} per process

    def total(self) -> dict[str, int]:
        return {key: sum(p["counts"].get(key, 0) for p in self.processes) for key in COUNT_KEYS}

    def line(self) -> str:
        """``copies host→device 4, device→host 1, device→device 0; host syncs 5 (1 process)``."""
        if not self.processes:
            return "no Python process imported torch"
        t = self.total()
        many = len(self.processes)
        return (
            f"copies host→device {t['host_to_device']}, device→host {t['device_to_host']},"
            f" device→device {t['device_to_device']}; host syncs {t['syncs']}"
            f" ({many} process{'es' if many > 1 else ''})"
        )


@contextmanager
def emulated_environment(
    gpus: int = 1, base: dict[str, str] | None = None
) -> Iterator[tuple[dict[str, str], Path]]:
    """An environment for a child command that installs the emulated GPU, and the folder counts land in."""
    with tempfile.TemporaryDirectory(prefix="autofix-emulate-") as scratch:
        site, counts = Path(scratch, "site"), Path(scratch, "counts")
        site.mkdir()
        counts.mkdir()
        (site / "sitecustomize.py").write_text(SITECUSTOMIZE.format(home=HOME))
        env = dict(os.environ if base is None else base)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH", "")]))
        env.update({ENV_ON: str(gpus), ENV_DIR: str(counts), ENV_SITE: str(site)})
        yield env, counts


def read_counts(folder: Path) -> Counts:
    records = []
    for path in sorted(folder.glob("*.json")):
        try:
            records.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue  # a process killed while writing: its counts are lost, the others stand
    return Counts(records)


def exit_status(returncode: int) -> int:
    """A shell's convention: a child killed by signal N exits 128 + N."""
    return 128 - returncode if returncode < 0 else returncode


def call(
    command: list[str] | str,
    env: dict[str, str],
    *,
    cwd: Path | None = None,
    timeout: float | None = None,
    stdout: TextIO | int | None = None,
    stderr: TextIO | int | None = None,
) -> int | None:
    """Run the command; None when it ran past ``timeout``.

    With ``stdout`` and no ``stderr``, stderr goes where stdout goes.

    Without a timeout the command stays in our process group, so a terminal's Ctrl-C reaches it as it
    would without autofix, and we wait for it to finish. With one it gets a group of its own, killed
    whole at the deadline and at the end (whatever it left running).
    """
    own_group = timeout is not None
    process = subprocess.Popen(
        command,
        env=env,
        cwd=cwd,
        shell=isinstance(command, str),
        start_new_session=own_group,
        stdout=stdout,
        stderr=stderr if stderr is not None else subprocess.STDOUT if stdout is not None else None,
    )
    try:
        while True:
            try:
                return exit_status(process.wait(timeout=timeout))
            except KeyboardInterrupt:
                if own_group:
                    os.killpg(process.pid, signal.SIGINT)
    except subprocess.TimeoutExpired:
        return None
    finally:
        if own_group:
            _kill_group(process)


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()


def run_command(command: list[str], *, gpus: int = 1) -> int:
    """``autofix run --emulate-cuda``: run, print the counts, return the command's own exit status."""
    with emulated_environment(gpus) as (env, folder):
        try:
            code = call(command, env)
        except FileNotFoundError:
            print(f"error: command not found: {command[0]}", file=sys.stderr)
            return 127
        counts = read_counts(folder)
    print(f"autofix run: emulated GPU{'s' if gpus > 1 else ''}: {counts.line()}", file=sys.stderr)
    for process in counts.processes if len(counts.processes) > 1 else []:
        c = process["counts"]
        print(
            f"  pid {process['pid']} {' '.join(process['argv'])[:50]}: host→device {c['host_to_device']},"
            f" device→host {c['device_to_host']}, host syncs {c['syncs']}",
            file=sys.stderr,
        )
    return code if code is not None else 124
