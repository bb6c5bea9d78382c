"""How long ``autofix server`` takes to publish one file's diagnostics after a change, on a 2,000-line file.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/server_latency.py [--rounds 30] [--lines 2000]

The target (issue 31): within 300 ms of the change. The file is the corpus' ``before.py`` files, concatenated
with their classes and functions renamed per copy (as ``large_file.py`` makes its files), cut at a top-level
statement and padded with comment lines to exactly ``--lines`` lines: real torch code, with findings
throughout. The script starts ``autofix server`` as a subprocess (the default options: ``--debounce 30``),
drives it with pygls' LSP client over stdio, opens the file, waits for its first diagnostics (the workers'
start), and then makes ``--rounds`` changes, one at a time, half an edit apart: each inserts or removes, in
the middle of the file, a line with a finding of its own, and rewrites the comment line after it (``# round
N``), so that every version's text is new (a worker that saw the same text before would parse nothing; until
2026-11-26 the rounds alternated between two texts, which favoured two workers taking turns). Each round's
latency is the time from sending the
``didChange`` to receiving the ``publishDiagnostics`` of that version, which must hold the new finding (or
no longer hold it): debounce, the worker's analysis of the whole file and both transfers included.

On a shared machine the engine's own speed varies by a factor of three with the load, so each round is
followed by one run of the engine alone on the same text, in this process, as the command line runs it
(:func:`autofix.files.fix_file.process_text` in the mode the server uses, every piece of the file parsed): its
wall time, taken moments after the server's and so on the same machine, and its CPU time, which the load
hardly changes. The per-round ratio of the two wall times compares the server (whose workers parse again only
the pieces an edit touched: :class:`autofix.engine.pieces.PieceCache`) with a fresh analysis. On Linux the CPU
time the server and its workers spent on each round is read from ``/proc`` too (the server's process and
the workers', each): the change's cost in CPU, whatever the machine's load; on an idle core the latency would
be about that plus the debounce.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = 'probe = torch.zeros(3).to("cuda")  # the line each round inserts or removes\n'
STAMP = "# round "  # the comment line every round rewrites


def generate(lines: int) -> str:
    """Real torch code, exactly ``lines`` lines long, cut at a top-level statement."""
    sources = [p.read_text() for p in sorted((ROOT / "corpus").rglob("before.py"))]
    sources = [
        "\n".join(line for line in s.splitlines() if not line.startswith("from __future__")) + "\n"
        for s in sources
    ]
    out = ["import torch\n"]
    index = 0
    while len(out) < lines:
        suffix = f"_{index}"
        text = re.sub(
            r"\b(class|def) (\w+)",
            rf"\1 \2{suffix}",
            sources[index % len(sources)],
        )
        out.extend(text.splitlines(keepends=True))
        index += 1
    cut = lines - 1  # a line for the stamp
    while cut > 1 and (not out[cut].strip() or out[cut][0].isspace() or out[cut].startswith((")", "]", "}"))):
        cut -= 1  # the last line before `lines` that starts a top-level statement
    text = "".join(out[:cut]) + "".join(f"# padding {n}\n" for n in range(lines - 1 - cut))
    stamped = text.splitlines(keepends=True)
    stamped.insert(middle(text), f"{STAMP}1\n")  # before a top-level statement
    text = "".join(stamped)
    ast.parse(text)
    return text


def server_cpu(pid: int) -> tuple[float, float] | None:
    """CPU seconds the process ``pid`` and its children (the workers) have used so far, each; None off
    Linux."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    def used(each: int) -> float:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime

    try:
        children = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            children.extend(int(child) for child in (task / "children").read_text().split())
        return used(pid), sum(used(child) for child in children)
    except (OSError, ValueError, IndexError):
        return None


def middle(text: str) -> int:
    """A line in the middle of the file where a top-level statement starts (0-based)."""
    lines = text.splitlines()
    line = len(lines) // 2
    while lines[line][:1].isspace() or not lines[line].strip() or lines[line].startswith((")", "]", "}")):
        line += 1
    return line


