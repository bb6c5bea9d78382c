"""Runs after migration: the legacy script set (``legacy/``) before and after autofix, on the CPU and the
emulated GPU, against hand-modernised references (issue 28).

    python benchmarks/legacy_runs.py                     the table and the totals
    python benchmarks/legacy_runs.py --only vae,dcgan    some scripts
    python benchmarks/legacy_runs.py --json out.json     everything measured, as JSON (``-``: stdout)
    python benchmarks/legacy_runs.py --markdown docs/field.md
                                                         (re)write the "Runs after migration" section there
    python benchmarks/legacy_runs.py --keep /tmp/legacy  keep the rewritten copies to read them

Every ``legacy/<name>/before.py`` (and every look-alike ``legacy/<name>/modern.py``) is copied three times
into a temporary folder: *original* (untouched), *apply* (``autofix apply --unsafe-fixes``) and *migrate*
(``autofix migrate``, whose default applies safe fixes only). The tool runs once per variant over all the
copies, with ``--no-cache``; ``autofix check --output-format json`` then counts the findings left. Each
distinct text, and each script's ``reference.py``, is run by ``benchmarks/legacy_child.py`` in its own
process, once on the CPU (CUDA hidden) and once under ``autofix run --emulate-cuda``'s environment
(:func:`autofix.harness.launch.emulated_environment`, one emulated GPU), with a timeout. A run *matches*
when its ``run()`` returned the same names and shapes as the reference's run in the same mode and every
number is within ``rtol = 1e-4`` on the scale of its group: ``|x - ref| <= rtol * (|ref| + S)``, S the
largest magnitude among the values under the same top-level key (a loss history, a weight matrix),
integers exactly. Same mode, because the emulated GPU draws the random numbers of device tensors (dropout,
``torch.randn(..., device="cuda")``) from the GPU's own generator, as CUDA does: a reference with dropout
on the device computes other numbers there than on the CPU, and so must a correct migration.

A look-alike (``modern.py``) is its own reference and must come out of ``apply`` byte-identical.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from autofix.harness.launch import emulated_environment  # noqa: E402

LEGACY = ROOT / "legacy"
CHILD = ROOT / "benchmarks" / "legacy_child.py"
AUTOFIX = [sys.executable, "-m", "autofix"]
VARIANTS = ("original", "apply", "migrate")
RTOL = 1e-4
SECTION = "## Runs after migration (legacy script set)"
MODES = ("cpu", "emulated", "cuda")

# Error signatures -> the unfixed pattern behind them: a first sort of the failures for the rule authors.
CAUSES = (
    ("SyntaxError", "", "does not parse (`.cuda(async=True)`)"),
    ("IndexError", "invalid index of a 0-dim tensor", "`x.data[0]` / `x[0]` on a 0-dim tensor (`.item()`)"),
    ("IndexError", "array is 0-dimensional", "`.numpy()[0]` on a 0-dim result (`.item()`)"),
    ("", "Torch not compiled with CUDA", "hard-coded CUDA on a CPU-only machine"),
    ("", "torch.cuda.FloatTensor not available", "hard-coded CUDA on a CPU-only machine"),
    ("", "no NVIDIA driver", "hard-coded CUDA on a CPU-only machine"),
    ("", "same dtype", "float64 data into a float32 model"),
    ("", "dtype (torch.float64) does not match", "float64 data into a float32 model"),
    ("", "found at least two devices", "tensors on two devices"),
    ("", "iteration over a 0-d tensor", "a 0-dim tensor iterated (`type(h) == Variable`)"),
    ("", "len() of a 0-d tensor", "a 0-dim tensor where a number is expected"),
    ("", "expected TensorOptions", "a 0-dim tensor where a size is expected"),
    ("", "Mismatch in shape: grad_output", "`backward(one)` with a 1-element gradient on a 0-dim loss"),
    ("", "to match target batch_size (0)", "a 0-dim target where a batch of one was (`target[c]`)"),
    ("", "to match target batch_size", "batch shape changed (`.data.t_()` no longer transposes the tensor)"),
    ("", "view size is not compatible", "`.view()` of a non-contiguous tensor (`.reshape()`)"),
    ("KeyError", "tensor(", "a 0-dim tensor used as a dict key (`.item()`)"),
    ("TimeoutExpired", "", "ran past the timeout"),
)


def cause_of(error: dict | None) -> str:
    """The pattern behind a run's error, or ``TYPE: message`` when no signature matches."""
    if not error:
        return ""
    kind, message = error.get("type", ""), error.get("message", "")
    for want_kind, needle, cause in CAUSES:
        if (not want_kind or kind == want_kind) and needle in message:
            return cause
    return f"{kind}: {message[:80]}"


