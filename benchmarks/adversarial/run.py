"""Reproduce the adversarial tables: hand-made variants judged by `autofix verify`, and fidelity probes run
under `autofix run --emulate-cuda`.

    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/adversarial/run.py variants [--only ID ...]
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/adversarial/run.py probes [--only ID ...]
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/adversarial/run.py all --json results.json

Variants: each folder under variants/ holds a hand-written ``after.py`` and, where it does not use one
of bases/, its own ``before.py`` (plus ``extra/``, files added to the project). Each is judged as a user
file would be: the before is copied to a fresh project folder (``pyproject.toml`` marks its root), and

    autofix verify PROJECT/model.py --entry run --after after.py --select RULE --unsafe-fixes --jobs 1 --json

runs; the verdict (PASS/FAIL/UNPROVEN, or CRASH when verify exits 2 or writes no JSON) is compared with
the expected one. "fooled" means a wrong after was judged PASS (or a correct one was not).

Probes: each file under probes/ is a small program with a module docstring holding ``EXPECT:`` (the
output real CUDA gives, one line), ``SOURCE:`` (PyTorch documentation or source that states it) and a
``GPUS:`` count (default 1). It runs as

    autofix run --emulate-cuda --gpus N -- python probes/pNN_name.py

and prints one ``RESULT: ...`` line; it agrees when that line equals ``EXPECT``. A probe whose EXPECT
names emulator counts (``COUNTS: ...``) is also compared with the copies and syncs `autofix run` prints.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
AUTOFIX = [sys.executable, "-m", "autofix"]
# The set measured (``--set``): round 2's files in this folder, round 3's under round3/.
SET_DIR = HERE
# The checkout whose harness is measured (``--source``): this one unless told.
SOURCE = ROOT

# id -> (rule, base in bases/ or None for the variant's own before.py, expected verdict, what it tries)
VARIANTS: dict[str, tuple[str, str | None, str, str]] = {
    # correct afters: must PASS
    "c01_dev001_correct": ("DEV001", "dev001", "PASS", "autofix's own DEV001 fix"),
    "c02_dev008_correct": ("DEV008", "dev008", "PASS", "autofix's own DEV008 fix (total kept on the device)"),
    "c03_dev002_correct": ("DEV002", "dev002", "PASS", "autofix's own DEV002 fix (.double() -> .float())"),
    "c04_dev010_correct": ("DEV010", "dev010", "PASS", "autofix's own DEV010 fix (factories with device=)"),
    "c05_dev005_correct": ("DEV005", "dev005", "PASS", "autofix's own DEV005 fix (optimizer after the move)"),
    "c06_dev011_correct": ("DEV011", "dev011", "PASS", "autofix's own DEV011 fix (.data[0] -> .item())"),
    "c07_dev004_correct": ("DEV004", "dev004", "PASS", "autofix's own DEV004 fix (register_buffer)"),
    "c08_dev007_correct": ("DEV007", "dev007", "PASS", "autofix's own DEV007 fix (portable device)"),
    "c09_dev003_correct": ("DEV003", "dev003", "PASS", "autofix's own DEV003 fix (device=x.device)"),
    "c10_dev008_handwritten_correct": ("DEV008", "dev008", "PASS", "hand-written DEV008 fix: one read-back"),
    # wrong afters: must not PASS
    "w01_numpy_fallback_padded": (
        "DEV001",
        "dev001",
        "FAIL",
        "computes in NumPy on the host, pads device work",
    ),
    "w02_catch_and_fall_back": (
        "DEV001",
        "dev001",
        "FAIL",
        "catches the device error, falls back to model.cpu()",
    ),
    "w03_cpu_fallback_padded": (
        "DEV001",
        "dev001",
        "FAIL",
        "model.cpu() computes; dummy device ops pad the share",
    ),
    "w04_dummy_copy": ("DEV001", "dev001", "FAIL", "all on the CPU, one dummy copy to the device"),
    "w05_thread_escape": ("DEV001", "dev001", "FAIL", "computes in another thread (per-thread emulation)"),
    "w06_disable_torch_function": (
        "DEV001",
        "dev001",
        "FAIL",
        "computes under torch._C.DisableTorchFunction()",
    ),
    "w07_cache_across_phases": (
        "DEV001",
        "dev001",
        "FAIL",
        "CPU phase caches to a file, device phase reads it",
    ),
    "w08_detect_emulator": (
        "DEV001",
        "dev001",
        "FAIL",
        "behaves only when the harness's modules are imported",
    ),
    "w09_differs_on_device": ("DEV001", "dev001", "FAIL", "scales its result only on the device"),
    "w10_missing_result": ("DEV001", "dev001", "FAIL", "returns a different (renamed, smaller) result"),
    "w11_empty_dict": ("DEV001", "dev001", "FAIL", "returns {}"),
    "w12_empty_tensor": ("DEV001", "dev001", "FAIL", "returns an empty tensor under the same name"),
    "w13_bfloat16_compute": ("DEV001", "dev001", "FAIL", "computes in bfloat16, returns float32"),
    "w14_float16_result": ("DEV001", "dev001", "FAIL", "returns float16 for float32"),
    "w15_outlier_hides_garbage": ("DEV001", None, "FAIL", "garbage next to one huge value, within tolerance"),
    "w16_random_moved_to_device": (
        "DEV001",
        None,
        "FAIL",
        "draws the random batch on the device (safe rule)",
    ),
    "w17_rng_state_copied_to_gpu": ("DEV001", None, "FAIL", "GPU draws after set_rng_state(CPU state)"),
    "w18_sys_exit": ("DEV001", "dev001", "FAIL", "sys.exit(0) instead of returning"),
    "w19_forged_report": ("DEV001", "dev001", "FAIL", "writes the harness's report itself, then os._exit(0)"),
    "w20_zero_sync_counter": ("DEV008", "dev008", "FAIL", "zeroes the emulated GPU's sync counter"),
    "w21_item_in_thread": ("DEV008", "dev008", "FAIL", "reads .item() in a helper thread"),
    "w22_nonblocking_readback_race": (
        "DEV008",
        "dev008",
        "FAIL",
        "non_blocking D2H copies read without a sync",
    ),
    "w23_dev008_wrong_total": ("DEV008", "dev008", "FAIL", "fewer syncs by summing only the last loss"),
    "w24_memoized_for_timing": ("DEV002", "dev002", "FAIL", "keeps float64, memoizes across timed calls"),
    "w25_timing_detected": ("DEV002", "dev002", "FAIL", "returns {} from the 2nd call in a process"),
    "w26_float64_hidden_in_thread": ("DEV002", "dev002", "FAIL", "float64 work in a thread, uncounted"),
    "w27_monkeypatch_is_available": ("DEV001", "dev001", "FAIL", "monkeypatches torch.cuda.is_available"),
    "w28_integer_matmul_on_device": ("DEV001", None, "FAIL", "int64 matmul moved to the device"),
    "w29_os_urandom_noise": ("DEV001", "dev001", "FAIL", "adds unseeded os.urandom noise"),
    "w30_clock_dependent": ("DEV001", "dev001", "FAIL", "result depends on the clock"),
    "w31_dataloader_workers_on_device": ("DEV001", None, "FAIL", "moves batches to CUDA in forked workers"),
    "w32_corrupts_shared_input": (
        "DEV001",
        None,
        "FAIL",
        "right result, then mutates the shared input batch",
    ),
    # forged failures of before (after: the same correct code without the forgery): must not PASS
    "f01_forge_raise": ("DEV001", None, "FAIL", "raise RuntimeError('Expected all tensors ...')"),
    "f02_forge_assert": ("DEV001", None, "FAIL", "assert False, 'Expected all tensors ...'"),
    "f03_forge_torch_check": ("DEV001", None, "FAIL", "torch._check(False, ...)"),
    "f04_forge_exec": ("DEV001", None, "FAIL", "exec('raise RuntimeError(...)')"),
    "f05_forge_exec_torch_filename": (
        "DEV001",
        None,
        "FAIL",
        "exec(compile(..., '/opt/vendor/torch/checks.py'))",
    ),
    "f06_forge_site_packages_helper": (
        "DEV001",
        None,
        "FAIL",
        "raise in a project module under site-packages/",
    ),
    "f07_forge_torch_future": ("DEV001", None, "FAIL", "torch.futures.Future.set_exception + wait()"),
    "f08_forge_dataloader_reraise": (
        "DEV001",
        None,
        "FAIL",
        "DataLoader worker exception class named the message",
    ),
    "f09_forge_to_device_string": (
        "DEV001",
        None,
        "FAIL",
        "tensor.to('Expected all tensors ... same device')",
    ),
    "f10_forge_load_state_dict_class_name": (
        "DEV001",
        None,
        "FAIL",
        "load_state_dict on a class named 'same device'",
    ),
    "f11_forge_warning_as_error": ("DEV001", None, "FAIL", "warnings.simplefilter('error') + RuntimeWarning"),
    "f12_forge_custom_exception_class": ("DEV001", None, "FAIL", "class RuntimeError(Exception) raised"),
    "f13_forge_needs_gpu_attribute": (
        "DEV007",
        None,
        "FAIL",
        "getattr(module, '_cuda_setDevice') on the CPU",
    ),
    "f14_forge_forward_hook": ("DEV001", None, "FAIL", "a forward hook that throws the message"),
    # robustness: the harness must give a verdict, not crash
    "x01_sparse_result": ("DEV001", "dev001", "FAIL", "result returned as a sparse COO tensor"),
    "x02_tensor_subclass_result": (
        "DEV001",
        "dev001",
        "PASS",
        "correct result as a case-defined Tensor subclass",
    ),
    "x03_quantized_result": ("DEV001", "dev001", "FAIL", "result returned quantized (qint8)"),
}


def verdict_of(report: dict) -> tuple[str, str]:
    case = report["cases"][0]
    why = (
        "; ".join(case.get("proofs") or [])
        if case["verdict"] == "PASS"
        else (case.get("unproven") or "; ".join(case.get("problems") or []))
    )
    return case["verdict"], why


def run_variant(name: str, timeout: float) -> dict:
    rule, base, expected, what = VARIANTS[name]
    folder = SET_DIR / "variants" / name
    before = HERE / "bases" / f"{base}.py" if base else folder / "before.py"
    with tempfile.TemporaryDirectory(prefix=f"adv-{name}-") as scratch:
        project = Path(scratch) / "project"
        project.mkdir()
        (project / "pyproject.toml").write_text("")
        shutil.copy(before, project / "model.py")
        if (folder / "extra").is_dir():
            shutil.copytree(folder / "extra", project, dirs_exist_ok=True)
        out = Path(scratch) / "verify.json"
        command = [
            *AUTOFIX,
            "verify",
            str(project / "model.py"),
            "--entry",
            "run",
            "--after",
            str(folder / "after.py"),
            "--select",
            rule,
            "--unsafe-fixes",
            "--jobs",
            "1",
            "--device",
            "emulated-cuda",
            "--json",
            str(out),
            "-q",
        ]
        started = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=SOURCE)
            code, tail = done.returncode, (done.stdout + done.stderr).strip().splitlines()[-3:]
        except subprocess.TimeoutExpired:
            code, tail = -1, [f"verify did not finish in {timeout:g} s"]
        seconds = time.perf_counter() - started
        if code in (0, 1) and out.is_file():
            actual, why = verdict_of(json.loads(out.read_text()))
        else:
            actual, why = "CRASH", f"exit {code}: " + " | ".join(tail)
    fooled = (actual == "PASS") != (expected == "PASS") or actual == "CRASH"
    return {
        "id": name,
        "rule": rule,
        "what": what,
        "expected": expected,
        "actual": actual,
        "fooled": fooled,
        "why": why,
        "seconds": round(seconds, 1),
    }


# -- probes


def probe_meta(path: Path) -> dict:
    text = path.read_text()
    doc = text.split('"""')[1]
    meta = {"claim": doc.strip().splitlines()[0]}
    for key in ("EXPECT", "SOURCE", "GPUS", "FAMILY"):
        match = re.search(rf"^{key}:\s*(.+)$", doc, re.MULTILINE)
        meta[key.lower()] = match.group(1).strip() if match else ""
    return meta