async def measure(path: Path, rounds: int, pause: float, server_args: list[str]) -> dict:
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("server-latency", "1")
    arrivals: dict[int, tuple[float, list]] = {}
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrivals[params.version] = (time.perf_counter(), list(params.diagnostics))
        arrived.set()

    async def wait_for(version: int) -> tuple[float, list]:
        while version not in arrivals:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 120)
        return arrivals[version]

    await client.start_io(
        sys.executable, "-m", "autofix", "server", *server_args, env={**os.environ, "OMP_NUM_THREADS": "1"}
    )
    await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=path.parent.as_uri())
    )
    client.initialized(types.InitializedParams())
    text = path.read_text()
    uri = path.as_uri()
    opened = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "python", 1, text))
    )
    at, first = await wait_for(1)
    startup = at - opened
    line = next(n for n, each in enumerate(text.splitlines()) if each.startswith(STAMP))
    latencies, engine_wall, engine_cpu, spent = [], [], [], []
    pid = client._server.pid  # type: ignore[union-attr]
    engine = _engine()
    lines = text.splitlines(keepends=True)
    assert lines[line].startswith(STAMP)
    for version in range(2, rounds + 2):
        await asyncio.sleep(pause)
        inserting = version % 2 == 0
        # The probe line inserted (or removed), and the stamp line after it rewritten: no version's text is
        # one a worker has seen before, so nothing is answered from an earlier version's identical text.
        new = [MARKER] * inserting + [f"{STAMP}{version}\n"]
        start = types.Position(line, 0)
        end = types.Position(line + (1 if inserting else 2), 0)  # the stamp, and the probe before it
        change = types.TextDocumentContentChangePartial(range=types.Range(start, end), text="".join(new))
        lines[line : line + (1 if inserting else 2)] = new
        current = "".join(lines)
        before = server_cpu(pid)
        sent = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change]
            )
        )
        at, diagnostics = await wait_for(version)
        latencies.append(at - sent)
        after = server_cpu(pid)
        if before is not None and after is not None:
            spent.append((after[0] - before[0], after[1] - before[1]))
        has_probe = any(d.range.start.line == line for d in diagnostics if d.code in ("DEV007", "DEV010"))
        if has_probe != inserting or len(diagnostics) != len(first) + (2 if inserting else 0):
            raise SystemExit(f"round {version}: the diagnostics do not describe the change")
        wall, cpu = engine(current)
        engine_wall.append(wall)
        engine_cpu.append(cpu)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {
        "startup": startup,
        "latencies": latencies,
        "findings": len(first),
        "engine_wall": engine_wall,
        "engine_cpu": engine_cpu,
        "cpu": spent,
    }


def _engine():
    """The engine alone, as the server's worker runs it: (wall, CPU) seconds of one analysis of a text."""
    from autofix.config.rule_catalog import select_codes
    from autofix.files.fix_file import LINT, Task, preload, process_text

    preload()
    task = Task("latency.py", select_codes(None, ()), LINT, False)

    def run(text: str) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        result, _ = process_text("latency.py", text.encode(), task)
        assert result.error is None, result.error
        return time.perf_counter() - wall, time.process_time() - cpu

    return run


def summary(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    return (
        f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms"
        f" ({len(ms)} changes)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between changes")
    parser.add_argument("server_args", nargs="*", help="options for autofix server (after --)")
    args = parser.parse_args()
    text = generate(args.lines)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory(prefix="autofix-latency-") as scratch:
        path = Path(scratch) / "latency.py"
        path.write_text(text)
        got = asyncio.run(measure(path, args.rounds, args.pause, args.server_args))
    end_load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    latencies = got["latencies"]
    print(
        f"file: {args.lines} lines, {len(text.encode()):,} bytes, {got['findings']} findings; server options:"
        f" {' '.join(args.server_args) or '(defaults)'}; {os.cpu_count()} CPUs,"
        f" load average {load:.1f} at start, {end_load:.1f} at the end"
    )
    print(f"first diagnostics after open (workers starting): {got['startup'] * 1000:.0f} ms")
    verdict = "within" if statistics.median(latencies) <= 0.3 else "OVER"
    print(f"server, change -> diagnostics: {summary(latencies)}: median {verdict} the 300 ms target")
    if got["cpu"]:
        print(
            f"server and workers, CPU per change (/proc, 10 ms ticks): {summary([a + b for a, b in got['cpu']])}"
        )
        print(f"  of which the server process: {summary([a for a, _ in got['cpu']])}")
        print(f"  of which the workers: {summary([b for _, b in got['cpu']])}")
    print(
        f"engine alone after each round (a fresh analysis, as the CLI's), wall: {summary(got['engine_wall'])}"
    )
    print(
        f"engine alone after each round (a fresh analysis, as the CLI's), CPU: {summary(got['engine_cpu'])}"
    )
    ratios = [a / b for a, b in zip(latencies, got["engine_wall"])]
    print(
        f"server latency / engine wall, per round: median {statistics.median(ratios):.2f}"
        f" (min {min(ratios):.2f}, max {max(ratios):.2f})"
    )


if __name__ == "__main__":
    main()