@dataclass
class Run:
    """One execution of one text in one mode."""

    ok: bool
    error: dict | None = None
    results: dict | None = None
    seconds: float = 0.0
    warnings: dict = field(default_factory=dict)
    on_gpu: bool | None = None
    match: bool | None = None  # against the reference's run in the same mode (a reference's: its CPU run)
    differences: list[str] = field(default_factory=list)

    @property
    def cause(self) -> str:
        return cause_of(self.error)

    def summary(self) -> dict:
        out = {k: v for k, v in asdict(self).items() if k != "results"}
        out["cause"] = self.cause
        return out

    @classmethod
    def from_summary(cls, data: dict) -> Run:
        return cls(**{k: v for k, v in data.items() if k != "cause"})


@dataclass
class Variant:
    """One script after one treatment: its text, what the tool said, its runs."""

    name: str
    changed: bool = False  # differs from the original text
    tool_rc: int | None = None
    tool_errors: list[str] = field(default_factory=list)
    findings_left: dict = field(default_factory=dict)  # code -> count
    runs: dict = field(default_factory=dict)  # mode -> Run

    def runs_in(self, mode: str) -> bool:
        run = self.runs.get(mode)
        return bool(run and run.ok)

    def matches(self, modes: tuple[str, ...]) -> bool:
        return all(self.runs.get(m) is not None and self.runs[m].match for m in modes)


@dataclass
class Script:
    name: str
    kind: str  # "legacy" or "look-alike"
    reference: dict = field(default_factory=dict)  # mode -> Run
    variants: dict = field(default_factory=dict)  # variant name -> Variant

    @classmethod
    def from_json(cls, data: dict) -> Script:
        reference = {m: Run.from_summary(r) for m, r in data["reference"].items()}
        script = cls(data["name"], data["kind"], reference)
        for name, v in data["variants"].items():
            runs = {m: Run.from_summary(r) for m, r in v["runs"].items()}
            script.variants[name] = Variant(
                name, v["changed"], v["tool_rc"], v["tool_errors"], v["findings_left"], runs
            )
        return script

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "reference": {m: r.summary() for m, r in self.reference.items()},
            "variants": {
                v.name: {
                    "changed": v.changed,
                    "tool_rc": v.tool_rc,
                    "tool_errors": v.tool_errors,
                    "findings_left": v.findings_left,
                    "runs": {m: r.summary() for m, r in v.runs.items()},
                }
                for v in self.variants.values()
            },
        }


# ---------------------------------------------------------------------------------------------- comparing


def _group(name: str) -> str:
    return name.split(".", 1)[0]


def compare(results: dict, reference: dict, rtol: float = RTOL) -> list[str]:
    """What differs between two runs' flattened results; empty when they match."""
    problems = []
    missing, extra = sorted(set(reference) - set(results)), sorted(set(results) - set(reference))
    if missing or extra:
        problems.append(f"names differ: missing {missing[:4]}, extra {extra[:4]}")
    scale: dict[str, float] = {}
    for source in (results, reference):
        for key, item in source.items():
            biggest = max((abs(v) for v in item["values"] if math.isfinite(v)), default=0.0)
            scale[_group(key)] = max(scale.get(_group(key), 0.0), biggest)
    for key in sorted(set(results) & set(reference)):
        got, want = results[key], reference[key]
        if got["shape"] != want["shape"]:
            problems.append(f"{key}: shape {got['shape']} != {want['shape']}")
            continue
        exact = got["kind"] == want["kind"] == "int"
        s = scale[_group(key)]
        for a, b in zip(got["values"], want["values"]):
            differ = a != b if exact else abs(a - b) > rtol * (abs(b) + s)
            if not (math.isfinite(a) and math.isfinite(b)) or differ:
                problems.append(f"{key}: {a:.6g} != {b:.6g}")
                break
    return problems


