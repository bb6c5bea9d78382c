#!/usr/bin/env bash
# Each program of programs/ run as written and after `autofix apply`, as round 4's run.sh does.
# Usage: benchmarks/adversarial/round7/run.sh [NAME...]    (from the repository root, after `make venv`)
here=$(cd "$(dirname "$0")" && pwd)
PROGRAMS="$here/programs" exec "$here/../round4/run.sh" "$@"
