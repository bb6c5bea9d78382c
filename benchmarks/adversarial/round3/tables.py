"""Summary rows for round 3's README from ``run.py --json`` outputs.

    python3 benchmarks/adversarial/round3/tables.py LABEL=results.json [LABEL=results.json ...]

Prints one markdown row per file: wrong afters fooled the harness (judged PASS), correct afters judged
PASS, crashes, probes agreeing with real CUDA (as the cited docs state it).
"""

from __future__ import annotations

import json
import sys


def row(label: str, data: dict) -> str:
    variants = data.get("variants", [])
    wrong = [v for v in variants if v["expected"] != "PASS"]
    right = [v for v in variants if v["expected"] == "PASS"]
    fooled = [v["id"].split("_", 1)[0] for v in wrong if v["actual"] == "PASS"]
    passed = sum(v["actual"] == "PASS" for v in right)
    crashes = [v["id"].split("_", 1)[0] for v in variants if v["actual"] == "CRASH"]
    probes = data.get("probes", [])
    agree = sum(p["agree"] for p in probes)
    share = f" ({100 * agree / len(probes):.0f}%)" if probes else ""
    return (
        f"| {label} | {len(fooled)} / {len(wrong)} ({', '.join(fooled) or '-'}) | {passed} / {len(right)} |"
        f" {len(crashes)}{' (' + ', '.join(crashes) + ')' if crashes else ''} | {agree} / {len(probes)}{share} |"
    )


def main() -> int:
    print(
        "| measured | wrong afters judged PASS (fooled) | correct afters judged PASS | crashes |"
        " probes agreeing |"
    )
    print("|---|---|---|---|---|")
    for argument in sys.argv[1:]:
        label, path = argument.split("=", 1)
        with open(path) as handle:
            print(row(label, json.load(handle)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