# ---------------------------------------------------------------------------------------------- running


def _environment(mode: str):
    """A context giving the child's environment for a mode."""
    import contextlib

    base = dict(os.environ, OMP_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1")
    if mode == "emulated":
        return emulated_environment(1, base)
    if mode == "cpu":
        base["CUDA_VISIBLE_DEVICES"] = ""
    return contextlib.nullcontext((base, None))


def run_script(path: Path, mode: str, timeout: float, scratch: Path) -> Run:
    """Run ``path``'s ``run()`` in a child process in ``mode``; a crash or a timeout is a result."""
    out = scratch / f"{path.parent.name}-{path.stem}-{mode}-{os.getpid()}-{time.monotonic_ns()}.json"
    log = out.with_suffix(".log")
    started = time.perf_counter()
    with _environment(mode) as (env, _counts), open(log, "w") as sink:
        try:
            subprocess.run(
                [sys.executable, str(CHILD), str(path), str(out)],
                env=env,
                stdout=sink,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                cwd=path.parent,
            )
        except subprocess.TimeoutExpired:
            return Run(
                False,
                {"type": "TimeoutExpired", "message": f"over {timeout:.0f} s", "where": None},
                seconds=time.perf_counter() - started,
            )
    try:
        report = json.loads(out.read_text())
    except (OSError, ValueError):
        tail = log.read_text(errors="replace").strip().splitlines()[-1:] if log.exists() else []
        died = {"type": "ChildDied", "message": tail[0][:200] if tail else "no report", "where": None}
        return Run(False, died, seconds=time.perf_counter() - started)
    return Run(
        bool(report.get("ok")),
        report.get("error"),
        report.get("results"),
        report.get("seconds", 0.0),
        report.get("warnings", {}),
        report.get("on_gpu"),
    )


def autofix(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*AUTOFIX, *args], cwd=cwd, capture_output=True, text=True, env=dict(os.environ, NO_COLOR="1")
    )


def _errors(stderr: str) -> dict[str, list[str]]:
    """``path: error: ...`` lines of the tool, by the script folder's name."""
    out: dict[str, list[str]] = {}
    for line in stderr.splitlines():
        match = re.match(r"(.+?\.py): (error|skipped): (.*)", line)
        if match:
            line = f"{match.group(2)}: {match.group(3)[:160]}"
            out.setdefault(Path(match.group(1)).parent.name, []).append(line)
    return out


def findings(folder: Path) -> dict[str, Counter]:
    """The findings ``autofix check`` reports on every copy under ``folder``, by script and code."""
    done = autofix(["check", "--no-cache", "--output-format", "json", str(folder)], folder)
    try:
        items = json.loads(done.stdout or "[]")
    except ValueError:
        items = []
    out: dict[str, Counter] = {}
    for item in items:
        out.setdefault(Path(item["path"]).parent.name, Counter())[item["code"]] += 1
    return out


def discover(only: set[str]) -> list[tuple[str, str, Path, Path]]:
    """(name, kind, source, reference) for every script folder under legacy/."""
    cases = []
    for folder in sorted(p for p in LEGACY.iterdir() if p.is_dir()):
        if only and folder.name not in only:
            continue
        if (folder / "before.py").is_file():
            cases.append((folder.name, "legacy", folder / "before.py", folder / "reference.py"))
        elif (folder / "modern.py").is_file():
            cases.append((folder.name, "look-alike", folder / "modern.py", folder / "modern.py"))
    return cases