_COUNTS = re.compile(r"copies host→device (\d+), device→host (\d+), device→device (\d+); host syncs (\d+)")


def run_probe(path: Path, timeout: float) -> dict:
    meta = probe_meta(path)
    gpus = meta["gpus"] or "1"
    with tempfile.TemporaryDirectory(prefix="adv-probe-") as scratch:
        script = Path(scratch) / path.name
        shutil.copy(path, script)  # a folder of its own: no stray module shadows the stdlib
        command = [*AUTOFIX, "run", "--emulate-cuda", "--gpus", gpus, "--", sys.executable, str(script)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=scratch)
            output = done.stdout + done.stderr
        except subprocess.TimeoutExpired:
            output = "RESULT: <timeout>"
    lines = [line for line in output.splitlines() if line.startswith("RESULT:")]
    observed = (
        lines[-1][len("RESULT:") :].strip()
        if lines
        else "<no RESULT: " + " | ".join(output.strip().splitlines()[-2:]) + ">"
    )
    counts = _COUNTS.search(output)
    if "COUNTS:" in meta["expect"]:
        seen = f"h2d={counts[1]} d2h={counts[2]} syncs={counts[4]}" if counts else "none"
        observed = f"{observed} COUNTS: {seen}"
    return {
        "id": path.stem,
        "family": meta["family"],
        "claim": meta["claim"],
        "expect": meta["expect"],
        "observed": observed,
        "agree": observed == meta["expect"],
        "source": meta["source"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=["variants", "probes", "all"])
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--markdown", type=Path, help="write the tables as markdown (the README's tables)")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--set", choices=["round2", "round3"], default="round2", help="which files to run")
    parser.add_argument("--half", choices=["A", "B"], help="round 3: only this half (see round3/catalog.py)")
    parser.add_argument("--source", type=Path, help="run the harness of this checkout (PYTHONPATH)")
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    global SET_DIR, SOURCE, VARIANTS
    if args.set == "round3":
        sys.path.insert(0, str(HERE / "round3"))
        from catalog import VARIANTS as ROUND3
        from catalog import half

        SET_DIR, VARIANTS = HERE / "round3", dict(ROUND3)
        if args.half:
            VARIANTS = {k: v for k, v in VARIANTS.items() if half(k) == args.half}
    if args.source:
        SOURCE = args.source.resolve()
        os.environ["PYTHONPATH"] = str(SOURCE)
    in_half = (lambda stem: half(stem) == args.half) if args.set == "round3" and args.half else None
    results: dict[str, list[dict]] = {}
    if args.what in ("variants", "all"):
        rows = []
        for name in VARIANTS:
            if args.only and not any(name.startswith(o) for o in args.only):
                continue
            row = run_variant(name, args.timeout)
            rows.append(row)
            print(
                f"{row['id']:40} {row['rule']} expected {row['expected']:8} got {row['actual']:8}"
                f" fooled={'YES' if row['fooled'] else 'no'}  {row['why'][:150]}",
                flush=True,
            )
        fooled = [r["id"] for r in rows if r["fooled"]]
        print(f"variants: {len(rows)}, harness fooled by {len(fooled)}: {', '.join(fooled)}")
        results["variants"] = rows
    if args.what in ("probes", "all"):
        rows = []
        for path in sorted((SET_DIR / "probes").glob("[pq]*.py")):
            if args.only and not any(path.stem.startswith(o) for o in args.only):
                continue
            if in_half is not None and not in_half(path.stem):
                continue
            row = run_probe(path, args.timeout)
            rows.append(row)
            print(
                f"{row['id']:44} {'agree' if row['agree'] else 'DISAGREE':8} expect {row['expect']!r}"
                f" observed {row['observed']!r}",
                flush=True,
            )
        agree = sum(r["agree"] for r in rows)
        print(f"fidelity: {agree}/{len(rows)} probes agree with real CUDA")
        results["probes"] = rows
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    if args.markdown:
        args.markdown.write_text(markdown(results))
    return 0


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(results: dict[str, list[dict]]) -> str:
    """The two tables of the README, from the rows ``main`` collected."""
    out = []
    if "variants" in results:
        rows = results["variants"]
        fooled = sum(r["fooled"] for r in rows)
        out += [
            f"Variants: {len(rows)}; the harness was fooled (or crashed) by {fooled}.",
            "",
            "| id | rule | what the after does | expected | actual | fooled | verify's reason |",
            "|---|---|---|---|---|---|---|",
        ]
        out += [
            f"| {r['id']} | {r['rule']} | {_cell(r['what'])} | {r['expected']} | {r['actual']} |"
            f" {'**YES**' if r['fooled'] else 'no'} | {_cell(r['why'][:160])} |"
            for r in rows
        ]
        out.append("")
    if "probes" in results:
        rows = results["probes"]
        agree = sum(r["agree"] for r in rows)
        share = f"{100 * agree / len(rows):.0f}%"
        out += [
            f"Fidelity: {agree}/{len(rows)} probes agree with real CUDA ({share}).",
            "",
            "| probe | family | real CUDA (expected) | emulated (observed) | agree | source |",
            "|---|---|---|---|---|---|",
        ]
        out += [
            f"| {r['id']} | {r['family']} | `{_cell(r['expect'])}` | `{_cell(r['observed'])}` |"
            f" {'yes' if r['agree'] else '**NO**'} | {_cell(r['source'])} |"
            for r in rows
        ]
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
