"""The ``autofix server`` command: starts the language server over stdin and stdout.

pygls is imported only here, when the command runs, so that the fixer works without the ``[server]`` extra;
without it the command says what to install, in one line, and exits with 2.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import BinaryIO

import click

from autofix.commands.run import EXIT_ERROR

INSTALL_HINT = "error: autofix server needs pygls 2 and lsprotocol: pip install 'torch-autofix[server]'"
_LIBRARIES = {"pygls", "lsprotocol", "cattrs", "attrs"}


@click.command("server")
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk LSP over stdin and stdout: the default (accepted for clients that pass it).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Worker processes: how many files are analysed at once.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=None,
    help="Seconds one analysis may take before the file gets an error diagnostic (0: no limit)."
    " Default: as the command line, 60 s plus 60 s per MB of the file.",
)
@click.option(
    "--debounce",
    "debounce_ms",
    type=click.IntRange(min=0),
    default=30,
    show_default=True,
    help="Milliseconds without a change before a changed file is analysed again.",
)
@click.option(
    "--log-file",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the server's log here instead of stderr.",
)
@click.option("--verbose", "-v", is_flag=True, help="Log every request (for bug reports).")
def server(
    stdio: bool, jobs: int, timeout: float | None, debounce_ms: int, log_file: str | None, verbose: bool
) -> None:
    """Run the language server (LSP over stdio): diagnostics, fixes and hover in the editor."""
    try:
        from autofix.server.server import build
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in _LIBRARIES:
            raise
        click.echo(INSTALL_HINT, err=True)
        sys.exit(EXIT_ERROR)
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s autofix server %(levelname)s %(name)s: %(message)s",
        **({"filename": log_file} if log_file else {"stream": sys.stderr}),
    )
    stdin, stdout = _protocol_streams()
    from autofix.server.analysis import default_limit

    limit = default_limit if timeout is None else (timeout or None)
    build(lanes=jobs, timeout=limit, debounce_s=debounce_ms / 1000).start_io(stdin, stdout)


def _protocol_streams() -> tuple[BinaryIO, BinaryIO]:
    """Private copies of stdin and stdout for the protocol; the process's own stdin becomes /dev/null and its
    stdout goes to stderr, so that a stray print (ours, a library's, a worker's) cannot corrupt the stream."""
    stdin = os.fdopen(os.dup(0), "rb")
    stdout = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdout.flush()
    os.dup2(2, 1)
    return stdin, stdout