def measure(cases, modes: tuple[str, ...], timeout: float, jobs: int, work: Path, progress) -> list[Script]:
    """Copy, rewrite, check and run everything; one Script per case."""
    scratch = work / "runs"
    scratch.mkdir(parents=True, exist_ok=True)
    for variant in VARIANTS:
        for name, _kind, source, _ref in cases:
            target = work / variant / name / f"{name}.py"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    applied = autofix(["apply", "--unsafe-fixes", "--no-cache", "-q", str(work / "apply")], work)
    roots = [str(work / "migrate" / name) for name, *_ in cases]
    migrated = autofix(["migrate", "--no-cache", "-q", *roots], work)
    tool = {
        "original": (None, {}),
        "apply": (applied.returncode, _errors(applied.stderr)),
        "migrate": (migrated.returncode, _errors(migrated.stderr)),
    }
    left = {"apply": findings(work / "apply"), "migrate": findings(work / "migrate")}

    scripts = []
    texts: dict[str, Path] = {}  # content hash -> one copy holding it, run once per mode
    for name, kind, _source, _reference in cases:
        script = Script(name, kind)
        original = (work / "original" / name / f"{name}.py").read_bytes()
        for variant in VARIANTS:
            path = work / variant / name / f"{name}.py"
            text = path.read_bytes()
            rc, errors = tool[variant]
            script.variants[variant] = Variant(
                variant, text != original, rc, errors.get(name, []), dict(left.get(variant, {}).get(name, {}))
            )
            texts.setdefault(hashlib.sha256(text).hexdigest(), path)
        scripts.append(script)

    references = {}
    for name, _kind, _source, reference in cases:
        references[name] = hashlib.sha256(reference.read_bytes()).hexdigest()
        texts.setdefault(references[name], reference)  # a look-alike is its own reference: one run
    outcome: dict[tuple[str, str], Run] = {}

    def one(job):
        digest, path, mode = job
        run = outcome[(digest, mode)] = run_script(path, mode, timeout, scratch)
        outcome_text = "ok" if run.ok else run.cause
        progress(f"{path.parent.name}/{path.name} {mode}: {outcome_text} ({run.seconds:.1f} s)")

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(one, [(digest, path, mode) for digest, path in texts.items() for mode in modes]))

    for script, (name, _kind, _source, _ref) in zip(scripts, cases):
        script.reference = {mode: outcome[(references[name], mode)] for mode in modes}
        truth = {mode: run.results for mode, run in script.reference.items() if run.ok}
        for variant in script.variants.values():
            digest = hashlib.sha256((work / variant.name / name / f"{name}.py").read_bytes()).hexdigest()
            for mode in modes:
                # Equal texts ran once; each variant gets its own record to mark.
                run = dataclasses.replace(outcome[(digest, mode)], differences=[])
                if run.ok and mode in truth:
                    run.differences = compare(run.results or {}, truth[mode])
                    run.match = not run.differences
                variant.runs[mode] = run
        for mode, ref_run in list(script.reference.items()):
            if ref_run.ok and "cpu" in truth:  # informative: does the device change the reference's numbers
                ref_run = script.reference[mode] = dataclasses.replace(ref_run, differences=[])
                ref_run.differences = compare(ref_run.results or {}, truth["cpu"])
                ref_run.match = not ref_run.differences
    return scripts


# ---------------------------------------------------------------------------------------------- reporting


def cell(variant: Variant, mode: str) -> str:
    """``ok`` (ran, matches the reference), ``≠`` (ran, numbers differ), ``FAIL`` (crashed)."""
    run = variant.runs.get(mode)
    if run is None:
        return "-"
    if not run.ok:
        return "T/O" if run.error and run.error.get("type") == "TimeoutExpired" else "FAIL"
    return "ok" if run.match else "≠"


def left_text(variant: Variant) -> str:
    return ",".join(f"{c}×{n}" for c, n in sorted(variant.findings_left.items())) or "0"


