"""``make demo``: what the rules find in corpus/, two of their rewrites, and the proof that they hold.

    .venv/bin/python scripts/demo.py [--jobs N] [--report FILE.md] [--cases DEV001/NAME ...]

Three steps, each through the ``autofix`` command line as a user would run it: ``autofix check`` on the
corpus' ``before.py`` files (findings counted per rule), ``autofix apply --diff`` on two cases, and
``autofix verify`` on every case (its verdicts counted per rule and by the kind of proof; the full
report goes to ``verify-report.md``). Two screens of output, none of it wider than 100 columns.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
# Two short rewrites of two kinds: data moved to the model's device, and legacy constructors replaced.
SAMPLES = ("DEV001/transformer_cpu_inputs", "DEV009/legacy_rnn_hidden_state")
REPORT = "verify-report.md"


def autofix(*args: str, check_exit: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess[str]:
    """``autofix ARGS`` from the repository root; a run that exits otherwise ends the demo with its error."""
    env = dict(os.environ, OMP_NUM_THREADS="1")
    done = subprocess.run(
        [sys.executable, "-m", "autofix", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode not in check_exit:
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        sys.exit(f"demo: `autofix {' '.join(args)}` exited {done.returncode}")
    return done


def step(title: str) -> float:
    print(f"\n== {title}", flush=True)
    return time.perf_counter()


def findings_per_rule(before_files: list[str]) -> None:
    from codemods import all_rules

    started = step(
        f"1. autofix check: what the rules find in the {len(before_files)} before.py files of corpus/"
    )
    done = autofix("check", "--output-format", "json", *before_files, check_exit=(0, 1))
    findings = json.loads(done.stdout)
    count: dict[str, Counter[str]] = defaultdict(Counter)
    files: dict[str, set[str]] = defaultdict(set)
    for f in findings:
        kind = "report" if not f["fixable"] else ("safe" if f["safety"] == "safe" else "unsafe")
        count[f["code"]][kind] += 1
        files[f["code"]].add(f["path"])
    print(f"{'rule':<7} {'name':<28} {'files':>5} {'findings':>8} {'safe':>6} {'unsafe':>7} {'report':>7}")
    total: Counter[str] = Counter()
    for rule in all_rules():
        c = count[rule.code]
        total.update(c)
        print(
            f"{rule.code:<7} {rule.name:<28} {len(files[rule.code]):>5} {sum(c.values()):>8} {c['safe']:>6}"
            f" {c['unsafe']:>7} {c['report']:>7}"
        )
    all_files = len({f["path"] for f in findings})
    print(
        f"{'all':<7} {'':<28} {all_files:>5} {sum(total.values()):>8} {total['safe']:>6}"
        f" {total['unsafe']:>7} {total['report']:>7}"
    )
    print(
        "safe: `autofix apply` fixes it; unsafe: only with --unsafe-fixes; report: reported only"
        f"  ({time.perf_counter() - started:.1f} s)"
    )


def sample_diffs() -> None:
    started = step("2. autofix apply --diff: two of the rewrites (all of them: autofix apply --diff corpus/)")
    for case in SAMPLES:
        done = autofix("apply", "--diff", "--no-color", f"corpus/{case}/before.py", check_exit=(1,))
        print(done.stdout.rstrip("\n"))
    print(f"({time.perf_counter() - started:.1f} s)")


def proof(jobs: int | None, report: str, cases: list[str]) -> bool:
    which = "every case" if not cases else f"{len(cases)} cases"
    started = step(f"3. autofix verify: {which} run before and after the rewrite, on an emulated GPU")
    with tempfile.TemporaryDirectory(prefix="autofix-demo-") as scratch:
        results = Path(scratch) / "verify.json"
        options = ["--jobs", str(jobs)] if jobs else []
        options += [f"corpus/{case}" for case in cases]
        autofix("verify", "--quiet", "--json", str(results), "--report", report, *options, check_exit=(0, 1))
        document = json.loads(results.read_text())
    kinds = ("cured", "copies/syncs", "float64", "faster", "unchanged")
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for case in document["cases"]:
        row = rows[case["case"].split("/")[0]]
        row["cases"] += 1
        row["pass"] += case["verdict"] == "PASS"
        for kind in _proof_kinds(case):
            row[kind] += 1
    header = f"{'rule':<7} {'cases':>5} {'pass':>5}" + "".join(f" {k:>12}" for k in kinds)
    print(header)
    total: Counter[str] = Counter()
    for rule in sorted(rows):
        total.update(rows[rule])
        print(
            f"{rule:<7} {rows[rule]['cases']:>5} {rows[rule]['pass']:>5}"
            + "".join(f" {rows[rule][k]:>12}" for k in kinds)
        )
    print(f"{'all':<7} {total['cases']:>5} {total['pass']:>5}" + "".join(f" {total[k]:>12}" for k in kinds))
    print(
        "cured: before fails as the rule says (device or dtype mismatch), after runs, results equal;"
        "\ncopies/syncs, float64: after makes fewer host-device copies or syncs, or float64 operations;"
        "\nfaster: a speed-up beyond noise; unchanged: left alone, and behaves the same"
    )
    verdict = "PASS" if document["passed"] else "FAIL"
    print(f"Verdict: {verdict} ({document['summary']})  ({time.perf_counter() - started:.1f} s)")
    print(f"Every case, its counts and timings: {report}")
    return bool(document["passed"])


def _proof_kinds(case: dict) -> set[str]:
    """What proved this case: the judge's proof lines, by kind (a case may have several)."""
    if case["verdict"] != "PASS":
        return set()
    if not case["positive"]:
        return {"unchanged"}
    kinds = set()
    for line in case["proofs"]:
        if "→ ok" in line:
            kinds.add("cured")
        elif line.startswith(("transfers", "host syncs")):
            kinds.add("copies/syncs")
        elif line.startswith("float64 operations"):
            kinds.add("float64")
        elif "faster" in line:
            kinds.add("faster")
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None, help="cases verified in parallel (default: CPUs)")
    parser.add_argument("--report", default=REPORT, help=f"the verify report (default: {REPORT})")
    parser.add_argument(
        "--cases",
        nargs="+",
        default=[],
        metavar="RULE/CASE",
        help="verify only these corpus cases (default: all; the test of the demo's form uses a few)",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    print(
        "torch-autofix demo: corpus/ holds small training scripts, each with the mistakes one rule fixes"
        "\n(before.py, the expected after.py) or a look-alike the rules must leave alone."
    )
    before_files = sorted(str(p.relative_to(ROOT)) for p in CORPUS.rglob("before.py"))
    findings_per_rule(before_files)
    sample_diffs()
    passed = proof(args.jobs, args.report, args.cases)
    print(f"\nDone in {time.perf_counter() - started:.0f} s.")
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
