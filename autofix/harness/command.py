"""The ``autofix verify`` and ``autofix run`` commands. torch is imported only when they run."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import click

from autofix.config.settings import ConfigError, ConfigResolver, Overrides

DEVICES = ("auto", "cpu", "emulated-cuda", "cuda")
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def _need_torch() -> None:
    if importlib.util.find_spec("torch") is None:
        _fail("this command runs PyTorch code and needs torch: pip install 'torch-autofix[verify]'")


def _device(device: str) -> str:
    import torch

    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "emulated-cuda"
    if device == "cuda" and not torch.cuda.is_available():
        click.echo(
            "skipped: --device cuda needs a CUDA GPU and none is available here"
            " (use --device emulated-cuda to check device correctness on the CPU)",
            err=True,
        )
        sys.exit(EXIT_USAGE)
    return device


def _codes(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c.strip().upper() for v in values for c in v.split(",") if c.strip())


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--entry", metavar="FUNC", help="For a file: the function to call (or module:FUNC).")
@click.option(
    "--after",
    "after_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="For a file: judge this hand-written after instead of autofix's rewrite.",
)
@click.option(
    "--tests",
    "test_command",
    metavar="COMMAND",
    help='For a project folder: run this test command (e.g. "pytest -q tests/") before and after.',
)
@click.option(
    "--device",
    type=click.Choice(DEVICES),
    default="auto",
    show_default=True,
    help="auto: cuda when a GPU is present, else emulated-cuda.",
)
@click.option("--select", multiple=True, help="Rule codes to apply (as for `autofix apply`).")
@click.option("--ignore", multiple=True, help="Rule codes to skip.")
@click.option("--unsafe-fixes/--no-unsafe-fixes", default=None, help="Also apply fixes marked unsafe.")
@click.option(
    "--jobs", "-j", type=click.IntRange(min=1), default=None, help="Cases run in parallel (default: CPUs)."
)
@click.option(
    "--repeats",
    type=click.IntRange(min=2),
    default=10,
    show_default=True,
    help="Least number of timed (before, after) pairs, when a speed-up could be claimed.",
)
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Intra-op threads for each run (pinned: unpinned timings are noise).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Seconds per run before it is killed [default: 60; with --tests, for the whole command: 900].",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the results as JSON."
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write a markdown report for a pull request.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary line and what did not pass.")
def verify(
    paths,
    entry,
    after_file,
    test_command,
    device,
    select,
    ignore,
    unsafe_fixes,
    jobs,
    repeats,
    threads,
    timeout,
    seed,
    json_path,
    report_path,
    quiet,
):
    """Prove rewrites by running them: corpus cases, a file's function, or a project's tests.

    \b
    autofix verify [CASE_DIR...]              corpus cases (folders with before.py and after.py)
    autofix verify FILE.py --entry FUNC       your file, rewritten with your config
    autofix verify FILE.py --entry FUNC --after MINE.py
    autofix verify --tests "pytest -q" ROOT   your project's tests, on the original and a rewritten copy
    """
    _need_torch()
    device = _device(device)
    overrides = Overrides(select=_codes(select) or None, ignore=_codes(ignore), unsafe_fixes=unsafe_fixes)
    try:
        config = ConfigResolver(overrides)
        if test_command:
            if len(paths) != 1 or not paths[0].is_dir():
                _fail("--tests needs exactly one project folder")
            sys.exit(
                _verify_tests(paths[0], test_command, config, device, timeout, json_path, report_path, quiet)
            )
        subjects = _subjects(paths, entry, after_file, config)
    except ConfigError as exc:
        _fail(str(exc))
    sys.exit(
        _verify_subjects(
            subjects, device, jobs, repeats, threads, timeout or 60.0, seed, json_path, report_path, quiet
        )
    )


def _verify_tests(root, command, config, device, timeout, json_path, report_path, quiet) -> int:
    """``verify --tests``: exit 0 when no test broke, 1 when one did (or the runs could not be compared)."""
    from autofix.harness.suite import DEFAULT_TIMEOUT_S, prove_suite
    from autofix.harness.suite_report import print_text, summary, to_json, to_markdown

    started = time.perf_counter()
    try:
        proof = prove_suite(root, command, device=device, timeout=timeout or DEFAULT_TIMEOUT_S, config=config)
    except ValueError as exc:  # too large to copy
        _fail(str(exc))
    print_text(sys.stdout, proof, quiet=quiet)
    if json_path:
        json_path.write_text(to_json(proof))
    if report_path:
        report_path.write_text(to_markdown(proof))
    click.echo(f"{summary(proof)} on {device} in {time.perf_counter() - started:.1f} s", err=True)
    return EXIT_OK if proof.passed else EXIT_FAILED


def _subjects(paths, entry, after_file, config):
    from autofix.files.rewrite import RewriteError
    from autofix.harness.verify import corpus_subject, find_cases

    files = [p for p in paths if p.is_file()]
    try:
        if files or entry:
            from autofix.harness.userfile import file_subject

            if len(files) != 1 or len(paths) != 1 or not entry:
                _fail("to verify a file, give one FILE.py and --entry FUNC (or module:FUNC)")
            return [file_subject(files[0], entry, after_file, config)]
        if after_file:
            _fail("--after needs a FILE.py and --entry")
        cases = find_cases(list(paths) or [Path("corpus")])
        if not cases:
            _fail("no cases found (a case is a folder with before.py and after.py)")
    except (RewriteError, ValueError) as exc:
        _fail(str(exc))
    # Each case's rewrites made as the runs need them: this thread makes the next case's while the
    # fork servers run the earlier ones, instead of all of them first (some 8 s of parsing) with the
    # CPUs idle.
    return _Lazy(len(cases), (corpus_subject(case, config) for case in cases))


class _Lazy:
    """Subjects made one by one as they are taken, with their number known up front."""

    def __init__(self, count, subjects):
        self.count, self._subjects = count, subjects

    def __len__(self):
        return self.count

    def __iter__(self):
        from autofix.files.rewrite import RewriteError

        try:
            yield from self._subjects
        except RewriteError as exc:
            _fail(str(exc))


def _verify_subjects(
    subjects, device, jobs, repeats, threads, timeout, seed, json_path, report_path, quiet
) -> int:
    from autofix.files.fix_file import default_jobs
    from autofix.harness.report import print_compact, progress_line, summary_line, to_json, to_markdown
    from autofix.harness.runner import HarnessError
    from autofix.harness.verify import Verifier, verify_all

    jobs = min(jobs or default_jobs(), len(subjects))
    verifier = Verifier(device=device, repeats=repeats, threads=threads, timeout=timeout, seed=seed)
    done = [0]

    def progress(result):
        done[0] += 1
        if not quiet:
            click.echo(progress_line(done[0], len(subjects), result), err=True)

    started = time.perf_counter()
    try:
        results = verify_all(subjects, verifier, jobs=jobs, on_result=progress)
    except (HarnessError, ValueError) as exc:
        _fail(str(exc))
    elapsed = time.perf_counter() - started
    shown = [r for r in results if not r.passed] if quiet else results
    if shown:
        print_compact(sys.stdout, shown, device)
        sys.stdout.flush()
    settings = {"repeats": repeats, "threads": threads, "seed": seed, "timeout_s": timeout, "jobs": jobs}
    if json_path:
        json_path.write_text(to_json(results, device, settings))
    if report_path:
        report_path.write_text(to_markdown(results, device, settings))
    click.echo(f"{summary_line(results)} on {device} in {elapsed:.1f} s", err=True)
    return EXIT_OK if all(r.passed for r in results) else EXIT_FAILED


@click.command(context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.option(
    "--emulate-cuda", is_flag=True, help="Install the emulated CUDA device in every Python process."
)
@click.option("--gpus", type=click.IntRange(min=1), default=1, show_default=True, help="Emulated GPU count.")
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def run(emulate_cuda, gpus, command):
    """Run COMMAND (after --) with the emulated GPU; print transfers and syncs at exit.

    \b
    autofix run --emulate-cuda -- pytest -q tests/
    autofix run --emulate-cuda -- python train.py --epochs 1
    """
    from autofix.harness.launch import run_command

    if not emulate_cuda:
        _fail("say what to run it with: --emulate-cuda")
    _need_torch()
    sys.exit(run_command(list(command), gpus=gpus))