def first_problem(script: Script, variant: str, modes: tuple[str, ...]) -> str:
    v = script.variants[variant]
    if v.tool_errors:
        return f"autofix {v.tool_errors[0]}"
    for mode in modes:
        run = v.runs.get(mode)
        if run is not None and not run.ok:
            where = (run.error or {}).get("where") or {}
            line = f" (line {where['line']}: `{where.get('code', '')[:60]}`)" if where.get("line") else ""
            return f"{mode}: {run.cause}{line}"
    for mode in modes:
        run = v.runs.get(mode)
        if run is not None and run.ok and not run.match:
            return f"{mode}: numbers differ: {'; '.join(run.differences[:2])}"
    return ""


def totals(scripts: list[Script], variant: str, modes: tuple[str, ...]) -> dict[str, int]:
    legacy = [s for s in scripts if s.kind == "legacy"]
    out = {"scripts": len(legacy)}
    for mode in modes:
        out[f"runs_{mode}"] = sum(s.variants[variant].runs_in(mode) for s in legacy)
    out["runs_all"] = sum(all(s.variants[variant].runs_in(m) for m in modes) for s in legacy)
    out["matches"] = sum(s.variants[variant].matches(modes) for s in legacy)
    out["changed"] = sum(s.variants[variant].changed for s in legacy)
    out["findings_left"] = sum(sum(s.variants[variant].findings_left.values()) for s in legacy)
    return out


def causes(scripts: list[Script], variant: str, modes: tuple[str, ...]) -> Counter:
    """Scripts per first failure cause (a script counts once, under its CPU failure if any)."""
    counted: Counter = Counter()
    for s in scripts:
        if s.kind != "legacy":
            continue
        v = s.variants[variant]
        failing = [v.runs[m] for m in modes if m in v.runs and not v.runs[m].ok]
        if v.tool_errors and not failing:
            counted["autofix error, file left as it was"] += 1
        elif failing:
            counted[failing[0].cause] += 1
        elif not v.matches(modes):
            counted["runs, numbers differ from the reference"] += 1
    return counted


def table(scripts: list[Script], modes: tuple[str, ...], markdown: bool) -> list[str]:
    short = {"cpu": "cpu", "emulated": "gpu", "cuda": "cuda"}
    head = ["script"] + [f"orig {short[m]}" for m in modes]
    for variant in ("apply", "migrate"):
        head += [f"{variant} {short[m]}" for m in modes] + [f"{variant} left"]
    head += ["first problem after apply --unsafe-fixes"]
    rows = []
    for s in scripts:
        name = s.name
        if s.kind != "legacy":
            name += " (look-alike, CHANGED)" if s.variants["apply"].changed else " (look-alike)"
        row = [name] + [cell(s.variants["original"], m) for m in modes]
        for variant in ("apply", "migrate"):
            row += [cell(s.variants[variant], m) for m in modes] + [left_text(s.variants[variant])]
        row.append(first_problem(s, "apply", modes) or "")
        rows.append(row)
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return lines
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head[:-1])]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head[:-1], widths)) + "  " + head[-1]]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r[:-1], widths)) + "  " + r[-1] for r in rows]
    return lines


def summary_lines(scripts: list[Script], modes: tuple[str, ...]) -> list[str]:
    lines = []
    short = {"cpu": "the CPU", "emulated": "the emulated GPU", "cuda": "the real GPU"}
    labels = (
        ("original", "original scripts"),
        ("apply", "after `autofix apply --unsafe-fixes`"),
        ("migrate", "after `autofix migrate` (safe fixes only)"),
    )
    for variant, label in labels:
        t = totals(scripts, variant, modes)
        n = t["scripts"]
        runs = ", ".join(f"{t[f'runs_{m}']}/{n} on {short[m]}" for m in modes)
        extra = ""
        if variant != "original":
            extra = f"; {t['changed']} rewritten, {t['findings_left']} findings left"
        lines.append(
            f"- {label}: run {runs}; run everywhere {t['runs_all']}/{n}; match the reference "
            f"{t['matches']}/{n}{extra}"
        )
    looks = [s for s in scripts if s.kind == "look-alike"]
    if looks:
        same = sum(not s.variants["apply"].changed for s in looks)
        run_ok = sum(all(s.variants["apply"].runs_in(m) for m in modes) for s in looks)
        lines.append(
            f"- look-alikes: {same}/{len(looks)} byte-identical after `apply --unsafe-fixes`, "
            f"{run_ok}/{len(looks)} run everywhere"
        )
    refs = [s for s in scripts if s.kind == "legacy"]
    ref_ok = sum(all(r.ok for r in s.reference.values()) for s in refs)
    same = sum(all(r.ok and r.match for r in s.reference.values()) for s in refs)
    lines.append(
        f"- references: {ref_ok}/{len(refs)} run in every mode; {same}/{len(refs)} compute the same numbers "
        "in every mode as on the CPU (the others draw random numbers on the device, from its own generator)"
    )
    return lines


def cause_lines(scripts: list[Script], modes: tuple[str, ...]) -> list[str]:
    lines = []
    for variant, label in (
        ("original", "original"),
        ("apply", "after apply --unsafe-fixes"),
        ("migrate", "after migrate"),
    ):
        counted = causes(scripts, variant, modes)
        if counted:
            lines.append(f"- {label}: " + "; ".join(f"{c} ×{n}" for c, n in counted.most_common()))
    return lines


def provenance() -> dict:
    """Which tool, torch and Python measured: stored in the JSON, printed in the markdown."""
    import torch

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    dirty = bool(git("status", "--porcelain", "--", "autofix", "codemods"))
    commit = git("rev-parse", "HEAD") + (" (modified)" if dirty else "")
    return {
        "date": date.today().isoformat(),
        "commit": commit,
        "torch": torch.__version__,
        "python": sys.version.split()[0],
    }


def warning_lines(scripts: list[Script], variant: str = "apply") -> list[str]:
    """Warnings the rewritten scripts that run still raise on the CPU, by how many scripts raise each."""
    counted: Counter = Counter()
    for s in scripts:
        run = s.variants[variant].runs.get("cpu") if s.kind == "legacy" else None
        if run is not None and run.ok:
            counted.update(text[:110] for text in run.warnings)
    return [f"- {n} × {text}" for text, n in counted.most_common()]


def markdown_section(scripts: list[Script], modes: tuple[str, ...], seconds: float, meta: dict) -> str:
    lines = [
        SECTION,
        "",
        f"Generated {meta['date']} by `python benchmarks/legacy_runs.py --jobs 2 --markdown docs/field.md` "
        f"with the tool at commit `{meta['commit']}` (torch {meta['torch']}, Python {meta['python']}), "
        f"in {seconds:.0f} s. The set and its rules: `legacy/README.md`.",
        "",
        *summary_lines(scripts, modes),
        "",
        "Cells: `ok` ran and matches the reference's run in the same mode (rtol 1e-4 on each result "
        "group's scale), `≠` ran but the numbers differ, `FAIL` crashed, `T/O` ran past the timeout; *gpu* "
        "is the emulated GPU; *left* is what `autofix check` still reports on the rewritten file.",
        "",
        *table(scripts, modes, markdown=True),
        "",
        "First failure per script, by cause (a script counts once):",
        "",
        *cause_lines(scripts, modes),
        "",
        "Warnings the scripts that run after `apply --unsafe-fixes` still raise (CPU), by number of scripts:",
        "",
        *(warning_lines(scripts) or ["- none"]),
        "",
    ]
    return "\n".join(lines)


def write_section(path: Path, section: str) -> None:
    """Replace the section in ``path`` (up to the next heading or marker comment), or append it.

    Another generated section starts with its ``<!-- ...:start -->`` marker line, so the section ends
    there too: ending only at a heading swallowed that marker, and the next run of its generator then
    appended a second copy of its section.
    """
    text = path.read_text() if path.exists() else ""
    start = text.find(SECTION)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        ends = [text.find(mark, start + len(SECTION)) for mark in ("\n## ", "\n<!-- ")]
        end = min((e for e in ends if e >= 0), default=-1)
        text = text[:start] + section + ("\n" + text[end + 1 :] if end >= 0 else "")
    path.write_text(text.rstrip("\n") + "\n")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="comma-separated script folders (default: all)")
    parser.add_argument(
        "--modes",
        default="cpu,emulated",
        help="cpu, emulated, cuda (a real GPU), comma-separated (default: cpu,emulated)",
    )
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per run (default 120)")
    parser.add_argument("--jobs", type=int, default=1, help="runs at a time (default 1)")
    parser.add_argument("--json", dest="json_path", help="write everything measured as JSON here (-: stdout)")
    parser.add_argument("--markdown", type=Path, help="(re)write the section in this markdown file")
    parser.add_argument("--keep", type=Path, help="work in this new folder and keep it")
    parser.add_argument("--from-json", type=Path, help="report a saved --json file instead of measuring")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    modes = tuple(m.strip() for m in args.modes.split(",") if m.strip())
    if not modes or "cpu" not in modes or any(m not in MODES for m in modes):
        print(f"error: --modes takes cpu (required), emulated and cuda; got {args.modes!r}", file=sys.stderr)
        return 2
    if "cuda" in modes:
        import torch

        if not torch.cuda.is_available():
            print("error: --modes cuda needs a CUDA GPU and none is available here", file=sys.stderr)
            return 2
    if args.from_json:
        try:
            saved = json.loads(args.from_json.read_text())
            scripts = [Script.from_json(s) for s in saved["scripts"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"error: {args.from_json}: not a --json file of this benchmark ({exc})", file=sys.stderr)
            return 2
        report(args, scripts, tuple(saved["modes"]), saved["seconds"], saved["meta"])
        return 0
    only = {n.strip() for n in args.only.split(",") if n.strip()}
    cases = discover(only)
    if not cases:
        print(
            f"error: no script folders found under {LEGACY}" + (f" named {sorted(only)}" if only else ""),
            file=sys.stderr,
        )
        return 2
    if args.keep and args.keep.exists():
        print(f"error: {args.keep} exists; --keep wants a new folder", file=sys.stderr)
        return 2

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="legacy-runs-") as scratch:
        work = args.keep or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        scripts = measure(cases, modes, args.timeout, args.jobs, work, progress)
    report(args, scripts, modes, round(time.perf_counter() - started, 1), provenance())
    return 0


def report(
    args: argparse.Namespace, scripts: list[Script], modes: tuple[str, ...], seconds: float, meta: dict
) -> None:
    """The JSON, the text table and the markdown section, as asked."""
    if args.json_path and not args.from_json:
        data = {
            "meta": meta,
            "modes": modes,
            "rtol": RTOL,
            "seconds": seconds,
            "totals": {v: totals(scripts, v, modes) for v in VARIANTS},
            "causes": {v: dict(causes(scripts, v, modes)) for v in VARIANTS},
            "scripts": [s.to_json() for s in scripts],
        }
        text = json.dumps(data, indent=1, ensure_ascii=False)
        if args.json_path == "-":
            print(text)
        else:
            Path(args.json_path).write_text(text + "\n")
    if args.json_path != "-":
        print("\n".join(table(scripts, modes, markdown=False)))
        print()
        print("\n".join(summary_lines(scripts, modes)))
        print("first failure by cause:")
        print("\n".join(cause_lines(scripts, modes)))
        print("warnings still raised after apply --unsafe-fixes (CPU), by number of scripts:")
        print("\n".join(warning_lines(scripts) or ["- none"]))
        print(f"({len(scripts)} scripts in {seconds:.0f} s; tool at {meta['commit']})")
    if args.markdown:
        write_section(args.markdown, markdown_section(scripts, modes, seconds, meta))


if __name__ == "__main__":
    sys.exit(main())
